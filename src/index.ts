/**
 * `bestfirst`: graph search for planners. The engine (one best-first loop
 * with one knob: breadth-first, Dijkstra, greedy, A*, weighted A*, with exact
 * traces), the spaces it searches (grids, graphs, keyed and unbounded
 * spaces), the reusable searchers (the grid fast path, jump point search,
 * depth-first, any-angle paths), and the searches that repair or reuse a search (D*, D* Lite,
 * ARA*, the universal plan), and costmaps as robots have them (the exact
 * distance transform and Nav2's inflation).
 *
 * The rest is behind subpaths, so that what a program does not import it
 * does not load: `bestfirst/movingai` (benchmark files and path checks),
 * `bestfirst/cspace` (floor plans in metres and their raster) and
 * `bestfirst/worlds` (the chapter's worlds).
 *
 * @module bestfirst
 */
export { InputError } from './core/errors.js';
export { pathCost, type SearchSpace, type ArcChange, type ArcChangeFeed } from './core/space.js';
export type { PathSearcher } from './core/path-searcher.js';
export { Graph, MAX_GRAPH_SIZE, type Edge, type GraphOptions, type KeyedEdge, type KeyedGraph, type FromEdgesOptions } from './spaces/graph.js';
export { Grid, DIAGONAL_RULES, MAX_GRID_CELLS, type DiagonalRule, type BlockedModel, type GridOptions, type XY } from './grid/grid.js';
export { distanceTransform, squaredDistanceTransform } from './costmap/distance-transform.js';
export {
  inflate, LETHAL, INSCRIBED, NO_INFORMATION, FREE,
  type InflationSource, type OccupancySource, type MaskSource, type InflateOptions, type UnknownCells,
} from './costmap/inflation.js';
export { costmapToGrid, type CostmapToGridOptions } from './costmap/costmap-grid.js';
export { filterAreas, type AreaFilter } from './grid/areas.js';
export { applyKeepout, speedWeights, type FilterMask, type SpeedFilterOptions } from './costmap/costmap-filters.js';
export { findPath, type FindPathOptions, type FoundPath } from './grid/find-path.js';
export { GRID_ALGORITHMS, GRID_ALGORITHM_NAMES, type GridAlgorithm, type GridAlgorithmName, type Guarantee } from './grid/registry.js';
export { straightLine, type Coordinates, type StraightLine } from './spaces/straight-line.js';
export { KeyedSpace, unboundedGrid, pathAmong, type UnboundedGridOptions, type PathAmongOptions, type PathAmongResult } from './spaces/keyed.js';
export { zero, type Heuristic } from './core/heuristic.js';
export { manhattan, octile, chebyshev, euclidean, heuristicByName, type HeuristicName } from './grid/heuristics.js';
export { LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR, sum, type Priority, type TieBreak } from './core/priority.js';
export {
  Searcher, bestFirst, bfs, dijkstra, greedy, astar, weightedAstar,
  type SearchOptions, type SearchResult, type SearchStatus, type SearcherOptions, type OneShotOptions,
} from './search/best-first.js';
export { frontierBefore, type Trace, type TracePop, type TracePush, type FrontierEntry } from './core/trace.js';
export { dfs, iddfs, type DepthFirstOptions, type DepthFirstResult, type DepthFirstStatus } from './search/depth-first.js';
export { GridSearcher, type GridSearchOptions } from './grid/fast/grid-search.js';
export { landmarks, type LandmarkOptions } from './grid/fast/landmarks.js';
export { JumpPointSearcher, jps, type JumpPointSearchOptions } from './grid/jps/jps.js';
export { JpsPlusSearcher, type JpsPlusOptions } from './grid/jps/jps-plus.js';
export { SubgoalSearcher4, type SubgoalSearch4Options } from './grid/subgoal/subgoal4.js';
export { SubgoalSearcher8, type SubgoalSearch8Options } from './grid/subgoal/subgoal8.js';
export { PreprocessedSearcher8, type Preprocessed8Choice, type Preprocessed8Options } from './grid/subgoal/preprocessed8.js';
export { AnyAngleSearcher, anyAnglePath, type AnyAngleAlgorithm, type AnyAngleOptions } from './grid/any-angle/any-angle.js';
export { lineOfSight, segmentCost } from './grid/line-of-sight.js';
export { smoothPath } from './grid/any-angle/smooth-path.js';
export { DStar, TAG_NAMES, type DStarOptions, type DStarPop, type DStarTag } from './repair/dstar.js';
export { setCellBlocked } from './repair/dstar-grid.js';
export { DStarLite, type DStarLiteOptions, type RepairStats, type RepairStatus } from './repair/dstar-lite.js';
export { ara, AraSearcher, ARA_SCHEDULE, type AraBudget, type AraIteration, type AraOptions, type AraResult, type AraStatus } from './repair/ara.js';
export { flood, type Flood, type FloodOptions } from './search/flood.js';
export { zeroOneBfs, type ZeroOneBfsOptions } from './search/zero-one-bfs.js';
export { bellmanFord, type BellmanFord } from './search/bellman-ford.js';
export { BidirectionalSearcher, type BidirectionalOptions } from './search/bidirectional.js';
export { ContractionHierarchy, type ContractionOptions, type ContractionQueryOptions } from './hierarchy/contraction-hierarchy.js';
export { floydWarshall, allPairsPath, MAX_ALL_PAIRS_NODES, type AllPairs } from './search/floyd-warshall.js';
export { prioritizedPlan } from './mapf/prioritized.js';
export { cbs, type CbsOptions } from './mapf/cbs.js';
export type { MapfResult, MapfStatus, MapfOptions } from './mapf/model.js';
export type { AgentTask } from './mapf/check.js';
export { UniversalPlanner, universalPlan, follow, bellmanResidual, bellmanTerms, type UniversalPlan, type BellmanTerm, type BellmanView } from './repair/universal-plan.js';
