import { checkPathBuffer, checkPathRoom } from '../../core/path.js';
import { InputError, show } from '../../core/errors.js';
import { DX, DY, type Grid } from '../grid.js';
import { MoveMasks } from '../move-masks.js';
import { GridKernel } from './grid-kernel.js';
import { zero, type Heuristic } from '../../core/heuristic.js';
import { inlineForm, octile } from '../heuristics.js';
import { landmarkTable, type LandmarkTable } from './landmark-table.js';
import { type QueryOptions, type SearchStatus } from '../../core/path-searcher.js';
import { ASTAR, type Priority, type TieBreak } from '../../core/priority.js';
import { walkCost } from '../../core/space.js';
import { GridSearcherBase } from '../grid-searcher-base.js';
import { FAST_GRID_CHECKS } from '../grid-check.js';
import type { GridSearchName } from '../grid-needs.js';

/**
 * The options of one `GridSearcher` query: those of `SearchOptions`, less
 * tracing, and with `octile(grid)` as the default heuristic. A bad value is
 * an `InputError`.
 */
export interface GridSearchOptions extends QueryOptions {
  /**
   * Default `ASTAR` (`sum(1)`); `COST_TO_COME` is Dijkstra, `sum(eps)` weighted
   * A*, `HEURISTIC_ONLY` greedy. `LINK_LENGTH` (breadth-first) is refused: use
   * `Searcher` for it.
   */
  priority?: Priority;
  /**
   * h(n, goal), as in `SearchOptions`, with one restriction: the fast path
   * computes h inline instead of calling it, so it takes the grid heuristics
   * it knows how to compute, `octile(grid)` (the default: the grid's octile
   * distance, Manhattan when 4-connected), `manhattan(grid)`,
   * `chebyshev(grid)` (each made for this grid, or one as wide), and `zero`;
   * `GridSearcher` also reads the table of `landmarks(grid)` (made for
   * this very grid, and built again at the first query after an edit).
   * Any other function is an `InputError` that says so: run it with
   * `Searcher`, which calls it. The answers are bit for bit the engine's
   * with the same function.
   */
  heuristic?: Heuristic;
  /** Default `h` (smaller h, then insertion order), as in `Searcher`. */
  tieBreak?: TieBreak;
  /**
   * Put a closed cell that receives a cheaper g back on the frontier. Default
   * true, as in `Searcher`; weighted A* keeps its bound without it (see
   * `SearchOptions.reopen`) and runs much faster on large maps.
   */
  reopen?: boolean;
  /**
   * When the goal cannot be reached or a limit stops the search, return the path
   * to the reached cell nearest the goal by the grid's octile distance
   * (whatever heuristic the query ran with; ties: the smaller g), with
   * `partial` set and `cost` its cost; the status still says why (Godot's
   * `allow_partial_path`). Default false.
   */
  partial?: boolean;
}

const GRID_SEARCH_KEYS: readonly (keyof GridSearchOptions)[] = ['priority', 'heuristic', 'tieBreak', 'limits', 'reopen', 'partial'];

/**
 * The grid fast path less its open list: the move masks, the per-cell g and
 * arrival move, the checks of a query, the path walk. `GridSearcher`
 * (grid-search.ts) adds the indexed open list and the loops.
 *
 * - Each cell keeps a byte of allowed moves (`MoveMasks`): bounds, blocked
 *   targets and the corner rule are one bit test.
 * - Neighbour offsets and step costs are precomputed per direction; h is
 *   `heuristics.octile` on int32 coordinates relative to the goal.
 * - A cell remembers the move that reached it (1 byte) instead of a 4-byte
 *   parent id.
 *
 * Every query first brings the move masks up to date with the grid
 * (`MoveMasks.sync`), so edits made through the grid are seen at once.
 */
export abstract class GridSearchBase extends GridSearcherBase<GridSearchOptions> {
  // Views of the WebAssembly kernel's memory when the searcher has one
  // (`kernel`), replaced when it grows (`rebind`); plain arrays otherwise.
  protected moves: Uint8Array;
  protected g: Float64Array;
  protected via: Uint8Array;
  /** The unweighted loop as WebAssembly and the memory it shares with the JS loops (grid-kernel.ts), or null. */
  protected readonly kernel: GridKernel | null;
  protected readonly off = new Int32Array(8);
  protected readonly step = new Float64Array(8);
  protected readonly dx = Int32Array.from(DX);
  protected readonly dy = Int32Array.from(DY);
  // The query's knobs, passed through fields rather than arguments: a double
  // argument to a call V8 does not inline is boxed, and the query would allocate.
  // h = hs * (dx + dy + hd * min(dx, dy)) + hp * ((dx + dy) & 1): the inline
  // form of the query's heuristic (heuristics.inlineForm), all 0 for zero.
  // For octile at the usual diagonal costs hp is 0.
  protected wg = 1.5;
  protected wh = 1.5;
  protected hs = 1.5;
  protected hd = 1.5;
  protected hp = 1.5;
  /** The grid's own `octile(grid)`, the default heuristic, made once. */
  private readonly octile: Heuristic;
  /** The query's landmark table (`landmarks`), or null: h is then the inline form alone. */
  protected lm: LandmarkTable | null = null;
  protected tieByH = 1;
  protected reopen = true;
  private wantPartial = false;
  protected start = -1;
  protected goal = -1;
  private readonly masks: MoveMasks;
  /** The cell the last path ends at: the goal, a partial path's end, or -1 without a path. */
  private end = -1;

