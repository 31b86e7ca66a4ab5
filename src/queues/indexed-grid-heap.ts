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
/**
 * Memory the heap can live in instead of arrays of its own (GridSearcher's
 * WebAssembly kernel, grid/fast/grid-kernel.ts): the per-cell state and the
 * entries as views of it, and a `grow` that makes room, after which the heap
 * reads the views again.
 */
export interface HeapMemory {
  readonly state: Int32Array;
  readonly keys: Float64Array;
  readonly capacity: number;
  grow(): void;
}

export class IndexedGridHeap {
  /** Replaced, with `keys` and `ids`, when the heap lives in a `HeapMemory` that grows; read it fresh. */
  state: Int32Array;
  // The first query moves it to 3: closed 2, and the zeros of a new array unseen.
  base = 1;
  /**
   * The entries, 32 bytes each: f, tie key, insertion number as doubles, then
   * the cell id as an int32 in the last 8 bytes (read through `ids`, a view
   * of the same memory). One entry, one half cache line: a sift step moves
   * one record instead of touching two arrays. Replaced when the heap grows;
   * read it fresh.
   */
  keys: Float64Array;
  /** The same memory as `keys`, as int32: entry i's cell id is ids[8 i + 6]. Replaced with `keys`. */
  ids: Int32Array;
  // capacity, counter and peak are read and written by GridSearcher's loops,
  // which pop and push inline (scripts/grid-loops.ts.in) and hand back `length`,
  // `counter` and `peak` when they stop: in the same order as pop, insert and update.
  /** @internal Entries `keys` has room for. */
  capacity: number;
  length = 0;
  /** @internal The next insertion number. */
  counter = 0;
  /** @internal The most entries this query has held (newQuery moves `base` past them). */
  peak = 0;

  constructor(cells: number, capacity = 1024, private readonly memory: HeapMemory | null = null) {
    if (memory !== null) {
      this.state = memory.state;
      this.capacity = memory.capacity;
      this.keys = memory.keys;
    } else {
      this.state = new Int32Array(cells);
      const c = Math.max(16, Math.min(cells, capacity) | 0);
      this.capacity = c;
      this.keys = new Float64Array(c * 4);
    }
    this.ids = new Int32Array(this.keys.buffer, this.keys.byteOffset, 2 * this.keys.length);
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
    this.ids[6] = node;
    this.state[node] = this.base;
    this.length = 1;
    this.counter = 1;
    if (this.peak < 1) this.peak = 1;
  }

  /** Adds a cell that is not open, with the key in `f`, `tie`. */
  insert(node: number): void {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    if (this.length > this.peak) this.peak = this.length;
    const ib = i * 4;
    this.keys[ib] = this.f; this.keys[ib + 1] = this.tie; this.keys[ib + 2] = this.counter++;
    this.ids[2 * ib + 6] = node;
    this.up(i);
  }

  /** Gives an open cell the key in `f`, `tie` and a fresh insertion number. */
  update(node: number): void {
    const i = this.state[node] - this.base;
    const ib = i * 4;
    this.keys[ib] = this.f; this.keys[ib + 1] = this.tie; this.keys[ib + 2] = this.counter++;
    // Usually f fell and the entry rises; with f unchanged (greedy) the newer number sinks it.
    if (this.up(i) === i) this.down(i);
  }

  /** Removes the smallest entry, marks its cell closed and returns it. Check `length` first. */
  pop(): number {
    const top = this.ids[6];
    this.state[top] = this.base - 1;
    const last = --this.length;
    if (last > 0) this.refill(last);
    return top;
  }

