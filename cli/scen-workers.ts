import { Grid, type GridOptions } from '#bestfirst';
import type { Scenario } from '#bestfirst/io';
import { ANY_ANGLE, parseAlgo, type Runner } from './algos.js';
import { ScenJudge, type Judging } from './scen-rows.js';
import { shared } from './thread-pool.js';

/**
 * What `scen --workers N` hands its workers (thread-pool.ts runs them). The
 * map is made once, here: its cells (and weights) go to the workers in
 * SharedArrayBuffers, each searching a read-only view of them (`Grid.view`:
 * no copy), and a search's preprocessing (the JPS+ table, a subgoal graph)
 * is made once and handed over as the bytes its `save()` writes, also
 * shared, for each worker to load (JPS+ reads its table in place on a view;
 * the others copy what they load, far cheaper than the build). The rows go
 * as one shared table. This thread then searches as a worker does, from the
 * same shared setup (`judgeFrom`), and lets go of the map and searcher it
 * made them from: one copy of the map and the table in memory, not one per
 * thread and one more here.
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

/** The grid's raster in shared memory, with the options it was made with (areas left out: no search reads them). */
export function shareGrid(grid: Grid): SharedGrid {
  const { weights: _w, areas: _a, ...options } = grid.options();
  return {
    width: grid.width, height: grid.height, options,
    cells: shared(grid.cells, (b) => new Uint8Array(b)),
    weights: grid.weights === null ? null : shared(grid.weights, (b) => new Float64Array(b)),
  };
}

/** The grid a thread searches: a read-only view of the shared cells and weights, with the same options. */
export function gridFromShared(g: SharedGrid): Grid {
  return Grid.view(g.width, g.height, g.cells, g.weights === null ? g.options : { ...g.options, weights: g.weights });
}

/** The judge of a thread (a worker, or this one with workers): the shared map searched, the shared preprocessing loaded. */
export function judgeFrom(setup: WorkerSetup): ScenJudge {
  const grid = gridFromShared(setup.grid);
  const algo = setup.algo === ANY_ANGLE.name ? ANY_ANGLE : parseAlgo(setup.algo);
  return new ScenJudge(grid, algo, algo.make(grid, setup.saved), setup.judging, setup.times);
}

/** The preprocessing a runner made (or `saved`, the file it loaded), as shared bytes for the workers; undefined for a search that makes none. */
export function savedBytes(runner: Runner, saved: { bytes: Uint8Array; file: string } | undefined): WorkerSetup['saved'] {
  const searcher = runner.searcher as { save?: () => Uint8Array };
  const bytes = saved?.bytes ?? (typeof searcher.save === 'function' ? searcher.save() : undefined);
  return bytes === undefined ? undefined : { bytes: shared(bytes, (b) => new Uint8Array(b)), file: saved?.file ?? 'the preprocessing made for the workers' };
}

/** The rows' table as the workers read it: per row, its place in the batch, line, startX, startY, goalX, goalY, optimal. */
export function rowTable(rows: readonly Scenario[], at: readonly number[]): Float64Array {
  const table = new Float64Array(new SharedArrayBuffer(rows.length * ROW_FIELDS * 8));
  rows.forEach((s, i) => table.set([at[i], s.line, s.startX, s.startY, s.goalX, s.goalY, s.optimal], i * ROW_FIELDS));
  return table;
}

/** Row `i` of the table, as the judge takes it; [its place in the batch, the scenario]. */
export function tableRow(table: Float64Array, i: number): [number, Pick<Scenario, 'line' | 'startX' | 'startY' | 'goalX' | 'goalY' | 'optimal'>] {
  const o = i * ROW_FIELDS;
  return [table[o], { line: table[o + 1], startX: table[o + 2], startY: table[o + 3], goalX: table[o + 4], goalY: table[o + 5], optimal: table[o + 6] }];
}
