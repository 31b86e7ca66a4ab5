import { cutsCorners, diagonalBits, DX, DY, type DiagonalRule } from '../grid.js';

/**
 * The precomputed jumps of JPS+ (Rabin's "JPS+"; Harabor & Grastien 2014):
 * for every cell and each of the 8 directions of grid.ts (E, S, W, N, SE,
 * SW, NW, NE), one signed distance in one byte, stored interleaved in the
 * cell's record (`jp[p * RECORD + k]`) so that an expansion reads one
 * cache line; one byte, not two, leaves room in a 16-byte record for the
 * searcher's landmark distances (read in the same line).
 *
 * - d > 0: the jump from the cell in that direction stops at a jump point d
 *   steps away (the cell the online jump would return, goal aside);
 * - d <= 0: the jump dies against an obstacle after -d legal steps (0: the
 *   first step is illegal). The query needs that reach to see whether the
 *   goal lies on the way.
 *
 * A distance that does not fit is saturated, and read as a hop: `FAR`
 * (127) says the jump point is 127 steps away or more, so the first 126
 * steps are legal and pass no jump point, and the entry of the cell 126
 * steps on (same direction) says the rest; `WALL_FAR` (-128) says the
 * reach is 128 or more, and the cell 127 steps on says the rest. Along a
 * run with no jump point the entries count up (down) by one a step, so the
 * cell a hop lands on holds the remainder: `jumpLength` adds the hops up.
 * Open areas (street maps) have such runs; random maps hardly any.
 *
 * A jump point is what `JumpRaster` (the online jumps) stops at: for a
 * straight direction, a cell with a forced neighbour; for a diagonal one, a
 * cell from which a straight jump along either of its parts finds a jump
 * point (and, with corner cutting, a cell with a forced diagonal). Each
 * direction is one sweep that reads the cell one step ahead, already done:
 * O(cells) in all, no scan.
 *
 * The table is indexed by grid id, with no border: a jump never leaves the
 * grid (a side of the grid is a wall to it), and a query reads the table
 * only at free cells. The build works on a padded copy (a border of blocked
 * cells all round), so it never bounds-checks either.
 */
export type JumpTable = Int8Array;

/**
 * Bytes of a cell's record: its 8 jump entries (`jp[c * RECORD + k]`), then
 * 8 bytes the searcher keeps beside them in the same cache line (JPS+'s
 * landmark distances, jps-plus-landmarks.ts). The build writes the entries
 * only.
 */
export const RECORD = 16;

/** A saturated jump point distance: 127 steps or more; hop 126 (`FAR_HOP`) and read again. */
export const FAR = 127;
/** How far a `FAR` entry says to hop: the steps it vouches for with a jump point still ahead. */
export const FAR_HOP = 126;
/** A saturated reach: 128 legal steps or more before the obstacle; hop 127 (`WALL_HOP`) and read again. */
export const WALL_FAR = -128;
/** How far a `WALL_FAR` entry says to hop. */
export const WALL_HOP = 127;

/** The entry for a true distance v (> 0: jump point; <= 0: minus the reach), saturated. */
function entry(v: number): number {
  return v > 0 ? (v < FAR ? v : FAR) : (v > WALL_FAR ? v : WALL_FAR);
}

/**
 * The true distance of the entry `d` (saturated or not) read at cell c's
 * row of `jp` in direction k (`off`: the step's id offset): the hops of
 * saturated entries added up, sign kept (> 0: jump point that many steps
 * away; <= 0: minus the reach).
 */
export function jumpLength(jp: JumpTable, c: number, k: number, off: number, d: number): number {
  let s = 0;
  while (d === FAR || d === WALL_FAR) {
    s += d === FAR ? FAR_HOP : WALL_HOP;
    d = jp[(c + s * off) * RECORD + k];
  }
  return d > 0 ? s + d : d - s;
}

/**
 * Fills `jp`'s entries (8 per cell record, by grid id) for `cells` (1 = blocked,
 * row-major, `width` x `height`). `free` is scratch of one byte per padded
 * cell ((width + 2) x (height + 2)). `rule` is the grid's diagonal rule
 * (`no-corner-cutting` or `always`): which diagonal steps are legal
 * (`diagonalBits`), and which of jump point search's two sets of forced
 * neighbours apply (`cutsCorners`).
 */
