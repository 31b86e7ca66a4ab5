import { altBound } from '../../hierarchy/alt.js';
import type { Grid } from '../grid.js';
import { GridSearchBase } from './grid-search-base.js';
import { IMPROVE } from '../../core/improve.js';
import { IndexedGridHeap, type HeapMemory } from '../../queues/indexed-grid-heap.js';
import { KERNEL_FOUND, KERNEL_GROW, KERNEL_UNREACHABLE } from './grid-kernel.js';

export type { GridSearchOptions } from './grid-search-base.js';

const NONE = 255;
/** The landmark table of a query without landmarks (`runWeighted` with K = 0). */
const NO_TABLE = new Float64Array(0);

/** Bytes of `GridSearcher` state per cell (move masks included), for the benchmark's 16-bytes-a-cell budget. */
export const GRID_SEARCHER_BYTES_PER_CELL = 8 + 4 + 1 + 1;

/**
 * Best-first search specialised for a `Grid` with deleted blocked cells: the
 * generic engine's answers (same costs, same expansion counts, same paths,
 * same tie-breaking: f, then smaller h, then insertion order) from a loop
 * that never calls through `SearchSpace` or a heuristic closure. The grid
 * machinery (move masks, offsets, inline octile) is in grid-search-base.ts.
 * It is the fastest way to run many A*, Dijkstra or weighted A* queries on
 * one grid; edits made through `grid.setBlocked` or `grid.setWeight` are
 * seen at the next query. On a grid with weights (`GridOptions.weights`) it
 * runs a loop of its own that charges each step the weight of the cell it
 * enters.
 *
 * The constructor throws an `InputError` unless `grid` is a `Grid` that
 * deletes its blocked cells (`blocked: 'delete'`, the default) and has at
 * most 2^31 - 256 cells. For a grid that charges for entering blocked cells,
 * use `Searcher`.
 *
 * @example
 * ```ts
 * const s = new GridSearcher(grid);
 * const out = new Int32Array(grid.size);
 * if (s.search(start, goal) === 'found') console.log(s.cost, grid.points(out, s.pathInto(out)));
 * ```
 *
 * Its open list is indexed (decrease-key): an improved cell's entry moves up
 * in place, so the heap holds one entry per open cell and never pops a stale
 * one. The benchmark measured the lazy open list it replaced 1.23 times as
 * slow over the grid track's families (bench/RESULTS.md, "Why six heaps").
 * Push counts match the engine's:
 * an update counts as a push, as the lazy re-push does.
 *
 * Per cell: g (8), heap position doubling as the generation stamp (4), the
 * arriving move (1), the move mask (1): 14 bytes, plus 32 bytes per heap
 * entry (one per open cell): 224 MiB for 4096 x 4096. A query moves the
 * heap's base instead of clearing; a warm searcher allocates nothing.
 */
export class GridSearcher extends GridSearchBase {
  private readonly heap: IndexedGridHeap;
  // The query's loop, chosen at its start: the weighted one (weights or a
  // landmark table) or the unweighted one, with the table and its width K.
  private weighted = false;
  private table: Float64Array = NO_TABLE;
  private K = 0;

  constructor(grid: Grid) {
    super(grid, 'GridSearcher', GRID_SEARCHER_BYTES_PER_CELL);
    const k = this.kernel;
    // With the kernel the open list lives in its memory too; growing it replaces every view, the searcher's as well.
    const memory: HeapMemory | null = k === null ? null : {
      get state() { return k.state; },
      get keys() { return k.keys; },
      get capacity() { return k.capacity; },
      grow: () => { k.grow(); this.rebind(); },
    };
    this.heap = this.perCell(() => new IndexedGridHeap(grid.size, 1 << 14, memory));
  }

  protected reached(n: number): boolean {
    return this.heap.state[n] >= this.heap.base - 1;
  }

  protected override takesLandmarks(): boolean {
    return true;
  }

