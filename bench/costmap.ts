/**
 * The costmap track (issue 12): weighted A* where robots search, on
 * costmaps, against a native C++ weighted A* and the JavaScript libraries
 * that can charge per cell.
 *
 *   npm run build && node --expose-gc dist/bench/costmap.js [--quick] [--no-peers] [--per-family=N] [--pairs=N] [--any-angle-pairs=N] [--families=a,b | --warehouse-only]
 *
 * (also part of `npm run bench`). Two parts:
 *
 * 1. Moving AI maps with an inflation costmap grown from their own
 *    obstacles: `inflate` of the obstacle mask at 1 m a cell with inscribed
 *    radius 0, inflation radius 4 cells and cost scaling factor 1 (cost
 *    floor(252 exp(-d)): 92 at distance 1 down to 4 at distance 4), then `costmapToGrid` with costPenalty 2 (Nav2 Smac's default): a cell
 *    next to a wall weighs 1.73, one 4 cells away 1.03, open space 1. Why
 *    inscribed radius 0 and not a robot's: the families hold corridors one
 *    cell wide (maze512-1, the random maps), which a radius of 1 closes, so
 *    most of the published scenarios would have no path; radius 0 keeps every
 *    map's free cells and connectivity as they are (only the obstacles are
 *    lethal), so the benchmark's seeded scenario sample (the grid track's)
 *    stays valid as it is, and the costmap only says how near walls a path
 *    may pass. A query whose start or goal is blocked after inflation, or
 *    that has no path, would be skipped and counted (none is, with these
 *    settings). Every query's optimum comes from the generic engine
 *    (`Searcher` over the grid's arcs, tested against a plain Dijkstra); the
 *    fast path, the native reference and ngraph.path must reach it up to
 *    rounding (1e-9 relative). easystarjs charges diagonals 1.4, so its
 *    paths are judged against the engine's optimum with diagonal 1.4; it is
 *    not optimal even there (its h overestimates: see bench-libs.ts), so it
 *    is timed and shown but not counted as an optimal peer.
 * 2. Nav2's warehouse map (data/ros/), inflated for a 0.3 m robot (inscribed
 *    0.3 m, inflation 0.55 m, cost scaling 3, unknown cells kept, so
 *    lethal), `costmapToGrid` bottom-up with costPenalty 2; seeded start and
 *    goal cells drawn from the free cells one flood from a random free cell
 *    reaches (the main free space, so every pair has a path): A* time and
 *    path length in metres, the native reference beside it; A* with the
 *    landmark heuristic (`landmarks`, built once for the map outside the
 *    query times); Theta* and Lazy Theta*, every path checked.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { flood, GridSearcher, octile, Searcher, type Grid, type Heuristic } from '#bestfirst';
import { AnyAngleSearcher, landmarks } from '#bestfirst/grid';
import { costmapToGrid, inflate } from '#bestfirst/costmap';
import { checkAnyAnglePath } from '#bestfirst/grid';
import { parseRosMap, type RosMap } from '#bestfirst/io';
import { dataFile, shown } from './bench-data.js';
import { FAMILIES, runLib, sampleFamily, type Family, type Judge, type LibResult, type MapSample, type Query } from './bench-grid.js';
import { BESTFIRST_ASTAR, ours, WEIGHTED_LIBS } from './bench-libs.js';
import { f, geomean, machine, mean, median, rng, stopObserving, table } from './bench-measure.js';
import { buildNative, runNativeWeighted, type NativeRef } from './bench-native.js';

/** The Moving AI costmap: inflation in cells (resolution 1) of a mask made from a Grid's cells (so top-down), Smac's penalty. Documented at the top of this file. */
export const MAP_INFLATION = { resolution: 1, rowOrder: 'top-down', inscribedRadius: 0, inflationRadius: 4, costScalingFactor: 1 } as const;
/** The warehouse robot: 0.3 m inscribed radius, the inflation radius and scaling the issue names. */
export const WAREHOUSE_INFLATION = { inscribedRadius: 0.3, inflationRadius: 0.55, costScalingFactor: 3 } as const;
export const COST_PENALTY = 2;

/** Equal costs up to rounding: sums of the same steps added in another order differ in the last bits. */
export const sameCost = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
const judgeEqual: Judge = (length, q) => sameCost(length, q.optimal);

