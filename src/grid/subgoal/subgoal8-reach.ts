import { cutsCorners, diagonalBits, DX, DY, type DiagonalRule } from '../grid.js';
import { jumpDirections, type JumpDirections } from '../jps/jump-directions.js';
import { RankedCells } from './ranked-cells.js';
import { blockedBit, rasterBits } from './raster-bits.js';

/** A clearance byte at this value means "this far or more": read on from the cell that far away. */
const SATURATED = 255;
/** A ray limit that cuts nothing (with corner cutting, after a ray stopped at an obstacle: see `scan`). */
const UNLIMITED = 0x7fffffff;

/**
 * Free-space reach on an 8-connected grid with uniform costs, the one
 * primitive of the 8-connected subgoal graph (subgoal8.ts): which cells a
 * cell reaches at its octile distance ("h-reachable"), scanned diagonal
 * first (Uras, Koenig and Hernandez 2013).
 *
 * Subgoals are the cells where shortest paths may have to turn. Without
 * corner cutting: a free cell with a blocked diagonal neighbour whose two
 * side cells are free (a convex corner of the obstacles). With corner
 * cutting (`always`) a diagonal step only needs the cell it enters free, so
 * paths turn beside the end of an obstacle instead: a free cell c with a
 * blocked side neighbour c + x whose own neighbour across, c + x + s (s
 * perpendicular to x), is free (the diagonal step c -> c + x + s cuts the
 * corner of c + x), and where a path may also arrive straight along s, or
 * turn by 90 degrees round c + x: c - s free, or c + x - s free. The
 * argument that these are enough (the "cut-turn rule") is at `isCorner`;
 * it drops the cells beside a cut corner that no path can reach straight
 * (a door's cells in the wall's line, a diagonal run's inner cells):
 * 8room_000 25,298 subgoals against 28,419 for every cut corner's cells.
 *
 * Per cell it keeps 4 clearance bytes (free non-subgoal cells before the
 * next stop, E S W N; 255 means "read on from 255 cells further"), so a
 * scan along a row or column costs one read, and the subgoal bits with
 * their ranks: 4.25 bytes a cell; and one bit a cell, the raster as built
 * (`hPath` walks it, so a path the graph answered is written as answered
 * even after the grid's own cells were edited): 4.375 bytes a cell.
 */
export class HReach8 {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
  /** The grid's diagonal rule cannot pass a blocked corner: the subgoals and the scans' limits of that movement model. */
  readonly noCut: boolean;
  /** The rule's `diagonalBits`: which diagonal steps are legal. */
  private readonly open: number;
  /** The subgoal cells, numbered in id order. */
  readonly sub: RankedCells;
  /** clear[c * 4 + k]: free non-subgoal cells after c in straight direction k before a stop (saturating at 255). */
  readonly clear: Uint8Array;
  readonly dirs: JumpDirections;
  /** Subgoal ranks the last scan found, `found` of them (their distances are octile: the caller computes them from the cells). */
  foundIds: Int32Array;
  found = 0;
  /** Whether the last scan reached its target cell. */
  reachedTarget = false;
  private readonly lim = new Int32Array(4);
  /** Scratch of `hPath`'s general case: one byte per (diagonal, straight) state. */
  private dp = new Uint8Array(256);
  /** The raster as built (raster-bits.ts): `hPath` reads it, not `cells`, so the last answer's path is written as answered after an edit. */
  private readonly built: Uint8Array;

  constructor(width: number, height: number, cells: Uint8Array, rule: DiagonalRule) {
    this.width = width;
    this.height = height;
    this.cells = cells;
    this.noCut = !cutsCorners(rule);
    this.open = diagonalBits(rule);
    this.built = rasterBits(cells);
    this.dirs = jumpDirections(width);
    this.sub = new RankedCells(width * height, (c) => this.isCorner(c));
    this.clear = new Uint8Array(width * height * 4);
    this.fillClearances();
    this.foundIds = new Int32Array(Math.max(16, Math.min(this.sub.count, 1024)));
  }

  /** Whether cell (x, y) is inside and free. */
  private free(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.cells[y * this.width + x] === 0;
  }

  private blocked(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.cells[y * this.width + x] !== 0;
  }

