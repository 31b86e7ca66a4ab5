import { findPath, type Grid } from '#bestfirst';
import { cbs, lacam, pibt, prioritizedPlan, type LacamOptions, type MapfResult } from '#bestfirst/mapf';
import { parseScen } from '#bestfirst/io';
import { DEFAULT_BUDGET } from './fleet-budget.js';

/**
 * How the robots are planned: together (prioritized, CBS, PIBT or LaCAM*),
 * or each alone, blind to the others. All of them plan one batch of tasks
 * (each robot one trip); the lifelong mode, where a robot that arrives draws
 * its next errand, is fleet-lifelong.ts.
 */
export type FleetMethod = 'prioritized' | 'cbs' | 'pibt' | 'lacam' | 'independent';

/** Two robots on one cell at one step (`b` -1), or two swapping cells between step t and t + 1. */
export interface Conflict { t: number; cell: number; a: number; b: number; swap: boolean }

/** A fleet's plan, as the widget shows it (plain data: it crosses from the worker). */
export interface FleetPlan {
  method: FleetMethod;
  robots: number;
  status: MapfResult['status'] | 'independent';
  reason: string;
  /** paths[i][t]: robot i's cell at step t, until it arrives (it stays there after). */
  paths: number[][] | null;
  sumOfCosts: number;
  makespan: number;
  lowerBound: number;
  conflicts: Conflict[];
  /** The time budget the planner was given, in milliseconds. */
  budgetMillis: number;
  /** Which limit stopped the planner (the library's `reason`: max-millis, max-nodes, incomplete…), else null. */
  stop: string | null;
  /** LaCAM* only (else null): how its anytime search went. */
  anytime: FleetAnytime | null;
  /** waits[i]: the steps t at which robot i stays where it was at t - 1, before its last arrival (waitSteps). */
  waits: number[][];
  /**
   * meetings[i]: where robot i would have run into another robot of this
   * plan (`a` is i, `b` the other) had it taken its own shortest path alone
   * (the library's A*) and stayed on its goal after: the conflicts the
   * planner had to resolve for it, by a wait or a detour of one of the two
   * (soloMeetings). Empty for robots planned alone: their collisions are `conflicts`.
   */
  meetings: Conflict[][];
  /** The planner's own time (the library's `elapsedMs`), or the paths' for robots alone. */
  millis: number;
}

/** What LaCAM* says of its search: its first plan, how often it bettered it, and how much search it did. */
export interface FleetAnytime {
  firstPlanMs: number;
  firstSumOfCosts: number;
  plansFound: number;
  /** The search was exhausted: no plan has a smaller sum of loss. */
  optimal: boolean;
  sumOfLoss: number;
  /** Constraint nodes tried (`lowLevelExpansions`): the same search, replayed with `limits.maxExpansions` set to this, ends on the same plan. */
  tried: number;
}

/** At most this many conflicts are listed (independent paths on a crowded map can have thousands). */
export const MAX_CONFLICTS = 500;
/**
 * LaCAM*'s options in the widget besides its time: a fixed seed, so a plan
 * can be told again, and a bound on the search it keeps of 2^23 agent cells
 * (some 75 MB, a quarter of the library's default: a browser tab is not a
 * server). Past it LaCAM* stops with the best plan it has, and says so.
 */
export const FLEET_LACAM: Readonly<Pick<LacamOptions, 'seed' | 'maxNodes'>> = { seed: 0, maxNodes: 2 ** 23 };
/** PIBT's seed in the widget. */
export const FLEET_PIBT_SEED = 0;

/** The first `robots` tasks of the benchmark's scenario file. */
export function fleetTasks(grid: Grid, scenText: string, robots: number): { start: number; goal: number }[] {
  return parseScen(scenText, 'warehouse-10-20-10-2-1-random-1.scen').slice(0, robots)
    .map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
}

/** Every vertex and swap conflict of `paths` (robots wait on their goal after arriving), the first MAX_CONFLICTS. */
export function conflictsOf(paths: readonly (readonly number[])[]): Conflict[] {
  const out: Conflict[] = [];
  const horizon = Math.max(0, ...paths.map((p) => p.length - 1));
  const at = (p: readonly number[], t: number) => p[Math.min(t, p.length - 1)];
  for (let t = 0; t <= horizon && out.length < MAX_CONFLICTS; t++) {
    const here = new Map<number, number>();
    paths.forEach((p, i) => {
      const c = at(p, t), j = here.get(c);
      if (j === undefined) here.set(c, i);
      else if (out.length < MAX_CONFLICTS) out.push({ t, cell: c, a: j, b: i, swap: false });
    });
    if (t === horizon) break;
    const moves = new Map<string, number>();
    paths.forEach((p, i) => { const u = at(p, t), v = at(p, t + 1); if (u !== v) moves.set(`${u}>${v}`, i); });
    paths.forEach((p, i) => {
      const u = at(p, t), v = at(p, t + 1), j = moves.get(`${v}>${u}`);
      if (u !== v && j !== undefined && j > i && out.length < MAX_CONFLICTS) out.push({ t, cell: u, a: i, b: j, swap: true });
    });
  }
  return out;
}

