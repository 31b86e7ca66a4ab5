// walkCost (src/core/space.ts): pathCost's sum without its checks, which the
// grid fast path reports after reopenings so that its bundle leaves pathCost's
// checks out. It must be that sum to the bit, and pathCost must still check.
import { expect, test } from 'vitest';
import { Grid, pathCost } from '#bestfirst';
import { walkCost } from '#bestfirst/internal';

/** A walk of `steps` moves on `grid` from cell 0, each to a neighbour drawn from a fixed sequence. */
function walk(grid: Grid, steps: number, seed: number): number[] {
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  const path = [0];
  let r = seed;
  for (let i = 0; i < steps; i++) {
    const deg = grid.successors(path[path.length - 1], nodes, costs);
    r = (r * 1103515245 + 12345) % 2147483648;
    path.push(nodes[r % deg]);
  }
  return path;
}

test('walkCost is pathCost\'s sum to the bit, added in path order, on weighted grids', () => {
  // Weights with long fractions, so that another order of the sum would round differently.
  const weights = Array.from({ length: 36 }, (_, i) => 1 + ((i * 7919) % 97) / 7);
  const grid = new Grid(6, 6, undefined, { weights, cellSize: 0.3, diagonalCost: 1.4 });
  let differs = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const path = walk(grid, 40, seed);
    expect(walkCost(grid, path)).toBe(pathCost(grid, path));
    // The order matters: summed from the last step back, some of these walks cost another number.
    const arcs = path.slice(1).map((n, i) => pathCost(grid, [path[i], n]));
    if (arcs.reduceRight((a, c) => a + c, 0) !== pathCost(grid, path)) differs++;
  }
  expect(differs).toBeGreaterThan(0);
  expect(walkCost(grid, [7])).toBe(0);
});

test('walkCost\'s check sees the arcs out of each node before its step is added; pathCost still refuses a non-arc', () => {
  const grid = Grid.fromAscii(['...', '...']);
  const seen: [number, number][] = [];
  const cost = walkCost(grid, [0, 1, 5], (i, _nodes, _costs, deg) => { seen.push([i, deg]); });
  expect(cost).toBe(1 + Math.SQRT2);
  expect(seen).toEqual([[0, 3], [1, 5]]);
  expect(() => pathCost(grid, [0, 2])).toThrow('pathCost: step 0 (0 -> 2) is not an arc of the space');
  expect(() => pathCost(grid, [0, 9])).toThrow('pathCost: path[1]');
});
