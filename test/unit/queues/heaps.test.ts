// The heaps of src/queues/, held to a sorted list (flatqueue's test, with ties):
// any sequence of pushes and pops gives the entries back in key order, the
// heaps' own tie rules included.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Heap, JumpHeap, KeyHeap } from '#bestfirst/internal';

const RUNS = { numRuns: 200, seed: 20261205 } as const;
/** Pushes (keys drawn from few values, so ties are common) and pops, in any order. */
const ops = fc.array(fc.oneof(fc.record({ push: fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 })) }), fc.constant({ pop: true as const })), { maxLength: 300 });

test('Heap pops by key1, then key2, then insertion order, whatever the sequence', () => {
  fc.assert(fc.property(ops, (seq) => {
    const heap = new Heap(4); // small: growing is part of the test
    const oracle: { node: number; k1: number; k2: number; seq: number }[] = [];
    let next = 0;
    for (const op of seq) {
      if ('push' in op) {
        const [k1, k2] = op.push;
        heap.push(next, k1, k2, next * 10);
        oracle.push({ node: next, k1, k2, seq: next });
        next++;
      } else if (oracle.length > 0) {
        oracle.sort((a, b) => a.k1 - b.k1 || a.k2 - b.k2 || a.seq - b.seq);
        const want = oracle.shift()!;
        expect([heap.topNode(), heap.topKey1(), heap.topKey2(), heap.topValue()]).toEqual([want.node, want.k1, want.k2, want.node * 10]);
        heap.pop();
      }
      expect(heap.length).toBe(oracle.length);
    }
  }), RUNS);
});

/**
 * Runs `seq` on a heap with two keys (KeyHeap reads only the first) against
 * a list: each pop must take an entry whose keys are the least (equal keys
 * may leave in any order), and that very entry leaves the list.
 */
function againstList(seq: readonly ({ push: [number, number] } | { pop: true })[], push: (node: number, k1: number, k2: number) => void, top: () => [node: number, k1: number, k2: number], pop: () => void, length: () => number, twoKeys: boolean): void {
  const list: { node: number; k1: number; k2: number }[] = [];
  let next = 0;
  for (const op of seq) {
    if ('push' in op) {
      const [k1, k2] = op.push;
      push(next, k1, k2);
      list.push({ node: next++, k1, k2 });
    } else if (list.length > 0) {
      const least1 = Math.min(...list.map((e) => e.k1));
      const least2 = twoKeys ? Math.min(...list.filter((e) => e.k1 === least1).map((e) => e.k2)) : undefined;
      const [node, k1, k2] = top();
      const entry = list.find((e) => e.node === node);
      expect(entry, `node ${node} is in the heap`).toBeDefined();
      expect(k1).toBe(least1);
      expect(entry!.k1).toBe(least1);
      if (twoKeys) { expect(k2).toBe(least2); expect(entry!.k2).toBe(least2); }
      pop();
      list.splice(list.indexOf(entry!), 1);
    }
    expect(length()).toBe(list.length);
  }
}

test('KeyHeap pops the least key, whatever the sequence', () => {
  fc.assert(fc.property(ops, (seq) => {
    const h = new KeyHeap(4);
    againstList(seq, (n, k1) => h.push(n, k1), () => [h.topNode(), h.topKey(), 0], () => h.pop(), () => h.length, false);
  }), RUNS);
});

test('JumpHeap pops the least f, then the least h, whatever the sequence', () => {
  fc.assert(fc.property(ops, (seq) => {
    const h = new JumpHeap(4);
    againstList(seq, (n, f, hh) => h.push(n, f, hh), () => [h.topNode(), h.topF(), h.topH()], () => h.pop(), () => h.length, true);
  }), RUNS);
});
