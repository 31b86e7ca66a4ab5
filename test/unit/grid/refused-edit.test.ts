// Issue 35.3: a refused edit must not leave a grid that hangs the next query.
// A negative weight written into grid.weights and announced by touch() is
// refused; the grid cannot put the old weight back (it keeps no copy), so
// every search refuses the grid until the weight is mended.
import { describe, expect, test } from 'vitest';
import { dijkstra, findPath, flood, Grid, GridSearcher, InputError, octile, Searcher } from '#bestfirst';
import { floydWarshall } from '#bestfirst/search';
import { AnyAngleSearcher } from '#bestfirst/grid';
import { DStarLite, universalPlan } from '#bestfirst/repair';

function poisoned(): Grid {
  const grid = Grid.fromAscii(['.....', '.....', '.....']);
  grid.setWeight(7, 2); // a weight layer
  grid.weights![7] = -1;
  expect(() => grid.touch([7])).toThrow(InputError);
  expect(() => grid.touch([7])).toThrow(/weights\[7\] \(x=2, y=1\) is -1/);
  return grid;
}

/** Every search on the grid, one call each. */
const SEARCHES: [string, (g: Grid) => unknown][] = [
  ['GridSearcher', (g) => new GridSearcher(g).search(0, 14)],
  ['Searcher', (g) => new Searcher(g).search(0, 14, { heuristic: octile(g) })],
  ['dijkstra', (g) => dijkstra(g, 0, 14)],
  ['findPath', (g) => findPath(g, [0, 0], [4, 2])],
  ['findPath any-angle', (g) => findPath(g, [0, 0], [4, 2], { algorithm: 'any-angle' })],
  ['AnyAngleSearcher', (g) => new AnyAngleSearcher(g).search(0, 14)],
  ['flood', (g) => flood(g, 0)],
  ['floydWarshall', (g) => floydWarshall(g)],
  ['universalPlan', (g) => universalPlan(g, 14)],
  ['DStarLite', (g) => new DStarLite(g, 0, 14, octile(g)).costToGoal()],
];

describe('a grid left with a weight touch refused', () => {
  test.each(SEARCHES)('%s refuses it (an InputError naming the cell), never loops', (_, run) => {
    const grid = poisoned();
    expect(() => run(grid)).toThrow(InputError);
    expect(() => run(grid)).toThrow(/cannot be searched: weights\[7\] \(x=2, y=1\) is -1/);
  });

  test('mended by setWeight, by a write and a touch, or by a write alone: every search answers as on a grid that never held it', () => {
    const clean = Grid.fromAscii(['.....', '.....', '.....']);
    clean.setWeight(7, 3);
    const want = dijkstra(clean, 0, 14).cost;
    const mends: [string, (g: Grid) => void][] = [
      ['setWeight', (g) => g.setWeight(7, 3)],
      ['write and touch', (g) => { g.weights![7] = 3; g.touch([7]); }],
      ['write and touch()', (g) => { g.weights![7] = 3; g.touch(); }],
      ['write alone', (g) => { g.weights![7] = 3; }],
    ];
    for (const [how, mend] of mends) {
      const grid = poisoned();
      mend(grid);
      for (const [name, run] of SEARCHES) expect(() => run(grid), `${how}: ${name}`).not.toThrow();
      expect(dijkstra(grid, 0, 14).cost, how).toBe(want);
      expect(new GridSearcher(grid).search(0, 14)).toBe('found');
      expect(findPath(grid, [0, 0], [4, 2]).cost, how).toBe(want);
    }
  });

  test('setWeight(Infinity) mends it too: the cell is lethal, and its weight beneath is valid', () => {
    const grid = poisoned();
    grid.setWeight(7, Infinity);
    expect(grid.cells[7]).toBe(1);
    expect(grid.weights![7]).toBeGreaterThan(0);
    expect(dijkstra(grid, 0, 14).status).toBe('found');
  });
});
