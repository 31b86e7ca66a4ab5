import { InputError } from '../../core/errors.js';
import { checkKeys } from '../../core/input-checks.js';
import { readSaved, writeSaved } from '../../core/saved-file.js';
import { allocate, DX, DY, type Grid } from '../grid.js';
import { IMPROVE } from '../../core/improve.js';
import { JumpOpenList } from '../../queues/jump-open-list.js';
import { buildJumpTable, FAR, jumpLength, RECORD, WALL_FAR, type JumpTable } from './jps-plus-table.js';
import { buildLandmarks } from './jps-plus-landmarks.js';
import { type QueryOptions, type SearchStatus } from '../../core/path-searcher.js';
import { nextGeneration } from '../../core/stamp.js';
import { JumpSearcherBase } from './jump-searcher-base.js';

/** The options of one JPS+ query; a bad value is an `InputError`. */
export type JpsPlusOptions = QueryOptions;

/** The options of `new JpsPlusSearcher(grid, options)`; a bad value is an `InputError`. */
export interface JpsPlusBuildOptions {
  /**
   * A table of this very grid saved before (`save()`): loaded instead of
   * built. Refused, with the reason, when damaged, of another format
   * version, or saved from another grid or from this one before an edit.
   * The jump entries are checked against the grid's own (a sweep per
   * direction, the cheap part of a build); the landmark distances, the dear
   * part, are taken as saved. On a read-only grid (`Grid.view`) the table
   * is read where it lies in these bytes, not copied, so that every thread
   * searching one shared map shares one table (the bytes in a
   * SharedArrayBuffer): the promise not to write the grid's cells then
   * covers these bytes too.
   */
  saved?: Uint8Array;
}

const BUILD_KEYS: readonly (keyof JpsPlusBuildOptions)[] = ['saved'];
const KIND = 'BFJP';
const VERSION = 1;

const KEYS: readonly (keyof JpsPlusOptions)[] = ['limits'];

// Arrival direction of the start: it has none, so every direction is open.
const START = 8;

/** A table's records read as 2-byte words (the landmark distances), over the same bytes. */
function wordsOf(jp: JumpTable): Uint16Array {
  return new Uint16Array(jp.buffer, jp.byteOffset, jp.byteLength / 2);
}

/** Steps along straight direction k to a goal (ex, ey) away, or 0 or less when it is not on that ray. */
function onRay(k: number, ex: number, ey: number): number {
  return DY[k] === 0 ? (ey === 0 ? ex * DX[k] : 0) : (ex === 0 ? ey * DY[k] : 0);
}

/**
 * JPS+: jump point search with every jump precomputed (Rabin's JPS+,
 * Harabor & Grastien 2014). The constructor stores, for each cell and each
 * of the 8 directions, how far the jump from it goes (see
 * jps-plus-table.ts), so a query never scans: a jump is one table read.
 * Same grids, pruning rules and optimal costs as `JumpPointSearcher` (both
 * `no-corner-cutting` and `always`), with fewer heap operations: a diagonal
 * jump does not stop at the jump points it passes; it hands their straight
 * jumps' results to the heap directly (the jump point it passed stays
 * implicit in the path: a leg is diagonal first, then straight). Without
 * corner cutting, a jump point whose expansion would make one straight jump
 * only (a corridor's turn) is passed through as well: recorded for the
 * path, not queued, and not counted in `expansions`.
 *
 * The heuristic is the larger of the octile distance and a landmark bound
 * (ALT, 4 landmarks: jps-plus-landmarks.ts), both consistent, so a closed
 * jump point is final. On the benchmark's street maps with corner cutting
 * the bound took 40% to 72% of the expansions away, on its random maps 1%
 * to 30%.
 *
 * Preprocessing: one sweep per direction and one Dijkstra per landmark,
 * O(cells) each (no heap: one FIFO queue per step cost); 16 bytes a cell,
 * one record a cell: 8 one-byte jump distances (a longer jump is read in
 * hops of 126 or 127 steps, see jps-plus-table.ts) and the 4 landmark
 * distances, 2 bytes each, which an expansion finds in the cache line of
 * its jumps. The search state is that of `JumpPointSearcher` without its
 * raster and its border: 17 bytes a cell. `buildMs` is the last build's
 * time.
 *
 * Edits: the table is tied to the grid's content. Every query compares the
 * grid's `version` with the one the table was built at, and rebuilds the
 * whole table first when they differ (an O(cells) build: `builds` counts
 * them), so an edit through `grid.setBlocked` or `grid.touch` is never
 * answered from the old map. A direct write to `grid.cells` without `touch`
 * is not seen (call `rebuild()`). Per-cell weights are refused, at
 * construction and at every query.
 *
 * @example
 * ```ts
 * const s = new JpsPlusSearcher(grid); // preprocesses once
 * const out = new Int32Array(grid.size);
 * if (s.search(start, goal) === 'found') console.log(s.cost, s.pathInto(out));
 * ```
 */
