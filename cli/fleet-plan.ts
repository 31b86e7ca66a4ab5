import type { Grid, Limits } from '#bestfirst';
import { cbs, checkMapfPlan, lacam, pibt, prioritizedPlan, type AgentTask, type LacamResult, type MapfPlanCheck, type MapfResult } from '#bestfirst/mapf';

/** The planners `fleet --solver` names. */
export const SOLVERS = ['prioritized', 'cbs', 'pibt', 'lacam'] as const;
export type Solver = (typeof SOLVERS)[number];

/** What one plan may spend: wall time (Infinity: none) and, when set, expansions (the unit each planner counts, see `--max-expansions`). */
export interface FleetBudget {
  readonly maxMs: number;
  readonly maxExpansions?: number;
  /** LaCAM*: improve the first plan within the budget (the library's default) or stop at it (false). */
  readonly anytime?: boolean;
}

/** One instance planned and checked: what `fleet` prints for one run, and what a sweep keeps of each row. */
export interface Planned {
  /** The solver's own result. */
  readonly first: MapfResult;
  /** LaCAM*'s first plan when CBS stopped with none, else null. */
  readonly fallback: LacamResult | null;
  /** The result the output reports: the fallback's when it planned, else the solver's. */
  readonly r: MapfResult;
  readonly fellBack: boolean;
  /** `r` as LaCAM's (with its first plan and quality), when LaCAM planned it. */
  readonly la: LacamResult | null;
  /** The independent checker's verdict on `r`'s plan; null without a plan. */
  readonly check: MapfPlanCheck | null;
  readonly valid: boolean;
  /** Why the plan is invalid, in words; '' when it is valid or there is none. */
  readonly invalid: string;
}

function limits(maxMs: number, maxExpansions: number | undefined): Limits {
  return { ...(Number.isFinite(maxMs) ? { maxMillis: maxMs } : {}), ...(maxExpansions === undefined ? {} : { maxExpansions }) };
}

/**
 * Plans `tasks` with `solver` within `budget`, then checks the plan with
 * `checkMapfPlan`: the one path from a scenario's agents to a verdict, for
 * `fleet` on one instance and for every row of a sweep, on any thread.
 */
export function planFleet(grid: Grid, tasks: readonly AgentTask[], solver: Solver, seed: number, budget: FleetBudget, onProgress?: (done: number) => void): Planned {
  const { maxMs, maxExpansions } = budget;
  const options = { limits: limits(maxMs, maxExpansions), ...(onProgress === undefined ? {} : { onProgress }) };
  const anytime = budget.anytime === undefined ? {} : { anytime: budget.anytime };
  const first: MapfResult = solver === 'cbs' ? cbs(grid, tasks, options) : solver === 'pibt' ? pibt(grid, tasks, { ...options, seed })
    : solver === 'lacam' ? lacam(grid, tasks, { ...options, seed, ...anytime }) : prioritizedPlan(grid, tasks, options);
  // CBS holds no valid plan until it has its optimal one: stopped by a budget, it has nothing to give. LaCAM* then
  // plans the same agents (its first plan, no anytime improvement) with a quarter of the time limit, at least a second
  // (and the same expansion budget), and the output says so: a plan of known quality is better than none.
  const fallback = solver === 'cbs' && first.paths === null && first.status === 'stopped'
    ? lacam(grid, tasks, { seed, limits: limits(Math.max(1000, maxMs / 4), maxExpansions), anytime: false }) : null;
  const r: MapfResult = fallback !== null && fallback.paths !== null ? fallback : first;
  const fellBack = r === fallback;
  const la = solver === 'lacam' || fellBack ? r as LacamResult : null;
  const check = r.paths === null ? null : checkMapfPlan(grid, tasks, r.paths);
  const valid = check !== null && check.ok && check.sumOfCosts === r.sumOfCosts && check.makespan === r.makespan;
  const invalid = check === null ? '' : !check.ok ? check.reason : valid ? '' : `the planner reports sum of costs ${r.sumOfCosts} and makespan ${r.makespan}, the checker counts ${check.sumOfCosts} and ${check.makespan}`;
  return { first, fallback, r, fellBack, la, check, valid, invalid };
}

/** A planner's effort in its own units: "120 constraint-tree nodes, 5400 time-space expansions" (the fallback's when LaCAM* planned after CBS). */
export function effortWords(solver: Solver, fellBack: boolean, highLevelNodes: number, lowLevelExpansions: number): string {
  return solver === 'cbs' && !fellBack ? `${highLevelNodes} constraint-tree nodes, ${lowLevelExpansions} time-space expansions`
    : solver === 'pibt' ? `${highLevelNodes} steps, ${lowLevelExpansions} agent moves tried`
      : solver === 'lacam' || fellBack ? `${highLevelNodes} configurations, ${lowLevelExpansions} constraints tried`
        : `${lowLevelExpansions} time-space expansions`;
}

/** "time limit 30000 ms", or with an expansion budget "expansion budget 5000, no time limit". */
export function budgetWords({ maxMs, maxExpansions }: FleetBudget): string {
  const time = Number.isFinite(maxMs) ? `time limit ${maxMs} ms` : 'no time limit';
  return maxExpansions === undefined ? time : `expansion budget ${maxExpansions}, ${time}`;
}
