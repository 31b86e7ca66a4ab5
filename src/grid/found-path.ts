import { InputError, show } from '../core/errors.js';
import type { StopReason } from '../core/limits.js';
import type { PathSearcher, SearchStatus } from '../core/path-searcher.js';
import type { Grid, XY } from './grid.js';

/**
 * The answer of `findPath`: a union on `status` (and `partial`), so that
 * after `if (r.status === 'found')` TypeScript knows `points`, `path` and a
 * finite `cost` are there.
 * - `found`: the path from start to goal; `cost` is its cost: axial steps
 *   cost the cell size, diagonal ones `cellSize * diagonalCost`, each times
 *   the weight of the cell it enters on a weighted grid, and a step into a
 *   blocked cell of a grid that keeps them costs its `enterCost`.
 * - `unreachable` (no path exists) or `stopped` (a limit ended the search
 *   first; `reason` says which): no path (`points` and `path` null, `cost` Infinity), or with the
 *   `partial` option the path to the reached cell nearest the goal
 *   (`partial` true, `cost` that path's).
 */
export type FoundPath = {
  /** Cells expanded by the search. */
  expansions: number;
  /** Which limit stopped the search: set exactly when `status` is `stopped`, else null. */
  reason: StopReason | null;
} & (
  | {
    /** The goal was reached. */
    status: 'found';
    /** The path's cost. */
    cost: number;
    /** The path's cells from start to goal as `[x, y]`. */
    points: XY[];
    /** The same cells as node ids (`y * width + x`). */
    path: number[];
    /** False: the path reaches the goal. */
    partial: false;
  }
  | {
    /** No path exists (`unreachable`) or a limit ended the search first (`stopped`). */
    status: Exclude<SearchStatus, 'found'>;
    /** The partial path's cost. */
    cost: number;
    /** The partial path's cells, from start to the reached cell nearest the goal, as `[x, y]`. */
    points: XY[];
    /** The same cells as node ids. */
    path: number[];
    /** True: the path ends at the reached cell nearest the goal (the `partial` option). */
    partial: true;
  }
  | {
    /** No path exists (`unreachable`) or a limit ended the search first (`stopped`). */
    status: Exclude<SearchStatus, 'found'>;
    /** Infinity: there is no path. */
    cost: number;
    /** Null: no path. */
    points: null;
    /** Null: no path. */
    path: null;
    /** False: no partial path was asked for. */
    partial: false;
  }
);

/** The last answer of a searcher on `grid`, as `findPath` (and `anyAnglePath`) return it. */
export function foundPathOf(grid: Grid, s: PathSearcher): FoundPath {
  const status = s.status;
  if (status === 'running') throw new InputError(`${s.constructor.name}: the query is still running; advance it to its end, or cancel() it`);
  const path = s.path();
  const counts = { expansions: s.expansions, reason: s.reason };
  if (path === null) return { ...counts, status: status === 'found' ? defect(s) : status, cost: Infinity, points: null, path: null, partial: false };
  const points = grid.points(path);
  if (status === 'found') return { ...counts, status: 'found', cost: s.cost, points, path, partial: false };
  return { ...counts, status, cost: s.cost, points, path, partial: true };
}

function defect(s: PathSearcher): never {
  throw new Error(`${s.constructor.name}: status 'found' without a path`);
}

/**
 * A cell given as `[x, y]` or as a node id, checked to be one of the grid's
 * (whether a search may stand on it is `checkEndpoint`'s question); `what`
 * names the argument with its function ("findPath: start").
 */
export function cellOf(grid: Grid, p: XY | number, what: string): number {
  if (typeof p === 'number') {
    if (!Number.isInteger(p) || p < 0 || p >= grid.size) {
      throw new InputError(`${what} must be [x, y] or a cell id in 0..${grid.size - 1}, got ${show(p)}`);
    }
    return p;
  }
  if (!Array.isArray(p) || p.length !== 2) {
    throw new InputError(`${what} must be [x, y] (x from the left, y from the top, 0-based) or a cell id, got ${show(p)}`);
  }
  const [x, y] = p;
  if (!grid.inside(x, y)) {
    throw new InputError(`${what} [${show(x)}, ${show(y)}] is outside the ${grid.width} x ${grid.height} grid (x in 0..${grid.width - 1}, y in 0..${grid.height - 1})`);
  }
  return y * grid.width + x;
}
