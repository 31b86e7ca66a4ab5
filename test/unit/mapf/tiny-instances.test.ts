// Issues 35.2 and 37.1: the tiny instances CBS could not solve, against brute
// force over joint states (test/support/mapf-reference.ts, written apart from
// the library's joint search). The generated suite of thousands of them is
// test/integration/properties/mapf-tiny.test.ts.
import { expect, test } from 'vitest';
import { Grid } from '#bestfirst';
import { cbs, CBS_DEFAULT_MAX_NODES } from '#bestfirst/mapf';
import { bruteForce, expectValid } from '../../support/mapf-reference.js';

test('issue 35.2: the 3 x 5 instance CBS could not solve in 3 s is solved at the brute-force optimum, 27', () => {
  const grid = Grid.fromAscii(['...', '.#.', '.##', '...', '#..'], { connectivity: 4 });
  const tasks = [{ start: 1, goal: 3 }, { start: 6, goal: 1 }, { start: 10, goal: 13 }];
  expect(bruteForce(grid, tasks)).toBe(27);
  const r = cbs(grid, tasks, { limits: { maxMillis: 3000 } });
  expectValid(grid, tasks, r);
  expect(r.sumOfCosts).toBe(27);
});

test('issue 37.1: the instance that grew to 2 GB is solved at 21; with the default bound, the tree alone ends in node-limit, never a crash', () => {
  const grid = Grid.fromAscii(['#.#', '...', '.#.'], { connectivity: 4 });
  const tasks = [{ start: 5, goal: 4 }, { start: 4, goal: 1 }, { start: 8, goal: 6 }];
  expect(bruteForce(grid, tasks)).toBe(21);
  const r = cbs(grid, tasks);
  expectValid(grid, tasks, r);
  expect(r.sumOfCosts).toBe(21);
  // The constraint tree alone (no joint search) on the corridor: the default bound ends it with a status.
  const tree = cbs(grid, tasks, { jointLimit: 0, maxNodes: 2000 });
  expect(['found', 'stopped']).toContain(tree.status);
  if (tree.status === 'found') expect(tree.sumOfCosts).toBe(21);
  expect(CBS_DEFAULT_MAX_NODES).toBeLessThanOrEqual(100_000);
});
