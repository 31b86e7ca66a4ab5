import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OptionSpec } from './options.js';

/**
 * The batch commands' threads (`scen`, `route --pairs`): rows 0..total-1
 * dealt out in small chunks to this thread and to worker threads as each
 * is free, every answer handed to the caller as it comes (the caller puts
 * them back in row order). This thread searches too: a worker is a whole
 * JavaScript engine with the library loaded again (some 16-20 MB, and a
 * fifth of a second to start), so N threads of search cost N - 1 of them.
 * A worker module answers through `serveChunks` (thread-serve.ts).
 */

/** The fewest rows per thread when --workers is not given: starting a worker costs more than a few rows. */
export const DEFAULT_ROWS_PER_THREAD = 32;

/** `--workers N`: the rows on N threads. */
export const WORKERS_OPTION: OptionSpec = {
  name: 'workers', kind: 'integer', arg: 'N', min: 1, max: 1024,
  help: `search on N threads, this one and N - 1 worker threads (what the searches share, the map or graph and its preprocessing, made once and handed to them in shared memory; the output is the same for any N); by default one per core (os.availableParallelism()), but at most one per ${DEFAULT_ROWS_PER_THREAD} rows`,
};

/**
 * How many threads to search `rows` on: --workers (`asked`) or one per core
 * and per DEFAULT_ROWS_PER_THREAD rows; 1 when `url` is null (this is the
 * TypeScript source, run in-process by the tests, and a worker runs only
 * built code) or there is one row.
 */
export function threadsFor(asked: number | undefined, rows: number, url: URL | null): number {
  if (url === null) return 1;
  return Math.max(1, Math.min(asked ?? Math.min(availableParallelism(), Math.floor(rows / DEFAULT_ROWS_PER_THREAD)), rows));
}

/** `source` copied into shared memory (a SharedArrayBuffer the workers see without a copy of their own). */
export function shared<T extends Uint8Array | Int32Array | Float64Array>(source: T, make: (b: SharedArrayBuffer) => T): T {
  const out = make(new SharedArrayBuffer(source.byteLength));
  out.set(source);
  return out;
}

/** Rows handed out at a time: a few dozen chunks per thread, so the last chunks even the load out. */
function chunkSize(rows: number, threads: number): number {
  return Math.max(1, Math.min(256, Math.ceil(rows / (threads * 32))));
}

/**
 * Answers rows 0..total-1 on this thread (`local(i)`, a chunk at a time
 * between the workers' messages) and `count` workers started from `url`
 * with `data`, calling `deliver` with each answer as it comes. Resolves when
 * every row is answered; rejects (and stops every worker) on a failure.
 * `what` names the command in the failure.
 */
export function runOnThreads<R>(what: string, url: URL, data: unknown, total: number, count: number, local: (i: number) => R, deliver: (r: R) => void): Promise<void> {
  const chunk = chunkSize(total, count + 1);
  let handed = 0, answered = 0;
  const workers: Worker[] = [];
  return new Promise<void>((resolve, reject) => {
    let over = false;
    const stop = (e?: unknown) => {
      if (over) return;
      over = true;
      for (const w of workers) void w.terminate();
      if (e === undefined) resolve(); else reject(e instanceof Error ? e : new Error(String(e)));
    };
    const take = (answers: readonly R[]) => {
      try {
        for (const r of answers) deliver(r);
      } catch (e) {
        stop(e);
        return;
      }
      answered += answers.length;
      if (answered === total) stop();
    };
    const hand = (w: Worker) => {
      if (handed >= total) return;
      const from = handed;
      handed = Math.min(total, handed + chunk);
      w.postMessage({ from, to: handed });
    };
    // This thread's share: a chunk, then a turn of the event loop for the workers' messages.
    const step = () => {
      if (over || handed >= total) return;
      const from = handed;
      handed = Math.min(total, handed + chunk);
      const answers: R[] = [];
      try {
        for (let i = from; i < handed; i++) answers.push(local(i));
      } catch (e) {
        stop(e);
        return;
      }
      take(answers);
      if (!over) setImmediate(step);
    };
    for (let k = 0; k < count; k++) {
      const w = new Worker(url, { workerData: data });
      workers.push(w);
      w.on('message', (m: { rows: R[] } | { error: string }) => {
        if (over) return;
        if ('error' in m) { stop(new Error(`a ${what} worker failed: ${m.error}`)); return; }
        hand(w); // the next chunk first, so the worker is busy while its answers are passed on
        take(m.rows);
      });
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => { if (code !== 0) stop(new Error(`a ${what} worker exited with code ${code}`)); });
      // Two chunks each from the start: one to work on, one waiting, so no worker idles on a round trip.
      hand(w);
      hand(w);
    }
    setImmediate(step);
  });
}
