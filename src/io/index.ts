/**
 * `bestfirst/movingai`: reading and writing the Moving AI benchmark's `.map`
 * and `.scen` files, checking a path against a grid and a published optimum,
 * and reading the road graphs of the ngraph.path demo. Text and bytes in,
 * grids and graphs out: no file system, so it runs in a browser too.
 *
 * A later change moves the implementations into this folder; this entry
 * module is where the subpath already points, so imports of
 * `bestfirst/movingai` will not change.
 *
 * @module bestfirst/movingai
 */
export { parseMap, formatMap, parseScen, formatScen, checkScenario, MOVINGAI_GRID, MAX_MAP_SIDE, MAX_MAP_CELLS, type Scenario } from '../movingai.js';
export { checkPath, sameLength, withinBound, type PathCheck } from '../validate-path.js';
export { parseRoads, type RoadNetwork } from '../roads.js';
