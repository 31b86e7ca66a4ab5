/**
 * The fleet track: many agents on one map (the grid MAPF benchmark of Stern
 * et al., data/mapf/): prioritized planning, CBS, PIBT and LaCAM*.
 *
 *   npm run build && node dist/bench/fleet.js [--quick] [--cbs-limit=S] [--lacam-limit=S] [--maps=a,b] [--files=1,2]
 *
 * The ladder: on each map, 10%, 25%, 50%, 75% and 100% of the agent files'
 * full count (rounded; the full count is 128 agents on empty-16-16, 409 on
 * random-32-32-20, 341 on room-32-32-4 and 1,000 on random-64-64-20 and the
 * warehouse), each count over the map's four agent files (their first k
 * rows). LaCAM* runs every rung; each other planner climbs a map's ladder
 * until a rung where it solves none of the files (more agents would only
 * spend its time limit again).
 *
 * Limits per instance: prioritized planning 10 s, CBS 30 s (--cbs-limit),
 * PIBT and LaCAM* 10 s (--lacam-limit), LaCAM* improving its first plan
 * until then (anytime), both with seed 0. Solved: a plan came back with
 * status found, or, for LaCAM*, a plan at all (stopped by its limit while
 * improving, it carries its best). Every plan is checked with
 * checkMapfPlan, and an invalid one stops the run.
 *
 * Columns, over the solved files: the median and the largest time to the
 * first plan (the whole run for all but LaCAM*, whose first plan is not its
 * last), the mean sum of costs over the lower bound (the sum of the
 * single-agent optima) at the first plan and at the end of the limit (they
 * differ only for LaCAM*), the mean makespan at the end, and CBS's median
 * constraint-tree nodes.
 *
 * --quick: the 25% and 100% rungs, the first agent file only (--files to
 * change it), limits of 3 s (LaCAM*, PIBT, prioritized) and 2 s (CBS):
 * under a minute (47 s at load 5). The full run takes some 27
 * minutes (most of it LaCAM*'s 10 s on 100 instances and CBS timing out on
 * the rung past its reach).
 */
import { readFileSync } from 'node:fs';
import { type Grid } from '#bestfirst';
import { cbs, checkMapfPlan, lacam, pibt, prioritizedPlan, type AgentTask, type LacamResult, type MapfResult } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { f, machine, machineBusy, mean, median, table } from './bench-measure.js';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const a of args) {
  if (!/^--(quick|(cbs|lacam)-limit=\d+(\.\d+)?|maps=.*|files=[1-4](,[1-4])*)$/.test(a)) {
    console.error(`fleet: unknown argument ${a}; expected --quick, --cbs-limit=S, --lacam-limit=S, --maps=a,b, --files=1,2`);
    process.exit(2);
  }
}
const QUICK = args.includes('--quick');
const MAPS = ['empty-16-16', 'random-32-32-20', 'room-32-32-4', 'random-64-64-20', 'warehouse-10-20-10-2-1'];
const maps = opt('maps')?.split(',') ?? MAPS;
for (const m of maps) if (!MAPS.includes(m)) { console.error(`fleet: unknown map ${m}; expected ${MAPS.join(', ')}`); process.exit(2); }
const FILES = (opt('files') ?? (QUICK ? '1' : '1,2,3,4')).split(',').map(Number);
const CBS_LIMIT_S = Number(opt('cbs-limit') ?? (QUICK ? 2 : 30));
const PRIORITIZED_LIMIT_S = QUICK ? 3 : 10;
const LACAM_LIMIT_S = Number(opt('lacam-limit') ?? (QUICK ? 3 : 10));
const SHARES = QUICK ? [0.25, 1] : [0.1, 0.25, 0.5, 0.75, 1];
const SOLVERS = ['prioritized', 'cbs', 'pibt', 'lacam'] as const;
type Solver = typeof SOLVERS[number];
const SOLVER_NAMES: Record<Solver, string> = { prioritized: 'prioritized', cbs: 'CBS', pibt: 'PIBT', lacam: 'LaCAM*' };

interface Instance { grid: Grid; rows: AgentTask[][] }

function load(map: string): Instance {
  const grid = parseMap(readFileSync(dataFile(`mapf/${map}.map`), 'utf8'), `${map}.map`);
  const rows = FILES.map((i) => {
    const name = `mapf/${map}-random-${i}.scen`;
    return parseScen(readFileSync(dataFile(name), 'utf8'), name).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
  });
  return { grid, rows };
}

interface Row { solved: number; firstMs: number[]; firstRatios: number[]; ratios: number[]; makespans: number[]; nodes: number[] }

function run(solver: Solver, grid: Grid, tasks: AgentTask[]): MapfResult {
  const within = (s: number) => ({ limits: { maxMillis: s * 1000 } });
  switch (solver) {
    case 'prioritized': return prioritizedPlan(grid, tasks, within(PRIORITIZED_LIMIT_S));
    case 'cbs': return cbs(grid, tasks, within(CBS_LIMIT_S));
    case 'pibt': return pibt(grid, tasks, within(LACAM_LIMIT_S));
    case 'lacam': return lacam(grid, tasks, within(LACAM_LIMIT_S));
  }
}

