/**
 * `bestfirst/movingai`: reading and writing the Moving AI benchmark's `.map`
 * and `.scen` files, checking a path against a grid and a published optimum,
 * and reading the road graphs of the ngraph.path demo. Text and bytes in,
 * grids and graphs out: no file system, so it runs in a browser too.
 *
 * The readers live in this folder; the path checks are the grid's own
 * (src/grid/validate-path.ts), exported here beside the files they check.
 *
 * @module bestfirst/movingai
 */
export { parseMap, formatMap, parseScen, formatScen, checkScenario, MOVINGAI_GRID, MAX_MAP_SIDE, MAX_MAP_CELLS, type Scenario } from './movingai.js';
export { checkPath, sameLength, withinBound, type PathCheck } from '../grid/validate-path.js';
export { parseRoads, type RoadNetwork } from './roads.js';
