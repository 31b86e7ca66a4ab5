import fc from 'fast-check';
import { expect, test } from 'vitest';
import { astar, dijkstra, Graph, InputError, straightLine, type SearchSpace } from '#bestfirst';
import { referenceCostToGo } from '../../support/reference.js';

test('the ratio is the smallest cost / length over arcs between distinct points', () => {
  // (0,0) (3,4) (3,0): lengths 5, 4, 3; costs 10, 12, 6: ratios 2, 3, 2.
  const g = new Graph(3, [[0, 1, 10], [1, 2, 12], [2, 0, 6]]);
  const s = straightLine(g, { x: [0, 3, 3], y: [0, 4, 0] });
  expect(s.ratio).toBe(2);
  expect(s.h(0, 1)).toBeCloseTo(10, 6);
  expect(s.h(0, 1)).toBeLessThan(10); // shrunk a hair below, never above
  // Coincident ends say nothing; a free arc between distinct points makes h zero.
  expect(straightLine(new Graph(2, [[0, 1, 3]]), { x: [1, 1], y: [2, 2] }).ratio).toBe(0);
  expect(straightLine(new Graph(2, [[0, 1, 0]]), { x: [0, 1], y: [0, 0] }).ratio).toBe(0);
});

test('admissible and consistent on 300 random graphs with random points; A* with it costs what Dijkstra costs (fixed seed)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 9 }).chain((n) => fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.nat(50)), { maxLength: 3 * n }),
    xy: fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 })), { minLength: n, maxLength: n }),
    goal: fc.nat(n - 1),
  })), (c) => {
    const g = new Graph(c.n, c.edges, { directed: true });
    const { h } = straightLine(g, { x: c.xy.map((p) => p[0]), y: c.xy.map((p) => p[1]) });
    const toGo = referenceCostToGo(g, c.goal);
    for (let v = 0; v < c.n; v++) {
      expect(h(v, c.goal), `h(${v}) against the true cost-to-go`).toBeLessThanOrEqual(toGo[v]);
      for (const [a, b, cost] of c.edges) expect(h(a, c.goal)).toBeLessThanOrEqual(cost + h(b, c.goal));
      const r = astar(g, v, c.goal, h), d = dijkstra(g, v, c.goal);
      expect(r.status).toBe(d.status);
      expect(r.cost).toBe(d.cost);
    }
  }), { seed: 20261202, numRuns: 300 });
});

test('refuses coordinates that are not one finite number per node', () => {
  const g = new Graph(2, [[0, 1, 1]]);
  expect(() => straightLine(g, { x: [0], y: [0, 0] })).toThrow(/straightLine: coords\.x has 1 entries, but the space has 2 nodes/);
  expect(() => straightLine(g, { x: [0, NaN], y: [0, 0] })).toThrow(/coords\.x\[1\] must be a finite number, got NaN/);
  expect(() => straightLine(g, null as unknown as { x: number[]; y: number[] })).toThrow(InputError);
  expect(() => straightLine({} as SearchSpace, { x: [], y: [] })).toThrow(/straightLine: space\.size/);
});
