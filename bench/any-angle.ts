/**
 * Any-angle paths on the Moving AI maps (issue 12): how much shorter than the
 * octile A* path, and how much slower than A*. For each family, the same
 * seeded scenarios as the grid track draw (bench-grid.ts's sampleFamily):
 * - A*: the grid fast path (GridSearcher, octile h), its cost checked
 *   against the published optimum;
 * - Lazy Theta* and Theta* (AnyAngleSearcher), and A* followed by
 *   smoothPath: each path checked (checkAnyAnglePath: line of sight on every
 *   segment) and held to at most the A* cost and at least the straight line.
 * Times are the median over the timed rounds of each query (after one
 * untimed round that checks), search and path included; "x A*" is total
 * time over A*'s total on the same queries; "shorter" is the mean of
 * 1 - length / A* length.
 *
 *   npm run build && node dist/bench/any-angle.js [per-family] [rounds]
 */
import { GridSearcher, type Grid } from '#bestfirst';
import { AnyAngleSearcher, smoothPath } from '#bestfirst/grid';
import { checkAnyAnglePath, sameLength } from '#bestfirst/grid';
import { FAMILIES, sampleFamily } from './bench-grid.js';
import { f, table } from './bench-measure.js';

const PER_FAMILY = Number(process.argv[2] ?? 60);
const ROUNDS = Math.max(1, Number(process.argv[3] ?? 3));
// The grid track's seed, so the queries are the ones its tables time.
const SEED = 20261201;

interface Way {
  readonly name: string;
  /** Runs one query and returns its cost and waypoints (or null when it found none). */
  run(grid: Grid, start: number, goal: number): { cost: number; path: number[] | null };
}

function ways(grid: Grid): Way[] {
  const astar = new GridSearcher(grid), any = new AnyAngleSearcher(grid);
  const found = (status: string, s: { cost: number; path(): number[] | null }) => ({ cost: status === 'found' ? s.cost : Infinity, path: status === 'found' ? s.path() : null });
  return [
    { name: 'A* (octile)', run: (_, a, b) => found(astar.search(a, b), astar) },
    { name: 'Lazy Theta*', run: (_, a, b) => found(any.search(a, b, { algorithm: 'lazy-theta' }), any) },
    { name: 'Theta*', run: (_, a, b) => found(any.search(a, b, { algorithm: 'theta' }), any) },
    {
      name: 'A* + smoothPath', run: (g, a, b) => {
        if (astar.search(a, b) !== 'found') return { cost: Infinity, path: null };
        const path = smoothPath(g, astar.path()!);
        let cost = 0;
        const check = checkAnyAnglePath(g, path, a, b);
        if (check.ok) cost = check.length;
        return { cost, path };
      },
    },
  ];
}

interface Tally { us: number[]; shorter: number[]; segments: number[] }

const rows: string[][] = [];
const totals = new Map<string, { us: number; astarUs: number; shorter: number[] }>();
let problems = 0;
for (const fam of FAMILIES) {
  const maps = sampleFamily(fam, PER_FAMILY, SEED + FAMILIES.indexOf(fam));
  const tally = new Map<string, Tally>();
  for (const m of maps) {
    const grid = m.grid, list = ways(grid);
    for (const q of m.queries) {
      const start = q.sy * grid.width + q.sx, goal = q.gy * grid.width + q.gx;
      const line = Math.hypot(q.gx - q.sx, q.gy - q.sy);
      let astarCost = NaN;
      for (const way of list) {
        // The untimed round checks the answer.
        const r = way.run(grid, start, goal);
        if (r.path === null) { problems++; console.error(`${m.name} ${way.name}: no path for (${q.sx},${q.sy}) -> (${q.gx},${q.gy})`); continue; }
        if (way.name.startsWith('A* (')) {
          astarCost = r.cost;
          if (!sameLength(r.cost, q.optimal)) { problems++; console.error(`${m.name}: A* cost ${r.cost}, optimum ${q.optimal}`); }
        } else {
          const check = checkAnyAnglePath(grid, r.path, start, goal);
          if (!check.ok) { problems++; console.error(`${m.name} ${way.name}: ${check.reason}`); }
          if (r.cost > astarCost * (1 + 1e-9) || r.cost < line * (1 - 1e-9)) { problems++; console.error(`${m.name} ${way.name}: cost ${r.cost} outside [${line}, ${astarCost}]`); }
        }
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const t0 = performance.now();
          way.run(grid, start, goal);
          times.push((performance.now() - t0) * 1000);
        }
        times.sort((a, b) => a - b);
        let t = tally.get(way.name);
        if (t === undefined) { t = { us: [], shorter: [], segments: [] }; tally.set(way.name, t); }
        t.us.push(times[times.length >> 1]);
        t.shorter.push(1 - r.cost / astarCost);
        t.segments.push(r.path.length - 1);
      }
    }
  }
  const astar = tally.get('A* (octile)')!;
  const sumOf = (a: number[]) => a.reduce((s, x) => s + x, 0);
  const meanOf = (a: number[]) => sumOf(a) / a.length;
  const medianOf = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
  for (const [name, t] of tally) {
    rows.push([fam, name, String(t.us.length), f(medianOf(t.us), 1), f(meanOf(t.us), 1), f(sumOf(t.us) / sumOf(astar.us), 2), `${f(100 * meanOf(t.shorter), 2)}%`, `${f(100 * Math.max(...t.shorter), 1)}%`, f(meanOf(t.segments), 1)]);
    const tot = totals.get(name) ?? { us: 0, astarUs: 0, shorter: [] };
    tot.us += sumOf(t.us);
    tot.astarUs += sumOf(astar.us);
    tot.shorter.push(...t.shorter);
    totals.set(name, tot);
  }
}
for (const [name, t] of totals) {
  rows.push(['all', name, String(t.shorter.length), '', '', f(t.us / t.astarUs, 2), `${f((100 * t.shorter.reduce((s, x) => s + x, 0)) / t.shorter.length, 2)}%`, `${f(100 * Math.max(...t.shorter), 1)}%`, '']);
}
console.log(`Any-angle paths: ${PER_FAMILY} seeded scenarios per family (the grid track's), ${ROUNDS} timed round${ROUNDS === 1 ? '' : 's'} each after a checking round; 8-connected, no corner cutting, line of sight under the same rule.`);
console.log(table(['family', 'search', 'n', 'median us', 'mean us', 'x A*', 'shorter than A* (mean)', 'most', 'segments'], rows));
console.log(problems === 0 ? 'Every path checked: line of sight on every segment, cost between the straight line and the A* cost.' : `${problems} PROBLEMS (listed on stderr)`);
if (problems > 0) process.exitCode = 1;
