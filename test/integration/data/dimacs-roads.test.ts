import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { main } from '../../../cli/main.js';
import { astar, dijkstra, pathCost, straightLine, type SearchSpace } from '#bestfirst';
import { formatCo, formatGr, parseCo, parseGr, parseRoads, roadsToDimacs } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { rng } from '../../support/reference.js';
import { collect } from '../../support/cli-io.js';
import { expectFreshBuild } from '../../support/build-fresh.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const SCALE = 100;

/** Successor lists of node u: heads and costs, in order. */
function successors(space: SearchSpace, u: number): [number[], number[]] {
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const deg = space.successors(u, nodes, costs);
  return [Array.from(nodes.subarray(0, deg)), Array.from(costs.subarray(0, deg))];
}

test('Amsterdam: the binary road graph converts to .gr/.co text and reads back the same; routes on it match Dijkstra on the binary graph', () => {
  const read = (f: string) => readFileSync(dataFile(`roads/${f}`));
  const net = parseRoads(read('amsterdam-roads.co.bin'), read('amsterdam-roads.gr.bin'), 'amsterdam-roads');
  const d = roadsToDimacs(net, SCALE);
  const gr = formatGr(d.graph, 'Amsterdam roads, lengths x 100');
  const co = formatCo(d);
  const graph = parseGr(gr, 'amsterdam.gr');
  const coords = parseCo(co, 'amsterdam.co');

  // The round trip: every point as in the .co.bin, every road as two arcs, in the binary graph's order.
  expect(graph.size).toBe(68213);
  expect(graph.arcCount).toBe(2 * 76718);
  expect(coords.x).toEqual(net.x);
  expect(coords.y).toEqual(net.y);
  let worst = 0;
  for (let u = 0; u < graph.size; u++) {
    const [heads, weights] = successors(graph, u);
    const [roadHeads, lengths] = successors(net.graph, u);
    expect(heads).toEqual(roadHeads);
    for (let k = 0; k < heads.length; k++) worst = Math.max(worst, Math.abs(weights[k] - SCALE * lengths[k]));
  }
  expect(worst).toBeLessThanOrEqual(0.5); // rounding, and nothing else
  expect(formatGr(graph, 'Amsterdam roads, lengths x 100')).toBe(gr);
  expect(formatCo(coords)).toBe(co);

  // Routes: the cheapest path by rounded weights is, by the binary graph's exact
  // lengths, within the rounding of the arcs on both paths of the binary optimum.
  const { h } = straightLine(graph, coords);
  const random = rng(13);
  let found = 0;
  for (let i = 0; i < 12; i++) {
    const s = Math.floor(random() * graph.size), t = Math.floor(random() * graph.size);
    const onDimacs = dijkstra(graph, s, t), onBinary = dijkstra(net.graph, s, t);
    expect(onDimacs.status).toBe(onBinary.status);
    if (onDimacs.status !== 'found') continue;
    found++;
    const pd = onDimacs.path!, pf = onBinary.path!;
    expect(pathCost(graph, pd)).toBe(onDimacs.cost);
    const exact = pathCost(net.graph, pd); // the DIMACS route's length in the binary graph
    expect(exact).toBeGreaterThanOrEqual(onBinary.cost * (1 - 1e-12));
    expect(SCALE * (exact - onBinary.cost)).toBeLessThanOrEqual((pd.length - 1 + pf.length - 1) / 2 + 1e-6);
    const a = astar(graph, s, t, h);
    expect(a.cost).toBe(onDimacs.cost); // whole numbers: exactly
    expect(a.expansions).toBeLessThanOrEqual(onDimacs.expansions);
  }
  expect(found).toBeGreaterThanOrEqual(8);
});

test('roadsToDimacs refuses a scale that is not a finite number > 0, one that overflows a weight, and what is not a road network', () => {
  const net = parseRoads(new Int32Array([0, 0, 3, 4]).buffer, new Int32Array([1, 2]).buffer, 'pair');
  expect(Array.from(roadsToDimacs(net).graph.arcCount ? [roadsToDimacs(net).x[1]] : [])).toEqual([3]);
  expect(formatGr(roadsToDimacs(net, 2.5).graph)).toBe('p sp 2 2\na 1 2 13\na 2 1 13\n'); // 12.5 rounds up
  for (const bad of [0, -1, NaN, Infinity, '2']) expect(() => roadsToDimacs(net, bad as number)).toThrow(/roadsToDimacs: scale must be a finite number > 0/);
  expect(() => roadsToDimacs(net, 1e9)).toThrow(/scale 1000000000 makes the road 0 -> 1 weigh 5000000000, more than the 2147483647/);
  expect(() => roadsToDimacs({} as never)).toThrow(/roads must be a RoadNetwork/);
});

test('bestfirst route on Amsterdam converted to .gr/.co files: astar and dijkstra give one cost, and its path is within rounding of the binary graph\'s optimum', async () => {
  const read = (f: string) => readFileSync(dataFile(`roads/${f}`));
  const net = parseRoads(read('amsterdam-roads.co.bin'), read('amsterdam-roads.gr.bin'), 'amsterdam-roads');
  const d = roadsToDimacs(net, SCALE);
  const dir = mkdtempSync(join(tmpdir(), 'bestfirst-dimacs-'));
  const gr = join(dir, 'amsterdam.gr'), co = join(dir, 'amsterdam.co');
  writeFileSync(gr, formatGr(d.graph));
  writeFileSync(co, formatCo(d));
  const random = rng(29);
  for (let i = 0; i < 3; i++) {
    const s = Math.floor(random() * net.graph.size), t = Math.floor(random() * net.graph.size);
    const binary = dijkstra(net.graph, s, t);
    const costs: (number | null)[] = [];
    for (const algo of ['astar', 'dijkstra']) {
      const c = collect();
      const code = await main(['route', '--gr', gr, '--co', co, '--from', String(s + 1), '--to', String(t + 1), '--algo', algo, '--json'], c.io);
      const rec = JSON.parse(c.out[0]) as { cost: number | null; path: number[] | null };
      expect(code, c.err.join('\n')).toBe(binary.status === 'found' ? 0 : 1);
      costs.push(rec.cost);
      if (rec.path === null) continue;
      const pd = rec.path.map((n) => n - 1);
      const exact = pathCost(net.graph, pd);
      expect(exact).toBeGreaterThanOrEqual(binary.cost * (1 - 1e-12));
      expect(SCALE * (exact - binary.cost)).toBeLessThanOrEqual((pd.length - 1 + binary.path!.length - 1) / 2 + 1e-6);
    }
    expect(costs[0]).toBe(costs[1]);
  }
});

test('data/dimacs/amsterdam-centre.{gr,co} is what scripts/roads-to-dimacs.mjs makes from data/roads/, byte for byte', () => {
  expectFreshBuild('dist/src/io/index.js', ['src']);
  const out = join(mkdtempSync(join(tmpdir(), 'bestfirst-dimacs-')), 'centre');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/roads-to-dimacs.mjs'), dataFile('roads/amsterdam-roads.co.bin').replace(/\.co\.bin$/, ''), out,
    '--scale', '100', '--around', '56679', '--radius', '1000'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(readFileSync(`${out}.gr`, 'utf8')).toBe(readFileSync(dataFile('dimacs/amsterdam-centre.gr'), 'utf8'));
  expect(readFileSync(`${out}.co`, 'utf8')).toBe(readFileSync(dataFile('dimacs/amsterdam-centre.co'), 'utf8'));
});
