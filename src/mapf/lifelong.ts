import { InputError, show } from '../core/errors.js';
import { checkBoolean } from '../core/input-checks.js';
import { mulberry32 } from '../core/random.js';
import type { StopReason } from '../core/limits.js';
import { Grid } from '../grid/grid.js';
import { lacam } from './lacam.js';
import { checkSeed, limitWords, MapfFloor, mapfBudgets, type MapfOptions, type MapfStatus } from './model.js';
import { PibtStep, priorityOrder, tieBreaks } from './pibt-step.js';
import { checkStations, warehouseStations, type WarehouseStations } from './stations.js';

/** The options of `lifelong`. */
export interface LifelongOptions extends Omit<MapfOptions, 'jointLimit' | 'onProgress'> {
  /** The robots: how many, placed at distinct free cells drawn from the seed (all reachable from the first pick station), or their start cells. Required. */
  agents: number | readonly number[];
  /** Steps to run: a whole number >= 0. Required. */
  steps: number;
  /** Where errands lead. Default: `warehouseStations(grid)`, read off the map. */
  stations?: WarehouseStations;
  /**
   * `'pibt'` (default): one PIBT step a step, for every robot at once.
   * `'lacam'`: rolling-horizon LaCAM*: every `window` steps, a plan for
   * every robot to its current goal (made distinct, see `lifelong`), of
   * which the first `window` steps are carried out, then replanned; when
   * LaCAM finds no plan within `windowMillis`, PIBT moves the robots for
   * that window instead.
   */
  solver?: 'pibt' | 'lacam';
  /** With `'lacam'`: steps carried out between plans. Default 5. */
  window?: number;
  /** With `'lacam'`: each plan's time limit in milliseconds. Default 1000. */
  windowMillis?: number;
  /** The seed of the starts, of the errand stream and of PIBT's tie-breaks: a whole number from 0 to 2^32 - 1. Default 0. */
  seed?: number;
  /** PIBT's swap (see `PibtStep`). Default true. */
  swap?: boolean;
  /** Keep every robot's cell at every step in `positions`. Default false. */
  positions?: boolean;
  /** Called after each step with (steps run, steps asked for), for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

/** Milliseconds of planning per step. */
export interface StepTimes {
  /** The mean over the steps run. */
  readonly mean: number;
  /** The 95th percentile: 1 step in 20 took longer. */
  readonly p95: number;
  /** The slowest step (often the first: it floods the distances of the robots' first goals). */
  readonly max: number;
}

/** How rolling-horizon LaCAM's windows went (both 0 with PIBT). */
export interface LifelongWindows {
  /** Windows whose steps came from a LaCAM* plan. */
  readonly planned: number;
  /** Windows where LaCAM* found no plan within `windowMillis`, and PIBT moved the robots. */
  readonly fellBack: number;
}

/** What `lifelong` returns. */
export interface LifelongResult {
  /** `found`: every step asked for was run; `stopped`: a limit ended the run early (`reason`), the counts cover the steps run. */
  readonly status: MapfStatus;
  /** The limit that ended the run (`status` `stopped`), else null. */
  readonly reason: StopReason | null;
  /** Why the run stopped early, in words; '' otherwise. */
  readonly detail: string;
  /** Steps run. */
  readonly steps: number;
  /** Errands completed: drop stations reached after the errand's pick station and shelf spot. */
  readonly tasksDone: number;
  /** Goals reached: pick stations, shelf spots and drop stations (three an errand). */
  readonly goalsReached: number;
  /** Errands completed per 100 steps (0 after no step). */
  readonly throughput: number;
  /** The time spent planning each step: drawing new errands, the distances to new goals and the step itself. */
  readonly planMs: StepTimes;
  /** Milliseconds before the first step: the checks, the stations, the robots' places and the distances to the pick and drop stations. */
  readonly setupMs: number;
  /**
   * `goals[i]`: robot i's goals in the order it was given them, three an
   * errand (pick, shelf, drop), errands drawn whole: its current goal is in
   * the last errand. The robot began with the first goal and moved on to
   * the next each time it stood on its current one.
   */
  readonly goals: number[][];
  /** `positions[t][i]`: robot i's cell after t steps (t from 0, the starts, to `steps`), when asked for; else null. */
  readonly positions: Int32Array[] | null;
  /** With `'lacam'`: windows planned by LaCAM, and windows where it found no plan in time and PIBT moved the robots. */
  readonly windows: LifelongWindows;
  /** Wall time in milliseconds. */
  readonly elapsedMs: number;
}

/** Pick and drop stations up to this many in all have their distances flooded before the first step and kept. */
const PINNED_STATIONS = 512;

const KEYS = ['limits', 'onProgress', 'agents', 'steps', 'stations', 'solver', 'window', 'windowMillis', 'seed', 'swap', 'positions'];

/**
 * Lifelong operation on a warehouse floor: each robot, on reaching its goal,
 * is given the next one, and the run goes on for `steps` steps; what
 * counts is throughput, the errands completed per 100 steps.
 *
 * Errands come from one seeded stream, in the order robots ask for them
 * (robots finishing at one step ask in index order): a pick station, a shelf
 * spot and a drop station, each drawn uniformly from `stations`. A robot
 * standing on its current goal moves on to the next at once, so it never
 * rests; two robots may head for one station, and queue there.
 *
 * Planning is a rolling horizon. PIBT plans one step at a time, which suits
 * lifelong operation as it is: every step, every robot moves toward its
 * current goal, in priority order, the priority growing with the steps since
 * its last goal was reached (Okumura et al.'s lifelong experiments). With
 * `'lacam'`, LaCAM* plans every robot to its current goal every `window`
 * steps, and the first `window` steps of its plan are carried out (the
 * windowed replanning of Li et al.'s RHCR, with LaCAM* as the planner).
 * LaCAM needs distinct goals: a robot whose goal a robot of higher priority
 * already holds is sent, for that plan, to the free cell nearest to it that
 * no one holds.
 *
 * The distances to the pick and drop stations are flooded before the first
 * step (`setupMs`) and kept, as a warehouse keeps its station tables; those
 * to shelf spots are flooded when a robot is sent there (in `planMs`), and
 * dropped again, the least recently used first, once more than a few
 * hundred are kept.
 *
 * Ends in a status: `found` when every step was run, `stopped` when a limit
 * ended it (`limits.maxExpansions` counts steps), the counts then covering
 * the steps run. `onProgress(steps run, steps)` after each step. A grid
 * that is not a Grid, bad stations or starts, more robots than free
 * reachable cells, or a bad option is an `InputError`.
 *
 * @example
 * ```ts
 * const r = lifelong(grid, { agents: 200, steps: 500, seed: 1 });
 * r.throughput;    // errands completed per 100 steps
 * r.planMs.p95;    // milliseconds of planning in a slow step
 * ```
 */
export function lifelong(grid: Grid, options: LifelongOptions): LifelongResult {
  const where = 'lifelong';
  const t0 = performance.now();
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  const budgets = mapfBudgets(options, where, KEYS.slice(2), false), budget = budgets.budget;
  const o = options;
  const seed = checkSeed(o.seed, where);
  checkBoolean(o.swap, `${where}: swap`);
  checkBoolean(o.positions, `${where}: positions`);
  const steps = wholeNumber(o.steps, `${where}: steps`, 0);
  const solver = o.solver === undefined ? 'pibt' : o.solver;
  if (solver !== 'pibt' && solver !== 'lacam') throw new InputError(`${where}: solver must be 'pibt' or 'lacam', got ${show(solver)}`);
  const window = o.window === undefined ? 5 : wholeNumber(o.window, `${where}: window`, 1);
  const windowMillis = o.windowMillis === undefined ? 1000 : o.windowMillis;
  if (typeof windowMillis !== 'number' || !(windowMillis >= 0)) throw new InputError(`${where}: windowMillis must be a number >= 0, got ${show(windowMillis)}`);
  const stations = o.stations === undefined ? warehouseStations(grid) : checkStations(grid, o.stations, where);
  const floor = new MapfFloor(grid);

  // Every station must be reachable from the first pick station, and so the robots, placed among the cells that are.
  const home = floor.distanceTo(stations.pick[0]);
  for (const key of ['pick', 'shelf', 'drop'] as const) {
    for (const n of stations[key]) if (home[n] === Infinity) throw new InputError(`${where}: the ${key} station ${floor.at(n)} cannot be reached from the pick station ${floor.at(stations.pick[0])}`);
  }
  const starts = placeRobots(grid, floor, home, o.agents, seed, where);
  const k = starts.length;

  // The errand stream, and each robot's goals so far (the last is its current one).
  const draw = mulberry32(seed ^ 0x9e3779b9);
  const pickOf = (list: readonly number[]) => list[Math.floor(draw() * list.length)];
  const goalLists: number[][] = [];
  const goals = new Int32Array(k), legs = new Int32Array(k);
  const counts = new Int32Array(k), order = new Int32Array(k), eps = tieBreaks(k, seed);
  let tasksDone = 0, goalsReached = 0;
  const nextGoal = (i: number) => {
    // The legs run pick, shelf, drop; a new errand is drawn whole when the last one is done.
    const leg = legs[i] % 3;
    if (leg === 0) goalLists[i].push(pickOf(stations.pick), pickOf(stations.shelf), pickOf(stations.drop));
    goals[i] = goalLists[i][legs[i]];
  };
  for (let i = 0; i < k; i++) { goalLists.push([]); nextGoal(i); }

  // The distances to the pick and drop stations, which two legs of three lead to, are flooded before the
  // first step and kept (unless there are very many); those of other goals no robot holds are dropped,
  // oldest first, past `keep`.
  const pinned = new Set(stations.pick.length + stations.drop.length <= PINNED_STATIONS ? [...stations.pick, ...stations.drop] : []);
  for (const n of pinned) floor.distanceTo(n);
  const keep = Math.max(256, k + 64) + pinned.size;
  const lastUsed = new Map<number, number>();
  const seeds = mulberry32(seed ^ 0x85ebca6b);
  let step: PibtStep | null = null;
  const none = new Int32Array(0);

  let at = Int32Array.from(starts);
  const setupMs = performance.now() - t0;
  const positions: Int32Array[] | null = o.positions === true ? [at] : null;
  const times = new Float64Array(steps);
  // LaCAM's plan: the configurations still to carry out.
  let plan: Int32Array[] = [];
  let planned = 0, fellBack = 0, pibtLeft = 0;
  let t = 0, why: StopReason | null = null;

  // Every robot standing on its goal moves on to the next (several at once only with stations given twice over).
  let stale = true;
  const arrive = () => {
    for (let i = 0; i < k; i++) {
      if (at[i] !== goals[i]) { counts[i]++; continue; }
      while (at[i] === goals[i]) {
        goalsReached++;
        legs[i]++;
        if (legs[i] % 3 === 0) tasksDone++;
        nextGoal(i);
      }
      counts[i] = 0;
      stale = true;
    }
  };

  for (; t < steps; t++) {
    why = budget.stopReason(t);
    if (why !== null) break;
    const tStep = performance.now();
    arrive();
    if (stale) {
      for (let i = 0; i < k; i++) lastUsed.set(goals[i], t);
      forgetOld(floor, lastUsed, pinned, keep, t);
    }
    const next = new Int32Array(k);
    if (solver === 'lacam' && plan.length === 0 && pibtLeft === 0) {
      plan = windowPlan(grid, floor, at, goals, counts, eps, window, (seed + t) >>> 0, windowMillis);
      if (plan.length > 0) planned++;
      else { fellBack++; pibtLeft = window; }
    }
    if (plan.length > 0) next.set(plan.shift()!);
    else {
      if (stale || step === null) { step = new PibtStep(floor, goals, Math.floor(seeds() * 2 ** 32), o.swap ?? true); stale = false; }
      step.next(at, priorityOrder(counts, eps, order), none, none, 0, next);
      if (pibtLeft > 0) pibtLeft--;
    }
    at = next;
    positions?.push(at);
    times[t] = performance.now() - tStep;
    budgets.progress(t + 1, steps);
  }
  // The arrivals in the last configuration count too.
  arrive();

  const run = times.subarray(0, t);
  return {
    status: why === null ? 'found' : 'stopped',
    reason: why,
    detail: why === null ? '' : `${limitWords(why)} after ${t} of the ${steps} steps`,
    steps: t,
    tasksDone,
    goalsReached,
    throughput: t === 0 ? 0 : (100 * tasksDone) / t,
    planMs: stepTimes(run),
    setupMs,
    goals: goalLists,
    positions,
    windows: { planned, fellBack },
    elapsedMs: performance.now() - t0,
  };
}

/** Mean, 95th percentile and largest of the step times. */
function stepTimes(times: Float64Array): StepTimes {
  if (times.length === 0) return { mean: 0, p95: 0, max: 0 };
  const sorted = Float64Array.from(times).sort();
  let sum = 0;
  for (const x of sorted) sum += x;
  return { mean: sum / sorted.length, p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)], max: sorted[sorted.length - 1] };
}

