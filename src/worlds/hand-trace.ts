import { Grid } from '../grid.js';
import { octile, type Heuristic } from '../heuristics.js';

/**
 * The chapter's 4 x 3 hand-trace grid (Choset §H.2.4 style): columns 1-4,
 * rows 1-3 counted from the bottom, (2,1) and (2,2) blocked; start (1,1),
 * goal (4,1); 8-connected with corner cutting, steps 1 and 1.4; octile h.
 */
export interface HandTraceWorld {
  grid: Grid;
  start: number;
  goal: number;
  h: Heuristic;
}

export function handTraceWorld(): HandTraceWorld {
  const grid = Grid.fromAscii(['....', '.#..', '.#..'], { connectivity: 8, diagonalRule: 'always', diagonalCost: 1.4 });
  return { grid, start: grid.idColRow(1, 1), goal: grid.idColRow(4, 1), h: octile(grid) };
}
