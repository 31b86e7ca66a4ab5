import { InputError, show } from '../core/errors.js';
import { Heap } from '../queues/heap.js';
import type { Heuristic } from '../core/heuristic.js';
import { IMPROVE } from '../core/improve.js';
import { badArcCost, badArcEnd, badHeuristic, checkBoolean, checkBudget, checkNodeId, checkKeys, costOverflow } from '../core/input-checks.js';
import { checkLimits, checkSlice, CLOCK_EVERY, now, UNLIMITED, type Budget, type Limits, type Slice, type StopReason } from '../core/limits.js';
import type { SearchStatus } from '../core/path-searcher.js';
import { pathTo } from '../core/path.js';
import { checkSpace, pathCost, type SearchSpace } from '../core/space.js';
import { nextGeneration } from '../core/stamp.js';

/**
 * Anytime Repairing A* (Likhachev, Gordon and Thrun, NIPS 2003): a series of
 * weighted A* searches with a falling inflation eps, where each search keeps
 * the g values, back pointers and OPEN set of the one before. A state whose
 * g drops after it was expanded in the current round is not reopened (that
 * is what keeps each round cheap); it waits on INCONS and joins OPEN when
 * eps next falls. Every round ends with a path and a proven bound on how far
 * its cost can be from the optimum.
 *
 * The heuristic h(n, goal) is a number >= 0, or Infinity when the goal cannot
 * be reached from n: such a state is a dead end, never put on OPEN and never
 * expanded (a start that is one makes the goal unreachable at once, with no
 * expansion). Anything else it returns (NaN, undefined, a negative number, a
 * string) ends the query with an InputError naming the state and the value.
 */

/** The default schedule of inflations, as in the chapter's exercise. */
export const ARA_SCHEDULE: readonly number[] = Object.freeze([3, 2, 1.5, 1]);

/** One finished round of ARA*. */
export interface AraIteration {
  /** The inflation this round ran with: f = g + eps * h. */
  eps: number;
  /** Start to goal. */
  path: number[];
  /** `pathCost` of `path`: the cheapest arc between each pair of nodes, summed (never above g(goal)). */
  cost: number;
  /** States expanded in this round. */
  expansions: number;
  /** States expanded in all rounds so far, this one included. */
  totalExpansions: number;
  /**
   * The proven suboptimality bound eps' = min(eps, g(goal) / min over
   * OPEN u INCONS u {goal} of (g + h)): `cost` is at most eps' times the
   * optimum when h is consistent. 1 means proven optimal.
   */
  bound: number;
  /** Wall time of this round in milliseconds (performance.now()). */
  elapsedMs: number;
  /** The states this round expanded, in order; only with the `trace` option. */
  expanded?: Int32Array;
}

/**
 * How a run ended, in the library's one status set:
 * - `found`: the schedule ran out or a round proved its path optimal; the
 *   last path is within the last round's `bound` of the optimum (1: optimal);
 * - `unreachable`: no path exists (OPEN ran empty in the first round);
 * - `stopped`: a limit was reached first (`reason`); the last finished
 *   round, if any, holds the best path found so far.
 * `running` while rounds remain (between slices), `idle` before `begin`.
 */
export type AraStatus = SearchStatus;

/**
 * The options of `ara`, also what `begin` and `run` take between them. A bad
 * value or an unknown key is an `InputError`.
 */
export interface AraOptions {
  /** Inflations, decreasing, each a finite number >= 1. Default 3, 2, 1.5, 1. */
  schedule?: readonly number[];
  /** Expansions over all rounds, milliseconds from the start, an `AbortSignal`: the first reached ends the run as `stopped`. Default: none. */
  limits?: Limits;
  /** Record each round's expanded states. Default false. */
  trace?: boolean;
}

/** The outcome of an ARA* run, as `ara` and `AraSearcher.run`/`result` return it. */
export interface AraResult {
  /** `running` only when read between slices of an unfinished query. */
  status: AraStatus | 'running';
  /** Which limit stopped the run (`status` `stopped`), else null. */
  reason: StopReason | null;
  /** Every finished round, in order. */
  iterations: AraIteration[];
  /** The best path found (the last round's), or null. */
  path: number[] | null;
  /** Its cost, or Infinity. */
  cost: number;
  /** Its bound, or Infinity without a path. */
  bound: number;
  /** Expansions over all rounds, an unfinished one included. */
  expansions: number;
  /** Wall time of the whole run in milliseconds. */
  elapsedMs: number;
}