export class JpsPlusSearcher extends JumpSearcherBase<JpsPlusOptions> {
  /** Tables built so far: 1 after the constructor (0 when it loaded a saved one), one more per query that found the grid edited. */
  builds = 0;
  /** Milliseconds the last table build took. */
  buildMs = 0;

  private jp: JumpTable;
  // The same records read as 2-byte words: landmark i of cell c at c * 8 + 4 + i.
  private lm: Uint16Array;
  /** Whether `jp` lies in the caller's saved bytes (a read-only grid's): a rebuild then makes a table of its own first. */
  private borrowed = false;
  // Cost of one landmark unit (cellSize / units a step), and the goal's landmark distances.
  private unit = 0;
  /** Landmark units per axial step (`unit` is cellSize / q): what a saved table must say to be read. */
  private q = 1;
  private gl0 = 0;
  private gl1 = 0;
  private gl2 = 0;
  private gl3 = 0;
  private readonly heap: JumpOpenList;

  /** Milliseconds loading the `saved` table took, checks included (0 when it was built). */
  loadMs = 0;

  constructor(grid: Grid, options: JpsPlusBuildOptions = {}) {
    // Grid ids, no border: the table stops every jump at the grid's sides.
    super(grid, 'JpsPlusSearcher', 0, RECORD + 17);
    checkKeys(options, BUILD_KEYS, 'JpsPlusSearcher');
    const size = grid.size;
    this.heap = new JumpOpenList(Math.min(size, 1 << 12));
    this.jp = options.saved === undefined ? this.ownTable() : this.load(options.saved);
    this.lm = wordsOf(this.jp);
    if (options.saved === undefined) this.rebuild();
  }

  /** A table of the searcher's own, 16 bytes a cell (zeros). */
  private ownTable(): JumpTable {
    return this.perCell(() => new Int8Array(this.grid.size * RECORD));
  }

  /**
   * The table as bytes (the one format of saved preprocessing,
   * core/saved-file.ts, kind BFJP), to be loaded later with the `saved`
   * option on the same grid, unedited. Builds the table again first if the
   * grid was edited since.
   */
  save(): Uint8Array {
    if (this.grid.version !== this.version) this.rebuild();
    return writeSaved(KIND, VERSION, this.grid, [this.q], [this.jp]);
  }

