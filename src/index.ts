/**
 * `bestfirst`: graph search for planners. What most programs need is here:
 * the spaces (grids, graphs, keyed and unbounded spaces), `findPath` (a
 * grid search in one call: the best-first family, and every search of the
 * registry once `bestfirst/grid` is imported), the engine with its one knob
 * (breadth-first, Dijkstra, greedy, A*, weighted A*, with exact traces), the
 * reusable searchers, the searches on any graph (depth-first, floods,
 * 0-1 BFS, Bellman-Ford, Floyd-Warshall, bidirectional search, contraction
 * hierarchies) and `InputError`.
 *
 * Each family has its own entry, so that what a program does not import it
 * does not load: `bestfirst/grid` (the grid's own searchers, heuristics and
 * path checks), `bestfirst/costmap` (Nav2's costmaps), `bestfirst/repair`
 * (D*, D* Lite, ARA*, the universal plan), `bestfirst/mapf` (many agents on
 * one grid), `bestfirst/io` (Moving AI, ROS, road and DIMACS files),
 * `bestfirst/cspace` (floor plans in metres and their raster) and
 * `bestfirst/kinematic` (footprints, Dubins and Reeds-Shepp curves,
 * Hybrid-A*).
 *
 * @module bestfirst
 */
export { InputError } from './core/errors.js';
export { pathCost, type SearchSpace, type ArcChange, type ArcChangeFeed } from './core/space.js';
export type { PathSearcher, QueryOptions, SearchResult, SearchStatus, SearchCounts } from './core/path-searcher.js';
export type { Limits, LimitSignal, Slice, StopReason } from './core/limits.js';
export { zero, type Heuristic } from './core/heuristic.js';
export { SearchPool, serveQueries, type PoolPort, type PoolWorker, type SearchPoolOptions } from './core/search-pool.js';
export { LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR, sum, type Priority, type TieBreak } from './core/priority.js';
export type { Trace, TracePop, TracePush } from './core/trace.js';
export { Graph, type Edge, type EdgeArrays, type GraphOptions, type KeyedEdge, type KeyedGraph, type FromEdgesOptions } from './spaces/graph.js';
export { KeyedSpace } from './spaces/keyed.js';
export { straightLine, type Coordinates, type StraightLine } from './spaces/straight-line.js';
export { Grid, type DiagonalRule, type GridOptions, type XY } from './grid/grid.js';
export { findPath, type FindPathOptions, type FoundPath } from './grid/find-path.js';
export type { GridAlgorithmName } from './grid/algorithms.js';
export { octile, manhattan } from './grid/heuristics.js';
export {
  Searcher, bestFirst, bfs, dijkstra, greedy, astar, weightedAstar,
  type SearchOptions, type SearcherOptions, type OneShotOptions,
} from './search/best-first.js';
export { GridSearcher, type GridSearchOptions } from './grid/fast/grid-search.js';
export { JumpPointSearcher, jps, type JumpPointSearchOptions } from './grid/jps/jps.js';
export { flood, type Flood, type FloodOptions } from './search/flood.js';
export { BidirectionalSearcher, type BidirectionalOptions } from './search/bidirectional.js';
export { ContractionHierarchy, type ContractionOptions, type ContractionQueryOptions } from './hierarchy/contraction-hierarchy.js';
