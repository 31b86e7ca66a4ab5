// Floyd-Warshall against the reference Dijkstra run from every node, on
// random graphs with zero-cost arcs (and zero-cost cycles), parallel arcs and
// self loops; every path read out walks the graph at exactly its table cost.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { allPairsPath, floydWarshall, Graph, InputError, MAX_ALL_PAIRS_NODES, type SearchSpace } from '#bestfirst';
import { asSpace, ReferenceGraph, referenceDijkstra, sameCost, walkPath } from '../support/reference.js';

const COSTS = [0, 0, 0, 0.5, 1, 1, 2, 7.25] as const;

test('every pair\'s cost equals the reference Dijkstra\'s, and every path walks at that cost (300 random graphs, both space kinds)', () => {
  let pairs = 0;
  fc.assert(fc.property(fc.integer({ min: 1, max: 12 }).chain((n) => fc.record({
    n: fc.constant(n),
    directed: fc.boolean(),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(...COSTS)), { maxLength: 4 * n }),
  })), (c) => {
    const ref = ReferenceGraph.fromEdges(c.n, c.edges, c.directed);
    for (const space of [asSpace(ref), new Graph(c.n, c.edges, { directed: c.directed })] as SearchSpace[]) {
      const ap = floydWarshall(space);
      expect(ap.size).toBe(c.n);
      for (let i = 0; i < c.n; i++) {
        const want = referenceDijkstra(space, i, 'forward');
        for (let j = 0; j < c.n; j++) {
          const d = ap.dist[i * c.n + j];
          expect(sameCost(d, want[j]), `${i} -> ${j}: ${d}, the reference says ${want[j]}`).toBe(true);
          const p = allPairsPath(ap, i, j);
          if (want[j] === Infinity) { expect(p).toBeNull(); continue; }
          expect(sameCost(walkPath(space, p, i, j, 'floydWarshall'), d)).toBe(true);
          expect(new Set(p).size, 'a path visits a node once').toBe(p!.length);
          pairs++;
        }
      }
    }
  }), { seed: 20261202, numRuns: 300 });
  expect(pairs).toBeGreaterThan(5000);
});

test('what it refuses: spaces too large, NaN or negative costs, tables and ids that are not', () => {
  const big: SearchSpace = { size: MAX_ALL_PAIRS_NODES + 1, maxDegree: 1, successors: () => 0 };
  expect(() => floydWarshall(big)).toThrow(/2049 nodes, at most 2048 allowed/);
  const bad = (c: number): SearchSpace => ({ size: 2, maxDegree: 1, successors: (n, nodes, costs) => { if (n !== 0) return 0; nodes[0] = 1; costs[0] = c; return 1; } });
  expect(() => floydWarshall(bad(Number.NaN))).toThrow(InputError);
  expect(() => floydWarshall(bad(-2))).toThrow(InputError);
  expect(() => floydWarshall(null as never)).toThrow(InputError);
  const ap = floydWarshall(new Graph(3, [[0, 1, 1], [1, 2, 1]]));
  expect(allPairsPath(ap, 0, 2)).toEqual([0, 1, 2]);
  expect(allPairsPath(ap, 2, 2)).toEqual([2]);
  expect(() => allPairsPath(ap, 0, 3)).toThrow(/to must be a node id in 0\.\.2, got 3/);
  expect(() => allPairsPath(ap, -1, 0)).toThrow(/from must be a node id/);
  expect(() => allPairsPath({ size: 3, dist: ap.dist, next: new Int32Array(2) }, 0, 1)).toThrow(/what floydWarshall returns/);
  const cyc = { size: 3, dist: ap.dist, next: ap.next.slice() };
  cyc.next[0 * 3 + 2] = 0; // an edited table that loops
  expect(() => allPairsPath(cyc, 0, 2)).toThrow(/do not lead to 2/);
});
