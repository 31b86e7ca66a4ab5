import { InputError } from './errors.js';
import { checkLimits, checkSlice, CLOCK_EVERY, UNLIMITED, type Budget, type Slice, type StopReason } from './limits.js';
import { resultOf, type PathSearcher, type QueryOptions, type SearchResult, type SearchStatus } from './path-searcher.js';

/**
 * What every reusable searcher shares: the counters of the `PathSearcher`
 * contract, reset by each query and read after it; `result()` built one way;
 * and the one driver of a query, whole (`search`) or in slices (`begin`,
 * `advance`, `cancel`), which holds the query to its `limits`.
 *
 * A searcher writes three steps of its own: `prepare` (check the query and
 * set it up, expanding nothing), `expandUntil` (run its loop until it ends
 * or its expansion count reaches a mark, keeping every bit of its state in
 * fields so the next call resumes where this one left off) and `conclude`
 * (the path's end and cost once the query has ended). The driver calls
 * `expandUntil` with a mark no further than the next check of the clock and
 * the signal, so the hot loop itself tests one count per expansion, as it
 * did with a plain expansion budget.
 */
export abstract class SearcherBase<Options extends QueryOptions = QueryOptions> implements PathSearcher<Options> {
  /** How the last query ended (`running` while a sliced query runs); `unreachable` before the first. */
  status: SearchStatus | 'running' = 'unreachable';
  /** Which limit stopped the last query: set when `status` is `stopped`, else null. */
  reason: StopReason | null = null;
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

  /** The running query's limits, made absolute at `begin`. */
  private budget: Budget = UNLIMITED;
  /** `editCount()` when the running query began. */
  private begunAt = 0;
  private inProgress = false;

  /**
   * Checks a query (every check before any state changes, so a refused query
   * leaves the last answer readable), then sets it up: counters to 0, the
   * start on the open list. Returns the status when the query is decided
   * without expanding anything (the start cannot reach the goal), else null.
   */
  protected abstract prepare(start: number, goal: number, options: Options): SearchStatus | null;
  /**
   * Runs the query until it ends (`found` or `unreachable`) or `expansions`
   * reaches `stopAt` (null: paused; called again, it resumes). It must not
   * expand the `stopAt`-th + 1 node, and must end as `unreachable`, not
   * pause, when its open list runs out exactly at the mark.
   */
  protected abstract expandUntil(stopAt: number): 'found' | 'unreachable' | null;
  /** Sets what the ended query reports: the path's end, `cost`, `partial`. */
  protected abstract conclude(status: SearchStatus): void;

  /**
   * The edit count of what the queries run on (a grid's `version`), or 0 for
   * a space that keeps none. A query in slices must not see an edit between
   * two of them: its answer would mix two maps.
   */
  protected editCount(): number {
    return 0;
  }

  /** Writes the last path, start first, into `out` and returns its node count; 0 without a path. */
  abstract pathInto(out: Int32Array): number;
  /** The last path, start first, or null without one (allocates). */
  abstract path(): number[] | null;

  /**
   * Runs one query from `start` to `goal` and returns how it ended. A start
   * or goal that is not a legal endpoint, or a bad option, is an `InputError`
   * and changes nothing; a limit reached is the status `stopped`.
   */
  search(start: number, goal: number, options?: Options): SearchStatus {
    this.begin(start, goal, options);
    return this.advance() as SearchStatus;
  }

  /** Starts a query without expanding anything; `advance` runs it (see `PathSearcher.begin`). */
  begin(start: number, goal: number, options?: Options): void {
    const budget = checkLimits((options as QueryOptions | null | undefined)?.limits, this.constructor.name);
    // Only a missing options object is no options: null goes on to be refused as not an object.
    const decided = this.prepare(start, goal, (options === undefined ? {} : options) as Options);
    this.budget = budget;
    this.begunAt = this.editCount();
    this.reason = null;
    this.inProgress = true;
    this.status = 'running';
    if (decided !== null) this.finish(decided, null);
  }

  /** Runs the begun query for at most one slice (default: to its end); `running` until it ends (see `PathSearcher.advance`). */
  advance(slice?: Slice): SearchStatus | 'running' {
    // No slice is the common case (every one-shot search): no message string made for it.
    const cut = slice === undefined ? UNLIMITED : checkSlice(slice, `${this.constructor.name}.advance`);
    if (!this.inProgress) return this.status;
    if (this.editCount() !== this.begunAt) {
      // Refused, and ended: no answer from half of one map and half of another.
      this.inProgress = false;
      this.status = 'unreachable';
      throw new InputError(`${this.constructor.name}.advance: the space was edited since this query began; begin it again (edit between queries, or between a query's end and the next begin)`);
    }
    const budget = this.budget;
    const sliceEnd = this.expansions + cut.maxExpansions;
    for (;;) {
      const why = budget.stopReason(this.expansions);
      if (why !== null) return this.finish('stopped', why);
      if (this.expansions >= sliceEnd || cut.pastDeadline()) return 'running';
      let stopAt = Math.min(budget.nextCheck(this.expansions), sliceEnd);
      if (cut.timed) stopAt = Math.min(stopAt, this.expansions + CLOCK_EVERY);
      let ended: 'found' | 'unreachable' | null;
      try {
        ended = this.expandUntil(stopAt);
      } catch (e) {
        // A heuristic or a space of the caller's broke its contract half-way: no answer, and nothing to resume.
        this.inProgress = false;
        this.status = 'unreachable';
        throw e;
      }
      if (ended !== null) return this.finish(ended, null);
    }
  }

  /** True from `begin` until the query ends. */
  get running(): boolean {
    return this.inProgress;
  }

  /** Ends a running query as `stopped`, reason `aborted`; nothing to do without one. */
  cancel(): void {
    if (this.inProgress) this.finish('stopped', 'aborted');
  }

  private finish(status: SearchStatus, reason: StopReason | null): SearchStatus {
    this.inProgress = false;
    this.status = status;
    this.reason = reason;
    this.conclude(status);
    return status;
  }

  /** The last query's outcome as one object (allocates). */
  result(): SearchResult {
    return resultOf(this, null);
  }
}
