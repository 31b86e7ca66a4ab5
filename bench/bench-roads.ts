/**
 * The road track: the ngraph.path demo's city graphs, loaded through
 * src/io/roads.ts into a `Graph`, searched by the generic engine (A* with the
 * Euclidean heuristic, Dijkstra), by the two-ended searches (bidirectional
 * Dijkstra and A*, and the contraction hierarchy, built once per city with
 * its build time and memory reported) and by ngraph.path (A*, NBA*) on the
 * same seeded node pairs. Every answer's cost is compared with bestfirst
 * Dijkstra's; ngraph.path's cost is summed from the path it returns.
 *
 * Run alone: node --expose-gc dist/bench/bench-roads.js [--pairs=N] [--cities=a,b]
 * (npm run bench:roads); `npm run bench` runs it as its road track.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { BidirectionalSearcher, ContractionHierarchy, Searcher, COST_TO_COME } from '#bestfirst';
import { parseRoads } from '#bestfirst/io';
import { dataFile, findData, shown } from './bench-data.js';
import { f, geomean, machine, mean, median, openWindow, retainedBytes, rng, table, type LoopStats } from './bench-measure.js';

export const CITIES = ['amsterdam', 'seattle', 'rome', 'delhi', 'moscow'] as const;

const roadFile = (city: string, part: 'co' | 'gr') => `roads/${city}-roads.${part}.bin`;

/**
 * The cities whose two files are in data/roads/ (Amsterdam and Seattle are
 * committed) or data/extra/roads/ (the larger ones are optional), with where
 * each was found, and the cities absent.
 */
export function roadCities(cities: readonly string[]): { present: { city: string; dir: string }[]; absent: string[] } {
  const present: { city: string; dir: string }[] = [], absent: string[] = [];
  for (const city of cities) {
    const co = findData(roadFile(city, 'co')), gr = findData(roadFile(city, 'gr'));
    if (co && gr) present.push({ city, dir: shown(dirname(co)) });
    else absent.push(city);
  }
  return { present, absent };
}

export interface RoadResult extends LoopStats {
  lib: string;
  city: string;
  nodes: number;
  n: number;
  found: number;
  us: number[];
  /** Mean CPU time per query (user + system of the process, read around each query), in microseconds. */
  cpuMean: number;
  median: number;
  mean: number;
  /** Queries whose cost equals bestfirst Dijkstra's (both unreachable counts as equal). */
  sameCost: number;
  /** What this solver built before its queries: the graph (bestfirst), ngraph's graph, or the hierarchy (CH, on top of the graph). */
  buildMs: number;
  buildBytes: number;
  /** The build's CPU time (user + system), measured for the hierarchy only; NaN for the others. */
  buildCpuMs: number;
  /** Nodes each query settled (both halves, stalled ones included), for the hierarchy only; empty for the others. */
  settled: number[];
}

/** A solver and what its build cost (ms, retained bytes), shared by the solvers that read one structure. */
interface Solver { name: string; query(s: number, t: number): number; buildMs: number; buildBytes: number; buildCpuMs?: number; settled?: () => number }

/** The contraction hierarchy's solver name, the one the targets read. */
export const CH_NAME = 'bestfirst CH';
const NBA_NAME = 'ngraph.path NBA*';