/** Throws an InputError unless `schedule` is a non-empty, strictly decreasing list of finite numbers >= 1. */
export function checkSchedule(schedule: readonly number[]): void {
  if (!Array.isArray(schedule) || schedule.length === 0) {
    throw new InputError(`ara: schedule must be a non-empty list of inflations (e.g. 3, 2, 1.5, 1), got ${Array.isArray(schedule) ? '[]' : show(schedule)}`);
  }
  for (let i = 0; i < schedule.length; i++) {
    const eps: unknown = schedule[i];
    if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 1) {
      throw new InputError(`ara: schedule[${i}] must be a finite number >= 1 (1 is A*), got ${show(eps)}`);
    }
    if (i > 0 && !(eps < schedule[i - 1])) {
      throw new InputError(`ara: schedule must decrease, but schedule[${i}] = ${eps} is not below schedule[${i - 1}] = ${schedule[i - 1]}`);
    }
  }
}

const ARA_OPTIONS = ['schedule', 'limits', 'trace'] as const;

/**
 * A reusable ARA* searcher over one space. `begin` starts a query; each
 * `iterate` runs one round (or resumes a round a budget interrupted) and
 * returns it, so a page can step through the rounds. `run` does it all.
 * The constructor throws an `InputError` when `space` is not a `SearchSpace`.
 *
 * @example
 * ```ts
 * const s = new AraSearcher(grid);
 * s.begin(start, goal, octile(grid));
 * for (let it = s.iterate(); it !== null; it = s.iterate()) draw(it.path, it.bound);
 * s.status; // 'found' once the schedule is done (s.result().bound: 1 when optimal)
 * ```
 */
export class AraSearcher {
  /** The space every query runs on. */
  readonly space: SearchSpace;
  /** How the query ended; `running` while rounds remain, `idle` before `begin`. */
  status: AraStatus | 'running' | 'idle' = 'idle';
  /** Which limit stopped the query (`status` `stopped`), else null. */
  reason: StopReason | null = null;
  /** The current query's finished rounds, in order. */
  readonly iterations: AraIteration[] = [];
  /** Expansions over all rounds of this query. */
  expansions = 0;

  // Per-state arrays are stamped: `seen[n] === gen` says g, h and the back
  // pointer belong to this query; `closed[n] === round` says n was expanded in
  // the current round (CLOSED empties in O(1) by bumping `round`), and
  // `incons[n] === round` that it is already on INCONS.
  private g: Float64Array;
  private hv: Float64Array;
  private parent: Int32Array;
  private seen: Uint32Array;
  private closed: Uint32Array;
  private incons: Uint32Array;
  private inconsList: Int32Array;
  private inconsCount = 0;
  private carry: Int32Array;
  private carryCount = 0;
  private gen = 0;
  private round = 0;
  private readonly heap: Heap;
  private readonly nbr: Int32Array;
  private readonly nbrCost: Float64Array;

  private goal = -1;
  private h: Heuristic = () => 0;
  private schedule: readonly number[] = ARA_SCHEDULE;
  private next = 0; // index in `schedule` of the round to run or resume
  private inRound = false;
  /** The round in hand has ended (ImprovePath returned). */
  private roundOver = false;
  private roundExpansions = 0;
  private roundMillis = 0;
  private trace: number[] | null = null;
  private wantTrace = false;
  /** The query's limits, made absolute at `begin`. */
  private budget: Budget = UNLIMITED;
  /** Why the current query was abandoned half way (a heuristic or a space broke its contract), or null. */
  private failed: string | null = null;

  constructor(space: SearchSpace) {
    checkSpace(space, 'ara');
    this.space = space;
    const n = Math.max(1, space.size);
    this.g = new Float64Array(n);
    this.hv = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.closed = new Uint32Array(n);
    this.incons = new Uint32Array(n);
    this.inconsList = new Int32Array(n);
    this.carry = new Int32Array(n);
    this.heap = new Heap(Math.min(n, 1 << 16));
    this.nbr = new Int32Array(Math.max(1, space.maxDegree));
    this.nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  }