  /** The saved table, checked: a copy, or on a read-only grid the bytes themselves (see `saved`). */
  private load(bytes: Uint8Array): JumpTable {
    const t0 = performance.now(), grid = this.grid, who = 'JpsPlusSearcher';
    const { numbers, arrays } = readSaved(bytes, KIND, VERSION, grid, who, 'table', grid.readOnly);
    const [q] = numbers, [jp] = arrays;
    if (numbers.length !== 1 || !(q >= 1 && q <= 64) || arrays.length !== 1 || !(jp instanceof Int8Array) || jp.length !== grid.size * RECORD) {
      throw new InputError(`${who}: the saved table is malformed: not the parts of a table of the ${grid.width} x ${grid.height} grid`);
    }
    // The jumps as the grid has them (sweeps only), against the file's: a jump the file made up would leave the grid.
    // The scratch table goes once checked: the peak of a load, not what the searcher keeps.
    const padded = (grid.width + 2) * (grid.height + 2);
    const free = allocate(() => new Uint8Array(padded), 'JpsPlusSearcher: the load scratch (1 byte a cell)', padded);
    const mine = this.ownTable();
    buildJumpTable(mine, free, grid.cells, grid.width, grid.height, grid.diagonalRule);
    for (let c = 0; c < grid.size; c++) {
      for (let k = 0; k < 8; k++) {
        if (jp[c * RECORD + k] !== mine[c * RECORD + k]) throw new InputError(`${who}: the saved table is malformed: its jumps are not the grid's (cell ${grid.formatXY(c)})`);
      }
    }
    this.borrowed = jp.buffer === bytes.buffer;
    this.q = q;
    this.unit = grid.cellSize / q;
    this.version = grid.version;
    this.loadMs = performance.now() - t0;
    return jp;
  }

  /** Bytes of the precomputed table per grid cell: 16 (one byte a direction, long jumps read in hops; 4 landmark distances of 2 bytes). */
  get tableBytesPerCell(): number {
    return this.jp.byteLength / this.grid.size;
  }

