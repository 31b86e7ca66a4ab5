import type { PathSearcher } from '../core/path-searcher.js';
import { AnyAngleSearcher } from './any-angle/any-angle.js';
import type { Grid } from './grid.js';
import { BEST_FIRST_ALGORITHMS, type GridAlgorithm, type GridAlgorithmName, type Guarantee, type SavingEntry, type SavingSearcher } from './algorithms.js';
import { JpsPlusSearcher } from './jps/jps-plus.js';
import { JumpPointSearcher } from './jps/jps.js';
import { PreprocessedSearcher8 } from './subgoal/preprocessed8.js';
import { SubgoalSearcher4 } from './subgoal/subgoal4.js';
import { SubgoalSearcher8 } from './subgoal/subgoal8.js';

// The full table. Only `bestfirst/grid` imports this module (and registers
// the table for `findPath`): it loads every grid searcher, which a page that
// runs A* must not ship.

export type { GridAlgorithm, GridAlgorithmName, Guarantee, SavingEntry, SavingSearcher };

const NONE = Object.freeze({});

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
 * appears in all three. `findPath` runs the best-first family (the first
 * five) by itself and the others once `bestfirst/grid` is imported, which
 * registers this table. Which grids each searcher takes is the table
 * `GRID_NEEDS` (grid-needs.ts), which the constructors check.
 */
export const GRID_ALGORITHMS: Readonly<Record<GridAlgorithmName, GridAlgorithm>> = Object.freeze({
  ...BEST_FIRST_ALGORITHMS,
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

