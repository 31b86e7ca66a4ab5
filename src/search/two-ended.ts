import { copyPathInto } from '../core/path.js';
import type { QueryOptions } from '../core/path-searcher.js';
import { SearcherBase } from '../core/searcher-base.js';

/**
 * What the two-ended searchers (`BidirectionalSearcher`,
 * `ContractionHierarchy`) share: the counters of the `PathSearcher`
 * contract, and the last path held whole in a buffer. Their two halves meet
 * in the middle, so the path is joined once at the end of a query (and
 * unpacked, for a hierarchy) rather than read off one parent chain.
 */
export abstract class TwoEndedSearcher<Options extends QueryOptions> extends SearcherBase<Options> {
  /** The last path, start first, in `buf[0..len)`. */
  protected buf: Int32Array;
  protected len = 0;
  /**
   * at[x]: x's place in `buf` while x is on the path being written; stale
   * entries are told apart by `buf[at[x]] !== x` or `at[x] >= len`, so it
   * is never cleared.
   */
  private at: Int32Array;

  protected constructor(size: number) {
    super();
    this.buf = new Int32Array(Math.max(1, size));
    this.at = new Int32Array(Math.max(1, size));
  }

  /**
   * Appends node x to the path being written, cutting the loop when x is
   * on it already. Two halves that meet, or shortcuts unpacked, give a walk
   * of the optimal cost, and with zero-cost arcs such a walk can pass a node
   * twice (run past the goal and back, or round a zero-cost cycle). The loop
   * it makes costs nothing (the walk is optimal and no arc costs less than
   * 0), so cutting it keeps the cost and leaves a simple path, which the
   * buffer of the space's size always holds.
   */
  protected append(x: number): void {
    const p = this.at[x];
    if (p < this.len && this.buf[p] === x) { this.len = p + 1; return; }
    this.at[x] = this.len;
    this.buf[this.len++] = x;
  }

  /** Bytes of the path buffers. */
  protected get pathBytes(): number {
    return this.buf.byteLength + this.at.byteLength;
  }

  /** Room for a space of `size` nodes in the path buffers (a space that grows). */
  protected growPath(size: number): void {
    if (size <= this.buf.length) return;
    const b = new Int32Array(size); b.set(this.buf); this.buf = b;
    const a = new Int32Array(size); a.set(this.at); this.at = a;
  }

  /** Writes the last path, start first, into `out` and returns its node count; 0 without a path. */
  pathInto(out: Int32Array): number {
    return copyPathInto(this.buf, this.len, out);
  }

  /** The last path, start first, or null without one. */
  path(): number[] | null {
    return this.len > 0 ? Array.from(this.buf.subarray(0, this.len)) : null;
  }

}
