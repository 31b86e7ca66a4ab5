// The two-ended searches (bidirectional Dijkstra, bidirectional A*, and the
// contraction hierarchy's query) against the suite's own reference Dijkstra
// on small random directed graphs: zero-cost arcs, parallel arcs, self loops,
// unreachable goals, and coordinates whose straight-line distance is the
// heuristic. Every path is walked arc by arc: it starts and ends where it
// should, each step is an arc, and its arcs sum to the reported cost, which
// is the reference's. About 10 s: the integration tier.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, Graph, type Heuristic, type PathSearcher, type SearchSpace } from '#bestfirst';
import { asSpace, referenceDijkstra, ReferenceGraph, sameCost, walkPath } from '../../support/reference.js';

type Edge = [number, number, number];

/** Every pair of a small graph: the searcher's status, cost and path against the reference. */
function checkAllPairs(space: SearchSpace, s: PathSearcher, query: (a: number, b: number) => unknown, who: string): void {
  const out = new Int32Array(space.size);
  for (let a = 0; a < space.size; a++) {
    const ref = referenceDijkstra(space, a, 'forward');
    for (let b = 0; b < space.size; b++) {
      query(a, b);
      if (ref[b] === Infinity) {
        expect(s.status, `${who} ${a} -> ${b}`).toBe('unreachable');
        expect(s.path()).toBeNull();
        expect(s.cost).toBe(Infinity);
        expect(s.pathInto(out)).toBe(0);
        continue;
      }
      expect(s.status, `${who} ${a} -> ${b}`).toBe('found');
      const walked = walkPath(space, s.path(), a, b, `${who} ${a} -> ${b}`);
      expect(walked, `${who} ${a} -> ${b}: arcs summed`).toBe(s.cost);
      expect(sameCost(s.cost, ref[b]), `${who} ${a} -> ${b}: cost ${s.cost}, reference ${ref[b]}`).toBe(true);
      const len = s.pathInto(out);
      expect(Array.from(out.subarray(0, len))).toEqual(s.path());
    }
  }
}

const smallGraph = (maxN: number, costs: number[]) => fc.integer({ min: 1, max: maxN }).chain((n) => fc.record({
  n: fc.constant(n),
  edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(...costs)), { maxLength: 3 * n }),
}));

describe('on random directed graphs (zero costs, parallel arcs, self loops, unreachable goals)', () => {
  const graphs = smallGraph(9, [0, 0, 1, 2, 3, 5, 0.5, 1.25, 7]);

  test('bidirectional Dijkstra: every pair equals the reference', () => {
    fc.assert(fc.property(graphs, ({ n, edges }) => {
      const space = asSpace(ReferenceGraph.fromEdges(n, edges, true));
      const s = new BidirectionalSearcher(space);
      checkAllPairs(space, s, (a, b) => s.search(a, b), 'bidijkstra');
    }), { seed: 1401, numRuns: 300 });
  });

  test('contraction hierarchy: every pair equals the reference, whatever the witness limit', () => {
    fc.assert(fc.property(graphs, fc.constantFrom(0, 1, 3, 500), ({ n, edges }, witnessSettles) => {
      const space = asSpace(ReferenceGraph.fromEdges(n, edges, true));
      const ch = new ContractionHierarchy(space, { witnessSettles });
      checkAllPairs(space, ch, (a, b) => ch.search(a, b), `ch(${witnessSettles})`);
      expect(ch.reopenings).toBe(0);
    }), { seed: 1402, numRuns: 300 });
  });

  test('a Graph (undirected, parallel edges, self loops): both agree with the reference', () => {
    fc.assert(fc.property(smallGraph(12, [0, 1, 2, 4, 0.1]), ({ n, edges }) => {
      const graph = new Graph(n, edges);
      const s = new BidirectionalSearcher(graph), ch = new ContractionHierarchy(graph);
      checkAllPairs(graph, s, (a, b) => s.search(a, b), 'bidijkstra');
      checkAllPairs(graph, ch, (a, b) => ch.search(a, b), 'ch');
    }), { seed: 1403, numRuns: 150 });
  });
});

describe('bidirectional A* on random geometric graphs', () => {
  // Nodes at integer points; each arc costs at least its length, so the
  // straight-line distance is a lower bound consistent in both arguments.
  const geometric = fc.integer({ min: 1, max: 10 }).chain((n) => fc.record({
    pts: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })), { minLength: n, maxLength: n }),
    arcs: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(1, 1, 1.5, 3)), { maxLength: 3 * n }),
  }));

  test('every pair equals the reference', () => {
    fc.assert(fc.property(geometric, ({ pts, arcs }) => {
      const dist = (a: number, b: number) => Math.hypot(pts[a][0] - pts[b][0], pts[a][1] - pts[b][1]);
      const edges: Edge[] = arcs.map(([u, v, k]) => [u, v, k * dist(u, v)]);
      const space = asSpace(ReferenceGraph.fromEdges(pts.length, edges, true));
      const h: Heuristic = (a, b) => dist(a, b);
      const s = new BidirectionalSearcher(space);
      checkAllPairs(space, s, (a, b) => s.search(a, b, { heuristic: h }), 'biastar');
    }), { seed: 1404, numRuns: 300 });
  });

  test('a heuristic that calls a node a dead end leaves it out, and Infinity between start and goal is unreachable at once', () => {
    // 0 -> 1 -> 3 costs 2; 0 -> 2 -> 3 costs 4; h says 1 cannot reach 3.
    const g = new Graph(4, [[0, 1, 1], [1, 3, 1], [0, 2, 2], [2, 3, 2]], { directed: true });
    const s = new BidirectionalSearcher(g);
    const h: Heuristic = (a, b) => (a === 1 && b === 3 ? Infinity : 0);
    expect(s.search(0, 3, { heuristic: h })).toBe('found');
    expect(s.path()).toEqual([0, 2, 3]);
    expect(s.search(1, 3, { heuristic: h })).toBe('unreachable');
    expect(s.pushes).toBe(0);
  });
});

