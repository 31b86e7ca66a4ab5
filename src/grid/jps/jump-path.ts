import { checkPathBuffer, checkPathRoom } from '../../core/path.js';

/**
 * The cells of a path of jump points on a raster of width `pw` whose cell
 * (x, y) is the grid's cell (x - border, y - border): jump point search
 * works on a copy with a border of one cell, JPS+ on grid ids (border 0). Each leg, from a jump point's parent p to it, is min(|dx|, |dy|)
 * diagonal steps and then the rest straight: a plain jump is one or the
 * other, and a JPS+ leg that skips a diagonal jump point is first the
 * diagonal up to that point, then the straight jump from it.
 */

/** Steps of the leg between raster cells p and n: the larger of |dx| and |dy|. */
function legSteps(p: number, n: number, pw: number): number {
  const px = p % pw, nx = n % pw;
  const ax = px > nx ? px - nx : nx - px;
  const ay = Math.abs((p - px) / pw - (n - nx) / pw);
  return ax > ay ? ax : ay;
}

/** Cells of the path ending at raster cell `last` (parents until -1): 1 plus every leg's steps. */
export function jumpPathLength(parent: Int32Array, last: number, pw: number): number {
  let len = 1;
  for (let n = last; parent[n] !== -1; n = parent[n]) len += legSteps(parent[n], n, pw);
  return len;
}

/**
 * Writes the path ending at raster cell `last` (-1: no path), start first,
 * cell by cell in grid ids, into `out`, and returns its cell count (0
 * without a path). Throws an `InputError` (writing nothing) if `out` is no
 * Int32Array or too short.
 */
export function jumpPathInto(parent: Int32Array, last: number, pw: number, border: 0 | 1, out: Int32Array): number {
  checkPathBuffer(out);
  if (last < 0) return 0;
  const len = jumpPathLength(parent, last, pw);
  checkPathRoom(out, len, 'cells');
  const width = pw - 2 * border;
  let i = len;
  for (let n = last; ; n = parent[n]) {
    // Each leg is walked back in grid ids, from n's id, without converting cell by cell.
    const nx = n % pw, ny = (n - nx) / pw;
    let c = (ny - border) * width + nx - border;
    out[--i] = c;
    const p = parent[n];
    if (p === -1) break;
    const px = p % pw, py = (p - px) / pw;
    const dx = nx - px, dy = ny - py;
    const ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    const sx = Math.sign(dx), sy = Math.sign(dy) * width;
    // The cells strictly between n and p, walking back from n: the straight part first, then the diagonal one.
    const diag = ax < ay ? ax : ay, steps = ax > ay ? ax : ay;
    const straight = steps - diag, us = ax > ay ? sx : sy;
    for (let t = 1; t < steps; t++) { c -= t <= straight ? us : sx + sy; out[--i] = c; }
  }
  return len;
}

/** The path ending at raster cell `last` (-1: none), cell by cell in grid ids, start first, or null (allocates). */
export function jumpPath(parent: Int32Array, last: number, pw: number, border: 0 | 1): number[] | null {
  if (last < 0) return null;
  const buf = new Int32Array(jumpPathLength(parent, last, pw));
  jumpPathInto(parent, last, pw, border, buf);
  return Array.from(buf);
}
