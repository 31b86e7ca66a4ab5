import { copyPathInto } from '../core/path.js';
import { resultOf, type PathSearcher, type SearchResult, type SearchStatus } from '../core/path-searcher.js';

/**
 * What the two-ended searchers (`BidirectionalSearcher`,
 * `ContractionHierarchy`) share: the counters of the `PathSearcher`
 * contract, and the last path held whole in a buffer. Their two halves meet
 * in the middle, so the path is joined once at the end of a query (and
 * unpacked, for a hierarchy) rather than read off one parent chain.
 */
export abstract class TwoEndedSearcher<Options extends object> implements PathSearcher<Options> {
  /** How the last query ended; `unreachable` before the first. */
  status: SearchStatus = 'unreachable';
  /** Cost of the last query's path, its arc costs summed in path order; Infinity without one. */
  cost = Infinity;
  /** Always false: the two-ended searches give no partial paths. */
  readonly partial = false;
  /** Nodes the last query expanded, both halves together. */
  expansions = 0;
  /** Entries the last query put on its two frontiers. */
  pushes = 0;
  /** Always 0: no node is expanded twice. */
  readonly reopenings = 0;
  /** The last path, start first, in `buf[0..len)`. */
  protected buf: Int32Array;
  protected len = 0;

  protected constructor(size: number) {
    this.buf = new Int32Array(Math.max(1, size));
  }

  /** Runs one query from `start` to `goal` and returns how it ended. */
  abstract search(start: number, goal: number, options?: Options): SearchStatus;

  /** Writes the last path, start first, into `out` and returns its node count; 0 without a path. */
  pathInto(out: Int32Array): number {
    return copyPathInto(this.buf, this.len, out);
  }

  /** The last path, start first, or null without one. */
  path(): number[] | null {
    return this.len > 0 ? Array.from(this.buf.subarray(0, this.len)) : null;
  }

  /** The last query's outcome as one object (allocates). */
  result(): SearchResult {
    return resultOf(this, null);
  }
}
