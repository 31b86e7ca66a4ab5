// A ROS map_server map (Nav2's TurtleBot3 sandbox: a YAML file and the PGM
// image it names) planned on for a round robot: its obstacles grown by the
// robot's radius as Nav2's inflation layer grows them, so that a path of
// cells is a path for the robot's centre, in metres from the map's origin.
// Run: node examples/07-ros-map.mjs
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { findPath } from 'bestfirst';
import { costmapToGrid, distanceTransform, inflate, INSCRIBED, LETHAL } from 'bestfirst/costmap';
import { cellToWorld, parseRosMap, parseRosYaml, toGrid, worldToCell } from 'bestfirst/io';

const yamlFile = 'data/ros/tb3_sandbox.yaml';
const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url));
const yamlText = read(yamlFile).toString('utf8');
// The YAML names its image; the repository keeps Nav2's images gzipped.
const { image } = parseRosYaml(yamlText, yamlFile);
const map = parseRosMap(yamlText, gunzipSync(read(`data/ros/${image}.gz`)), yamlFile);
console.log(`${yamlFile}: ${map.width} x ${map.height} cells of ${map.resolution} m, image ${image}`);

const radius = 0.22; // metres: a robot about 44 cm across
const costmap = inflate(map, { inscribedRadius: radius, inflationRadius: 0.6, costScalingFactor: 3, unknown: 'lethal' });
const lethal = costmap.cost.filter((c) => c === LETHAL).length;
const closed = costmap.cost.filter((c) => c >= INSCRIBED).length;
console.log(`robot radius ${radius} m: ${lethal} cells are walls or unknown, ${closed} are too close to one for the robot's centre`);

const from = [-2, -0.5], to = [2, 0.5]; // metres, y up
const robot = costmapToGrid(costmap, { costPenalty: 2 }); // cells near walls weigh more, as Nav2's Smac 2D planner weighs them
const point = toGrid(map, { unknown: 'blocked' }); // the same map for a robot of no size
const r = findPath(robot, worldToCell(map, from), worldToCell(map, to));
const p = findPath(point, worldToCell(map, from), worldToCell(map, to));
if (r.status !== 'found' || p.status !== 'found') throw new Error(`no path: ${r.status}, ${p.status}`);

// The robot's path in metres: its length, and how near its centre comes to a wall.
let metres = 0;
for (let i = 1; i < r.path.length; i++) {
  const [ax, ay] = cellToWorld(map, r.path[i - 1]), [bx, by] = cellToWorld(map, r.path[i]);
  metres += Math.hypot(bx - ax, by - ay);
}
const walls = new Uint8Array(point.size);
for (let n = 0; n < point.size; n++) walls[n] = point.isBlocked(n) ? 1 : 0;
const clearance = distanceTransform(walls, point.width, point.height, map.resolution);
const nearest = (path) => Math.min(...path.map((n) => clearance[n]));
console.log(`from (${from}) to (${to}) m: the robot's path is ${metres.toFixed(3)} m over ${r.path.length} cells, its centre at least ${nearest(r.path).toFixed(3)} m from a wall`);
console.log(`a point robot's path: ${p.cost.toFixed(3)} m, at least ${nearest(p.path).toFixed(3)} m from a wall`);
const [gx, gy] = cellToWorld(map, r.path[r.path.length - 1]);
console.log(`arrives at the centre of the goal's cell, (${gx.toFixed(3)}, ${gy.toFixed(3)}) m`);
