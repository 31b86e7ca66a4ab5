import { InputError, show } from '../core/errors.js';
import { Grid } from '../grid/grid.js';

/** One agent's task: the cell it starts on and the cell it must end on (grid ids). */
export interface AgentTask {
  /** The cell the agent is on at step 0. */
  readonly start: number;
  /** The cell it must end on, and then stays on. */
  readonly goal: number;
}

/** A plan that keeps every rule, with its costs. */
export interface MapfPlanOk {
  /** Every rule holds. */
  readonly ok: true;
  /** The sum of the agents' costs. */
  readonly sumOfCosts: number;
  /** The largest agent cost: the step at which the last agent arrives for good. */
  readonly makespan: number;
  /** Each agent's cost: the steps until it reaches its goal for the last time. */
  readonly costs: readonly number[];
}

/** A plan that breaks a rule. */
export interface MapfPlanBroken {
  /** A rule is broken. */
  readonly ok: false;
  /** The first broken rule found, in words, naming the agent(s), the time step and the cell(s). */
  readonly reason: string;
}

/** The verdict of `checkMapfPlan`. */
export type MapfPlanCheck = MapfPlanOk | MapfPlanBroken;

/**
 * Checks a plan for many agents on a grid against the rules of the MAPF
 * benchmark (Stern et al.), independently of whatever planned it:
 * - `paths[i][t]` is agent i's cell at time step t (grid ids); it starts on
 *   its task's start and ends on its goal, and every cell is free;
 * - each step is a wait or a move to one of the four side neighbours
 *   (the benchmark's agents move 4-connected, whatever the grid allows);
 * - an agent whose path has ended stays on its goal from then on, and
 *   blocks it;
 * - no two agents on one cell at one time step (a vertex conflict), and no
 *   two agents swapping cells along one edge between two steps (an edge
 *   conflict). Following (moving into a cell another agent leaves in the
 *   same step) is allowed, as in the benchmark.
 *
 * An agent's cost is the number of steps until it reaches its goal for the
 * last time (waits at the goal after that are free); `sumOfCosts` adds them,
 * `makespan` is the largest. Arguments of the wrong shape (not a grid, ids
 * out of range, a path that is not a list of ids) are an `InputError`; a
 * plan that breaks a rule is a verdict (`ok: false`), not an error.
 */
export function checkMapfPlan(grid: Grid, tasks: readonly AgentTask[], paths: readonly (readonly number[])[]): MapfPlanCheck {
  const where = 'checkMapfPlan';
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  if (!Array.isArray(tasks)) throw new InputError(`${where}: tasks must be an array of { start, goal }, got ${show(tasks)}`);
  if (!Array.isArray(paths)) throw new InputError(`${where}: paths must be an array of paths (arrays of cell ids), got ${show(paths)}`);
  if (paths.length !== tasks.length) throw new InputError(`${where}: ${tasks.length} tasks but ${paths.length} paths; give one path per agent`);
  const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < grid.size;
  tasks.forEach((t, i) => {
    if (t === null || typeof t !== 'object' || !isId(t.start) || !isId(t.goal)) {
      throw new InputError(`${where}: tasks[${i}] must be { start, goal } with cell ids in 0..${grid.size - 1}, got ${show(t)}`);
    }
  });
  paths.forEach((p, i) => {
    if (!Array.isArray(p) || p.length === 0) throw new InputError(`${where}: paths[${i}] must be a non-empty array of cell ids, got ${show(p)}`);
    for (let t = 0; t < p.length; t++) {
      if (!isId(p[t])) throw new InputError(`${where}: paths[${i}][${t}] must be a cell id in 0..${grid.size - 1}, got ${show(p[t])}`);
    }
  });

  const w = grid.width;
  const at = (n: number) => `(${n % w},${Math.floor(n / w)})`;
  const costs: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i], task = tasks[i];
    if (p[0] !== task.start) return { ok: false, reason: `agent ${i} starts on ${at(p[0])}, not on its start ${at(task.start)}` };
    if (p[p.length - 1] !== task.goal) return { ok: false, reason: `agent ${i} ends on ${at(p[p.length - 1])}, not on its goal ${at(task.goal)}` };
    for (let t = 0; t < p.length; t++) {
      if (grid.isBlocked(p[t])) return { ok: false, reason: `agent ${i} is on the blocked cell ${at(p[t])} at step ${t}` };
      if (t === 0) continue;
      const a = p[t - 1], b = p[t];
      const dx = Math.abs((a % w) - (b % w)), dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
      if (dx + dy > 1) return { ok: false, reason: `agent ${i} jumps from ${at(a)} to ${at(b)} between steps ${t - 1} and ${t}: a step is a wait or a move to a side neighbour` };
    }
    let cost = p.length - 1;
    while (cost > 0 && p[cost - 1] === task.goal) cost--;
    costs.push(cost);
  }

  // Conflicts, step by step: where each agent is at t (its goal once its path has ended).
  const horizon = Math.max(...paths.map((p) => p.length));
  const cellAt = (i: number, t: number) => paths[i][Math.min(t, paths[i].length - 1)];
  const holder = new Map<number, number>();
  for (let t = 0; t < horizon; t++) {
    holder.clear();
    for (let i = 0; i < paths.length; i++) {
      const c = cellAt(i, t);
      const j = holder.get(c);
      if (j !== undefined) return { ok: false, reason: `agents ${j} and ${i} are both on ${at(c)} at step ${t} (a vertex conflict)` };
      holder.set(c, i);
    }
    if (t === 0) continue;
    // A swap: i goes u -> v while the agent that was on v at t - 1 goes v -> u.
    const before = new Map<number, number>();
    for (let i = 0; i < paths.length; i++) before.set(cellAt(i, t - 1), i);
    for (let i = 0; i < paths.length; i++) {
      const u = cellAt(i, t - 1), v = cellAt(i, t);
      if (u === v) continue;
      const j = before.get(v);
      if (j !== undefined && j !== i && cellAt(j, t) === u) {
        return { ok: false, reason: `agents ${Math.min(i, j)} and ${Math.max(i, j)} swap ${at(u)} and ${at(v)} between steps ${t - 1} and ${t} (an edge conflict)` };
      }
    }
  }
  return { ok: true, sumOfCosts: costs.reduce((s, c) => s + c, 0), makespan: Math.max(0, ...costs), costs };
}
