import { nextGeneration } from '../../core/stamp.js';
import type { RankedCells } from './ranked-cells.js';
import { blockedBit, rasterBits } from './raster-bits.js';
import { SameRows } from './same-rows.js';

/** Run lengths per cell: two bytes when the grid is at most 65535 wide, else four. */
export type Runs = Uint16Array | Int32Array;

/** An L-shaped hop (`MonotoneSweep.lShape`): along the first cell's row first, or along its column first; 0: neither is free. */
export type LShape = 0 | 1 | 2;
export const ROW_FIRST = 1;
export const COLUMN_FIRST = 2;

/**
 * Monotone reach on a 4-connected grid, row by row in runs of cells: the one
 * primitive of the 4-connected subgoal graph (subgoal4.ts). A path that only
 * ever steps toward one quadrant (x by qx, y by qy) costs exactly the
 * Manhattan distance, so the cells such a path reaches from an origin are
 * the cells the origin reaches at free-space cost ("h-reachable"). Row y+qy
 * of that set is found from row y's runs: every free cell below a reached
 * one is reached, and so is every free cell after it in direction qx. With
 * run lengths precomputed per cell, one row costs a step per run, not per
 * cell, which is what makes connecting a query's start and goal fast.
 *
 * Subgoals (free cells at a convex corner of the obstacles) stop a
 * "direct" sweep: the sweep records them and does not reach past them, so
 * it yields the subgoals reachable with no other subgoal in between (the
 * graph's edges, and a query's first and last hops). A bounded sweep to one
 * target goes through them and keeps every row, to walk a monotone path
 * back from the target (`monotonePath`).
 */
export class MonotoneSweep {
  /** Scratch runs of the current and next row: pairs (first, last) in sweep order. */
  private cur: Int32Array;
  private next: Int32Array;
  /** Scratch covered spans of the current and next row: pairs (first, last) in sweep order. */
  private cov: Int32Array;
  private ncov: Int32Array;
  /** Every row of a bounded sweep: runs in `rows`, row r's from rowAt[r] to rowAt[r + 1]. */
  private rows: Int32Array;
  private rowAt: Int32Array;
  /** Subgoals a direct sweep recorded (ids and Manhattan distances), `found` of them; grown as needed (at most one entry per subgoal). */
  foundIds: Int32Array;
  foundDist: Int32Array;
  found = 0;
  /** Per subgoal: the query that recorded it last (dedup within one set of sweeps). */
  private readonly seen: Uint32Array;
  private seenGen = 0;
  /** Whether `direct` prunes covered subgoals (see there). */
  prune = true;
  /** Whether the last direct sweeps reached the target cell. */
  reachedTarget = false;
  /** Where rows repeat the row above (same-rows.ts): what lets a sweep cross a room in a few steps. */
  readonly same: SameRows;
  /** The raster as built (raster-bits.ts): `monotonePath` reads it, not `cells`, so the last answer's path is written as answered after an edit. */
  readonly built: Uint8Array;

