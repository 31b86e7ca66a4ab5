import type { SearchStatus } from './best-first.js';
import { DX, DY, type Grid } from './grid.js';
import { GridHeap } from './grid-search-heap.js';
import { ASTAR, checkEps, weights, type Priority, type TieBreak } from './priority.js';

export interface GridSearchOptions {
  /** Default A* (`sum(1)`); `cost-to-come` is Dijkstra, `sum(eps)` weighted A*, `heuristic-only` greedy. */
  priority?: Priority;
  /**
   * `octile` (default): the grid's octile distance, Manhattan when 4-connected,
   * bit for bit `heuristics.octile(grid)`; `zero`: h = 0.
   */
  heuristic?: 'octile' | 'zero';
  /** Default `h` (smaller h, then insertion order), as in `Searcher`. */
  tieBreak?: TieBreak;
  /** Stop with status `step-limit` after this many expansions. Default: no limit. */
  maxExpansions?: number;
}

// The engine's slack for "cheaper" (best-first.ts): the same test, so both
// loops improve, re-push and reopen the same nodes.
const IMPROVE = 1 - 1e-12;
const NONE = 255;

/**
 * Best-first search specialised for a `Grid` with deleted blocked cells: the
 * generic engine's answers (same costs, same expansion counts, same paths,
 * same tie-breaking: f, then smaller h, then insertion order) from a loop
 * that never calls through `SearchSpace` or a heuristic closure.
 *
 * - Each cell keeps a byte of allowed moves (bit k for direction k of
 *   grid.ts: the target is inside the grid and free, and for a diagonal the
 *   diagonal rule holds). Bounds, blocked targets and the corner rule are one
 *   bit test; this does what a padded border would, without renumbering
 *   cells, so ids stay the grid's own.
 * - Neighbour offsets and step costs are precomputed per direction; h is the
 *   octile formula on coordinates derived once per expansion.
 * - Per cell: g (8 bytes), a generation stamp (4), the move that reached it
 *   (1, instead of a 4-byte parent id), the move mask (1): 14 bytes, so
 *   235 MB for 4096 x 4096, plus the open list (36 bytes an entry).
 * - A query bumps the generation instead of clearing; a warm searcher
 *   allocates nothing (the open list only grows).
 *
 * The move masks are a copy of the grid: after changing cells, call
 * `refresh()` (O(cells)) or change them through `setBlocked` (O(1)).
 */
export class GridSearcher {
  readonly grid: Grid;
  // Results of the last query.
  status: SearchStatus = 'unreachable';
  cost = Infinity;
  expansions = 0;
  pushes = 0;
  reopenings = 0;

  private readonly moves: Uint8Array;
  private readonly g: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly via: Uint8Array;
  private readonly heap: GridHeap;
  private readonly off = new Int32Array(8);
  private readonly dx = Int32Array.from(DX);
  private readonly dy = Int32Array.from(DY);
  private readonly step = new Float64Array(8);
  private gen = 0;
  // The query's knobs (see search).
  private wg = 1.5;
  private wh = 1.5;
  private hs = 1.5;
  private hd = 1.5;
  private tieByH = 1;
  private maxExp = Infinity;
  private start = -1;
  private goal = -1;

  constructor(grid: Grid) {
    if (grid.enterCost >= 0) {
      throw new RangeError(`GridSearcher: the grid must delete blocked cells (blocked: 'delete'); it charges ${grid.enterCost} to enter them. Use Searcher for that model.`);
    }
    this.grid = grid;
    const size = grid.size;
    this.moves = new Uint8Array(size);
    this.g = new Float64Array(size);
    this.stamp = new Uint32Array(size);
    this.via = new Uint8Array(size);
    this.heap = new GridHeap(Math.min(size, 1 << 14));
    const axial = grid.cellSize, diagonal = grid.cellSize * grid.diagonalCost;
    for (let k = 0; k < 8; k++) {
      this.off[k] = DY[k] * grid.width + DX[k];
      this.step[k] = k < 4 ? axial : diagonal;
    }
    this.refresh();
  }

  /** Bytes of per-cell state (move masks included), for the 16-bytes-a-cell budget. */
  static bytesPerCell = 8 + 4 + 1 + 1;

