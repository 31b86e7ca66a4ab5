import { Searcher, type Grid, octile } from '#bestfirst';
import { AraSearcher } from '#bestfirst/repair';
import { runAraLane, type AraLaneRun } from '../ara-lane/ara-lane-model.js';
import { badgeEpsilon, EPSILONS } from './theater-model.js';

/** What the theater hands off the frame after an edit: the query as it now stands. */
export interface OffFrameJob {
  seq: number;
  cells: Uint8Array;
  start: number;
  goal: number;
  reopen: boolean;
}

/** The badge's scan over the slider and the ARA* lane's rounds, for one job. */
export interface OffFrameResult {
  seq: number;
  badge: number | null;
  ara: AraLaneRun;
}

/**
 * The searches the theater does not need before the next frame: the badge
 * (a Dijkstra and up to 51 weighted A*s) and ARA*'s four rounds. Runs in the
 * worker, or in idle time where there is no worker; either way on its own
 * copy of the grid, brought up to date from the job.
 */
export class OffFrameWork {
  private readonly grid: Grid;
  private readonly searcher: Searcher;
  private readonly ara: AraSearcher;

  constructor(grid: Grid) {
    this.grid = grid.with({});
    this.searcher = new Searcher(this.grid);
    this.ara = new AraSearcher(this.grid);
  }

  run(job: OffFrameJob): OffFrameResult {
    this.grid.cells.set(job.cells);
    this.grid.touch();
    const h = octile(this.grid);
    const badge = badgeEpsilon(this.grid, job.start, job.goal, h, EPSILONS, job.reopen, this.searcher);
    const ara = runAraLane(this.grid, job.start, job.goal, undefined, this.ara);
    return { seq: job.seq, badge, ara };
  }
}
