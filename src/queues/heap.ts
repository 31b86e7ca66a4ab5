import { InputError, show } from '../core/errors.js';

/**
 * A binary min-heap on typed arrays. Each entry is a node id with a two-part
 * key (key1, key2) and a float payload; ties on both keys go to the entry
 * pushed first, so the order is fully determined (the hand traces rely on it).
 *
 * It never removes an entry from the middle: searches push a fresh entry when
 * a node improves and skip the stale one when it surfaces (lazy deletion),
 * which keeps every operation a plain sift.
 *
 * The engine, D*, ARA* and the universal plan share it. It is internal, not
 * part of the package's API: its shape (two keys, a payload, lazy deletion)
 * is what those loops need, it checks nothing because it trusts them, and
 * exporting it would freeze both. A program that builds its own loop is
 * better served by a heap made for callers, such as `flatqueue`.
 *
 * @example
 * ```ts
 * const heap = new Heap();
 * heap.push(7, 2.5, 0, 0); heap.push(3, 1, 0, 0);
 * heap.topNode(); // 3 (key1 1 < 2.5); heap.pop() removes it
 * ```
 */
export class Heap {
  private k1: Float64Array;
  private k2: Float64Array;
  private val: Float64Array;
  private seq: Float64Array;
  private ids: Int32Array;
  private n = 0;
  private counter = 0;

  /** @param capacity entries to allocate for up front, an integer in 0..2^31 - 1 (the arrays grow on demand) */
  constructor(capacity = 64) {
    // `capacity | 0` would read '8' as 8, NaN as 0 and 2^31 as a negative number.
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > 0x7fffffff) {
      throw new InputError(`Heap: capacity must be an integer in 0..${0x7fffffff} (2^31 - 1), got ${show(capacity)}`);
    }
    const c = Math.max(4, capacity);
    this.k1 = new Float64Array(c);
    this.k2 = new Float64Array(c);
    this.val = new Float64Array(c);
    this.seq = new Float64Array(c);
    this.ids = new Int32Array(c);
  }

  /** Entries in the heap. */
  get length(): number { return this.n; }
  /** Entries the arrays can hold before they grow. */
  get capacity(): number { return this.ids.length; }

  /** Empties the heap and restarts the insertion counter. O(1). */
  clear(): void { this.n = 0; this.counter = 0; }

  /**
   * Adds an entry. Entries are ordered by key1, then key2, then insertion;
   * `value` rides along (the searches keep g there).
   */
  push(node: number, key1: number, key2: number, value: number): void {
    if (this.n === this.ids.length) this.grow();
    const s = this.counter++;
    let i = this.n++;
    const k1 = this.k1, k2 = this.k2, sq = this.seq;
    // Sift up with a hole: move parents down until the new entry fits.
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pk = k1[p];
      if (pk < key1 || (pk === key1 && (k2[p] < key2 || (k2[p] === key2 && sq[p] < s)))) break;
      this.move(p, i);
      i = p;
    }
    k1[i] = key1; k2[i] = key2; sq[i] = s; this.val[i] = value; this.ids[i] = node;
  }

  /** Node of the smallest entry. Undefined behaviour when empty: check `length`. */
  topNode(): number { return this.ids[0]; }
  /** First key of the smallest entry (the searches' f). */
  topKey1(): number { return this.k1[0]; }
  /** Second key of the smallest entry (the searches' tie-break). */
  topKey2(): number { return this.k2[0]; }
  /** Payload of the smallest entry. */
  topValue(): number { return this.val[0]; }

  /** Removes the smallest entry. Read it with the top* methods first. */
  pop(): void {
    const last = --this.n;
    if (last <= 0) return;
    const k1 = this.k1, k2 = this.k2, sq = this.seq;
    const key1 = k1[last], key2 = k2[last], s = sq[last], v = this.val[last], id = this.ids[last];
    let i = 0;
    const half = last >> 1;
    // Sift the last entry down from the root with a hole.
    while (i < half) {
      let c = 2 * i + 1;
      const r = c + 1;
      if (r < last && (k1[r] < k1[c] || (k1[r] === k1[c] && (k2[r] < k2[c] || (k2[r] === k2[c] && sq[r] < sq[c]))))) c = r;
      const ck = k1[c];
      if (key1 < ck || (key1 === ck && (key2 < k2[c] || (key2 === k2[c] && s < sq[c])))) break;
      this.move(c, i);
      i = c;
    }
    k1[i] = key1; k2[i] = key2; sq[i] = s; this.val[i] = v; this.ids[i] = id;
  }

  /** Calls `visit` for every entry, in array order (not sorted). For traces and tests. */
  forEach(visit: (node: number, key1: number, key2: number, value: number, seq: number) => void): void {
    if (typeof visit !== 'function') throw new InputError(`Heap: forEach: visit must be a function (node, key1, key2, value, seq) => void, got ${show(visit)}`);
    for (let i = 0; i < this.n; i++) visit(this.ids[i], this.k1[i], this.k2[i], this.val[i], this.seq[i]);
  }

  private move(from: number, to: number): void {
    this.k1[to] = this.k1[from];
    this.k2[to] = this.k2[from];
    this.seq[to] = this.seq[from];
    this.val[to] = this.val[from];
    this.ids[to] = this.ids[from];
  }

  private grow(): void {
    const c = this.ids.length * 2;
    this.k1 = resize(this.k1, c);
    this.k2 = resize(this.k2, c);
    this.val = resize(this.val, c);
    this.seq = resize(this.seq, c);
    const ids = new Int32Array(c);
    ids.set(this.ids);
    this.ids = ids;
  }
}

function resize(a: Float64Array, c: number): Float64Array {
  const b = new Float64Array(c);
  b.set(a);
  return b;
}

/**
 * The smallest key of a live entry under lazy deletion: entries whose node
 * is no longer open (`stamp[node] !== open`) or whose payload is not the
 * node's g any more are popped off the top first. Infinity when none is
 * left. The two-ended searches test their stopping rules on it.
 */
export function liveTopKey(heap: Heap, stamp: Uint32Array, g: Float64Array, open: number): number {
  while (heap.length > 0) {
    const n = heap.topNode();
    if (stamp[n] === open && heap.topValue() === g[n]) return heap.topKey1();
    heap.pop();
  }
  return Infinity;
}
