import { Searcher } from '../search/best-first.js';
import { zero } from '../core/heuristic.js';
import type { PathSearcher } from '../core/path-searcher.js';
import { ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '../core/priority.js';
import type { Grid } from './grid.js';
import { GridSearcher } from './fast/grid-search.js';
import { octile } from './heuristics.js';

// What `findPath` needs of the registry without loading it: the names, the
// entry type, and the best-first family's entries (small, and what most
// calls run). The other searches' entries live in registry.ts, which only
// `bestfirst/grid` imports, so a page that runs A* does not ship JPS+ or the
// subgoal graphs. The table (`GRID_ALGORITHMS`) is registry.ts's, made of
// these entries and its own.

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

/**
 * Every grid search's name, in the registry's order: the best-first family
 * (built into `findPath`), then those `bestfirst/grid` registers. For
 * `findPath`'s refusal of an unknown name, without loading the table; the
 * registry's test holds it to the table's keys.
 */
export const ALGORITHM_NAMES: readonly GridAlgorithmName[] = Object.freeze(['astar', 'dijkstra', 'wastar', 'greedy', 'bfs', 'jps', 'jps-plus', 'subgoal4', 'subgoal8', 'preprocessed8', 'any-angle']);

/** The best-first family: `findPath` runs these by name with nothing else imported. */
export type BestFirstName = 'astar' | 'dijkstra' | 'wastar' | 'greedy' | 'bfs';

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
   * preprocess): how to build a searcher that can `save()`, and how to load
   * one from the bytes it saved.
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
function bestFirst(name: BestFirstName, help: string, guarantee: Guarantee, priority: (eps: number) => Priority, reopen = true): GridAlgorithm {
  return {
    name, help, guarantee, preprocesses: false, takesEps: name === 'wastar', partial: true, searcher: 'best-first',
    create: bestFirstSearcher,
    queryOptions: (grid, eps = 1) => Object.freeze({ priority: priority(eps), heuristic: octile(grid), reopen }),
  };
}

/** The registry's first five entries (`GRID_ALGORITHMS` spreads them in, in this order). */
export const BEST_FIRST_ALGORITHMS: Readonly<Record<BestFirstName, GridAlgorithm>> = Object.freeze({
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
} satisfies Record<BestFirstName, GridAlgorithm>);

// The rest of the table, once `bestfirst/grid` has registered it (its
// index.ts does, at import: the one module the package declares as having a
// side effect). A module variable, not a global: two copies of the package
// keep two registries, each filled by its own `bestfirst/grid`.
let registered: Readonly<Record<GridAlgorithmName, GridAlgorithm>> | null = null;

/** Called once by `bestfirst/grid`'s index with the full table. */
export function registerGridAlgorithms(table: Readonly<Record<GridAlgorithmName, GridAlgorithm>>): void {
  registered = table;
}

/**
 * The entry of `name` (one of `ALGORITHM_NAMES`): a best-first one always,
 * another once `bestfirst/grid` is imported, else null.
 */
export function algorithmEntry(name: GridAlgorithmName): GridAlgorithm | null {
  if (Object.prototype.hasOwnProperty.call(BEST_FIRST_ALGORITHMS, name)) return BEST_FIRST_ALGORITHMS[name as BestFirstName];
  return registered === null ? null : registered[name];
}