export async function runCity(city: string, pairs: number, seed: number): Promise<RoadResult[]> {
  const co = readFileSync(dataFile(roadFile(city, 'co'))), gr = readFileSync(dataFile(roadFile(city, 'gr')));

  let before = await retainedBytes();
  let t0 = performance.now();
  const net = parseRoads(co, gr, `${city}-roads`);
  const ourBuildMs = performance.now() - t0;
  const a = new Searcher(net.graph), d = new Searcher(net.graph), bi = new BidirectionalSearcher(net.graph);
  const ourBytes = (await retainedBytes()) - before;
  const size = net.graph.size;
  const { x, y } = net;

  // The hierarchy on top of the graph: its own build time and the memory it adds.
  before = await retainedBytes();
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const ch = new ContractionHierarchy(net.graph);
  const chBuildMs = performance.now() - t0;
  // The CPU time beside the wall time: on a shared machine the wall time counts the other processes too.
  const cpu = process.cpuUsage(cpu0), chBuildCpuMs = (cpu.user + cpu.system) / 1000;
  const chBytes = (await retainedBytes()) - before;
  process.stderr.write(`    ${city}: hierarchy built in ${f(chBuildMs)} ms (CPU ${f(chBuildCpuMs)} ms), ${ch.shortcuts} shortcuts, ${f(chBytes / 2 ** 20, 1)} MB\n`);

  before = await retainedBytes();
  t0 = performance.now();
  const ng = createGraph<undefined, undefined>();
  for (let i = 0; i < size; i++) ng.addNode(i);
  const gv = new DataView(gr.buffer, gr.byteOffset, gr.byteLength);
  for (let i = 0; i < gv.byteLength; i += 8) ng.addLink(gv.getInt32(i, true) - 1, gv.getInt32(i + 4, true) - 1);
  const dist = (p: number, q: number) => { const dx = x[p] - x[q], dy = y[p] - y[q]; return Math.sqrt(dx * dx + dy * dy); };
  const ngOpts = { distance: (u: { id: unknown }, v: { id: unknown }) => dist(u.id as number, v.id as number), heuristic: (u: { id: unknown }, v: { id: unknown }) => dist(u.id as number, v.id as number) };
  const ngA = ngraphPath.aStar(ng, ngOpts);
  const ngN = ngraphPath.nba(ng, ngOpts);
  const ngBuildMs = performance.now() - t0;
  const ngBytes = (await retainedBytes()) - before;

  const pathCost = (nodes: { id: unknown }[]) => {
    if (nodes.length === 0) return Infinity;
    let c = 0;
    for (let i = 1; i < nodes.length; i++) c += dist(nodes[i - 1].id as number, nodes[i].id as number);
    return c;
  };
  // Dijkstra first: its costs are the reference the others are checked against.
  const ours = { buildMs: ourBuildMs, buildBytes: ourBytes }, theirs = { buildMs: ngBuildMs, buildBytes: ngBytes };
  const solvers: Solver[] = [
    { name: 'bestfirst Dijkstra', query: (s, t) => { d.search(s, t, { priority: COST_TO_COME }); return d.cost; }, ...ours },
    { name: 'bestfirst A*', query: (s, t) => { a.search(s, t, { heuristic: net.heuristic }); return a.cost; }, ...ours },
    { name: 'bestfirst bidir. Dijkstra', query: (s, t) => { bi.search(s, t); return bi.cost; }, ...ours },
    { name: 'bestfirst bidir. A*', query: (s, t) => { bi.search(s, t, { heuristic: net.heuristic }); return bi.cost; }, ...ours },
    { name: CH_NAME, query: (s, t) => { ch.search(s, t); return ch.cost; }, buildMs: chBuildMs, buildBytes: chBytes, buildCpuMs: chBuildCpuMs, settled: () => ch.expansions },
    { name: 'ngraph.path A*', query: (s, t) => pathCost(ngA.find(s, t)), ...theirs },
    { name: NBA_NAME, query: (s, t) => pathCost(ngN.find(s, t)), ...theirs },
  ];

  const next = rng(seed);
  const qs: [number, number][] = [];
  for (let i = 0; i < pairs; i++) qs.push([Math.floor(next() * size), Math.floor(next() * size)]);
  let ref: Float64Array | null = null;

  const out: RoadResult[] = [];
  for (const solver of solvers) {
    // Warm-up: at least 5 queries and 200 ms (a query of microseconds needs thousands before the
    // compiler has settled), then one timed pass over all of them (the costs are checked from it).
    const warm = performance.now();
    for (let i = 0; qs.length > 0 && (i < 5 || performance.now() - warm < 200); i++) solver.query(qs[i % qs.length][0], qs[i % qs.length][1]);
    const us = new Float64Array(qs.length), costs = new Float64Array(qs.length), settled: number[] = [];
    let cpuUs = 0;
    const win = openWindow();
    for (let i = 0; i < qs.length; i++) {
      // CPU time beside wall time: a query preempted by another process keeps its CPU time.
      const c0 = process.cpuUsage();
      const t = performance.now();
      costs[i] = solver.query(qs[i][0], qs[i][1]);
      us[i] = (performance.now() - t) * 1000;
      const c = process.cpuUsage(c0);
      cpuUs += c.user + c.system;
      if (solver.settled) settled.push(solver.settled());
    }
    const s = await win.close();
    ref ??= costs;
    let same = 0, found = 0;
    for (let i = 0; i < qs.length; i++) {
      if (costs[i] < Infinity) found++;
      if (costs[i] === ref[i] || Math.abs(costs[i] - ref[i]) <= 1e-9 * Math.max(1, ref[i])) same++;
    }
    out.push({
      lib: solver.name, city, nodes: size, n: qs.length, found, us: Array.from(us), median: median(us), mean: mean(us), cpuMean: cpuUs / Math.max(1, qs.length), sameCost: same,
      buildMs: solver.buildMs, buildBytes: solver.buildBytes, buildCpuMs: solver.buildCpuMs ?? NaN, settled, ...s,
    });
  }
  return out;
}

