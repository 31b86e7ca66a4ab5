import type { LifelongMethod } from './fleet-life-options.js';
import type { FleetMethod } from './fleet-model.js';

/**
 * What the warehouse widget asks its worker: a plan of one batch of tasks,
 * a lifelong run to play back, or a sweep of lifelong runs (PIBT, no
 * positions kept) for the throughput chart, one point per robot count.
 */
export type FleetRequest =
  | { kind: 'plan'; seq: number; robots: number; method: FleetMethod; millis: number }
  | { kind: 'lifelong'; seq: number; robots: number; steps: number; method: LifelongMethod; millis: number }
  | { kind: 'sweep'; seq: number; robots: readonly number[]; steps: number };