  /** Starts a query (its `limits` count from here); no search happens until `iterate` or `run`. */
  begin(start: number, goal: number, h: Heuristic, options: AraOptions = {}): void {
    const space = this.space;
    checkNodeId(space, start, 'ara: start', true);
    checkNodeId(space, goal, 'ara: goal', true);
    if (typeof h !== 'function') throw new InputError(`ara: h must be a function (n, goal) => number, got ${show(h)}`);
    checkKeys(options, ARA_OPTIONS, 'ara: begin');
    const limits = checkLimits(options.limits, 'ara');
    const schedule = options.schedule === undefined ? ARA_SCHEDULE : options.schedule;
    checkSchedule(schedule);
    checkBoolean(options.trace, 'ara: trace');
    if (space.size > this.g.length) this.grow(space.size);
    // One counter stamps all three arrays: the query takes the next value (for
    // `seen`), each of its rounds one more (for `closed` and `incons`). Room
    // for every round is made now, so no clearing ever falls mid-query.
    const span = schedule.length + 1;
    this.gen = nextGeneration(this.round, span + 1, this.seen, this.closed, this.incons) - span;
    this.round = this.gen;
    this.goal = goal;
    this.h = h;
    this.schedule = schedule.slice();
    this.wantTrace = options.trace === true;
    this.iterations.length = 0;
    this.expansions = 0;
    this.next = 0;
    this.inRound = false;
    this.inconsCount = 0;
    this.failed = null;
    this.budget = limits;
    this.reason = null;
    this.status = 'running';
    this.touch(start);
    this.g[start] = 0;
    this.parent[start] = -1;
    // The first round's OPEN is the start alone, unless h calls it a dead end.
    this.carry[0] = start;
    this.carryCount = this.hv[start] < Infinity || start === goal ? 1 : 0;
  }

  /** True once the query has ended (read `status`). */
  get done(): boolean { return this.status !== 'running'; }

  /**
   * Runs the next round of the schedule, or resumes the one a slice cut
   * short, for at most one slice (default: to the round's end), and returns
   * the round when it finishes. Returns null when it stops without finishing
   * a round: the slice ran out (`status` still `running`: call again to go
   * on), a limit of the query was reached (`stopped`), no path exists, or the
   * query is over.
   */
  iterate(slice?: Slice): AraIteration | null {
    const cut = checkSlice(slice, 'ara: iterate');
    this.checkQuery('iterate()');
    return this.step(this.expansions + cut.maxExpansions, cut);
  }

  /** Ends a running query as `stopped`, reason `aborted`; its finished rounds stand. */
  cancel(): void {
    if (this.status === 'running') { this.status = 'stopped'; this.reason = 'aborted'; }
  }

  /** One round, or the slice of it up to `sliceEnd` expansions and `cut`'s clock. */
  private step(sliceEnd: number, cut: Budget): AraIteration | null {
    if (this.status !== 'running') return null;
    const t0 = now();
    const eps = this.schedule[this.next];
    if (!this.inRound) this.openRound(eps);
    const budget = this.budget;
    for (;;) {
      const why = budget.stopReason(this.expansions);
      if (why !== null) { this.status = 'stopped'; this.reason = why; break; }
      if (this.expansions >= sliceEnd || cut.pastDeadline()) break;
      let stopAt = Math.min(budget.nextCheck(this.expansions), sliceEnd);
      if (cut.timed) stopAt = Math.min(stopAt, this.expansions + CLOCK_EVERY);
      if (this.improvePath(eps, stopAt)) break;
    }
    this.roundMillis += now() - t0;
    if (this.inRound && !this.roundOver) return null;
    this.inRound = false;
    if (!(this.gOf(this.goal) < Infinity)) {
      this.status = 'unreachable';
      return null;
    }
    const it = this.closeRound(eps);
    this.iterations.push(it);
    this.next++;
    if (it.bound <= 1 || this.next >= this.schedule.length) this.status = 'found';
    return it;
  }

  /**
   * Runs rounds until the schedule ends, optimality is proven, a limit of
   * the query is reached, or the slice runs out (`status` still `running`:
   * call it again to go on from there).
   */
  run(slice?: Slice): AraResult {
    const t0 = now();
    const cut = checkSlice(slice, 'ara: run');
    this.checkQuery('run()');
    const sliceEnd = this.expansions + cut.maxExpansions;
    while (this.step(sliceEnd, cut) !== null && this.status === 'running');
    return this.result(now() - t0);
  }

