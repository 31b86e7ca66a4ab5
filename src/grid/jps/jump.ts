/**
 * The jumps of jump point search, on a padded raster: a border of blocked
 * cells all round, so no scan ever bounds-checks. Cells are padded (x, y),
 * x in 0..pw-1 and y in 0..ph-1, with the grid's cell (x, y) at (x+1, y+1).
 *
 * A straight scan reads 31 cells at a time from bit rows (and, for vertical
 * scans, from bit columns of a transposed copy): the stopping cells of a
 * block (blocked cells, forced neighbours, the goal) are one bit expression
 * and the first of them is a count of zeros (Harabor & Grastien 2014, block-
 * based jumps). A diagonal walk steps cell by cell on the byte raster and
 * scans straight from each cell.
 *
 * Each jump returns the number of steps to the next jump point, or 0 when it
 * dies against an obstacle (a dead end: nothing there needs expanding).
 *
 * Two movement rules, two sets of pruning rules (Harabor & Grastien 2011 for
 * corner cutting; for no corner cutting, the Moving AI rule, their 2014
 * variant). Both assume axial <= diagonal <= 2 * axial: one diagonal step is
 * no dearer than two axial steps, and a zigzag never beats the straight line
 * it replaces.
 */

// Bit i of a line word stands for cell i - OFF, so that windows reaching up
// to 32 cells left of column 0 still read inside the line (as blocked).
const OFF = 64;
// A sentinel goal position no window ever contains.
const NO_GOAL = -1000;

export class JumpRaster {
  readonly pw: number;
  readonly ph: number;
  /** 1 free, 0 blocked, by padded id y * pw + x. */
  readonly free: Uint8Array;
  private readonly rows: Int32Array; // bit rows, `rw` words per row
  private readonly cols: Int32Array; // bit columns, `cw` words per column
  private readonly rw: number;
  private readonly cw: number;
  // Which side cells make a forced neighbour, as bit offsets inside a window
  // (see `scanForward`): no corner cutting compares a side cell with the one
  // behind it, corner cutting compares a side cell with the one ahead of it.
  private readonly fa: number;
  private readonly fb: number;
  private readonly ba: number;
  private readonly bb: number;
  readonly noCut: boolean;
  goalX = NO_GOAL;
  goalY = NO_GOAL;

  constructor(width: number, height: number, noCut: boolean) {
    this.pw = width + 2;
    this.ph = height + 2;
    this.noCut = noCut;
    this.free = new Uint8Array(this.pw * this.ph);
    this.rw = ((this.pw + OFF) >> 5) + 3;
    this.cw = ((this.ph + OFF) >> 5) + 3;
    this.rows = new Int32Array(this.ph * this.rw);
    this.cols = new Int32Array(this.pw * this.cw);
    // Forward (increasing) scan, cell c: no cut -> side(c) free, side(c-1) blocked; cut -> side(c+1) free, side(c) blocked.
    this.fa = noCut ? 0 : 1;
    this.fb = noCut ? -1 : 0;
    // Backward scan, cell c: no cut -> side(c) free, side(c+1) blocked; cut -> side(c-1) free, side(c) blocked.
    this.ba = noCut ? 0 : -1;
    this.bb = noCut ? 1 : 0;
  }

  /** Sets padded cell (x, y) free or blocked in all three copies. */
  set(x: number, y: number, isFree: boolean): void {
    this.free[y * this.pw + x] = isFree ? 1 : 0;
    const rb = x + OFF, cb = y + OFF;
    const ri = y * this.rw + (rb >> 5), ci = x * this.cw + (cb >> 5);
    if (isFree) {
      this.rows[ri] |= 1 << (rb & 31);
      this.cols[ci] |= 1 << (cb & 31);
    } else {
      this.rows[ri] &= ~(1 << (rb & 31));
      this.cols[ci] &= ~(1 << (cb & 31));
    }
  }

