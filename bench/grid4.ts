/**
 * The 4-connected preprocessing track (issue 14): `SubgoalSearcher4` against
 * `l1-path-finder` (the peer that preprocesses a corner visibility graph)
 * and our own 4-connected A*, on the grid track's seeded sample of Moving AI
 * scenarios made 4-connected.
 *
 *   npm run build && node --expose-gc dist/bench/grid4.js [--quick] [--per-family=N] [--families=a,b]
 *
 * (also part of `npm run bench`). Build time and build memory are measured
 * the same way for every library (`runLib`: wall time of its build, heap
 * plus typed-array bytes retained after full collections, summed over the
 * family's maps). A query is one search and its path (cell ids for ours,
 * corner points for l1-path-finder), timed as its median over the rounds.
 * Every path is checked (`checkPath`, 4-neighbour steps) and its length
 * compared with the 4-connected optimum of the generic engine; the cost
 * `SubgoalSearcher4` reports is compared with it too. The native C++ A*
 * (bench/native/astar.cpp) has no 4-connected mode, so it has no column here.
 */
import { fileURLToPath } from 'node:url';
import { SubgoalSearcher4 } from '#bestfirst/grid';
import { FAMILIES, fourConnected, perMapSums, runLib, sampleFamily, type Family, type LibResult, type MapSample, type Warmup } from './bench-grid.js';
import { BESTFIRST_ASTAR4, BESTFIRST_SUBGOAL4, L1_PATH_FINDER } from './bench-libs.js';
import { collect, f, geomean, machine, stopObserving, table } from './bench-measure.js';
import type { Lib } from './bench-libs.js';

export interface Grid4Options {
  quick: boolean;
  perFamily: number;
  families: readonly Family[];
  ourRounds: number;
  seed: number;
}

export interface Grid4Summary {
  /** Per family: l1-path-finder's query time over ours (sum over the same queries), and the build ratios. */
  perFamily: { fam: Family; queryVsL1: number; buildMsVsL1: number; buildMbVsL1: number; costsEqual: boolean; perMap: { map: string; queryVsL1: number }[] }[];
}

/**
 * Each library's warm-up on each map, the same for all three: up to 300 ms.
 * With the grid track's cap of 50 passes (`WARMUP`), dao/arena, the track's
 * first map, ran its 4 queries 200 times, about a millisecond, and its timed
 * rounds measured code the JIT had not yet optimised, for each library
 * (subgoal4 took some 25 us a query there, 3 us once optimised).
 */
const WARMUP4: Warmup = { ms: 300, passes: Infinity };

const sum = (a: number[]) => a.reduce((s, x) => s + x, 0);
const pct = (k: number, n: number) => (n ? `${f((100 * k) / n)}%` : '-');

/** How many of the sample's queries get the optimum as `SubgoalSearcher4.cost` (a fresh searcher per map). */
function costsChecked(maps: MapSample[]): { n: number; equal: number } {
  let n = 0, equal = 0;
  for (const m of maps) {
    const s = new SubgoalSearcher4(m.grid), w = m.grid.width;
    for (const q of m.queries) {
      n++;
      s.search(q.sy * w + q.sx, q.gy * w + q.gx);
      if (s.cost === q.optimal) equal++;
    }
  }
  return { n, equal };
}

/** Heap and typed-array bytes in use after full collections, waiting for typed-array stores to be freed. */
async function settled(): Promise<number> {
  let m = Infinity;
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((r) => setTimeout(r, 40));
    const u = process.memoryUsage();
    m = Math.min(m, u.heapUsed + u.arrayBuffers);
  }
  return m;
}

/**
 * What a library's built structures hold, summed over the maps: each map
 * built alone between two settled measurements (the structure kept alive
 * across the second), in a pass of its own so that nothing else the track
 * allocates is counted or freed in between.
 */
async function buildBytes(lib: Lib, maps: MapSample[]): Promise<number> {
  let total = 0;
  // Declared outside the loop and dropped before each "before": an async function keeps a local
  // alive across an await until it is overwritten, so the last map's structure would count against the next.
  const slot: { built: unknown } = { built: null };
  for (const m of maps) {
    slot.built = null;
    const before = await settled();
    slot.built = lib.build(m.grid);
    total += (await settled()) - before;
  }
  return total;
}