  /** The query's outcome so far as one object. */
  result(elapsedMs = this.iterations.reduce((s, it) => s + it.elapsedMs, 0)): AraResult {
    const status = this.checkQuery('result()');
    checkBudget(elapsedMs, 'elapsedMs');
    const last = this.iterations[this.iterations.length - 1];
    return {
      status,
      reason: this.reason,
      iterations: this.iterations.slice(),
      path: last ? last.path : null,
      cost: last ? last.cost : Infinity,
      bound: last ? last.bound : Infinity,
      expansions: this.expansions,
      elapsedMs,
    };
  }

  /** g(n) of the current query: Infinity for a state never reached. */
  gOf(n: number): number {
    checkNodeId(this.space, n, 'ara: gOf');
    return n < this.seen.length && this.seen[n] === this.gen ? this.g[n] : Infinity;
  }

  /** Refuses a call before `begin`, or on a query an earlier error abandoned; returns the status otherwise. */
  private checkQuery(what: string): AraStatus | 'running' {
    const status = this.status;
    if (status === 'idle') throw new InputError(`ara: call begin(start, goal, h) before ${what}`);
    if (this.failed !== null) {
      throw new InputError(`ara: this query stopped at an earlier error and cannot go on; call begin again (the error: ${this.failed})`);
    }
    return status;
  }

  /** Abandons the query at a broken contract: its state is half updated. */
  private fail(err: InputError): never {
    this.failed = err.message;
    throw err;
  }

  // --- one round ------------------------------------------------------------

  /** Empties CLOSED and INCONS and fills OPEN with the carried states, keyed by the new eps. */
  private openRound(eps: number): void {
    this.round++;
    const heap = this.heap, carry = this.carry, g = this.g, hv = this.hv;
    heap.clear();
    for (let i = 0; i < this.carryCount; i++) {
      const n = carry[i];
      heap.push(n, g[n] + eps * hv[n], hv[n], g[n]);
    }
    this.carryCount = 0;
    this.inconsCount = 0;
    this.roundExpansions = 0;
    this.roundMillis = 0;
    this.trace = this.wantTrace ? [] : null;
    this.inRound = true;
    this.roundOver = false;
  }

  /**
   * ImprovePath: expand while some OPEN state's f is below the goal's, until
   * `expansions` reaches `stopAt`. Returns true when the round is over
   * (`roundOver` set), false when it paused at the mark.
   */
  private improvePath(eps: number, stopAt: number): boolean {
    const space = this.space, heap = this.heap, goal = this.goal, trace = this.trace;
    let g = this.g, hv = this.hv, parent = this.parent;
    let seen = this.seen, closed = this.closed, incons = this.incons, inconsList = this.inconsList;
    const nbr = this.nbr, nbrCost = this.nbrCost;
    const gen = this.gen, round = this.round, improve = IMPROVE;
    this.roundOver = false;
    for (;;) {
      // Drop stale entries: states expanded this round, or g beaten since the push.
      while (heap.length > 0 && (closed[heap.topNode()] === round || heap.topValue() !== g[heap.topNode()])) heap.pop();
      if (heap.length === 0) { this.roundOver = true; return true; }
      const fGoal = seen[goal] === gen ? g[goal] + eps * hv[goal] : Infinity;
      if (fGoal <= heap.topKey1()) { this.roundOver = true; return true; }
      if (this.expansions >= stopAt) return false;
      const n = heap.topNode();
      heap.pop();
      closed[n] = round;
      this.expansions++;
      this.roundExpansions++;
      if (trace) trace.push(n);
      const gn = g[n];
      const deg = space.successors(n, nbr, nbrCost);
      if (space.size > g.length) {
        // An implicit space interned new states: grow, keeping this query's.
        this.grow(space.size);
        g = this.g; hv = this.hv; parent = this.parent;
        seen = this.seen; closed = this.closed; incons = this.incons; inconsList = this.inconsList;
      }
      for (let i = 0; i < deg; i++) {
        const x = nbr[i];
        const c = nbrCost[i];
        if (!(c >= 0)) this.fail(badArcCost('ara', n, x, c, 'numbers >= 0 (Infinity: no arc)'));
        if ((x >>> 0) >= space.size) this.fail(badArcEnd('ara', n, x, space.size));
        const gx = gn + c;
        if (gx === Infinity && c < Infinity && gn < Infinity) this.fail(costOverflow('ara', n, x, gn, c));
        if (seen[x] !== gen) this.touch(x);
        else if (!(gx < g[x] * improve)) continue;
        // A dead end (h = Infinity) never goes on OPEN; the goal is never one.
        if (!(gx < Infinity) || (hv[x] === Infinity && x !== goal)) continue;
        g[x] = gx;
        parent[x] = n;
        if (closed[x] !== round) {
          heap.push(x, gx + eps * hv[x], hv[x], gx);
        } else if (incons[x] !== round) {
          // Expanded already this round: do not reopen, remember it for the next.
          incons[x] = round;
          inconsList[this.inconsCount++] = x;
        }
      }
    }
  }