const total = (a: number[]) => a.reduce((s, x) => s + x, 0);
const byCity = (roads: RoadResult[]) => {
  const m = new Map<string, RoadResult[]>();
  for (const r of roads) m.set(r.city, [...(m.get(r.city) ?? []), r]);
  return m;
};
const one = (rs: RoadResult[], lib: string) => rs.find((r) => r.lib === lib)!;
/** CPU time per query, measured around each query. */
const cpuMeanUs = (r: RoadResult) => r.cpuMean;

/**
 * The road track's table (one row per city and solver: times, ratios to our
 * A* and to NBA*, costs checked, build time and memory) and the geometric
 * means, as lines of Markdown.
 */
export function roadReport(roads: RoadResult[], pairs: number): string[] {
  const out = [`## Road track (${pairs} seeded node pairs per city, one timed pass after at least 5 warm-up queries and 200 ms; costs compared with bestfirst Dijkstra's)`, ''];
  const rows: string[][] = [];
  const pct = (k: number, n: number) => (n ? `${f((100 * k) / n)}%` : '-');
  for (const [city, rs] of byCity(roads)) {
    const a = one(rs, 'bestfirst A*'), nba = one(rs, NBA_NAME);
    for (const r of rs) {
      const cpuMean = cpuMeanUs(r);
      rows.push([`${city} (${r.nodes} nodes) ${r.lib}`, String(r.n), String(r.found), f(r.median, r.median < 100 ? 1 : 0), f(r.mean, r.mean < 100 ? 1 : 0), f(cpuMean, cpuMean < 100 ? 1 : 0), f(total(r.us) / total(a.us), 3), f(total(nba.us) / total(r.us), 1), pct(r.sameCost, r.n), f(r.buildMs), f(r.buildBytes / 2 ** 20, 1), f(r.heapGrowth / 1024), `${r.gcMinor}/${r.gcMajor}`]);
    }
  }
  out.push('```', table(['city library', 'n', 'found', 'median us', 'mean us', 'CPU mean us', 'x A*', 'NBA* / it', 'same cost', 'build ms', 'build MB', 'heap +KB', 'GC min/maj'], rows), '```');
  out.push('', 'CPU mean us: the process\'s CPU time (user + system) read around each query, averaged (on a shared machine a query of microseconds that is preempted once has its wall time multiplied, its CPU time not). x A*: its total time over bestfirst A*\'s; NBA* / it: ngraph.path NBA*\'s total time over its own (how many times faster than NBA*). Build ms and MB: the graph for bestfirst\'s online searches, ngraph\'s graph for ngraph.path, the hierarchy alone (on top of the graph) for CH, whose build CPU time is listed below the table.', '');
  for (const lib of ['bestfirst Dijkstra', 'bestfirst bidir. Dijkstra', 'bestfirst bidir. A*', CH_NAME, 'ngraph.path A*', NBA_NAME]) {
    const g = geomean([...byCity(roads).values()].map((rs) => total(one(rs, lib).us) / total(one(rs, 'bestfirst A*').us)));
    out.push(`- geometric mean over cities, ${lib} / bestfirst A*: ${f(g, 3)}`);
  }
  for (const rs of byCity(roads).values()) {
    const c = one(rs, CH_NAME);
    out.push(`- ${c.city}: hierarchy built in ${f(c.buildMs)} ms wall, ${f(c.buildCpuMs)} ms CPU, ${f(c.buildBytes / 2 ** 20, 1)} MB retained; nodes settled per query (both halves, stalled ones included) median ${f(median(c.settled))}, mean ${f(mean(c.settled))}`);
  }
  out.push('');
  return out;
}

