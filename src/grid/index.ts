/**
 * `bestfirst/grid`: the grid's own searches beyond `findPath` and the
 * searchers of the root entry: JPS+, the subgoal graphs and their choice
 * (`PreprocessedSearcher8`), any-angle paths and their smoothing, line of
 * sight, every grid heuristic and the landmark (ALT) one, area costs, the
 * grid's limits and which grids each search takes (`GRID_NEEDS`), the path checks that judge a path on a grid, and the grid
 * without bounds (`unboundedGrid`, `pathAmong`).
 *
 * Importing this entry (anything from it, or `import 'bestfirst/grid'`)
 * registers the full table of grid searches (`GRID_ALGORITHMS`) with
 * `findPath`, so it runs `jps`, `jps-plus`, the subgoal graphs,
 * `preprocessed8` and `any-angle` by name; the root's `findPath` alone runs
 * the best-first family. This file is the one the package declares as
 * having side effects (`sideEffects` in package.json), so that a bundler
 * keeps the registration.
 *
 * @module bestfirst/grid
 */
import { registerGridAlgorithms } from './algorithms.js';
import { GRID_ALGORITHMS } from './registry.js';

registerGridAlgorithms(GRID_ALGORITHMS);

export { DIAGONAL_RULES, MAX_GRID_CELLS, type BlockedModel } from './grid.js';
export { chebyshev, euclidean, heuristicByName, type HeuristicName } from './heuristics.js';
export { GRID_ALGORITHMS, GRID_ALGORITHM_NAMES, type GridAlgorithm, type Guarantee, type SavingEntry, type SavingSearcher } from './registry.js';
export { GRID_NEEDS, type GridNeeds, type GridSearchName, type DiagonalCostRange } from './grid-needs.js';
export { filterAreas, type AreaFilter, type AreaRule } from './areas.js';
export { landmarks, type LandmarkOptions, type LandmarkHeuristic } from './fast/landmarks.js';
export { JpsPlusSearcher, type JpsPlusOptions, type JpsPlusBuildOptions } from './jps/jps-plus.js';
export { SubgoalSearcher4, type SubgoalSearch4Options, type SubgoalBuild4Options } from './subgoal/subgoal4.js';
export { SubgoalSearcher8, type SubgoalSearch8Options, type SubgoalBuild8Options } from './subgoal/subgoal8.js';
export { PreprocessedSearcher8, type Preprocessed8Choice, type Preprocessed8Options, type Preprocessed8BuildOptions } from './subgoal/preprocessed8.js';
export { AnyAngleSearcher, anyAnglePath, type AnyAngleAlgorithm, type AnyAngleOptions } from './any-angle/any-angle.js';
export { smoothPath } from './any-angle/smooth-path.js';
export { lineOfSight, segmentCost } from './line-of-sight.js';
export { checkPath, checkAnyAnglePath, sameLength, withinBound, type PathCheck } from './validate-path.js';
export { unboundedGrid, pathAmong, type UnboundedGridOptions, type PathAmongOptions, type PathAmongResult } from '../spaces/keyed.js';
