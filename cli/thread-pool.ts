import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { SearchPool, type PoolWorker } from '#bestfirst';
import type { OptionSpec } from './options.js';

/**
 * The batch commands' threads (`scen`, `route --pairs`) on the library's
 * `SearchPool`: rows 0..total-1 dealt out in small chunks to this thread and
 * to Node worker threads as each is free, every answer handed to the caller
 * as it comes (the caller puts them back in row order). This thread searches
 * too: a worker is a whole JavaScript engine with the library loaded again
 * (some 16-20 MB, and a fifth of a second to start), so N threads of search
 * cost N - 1 of them. A worker module answers through `serveRows`
 * (thread-serve.ts).
 */

/**
 * The heap limits of a worker whose rows are searches: a young generation
 * of 4 MB. A search allocates little that lives past its row, and V8 by
 * default lets a busy thread's young generation grow to 16 MB, most of it
 * garbage kept resident: capped, a worker of `scen --workers 2` on orz900d
 * (the largest Moving AI map) held some 12 MB less for a few per cent more
 * CPU. Commands whose rows allocate much (a fleet's plans) keep V8's
 * default by not passing it. (The main thread keeps Node's: its flags are
 * the user's.)
 */
export const SEARCH_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };

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

/** A Node worker thread as the library's pool takes one; an exit other than a clean one is a failure (`what` names the command). */
function nodeWorker(w: Worker, what: string): PoolWorker {
  return {
    postMessage: (m) => w.postMessage(m),
    listen(onMessage, onError) {
      w.on('message', onMessage);
      w.on('error', (e) => onError(new Error(`a ${what} worker failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)));
      w.on('exit', (code) => { if (code !== 0) onError(new Error(`a ${what} worker exited with code ${code}`)); });
    },
    terminate: () => w.terminate(),
  };
}

/**
 * Answers rows 0..total-1 on this thread (`local(i)`) and `count` workers
 * started from `url` with `data` (the library's `SearchPool`), calling
 * `deliver` with each answer as it comes. Resolves when every row is
 * answered; rejects (and stops every worker) on a failure. `limits`, when
 * given, are each worker's heap limits (`SEARCH_WORKER_LIMITS`).
 */
export async function runOnThreads<R>(what: string, url: URL, data: unknown, total: number, count: number, local: (i: number) => R, deliver: (r: R) => void, limits?: ResourceLimits): Promise<void> {
  const options = limits === undefined ? { workerData: data } : { workerData: data, resourceLimits: limits };
  const pool = new SearchPool<number, R>({ workers: count, spawn: () => nodeWorker(new Worker(url, options), what), local });
  try {
    await pool.run(Array.from({ length: total }, (_, i) => i), (_i, r) => deliver(r));
  } finally {
    pool.close();
  }
}
