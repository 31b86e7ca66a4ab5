/**
 * The grid track: a fixed seeded sample of Moving AI scenarios per family,
 * and one library run over it. Every query runs once untimed first (warm-up,
 * and every returned path checked with `checkPath` and compared with the
 * published optimum, so a library that breaks on reuse shows it), then
 * `rounds` timed rounds (a query's time is its median over them) with nothing else in the loop (so heap growth and
 * garbage collections are the library's own).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Searcher, type Grid } from '#bestfirst';
import { checkPath, sameLength } from '#bestfirst/grid';
import { parseMap, parseScen } from '#bestfirst/io';
import { DATA_DIRS } from './bench-data.js';
import { fourConnectedOptimum, type Lib } from './bench-libs.js';
import { mean, median, openWindow, retainedBytes, rng, type LoopStats } from './bench-measure.js';

export const FAMILIES = ['dao', 'maze', 'random', 'room', 'street'] as const;
export type Family = (typeof FAMILIES)[number];

export interface Query { sx: number; sy: number; gx: number; gy: number; optimal: number }
export interface MapSample { name: string; file: string; grid: Grid; queries: Query[] }

/**
 * A family's folder in the committed data (data/movingai/<family>/). The
 * sample is drawn from it alone, so extra maps in data/extra/ never change
 * the published sample.
 */
export function familyDir(family: Family): string {
  const dir = join(DATA_DIRS[0], 'movingai', family);
  if (!existsSync(dir)) throw new Error(`bench: Moving AI data not found; looked in ${dir} (see data/README.md)`);
  return dir;
}

/**
 * `perFamily` scenarios of a family, spread round-robin over its maps (the
 * classic hog2 scenario files; at most `maxMaps` of them), each row drawn
 * with a seeded generator.
 */
export function sampleFamily(family: Family, perFamily: number, seed: number, maxMaps = Infinity): MapSample[] {
  const dir = familyDir(family);
  const all = readdirSync(dir).filter((f) => f.endsWith('.map')).sort();
  // With fewer maps than the family has, take them from the middle of the sorted list (not arena, the tiny one).
  const from = Math.max(0, Math.floor((all.length - Math.min(maxMaps, all.length)) / 2));
  const names = all.slice(from, from + Math.min(maxMaps, all.length));
  const next = rng(seed);
  const maps = names.map((name) => {
    const file = join(dir, name);
    const grid = parseMap(readFileSync(file, 'utf8'), `${family}/${name}`);
    const rows = parseScen(readFileSync(`${file}.scen`, 'utf8'), `${family}/${name}.scen`);
    return { name: `${family}/${name.replace(/\.map$/, '')}`, file, grid, rows, queries: [] as Query[] };
  });
  for (let i = 0; i < perFamily; i++) {
    const m = maps[i % maps.length];
    const r = m.rows[Math.floor(next() * m.rows.length)];
    m.queries.push({ sx: r.startX, sy: r.startY, gx: r.goalX, gy: r.goalY, optimal: r.optimal });
  }
  return maps.filter((m) => m.queries.length > 0).map(({ name, file, grid, queries }) => ({ name, file, grid, queries }));
}

/** For the 4-connected track: the same queries with their 4-connected optimum from the generic engine. */
export function fourConnected(maps: MapSample[]): MapSample[] {
  return maps.map((m) => {
    const grid4 = m.grid.with({ connectivity: 4 });
    const s = new Searcher(grid4);
    const w = grid4.width;
    return { ...m, grid: grid4, queries: m.queries.map((q) => ({ ...q, optimal: fourConnectedOptimum(grid4, s, q.sy * w + q.sx, q.gy * w + q.gx) })) };
  });
}

/**
 * A library's per-query times (`LibResult.us`, sample order) summed map by
 * map: a family's figure can hide a map where the library loses (issue 36
 * asks for its targets on every map). The maps must be the ones the result
 * was run on, and the library uncapped (`Lib.cap`), so that the queries line up.
 */
export function perMapSums(maps: readonly MapSample[], us: readonly number[]): number[] {
  let at = 0;
  const sums = maps.map((m) => {
    let s = 0;
    for (let i = 0; i < m.queries.length; i++) s += us[at + i];
    at += m.queries.length;
    return s;
  });
  if (at !== us.length) throw new Error(`perMapSums: ${us.length} times for ${at} queries`);
  return sums;
}

