import { Grid, type GridOptions } from '#bestfirst';
import { sceneAt, type Scene } from '../common/scene.js';
import { TheaterModel } from './theater-model.js';

/** A theater query as the figure worker receives it: the grid's cells and options, start, goal and the lanes' settings. */
export interface LaneQuery {
  width: number;
  height: number;
  cells: Uint8Array;
  /** The grid's options; sent with the first query only (they never change in a theater). */
  options?: GridOptions;
  start: number;
  goal: number;
  eps: number;
  reopen: boolean;
}

/**
 * The four lanes' searches, run in the figure worker during a drag
 * (figure-thread.ts, runLanes): each lane's scene at the end of its run,
 * ready to draw. The same library searches as the page's TheaterModel, on
 * a copy of its grid: the page's main thread posts the query and draws
 * nothing.
 */
export class LaneScenes {
  private model: TheaterModel | null = null;

  /** Sets query `q` and runs each of `lanes` (indices into LANES): each one's scene at the end of its run, and h for the h layer. */
  run(q: LaneQuery, lanes: readonly number[]): { scene: Scene; h: (n: number) => number }[] {
    if (q.options || !this.model || this.model.grid.width !== q.width || this.model.grid.height !== q.height) {
      this.model = new TheaterModel({ grid: new Grid(q.width, q.height, q.cells, q.options ?? {}), start: q.start, goal: q.goal });
    }
    const m = this.model;
    m.cells.set(q.cells);
    m.cellsChanged();
    m.start = q.start;
    m.goal = q.goal;
    m.eps = q.eps;
    m.reopen = q.reopen;
    const h = (n: number) => m.h(n, m.goal);
    return lanes.map((lane) => {
      const run = m.runLane(lane);
      return { scene: sceneAt(run.trace, m.grid.size, run.trace.pops.length, run.path), h };
    });
  }
}
