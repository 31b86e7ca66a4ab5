/**
 * `bestfirst/movingai`: reading and writing the Moving AI benchmark's `.map`
 * and `.scen` files, checking a path against a grid and a published optimum
 * (and a plan for many agents against the MAPF benchmark's rules),
 * reading the road graphs of the ngraph.path demo, reading and writing the
 * DIMACS shortest-path challenge's `.gr` and `.co` files, and reading ROS
 * `map_server` maps (YAML and PGM) into occupancy grids and `Grid`s (and
 * writing a grey image back as a PGM). Text and bytes in,
 * grids and graphs out: no file system, so it runs in a browser too.
 *
 * The readers live in this folder; the path checks are the grid's own
 * (src/grid/validate-path.ts), exported here beside the files they check.
 *
 * @module bestfirst/movingai
 */
export { parseMap, formatMap, parseScen, formatScen, checkScenario, terrainFilter, TERRAIN_LETTERS, MOVINGAI_GRID, MAX_MAP_SIDE, MAX_MAP_CELLS, type Scenario } from './movingai.js';
export { checkPath, checkAnyAnglePath, sameLength, withinBound, type PathCheck } from '../grid/validate-path.js';
export { checkMapfPlan, type AgentTask, type MapfPlanCheck, type MapfPlanOk, type MapfPlanBroken } from '../mapf/check.js';
export { parseRoads, type RoadNetwork } from './roads.js';
export {
  parseRosYaml, parsePgm, formatPgm, parseRosMap, toGrid, worldToCell, cellToWorld, MAX_ROS_YAML_CHARS,
  type RosMapMode, type RosOrigin, type RosPoint, type RosMapYaml, type PgmImage, type OccupancyGrid, type RosMap, type ToGridOptions,
} from './ros.js';
export {
  parseGr, formatGr, parseCo, formatCo, roadsToDimacs, MAX_DIMACS_WEIGHT, MAX_DIMACS_CHARS, type DimacsGraph, type DimacsCoordinates,
} from './dimacs.js';
