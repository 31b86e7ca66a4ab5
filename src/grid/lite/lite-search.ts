import { IMPROVE } from '../../core/improve.js';
import { IndexedGridHeap } from '../../queues/indexed-grid-heap.js';
import { DX, DY } from '../grid.js';
import { octileTerms } from '../heuristics.js';
import { MoveMasks, type MaskSource } from '../move-masks.js';

/** The move that reached the start: none. */
const NONE = 255;

/**
 * One A* query of `bestfirst/lite`: GridSearcher's unweighted loop (the same
 * text, generated from scripts/grid-loops.ts.in) on a map that does not
 * change, with A*'s defaults fixed (f = g + h, ties to the smaller h, then
 * insertion order; h the grid's octile distance, Manhattan when 4-connected;
 * closed cells reopened), so its answers are GridSearcher's bit for bit. The
 * fields carry the names the loop reads; the knobs GridSearcher takes per
 * query are constants here, which is what keeps the bundle small.
 */
export class LiteSearch {
  private readonly heap: IndexedGridHeap;
  private readonly moves: Uint8Array;
  readonly g: Float64Array;
  readonly via: Uint8Array;
  readonly off = new Int32Array(8);
  readonly step = new Float64Array(8);
  private readonly dx = Int32Array.from(DX);
  private readonly dy = Int32Array.from(DY);
  private readonly wg = 1;
  private readonly wh = 1;
  private readonly hs: number;
  private readonly hd: number;
  private readonly hp: number;
  private readonly tieByH = 1;
  private readonly reopen = true;
  expansions = 0;
  pushes = 0;
  reopenings = 0;

  constructor(private readonly grid: MaskSource, private readonly start: number, private readonly goal: number, diagonalCost: number) {
    const size = grid.width * grid.height;
    this.moves = new MoveMasks(grid, new Uint8Array(size)).bits;
    this.g = new Float64Array(size);
    this.via = new Uint8Array(size);
    this.heap = new IndexedGridHeap(size);
    for (let k = 0; k < 8; k++) {
      this.off[k] = DY[k] * grid.width + DX[k];
      this.step[k] = k < 4 ? 1 : diagonalCost;
    }
    // octile(grid)'s inline form at cell size 1 (heuristics.ts): Manhattan on a 4-connected map.
    [this.hs, this.hd, this.hp] = grid.maxDegree === 4 ? [1, 0, 0] : octileTerms(diagonalCost);
  }

  /** Runs the query to its end: every cell of a finite map is expanded at most a bounded number of times. */
  run(): 'found' | 'unreachable' {
    const { heap, start, goal } = this, w = this.grid.width;
    heap.newQuery();
    const gx = goal % w, sx = start % w;
    const dx = Math.abs(sx - gx), dy = Math.abs((start - sx) / w - (goal - gx) / w), dd = dx + dy;
    const h0 = this.hs * (dd + this.hd * (dx < dy ? dx : dy)) + this.hp * (dd & 1);
    this.g[start] = 0;
    this.via[start] = NONE;
    heap.keys[0] = this.wh * h0;
    heap.keys[1] = this.tieByH * h0;
    heap.placeFirst(start);
    this.pushes = 1;
    // The loop returns null only when stopAt is reached, which Infinity never is.
    return this.runUnweighted(Infinity) ?? 'unreachable';
  }

  // #generated grid-loops: begin unweighted
  // runUnweighted, down to the end marker, is written by
  // scripts/grid-loops.mjs from the template scripts/grid-loops.ts.in (the
  // loop GridSearcher runs too): edit the template, not these lines, and run
  // `npm run generate`.
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
  // #generated grid-loops: end
}
