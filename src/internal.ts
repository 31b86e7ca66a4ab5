/**
 * What the repository's own consumers (the command line, the benchmark, the
 * page and the tests) use beyond the public entry points: constants they
 * print or size by, the pieces the benchmark measures one by one, the
 * helpers the tests check on their own. Not in the package's "exports", so
 * not part of the public API; reached as `#bestfirst/internal` through the
 * package's "imports", like the public entries (`#bestfirst`, ...), so that a
 * file moved inside src/ changes one line here and none outside.
 *
 * @internal
 * @module
 */
export { show } from './core/errors.js';
export { IMPROVE } from './core/improve.js';
export { setGridKernel } from './grid/fast/grid-kernel.js';
export { nextGeneration, STAMP_LIMIT } from './core/stamp.js';
export { weights } from './core/priority.js';
export { Heap } from './queues/heap.js';
export { KeyHeap } from './queues/key-heap.js';
export { contract } from './hierarchy/contraction-build.js';
export { layOut, queryOrder } from './hierarchy/contraction-layout.js';
export { resultOf } from './core/path-searcher.js';
export { walkCost } from './core/space.js';
export { entryScale, heuristicScale, octileDistance, octileTerms } from './grid/heuristics.js';
export { allocate, CHANGE_LOG_SIZE } from './grid/grid.js';
export { GRID_SEARCHER_BYTES_PER_CELL } from './grid/fast/grid-search.js';
export { ANY_ANGLE_BYTES_PER_CELL } from './grid/any-angle/any-angle.js';
export { walkSegment } from './grid/line-of-sight.js';
export { GridSearchBase } from './grid/fast/grid-search-base.js';
export { IndexedGridHeap } from './queues/indexed-grid-heap.js';
export { JumpHeap } from './queues/jump-heap.js';
export { JumpOpenList } from './queues/jump-open-list.js';
export { buildLandmarks, LANDMARKS } from './grid/jps/jps-plus-landmarks.js';
export { landmarkSeed } from './hierarchy/landmark-seed.js';
export { landmarkTable } from './grid/fast/landmark-table.js';
export { landmarkDistances } from './grid/subgoal/subgoal8-landmarks.js';
export { CLASS_MOVES, classOf, moveSet, tautTable } from './grid/subgoal/subgoal8-taut.js';
export { stepCounts } from './grid/subgoal/subgoal8-graph.js';
export { SubgoalGraph4 } from './grid/subgoal/subgoal4-graph.js';
export { SameRows } from './grid/subgoal/same-rows.js';
export { COLUMN_FIRST, ROW_FIRST } from './grid/subgoal/subgoal4-sweep.js';
export { CLOSED, NEW, OPEN } from './repair/dstar.js';
export { checkSchedule } from './repair/ara.js';
export { basename, MAX_MAP_BYTES, MAX_SCEN_BYTES } from './io/movingai.js';
export { MAX_ROAD_NODES, MAX_ROADS } from './io/roads.js';
export { mulberry32 } from './core/random.js';
export { DEPTH_FIRST_GROWING_MAX_EXPANSIONS } from './search/depth-first.js';
export { MAX_GRAPH_SIZE } from './spaces/graph.js';
export { NumberIds } from './spaces/number-ids.js';
export { MAX_ALL_PAIRS_NODES } from './search/floyd-warshall.js';
export { frontierBefore, type FrontierEntry } from './core/trace.js';
export { describeCell } from './worlds/apartment-scenario.js';
export { narrationNumber } from './worlds/lesson-narration.js';
export { Hash64, spaceFingerprint } from './core/fingerprint.js';
export { readSaved, writeSaved, type SavedArray } from './core/saved-file.js';
export { lines } from './io/movingai.js';
export { checkGridFor } from './grid/grid-needs.js';
export { FAST_GRID_CHECKS } from './grid/grid-check.js';
export { PibtStep } from './mapf/pibt-step.js';
export { MapfFloor } from './mapf/model.js';
export { ObstacleHeuristic } from './kinematic/obstacle-heuristic.js';
export { dubinsLength, cscLength } from './kinematic/dubins.js';
export { reedsSheppLength, shortestReedsShepp } from './kinematic/reeds-shepp.js';
export { goalUnreachableForwards, shrink } from './kinematic/no-forward-path.js';
