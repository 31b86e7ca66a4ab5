import { DX, DY, type Grid } from '../grid.js';
import { IMPROVE } from '../../core/improve.js';
import { checkBoolean } from '../../core/input-checks.js';
import { JumpHeap } from '../../queues/jump-heap.js';
import { JumpRaster } from './jump.js';
import { resultOf, type QueryOptions, type SearchResult, type SearchStatus } from '../../core/path-searcher.js';
import { depthOf } from '../../core/path.js';
import { nextGeneration } from '../../core/stamp.js';
import type { Trace } from '../../core/trace.js';
import { JumpSearcherBase } from './jump-searcher-base.js';

/** The options of one jump point search; a bad value is an `InputError`. */
export interface JumpPointSearchOptions extends QueryOptions {
  /** Record every jump point popped and pushed (grid ids). Default false. */
  trace?: boolean;
}

const JPS_KEYS: readonly (keyof JumpPointSearchOptions)[] = ['limits', 'trace'];

// Arrival direction of the start: it has none, so every direction is open.
const START = 8;

/**
 * Jump point search (Harabor & Grastien) on an 8-connected grid of uniform
 * cost: an axial step costs `cellSize`, a diagonal step `cellSize *
 * diagonalCost`. It returns the same optimal cost as A* with the octile
 * heuristic but puts only jump points (where an optimal path may turn) on the
 * heap, and walks the straight stretches between them without the heap.
 *
 * Requirements (its row of `GRID_NEEDS`), checked in the constructor
 * (InputError otherwise):
 * - 8-connected, `diagonalRule` `no-corner-cutting` (the Moving AI rule: a
 *   diagonal step needs both side cells free) or `always` (corner cutting);
 * - blocked cells deleted (`blocked: 'delete'`), no per-cell weights;
 * - 1 <= diagonalCost <= 2: the pruning rules rely on one diagonal step
 *   being no cheaper than an axial one (else a zigzag beats a straight run)
 *   and no dearer than two of them (else a straight step's side neighbour is
 *   not as cheaply reached by the parent's diagonal). At either end a
 *   pruned path only ties with one the rules keep, so the cost stays
 *   optimal; the tests hold JPS to A* at 1 and at 2 as well. 1.4 and
 *   sqrt 2 both qualify.
 *
 * The searcher works on its own padded copy of the raster (a border of
 * blocked cells, so the jumps never bounds-check), stamped with the grid's
 * `version`. Every query first catches up with the grid (`Grid.catchUp`):
 * it copies each cell changed since (through `grid.setBlocked`, a
 * searcher's `setBlocked` or `grid.touch(cells)`; O(1) each, the bit rows
 * are per cell), or reloads all of it (O(cells)) after `grid.touch()` or
 * more changes than the grid's log holds.
 *
 * Like `Searcher`, it is reusable: per-node arrays sized to the padded grid
 * (about 18 bytes a cell), a generation stamp instead of clearing, nothing
 * allocated per query unless a trace or an array-returning method is asked
 * for. The open list is ordered by f, then smaller h (insertion order is not
 * part of its contract, unlike the engine's).
 *
 * The trace speaks of jump points only, in grid ids: each pop is a jump point
 * expanded (`depth` counts jump points back to the start, `frontier` the open
 * jump points), each push a jump point found by a jump, with the jump point
 * it was found from as `parent`. The cells in between are never on the heap.
 *
 * @example
 * ```ts
 * const grid = parseMap(mapText); // a Moving AI map: 8-connected, sqrt 2, no corner cutting
 * const s = new JumpPointSearcher(grid);
 * if (s.search(start, goal) === 'found') console.log(s.cost, s.jumpPoints(), s.path());
 * ```
 */
export class JumpPointSearcher extends JumpSearcherBase<JumpPointSearchOptions> {
  /** The last query's trace with `trace: true` (jump points only, grid ids), else null. */
  trace: Trace | null = null;

  private readonly raster: JumpRaster;
  private readonly heap: JumpHeap;
  private readonly patchFn = (n: number): void => this.patch(n);
  private readonly reloadFn = (): void => this.raster.load(this.grid.cells);
  private open = 0;

  constructor(grid: Grid) {
    // Per padded cell: g 8, parent 4, stamp 4, arrival direction 1, raster byte 1, bit rows and columns 1/4.
    super(grid, 'JumpPointSearcher', 1, 18.25);
    this.raster = this.perCell(() => new JumpRaster(grid.width, grid.height, this.noCut));
    this.heap = new JumpHeap(Math.min(this.g.length, 1 << 12));
    this.refresh();
  }

