import type { Grid } from './grid.js';

/**
 * An estimate h(n) of the cost from node n to `goal`. Taking the goal as an
 * argument (instead of closing over it) lets one function serve every query
 * of a reusable searcher without allocating.
 */
export type Heuristic = (n: number, goal: number) => number;

/** h = 0: turns A* into Dijkstra. */
export const zero: Heuristic = () => 0;

/** Sum of axial distances, scaled by the cell size. Admissible only without diagonal moves. */
export function manhattan(grid: Grid): Heuristic {
  const w = grid.width, s = grid.cellSize;
  return (n, goal) => {
    const nx = n % w, gx = goal % w;
    return s * (Math.abs(nx - gx) + Math.abs((n - nx) / w - (goal - gx) / w));
  };
}

/**
 * Octile distance, the exact cost-to-go on an empty 8-connected grid:
 * `d * min(dx, dy) + |dx - dy|`, with `d` the diagonal cost (the grid's own,
 * unless given). On a 4-connected grid it is Manhattan.
 */
export function octile(grid: Grid, diagonalCost: number = grid.diagonalCost): Heuristic {
  if (grid.connectivity === 4 || grid.diagonalRule === 'never') return manhattan(grid);
  const w = grid.width, s = grid.cellSize, d = diagonalCost - 2;
  return (n, goal) => {
    const nx = n % w, gx = goal % w;
    const dx = Math.abs(nx - gx), dy = Math.abs((n - nx) / w - (goal - gx) / w);
    // (dx + dy) + (diagonal - 2) * min(dx, dy): the textbook formula with one comparison.
    return s * (dx + dy + d * (dx < dy ? dx : dy));
  };
}

/** max(dx, dy): exact when a diagonal step costs the same as an axial one. */
export function chebyshev(grid: Grid): Heuristic {
  const w = grid.width, s = grid.cellSize;
  return (n, goal) => {
    const nx = n % w, gx = goal % w;
    return s * Math.max(Math.abs(nx - gx), Math.abs((n - nx) / w - (goal - gx) / w));
  };
}

/** Straight-line distance. Admissible on any grid whose diagonal costs at least sqrt 2. */
export function euclidean(grid: Grid): Heuristic {
  const w = grid.width, s = grid.cellSize;
  return (n, goal) => {
    const nx = n % w, gx = goal % w;
    return s * Math.hypot(nx - gx, (n - nx) / w - (goal - gx) / w);
  };
}

export const HEURISTICS = { manhattan, octile, chebyshev, euclidean, zero: () => zero } as const;
export type HeuristicName = keyof typeof HEURISTICS;

/** A grid heuristic by name; throws with the allowed names otherwise. */
export function heuristicByName(name: string, grid: Grid): Heuristic {
  if (!Object.prototype.hasOwnProperty.call(HEURISTICS, name)) {
    throw new RangeError(`unknown heuristic ${JSON.stringify(name)}: expected one of ${Object.keys(HEURISTICS).join(', ')}`);
  }
  return HEURISTICS[name as HeuristicName](grid);
}
