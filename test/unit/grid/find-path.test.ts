// findPath: the one-call grid query. Its answers must be the engine's, its
// errors InputErrors, and a grid edit between two calls must be seen.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dijkstra, InputError, findPath, Grid, pathCost } from '#bestfirst';
// findPath runs 'jps' and the other non-best-first searches by name once bestfirst/grid has registered them.
import '#bestfirst/grid';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';

describe('findPath', () => {
  test('returns status, cost and [x, y] points on a small grid', () => {
    const grid = Grid.fromAscii(['...', '##.', '...']);
    const r = findPath(grid, [0, 0], [0, 2]);
    expect(r.status).toBe('found');
    expect(r.cost).toBe(6);
    expect(r.points).toEqual([[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2]]);
    expect(r.path).toEqual(r.points!.map(([x, y]) => grid.id(x, y)));
  });

  test('node ids are accepted as well as [x, y]', () => {
    const grid = Grid.fromAscii(['....', '....']);
    expect(findPath(grid, 0, 7).points).toEqual(findPath(grid, [0, 0], [3, 1]).points);
  });

  test('an unreachable goal is a status with no points: path and points are null, as every search\'s path is without one', () => {
    const grid = Grid.fromAscii(['.#.', '.#.', '.#.']);
    const r = findPath(grid, [0, 0], [2, 2]);
    expect(r).toMatchObject({ status: 'unreachable', cost: Infinity, points: null, path: null });
    expect(findPath(grid, [0, 0], [0, 2], { limits: { maxExpansions: 1 } })).toMatchObject({ status: 'stopped', points: null, path: null });
  });

  test('a budget that runs out is the status step-limit', () => {
    const grid = new Grid(30, 30);
    expect(findPath(grid, [0, 0], [29, 29], { algorithm: 'dijkstra', limits: { maxExpansions: 10 } }).status).toBe('stopped');
  });

  test('every algorithm returns Dijkstra\'s cost on random grids (8- and 4-connected, blocked cells deleted or charged)', () => {
    fc.assert(fc.property(gridCase, fc.constantFrom(4, 8), fc.boolean(), (c, connectivity, charged) => {
      const { grid, start, goal } = randomGrid(c, { connectivity: connectivity as 4 | 8, blocked: charged ? { enterCost: 7 } : 'delete' });
      const truth = dijkstra(grid, start, goal);
      const algos = connectivity === 8 && !charged ? (['astar', 'dijkstra', 'jps'] as const) : (['astar', 'dijkstra'] as const);
      for (const algorithm of algos) {
        const r = findPath(grid, start, goal, { algorithm });
        expect(r.status).toBe(truth.status);
        if (truth.status !== 'found') continue;
        expect(r.cost).toBeCloseTo(truth.cost, 9);
        const path = r.path!;
        expect(pathCost(grid, path)).toBeCloseTo(r.cost, 9);
        expect(path[0]).toBe(start);
        expect(path[path.length - 1]).toBe(goal);
      }
      const w = findPath(grid, start, goal, { eps: 2 });
      expect(w.status).toBe(truth.status);
      if (truth.status === 'found') expect(w.cost).toBeLessThanOrEqual(2 * truth.cost + 1e-9);
    }), PROPERTY);
  });

  test('a grid edit between two calls is seen (the cached searcher follows grid.version)', () => {
    const grid = new Grid(5, 3);
    expect(findPath(grid, [0, 1], [4, 1]).cost).toBe(4);
    for (const algorithm of ['astar', 'dijkstra', 'jps'] as const) findPath(grid, [0, 1], [4, 1], { algorithm });
    for (let y = 0; y < 3; y++) grid.setBlocked(grid.id(2, y), true);
    for (const algorithm of ['astar', 'dijkstra', 'jps'] as const) {
      expect(findPath(grid, [0, 1], [4, 1], { algorithm }).status).toBe('unreachable');
    }
    grid.setBlocked(grid.id(2, 0), false);
    for (const algorithm of ['astar', 'dijkstra', 'jps'] as const) {
      const r = findPath(grid, [0, 1], [4, 1], { algorithm });
      expect(r.status).toBe('found');
      expect(r.points).toContainEqual([2, 0]);
    }
  });

  test('bad input is an InputError naming what was wrong', () => {
    const grid = Grid.fromAscii(['.#', '..']);
    const cases: [unknown, unknown, unknown, RegExp][] = [
      [[1, 0], [0, 1], undefined, /start .*blocked/],
      [[0, 0], [2, 0], undefined, /goal \[2, 0\] is outside the 2 x 2 grid/],
      [[0, 0], [0.5, 0], undefined, /outside/],
      [[0, 0], 'a', undefined, /goal must be \[x, y\]/],
      [[0, 0], 9, undefined, /goal must be \[x, y\] or a cell id in 0\.\.3, got 9/],
      [[0, 0], [0, 1], { algorithm: 'idastar' }, /algorithm must be one of 'astar', 'dijkstra', 'wastar', .*'preprocessed8', 'any-angle', got "idastar"/],
      [[0, 0], [0, 1], { algorithm: 'subgoal4' }, /SubgoalSearcher4: needs a 4-connected grid/],
      [[0, 0], [0, 1], { algorithm: 'jps', partial: true }, /partial paths need a best-first search .* "jps" keeps no path/],
      [[0, 0], [0, 1], { eps: 0.5 }, /eps must be a finite number >= 1/],
      [[0, 0], [0, 1], { eps: 2, algorithm: 'jps' }, /eps applies to 'astar' and 'wastar' only, not "jps"/],
      [[0, 0], [0, 1], { limits: { maxExpansions: '5' } }, /maxExpansions must be a number/],
      [[0, 0], [0, 1], { maxExpansion: 5 }, /unknown option "maxExpansion"/],
      [[0, 0], [0, 1], null, /options must be an object/],
    ];
    for (const [from, to, options, message] of cases) {
      const call = () => findPath(grid, from as never, to as never, options as never);
      expect(call).toThrow(InputError);
      expect(call).toThrow(message);
    }
  });
});