  /**
   * Copies every cell of the grid into the padded raster (O(cells)). Queries
   * catch up with the grid's changes by themselves; this is for a write to
   * `grid.cells` that was not announced with `grid.touch`.
   */
  refresh(): void {
    this.raster.load(this.grid.cells);
    this.version = this.grid.version;
  }

  /** Copies cell n of the grid: forced neighbours are found at scan time, so one cell is all that changes. */
  private patch(n: number): void {
    const w = this.grid.width, x = n % w;
    this.raster.set(x + 1, (n - x) / w + 1, this.grid.cells[n] === 0);
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`); read `cost`,
   * `expansions`, ... and the path (`pathInto`, `path`, `jumpPoints`) once it
   * ends. Start or goal outside the grid or blocked throw; every other
   * outcome is a status.
   */
  protected prepare(start: number, goal: number, options: JumpPointSearchOptions): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, JPS_KEYS);
    checkBoolean(options.trace, 'trace');
    this.version = grid.catchUp(this.version, this.patchFn, this.reloadFn);
    const trace: Trace | null = options.trace ? { tieBreak: 'h', pops: [], pushes: [] } : null;
    this.trace = trace;
    this.gen = nextGeneration(this.gen, 2, this.stamp);
    const pw = this.stride, ps = this.pad(start), pg = this.pad(goal);
    this.goalP = pg;
    this.goalX = pg % pw;
    this.goalY = (pg - this.goalX) / pw;
    this.raster.goalX = this.goalX;
    this.raster.goalY = this.goalY;
    this.expansions = 0;
    this.cost = Infinity;

    const heap = this.heap, g = this.g, stamp = this.stamp, parent = this.parent, dir = this.dir, gen = this.gen;
    heap.clear();
    g[ps] = 0;
    parent[ps] = -1;
    dir[ps] = START;
    stamp[ps] = gen;
    const h0 = this.h(ps);
    heap.push(ps, h0, h0);
    this.pushes = 1;
    this.open = 1;
    if (trace) trace.pushes.push({ node: start, parent: -1, g: 0, h: h0, f: h0, kind: 'new', during: -1, seq: 0 });
    return null;
  }

  /** The loop, from where the last call left it until the query ends or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const heap = this.heap, g = this.g, stamp = this.stamp, trace = this.trace, pg = this.goalP;
    const gen = this.gen, closedMark = gen + 1;
    let status: 'found' | 'unreachable' | null = 'unreachable';
    while (heap.length > 0) {
      const n = heap.topNode();
      // Lazy deletion: an entry whose node is closed was superseded by a cheaper one (see JumpHeap).
      if (stamp[n] !== gen) { heap.pop(); continue; }
      // A limit or the end of a slice: pause before the pop, and the next call takes n.
      if (this.expansions >= stopAt) return null;
      heap.pop();
      const gn = g[n];
      stamp[n] = closedMark;
      this.open--;
      this.expansions++;
      if (trace) {
        const hn = this.h(n);
        trace.pops.push({ node: this.unpad(n), g: gn, h: hn, f: gn + hn, depth: depthOf(this.parent, n), frontier: 0 });
      }
      if (n === pg) {
        status = 'found';
        this.cost = gn;
      } else {
        this.expand(n, gn);
      }
      if (trace) trace.pops[this.expansions - 1].frontier = this.open;
      if (status === 'found') break;
    }
    return status;
  }

  /** The cost is set when the goal is popped; nothing else to report. */
  protected conclude(): void {}

  /** Pushes the jump points the pruning rules allow from `n`, given the direction it was reached in. */
  private expand(n: number, gn: number): void {
    const k = this.dir[n], free = this.raster.free, off = this.off, pw = this.stride;
    const x = n % pw, y = (n - x) / pw;
    if (k === START) {
      for (let d = 0; d < 4; d++) this.straight(n, gn, d, x, y);
      for (let d = 4; d < 8; d++) this.diagonal(n, gn, d, x, y);
      return;
    }
    if (k < 4) {
      this.straight(n, gn, k, x, y);
      const d = off[k], a = this.sideA[k], b = this.sideB[k], qa = off[a], qb = off[b];
      if (this.noCut) {
        // Forced: the side cell is free but the parent could not reach it diagonally.
        if (free[n + qa] > free[n + qa - d]) { this.straight(n, gn, a, x, y); this.diagonal(n, gn, this.join[k * 4 + a], x, y); }
        if (free[n + qb] > free[n + qb - d]) { this.straight(n, gn, b, x, y); this.diagonal(n, gn, this.join[k * 4 + b], x, y); }
      } else {
        // Forced: the side cell is blocked, so the parent's way round it is gone.
        if (free[n + qa] === 0) this.diagonal(n, gn, this.join[k * 4 + a], x, y);
        if (free[n + qb] === 0) this.diagonal(n, gn, this.join[k * 4 + b], x, y);
      }
      return;
    }
    const h = this.horiz[k], v = this.vert[k];
    this.straight(n, gn, h, x, y);
    this.straight(n, gn, v, x, y);
    this.diagonal(n, gn, k, x, y);
    if (!this.noCut) {
      // Corner cutting: a blocked cell behind the diagonal forces the mirrored diagonal.
      if (free[n - off[h]] === 0) this.diagonal(n, gn, this.join[(h ^ 2) * 4 + v], x, y);
      if (free[n - off[v]] === 0) this.diagonal(n, gn, this.join[h * 4 + (v ^ 2)], x, y);
    }
  }

  private straight(n: number, gn: number, k: number, x: number, y: number): void {
    const s = this.raster.straight(k, x, y);
    if (s !== 0) this.relax(n, n + s * this.off[k], gn + s * this.axial, k);
  }

  private diagonal(n: number, gn: number, k: number, x: number, y: number): void {
    const s = this.raster.diagonal(DX[k], DY[k], this.horiz[k], this.vert[k], x, y);
    if (s !== 0) this.relax(n, n + s * this.off[k], gn + s * this.diag, k);
  }

  private relax(n: number, j: number, gj: number, k: number): void {
    const sj = this.stamp[j];
    let kind: 'new' | 'improve' = 'new';
    if (sj === this.gen) {
      if (!(gj < this.g[j] * IMPROVE)) return;
      kind = 'improve';
    } else if (sj === this.gen + 1) {
      // Closed: octile is consistent along jumps too, so a closed g is final.
      return;
    } else {
      this.open++;
    }
    this.g[j] = gj;
    this.parent[j] = n;
    this.dir[j] = k;
    this.stamp[j] = this.gen;
    const hj = this.h(j);
    this.heap.push(j, gj + hj, hj);
    if (this.trace) {
      this.trace.pushes.push({
        node: this.unpad(j), parent: this.unpad(n), g: gj, h: hj, f: gj + hj, kind, during: this.expansions - 1, seq: this.pushes,
      });
    }
    this.pushes++;
  }

  /** Octile distance to the goal on padded ids, as `heuristics.octile` computes it (no parity term: d >= 1 here). */
  private h(p: number): number {
    const pw = this.stride, x = p % pw, y = (p - x) / pw;
    const dx = x > this.goalX ? x - this.goalX : this.goalX - x;
    const dy = y > this.goalY ? y - this.goalY : this.goalY - y;
    return this.axial * (dx + dy + this.hd * (dx < dy ? dx : dy));
  }

  private pad(id: number): number {
    const w = this.grid.width, x = id % w;
    return ((id - x) / w + 1) * this.stride + x + 1;
  }

  private unpad(p: number): number {
    const pw = this.stride, x = p % pw;
    return ((p - x) / pw - 1) * this.grid.width + x - 1;
  }

  /** The jump points of the last path (the sparse path), start first, or null without one. */
  jumpPoints(): number[] | null {
    if (this.status !== 'found') return null;
    const out: number[] = [];
    for (let n = this.goalP; n !== -1; n = this.parent[n]) out.push(this.unpad(n));
    return out.reverse();
  }

  /** The last query's outcome in the engine's shape; `path` is the full path (allocates). */
  override result(): SearchResult {
    return resultOf(this, this.trace);
  }
}

/**
 * One jump point search, its outcome in the engine's shape (`path` cell by
 * cell; `reopenings` always 0). Allocates a searcher; keep a
 * `JumpPointSearcher` for repeated queries. Throws an `InputError` for the
 * grids, endpoints and options `JumpPointSearcher` refuses.
 */
export function jps(grid: Grid, start: number, goal: number, options: JumpPointSearchOptions = {}): SearchResult {
  const s = new JumpPointSearcher(grid);
  s.search(start, goal, options);
  return s.result();
}