/** The road targets: A* against ngraph.path A*, CH against NBA* on every city (median and mean), the largest city's build. */
export function roadTargets(roads: RoadResult[]): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
  const cities = [...byCity(roads).values()];
  const rr = geomean(cities.map((rs) => total(one(rs, 'ngraph.path A*').us) / total(one(rs, 'bestfirst A*').us)));
  const same = roads.every((r) => r.sameCost === r.n);
  const lines = [`- roads: bestfirst A* at least 3x faster than ngraph.path A*: ngraph.path A* takes ${f(rr, 2)}x as long (geometric mean over cities): ${mark(rr >= 3)}; costs equal on every pair: ${same ? 'yes' : '**no**'}`];
  const perCity = cities.map((rs) => {
    const c = one(rs, CH_NAME), nba = one(rs, NBA_NAME);
    return { city: c.city, median: nba.median / c.median, mean: nba.mean / c.mean, cpu: cpuMeanUs(nba) / cpuMeanUs(c) };
  });
  // Judged on the median and on the CPU time per query; the wall-clock mean is shown, but preemption on a shared machine swamps it for queries of microseconds.
  const worst = Math.min(...perCity.map((p) => Math.min(p.median, p.cpu)));
  lines.push(`- roads: contraction hierarchies at least 100x faster per query than ngraph.path NBA* on every city (median wall time and mean CPU time): ${perCity.map((p) => `${p.city} ${f(p.median)}x median, ${f(p.cpu)}x CPU mean (${f(p.mean)}x wall mean)`).join('; ')}: ${mark(worst >= 100)}`);
  const largest = cities.map((rs) => one(rs, CH_NAME)).sort((p, q) => q.nodes - p.nodes)[0];
  if (largest) {
    lines.push(`- roads: preprocessing of the largest city (${largest.city}, ${largest.nodes} nodes) under 60 s: ${f(largest.buildMs / 1000, 1)} s wall (${f(largest.buildCpuMs / 1000, 1)} s CPU), ${f(largest.buildBytes / 2 ** 20, 1)} MB: ${mark(largest.buildMs < 60_000)}`);
  }
  return lines;
}

// Standalone: node --expose-gc dist/bench/bench-roads.js [--pairs=N] [--cities=a,b]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  for (const a of args) {
    if (!/^--(pairs=\d+|cities=.*)$/.test(a)) {
      console.error(`bench-roads: unknown argument ${a}; expected --pairs=N, --cities=a,b`);
      process.exit(2);
    }
  }
  const pairs = Number(opt('pairs') ?? 250);
  const { present, absent } = roadCities(opt('cities')?.split(',') ?? CITIES);
  const say = (s = '') => console.log(s);
  const m0 = machine();
  const load = (m: typeof m0) => m.load.map((l) => f(l, 2)).join(', ');
  say(`- command: \`node --expose-gc dist/bench/bench-roads.js${args.length ? ` ${args.join(' ')}` : ''}\`, ${new Date().toISOString()}`);
  say(`- node ${m0.node}, ${m0.cpu} x ${m0.cores}; load average at start (1, 5, 15 min): ${load(m0)}`);
  say(`- road graphs: ${present.map((c) => `${c.city} (${c.dir}/)`).join(', ')}${absent.length ? `; absent, so left out: ${absent.join(', ')}` : ''}`);
  say();
  (async () => {
    const roads: RoadResult[] = [];
    for (const { city } of present) {
      process.stderr.write(`  roads ${city}...\n`);
      roads.push(...(await runCity(city, pairs, 20261201)));
    }
    for (const l of roadReport(roads, pairs)) say(l);
    say('### Targets');
    say();
    for (const l of roadTargets(roads)) say(l);
    say();
    say(`- load average at end (1, 5, 15 min): ${load(machine())}; CPU share of the timed loops (process CPU / wall): lowest ${f(100 * Math.min(...roads.map((r) => r.cpuShare)))}%`);
  })().catch((e) => { console.error(e); process.exit(1); });
}
