import { COST_TO_COME, GridSearcher, InputError, Searcher, type Grid, type PathSearcher, type Priority, type QueryOptions } from '#bestfirst';
import { checkPath, sameLength, withinBound, type Guarantee } from '#bestfirst/grid';
import type { Scenario } from '#bestfirst/io';
import type { Algo, Runner } from './algos.js';
import { rowReader, type RowFormat } from './results-file.js';
import { partialOptions } from './terrain.js';

/**
 * One row of a `scen` run, judged: what the search found and what the check
 * made of it. The whole report (the summary, the failures named, the exit
 * status) is made from these rows and nothing else, so a report made from
 * rows read back from `--jsonl` files (`bestfirst merge`) is the one the run
 * itself prints.
 */
export interface ScenRow {
  /** The row's place in the run's batch, from 0 (file order; the sample's order with --sample). */
  readonly row: number;
  /** The scenario's line in its file. */
  readonly line: number;
  readonly start: readonly [number, number];
  readonly goal: readonly [number, number];
  readonly found: boolean;
  /** No path, and the reference agrees there is none: no failure. */
  readonly unreachable: boolean;
  /** With `unreachable`: answered with a partial path (--partial). */
  readonly partial: boolean;
  /** The search's cost when it found a path, else null (null too when unreachable). */
  readonly cost: number | null;
  /** The optimum the path is held to: Infinity when the reference finds none; null when unreachable. */
  readonly optimum: number | null;
  readonly expansions: number;
  /** Microseconds the search took (0 when the run keeps no times). */
  readonly micros: number;
  readonly valid: boolean;
  readonly optimal: boolean;
  /** Why the path is invalid (only then). */
  readonly reason?: string;
  /** What is wrong with the row, as the report names it: an invalid path or a broken promise. */
  readonly failure?: string;
}

/**
 * How scen judges: `reference` computes each optimum by Dijkstra on the grid
 * (the published ones assume the benchmark's terrain), and an unreachable
 * goal it confirms is no failure; `partial` asks for partial paths.
 */
export interface Judging { readonly reference: boolean; readonly partial: boolean }

/**
 * Runs and judges one row at a time with one reusable searcher and one path
 * buffer: the same code on the main thread and in every worker, so the rows
 * are the same whoever ran them (times aside).
 */
export class ScenJudge {
  private readonly searcher: PathSearcher;
  private readonly options: object;
  private readonly oracle: PathSearcher<QueryOptions & { priority?: Priority }> | null;
  /** The path buffer: small at first, grown when a path does not fit (a whole map's worth is 4 bytes a cell, on every thread). */
  private buf = new Int32Array(1024);

  constructor(private readonly grid: Grid, private readonly algo: Algo, runner: Runner, judging: Judging, private readonly times = true) {
    this.searcher = runner.searcher;
    this.options = judging.partial ? partialOptions(algo, runner.options) : runner.options;
    // The reference of --terrain: Dijkstra on the same weighed grid, by the other loop of the engine where it can.
    this.oracle = judging.reference ? (grid.enterCost < 0 ? new GridSearcher(grid) : new Searcher(grid)) : null;
  }

  /** The last path into `buf` (grown until it fits; a buffer of the map's size always does); its node count. */
  private pathCount(): number {
    for (;;) {
      try {
        return this.searcher.pathInto(this.buf);
      } catch (e) {
        if (!(e instanceof InputError) || this.buf.length >= this.grid.size) throw e;
        this.buf = new Int32Array(Math.min(this.grid.size, this.buf.length * 8));
      }
    }
  }

