/**
 * `bestfirst`: graph search for planners. The engine (one best-first loop
 * with one knob: breadth-first, Dijkstra, greedy, A*, weighted A*, with exact
 * traces), the spaces it searches (grids, graphs, keyed and unbounded
 * spaces), the reusable searchers (the grid fast path, jump point search,
 * depth-first), and the searches that repair or reuse a search (D*, D* Lite,
 * ARA*, the universal plan).
 *
 * The rest is behind subpaths, so that what a program does not import it
 * does not load: `bestfirst/movingai` (benchmark files and path checks),
 * `bestfirst/cspace` (floor plans in metres and their raster) and
 * `bestfirst/worlds` (the chapter's worlds).
 *
 * @module bestfirst
 */
export { InputError } from './errors.js';
export { pathCost, type SearchSpace, type ArcChange, type ArcChangeFeed } from './space.js';
export type { PathSearcher } from './path-searcher.js';
export { Graph, MAX_GRAPH_SIZE, type Edge, type GraphOptions, type KeyedEdge, type KeyedGraph, type FromEdgesOptions } from './graph.js';
export { Grid, DIAGONAL_RULES, MAX_GRID_CELLS, type DiagonalRule, type BlockedModel, type GridOptions, type XY } from './grid.js';
export { findPath, type FindPathOptions, type FoundPath } from './find-path.js';
export { KeyedSpace, unboundedGrid, pathAmong, type UnboundedGridOptions, type PathAmongOptions, type PathAmongResult } from './keyed.js';
export { manhattan, octile, chebyshev, euclidean, zero, heuristicByName, type Heuristic, type HeuristicName } from './heuristics.js';
export { LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR, sum, type Priority, type TieBreak } from './priority.js';
export {
  Searcher, bestFirst, bfs, dijkstra, greedy, astar, weightedAstar,
  type SearchOptions, type SearchResult, type SearchStatus, type SearcherOptions, type OneShotOptions,
} from './best-first.js';
export { frontierBefore, type Trace, type TracePop, type TracePush, type FrontierEntry } from './trace.js';
export { dfs, iddfs, type DepthFirstOptions, type DepthFirstResult, type DepthFirstStatus } from './depth-first.js';
export { GridSearcher, type GridSearchOptions } from './grid-search.js';
export { JumpPointSearcher, jps, type JumpPointSearchOptions } from './jps.js';
export { DStar, TAG_NAMES, type DStarOptions, type DStarPop, type DStarTag } from './dstar.js';
export { setCellBlocked } from './dstar-grid.js';
export { DStarLite, type DStarLiteOptions, type RepairStats, type RepairStatus } from './dstar-lite.js';
export { ara, AraSearcher, ARA_SCHEDULE, type AraBudget, type AraIteration, type AraOptions, type AraResult, type AraStatus } from './ara.js';
export { UniversalPlanner, universalPlan, follow, bellmanResidual, bellmanTerms, type UniversalPlan, type BellmanTerm, type BellmanView } from './universal-plan.js';