  /** Copies a grid's cells (1 = blocked, row-major, unpadded). */
  load(cells: Uint8Array): void {
    this.free.fill(0);
    this.rows.fill(0);
    this.cols.fill(0);
    const w = this.pw - 2, h = this.ph - 2;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) if (cells[y * w + x] === 0) this.set(x + 1, y + 1, true);
    }
  }

  /**
   * Steps from (x, y) along straight direction k of grid.ts (0 E, 1 S, 2 W,
   * 3 N) to the next jump point, or 0 for a dead end.
   */
  straight(k: number, x: number, y: number): number {
    switch (k) {
      case 0: return scanForward(this.rows, y * this.rw, this.rw, x, y === this.goalY ? this.goalX : NO_GOAL, this.fa, this.fb);
      case 1: return scanForward(this.cols, x * this.cw, this.cw, y, x === this.goalX ? this.goalY : NO_GOAL, this.fa, this.fb);
      case 2: return scanBackward(this.rows, y * this.rw, this.rw, x, y === this.goalY ? this.goalX : NO_GOAL, this.ba, this.bb);
      default: return scanBackward(this.cols, x * this.cw, this.cw, y, x === this.goalX ? this.goalY : NO_GOAL, this.ba, this.bb);
    }
  }

  /**
   * Steps from (x, y) diagonally by (sx, sy), each ±1, to the next jump
   * point, or 0 for a dead end. `h` and `v` are the straight directions
   * (grid.ts numbering) of sx and sy.
   *
   * No corner cutting: a diagonal step needs both side cells free, so a
   * diagonal cell has no forced neighbours of its own; it is a jump point
   * when a straight scan from it finds one. Corner cutting: it is also one
   * when a cell behind it across (or up) is blocked and the cell beyond is free.
   */
  diagonal(sx: number, sy: number, h: number, v: number, x: number, y: number): number {
    const free = this.free, pw = this.pw, dy = sy * pw, gx = this.goalX, gy = this.goalY;
    let c = y * pw + x, s = 0;
    for (;;) {
      if (this.noCut) {
        if (free[c + sx] === 0 || free[c + dy] === 0 || free[c + sx + dy] === 0) return 0;
        c += sx + dy;
      } else {
        c += sx + dy;
        if (free[c] === 0) return 0;
      }
      x += sx;
      y += sy;
      s++;
      if (x === gx && y === gy) return s;
      if (!this.noCut && (free[c - sx + dy] > free[c - sx] || free[c + sx - dy] > free[c - dy])) return s;
      if (this.straight(h, x, y) !== 0 || this.straight(v, x, y) !== 0) return s;
    }
  }
}

/** 32 cells of a line from cell `p` on: bit i is cell p + i (1 = free). */
function read(bits: Int32Array, line: number, p: number): number {
  const q = p + OFF, k = line + (q >> 5), s = q & 31;
  // JavaScript shifts count mod 32, so an aligned read must not shift by 32.
  return s === 0 ? bits[k] : (bits[k] >>> s) | (bits[k + 1] << (32 - s));
}

/**
 * Forced-neighbour bits of a window from one side line: bit i is cell lo + i,
 * forced when side(c + a) is free and side(c + b) is blocked (|a - b| = 1).
 * One read of the side line serves both terms: the window is 31 cells, so
 * the shifted copy stays inside the 32 bits read.
 */
function forced(bits: Int32Array, side: number, lo: number, a: number, b: number): number {
  const r = read(bits, side, lo + (a < b ? a : b));
  return a > b ? (r >>> 1) & ~r : r & ~(r >>> 1);
}

// Windows are 31 cells (bit 31 is masked off; see `forced`).
const WINDOW = 0x7fffffff;

/**
 * Scans a line (row or column) from position `x` towards larger positions.
 * The neighbouring lines hold the side cells. A cell stops the scan if it is
 * blocked (dead end), the goal, or has a forced neighbour on either side.
 */
function scanForward(bits: Int32Array, line: number, stride: number, x: number, goal: number, a: number, b: number): number {
  for (let lo = x + 1; ; lo += 31) {
    const blocked = ~read(bits, line, lo);
    let stop = (blocked | forced(bits, line - stride, lo, a, b) | forced(bits, line + stride, lo, a, b)) & WINDOW;
    if (goal >= lo && goal < lo + 31) stop |= 1 << (goal - lo);
    if (stop !== 0) {
      const i = 31 - Math.clz32(stop & -stop); // lowest set bit: the first stopping cell
      return (blocked >>> i) & 1 ? 0 : lo + i - x;
    }
  }
}

/** The mirror of `scanForward`, towards smaller positions. */
function scanBackward(bits: Int32Array, line: number, stride: number, x: number, goal: number, a: number, b: number): number {
  for (let lo = x - 31; ; lo -= 31) {
    const blocked = ~read(bits, line, lo);
    let stop = (blocked | forced(bits, line - stride, lo, a, b) | forced(bits, line + stride, lo, a, b)) & WINDOW;
    if (goal >= lo && goal < lo + 31) stop |= 1 << (goal - lo);
    if (stop !== 0) {
      const i = 31 - Math.clz32(stop); // highest set bit: the first stopping cell going down
      return (blocked >>> i) & 1 ? 0 : x - (lo + i);
    }
  }
}