  /** Re-reads every cell of the grid. Call after changing `grid.cells` directly. */
  refresh(): void {
    const { width: w, height: h } = this.grid;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.moves[y * w + x] = this.maskOf(x, y);
  }

  /** Blocks or frees cell n in the grid and updates the move masks around it (O(1)). */
  setBlocked(n: number, blocked: boolean): void {
    const grid = this.grid;
    if (!Number.isInteger(n) || n < 0 || n >= grid.size) {
      throw new RangeError(`setBlocked: cell must be an id in 0..${grid.size - 1}, got ${n}`);
    }
    grid.setBlocked(n, blocked);
    const w = grid.width, x0 = n % w, y0 = (n - x0) / w;
    for (let y = Math.max(0, y0 - 1); y <= Math.min(grid.height - 1, y0 + 1); y++) {
      for (let x = Math.max(0, x0 - 1); x <= Math.min(w - 1, x0 + 1); x++) this.moves[y * w + x] = this.maskOf(x, y);
    }
  }

  /** The moves allowed from (x, y) as bits, bit k for direction k of grid.ts. */
  private maskOf(x: number, y: number): number {
    const grid = this.grid, cells = grid.cells, w = grid.width, h = grid.height;
    const n = y * w + x;
    if (cells[n] !== 0) return 0;
    const free = (cx: number, cy: number) => cx >= 0 && cy >= 0 && cx < w && cy < h && cells[cy * w + cx] === 0;
    const kmax = grid.diagonalRule === 'never' ? 4 : 8;
    let mask = 0;
    for (let k = 0; k < kmax; k++) {
      const tx = x + DX[k], ty = y + DY[k];
      if (!free(tx, ty)) continue;
      if (k >= 4) {
        const a = free(tx, y), b = free(x, ty);
        const rule = grid.diagonalRule;
        if (rule === 'no-corner-cutting' && !(a && b)) continue;
        if (rule === 'at-most-one-blocked' && !(a || b)) continue;
      }
      mask |= 1 << k;
    }
    return mask;
  }

  /**
   * Runs one query and returns its status; read `cost`, `expansions`, ...
   * and the path (`pathInto`) afterwards. A start or goal outside the grid or
   * on a blocked cell throws.
   */
  search(start: number, goal: number, options: GridSearchOptions = {}): SearchStatus {
    const grid = this.grid;
    grid.checkEndpoint(start, 'start');
    grid.checkEndpoint(goal, 'goal');
    const priority = options.priority ?? ASTAR;
    if (priority.kind === 'link-length') {
      throw new RangeError(`GridSearcher: priority 'link-length' (breadth-first) needs a FIFO queue; use Searcher for it`);
    }
    // weights() would allocate its pair on every query; read the knob directly (checked the same way).
    let wg = 1, wh = 1;
    if (priority.kind === 'cost-to-come') wh = 0;
    else if (priority.kind === 'heuristic-only') wg = 0;
    else if (priority.kind === 'sum') { checkEps(priority.eps); wh = priority.eps; }
    else weights(priority); // throws the engine's message for an unknown kind
    const hName = options.heuristic ?? 'octile';
    if (hName !== 'octile' && hName !== 'zero') {
      throw new RangeError(`GridSearcher: heuristic must be 'octile' or 'zero', got ${JSON.stringify(hName)}`);
    }
    const tieBreak = options.tieBreak ?? 'h';
    if (tieBreak !== 'h' && tieBreak !== 'fifo') {
      throw new RangeError(`tieBreak must be 'h' or 'fifo', got ${JSON.stringify(options.tieBreak)}`);
    }
    const maxExp = options.maxExpansions ?? Infinity;
    if (!(maxExp >= 0)) throw new RangeError(`maxExpansions must be a number >= 0, got ${options.maxExpansions}`);

    if (this.gen >= 0xfffffff0) { this.stamp.fill(0); this.gen = 0; }
    this.gen += 2;
    this.start = start;
    this.goal = goal;
    // h = hs * (dx + dy + hd * min(dx, dy)): heuristics.octile's expression, so
    // the values are identical; hd = 0 gives Manhattan, hs = 0 gives zero.
    const octileH = grid.connectivity === 8 && grid.diagonalRule !== 'never';
    const hs = hName === 'zero' ? 0 : grid.cellSize;
    const hd = octileH ? grid.diagonalCost - 2 : 0;
    // Passed through fields, not arguments: a double argument to a call V8
    // does not inline is boxed, and the query would allocate.
    this.wg = wg; this.wh = wh; this.hs = hs; this.hd = hd;
    this.tieByH = tieBreak === 'h' ? 1 : 0;
    this.maxExp = maxExp;
    this.status = this.run(start, goal);
    this.cost = this.status === 'found' ? this.g[goal] : Infinity;
    return this.status;
  }

