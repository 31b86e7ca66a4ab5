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
    const g = this.g, via = this.via, moves = this.moves, state = heap.state;
    const off = this.off, step = this.step, ddx = this.dx, ddy = this.dy;
    const base = heap.base, closed = base - 1;
    const gx = goal % w, gy = (goal - gx) / w;
    let expansions = this.expansions, pushes = this.pushes, reopenings = this.reopenings;
    let status: 'found' | 'unreachable' | null = 'unreachable';

    while (heap.length > 0) {
      // A limit or the end of a slice: the open list is whole, and the next call resumes from it.
      if (expansions >= stopAt) { status = null; break; }
      const n = heap.pop();
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
        heap.f = wg * gc + wh * hc;
        heap.tie = tieByH * hc;
        if (open) heap.update(c); else heap.insert(c);
        pushes++;
      }
    }
    this.expansions = expansions;
    this.pushes = pushes;
    this.reopenings = reopenings;
    return status;
  }
  // #generated grid-loops: end
}
