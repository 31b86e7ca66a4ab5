/**
 * Lifelong warehouse operation (bestfirst/mapf `lifelong`): the throughput
 * curve, robots against errands completed per 100 steps, and the planning
 * time per step, on the MAPF benchmark's warehouse map.
 *
 *   npm run build && node dist/bench/lifelong.js [--steps=N] [--agents=50,100,...] [--solver=pibt|lacam] [--seeds=N]
 *
 * For each robot count (default 50, 100, 200, 400, 600, 800, 1000, 1500, 2000), `--seeds`
 * runs (default 3; seeds 1..N) of `--steps` steps (default 500), stations
 * read off the map by `warehouseStations`. Every run's steps are checked
 * with checkMapfPlan (each robot's path from its start to where it ended),
 * and an invalid one stops the bench. A short run first warms the JIT, so
 * the times are those of a warm process (the first step of a cold one
 * floods the distances of its first goals while compiling: some 100-400 ms).
 *
 * Columns: tasks done and throughput (errands per 100 steps) and goals
 * reached per 100 steps, the means over the seeds; the planning time per
 * step: the mean over all steps of all seeds, the mean over the seeds of
 * each run's 95th percentile, and the largest step of any run; the setup
 * before the first step (mostly the distances to the 122 stations).
 */
import { readFileSync } from 'node:fs';
import { checkMapfPlan, lifelong, type LifelongResult } from '#bestfirst/mapf';
import { parseMap } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { f, machine, mean, table } from './bench-measure.js';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const a of args) {
  if (!/^--(steps=\d+|agents=\d+(,\d+)*|solver=(pibt|lacam)|seeds=\d+)$/.test(a)) {
    console.error(`lifelong: unknown argument ${a}; expected --steps=N, --agents=a,b,c, --solver=pibt|lacam, --seeds=N`);
    process.exit(2);
  }
}
const STEPS = Number(opt('steps') ?? 500);
const AGENTS = (opt('agents') ?? '50,100,200,400,600,800,1000,1500,2000').split(',').map(Number);
const SOLVER = (opt('solver') ?? 'pibt') as 'pibt' | 'lacam';
const SEEDS = Number(opt('seeds') ?? 3);
const MAP = 'warehouse-10-20-10-2-1';

const grid = parseMap(readFileSync(dataFile(`mapf/${MAP}.map`), 'utf8'), `${MAP}.map`);

/** One run, its steps checked. */
function runChecked(agents: number, seed: number): LifelongResult {
  const r = lifelong(grid, { agents, steps: STEPS, seed, solver: SOLVER, positions: true });
  const paths = Array.from({ length: agents }, (_, i) => r.positions!.map((p) => p[i]));
  const v = checkMapfPlan(grid, paths.map((p) => ({ start: p[0], goal: p[p.length - 1] })), paths);
  if (!v.ok) throw new Error(`lifelong: INVALID steps, ${agents} robots, seed ${seed}: ${v.reason}`);
  if (r.status !== 'found') throw new Error(`lifelong: ${agents} robots, seed ${seed}: ${r.status} ${r.detail}`);
  return r;
}

lifelong(grid, { agents: 100, steps: 100, seed: 0, solver: SOLVER });
const rows: string[][] = [];
for (const k of AGENTS) {
  const runs = Array.from({ length: SEEDS }, (_, s) => runChecked(k, s + 1));
  rows.push([
    String(k),
    f(mean(runs.map((r) => r.tasksDone)), 1),
    f(mean(runs.map((r) => r.throughput)), 1),
    f(mean(runs.map((r) => (100 * r.goalsReached) / r.steps)), 1),
    f(mean(runs.map((r) => r.planMs.mean)), 2),
    f(mean(runs.map((r) => r.planMs.p95)), 2),
    f(Math.max(...runs.map((r) => r.planMs.max)), 1),
    f(mean(runs.map((r) => r.setupMs)), 0),
    SOLVER === 'lacam' ? runs.map((r) => `${r.windows.planned}/${r.windows.planned + r.windows.fellBack}`).join(' ') : '-',
  ]);
  console.error(`${k} robots done`);
}
const m = machine();
console.log(`lifelong on ${MAP}, solver ${SOLVER}, ${STEPS} steps, ${SEEDS} seed${SEEDS === 1 ? '' : 's'}; ${m.cpu}, ${m.cores} cores, node ${m.node}, load ${m.load.map((x) => x.toFixed(2)).join(' ')}`);
console.log(table(['robots', 'tasks done', 'tasks / 100 steps', 'goals / 100 steps', 'plan ms mean', 'plan ms p95', 'plan ms max', 'setup ms', 'LaCAM windows planned'], rows));
