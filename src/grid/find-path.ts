import { Searcher } from '../core/best-first.js';
import { InputError, show } from '../core/errors.js';
import { Grid, type XY } from './grid.js';
import { GridSearcher } from './grid-search.js';
import { octile } from './heuristics.js';
import { checkBudget } from '../core/input-checks.js';
import { JumpPointSearcher } from './jps.js';
import type { PathSearcher, SearchStatus } from '../core/path-searcher.js';
import { ASTAR, COST_TO_COME, sum, type Priority } from '../core/priority.js';


/** The options of `findPath`; an unknown key or a bad value is an `InputError`. */
export interface FindPathOptions {
  /**
   * `astar` (default): optimal, with the grid's own heuristic (octile, or
   * Manhattan on a 4-connected grid); `dijkstra`: optimal, no heuristic;
   * `jps`: jump point search, optimal and fastest on open 8-connected maps
   * (needs an 8-connected grid that deletes blocked cells, with the
   * `no-corner-cutting` or `always` rule and 1 <= diagonalCost <= 2; any
   * other grid is an `InputError`).
   */
  algorithm?: 'astar' | 'dijkstra' | 'jps';
  /**
   * Weighted A*: f = g + eps * h, a finite number >= 1. Above 1 it usually
   * expands fewer cells and returns a path at most eps times the optimum.
   * Default 1. Only with `astar`.
   */
  eps?: number;
  /** Give up with status `step-limit` after this many expansions: a number >= 0. Default: no limit. */
  maxExpansions?: number;
  /**
   * When the goal cannot be reached (or the budget runs out), return the
   * path to the reached cell nearest the goal instead of none, with
   * `partial: true` (Godot's `allow_partial_path`); the status still says
   * why. Default false. Not with `jps`.
   */
  partial?: boolean;
}

/** The answer of `findPath`. */
export interface FoundPath {
  /** `found`, `unreachable` (no path exists) or `step-limit` (the budget ran out first). */
  status: SearchStatus;
  /**
   * Cost of the path: axial steps cost the cell size, diagonal ones
   * `cellSize * diagonalCost`, each times the weight of the cell it enters on
   * a weighted grid, and a step into a blocked cell of a grid that keeps
   * them costs its `enterCost`. Infinity without a path.
   */
  cost: number;
  /** The path's cells from start to goal as `[x, y]`; null without a path (as every search's `path`). */
  points: [x: number, y: number][] | null;
  /** The same cells as node ids (`y * width + x`); null without a path. */
  path: number[] | null;
  /** Cells expanded by the search. */
  expansions: number;
  /** True when the path is partial: it ends at the reached cell nearest the goal (the `partial` option). */
  partial: boolean;
}

// One searcher per grid and algorithm, with the options of its queries, reused
// by every call: the arrays are allocated once, and the searchers notice edits
// to the grid (grid.version).
interface Query { searcher: PathSearcher; astar: object; dijkstra: object }
const searchers = new WeakMap<Grid, Map<string, Query>>();

/**
 * The shortest path between two cells of a grid, in one call:
 *
 * ```ts
 * const grid = Grid.fromMatrix([[0, 0, 0], [1, 1, 0], [0, 0, 0]]);
 * findPath(grid, [0, 0], [0, 2]).points;
 * // [[0,0], [1,0], [2,0], [2,1], [2,2], [1,2], [0,2]]: no corner cutting by default
 * ```
 *
 * Cells are `[x, y]` pairs (x from the left, y from the top, 0-based, the
 * Moving AI convention) or node ids. A start or goal outside the grid, or on
 * a blocked cell of a grid that deletes them, is the caller's mistake and
 * throws an `InputError` (as every searcher does); a goal that cannot be
 * reached is the status `unreachable`. Repeated calls on one grid reuse one
 * searcher, which sees edits made through `grid.setBlocked` (or `touch()`).
 */