/** Runs the track, reporting through `say` (markdown lines). */
export async function grid4Track(o: Grid4Options, say: (s?: string) => void): Promise<Grid4Summary> {
  const block = (s: string) => { say('```'); say(s); say('```'); };
  say('## 4-connected preprocessing track (subgoal graph against l1-path-finder)');
  say();
  say(`${o.perFamily} seeded scenarios per family (the grid track's sample${o.quick ? ', one map per family' : ''}), 4-connected; optimum from the generic engine. ` +
    `bestfirst ${o.ourRounds} timed rounds, l1-path-finder 1, each after a checked round and up to ${WARMUP4.ms} ms of untimed passes. Build ms and MB: summed over the family's maps (MB: heap and typed arrays retained after full collections, each map built alone in a pass of its own). ` +
    'Ratios are the peer\'s figure over subgoal4\'s (above 1: subgoal4 is faster or smaller); query ratios sum the same queries. The native C++ A* has no 4-connected mode.');
  say();
  const rows: string[][] = [];
  const summary: Grid4Summary = { perFamily: [] };
  for (const fam of o.families) {
    const maps = fourConnected(sampleFamily(fam, o.perFamily, o.seed + FAMILIES.indexOf(fam), o.quick ? 1 : Infinity));
    const costs = costsChecked(maps);
    const rs: LibResult[] = [];
    for (const lib of [BESTFIRST_SUBGOAL4, L1_PATH_FINDER, BESTFIRST_ASTAR4]) {
      const r = await runLib(lib, fam, maps, lib === L1_PATH_FINDER ? 1 : o.ourRounds, undefined, WARMUP4);
      rs.push(r);
      process.stderr.write(`  grid4 ${fam.padEnd(7)} ${lib.name.padEnd(22)} n=${r.n} median ${f(r.median, 1)} us, build ${f(r.buildMs)} ms, ${f(r.optimal * 100 / r.n)}% optimal\n`);
    }
    // Build memory from a pass of its own (see buildBytes), not runLib's figure.
    for (const r of rs) r.buildBytes = await buildBytes([BESTFIRST_SUBGOAL4, L1_PATH_FINDER, BESTFIRST_ASTAR4].find((l) => l.name === r.lib)!, maps);
    const [ours, l1] = rs;
    for (const r of rs) {
      rows.push([
        `${fam} ${r.lib}`, String(r.n), f(r.median, 1), f(r.mean, 1), f(sum(r.us) / sum(ours.us), 2), pct(r.optimal, r.n), pct(r.valid, r.n),
        f(r.buildMs, 1), f(r.buildBytes / 2 ** 20, 1), f(r.buildMs / ours.buildMs, 2), f(r.buildBytes / ours.buildBytes, 2), `${r.gcMinor}/${r.gcMajor}`,
      ]);
    }
    summary.perFamily.push({
      fam, queryVsL1: sum(l1.us) / sum(ours.us), buildMsVsL1: l1.buildMs / ours.buildMs, buildMbVsL1: l1.buildBytes / ours.buildBytes,
      costsEqual: costs.equal === costs.n && ours.optimal === ours.n && ours.valid === ours.n,
      perMap: ((o, p) => maps.map((m, i) => ({ map: m.name, queryVsL1: p[i] / o[i] })))(perMapSums(maps, ours.us), perMapSums(maps, l1.us)),
    });
    say(`- ${fam}: subgoal4's reported cost equals the optimum on ${costs.equal} of ${costs.n} queries`);
  }
  say();
  block(table(['family library', 'n', 'median us', 'mean us', 'query x', 'optimal', 'valid', 'build ms', 'build MB', 'build ms x', 'build MB x', 'GC min/maj'], rows));
  say();
  for (const l of grid4Targets(summary)) say(l);
  say();
  return summary;
}

/** The issue's 4-connected target, family by family. */
export function grid4Targets(s: Grid4Summary): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
  const lines = s.perFamily.map((p) =>
    `- 4-connected, ${p.fam}: l1-path-finder takes ${f(p.queryVsL1, 2)}x subgoal4's query time (${mark(p.queryVsL1 > 1)}); its build ${f(p.buildMsVsL1, 2)}x the time (${mark(p.buildMsVsL1 >= 1)}) and ${f(p.buildMbVsL1, 2)}x the memory (${mark(p.buildMbVsL1 >= 1)}); every cost equal to the optimum: ${p.costsEqual ? 'yes' : '**no**'}; ` +
    `per map, l1-path-finder's query time over subgoal4's: ${p.perMap.map((m) => `${m.map.split('/')[1]} ${f(m.queryVsL1, 2)}x${m.queryVsL1 > 1 ? '' : ' (**not met**)'}`).join(', ')}`);
  lines.push(`- 4-connected, geometric means over families: query ${f(geomean(s.perFamily.map((p) => p.queryVsL1)), 2)}x, build time ${f(geomean(s.perFamily.map((p) => p.buildMsVsL1)), 2)}x, build memory ${f(geomean(s.perFamily.map((p) => p.buildMbVsL1)), 2)}x (l1-path-finder over subgoal4)`);
  return lines;
}

// Run alone: node --expose-gc dist/bench/grid4.js [--quick] [--per-family=N] [--families=a,b]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  for (const a of args) {
    if (!/^--(quick|per-family=\d+|families=.*)$/.test(a)) { console.error(`grid4: unknown argument ${a}; expected --quick, --per-family=N, --families=a,b`); process.exit(2); }
  }
  const quick = args.includes('--quick');
  const families = (opt('families')?.split(',') ?? [...FAMILIES]) as Family[];
  for (const fam of families) if (!FAMILIES.includes(fam)) { console.error(`grid4: unknown family ${fam}; expected ${FAMILIES.join(', ')}`); process.exit(2); }
  const m = machine();
  console.log(`node ${m.node}, ${m.cpu} x ${m.cores}; load average ${m.load.map((l) => f(l, 2)).join(', ')}`);
  grid4Track({ quick, perFamily: Number(opt('per-family') ?? (quick ? 4 : 24)), families, ourRounds: quick ? 2 : 5, seed: 20261201 }, (s = '') => console.log(s))
    .then(() => { console.log(`load average at end: ${machine().load.map((l) => f(l, 2)).join(', ')}`); stopObserving(); })
    .catch((e) => { console.error(e instanceof Error ? e.stack : e); process.exit(1); });
}
