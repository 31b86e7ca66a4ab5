import { InputError, show } from '../core/errors.js';
import { Grid, type XY } from './grid.js';
import { checkLimits, type Limits } from '../core/limits.js';
import { cellOf, foundPathOf, type FoundPath } from './found-path.js';
import { ALGORITHM_NAMES, algorithmEntry, type GridAlgorithm, type GridAlgorithmName } from './algorithms.js';
import type { PathSearcher } from '../core/path-searcher.js';

/** The options of `findPath`; an unknown key or a bad value is an `InputError`. */
export interface FindPathOptions {
  /**
   * Any search of the registry (`GRID_ALGORITHMS`): `astar` (default,
   * optimal, with the grid's own heuristic: octile, or Manhattan on a
   * 4-connected grid), `dijkstra`, `wastar` (with `eps`), `greedy`, `bfs`;
   * and, once the program imports `bestfirst/grid` (which registers them),
   * `jps`, `jps-plus`, `subgoal4`, `subgoal8`, `preprocessed8`, `any-angle`.
   * Naming one of those without that import is an `InputError` saying so:
   * a program that never names them does not load them.
   * A search that cannot run on this grid (jump point search on a weighted
   * grid, `subgoal4` on an 8-connected one) is an `InputError` saying why.
   * The preprocessing searches build on the first query and rebuild on the
   * first query after an edit.
   */
  algorithm?: GridAlgorithmName;
  /**
   * Weighted A*: f = g + eps * h, a finite number >= 1. Above 1 it usually
   * expands fewer cells and returns a path at most eps times the optimum.
   * Default 1. With `astar` (any eps) or `wastar`.
   */
  eps?: number;
  /** Expansions, milliseconds and an `AbortSignal`: the first reached ends the search as `stopped`. Default: none. */
  limits?: Limits;
  /**
   * When the goal cannot be reached (or a limit stops the search), return the
   * path to the reached cell nearest the goal instead of none, with
   * `partial: true` (Godot's `allow_partial_path`); the status still says
   * why. Default false. With the best-first searches (`astar`, `dijkstra`,
   * `wastar`, `greedy`, `bfs`); the others keep no path to the cells they pass.
   */
  partial?: boolean;
}

// Per grid, one searcher per kind (A*, Dijkstra, weighted A* and greedy
// share the best-first one) and the options of each algorithm and eps, reused
// by every call: the arrays are allocated once (and a preprocessing built
// once), and the searchers notice edits to the grid (grid.version).
interface PerGrid { searchers: Map<string, PathSearcher>; options: Map<string, Readonly<Record<string, unknown>>> }
const perGrid = new WeakMap<Grid, PerGrid>();

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
    if (key !== 'algorithm' && key !== 'eps' && key !== 'limits' && key !== 'partial') {
      throw new InputError(`findPath: unknown option ${show(key)} (known: algorithm, eps, limits, partial)`);
    }
  }
  // An option given as null is refused like any other wrong value (never read as "not given").
  const algorithm = options.algorithm === undefined ? 'astar' : options.algorithm;
  if (typeof algorithm !== 'string' || !(ALGORITHM_NAMES as readonly string[]).includes(algorithm)) {
    throw new InputError(`findPath: algorithm must be one of ${ALGORITHM_NAMES.map((n) => `'${n}'`).join(', ')}, got ${show(algorithm)}`);
  }
  const entry = entryOf(algorithm);
  const eps = options.eps === undefined ? 1 : options.eps;
  if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 1) {
    throw new InputError(`findPath: eps must be a finite number >= 1 (1 is A*), got ${show(options.eps)}`);
  }
  if (eps !== 1 && algorithm !== 'astar' && !entry.takesEps) throw new InputError(`findPath: eps applies to 'astar' and 'wastar' only, not ${show(algorithm)}`);
  checkLimits(options.limits, 'findPath');
  const limits = options.limits;
  const partial = options.partial === undefined ? false : options.partial;
  if (typeof partial !== 'boolean') throw new InputError(`findPath: partial must be true or false, got ${show(options.partial)}`);
  const start = cellOf(grid, from, 'findPath: start');
  const goal = cellOf(grid, to, 'findPath: goal');
  grid.checkEndpoint(start, 'findPath: start');
  grid.checkEndpoint(goal, 'findPath: goal');

  // A* with eps above 1 is weighted A*: one rule for both names.
  const name: GridAlgorithmName = eps !== 1 ? 'wastar' : algorithm;
  if (partial && !entry.partial) {
    throw new InputError(`findPath: partial paths need a best-first search ('astar', 'dijkstra', 'wastar', 'greedy' or 'bfs'); ${show(algorithm)} keeps no path to the cells it passes`);
  }
  const { searcher: s, options: queryOptions } = prepared(grid, name, eps);
  const asked = limits === undefined ? queryOptions : { ...queryOptions, limits };
  s.search(start, goal, entry.partial ? { ...asked, partial } : asked);
  return foundPathOf(grid, s);
}

/** The registry's entry for `name`, or the refusal that says how to register it. */
function entryOf(name: GridAlgorithmName): GridAlgorithm {
  const entry = algorithmEntry(name);
  if (entry === null) {
    throw new InputError(`findPath: '${name}' is one of bestfirst/grid's searches: import 'bestfirst/grid' once to run it by name (a program that never names it does not load it)`);
  }
  return entry;
}

/** The grid's searcher for `name` (made on first use) and the query options for `name` and `eps`. */
function prepared(grid: Grid, name: GridAlgorithmName, eps: number): { searcher: PathSearcher; options: Readonly<Record<string, unknown>> } {
  let mine = perGrid.get(grid);
  if (mine === undefined) { mine = { searchers: new Map(), options: new Map() }; perGrid.set(grid, mine); }
  const entry = entryOf(name);
  let searcher = mine.searchers.get(entry.searcher);
  if (searcher === undefined) { searcher = entry.create(grid); mine.searchers.set(entry.searcher, searcher); }
  const key = entry.takesEps ? `${name}:${eps}` : name;
  let options = mine.options.get(key);
  if (options === undefined) {
    options = entry.queryOptions(grid, eps);
    // A caller sweeping eps must not grow this without bound: keep the few most recent.
    if (mine.options.size >= 16) mine.options.delete(mine.options.keys().next().value!);
    mine.options.set(key, options);
  }
  return { searcher, options };
}

export type { FoundPath };
