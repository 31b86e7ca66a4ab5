// The lifelong mode's model: a run of the library's `lifelong` kept for the replay, its errands counted step by
// step, and the sweep's points. Only the worker (and the tests) load it: it pulls in the planners.
import type { Grid } from '#bestfirst';
import { lifelong, warehouseStations, type LifelongResult } from '#bestfirst/mapf';
import { LIFELONG_LACAM, LIFELONG_SEED, type LifelongMethod } from './fleet-life-options.js';

/** One lifelong run as the widget shows it (plain data: it crosses from the worker). */
export interface LifelongPlan {
  method: LifelongMethod;
  robots: number;
  seed: number;
  /** Steps asked for. */
  stepsAsked: number;
  /** Steps run (fewer when the time budget ended the run). */
  steps: number;
  status: LifelongResult['status'];
  /** Why the run stopped early, in words, else ''. */
  detail: string;
  /** The library's counts: errands completed, goals reached, errands per 100 steps. */
  tasksDone: number;
  goalsReached: number;
  throughput: number;
  /** Mean and 95th percentile of the planning time per step, ms. */
  planMean: number;
  planP95: number;
  /** LaCAM* only: windows it planned, and windows where PIBT stood in. */
  windows: { planned: number; fellBack: number };
  /** The time budget the run had (LaCAM* only; PIBT runs to the end), ms, else null. */
  budgetMillis: number | null;
  /** positions[t * robots + i]: robot i's cell after t steps, t from 0 to `steps`. */
  positions: Int32Array;
  /** legs[t * robots + i]: the index in goals of robot i of the goal it heads for at step t (after the arrivals at t). */
  legs: Int32Array;
  /** doneBy[t]: errands completed by step t (arrivals at t included); doneBy[steps] is tasksDone. */
  doneBy: Int32Array;
  /** reachedBy[t]: goals reached by step t; reachedBy[steps] is goalsReached. */
  reachedBy: Int32Array;
  /** goalCells.data[goalCells.start[i] + j]: robot i's j-th goal. */
  goalCells: { data: Int32Array; start: Int32Array };
  /** The pick and drop stations, read off the map by the library's `warehouseStations` (the shelf spots are too many to draw). */
  stations: { pick: number[]; drop: number[] };
  /** Wall time of the run, ms. */
  millis: number;
}

/**
 * Replays a lifelong run from outside: which goal each robot heads for at
 * each step, and the errands and goals completed by each step. A robot
 * standing on its current goal moves on to the next at once (several at once
 * if the next is the same cell), as `lifelong` does at the start of each
 * step and after the last; every third goal reached completes an errand.
 */
export function errandTimeline(positions: readonly ArrayLike<number>[], goals: readonly (readonly number[])[]): { legs: Int32Array; doneBy: Int32Array; reachedBy: Int32Array } {
  const k = goals.length, T = positions.length;
  const legs = new Int32Array(T * k), doneBy = new Int32Array(T), reachedBy = new Int32Array(T);
  const leg = new Int32Array(k);
  let done = 0, reached = 0;
  for (let t = 0; t < T; t++) {
    const at = positions[t];
    for (let i = 0; i < k; i++) {
      const list = goals[i];
      while (leg[i] < list.length && at[i] === list[leg[i]]) {
        leg[i]++;
        reached++;
        if (leg[i] % 3 === 0) done++;
      }
      legs[t * k + i] = leg[i];
    }
    doneBy[t] = done;
    reachedBy[t] = reached;
  }
  return { legs, doneBy, reachedBy };
}

/** How a lifelong run goes: its time budget (LaCAM* only) and a progress callback (steps run, steps). */
export interface LifelongRun {
  millis?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Runs `robots` robots for `steps` steps with `method` on the library's `lifelong`, every position kept for the replay. */
export function runLifelong(grid: Grid, robots: number, steps: number, method: LifelongMethod, run: LifelongRun = {}): LifelongPlan {
  const lacam = method === 'lifelong-lacam';
  const budgetMillis = lacam ? run.millis ?? null : null;
  const r = lifelong(grid, {
    agents: robots, steps, seed: LIFELONG_SEED, positions: true, onProgress: run.onProgress,
    ...(lacam ? { solver: 'lacam' as const, ...LIFELONG_LACAM, ...(budgetMillis === null ? {} : { limits: { maxMillis: budgetMillis } }) } : {}),
  });
  const positions = r.positions!, stations = warehouseStations(grid);
  const flat = new Int32Array(positions.length * robots);
  positions.forEach((p, t) => flat.set(p, t * robots));
  const { legs, doneBy, reachedBy } = errandTimeline(positions, r.goals);
  const start = new Int32Array(robots + 1);
  r.goals.forEach((g, i) => { start[i + 1] = start[i] + g.length; });
  const data = new Int32Array(start[robots]);
  r.goals.forEach((g, i) => data.set(g, start[i]));
  return {
    method, robots, seed: LIFELONG_SEED, stepsAsked: steps, steps: r.steps, status: r.status, detail: r.detail,
    tasksDone: r.tasksDone, goalsReached: r.goalsReached, throughput: r.throughput, planMean: r.planMs.mean, planP95: r.planMs.p95,
    windows: { ...r.windows }, budgetMillis, positions: flat, legs, doneBy, reachedBy, goalCells: { data, start }, stations: { pick: [...stations.pick], drop: [...stations.drop] }, millis: r.elapsedMs,
  };
}

/** The buffers of a lifelong plan, to move (not copy) it from the worker. */
export function lifelongTransfer(p: LifelongPlan): ArrayBuffer[] {
  return [p.positions, p.legs, p.doneBy, p.reachedBy, p.goalCells.data, p.goalCells.start].map((a) => a.buffer as ArrayBuffer);
}

/** One point of the throughput chart: a PIBT run of `robots` robots for `steps` steps. */
export interface CurvePoint { robots: number; steps: number; tasksDone: number; throughput: number }

/** The chart's point for a run of `robots` robots (PIBT, the widget's seed), as the sweep makes it: no positions kept. */
export function sweepPoint(grid: Grid, robots: number, steps: number): CurvePoint {
  const r = lifelong(grid, { agents: robots, steps, seed: LIFELONG_SEED });
  return { robots, steps, tasksDone: r.tasksDone, throughput: r.throughput };
}
