import type { SearchStatus, Grid } from '#bestfirst';
import { GridSearchBase, IMPROVE, nextGeneration } from '#bestfirst/internal';
import { GridHeap } from './grid-heap.js';

const NONE = 255;

/**
 * `GridSearcher` with a lazy open list, like the engine's: an improved cell
 * gets a fresh entry and the stale one is skipped when it surfaces. Same
 * answers, expansion and push counts as `GridSearcher` (decrease-key), which
 * the benchmark found about 20% faster; this one stays, out of the library,
 * as the benchmark's measured alternative (bench-libs.ts, "bestfirst A* lazy
 * heap") and as a second implementation the tests hold equal. Its
 * constructor refuses the grids `GridSearcher`'s does.
 *
 * Per cell: g (8 bytes), a generation stamp (4), the arriving move (1), the
 * move mask (1): 14 bytes, 224 MiB for 4096 x 4096, plus the open list (36
 * bytes an entry). A query bumps the generation instead of clearing; a warm
 * searcher allocates nothing (the open list only grows).
 */
export class LazyGridSearcher extends GridSearchBase {
  /** Bytes of per-cell state (move masks included), for the 16-bytes-a-cell budget. */
  static readonly bytesPerCell = 8 + 4 + 1 + 1;

  private readonly stamp: Uint32Array;
  private readonly heap: GridHeap;
  private gen = 0;

  constructor(grid: Grid) {
    super(grid, 'LazyGridSearcher', LazyGridSearcher.bytesPerCell);
    this.stamp = this.perCell(() => new Uint32Array(grid.size));
    this.heap = new GridHeap(Math.min(grid.size, 1 << 14));
  }

  protected reached(n: number): boolean {
    const s = this.stamp[n];
    return s === this.gen || s === this.gen + 1;
  }

  protected run(start: number, goal: number): SearchStatus {
    // The benchmark's alternative runs the unweighted loop only.
    if (this.grid.weights !== null) throw new Error('LazyGridSearcher: unweighted grids only');
    this.gen = nextGeneration(this.gen, 2, this.stamp);
    const wg = this.wg, wh = this.wh, hs = this.hs, hd = this.hd, hp = this.hp, tieByH = this.tieByH, maxExp = this.maxExp, reopen = this.reopen, improve = IMPROVE;
    const w = this.grid.width;
    const g = this.g, stamp = this.stamp, via = this.via, moves = this.moves, heap = this.heap;
    const off = this.off, step = this.step, ddx = this.dx, ddy = this.dy;
    // A cell's stamp is gen while open, gen + 1 once closed; anything else is unseen.
    const gen = this.gen, closed = gen + 1;
    const gx = goal % w, gy = (goal - gx) / w;
    let expansions = 0, pushes = 1, reopenings = 0;
    let status: SearchStatus = 'unreachable';

    g[start] = 0;
    stamp[start] = gen;
    via[start] = NONE;
    {
      const sx = start % w, rx = sx - gx, ry = (start - sx) / w - gy;
      const dx = (rx ^ (rx >> 31)) - (rx >> 31), dy = (ry ^ (ry >> 31)) - (ry >> 31);
      const dd = dx + dy, h0 = hs * (dd + hd * (dx < dy ? dx : dy)) + hp * (dd & 1);
      heap.reset(start, wh * h0, tieByH * h0);
    }
    while (heap.length > 0) {
      const n = heap.pop();
      const gn = heap.poppedG;
      // Lazy deletion: skip entries of closed nodes and entries whose g was beaten.
      if (stamp[n] !== gen || gn !== g[n]) continue;
      if (expansions >= maxExp) { status = 'step-limit'; break; }
      stamp[n] = closed;
      expansions++;
      if (n === goal) { status = 'found'; break; }
      const m = moves[n];
      if (m === 0) continue;
      // Coordinates relative to the goal, as int32: abs below is two bit operations.
      const x = n % w, rx = x - gx, ry = (n - x) / w - gy;
      for (let k = 0; k < 8; k++) {
        if ((m & (1 << k)) === 0) continue;
        const c = n + off[k];
        const gc = gn + step[k];
        const sc = stamp[c];
        if (sc === gen || sc === closed) {
          if (!(gc < g[c] * improve)) continue;
          // Only an inflated or inconsistent heuristic reopens a closed cell.
          if (sc === closed) {
            if (!reopen) continue;
            reopenings++;
          }
        }
        g[c] = gc;
        stamp[c] = gen;
        via[c] = k;
        const ax = rx + ddx[k], ay = ry + ddy[k];
        // |ax|, |ay| without Math.abs (which V8 may call out of line and box).
        const dx = (ax ^ (ax >> 31)) - (ax >> 31), dy = (ay ^ (ay >> 31)) - (ay >> 31);
        const dd = dx + dy, hc = hs * (dd + hd * (dx < dy ? dx : dy)) + hp * (dd & 1);
        heap.push(c, wg * gc + wh * hc, tieByH * hc, gc);
        pushes++;
      }
    }
    this.expansions = expansions;
    this.pushes = pushes;
    this.reopenings = reopenings;
    return status;
  }
}
