/**
 * What `PreprocessedSearcher8` chooses by, map by map: on the 8-connected
 * track's seeded scenarios (bench-grid.ts's sampleFamily, the JPS+ track's
 * seed), under both corner rules, per map the contracted subgoal graph's
 * measures (the core's share of the subgoals, its edge entries per subgoal
 * and per core subgoal, the stored edges per subgoal), the choice, and the time of the subgoal graph
 * (SG8), of JPS+ and of online JPS on the map's queries: each query's
 * median over `rounds` timed rounds (search and full path) after an
 * untimed warm-up of 30, summed over the map's queries. "JPS+/SG8" below 1
 * is a map where JPS+ was the faster.
 *
 *   npm run build && node dist/bench/preprocessed8-maps.js [per-family] [rounds]
 */
import { JumpPointSearcher, type Grid } from '#bestfirst';
import { JpsPlusSearcher, PreprocessedSearcher8, SubgoalSearcher8 } from '#bestfirst/grid';
import { FAMILIES, sampleFamily } from './bench-grid.js';
import { f, median, table } from './bench-measure.js';

const PER_FAMILY = Number(process.argv[2] ?? 60);
const ROUNDS = Math.max(1, Number(process.argv[3] ?? 9));
const SEED = 20261201;

interface Timed { search(a: number, b: number): string; pathInto(out: Int32Array): number }

const rows: string[][] = [];
for (const rule of ['no-corner-cutting', 'always'] as const) {
  for (const fam of FAMILIES) {
    for (const m of sampleFamily(fam, PER_FAMILY, SEED + FAMILIES.indexOf(fam))) {
      const grid: Grid = rule === 'always' ? m.grid.with({ diagonalRule: 'always' }) : m.grid;
      const pre = new PreprocessedSearcher8(grid);
      const buf = new Int32Array(grid.size);
      const ids = m.queries.map((q) => [q.sy * grid.width + q.sx, q.gy * grid.width + q.gx] as const);
      const sums = ([new SubgoalSearcher8(grid), new JpsPlusSearcher(grid), new JumpPointSearcher(grid)] as Timed[]).map((x) => {
        for (let r = 0; r < 30; r++) for (const [a, b] of ids) { x.search(a, b); x.pathInto(buf); }
        const times = ids.map(() => [] as number[]);
        for (let r = 0; r < ROUNDS; r++) {
          ids.forEach(([a, b], q) => {
            const t = performance.now();
            x.search(a, b);
            x.pathInto(buf);
            times[q].push((performance.now() - t) * 1000);
          });
        }
        return times.reduce((s, t) => s + median(t), 0);
      });
      const degree = pre.coreShare > 0 ? pre.coreEntriesPerSubgoal / pre.coreShare : 0;
      rows.push([m.name, rule, String(ids.length), `${f(100 * pre.coreShare, 0)}%`, f(pre.coreEntriesPerSubgoal, 1), f(degree, 1), f(pre.edgesPerSubgoal, 2), pre.choice,
        f(sums[0], 0), f(sums[1], 0), f(sums[2], 0), f(sums[1] / sums[0], 2)]);
    }
  }
}
console.log(`PreprocessedSearcher8's measures and choice per map, against the time of both searchers: ${PER_FAMILY} seeded scenarios per family, ${ROUNDS} timed rounds.`);
console.log(table(['map', 'rule', 'queries', 'core', 'entries/subgoal', 'entries/core subgoal', 'edges/subgoal', 'choice', 'SG8 us', 'JPS+ us', 'JPS us', 'JPS+/SG8'], rows));
