// One worker of `scen --workers N` (see scen-workers.ts): the map and the
// preprocessing from shared memory, then chunks of rows judged exactly as the
// main thread judges them, the answers posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { ANY_ANGLE, parseAlgo } from './algos.js';
import { ScenJudge, type ScenRow } from './scen-rows.js';
import { gridFromShared, ROW_FIELDS, type WorkerSetup } from './scen-workers.js';

const { setup, table } = workerData as { setup: WorkerSetup; table: Float64Array };
const port = parentPort!;
try {
  const grid = gridFromShared(setup.grid);
  const algo = setup.algo === ANY_ANGLE.name ? ANY_ANGLE : parseAlgo(setup.algo);
  const judge = new ScenJudge(grid, algo, algo.make(grid, setup.saved), setup.judging, setup.times);
  port.on('message', ({ from, to }: { from: number; to: number }) => {
    try {
      const rows: ScenRow[] = [];
      for (let i = from; i < to; i++) {
        const o = i * ROW_FIELDS;
        const s = { line: table[o + 1], startX: table[o + 2], startY: table[o + 3], goalX: table[o + 4], goalY: table[o + 5], optimal: table[o + 6] };
        rows.push(judge.judge(table[o], s));
      }
      port.postMessage({ rows });
    } catch (e) {
      port.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
} catch (e) {
  port.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
