/**
 * An indexed binary min-heap for `IndexedGridSearcher`: one entry per open
 * cell, found through a per-cell position so an improved cell's entry moves
 * in place (decrease-key) instead of being duplicated. Same order as the lazy
 * heaps: f, then the tie key, then insertion number, where an update takes a
 * fresh insertion number exactly as the lazy heap's re-push does.
 *
 * The per-cell `state` (4 bytes) doubles as the generation stamp, so the
 * searcher needs no separate stamp array: `state >= base` means open at heap
 * index `state - base`, `state === base - 1` closed, anything below unseen.
 * A new query moves `base` past every value the last one wrote, so nothing
 * is cleared; only when `base` nears 2^31 is the array refilled.
 */
export class IndexedGridHeap {
  readonly state: Int32Array;
  // The first query moves it to 3: closed 2, and the zeros of a new array unseen.
  base = 1;
  /** Stride 3: f, tie key, insertion number. Replaced when the heap grows; read it fresh. */
  keys: Float64Array;
  private ids: Int32Array;
  length = 0;
  private counter = 0;
  private peak = 0;

  constructor(cells: number, capacity = 1024) {
    this.state = new Int32Array(cells);
    const c = Math.max(16, Math.min(cells, capacity) | 0);
    this.keys = new Float64Array(c * 3);
    this.ids = new Int32Array(c);
  }

  /** Starts a query: every cell unseen, heap empty. O(1) except once in ~2^31 / peak queries. */
  newQuery(): void {
    // Not stamp.ts's nextGeneration: the state here is a heap position offset
    // by a base that moves by the last query's peak, in int32, not a counter
    // of fixed width in a Uint32Array; the same idea, a different arithmetic.
    const next = this.base + this.peak + 2;
    // After the refill every cell holds 0, which must read as unseen: below
    // base - 1, the closed mark. So the base restarts at 2, not 1.
    if (next > 0x7ffffff0 - this.state.length) { this.state.fill(0); this.base = 2; } else this.base = next;
    this.length = 0;
    this.counter = 0;
    this.peak = 0;
  }

  // The key of the next insert or update. Set by the caller instead of passed:
  // V8 boxes a double argument of a call it does not inline, and a search
  // would then allocate on every push. A field store is in place.
  f = 0.5;
  tie = 0.5;

  /**
   * Makes `node` the only entry, its key already written by the caller to
   * keys[0], keys[1] (f, tie). Called once per query, so V8 may never
   * optimise or inline it: it touches integers only, and doubles go straight
   * from the caller's optimised code into the array, never through a field
   * load or an argument that unoptimised code would box.
   */
  placeFirst(node: number): void {
    this.keys[2] = 0;
    this.ids[0] = node;
    this.state[node] = this.base;
    this.length = 1;
    this.counter = 1;
    if (this.peak < 1) this.peak = 1;
  }

  /** Adds a cell that is not open, with the key in `f`, `tie`. */
  insert(node: number): void {
    if (this.length === this.ids.length) this.grow();
    const i = this.length++;
    if (this.length > this.peak) this.peak = this.length;
    const ib = i * 3;
    this.keys[ib] = this.f; this.keys[ib + 1] = this.tie; this.keys[ib + 2] = this.counter++;
    this.ids[i] = node;
    this.up(i);
  }

  /** Gives an open cell the key in `f`, `tie` and a fresh insertion number. */
  update(node: number): void {
    const i = this.state[node] - this.base;
    const ib = i * 3;
    this.keys[ib] = this.f; this.keys[ib + 1] = this.tie; this.keys[ib + 2] = this.counter++;
    // Usually f fell and the entry rises; with f unchanged (greedy) the newer number sinks it.
    if (this.up(i) === i) this.down(i);
  }

  /** Removes the smallest entry, marks its cell closed and returns it. Check `length` first. */
  pop(): number {
    const ids = this.ids, k = this.keys;
    const top = ids[0];
    this.state[top] = this.base - 1;
    const last = --this.length;
    if (last > 0) {
      const lb = last * 3;
      k[0] = k[lb]; k[1] = k[lb + 1]; k[2] = k[lb + 2];
      ids[0] = ids[last];
      this.down(0);
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const k = this.keys, ab = a * 3, bb = b * 3;
    const fa = k[ab], fb = k[bb];
    return fa < fb || (fa === fb && (k[ab + 1] < k[bb + 1] || (k[ab + 1] === k[bb + 1] && k[ab + 2] < k[bb + 2])));
  }

  private up(i0: number): number {
    const k = this.keys, ids = this.ids, state = this.state, base = this.base;
    let i = i0;
    const ib0 = i0 * 3;
    const f = k[ib0], tie = k[ib0 + 1], s = k[ib0 + 2], id = ids[i0];
    while (i > 0) {
      const p = (i - 1) >> 1, pb = p * 3;
      const pf = k[pb];
      if (pf < f || (pf === f && (k[pb + 1] < tie || (k[pb + 1] === tie && k[pb + 2] < s)))) break;
      const ib = i * 3;
      k[ib] = pf; k[ib + 1] = k[pb + 1]; k[ib + 2] = k[pb + 2];
      ids[i] = ids[p];
      state[ids[i]] = base + i;
      i = p;
    }
    const ib = i * 3;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s;
    ids[i] = id;
    state[id] = base + i;
    return i;
  }

  private down(i0: number): void {
    const k = this.keys, ids = this.ids, state = this.state, base = this.base, n = this.length;
    let i = i0;
    const ib0 = i0 * 3;
    const f = k[ib0], tie = k[ib0 + 1], s = k[ib0 + 2], id = ids[i0];
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      if (c + 1 < n && this.less(c + 1, c)) c++;
      const cb = c * 3, cf = k[cb];
      if (f < cf || (f === cf && (tie < k[cb + 1] || (tie === k[cb + 1] && s < k[cb + 2])))) break;
      const ib = i * 3;
      k[ib] = cf; k[ib + 1] = k[cb + 1]; k[ib + 2] = k[cb + 2];
      ids[i] = ids[c];
      state[ids[i]] = base + i;
      i = c;
    }
    const ib = i * 3;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s;
    ids[i] = id;
    state[id] = base + i;
  }

  private grow(): void {
    const c = this.ids.length * 2;
    const keys = new Float64Array(c * 3);
    keys.set(this.keys);
    const ids = new Int32Array(c);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
}
