import { InputError } from './errors.js';

/**
 * A worker as the pool sees it: somewhere to post a message, and a way to
 * hear back. Node's `worker_threads` and the browser's Web Workers both fit
 * in a few lines of adapter, written where the worker is made (the library
 * itself starts none, and names no platform's API):
 *
 * ```ts no-run
 * // Node
 * const spawn = () => { const w = new Worker(url, { workerData }); return {
 *   postMessage: (m) => w.postMessage(m),
 *   listen: (onMessage, onError) => { w.on('message', onMessage); w.on('error', onError); },
 *   terminate: () => w.terminate() }; };
 * // A browser
 * const spawn = () => { const w = new Worker(url, { type: 'module' }); return {
 *   postMessage: (m) => w.postMessage(m),
 *   listen: (onMessage, onError) => { w.onmessage = (e) => onMessage(e.data); w.onerror = onError; },
 *   terminate: () => w.terminate() }; };
 * ```
 */
export interface PoolWorker {
  /** Sends a chunk of queries to the worker. */
  postMessage(message: unknown): void;
  /** Hands every message the worker posts back to `onMessage`, and a failure of the worker to `onError`. */
  listen(onMessage: (message: unknown) => void, onError: (error: unknown) => void): void;
  /** Stops the worker (`close()` calls it). */
  terminate(): unknown;
}

/** The worker's end, for `serveQueries`: `self` in a Web Worker, `parentPort` in Node, through the same kind of adapter. */
export interface PoolPort {
  /** Sends a chunk's answers back to the pool. */
  postMessage(message: unknown): void;
  /** Hands every message from the pool (a chunk of queries) to `onMessage`. */
  listen(onMessage: (message: unknown) => void): void;
}

/** The options of `new SearchPool(options)`. */
export interface SearchPoolOptions<Q, A> {
  /** How many workers to start (at the first run; they are kept for the next). 0 runs every query on this thread. */
  readonly workers: number;
  /** Starts worker `index`; the worker answers through `serveQueries`, as `local` answers. */
  readonly spawn: (index: number) => PoolWorker;
  /**
   * Answers a query on this thread, which then works too, a chunk at a time
   * between the workers' messages. A worker is a whole JavaScript engine
   * with the library loaded again, so N threads of search for the price of
   * N - 1 workers. Without it this thread only deals the queries out.
   */
  readonly local?: (query: Q) => A;
  /**
   * Queries sent in one message. By default about 32 chunks a thread (at
   * most 256 queries), shrinking towards the end of the batch to a quarter
   * of what is left per thread (at least one): batches often run from cheap
   * queries to dear ones (a Moving AI scenario file's buckets go from short
   * paths to long), and a whole chunk of the dearest left to one thread at
   * the end keeps the others idle. Given, every chunk has this size.
   */
  readonly chunk?: number;
}

/**
 * The default size of the next chunk of a batch of `total` queries on
 * `threads` threads, `handed` of them already handed out: about 32 chunks a
 * thread (at most 256 queries), and towards the end a quarter of what is
 * left per thread, at least one. (scripts/pool-replay.mjs replays a batch's
 * rows through it.)
 */
export function chunkSize(total: number, handed: number, threads: number): number {
  const base = Math.max(1, Math.min(256, Math.ceil(total / (threads * 32))));
  return Math.max(1, Math.min(base, Math.ceil((total - handed) / (threads * 4))));
}

interface Reply<A> { readonly chunk: number; readonly answers?: A[]; readonly error?: string }

/**
 * Runs batches of queries on workers: the queries go out in chunks to
 * whichever worker is free, and the answers come back in query order, so a
 * batch gives the same answers whatever the number of workers, as long as
 * each worker answers a query as one searcher would (made from the same
 * space: shared, not rebuilt, is for the caller to arrange). Queries and
 * answers travel by structured clone (`postMessage`); put what every query
 * needs (a grid's cells, a hierarchy's saved bytes) in the worker's start
 * data, in shared memory where the platform has it.
 *
 * One batch at a time; `close()` stops the workers.
 */
export class SearchPool<Q, A> {
  private readonly options: SearchPoolOptions<Q, A>;
  private readonly started: PoolWorker[] = [];
  private running = false;
  private closed = false;
  /** What the workers' messages go to during a run. */
  private onReply: (worker: PoolWorker, reply: Reply<A>) => void = () => {};
  private onFailure: (error: unknown) => void = () => {};

  constructor(options: SearchPoolOptions<Q, A>) {
    if (options === null || typeof options !== 'object') throw new InputError('SearchPool: options must be an object { workers, spawn, local?, chunk? }');
    if (!Number.isSafeInteger(options.workers) || options.workers < 0) throw new InputError(`SearchPool: workers must be a whole number >= 0, got ${String(options.workers)}`);
    if (typeof options.spawn !== 'function') throw new InputError('SearchPool: spawn must be a function (index) => PoolWorker');
    if (options.local !== undefined && typeof options.local !== 'function') throw new InputError('SearchPool: local must be a function (query) => answer');
    if (options.chunk !== undefined && !(Number.isSafeInteger(options.chunk) && options.chunk >= 1)) throw new InputError(`SearchPool: chunk must be a whole number >= 1, got ${String(options.chunk)}`);
    if (options.workers === 0 && options.local === undefined) throw new InputError('SearchPool: with no workers, local must answer the queries');
    this.options = options;
  }

