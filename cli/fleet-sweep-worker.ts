// One worker of a fleet sweep (see fleet-sweep.ts, thread-pool.ts): the map
// from shared memory, then chunks of rows planned and checked exactly as the
// main thread plans and checks them.
import { workerData } from 'node:worker_threads';
import { planRow, type SweepData } from './fleet-sweep-rows.js';
import { gridFromShared } from './scen-workers.js';
import { serveRows } from './thread-serve.js';

const data = workerData as SweepData;
serveRows(() => gridFromShared(data.grid), (grid, i) => planRow(grid, data, data.todo[i]));
