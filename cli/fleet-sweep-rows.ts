import type { Grid } from '#bestfirst';
import type { AgentTask } from '#bestfirst/mapf';
import { rowReader, type RowFormat } from './results-file.js';
import type { SharedGrid } from './scen-workers.js';
import { effortWords, planFleet, SOLVERS, type FleetBudget, type Solver } from './fleet-plan.js';

/**
 * One row of a fleet sweep: a scenario file's first `agents` rows planned
 * with one seed, and what the checker made of the plan. The whole report
 * (the row lines, the summary per agent count, the failures, the exit
 * status) is made from these rows and nothing else, so the report that
 * `bestfirst merge` makes from rows read back from `--jsonl` files is the
 * one the sweep itself prints.
 */
export interface FleetRow {
  /** The row's place in the sweep, from 0: scenario files in the order given, then agent counts, then seeds. */
  readonly row: number;
  readonly scen: string;
  readonly agents: number;
  readonly seed: number;
  /** Why CBS gave way to LaCAM*'s first plan, when it did. */
  readonly fallback?: string;
  readonly status: 'found' | 'unreachable' | 'stopped';
  readonly reason: string | null;
  /** The checker's verdict: null without a plan. */
  readonly valid: boolean | null;
  readonly detail: string | null;
  readonly failedAgent: number | null;
  readonly sumOfCosts: number | null;
  readonly makespan: number | null;
  readonly lowerBound: number | null;
  readonly highLevelNodes: number;
  readonly lowLevelExpansions: number;
  /** The row's planning time (CBS and its fallback together), ms; absent without times. */
  readonly elapsedMs?: number;
  /** LaCAM*'s, when it planned the row. */
  readonly lacam?: { readonly optimal: boolean; readonly sumOfLoss: number | null; readonly firstSumOfCosts: number | null; readonly firstPlanMs?: number | null; readonly plansFound: number };
  /** What is wrong with the row, as the report names it: an invalid plan. */
  readonly failure?: string;
}

/** What every thread of a sweep plans from: the map shared, every file's tasks in one shared table, and the sweep's lists. */
export interface SweepData {
  readonly grid: SharedGrid;
  /** Per file, its first (largest count) rows as start, goal cell pairs, the files one after another. */
  readonly tasks: Int32Array;
  /** Where each file's pairs begin in `tasks` (in pairs). */
  readonly offsets: readonly number[];
  readonly scens: readonly string[];
  readonly counts: readonly number[];
  readonly seeds: readonly number[];
  readonly solver: Solver;
  readonly budget: FleetBudget;
  readonly times: boolean;
  /** The rows to plan (their places in the sweep), in order; the pool's i-th query is todo[i]. */
  readonly todo: readonly number[];
}

