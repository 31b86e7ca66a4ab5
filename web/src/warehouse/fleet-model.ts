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

/** Plans `robots` robots of the scenario with `method`, on the library. */
export function planFleet(grid: Grid, scenText: string, robots: number, method: FleetMethod): FleetPlan {
  const tasks = fleetTasks(grid, scenText, robots);
  const t0 = performance.now();
  if (method === 'independent') {
    const paths = tasks.map((t) => findPath(grid, t.start, t.goal).path ?? [t.start]);
    const costs = paths.map((p) => p.length - 1);
    const sum = costs.reduce((s, c) => s + c, 0);
    return {
      method, robots, status: 'independent', reason: '', paths, sumOfCosts: sum, makespan: Math.max(0, ...costs), lowerBound: sum,
      conflicts: conflictsOf(paths), millis: performance.now() - t0,
    };
  }
  const r = method === 'cbs' ? cbs(grid, tasks, { limits: { maxMillis: CBS_MILLIS } }) : prioritizedPlan(grid, tasks);
  return {
    method, robots, status: r.status, reason: r.detail, paths: r.paths, sumOfCosts: r.sumOfCosts, makespan: r.makespan,
    lowerBound: r.lowerBound, conflicts: r.paths ? conflictsOf(r.paths) : [], millis: performance.now() - t0,
  };
}
