import { expect } from 'vitest';
import type { Grid, PathSearcher } from '#bestfirst';

/**
 * The contract every searcher that keeps preprocessing holds after a grid
 * edit: until its next `search`, the last answer's path reads exactly as it
 * was answered, through `path()` and `pathInto()` alike (never a stale
 * rebuild from the edited cells, never an internal error). Runs the query
 * `start` -> `goal` (it must be found), hands its path to `edit` (which
 * blocks cells of it), checks both readings, and returns the path. The
 * caller then checks what its searcher does at the next query.
 */
export function expectPathAsAnsweredAfterEdit(
  grid: Grid, s: PathSearcher<object>, start: number, goal: number, edit: (path: number[]) => void,
): number[] {
  expect(s.search(start, goal)).toBe('found');
  const before = s.path()!;
  edit(before);
  expect(before.slice(1, -1).some((c) => grid.cells[c] !== 0), 'the edit blocked a cell of the path').toBe(true);
  expect(s.path()).toEqual(before);
  const out = new Int32Array(before.length);
  expect(s.pathInto(out)).toBe(before.length);
  expect(Array.from(out)).toEqual(before);
  expect(s.status).toBe('found');
  return before;
}
