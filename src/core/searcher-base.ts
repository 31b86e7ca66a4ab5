import { resultOf, type PathSearcher, type SearchResult, type SearchStatus } from './path-searcher.js';

/**
 * What every reusable searcher shares: the counters of the `PathSearcher`
 * contract, reset by each query and read after it, and `result()` built one
 * way. A searcher extends it and writes its own `search`, `pathInto` and
 * `path`; what its counters count (cells, jump points, subgoals) its own
 * documentation says.
 */
export abstract class SearcherBase<Options extends object = object> implements PathSearcher<Options> {
  /** How the last query ended; `unreachable` before the first. */
  status: SearchStatus = 'unreachable';
  /** Cost of the last query's path (a partial one included); Infinity without one. */
  cost = Infinity;
  /**
   * True when the last query failed and, asked for a partial path, returned
   * the path to the reached node nearest the goal; always false for a
   * searcher without that option.
   */
  partial = false;
  /** Nodes the last query expanded (the goal's pop included). */
  expansions = 0;
  /** Entries the last query put on its open list (the start's included). */
  pushes = 0;
  /** Closed nodes the last query put back on its open list with a cheaper g (0 for a search that never reopens). */
  reopenings = 0;

  /** Runs one query from `start` to `goal` and returns how it ended. */
  abstract search(start: number, goal: number, options?: Options): SearchStatus;
  /** Writes the last path, start first, into `out` and returns its node count; 0 without a path. */
  abstract pathInto(out: Int32Array): number;
  /** The last path, start first, or null without one (allocates). */
  abstract path(): number[] | null;

  /** The last query's outcome as one object (allocates). */
  result(): SearchResult {
    return resultOf(this, null);
  }
}