  judge(row: number, s: Pick<Scenario, 'line' | 'startX' | 'startY' | 'goalX' | 'goalY' | 'optimal'>): ScenRow {
    const { grid, searcher, algo, oracle } = this;
    const start = s.startY * grid.width + s.startX, goal = s.goalY * grid.width + s.goalX;
    const t0 = this.times ? performance.now() : 0;
    const status = searcher.search(start, goal, this.options);
    const micros = this.times ? (performance.now() - t0) * 1000 : 0;
    const found = status === 'found';
    const optimum = oracle === null ? s.optimal : oracle.search(start, goal, { priority: COST_TO_COME }) === 'found' ? oracle.cost : Infinity;
    const at = { row, line: s.line, start: [s.startX, s.startY] as const, goal: [s.goalX, s.goalY] as const, found, expansions: searcher.expansions, micros };
    if (!found && optimum === Infinity && status === 'unreachable') {
      // No path, and the reference agrees: not a failure. A partial path must still be legal.
      const count = this.pathCount(), buf = this.buf;
      const check = count > 0 ? checkPath(grid, buf, start, buf[count - 1], count) : null;
      const valid = check === null || check.ok;
      return {
        ...at, unreachable: true, partial: count > 0, cost: null, optimum: null, valid, optimal: false,
        ...(check !== null && !check.ok ? { reason: check.reason, failure: `invalid partial path: ${check.reason}` } : {}),
      };
    }
    const count = found ? this.pathCount() : 0, buf = this.buf;
    const check = found ? algo.check(grid, buf, start, goal, count) : { ok: false as const, reason: `no path found (${status})${optimum < Infinity && oracle !== null ? `, the reference finds one of cost ${optimum}` : ''}` };
    let valid = check.ok;
    let reason = check.ok ? '' : check.reason;
    // The reported cost must be the length of the path it came with.
    if (check.ok && Math.abs(searcher.cost - check.length) > 1e-9 * Math.max(1, check.length)) {
      valid = false;
      reason = `reported cost ${searcher.cost} but the path is ${check.length} long`;
    }
    const length = check.ok ? check.length : Infinity;
    const isOptimal = valid && sameLength(length, optimum);
    const base = { ...at, unreachable: false, partial: false, cost: found ? searcher.cost : null, optimum, valid, optimal: isOptimal };
    if (!valid) return { ...base, reason, failure: `invalid: ${reason}` };
    const keeps = algo.promise === 'optimal' ? isOptimal : algo.promise === 'bounded' ? withinBound(length, optimum, algo.bound)
      : algo.promise === 'any-angle' ? withinBound(length, optimum, 1) && length >= Math.hypot(s.goalX - s.startX, s.goalY - s.startY) * (1 - 1e-9) : true;
    if (keeps) return base;
    const promise = algo.promise === 'optimal' ? 'the optimum' : algo.promise === 'any-angle' ? 'at most the optimum and at least the straight line' : `at most ${algo.bound} x the optimum`;
    return { ...base, failure: `cost ${length}, optimum ${optimum} (ratio ${(length / optimum).toFixed(6)}), ${algo.name} promises ${promise}` };
  }
}

/** The `--json` record of a row, as scen has always printed it; without `times`, no elapsedMs. */
export function rowRecord(r: ScenRow, times: boolean): Record<string, unknown> {
  const elapsed = times ? { elapsedMs: Math.round(r.micros) / 1000 } : {};
  if (r.unreachable) {
    return { line: r.line, start: r.start, goal: r.goal, found: r.found, partial: r.partial, optimum: null, expansions: r.expansions, ...elapsed, valid: r.valid };
  }
  return {
    line: r.line, start: r.start, goal: r.goal, found: r.found, cost: r.cost, optimum: r.optimum, expansions: r.expansions,
    ...elapsed, valid: r.valid, optimal: r.optimal, ...(r.valid ? {} : { reason: r.reason }),
  };
}

/** A row as one line of a `--jsonl` file: its place in the batch, the `--json` record, and the failure the report names. */
export function rowLine(r: ScenRow, times: boolean): string {
  return JSON.stringify({ row: r.row, ...rowRecord(r, times), ...(r.failure === undefined ? {} : { failure: r.failure }) });
}

