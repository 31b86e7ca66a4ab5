import { InputError, show } from '../core/errors.js';
import { zeroOneBfs } from '../search/zero-one-bfs.js';
import { checkKeys } from '../core/input-checks.js';
import { checkLimits, type Budget, type Limits, type StopReason } from '../core/limits.js';
import type { SearchStatus } from '../core/path-searcher.js';
import { Grid } from '../grid/grid.js';
import type { AgentTask } from './check.js';

/**
 * The floor the agents of a MAPF instance share, as the benchmark sees it
 * (the model `checkMapfPlan` checks): each agent moves to one of the four
 * side neighbours or waits, one step per time step, whatever connectivity
 * the grid was made with. Built once per planning call: the raster is
 * copied, so a grid edited while a plan is made cannot tear it.
 */
export class MapfFloor {
  /** Cells across. */
  readonly width: number;
  /** Cells in all. */
  readonly size: number;
  /** nbr[4n .. 4n + 3]: the free side neighbours of n, -1 for none. */
  readonly nbr: Int32Array;
  /** The same raster, 4-connected with unit steps: what the distances are measured on. */
  private readonly grid4: Grid;
  private readonly distances = new Map<number, Float64Array>();
  private readonly reached = new Map<number, number>();

  constructor(grid: Grid) {
    this.width = grid.width;
    this.size = grid.size;
    this.grid4 = new Grid(grid.width, grid.height, grid.cells, { connectivity: 4 });
    const w = grid.width, h = grid.height, cells = this.grid4.cells;
    this.nbr = new Int32Array(4 * this.size).fill(-1);
    for (let n = 0; n < this.size; n++) {
      if (cells[n] !== 0) continue;
      const x = n % w, y = (n - x) / w;
      const side = [x + 1 < w ? n + 1 : -1, y + 1 < h ? n + w : -1, x > 0 ? n - 1 : -1, y > 0 ? n - w : -1];
      for (let k = 0; k < 4; k++) if (side[k] >= 0 && cells[side[k]] === 0) this.nbr[4 * n + k] = side[k];
    }
  }

  /** Whether cell n is blocked. */
  blocked(n: number): boolean {
    return this.grid4.cells[n] !== 0;
  }

  /**
   * The true single-agent distance of every cell to `goal` (Infinity where
   * the goal cannot be reached): the costs of the universal plan toward it,
   * found by a backward search from the goal (breadth-first, every step
   * costing one). It is the heuristic of every time-space search:
   * exact when no other agent is in the way, never above the truth, and
   * consistent (neighbours differ by at most one). Kept per goal.
   */
  distanceTo(goal: number): Float64Array {
    let d = this.distances.get(goal);
    if (d === undefined) {
      const f = zeroOneBfs(this.grid4, goal, { direction: 'backward' });
      d = f.g;
      this.distances.set(goal, d);
      this.reached.set(goal, f.reached);
    }
    return d;
  }

  /** How many goals' distances are kept. */
  get floods(): number {
    return this.distances.size;
  }

  /**
   * Drops the distances kept for `goal` (a planner holding them keeps its
   * copy): a run whose goals keep changing (lifelong operation) bounds its
   * memory so, one flood of the floor's size per goal.
   */
  forget(goal: number): void {
    this.distances.delete(goal);
    this.reached.delete(goal);
  }

  /** How many cells can reach `goal` (the goal included). */
  reachable(goal: number): number {
    this.distanceTo(goal);
    return this.reached.get(goal)!;
  }

  /**
   * One number for "the move from `from` to the side neighbour `to`, ending
   * at step t": the key reservation tables and constraints store moves under.
   */
  moveKey(from: number, to: number, t: number): number {
    const d = to - from;
    return (t * this.size + from) * 4 + (d === 1 ? 0 : d === -1 ? 1 : d > 0 ? 2 : 3);
  }

  /** `(x,y)` of a cell, for messages. */
  at(n: number): string {
    return `(${n % this.width},${Math.floor(n / this.width)})`;
  }
}

/**
 * How a MAPF planner ended, in the library's one status set: `found` (every
 * agent has a path, and the plan keeps every rule), `unreachable` (proven:
 * no plan exists; `detail` says why), or `stopped` with its `reason`:
 * `max-expansions`, `max-millis` or `aborted` (the `limits`), `max-nodes`
 * (CBS's `maxNodes`), or `incomplete` (prioritized planning: one agent found
 * no path around those planned before it, `failedAgent`; another order, or
 * CBS, may still solve the instance).
 */