function runAll(inst: Instance, k: number, solver: Solver, where: string): Row {
  const row: Row = { solved: 0, firstMs: [], firstRatios: [], ratios: [], makespans: [], nodes: [] };
  for (const rows of inst.rows) {
    const tasks = rows.slice(0, k);
    const r = run(solver, inst.grid, tasks);
    row.nodes.push(r.highLevelNodes);
    if (r.paths === null || (solver !== 'lacam' && r.status !== 'found')) continue;
    const v = checkMapfPlan(inst.grid, tasks, r.paths);
    if (!v.ok || v.sumOfCosts !== r.sumOfCosts || v.makespan !== r.makespan) {
      throw new Error(`fleet: INVALID plan from ${solver} on ${where}, ${k} agents: ${v.ok ? `costs ${r.sumOfCosts}/${r.makespan} reported, ${v.sumOfCosts}/${v.makespan} checked` : v.reason}`);
    }
    row.solved++;
    const la = solver === 'lacam' ? r as LacamResult : null;
    row.firstMs.push(la === null ? r.elapsedMs : la.firstPlanMs);
    row.firstRatios.push((la === null ? r.sumOfCosts : la.firstSumOfCosts) / r.lowerBound);
    row.ratios.push(r.sumOfCosts / r.lowerBound);
    row.makespans.push(r.makespan);
  }
  return row;
}

/** The ladder's agent counts on a map whose files have `most` rows. */
const ladder = (most: number) => [...new Set(SHARES.map((s) => Math.max(1, Math.round(s * most))))];

const t0 = performance.now();
const loadAtStart = machine().load;
const lines: string[][] = [];
const targets: string[] = [];
const n = FILES.length;
for (const map of maps) {
  const inst = load(map);
  const most = Math.min(...inst.rows.map((r) => r.length));
  const done = new Set<Solver>();
  for (const k of ladder(most)) {
    for (const solver of SOLVERS) {
      if (done.has(solver)) continue;
      const r = runAll(inst, k, solver, map);
      if (r.solved === 0 && solver !== 'lacam') done.add(solver);
      const some = r.solved > 0;
      lines.push([map, String(k), SOLVER_NAMES[solver], `${r.solved}/${n}`,
        some ? f(median(r.firstMs), 0) : '-', some ? f(Math.max(...r.firstMs), 0) : '-',
        some ? f(mean(r.firstRatios), 3) : '-', some ? f(mean(r.ratios), 3) : '-', some ? f(mean(r.makespans), 1) : '-',
        solver === 'cbs' ? f(median(r.nodes), 0) : '']);
      process.stderr.write(`  ${map} ${k} ${solver}: ${r.solved}/${n}${some ? `, first plan median ${f(median(r.firstMs))} ms, SoC/LB ${f(mean(r.firstRatios), 3)} -> ${f(mean(r.ratios), 3)}` : ''}\n`);
      if (k === most && solver === 'lacam') {
        const slowest = some ? Math.max(...r.firstMs) : Infinity;
        targets.push(`- LaCAM*, all ${k} agents on ${map}: ${r.solved}/${n} solved, slowest first plan ${some ? f(slowest) : '-'} ms: ${r.solved === n && slowest < 10_000 ? 'PASS' : 'FAIL'} (target: every file, first plan under 10 s)`);
      }
      if (map === 'warehouse-10-20-10-2-1' && k === 100 && solver === 'prioritized') {
        const slowest = some ? Math.max(...r.firstMs) : Infinity;
        targets.push(`- prioritized planning, 100 agents on warehouse-10-20-10-2-1: ${r.solved}/${n} solved, slowest ${some ? f(slowest) : '-'} ms: ${r.solved === n && slowest < 1000 ? 'PASS' : 'FAIL'} (target: under 1 s)`);
      }
    }
  }
}

console.log(`fleet track${QUICK ? ' (quick)' : ''}: agent file${n === 1 ? '' : 's'} ${FILES.join(', ')} of each map (first k rows), k at ${SHARES.map((s) => `${100 * s}%`).join(', ')} of the full count; limits per instance: prioritized ${PRIORITIZED_LIMIT_S} s, CBS ${CBS_LIMIT_S} s, PIBT and LaCAM* ${LACAM_LIMIT_S} s (LaCAM* improving its plan until then), seed 0; a planner other than LaCAM* stops climbing a map once it solves no file; every plan checked with checkMapfPlan`);
const m = machine();
console.log(`node ${m.node}, ${m.cpu} x ${m.cores}; load average (1, 5, 15 min) ${loadAtStart.map((l) => f(l, 2)).join(', ')} at start, ${m.load.map((l) => f(l, 2)).join(', ')} at end${machineBusy(1, loadAtStart[0], m.load[0], m.cores) ? ': the machine was busy, times are inflated' : ''}; ${f((performance.now() - t0) / 1000, 0)} s in all`);
console.log(table(['map', 'agents', 'solver', 'solved', 'first plan ms (median)', 'first plan ms (max)', 'SoC / LB first', 'SoC / LB end', 'makespan', 'CBS nodes'], lines));
console.log();
console.log('Targets:');
for (const t of targets) console.log(t);
