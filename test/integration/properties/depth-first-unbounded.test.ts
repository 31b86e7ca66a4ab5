// Issue 35.8: depth-first search on a space with no end, with no limit given,
// ends in a status (seconds: a million expansions of an unbounded grid).
import { expect, test } from 'vitest';
import { DEPTH_FIRST_GROWING_MAX_EXPANSIONS } from '#bestfirst/internal';
import { dfs, iddfs } from '#bestfirst/search';
import { unboundedGrid } from '#bestfirst/grid';

test('issue 35.8: dfs and iddfs on an unbounded grid with no limit end in step-limit (a million expansions), and a limit given is kept', () => {
  // The goal is walled in: no path exists, and the space has no end.
  const walls: [number, number][] = [[9, 10], [11, 10], [10, 9], [10, 11]];
  const space = unboundedGrid([...walls]);
  const start = space.id([0, 0]), goal = space.id([10, 10]);
  const r = dfs(space, start, goal);
  expect(r.status).toBe('stopped');
  expect(r.expansions).toBe(DEPTH_FIRST_GROWING_MAX_EXPANSIONS);
  // iddfs on a grid of its own: on dfs's, three million cells interned, each of its 42 rounds would first
  // reset its arrays for all of them: two thirds of the second of CPU it took there.
  const own = unboundedGrid([...walls]);
  const i = iddfs(own, own.id([0, 0]), own.id([10, 10]));
  expect(i.status).toBe('stopped');
  expect(i.expansions).toBe(DEPTH_FIRST_GROWING_MAX_EXPANSIONS);
  expect(dfs(space, start, goal, { limits: { maxExpansions: 500 } }).expansions).toBe(500);
  expect(iddfs(space, start, goal, { depthLimit: 6 }).status).toBe('stopped');
});
