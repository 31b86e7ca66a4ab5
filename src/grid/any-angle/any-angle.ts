import { InputError, show } from '../../core/errors.js';
import { IMPROVE } from '../../core/improve.js';
import { checkPathBuffer, pathTo, pathToInto } from '../../core/path.js';
import { type QueryOptions, type SearchStatus } from '../../core/path-searcher.js';
import { DX, DY, Grid, type XY } from '../grid.js';
import { checkKeys } from '../../core/input-checks.js';
import { IndexedGridHeap } from '../../queues/indexed-grid-heap.js';
import { cellOf, foundPathOf, type FoundPath } from '../found-path.js';
import { distance, walkSegment } from '../line-of-sight.js';
import { MoveMasks } from '../move-masks.js';
import { GridSearcherBase } from '../grid-searcher-base.js';
import { GRID_NEEDS_CHECKS } from '../grid-needs.js';

/** The two any-angle searches: Theta* and Lazy Theta* (Nash, Daniel, Koenig, Felner). */
export type AnyAngleAlgorithm = 'theta' | 'lazy-theta';

/** The options of one any-angle query; an unknown key or a bad value is an `InputError`. */
export interface AnyAngleOptions extends QueryOptions {
  /**
   * `lazy-theta` (the default): Lazy Theta*, which assumes line of sight
   * when it reaches a cell and checks it once, when the cell is expanded;
   * `theta`: Theta*, which checks it for every neighbour it reaches. On a
   * weighted grid both run as Theta*: a segment's cost takes walking its
   * cells, which checks its line of sight on the way.
   */
  algorithm?: AnyAngleAlgorithm;
}

const ANY_ANGLE_KEYS: readonly (keyof AnyAngleOptions)[] = ['algorithm', 'limits'];

/** Bytes of `AnyAngleSearcher` state per cell: g (8), parent (4), heap state (4), move mask (1), parent checked (1). */
export const ANY_ANGLE_BYTES_PER_CELL = 8 + 4 + 4 + 1 + 1;

/**
 * Any-angle paths on a `Grid`: Theta* and Lazy Theta* (Nash, Daniel, Koenig
 * and Felner). A* on the grid's own moves, except that a cell's parent may
 * be any earlier cell it sees (`lineOfSight`), not just a neighbour, so the
 * path is a few straight segments between cell centres instead of a chain
 * of 45-degree steps. `path()` holds the waypoints (start, turning cells,
 * goal) and `cost` is the sum of `segmentCost` over them: Euclidean length
 * times `cellSize`, and on a weighted grid the exact weighted length (each
 * cell crossed charges the length inside it times its weight).
 *
 * What it promises (and the tests check on random and Moving AI grids):
 * every segment has line of sight; the cost is no more than that of the
 * octile A* path costed the same way (on a grid without weights, no longer
 * than the A* path), and no less than the straight line from start to goal
 * (times the weight floor); on a grid with nothing in the way the path is
 * the straight line. It is not the shortest any-angle path (that takes
 * visibility graphs or Anya), but usually within a percent of it.
 *
 * Both variants relax a neighbour s' of the expanded cell s two ways, as the
 * papers do: through s (an ordinary step), or straight from s's parent when
 * the parent sees s'; and keep the cheaper (the second is never dearer on a
 * grid without weights; on a weighted one it can be, so both are costed).
 * Lazy Theta* skips the check when it relaxes and makes it when it expands
 * s'; if the parent turns out not to see s', it takes the best expanded
 * neighbour instead. One departure from the paper: if that raises s' above
 * the best cell left open, s' goes back on the open list rather than being
 * expanded out of order, which keeps the promise above (the paper's version
 * can end a little longer than A*). Heuristic: Euclidean distance times
 * `cellSize` and the weight floor, consistent for steps and segments alike.
 *
 * The constructor throws an `InputError` unless `grid` is a `Grid` that
 * deletes its blocked cells and, when 8-connected, has diagonal steps of
 * Euclidean length (`diagonalCost` Math.SQRT2, the default): costs here are
 * lengths, and a grid that prices a diagonal otherwise is another metric.
 * Reusable like `GridSearcher`: edits through `grid.setBlocked` or
 * `setWeight` are seen at the next query; 18 bytes a cell.
 *
 * @example
 * ```ts
 * const s = new AnyAngleSearcher(grid);
 * if (s.search(start, goal) === 'found') console.log(s.cost, grid.points(s.path()!));
 * ```
 */
export class AnyAngleSearcher extends GridSearcherBase<AnyAngleOptions> {
  /** Segments the last query walked to check a line of sight or cost one. */
  segments = 0;