  /**
   * Answers every query; resolves with the answers in query order.
   * `onAnswer(index, answer)` hears each answer as it comes (in any order):
   * for a caller that streams them. A worker's failure rejects the run.
   */
  run(queries: readonly Q[], onAnswer?: (index: number, answer: A) => void): Promise<A[]> {
    if (this.closed) return Promise.reject(new InputError('SearchPool: run after close()'));
    if (this.running) return Promise.reject(new InputError('SearchPool: a batch is already running; await it first'));
    const total = queries.length;
    const answers = new Array<A>(total);
    if (total === 0) return Promise.resolve(answers);
    this.running = true;
    const { local } = this.options;
    const workers = this.workersFor(total);
    const threads = workers.length + (local ? 1 : 0);
    const given = this.options.chunk;
    const chunkStart: number[] = [];
    let handed = 0, answered = 0, over = false;
    return new Promise<A[]>((resolve, reject) => {
      const end = (error?: unknown) => {
        if (over) return;
        over = true;
        this.running = false;
        this.onReply = () => {};
        this.onFailure = () => {};
        if (error === undefined) resolve(answers); else reject(error instanceof Error ? error : new Error(String(error)));
      };
      const take = (from: number, got: readonly A[]) => {
        for (let k = 0; k < got.length; k++) {
          answers[from + k] = got[k];
          onAnswer?.(from + k, got[k]);
        }
        answered += got.length;
        if (answered === total) end();
      };
      const next = (): [number, number] | null => {
        if (handed >= total) return null;
        const from = handed;
        const size = given ?? chunkSize(total, handed, threads);
        handed = Math.min(total, handed + size);
        return [from, handed];
      };
      const hand = (w: PoolWorker) => {
        const c = next();
        if (c === null) return;
        chunkStart.push(c[0]);
        w.postMessage({ chunk: chunkStart.length - 1, queries: queries.slice(c[0], c[1]) });
      };
      this.onReply = (w, reply) => {
        if (over) return;
        if (reply.error !== undefined || !Array.isArray(reply.answers)) { end(new Error(`SearchPool: a worker failed: ${reply.error ?? 'it answered no answers'}`)); return; }
        hand(w); // the next chunk first, so the worker is busy while these answers are taken
        try { take(chunkStart[reply.chunk], reply.answers); } catch (e) { end(e); }
      };
      this.onFailure = (e) => end(e);
      // Two chunks each from the start: one to work on, one waiting, so no worker idles on a round trip.
      for (const w of workers) { hand(w); hand(w); }
      if (local !== undefined) {
        const step = () => {
          if (over) return;
          const c = next();
          if (c === null) return;
          const got: A[] = [];
          try {
            for (let i = c[0]; i < c[1]; i++) got.push(local(queries[i]));
            take(c[0], got);
          } catch (e) {
            end(e);
            return;
          }
          // A turn of the event loop between chunks, for the workers' messages.
          if (!over) setTimeout(step, 0);
        };
        setTimeout(step, 0);
      }
    });
  }

  /** Stops the workers; the pool takes no more batches. */
  close(): void {
    this.closed = true;
    for (const w of this.started.splice(0)) w.terminate();
  }

  /** The workers a batch of `total` queries uses: started at the first batch, no more than there are queries. */
  private workersFor(total: number): PoolWorker[] {
    const want = Math.min(this.options.workers, this.options.local === undefined ? total : total - 1);
    while (this.started.length < want) {
      const w = this.options.spawn(this.started.length);
      w.listen((m) => this.onReply(w, m as Reply<A>), (e) => this.onFailure(e));
      this.started.push(w);
    }
    return this.started.slice(0, Math.max(want, 0));
  }
}

/**
 * The worker's side of a `SearchPool`: answers every chunk of queries that
 * comes through `port` with `answer`, in order, and posts the answers back
 * (a thrown error goes back as the chunk's failure, which fails the batch).
 * Make the searcher once, before this call, from the worker's start data.
 */
export function serveQueries<Q, A>(port: PoolPort, answer: (query: Q) => A): void {
  if (port === null || typeof port !== 'object' || typeof port.postMessage !== 'function' || typeof port.listen !== 'function') {
    throw new InputError('serveQueries: port must be a PoolPort { postMessage(message), listen(onMessage) }');
  }
  if (typeof answer !== 'function') throw new InputError('serveQueries: answer must be a function (query) => answer');
  port.listen((m) => {
    const { chunk, queries } = m as { chunk: number; queries: Q[] };
    try {
      port.postMessage({ chunk, answers: queries.map((q) => answer(q)) });
    } catch (e) {
      port.postMessage({ chunk, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}
