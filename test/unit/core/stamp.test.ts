// The generation stamp every reusable searcher starts its queries with (src/core/stamp.ts).
import { expect, test } from 'vitest';
import { nextGeneration, STAMP_LIMIT } from '#bestfirst/internal';

test('a new generation is the old one moved on by its width, with nothing cleared', () => {
  const a = new Uint32Array([5, 7]);
  expect(nextGeneration(0, 3, a)).toBe(3);
  expect(nextGeneration(3, 3, a)).toBe(6);
  expect(nextGeneration(STAMP_LIMIT - 3, 3, a)).toBe(STAMP_LIMIT);
  expect(Array.from(a)).toEqual([5, 7]);
});

test('before the counter would pass the limit every stamp array is cleared and counting starts again', () => {
  const a = new Uint32Array([STAMP_LIMIT, 1]), b = new Uint32Array([2]), c = new Uint32Array([3]);
  expect(nextGeneration(STAMP_LIMIT - 2, 3, a, b, c)).toBe(3);
  expect([...a, ...b, ...c]).toEqual([0, 0, 0, 0]);
  // Every value a generation hands out stays below 2^32, so a Uint32Array holds it.
  expect(STAMP_LIMIT + 15).toBeLessThan(2 ** 32);
});
