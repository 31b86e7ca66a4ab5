// What every any-angle answer must satisfy, checked against the brute-force
// references (supercover.ts) and the octile A* path of the same query.
import { expect } from 'vitest';
import { findPath, type Grid } from '#bestfirst';
import { bruteSight, brutePathCost } from './supercover.js';

/** Relative slack for sums of the same lengths added in another order. */
export const SLACK = 1e-9;

/** The straight-line lower bound of any path from a to b: distance times cellSize times the weight floor. */
export function straightLine(grid: Grid, a: number, b: number): number {
  const w = grid.width;
  const dx = (a % w) - (b % w), dy = Math.floor(a / w) - Math.floor(b / w);
  return Math.sqrt(dx * dx + dy * dy) * grid.cellSize * grid.weightFloor;
}

/**
 * Checks a found any-angle path: its ends, line of sight on every segment
 * (brute force), its cost (brute force), no dearer than the octile A* path
 * costed the same way, no cheaper than the straight line. Returns the A*
 * path's cost so costed, for counting how often any-angle did better.
 */
export function checkAnyAngleAnswer(grid: Grid, start: number, goal: number, path: readonly number[], cost: number, what: string): number {
  expect(path[0], what).toBe(start);
  expect(path[path.length - 1], what).toBe(goal);
  for (let i = 1; i < path.length; i++) {
    expect(bruteSight(grid, path[i - 1], path[i]), `${what}: segment ${i} ${grid.formatXY(path[i - 1])} -> ${grid.formatXY(path[i])}`).toBe(true);
  }
  const own = brutePathCost(grid, path);
  expect(Math.abs(cost - own), `${what}: reported ${cost}, brute force ${own}`).toBeLessThanOrEqual(SLACK * Math.max(1, own));
  const astar = findPath(grid, start, goal);
  expect(astar.status, what).toBe('found');
  // On a grid without weights this is A*'s own cost; on a weighted one, its path costed as segments.
  const reference = grid.weighted ? brutePathCost(grid, astar.path!) : astar.cost;
  expect(cost, `${what}: any-angle ${cost} against A* ${reference}`).toBeLessThanOrEqual(reference * (1 + SLACK) + SLACK);
  const line = straightLine(grid, start, goal);
  expect(cost, `${what}: any-angle ${cost} against the straight line ${line}`).toBeGreaterThanOrEqual(line * (1 - SLACK) - SLACK);
  return reference;
}
