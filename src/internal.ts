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
export { nextGeneration, STAMP_LIMIT } from './core/stamp.js';
export { weights } from './core/priority.js';
export { Heap } from './core/heap.js';
export { KeyHeap } from './core/key-heap.js';
export { contract } from './core/contraction-build.js';
export { layOut, queryOrder } from './core/contraction-layout.js';
export { resultOf } from './core/path-searcher.js';
export { entryScale, heuristicScale, octileDistance, octileTerms } from './grid/heuristics.js';
export { allocate, CHANGE_LOG_SIZE } from './grid/grid.js';
export { GRID_SEARCHER_BYTES_PER_CELL } from './grid/grid-search.js';
export { ANY_ANGLE_BYTES_PER_CELL } from './grid/any-angle.js';
export { walkSegment } from './grid/line-of-sight.js';
export { GridSearchBase } from './grid/grid-search-base.js';
export { IndexedGridHeap } from './grid/grid-search-indexed-heap.js';
export { JumpHeap } from './grid/jps-heap.js';
export { JumpOpenList } from './grid/jps-plus-open.js';
export { buildLandmarks, LANDMARKS } from './grid/jps-plus-landmarks.js';
export { landmarkSeed } from './core/landmark-seed.js';
export { landmarkTable } from './grid/landmarks.js';
export { landmarkDistances } from './grid/subgoal8-landmarks.js';
export { CLASS_MOVES, classOf, moveSet, tautTable } from './grid/subgoal8-taut.js';
export { stepCounts } from './grid/subgoal8-graph.js';
export { CLOSED, NEW, OPEN } from './repair/dstar.js';
export { checkSchedule } from './repair/ara.js';
export { basename, MAX_MAP_BYTES, MAX_SCEN_BYTES } from './io/movingai.js';
export { MAX_ROAD_NODES, MAX_ROADS } from './io/roads.js';
export { mulberry32 } from './core/random.js';
export { describeCell } from './worlds/apartment-scenario.js';
export { narrationNumber } from './worlds/lesson-narration.js';
