/**
 * The kinematic track (issue 32): Hybrid-A* for a robot that is a
 * rectangle and cannot turn on the spot, on Nav2's own maps.
 *
 *   npm run build && node dist/bench/kinematic.js [--quick] [--pairs=N] [--maps=warehouse,depot,tb3_sandbox] [--downsample=F]
 *
 * (also part of `npm run bench`). For each of Nav2's warehouse, depot and
 * TurtleBot3 sandbox maps (data/ros/): the map inflated as Nav2 would for
 * the robot (inscribed radius 0.2 m, the rectangle's half width; inflation
 * radius 0.55 m; cost scaling 3; unknown cells free, as Nav2's planners
 * default), a 0.6 m x 0.4 m rectangle turning about its middle, R = 0.5 m.
 * N seeded pose pairs (50 by default): each pose at a random position and
 * heading where the footprint is free, the two at least 2 m apart, and
 * joined by a 2-D plan (A* for the robot's centre on `costmapToGrid` of the
 * inflated map, which blocks the inscribed band): the pairs a round robot's
 * planner connects. Both motion models, Nav2's defaults otherwise, each
 * query with a budget of 1 s (`maxPlanningTime: 1`). Reported per map and
 * model: pairs solved, the median and 95th-percentile planning time of
 * every query (the unsolved at their budget), the median ratio of the path's
 * length to the 2-D path's, the mean cusps; every path passes
 * `checkKinematicPath` with the footprint, or the run fails.
 *
 * Targets (issue 32): median under 100 ms; every pair solved within 1 s.
 * A Dubins pair whose search expands every pose it can reach without the
 * goal has no forward-only path at the search's discretisation: it is
 * reported apart ("no path") and not counted as connected for a car that
 * cannot reverse. Each unsolved pair is listed with its status, the budget
 * that stopped it, its expansions and its wall and CPU time; the budget is
 * wall-clock time (as Nav2's max_planning_time), so on a loaded machine the
 * last line also counts the pairs solved within 1 s of CPU time (run with
 * `--budget=S` above 1 to see past the wall-clock stop). `--settle` runs
 * each query a budget stopped once more without budgets (no time limit, no
 * iteration limit, no smoothing) and says what it needed: a path after N
 * expansions, or no path at all, which for a Dubins pair proves that it
 * has no forward-only path; that takes minutes.
 * `--downsample=F` searches on cells F times the costmap's (Nav2's
 * `downsample_costmap` with `downsampling_factor` F; off by default, as in
 * Nav2), to see what a coarser search buys on a fine map.
 * `--greedy-after=N` sets hybridAStar's `greedyAfter` (expansions before
 * the search turns greedier; `off` keeps Nav2's order throughout), to
 * compare with the default 50,000.
 * `--backward-after=N` sets hybridAStar's `backwardAfter` (expansions
 * before the search from the goal's end joins in; `off`: never), to
 * compare with the default 10,000.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { findPath } from '#bestfirst';
import { costmapToGrid, inflate, type Costmap } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { parseRosMap, worldToCell, type RosMap } from '#bestfirst/io';
import { checkKinematicPath, FootprintChecker, hybridAStar, type Pose } from '#bestfirst/kinematic';
import { dataFile } from './bench-data.js';
import { f, machine, median, rng, table } from './bench-measure.js';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const a of args) {
  if (!/^--(quick|settle|pairs=\d+|maps=[\w,]+|downsample=\d+|budget=\d+(\.\d+)?|greedy-after=(\d+|off)|backward-after=(\d+|off))$/.test(a)) {
    console.error(`kinematic: unknown argument ${a}; expected --quick, --settle, --pairs=N, --maps=a,b, --downsample=F, --budget=S, --greedy-after=N|off, --backward-after=N|off`);
    process.exit(2);
  }
}
const QUICK = args.includes('--quick');
/** Run each query a budget stopped again without any budget, to say what it needed: a path after N expansions, or none. */
const SETTLE = args.includes('--settle');
const PAIRS = Number(opt('pairs') ?? (QUICK ? 8 : 50));
const MAPS = opt('maps')?.split(',') ?? ['warehouse', 'depot', 'tb3_sandbox'];
const DOWNSAMPLE = Number(opt('downsample') ?? 1);
const SEED = 20261206;
const R = 0.5;
const BUDGET_S = Number(opt('budget') ?? 1);
/** hybridAStar's greedyAfter, when given: `off` is Infinity (Nav2's order throughout). */
const GREEDY = {
  ...(opt('greedy-after') === undefined ? {} : { greedyAfter: opt('greedy-after') === 'off' ? Infinity : Number(opt('greedy-after')) }),
  ...(opt('backward-after') === undefined ? {} : { backwardAfter: opt('backward-after') === 'off' ? Infinity : Number(opt('backward-after')) }),
};
const INFLATION = { inscribedRadius: 0.2, inflationRadius: 0.55, costScalingFactor: 3, unknown: 'free' } as const;
const MIN_APART = 2;

