import { InputError, show } from '../core/errors.js';
import { checkBoolean } from '../core/input-checks.js';
import type { Grid } from '../grid/grid.js';
import type { AgentTask } from './check.js';
import { checkMapfTasks, checkSeed, limitWords, MapfFloor, mapfBudgets, mapfResult, pathsOf, type MapfEnd, type MapfOptions, type MapfResult } from './model.js';
import { nextCounts, PibtStep, priorityOrder, tieBreaks } from './pibt-step.js';
import { solvability } from './unsolvable.js';

/** The options of `pibt`: limits and progress as every MAPF planner's, a seed, and a bound on the steps. */
export interface PibtOptions extends Omit<MapfOptions, 'jointLimit'> {
  /** The seed of the tie-breaks (between cells equally near a goal, and between agents of equal priority): a whole number from 0 to 2^32 - 1. Default 0. */
  seed?: number;
  /**
   * Stop (status `stopped`, reason `incomplete`) when the agents are not all
   * on their goals after this many steps. Default 10,000
   * (`PIBT_DEFAULT_MAX_STEPS`). `limits.maxExpansions` counts steps too.
   */
  maxSteps?: number;
  /**
   * Let two agents in the wrong order in a corridor (blind or open at both
   * ends) trade places: the one behind backs out, pulling the other, to the
   * nearest cell with a side exit, where the other steps aside ("PIBT with
   * swap", see `PibtStep`). Default true.
   */
  swap?: boolean;
}

/** The steps `pibt` runs at most unless `maxSteps` says otherwise. */
export const PIBT_DEFAULT_MAX_STEPS = 10_000;

/**
 * PIBT (priority inheritance with backtracking; Okumura et al., AIJ 2022)
 * as a planner of its own: step after step, every agent moves at once, the
 * agents of higher priority first, each toward its goal along its true
 * single-agent distance (the backward flood from its goal), pushing those in
 * its way, which inherit its priority (see `PibtStep`). An agent gains
 * priority each step it is off its goal and loses it on arrival, so one held
 * back long enough comes first. It stops when every agent stands on its goal
 * at one step; an agent that has arrived may still be pushed off and come
 * back, which its cost counts (steps until its last arrival).
 *
 * Each step costs a few tries per agent, so a thousand agents move in well
 * under a millisecond a step, but PIBT is neither optimal nor complete: the
 * agents can circle without all arriving together (status `stopped`, reason
 * `incomplete`, after `maxSteps`). `unreachable` only when an agent cannot
 * reach its goal even alone. LaCAM (`lacam`) searches over PIBT's steps and
 * is complete. A grid that is not a Grid, tasks of the wrong shape, blocked
 * or shared starts or goals, or a bad option is an `InputError`.
 *
 * `highLevelNodes` counts the steps run, `lowLevelExpansions` the agent
 * moves tried; `onProgress(agents on their goals, agents)` is called after
 * each step.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.#.#.', '.....']);
 * const r = pibt(grid, [
 *   { start: grid.id(0, 0), goal: grid.id(4, 0) },
 *   { start: grid.id(4, 0), goal: grid.id(0, 0) },
 * ]);
 * r.status; // 'found': one robot gives way through a pocket
 * ```
 */
export function pibt(grid: Grid, tasks: readonly AgentTask[], options: PibtOptions = {}): MapfResult {
  const where = 'pibt';
  const t0 = performance.now();
  const list = checkMapfTasks(grid, tasks, where);
  const budgets = mapfBudgets(options, where, ['seed', 'maxSteps', 'swap'], false), budget = budgets.budget;
  const seed = checkSeed(options.seed, where);
  checkBoolean(options.swap, `${where}: swap`);
  const maxSteps = options.maxSteps === undefined ? PIBT_DEFAULT_MAX_STEPS : options.maxSteps;
  if (typeof maxSteps !== 'number' || !Number.isInteger(maxSteps) && maxSteps !== Infinity || maxSteps < 0) {
    throw new InputError(`${where}: maxSteps must be a whole number >= 0 (Infinity: no limit), got ${show(maxSteps)}`);
  }
  const k = list.length;
  const floor = new MapfFloor(grid);
  const lowerBound = list.reduce((s, t) => s + floor.distanceTo(t.goal)[t.start], 0);
  const proof = solvability(floor, list, 0);
  const step = new PibtStep(floor, list.map((t) => t.goal), seed, options.swap ?? true);
  let steps = 0;
  const end = (how: MapfEnd, paths: number[][] | null, detail = '', agent = -1) =>
    mapfResult(how, paths, lowerBound, detail, agent, steps, step.tries, t0);
  if (proof.verdict === 'unsolvable') return end('unreachable', null, proof.reason, proof.agent);

  const goals = Int32Array.from(list, (t) => t.goal);
  const eps = tieBreaks(k, seed);
  const counts = new Int32Array(k), order = new Int32Array(k);
  const configs: Int32Array[] = [Int32Array.from(list, (t) => t.start)];
  const none = new Int32Array(0);
  for (;;) {
    const at = configs[steps];
    let arrived = 0;
    for (let i = 0; i < k; i++) if (at[i] === goals[i]) arrived++;
    if (arrived === k) return end('found', pathsOf(configs, k));
    if (steps >= maxSteps) {
      return end('incomplete', null, `after ${steps} steps ${arrived} of the ${k} agents are on their goals; PIBT is not complete (LaCAM is)`);
    }
    const why = budget.stopReason(steps);
    if (why !== null) return end(why, null, `${limitWords(why)} after ${steps} steps, ${arrived} of the ${k} agents on their goals`);
    nextCounts(counts, at, goals, counts);
    const next = new Int32Array(k);
    step.next(at, priorityOrder(counts, eps, order), none, none, 0, next);
    configs.push(next);
    steps++;
    budgets.progress(arrived, k);
  }
}