/** A row read back from a `--jsonl` line (already JSON-parsed); `where` names the line in a refusal. */
export function rowFromJson(v: unknown, where: string, times: boolean): ScenRow {
  const { o, bad, int } = rowReader(v, where, 'bestfirst scen --jsonl');
  const bool = (k: string) => (typeof o[k] === 'boolean' ? o[k] as boolean : bad(`${k} is not true or false`));
  const num = (k: string) => (o[k] === null ? null : typeof o[k] === 'number' && Number.isFinite(o[k]) ? o[k] as number : bad(`${k} is not a number or null`));
  const str = (k: string) => (o[k] === undefined ? undefined : typeof o[k] === 'string' ? o[k] as string : bad(`${k} is not a string`));
  const pair = (k: string): [number, number] => {
    const p = o[k];
    return Array.isArray(p) && p.length === 2 && p.every((x) => Number.isSafeInteger(x)) ? [p[0] as number, p[1] as number] : bad(`${k} is not [x, y]`);
  };
  const elapsed = o.elapsedMs;
  if (times && !(typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0)) bad('elapsedMs is not a number >= 0');
  const unreachable = !('optimal' in o);
  const reason = str('reason'), failure = str('failure');
  return {
    row: int('row'), line: int('line'), start: pair('start'), goal: pair('goal'), found: bool('found'), unreachable,
    partial: unreachable ? bool('partial') : false, cost: unreachable ? null : num('cost'),
    // JSON has no Infinity: a reachable row's null optimum is the reference finding no path.
    optimum: unreachable ? null : num('optimum') ?? Infinity,
    expansions: int('expansions'), micros: times ? (elapsed as number) * 1000 : 0, valid: bool('valid'), optimal: unreachable ? false : bool('optimal'),
    ...(reason === undefined ? {} : { reason }), ...(failure === undefined ? {} : { failure }),
  };
}

/** How scen's rows go into its --jsonl files and come back (--resume, merge). */
export const SCEN_ROWS: RowFormat<ScenRow> = {
  command: 'scen', line: rowLine, fromJson: rowFromJson,
  otherMap: 'another map (or this map edited, or other --terrain): the fingerprints of the maps differ', edited: 'another map, or the map edited',
};

/** What one run of a scenario file found; the command prints it, tests read it. */
export interface ScenSummary {
  queries: number;
  optimal: number;
  /** Problems with no path, where the reference (Dijkstra on a --terrain or 4-connected map) agrees there is none. */
  unreachable: number;
  /** Of those, the ones answered with a partial path (--partial), each checked legal. */
  partial: number;
  invalid: number;
  /** Valid paths whose cost breaks the algorithm's promise. */
  broken: number;
  medianMicroseconds: number;
  meanMicroseconds: number;
  meanExpansions: number;
  /** Largest cost / optimum over valid paths with optimum > 0 (1 when there are none). */
  worstRatio: number;
  /** Mean cost / optimum over valid paths with optimum > 0 (1 when there are none). */
  meanRatio: number;
  /** Milliseconds the searcher's preprocessing of the map took (jps-plus, subgoal4, subgoal8, preprocessed8), else undefined. */
  buildMs?: number;
  /** Milliseconds loading the `--saved` preprocessing took, else undefined. */
  loadMs?: number;
}

