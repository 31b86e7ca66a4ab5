export { InputError } from './errors.js';
export { pathCost, type SearchSpace } from './space.js';
export { Graph, MAX_GRAPH_SIZE, type Edge, type GraphOptions, type KeyedEdge, type KeyedGraph, type FromEdgesOptions } from './graph.js';
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
export { parseMap, formatMap, parseScen, formatScen, checkScenario, MOVINGAI_GRID, MAX_MAP_SIDE, MAX_MAP_CELLS, type Scenario } from './movingai.js';
export { checkPath, sameLength, withinBound, type PathCheck } from './validate-path.js';
export { DStar, setCellBlocked, TAG_NAMES, type DStarOptions, type DStarPop, type DStarTag } from './dstar.js';
export { gateWorld, gateScenario, counterClockwise, snapshot, GATE_ROWS, GATE_ENTER_COST, type GateWorld, type GateScenario, type DStarTable } from './worlds/gate.js';
export { DStarLite, type DStarLiteOptions, type ArcChange, type RepairStats } from './dstar-lite.js';
export { UniversalPlanner, universalPlan, follow, bellmanResidual, bellmanTerms, type UniversalPlan, type BellmanTerm, type BellmanView } from './universal-plan.js';
export { ara, AraSearcher, ARA_SCHEDULE, checkSchedule, type AraIteration, type AraOptions, type AraResult, type AraStatus } from './ara.js';
export { JumpPointSearcher, jps, type JumpPointSearchOptions } from './jps.js';
export { FloorPlan, CSpace, rasterize, MAX_RASTER_CELLS, cellAt, cellCentre, distanceToBox, type Point as MetrePoint, type WallSpec, type DoorSpec, type RoomSpec, type FloorPlanSpec, type Door, type Box, type RasterFrame, type RasterOptions } from './cspace.js';
export { apartmentWorld, southRoomsWorld, apartmentPlan, APARTMENT_SPEC, APARTMENT_WALLS, APARTMENT_DOORS, APARTMENT_ROOMS, START_A, GOAL_B, GOAL_BEDROOM, RESOLUTION, RADIUS, type ApartmentWorld, type RoomInfo, type DoorInfo } from './worlds/apartment.js';
export { naiveController, naiveOpening, halfwayDoorways, halfwayIndex, prefixCosts, doorsOnPath, doorClosesScenario, CLOSURES, type NaiveResult, type HalfwayStats, type DoorScenario, type DoorScenarioOptions, type ReplanStep, type ClosureKind } from './worlds/apartment-scenario.js';
export { mulberry32 } from './random.js';
export { firstEpsilonAboveDijkstra } from './epsilon.js';
export { GridSearcher, type GridSearchOptions } from './grid-search.js';
export { LazyGridSearcher } from './grid-search-lazy.js';
export { parseRoads, type RoadNetwork } from './roads.js';