export interface LibResult extends LoopStats {
  lib: string;
  family: string;
  n: number;
  /** Per query: mean microseconds over the timed rounds, in sample order. */
  us: number[];
  median: number;
  mean: number;
  valid: number;
  optimal: number;
  buildMs: number;
  buildBytes: number;
  notes: string[];
}

/**
 * When a checked path counts as optimal: by default its length matches the
 * published optimum up to the scenario files' print precision; the costmap
 * track asks for equality up to rounding instead (see `sameCost`).
 */
export type Judge = (length: number, q: Query) => boolean;

/**
 * The untimed passes over a map's queries before its timed rounds: until the
 * library has run `ms` milliseconds on the map, or `passes` passes. The
 * default suits a track whose maps each take many passes; a small first map
 * (dao/arena: 4 queries of a few microseconds) ends 50 passes in about a
 * millisecond, while the JIT may take a few hundred to have optimised code.
 */
export interface Warmup { ms: number; passes: number }

export const WARMUP: Warmup = { ms: 100, passes: 50 };

export async function runLib(lib: Lib, family: string, maps: MapSample[], rounds: number, judge: Judge = (length, q) => sameLength(length, q.optimal), warmup: Warmup = WARMUP): Promise<LibResult> {
  const us: number[] = [];
  let valid = 0, optimal = 0, buildMs = 0, buildBytes = 0;
  const notes = new Set<string>();
  const stats: LoopStats = { wallMs: 0, cpuShare: 0, heapGrowth: 0, gcMinor: 0, gcMajor: 0 };
  let cpuWeighted = 0;
  let left = lib.cap ?? Infinity;
  for (const m of maps) {
    const queries = m.queries.slice(0, Math.max(0, left));
    left -= queries.length;
    if (queries.length === 0) continue;
    const before = await retainedBytes();
    const t0 = performance.now();
    const built = lib.build(m.grid);
    buildMs += performance.now() - t0;
    buildBytes += (await retainedBytes()) - before;

    // Untimed round: warm-up and the independent check of every answer.
    for (const q of queries) {
      const start = q.sy * m.grid.width + q.sx, goal = q.gy * m.grid.width + q.gx;
      let p: ArrayLike<number> | null = null;
      try {
        built.query(q.sx, q.sy, q.gx, q.gy);
        p = built.path();
      } catch (e) {
        notes.add(`threw: ${(e as Error).message.slice(0, 60)}`);
      }
      if (!p) { notes.add('returned no path on a solvable query'); continue; }
      const c = checkPath(m.grid, p, start, goal);
      if (!c.ok) { notes.add(c.reason.replace(/\(\d+,\d+\)/g, '(x,y)').replace(/^step \d+/, 'step').slice(0, 70)); continue; }
      valid++;
      if (judge(c.length, q)) optimal++;
    }

    // More untimed passes until the JIT has had `warmup.ms` of this library (at most `warmup.passes` passes),
    // so the timed rounds measure optimised code even on a small map with few, short queries.
    const warm0 = performance.now();
    warm: for (let pass = 0; pass < warmup.passes; pass++) {
      for (const q of queries) {
        if (performance.now() - warm0 > warmup.ms) break warm;
        try { built.query(q.sx, q.sy, q.gx, q.gy); } catch { /* reported above */ }
      }
    }
    const times = new Float64Array(queries.length * rounds);
    const win = openWindow();
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < queries.length; i++) {
        const q = queries[i];
        const t = performance.now();
        try { built.query(q.sx, q.sy, q.gx, q.gy); } catch { /* reported by the checked round */ }
        times[i * rounds + r] = performance.now() - t;
      }
    }
    const s = await win.close();
    if (process.env.BENCH_DEBUG) process.stderr.write(`    ${lib.name} ${m.name} heap ${(s.heapGrowth / 1024).toFixed(0)} KB over ${queries.length * rounds} queries\n`);
    stats.wallMs += s.wallMs;
    cpuWeighted += s.cpuShare * s.wallMs;
    stats.heapGrowth += s.heapGrowth;
    stats.gcMinor += s.gcMinor;
    stats.gcMajor += s.gcMajor;
    // Per query: the median over the rounds (robust to another process taking the CPU for a moment).
    for (let i = 0; i < queries.length; i++) us.push(1000 * median(times.subarray(i * rounds, (i + 1) * rounds)));
  }
  stats.cpuShare = stats.wallMs > 0 ? cpuWeighted / stats.wallMs : 1;
  return { lib: lib.name, family, n: us.length, us, median: median(us), mean: mean(us), valid, optimal, buildMs, buildBytes, notes: [...notes], ...stats };
}
