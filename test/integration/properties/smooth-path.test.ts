import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findPath, Grid, InputError } from '#bestfirst';
import { AnyAngleSearcher, smoothPath } from '#bestfirst/grid';
import { checkAnyAnglePath } from '#bestfirst/grid';
import { mulberry32 } from '#bestfirst/internal';
import { bruteSight, brutePathCost } from '../../support/supercover.js';
import { SLACK } from '../../support/any-angle-check.js';

/** Whether `sub` is `path` with some entries dropped, keeping its first and last. */
function isSubsequence(sub: readonly number[], path: readonly number[]): boolean {
  if (sub[0] !== path[0] || sub[sub.length - 1] !== path[path.length - 1]) return false;
  let j = 0;
  for (const n of path) if (j < sub.length && sub[j] === n) j++;
  return j === sub.length;
}

test('smoothPath on the A* and any-angle paths of random grids: same ends, a subsequence, sight on every segment, never longer', () => {
  let shortened = 0, paths = 0;
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 2, max: 30 }), fc.integer({ min: 2, max: 30 }),
    fc.integer({ min: 0, max: 40 }), fc.boolean(), fc.constantFrom('no-corner-cutting', 'always', 'at-most-one-blocked') ,
    (seed, width, height, percent, weighted, diagonalRule) => {
      const next = mulberry32(seed);
      const cells = Array.from({ length: width * height }, () => (next() < percent / 100 ? 1 : 0));
      const weights = weighted ? Array.from({ length: width * height }, () => 0.5 + 4 * next()) : undefined;
      const grid = new Grid(width, height, cells, { weights, diagonalRule });
      const start = Math.floor(next() * grid.size), goal = Math.floor(next() * grid.size);
      if (cells[start] || cells[goal]) return;
      const astar = findPath(grid, start, goal);
      if (astar.status !== 'found') return;
      const s = new AnyAngleSearcher(grid);
      s.search(start, goal);
      for (const path of [astar.path!, s.path()!]) {
        const smooth = smoothPath(grid, path);
        paths++;
        expect(isSubsequence(smooth, path)).toBe(true);
        for (let i = 1; i < smooth.length; i++) expect(bruteSight(grid, smooth[i - 1], smooth[i])).toBe(true);
        const before = brutePathCost(grid, path), after = brutePathCost(grid, smooth);
        expect(after).toBeLessThanOrEqual(before * (1 + SLACK) + SLACK);
        if (after < before * (1 - 1e-6)) shortened++;
        const check = checkAnyAnglePath(grid, smooth, start, goal);
        expect(check.ok && Math.abs(check.length - after) <= SLACK * Math.max(1, after)).toBe(true);
        // Smoothing again may drop more (a later waypoint can be in sight where the cells before it were not), never lengthen.
        expect(brutePathCost(grid, smoothPath(grid, smooth))).toBeLessThanOrEqual(after * (1 + SLACK) + SLACK);
      }
    },
  ), { numRuns: 200, seed: 20261215 });
  expect(paths).toBeGreaterThan(150);
  // Mostly the A* paths: an any-angle path leaves little to pull.
  expect(shortened).toBeGreaterThan(paths / 5);
});

test('smoothPath on a weighted grid keeps a corner where the straight cut crosses a heavy cell', () => {
  // (0,0) -> (2,0) -> (2,2) costs about 4 at weight 1; the straight cut (0,0) -> (2,2) crosses (1,1) at weight 50.
  const weights = [1, 1, 1, 1, 50, 1, 1, 1, 1];
  const grid = new Grid(3, 3, undefined, { weights });
  expect(smoothPath(grid, [0, 1, 2, 5, 8])).toEqual([0, 2, 8]);
  const flat = new Grid(3, 3);
  expect(smoothPath(flat, [0, 1, 2, 5, 8])).toEqual([0, 8]);
  expect(smoothPath(flat, [4])).toEqual([4]);
  expect(smoothPath(flat, new Int32Array([0, 0, 1, 1]))).toEqual([0, 1]);
});

test('smoothPath refuses a path no search could take, naming the first bad entry', () => {
  const grid = Grid.fromAscii(['...', '.#.', '...']);
  expect(() => smoothPath(grid, [])).toThrow(/non-empty array/);
  expect(() => smoothPath(grid, [0, 9])).toThrow(/path\[1\] must be a cell id in 0..8/);
  expect(() => smoothPath(grid, [0, 8])).toThrow(/path\[0\] \(0,0\) -> path\[1\] \(2,2\) has no line of sight/);
  expect(() => smoothPath(grid, [4])).toThrow(/path\[0\] \(1,1\) is a blocked cell/);
  expect(() => smoothPath(null as unknown as Grid, [0])).toThrow(InputError);
  expect(() => smoothPath(grid, 'abc' as unknown as number[])).toThrow(/non-empty array/);
});

test('checkAnyAnglePath: the length of a good path, the first thing wrong with a bad one', () => {
  const grid = Grid.fromAscii(['....', '.#..', '....']);
  expect(checkAnyAnglePath(grid, [0, 3, 11], 0, 11)).toEqual({ ok: true, length: 5 });
  expect(checkAnyAnglePath(grid, [0, 11], 0, 11)).toEqual({ ok: false, reason: 'segment 1 from (0,0) to (3,2) has no line of sight (rule no-corner-cutting)' });
  expect(checkAnyAnglePath(grid, [0, 3], 0, 11)).toMatchObject({ ok: false, reason: 'the path ends at (3,0), not at the goal (3,2)' });
  expect(checkAnyAnglePath(grid, [], 0, 11)).toMatchObject({ ok: false, reason: 'the path is empty' });
  expect(() => checkAnyAnglePath(grid, [0], 0, 12)).toThrow(/checkAnyAnglePath: goal must be a cell id in 0..11/);
});
