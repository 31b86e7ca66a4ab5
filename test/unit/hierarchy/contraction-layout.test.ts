// The contraction hierarchy as its query reads it (src/hierarchy/contraction-layout.ts):
// the depth-first numbering is a permutation, every arc of the contracted
// graph is in its row with its cost, and every entry of the unpacking table
// expands to a path of the space's own arcs from the shortcut's tail to its
// head whose costs sum to the shortcut's cost (checked against the space,
// not against the table). Then the query on small random graphs against the
// reference Dijkstra, and the query's one-key heap against a sort.
// Fixed seeds, well under 2 s: the unit tier (the all-pairs property suite is
// test/integration/properties/two-ended-property.test.ts).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ContractionHierarchy, Graph, type SearchSpace } from '#bestfirst';
import { contract, KeyHeap, layOut, queryOrder } from '#bestfirst/internal';
import { arcCost, asSpace, referenceDijkstra, ReferenceGraph, sameCost, walkPath } from '../../support/reference.js';

const randomGraph = fc.integer({ min: 1, max: 14 }).chain((n) => fc.record({
  n: fc.constant(n),
  edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(0, 1, 2, 3, 0.5, 1.25, 7)), { maxLength: 3 * n }),
  directed: fc.boolean(),
}));

const spaceOf = ({ n, edges, directed }: { n: number; edges: [number, number, number][]; directed: boolean }): SearchSpace =>
  directed ? asSpace(ReferenceGraph.fromEdges(n, edges, true)) : new Graph(n, edges);

describe('the query layout', () => {
  test('numbering, rows and unpacking table agree with the contracted graph and the space', () => {
    fc.assert(fc.property(randomGraph, fc.constantFrom(0, 2, 500), (g, settles) => {
      const space = spaceOf(g);
      const ch = contract(space, settles, 'test');
      const num = queryOrder(ch);
      const n = space.size;
      expect([...num].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      // The top of the hierarchy is numbered first.
      expect(num[n - 1]).toBe(0);
      const l = layOut(ch, num);
      for (let v = 0; v < n; v++) expect(l.node[l.id[v]]).toBe(v);
      // Each row of the layout holds the contracted graph's arcs of that rank, same ends, same costs.
      for (let r = 0; r < n; r++) {
        const q = num[r];
        const up = [], upWant = [], inn = [], innWant = [];
        for (let k = l.first[2 * q]; k < l.first[2 * q + 1]; k++) up.push([l.ends[4 * k], l.costs[2 * k + 1]]);
        for (let k = ch.fStart[r]; k < ch.fStart[r + 1]; k++) upWant.push([num[ch.fHead[k]], ch.fCost[k]]);
        for (let k = l.first[2 * q + 1]; k < l.first[2 * q + 2]; k++) inn.push([l.ends[4 * k], l.costs[2 * k + 1]]);
        for (let k = ch.bStart[r]; k < ch.bStart[r + 1]; k++) innWant.push([num[ch.bTail[k]], ch.bCost[k]]);
        expect(up).toEqual(upWant);
        expect(inn).toEqual(innWant);
      }
      // Every shortcut record unpacks into arcs of the space from its tail to its head.
      for (let q = 0; q < n; q++) {
        for (let k = l.first[2 * q]; k < l.first[2 * q + 2]; k++) {
          const sc = l.ends[4 * k + 1];
          if (sc < 0) continue;
          const climbing = k < l.first[2 * q + 1];
          const tail = l.node[climbing ? q : l.ends[4 * k]], head = l.node[climbing ? l.ends[4 * k] : q];
          const path = [tail];
          let sum = 0;
          const expand = (i: number): void => {
            for (let h = 0; h < 2; h++) {
              const x = l.halves[6 * i + h];
              if (x >= 0) { expand(x); continue; }
              const c = l.halfCost[3 * i + 1 + h];
              expect(c).toBe(arcCost(space, path[path.length - 1], ~x));
              path.push(~x);
              sum += c;
            }
          };
          expand(sc);
          expect(path[path.length - 1]).toBe(head);
          expect(sameCost(sum, l.costs[2 * k + 1]), `shortcut ${tail} -> ${head}: unpacked ${sum}, record ${l.costs[2 * k + 1]}`).toBe(true);
        }
      }
    }), { seed: 1450, numRuns: 200 });
  });
});

describe('the query on the layout', () => {
  test('random graphs, directed and not: every pair against the reference Dijkstra, every path walked', () => {
    fc.assert(fc.property(randomGraph, (g) => {
      const space = spaceOf(g);
      const ch = new ContractionHierarchy(space);
      for (let a = 0; a < space.size; a++) {
        const ref = referenceDijkstra(space, a, 'forward');
        for (let b = 0; b < space.size; b++) {
          const status = ch.search(a, b);
          if (ref[b] === Infinity) {
            expect(status).toBe('unreachable');
            expect(ch.path()).toBeNull();
            continue;
          }
          expect(status).toBe('found');
          expect(walkPath(space, ch.path(), a, b, `ch ${a} -> ${b}`)).toBe(ch.cost);
          expect(sameCost(ch.cost, ref[b]), `ch ${a} -> ${b}: cost ${ch.cost}, reference ${ref[b]}`).toBe(true);
        }
      }
    }), { seed: 1451, numRuns: 60 });
  });

  test('a step limit stops a query and the next one starts clean', () => {
    const line = new Graph(6, [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 5, 1]]);
    const ch = new ContractionHierarchy(line);
    expect(ch.search(0, 5, { limits: { maxExpansions: 1 } })).toBe('stopped');
    for (let a = 0; a < 6; a++) {
      for (let b = 0; b < 6; b++) {
        expect(ch.search(a, b)).toBe('found');
        expect(ch.cost).toBe(Math.abs(a - b));
      }
    }
  });
});

describe('KeyHeap', () => {
  test('pops keys in sorted order (random pushes and pops against a sorted array)', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }), { maxLength: 300 }), (ops) => {
      const heap = new KeyHeap(4), model: number[] = [];
      ops.forEach((key, i) => {
        if (key === undefined) {
          if (model.length === 0) return;
          model.sort((a, b) => a - b);
          expect(heap.topKey()).toBe(model.shift());
          heap.pop();
        } else {
          heap.push(i, key);
          model.push(key);
        }
        expect(heap.length).toBe(model.length);
      });
    }), { seed: 1452, numRuns: 200 });
  });
});
