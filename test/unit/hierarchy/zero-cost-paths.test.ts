// Zero-cost arcs and the two-ended searches (issues 35 and 37): a path that
// meets in the middle or unpacks shortcuts must still be a path from the
// start to the goal, simple, at the optimal cost; a custom space that names
// a node outside it, or whose costs overflow, is an InputError.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, Graph, InputError, pathCost, type SearchSpace } from '#bestfirst';
import { referenceDijkstra, sameCost } from '../../support/reference.js';

/** The path checked step by step: from start to goal, each step an arc, no node twice, its cost the one reported. */
function expectPath(space: SearchSpace, path: number[] | null, start: number, goal: number, cost: number): void {
  expect(path).not.toBeNull();
  const p = path!;
  expect(p[0]).toBe(start);
  expect(p[p.length - 1]).toBe(goal);
  expect(new Set(p).size, `a node twice in ${p.join(' ')}`).toBe(p.length);
  // pathCost refuses a step that is not an arc; the sum of the cheapest arcs must be the cost.
  expect(sameCost(pathCost(space, p), cost), `${p.join(' ')} costs ${pathCost(space, p)}, reported ${cost}`).toBe(true);
}

describe('the reproductions', () => {
  test('issue 35: the hierarchy\'s path ends at the goal (it ran past it over a zero-cost edge and back)', () => {
    const g = new Graph(3, [[0, 1, 0], [0, 2, 2]], { directed: false });
    const ch = new ContractionHierarchy(g, { witnessSettles: 500 });
    expect(ch.search(2, 0)).toBe('found');
    expect(ch.cost).toBe(2);
    expect(ch.path()).toEqual([2, 0]);
  });

  test('issue 37: no zero-cost cycle in the path, directed', () => {
    const g = new Graph(3, [[0, 1, 2], [1, 2, 0], [2, 1, 0]], { directed: true });
    const ch = new ContractionHierarchy(g);
    expect(ch.search(0, 1)).toBe('found');
    expect(ch.path()).toEqual([0, 1]);
    const bi = new BidirectionalSearcher(g);
    expect(bi.search(0, 1)).toBe('found');
    expect(bi.path()).toEqual([0, 1]);
  });

  test('a custom space whose successor is outside it is an InputError naming the node and the arc, for both', () => {
    const space: SearchSpace = {
      size: 2, maxDegree: 1,
      successors: (n, nodes, costs) => { nodes[0] = n === 0 ? 9 : 0; costs[0] = 1; return 1; },
      predecessors: (n, nodes, costs) => { nodes[0] = n === 1 ? -3 : 1; costs[0] = 1; return 1; },
    };
    expect(() => new ContractionHierarchy(space)).toThrow(InputError);
    expect(() => new ContractionHierarchy(space)).toThrow(/node 0 lists a successor 9 outside 0\.\.1/);
    const bi = new BidirectionalSearcher(space);
    expect(() => bi.search(0, 1)).toThrow(/node 0 lists a successor 9 outside 0\.\.1/);
    expect(() => bi.search(1, 1)).not.toThrow();
  });

  test('costs that overflow: an InputError from both, never "unreachable" nor a cost of Infinity', () => {
    // A custom space: Graph refuses such costs when it is built.
    const space: SearchSpace = {
      size: 3, maxDegree: 2,
      successors: (n, nodes, costs) => { if (n === 2) return 0; nodes[0] = n + 1; costs[0] = 1e308; return 1; },
      predecessors: (n, nodes, costs) => { if (n === 0) return 0; nodes[0] = n - 1; costs[0] = 1e308; return 1; },
    };
    const bi = new BidirectionalSearcher(space);
    expect(() => bi.search(0, 2)).toThrow(/overflows/);
    expect(bi.search(0, 1)).toBe('found');
    expect(() => { const ch = new ContractionHierarchy(space); ch.search(0, 2); }).toThrow(/overflows/);
    // Four nodes: the halves' keys sum past Infinity before they meet (1e308 each), which must not end the search
    // as unreachable (found by a helper's suite: kF + kB >= mu held with mu still Infinity).
    const chain: SearchSpace = {
      size: 4, maxDegree: 1,
      successors: (n, nodes, costs) => { if (n === 3) return 0; nodes[0] = n + 1; costs[0] = 1e308; return 1; },
      predecessors: (n, nodes, costs) => { if (n === 0) return 0; nodes[0] = n - 1; costs[0] = 1e308; return 1; },
    };
    expect(() => new BidirectionalSearcher(chain).search(0, 3)).toThrow(/overflows/);
  });
});

/** A random small graph with zero-cost arcs, parallel arcs and self loops. */
const graphCase = fc.record({
  n: fc.integer({ min: 1, max: 9 }),
  directed: fc.boolean(),
  arcs: fc.array(fc.tuple(fc.nat(8), fc.nat(8), fc.constantFrom(0, 0, 0, 1, 2, 3, 0.5)), { maxLength: 24 }),
});

test('generated: both searches on graphs with zero-cost arcs, parallel arcs and self loops: every pair at the reference cost, on a simple path checked step by step', () => {
  let pairs = 0, found = 0;
  fc.assert(fc.property(graphCase, fc.integer({ min: 0, max: 2000 }), ({ n, directed, arcs }, settles) => {
    const edges = arcs.map(([a, b, c]) => [a % n, b % n, c] as [number, number, number]);
    const g = new Graph(n, edges, { directed });
    const ch = new ContractionHierarchy(g, { witnessSettles: settles });
    const bi = new BidirectionalSearcher(g);
    for (let s = 0; s < n; s++) {
      const ref = referenceDijkstra(g, s, 'forward');
      for (let t = 0; t < n; t++) {
        pairs++;
        const want = ref[t];
        for (const searcher of [ch, bi]) {
          const status = searcher.search(s, t);
          expect(status).toBe(want === Infinity ? 'unreachable' : 'found');
          if (want === Infinity) { expect(searcher.path()).toBeNull(); continue; }
          expect(sameCost(searcher.cost, want)).toBe(true);
          expectPath(g, searcher.path(), s, t, searcher.cost);
        }
        if (want < Infinity) found++;
      }
    }
  }), { numRuns: 400, seed: 20261205 });
  expect(found).toBeGreaterThan(pairs / 3);
});
