import { InputError, show } from './errors.js';
import { checkBudget, checkKeys } from './input-checks.js';

/**
 * The one budget option of every search in the library (`limits`): work,
 * wall time and a caller's `AbortSignal`. A search that reaches one ends with
 * status `stopped` and says which in `reason`; it never throws for it.
 */
export interface Limits {
  /** Stop after this many expansions (pops of a node to expand): a number >= 0. Default: no limit. */
  maxExpansions?: number;
  /** Stop once this many milliseconds have passed since the query began: a number >= 0. Default: no limit. */
  maxMillis?: number;
  /** Stop when this signal is aborted (already aborted: before the first expansion): an `AbortSignal`. */
  signal?: LimitSignal;
}

/**
 * What a search reads of its `signal`: an `AbortSignal` (from an
 * `AbortController`) is one. Declared here rather than as `AbortSignal` so
 * the types need neither the DOM's nor Node's declarations.
 */
export interface LimitSignal {
  /** True once the caller has aborted. */
  readonly aborted: boolean;
}

/**
 * Why a search stopped before it knew the answer: the expansion budget, the
 * time budget, the signal (or `cancel()`), a limit of the algorithm's own
 * (`max-depth`: depth-first search's depth limit; `max-nodes`: CBS's
 * constraint-tree nodes), or `incomplete`: an algorithm that is not complete
 * gave up (prioritized planning, when an agent finds no path around those
 * planned before it; another order may still solve the instance).
 */
export type StopReason = 'max-expansions' | 'max-millis' | 'aborted' | 'max-depth' | 'max-nodes' | 'incomplete';

/** A slice of a sliced search (`advance`): at most this much work now, then back to the caller. */
export interface Slice {
  /** Expansions in this slice: a number >= 0. Default: no limit. */
  maxExpansions?: number;
  /** Milliseconds in this slice, from the call: a number >= 0. Default: no limit. */
  maxMillis?: number;
}

const LIMIT_KEYS: readonly (keyof Limits)[] = ['maxExpansions', 'maxMillis', 'signal'];
const SLICE_KEYS: readonly (keyof Slice)[] = ['maxExpansions', 'maxMillis'];

/**
 * How often (in expansions) a loop that checks time and the signal looks at
 * the clock: one `performance.now()` per 1024 expansions costs nothing
 * measurable, and 1024 grid expansions take well under a millisecond.
 */
export const CLOCK_EVERY = 1024;

/** Reads `performance.now()`: milliseconds, monotonic, in Node and the browser alike. */
export const now = (): number => performance.now();

/**
 * A query's limits, checked and made absolute at its start: the expansion
 * cap, the deadline on `now()` and the signal. `Infinity` and `null` mean
 * none; `timed` is false when neither a deadline nor a signal is set, so a
 * loop can skip the clock entirely.
 */
export class Budget {
  /** Expansions allowed in all. */
  readonly maxExpansions: number;
  /** `now()` past which the query stops. */
  readonly deadline: number;
  /** The caller's signal, or null. */
  readonly signal: LimitSignal | null;
  /** Whether the clock or the signal must be read at all. */
  readonly timed: boolean;

  constructor(maxExpansions = Infinity, maxMillis = Infinity, signal: LimitSignal | null = null) {
    this.maxExpansions = maxExpansions;
    this.deadline = maxMillis === Infinity ? Infinity : now() + maxMillis;
    this.signal = signal;
    this.timed = this.deadline !== Infinity || signal !== null;
  }

  /**
   * Why the query must stop now, after `expansions` expansions, or null: the
   * signal first, then the clock, then the expansion cap. Cheap enough for a
   * loop to call every `CLOCK_EVERY` expansions.
   */
  stopReason(expansions: number): StopReason | null {
    if (this.signal !== null && this.signal.aborted) return 'aborted';
    if (this.pastDeadline()) return 'max-millis';
    if (expansions >= this.maxExpansions) return 'max-expansions';
    return null;
  }

  /** Whether the deadline has passed (a slice's end in time; false without one). */
  pastDeadline(): boolean {
    return this.deadline !== Infinity && now() >= this.deadline;
  }

  /**
   * The expansion count at which a loop must next come back to check: the
   * cap itself when nothing is timed, else at most `CLOCK_EVERY` from here.
   */
  nextCheck(expansions: number): number {
    return this.timed ? Math.min(this.maxExpansions, expansions + CLOCK_EVERY) : this.maxExpansions;
  }
}

/** No limits at all: what a query without `limits` runs on. */
export const UNLIMITED = new Budget();

/**
 * Checks a `limits` option (`where` names the caller in the message) and
 * makes its budget, starting the clock now. Undefined is no limit; a key
 * not listed, a negative or non-number budget, or a signal that is not an
 * `AbortSignal` is an `InputError`.
 */
export function checkLimits(limits: unknown, where: string): Budget {
  if (limits === undefined) return UNLIMITED;
  checkKeys(limits, LIMIT_KEYS, `${where}: limits`, 'limit');
  const l = limits as Limits;
  const maxExpansions = checkBudget(l.maxExpansions, `${where}: limits.maxExpansions`);
  const maxMillis = checkBudget(l.maxMillis, `${where}: limits.maxMillis`);
  const signal = l.signal;
  if (signal !== undefined && !isAbortSignal(signal)) throw new InputError(`${where}: limits.signal must be an AbortSignal, got ${show(signal)}`);
  if (maxExpansions === Infinity && maxMillis === Infinity && signal === undefined) return UNLIMITED;
  return new Budget(maxExpansions, maxMillis, signal ?? null);
}

/** Checks a slice of `advance` and makes its budget, starting its clock now. */
export function checkSlice(slice: unknown, where: string): Budget {
  if (slice === undefined) return UNLIMITED;
  checkKeys(slice, SLICE_KEYS, `${where}: slice`, 'limit');
  const s = slice as Slice;
  return new Budget(checkBudget(s.maxExpansions, `${where}: slice.maxExpansions`), checkBudget(s.maxMillis, `${where}: slice.maxMillis`));
}

/** An AbortSignal, or anything shaped like one (a polyfill's): `aborted` and `addEventListener`. */
function isAbortSignal(v: unknown): v is LimitSignal {
  if (typeof AbortSignal !== 'undefined' && v instanceof AbortSignal) return true;
  const o = v as { aborted?: unknown; addEventListener?: unknown } | null;
  return o !== null && typeof o === 'object' && typeof o.aborted === 'boolean' && typeof o.addEventListener === 'function';
}