/** The summary of `rows` (in batch order: the sums are made in that order, so the same rows give the same digits). */
export function summarize(rows: readonly ScenRow[], built: { buildMs?: number; loadMs?: number } = {}): ScenSummary {
  const n = rows.length;
  const micros = new Float64Array(n);
  let optimal = 0, invalid = 0, broken = 0, expansions = 0, worst = 1, unreachable = 0, partials = 0, ratioSum = 0, ratios = 0, total = 0;
  rows.forEach((r, q) => {
    micros[q] = r.micros;
    total += r.micros;
    expansions += r.expansions;
    if (r.unreachable) {
      unreachable++;
      if (r.partial) partials++;
      if (!r.valid) invalid++;
      return;
    }
    if (!r.valid) { invalid++; return; }
    if (r.optimal) optimal++;
    if (r.failure !== undefined) broken++;
    const optimum = r.optimum!, cost = r.cost!;
    if (optimum > 0) {
      if (cost / optimum > worst) worst = cost / optimum;
      ratioSum += cost / optimum;
      ratios++;
    }
  });
  const sorted = micros.sort();
  const median = n === 0 ? 0 : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return {
    queries: n, optimal, invalid, broken, unreachable, partial: partials,
    medianMicroseconds: median, meanMicroseconds: n ? total / n : 0,
    meanExpansions: n ? expansions / n : 0, worstRatio: worst, meanRatio: ratios ? ratioSum / ratios : 1, ...built,
  };
}

/** How many failures are named on stderr before the rest are only counted. */
const MAX_REPORTED = 10;

/** Names the failing rows on stderr as they come, the first MAX_REPORTED of them. */
export function failureReporter(say: (line: string) => void, scenName: string): (r: ScenRow) => void {
  let reported = 0;
  return (r) => {
    if (r.failure === undefined) return;
    if (reported++ < MAX_REPORTED) say(`${scenName}:${r.line}: (${r.start[0]},${r.start[1]}) -> (${r.goal[0]},${r.goal[1]}): ${r.failure}`);
    else if (reported === MAX_REPORTED + 1) say('(more failures not shown)');
  };
}

/** The summary lines; without `times` the lines of times are left out, so that two runs of the same rows print the same bytes. */
export function printSummary(s: ScenSummary, algo: { promise: Guarantee; bound: number }, say: (line: string) => void, times = true): void {
  if (s.queries === 0) { say('queries 0 (no rows to run)'); return; }
  const pct = (100 * s.optimal) / s.queries;
  if (algo.promise === 'any-angle') {
    // The published optimum is the grid moves' one: an any-angle path is measured against it, not held to it.
    say(`queries ${s.queries}, invalid ${s.invalid}`);
    say(`length / optimum of the grid's moves: mean ${s.meanRatio.toFixed(6)} (${(100 * (1 - s.meanRatio)).toFixed(2)}% shorter), worst ${s.worstRatio.toFixed(6)}`);
  } else say(`queries ${s.queries}, optimal ${pct.toFixed(2)}% (${s.optimal}), invalid ${s.invalid}`);
  if (s.unreachable > 0) say(`unreachable ${s.unreachable} (the reference agrees)${s.partial > 0 ? `, ${s.partial} answered with a partial path` : ''}`);
  if (times && s.buildMs !== undefined) say(`preprocessing ${s.buildMs.toFixed(1)} ms (once for the map, before the queries)`);
  if (times && s.loadMs !== undefined) say(`preprocessing loaded in ${s.loadMs.toFixed(1)} ms (--saved; before the queries)`);
  if (times) say(`microseconds per query: median ${s.medianMicroseconds.toFixed(1)}, mean ${s.meanMicroseconds.toFixed(1)}`);
  say(`expansions per query: mean ${s.meanExpansions.toFixed(1)}`);
  if (algo.promise === 'bounded' || algo.promise === 'none') {
    say(`worst cost / optimum ${s.worstRatio.toFixed(6)}${algo.promise === 'bounded' ? ` (promised <= ${algo.bound})` : ' (no promise)'}`);
  }
}

/** The last line of a report that failed, and the exit status: 0 clean, 1 a failure. */
export function verdict(s: ScenSummary, algoName: string, err: (line: string) => void): number {
  if (s.invalid === 0 && s.broken === 0) return 0;
  err(`scen: FAILED: ${s.invalid} invalid path${s.invalid === 1 ? '' : 's'}, ${s.broken} breaking the ${algoName} promise`);
  return 1;
}