  /**
   * @param who the class name, for messages
   * @param bytesPerCell what the searcher keeps per cell in all, for the message when it does not fit
   */
  constructor(grid: Grid, who: GridSearchName, bytesPerCell: number) {
    super(grid, who, FAST_GRID_CHECKS, bytesPerCell);
    // Not through perCell: a memory that cannot be had is no refusal here, the searcher takes the JS loop (GridKernel.create).
    const kernel = GridKernel.create(grid.size);
    this.kernel = kernel;
    this.masks = new MoveMasks(grid, kernel !== null ? kernel.moves : this.perCell(() => new Uint8Array(grid.size)));
    this.moves = this.masks.bits;
    this.g = kernel !== null ? kernel.g : this.perCell(() => new Float64Array(grid.size));
    this.via = kernel !== null ? kernel.via : this.perCell(() => new Uint8Array(grid.size));
    const axial = grid.cellSize, diagonal = grid.cellSize * grid.diagonalCost;
    for (let k = 0; k < 8; k++) {
      this.off[k] = DY[k] * grid.width + DX[k];
      this.step[k] = k < 4 ? axial : diagonal;
    }
    if (kernel !== null) {
      kernel.tables.set(this.off, 0);
      kernel.tables.set(this.dx, 8);
      kernel.tables.set(this.dy, 16);
      kernel.steps.set(this.step);
    }
    this.octile = octile(grid);
  }

  /** Reads the kernel's views again after its memory grew (every view of it is then replaced). */
  protected rebind(): void {
    const k = this.kernel;
    if (k === null) return;
    this.g = k.g;
    this.via = k.via;
    this.moves = this.masks.bits = k.moves;
  }

