// An independent reference for line of sight and segment costs, by brute
// force: every cell of the segment's bounding box is tested against the
// segment with exact integer geometry (separating axes), instead of walking
// the segment as src/grid/line-of-sight.ts does. Coordinates are doubled so
// that cell centres are odd integers and grid lines even ones.
import type { DiagonalRule, Grid } from '#bestfirst';

type Seg = { px: number; py: number; qx: number; qy: number };

const cross = (s: Seg, x: number, y: number) => (s.qx - s.px) * (y - s.py) - (s.qy - s.py) * (x - s.px);

/** The four corners of cell (x, y) in doubled coordinates, and the segment's side of each. */
function sides(s: Seg, x: number, y: number): number[] {
  return [[2 * x, 2 * y], [2 * x + 2, 2 * y], [2 * x, 2 * y + 2], [2 * x + 2, 2 * y + 2]].map(([cx, cy]) => Math.sign(cross(s, cx, cy)));
}

/** The closed segment meets the closed square of cell (x, y). */
function touches(s: Seg, x: number, y: number): boolean {
  if (Math.min(s.px, s.qx) > 2 * x + 2 || Math.max(s.px, s.qx) < 2 * x) return false;
  if (Math.min(s.py, s.qy) > 2 * y + 2 || Math.max(s.py, s.qy) < 2 * y) return false;
  const c = sides(s, x, y);
  return !(c.every((v) => v > 0) || c.every((v) => v < 0));
}

/** The segment meets the open inside of cell (x, y). */
function crosses(s: Seg, x: number, y: number): boolean {
  if (s.px === s.qx && s.py === s.qy) return s.px === 2 * x + 1 && s.py === 2 * y + 1;
  if (Math.min(s.px, s.qx) >= 2 * x + 2 || Math.max(s.px, s.qx) <= 2 * x) return false;
  if (Math.min(s.py, s.qy) >= 2 * y + 2 || Math.max(s.py, s.qy) <= 2 * y) return false;
  const c = sides(s, x, y);
  return !(c.every((v) => v >= 0) || c.every((v) => v <= 0));
}

/** Length of the segment inside cell (x, y), in cells (Liang-Barsky clipping, in doubles). */
function lengthInside(s: Seg, x: number, y: number): number {
  let t0 = 0, t1 = 1;
  const dx = s.qx - s.px, dy = s.qy - s.py;
  for (const [p, q] of [[-dx, s.px - 2 * x], [dx, 2 * x + 2 - s.px], [-dy, s.py - 2 * y], [dy, 2 * y + 2 - s.py]]) {
    if (p === 0) { if (q < 0) return 0; continue; }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
  }
  return t1 > t0 ? ((t1 - t0) * Math.hypot(dx, dy)) / 2 : 0;
}

/** The cells the segment between the centres of a and b touches, crosses, and the lattice points it passes through. */
export function cover(grid: Grid, a: number, b: number) {
  const w = grid.width;
  const s: Seg = { px: 2 * (a % w) + 1, py: 2 * Math.floor(a / w) + 1, qx: 2 * (b % w) + 1, qy: 2 * Math.floor(b / w) + 1 };
  const touched: number[] = [], crossed: number[] = [], lengths: number[] = [];
  const x0 = Math.floor(Math.min(s.px, s.qx) / 2), x1 = Math.floor(Math.max(s.px, s.qx) / 2);
  const y0 = Math.floor(Math.min(s.py, s.qy) / 2), y1 = Math.floor(Math.max(s.py, s.qy) / 2);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (touches(s, x, y)) touched.push(y * w + x);
      if (crosses(s, x, y)) { crossed.push(y * w + x); lengths.push(lengthInside(s, x, y)); }
    }
  }
  // Lattice points (even, even) on the segment, strictly between its ends.
  const corners: [number, number][] = [];
  for (let y = y0 + 1; y <= y1; y++) {
    for (let x = x0 + 1; x <= x1; x++) if (cross(s, 2 * x, 2 * y) === 0) corners.push([x, y]);
  }
  return { touched, crossed, lengths, corners };
}

/**
 * Line of sight by the documented rule, judged cell by cell: under
 * no-corner-cutting (and for grids without diagonals) every cell the closed
 * segment touches is free; under always every cell it crosses is free; under
 * at-most-one-blocked, that and, at each corner it passes, the two cells it
 * touches there without crossing are not both blocked.
 */
export function bruteSight(grid: Grid, a: number, b: number): boolean {
  const { touched, crossed, corners } = cover(grid, a, b);
  const blocked = (n: number) => grid.cells[n] !== 0;
  const rule: DiagonalRule = grid.diagonalRule === 'never' ? 'no-corner-cutting' : grid.diagonalRule;
  if (rule === 'no-corner-cutting') return !touched.some(blocked);
  if (crossed.some(blocked)) return false;
  if (rule === 'always') return true;
  const w = grid.width;
  return corners.every(([x, y]) => {
    const around = [(y - 1) * w + x - 1, (y - 1) * w + x, y * w + x - 1, y * w + x];
    return !around.filter((n) => !crossed.includes(n)).every(blocked);
  });
}

/** The segment's cost by the documented rule: sum of length inside each crossed cell times its weight, times cellSize; Infinity without sight. */
export function bruteCost(grid: Grid, a: number, b: number): number {
  if (!bruteSight(grid, a, b)) return Infinity;
  const { crossed, lengths } = cover(grid, a, b);
  const wts = grid.weights;
  let sum = 0;
  crossed.forEach((n, i) => { sum += lengths[i] * (wts === null ? 1 : wts[n]); });
  return sum * grid.cellSize;
}

/** A path's cost by `bruteCost`, segment by segment; Infinity when one has no sight. */
export function brutePathCost(grid: Grid, path: readonly number[]): number {
  let sum = 0;
  for (let i = 1; i < path.length; i++) sum += bruteCost(grid, path[i - 1], path[i]);
  return sum;
}
