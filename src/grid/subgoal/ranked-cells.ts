/**
 * A set of cells as one bit per cell, with the rank of each member (how
 * many members come before it in id order) in two bits per cell more: a
 * count per 32-cell word. It numbers a sparse set of cells 0..count-1 (the
 * subgoals of a grid) for a quarter of a byte a cell, where an index per cell
 * would take four bytes.
 */
export class RankedCells {
  /** Bit c & 31 of word c >> 5 is set when cell c is a member. */
  readonly bits: Int32Array;
  /** Members in the words before each word. */
  private readonly before: Int32Array;
  /** Number of members. */
  readonly count: number;

  /** The members of 0..size-1 for which `member(c)` holds. */
  constructor(size: number, member: (c: number) => boolean) {
    const words = (size + 31) >>> 5;
    const bits = new Int32Array(words), before = new Int32Array(words);
    let count = 0;
    for (let wd = 0; wd < words; wd++) {
      before[wd] = count;
      let word = 0;
      for (let b = 0, c = wd << 5; b < 32 && c < size; b++, c++) if (member(c)) { word |= 1 << b; count++; }
      bits[wd] = word;
    }
    this.bits = bits;
    this.before = before;
    this.count = count;
  }

  /** Whether cell c is a member. */
  has(c: number): boolean {
    return ((this.bits[c >> 5] >>> (c & 31)) & 1) !== 0;
  }

  /** The rank of member c (0..count-1); meaningless for a cell that is not one. */
  rank(c: number): number {
    return this.before[c >> 5] + popcount(this.bits[c >> 5] & ((1 << (c & 31)) - 1));
  }

  /** Bytes held. */
  get bytes(): number {
    return this.bits.byteLength + this.before.byteLength;
  }
}

/** Set bits of a 32-bit integer. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
