import { DX, DY } from './grid.js';

/**
 * The precomputed jumps of JPS+ (Rabin's "JPS+"; Harabor & Grastien 2014):
 * for every padded cell and each of the 8 directions of grid.ts (E, S, W, N,
 * SE, SW, NW, NE), one signed distance, stored interleaved (`jp[p * 8 + k]`)
 * so that an expansion reads one cache line.
 *
 * - d > 0: the jump from the cell in that direction stops at a jump point d
 *   steps away (the cell the online jump would return, goal aside);
 * - d <= 0: the jump dies against an obstacle after -d legal steps (0: the
 *   first step is illegal). The query needs that reach to see whether the
 *   goal lies on the way.
 *
 * A jump point is what `JumpRaster` (the online jumps) stops at: for a
 * straight direction, a cell with a forced neighbour; for a diagonal one, a
 * cell from which a straight jump along either of its parts finds a jump
 * point (and, with corner cutting, a cell with a forced diagonal). Each
 * direction is one sweep that reads the cell one step ahead, already done:
 * O(cells) in all, no scan.
 *
 * The table is indexed by grid id, with no border: a jump never leaves the
 * grid (a side of the grid is a wall to it), and a query reads the table
 * only at free cells. The build works on a padded copy (a border of blocked
 * cells all round), so it never bounds-checks either.
 */
export type JumpTable = Int16Array | Int32Array;

/** Side length up to which distances fit in int16 (2 bytes). */
export const INT16_SIDE = 0x7fff;

/**
 * Fills `jp` (8 entries per cell, by grid id) for `cells` (1 = blocked,
 * row-major, `width` x `height`). `free` is scratch of one byte per padded
 * cell ((width + 2) x (height + 2)). `noCut`: diagonal steps need both side
 * cells free (else only the cell entered).
 */
export function buildJumpTable(jp: JumpTable, free: Uint8Array, cells: Uint8Array, width: number, height: number, noCut: boolean): void {
  const pw = width + 2;
  free.fill(0);
  for (let y = 0; y < height; y++) {
    const row = y * width, prow = (y + 1) * pw + 1;
    for (let x = 0; x < width; x++) free[prow + x] = cells[row + x] === 0 ? 1 : 0;
  }
  jp.fill(0);
  for (let k = 0; k < 4; k++) straightSweep(jp, free, width, height, k, noCut);
  for (let k = 4; k < 8; k++) diagonalSweep(jp, free, width, height, k, noCut);
}

/**
 * Straight direction k (0 E, 1 S, 2 W, 3 N): cells visited against the
 * direction, so the cell ahead is done first. A cell is a jump point for k
 * when a side cell makes a forced neighbour: with no corner cutting, the
 * side cell is free and the one behind it blocked; with corner cutting, the
 * side cell is blocked and the one ahead of it free (the rules of
 * `JumpRaster`'s scans). `free` is padded, `jp` by grid id: p and u name
 * the same cell in each.
 */
function straightSweep(jp: JumpTable, free: Uint8Array, w: number, h: number, k: number, noCut: boolean): void {
  const pw = w + 2, d = DX[k] + DY[k] * pw, du = DX[k] + DY[k] * w;
  // The two side offsets (padded): perpendicular to k.
  const a = DY[k] === 0 ? pw : 1, b = -a;
  // Each row (across) or column, from its far end in direction k back.
  const across = DY[k] === 0, back = DX[k] + DY[k] < 0;
  const lines = across ? h : w, len = across ? w : h;
  for (let o = 0; o < lines; o++) {
    for (let t = 0; t < len; t++) {
      const i = back ? t : len - 1 - t;
      const x = across ? i : o, y = across ? o : i;
      const p = (y + 1) * pw + x + 1;
      if (free[p] === 0) continue;
      const n = p + d, u = y * w + x;
      let v: number;
      if (free[n] === 0) v = 0;
      else if (forcedStraight(free, n, d, a, noCut) || forcedStraight(free, n, d, b, noCut)) v = 1;
      else {
        const q = jp[(u + du) * 8 + k];
        v = q > 0 ? q + 1 : q - 1;
      }
      jp[u * 8 + k] = v;
    }
  }
}

/** Whether the side cell at offset `s` of `n` (reached moving by `d`) forces a neighbour. */
function forcedStraight(free: Uint8Array, n: number, d: number, s: number, noCut: boolean): boolean {
  return noCut ? free[n + s] === 1 && free[n + s - d] === 0 : free[n + s] === 0 && free[n + s + d] === 1;
}

/**
 * Diagonal direction k (4 SE, 5 SW, 6 NW, 7 NE): visited from the far
 * corner, so the cell one diagonal step ahead is done first. The step is
 * legal when the cell entered is free and, with no corner cutting, both
 * cells beside it too.
 */
function diagonalSweep(jp: JumpTable, free: Uint8Array, w: number, hh: number, k: number, noCut: boolean): void {
  const pw = w + 2, sx = DX[k], sy = DY[k], dy = sy * pw, d = sx + dy, du = sx + sy * w;
  const h = sx > 0 ? 0 : 2, v = sy > 0 ? 1 : 3;
  for (let t = 0; t < hh; t++) {
    const y = sy > 0 ? hh - 1 - t : t;
    for (let r = 0; r < w; r++) {
      const x = sx > 0 ? w - 1 - r : r;
      const c = (y + 1) * pw + x + 1;
      if (free[c] === 0) continue;
      const n = c + d, u = y * w + x, un = (u + du) * 8;
      let q: number;
      if (free[n] === 0 || (noCut && (free[c + sx] === 0 || free[c + dy] === 0))) q = 0;
      else if (jp[un + h] > 0 || jp[un + v] > 0
        || (!noCut && (free[n - sx + dy] > free[n - sx] || free[n + sx - dy] > free[n - dy]))) q = 1;
      else {
        const e = jp[un + k];
        q = e > 0 ? e + 1 : e - 1;
      }
      jp[u * 8 + k] = q;
    }
  }
}
