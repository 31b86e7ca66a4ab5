import { Grid } from '../grid/grid.js';
import { type Heuristic } from '../core/heuristic.js';
import { manhattan } from '../grid/heuristics.js';

/**
 * The lesson's 5 x 6 grid: x 0-4, y 0-5 from the top, seven walls; start
 * (0,0) top-left, goal (4,5) bottom-right; 4-connected, Manhattan h, ties to
 * the cell added first. Its neighbour order, +x +y -x -y, is the grid's.
 */
export interface LessonWorld {
  /** The 5 x 6 grid, 4-connected. */
  grid: Grid;
  /** Cell (0,0), top left. */
  start: number;
  /** Cell (4,5), bottom right. */
  goal: number;
  /** Manhattan distance. */
  h: Heuristic;
}

/** The lesson grid as ASCII rows, top row first: `#` a wall, `.` free. */
export const LESSON_ROWS: readonly string[] = [
  '...#.',
  '.#.#.',
  '.#...',
  '.###.',
  '.....',
  '.....',
];

/** A fresh lesson world; search it with `tieBreak: 'fifo'` for the lesson's order of expansions. */
export function lessonWorld(): LessonWorld {
  const grid = Grid.fromAscii(LESSON_ROWS, { connectivity: 4 });
  return { grid, start: grid.id(0, 0), goal: grid.id(4, 5), h: manhattan(grid) };
}
