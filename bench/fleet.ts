/**
 * The fleet track: many agents on one map (the grid MAPF benchmark of Stern
 * et al., data/mapf/): prioritized planning, CBS, PIBT and LaCAM*.
 *
 *   npm run build && node dist/bench/fleet.js [--cbs-limit=S] [--lacam-limit=S] [--maps=a,b] [--quick]
 *
 * On each map, 10, 20, 50 and 100 agents, then more (150, 200, 300, ...)
 * while prioritized planning or LaCAM still solves an agent file, and last
 * the files' full count; each count over the map's four agent files (the
 * first k rows of each). CBS runs with a time limit per instance (30 s;
 * --cbs-limit=S to shorten it), and stops climbing on a map once it solves
 * none of the four files; PIBT and LaCAM* run with --lacam-limit (10 s),
 * LaCAM* improving its first plan until then. Every plan is checked with
 * checkMapfPlan, and an invalid one stops the run.
 *
 * Columns: solved (of 4 files), the median and the largest wall time over
 * the four files (a file not solved counts its full time), the mean sum of
 * costs over the lower bound (sum of single-agent optima) on the solved
 * files, and CBS's median constraint-tree nodes; for LaCAM* (and PIBT,
 * whose first plan is its last) the median time to the first plan and the
 * mean sum of costs over the lower bound at the first plan, and the mean
 * makespan at the end.
 */
import { readFileSync } from 'node:fs';
import { type Grid } from '#bestfirst';
import { cbs, lacam, pibt, prioritizedPlan, type AgentTask, type LacamResult, type MapfResult } from '#bestfirst/mapf';
import { checkMapfPlan } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { f, machine, mean, median, table } from './bench-measure.js';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const a of args) {
  if (!/^--(quick|(cbs|lacam)-limit=\d+(\.\d+)?|maps=.*)$/.test(a)) {
    console.error(`fleet: unknown argument ${a}; expected --quick, --cbs-limit=S, --lacam-limit=S, --maps=a,b`);
    process.exit(2);
  }
}
const QUICK = args.includes('--quick');
const MAPS = ['empty-16-16', 'random-32-32-20', 'room-32-32-4', 'random-64-64-20', 'warehouse-10-20-10-2-1'];
const maps = opt('maps')?.split(',') ?? MAPS;
for (const m of maps) if (!MAPS.includes(m)) { console.error(`fleet: unknown map ${m}; expected ${MAPS.join(', ')}`); process.exit(2); }
const CBS_LIMIT_S = Number(opt('cbs-limit') ?? (QUICK ? 5 : 30));
const PRIORITIZED_LIMIT_S = 10;
const LACAM_LIMIT_S = Number(opt('lacam-limit') ?? (QUICK ? 2 : 10));
type Solver = 'prioritized' | 'cbs' | 'pibt' | 'lacam';
const FILES = [1, 2, 3, 4];
const BASE_COUNTS = [10, 20, 50, 100];
// Past 100 agents: the next count to try while prioritized planning keeps up.
const nextCount = (k: number) => (k < 200 ? k + 50 : k < 400 ? k + 100 : k + 200);

interface Instance { grid: Grid; rows: AgentTask[][] }

function load(map: string): Instance {
  const grid = parseMap(readFileSync(dataFile(`mapf/${map}.map`), 'utf8'), `${map}.map`);
  const rows = FILES.map((i) => {
    const name = `mapf/${map}-random-${i}.scen`;
    return parseScen(readFileSync(dataFile(name), 'utf8'), name).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
  });
  return { grid, rows };
}

interface Row { solved: number; ms: number[]; ratios: number[]; nodes: number[]; firstMs: number[]; firstRatios: number[]; makespans: number[] }

function runAll(inst: Instance, k: number, solver: Solver, where: string): Row {
  const row: Row = { solved: 0, ms: [], ratios: [], nodes: [], firstMs: [], firstRatios: [], makespans: [] };
  for (const rows of inst.rows) {
    const tasks = rows.slice(0, k);
    const lacamLimits = { limits: { maxMillis: LACAM_LIMIT_S * 1000 } };
    const r: MapfResult = solver === 'cbs' ? cbs(inst.grid, tasks, { limits: { maxMillis: CBS_LIMIT_S * 1000 } })
      : solver === 'pibt' ? pibt(inst.grid, tasks, lacamLimits)
        : solver === 'lacam' ? lacam(inst.grid, tasks, lacamLimits)
          : prioritizedPlan(inst.grid, tasks, { limits: { maxMillis: PRIORITIZED_LIMIT_S * 1000 } });
    row.ms.push(r.elapsedMs);
    row.nodes.push(r.highLevelNodes);
    // LaCAM stopped by its time limit carries its best plan: solved all the same.
    if (r.paths === null) continue;
    const v = checkMapfPlan(inst.grid, tasks, r.paths!);
    if (!v.ok || v.sumOfCosts !== r.sumOfCosts || v.makespan !== r.makespan) {
      throw new Error(`fleet: INVALID plan from ${solver} on ${where}, ${k} agents: ${v.ok ? `costs ${r.sumOfCosts}/${r.makespan} reported, ${v.sumOfCosts}/${v.makespan} checked` : v.reason}`);
    }
    row.solved++;
    row.ratios.push(r.sumOfCosts / r.lowerBound);
    row.makespans.push(r.makespan);
    const la = solver === 'lacam' ? r as LacamResult : null;
    row.firstMs.push(la === null ? r.elapsedMs : la.firstPlanMs);
    row.firstRatios.push((la === null ? r.sumOfCosts : la.firstSumOfCosts) / r.lowerBound);
  }
  return row;
}

