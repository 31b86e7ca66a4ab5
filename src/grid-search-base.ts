import type { SearchStatus } from './best-first.js';
import { DX, DY, type Grid } from './grid.js';
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
  /**
   * Put a closed cell that receives a cheaper g back on the frontier. Default
   * true, as in `Searcher`; weighted A* keeps its bound without it (see
   * `SearchOptions.reopen`) and runs much faster on large maps.
   */
  reopen?: boolean;
}

// The engine's slack for "cheaper" (best-first.ts): the same test, so the
// loops improve, re-push and reopen the same nodes as the engine.
export const IMPROVE = 1 - 1e-12;

/**
 * What the two grid searchers share (they differ only in the open list, see
 * grid-search.ts and grid-search-lazy.ts): the move masks, the per-cell g
 * and arrival move, the checks of a query, the path walk.
 *
 * - Each cell keeps a byte of allowed moves (bit k for direction k of
 *   grid.ts: the target is inside the grid and free, and for a diagonal the
 *   diagonal rule holds). Bounds, blocked targets and the corner rule are one
 *   bit test; this does what a padded border would, without renumbering
 *   cells, so ids stay the grid's own.
 * - Neighbour offsets and step costs are precomputed per direction; h is the
 *   octile formula on int32 coordinates relative to the goal.
 * - A cell remembers the move that reached it (1 byte) instead of a 4-byte
 *   parent id.
 *
 * The move masks are a copy of the grid: after changing cells, call
 * `refresh()` (O(cells)) or change them through `setBlocked` (O(1)).
 */
export abstract class GridSearchBase {
  readonly grid: Grid;
  // Results of the last query.
  status: SearchStatus = 'unreachable';
  cost = Infinity;
  expansions = 0;
  pushes = 0;
  reopenings = 0;

  protected readonly moves: Uint8Array;
  protected readonly g: Float64Array;
  protected readonly via: Uint8Array;
  protected readonly off = new Int32Array(8);
  protected readonly step = new Float64Array(8);
  protected readonly dx = Int32Array.from(DX);
  protected readonly dy = Int32Array.from(DY);
  // The query's knobs, passed through fields rather than arguments: a double
  // argument to a call V8 does not inline is boxed, and the query would allocate.
  protected wg = 1.5;
  protected wh = 1.5;
  protected hs = 1.5;
  protected hd = 1.5;
  protected tieByH = 1;
  protected maxExp = Infinity;
  protected reopen = true;
  protected start = -1;
  protected goal = -1;

  constructor(grid: Grid, who: string) {
    if (grid.enterCost >= 0) {
      throw new RangeError(`${who}: the grid must delete blocked cells (blocked: 'delete'); it charges ${grid.enterCost} to enter them. Use Searcher for that model.`);
    }
    this.grid = grid;
    this.moves = new Uint8Array(grid.size);
    this.g = new Float64Array(grid.size);
    this.via = new Uint8Array(grid.size);
    const axial = grid.cellSize, diagonal = grid.cellSize * grid.diagonalCost;
    for (let k = 0; k < 8; k++) {
      this.off[k] = DY[k] * grid.width + DX[k];
      this.step[k] = k < 4 ? axial : diagonal;
    }
    this.refresh();
  }

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
    if (cells[y * w + x] !== 0) return 0;
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
    // weights() would allocate its pair on every query; read the knob directly (checked the same way).
    let wg = 1, wh = 1;
    if (priority.kind === 'cost-to-come') wh = 0;
    else if (priority.kind === 'heuristic-only') wg = 0;
    else if (priority.kind === 'sum') { checkEps(priority.eps); wh = priority.eps; }
    else if (priority.kind === 'link-length') {
      throw new RangeError(`grid search: priority 'link-length' (breadth-first) needs a FIFO queue; use Searcher for it`);
    } else weights(priority); // throws the engine's message for an unknown kind
    const hName = options.heuristic ?? 'octile';
    if (hName !== 'octile' && hName !== 'zero') {
      throw new RangeError(`grid search: heuristic must be 'octile' or 'zero', got ${JSON.stringify(hName)}`);
    }
    const tieBreak = options.tieBreak ?? 'h';
    if (tieBreak !== 'h' && tieBreak !== 'fifo') {
      throw new RangeError(`tieBreak must be 'h' or 'fifo', got ${JSON.stringify(options.tieBreak)}`);
    }
    const maxExp = options.maxExpansions ?? Infinity;
    if (!(maxExp >= 0)) throw new RangeError(`maxExpansions must be a number >= 0, got ${options.maxExpansions}`);
    const reopen = options.reopen ?? true;
    if (typeof reopen !== 'boolean') throw new RangeError(`reopen must be true or false, got ${JSON.stringify(options.reopen)}`);

    // h = hs * (dx + dy + hd * min(dx, dy)): heuristics.octile's expression, so
    // the values are identical; hd = 0 gives Manhattan, hs = 0 gives zero.
    const octileH = grid.connectivity === 8 && grid.diagonalRule !== 'never';
    this.wg = wg; this.wh = wh;
    this.hs = hName === 'zero' ? 0 : grid.cellSize;
    this.hd = octileH ? grid.diagonalCost - 2 : 0;
    this.tieByH = tieBreak === 'h' ? 1 : 0;
    this.maxExp = maxExp;
    this.reopen = reopen;
    this.start = start;
    this.goal = goal;
    this.status = this.run(start, goal);
    this.cost = this.status === 'found' ? this.g[goal] : Infinity;
    return this.status;
  }

  /** The search proper; sets expansions, pushes, reopenings, and g and via along the way. */
  protected abstract run(start: number, goal: number): SearchStatus;
  /** Whether the last query reached n (open or closed). */
  protected abstract reached(n: number): boolean;

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
    return Number.isInteger(n) && n >= 0 && n < this.grid.size && this.reached(n) ? this.g[n] : Infinity;
  }
}