  /**
   * Publishes the round: the path, and the bound from the states that may
   * still lower the goal's cost (OPEN and INCONS), which are also carried into
   * the next round.
   */
  private closeRound(eps: number): AraIteration {
    const heap = this.heap, g = this.g, hv = this.hv, closed = this.closed, round = this.round;
    const carry = this.carry, goal = this.goal;
    let count = 0;
    heap.forEach((n, _k1, _k2, gPushed) => {
      // A live OPEN entry: not expanded this round and still carrying n's g.
      if (closed[n] !== round && gPushed === g[n]) carry[count++] = n;
    });
    for (let i = 0; i < this.inconsCount; i++) carry[count++] = this.inconsList[i];
    this.carryCount = count;
    this.inconsCount = 0;
    const gGoal = g[goal];
    let lower = gGoal;
    for (let i = 0; i < count; i++) {
      const n = carry[i];
      const f = g[n] + hv[n];
      if (f < lower) lower = f;
    }
    const bound = gGoal === 0 ? 1 : Math.max(1, Math.min(eps, gGoal / lower));
    const path = pathTo(this.parent, goal);
    const it: AraIteration = {
      eps,
      path,
      cost: pathCost(this.space, path),
      expansions: this.roundExpansions,
      totalExpansions: this.expansions,
      bound,
      elapsedMs: this.roundMillis,
    };
    if (this.trace) it.expanded = Int32Array.from(this.trace);
    return it;
  }

  /** First sight of n in this query: g unknown, h evaluated once and cached. */
  private touch(n: number): void {
    const hn = this.h(n, this.goal);
    if (typeof hn !== 'number' || !(hn >= 0)) this.fail(badHeuristic('ara', n, this.goal, hn));
    this.seen[n] = this.gen;
    this.g[n] = Infinity;
    this.hv[n] = hn;
    this.parent[n] = -1;
    this.closed[n] = 0;
    this.incons[n] = 0;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, Math.ceil(this.g.length * 1.5));
    const f = (a: Float64Array) => { const b = new Float64Array(size); b.set(a); return b; };
    const i = (a: Int32Array) => { const b = new Int32Array(size); b.set(a); return b; };
    const u = (a: Uint32Array) => { const b = new Uint32Array(size); b.set(a); return b; };
    this.g = f(this.g); this.hv = f(this.hv);
    this.parent = i(this.parent); this.inconsList = i(this.inconsList); this.carry = i(this.carry);
    this.seen = u(this.seen); this.closed = u(this.closed); this.incons = u(this.incons);
  }
}

/**
 * ARA* from `start` to `goal` with heuristic `h` (admissible and consistent
 * for the bounds to hold), running the schedule until it ends, the bound
 * reaches 1, or a limit is reached. A start or goal that is not a node (or a
 * blocked grid cell), a bad option or schedule, or a heuristic or arc cost
 * that breaks its contract is an `InputError`.
 *
 * @example
 * ```ts
 * const r = ara(grid, start, goal, octile(grid), { schedule: [2.5, 1.5, 1], limits: { maxMillis: 50 } });
 * r.status; r.bound;                          // 'found' and 1 when optimal; 'stopped' with r.reason 'max-millis' ...
 * r.iterations.map((it) => [it.eps, it.cost, it.bound]); // a better path each round
 * ```
 */
export function ara(space: SearchSpace, start: number, goal: number, h: Heuristic, options: AraOptions = {}): AraResult {
  checkKeys(options, ARA_OPTIONS, 'ara');
  const s = new AraSearcher(space);
  s.begin(start, goal, h, options);
  return s.run();
}