/** The row's scenario file, agent count and seed, by its place in the sweep. */
export function rowParts(d: Pick<SweepData, 'counts' | 'seeds'>, row: number): { file: number; count: number; seed: number } {
  const e = d.seeds.length, c = d.counts.length;
  return { file: Math.floor(row / (c * e)), count: d.counts[Math.floor(row / e) % c], seed: d.seeds[row % e] };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const finite = (v: number) => (Number.isFinite(v) ? v : null);

/** Plans and checks row `row` of the sweep: the same code on the main thread and in every worker, so a row is the same whoever ran it (times aside). */
export function planRow(grid: Grid, d: SweepData, row: number): FleetRow {
  const { file, count, seed } = rowParts(d, row);
  const at = d.offsets[file];
  const tasks: AgentTask[] = [];
  for (let i = 0; i < count; i++) tasks.push({ start: d.tasks[2 * (at + i)], goal: d.tasks[2 * (at + i) + 1] });
  const p = planFleet(grid, tasks, d.solver, seed, d.budget);
  const { r, la, first, fallback } = p;
  return {
    row, scen: d.scens[file], agents: count, seed,
    ...(p.fellBack ? { fallback: `cbs stopped (${first.reason}) with no plan: ${first.detail}` } : {}),
    status: r.status, reason: r.reason, valid: p.check === null ? null : p.valid, detail: r.detail || p.invalid || null, failedAgent: r.failedAgent < 0 ? null : r.failedAgent,
    sumOfCosts: finite(r.sumOfCosts), makespan: finite(r.makespan), lowerBound: finite(r.lowerBound),
    highLevelNodes: r.highLevelNodes, lowLevelExpansions: r.lowLevelExpansions,
    ...(d.times ? { elapsedMs: round1(first.elapsedMs + (fallback?.elapsedMs ?? 0)) } : {}),
    ...(la === null ? {} : {
      lacam: {
        optimal: la.optimal, sumOfLoss: finite(la.sumOfLoss), firstSumOfCosts: finite(la.firstSumOfCosts),
        ...(d.times ? { firstPlanMs: Number.isFinite(la.firstPlanMs) ? round1(la.firstPlanMs) : null } : {}), plansFound: la.plansFound,
      },
    }),
    ...(p.check !== null && !p.valid ? { failure: `INVALID PLAN from ${p.fellBack ? 'lacam (after cbs)' : d.solver}: ${p.invalid}` } : {}),
  };
}

/** A row's plan, solved: a checked plan, whether or not a budget stopped the planner after it had one. */
export function solved(r: FleetRow): boolean { return r.valid === true; }

/** The `--json` record of a row (no paths: run fleet on the row alone for them); without `times`, no times. */
export function fleetRecord(r: FleetRow, times: boolean): Record<string, unknown> {
  const la = r.lacam;
  return {
    scen: r.scen, agents: r.agents, seed: r.seed, ...(r.fallback === undefined ? {} : { fallback: { solver: 'lacam', because: r.fallback } }),
    status: r.status, reason: r.reason, valid: r.valid, detail: r.detail, failedAgent: r.failedAgent,
    sumOfCosts: r.sumOfCosts, makespan: r.makespan, lowerBound: r.lowerBound, highLevelNodes: r.highLevelNodes, lowLevelExpansions: r.lowLevelExpansions,
    ...(times ? { elapsedMs: r.elapsedMs } : {}),
    ...(la === undefined ? {} : { optimal: la.optimal, sumOfLoss: la.sumOfLoss, firstSumOfCosts: la.firstSumOfCosts, ...(times ? { firstPlanMs: la.firstPlanMs } : {}), plansFound: la.plansFound }),
  };
}

/** A row as one line of a `--jsonl` file: its place in the sweep, its `--json` record, and the failure the report names. */
export function fleetLine(r: FleetRow, times: boolean): string {
  return JSON.stringify({ row: r.row, ...fleetRecord(r, times), ...(r.failure === undefined ? {} : { failure: r.failure }) });
}

/** A row read back from a `--jsonl` line (already JSON-parsed); `where` names the line in a refusal. */
export function fleetRowFromJson(v: unknown, where: string, times: boolean): FleetRow {
  const { o, bad, int } = rowReader(v, where, 'bestfirst fleet --jsonl');
  const intOrNull = (k: string) => (o[k] === null ? null : int(k));
  const num = (k: string) => { const x = o[k]; return x === null ? null : typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : bad(`${k} is not a number >= 0 or null`); };
  const str = (k: string) => (o[k] === null ? null : typeof o[k] === 'string' ? o[k] as string : bad(`${k} is not a string or null`));
  const status = o.status;
  if (status !== 'found' && status !== 'unreachable' && status !== 'stopped') return bad('status is not found, unreachable or stopped');
  const valid = o.valid === null || typeof o.valid === 'boolean' ? o.valid : bad('valid is not true, false or null');
  const fb = o.fallback as { because?: unknown } | undefined;
  if (fb !== undefined && (fb === null || typeof fb !== 'object' || typeof fb.because !== 'string')) bad('fallback is not { solver, because }');
  if (o.failure !== undefined && typeof o.failure !== 'string') bad('failure is not a string');
  const elapsed = times ? num('elapsedMs') ?? bad('elapsedMs is not a number >= 0') : undefined;
  const hasLacam = 'plansFound' in o;
  if (hasLacam && typeof o.optimal !== 'boolean') bad('optimal is not true or false');
  return {
    row: int('row'), scen: typeof o.scen === 'string' ? o.scen : bad('scen is not a string'), agents: int('agents'), seed: int('seed'),
    ...(fb === undefined ? {} : { fallback: fb.because as string }),
    status, reason: str('reason'), valid, detail: str('detail'), failedAgent: intOrNull('failedAgent'),
    sumOfCosts: num('sumOfCosts'), makespan: num('makespan'), lowerBound: num('lowerBound'), highLevelNodes: int('highLevelNodes'), lowLevelExpansions: int('lowLevelExpansions'),
    ...(times ? { elapsedMs: elapsed } : {}),
    ...(hasLacam ? {
      lacam: {
        optimal: o.optimal as boolean, sumOfLoss: num('sumOfLoss'), firstSumOfCosts: num('firstSumOfCosts'),
        ...(times ? { firstPlanMs: num('firstPlanMs') } : {}), plansFound: int('plansFound'),
      },
    } : {}),
    ...(o.failure === undefined ? {} : { failure: o.failure as string }),
  };
}

/** How a sweep's rows go into its --jsonl files and come back (--resume, merge). */
export const FLEET_ROWS: RowFormat<FleetRow> = {
  command: 'fleet', line: fleetLine, fromJson: fleetRowFromJson,
  otherMap: 'another map (or this map edited): the fingerprints of the maps differ', edited: 'another map, or the map edited',
};

/** What a sweep's report needs of its run, as its results files' headers carry it. */
export interface SweepJob {
  readonly title: string;
  readonly map: string;
  readonly solver: Solver;
  readonly counts: readonly number[];
  readonly rows: number;
}

/** The job of a fleet header's `run`, checked (a file may come from anywhere); null when it is not a sweep's. */
export function sweepJob(run: Readonly<Record<string, unknown>>): SweepJob | null {
  const { title, map, solver, agents, rows } = run;
  if (typeof title !== 'string' || typeof map !== 'string' || !SOLVERS.includes(solver as Solver) || !Number.isSafeInteger(rows)
    || !Array.isArray(agents) || agents.length === 0 || !agents.every((k) => Number.isSafeInteger(k) && (k as number) >= 1)) return null;
  return { title, map, solver: solver as Solver, counts: agents as number[], rows: rows as number };
}

/** "12.3 ms" with one decimal. */
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A row as the text report prints it, one line. */
export function rowText(r: FleetRow, solver: Solver, times: boolean): string {
  const who = `${r.scen}, ${r.agents} agent${r.agents === 1 ? '' : 's'}, seed ${r.seed}: `;
  const over = r.sumOfCosts !== null && r.lowerBound !== null && r.lowerBound > 0 ? ` (+${(100 * (r.sumOfCosts / r.lowerBound - 1)).toFixed(2)}%)` : '';
  const plan = r.valid === null
    ? `not solved (${r.status}${r.reason === null ? '' : `, ${r.reason}`}), lower bound ${r.lowerBound ?? 'none'}`
    : `${r.status === 'found' ? 'solved' : `solved, stopped by ${r.reason}`}${r.fallback === undefined ? '' : ' by LaCAM* after CBS stopped'}: sum of costs ${r.sumOfCosts}, makespan ${r.makespan}, lower bound ${r.lowerBound}${over}; plan ${r.valid ? 'checked valid' : 'INVALID'}`;
  return `${who}${plan}; ${effortWords(solver, r.fallback !== undefined, r.highLevelNodes, r.lowLevelExpansions)}${times && r.elapsedMs !== undefined ? `; ${ms(r.elapsedMs)}` : ''}`;
}

/** The median of `xs` (not empty), sorted here. */
function median(xs: number[]): number {
  const s = xs.sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/**
 * The summary of a sweep's rows (a shard's, or all of them), in row order:
 * one line per agent count that has rows (how many were solved, the sum of
 * costs over the lower bound, and with `times` the planning time per row),
 * then the totals. The sums are made in row order, so the same rows give the
 * same digits.
 */
export function sweepSummary(rows: readonly FleetRow[], counts: readonly number[], say: (line: string) => void, times: boolean): void {
  if (rows.length === 0) { say('rows 0 (no rows to run)'); return; }
  for (const k of counts) {
    const of = rows.filter((r) => r.agents === k);
    if (of.length === 0) continue; // a shard may hold none of a count's rows
    const ok = of.filter(solved);
    const ratios = ok.filter((r) => r.lowerBound! > 0).map((r) => r.sumOfCosts! / r.lowerBound!);
    const quality = ratios.length === 0 ? '' : `; sum of costs / lower bound: mean ${(ratios.reduce((a, b) => a + b, 0) / ratios.length).toFixed(4)}, worst ${Math.max(...ratios).toFixed(4)}`;
    const time = !times ? '' : `; ms per row: median ${median(of.map((r) => r.elapsedMs!)).toFixed(1)}, mean ${(of.reduce((a, r) => a + r.elapsedMs!, 0) / of.length).toFixed(1)}`;
    say(`agents ${k}: solved ${ok.length} of ${of.length} (${(100 * ok.length / of.length).toFixed(1)}%)${quality}${time}`);
  }
  const stopped = new Map<string, number>();
  for (const r of rows) if (r.valid === null && r.status === 'stopped') stopped.set(r.reason ?? 'stopped', (stopped.get(r.reason ?? 'stopped') ?? 0) + 1);
  const unreachable = rows.filter((r) => r.valid === null && r.status === 'unreachable').length;
  const why = [...[...stopped].map(([reason, n]) => `${n} stopped by ${reason}`), ...(unreachable > 0 ? [`${unreachable} unreachable`] : [])];
  say(`rows ${rows.length}: solved ${rows.filter(solved).length}, not solved ${rows.filter((r) => r.valid === null).length}${why.length > 0 ? ` (${why.join(', ')})` : ''}, invalid plans ${rows.filter((r) => r.valid === false).length}`);
}

/**
 * The warning for rows a wall-time limit ended (they depend on the machine
 * and its load, so two runs may differ there), and the last line of a sweep
 * that failed, with the exit status: 0 every plan valid, 1 an invalid plan.
 * Rows not solved are the sweep's data (its success rate), not failures.
 */
export function sweepVerdict(rows: readonly FleetRow[], err: (line: string) => void): number {
  const timed = rows.filter((r) => r.reason === 'max-millis' || (r.fallback !== undefined && r.fallback.startsWith('cbs stopped (max-millis)'))).length;
  if (timed > 0) err(`fleet: ${timed} row${timed === 1 ? '' : 's'} ended by the time limit: what ${timed === 1 ? 'it' : 'they'} found depends on the machine and its load; --max-expansions N sets a budget that ends alike on every machine`);
  const invalid = rows.filter((r) => r.valid === false).length;
  if (invalid === 0) return 0;
  err(`fleet: FAILED: ${invalid} invalid plan${invalid === 1 ? '' : 's'}`);
  return 1;
}
