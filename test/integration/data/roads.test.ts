import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { Searcher, COST_TO_COME } from '#bestfirst';
import { parseRoads } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { oracleCost } from '../../support/oracle.js';

const int32 = (...v: number[]) => new Uint8Array(Int32Array.from(v).buffer);

test('a square with a diagonal: Euclidean lengths, 1-based ids, undirected', () => {
  // Nodes (0,0) (3,0) (3,4) (0,4); roads 1-2, 2-3, 3-4, 4-1 and the diagonal 1-3 (length 5).
  const co = int32(0, 0, 3, 0, 3, 4, 0, 4);
  const gr = int32(1, 2, 2, 3, 3, 4, 4, 1, 1, 3);
  const net = parseRoads(co, gr.buffer.slice(0) as ArrayBuffer, 'square');
  expect(net.graph.size).toBe(4);
  expect(net.graph.arcCount).toBe(10);
  expect(Array.from(net.x)).toEqual([0, 3, 3, 0]);
  expect(Array.from(net.y)).toEqual([0, 0, 4, 4]);
  const s = new Searcher(net.graph);
  expect(s.search(0, 2, { heuristic: net.heuristic })).toBe('found');
  expect(s.cost).toBe(5);
  expect(s.path()).toEqual([0, 2]);
  s.search(2, 0, { heuristic: net.heuristic }); // the other way round
  expect(s.cost).toBe(5);
  expect(net.heuristic(1, 3)).toBe(5);
});

test.each([
  ['a coordinate file cut short', int32(0, 0, 3), int32(1, 2), /square\.co: 12 bytes is not a whole number/],
  ['an edge file cut short', int32(0, 0, 3, 0), int32(1, 2, 1), /square\.gr: 12 bytes/],
  ['a 0-based id', int32(0, 0, 3, 0), int32(0, 1), /pair 0 \(byte 0\) is \(0, 1\); ids are 1-based and must be in 1\.\.2/],
  ['an id past the node count', int32(0, 0, 3, 0), int32(1, 2, 2, 3), /pair 1 \(byte 8\) is \(2, 3\)/],
])('refuses %s', (_what, co, gr, message) => {
  expect(() => parseRoads(co, gr, 'square')).toThrow(RangeError);
  expect(() => parseRoads(co, gr, 'square')).toThrow(message);
});

test('refuses what is not bytes', () => {
  expect(() => parseRoads([1, 2] as unknown as Uint8Array, int32())).toThrow(/expected an ArrayBuffer or a Uint8Array/);
});

test('Amsterdam: sizes as documented; A* equals Dijkstra and the ngraph.path oracle on seeded pairs', () => {
  const read = (f: string) => readFileSync(dataFile(`roads/${f}`));
  const net = parseRoads(read('amsterdam-roads.co.bin'), read('amsterdam-roads.gr.bin'), 'amsterdam-roads');
  expect(net.graph.size).toBe(68213);
  expect(net.graph.arcCount).toBe(2 * 76718);
  const a = new Searcher(net.graph), d = new Searcher(net.graph);
  let seed = 7, found = 0;
  for (let i = 0; i < 12; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const s = seed % net.graph.size;
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const t = seed % net.graph.size;
    a.search(s, t, { heuristic: net.heuristic });
    d.search(s, t, { priority: COST_TO_COME });
    expect(a.status).toBe(d.status);
    if (d.status === 'found') expect(Math.abs(a.cost - d.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, d.cost));
    if (a.status === 'found') found++;
    if (i < 3) {
      const o = oracleCost(net.graph, s, t);
      expect(Math.abs(o - d.cost) <= 1e-9 * Math.max(1, o) || (o === Infinity && d.cost === Infinity)).toBe(true);
    }
  }
  expect(found).toBeGreaterThan(6);
}, 60_000);
