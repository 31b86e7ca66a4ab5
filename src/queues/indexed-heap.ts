/**
 * An indexed binary min-heap over node ids (D* Lite's queue), keyed by three
 * numbers compared in order, then by the smaller node id, so every run is
 * reproducible. Each node is in it at most once, found through `pos`, so a
 * key can change or an entry leave from the middle (UpdateVertex does both
 * all the time). Internal: it trusts its caller.
 *
 * Why D* Lite does not use the lazy `Heap`: its loop reads the top key before
 * every pop, and re-keys and removes vertices in the middle. Indexed, the
 * queue holds exactly the inconsistent vertices, the top is always live, the
 * heap never outgrows the node count, and "is s queued" is one read. A lazy
 * heap would need a version stamp per vertex (a vertex's key can return to an
 * old value) and a skip loop before every top read, and would grow with every
 * km re-keying.
 */
export class IndexedHeap {
  /** Slot of each node in the heap, -1 when not queued. */
  pos: Int32Array;
  /** The node in each slot; slot 0 is the top. */
  node: Int32Array;
  /** The three keys of each slot. */
  k1: Float64Array;
  kz: Float64Array;
  k2: Float64Array;
  /** Entries in the heap. */
  length = 0;

  /** @param capacity the node count (node ids are 0..capacity-1) */
  constructor(capacity: number) {
    const n = Math.max(1, capacity);
    this.pos = new Int32Array(n).fill(-1);
    this.node = new Int32Array(n);
    this.k1 = new Float64Array(n);
    this.kz = new Float64Array(n);
    this.k2 = new Float64Array(n);
  }

  /** Makes room for node ids up to `capacity - 1`, keeping every entry. */
  grow(capacity: number): void {
    if (capacity <= this.pos.length) return;
    const pos = new Int32Array(capacity).fill(-1); pos.set(this.pos); this.pos = pos;
    const node = new Int32Array(capacity); node.set(this.node); this.node = node;
    this.k1 = grown(this.k1, capacity);
    this.kz = grown(this.kz, capacity);
    this.k2 = grown(this.k2, capacity);
  }

  /** Whether n is queued. */
  has(n: number): boolean { return this.pos[n] >= 0; }

  /** Queues n, which is not queued, with the given keys. */
  insert(n: number, k1: number, kz: number, k2: number): void {
    const i = this.length++;
    this.node[i] = n; this.k1[i] = k1; this.kz[i] = kz; this.k2[i] = k2; this.pos[n] = i;
    this.siftUp(i);
  }

  /** Gives queued n new keys. */
  update(n: number, k1: number, kz: number, k2: number): void {
    const i = this.pos[n];
    this.k1[i] = k1; this.kz[i] = kz; this.k2[i] = k2;
    this.siftDown(this.siftUp(i));
  }

  /** Takes queued n out. */
  remove(n: number): void {
    const i = this.pos[n];
    this.pos[n] = -1;
    const last = --this.length;
    if (i === last) return;
    this.place(last, i);
    this.siftDown(this.siftUp(i));
  }

  /** Restores the heap order after the caller rewrote keys in place (slots 0..length-1). */
  heapify(): void {
    for (let i = (this.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private less(a: number, b: number): boolean {
    const k1 = this.k1, kz = this.kz, k2 = this.k2;
    if (k1[a] !== k1[b]) return k1[a] < k1[b];
    if (kz[a] !== kz[b]) return kz[a] < kz[b];
    if (k2[a] !== k2[b]) return k2[a] < k2[b];
    return this.node[a] < this.node[b];
  }

  /** Moves the entry in slot `from` into slot `to`. */
  private place(from: number, to: number): void {
    const n = this.node[from];
    this.node[to] = n; this.k1[to] = this.k1[from]; this.kz[to] = this.kz[from]; this.k2[to] = this.k2[from];
    this.pos[n] = to;
  }

  private swap(a: number, b: number): void {
    const n = this.node[a], k1 = this.k1[a], kz = this.kz[a], k2 = this.k2[a];
    this.place(b, a);
    this.node[b] = n; this.k1[b] = k1; this.kz[b] = kz; this.k2[b] = k2; this.pos[n] = b;
  }

  private siftUp(i: number): number {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
    return i;
  }

  private siftDown(i: number): void {
    const len = this.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= len) return;
      const r = l + 1;
      const c = r < len && this.less(r, l) ? r : l;
      if (!this.less(c, i)) return;
      this.swap(i, c);
      i = c;
    }
  }
}

function grown(a: Float64Array, capacity: number): Float64Array {
  const b = new Float64Array(capacity);
  b.set(a);
  return b;
}
