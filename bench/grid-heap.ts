/**
 * The open list of `LazyGridSearcher` (lazy-grid-searcher.ts): a lazy binary min-heap like src/queues/heap.ts
 * (same order: f, then the tie key, then insertion order), laid out for the
 * grid's hot loop. The four numbers of an entry (f, tie key, insertion
 * number, g) sit side by side in one Float64Array, so a sift step touches one
 * cache line per level instead of four arrays.
 */
export class GridHeap {
  /** Stride 4: f, tie key, insertion number, g. */
  private keys: Float64Array;
  private ids: Int32Array;
  length = 0;
  private counter = 0;
  /** g of the entry the last `pop` returned. */
  poppedG = 0;

  constructor(capacity = 1024) {
    const c = Math.max(16, capacity | 0);
    this.keys = new Float64Array(c * 4);
    this.ids = new Int32Array(c);
  }

  /** Entries the arrays hold before they grow; a warm heap never allocates. */
  get capacity(): number { return this.ids.length; }

  /** Bytes the arrays take now. */
  get bytes(): number { return this.keys.byteLength + this.ids.byteLength; }

  clear(): void { this.length = 0; this.counter = 0; }

  /** Empties the heap and pushes one entry with g = 0 (a search's start). Small enough to inline, so its doubles are never boxed. */
  reset(node: number, f: number, tie: number): void {
    const k = this.keys;
    k[0] = f; k[1] = tie; k[2] = 0; k[3] = 0;
    this.ids[0] = node;
    this.length = 1;
    this.counter = 1;
  }

  push(node: number, f: number, tie: number, g: number): void {
    if (this.length === this.ids.length) this.grow();
    const k = this.keys, ids = this.ids;
    const s = this.counter++;
    let i = this.length++;
    // A parent was always pushed before the new entry, so on equal (f, tie)
    // the parent stays first: the insertion number need not be compared here.
    while (i > 0) {
      const p = (i - 1) >> 1, pb = p << 2;
      const pf = k[pb];
      if (pf < f || (pf === f && k[pb + 1] <= tie)) break;
      const ib = i << 2;
      k[ib] = pf; k[ib + 1] = k[pb + 1]; k[ib + 2] = k[pb + 2]; k[ib + 3] = k[pb + 3];
      ids[i] = ids[p];
      i = p;
    }
    const ib = i << 2;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s; k[ib + 3] = g;
    ids[i] = node;
  }

  /** Removes the smallest entry and returns its node; its g is left in `poppedG`. Check `length` first. */
  pop(): number {
    const k = this.keys, ids = this.ids;
    const top = ids[0];
    this.poppedG = k[3];
    const last = --this.length;
    if (last <= 0) return top;
    const lb = last << 2;
    const f = k[lb], tie = k[lb + 1], s = k[lb + 2], g = k[lb + 3], id = ids[last];
    const half = last >> 1;
    let i = 0;
    while (i < half) {
      let c = 2 * i + 1;
      let cb = c << 2;
      const r = c + 1;
      if (r < last) {
        const rb = cb + 4;
        const rf = k[rb], cf = k[cb];
        if (rf < cf || (rf === cf && (k[rb + 1] < k[cb + 1] || (k[rb + 1] === k[cb + 1] && k[rb + 2] < k[cb + 2])))) { c = r; cb = rb; }
      }
      const cf = k[cb];
      if (f < cf || (f === cf && (tie < k[cb + 1] || (tie === k[cb + 1] && s < k[cb + 2])))) break;
      const ib = i << 2;
      k[ib] = cf; k[ib + 1] = k[cb + 1]; k[ib + 2] = k[cb + 2]; k[ib + 3] = k[cb + 3];
      ids[i] = ids[c];
      i = c;
    }
    const ib = i << 2;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s; k[ib + 3] = g;
    ids[i] = id;
    return top;
  }

  private grow(): void {
    const c = this.ids.length * 2;
    const keys = new Float64Array(c * 4);
    keys.set(this.keys);
    const ids = new Int32Array(c);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
}
