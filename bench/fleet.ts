/**
 * The fleet track: many agents on one map (the grid MAPF benchmark of Stern
 * et al., data/mapf/), prioritized planning against CBS.
 *
 *   npm run build && node dist/bench/fleet.js [--cbs-limit=S] [--maps=a,b] [--quick]
 *
 * On each map, 10, 20, 50 and 100 agents, then more (150, 200, 300, ...)
 * while prioritized planning still solves an agent file within 10 s; each
 * count over the map's four agent files (the first k rows of each). CBS runs
 * with a time limit per instance (30 s; --cbs-limit=S to shorten it), and
 * stops climbing on a map once it solves none of the four files. Every plan
 * is checked with checkMapfPlan, and an invalid one stops the run.
 *
 * Columns: solved (of 4 files), the median and the largest wall time over
 * the four files (a file not solved counts its full time), the mean sum of
 * costs over the lower bound (sum of single-agent optima) on the solved
 * files, and CBS's median constraint-tree nodes.
 */
import { readFileSync } from 'node:fs';
import { type Grid } from '#bestfirst';
import { cbs, prioritizedPlan, type AgentTask, type MapfResult } from '#bestfirst/mapf';
import { checkMapfPlan } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { f, machine, mean, median, table } from './bench-measure.js';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const a of args) {
  if (!/^--(quick|cbs-limit=\d+(\.\d+)?|maps=.*)$/.test(a)) {
    console.error(`fleet: unknown argument ${a}; expected --quick, --cbs-limit=S, --maps=a,b`);
    process.exit(2);
  }
}
const QUICK = args.includes('--quick');
const MAPS = ['empty-16-16', 'random-32-32-20', 'room-32-32-4', 'random-64-64-20', 'warehouse-10-20-10-2-1'];
const maps = opt('maps')?.split(',') ?? MAPS;
for (const m of maps) if (!MAPS.includes(m)) { console.error(`fleet: unknown map ${m}; expected ${MAPS.join(', ')}`); process.exit(2); }
const CBS_LIMIT_S = Number(opt('cbs-limit') ?? (QUICK ? 5 : 30));
const PRIORITIZED_LIMIT_S = 10;
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

interface Row { solved: number; ms: number[]; ratios: number[]; nodes: number[] }

function runAll(inst: Instance, k: number, solver: 'prioritized' | 'cbs', where: string): Row {
  const row: Row = { solved: 0, ms: [], ratios: [], nodes: [] };
  for (const rows of inst.rows) {
    const tasks = rows.slice(0, k);
    const r: MapfResult = solver === 'cbs' ? cbs(inst.grid, tasks, { limits: { maxMillis: CBS_LIMIT_S * 1000 } }) : prioritizedPlan(inst.grid, tasks, { limits: { maxMillis: PRIORITIZED_LIMIT_S * 1000 } });
    row.ms.push(r.elapsedMs);
    row.nodes.push(r.highLevelNodes);
    if (r.status !== 'found') continue;
    const v = checkMapfPlan(inst.grid, tasks, r.paths!);
    if (!v.ok || v.sumOfCosts !== r.sumOfCosts || v.makespan !== r.makespan) {
      throw new Error(`fleet: INVALID plan from ${solver} on ${where}, ${k} agents: ${v.ok ? `costs ${r.sumOfCosts}/${r.makespan} reported, ${v.sumOfCosts}/${v.makespan} checked` : v.reason}`);
    }
    row.solved++;
    row.ratios.push(r.sumOfCosts / r.lowerBound);
  }
  return row;
}

/** The agent counts to try on a map whose files have `most` rows: the base counts, then more. */
function* counts(most: number): Generator<number> {
  for (const k of BASE_COUNTS) if (k <= most) yield k;
  for (let k = nextCount(BASE_COUNTS[BASE_COUNTS.length - 1]); k <= most; k = nextCount(k)) yield k;
}


const loadAtStart = machine().load;
const lines: string[][] = [];
const targets: string[] = [];
for (const map of maps) {
  const inst = load(map);
  const most = Math.min(...inst.rows.map((r) => r.length));
  let cbsDone = false;
  for (const k of counts(most)) {
    const p = runAll(inst, k, 'prioritized', map);
    const c = cbsDone ? null : runAll(inst, k, 'cbs', map);
    if (c !== null && c.solved === 0) cbsDone = true;
    for (const [name, r] of [['prioritized', p], ['cbs', c]] as const) {
      if (r === null) continue;
      lines.push([map, String(k), name, `${r.solved}/4`, f(median(r.ms), 0), f(Math.max(...r.ms), 0), r.ratios.length ? f(mean(r.ratios), 4) : '-', name === 'cbs' ? f(median(r.nodes), 0) : '']);
      process.stderr.write(`  ${map} ${k} ${name}: ${r.solved}/4, median ${f(median(r.ms))} ms\n`);
    }
    if (map === 'warehouse-10-20-10-2-1' && k === 100) {
      targets.push(`- prioritized planning, 100 agents on warehouse-10-20-10-2-1: ${p.solved}/4 solved, slowest ${f(Math.max(...p.ms))} ms: ${p.solved === 4 && Math.max(...p.ms) < 1000 ? 'PASS' : 'FAIL'} (target: under 1 s)`);
    }
    if ((map === 'random-32-32-20' || map === 'room-32-32-4') && k === 20 && c !== null) {
      targets.push(`- CBS, 20 agents on ${map}: ${c.solved}/4 solved within ${CBS_LIMIT_S} s, slowest ${f(Math.max(...c.ms))} ms: ${c.solved === 4 ? 'PASS' : 'FAIL'} (target: every agent file)`);
    }
    // More agents only while prioritized planning still solves a file within its limit (and past the base counts).
    if (k >= BASE_COUNTS[BASE_COUNTS.length - 1] && p.solved === 0) break;
  }
}

console.log(`fleet track: the four agent files of each map (first k rows); prioritized limit ${PRIORITIZED_LIMIT_S} s, CBS limit ${CBS_LIMIT_S} s per instance; every plan checked with checkMapfPlan`);
const m = machine();
console.log(`node ${m.node}, ${m.cpu} x ${m.cores}; load average (1, 5, 15 min) ${loadAtStart.map((l) => f(l, 2)).join(', ')} at start, ${m.load.map((l) => f(l, 2)).join(', ')} at end${m.load[0] > m.cores - 1 || loadAtStart[0] > m.cores - 1 ? ': the machine was busy, times are inflated' : ''}`);
console.log(table(['map', 'agents', 'solver', 'solved', 'median ms', 'max ms', 'SoC / LB', 'CBS nodes'], lines));
console.log();
console.log('Targets:');
for (const t of targets) console.log(t);