  /**
   * @param width grid width; `height` rows
   * @param cells 0 free, else blocked (the grid's own raster)
   * @param sub the subgoal cells, numbered by rank
   * @param runE free cell: how many free non-subgoal cells follow it eastward before a stop (blocked, subgoal or edge); blocked cell: steps to the next free cell eastward (past the edge when none)
   * @param runW the same westward
   * @param subgoals number of subgoals
   */
  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly cells: Uint8Array,
    private readonly sub: RankedCells,
    private readonly runE: Runs,
    private readonly runW: Runs,
    subgoals: number,
  ) {
    this.built = rasterBits(cells);
    this.same = new SameRows(width, height, cells, sub, runE, runW);
    // A row holds at most (width + 1) / 2 runs: runs are separated by stops.
    const pairs = 2 * (((width + 1) >> 1) + 1);
    this.cur = new Int32Array(pairs);
    this.next = new Int32Array(pairs);
    this.cov = new Int32Array(2 * width + 2);
    this.ncov = new Int32Array(2 * width + 2);
    this.rows = new Int32Array(Math.max(64, 4 * width));
    this.rowAt = new Int32Array(height + 2);
    // Sized for a query's sweeps, which record a few dozen subgoals, not for every subgoal of the map.
    this.foundIds = new Int32Array(Math.max(16, Math.min(subgoals, 1024)));
    this.foundDist = new Int32Array(this.foundIds.length);
    this.seen = new Uint32Array(Math.max(1, subgoals));
  }

  /** Starts a new set of direct sweeps: `found` empties, the dedup forgets. */
  begin(): void {
    this.found = 0;
    this.reachedTarget = false;
    this.seenGen = nextGeneration(this.seenGen, 1, this.seen);
  }

  /**
   * The subgoals directly h-reachable from (ox, oy) in quadrant (qx, qy)
   * that no other such subgoal covers, appended to `foundIds`/`foundDist`
   * (the origin itself is not recorded); sets `reachedTarget` when cell
   * (tx, ty) is reached with no subgoal before it (pass -1, -1 for no
   * target), unless it lies where a subgoal covers.
   *
   * Covered: a cell a monotone path reaches from a subgoal w the sweep
   * recorded (w then lies on a shortest path from the origin to it). A
   * subgoal v so covered needs no edge from the origin: origin, w, v is as
   * short, and by induction on the distance the graph holds it. Covered
   * cells are kept per row as spans (`cov`) and not swept further, as all
   * they reach is covered too; a cell is marked covered only with such a w
   * (the cell above or to its left covered, or a recorded subgoal), never by
   * guess, so leaving one unmarked only keeps an edge the graph could do
   * without. In open country this keeps the nearest subgoals of each
   * quadrant instead of every one in view.
   */
  direct(ox: number, oy: number, qx: number, qy: number, tx: number, ty: number): void {
    const w = this.width, h = this.height, cells = this.cells, sub = this.sub, bits = sub.bits, run = qx > 0 ? this.runE : this.runW;
    const seen = this.seen, gen = this.seenGen, prune = this.prune, same = this.same;
    let cur = this.cur, next = this.next, cov = this.cov, ncov = this.ncov;
    // Row oy: the origin goes on even if it is a subgoal itself; the subgoal that stops it is the first one.
    let e = ox + qx * run[oy * w + ox];
    if (ty === oy && qx * (tx - ox) >= 0 && qx * (e - tx) >= 0) this.reachedTarget = true;
    cur[0] = ox; cur[1] = e;
    let n = 2, k = 0;
    let xs = e + qx;
    if (xs >= 0 && xs < w && cells[oy * w + xs] === 0) {
      const s = sub.rank(oy * w + xs);
      if (seen[s] !== gen) { seen[s] = gen; this.emit(s, qx * (xs - ox)); }
      cov[k++] = xs; cov[k++] = xs;
    }
    for (let y = oy + qy; y >= 0 && y < h && n > 0; y += qy) {
      const row = y * w, dy = qy * (y - oy);
      // Most rows (a room's, a corridor's, a street's) are one run below one run, with at most one covered
      // span above: the general loop below in a few steps, the same runs, spans and subgoals out.
      if (n === 2 && k <= 2) {
        const x = cur[0], c = row + x;
        if (cells[c] === 0 && ((bits[c >> 5] >>> (c & 31)) & 1) === 0 && qx * (x + qx * run[c] - cur[1]) >= 0) {
          e = x + qx * run[c];
          xs = e + qx;
          // Whether a subgoal ends the run (else a wall or the edge).
          const atSub = xs >= 0 && xs < w && cells[row + xs] === 0;
          // p: the first covered cell of the run, as below.
          let p = xs;
          if (k === 2 && prune && qx * (cov[1] - x) >= 0 && qx * (cov[0] - e) <= 0) p = qx * (cov[0] - x) > 0 ? cov[0] : x;
          const covered = qx * (e - p) >= 0;
          if (atSub) {
            const s2 = sub.rank(row + xs);
            if (seen[s2] !== gen) {
              seen[s2] = gen;
              // Under the row above's covered span (cov is still that row's): covered.
              if (!covered && !(prune && k === 2 && qx * (cov[1] - xs) >= 0 && qx * (cov[0] - xs) <= 0)) this.emit(s2, qx * (xs - ox) + dy);
            }
          }
          n = 0;
          if (p !== x) {
            next[0] = x; next[1] = p - qx; n = 2;
            if (y === ty && qx * (tx - x) >= 0 && qx * (p - qx - tx) >= 0) this.reachedTarget = true;
          }
          k = 0;
          if (covered || atSub) { ncov[0] = covered ? p : xs; ncov[1] = atSub ? xs : e; k = 2; }
          let t = cur; cur = next; next = t;
          t = cov; cov = ncov; ncov = t;
          // The rows after it that repeat it (same-rows.ts) would each leave these runs and spans again: skip them.
          if (n === 2 && !atSub && same.repeatsNext(x, y, qx, qy)) {
            const r = same.repeats(x, y, qx, qy), dt = qy * (ty - y);
            if (dt > 0 && dt <= r && qx * (tx - x) >= 0 && qx * (p - qx - tx) >= 0) this.reachedTarget = true;
            y += qy * r;
          }
          continue;
        }
      }
      let m = 0, kk = 0, done = ox - qx, j = 0;
      for (let i = 0; i < n; i += 2) {
        let x = cur[i];
        const b = cur[i + 1];
        if (qx * (x - done) <= 0) x = done + qx;
        while (qx * (b - x) >= 0) {
          const c = row + x;
          if (cells[c] !== 0) { x += qx * run[c]; continue; }
          if ((bits[c >> 5] >>> (c & 31)) & 1) {
            const s = sub.rank(c);
            // Below an uncovered cell: covered only if the cell to its left is.
            if (seen[s] !== gen) { seen[s] = gen; if (!prune || !(kk > 0 && ncov[kk - 1] === x - qx)) this.emit(s, qx * (x - ox) + dy); }
            kk = append(ncov, kk, x, x, qx);
            x += qx;
            continue;
          }
          e = x + qx * run[c];
          // p: the first covered cell of the run x..e (e + qx for none).
          let p: number;
          if (!prune) p = e + qx;
          else if (kk > 0 && ncov[kk - 1] === x - qx) p = x;
          else {
            while (j < k && qx * (cov[j + 1] - x) < 0) j += 2;
            p = j < k && qx * (cov[j] - e) <= 0 ? (qx * (cov[j] - x) > 0 ? cov[j] : x) : e + qx;
          }
          if (p !== x) {
            next[m++] = x; next[m++] = p - qx;
            if (y === ty && qx * (tx - x) >= 0 && qx * (p - qx - tx) >= 0) this.reachedTarget = true;
          }
          const covered = qx * (e - p) >= 0;
          if (covered) kk = append(ncov, kk, p, e, qx);
          xs = e + qx;
          if (xs >= 0 && xs < w && cells[row + xs] === 0) {
            const s2 = sub.rank(row + xs);
            if (seen[s2] !== gen) {
              seen[s2] = gen;
              let above = false;
              if (!covered && prune) {
                while (j < k && qx * (cov[j + 1] - xs) < 0) j += 2;
                above = j < k && qx * (cov[j] - xs) <= 0;
              }
              if (!covered && !above) this.emit(s2, qx * (xs - ox) + dy);
            }
            kk = append(ncov, kk, xs, xs, qx);
          }
          done = e;
          x = e + qx;
        }
      }
      let t = cur; cur = next; next = t;
      t = cov; cov = ncov; ncov = t;
      n = m;
      k = kk;
    }
    this.cur = cur; this.next = next; this.cov = cov; this.ncov = ncov;
  }

  private emit(s: number, d: number): void {
    if (this.found === this.foundIds.length) {
      const ids = new Int32Array(2 * this.found), dist = new Int32Array(2 * this.found);
      ids.set(this.foundIds);
      dist.set(this.foundDist);
      this.foundIds = ids;
      this.foundDist = dist;
    }
    this.foundIds[this.found] = s;
    this.foundDist[this.found++] = d;
  }

  /** The last free cell from free cell x of row y going qx, through subgoals, not past `limit`. */
  private extend(y: number, x: number, qx: number, limit: number): number {
    const w = this.width, row = y * w, run = qx > 0 ? this.runE : this.runW, built = this.built;
    let e = x;
    for (;;) {
      e += qx * run[row + e];
      if (qx * (e - limit) >= 0) return limit;
      const n = e + qx;
      if (n < 0 || n >= w || blockedBit(built, row + n)) return e;
      e = n;
    }
  }

  /** Whether column x is free from row y0 to row y1 (both included; y1 - y0 has the sign of qy). */
  private columnFree(x: number, y0: number, y1: number, qy: number): boolean {
    const w = this.width, built = this.built;
    for (let y = y0; ; y += qy) {
      if (blockedBit(built, y * w + x)) return false;
      if (y === y1) return true;
    }
  }

  /**
   * Which L-shaped path from cell a to cell b is free in the raster as
   * built: `ROW_FIRST` (along a's row to b's column, then along that column),
   * `COLUMN_FIRST` (along a's column to b's row, then along that row), or 0
   * when neither is (a monotone path may still exist: `monotonePath`).
   */
  lShape(a: number, b: number): LShape {
    const w = this.width;
    const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    const qx = bx >= ax ? 1 : -1, qy = by >= ay ? 1 : -1;
    if (this.extend(ay, ax, qx, bx) === bx && this.columnFree(bx, ay, by, qy)) return ROW_FIRST;
    if (this.columnFree(ax, ay, by, qy) && this.extend(by, ax, qx, bx) === bx) return COLUMN_FIRST;
    return 0;
  }

  /**
   * Writes the L-shaped path of `shape` (`lShape`'s answer, not 0) from cell
   * a to cell b into out[at .. at + d], a first, d their Manhattan distance.
   * Nothing is checked: the shape was found free on this raster.
   */
  writeL(a: number, b: number, shape: LShape, out: Int32Array, at: number): void {
    const w = this.width;
    const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    // Two straight legs, each a cell id stepping by a constant stride.
    const sx = bx >= ax ? 1 : -1, sy = by >= ay ? w : -w, dx = sx * (bx - ax), dy = by >= ay ? by - ay : ay - by;
    let c = a, i = at;
    const first = shape === ROW_FIRST ? sx : sy, second = shape === ROW_FIRST ? sy : sx;
    for (const end = i + (shape === ROW_FIRST ? dx : dy); i < end; i++) { out[i] = c; c += first; }
    for (const end = i + (shape === ROW_FIRST ? dy : dx); i < end; i++) { out[i] = c; c += second; }
    out[i] = c;
  }

  /**
   * Writes a monotone path from cell a to cell b into out[at .. at + d]
   * (a first, d their Manhattan distance) and returns true, or returns
   * false when none exists (b is not h-reachable from a). Most hops are an
   * L (`lShape`); for the others the sweep keeps every row's runs inside
   * the box between them, then walks back from b: along its run to where
   * the run began, which lies below a reached cell of the row before, and up.
   */
  monotonePath(a: number, b: number, out: Int32Array, at: number): boolean {
    const shape = this.lShape(a, b);
    if (shape !== 0) { this.writeL(a, b, shape, out, at); return true; }
    return this.staircase(a, b, out, at);
  }

  /** `monotonePath` for a hop that is not an L: the sweep and the walk back. */
  staircase(a: number, b: number, out: Int32Array, at: number): boolean {
    const w = this.width, built = this.built;
    const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    const qx = bx >= ax ? 1 : -1, qy = by >= ay ? 1 : -1, run = qx > 0 ? this.runE : this.runW;
    const rowsN = qy * (by - ay) + 1;
    if (this.rowAt.length < rowsN + 1) this.rowAt = new Int32Array(rowsN + 1);
    const rowAt = this.rowAt;
    let rows = this.rows, k = 0;
    rows[k++] = ax; rows[k++] = this.extend(ay, ax, qx, bx);
    rowAt[0] = 0; rowAt[1] = k;
    for (let r = 1; r < rowsN; r++) {
      const y = ay + qy * r, row = y * w;
      let done = ax - qx;
      for (let i = rowAt[r - 1]; i < rowAt[r]; i += 2) {
        let x = rows[i];
        const last = rows[i + 1];
        if (qx * (x - done) <= 0) x = done + qx;
        while (qx * (last - x) >= 0) {
          const c = row + x;
          if (blockedBit(built, c)) { x += qx * run[c]; continue; }
          const e = this.extend(y, x, qx, bx);
          if (k + 2 > rows.length) { const grown = new Int32Array(rows.length * 2); grown.set(rows); this.rows = rows = grown; }
          rows[k++] = x; rows[k++] = e;
          done = e;
          x = e + qx;
        }
      }
      rowAt[r + 1] = k;
      if (k === rowAt[r]) return false;
    }
    // Walk back from b: find its run in the last row, go to the run's first cell, step up a row.
    let x = bx, i = at + qx * (bx - ax) + qy * (by - ay);
    for (let r = rowsN - 1; r >= 0; r--) {
      const y = ay + qy * r;
      let first = -1;
      for (let j = rowAt[r]; j < rowAt[r + 1]; j += 2) {
        if (qx * (x - rows[j]) >= 0 && qx * (rows[j + 1] - x) >= 0) { first = rows[j]; break; }
      }
      if (first < 0) return false;
      const row = y * w;
      for (; x !== first; x -= qx) out[i--] = row + x;
      out[i--] = row + x;
    }
    return true;
  }
}

/** Appends span x0..x1 (sweep order qx) to a row's covered spans of length k, merging with the last when they touch; returns the new length. */
function append(spans: Int32Array, k: number, x0: number, x1: number, qx: number): number {
  if (k > 0 && qx * (spans[k - 1] - (x0 - qx)) >= 0) {
    if (qx * (x1 - spans[k - 1]) > 0) spans[k - 1] = x1;
    return k;
  }
  spans[k] = x0;
  spans[k + 1] = x1;
  return k + 2;
}
