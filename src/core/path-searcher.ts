import type { Trace } from './trace.js';

/**
 * Why a search ended: the goal was popped, the open set ran empty (no path
 * exists), or the expansion budget ran out first (nothing is known).
 */
export type SearchStatus = 'found' | 'unreachable' | 'step-limit';

/** What every outcome of a search holds, whatever its status. */
export interface SearchCounts {
  /** Nodes taken off the frontier and expanded (the goal's pop included). */
  expansions: number;
  /** Entries put on the frontier (the start's included, unless h calls it a dead end). */
  pushes: number;
  /** Closed nodes that received a cheaper g and went back on the frontier. */
  reopenings: number;
  /** Every pop and push, with `trace: true`; null otherwise. */
  trace: Trace | null;
}

/**
 * The outcome of one search, as the one-shot functions return it and every
 * `PathSearcher.result()` builds it: a union on `status` (and `partial`), so
 * that after `if (r.status === 'found')` TypeScript knows `path` is there.
 * - `found`: `path` runs from start to goal, `cost` is its cost
 *   (`pathCost(space, path)`, the cheapest arc between each pair of
 *   consecutive nodes) and `linkLength` its number of edges.
 * - `unreachable` or `step-limit`: no path (`path` null, `cost` Infinity,
 *   `linkLength` -1); or, asked for a partial path, the path to the reached
 *   node nearest the goal (`partial` true, `cost` and `linkLength` that path's).
 */
export type SearchResult = SearchCounts & (
  | {
    /** The goal was reached. */
    status: 'found';
    /** Nodes from start to goal. */
    path: number[];
    /** False: the path reaches the goal. */
    partial: false;
    /** The path's cost: `pathCost(space, path)`, the sum of the cheapest arc between each pair of consecutive nodes. */
    cost: number;
    /** Number of edges on the path. */
    linkLength: number;
  }
  | {
    /** No path exists (`unreachable`) or the budget ran out first (`step-limit`). */
    status: Exclude<SearchStatus, 'found'>;
    /** Nodes from start to the reached node nearest the goal (the `partial` option). */
    path: number[];
    /** True: the path ends short of the goal. */
    partial: true;
    /** The partial path's cost. */
    cost: number;
    /** Number of edges on the partial path. */
    linkLength: number;
  }
  | {
    /** No path exists (`unreachable`) or the budget ran out first (`step-limit`). */
    status: Exclude<SearchStatus, 'found'>;
    /** Null: no path. */
    path: null;
    /** False: no partial path was asked for (or none was reached). */
    partial: false;
    /** Infinity: no path. */
    cost: number;
    /** -1: no path. */
    linkLength: -1;
  }
);

/**
 * The one contract of the reusable point-to-point searchers: `Searcher` (any
 * space), `GridSearcher` (the grid fast path) and `JumpPointSearcher`. Build
 * one per space, ask it many queries: `search` runs one and returns its
 * status; the counters and the path then describe that query until the next.
 * `Options` is the searcher's own options type; a bad option, or a start or
 * goal that is not a legal endpoint, is an `InputError` and leaves the last
 * answer readable.
 *
 * @example
 * ```ts
 * function run(s: PathSearcher, start: number, goal: number, out: Int32Array): number {
 *   return s.search(start, goal) === 'found' ? s.pathInto(out) : 0;
 * }
 * run(new GridSearcher(grid), a, b, buf); run(new JumpPointSearcher(grid), a, b, buf);
 * ```
 */
export interface PathSearcher<Options extends object = object> {
  /** Runs one query from `start` to `goal` and returns how it ended. */
  search(start: number, goal: number, options?: Options): SearchStatus;
  /** How the last query ended; `unreachable` before the first. */
  readonly status: SearchStatus;
  /** Cost of the last query's path (a partial one included); Infinity without one. */
  readonly cost: number;
  /**
   * True when the last query failed (`unreachable` or `step-limit`) and, asked
   * for a partial path, returned the path to the reached node nearest the
   * goal; false otherwise (searchers without the option are always false).
   */
  readonly partial: boolean;
  /** Nodes the last query expanded (the goal's pop included). */
  readonly expansions: number;
  /** Entries the last query put on its open list (the start's included). */
  readonly pushes: number;
  /** Closed nodes the last query put back on its open list with a cheaper g (0 for a search that never reopens). */
  readonly reopenings: number;
  /**
   * Writes the last path, start first, into `out` and returns its node count;
   * 0 without a path. Allocates nothing; a buffer of the space's size always
   * fits, a shorter one that does not is an `InputError`.
   */
  pathInto(out: Int32Array): number;
  /** The last path, start first, or null without one (allocates). */
  path(): number[] | null;
  /** The last query's outcome as one object (allocates). */
  result(): SearchResult;
}

/** `result()` of a searcher, built one way for every searcher. */
export function resultOf(s: PathSearcher, trace: Trace | null): SearchResult {
  const path = s.path();
  const counts: SearchCounts = { expansions: s.expansions, pushes: s.pushes, reopenings: s.reopenings, trace };
  if (path === null) {
    if (s.status === 'found') throw new Error(`${s.constructor.name}: status 'found' without a path`);
    return { ...counts, status: s.status, path: null, partial: false, cost: Infinity, linkLength: -1 };
  }
  if (s.status === 'found') return { ...counts, status: 'found', path, partial: false, cost: s.cost, linkLength: path.length - 1 };
  if (!s.partial) throw new Error(`${s.constructor.name}: status ${s.status} with a path that is not partial`);
  return { ...counts, status: s.status, path, partial: true, cost: s.cost, linkLength: path.length - 1 };
}
