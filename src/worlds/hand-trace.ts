import { Grid } from '../grid/grid.js';
import { type Heuristic } from '../core/heuristic.js';
import { octile } from '../grid/heuristics.js';

/**
 * The chapter's 4 x 3 hand-trace grid (Choset §H.2.4 style): columns 1-4,
 * rows 1-3 counted from the bottom, (2,1) and (2,2) blocked; start (1,1),
 * goal (4,1); 8-connected with corner cutting, steps 1 and 1.4; octile h.
 */
export interface HandTraceWorld {
  /** The 4 x 3 grid. */
  grid: Grid;
  /** Cell (1,1), bottom left. */
  start: number;
  /** Cell (4,1), bottom right. */
  goal: number;
  /** Octile distance at diagonal cost 1.4. */
  h: Heuristic;
}

/**
 * A fresh hand-trace world. A* on it costs 5.2 and expands the cells the
 * chapter's hand trace lists.
 *
 * @example
 * ```ts
 * const w = handTraceWorld();
 * astar(w.grid, w.start, w.goal, w.h, { trace: true }).trace!.pops.map((p) => w.grid.formatColRow(p.node));
 * ```
 */
export function handTraceWorld(): HandTraceWorld {
  const grid = Grid.fromAscii(['....', '.#..', '.#..'], { connectivity: 8, diagonalRule: 'always', diagonalCost: 1.4 });
  return { grid, start: grid.idColRow(1, 1), goal: grid.idColRow(4, 1), h: octile(grid) };
}
