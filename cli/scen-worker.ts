// One worker of `scen --workers N` (see scen-workers.ts, thread-pool.ts): the
// map and the preprocessing from shared memory, then chunks of rows judged
// exactly as the main thread judges them.
import { workerData } from 'node:worker_threads';
import { ANY_ANGLE, parseAlgo } from './algos.js';
import { ScenJudge } from './scen-rows.js';
import { gridFromShared, tableRow, type WorkerSetup } from './scen-workers.js';
import { serveRows } from './thread-serve.js';

const { setup, table } = workerData as { setup: WorkerSetup; table: Float64Array };
serveRows(() => {
  const grid = gridFromShared(setup.grid);
  const algo = setup.algo === ANY_ANGLE.name ? ANY_ANGLE : parseAlgo(setup.algo);
  return new ScenJudge(grid, algo, algo.make(grid, setup.saved), setup.judging, setup.times);
}, (judge, i) => judge.judge(...tableRow(table, i)));