  /**
   * The subgoal rule of the grid's corner rule (see the class comment).
   *
   * Why the cut-turn rule (`always`) is exact. Call a path "octile" when its
   * length is the octile distance of its ends: its steps are then one
   * diagonal q and one straight move x or s of q's two parts (x + s = q),
   * interleaved. The graph must give, for every start and goal, a shortest
   * path cut at subgoals into octile pieces, each found by a scan.
   *
   * 1. Shortest paths turn by 45 or 90 degrees only, and by 90 only at a
   *    subgoal: two straight steps at 90 degrees, or a turn of 135 or 180,
   *    have a shorter replacement that enters only a cell of the path (one
   *    diagonal or one straight step: legal under `always`); two diagonals
   *    q1, q2 at 90 degrees round cell c (arriving from c - q1, leaving to
   *    c + q2) are replaced by two straight steps through b = c + (q2 -
   *    q1) / 2 unless b is blocked, and then c is a subgoal (x = b - c, s =
   *    (q1 + q2) / 2: c + x + s = c + q2 and c + x - s = c - q1 are free).
   * 2. Among the shortest paths from start to goal take one whose diagonal
   *    steps come as early as they can (the least sum of their positions).
   *    A piece of it between two consecutive subgoals has no 90-degree turn
   *    (1); if it is not octile, its turns are 45 degrees and two
   *    consecutive ones bend the same way: straight s1, diagonals q, then
   *    the other straight part of q (or diagonal q1, straights s, then the
   *    other diagonal q2 beside s). Swapping the straight step s1 and the
   *    diagonal after it (or s and q2) keeps the length and moves a
   *    diagonal earlier; the path took the earliest, so the swap is not
   *    legal: the cell it would enter, c + x with x = q - s1 (resp. q2 -
   *    s), is blocked, where c is the cell between the two steps. Then c -
   *    s1 (where the path came from) and c + q (where it goes) are free and
   *    c is a subgoal: a contradiction, so every piece is octile.
   * 3. An octile piece from u to v with no subgoal inside any octile path
   *    between them is reached from u by a scan: among the octile paths,
   *    the one that steps diagonally whenever it can still reach v either
   *    is diagonal first, or it turns from a straight step x into a
   *    diagonal q = x + s at some cell c, and c + s, where it could not go,
   *    is blocked (c + s is reachable from u, and reaches v through c + q),
   *    so c (c - x free, c + q free) is a subgoal inside: excluded. A piece
   *    with a subgoal inside an octile path is cut there into two shorter
   *    octile pieces (induction on the length). The scans are diagonal
   *    first from every subgoal, the start and the goal (the goal's piece
   *    is found from the goal's end: the argument is symmetric), and a ray
   *    is cut short only where the ray from the diagonal cell before it
   *    stopped at a subgoal (`scan`): what lies beyond is then joined
   *    through that subgoal by an octile path, so the pair is case 3's
   *    second kind.
   */
  private isCorner(c: number): boolean {
    const w = this.width, x = c % w, y = (c - x) / w;
    if (this.cells[c] !== 0) return false;
    if (this.noCut) {
      for (let k = 4; k < 8; k++) {
        const sx = DX[k], sy = DY[k];
        if (this.blocked(x + sx, y + sy) && this.free(x + sx, y) && this.free(x, y + sy)) return true;
      }
      return false;
    }
    for (let a = 0; a < 4; a++) {
      const ax = DX[a], ay = DY[a];
      if (!this.blocked(x + ax, y + ay)) continue;
      // The two perpendiculars of a: (ay, ax) and (-ay, -ax). The cut c -> c + a + p, with a path
      // arriving straight along p (c - p free), or a 90-degree turn round c + a (c + a - p free too).
      for (let s = -1; s <= 1; s += 2) {
        const px = s * ay, py = s * ax;
        if (this.free(x + ax + px, y + ay + py) && (this.free(x - px, y - py) || this.free(x + ax - px, y + ay - py))) return true;
      }
    }
    return false;
  }

  /** One sweep per straight direction, from its far end back, with a running count. */
  private fillClearances(): void {
    const w = this.width, h = this.height, cells = this.cells, sub = this.sub, clear = this.clear;
    for (let k = 0; k < 4; k++) {
      const across = DY[k] === 0, back = DX[k] + DY[k] < 0;
      const lines = across ? h : w, len = across ? w : h;
      for (let o = 0; o < lines; o++) {
        let run = 0;
        for (let t = 0; t < len; t++) {
          const i = back ? t : len - 1 - t;
          const c = across ? o * w + i : i * w + o;
          clear[c * 4 + k] = run < SATURATED ? run : SATURATED;
          // What the cell before this one (against k) sees: this cell counts if free and no subgoal.
          run = cells[c] === 0 && !sub.has(c) ? run + 1 : 0;
        }
      }
    }
  }

