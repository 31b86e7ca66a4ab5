import { Searcher, Grid, type Heuristic, ASTAR, type Trace } from '#bestfirst';
import { heuristicByName } from '#bestfirst/grid';
import { LESSON_ROWS, lessonWorld } from '#bestfirst/worlds';

export type StepHeuristic = 'manhattan' | 'octile' | 'chebyshev' | 'zero';
export const STEP_HEURISTICS: readonly StepHeuristic[] = ['manhattan', 'octile', 'chebyshev', 'zero'];

export interface StepSettings {
  connectivity: 4 | 8;
  heuristic: StepHeuristic;
}

export interface StepRun {
  grid: Grid;
  trace: Trace;
  path: number[] | null;
  cost: number;
  h: Heuristic;
}

/**
 * The step player's world: the lesson's 5 x 6 grid until the reader draws
 * another. Diagonals cost 1.4 (the chapter's metric) and may not cut
 * corners; ties go to the cell added first, the lesson's rule.
 */
export class StepModel {
  cells: Uint8Array;
  start: number;
  goal: number;
  readonly width: number;
  readonly height: number;
  settings: StepSettings = { connectivity: 4, heuristic: 'manhattan' };

  constructor() {
    const w = lessonWorld();
    this.width = w.grid.width;
    this.height = w.grid.height;
    this.cells = Uint8Array.from(w.grid.cells);
    this.start = w.start;
    this.goal = w.goal;
  }

  /** Back to the lesson's grid, endpoints and settings. */
  resetLesson(): void {
    const g = Grid.fromAscii(LESSON_ROWS);
    this.cells.set(g.cells);
    const w = lessonWorld();
    this.start = w.start;
    this.goal = w.goal;
    this.settings = { connectivity: 4, heuristic: 'manhattan' };
  }

  clearWalls(): void { this.cells.fill(0); }

  grid(): Grid {
    return new Grid(this.width, this.height, this.cells, { connectivity: this.settings.connectivity, diagonalCost: 1.4 });
  }

  run(): StepRun {
    const grid = this.grid();
    const h = heuristicByName(this.settings.heuristic, grid);
    const s = new Searcher(grid);
    s.search(this.start, this.goal, { priority: ASTAR, heuristic: h, tieBreak: 'fifo', trace: true });
    return { grid, trace: s.trace!, path: s.path(), cost: s.cost, h };
  }
}
