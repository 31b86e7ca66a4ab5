// 0-1 BFS against the reference Dijkstra (the minimum over one run per
// source) on random graphs whose arcs cost 0 or 1, parallel arcs and self
// loops included, both directions; its answer has flood's shape and flood's
// costs; anything but 0 or 1 is refused.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { flood, Graph, Grid, InputError, type SearchSpace } from '#bestfirst';
import { zeroOneBfs } from '#bestfirst/search';
import { arcCost, asSpace, ReferenceGraph, referenceDijkstra } from '../../support/reference.js';

test('costs equal the reference\'s on 300 random 0/1 graphs (one or more sources, both directions), parents walk back at those costs', () => {
  let nodes = 0;
  fc.assert(fc.property(fc.integer({ min: 1, max: 14 }).chain((n) => fc.record({
    n: fc.constant(n),
    directed: fc.boolean(),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(0, 1, 1)), { maxLength: 4 * n }),
    sources: fc.array(fc.nat(n - 1), { minLength: 1, maxLength: 3 }),
    backward: fc.boolean(),
  })), (c) => {
    const direction = c.backward ? 'backward' : 'forward';
    for (const space of [asSpace(ReferenceGraph.fromEdges(c.n, c.edges, c.directed)), new Graph(c.n, c.edges, { directed: c.directed })] as SearchSpace[]) {
      const r = zeroOneBfs(space, c.sources, { direction });
      const runs = c.sources.map((s) => referenceDijkstra(space, s, direction));
      const f = flood(space, c.sources, { direction });
      let reached = 0;
      for (let v = 0; v < c.n; v++) {
        const want = Math.min(...runs.map((d) => d[v]));
        expect(r.g[v], `g[${v}]`).toBe(want);
        expect(r.g[v]).toBe(f.g[v]);
        if (want === Infinity) { expect(r.parent[v]).toBe(-1); continue; }
        reached++;
        if (r.parent[v] === -1) expect(c.sources).toContain(v);
        else {
          const p = r.parent[v];
          expect(r.g[p] + (direction === 'forward' ? arcCost(space, p, v) : arcCost(space, v, p))).toBe(r.g[v]);
          expect(r.source[p]).toBe(r.source[v]);
        }
        expect(runs[r.source[v]][v]).toBe(want);
      }
      expect(r.reached).toBe(reached);
      expect(r.status).toBe('done');
      const order = Array.from(r.order.subarray(0, r.reached));
      for (let i = 1; i < order.length; i++) expect(r.g[order[i]]).toBeGreaterThanOrEqual(r.g[order[i - 1]]);
      nodes += reached;
    }
  }), { seed: 20261202, numRuns: 300 });
  expect(nodes).toBeGreaterThan(1000);
});

test('a 4-connected unit grid is a 0/1 space; other costs, bad sources and options are refused', () => {
  const grid = Grid.fromAscii(['....', '.##.', '....'], { connectivity: 4 });
  const r = zeroOneBfs(grid, grid.id(0, 0));
  expect(r.g[grid.id(3, 2)]).toBe(5);
  expect(() => zeroOneBfs(Grid.fromAscii(['..', '..']), 0)).toThrow(/costs 1\.41.*0-1 BFS takes costs 0 and 1 only/);
  expect(() => zeroOneBfs(grid, [])).toThrow(/sources must be a node id in 0\.\.11 or a non-empty array/);
  expect(() => zeroOneBfs(grid, grid.id(1, 1))).toThrow(InputError);
  expect(() => zeroOneBfs(grid, 0, { direction: 'up' as never })).toThrow(/direction must be/);
  expect(() => zeroOneBfs(grid, 0, { budget: 3 } as never)).toThrow(/budget/);
  expect(() => zeroOneBfs({ size: 2, maxDegree: 1, successors: () => 0 }, 0, { direction: 'backward' })).toThrow(/predecessors/);
});
