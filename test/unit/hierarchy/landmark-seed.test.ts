// Where landmarks picked farthest first start (core/landmark-seed.ts), and the
// three builders that share it: the grid's `landmarks`, JPS+'s landmark
// distances and the subgoal graph's. Before it, JPS+ and the subgoal graph
// started from the first free cell and from subgoal 0: on a map whose first
// free cells are a pocket walled in, every landmark went into the pocket and
// the rest of the map had no bound from any of them.
import { expect, test } from 'vitest';
import { Grid, octile } from '#bestfirst';
import { landmarks } from '#bestfirst/grid';
import { buildLandmarks, landmarkDistances, landmarkSeed, landmarkTable, LANDMARKS } from '#bestfirst/internal';

/** Ids 0 to size - 1 split into regions by `region` (-1: not eligible); a flood reaches its node's region. */
function regions(region: readonly number[]) {
  const flooded: number[] = [];
  const flood = (n: number) => { flooded.push(n); return region.filter((r) => r === region[n]).length; };
  const eligible = (n: number) => region[n] >= 0;
  return { flooded, flood, eligible, count: region.filter((r) => r >= 0).length };
}

test('landmarkSeed: probes eligible nodes spread over the id order, keeps the largest region\'s, and its last flood is the seed\'s', () => {
  // A pocket of 2 first, then a region of 14, ineligible ids between.
  const r = regions([0, 0, -1, -1, ...Array<number>(14).fill(1)]);
  expect(landmarkSeed(18, r.eligible, r.count, r.flood)).toBe(4);
  // The probe at position 0 (id 0: 2 of 16), then at 2 of 16 (id 4: 14 of 16, over half): it stops there.
  expect(r.flooded).toEqual([0, 4]);
  // The largest region found by a probe before the last: flooded once more, so the caller's distances are its.
  const s = regions([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  expect(landmarkSeed(16, s.eligible, s.count, s.flood)).toBe(0);
  expect(s.flooded.at(-1)).toBe(0);
  expect(new Set(s.flooded.slice(0, -1)).size).toBe(s.flooded.length - 1);
  // Fewer eligible nodes than probes: each probed once.
  const t = regions([-1, 0, -1, 1, -1, 2]);
  expect(landmarkSeed(6, t.eligible, t.count, t.flood)).toBe(1);
  expect(t.flooded).toEqual([1, 3, 5, 1]);
  expect(landmarkSeed(3, () => false, 0, () => 0)).toBe(-1);
});

/** A 40 x 40 grid whose first free cells, a 2 x 2 pocket in the corner, are walled off from the rest. */
function pocketGrid(): Grid {
  const grid = new Grid(40, 40, undefined, { diagonalRule: 'always' });
  for (let i = 0; i <= 2; i++) { grid.setBlocked(grid.id(2, i), true); grid.setBlocked(grid.id(i, 2), true); }
  return grid;
}

test('landmarks on a map whose first free cells are a pocket walled in: every builder puts its landmarks in the large region', () => {
  const grid = pocketGrid(), w = grid.width, h = grid.height;
  const a = grid.id(5, 5), b = grid.id(39, 39);
  // The grid's landmark heuristic: its landmarks outside the pocket, and an exact estimate across the open region.
  const hl = landmarks(grid, { count: 4 });
  for (const c of landmarkTable(hl)!.cells) expect(c % w > 2 || Math.floor(c / w) > 2, `landmark ${grid.formatXY(c)}`).toBe(true);
  expect(hl(a, b)).toBeCloseTo(octile(grid)(a, b), 9);

  // JPS+'s distances: every landmark reaches the open region (a pocket landmark would leave 0xffff there).
  const pw = w + 2, free = new Uint8Array(pw * (h + 2));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) free[(y + 1) * pw + x + 1] = grid.isBlocked(grid.id(x, y)) ? 0 : 1;
  const lm = new Uint16Array(grid.size * 8);
  buildLandmarks(lm, 8, 4, free, w, h, 'always', grid.diagonalCost);
  for (let i = 0; i < LANDMARKS; i++) expect(lm[b * 8 + 4 + i], `landmark ${i} at the far corner`).toBeLessThan(0xffff);
  // and the pocket is out of their reach.
  for (let i = 0; i < LANDMARKS; i++) expect(lm[grid.id(0, 0) * 8 + 4 + i]).toBe(0xffff);

  // The subgoal graph's: subgoals 0 and 1 joined, 2 to 9 a chain; every landmark reaches the chain.
  const at = new Int32Array([0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8]), ends = new Int32Array([1, 3, 4, 5, 6, 7, 8, 9]);
  const dist = landmarkDistances(10, at, ends, new Float64Array(8).fill(1), 2);
  for (let v = 2; v < 10; v++) for (let i = 0; i < 2; i++) expect(dist[v * 2 + i], `subgoal ${v}, landmark ${i}`).toBeLessThan(Infinity);
  // The chain's two ends are the landmarks: each other's farthest.
  expect([dist[2 * 2], dist[9 * 2]].sort()).toEqual([0, 7]);
});