  /**
   * Rebuilds the table from the grid (O(cells)). Queries do it by themselves
   * after an edit the grid announced (`setBlocked`, `touch`); this is for a
   * write to `grid.cells` that was not announced.
   */
  rebuild(): void {
    const grid = this.grid, t0 = performance.now();
    // Never written in place: the bytes are the caller's, read by other threads maybe.
    if (this.borrowed) {
      this.jp = this.ownTable();
      this.lm = wordsOf(this.jp);
      this.borrowed = false;
    }
    const padded = (grid.width + 2) * (grid.height + 2);
    const free = allocate(() => new Uint8Array(padded), 'JpsPlusSearcher: the build scratch (1 byte a cell)', padded);
    buildJumpTable(this.jp, free, grid.cells, grid.width, grid.height, grid.diagonalRule);
    const q = buildLandmarks(this.lm, RECORD / 2, 4, free, grid.width, grid.height, grid.diagonalRule, grid.diagonalCost);
    this.q = q;
    this.unit = grid.cellSize / q;
    this.version = grid.version;
    this.builds++;
    this.buildMs = performance.now() - t0;
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`). Start or goal
   * outside the grid or blocked, a bad option, or a grid that has gained
   * weights throw; every other outcome is a status. Rebuilds the table first
   * if the grid was edited since it was built.
   */
  protected prepare(start: number, goal: number, options: JpsPlusOptions): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, KEYS);
    if (grid.version !== this.version) this.rebuild();
    this.gen = nextGeneration(this.gen, 2, this.stamp);
    const gen = this.gen;
    const w = this.stride, ps = start, pg = goal;
    this.goalP = pg;
    this.goalX = pg % w;
    this.goalY = (pg - this.goalX) / w;
    this.expansions = 0;
    this.cost = Infinity;

    const heap = this.heap, g = this.g, stamp = this.stamp;
    heap.clear();
    g[ps] = 0;
    this.parent[ps] = -1;
    this.dir[ps] = START;
    stamp[ps] = gen;
    const lm = this.lm, at = pg * (RECORD / 2) + 4;
    this.gl0 = lm[at];
    this.gl1 = lm[at + 1];
    this.gl2 = lm[at + 2];
    this.gl3 = lm[at + 3];
    const h0 = this.bound(ps, this.h(ps));
    heap.push(ps, h0, h0);
    this.pushes = 1;
    return null;
  }

  /** The loop, from where the last call left it until the query ends or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const heap = this.heap, g = this.g, stamp = this.stamp, pg = this.goalP;
    const gen = this.gen, closedMark = gen + 1;
    while (heap.length > 0) {
      const n = heap.topNode();
      // Lazy deletion: an entry whose node is closed was superseded by a cheaper one.
      if (stamp[n] !== gen) { heap.pop(); continue; }
      // A limit or the end of a slice: pause before the pop, and the next call takes n.
      if (this.expansions >= stopAt) return null;
      heap.pop();
      stamp[n] = closedMark;
      this.expansions++;
      if (n === pg) {
        this.cost = g[n];
        return 'found';
      }
      this.expand(n, g[n]);
    }
    return 'unreachable';
  }

  /** The cost is set when the goal is popped; nothing else to report. */
  protected conclude(): void {}

  /** Generates the successors the pruning rules allow from `n`, given the direction it was reached in. */
  private expand(n: number, gn: number): void {
    const k = this.dir[n], jp = this.jp, w = this.stride;
    const x = n % w, y = (n - x) / w;
    if (k === START) {
      for (let d = 0; d < 4; d++) this.straight(n, gn, d, x, y, n);
      for (let d = 4; d < 8; d++) this.diagonal(n, gn, d, x, y);
      return;
    }
    if (k < 4) {
      this.straight(n, gn, k, x, y, n);
      const a = this.sideA[k], b = this.sideB[k], at = n * RECORD;
      // A side cell's freedom is whether the straight step into it is legal: jp != 0.
      if (this.noCut) {
        // Forced: the side cell is free, the one beside the cell behind is blocked. With the
        // side cell and the cell behind free, that one is free just when the diagonal step
        // back to it is legal: n's own entry says it, without reading the cell behind's.
        const back = (k ^ 2) * 4;
        if (jp[at + a] !== 0 && jp[at + this.join[back + a]] === 0) { this.straight(n, gn, a, x, y, n); this.diagonal(n, gn, this.join[k * 4 + a], x, y); }
        if (jp[at + b] !== 0 && jp[at + this.join[back + b]] === 0) { this.straight(n, gn, b, x, y, n); this.diagonal(n, gn, this.join[k * 4 + b], x, y); }
      } else {
        // Forced: the side cell is blocked, so the way round it is gone.
        if (jp[at + a] === 0) this.diagonal(n, gn, this.join[k * 4 + a], x, y);
        if (jp[at + b] === 0) this.diagonal(n, gn, this.join[k * 4 + b], x, y);
      }
      return;
    }
    const h = this.horiz[k], v = this.vert[k];
    this.straight(n, gn, h, x, y, n);
    this.straight(n, gn, v, x, y, n);
    this.diagonal(n, gn, k, x, y);
    if (!this.noCut) {
      // Corner cutting: a blocked cell behind the diagonal forces the mirrored diagonal.
      if (jp[n * RECORD + (h ^ 2)] === 0) this.diagonal(n, gn, this.join[(h ^ 2) * 4 + v], x, y);
      if (jp[n * RECORD + (v ^ 2)] === 0) this.diagonal(n, gn, this.join[h * 4 + (v ^ 2)], x, y);
    }
  }

  /**
   * The straight jump from cell c = (x, y) (g = gc) in direction k: the goal
   * if it lies on the way, else the jump point, if any; `from` is the parent
   * recorded (c itself, or the jump point whose diagonal passed c).
   */
  private straight(c: number, gc: number, k: number, x: number, y: number, from: number): void {
    let d = this.jp[c * RECORD + k];
    if (d === FAR || d === WALL_FAR) d = jumpLength(this.jp, c, k, this.off[k], d);
    const ex = this.goalX - x, ey = this.goalY - y;
    const t = onRay(k, ex, ey);
    if (t > 0 && t <= (d > 0 ? d : -d)) this.relax(from, this.goalP, gc + t * this.axial, k, 0, 0);
    else if (d > 0) {
      if (this.noCut) this.follow(from, c + d * this.off[k], gc + d * this.axial, k, ex - d * DX[k], ey - d * DY[k]);
      else this.relax(from, c + d * this.off[k], gc + d * this.axial, k, ex - d * DX[k], ey - d * DY[k]);
    }
  }

  /**
   * No corner cutting: the jump point j that a straight jump (from `from`,
   * in direction k) found, at cost gj, (ex, ey) from the goal. If its
   * expansion would make exactly one jump, a straight one (a corridor's
   * turn: one forced side, nothing ahead, no diagonal step; or a side
   * pocket: nothing beside, straight on), j is recorded (g, parent) but not
   * queued, and that jump is made at once, as long as that holds; with no
   * jump at all, j is dropped; else j is queued as usual. What its expansion would have
   * found is found with the same g, so the costs stay optimal; should j be
   * reached more cheaply later, relax queues it then, and it is expanded
   * before anything found through it.
   */
  private follow(from: number, j: number, gj: number, k: number, ex: number, ey: number): void {
    const jp = this.jp, join = this.join, off = this.off, g = this.g, stamp = this.stamp, gen = this.gen;
    for (;;) {
      const at = j * RECORD, a = this.sideA[k], b = this.sideB[k], back = (k ^ 2) * 4;
      const fa = jp[at + a] !== 0 && jp[at + join[back + a]] === 0;
      const fb = jp[at + b] !== 0 && jp[at + join[back + b]] === 0;
      // The jumps its expansion would make: ahead, and to each forced side and that side's
      // diagonal (counted as two: a diagonal walk may find several). Only one, straight: follow it.
      let ways = 0, only = -1;
      if (this.live(at, k, ex, ey)) { ways++; only = k; }
      if (fa) {
        if (jp[at + join[k * 4 + a]] !== 0) ways += 2;
        else if (this.live(at, a, ex, ey)) { ways++; only = a; }
      }
      if (fb) {
        if (jp[at + join[k * 4 + b]] !== 0) ways += 2;
        else if (this.live(at, b, ex, ey)) { ways++; only = b; }
      }
      // No jump at all: j leads nowhere (and is not the goal, which the jump to it checked).
      if (ways === 0) return;
      if (ways > 1) { this.relax(from, j, gj, k, ex, ey); return; }
      const sj = stamp[j];
      if (sj === gen + 1 || (sj === gen && !(gj < g[j] * IMPROVE))) return;
      g[j] = gj;
      this.parent[j] = from;
      this.dir[j] = k;
      stamp[j] = gen;
      let d = jp[at + only];
      if (d === FAR || d === WALL_FAR) d = jumpLength(jp, j, only, off[only], d);
      const t = onRay(only, ex, ey);
      if (t > 0 && t <= (d > 0 ? d : -d)) { this.relax(j, this.goalP, gj + t * this.axial, only, 0, 0); return; }
      if (d <= 0) return;
      from = j;
      j += d * off[only];
      gj += d * this.axial;
      k = only;
      ex -= d * DX[only];
      ey -= d * DY[only];
    }
  }

  /**
   * The diagonal jump from n = (x, y) in direction k. It walks the table's
   * jump points along the diagonal without putting them on the heap: from
   * each it makes the two straight jumps its expansion would make, recorded
   * with n as parent. It stops at the cell level with the goal's row or
   * column (pushed, so the straight jump from it can reach the goal), at a
   * jump point with a forced diagonal (corner cutting; pushed), or at an
   * obstacle.
   */
  private diagonal(n: number, gn: number, k: number, x: number, y: number): void {
    const jp = this.jp, off = this.off[k], diag = this.diag, sx = DX[k], sy = DY[k];
    const h = this.horiz[k], v = this.vert[k];
    const ex = (this.goalX - x) * sx, ey = (this.goalY - y) * sy;
    const m = ex > 0 && ey > 0 ? (ex < ey ? ex : ey) : 0;
    let c = n, s = 0;
    for (;;) {
      let d = jp[c * RECORD + k];
      if (d === FAR || d === WALL_FAR) d = jumpLength(jp, c, k, off, d);
      if (m > s && m <= s + (d > 0 ? d : -d)) { this.relax(n, n + m * off, gn + m * diag, k, ex - m, ey - m); return; }
      if (d <= 0) return;
      s += d;
      c += d * off;
      const gc = gn + s * diag;
      if (!this.noCut && (jp[c * RECORD + (h ^ 2)] === 0 || jp[c * RECORD + (v ^ 2)] === 0)) { this.relax(n, c, gc, k, ex - s, ey - s); return; }
      const cx = x + s * sx, cy = y + s * sy;
      this.straight(c, gc, h, cx, cy, n);
      this.straight(c, gc, v, cx, cy, n);
    }
  }

  /** Whether the straight jump from the cell with table entry `at` in direction k finds something: a jump point, or the goal (ex, ey) away. */
  private live(at: number, k: number, ex: number, ey: number): boolean {
    let d = this.jp[at + k];
    if (d > 0) return true;
    const t = onRay(k, ex, ey);
    if (t <= 0) return false;
    if (d === WALL_FAR) d = jumpLength(this.jp, at / RECORD, k, this.off[k], d);
    return t <= -d;
  }

  /** Records j (reached from n in direction k at cost gj; |ax|, |ay| its distances to the goal) unless it has a g as good. */
  private relax(n: number, j: number, gj: number, k: number, ax: number, ay: number): void {
    const sj = this.stamp[j];
    if (sj === this.gen) {
      if (!(gj < this.g[j] * IMPROVE)) return;
    } else if (sj === this.gen + 1) {
      // Closed: octile is consistent along every leg, so a closed g is final.
      return;
    }
    this.g[j] = gj;
    this.parent[j] = n;
    this.dir[j] = k;
    this.stamp[j] = this.gen;
    // The octile h of JumpPointSearcher, from the offsets the jump already knows.
    const dx = ax < 0 ? -ax : ax, dy = ay < 0 ? -ay : ay;
    const hj = this.bound(j, this.axial * (dx + dy + this.hd * (dx < dy ? dx : dy)));
    this.heap.push(j, gj + hj, hj);
    this.pushes++;
  }

  /**
   * The heuristic of cell j: the larger of its octile distance `oct` and
   * the landmarks' bound, the largest |D(j) - D(goal)| in units
   * (jps-plus-landmarks.ts: consistent, so the maximum is too). Read from
   * j's record, the cache line j's expansion reads: `altBound`
   * (hierarchy/alt.ts) unrolled for four landmarks, in units.
   */
  private bound(j: number, oct: number): number {
    const lm = this.lm, at = j * (RECORD / 2) + 4;
    let a = lm[at] - this.gl0, m = a < 0 ? -a : a;
    a = lm[at + 1] - this.gl1;
    if (a < 0) a = -a;
    if (a > m) m = a;
    a = lm[at + 2] - this.gl2;
    if (a < 0) a = -a;
    if (a > m) m = a;
    a = lm[at + 3] - this.gl3;
    if (a < 0) a = -a;
    if (a > m) m = a;
    const b = m * this.unit;
    return b > oct ? b : oct;
  }

  /** Octile distance to the goal, as `JumpPointSearcher` computes it. */
  private h(p: number): number {
    const w = this.stride, x = p % w, y = (p - x) / w;
    const dx = x > this.goalX ? x - this.goalX : this.goalX - x;
    const dy = y > this.goalY ? y - this.goalY : this.goalY - y;
    return this.axial * (dx + dy + this.hd * (dx < dy ? dx : dy));
  }
}
