/**
 * The road track: the ngraph.path demo's city graphs, loaded through
 * src/io/roads.ts into a `Graph`, searched by the generic engine (A* with the
 * Euclidean heuristic, Dijkstra) and by ngraph.path (A*, NBA*) on the same
 * seeded node pairs. Every answer's cost is compared with bestfirst
 * Dijkstra's; ngraph.path's cost is summed from the path it returns.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { Searcher, COST_TO_COME } from '#bestfirst';
import { parseRoads } from '#bestfirst/movingai';
import { dataFile, findData, shown } from './bench-data.js';
import { mean, median, openWindow, retainedBytes, rng, type LoopStats } from './bench-measure.js';

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
  median: number;
  mean: number;
  /** Queries whose cost equals bestfirst Dijkstra's (both unreachable counts as equal). */
  sameCost: number;
  buildMs: number;
  buildBytes: number;
}

interface Solver { name: string; query(s: number, t: number): number }

export async function runCity(city: string, pairs: number, seed: number): Promise<RoadResult[]> {
  const co = readFileSync(dataFile(roadFile(city, 'co'))), gr = readFileSync(dataFile(roadFile(city, 'gr')));

  let before = await retainedBytes();
  let t0 = performance.now();
  const net = parseRoads(co, gr, `${city}-roads`);
  const ourBuildMs = performance.now() - t0;
  const a = new Searcher(net.graph), d = new Searcher(net.graph);
  const ourBytes = (await retainedBytes()) - before;
  const size = net.graph.size;
  const { x, y } = net;

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
  const solvers: Solver[] = [
    { name: 'bestfirst Dijkstra', query: (s, t) => { d.search(s, t, { priority: COST_TO_COME }); return d.cost; } },
    { name: 'bestfirst A*', query: (s, t) => { a.search(s, t, { heuristic: net.heuristic }); return a.cost; } },
    { name: 'ngraph.path A*', query: (s, t) => pathCost(ngA.find(s, t)) },
    { name: 'ngraph.path NBA*', query: (s, t) => pathCost(ngN.find(s, t)) },
  ];

  const next = rng(seed);
  const qs: [number, number][] = [];
  for (let i = 0; i < pairs; i++) qs.push([Math.floor(next() * size), Math.floor(next() * size)]);
  let ref: Float64Array | null = null;

  const out: RoadResult[] = [];
  for (const solver of solvers) {
    const ours = solver.name.startsWith('bestfirst');
    // Warm-up on a few pairs, then one timed pass over all of them (the costs are checked from it).
    for (let i = 0; i < Math.min(5, qs.length); i++) solver.query(qs[i][0], qs[i][1]);
    const us = new Float64Array(qs.length), costs = new Float64Array(qs.length);
    const win = openWindow();
    for (let i = 0; i < qs.length; i++) {
      const t = performance.now();
      costs[i] = solver.query(qs[i][0], qs[i][1]);
      us[i] = (performance.now() - t) * 1000;
    }
    const s = await win.close();
    ref ??= costs;
    let same = 0, found = 0;
    for (let i = 0; i < qs.length; i++) {
      if (costs[i] < Infinity) found++;
      if (costs[i] === ref[i] || Math.abs(costs[i] - ref[i]) <= 1e-9 * Math.max(1, ref[i])) same++;
    }
    out.push({
      lib: solver.name, city, nodes: size, n: qs.length, found, us: Array.from(us), median: median(us), mean: mean(us), sameCost: same,
      buildMs: ours ? ourBuildMs : ngBuildMs, buildBytes: ours ? ourBytes : ngBytes, ...s,
    });
  }
  return out;
}
