// A script run the way `node FILE` runs it, in a worker thread of its own: the
// package tests' way to run a reader's code (the README's blocks, examples/).
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export interface ThreadRun {
  /** The exit code; 1 for an uncaught error (its stack joins stderr); null when it ran over the time allowed and was stopped. */
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the module `file` (.mjs, .cjs or .js as Node reads it) in a worker
 * thread of its own and waits for it to end. A worker is a fresh Node
 * environment, as a process is: its own module graph (what one script
 * imports is not loaded for the next), its own globals, its own event loop,
 * run until nothing is left; its output is its own. It costs half the CPU of
 * a process: measured on the README's 47 blocks, 12 s against 22 s. No option
 * of the test runner's process is passed on (execArgv: []), as none reaches a
 * `node` the reader starts. The directory is the process's (a worker cannot
 * change it).
 */
export async function runInThread(file: string, timeoutMs = 60_000): Promise<ThreadRun> {
  const worker = new Worker(file, { stdout: true, stderr: true, execArgv: [] });
  let stdout = '', stderr = '';
  worker.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
  worker.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  worker.on('error', (e) => { stderr += `${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`; });
  let late = false;
  const timer = setTimeout(() => { late = true; void worker.terminate(); }, timeoutMs);
  // Not events.once for 'exit': it would reject on the script's own error, which is the script's outcome, not the harness's.
  const [code] = await Promise.all([new Promise<number>((done) => worker.on('exit', done)), once(worker.stdout, 'end'), once(worker.stderr, 'end')]);
  clearTimeout(timer);
  return { status: late ? null : code, stdout, stderr };
}