  /** Free non-subgoal cells after c in straight direction k before a stop (blocked, subgoal or the edge). */
  reach(c: number, k: number): number {
    const clear = this.clear, step = SATURATED * this.dirs.off[k];
    let j = 0;
    for (;;) {
      const v = clear[c * 4 + k];
      j += v;
      if (v < SATURATED) return j;
      c += step;
    }
  }

  /** Whether the diagonal step from (x, y) in direction k (4..7) is legal. */
  diagonalOpen(x: number, y: number, k: number): boolean {
    const sx = DX[k], sy = DY[k];
    if (!this.free(x + sx, y + sy)) return false;
    // 15: every diagonal step open (corner cutting), without reading the side cells.
    const open = this.open;
    return open === 15 || ((open >> ((this.cells[y * this.width + x + sx] !== 0 ? 1 : 0) | (this.cells[(y + sy) * this.width + x] !== 0 ? 2 : 0))) & 1) === 1;
  }

  private record(s: number): void {
    if (this.found === this.foundIds.length) {
      const grown = new Int32Array(this.foundIds.length * 2);
      grown.set(this.foundIds);
      this.foundIds = grown;
    }
    this.foundIds[this.found++] = s;
  }

  /**
   * The subgoals directly h-reachable from cell o (no other subgoal on the
   * way), into `foundIds[0 .. found)` as ranks (o itself not recorded), and
   * whether `target` (a cell id, -1 for none) is reached before any subgoal.
   *
   * Diagonal first: the four straight rays, then for each diagonal its cells
   * one by one and, from each, the rays along its two parts. A ray from the
   * i-th diagonal cell goes no further than the one from the cell before it
   * stopped: what lies beyond is behind that ray's stop (an obstacle or a
   * subgoal), and a shortest path to it passes a subgoal first, or none is
   * free-space short. With corner cutting only a stop at a subgoal cuts
   * the next ray (the cell beyond it on that ray is then joined to o by an
   * octile path through it; see `isCorner`): a stop at an obstacle does
   * not, since the cell before it need not be a subgoal under the cut-turn
   * rule, and the next ray may pass the obstacle's end. A subgoal met ends
   * its ray (and a diagonal).
   */
  scan(o: number, target: number): void {
    const w = this.width, sub = this.sub, bits = sub.bits, off = this.dirs.off, lim = this.lim;
    const ox = o % w, oy = (o - ox) / w;
    const tx = target < 0 ? -1 : target % w, ty = target < 0 ? -1 : (target - tx) / w;
    this.found = 0;
    this.reachedTarget = false;
    for (let k = 0; k < 4; k++) {
      const j = this.reach(o, k);
      if (target >= 0 && onRay(tx - ox, ty - oy, k, j)) this.reachedTarget = true;
      const sx = ox + DX[k] * (j + 1), sy = oy + DY[k] * (j + 1), stop = this.free(sx, sy);
      if (stop) this.record(sub.rank(sy * w + sx));
      lim[k] = stop || this.noCut ? j : UNLIMITED;
    }
    for (let k = 4; k < 8; k++) {
      const a = this.dirs.horiz[k], b = this.dirs.vert[k];
      let la = lim[a], lb = lim[b], c = o, x = ox, y = oy;
      while (this.diagonalOpen(x, y, k)) {
        c += off[k]; x += DX[k]; y += DY[k];
        if (c === target) this.reachedTarget = true;
        if ((bits[c >> 5] >>> (c & 31)) & 1) { this.record(sub.rank(c)); break; }
        la = this.ray(c, x, y, a, la, tx, ty);
        lb = this.ray(c, x, y, b, lb, tx, ty);
      }
    }
  }

  /** One ray of a diagonal scan from diagonal cell c = (x, y) along k, limited to `limit` cells; returns the next ray's limit. */
  private ray(c: number, x: number, y: number, k: number, limit: number, tx: number, ty: number): number {
    const j = this.reach(c, k);
    if (tx >= 0 && onRay(tx - x, ty - y, k, j < limit ? j : limit)) this.reachedTarget = true;
    const sx = x + DX[k] * (j + 1), sy = y + DY[k] * (j + 1);
    // Cut at the limit: it holds on while this ray's cell just past it is free (the octile path
    // through the subgoal that set it runs on diagonally across that cell).
    if (j >= limit) return this.noCut || j > limit || this.free(sx, sy) ? limit : UNLIMITED;
    if (this.free(sx, sy)) { this.record(this.sub.rank(sy * this.width + sx)); return j; }
    return this.noCut ? j : UNLIMITED;
  }