export function findPath(grid: Grid, from: XY | number, to: XY | number, options: FindPathOptions = {}): FoundPath {
  if (!(grid instanceof Grid)) throw new InputError(`findPath: grid must be a Grid, got ${show(grid)}`);
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new InputError(`findPath: options must be an object, got ${show(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== 'algorithm' && key !== 'eps' && key !== 'maxExpansions' && key !== 'partial') {
      throw new InputError(`findPath: unknown option ${show(key)} (known: algorithm, eps, maxExpansions, partial)`);
    }
  }
  // An option given as null is refused like any other wrong value (never read as "not given").
  const algorithm = options.algorithm === undefined ? 'astar' : options.algorithm;
  if (algorithm !== 'astar' && algorithm !== 'dijkstra' && algorithm !== 'jps') {
    throw new InputError(`findPath: algorithm must be 'astar', 'dijkstra' or 'jps', got ${show(algorithm)}`);
  }
  const eps = options.eps === undefined ? 1 : options.eps;
  if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 1) {
    throw new InputError(`findPath: eps must be a finite number >= 1 (1 is A*), got ${show(options.eps)}`);
  }
  if (eps !== 1 && algorithm !== 'astar') throw new InputError(`findPath: eps applies to 'astar' only, not ${show(algorithm)}`);
  const maxExpansions = checkBudget(options.maxExpansions, 'findPath: maxExpansions', ' (or Infinity)');
  const partial = options.partial === undefined ? false : options.partial;
  if (typeof partial !== 'boolean') throw new InputError(`findPath: partial must be true or false, got ${show(options.partial)}`);
  if (partial && algorithm === 'jps') throw new InputError(`findPath: partial paths need algorithm 'astar' or 'dijkstra'; jump point search keeps no path to the cells it passes`);
  const start = cellOf(grid, from, 'findPath: start');
  const goal = cellOf(grid, to, 'findPath: goal');
  grid.checkEndpoint(start, 'findPath: start');
  grid.checkEndpoint(goal, 'findPath: goal');

  const q = queryFor(grid, algorithm);
  const priority: Priority = algorithm === 'dijkstra' ? COST_TO_COME : eps === 1 ? ASTAR : sum(eps);
  // Weighted A* keeps its eps bound without reopening under the grid's consistent h, and is much faster so.
  const status = q.searcher.search(start, goal, q.searcher instanceof JumpPointSearcher
    ? { maxExpansions }
    : { ...(algorithm === 'dijkstra' ? q.dijkstra : q.astar), priority, maxExpansions, reopen: eps === 1, partial });
  const path = q.searcher.path();
  const points = path === null ? null : grid.points(path);
  return { status, cost: q.searcher.cost, points, path, expansions: q.searcher.expansions, partial: q.searcher.partial };
}

function queryFor(grid: Grid, algorithm: 'astar' | 'dijkstra' | 'jps'): Query {
  // The fast path needs deleted blocked cells; a grid that charges for
  // entering them goes through the generic engine (same answers, slower).
  const kind = algorithm === 'jps' ? 'jps' : grid.enterCost < 0 ? 'grid' : 'generic';
  let byKind = searchers.get(grid);
  if (byKind === undefined) { byKind = new Map(); searchers.set(grid, byKind); }
  let q = byKind.get(kind);
  if (q === undefined) {
    // Dijkstra on the fast path keeps its octile h to break ties in f (its default), as in 0.2.
    const h = octile(grid);
    q = kind === 'jps'
      ? { searcher: new JumpPointSearcher(grid), astar: {}, dijkstra: {} }
      : kind === 'grid'
        ? { searcher: new GridSearcher(grid), astar: { heuristic: h }, dijkstra: { heuristic: h } }
        // The generic engine's Dijkstra takes octile too, for ties and for the nearest cell of a partial path.
        : { searcher: new Searcher(grid), astar: { heuristic: h }, dijkstra: { heuristic: h } };
    byKind.set(kind, q);
  }
  return q;
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
