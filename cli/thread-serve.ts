import { parentPort } from 'node:worker_threads';

/**
 * The worker's side of `runOnThreads` (thread-pool.ts): `start()` makes
 * what the rows need (from the shared data), then each chunk { from, to }
 * is answered with the rows `answer` gives, in order. Any failure goes back
 * as { error } for the main thread to stop the run with.
 */
export function serveChunks<T, R>(start: () => T, answer: (made: T, i: number) => R): void {
  const port = parentPort!;
  const fail = (e: unknown) => port.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  let made: T;
  try {
    made = start();
  } catch (e) {
    fail(e);
    return;
  }
  port.on('message', ({ from, to }: { from: number; to: number }) => {
    try {
      const rows: R[] = [];
      for (let i = from; i < to; i++) rows.push(answer(made, i));
      port.postMessage({ rows });
    } catch (e) {
      fail(e);
    }
  });
}