/** The agent counts to try on a map whose files have `most` rows: the base counts, then more. */
function* counts(most: number): Generator<number> {
  for (const k of BASE_COUNTS) if (k <= most) yield k;
  let k = nextCount(BASE_COUNTS[BASE_COUNTS.length - 1]);
  for (; k < most; k = nextCount(k)) yield k;
  yield most;
}


const loadAtStart = machine().load;
const lines: string[][] = [];
const targets: string[] = [];
for (const map of maps) {
  const inst = load(map);
  const most = Math.min(...inst.rows.map((r) => r.length));
  let cbsDone = false, prioritizedDone = false, pibtDone = false;
  for (const k of counts(most)) {
    const p = prioritizedDone ? null : runAll(inst, k, 'prioritized', map);
    const c = cbsDone ? null : runAll(inst, k, 'cbs', map);
    const pi = pibtDone ? null : runAll(inst, k, 'pibt', map);
    const la = runAll(inst, k, 'lacam', map);
    if (c !== null && c.solved === 0) cbsDone = true;
    if (p !== null && p.solved === 0 && k >= BASE_COUNTS[BASE_COUNTS.length - 1]) prioritizedDone = true;
    if (pi !== null && pi.solved === 0 && k >= BASE_COUNTS[BASE_COUNTS.length - 1]) pibtDone = true;
    for (const [name, r] of [['prioritized', p], ['cbs', c], ['pibt', pi], ['lacam', la]] as const) {
      if (r === null) continue;
      const some = r.ratios.length > 0;
      lines.push([map, String(k), name, `${r.solved}/4`, f(median(r.ms), 0), f(Math.max(...r.ms), 0), some ? f(median(r.firstMs), 0) : '-', some ? f(mean(r.firstRatios), 4) : '-', some ? f(mean(r.ratios), 4) : '-', some ? f(mean(r.makespans), 1) : '-', name === 'cbs' ? f(median(r.nodes), 0) : '']);
      process.stderr.write(`  ${map} ${k} ${name}: ${r.solved}/4, median ${f(median(r.ms))} ms${some ? `, first plan ${f(median(r.firstMs))} ms` : ''}\n`);
    }
    if (k === most) {
      targets.push(`- LaCAM*, all ${k} agents on ${map}: ${la.solved}/4 solved, slowest first plan ${la.firstMs.length ? f(Math.max(...la.firstMs)) : '-'} ms: ${la.solved === 4 && Math.max(...la.firstMs) < 10_000 ? 'PASS' : 'FAIL'} (target: every file, first plan under 10 s)`);
    }
    if (map === 'warehouse-10-20-10-2-1' && k === 100 && p !== null) {
      targets.push(`- prioritized planning, 100 agents on warehouse-10-20-10-2-1: ${p.solved}/4 solved, slowest ${f(Math.max(...p.ms))} ms: ${p.solved === 4 && Math.max(...p.ms) < 1000 ? 'PASS' : 'FAIL'} (target: under 1 s)`);
    }
    if ((map === 'random-32-32-20' || map === 'room-32-32-4') && k === 20 && c !== null) {
      targets.push(`- CBS, 20 agents on ${map}: ${c.solved}/4 solved within ${CBS_LIMIT_S} s, slowest ${f(Math.max(...c.ms))} ms: ${c.solved === 4 ? 'PASS' : 'FAIL'} (target: every agent file)`);
    }
    // More agents while prioritized planning or LaCAM still solves a file (the full count is always run: it is a target).
    if (k >= BASE_COUNTS[BASE_COUNTS.length - 1] && prioritizedDone && la.solved === 0 && k < most) {
      const full = runAll(inst, most, 'lacam', map);
      lines.push([map, String(most), 'lacam', `${full.solved}/4`, f(median(full.ms), 0), f(Math.max(...full.ms), 0), full.firstMs.length ? f(median(full.firstMs), 0) : '-', full.firstRatios.length ? f(mean(full.firstRatios), 4) : '-', full.ratios.length ? f(mean(full.ratios), 4) : '-', full.makespans.length ? f(mean(full.makespans), 1) : '-', '']);
      targets.push(`- LaCAM*, all ${most} agents on ${map}: ${full.solved}/4 solved, slowest first plan ${full.firstMs.length ? f(Math.max(...full.firstMs)) : '-'} ms: ${full.solved === 4 && Math.max(...full.firstMs) < 10_000 ? 'PASS' : 'FAIL'} (target: every file, first plan under 10 s)`);
      break;
    }
  }
}

console.log(`fleet track: the four agent files of each map (first k rows); prioritized limit ${PRIORITIZED_LIMIT_S} s, CBS limit ${CBS_LIMIT_S} s, PIBT and LaCAM* ${LACAM_LIMIT_S} s per instance (LaCAM* improving its plan until then); every plan checked with checkMapfPlan`);
const m = machine();
console.log(`node ${m.node}, ${m.cpu} x ${m.cores}; load average (1, 5, 15 min) ${loadAtStart.map((l) => f(l, 2)).join(', ')} at start, ${m.load.map((l) => f(l, 2)).join(', ')} at end${m.load[0] > m.cores - 1 || loadAtStart[0] > m.cores - 1 ? ': the machine was busy, times are inflated' : ''}`);
console.log(table(['map', 'agents', 'solver', 'solved', 'median ms', 'max ms', 'first plan ms', 'SoC / LB first', 'SoC / LB end', 'makespan', 'CBS nodes'], lines));
console.log();
console.log('Targets:');
for (const t of targets) console.log(t);