  /**
   * Re-reads every cell of the grid (O(cells)). Queries catch up with the
   * grid's changes by themselves; this is for a write to `grid.cells` that
   * was not announced with `grid.touch`.
   */
  refresh(): void {
    this.masks.refresh();
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`): a start or goal
   * outside the grid or on a blocked cell, or a malformed option, is an
   * `InputError`, and nothing changes then.
   */
  protected prepare(start: number, goal: number, options: GridSearchOptions): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, GRID_SEARCH_KEYS);
    const priority = options.priority === undefined ? ASTAR : options.priority;
    // weights() would allocate its pair on every query; read the knob directly.
    let wg = 1, wh = 1;
    if (priority === null || typeof priority !== 'object') {
      throw new InputError(`${this.who}: priority must be ASTAR, COST_TO_COME, HEURISTIC_ONLY or sum(eps), got ${show(priority)}`);
    }
    switch (priority.kind) {
      case 'cost-to-come': wh = 0; break;
      case 'heuristic-only': wg = 0; break;
      case 'sum': {
        const eps: unknown = priority.eps;
        if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 0) {
          throw new InputError(`priority: eps must be a finite number >= 0 (0 is Dijkstra, 1 is A*, above 1 weighted A*), got ${show(eps)}`);
        }
        wh = eps;
        break;
      }
      case 'link-length':
        throw new InputError(`${this.who}: priority 'link-length' (breadth-first) needs a FIFO queue; use Searcher for it`);
      default:
        throw new InputError(`${this.who}: unknown priority kind ${show((priority as { kind: unknown }).kind)}: expected cost-to-come, heuristic-only or sum`);
    }
    const given = options.heuristic;
    let h = given === undefined ? this.octile : given;
    const lm = typeof h === 'function' && this.takesLandmarks() ? landmarkTable(h) ?? null : null;
    if (lm !== null) {
      if (lm.grid !== grid) throw new InputError(`${this.who}: the landmark heuristic was built for another grid (${lm.grid.width} x ${lm.grid.height}); build one with landmarks(grid) for this one`);
      lm.freshen();
      // The landmark heuristic takes the larger of its bound and octile(grid).
      h = this.octile;
    }
    const form = typeof h === 'function' ? inlineForm(h) : undefined;
    if (form === undefined || (form.width !== grid.width && h !== zero)) {
      throw new InputError(`${this.who}: heuristic must be octile(grid), manhattan(grid) or chebyshev(grid) of a grid ${grid.width} cells wide, or zero (the fast path computes h inline, so it takes only those), got ${typeof h === 'function' ? (form ? `one made for a grid ${form.width} cells wide` : 'another function: run it with Searcher, which calls it') : typeof h === 'string' ? JSON.stringify(h) : show(h)}`);
    }
    const tieBreak = options.tieBreak === undefined ? 'h' : options.tieBreak;
    if (tieBreak !== 'h' && tieBreak !== 'fifo') {
      throw new InputError(`tieBreak must be 'h' or 'fifo', got ${show(options.tieBreak)}`);
    }
    const reopen = options.reopen === undefined ? true : options.reopen;
    if (typeof reopen !== 'boolean') throw new InputError(`reopen must be true or false, got ${show(options.reopen)}`);
    const partial = options.partial === undefined ? false : options.partial;
    if (typeof partial !== 'boolean') throw new InputError(`partial must be true or false, got ${show(options.partial)}`);

    this.masks.sync();
    this.wg = wg; this.wh = wh;
    this.hs = form.a;
    this.hd = form.b;
    this.hp = form.c;
    this.lm = lm;
    this.tieByH = tieBreak === 'h' ? 1 : 0;
    this.reopen = reopen;
    this.wantPartial = partial;
    this.start = start;
    this.goal = goal;
    this.end = -1;
    this.cost = Infinity;
    this.partial = false;
    this.expansions = 0;
    this.pushes = 0;
    this.reopenings = 0;
    return this.openQuery(start, goal) ? null : 'unreachable';
  }

  protected conclude(status: SearchStatus): void {
    const partial = status !== 'found' && this.wantPartial;
    this.end = status === 'found' ? this.goal : partial ? this.nearestReached(this.goal) : -1;
    this.partial = partial;
    // After reopenings the moves walked back from the goal can cost less than
    // g(goal): a reopened cell passes its cheaper g only to the children it
    // expands again. Report the cost of the path returned, as the engine does
    // (best-first.ts: pathCost, whose sum walkCost is); rare, and it allocates.
    this.cost = this.end < 0 ? Infinity : this.reopenings === 0 ? this.g[this.end] : walkCost(this.grid, this.path()!);
  }

  /**
   * The end of a partial path: of the cells the failed query reached, the
   * one nearest the goal by octile distance (ties: the smaller g). The start
   * is always reached, so there is one.
   */
  private nearestReached(goal: number): number {
    const h = this.octile, g = this.g;
    let best = this.start, bestH = h(best, goal), bestG = 0;
    for (let n = 0; n < this.grid.size; n++) {
      if (!this.reached(n)) continue;
      const hn = h(n, goal);
      if (hn < bestH || (hn === bestH && g[n] < bestG)) { best = n; bestH = hn; bestG = g[n]; }
    }
    return best;
  }

  /** Whether `run` reads a landmark table (`lm`); a searcher that does not refuses `landmarks(grid)` as any other function. */
  protected takesLandmarks(): boolean {
    return false;
  }

  /**
   * Puts the start on the open list (`pushes` 1) and returns true, or
   * returns false when the query's h already shows the goal out of reach.
   */
  protected abstract openQuery(start: number, goal: number): boolean;
  /** Whether the last query reached n (open or closed). */
  protected abstract reached(n: number): boolean;

  /**
   * Writes the last path (start first) into `out` and returns its cell count;
   * 0 without a path. Allocates nothing. An `out` that is not an Int32Array,
   * or is shorter than the path, is an `InputError` (`grid.size` always fits).
   */
  pathInto(out: Int32Array): number {
    checkPathBuffer(out);
    if (this.end < 0) return 0;
    const via = this.via, off = this.off, start = this.start;
    let len = 1;
    for (let n = this.end; n !== start; n -= off[via[n]]) len++;
    checkPathRoom(out, len, 'cells');
    let i = len;
    for (let n = this.end; ; n -= off[via[n]]) {
      out[--i] = n;
      if (n === start) break;
    }
    return len;
  }

  /** The last path (a partial one included), start first, or null without one (allocates; `pathInto` does not). */
  path(): number[] | null {
    if (this.end < 0) return null;
    const buf = new Int32Array(this.grid.size);
    return Array.from(buf.subarray(0, this.pathInto(buf)));
  }

  /** g(n) of the last query: Infinity for a cell it never reached. Throws unless n is a cell id, as every gOf does. */
  gOf(n: number): number {
    if (!Number.isInteger(n) || n < 0 || n >= this.grid.size) {
      throw new InputError(`gOf: n must be a cell id in 0..${this.grid.size - 1} of the ${this.grid.width} x ${this.grid.height} grid, got ${show(n)}`);
    }
    return this.reached(n) ? this.g[n] : Infinity;
  }
}
