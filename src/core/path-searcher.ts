import { InputError } from './errors.js';
import type { Limits, Slice, StopReason } from './limits.js';
import type { Trace } from './trace.js';

/**
 * How a search ended, the one status set of the library's searches: the
 * goal was reached (`found`), no path exists (`unreachable`: the open set ran
 * empty), or a limit ended it first (`stopped`: nothing is known; `reason`
 * says which limit).
 */
export type SearchStatus = 'found' | 'unreachable' | 'stopped';

/** What the options of every searcher's query hold: the `limits` of the query. */
export interface QueryOptions {
  /** Expansions, milliseconds and an `AbortSignal`: the first reached ends the query as `stopped`. Default: none. */
  limits?: Limits;
}

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
  /** Which limit stopped the search: set exactly when `status` is `stopped`, null otherwise. */
  reason: StopReason | null;
}

/**
 * The outcome of one search, as the one-shot functions return it and every
 * `PathSearcher.result()` builds it: a union on `status` (and `partial`), so
 * that after `if (r.status === 'found')` TypeScript knows `path` is there.
 * - `found`: `path` runs from start to goal, `cost` is its cost
 *   (`pathCost(space, path)`, the cheapest arc between each pair of
 *   consecutive nodes) and `linkLength` its number of edges.
 * - `unreachable` or `stopped`: no path (`path` null, `cost` Infinity,
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
    /** No path exists (`unreachable`) or a limit ended the search first (`stopped`). */
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
    /** No path exists (`unreachable`) or a limit ended the search first (`stopped`). */
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
export interface PathSearcher<Options extends QueryOptions = QueryOptions> {
  /** Runs one query from `start` to `goal` and returns how it ended: `begin`, then `advance` to the end. */
  search(start: number, goal: number, options?: Options): SearchStatus;
  /**
   * Starts a query without expanding anything (a sliced search): checks it as
   * `search` does, then `advance` runs it. A query still running is dropped.
   * The query's `limits` count from here, across all its slices.
   */
  begin(start: number, goal: number, options?: Options): void;
  /**
   * Runs the query begun by `begin` for at most one slice (by default, to its
   * end) and returns `running` while it has not ended, else its status. The
   * slices together expand exactly what one `search` would, in the same
   * order: the same answer, bit for bit. Without a running query it returns
   * the last status.
   */
  advance(slice?: Slice): SearchStatus | 'running';
  /** True from `begin` until the query ends. */
  readonly running: boolean;
  /** Ends a running query as `stopped` with reason `aborted` (its partial path, if asked for, is kept); the searcher takes the next query as usual. */
  cancel(): void;
  /** How the last query ended (`running` while a sliced query runs); `unreachable` before the first. */
  readonly status: SearchStatus | 'running';
  /** Which limit stopped the last query: set when `status` is `stopped`, else null. */
  readonly reason: StopReason | null;
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
  const status = s.status;
  if (status === 'running') throw new InputError(`${s.constructor.name}: result() of a query still running; advance it to its end, or cancel() it`);
  const path = s.path();
  const counts: SearchCounts = { expansions: s.expansions, pushes: s.pushes, reopenings: s.reopenings, trace, reason: s.reason };
  if (path === null) {
    if (status === 'found') throw new Error(`${s.constructor.name}: status 'found' without a path`);
    return { ...counts, status, path: null, partial: false, cost: Infinity, linkLength: -1 };
  }
  if (status === 'found') return { ...counts, status: 'found', path, partial: false, cost: s.cost, linkLength: path.length - 1 };
  if (!s.partial) throw new Error(`${s.constructor.name}: status ${status} with a path that is not partial`);
  return { ...counts, status, path, partial: true, cost: s.cost, linkLength: path.length - 1 };
}
