import { Worker } from 'node:worker_threads';
import { Grid, type GridOptions } from '#bestfirst';
import type { Scenario } from '#bestfirst/io';
import type { Runner } from './algos.js';
import type { Judging, ScenJudge, ScenRow } from './scen-rows.js';

/**
 * `scen --workers N` on Node's worker threads. The map is made once, here:
 * its cells (and weights) go to the workers in SharedArrayBuffers, and a
 * search's preprocessing (the JPS+ table, a subgoal graph) is made once and
 * handed over as the bytes its `save()` writes, also shared, for each worker
 * to load (loading is a copy, far cheaper than the build). Rows are dealt
 * out in small chunks as workers ask, so a slow row holds up no one; the
 * caller puts the answers back in row order.
 */

/** A grid as the workers receive it: its options, and its cells and weights in shared memory. */
export interface SharedGrid {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
  readonly weights: Float64Array | null;
  readonly options: GridOptions;
}

/** What every worker starts from. */
export interface WorkerSetup {
  readonly grid: SharedGrid;
  /** The algorithm as the user named it (`wastar:1.5`, `any-angle`): the worker parses it again. */
  readonly algo: string;
  readonly judging: Judging;
  readonly times: boolean;
  /** The preprocessing's bytes (shared), for the searches that keep one. */
  readonly saved?: { readonly bytes: Uint8Array; readonly file: string };
}

/** The rows as the workers read them: per row, row, line, startX, startY, goalX, goalY, optimal. */
export const ROW_FIELDS = 7;

/** The built worker beside this module; null when this is the TypeScript source (tests in-process), where a worker cannot run. */
export const WORKER_URL: URL | null = import.meta.url.endsWith('.ts') ? null : new URL('./scen-worker.js', import.meta.url);

function shared<T extends Uint8Array | Float64Array>(source: T, make: (b: SharedArrayBuffer) => T): T {
  const out = make(new SharedArrayBuffer(source.byteLength));
  out.set(source);
  return out;
}

/** The grid's raster in shared memory, with the options it was made with (areas left out: no search reads them). */
export function shareGrid(grid: Grid): SharedGrid {
  const { weights: _w, areas: _a, ...options } = grid.options();
  return {
    width: grid.width, height: grid.height, options,
    cells: shared(grid.cells, (b) => new Uint8Array(b)),
    weights: grid.weights === null ? null : shared(grid.weights, (b) => new Float64Array(b)),
  };
}

/** The grid a worker searches: the same cells, weights and options. */
export function gridFromShared(g: SharedGrid): Grid {
  return new Grid(g.width, g.height, g.cells, g.weights === null ? g.options : { ...g.options, weights: g.weights });
}

/** The preprocessing a runner made (or `saved`, the file it loaded), as shared bytes for the workers; undefined for a search that makes none. */
export function savedBytes(runner: Runner, saved: { bytes: Uint8Array; file: string } | undefined): WorkerSetup['saved'] {
  const searcher = runner.searcher as { save?: () => Uint8Array };
  const bytes = saved?.bytes ?? (typeof searcher.save === 'function' ? searcher.save() : undefined);
  return bytes === undefined ? undefined : { bytes: shared(bytes, (b) => new Uint8Array(b)), file: saved?.file ?? 'the preprocessing made for the workers' };
}

/** Rows a worker is handed at a time: a few dozen chunks per worker, so the last chunks even the load out. */
function chunkSize(rows: number, workers: number): number {
  return Math.max(1, Math.min(256, Math.ceil(rows / (workers * 32))));
}

/**
 * Runs `rows` (scenarios, with their places `at` in the batch) on this
 * thread (`local`, a chunk at a time between the workers' messages) and
 * `count` workers, calling `deliver` with each answer as it comes. This
 * thread searches too: a worker is a whole JavaScript engine with the
 * library loaded again (some 16-20 MB, and a fifth of a second to start),
 * so N threads of search cost N - 1 of them. Resolves when every row is
 * answered; rejects (and stops every worker) on a failure.
 */
export function runOnWorkers(url: URL, setup: WorkerSetup, rows: readonly Scenario[], at: readonly number[], count: number, local: ScenJudge, deliver: (r: ScenRow) => void): Promise<void> {
  const table = new Float64Array(new SharedArrayBuffer(rows.length * ROW_FIELDS * 8));
  rows.forEach((s, i) => table.set([at[i], s.line, s.startX, s.startY, s.goalX, s.goalY, s.optimal], i * ROW_FIELDS));
  const chunk = chunkSize(rows.length, count);
  let handed = 0, answered = 0;
  const workers: Worker[] = [];
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const stop = (e?: unknown) => {
      if (failed) return;
      if (e !== undefined) failed = true;
      for (const w of workers) void w.terminate();
      if (e === undefined) resolve(); else reject(e instanceof Error ? e : new Error(String(e)));
    };
    const hand = (w: Worker) => {
      if (handed >= rows.length) return;
      const from = handed;
      handed = Math.min(rows.length, handed + chunk);
      w.postMessage({ from, to: handed });
    };
    // This thread's share: a chunk, then a turn of the event loop for the workers' messages.
    const step = () => {
      if (failed || handed >= rows.length) return;
      const from = handed;
      handed = Math.min(rows.length, handed + chunk);
      try {
        for (let i = from; i < handed; i++) deliver(local.judge(at[i], rows[i]));
      } catch (e) {
        stop(e);
        return;
      }
      answered += handed - from;
      if (answered === rows.length) stop(); else setImmediate(step);
    };
    for (let k = 0; k < count; k++) {
      const w = new Worker(url, { workerData: { setup, table } });
      workers.push(w);
      w.on('message', (m: { rows: ScenRow[] } | { error: string }) => {
        if (failed) return;
        if ('error' in m) { stop(new Error(`a scen worker failed: ${m.error}`)); return; }
        hand(w); // the next chunk first, so the worker is busy while its answers are passed on
        try {
          for (const r of m.rows) deliver(r);
        } catch (e) {
          stop(e);
          return;
        }
        answered += m.rows.length;
        if (answered === rows.length) stop();
      });
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => { if (code !== 0 && answered < rows.length) stop(new Error(`a scen worker exited with code ${code}`)); });
      // Two chunks each from the start: one to work on, one waiting, so no worker idles on a round trip.
      hand(w);
      hand(w);
    }
    setImmediate(step);
  });
}
