import type { Conflict, FleetPlan } from './fleet-model.js';

/**
 * Rows of whole numbers in one buffer: row i is data[start[i] .. start[i + 1]).
 * A thousand robots' paths, waits and meetings cross from the worker as three
 * of these, moved rather than copied: as arrays of arrays and objects they
 * took the main thread some 40 ms to unpack, on top of drawing the plan.
 */
export interface Rows { data: Int32Array; start: Int32Array }

/** A plan as it crosses from the worker: FleetPlan with its per-robot lists packed. */
export type FleetWire = Omit<FleetPlan, 'paths' | 'waits' | 'meetings'> & { paths: Rows | null; waits: Rows; meetings: Rows };

/** The numbers a meeting is packed into. */
const MEETING = 5;

/** Packs `rows`: row i takes `size(rows[i])` numbers, written by `put` from `at`. */
function pack<T>(rows: readonly T[], size: (row: T) => number, put: (row: T, out: Int32Array, at: number) => void): Rows {
  const start = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => { start[i + 1] = start[i] + size(r); });
  const data = new Int32Array(start[rows.length]);
  rows.forEach((r, i) => put(r, data, start[i]));
  return { data, start };
}

/** A plan packed for postMessage, and the buffers to transfer with it. */
export function packPlan(plan: FleetPlan): { wire: FleetWire; transfer: ArrayBuffer[] } {
  const length = (r: readonly unknown[]) => r.length;
  const numbers = (r: readonly number[], out: Int32Array, at: number) => out.set(r, at);
  const paths = plan.paths ? pack(plan.paths, length, numbers) : null;
  const waits = pack(plan.waits, length, numbers);
  const meetings = pack(plan.meetings, (r) => MEETING * r.length, (r, out, at) => {
    r.forEach((m, j) => out.set([m.t, m.cell, m.a, m.b, m.swap ? 1 : 0], at + MEETING * j));
  });
  const transfer = [paths, waits, meetings].flatMap((r) => (r ? [r.data.buffer as ArrayBuffer, r.start.buffer as ArrayBuffer] : []));
  return { wire: { ...plan, paths, waits, meetings }, transfer };
}

/** Row i of `rows`: a view, not a copy. */
export function row(rows: Rows, i: number): Int32Array {
  return rows.data.subarray(rows.start[i], rows.start[i + 1]);
}

/** Robot i's meetings (see FleetPlan.meetings), unpacked when it is followed. */
export function meetingsOf(rows: Rows, i: number): Conflict[] {
  const r = row(rows, i), out: Conflict[] = [];
  for (let j = 0; j < r.length; j += MEETING) out.push({ t: r[j], cell: r[j + 1], a: r[j + 2], b: r[j + 3], swap: r[j + 4] === 1 });
  return out;
}
