// The Amsterdam road graph (from OpenStreetMap, via the ngraph.path demo):
// the same query with Dijkstra and with A* whose heuristic is the straight
// line to the goal, in the graph's own units (every road is a straight
// segment of that length, so the line never overestimates).
// Run: node examples/03-road-graph.mjs
import { readFileSync } from 'node:fs';
import { astar, dijkstra } from 'bestfirst';
import { parseRoads } from 'bestfirst/io';

const read = (file) => readFileSync(new URL(`../data/roads/${file}`, import.meta.url));
const roads = parseRoads(read('amsterdam-roads.co.bin'), read('amsterdam-roads.gr.bin'), 'amsterdam-roads');
const { graph, x, y, heuristic } = roads;
console.log(`Amsterdam: ${graph.size} crossings, ${graph.arcCount / 2} roads`);

// From the westernmost crossing to the easternmost one.
let west = 0, east = 0;
for (let n = 1; n < graph.size; n++) {
  if (x[n] < x[west]) west = n;
  if (x[n] > x[east]) east = n;
}
const line = Math.hypot(x[east] - x[west], y[east] - y[west]);
console.log(`from crossing ${west} to ${east}: ${line.toFixed(0)} units as the crow flies`);

const d = dijkstra(graph, west, east);
const a = astar(graph, west, east, heuristic);
console.log(`dijkstra ${d.status} length ${d.cost.toFixed(0)} over ${d.linkLength} roads, ${d.expansions} expansions`);
console.log(`astar    ${a.status} length ${a.cost.toFixed(0)} over ${a.linkLength} roads, ${a.expansions} expansions`);
console.log(`same length: ${Math.abs(a.cost - d.cost) <= 1e-9 * d.cost}; A* expanded ${(100 * a.expansions / d.expansions).toFixed(1)}% of what Dijkstra did`);