  private readonly masks: MoveMasks;
  private readonly g: Float64Array;
  private readonly parent: Int32Array;
  /** 1 when a cell's parent is known to see it (always, but in Lazy Theta* before its expansion). */
  private readonly checked: Uint8Array;
  private readonly heap: IndexedGridHeap;
  private readonly off = new Int32Array(8);
  /** The length of a step in each direction, in cells. */
  private readonly len = new Float64Array(8);
  private goal = -1;
  /** The query runs Lazy Theta* (else Theta*). */
  private lazy = true;

  constructor(grid: Grid) {
    super(grid, 'AnyAngleSearcher', GRID_NEEDS_CHECKS, ANY_ANGLE_BYTES_PER_CELL);
    const perCell = <T>(make: () => T): T => this.perCell(make);
    this.masks = new MoveMasks(grid, perCell(() => new Uint8Array(grid.size)));
    this.g = perCell(() => new Float64Array(grid.size));
    this.parent = perCell(() => new Int32Array(grid.size));
    this.checked = perCell(() => new Uint8Array(grid.size));
    this.heap = perCell(() => new IndexedGridHeap(grid.size, 1 << 14));
    for (let k = 0; k < 8; k++) {
      this.off[k] = DY[k] * grid.width + DX[k];
      this.len[k] = distance(DX[k], DY[k]);
    }
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`); read `cost`,
   * `expansions` and the waypoints (`path`, `pathInto`) once it ends. A start
   * or goal outside the grid or on a blocked cell throws, as does a malformed
   * option; nothing changes then.
   */
  protected prepare(start: number, goal: number, options: AnyAngleOptions): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, ANY_ANGLE_KEYS);
    const algorithm = options.algorithm === undefined ? 'lazy-theta' : options.algorithm;
    if (algorithm !== 'theta' && algorithm !== 'lazy-theta') {
      throw new InputError(`AnyAngleSearcher: algorithm must be 'theta' or 'lazy-theta', got ${show(options.algorithm)}`);
    }
    this.masks.sync();
    this.goal = goal;
    this.lazy = algorithm === 'lazy-theta' && grid.weights === null;
    this.cost = Infinity;
    this.expansions = 0;
    this.segments = 0;
    const w = grid.width, gx = goal % w, gy = (goal - gx) / w, sx = start % w;
    const h0 = this.hw() * distance(sx - gx, (start - sx) / w - gy);
    const heap = this.heap;
    heap.newQuery();
    this.g[start] = 0;
    this.parent[start] = -1;
    this.checked[start] = 1;
    heap.keys[0] = h0;
    heap.keys[1] = h0;
    heap.placeFirst(start);
    this.pushes = 1;
    return null;
  }

  /**
   * h = hw * straight-line distance in cells: consistent, since every step and
   * segment costs at least its length times cellSize times the weight floor.
   */
  private hw(): number {
    const grid = this.grid;
    return grid.weights !== null ? grid.cellSize * grid.weightFloor : grid.cellSize;
  }

  protected conclude(status: SearchStatus): void {
    this.cost = status === 'found' ? this.g[this.goal] : Infinity;
  }

  /** The search proper, from where the last call left it: Lazy Theta* when `lazy`, else Theta*. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const grid = this.grid, w = grid.width, cs = grid.cellSize, weighted = grid.weights !== null;
    const hw = this.hw(), lazy = this.lazy, goal = this.goal;
    const heap = this.heap;
    const state = heap.state, base = heap.base, closed = base - 1;
    const g = this.g, parent = this.parent, checked = this.checked, moves = this.masks.bits, off = this.off, len = this.len;
    const gx = goal % w, gy = (goal - gx) / w;
    let expansions = this.expansions, pushes = this.pushes, segments = this.segments;
    let status: 'found' | 'unreachable' | null = 'unreachable';

    while (heap.length > 0) {
      // A limit or the end of a slice: the open list is whole, and the next call resumes from it.
      if (expansions >= stopAt) { status = null; break; }
      const s = heap.pop();
      const sx = s % w, sy = (s - sx) / w;
      if (checked[s] === 0) {
        // Lazy Theta*: the parent assumed to see s is checked now.
        checked[s] = 1;
        segments++;
        if (walkSegment(grid, parent[s], s) < 0) {
          // It does not: the best expanded neighbour instead (there is one: the cell that reached s).
          const m = moves[s];
          let best = Infinity, via = -1;
          for (let k = 0; k < 8; k++) {
            if ((m & (1 << k)) === 0) continue;
            const q = s + off[k];
            if (state[q] !== closed) continue;
            const c = g[q] + len[k] * cs;
            if (c < best) { best = c; via = q; }
          }
          g[s] = best;
          parent[s] = via;
          const hs = hw * distance(sx - gx, sy - gy), f = best + hs;
          // Raised above the best open cell: back on the open list, not expanded out of order.
          if (heap.length > 0 && f > heap.keys[0]) {
            heap.f = f;
            heap.tie = hs;
            heap.insert(s);
            pushes++;
            continue;
          }
        }
      }
      expansions++;
      if (s === goal) { status = 'found'; break; }
      const m = moves[s];
      if (m === 0) continue;
      // The start is its own parent here (its tree parent is -1): path 2 is then path 1.
      const gs = g[s], p = parent[s] < 0 ? s : parent[s], gp = g[p], px = p % w, py = (p - px) / w;
      for (let k = 0; k < 8; k++) {
        if ((m & (1 << k)) === 0) continue;
        const c = s + off[k];
        const sc = state[c];
        if (sc === closed) continue;
        const open = sc >= base;
        const cx = sx + DX[k], cy = sy + DY[k];
        let gc: number, pc: number;
        if (lazy) {
          // Path 2 assumed: straight from s's parent (s itself only at the start).
          gc = gp + distance(cx - px, cy - py) * cs;
          pc = p;
        } else {
          // Path 1, an ordinary step; then path 2 when it could be cheaper and the parent sees c.
          gc = gs + (weighted ? walkSegment(grid, s, c) : len[k]) * cs;
          pc = s;
          const bound = open && g[c] < gc ? g[c] : gc;
          if (p !== s && (gp + hw * distance(cx - px, cy - py)) * IMPROVE <= bound) {
            segments++;
            const d = walkSegment(grid, p, c);
            // Ties (a straight line, summed another way) go to the straight segment: fewer waypoints.
            if (d >= 0 && (gp + d * cs) * IMPROVE <= gc) { gc = gp + d * cs; pc = p; }
          }
        }
        if (open && !(gc < g[c] * IMPROVE)) continue;
        g[c] = gc;
        parent[c] = pc;
        checked[c] = pc === s ? 1 : lazy ? 0 : 1;
        const hc = hw * distance(cx - gx, cy - gy);
        heap.f = gc + hc;
        heap.tie = hc;
        if (open) heap.update(c); else heap.insert(c);
        pushes++;
      }
    }
    this.expansions = expansions;
    this.pushes = pushes;
    this.segments = segments;
    return status;
  }

  /**
   * Writes the last path's waypoints (start first) into `out` and returns
   * their count; 0 without a path. Allocates nothing. An `out` that is not
   * an Int32Array, or is too short, is an `InputError` (`grid.size` always fits).
   */
  pathInto(out: Int32Array): number {
    checkPathBuffer(out);
    return this.status === 'found' ? pathToInto(this.parent, this.goal, out, 'cells') : 0;
  }

  /** The last path's waypoints, start first, or null without one (allocates; `pathInto` does not). */
  path(): number[] | null {
    return this.status === 'found' ? pathTo(this.parent, this.goal) : null;
  }

  /**
   * Re-reads every cell of the grid (O(cells)). Queries catch up with the
   * grid's changes by themselves; this is for a write to `grid.cells` that
   * was not announced with `grid.touch`.
   */
  refresh(): void {
    this.masks.refresh();
  }
}

// One searcher per grid, reused by every anyAnglePath call on it (see findPath).
const searchers = new WeakMap<Grid, AnyAngleSearcher>();

/**
 * An any-angle path between two cells of a grid, in one call (Lazy Theta* by
 * default; see `AnyAngleSearcher` for what it promises):
 *
 * ```ts
 * const grid = Grid.fromAscii(['........', '...##...', '........', '........']);
 * anyAnglePath(grid, [0, 3], [7, 0]); // points [[0,3], [5,2], [7,0]], cost 7.93 (A*: 7 steps, 8.24)
 * ```
 *
 * Cells are `[x, y]` pairs (x from the left, y from the top, 0-based) or node
 * ids. `points` and `path` are the waypoints, `cost` their segments' summed
 * `segmentCost`. A start or goal outside the grid or on a blocked cell is an
 * `InputError`, as are the grids `AnyAngleSearcher` refuses; a goal that
 * cannot be reached is the status `unreachable`. Repeated calls on one grid
 * reuse one searcher, which sees edits made through the grid.
 */
export function anyAnglePath(grid: Grid, from: XY | number, to: XY | number, options: AnyAngleOptions = {}): FoundPath {
  if (!(grid instanceof Grid)) throw new InputError(`anyAnglePath: grid must be a Grid, got ${show(grid)}`);
  checkKeys(options, ANY_ANGLE_KEYS, 'anyAnglePath');
  const start = cellOf(grid, from, 'anyAnglePath: start');
  const goal = cellOf(grid, to, 'anyAnglePath: goal');
  grid.checkEndpoint(start, 'anyAnglePath: start');
  grid.checkEndpoint(goal, 'anyAnglePath: goal');
  let s = searchers.get(grid);
  if (s === undefined) { s = new AnyAngleSearcher(grid); searchers.set(grid, s); }
  s.search(start, goal, options);
  return foundPathOf(grid, s);
}