interface Pair { from: Pose; to: Pose; twoD: number }
interface Run {
  ms: number; cpuMs: number; solved: boolean; ratio: number; cusps: number; status: string; reason: string | null; expansions: number; motion: 'dubins' | 'reeds-shepp';
  /** With --settle, for a query a budget stopped: the same query without budgets, its status, expansions and CPU time. */
  settled?: { status: string; expansions: number; cpuMs: number };
}

function load(name: string): { map: RosMap; costmap: Costmap } {
  const yamlPath = dataFile(`ros/${name}.yaml`);
  const yaml = readFileSync(yamlPath, 'utf8');
  const image = gunzipSync(readFileSync(dataFile(`ros/${name}.pgm.gz`)));
  const map = parseRosMap(yaml, image, `${name}.yaml`);
  return { map, costmap: inflate(map, INFLATION) };
}

/** N seeded pairs of free poses, at least MIN_APART apart, that the 2-D plan joins (its length in metres kept). */
function pairsOn(map: RosMap, costmap: Costmap, checker: FootprintChecker, n: number, seed: number): Pair[] {
  const next = rng(seed);
  const grid = costmapToGrid(costmap);
  const o = map.origin, w = map.width * map.resolution, h = map.height * map.resolution;
  const pose = (): Pose => {
    for (;;) {
      const p = { x: o.x + next() * w, y: o.y + next() * h, theta: (next() * 2 - 1) * Math.PI };
      if (!checker.collides(p)) return p;
    }
  };
  const out: Pair[] = [];
  for (let tries = 0; out.length < n; tries++) {
    if (tries > 200 * n) throw new Error(`kinematic: only ${out.length} of ${n} pairs found on the map after ${tries} draws`);
    const from = pose(), to = pose();
    if (Math.hypot(from.x - to.x, from.y - to.y) < MIN_APART) continue;
    const a = worldToCell(map, [from.x, from.y]), b = worldToCell(map, [to.x, to.y]);
    if (grid.isBlocked(a) || grid.isBlocked(b)) continue;
    const r = findPath(grid, a, b);
    if (r.status !== 'found') continue;
    // costmapToGrid's costs carry the cost penalty: the 2-D length is the path's cells walked in metres.
    let length = 0;
    for (let i = 1; i < r.points.length; i++) length += Math.hypot(r.points[i][0] - r.points[i - 1][0], r.points[i][1] - r.points[i - 1][1]);
    out.push({ from, to, twoD: length * map.resolution });
  }
  return out;
}

function runPair(checker: FootprintChecker, p: Pair, motion: 'dubins' | 'reeds-shepp'): Run {
  const t0 = performance.now(), c0 = process.cpuUsage();
  const coarse = { ...(DOWNSAMPLE > 1 ? { downsampleCostmap: true, downsamplingFactor: DOWNSAMPLE } : {}), ...GREEDY };
  const r = hybridAStar(checker, p.from, p.to, { motion, minimumTurningRadius: R, maxPlanningTime: BUDGET_S, ...coarse });
  const ms = performance.now() - t0, c1 = process.cpuUsage(c0), cpuMs = (c1.user + c1.system) / 1000;
  const why = { ms, cpuMs, status: r.status, reason: r.reason, expansions: r.expansions, motion };
  if (r.status === 'stopped' && SETTLE) {
    const c2 = process.cpuUsage();
    const u = hybridAStar(checker, p.from, p.to, { motion, minimumTurningRadius: R, maxPlanningTime: Infinity, maxIterations: Infinity, smooth: false, ...coarse });
    const c3 = process.cpuUsage(c2);
    return { ...why, solved: false, ratio: NaN, cusps: 0, settled: { status: u.status, expansions: u.expansions, cpuMs: (c3.user + c3.system) / 1000 } };
  }
  if (r.status !== 'found' || r.path === null) return { ...why, solved: false, ratio: NaN, cusps: 0 };
  const verdict = checkKinematicPath(r.path, { radius: R, checker });
  if (!verdict.ok) throw new Error(`kinematic: a ${motion} path from ${JSON.stringify(p.from)} to ${JSON.stringify(p.to)} fails the check: ${verdict.violation?.message}`);
  return { ...why, solved: true, ratio: r.length / p.twoD, cusps: r.cusps };
}

const p95 = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]; };

