import { InputError, show } from '../core/errors.js';
import { diagonalOpen, Grid } from './grid.js';

/**
 * Line of sight between cell centres, the one definition every any-angle
 * piece reads (Theta*, Lazy Theta*, `smoothPath`, `checkAnyAnglePath`).
 *
 * Cell (x, y) is the unit square [x, x + 1] x [y, y + 1] and a waypoint is
 * its centre. A segment between two centres has line of sight when:
 * - every cell whose inside it crosses (over a length > 0) is free; and
 * - wherever it passes exactly through a grid corner, going from one cell to
 *   the cell diagonally across, the two other cells at that corner (the
 *   "side" cells, which it touches at that point only) satisfy the grid's
 *   diagonal rule, as an 8-connected diagonal step between the same two cells
 *   would: both free under `no-corner-cutting` (the Moving AI rule), not both
 *   blocked under `at-most-one-blocked`, anything under `always`. A grid with
 *   no diagonal steps (4-connected, or `never`) is read as `no-corner-cutting`:
 *   a segment may pass a corner between four free cells.
 *
 * Under `no-corner-cutting` this is the closed supercover rule: the segment
 * touches no blocked cell at all, not even at a corner. (Between two centres
 * a segment never runs along a grid line: an axial one lies on a row's or a
 * column's middle, and a slanted one meets each grid line in one point.)
 * Every 8-connected step the grid allows has line of sight, so any grid path
 * is a valid any-angle path.
 *
 * The walk is exact: the crossings of vertical grid lines fall at
 * t = (2i + 1) / (2 |dx|) along the segment and those of horizontal lines at
 * (2j + 1) / (2 |dy|), so which comes first, and whether two coincide (a
 * corner), is decided by comparing integers, never by rounding.
 */

/**
 * Walks the segment between the centres of cells a and b on `grid`'s cells
 * and returns its cost in cells (before `cellSize`): its length on a grid
 * without weights, else the sum over the cells it crosses of the length
 * inside the cell times the cell's weight; -1 without line of sight. An
 * endpoint on a blocked cell has none. a and b are trusted cell ids.
 */
export function walkSegment(grid: Grid, a: number, b: number): number {
  const w = grid.width, cells = grid.cells, wts = grid.weights;
  if (cells[a] !== 0 || cells[b] !== 0) return -1;
  const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
  const dx = bx - ax, dy = by - ay;
  const nx = dx < 0 ? -dx : dx, ny = dy < 0 ? -dy : dy;
  const sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -w : w;
  // A grid without diagonal steps is judged at corners as no-corner-cutting (see above).
  const rule = grid.diagonalRule === 'never' ? 'no-corner-cutting' : grid.diagonalRule;
  // i vertical and j horizontal grid lines crossed so far; n the cell we are in.
  let i = 0, j = 0, n = a;
  // For weights: the crossing where the current cell began, as the fraction
  // of the segment (t), and the weighted length so far in units of the segment.
  let t0 = 0, sum = 0;
  while (i < nx || j < ny) {
    // Integers: (2i + 1) ny against (2j + 1) nx orders the next two crossings.
    const ex = i < nx ? (2 * i + 1) * ny : Infinity;
    const ey = j < ny ? (2 * j + 1) * nx : Infinity;
    const t = ex <= ey ? (2 * i + 1) / (2 * nx) : (2 * j + 1) / (2 * ny);
    if (wts !== null) { sum += (t - t0) * wts[n]; t0 = t; }
    if (ex < ey) { n += sx; i++; } else if (ey < ex) { n += sy; j++; } else {
      // Through a corner: the side cells are those across one line only.
      if (!diagonalOpen(rule, cells[n + sx] !== 0, cells[n + sy] !== 0)) return -1;
      n += sx + sy; i++; j++;
    }
    if (cells[n] !== 0) return -1;
  }
  const length = distance(dx, dy);
  if (wts === null) return length;
  return (sum + (1 - t0) * wts[n]) * length;
}

/**
 * The length of the vector (dx, dy) of whole cells: sqrt(dx^2 + dy^2),
 * correctly rounded (the squares are exact integers), which Math.hypot does
 * not promise and is slower at. Every any-angle length is this times `cellSize`.
 */
export function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Whether the straight segment between the centres of cells `from` and `to`
 * is traversable on `grid`: it crosses no blocked cell, and passes the
 * corners it goes through under the grid's diagonal rule (no corner cutting
 * on a Moving AI grid; the full rule is in line-of-sight.ts). Both ends must
 * be free. Every step of a grid path passes; so does each segment of an
 * any-angle path. A cell id that is not one of the grid's is an `InputError`.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['....', '.#..', '....']);
 * lineOfSight(grid, grid.id(0, 0), grid.id(3, 2)); // false: it crosses (1,1)
 * lineOfSight(grid, grid.id(0, 0), grid.id(3, 0)); // true
 * ```
 */
export function lineOfSight(grid: Grid, from: number, to: number): boolean {
  checkSegment(grid, from, to, 'lineOfSight');
  return walkSegment(grid, from, to) >= 0;
}

/**
 * The cost of the straight segment between the centres of cells `from` and
 * `to`, in the grid's units: its length times `cellSize` on a grid without
 * weights; on a weighted grid, the sum over the cells it crosses of the
 * length inside the cell times that cell's weight (exact; a cell touched at
 * a corner only adds nothing). Infinity without line of sight
 * (`lineOfSight`). The cost of an any-angle path is the sum over its
 * segments. A cell id that is not one of the grid's is an `InputError`.
 *
 * On a weighted grid this is not the cost `Grid` charges for a step (its
 * length times the weight of the cell entered): a step between neighbours
 * costs here its length times the mean of the two weights.
 */
export function segmentCost(grid: Grid, from: number, to: number): number {
  checkSegment(grid, from, to, 'segmentCost');
  const c = walkSegment(grid, from, to);
  return c < 0 ? Infinity : c * grid.cellSize;
}

function checkSegment(grid: Grid, from: number, to: number, where: string): void {
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  for (const [what, n] of [['from', from], ['to', to]] as const) {
    if (!Number.isInteger(n) || n < 0 || n >= grid.size) {
      throw new InputError(`${where}: ${what} must be a cell id in 0..${grid.size - 1} of the ${grid.width} x ${grid.height} grid, got ${show(n)}`);
    }
  }
}