export type MapfStatus = SearchStatus;

/** How a planner's run ended, before it is told as a status and a reason. */
export type MapfEnd = 'found' | 'unreachable' | StopReason;

/** What a MAPF planner returns. */
export interface MapfResult {
  /** How it ended (see `MapfStatus`). */
  readonly status: MapfStatus;
  /** Which limit stopped it (`status` `stopped`), else null. */
  readonly reason: StopReason | null;
  /** `paths[i][t]`: agent i's cell at step t, start to goal, when solved, or when a limit stopped LaCAM after it found a plan (the best it has); null otherwise. Each path ends at its agent's last arrival (waits after it are implied). */
  readonly paths: number[][] | null;
  /** Sum of the agents' costs (steps until each reaches its goal for the last time), as `checkMapfPlan` counts them; Infinity without `paths`. */
  readonly sumOfCosts: number;
  /** The largest agent cost; Infinity unless solved. */
  readonly makespan: number;
  /** The sum of the agents' single-agent optima: no plan costs less (Infinity when an agent cannot reach its goal at all). */
  readonly lowerBound: number;
  /** Why the planner did not solve the instance, in words naming the agent and cells; '' when solved. */
  readonly detail: string;
  /** The agent that could not be planned (`failed`, or `unsolvable` because of one agent), or the one being planned when a budget ran out; else -1. */
  readonly failedAgent: number;
  /** Constraint-tree nodes expanded (CBS; 0 for prioritized planning), steps run (PIBT) or configurations stored (LaCAM). */
  readonly highLevelNodes: number;
  /** Time-space states expanded by the low-level searches, over all agents. */
  readonly lowLevelExpansions: number;
  /** Wall time in milliseconds. */
  readonly elapsedMs: number;
}

/** The options both MAPF planners take; a bad value or an unknown key is an `InputError`. */
export interface MapfOptions {
  /**
   * Time-space expansions over all low-level searches, milliseconds of wall
   * time, an `AbortSignal`: the first reached ends the planner as `stopped`.
   * Default: none.
   */
  limits?: Limits;
  /**
   * Search the instance whole, over joint states, when it is small: about
   * this many joint positions (the product of the cells each agent can
   * reach, weighed by the 5^k joint moves). It is the only way a planner can
   * prove that agents which each reach their goal alone cannot all do it
   * together (two robots swapping ends of a corridor), and on a solvable
   * instance it finds a plan of least sum of costs, which CBS returns.
   * Default 200,000; 0 turns it off.
   */
  jointLimit?: number;
  /**
   * Called as the planner goes, for a progress bar: `prioritizedPlan` after
   * each agent it plans (agents planned, agents), `cbs` after each
   * constraint-tree node it expands (nodes expanded, its node budget,
   * `maxNodes`). Default: none.
   */
  onProgress?: (done: number, total: number) => void;
}

/** The checked options: the limits, made absolute, the joint search's size and the progress callback (a no-op when none). */
export interface MapfBudgets {
  readonly budget: Budget;
  readonly jointLimit: number;
  readonly progress: (done: number, total: number) => void;
}

const NO_PROGRESS = (): void => {};

/**
 * Checks a MAPF planner's options (`extra` names keys only it takes) and
 * returns the common ones. `joint`: whether the planner takes `jointLimit`
 * (PIBT and LaCAM do not: LaCAM proves an instance unsolvable itself).
 */
export function mapfBudgets(options: unknown, where: string, extra: readonly string[] = [], joint = true): MapfBudgets {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`${where}: options must be an object, got ${show(options)}`);
  checkKeys(options, ['limits', ...(joint ? ['jointLimit'] : []), 'onProgress', ...extra], where);
  const o = options as MapfOptions;
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') throw new InputError(`${where}: onProgress must be a function (done, total) => void, got ${show(o.onProgress)}`);
  const jointLimit = o.jointLimit === undefined ? 200_000 : o.jointLimit;
  if (typeof jointLimit !== 'number' || !Number.isInteger(jointLimit) || jointLimit < 0 || jointLimit > 1e8) {
    throw new InputError(`${where}: jointLimit must be a whole number from 0 to 100000000 (joint positions searched to prove an instance unsolvable), got ${show(jointLimit)}`);
  }
  return {
    budget: checkLimits(o.limits, where),
    jointLimit,
    progress: o.onProgress ?? NO_PROGRESS,
  };
}