/** A Moving AI grid's weighted costmap grid (see MAP_INFLATION). */
export function costmapOf(grid: Grid): Grid {
  const mask = Uint8Array.from(grid.cells, (c) => (c === 0 ? 0 : 1));
  const costmap = inflate({ width: grid.width, height: grid.height, mask }, MAP_INFLATION);
  return costmapToGrid(costmap, { costPenalty: COST_PENALTY });
}

/** The cheapest cost from the generic engine (the reference), or Infinity when there is no path. */
export function engineCost(searcher: Searcher, grid: Grid, q: Query): number {
  const w = grid.width;
  return searcher.search(q.sy * w + q.sx, q.gy * w + q.gx, { heuristic: octile(grid) }) === 'found' ? searcher.cost : Infinity;
}

/**
 * The costmap versions of a family's sample: the same queries on the
 * weighted grid, each with its engine optimum; queries blocked or cut off by
 * the inflation are left out and counted.
 */
export function weightedSample(maps: MapSample[], diagonalCost?: number): { maps: MapSample[]; skipped: number } {
  let skipped = 0;
  const out = maps.map((m) => {
    let grid = costmapOf(m.grid);
    if (diagonalCost !== undefined) grid = grid.with({ diagonalCost });
    const s = new Searcher(grid);
    const queries: Query[] = [];
    for (const q of m.queries) {
      const blocked = grid.isBlocked(q.sy * grid.width + q.sx) || grid.isBlocked(q.gy * grid.width + q.gx);
      const optimal = blocked ? Infinity : engineCost(s, grid, q);
      if (Number.isFinite(optimal)) queries.push({ ...q, optimal }); else skipped++;
    }
    return { ...m, grid, queries };
  });
  return { maps: out.filter((m) => m.queries.length > 0), skipped };
}

/** Native per-query microseconds over the sample, its costs checked against the engine's. */
export function nativeWeighted(ref: NativeRef, maps: MapSample[], rounds: number): number[] {
  const us: number[] = [];
  for (const m of maps) {
    runNativeWeighted(ref, m.grid, m.queries, rounds, m.name).forEach((r, i) => {
      const q = m.queries[i];
      if (!sameCost(r.cost, q.optimal)) throw new Error(`native weighted A* disagrees with the engine on ${m.name} (${q.sx},${q.sy})->(${q.gx},${q.gy}): ${r.cost} vs ${q.optimal}`);
      us.push(r.us);
    });
  }
  return us;
}

export interface TrackOptions {
  quick: boolean;
  perFamily: number;
  families: readonly Family[];
  pairs: number;
  ourRounds: number;
  seed: number;
  /** Leave the peers out (the fast path and native only). */
  noPeers?: boolean;
  /** Run Theta* and Lazy Theta* on the first this many warehouse pairs only (default: all; a Theta* query there takes about a second). */
  anyAnglePairs?: number;
}

export interface TrackSummary {
  /** Whether the Moving AI part ran (not with --warehouse-only). */
  maps: boolean;
  /** Geometric mean over families of bestfirst's time over native's (NaN without g++). */
  vsNative: number;
  /** The fastest peer optimal on every query, and the geometric mean of its time over bestfirst's. */
  fastestPeer: readonly [string, number] | undefined;
  /** Every checked cost equal where one is claimed (ours, native, ngraph.path). */
  allEqual: boolean;
  warehouseMedianMs: number;
  /** The same with the landmark heuristic (built once per map, outside the query times). */
  warehouseLandmarksMs: number;
}

const sum = (a: number[], n = a.length) => a.slice(0, n).reduce((s, x) => s + x, 0);
const ratio = (us: number[], ref: number[] | undefined) => (ref && us.length > 0 ? sum(us) / sum(ref, us.length) : NaN);
const pct = (k: number, n: number) => (n ? `${f((100 * k) / n)}%` : '-');

