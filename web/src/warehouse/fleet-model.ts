import { findPath, type Grid } from '#bestfirst';
import { cbs, prioritizedPlan, type MapfResult } from '#bestfirst/mapf';
import { parseScen } from '#bestfirst/io';

/** How the robots are planned: together (prioritized or CBS), or each alone, blind to the others. */
export type FleetMethod = 'prioritized' | 'cbs' | 'independent';

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
  millis: number;
}

/** At most this many conflicts are listed (independent paths on a crowded map can have thousands). */
export const MAX_CONFLICTS = 500;
/** CBS stops after this long and says so: the widget never waits forever. */
export const CBS_MILLIS = 8000;

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

/** Plans `robots` robots of the scenario with `method`, on the library. */
export function planFleet(grid: Grid, scenText: string, robots: number, method: FleetMethod): FleetPlan {
  const tasks = fleetTasks(grid, scenText, robots);
  const t0 = performance.now();
  // Each robot's shortest path with the floor to itself.
  const solos = () => tasks.map((t) => findPath(grid, t.start, t.goal).path ?? [t.start]);
  if (method === 'independent') {
    const paths = solos();
    const costs = paths.map((p) => p.length - 1);
    const sum = costs.reduce((s, c) => s + c, 0);
    return {
      method, robots, status: 'independent', reason: '', paths, sumOfCosts: sum, makespan: Math.max(0, ...costs), lowerBound: sum,
      conflicts: conflictsOf(paths), waits: paths.map(waitSteps), meetings: paths.map(() => []), millis: performance.now() - t0,
    };
  }
  const r = method === 'cbs' ? cbs(grid, tasks, { limits: { maxMillis: CBS_MILLIS } }) : prioritizedPlan(grid, tasks);
  const millis = performance.now() - t0;
  return {
    method, robots, status: r.status, reason: r.detail, paths: r.paths, sumOfCosts: r.sumOfCosts, makespan: r.makespan,
    lowerBound: r.lowerBound, conflicts: r.paths ? conflictsOf(r.paths) : [],
    waits: r.paths ? r.paths.map(waitSteps) : [], meetings: r.paths ? soloMeetings(r.paths, solos()) : [], millis,
  };
}
