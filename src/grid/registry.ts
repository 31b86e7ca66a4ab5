import { Searcher } from '../search/best-first.js';
import { zero } from '../core/heuristic.js';
import type { PathSearcher } from '../core/path-searcher.js';
import { ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '../core/priority.js';
import { AnyAngleSearcher } from './any-angle/any-angle.js';
import type { Grid } from './grid.js';
import { GridSearcher } from './fast/grid-search.js';
import { octile } from './heuristics.js';
import { JpsPlusSearcher } from './jps/jps-plus.js';
import { JumpPointSearcher } from './jps/jps.js';
import { PreprocessedSearcher8 } from './subgoal/preprocessed8.js';
import { SubgoalSearcher4 } from './subgoal/subgoal4.js';
import { SubgoalSearcher8 } from './subgoal/subgoal8.js';

/**
 * What an algorithm promises about the cost it finds: `optimal` (the
 * optimum), `bounded` (at most `eps` times it), `none`; `any-angle`: a path
 * of straight segments between cells that see each other, no longer than the
 * optimum of the grid's own moves.
 */
export type Guarantee = 'optimal' | 'bounded' | 'none' | 'any-angle';

/** The names of the grid searches the registry holds (`findPath`'s `algorithm`, the command line's `--algo`). */
export type GridAlgorithmName =
  | 'astar' | 'dijkstra' | 'wastar' | 'greedy' | 'bfs'
  | 'jps' | 'jps-plus' | 'subgoal4' | 'subgoal8' | 'preprocessed8' | 'any-angle';

/** One entry of the registry: how to make the search for a grid, and what it promises. */
export interface GridAlgorithm {
  /** Its name in the registry (`findPath`'s `algorithm`, `--algo`). */
  readonly name: GridAlgorithmName;
  /** One line for `--help` and the docs. */
  readonly help: string;
  /** What it promises about the cost of the path it finds. */
  readonly guarantee: Guarantee;
  /** True when the searcher builds a structure from the map first (its construction is the build to time and report). */
  readonly preprocesses: boolean;
  /** 4 when it searches 4-connected grids only (the command line searches the map's 4-connected twin). */
  readonly connectivity?: 4;
  /** Whether it takes `eps`, the inflation of weighted A* (f = g + eps h). */
  readonly takesEps: boolean;
  /** Whether its searcher keeps a path to the reached cell nearest the goal when asked (`partial`). */
  readonly partial: boolean;
  /**
   * Algorithms with the same `searcher` name run on one searcher with
   * different query options (A*, Dijkstra, weighted A* and greedy all run on
   * the grid's best-first searcher): a caller that keeps searchers per grid
   * keeps one per name.
   */
  readonly searcher: string;
  /**
   * Makes the searcher for `grid`; its constructor refuses, as an
   * `InputError`, a grid it cannot search, saying why.
   */
  create(grid: Grid): PathSearcher;
  /** The options every query of this algorithm passes the searcher (a query adds its own `limits`); `eps` for those that take it. */
  queryOptions(grid: Grid, eps?: number): Readonly<Record<string, unknown>>;
  /**
   * For the searches whose preprocessing can be kept (all four that
   * preprocess): `load` makes the searcher from bytes its `save()` wrote for
   * this very grid, instead of building (an `InputError` for any other
   * bytes, saying why); `create` makes one that can `save()`.
   */
  readonly saving?: SavingEntry;
}

/** How a registry entry makes a searcher that can keep its preprocessing (`GridAlgorithm.saving`). */
export interface SavingEntry {
  /** Builds the searcher's preprocessing for `grid`. */
  create(grid: Grid): SavingSearcher;
  /** Loads what its `save()` wrote for this very grid; any other bytes are an `InputError` saying why. */
  load(grid: Grid, saved: Uint8Array): SavingSearcher;
}

/** A searcher whose preprocessing can be written to bytes and loaded back (`saved` option of its constructor). */
export interface SavingSearcher extends PathSearcher {
  /** The preprocessing as bytes, built again first if the grid was edited since. */
  save(): Uint8Array;
  /** Milliseconds the last build took (the load, when loaded, is `loadMs`). */
  readonly buildMs: number;
  /** Milliseconds loading the saved bytes took (0 when built). */
  readonly loadMs: number;
}

const NONE = Object.freeze({});

/**
 * The best-first searcher of a grid: the fast path where it applies (blocked
 * cells deleted), else the generic engine on the grid, with the same answers
 * (their tests hold the two equal).
 */
function bestFirstSearcher(grid: Grid): PathSearcher {
  return grid.enterCost < 0 ? new GridSearcher(grid) : new Searcher(grid);
}

/**
 * A best-first search on `bestFirstSearcher`. The heuristic is octile, the
 * grid's own distance (Manhattan on a 4-connected grid); Dijkstra keeps it to
 * break ties in f and to find the cell nearest the goal for a partial path.
 */
function bestFirst(name: GridAlgorithmName, help: string, guarantee: Guarantee, priority: (eps: number) => Priority, reopen = true): GridAlgorithm {
  return {
    name, help, guarantee, preprocesses: false, takesEps: name === 'wastar', partial: true, searcher: 'best-first',
    create: bestFirstSearcher,
    queryOptions: (grid, eps = 1) => Object.freeze({ priority: priority(eps), heuristic: octile(grid), reopen }),
  };
}

/** A search whose queries take no options but their `limits`. */
function plain(name: GridAlgorithmName, help: string, preprocesses: boolean, create: (grid: Grid) => PathSearcher, guarantee: Guarantee = 'optimal'): GridAlgorithm {
  return { name, help, guarantee, preprocesses, takesEps: false, partial: false, searcher: name, create, queryOptions: () => NONE };
}

/** A search that preprocesses the grid and can keep what it built: `make(grid, saved)` builds without `saved`, loads with it. */
function kept(name: GridAlgorithmName, help: string, make: (grid: Grid, saved?: Uint8Array) => SavingSearcher): GridAlgorithm {
  return { ...plain(name, help, true, (grid) => make(grid)), saving: { create: (grid) => make(grid), load: make } };
}

/**
 * Every grid search the library offers, in one table: `findPath`, the
 * command line (`--algo`) and the benchmark read it, so a search added here
 * appears in all three. Which grids each searcher takes is the table
 * `GRID_NEEDS` (grid-needs.ts), which the constructors check.
 */
export const GRID_ALGORITHMS: Readonly<Record<GridAlgorithmName, GridAlgorithm>> = Object.freeze({
  astar: bestFirst('astar', 'A*, octile heuristic (optimal)', 'optimal', () => ASTAR),
  dijkstra: bestFirst('dijkstra', 'Dijkstra, f = g (optimal)', 'optimal', () => COST_TO_COME),
  // No reopening: under a consistent h (octile) the eps bound holds without it, and it is much faster.
  wastar: bestFirst('wastar', 'weighted A*, f = g + eps h (cost <= eps * optimum)', 'bounded', (eps) => (eps === 1 ? ASTAR : sum(eps)), false),
  greedy: bestFirst('greedy', 'greedy best-first, f = h (no promise)', 'none', () => HEURISTIC_ONLY),
  bfs: {
    name: 'bfs', help: 'breadth-first, fewest moves (optimal only when all moves cost the same)', guarantee: 'none',
    preprocesses: false, takesEps: false, partial: true, searcher: 'engine',
    // A FIFO queue is the generic engine's; the grid fast path keeps a heap.
    create: (grid) => new Searcher(grid),
    queryOptions: () => Object.freeze({ priority: LINK_LENGTH, heuristic: zero }),
  },
  jps: plain('jps', 'jump point search, 8-connected uniform grids (optimal; expansions count jump points)', false, (grid) => new JumpPointSearcher(grid)),
  'jps-plus': kept('jps-plus', 'JPS+: jump point search with its jumps precomputed once per map, 8-connected uniform grids (optimal; the build time is printed)', (grid, saved) => new JpsPlusSearcher(grid, { saved })),
  subgoal4: {
    ...kept('subgoal4', 'subgoal graph on the map made 4-connected, preprocessed once per map (optimal with 4 neighbours; optima then by Dijkstra)', (grid, saved) => new SubgoalSearcher4(grid, { saved })),
    connectivity: 4,
  },
  subgoal8: kept('subgoal8', 'subgoal graph contracted into a hierarchy, preprocessed once per map, 8-connected uniform grids, no-corner-cutting or always (optimal; the build time is printed)', (grid, saved) => new SubgoalSearcher8(grid, { saved })),
  preprocessed8: kept('preprocessed8', 'builds the subgoal graph and keeps it, or JPS+ where its core is large, the graph dense (street maps) or the map wide open, once per map, 8-connected uniform grids, no-corner-cutting or always (optimal; the build time, both builds, is printed)', (grid, saved) => new PreprocessedSearcher8(grid, { saved })),
  'any-angle': plain('any-angle', 'an any-angle path (Lazy Theta*): straight segments between cells that see each other, under the same corner rule', false, (grid) => new AnyAngleSearcher(grid), 'any-angle'),
} satisfies Record<GridAlgorithmName, GridAlgorithm>);

/** The registry's names, in its order. */
export const GRID_ALGORITHM_NAMES = Object.freeze(Object.keys(GRID_ALGORITHMS) as GridAlgorithmName[]);

/** True when `name` is one of the registry's algorithms. */
export function isGridAlgorithm(name: unknown): name is GridAlgorithmName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(GRID_ALGORITHMS, name);
}
