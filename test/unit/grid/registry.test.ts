// The registry of grid searches (src/grid/registry.ts): findPath and the
// command line run every entry, each with the answer its guarantee promises,
// and a result narrows on its status.
import fc from 'fast-check';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { dijkstra, findPath, Grid, pathCost, type FoundPath, type XY } from '#bestfirst';
import { GRID_ALGORITHMS, GRID_ALGORITHM_NAMES, segmentCost } from '#bestfirst/grid';
import { ALGOS } from '../../../cli/algos.js';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';
import { sameCost } from '../../support/reference.js';

/** Whether the registry's entry can search `grid` (its constructor's own rule, asked by building it). */
function takes(name: (typeof GRID_ALGORITHM_NAMES)[number], grid: Grid): boolean {
  try { GRID_ALGORITHMS[name].create(grid); return true; } catch { return false; }
}

describe('the registry of grid searches', () => {
  test('the command line offers exactly the registry\'s searches, in its order', () => {
    expect(Object.keys(ALGOS)).toEqual([...GRID_ALGORITHM_NAMES]);
    for (const name of GRID_ALGORITHM_NAMES) expect(ALGOS[name].help).toContain(GRID_ALGORITHMS[name].help.split(' ')[0]);
  });

  // findPath keeps its own list of the names (it must not load the table to
  // word a refusal): the table's keys, in its order, and the first five its own.
  test('findPath knows the registry\'s names, in its order, and refuses any other naming them all', () => {
    const grid = Grid.fromAscii(['..']);
    expect(() => findPath(grid, [0, 0], [1, 0], { algorithm: 'theta' as never }))
      .toThrow(`findPath: algorithm must be one of ${GRID_ALGORITHM_NAMES.map((n) => `'${n}'`).join(', ')}, got "theta"`);
    expect(GRID_ALGORITHM_NAMES.slice(0, 5)).toEqual(['astar', 'dijkstra', 'wastar', 'greedy', 'bfs']);
  });

  test('findPath runs every entry, with the cost its guarantee promises, on random grids', () => {
    const ran = new Map<string, number>();
    fc.assert(fc.property(gridCase, fc.constantFrom(4, 8), fc.constantFrom('no-corner-cutting', 'always'), (c, connectivity, rule) => {
      const { grid, start, goal } = randomGrid(c, { connectivity: connectivity as 4 | 8, diagonalRule: rule as 'always' });
      const truth = dijkstra(grid, start, goal);
      for (const name of GRID_ALGORITHM_NAMES) {
        if (!takes(name, grid)) continue;
        ran.set(name, (ran.get(name) ?? 0) + 1);
        const entry = GRID_ALGORITHMS[name];
        const r = findPath(grid, start, goal, { algorithm: name, ...(entry.takesEps ? { eps: 1.5 } : {}) });
        expect(r.status, name).toBe(truth.status);
        if (r.status !== 'found') { expect(r.points).toBeNull(); continue; }
        expect(r.path[0]).toBe(start);
        expect(r.path[r.path.length - 1]).toBe(goal);
        expect(r.points).toEqual(r.path.map((n) => [n % grid.width, Math.floor(n / grid.width)]));
        if (entry.guarantee === 'any-angle') {
          // Waypoints: each segment's cost summed, no more than the grid's optimum.
          let sum = 0;
          for (let i = 1; i < r.path.length; i++) sum += segmentCost(grid, r.path[i - 1], r.path[i]);
          expect(sameCost(sum, r.cost), name).toBe(true);
          expect(r.cost).toBeLessThanOrEqual(truth.cost + 1e-9);
          continue;
        }
        expect(sameCost(pathCost(grid, r.path), r.cost), name).toBe(true);
        if (entry.guarantee === 'optimal') expect(sameCost(r.cost, truth.cost), name).toBe(true);
        if (entry.guarantee === 'bounded') expect(r.cost).toBeLessThanOrEqual(1.5 * truth.cost + 1e-9);
      }
    }), { ...PROPERTY, numRuns: 120 });
    // Every entry met grids it takes (subgoal4 the 4-connected ones, the jump searches the 8-connected).
    expect([...ran.keys()].sort()).toEqual([...GRID_ALGORITHM_NAMES].sort());
  });

  test('a preprocessed search through findPath answers for the grid as edited, never from its stale build', () => {
    const grid = Grid.fromAscii(['.....', '.....', '.....']);
    for (const algorithm of ['jps-plus', 'subgoal8', 'preprocessed8'] as const) {
      expect(findPath(grid, [0, 1], [4, 1], { algorithm }).cost).toBe(4);
    }
    for (let y = 0; y < 3; y++) grid.setBlocked(grid.id(2, y), true);
    for (const algorithm of ['jps-plus', 'subgoal8', 'preprocessed8'] as const) {
      expect(findPath(grid, [0, 1], [4, 1], { algorithm }).status).toBe('unreachable');
    }
    grid.setBlocked(grid.id(2, 2), false);
    for (const algorithm of ['jps-plus', 'subgoal8', 'preprocessed8'] as const) {
      const r = findPath(grid, [0, 0], [4, 0], { algorithm });
      expect(r.status).toBe('found');
      expect(r.points).toContainEqual([2, 2]);
    }
  });

  test('status narrows a result: found has points, a path and a cost; a partial path says so', () => {
    const grid = Grid.fromAscii(['..#..', '..#..']);
    const r: FoundPath = findPath(grid, [0, 0], [4, 0], { partial: true });
    expect(r.status).toBe('unreachable');
    if (r.status === 'found') {
      expectTypeOf(r.points).toEqualTypeOf<XY[]>();
      expectTypeOf(r.path).toEqualTypeOf<number[]>();
      expectTypeOf(r.partial).toEqualTypeOf<false>();
    } else if (r.partial) {
      expectTypeOf(r.points).toEqualTypeOf<XY[]>();
      expect(r.points[r.points.length - 1]).toEqual([1, 0]);
    } else {
      expectTypeOf(r.points).toEqualTypeOf<null>();
    }
    expect(r.partial).toBe(true);
    const found = findPath(grid, [0, 0], [1, 1]);
    if (found.status !== 'found') throw new Error('expected a path');
    // Compiles only because the status narrowed points to XY[] (no `!`).
    const last: XY = found.points[found.points.length - 1];
    expect(last).toEqual([1, 1]);
  });
});
