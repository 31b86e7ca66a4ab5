import { parentPort } from 'node:worker_threads';
import { serveQueries } from '#bestfirst';

/**
 * The worker's side of `runOnThreads` (thread-pool.ts): `start()` makes
 * what the rows need from the shared start data (a failure there fails the
 * worker, and the run with it), then every chunk of row numbers is answered
 * with `answer`, through the library's `serveQueries`.
 */
export function serveRows<T, R>(start: () => T, answer: (made: T, i: number) => R): void {
  const port = parentPort!;
  const made = start();
  serveQueries<number, R>({ postMessage: (m) => port.postMessage(m), listen: (onMessage) => port.on('message', onMessage) }, (i) => answer(made, i));
}