  /**
   * Fills the hole the top left with the entry at `last` (now past the end),
   * bottom-up (Wegener): the hole sinks along the smaller children to a leaf,
   * one compare a level, then the last entry rises from there. The last entry
   * is a leaf's, so it usually belongs near the bottom: this takes about half
   * the compares of sinking it from the top, which matters when many keys tie
   * on f and each compare reads three fields.
   */
  private refill(last: number): void {
    const k = this.keys, ids = this.ids, state = this.state, base = this.base;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      let cb = c * 4;
      if (c + 1 < last) {
        const db = cb + 4, df = k[db], cf = k[cb];
        if (df < cf || (df === cf && (k[db + 1] < k[cb + 1] || (k[db + 1] === k[cb + 1] && k[db + 2] < k[cb + 2])))) { c++; cb = db; }
      }
      const ib = i * 4;
      k[ib] = k[cb]; k[ib + 1] = k[cb + 1]; k[ib + 2] = k[cb + 2];
      const cid = ids[2 * cb + 6];
      ids[2 * ib + 6] = cid;
      state[cid] = base + i;
      i = c;
    }
    const ib = i * 4, lb = last * 4;
    k[ib] = k[lb]; k[ib + 1] = k[lb + 1]; k[ib + 2] = k[lb + 2];
    ids[2 * ib + 6] = ids[2 * lb + 6];
    this.up(i);
  }

  /**
   * Moves entry i0 up to where its key fits and returns where. The order: f,
   * then tie, then the insertion number s (unique, so no two entries ever
   * compare equal). The key is read from the array, not passed: a double
   * argument of a call V8 does not inline would be boxed.
   */
  private up(i0: number): number {
    const k = this.keys, ids = this.ids, state = this.state, base = this.base;
    let i = i0;
    const ib0 = i0 * 4;
    const f = k[ib0], tie = k[ib0 + 1], s = k[ib0 + 2], id = ids[2 * ib0 + 6];
    while (i > 0) {
      const p = (i - 1) >> 1, pb = p * 4;
      const pf = k[pb];
      if (pf < f || (pf === f && (k[pb + 1] < tie || (k[pb + 1] === tie && k[pb + 2] < s)))) break;
      const ib = i * 4;
      k[ib] = pf; k[ib + 1] = k[pb + 1]; k[ib + 2] = k[pb + 2];
      const pid = ids[2 * pb + 6];
      ids[2 * ib + 6] = pid;
      state[pid] = base + i;
      i = p;
    }
    const ib = i * 4;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s;
    ids[2 * ib + 6] = id;
    state[id] = base + i;
    return i;
  }

  /** Moves entry i0 down to where its key fits among the `length` entries. @internal */
  down(i0: number): void {
    const k = this.keys, ids = this.ids, state = this.state, base = this.base, n = this.length;
    let i = i0;
    const ib0 = i0 * 4;
    const f = k[ib0], tie = k[ib0 + 1], s = k[ib0 + 2], id = ids[2 * ib0 + 6];
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1, cb = c * 4;
      let cf = k[cb];
      if (c + 1 < n) {
        const db = cb + 4, df = k[db];
        if (df < cf || (df === cf && (k[db + 1] < k[cb + 1] || (k[db + 1] === k[cb + 1] && k[db + 2] < k[cb + 2])))) { c++; cb = db; cf = df; }
      }
      if (f < cf || (f === cf && (tie < k[cb + 1] || (tie === k[cb + 1] && s < k[cb + 2])))) break;
      const ib = i * 4;
      k[ib] = cf; k[ib + 1] = k[cb + 1]; k[ib + 2] = k[cb + 2];
      const cid = ids[2 * cb + 6];
      ids[2 * ib + 6] = cid;
      state[cid] = base + i;
      i = c;
    }
    const ib = i * 4;
    k[ib] = f; k[ib + 1] = tie; k[ib + 2] = s;
    ids[2 * ib + 6] = id;
    state[id] = base + i;
  }

  /** Doubles the room: `keys` and `ids` are new arrays, and `state` too in a `HeapMemory` (the grid loops read them again). @internal */
  grow(): void {
    const m = this.memory;
    if (m !== null) {
      m.grow();
      this.state = m.state;
      this.keys = m.keys;
      this.ids = new Int32Array(m.keys.buffer, m.keys.byteOffset, 2 * m.keys.length);
      this.capacity = m.capacity;
      return;
    }
    this.capacity *= 2;
    const keys = new Float64Array(this.capacity * 4);
    keys.set(this.keys);
    this.keys = keys;
    this.ids = new Int32Array(keys.buffer);
  }
}