export function buildJumpTable(jp: JumpTable, free: Uint8Array, cells: Uint8Array, width: number, height: number, rule: DiagonalRule): void {
  const pw = width + 2, noCut = !cutsCorners(rule), open = diagonalBits(rule);
  free.fill(0);
  for (let y = 0; y < height; y++) {
    const row = y * width, prow = (y + 1) * pw + 1;
    for (let x = 0; x < width; x++) free[prow + x] = cells[row + x] === 0 ? 1 : 0;
  }
  for (let c = 0, n = width * height; c < n; c++) for (let k = 0; k < 8; k++) jp[c * RECORD + k] = 0;
  for (let k = 0; k < 4; k++) straightSweep(jp, free, width, height, k, noCut);
  // The diagonal sweeps carry the true distances of the row ahead (a saturated entry has lost them).
  const ahead = new Int32Array(width), here = new Int32Array(width);
  for (let k = 4; k < 8; k++) diagonalSweep(jp, free, width, height, k, noCut, open, ahead, here);
}

/**
 * Straight direction k (0 E, 1 S, 2 W, 3 N): cells visited against the
 * direction, so the cell ahead is done first (its true distance carried in
 * `next`: its entry may be saturated). A cell is a jump point for k
 * when a side cell makes a forced neighbour: with no corner cutting, the
 * side cell is free and the one behind it blocked; with corner cutting, the
 * side cell is blocked and the one ahead of it free (the rules of
 * `JumpRaster`'s scans). `free` is padded, `jp` by grid id: p and u name
 * the same cell in each.
 */
function straightSweep(jp: JumpTable, free: Uint8Array, w: number, h: number, k: number, noCut: boolean): void {
  const pw = w + 2, d = DX[k] + DY[k] * pw;
  // The two side offsets (padded): perpendicular to k.
  const a = DY[k] === 0 ? pw : 1, b = -a;
  // Each row (across) or column, from its far end in direction k back.
  const across = DY[k] === 0, back = DX[k] + DY[k] < 0;
  const lines = across ? h : w, len = across ? w : h;
  for (let o = 0; o < lines; o++) {
    let next = 0;
    for (let t = 0; t < len; t++) {
      const i = back ? t : len - 1 - t;
      const x = across ? i : o, y = across ? o : i;
      const p = (y + 1) * pw + x + 1;
      if (free[p] === 0) { next = 0; continue; }
      const n = p + d;
      let v: number;
      if (free[n] === 0) v = 0;
      else if (forcedStraight(free, n, d, a, noCut) || forcedStraight(free, n, d, b, noCut)) v = 1;
      else v = next > 0 ? next + 1 : next - 1;
      jp[(y * w + x) * RECORD + k] = entry(v);
      next = v;
    }
  }
}

/** Whether the side cell at offset `s` of `n` (reached moving by `d`) forces a neighbour. */
function forcedStraight(free: Uint8Array, n: number, d: number, s: number, noCut: boolean): boolean {
  return noCut ? free[n + s] === 1 && free[n + s - d] === 0 : free[n + s] === 0 && free[n + s + d] === 1;
}

/**
 * Diagonal direction k (4 SE, 5 SW, 6 NW, 7 NE): visited from the far
 * corner, so the cell one diagonal step ahead is done first; `ahead` holds
 * the true distances of the row ahead, `here` receives this row's. The step
 * is legal when the cell entered is free and, with no corner cutting, both
 * cells beside it too. A straight entry's sign is its truth (saturated or
 * not), which is all this reads of them.
 */
function diagonalSweep(jp: JumpTable, free: Uint8Array, w: number, hh: number, k: number, noCut: boolean, open: number, ahead: Int32Array, here: Int32Array): void {
  const pw = w + 2, sx = DX[k], sy = DY[k], dy = sy * pw, d = sx + dy, du = sx + sy * w;
  const h = sx > 0 ? 0 : 2, v = sy > 0 ? 1 : 3;
  ahead.fill(0);
  for (let t = 0; t < hh; t++) {
    const y = sy > 0 ? hh - 1 - t : t;
    for (let r = 0; r < w; r++) {
      const x = sx > 0 ? w - 1 - r : r;
      const c = (y + 1) * pw + x + 1;
      here[x] = 0;
      if (free[c] === 0) continue;
      const n = c + d, u = y * w + x, un = (u + du) * RECORD;
      let q: number;
      if (free[n] === 0 || ((open >> ((free[c + sx] ^ 1) | ((free[c + dy] ^ 1) << 1))) & 1) === 0) q = 0;
      else if (jp[un + h] > 0 || jp[un + v] > 0
        || (!noCut && (free[n - sx + dy] > free[n - sx] || free[n + sx - dy] > free[n - dy]))) q = 1;
      else {
        // n is free and inside the grid (the padding is blocked), so x + sx is a column.
        const e = ahead[x + sx];
        q = e > 0 ? e + 1 : e - 1;
      }
      jp[u * RECORD + k] = entry(q);
      here[x] = q;
    }
    ahead.set(here);
  }
}
