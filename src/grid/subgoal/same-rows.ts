import type { RankedCells } from './ranked-cells.js';
import type { Runs } from './subgoal4-sweep.js';

/**
 * Where a row's run of free cells repeats the row above it, one bit a cell
 * for each direction, stored column by column so that a stretch of repeats
 * down one column is a stretch of set bits: the 4-connected sweeps
 * (subgoal4-sweep.ts) cross a room or a corridor, row after identical row,
 * in a few word reads instead of a step per row.
 *
 * The eastward bit of cell (x, y) is set when (x, y) and (x, y - 1) are
 * both free and not subgoals, their runs eastward (`runE`) are as long, and
 * a blocked cell or the map's edge ends both (no subgoal); the westward bit
 * the same with `runW`. A sweep's row that is one such run from x on then
 * leaves exactly the same runs and covered spans as the row before it did.
 */
export class SameRows {
  /** Bit i & 31 of word i >> 5, for i = x * height + y: eastward, and westward. */
  private readonly east: Int32Array;
  private readonly west: Int32Array;

  /**
   * @param cells 0 free, else blocked
   * @param sub the subgoal cells
   * @param runE per free cell, the free non-subgoal cells after it eastward before a stop (subgoal4-graph.ts)
   * @param runW the same westward
   */
  constructor(width: number, private readonly height: number, cells: Uint8Array, sub: RankedCells, runE: Runs, runW: Runs) {
    // One word more than the bits need: a count that runs off the last column reads zeros, not past the end.
    const words = ((width * height + 31) >>> 5) + 1;
    this.east = new Int32Array(words);
    this.west = new Int32Array(words);
    // Free, not a subgoal, and a wall or the edge after its run going dx.
    const walled = (c: number, x: number, dx: number, run: Runs): boolean => {
      if (cells[c] !== 0 || sub.has(c)) return false;
      const end = x + dx * (run[c] + 1);
      return end < 0 || end >= width || cells[c - x + end] !== 0;
    };
    for (let y = 1; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = y * width + x, a = c - width, i = x * height + y;
        if (runE[c] === runE[a] && walled(c, x, 1, runE) && walled(a, x, 1, runE)) this.east[i >> 5] |= 1 << (i & 31);
        if (runW[c] === runW[a] && walled(c, x, -1, runW) && walled(a, x, -1, runW)) this.west[i >> 5] |= 1 << (i & 31);
      }
    }
  }

  /** Whether the row after row y, going down (qy > 0) or up, repeats row y's run from x going qx. */
  repeatsNext(x: number, y: number, qx: number, qy: number): boolean {
    const i = x * this.height + (qy > 0 ? y + 1 : y), bits = qx > 0 ? this.east : this.west;
    return ((bits[i >> 5] >>> (i & 31)) & 1) !== 0;
  }

  /** How many rows after row y, going down (qy > 0) or up, repeat row y's run from x going qx. */
  repeats(x: number, y: number, qx: number, qy: number): number {
    const bits = qx > 0 ? this.east : this.west;
    let n = 0;
    if (qy > 0) {
      // Set bits from index i upward: the rows below y.
      for (let i = x * this.height + y + 1; ;) {
        const sh = i & 31, z = ~(bits[i >> 5] >>> sh);
        if (z === 0) { n += 32; i += 32; continue; }
        const t = 31 - Math.clz32(z & -z);
        n += t;
        if (t < 32 - sh) return n;
        i += t;
      }
    }
    // Set bits from index i downward: the rows above y (bit y says row y - 1 repeats row y).
    for (let i = x * this.height + y; i >= 0;) {
      const sh = i & 31, v = bits[i >> 5] << (31 - sh);
      const t = Math.clz32(~v);
      n += t;
      if (t < sh + 1) return n;
      i -= t;
    }
    return n;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.east.byteLength + this.west.byteLength;
  }
}
