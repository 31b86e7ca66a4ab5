// Floyd-Warshall against the reference Dijkstra run from every node, on
// random graphs with zero-cost arcs (and zero-cost cycles), parallel arcs and
// self loops; every path read out walks the graph at exactly its table cost.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Graph, InputError, type SearchSpace } from '#bestfirst';
import { allPairsPath, floydWarshall } from '#bestfirst/search';
import { MAX_ALL_PAIRS_NODES } from '#bestfirst/internal';
import { arcCost, asSpace, ReferenceGraph, referenceDijkstra, sameCost, walkPath } from '../../support/reference.js';
import { brute } from '../../support/brute-paths.js';

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

test('what it refuses: spaces too large, NaN or -Infinity costs, tables and ids that are not', () => {
  const big: SearchSpace = { size: MAX_ALL_PAIRS_NODES + 1, maxDegree: 1, successors: () => 0 };
  expect(() => floydWarshall(big)).toThrow(/2049 nodes, at most 2048 allowed/);
  const bad = (c: number): SearchSpace => ({ size: 2, maxDegree: 1, successors: (n, nodes, costs) => { if (n !== 0) return 0; nodes[0] = 1; costs[0] = c; return 1; } });
  expect(() => floydWarshall(bad(Number.NaN))).toThrow(InputError);
  expect(() => floydWarshall(bad(-Infinity))).toThrow(InputError);
  expect(floydWarshall(bad(-2)).dist[1]).toBe(-2); // a negative arc is fine
  expect(() => floydWarshall(null as never)).toThrow(InputError);
  const ap = floydWarshall(new Graph(3, [[0, 1, 1], [1, 2, 1]]));
  expect(allPairsPath(ap, 0, 2)).toEqual([0, 1, 2]);
  expect(allPairsPath(ap, 2, 2)).toEqual([2]);
  expect(() => allPairsPath(ap, 0, 3)).toThrow(/to must be a node id in 0\.\.2, got 3/);
  expect(() => allPairsPath(ap, -1, 0)).toThrow(/from must be a node id/);
  expect(() => allPairsPath({ size: 3, dist: ap.dist, next: new Int32Array(2), negativeCycle: null }, 0, 1)).toThrow(/what floydWarshall returns/);
  const cyc = { size: 3, dist: ap.dist, next: ap.next.slice(), negativeCycle: null };
  cyc.next[0 * 3 + 2] = 0; // an edited table that loops
  expect(() => allPairsPath(cyc, 0, 2)).toThrow(/do not lead to 2/);
});

test('negative costs: every pair equals brute force over simple paths, and a pair a negative cycle lies between is -Infinity (400 random graphs)', () => {
  let cycles = 0, finite = 0;
  fc.assert(fc.property(fc.integer({ min: 1, max: 7 }).chain((n) => fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(-3, -1, -0.5, 0, 1, 2, 4)), { maxLength: 2 * n }),
  })), (c) => {
    const space = asSpace(ReferenceGraph.fromEdges(c.n, c.edges, true));
    const ap = floydWarshall(space);
    // Which nodes lie on a negative simple cycle, and what reaches what (brute force).
    const b = Array.from({ length: c.n }, (_, i) => brute(space, i));
    const reaches = (i: number, j: number) => b[i].best[j] < Infinity;
    if (ap.negativeCycle !== null) {
      // The cycle is real: its arcs exist and sum below zero.
      const cyc = ap.negativeCycle;
      let total = 0;
      for (let k = 0; k < cyc.length; k++) total += arcCost(space, cyc[k], cyc[(k + 1) % cyc.length]);
      expect(total).toBeLessThan(0);
      cycles++;
    }
    const anyNegative = b.some((x) => x.negativeCycle);
    expect(ap.negativeCycle !== null).toBe(anyNegative);
    for (let i = 0; i < c.n; i++) {
      for (let j = 0; j < c.n; j++) {
        // -Infinity exactly when some node k on a negative cycle is reachable from i and reaches j.
        let unbounded = false;
        for (let k = 0; k < c.n && !unbounded; k++) {
          if (!reaches(i, k) || !reaches(k, j)) continue;
          // k is on a negative simple cycle: brute force from k finds one returning to k.
          unbounded = negativeCycleThrough(space, k);
        }
        const d = ap.dist[i * c.n + j];
        if (unbounded) { expect(d, `${i} -> ${j}`).toBe(-Infinity); expect(() => allPairsPath(ap, i, j)).toThrow(/no cheapest path/); continue; }
        const want = i === j ? Math.min(0, b[i].best[j]) : b[i].best[j];
        expect(sameCost(d, want), `${i} -> ${j}: ${d}, brute force ${want}`).toBe(true);
        if (want < Infinity) { expect(sameCost(walkPath(space, allPairsPath(ap, i, j), i, j, 'floydWarshall'), d)).toBe(true); finite++; }
      }
    }
  }), { seed: 20261202, numRuns: 400 });
  expect([cycles > 50, finite > 2000]).toEqual([true, true]);
});

/** Whether a simple cycle through k costs less than nothing (brute force over simple paths from k back to k). */
function negativeCycleThrough(space: SearchSpace, k: number): boolean {
  const nodes = new Int32Array(space.maxDegree), costs = new Float64Array(space.maxDegree);
  const on = new Array<boolean>(space.size).fill(false);
  const walk = (x: number, cost: number): boolean => {
    on[x] = true;
    const d = space.successors(x, nodes, costs);
    const arcs = Array.from({ length: d }, (_, a) => [nodes[a], costs[a]] as const);
    for (const [y, cst] of arcs) {
      if (y === k && cost + cst < -1e-9) { on[x] = false; return true; }
      if (!on[y] && walk(y, cost + cst)) { on[x] = false; return true; }
    }
    on[x] = false;
    return false;
  };
  return walk(k, 0);
}
