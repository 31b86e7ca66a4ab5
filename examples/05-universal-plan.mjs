// A universal plan: one backward Dijkstra from the goal, run until every cell
// that can reach it is settled, gives the cost-to-go from every cell and the
// step to take from each. Following the steps from any start drives home at
// the optimal cost, with no further search.
// Run: node examples/05-universal-plan.mjs
import { readFileSync } from 'node:fs';
import { findPath } from 'bestfirst';
import { bellmanResidual, follow, universalPlan } from 'bestfirst/repair';
import { parseMap } from 'bestfirst/io';

const grid = parseMap(readFileSync(new URL('../data/movingai/dao/arena.map', import.meta.url), 'utf8'));
const goal = grid.id(40, 40);
const plan = universalPlan(grid, goal);
console.log(`arena (${grid.width} x ${grid.height}), goal (40,40): ${plan.reachable} of ${grid.freeCount()} free cells reach it, the farthest at cost ${plan.maxCostToGo.toFixed(3)}`);
console.log(`Bellman residual ${bellmanResidual(grid, plan).toExponential(1)} (0 up to rounding: every cell's cost is its best step plus the cost beyond)`);

for (const [x, y] of [[1, 7], [10, 40], [45, 3]]) {
  const from = grid.id(x, y);
  const path = follow(plan, from);
  const a = findPath(grid, from, goal);
  console.log(`from (${x},${y}): cost-to-go ${plan.h[from].toFixed(3)}, ${path.length - 1} steps along the arrows; A* from there ${a.cost.toFixed(3)}`);
}