function wholeNumber(v: unknown, what: string, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new InputError(`${what} must be a whole number >= ${min}, got ${show(v)}`);
  return v;
}

/**
 * The robots' start cells: given (checked: free, distinct, reachable), or
 * `agents` cells drawn from the seed among the free cells the first pick
 * station reaches (a partial shuffle, so the first k of a larger fleet are
 * the same cells).
 */
function placeRobots(grid: Grid, floor: MapfFloor, home: Float64Array, agents: unknown, seed: number, where: string): number[] {
  if (Array.isArray(agents)) {
    const seen = new Set<number>();
    return agents.map((n: unknown, i) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= grid.size) throw new InputError(`${where}: agents[${i}] must be a cell id in 0..${grid.size - 1}, got ${show(n)}`);
      if (grid.cells[n] !== 0) throw new InputError(`${where}: agents[${i}] ${floor.at(n)} is a blocked cell; robots start on free cells`);
      if (home[n] === Infinity) throw new InputError(`${where}: agents[${i}] ${floor.at(n)} cannot reach the stations`);
      if (seen.has(n)) throw new InputError(`${where}: two robots start on ${floor.at(n)}`);
      seen.add(n);
      return n;
    });
  }
  if (typeof agents !== 'number' || !Number.isInteger(agents) || agents < 1) throw new InputError(`${where}: agents must be a whole number >= 1 or an array of start cells, got ${show(agents)}`);
  const free: number[] = [];
  for (let n = 0; n < grid.size; n++) if (home[n] < Infinity) free.push(n);
  if (agents > free.length) throw new InputError(`${where}: ${agents} robots do not fit on the ${free.length} free cells the stations reach`);
  const rng = mulberry32(seed ^ 0x27d4eb2f);
  for (let i = 0; i < agents; i++) {
    const j = i + Math.floor(rng() * (free.length - i));
    const x = free[i]; free[i] = free[j]; free[j] = x;
  }
  return free.slice(0, agents);
}

