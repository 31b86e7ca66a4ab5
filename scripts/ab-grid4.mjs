// Before and after, in one process, map by map: SubgoalSearcher4 of two built
// checkouts and l1-path-finder, alternating on the 4-connected track's
// seeded queries (bench/grid4.ts), process CPU time per query.
//
//   node scripts/ab-grid4.mjs OLD_CHECKOUT NEW_CHECKOUT [rounds]
//
// Each checkout must be built (`npm run build`) and is queried through its
// own bench/bench-libs adapter (search, then the path cell by cell), on a
// grid of its own build; l1-path-finder through the new checkout's adapter
// (search, corner points), as the track times it. Every answer of both
// checkouts is checked first (`checkPath`, length equal to the 4-connected
// optimum). Then each library runs its map's queries untimed for 300 ms (the
// JIT optimises on its own clock, not after a count of queries), and each
// round times each library on a batch of repetitions of the map's queries
// (about 40 ms), in the order old, new, l1 and reversed every other round.
// Per map: the median over the rounds of each library's CPU microseconds a
// query, l1's over each build's (above 1: subgoal4 is faster), and the
// median of the per-round ratios new/old. FAMS (comma-separated) narrows it.
// Why CPU time and one process: on the shared machine wall time mostly
// measures the neighbours, and two runs of the benchmark see two machines.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [oldRoot, newRoot] = process.argv.slice(2, 4);
if (!oldRoot || !newRoot) {
  console.error('usage: node scripts/ab-grid4.mjs OLD_CHECKOUT NEW_CHECKOUT [rounds]');
  process.exit(2);
}
const rounds = Number(process.argv[4] ?? 7);
const at = (root, file) => import(pathToFileURL(resolve(root, file)).href);
const load = async (root) => ({ libs: await at(root, 'dist/bench/bench-libs.js'), io: await at(root, 'dist/src/io/index.js'), grid: await at(root, 'dist/src/grid/index.js') });
const v = { old: await load(oldRoot), new: await load(newRoot) };
const g = await at(newRoot, 'dist/bench/bench-grid.js');

const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
/** CPU microseconds a query over `reps` passes of the queries. */
function timed(b, queries, reps) {
  const t = cpu();
  for (let r = 0; r < reps; r++) for (const q of queries) b.query(q.sx, q.sy, q.gx, q.gy);
  return (cpu() - t) / (reps * queries.length);
}

console.log('map                      n   old us   new us    l1 us  l1/old  l1/new  new/old');
for (const fam of g.FAMILIES.filter((f) => !process.env.FAMS || process.env.FAMS.split(',').includes(f))) {
  const maps = g.fourConnected(g.sampleFamily(fam, 24, 20261201 + g.FAMILIES.indexOf(fam)));
  for (const m of maps) {
    const built = {};
    for (const k of ['old', 'new']) {
      const grid = v[k].io.parseMap(readFileSync(m.file, 'utf8'), m.name).with({ connectivity: 4 });
      const b = v[k].libs.BESTFIRST_SUBGOAL4.build(grid);
      for (const q of m.queries) {
        b.query(q.sx, q.sy, q.gx, q.gy);
        const c = v[k].grid.checkPath(grid, b.path(), q.sy * grid.width + q.sx, q.gy * grid.width + q.gx);
        if (!c.ok || c.length !== q.optimal) throw new Error(`${k} ${m.name}: ${c.ok ? `length ${c.length}, optimum ${q.optimal}` : c.reason}`);
      }
      built[k] = b;
    }
    built.l1 = v.new.libs.L1_PATH_FINDER.build(m.grid);
    const names = ['old', 'new', 'l1'];
    for (const k of names) {
      const t0 = performance.now();
      while (performance.now() - t0 < 300) for (const q of m.queries) built[k].query(q.sx, q.sy, q.gx, q.gy);
    }
    const reps = Math.max(1, Math.round(40000 / (timed(built.l1, m.queries, 1) * m.queries.length)));
    const t = { old: [], new: [], l1: [] };
    for (let r = 0; r < rounds; r++) for (const k of r % 2 ? names.slice().reverse() : names) t[k].push(timed(built[k], m.queries, reps));
    const o = med(t.old), n = med(t.new), l = med(t.l1);
    const f = (x, d = 2) => x.toFixed(d).padStart(7);
    console.log(`${m.name.padEnd(22)} ${String(m.queries.length).padStart(3)} ${f(o, 1)}  ${f(n, 1)}  ${f(l, 1)} ${f(l / o)} ${f(l / n)} ${f(med(t.new.map((x, i) => x / t.old[i])), 3)}`);
  }
}
