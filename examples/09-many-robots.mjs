// Many robots on the MAPF benchmark's warehouse (Stern et al.): the first
// agents of one of its scenario files planned together so that no two ever
// share a cell or swap across an edge, once one after the other (prioritized
// planning) and once with the least sum of costs (conflict-based search);
// each plan checked on its own, move by move.
// Run: node examples/09-many-robots.mjs
import { readFileSync } from 'node:fs';
import { checkMapfPlan, cbs, prioritizedPlan } from 'bestfirst/mapf';
import { checkScenario, parseMap, parseScen } from 'bestfirst/io';

const mapFile = 'data/mapf/warehouse-10-20-10-2-1.map';
const scenFile = 'data/mapf/warehouse-10-20-10-2-1-random-1.scen';
const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const grid = parseMap(read(mapFile), mapFile);
const rows = parseScen(read(scenFile), scenFile);
console.log(`${mapFile}: ${grid.width} x ${grid.height}, ${grid.freeCount()} free cells; ${rows.length} agents in ${scenFile}`);

// The first K rows of the scenario are the K robots; each moves to a side neighbour or waits, one step a tick.
for (const k of [10, 50, 100]) {
  const agents = rows.slice(0, k);
  for (const s of agents) checkScenario(s, grid, scenFile);
  const tasks = agents.map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
  for (const [name, plan] of [['prioritized', prioritizedPlan], ['cbs', cbs]]) {
    const r = plan(grid, tasks, { limits: { maxMillis: 30_000 } });
    if (r.status !== 'found') throw new Error(`${k} agents, ${name}: ${r.status} ${r.detail}`);
    const check = checkMapfPlan(grid, tasks, r.paths);
    if (!check.ok) throw new Error(`${k} agents, ${name}: the plan breaks a rule: ${check.reason}`);
    console.log(`${String(k).padStart(3)} agents, ${name.padEnd(11)} sum of costs ${r.sumOfCosts}, makespan ${r.makespan}, lower bound ${r.lowerBound}; checked: ${check.ok}`);
  }
}