/** Runs the track, reporting through `say` (markdown lines), and returns the figures the targets read. */
export async function costmapTrack(o: TrackOptions, say: (s?: string) => void, native: NativeRef | string = buildNative()): Promise<TrackSummary> {
  const block = codeBlock(say);
  const libs = o.noPeers ? WEIGHTED_LIBS.filter((l) => l.name.startsWith('bestfirst')) : WEIGHTED_LIBS;
  say(`## Costmap track (weighted A*)`);
  say();
  if (o.families.length === 0) {
    const wh = await warehouse(o, say, native);
    return { maps: false, vsNative: NaN, fastestPeer: undefined, allEqual: wh.allEqual, warehouseMedianMs: wh.medianMs, warehouseLandmarksMs: wh.landmarksMedianMs };
  }
  say(`Moving AI maps, ${o.perFamily} seeded scenarios per family (the grid track's sample${o.quick ? ', one map per family' : ''}), each map inflated from its own obstacles ` +
    `(inflate: resolution 1, inscribed radius ${MAP_INFLATION.inscribedRadius}, inflation radius ${MAP_INFLATION.inflationRadius}, cost scaling ${MAP_INFLATION.costScalingFactor}) ` +
    `and turned into weights by costmapToGrid (costPenalty ${COST_PENALTY}: weight 1 + ${COST_PENALTY} cost / 252, from 1 in the open to 1.73 beside a wall). ` +
    `A step costs its length times the weight of the cell entered. Every cost is checked against the generic engine's optimum (equal up to 1e-9 relative); ` +
    `easystarjs charges diagonals 1.4, so its costs are checked against the engine's optimum with diagonal 1.4; its h (1.4 min(dx,dy) + max(dx,dy)) overestimates, so it is not optimal even so and is not counted as an optimal peer. ` +
    `bestfirst ${o.ourRounds} timed rounds, peers 1, after one checked round; the native reference is bench/native/astar.cpp --weights (same weights, same floor, same octile h times the floor)${typeof native === 'string' ? `: not run (${native})` : ''}.`);
  say();
  const head = ['family library', 'n', 'median us', 'mean us', 'x native', 'x bestfirst', 'cost equal', 'valid', 'build ms', 'CPU'];
  const rows: string[][] = [];
  const perFam: { fam: Family; ours: LibResult; nat?: number[]; peers: LibResult[] }[] = [];
  let skippedAll = 0;
  for (const fam of o.families) {
    const base = sampleFamily(fam, o.perFamily, o.seed + FAMILIES.indexOf(fam), o.quick ? 1 : Infinity);
    const { maps, skipped } = weightedSample(base);
    skippedAll += skipped;
    const maps14 = libs.some((l) => l.diagonalCost !== undefined) ? weightedSample(base, 1.4).maps : [];
    const results: LibResult[] = [];
    for (const lib of libs) {
      const isOurs = lib.name.startsWith('bestfirst');
      const r = await runLib(lib, fam, lib.diagonalCost === 1.4 ? maps14 : maps, isOurs ? o.ourRounds : 1, judgeEqual);
      results.push(r);
      process.stderr.write(`  costmap ${fam.padEnd(7)} ${lib.name.padEnd(16)} n=${r.n} median ${f(r.median)} us, ${f((100 * r.optimal) / r.n)}% equal\n`);
    }
    const nat = typeof native === 'string' ? undefined : nativeWeighted(native, maps, o.ourRounds);
    const ours = results[0];
    perFam.push({ fam, ours, nat, peers: results.slice(1) });
    if (nat) rows.push([`${fam} native C++ weighted A*`, String(nat.length), f(median(nat)), f(mean(nat)), '1.00', f(sum(nat) / sum(ours.us), 2), '100%', '-', '-', '-']);
    for (const r of results) {
      rows.push([`${fam} ${r.lib}${libs.find((l) => l.name === r.lib)?.diagonalCost ? ' (diagonal 1.4)' : ''}`, String(r.n), f(r.median), f(r.mean), f(ratio(r.us, nat), 2), f(ratio(r.us, ours.us), 2), pct(r.optimal, r.n), pct(r.valid, r.n), f(r.buildMs, 1), `${f(100 * r.cpuShare)}%`]);
    }
  }
  block(table(head, rows));
  say();
  if (skippedAll > 0) say(`Queries left out (an endpoint blocked by the inflation, or no path left): ${skippedAll}.`);
  const vsNative = geomean(perFam.map((p) => ratio(p.ours.us, p.nat)));
  const peerNames = perFam[0]?.peers.map((r) => r.lib) ?? [];
  const optimalPeers = peerNames.filter((n) => perFam.every((p) => { const r = p.peers.find((x) => x.lib === n)!; return r.optimal === r.n && r.valid === r.n; }));
  const peerRatio = (n: string) => geomean(perFam.map((p) => ratio(p.peers.find((x) => x.lib === n)!.us, p.ours.us)));
  const peerRatios = optimalPeers.map((n) => [n, peerRatio(n)] as const).sort((a, b) => a[1] - b[1]);
  say(`Geometric means over families of the time ratios: bestfirst A* / native weighted A*: ${f(vsNative, 2)}; ` +
    peerNames.map((n) => `${n} / bestfirst A*: ${f(peerRatio(n), 2)}${optimalPeers.includes(n) ? '' : ' (not optimal on every query, not counted)'}`).join('; ') + '.');
  say('Not in this track: ngraph.path NBA* (its distance function is called with the link\'s ends in either order, so it cannot charge the cell entered); PathFinding.js (no per-cell costs in its release); javascript-astar (cuts corners; see the grid track); astar-typescript (no costs).');
  say();
  const allEqual = perFam.every((p) => p.ours.optimal === p.ours.n && p.ours.valid === p.ours.n) &&
    perFam.every((p) => p.peers.filter((r) => r.lib.startsWith('ngraph')).every((r) => r.optimal === r.n));

  const wh = await warehouse(o, say, native);
  return { maps: true, vsNative, fastestPeer: peerRatios[0], allEqual: allEqual && wh.allEqual, warehouseMedianMs: wh.medianMs, warehouseLandmarksMs: wh.landmarksMedianMs };
}