/**
 * Checks a MAPF instance before anything is planned: a grid, and tasks with
 * free, distinct starts and distinct goals (two agents cannot both end on one
 * cell, and cannot both start on one). Returns the tasks as plain pairs.
 */
export function checkMapfTasks(grid: unknown, tasks: unknown, where: string): AgentTask[] {
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  if (!Array.isArray(tasks)) throw new InputError(`${where}: tasks must be an array of { start, goal } (cell ids), got ${show(tasks)}`);
  const out: AgentTask[] = [];
  const starts = new Map<number, number>(), goals = new Map<number, number>();
  const xy = (n: number) => `(${n % grid.width},${Math.floor(n / grid.width)})`;
  tasks.forEach((t: unknown, i) => {
    const r = t as { start?: unknown; goal?: unknown } | null;
    const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < grid.size;
    if (r === null || typeof r !== 'object' || !isId(r.start) || !isId(r.goal)) {
      throw new InputError(`${where}: tasks[${i}] must be { start, goal } with cell ids in 0..${grid.size - 1}, got ${show(t)}`);
    }
    for (const [what, n, seen] of [['start', r.start, starts], ['goal', r.goal, goals]] as const) {
      if (grid.cells[n] !== 0) throw new InputError(`${where}: tasks[${i}].${what} ${xy(n)} is a blocked cell; starts and goals must be free`);
      const j = seen.get(n);
      if (j !== undefined) throw new InputError(`${where}: tasks[${j}] and tasks[${i}] share the ${what} ${xy(n)}; each agent needs a ${what} of its own`);
      seen.set(n, i);
    }
    out.push({ start: r.start, goal: r.goal });
  });
  return out;
}

/**
 * A planner's result from its paths (null unless solved), costs counted as
 * `checkMapfPlan` counts them: an agent's cost is the steps until it reaches
 * its goal for the last time.
 */
export function mapfResult(end: MapfEnd, paths: number[][] | null, lowerBound: number, detail: string, failedAgent: number,
  highLevelNodes: number, lowLevelExpansions: number, t0: number): MapfResult {
  const status: MapfStatus = end === 'found' || end === 'unreachable' ? end : 'stopped';
  const reason = end === 'found' || end === 'unreachable' ? null : end;
  let sumOfCosts = Infinity, makespan = Infinity;
  if (paths !== null) {
    const costs = paths.map((p) => {
      let c = p.length - 1;
      while (c > 0 && p[c - 1] === p[p.length - 1]) c--;
      return c;
    });
    sumOfCosts = costs.reduce((s, c) => s + c, 0);
    makespan = Math.max(0, ...costs);
  }
  return { status, reason, paths, sumOfCosts, makespan, lowerBound, detail, failedAgent, highLevelNodes, lowLevelExpansions, elapsedMs: performance.now() - t0 };
}

/** Checks a `seed` option (a whole number from 0 to 2^32 - 1; default 0) and returns it. */
export function checkSeed(seed: unknown, where: string): number {
  if (seed === undefined) return 0;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new InputError(`${where}: seed must be a whole number from 0 to 4294967295 (the tie-breaks' seed), got ${show(seed)}`);
  }
  return seed;
}

/**
 * The agents' paths from a sequence of configurations (`configs[t][i]`: agent
 * i's cell at step t, the last one every agent on its goal), each cut at its
 * agent's last arrival, as `MapfResult.paths` holds them.
 */
export function pathsOf(configs: readonly ArrayLike<number>[], k: number): number[][] {
  const paths: number[][] = [];
  const last = configs.length - 1;
  for (let i = 0; i < k; i++) {
    const goal = configs[last][i];
    let end = last;
    while (end > 0 && configs[end - 1][i] === goal) end--;
    const p = new Array<number>(end + 1);
    for (let t = 0; t <= end; t++) p[t] = configs[t][i];
    paths.push(p);
  }
  return paths;
}

/** A limit that stopped a planner, in words for `detail`: "the time budget ran out". */
export function limitWords(why: StopReason): string {
  switch (why) {
    case 'max-expansions': return 'the expansion budget ran out';
    case 'max-millis': return 'the time budget ran out';
    case 'aborted': return 'the signal aborted the search';
    case 'max-nodes': return 'the node budget ran out';
    default: return `the search stopped (${why})`;
  }
}
