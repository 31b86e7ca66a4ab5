export type { SearchSpace } from './space.js';
export { Graph, type Edge, type GraphOptions } from './graph.js';
export { Grid, DIAGONAL_RULES, type DiagonalRule, type BlockedModel, type GridOptions } from './grid.js';
export { KeyedSpace, unboundedGrid, pathAmong, type Point, type UnboundedGridOptions, type PathAmongOptions, type PathAmongResult } from './keyed.js';
export { manhattan, octile, chebyshev, euclidean, zero, heuristicByName, type Heuristic, type HeuristicName } from './heuristics.js';
export { Heap } from './heap.js';
export { LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR, sum, type Priority, type TieBreak } from './priority.js';
export {
  Searcher, bestFirst, bfs, dijkstra, greedy, astar, weightedAstar,
  type SearchOptions, type SearchResult, type SearchStatus, type SearcherOptions,
} from './best-first.js';
export { frontierBefore, type Trace, type TracePop, type TracePush, type FrontierEntry } from './trace.js';
export { dfs, iddfs, type DepthFirstOptions, type DepthFirstResult, type DepthFirstStatus } from './depth-first.js';
export { handTraceWorld, type HandTraceWorld } from './worlds/hand-trace.js';
export { lessonWorld, LESSON_ROWS, type LessonWorld } from './worlds/lesson.js';
export { counterexampleWorld, type CounterexampleWorld } from './worlds/counterexample.js';
