/**
 * The warehouse queries of the costmap track (bench/costmap.ts) in CPU time:
 * on a machine loaded past its cores the wall-clock track measures the
 * neighbours (and takes an hour), while the process's own CPU time per query
 * hardly moves. Same map, same 200 seeded pairs; for each pair, A* with
 * octile and A* with `landmarks` alternate (order swapped each round), each
 * query's figure the median of its rounds; expansions from the same runs,
 * every cost checked equal between the two (the track checks both against
 * the engine). Then Theta* and Lazy Theta* on the first N pairs, once each,
 * every path checked (checkAnyAnglePath, cost at most the A* path's costed
 * the same way).
 *
 *   npm run build && node --expose-gc dist/bench/warehouse-cpu.js [rounds] [theta-pairs]
 */
import { GridSearcher, octile } from '#bestfirst';
import { AnyAngleSearcher, landmarks } from '#bestfirst/grid';
import { checkAnyAnglePath } from '#bestfirst/grid';
import { f, machine, mean, median } from './bench-measure.js';
import { freeSpacePairs, metres, sameCost, WAREHOUSE_LANDMARKS, warehouseGrid, waypointMetres } from './costmap.js';

const ROUNDS = Math.max(1, Number(process.argv[2] ?? 5));
const THETA = Math.max(0, Number(process.argv[3] ?? 20));
const cpuUs = (t0: NodeJS.CpuUsage) => { const d = process.cpuUsage(t0); return d.user + d.system; };

const m0 = machine();
console.log(`- command: \`node --expose-gc dist/bench/warehouse-cpu.js ${ROUNDS} ${THETA}\`, ${new Date().toISOString()}; node ${m0.node}, load average at start ${m0.load.map((l) => f(l, 2)).join(', ')}`);
const { grid } = warehouseGrid();
const queries = freeSpacePairs(grid, 200, 20261201);
const w = grid.width;
const c0 = process.cpuUsage();
const lm = landmarks(grid, { count: WAREHOUSE_LANDMARKS });
const buildCpuMs = cpuUs(c0) / 1000;
const s = new GridSearcher(grid);
const ways = [['octile', octile(grid)], ['landmarks', lm]] as const;
const us: Record<string, number[]> = { octile: [], landmarks: [] }, exp: Record<string, number[]> = { octile: [], landmarks: [] };
const paths: Int32Array[] = [];
let unequal = 0;
for (const q of queries) {
  const a = q.sy * w + q.sx, b = q.gy * w + q.gx;
  const times: Record<string, number[]> = { octile: [], landmarks: [] };
  const cost: Record<string, number> = {};
  for (let r = 0; r < ROUNDS + 1; r++) {
    for (const [name, h] of r % 2 ? [...ways].reverse() : ways) {
      const t0 = process.cpuUsage();
      s.search(a, b, { heuristic: h });
      const t = cpuUs(t0);
      if (r > 0) times[name].push(t); // round 0 warms up
      cost[name] = s.cost;
      if (r === 0) {
        exp[name].push(s.expansions);
        if (name === 'octile') paths.push(Int32Array.from(s.path()!));
      }
    }
  }
  if (!sameCost(cost.landmarks, cost.octile)) unequal++;
  for (const [name] of ways) us[name].push(median(times[name]));
}
const lengths = paths.map((p) => metres(grid, p));
console.log(`- landmarks(grid, { count: ${WAREHOUSE_LANDMARKS} }) built in ${f(buildCpuMs)} ms of CPU; costs unequal between octile and landmarks: ${unequal} of ${queries.length}`);
for (const [name] of ways) {
  console.log(`- A* ${name}: median ${f(median(us[name]) / 1000, 2)} ms CPU, mean ${f(mean(us[name]) / 1000, 2)} ms; median expansions ${median(exp[name])}, mean ${f(mean(exp[name]))}`);
}
console.log(`- A* path length: mean ${f(mean(lengths), 2)} m, median ${f(median(lengths), 2)} m`);

const any = new AnyAngleSearcher(grid);
for (const algorithm of ['theta', 'lazy-theta'] as const) {
  const t: number[] = [], len: number[] = [];
  let bad = 0, longer = 0;
  for (let i = 0; i < Math.min(THETA, queries.length); i++) {
    const q = queries[i], a = q.sy * w + q.sx, b = q.gy * w + q.gx;
    const t0 = process.cpuUsage();
    any.search(a, b, { algorithm });
    t.push(cpuUs(t0));
    const p = any.path();
    const check = p === null ? null : checkAnyAnglePath(grid, p, a, b), astar = checkAnyAnglePath(grid, paths[i], a, b);
    if (check === null || !check.ok || !astar.ok || check.length > astar.length * (1 + 1e-9) || !sameCost(check.length, any.cost)) { bad++; continue; }
    len.push(waypointMetres(grid, p!));
    if (len[len.length - 1] > lengths[i] * (1 + 1e-9)) longer++;
  }
  const n = t.length, astarLen = mean(lengths.slice(0, n)), astarUs = us.octile.slice(0, n);
  console.log(`- ${algorithm === 'theta' ? 'Theta*' : 'Lazy Theta*'} on the first ${n} pairs: median ${f(median(t) / 1000, 2)} ms CPU, mean ${f(mean(t) / 1000, 2)} ms (${f(mean(t) / mean(astarUs), 1)}x octile A*'s mean on them); ` +
    `mean length ${f(mean(len), 2)} m against A*'s ${f(astarLen, 2)} m (${f(100 * (1 - mean(len) / astarLen), 2)}% shorter); paths failing the check: ${bad}; longer in metres than A*'s: ${longer}`);
}
console.log(`- load average at end: ${machine().load.map((l) => f(l, 2)).join(', ')}`);
