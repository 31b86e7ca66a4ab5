// The jump point suites' own walk of a path on an 8-connected grid, written
// from the grid's rules without the library's path check.
import type { Grid } from '#bestfirst';

/**
 * Checks a full path independently of both searches: consecutive cells
 * 8-adjacent, all free, each diagonal step legal under the grid's rule.
 * Returns the summed step cost, or a string saying what is wrong.
 */
export function walk(grid: Grid, path: ArrayLike<number>, len: number, start: number, goal: number): number | string {
  const w = grid.width, cs = grid.cellSize;
  if (len < 1) return 'empty path';
  if (path[0] !== start) return `starts at ${path[0]}, not ${start}`;
  if (path[len - 1] !== goal) return `ends at ${path[len - 1]}, not ${goal}`;
  let cost = 0;
  for (let i = 0; i < len; i++) if (grid.cells[path[i]] !== 0) return `cell ${i} (${path[i]}) is blocked`;
  for (let i = 1; i < len; i++) {
    const a = path[i - 1], b = path[i];
    const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    const dx = bx - ax, dy = by - ay;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return `step ${i} ${a}->${b} is not a king move`;
    if (dx !== 0 && dy !== 0) {
      const s1 = grid.cells[ay * w + bx], s2 = grid.cells[by * w + ax];
      if (grid.diagonalRule === 'no-corner-cutting' && (s1 | s2) !== 0) return `step ${i} ${a}->${b} cuts a corner`;
      cost += cs * grid.diagonalCost;
    } else {
      cost += cs;
    }
  }
  return cost;
}