/** Drops the floods of goals no robot holds now and not pinned, least recently held first, once more than `keep` are kept. */
function forgetOld(floor: MapfFloor, lastUsed: Map<number, number>, pinned: ReadonlySet<number>, keep: number, t: number): void {
  if (floor.floods <= keep) return;
  const old = [...lastUsed].filter(([g, s]) => s < t && !pinned.has(g)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [goal] of old) {
    // Down to half the room beyond the pinned ones, so that the sort is not paid every step.
    if (floor.floods <= (keep + pinned.size) / 2) break;
    floor.forget(goal);
    lastUsed.delete(goal);
  }
}

/**
 * One window of rolling-horizon LaCAM: a plan for every robot from `at` to
 * its goal, goals made distinct (in priority order, a robot whose goal is
 * held is sent to the nearest free cell no one holds), and its first
 * `window` configurations after `at`; none when LaCAM finds no plan in time.
 */
function windowPlan(grid: Grid, floor: MapfFloor, at: Int32Array, goals: Int32Array, counts: Int32Array, eps: Float64Array,
  window: number, seed: number, maxMillis: number): Int32Array[] {
  const k = at.length;
  const order = priorityOrder(counts, eps, new Int32Array(k));
  const held = new Uint8Array(floor.size);
  const target = new Int32Array(k);
  for (let r = 0; r < k; r++) {
    const i = order[r];
    target[i] = held[goals[i]] === 0 ? goals[i] : nearestFree(floor, goals[i], held);
    held[target[i]] = 1;
  }
  const tasks = Array.from(at, (s, i) => ({ start: s, goal: target[i] }));
  const r = lacam(grid, tasks, { seed, anytime: false, limits: { maxMillis } });
  if (r.paths === null) return [];
  const out: Int32Array[] = [];
  for (let s = 1; s <= window; s++) out.push(Int32Array.from(r.paths, (p) => p[Math.min(s, p.length - 1)]));
  return out;
}

/** The cell nearest `from` (breadth-first over side steps) that is not `held`. */
function nearestFree(floor: MapfFloor, from: number, held: Uint8Array): number {
  const seen = new Uint8Array(floor.size), queue = [from];
  seen[from] = 1;
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q];
    if (held[v] === 0) return v;
    for (let s = 0; s < 4; s++) {
      const u = floor.nbr[4 * v + s];
      if (u >= 0 && seen[u] === 0) { seen[u] = 1; queue.push(u); }
    }
  }
  // More robots than cells cannot happen: each robot has a cell of its own.
  throw new Error('lifelong: no free cell for a goal');
}