/** Seeded start/goal pairs of distinct cells among the cells a flood from one free cell reaches (drawn until that region holds most free cells). */
export function freeSpacePairs(grid: Grid, pairs: number, seed: number): Query[] {
  const next = rng(seed);
  const free: number[] = [];
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
  for (let attempt = 0; attempt < 20; attempt++) {
    const from = free[Math.floor(next() * free.length)];
    const reach = flood(grid, Int32Array.of(from));
    const region = free.filter((n) => reach.g[n] < Infinity);
    if (region.length * 2 < free.length) continue;
    const w = grid.width, out: Query[] = [];
    while (out.length < pairs) {
      const s = region[Math.floor(next() * region.length)], g = region[Math.floor(next() * region.length)];
      // A cell to itself is no query (and easystarjs answers it with an empty path).
      if (s !== g) out.push({ sx: s % w, sy: Math.floor(s / w), gx: g % w, gy: Math.floor(g / w), optimal: NaN });
    }
    return out;
  }
  throw new Error('bench: no free region holding half the free cells');
}

/** A path's length in metres: its steps' lengths, without the weights. */
export function metres(grid: Grid, path: ArrayLike<number>): number {
  let cells = 0;
  for (let i = 1; i < path.length; i++) cells += grid.x(path[i]) !== grid.x(path[i - 1]) && grid.y(path[i]) !== grid.y(path[i - 1]) ? grid.diagonalCost : 1;
  return cells * grid.cellSize;
}

const codeBlock = (say: (s?: string) => void) => (s: string) => { say('```'); say(s); say('```'); };

/** Landmarks of the warehouse's A* + landmarks row (`landmarks(grid, { count })`): 8 bytes a cell each. */
export const WAREHOUSE_LANDMARKS = 8;

/** A path of waypoints' length in metres: its segments' Euclidean lengths, without the weights. */
export function waypointMetres(grid: Grid, path: ArrayLike<number>): number {
  let cells = 0;
  for (let i = 1; i < path.length; i++) cells += Math.hypot(grid.x(path[i]) - grid.x(path[i - 1]), grid.y(path[i]) - grid.y(path[i - 1]));
  return cells * grid.cellSize;
}

/** Median expansions of the fast path over the queries with one heuristic (an untimed pass). */
function medianExpansions(grid: Grid, queries: Query[], heuristic: Heuristic): number {
  const s = new GridSearcher(grid), w = grid.width;
  return median(queries.map((q) => { s.search(q.sy * w + q.sx, q.gy * w + q.gx, { heuristic }); return s.expansions; }));
}

interface AnyAngleRow { name: string; us: number[]; lengths: number[]; costs: number[]; longerThanAStar: number; bad: number }

