/**
 * What planning for every start, and refining a plan, cost against one plain
 * search.
 *
 *   npm run build && node dist/bench/repair-reuse.js [runs]
 *
 * (a) The universal plan (backward Dijkstra to exhaustion) on the largest
 *     Moving AI map here, against one forward Dijkstra of the engine that
 *     also settles every cell. To make the engine exhaust the map without
 *     changing its work, the goal is one extra free cell walled in on all
 *     four sides (no diagonal reaches it without corner cutting): the search
 *     settles the whole component of the start, finds OPEN empty, and stops.
 *     The universal plan runs on the same grid.
 * (b) ARA* (3, 2, 1.5, 1) to its proof of optimality, against one A* and
 *     against fresh weighted A* searches at the same inflations, on the
 *     longest scenario of several maps. ARA*'s time to its first path is
 *     shown too: that is what an anytime planner is for.
 *
 * Every figure is the median of `runs` timed runs after one warm-up run.
 * Data: data/movingai/ (then data/extra/movingai/, see bench-data.ts).
 */
import { readFileSync } from 'node:fs';
import { Searcher, type Grid, octile, COST_TO_COME, sum } from '#bestfirst';
import { AraSearcher, ARA_SCHEDULE, UniversalPlanner } from '#bestfirst/repair';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { roundOrder } from './round-order.js';

const RUNS = Math.max(1, Number(process.argv[2] ?? 5));

const path = (rel: string) => dataFile(`movingai/${rel}`);
const loadMap = (rel: string): Grid => parseMap(readFileSync(path(rel), 'utf8'), path(rel));

/**
 * Median wall times in ms of `fs`, run in turn `RUNS` times after one
 * untimed round: taking turns keeps a busy machine's slow spells from
 * landing on one contestant only.
 */
function medians(fs: ReadonlyArray<() => void>): number[] {
  for (const f of fs) f();
  const times = fs.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) {
    // An order that changes each run (roundOrder), so no contestant always runs right after the same one.
    for (const i of roundOrder(fs.length, r)) {
      const t0 = performance.now();
      fs[i]();
      times[i].push(performance.now() - t0);
    }
  }
  return times.map(mid);
}

function mid(t: number[]): number {
  const s = t.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

const ms = (v: number) => v.toFixed(1).padStart(8);
const num = (v: number) => String(v).padStart(9);

/** A blocked cell whose four axial neighbours are blocked or off the map. */
function walledInCell(grid: Grid): number {
  const w = grid.width, h = grid.height, c = grid.cells;
  const shut = (x: number, y: number) => x < 0 || y < 0 || x >= w || y >= h || c[y * w + x] !== 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (c[y * w + x] !== 0 && shut(x + 1, y) && shut(x - 1, y) && shut(x, y + 1) && shut(x, y - 1)) return y * w + x;
    }
  }
  throw new Error('repair-reuse: no walled-in cell to use as an unreachable goal');
}

function universalVersusDijkstra(rel: string): void {
  const grid = loadMap(rel).with({});
  const scen = parseScen(readFileSync(path(`${rel}.scen`), 'utf8'), path(`${rel}.scen`));
  const last = scen[scen.length - 1];
  const goal = grid.id(last.goalX, last.goalY);
  const island = walledInCell(grid);
  grid.setBlocked(island, false);

  const planner = new UniversalPlanner(grid);
  const searcher = new Searcher(grid);
  const [tPlan, tDijkstra] = medians([
    () => { planner.plan(goal); },
    () => { searcher.search(goal, island, { priority: COST_TO_COME }); },
  ]);
  if (searcher.status !== 'unreachable') throw new Error(`repair-reuse: the walled-in goal was reached (${searcher.status})`);
  console.log(`(a) ${rel}: ${grid.width} x ${grid.height}, ${grid.freeCount() - 1} free cells; goal ${grid.formatXY(goal)}; unreachable target ${grid.formatXY(island)}`);
  console.log('    search                               settled        ms');
  console.log(`    universal plan (backward, to exhaustion) ${num(planner.reachable)} ${ms(tPlan)}`);
  console.log(`    engine Dijkstra (forward, exhausts)      ${num(searcher.expansions)} ${ms(tDijkstra)}`);
  console.log(`    ratio plan / Dijkstra: ${(tPlan / tDijkstra).toFixed(2)}; largest cost-to-go ${planner.maxCostToGo.toFixed(2)}`);
}

function araVersusAstar(rels: readonly string[]): void {
  console.log(`\n(b) ARA* (${ARA_SCHEDULE.join(', ')}) to proven optimality vs one A* and vs fresh weighted A* at the same eps; longest scenario of each map`);
  console.log('    map                        optimal   A* exp    A* ms | ARA exp  ARA ms  1st ms rounds | wA* exp  wA* ms | ARA/A* ms  ARA/wA* ms');
  for (const rel of rels) {
    const grid = loadMap(rel);
    const scen = parseScen(readFileSync(path(`${rel}.scen`), 'utf8'), path(`${rel}.scen`));
    const s = scen[scen.length - 1];
    const start = grid.id(s.startX, s.startY), goal = grid.id(s.goalX, s.goalY);
    const h = octile(grid);
    const astar = new Searcher(grid);
    const araS = new AraSearcher(grid);
    const firsts: number[] = [];
    const epsRun: number[] = [];
    let aExp = 0, aCost = 0, wExp = 0;
    const [tA, tAra, tW] = medians([
      () => { astar.search(start, goal, { heuristic: h }); aExp = astar.expansions; aCost = astar.cost; },
      () => {
        araS.begin(start, goal, h);
        const t0 = performance.now();
        araS.iterate();
        firsts.push(performance.now() - t0);
        araS.run();
        if (epsRun.length === 0) epsRun.push(...araS.iterations.map((it) => it.eps));
      },
      () => {
        wExp = 0;
        // The inflations ARA* ran (it may prove optimality before the schedule ends).
        for (const eps of epsRun) { astar.search(start, goal, { heuristic: h, priority: sum(eps) }); wExp += astar.expansions; }
      },
    ]);
    const first = mid(firsts);
    const r = araS.result();
    if (r.status !== 'found' || r.bound !== 1 || Math.abs(r.cost - aCost) > 1e-6) throw new Error(`repair-reuse: ARA* ended ${r.status} at ${r.cost}, A* at ${aCost}`);
    console.log(`    ${rel.padEnd(26)} ${s.optimal.toFixed(2).padStart(8)} ${num(aExp)} ${ms(tA)} | ${String(r.expansions).padStart(7)} ${ms(tAra).slice(1)} ${ms(first).slice(1)} ${String(r.iterations.length).padStart(6)} | ${num(wExp).slice(1)} ${ms(tW)} | ${(tAra / tA).toFixed(2).padStart(9)} ${(tAra / tW).toFixed(2).padStart(11)}`);
  }
}

console.log(`repair-reuse: median of ${RUNS} runs after a warm-up; node ${process.version}`);
universalVersusDijkstra('dao/orz900d.map');
araVersusAstar(['dao/den312d.map', 'dao/arena2.map', 'dao/brc202d.map', 'dao/orz900d.map', 'maze/maze512-8-0.map', 'room/8room_000.map', 'random/random512-25-0.map', 'street/Boston_0_512.map']);