/** The steps at which a path stays put (path[t] === path[t - 1]) before it reaches its goal for the last time. */
export function waitSteps(path: readonly number[]): number[] {
  let end = path.length - 1;
  while (end > 0 && path[end - 1] === path[path.length - 1]) end--;
  const out: number[] = [];
  for (let t = 1; t <= end; t++) if (path[t] === path[t - 1]) out.push(t);
  return out;
}

/** At most this many meetings are listed per robot. */
export const MAX_MEETINGS = 50;

/**
 * For each robot i, where its shortest path alone, `solo[i]` (then staying
 * on its goal), meets the other robots' paths of the plan `paths` (each
 * staying on its goal after its end): on one cell at one step, or swapping
 * two cells between t and t + 1. These are the conflicts the plan resolved
 * for i: it waited or went round, or the other robot did.
 */
export function soloMeetings(paths: readonly (readonly number[])[], solo: readonly (readonly number[])[]): Conflict[][] {
  const horizon = Math.max(0, ...paths.map((p) => p.length - 1), ...solo.map((p) => p.length - 1));
  const at = (p: readonly number[], t: number) => p[Math.min(t, p.length - 1)];
  // Who is where at each step, under the plan: one robot a cell at a time, as the plan keeps no conflicts.
  const where: Map<number, number>[] = [];
  for (let t = 0; t <= horizon; t++) {
    const m = new Map<number, number>();
    paths.forEach((p, j) => m.set(at(p, t), j));
    where.push(m);
  }
  return solo.map((s, i) => {
    const out: Conflict[] = [];
    for (let t = 0; t <= horizon && out.length < MAX_MEETINGS; t++) {
      const c = at(s, t), j = where[t].get(c);
      if (j !== undefined && j !== i) out.push({ t, cell: c, a: i, b: j, swap: false });
      if (t === horizon) break;
      const next = at(s, t + 1), k = where[t].get(next);
      // A swap: robot k stands on i's next cell at t and on i's cell at t + 1.
      if (next !== c && k !== undefined && k !== i && at(paths[k], t + 1) === c) out.push({ t, cell: c, a: i, b: k, swap: true });
    }
    return out;
  });
}

/** How `planFleet` runs: its time budget, and a progress callback (done, total) for the widget's status line. */
export interface FleetRun {
  millis?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Plans `robots` robots of the scenario with `method`, on the library, within `run.millis` (DEFAULT_BUDGET). */
export function planFleet(grid: Grid, scenText: string, robots: number, method: FleetMethod, run: FleetRun = {}): FleetPlan {
  const tasks = fleetTasks(grid, scenText, robots);
  const budgetMillis = run.millis ?? DEFAULT_BUDGET;
  const t0 = performance.now();
  // Each robot's shortest path with the floor to itself.
  const solos = () => tasks.map((t) => findPath(grid, t.start, t.goal).path ?? [t.start]);
  if (method === 'independent') {
    const paths = solos();
    const costs = paths.map((p) => p.length - 1);
    const sum = costs.reduce((s, c) => s + c, 0);
    return {
      method, robots, status: 'independent', reason: '', paths, sumOfCosts: sum, makespan: Math.max(0, ...costs), lowerBound: sum,
      conflicts: conflictsOf(paths), budgetMillis, stop: null, anytime: null,
      waits: paths.map(waitSteps), meetings: paths.map(() => []), millis: performance.now() - t0,
    };
  }
  const opts = { limits: { maxMillis: budgetMillis }, onProgress: run.onProgress };
  let anytime: FleetAnytime | null = null;
  let r: MapfResult;
  if (method === 'lacam') {
    const l = lacam(grid, tasks, { ...opts, ...FLEET_LACAM });
    anytime = {
      firstPlanMs: l.firstPlanMs, firstSumOfCosts: l.firstSumOfCosts, plansFound: l.plansFound, optimal: l.optimal,
      sumOfLoss: l.sumOfLoss, tried: l.lowLevelExpansions,
    };
    r = l;
  } else if (method === 'pibt') r = pibt(grid, tasks, { ...opts, seed: FLEET_PIBT_SEED });
  else if (method === 'cbs') r = cbs(grid, tasks, opts);
  else r = prioritizedPlan(grid, tasks, opts);
  return {
    method, robots, status: r.status, reason: r.detail, paths: r.paths, sumOfCosts: r.sumOfCosts, makespan: r.makespan,
    lowerBound: r.lowerBound, conflicts: r.paths ? conflictsOf(r.paths) : [], budgetMillis, stop: r.reason, anytime,
    waits: r.paths ? r.paths.map(waitSteps) : [], meetings: r.paths ? soloMeetings(r.paths, solos()) : [], millis: r.elapsedMs,
  };
}
