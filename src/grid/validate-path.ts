import { InputError, show } from '../core/errors.js';
import { directionOf, Grid } from './grid.js';
import { segmentCost } from './line-of-sight.js';

/** A path that checks out, with its length; or the first thing wrong with it. */
export type PathCheck =
  | {
    /** The path is a legal walk from start to goal. */
    ok: true;
    /** Its cost: the grid's step costs summed in path order. */
    length: number;
  }
  | {
    /** The path is not legal. */
    ok: false;
    /** The first thing wrong with it, in words (cells as (x,y) from the top). */
    reason: string;
  };

/**
 * Checks a path on a grid without trusting the search that made it: it must
 * start at `start`, end at `goal`, visit only cells a search may stand on, and
 * move only by steps the grid allows (its connectivity and diagonal rule; no
 * corner cutting on a Moving AI grid). The length is the sum of the grid's
 * own step costs (1 and sqrt 2 on a Moving AI grid), added in path order.
 *
 * `count` says how many entries of `path` are the path, so a reusable buffer
 * can be checked as is. A bad path is an answer (`ok: false` and the reason);
 * a bad grid, start, goal or count is an `InputError`.
 *
 * @example
 * ```ts
 * const c = checkPath(grid, r.path!, start, goal);
 * if (c.ok) console.log(c.length, sameLength(c.length, scenario.optimal));
 * else console.log(c.reason); // e.g. 'step 3 from (4,2) to (5,3) cuts a corner (...)'
 * ```
 */
export function checkPath(grid: Grid, path: ArrayLike<number>, start: number, goal: number, count = path?.length): PathCheck {
  const problem = checkEnds(grid, path, start, goal, count, 'checkPath');
  if (problem !== null) return { ok: false, reason: problem };
  const w = grid.width;
  const at = (n: number) => grid.formatXY(n);
  let length = 0;
  for (let i = 1; i < count; i++) {
    const a = path[i - 1], b = path[i];
    const dx = grid.x(b) - grid.x(a), dy = grid.y(b) - grid.y(a);
    const k = directionOf(dx, dy);
    if (k < 0) return { ok: false, reason: `step ${i} from ${at(a)} to ${at(b)} is not a move to a neighbouring cell` };
    if (k >= grid.maxDegree) return { ok: false, reason: `step ${i} from ${at(a)} to ${at(b)} is diagonal, and this grid has no diagonal moves` };
    const c = grid.stepCost(a, k);
    if (c < 0) {
      // The cells are passable (checked above), so only the diagonal rule can refuse.
      const side1 = a + dx, side2 = a + dy * w;
      return { ok: false, reason: `step ${i} from ${at(a)} to ${at(b)} cuts a corner (side cells ${at(side1)} ${grid.cells[side1] ? 'blocked' : 'free'}, ${at(side2)} ${grid.cells[side2] ? 'blocked' : 'free'}; rule ${grid.diagonalRule})` };
    }
    length += c;
  }
  return { ok: true, length };
}

/**
 * Checks an any-angle path (waypoints, as `AnyAngleSearcher` and
 * `smoothPath` give them) without trusting what made it: it must start at
 * `start`, end at `goal`, stand only on free cells, and every segment
 * between consecutive waypoints must have line of sight (`lineOfSight`:
 * no blocked cell crossed, corners passed under the grid's diagonal rule).
 * The length is the sum of the segments' `segmentCost`, added in path
 * order: Euclidean length times `cellSize`, weighted on a weighted grid.
 * A grid path through free cells passes too (each step is a segment).
 * Arguments as `checkPath`.
 *
 * @example
 * ```ts
 * const c = checkAnyAnglePath(grid, searcher.path()!, start, goal);
 * if (!c.ok) console.log(c.reason); // e.g. 'segment 2 from (4,2) to (9,5) has no line of sight'
 * ```
 */
export function checkAnyAnglePath(grid: Grid, path: ArrayLike<number>, start: number, goal: number, count = path?.length): PathCheck {
  const problem = checkEnds(grid, path, start, goal, count, 'checkAnyAnglePath');
  if (problem !== null) return { ok: false, reason: problem };
  let length = 0;
  for (let i = 1; i < count; i++) {
    const c = segmentCost(grid, path[i - 1], path[i]);
    if (c === Infinity) return { ok: false, reason: `segment ${i} from ${grid.formatXY(path[i - 1])} to ${grid.formatXY(path[i])} has no line of sight (rule ${grid.diagonalRule})` };
    length += c;
  }
  return { ok: true, length };
}

/**
 * The checks a path's two checkers share: the arguments (an `InputError`
 * when one is wrong), then the path's nodes and ends, whose first problem
 * is returned in words (null when there is none).
 */
function checkEnds(grid: Grid, path: ArrayLike<number>, start: number, goal: number, count: number, where: string): string | null {
  // The path is what is judged (a bad one gets a reason); the other arguments must be right.
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  if (typeof path !== 'object' || path === null || typeof path.length !== 'number') {
    throw new InputError(`${where}: path must be an array of node ids (or a typed array), got ${show(path)}`);
  }
  for (const [what, n] of [['start', start], ['goal', goal]] as const) {
    if (!(Number.isInteger(n) && n >= 0 && n < grid.size)) {
      throw new InputError(`${where}: ${what} must be a cell id in 0..${grid.size - 1}, got ${show(n)}`);
    }
  }
  if (!(Number.isInteger(count) && count >= 0 && count <= path.length)) {
    throw new InputError(`${where}: count must be a whole number from 0 to ${path.length} (the buffer's length), got ${show(count)}`);
  }
  if (count === 0) return 'the path is empty';
  const at = (n: number) => grid.formatXY(n);
  const deleted = grid.enterCost < 0;
  for (let i = 0; i < count; i++) {
    const n = path[i];
    if (!Number.isInteger(n) || n < 0 || n >= grid.size) return `node ${i} is ${n}, not a cell of the ${grid.width} x ${grid.height} grid`;
    if (deleted && grid.cells[n] !== 0) return `node ${i} ${at(n)} is a blocked cell`;
  }
  if (path[0] !== start) return `the path starts at ${at(path[0])}, not at the start ${at(start)}`;
  if (path[count - 1] !== goal) return `the path ends at ${at(path[count - 1])}, not at the goal ${at(goal)}`;
  return null;
}

/**
 * True when a path length matches a published optimum up to the precision
 * files print it with: classic `.scen` files keep ~6 significant digits
 * (2076 may stand for 2075.9995), newer ones 8 decimals.
 */
export function sameLength(length: number, optimum: number): boolean {
  checkNumber(length, 'sameLength: length');
  checkNumber(optimum, 'sameLength: optimum');
  return Math.abs(length - optimum) <= Math.max(1e-4, 1e-5 * optimum);
}

/** True when `cost` is at most `bound` times `optimum`, with the same print-precision slack. */
export function withinBound(cost: number, optimum: number, bound: number): boolean {
  checkNumber(cost, 'withinBound: cost');
  checkNumber(optimum, 'withinBound: optimum');
  checkNumber(bound, 'withinBound: bound');
  return cost <= bound * optimum + Math.max(1e-4, 1e-5 * bound * optimum);
}

/** A length to compare: a number, Infinity allowed (no path), NaN not ('1' - 1 would quietly be 0). */
function checkNumber(v: unknown, what: string): void {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new InputError(`${what} must be a number (Infinity for no path), got ${show(v)}`);
}
