// Partial paths (Godot's allow_partial_path): a search that fails returns the
// path to the reached cell nearest the goal, held against the reference: the
// cells reachable from the start, their exact distances, and octile nearness.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findPath, Grid, GridSearcher, octile, Searcher, type GridSearchOptions } from '#bestfirst';
import { referenceDijkstra, sameCost, walkPath } from '../support/reference.js';
import { buildGrid, pickCell, SEED, smallGrid, weightedGrid } from '../differential/worlds.js';

test('a walled-in goal: the path ends at the reached cell nearest the goal, flagged partial; the status still says unreachable', () => {
  const grid = Grid.fromAscii(['.....#...', '.....#.#.', '.....#...'], { connectivity: 4 });
  const r = findPath(grid, [0, 1], [8, 1], { partial: true });
  expect([r.status, r.partial, r.cost]).toEqual(['unreachable', true, 4]);
  expect(r.points!.at(-1)).toEqual([4, 1]);
  // Without the option: nothing, as before.
  expect(findPath(grid, [0, 1], [8, 1])).toMatchObject({ status: 'unreachable', partial: false, path: null, cost: Infinity });
  // Found paths are not partial.
  expect(findPath(grid, [0, 1], [4, 2], { partial: true })).toMatchObject({ status: 'found', partial: false, cost: 5 });
  expect(() => findPath(grid, [0, 1], [8, 1], { partial: true, algorithm: 'jps' })).toThrow(/partial paths need algorithm 'astar' or 'dijkstra'/);
  expect(() => findPath(grid, [0, 1], [8, 1], { partial: 1 as never })).toThrow(/partial must be true or false, got 1/);
});

test('a budget that runs out: a partial path to a cell the search reached, its cost the g it found', () => {
  const grid = new Grid(30, 30);
  const s = new GridSearcher(grid);
  expect(s.search(0, grid.size - 1, { maxExpansions: 10, partial: true })).toBe('step-limit');
  expect(s.partial).toBe(true);
  const path = s.path()!;
  expect(path[0]).toBe(0);
  expect(s.cost).toBeCloseTo((path.length - 1) * Math.SQRT2, 9); // straight down the diagonal
  expect(s.result()).toMatchObject({ status: 'step-limit', partial: true, cost: s.cost });
});

const FAST: GridSearchOptions[] = [{}, { priority: { kind: 'cost-to-come' } }, { heuristic: 'zero' }, { reopen: false, priority: { kind: 'sum', eps: 2 } }];

test('partial ends equal the reference on grids where the goal is out of reach: the nearest reachable cell by octile, ties to the cheaper, at its exact distance', () => {
  fc.assert(
    fc.property(fc.oneof(smallGrid(10, { enterCosts: [-1] }), weightedGrid(10, { enterCosts: [-1] })), fc.nat(), fc.nat(), fc.nat({ max: FAST.length - 1 }), (w, a, b, k) => {
      const { grid, ref } = buildGrid(w);
      const start = pickCell(ref, a), goal = pickCell(ref, b);
      if (start < 0) return;
      const dist = referenceDijkstra(ref, start, 'forward');
      if (dist[goal] < Infinity) return;
      const h = octile(grid);
      let want = -1;
      for (let n = 0; n < grid.size; n++) {
        if (dist[n] === Infinity) continue;
        if (want < 0 || h(n, goal) < h(want, goal) || (h(n, goal) === h(want, goal) && dist[n] < dist[want])) want = n;
      }
      const fast = new GridSearcher(grid), engine = new Searcher(grid);
      fast.search(start, goal, { ...FAST[k], partial: true });
      engine.search(start, goal, { heuristic: h, partial: true });
      for (const [who, s] of [['GridSearcher', fast], ['Searcher', engine]] as const) {
        const path = s.path()!;
        const end = path.at(-1)!;
        expect([who, s.status, s.partial, h(end, goal)]).toEqual([who, 'unreachable', true, h(want, goal)]);
        // Ties in nearness go to the cheaper cell; the cost is the path's and the exact distance.
        expect(sameCost(dist[end], dist[want])).toBe(true);
        expect(sameCost(walkPath(ref, path, start, end, who), s.cost)).toBe(true);
        expect(sameCost(s.cost, dist[end])).toBe(true);
      }
    }),
    { seed: SEED, numRuns: 400 },
  );
});
