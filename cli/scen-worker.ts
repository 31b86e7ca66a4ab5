// One worker of `scen --workers N` (see scen-workers.ts, thread-pool.ts): the
// map and the preprocessing from shared memory, then chunks of rows judged
// exactly as the main thread judges them.
import { workerData } from 'node:worker_threads';
import { judgeFrom, tableRow, type WorkerSetup } from './scen-workers.js';
import { serveRows } from './thread-serve.js';

const { setup, table } = workerData as { setup: WorkerSetup; table: Float64Array };
serveRows(() => judgeFrom(setup), (judge, i) => judge.judge(...tableRow(table, i)));
