// Bellman-Ford against brute force on small random graphs with negative
// costs: with no negative cycle reachable from the source, g is the cheapest
// simple path's cost (every simple path enumerated); with one, a cycle is
// returned whose arcs exist and whose total cost is negative, and brute force
// finds a reachable negative cycle too.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { InputError, type SearchSpace } from '#bestfirst';
import { bellmanFord } from '#bestfirst/search';
import { arcCost, asSpace, ReferenceGraph, sameCost } from '../../support/reference.js';
import { brute } from '../../support/brute-paths.js';


test('equals brute force on 400 random graphs with negative costs: exact g without a reachable negative cycle, a real negative cycle with one', () => {
  let done = 0, cycles = 0;
  fc.assert(fc.property(fc.integer({ min: 1, max: 6 }).chain((n) => fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(-3, -1, -0.5, 0, 0, 1, 2, 4)), { maxLength: 2 * n + 2 }),
    s: fc.nat(n - 1),
  })), (c) => {
    const space = asSpace(ReferenceGraph.fromEdges(c.n, c.edges, true));
    const r = bellmanFord(space, c.s);
    const b = brute(space, c.s);
    expect(r.status === 'negative-cycle').toBe(b.negativeCycle);
    if (r.status === 'done') {
      done++;
      for (let v = 0; v < c.n; v++) {
        expect(sameCost(r.g[v], b.best[v]), `g[${v}] ${r.g[v]}, brute force ${b.best[v]}`).toBe(true);
        if (v !== c.s && r.g[v] < Infinity) expect(sameCost(r.g[r.parent[v]] + arcCost(space, r.parent[v], v), r.g[v])).toBe(true);
      }
      expect(r.cycle).toEqual([]);
      expect(r.rounds).toBeLessThanOrEqual(c.n);
    } else {
      cycles++;
      let total = 0;
      for (let i = 0; i < r.cycle.length; i++) total += arcCost(space, r.cycle[i], r.cycle[(i + 1) % r.cycle.length]);
      expect(total, `cycle ${r.cycle.join(' ')}`).toBeLessThan(0);
      expect(new Set(r.cycle).size).toBe(r.cycle.length);
    }
  }), { seed: 20261202, numRuns: 400 });
  expect(done).toBeGreaterThan(50);
  expect(cycles).toBeGreaterThan(50);
});

test('refusals: a source that is not a node, NaN or -Infinity costs, a successor outside the space', () => {
  const one = (to: number, c: number): SearchSpace => ({ size: 2, maxDegree: 1, successors: (n, nodes, costs) => { if (n !== 0) return 0; nodes[0] = to; costs[0] = c; return 1; } });
  expect(() => bellmanFord(one(1, 1), 2)).toThrow(/bellmanFord: source/);
  expect(() => bellmanFord(one(1, Number.NaN), 0)).toThrow(/the arc 0 -> 1 costs NaN/);
  expect(() => bellmanFord(one(1, -Infinity), 0)).toThrow(InputError);
  expect(() => bellmanFord(one(7, 1), 0)).toThrow(/successor 7 outside 0\.\.1/);
  expect(bellmanFord(one(1, Infinity), 0).g[1]).toBe(Infinity);
  expect(bellmanFord(one(1, -5), 0).g[1]).toBe(-5);
});

test('issue 35.7: a Graph made with negativeCosts carries them to bellmanFord and floydWarshall; every other search refuses it with the reason', async () => {
  const { Graph, dijkstra, flood, BidirectionalSearcher, ContractionHierarchy } = await import('#bestfirst'); const { bellmanFord: bf, floydWarshall, zeroOneBfs, dfs } = await import('#bestfirst/search');
  expect(() => new Graph(2, [[0, 1, -1]], { directed: true })).toThrow(/cost must be >= 0, got -1; a graph with negative costs is made with \{ negativeCosts: true \}/);
  const g = new Graph(3, [[0, 1, 4], [0, 2, 5], [2, 1, -3]], { directed: true, negativeCosts: true });
  expect(g.negativeCosts).toBe(true);
  const r = bf(g, 0);
  expect(r.status).toBe('done');
  expect(Array.from(r.g)).toEqual([0, 2, 5]);
  expect(floydWarshall(g).dist[1]).toBe(2);
  for (const run of [() => dijkstra(g, 0, 1), () => flood(g, 0), () => new BidirectionalSearcher(g), () => new ContractionHierarchy(g), () => zeroOneBfs(g, 0), () => dfs(g, 0, 1)]) {
    expect(run).toThrow(/the space has arcs of negative cost, and this search takes costs >= 0 only; bellmanFord \(and floydWarshall\) take negative costs/);
  }
  // Asked for but none negative: an ordinary graph, which every search takes.
  expect(new Graph(2, [[0, 1, 1]], { negativeCosts: true }).negativeCosts).toBe(false);
});