  protected openQuery(start: number, goal: number): boolean {
    const heap = this.heap, lm = this.lm, w = this.grid.width;
    heap.newQuery();
    this.weighted = lm !== null || this.grid.weights !== null;
    this.table = lm !== null ? lm.table : NO_TABLE;
    this.K = lm !== null ? lm.count : 0;
    // h(start) as the loop computes h (times the weight floor in the weighted
    // loop; times 1, exactly, in the other), raised to the landmark bound.
    const hw = this.weighted ? this.grid.weightFloor : 1, table = this.table, K = this.K;
    const gx = goal % w, gy = (goal - gx) / w;
    const sx = start % w, rx = sx - gx, ry = (start - sx) / w - gy;
    const dx = (rx ^ (rx >> 31)) - (rx >> 31), dy = (ry ^ (ry >> 31)) - (ry >> 31);
    const dd = dx + dy;
    const h0 = altBound(table, K, start, goal, hw * (this.hs * (dd + this.hd * (dx < dy ? dx : dy)) + this.hp * (dd & 1)));
    if (h0 === Infinity) return false;
    this.g[start] = 0;
    this.via[start] = NONE;
    heap.keys[0] = this.wh * h0;
    heap.keys[1] = this.tieByH * h0;
    heap.placeFirst(start);
    this.pushes = 1;
    return true;
  }

  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    return this.weighted
      ? this.runWeighted(stopAt, this.grid.weights, this.grid.weightFloor, this.table, this.K)
      : this.kernel !== null ? this.runKernel(stopAt) : this.runUnweighted(stopAt);
  }

  /**
   * runUnweighted as WebAssembly (grid-kernel.ts): the open list's length,
   * peak, room and insertion number and the query's counters go in through
   * the kernel's control block and come back out; when the kernel stops to
   * ask for room, the open list grows and it goes on.
   */
  private runKernel(stopAt: number): 'found' | 'unreachable' | null {
    const k = this.kernel!, heap = this.heap, w = this.grid.width, at = stopAt < 0x7fffffff ? stopAt : 0x7fffffff;
    for (;;) {
      const c = k.control;
      c[0] = heap.length; c[1] = heap.peak; c[2] = this.expansions; c[3] = this.pushes; c[4] = this.reopenings; c[5] = heap.capacity;
      k.counter[0] = heap.counter;
      const r = k.run(at, this.goal, w, heap.base, this.wg, this.wh, this.tieByH, this.hs, this.hd, this.hp, this.reopen, IMPROVE);
      heap.length = c[0]; heap.peak = c[1]; this.expansions = c[2]; this.pushes = c[3]; this.reopenings = c[4];
      heap.counter = k.counter[0];
      if (r === KERNEL_GROW) { heap.grow(); continue; }
      return r === KERNEL_FOUND ? 'found' : r === KERNEL_UNREACHABLE ? 'unreachable' : null;
    }
  }

  // #generated grid-loops: begin
  // runUnweighted and runWeighted, down to the end marker, are written by
  // scripts/grid-loops.mjs from the template scripts/grid-loops.ts.in: edit
  // the template, not these lines, and run `npm run generate`.
  /** The loop on a grid without weights: every step costs its length. */
  private runUnweighted(stopAt: number): 'found' | 'unreachable' | null {
    const heap = this.heap, goal = this.goal;
    const wg = this.wg, wh = this.wh, hs = this.hs, hd = this.hd, hp = this.hp, tieByH = this.tieByH, reopen = this.reopen, improve = IMPROVE;
    const w = this.grid.width;
    // Read again when the open list grows: in the WebAssembly kernel's memory (grid-kernel.ts) growing replaces every view.
    let g = this.g, via = this.via, moves = this.moves, state = heap.state;
    const off = this.off, step = this.step, ddx = this.dx, ddy = this.dy;
    const base = heap.base, closed = base - 1;
    const gx = goal % w, gy = (goal - gx) / w;
    let expansions = this.expansions, pushes = this.pushes, reopenings = this.reopenings;
    let status: 'found' | 'unreachable' | null = 'unreachable';
    // The open list's pop and push, inline on its arrays, in the order of
    // IndexedGridHeap's pop, insert and update (f, then tie, then insertion
    // number s): as calls (refill and up were not inlined) they cost 10 to
    // 15% of the loop on maze512-1-0 and dao/arena (issue 36); as free
    // functions of the heap's arrays, shared with the heap's methods, 1.07
    // times as long as written out here. An entry is 4 doubles: f, tie, s,
    // then the cell id as int32 at ids[2 * 4 i + 6].
    let keys = heap.keys, ids = heap.ids, len = heap.length, counter = heap.counter, cap = heap.capacity, peak = heap.peak;

    while (len > 0) {
      // A limit or the end of a slice: the open list is whole, and the next call resumes from it.
      if (expansions >= stopAt) { status = null; break; }
      // Pop: the top's cell closes; the hole sinks along the smaller children to a leaf (one compare a level), and
      // the last entry rises from there (IndexedGridHeap.refill).
      const n = ids[6];
      state[n] = closed;
      const last = --len;
      if (last > 0) {
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= last) break;
          let cb = c * 4;
          if (c + 1 < last) {
            const db = cb + 4, df = keys[db], cf = keys[cb];
            if (df < cf || (df === cf && (keys[db + 1] < keys[cb + 1] || (keys[db + 1] === keys[cb + 1] && keys[db + 2] < keys[cb + 2])))) { c++; cb = db; }
          }
          const ib = i * 4;
          keys[ib] = keys[cb]; keys[ib + 1] = keys[cb + 1]; keys[ib + 2] = keys[cb + 2];
          const cid = ids[2 * cb + 6];
          ids[2 * ib + 6] = cid;
          state[cid] = base + i;
          i = c;
        }
        const lb = last * 4, f = keys[lb], tie = keys[lb + 1], s = keys[lb + 2], id = ids[2 * lb + 6];
        while (i > 0) {
          const p = (i - 1) >> 1, pb = p * 4, pf = keys[pb];
          if (pf < f || (pf === f && (keys[pb + 1] < tie || (keys[pb + 1] === tie && keys[pb + 2] < s)))) break;
          const qb = i * 4;
          keys[qb] = pf; keys[qb + 1] = keys[pb + 1]; keys[qb + 2] = keys[pb + 2];
          const pid = ids[2 * pb + 6];
          ids[2 * qb + 6] = pid;
          state[pid] = base + i;
          i = p;
        }
        const ib = i * 4;
        keys[ib] = f; keys[ib + 1] = tie; keys[ib + 2] = s;
        ids[2 * ib + 6] = id;
        state[id] = base + i;
      }
      const gn = g[n];
      expansions++;
      if (n === goal) { status = 'found'; break; }
      let m = moves[n];
      if (m === 0) continue;
      const x = n % w, rx = x - gx, ry = (n - x) / w - gy;
      // The mask's set bits, lowest first: the engine's order k = 0..7 over
      // the allowed moves only (5% faster than testing all eight on random
      // and street maps: no branch per blocked direction).
      for (; m !== 0; m &= m - 1) {
        const k = 31 - Math.clz32(m & -m);
        const c = n + off[k];
        const gc = gn + step[k];
        const sc = state[c];
        const open = sc >= base;
        if (open || sc === closed) {
          if (!(gc < g[c] * improve)) continue;
          if (!open) {
            if (!reopen) continue;
            reopenings++;
          }
        }
        g[c] = gc;
        via[c] = k;
        const ax = rx + ddx[k], ay = ry + ddy[k];
        const dx = (ax ^ (ax >> 31)) - (ax >> 31), dy = (ay ^ (ay >> 31)) - (ay >> 31);
        const dd = dx + dy, hc = hs * (dd + hd * (dx < dy ? dx : dy)) + hp * (dd & 1);
        // Push: an open cell's entry takes the new key and a fresh insertion number where it is (update), a new
        // one goes at the end (insert), and either rises to where its key fits.
        const f = wg * gc + wh * hc, tie = tieByH * hc, s = counter++;
        let at: number;
        if (open) at = sc - base;
        else {
          if (len === cap) {
            heap.length = len; heap.grow();
            keys = heap.keys; ids = heap.ids; cap = heap.capacity;
            g = this.g; via = this.via; moves = this.moves; state = heap.state;
          }
          at = len++;
          if (len > peak) peak = len;
        }
        let i = at;
        while (i > 0) {
          const p = (i - 1) >> 1, pb = p * 4, pf = keys[pb];
          if (pf < f || (pf === f && (keys[pb + 1] < tie || (keys[pb + 1] === tie && keys[pb + 2] < s)))) break;
          const qb = i * 4;
          keys[qb] = pf; keys[qb + 1] = keys[pb + 1]; keys[qb + 2] = keys[pb + 2];
          const pid = ids[2 * pb + 6];
          ids[2 * qb + 6] = pid;
          state[pid] = base + i;
          i = p;
        }
        const ib = i * 4;
        keys[ib] = f; keys[ib + 1] = tie; keys[ib + 2] = s;
        ids[2 * ib + 6] = c;
        state[c] = base + i;
        // With f unchanged (greedy: wg 0) an updated entry that did not rise may have to sink, its number being newer.
        if (open && i === at) { heap.length = len; heap.down(i); }
        pushes++;
      }
    }
    heap.length = len;
    heap.counter = counter;
    heap.peak = peak;
    this.expansions = expansions;
    this.pushes = pushes;
    this.reopenings = reopenings;
    return status;
  }

  /**
   * The loop on a weighted grid, and on any grid with a landmark heuristic
   * (`landmarks`): a step costs its length times the weight of the cell it
   * enters (its length alone when `wts` is null), and h is the inline
   * heuristic times the weight floor `hw` (what `heuristicScale` gives the
   * closure, in the same order of operations, so the engine's answers match
   * bit for bit), raised to the landmark bound read from `table` (K
   * landmarks a cell; K = 0 without). A cell with h Infinity (the landmarks
   * show it cannot reach the goal) is never pushed, as the engine treats a
   * dead end (a start with h Infinity ends the query in `openQuery`). The
   * same template as the loop above, written out twice rather than one loop
   * with tests per neighbour: the unweighted loop is the benchmark's hot path
   * and keeps its speed untouched (one loop measured 5.8% slower for Dijkstra
   * and 4% for weighted A* on dao); here the weight and the table cost more
   * than the tests.
   */
  private runWeighted(stopAt: number, wts: Float64Array | null, hw: number, table: Float64Array, K: number): 'found' | 'unreachable' | null {
    const heap = this.heap, goal = this.goal;
    const wg = this.wg, wh = this.wh, hs = this.hs, hd = this.hd, hp = this.hp, tieByH = this.tieByH, reopen = this.reopen, improve = IMPROVE;
    const w = this.grid.width;
    // Read again when the open list grows: in the WebAssembly kernel's memory (grid-kernel.ts) growing replaces every view.
    let g = this.g, via = this.via, moves = this.moves, state = heap.state;
    const off = this.off, step = this.step, ddx = this.dx, ddy = this.dy;
    const base = heap.base, closed = base - 1;
    const gx = goal % w, gy = (goal - gx) / w;
    const gb = goal * K;
    let expansions = this.expansions, pushes = this.pushes, reopenings = this.reopenings;
    let status: 'found' | 'unreachable' | null = 'unreachable';
    // The open list's pop and push, inline on its arrays, in the order of
    // IndexedGridHeap's pop, insert and update (f, then tie, then insertion
    // number s): as calls (refill and up were not inlined) they cost 10 to
    // 15% of the loop on maze512-1-0 and dao/arena (issue 36); as free
    // functions of the heap's arrays, shared with the heap's methods, 1.07
    // times as long as written out here. An entry is 4 doubles: f, tie, s,
    // then the cell id as int32 at ids[2 * 4 i + 6].
    let keys = heap.keys, ids = heap.ids, len = heap.length, counter = heap.counter, cap = heap.capacity, peak = heap.peak;

    while (len > 0) {
      // A limit or the end of a slice: the open list is whole, and the next call resumes from it.
      if (expansions >= stopAt) { status = null; break; }
      // Pop: the top's cell closes; the hole sinks along the smaller children to a leaf (one compare a level), and
      // the last entry rises from there (IndexedGridHeap.refill).
      const n = ids[6];
      state[n] = closed;
      const last = --len;
      if (last > 0) {
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= last) break;
          let cb = c * 4;
          if (c + 1 < last) {
            const db = cb + 4, df = keys[db], cf = keys[cb];
            if (df < cf || (df === cf && (keys[db + 1] < keys[cb + 1] || (keys[db + 1] === keys[cb + 1] && keys[db + 2] < keys[cb + 2])))) { c++; cb = db; }
          }
          const ib = i * 4;
          keys[ib] = keys[cb]; keys[ib + 1] = keys[cb + 1]; keys[ib + 2] = keys[cb + 2];
          const cid = ids[2 * cb + 6];
          ids[2 * ib + 6] = cid;
          state[cid] = base + i;
          i = c;
        }
        const lb = last * 4, f = keys[lb], tie = keys[lb + 1], s = keys[lb + 2], id = ids[2 * lb + 6];
        while (i > 0) {
          const p = (i - 1) >> 1, pb = p * 4, pf = keys[pb];
          if (pf < f || (pf === f && (keys[pb + 1] < tie || (keys[pb + 1] === tie && keys[pb + 2] < s)))) break;
          const qb = i * 4;
          keys[qb] = pf; keys[qb + 1] = keys[pb + 1]; keys[qb + 2] = keys[pb + 2];
          const pid = ids[2 * pb + 6];
          ids[2 * qb + 6] = pid;
          state[pid] = base + i;
          i = p;
        }
        const ib = i * 4;
        keys[ib] = f; keys[ib + 1] = tie; keys[ib + 2] = s;
        ids[2 * ib + 6] = id;
        state[id] = base + i;
      }
      const gn = g[n];
      expansions++;
      if (n === goal) { status = 'found'; break; }
      let m = moves[n];
      if (m === 0) continue;
      const x = n % w, rx = x - gx, ry = (n - x) / w - gy;
      // The mask's set bits, lowest first: the engine's order k = 0..7 over
      // the allowed moves only (5% faster than testing all eight on random
      // and street maps: no branch per blocked direction).
      for (; m !== 0; m &= m - 1) {
        const k = 31 - Math.clz32(m & -m);
        const c = n + off[k];
        const gc = gn + (wts === null ? step[k] : step[k] * wts[c]);
        const sc = state[c];
        const open = sc >= base;
        if (open || sc === closed) {
          if (!(gc < g[c] * improve)) continue;
          if (!open) {
            if (!reopen) continue;
            reopenings++;
          }
        }
        const ax = rx + ddx[k], ay = ry + ddy[k];
        const dx = (ax ^ (ax >> 31)) - (ax >> 31), dy = (ay ^ (ay >> 31)) - (ay >> 31);
        const dd = dx + dy;
        let hc = hw * (hs * (dd + hd * (dx < dy ? dx : dy)) + hp * (dd & 1));
        // The landmarks' bound: altBound (hierarchy/alt.ts), inline, as a call per push costs.
        const a = c * K;
        for (let i = 0; i < K; i++) {
          const d = table[gb + i] - table[a + i];
          const e = d < 0 ? -d : d;
          if (e > hc) hc = e;
        }
        if (hc === Infinity) continue;
        g[c] = gc;
        via[c] = k;
        // Push: an open cell's entry takes the new key and a fresh insertion number where it is (update), a new
        // one goes at the end (insert), and either rises to where its key fits.
        const f = wg * gc + wh * hc, tie = tieByH * hc, s = counter++;
        let at: number;
        if (open) at = sc - base;
        else {
          if (len === cap) {
            heap.length = len; heap.grow();
            keys = heap.keys; ids = heap.ids; cap = heap.capacity;
            g = this.g; via = this.via; moves = this.moves; state = heap.state;
          }
          at = len++;
          if (len > peak) peak = len;
        }
        let i = at;
        while (i > 0) {
          const p = (i - 1) >> 1, pb = p * 4, pf = keys[pb];
          if (pf < f || (pf === f && (keys[pb + 1] < tie || (keys[pb + 1] === tie && keys[pb + 2] < s)))) break;
          const qb = i * 4;
          keys[qb] = pf; keys[qb + 1] = keys[pb + 1]; keys[qb + 2] = keys[pb + 2];
          const pid = ids[2 * pb + 6];
          ids[2 * qb + 6] = pid;
          state[pid] = base + i;
          i = p;
        }
        const ib = i * 4;
        keys[ib] = f; keys[ib + 1] = tie; keys[ib + 2] = s;
        ids[2 * ib + 6] = c;
        state[c] = base + i;
        // With f unchanged (greedy: wg 0) an updated entry that did not rise may have to sink, its number being newer.
        if (open && i === at) { heap.length = len; heap.down(i); }
        pushes++;
      }
    }
    heap.length = len;
    heap.counter = counter;
    heap.peak = peak;
    this.expansions = expansions;
    this.pushes = pushes;
    this.reopenings = reopenings;
    return status;
  }
  // #generated grid-loops: end
}