/**
 * Theta* and Lazy Theta* on the warehouse queries, each query run once and
 * timed (on this weighted map a Theta* query takes about a second: a
 * segment's cost is taken by walking its cells, for every relaxation), then
 * its path checked: checkAnyAnglePath (line of sight on every segment), its
 * cost (the weighted length of its segments) equal to the searcher's and at
 * most that of the A* path costed the same way (AnyAngleSearcher's promise).
 */
function anyAngleRuns(grid: Grid, queries: Query[], astarPaths: ArrayLike<number>[], astarMetres: number[]): AnyAngleRow[] {
  const w = grid.width, any = new AnyAngleSearcher(grid);
  return (['theta', 'lazy-theta'] as const).map((algorithm) => {
    const row: AnyAngleRow = { name: algorithm === 'theta' ? 'Theta*' : 'Lazy Theta*', us: [], lengths: [], costs: [], longerThanAStar: 0, bad: 0 };
    queries.forEach((q, i) => {
      const start = q.sy * w + q.sx, goal = q.gy * w + q.gx;
      const t0 = performance.now();
      const status = any.search(start, goal, { algorithm });
      const us = 1000 * (performance.now() - t0);
      const path = any.path();
      const check = path === null ? { ok: false as const, reason: `status ${status}` } : checkAnyAnglePath(grid, path, start, goal);
      const astarSame = checkAnyAnglePath(grid, astarPaths[i], start, goal);
      if (!check.ok || !astarSame.ok || !sameCost(check.length, any.cost) || check.length > astarSame.length * (1 + 1e-9)) {
        row.bad++;
        process.stderr.write(`  warehouse ${row.name} (${q.sx},${q.sy})->(${q.gx},${q.gy}): ${check.ok ? `cost ${check.length} vs the A* path's ${astarSame.ok ? astarSame.length : astarSame.reason}` : check.reason}\n`);
        return;
      }
      const m = waypointMetres(grid, path!);
      if (m > astarMetres[i] * (1 + 1e-9)) row.longerThanAStar++;
      row.us.push(us);
      row.lengths.push(m);
      row.costs.push(any.cost);
    });
    return row;
  });
}

/** Nav2's warehouse as the track searches it (see the top of this file), with the time each step took. */
export function warehouseGrid(): { yaml: string; map: RosMap; grid: Grid; inflateMs: number; gridMs: number } {
  const yaml = dataFile('ros/warehouse.yaml');
  const map = parseRosMap(readFileSync(yaml, 'utf8'), gunzipSync(readFileSync(dataFile('ros/warehouse.pgm.gz'))), 'warehouse.yaml');
  let t = performance.now();
  const costmap = inflate(map, WAREHOUSE_INFLATION);
  const inflateMs = performance.now() - t;
  t = performance.now();
  // Unknown space blocked, as this track has always searched it (Nav2's planners would let a path cross it: allow_unknown).
  const grid = costmapToGrid(costmap, { costPenalty: COST_PENALTY, allowUnknown: false });
  return { yaml, map, grid, inflateMs, gridMs: performance.now() - t };
}

async function warehouse(o: TrackOptions, say: (s?: string) => void, native: NativeRef | string): Promise<{ medianMs: number; landmarksMedianMs: number; allEqual: boolean }> {
  const block = codeBlock(say);
  const { yaml, map, grid, inflateMs, gridMs } = warehouseGrid();
  const queries = freeSpacePairs(grid, o.pairs, o.seed);
  process.stderr.write(`  costmap warehouse: ${queries.length} pairs, engine reference...\n`);
  const s = new Searcher(grid);
  for (const q of queries) q.optimal = engineCost(s, grid, q);
  const sample: MapSample = { name: 'ros/warehouse', file: yaml, grid, queries };
  const r = await runLib(BESTFIRST_ASTAR, 'warehouse', [sample], o.ourRounds, judgeEqual);
  const t = performance.now();
  const lm = landmarks(grid, { count: WAREHOUSE_LANDMARKS });
  const landmarksMs = performance.now() - t;
  process.stderr.write(`  costmap warehouse: landmarks built in ${f(landmarksMs)} ms\n`);
  const rl = await runLib(ours('bestfirst A* + landmarks', { heuristic: lm }), 'warehouse', [sample], o.ourRounds, judgeEqual);
  const expansions = [medianExpansions(grid, queries, octile(grid)), medianExpansions(grid, queries, lm)];
  // Paths and their lengths in metres, from one more (untimed) run of each query.
  const built = BESTFIRST_ASTAR.build(grid);
  const astarPaths = queries.map((q) => { built.query(q.sx, q.sy, q.gx, q.gy); return Int32Array.from(built.path() ?? []); });
  const lengths = astarPaths.map((p) => metres(grid, p));
  const nat = typeof native === 'string' ? undefined : nativeWeighted(native, [sample], o.ourRounds);
  process.stderr.write(`  costmap warehouse: Theta*, Lazy Theta*...\n`);
  const anyN = Math.min(queries.length, o.anyAnglePairs ?? queries.length);
  const any = anyAngleRuns(grid, queries.slice(0, anyN), astarPaths, lengths);
  say(`### ROS warehouse (${shown(yaml)}: ${map.width} x ${map.height} cells at ${map.resolution} m)`);
  say();
  say(`inflate for a 0.3 m robot (inscribed ${WAREHOUSE_INFLATION.inscribedRadius} m, inflation ${WAREHOUSE_INFLATION.inflationRadius} m, cost scaling ${WAREHOUSE_INFLATION.costScalingFactor}; ` +
    `unknown cells kept, so blocked) took ${f(inflateMs)} ms, costmapToGrid (of the bottom-up costmap, costPenalty ${COST_PENALTY}) ${f(gridMs)} ms (single runs; bench/inflate.ts times inflate properly). ` +
    `${queries.length} seeded start/goal pairs in the main free space; costs checked against the engine (equal up to 1e-9 relative): A* ${r.optimal} of ${r.n}, A* + landmarks ${rl.optimal} of ${rl.n}. ` +
    `A* + landmarks: the fast path with landmarks(grid, { count: ${WAREHOUSE_LANDMARKS} }) (ALT: the larger of octile and the landmark bound; built once for the map in ${f(landmarksMs)} ms, ${f((8 * WAREHOUSE_LANDMARKS * grid.size) / 2 ** 20)} MiB, not in the query times). ` +
    `Median expansions a query: ${expansions[0]} with octile, ${expansions[1]} with landmarks.`);
  say();
  const cost = (c: number[]) => f(mean(c), 2);
  const rows = [
    ['bestfirst A*', String(r.n), f(r.median / 1000, 2), f(r.mean / 1000, 2), f(ratio(r.us, nat), 2), f(mean(lengths), 2), f(median(lengths), 2), cost(queries.map((q) => q.optimal)), `${f(100 * r.cpuShare)}%`],
    ['bestfirst A* + landmarks', String(rl.n), f(rl.median / 1000, 2), f(rl.mean / 1000, 2), f(ratio(rl.us, nat), 2), f(mean(lengths), 2), f(median(lengths), 2), cost(queries.map((q) => q.optimal)), `${f(100 * rl.cpuShare)}%`],
  ];
  if (nat) rows.push(['native C++ weighted A*', String(nat.length), f(median(nat) / 1000, 2), f(mean(nat) / 1000, 2), '1.00', '-', '-', '-', '-']);
  for (const a of any) rows.push([`bestfirst ${a.name}`, String(a.us.length), f(median(a.us) / 1000, 2), f(mean(a.us) / 1000, 2), f(ratio(a.us, nat), 2), f(mean(a.lengths), 2), f(median(a.lengths), 2), cost(a.costs), '-']);
  block(table(['planner', 'n', 'median ms', 'mean ms', 'x native', 'mean length m', 'median length m', 'mean cost', 'CPU'], rows));
  say();
  say(`Theta* and Lazy Theta* (AnyAngleSearcher; ${anyN === queries.length ? 'every pair' : `the first ${anyN} of the ${queries.length} pairs`}, each query timed once, then its path checked; their mean lengths and times are compared with A*'s on the same pairs): on a weighted grid both run as Theta* (a segment's cost takes walking its cells), ` +
    `and a segment costs its exact weighted length (each cell crossed charges the length inside it times its weight), not A*'s step cost (length times the weight of the cell entered), so their mean cost is not A*'s. ` +
    `Every path checked with checkAnyAnglePath (line of sight on every segment): ${any.map((a) => `${a.name} ${a.us.length} of ${anyN} passed, its cost at most the A* path's costed the same way`).join('; ')}; ` +
    `in metres longer than A*'s path: ${any.map((a) => `${a.name} ${a.longerThanAStar}`).join(', ')}. ` +
    `Mean length against A*'s on the same pairs (${f(mean(lengths.slice(0, anyN)), 2)} m): ${any.map((a) => `${a.name} ${f(100 * (1 - mean(a.lengths) / mean(lengths.slice(0, anyN))), 2)}% shorter, ${f(sum(a.us) / sum(r.us.slice(0, anyN)), 2)}x octile A*'s time`).join('; ')}.`);
  say();
  const anyOk = any.every((a) => a.bad === 0);
  return { medianMs: r.median / 1000, landmarksMedianMs: rl.median / 1000, allEqual: r.optimal === r.n && r.valid === r.n && rl.optimal === rl.n && rl.valid === rl.n && anyOk };
}

/** The targets of issue 12 this track measures, as report lines. */
export function costmapTargets(t: TrackSummary): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
  const maps = t.maps ? [
    `- costmap: weighted A* within 1.5x of native weighted A* (geometric mean): ${f(t.vsNative, 2)}x: ${Number.isFinite(t.vsNative) ? mark(t.vsNative <= 1.5) : 'no native reference'}`,
    `- costmap: weighted A* at least 5x faster than the fastest optimal JS peer: ${t.fastestPeer ? `${t.fastestPeer[0]} takes ${f(t.fastestPeer[1], 2)}x as long: ${mark(t.fastestPeer[1] >= 5)}` : 'no peer ran optimally on every query'}`,
  ] : ['- costmap: the Moving AI part did not run (--warehouse-only)'];
  return [
    ...maps,
    `- costmap: warehouse query under 20 ms median: A* with octile ${f(t.warehouseMedianMs, 2)} ms: ${mark(t.warehouseMedianMs < 20)}; A* with landmarks(grid) (the map's table built beforehand) ${f(t.warehouseLandmarksMs, 2)} ms: ${mark(t.warehouseLandmarksMs < 20)}`,
    `- costmap: costs equal to the reference on every query (bestfirst, native, ngraph.path), every warehouse Theta* path checked: ${t.allEqual ? 'yes' : '**no**'}`,
  ];
}

// Standalone: node --expose-gc dist/bench/costmap.js [--quick] [--no-peers] [--per-family=N] [--pairs=N] [--any-angle-pairs=N] [--families=a,b | --warehouse-only]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  for (const a of args) {
    if (!/^--(quick|no-peers|warehouse-only|families=.*|per-family=\d+|pairs=\d+|any-angle-pairs=\d+)$/.test(a)) {
      console.error(`costmap: unknown argument ${a}; expected --quick, --no-peers, --warehouse-only, --families=a,b, --per-family=N, --pairs=N, --any-angle-pairs=N`);
      process.exit(2);
    }
  }
  const quick = args.includes('--quick');
  const families = args.includes('--warehouse-only') ? [] : (opt('families')?.split(',') ?? [...FAMILIES]) as Family[];
  for (const fam of families) if (!FAMILIES.includes(fam)) { console.error(`costmap: unknown family ${fam}; expected ${FAMILIES.join(', ')}`); process.exit(2); }
  const say = (s = '') => console.log(s);
  const m0 = machine();
  const load = (m: typeof m0) => m.load.map((l) => f(l, 2)).join(', ');
  say(`- command: \`node --expose-gc dist/bench/costmap.js${args.length ? ` ${args.join(' ')}` : ''}\`, ${new Date().toISOString()}`);
  say(`- node ${m0.node}, ${m0.cpu} x ${m0.cores}; load average at start (1, 5, 15 min): ${load(m0)}`);
  say();
  costmapTrack({
    quick, families, noPeers: args.includes('--no-peers'), ...(opt('any-angle-pairs') === undefined ? {} : { anyAnglePairs: Number(opt('any-angle-pairs')) }),
    perFamily: Number(opt('per-family') ?? (quick ? 4 : 24)), pairs: Number(opt('pairs') ?? (quick ? 20 : 200)), ourRounds: quick ? 2 : 5, seed: 20261201,
  }, say).then((t) => {
    say('### Targets');
    say();
    for (const l of costmapTargets(t)) say(l);
    say();
    say(`- load average at end: ${load(machine())}; the CPU column is the timed loop's process CPU time over wall time (below 90%: other processes took the CPU, times are inflated; ratios within a family are the figures to read).`);
    stopObserving();
  }).catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
