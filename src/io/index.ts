/**
 * `bestfirst/io`: the files planners read. The Moving AI benchmark's `.map`
 * and `.scen` files (read and written), the road graphs of the ngraph.path
 * demo, the DIMACS shortest-path challenge's `.gr` and `.co` files, and ROS
 * `map_server` maps (YAML and PGM) into occupancy grids and `Grid`s (and a
 * grey image back to PGM). Text and bytes in, grids and graphs out: no file
 * system, so it runs in a browser too. The checks of a path on a grid are
 * the grid's (`bestfirst/grid`), those of a plan for many agents the
 * planners' (`bestfirst/mapf`).
 *
 * @module bestfirst/io
 */
export { parseMap, formatMap, parseScen, formatScen, checkScenario, terrainFilter, TERRAIN_LETTERS, MOVINGAI_GRID, MAX_MAP_SIDE, MAX_MAP_CELLS, type Scenario } from './movingai.js';
export { parseRoads, type RoadNetwork } from './roads.js';
export {
  parseRosYaml, parsePgm, formatPgm, parseRosMap, toGrid, worldToCell, cellToWorld, mapPoint, MAX_ROS_YAML_CHARS,
  type RosMapMode, type RosOrigin, type RosMapYaml, type PgmImage, type OccupancyGrid, type RosMap, type ToGridOptions,
} from './ros.js';
export { goalWithinTolerance, type ToleratedGoal, type GoalToleranceOptions } from './ros-goal.js';
export {
  parseGr, GrReader, formatGr, parseCo, CoReader, formatCo, roadsToDimacs, MAX_DIMACS_WEIGHT, MAX_DIMACS_CHARS, type DimacsGraph, type DimacsCoordinates, type ParseGrOptions,
} from './dimacs.js';