  private run(start: number, goal: number): SearchStatus {
    const wg = this.wg, wh = this.wh, hs = this.hs, hd = this.hd, tieByH = this.tieByH, maxExp = this.maxExp;
    const w = this.grid.width;
    const g = this.g, stamp = this.stamp, via = this.via, moves = this.moves, heap = this.heap;
    const off = this.off, step = this.step, ddx = this.dx, ddy = this.dy;
    const gen = this.gen, closed = gen + 1;
    const gx = goal % w, gy = (goal - gx) / w;
    let expansions = 0, pushes = 1, reopenings = 0;
    let status: SearchStatus = 'unreachable';

    g[start] = 0;
    stamp[start] = gen;
    via[start] = NONE;
    {
      const sx = start % w, sy = (start - sx) / w;
      const rx = sx - gx, ry = sy - gy;
      const dx = (rx ^ (rx >> 31)) - (rx >> 31), dy = (ry ^ (ry >> 31)) - (ry >> 31);
      const h0 = hs * (dx + dy + hd * (dx < dy ? dx : dy));
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
      const x = n % w, rx = x - gx, ry = ((n - x) / w) - gy;
      for (let k = 0; k < 8; k++) {
        if ((m & (1 << k)) === 0) continue;
        const c = n + off[k];
        const gc = gn + step[k];
        const sc = stamp[c];
        if (sc === gen || sc === closed) {
          if (!(gc < g[c] * IMPROVE)) continue;
          // Only an inflated or inconsistent heuristic reopens a closed cell.
          if (sc === closed) reopenings++;
        }
        g[c] = gc;
        stamp[c] = gen;
        via[c] = k;
        const ax = rx + ddx[k], ay = ry + ddy[k];
        // |ax|, |ay| without Math.abs (which V8 may call out of line and box).
        const dx = (ax ^ (ax >> 31)) - (ax >> 31), dy = (ay ^ (ay >> 31)) - (ay >> 31);
        const hc = hs * (dx + dy + hd * (dx < dy ? dx : dy));
        heap.push(c, wg * gc + wh * hc, tieByH * hc, gc);
        pushes++;
      }
    }
    this.expansions = expansions;
    this.pushes = pushes;
    this.reopenings = reopenings;
    return status;
  }

  /** Writes the last path (start first) into `out` and returns its cell count; 0 without a path. Allocates nothing. */
  pathInto(out: Int32Array): number {
    if (this.status !== 'found') return 0;
    const via = this.via, off = this.off, start = this.start;
    let len = 1;
    for (let n = this.goal; n !== start; n -= off[via[n]]) len++;
    if (out.length < len) throw new RangeError(`pathInto: the buffer holds ${out.length} cells, the path has ${len}`);
    let i = len;
    for (let n = this.goal; ; n -= off[via[n]]) {
      out[--i] = n;
      if (n === start) break;
    }
    return len;
  }

  /** The last path, start first, or null without one (allocates; `pathInto` does not). */
  path(): number[] | null {
    if (this.status !== 'found') return null;
    const buf = new Int32Array(this.grid.size);
    return Array.from(buf.subarray(0, this.pathInto(buf)));
  }

  /** g(n) of the last query: Infinity for a cell it never reached. */
  gOf(n: number): number {
    const s = this.stamp[n];
    return s === this.gen || s === this.gen + 1 ? this.g[n] : Infinity;
  }
}
