// perMapSums (bench/bench-grid.ts): the grid tracks' per-map figures (issue
// 36: a family's sum can hide a map where a library loses) come from slicing
// a family's per-query times by its maps' query counts, in sample order.
import { describe, expect, it } from 'vitest';
import { Grid } from '#bestfirst';
import { perMapSums, sampleFamily, type MapSample } from '../../../bench/bench-grid.js';

const grid = new Grid(2, 1);
const map = (name: string, n: number): MapSample => ({ name, file: '', grid, queries: Array.from({ length: n }, () => ({ sx: 0, sy: 0, gx: 1, gy: 0, optimal: 1 })) });

describe('perMapSums', () => {
  it('sums each map\'s own queries, in sample order', () => {
    expect(perMapSums([map('a', 2), map('b', 1), map('c', 3)], [1, 2, 10, 100, 200, 400])).toEqual([3, 10, 700]);
  });

  it('refuses times that do not line up with the maps\' queries', () => {
    expect(() => perMapSums([map('a', 2)], [1, 2, 3])).toThrow(/3 times for 2 queries/);
    expect(() => perMapSums([map('a', 2), map('b', 2)], [1, 2, 3])).toThrow(/3 times for 4 queries/);
  });

  it('lines up with the grid track\'s sample: a family\'s maps hold all its queries', () => {
    const maps = sampleFamily('random', 24, 20261203);
    const us = maps.flatMap((m, i) => m.queries.map(() => i + 1));
    expect(perMapSums(maps, us)).toEqual(maps.map((m, i) => (i + 1) * m.queries.length));
  });
});