  /** Whether cell (x, y) of a path was free when the graph was built. */
  private ok(x: number, y: number): boolean {
    return !blockedBit(this.built, y * this.width + x);
  }

  /** Whether the step from (x, y) by (sx, sy) is legal (the cell entered inside the box already checked by the caller). */
  private stepOk(x: number, y: number, sx: number, sy: number): boolean {
    if (!this.ok(x + sx, y + sy)) return false;
    const open = this.open;
    if (sx === 0 || sy === 0 || open === 15) return true;
    return ((open >> ((this.ok(x + sx, y) ? 0 : 1) | (this.ok(x, y + sy) ? 0 : 2))) & 1) === 1;
  }

  /**
   * Writes a shortest free-space path from cell a to cell b (b h-reachable
   * from a) into out[at ..], a first, and returns its cell count, or -1 when
   * there is none. Diagonal first, then straight first, else a table over
   * (diagonal steps, straight steps) taken: every octile-length path is an
   * interleaving of the two kinds.
   */
  hPath(a: number, b: number, out: Int32Array, at: number): number {
    const w = this.width, ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    const adx = Math.abs(bx - ax), ady = Math.abs(by - ay);
    const qx = Math.sign(bx - ax), qy = Math.sign(by - ay);
    const D = Math.min(adx, ady), S = Math.max(adx, ady) - D;
    // The straight step: along the longer axis.
    const tx = adx >= ady ? qx : 0, ty = adx >= ady ? 0 : qy;
    const n = D + S + 1;
    if (this.walk(ax, ay, qx, qy, D, tx, ty, S, out, at) || this.walk(ax, ay, tx, ty, S, qx, qy, D, out, at)) return n;
    // The table: reach[i * (S + 1) + j], i diagonal and j straight steps taken.
    const cols = S + 1, size = (D + 1) * cols;
    if (this.dp.length < size) this.dp = new Uint8Array(Math.max(size, this.dp.length * 2));
    const r = this.dp;
    for (let i = 0; i <= D; i++) {
      for (let j = 0; j <= S; j++) {
        const x = ax + i * qx + j * tx, y = ay + i * qy + j * ty;
        let v = i === 0 && j === 0 ? 1 : 0;
        if (!v && i > 0 && r[(i - 1) * cols + j] && this.stepOk(x - qx, y - qy, qx, qy)) v = 1;
        if (!v && j > 0 && r[i * cols + j - 1] && this.stepOk(x - tx, y - ty, tx, ty)) v = 1;
        r[i * cols + j] = v;
      }
    }
    if (!r[D * cols + S]) return -1;
    // Back from b: a diagonal step where the state before it was reached, else a straight one.
    let i = D, j = S;
    for (let p = at + n - 1; p >= at; p--) {
      const x = ax + i * qx + j * tx, y = ay + i * qy + j * ty;
      out[p] = y * w + x;
      if (i > 0 && r[(i - 1) * cols + j] && this.stepOk(x - qx, y - qy, qx, qy)) i--;
      else j--;
    }
    return n;
  }

  /** Writes m1 steps of (s1x, s1y) then m2 of (s2x, s2y) from (x, y) if each is legal; returns whether it did. */
  private walk(x: number, y: number, s1x: number, s1y: number, m1: number, s2x: number, s2y: number, m2: number, out: Int32Array, at: number): boolean {
    const w = this.width;
    out[at] = y * w + x;
    for (let i = 0; i < m1; i++) {
      if (!this.stepOk(x, y, s1x, s1y)) return false;
      x += s1x; y += s1y;
      out[++at] = y * w + x;
    }
    for (let i = 0; i < m2; i++) {
      if (!this.stepOk(x, y, s2x, s2y)) return false;
      x += s2x; y += s2y;
      out[++at] = y * w + x;
    }
    return true;
  }

  /** Bytes held per grid: clearances, subgoal bits with ranks, and the raster's bits as built. */
  get bytes(): number {
    return this.clear.byteLength + this.sub.bytes + this.built.byteLength;
  }
}

/** Whether offset (ex, ey) lies on straight ray k within 1..j steps. */
function onRay(ex: number, ey: number, k: number, j: number): boolean {
  const t = DY[k] === 0 ? (ey === 0 ? ex * DX[k] : 0) : (ex === 0 ? ey * DY[k] : 0);
  return t > 0 && t <= j;
}