function main(): void {
  const m = machine();
  console.log(`kinematic track: ${PAIRS} seeded pose pairs per map, 0.6 m x 0.4 m rectangle, R = ${R} m, budget ${BUDGET_S} s per query${DOWNSAMPLE > 1 ? `, search cells ${DOWNSAMPLE} x the costmap's` : ''}${'greedyAfter' in GREEDY ? `, greedyAfter ${GREEDY.greedyAfter}` : ''}${'backwardAfter' in GREEDY ? `, backwardAfter ${GREEDY.backwardAfter}` : ''}; node ${m.node}, ${m.cpu}, load ${m.load.map((l) => f(l, 2)).join(', ')}`);
  const rows: string[][] = [];
  const all: Run[] = [];
  const unsolvedLines: string[] = [];
  const pose = (q: Pose) => `(${f(q.x, 2)},${f(q.y, 2)},${f(q.theta, 2)})`;
  const robot = Footprint.rectangle(0.6, 0.4);
  MAPS.forEach((name, i) => {
    const { map, costmap } = load(name);
    const checker = new FootprintChecker(costmap, robot);
    const pairs = pairsOn(map, costmap, checker, PAIRS, SEED + i);
    for (const motion of ['dubins', 'reeds-shepp'] as const) {
      const runs = pairs.map((p) => runPair(checker, p, motion));
      all.push(...runs);
      runs.forEach((r, k) => {
        if (!r.solved) unsolvedLines.push(`  ${name} ${motion} pair ${k} ${pose(pairs[k].from)} -> ${pose(pairs[k].to)} (2-D ${f(pairs[k].twoD, 1)} m): ${r.status}${r.reason === null ? '' : ` (${r.reason})`} after ${r.expansions} expansions, ${f(r.ms, 0)} ms (${f(r.cpuMs, 0)} ms CPU)${r.settled === undefined ? '' : `; without budgets: ${r.settled.status === 'found' ? 'found' : 'no path (every reachable pose expanded)'} after ${r.settled.expansions} expansions, ${f(r.settled.cpuMs, 0)} ms CPU`}`);
      });
      const solved = runs.filter((r) => r.solved);
      const exhausted = runs.filter((r) => r.status === 'unreachable').length, stopped = runs.filter((r) => r.status === 'stopped').length;
      rows.push([
        name, `${map.width} x ${map.height} @ ${map.resolution} m`, motion, `${solved.length} / ${runs.length}`, String(exhausted), String(stopped),
        f(median(runs.map((r) => r.ms)), 1), f(p95(runs.map((r) => r.ms)), 1), f(Math.max(...runs.map((r) => r.ms)), 1), f(median(runs.map((r) => r.cpuMs)), 1),
        solved.length ? f(median(solved.map((r) => r.ratio)), 3) : '-', solved.length ? f(solved.reduce((s, r) => s + r.cusps, 0) / solved.length, 2) : '-',
      ]);
    }
  });
  console.log(table(['map', 'size', 'motion', 'solved', 'no path', 'stopped', 'median ms', 'p95 ms', 'max ms', 'median CPU ms', 'length / 2-D', 'cusps (mean)'], rows));
  if (unsolvedLines.length > 0) console.log(`unsolved (status, and the budget that ended the search when it was stopped):\n${unsolvedLines.join('\n')}`);
  // A 2-D plan ignores heading, so it connects pairs that a car that cannot reverse cannot join: a Dubins search that expanded
  // every pose it could reach ('unreachable') proved that, at its discretisation, and such a pair is not connected for that car.
  // A Reeds-Shepp search that ends so would be a pair the 2-D plan joins and the planner cannot: it stays among the unsolved.
  // With --settle, a Dubins query a budget stopped may be proven pathless by the search without budgets.
  const proven = (r: Run) => r.motion === 'dubins' && (r.status === 'unreachable' || r.settled?.status === 'unreachable');
  const noForward = all.filter(proven).length, late = all.filter((r) => r.motion === 'dubins' && r.settled?.status === 'unreachable').length;
  const connected = all.length - noForward, unsolved = all.filter((r) => !r.solved).length - noForward;
  // The budget is wall-clock time, as Nav2's max_planning_time is: on a loaded machine the CPU time tells what the planner needed.
  const overCpu = all.filter((r) => !proven(r) && !(r.solved && r.cpuMs <= 1000)).length;
  const med = median(all.map((r) => r.ms)), medCpu = median(all.map((r) => r.cpuMs));
  console.log(`no forward-only path: ${noForward} Dubins pair${noForward === 1 ? '' : 's'} (the search expanded every pose it could reach${SETTLE ? `; ${late} of them only without budgets` : ''}), not counted as connected for a car that cannot reverse`);
  console.log(`target: median under 100 ms: ${f(med, 1)} ms (${f(medCpu, 1)} ms CPU), ${med < 100 ? 'met' : 'MISSED'}; every connected pair solved within ${BUDGET_S} s: ${unsolved === 0 ? 'met' : `MISSED (${unsolved} of ${connected} unsolved)`}; solved with at most 1 s of CPU: ${connected - overCpu} of ${connected}`);
}

main();
