// Nav2's costmap filters (keepout and speed masks) and costmapToGrid's
// weights, by hand on small maps; the real masks are in inflation-ros.test.ts.
import { expect, test } from 'vitest';
import { findPath, InputError } from '#bestfirst';
import { applyKeepout, costmapToGrid, LETHAL, speedWeights } from '#bestfirst/costmap';

const mask = (data: number[], width = data.length, height = 1) => ({ width, height, data });

test('applyKeepout: 100 is lethal, lighter values are scaled as the static layer scales occupancy, and the larger cost wins', () => {
  const costmap = Uint8Array.of(0, 0, 0, 200, 10, 30);
  const out = applyKeepout(costmap, 6, 1, mask([100, 50, -1, 50, 0, 10]));
  expect(Array.from(out)).toEqual([LETHAL, 127, 0, 200, 10, 30]);
  expect(Array.from(costmap)).toEqual([0, 0, 0, 200, 10, 30]); // untouched
  expect(() => applyKeepout(costmap, 6, 1, mask([0, 0, 0]))).toThrow(/must match the costmap, 6 x 1 = 6 cells/);
  expect(() => applyKeepout(costmap, 6, 1, mask([0, 0, 0, 0, 0, 101]))).toThrow(/mask.data\[5\] \(column 5, row 0\) is 101/);
  expect(() => applyKeepout(costmap, 3, 1, mask([0, 0, 0]))).toThrow(InputError);
});

test('speedWeights: base + multiplier * value percent of full speed, 100 / that as a weight; 0, unknown and out-of-range limits are no limit', () => {
  expect(Array.from(speedWeights(mask([0, -1, 20, 50, 75, 100])))).toEqual([1, 1, 1.25, 2, 4, 1]);
  expect(Array.from(speedWeights(mask([10, 40]), { base: 0, multiplier: 2 }))).toEqual([5, 1.25]);
  expect(() => speedWeights(mask([10]), { base: Number.NaN })).toThrow(/options.base must be a finite number/);
  expect(() => speedWeights(mask([10]), { speed: 3 } as never)).toThrow(InputError);
});

test('costmapToGrid: costPenalty turns graded costs into weights (Smac 2D\'s rule), the factors multiply in, blocked cells stay blocked', () => {
  // One row, bottom-up irrelevant: free, graded 126, inscribed, graded 252 (blocked at 253 by default).
  const costmap = Uint8Array.of(0, 126, 253, 252);
  const plain = costmapToGrid(costmap, 4, 1, { resolution: 0.5 });
  expect(plain.weighted).toBe(false);
  const g = costmapToGrid(costmap, 4, 1, { resolution: 0.5, costPenalty: 2, weights: [1, 2, 1, Infinity] });
  expect([g.weightOf(0), g.weightOf(1), g.weightOf(2), g.weightOf(3)]).toEqual([1, 4, Infinity, Infinity]);
  expect(g.stepCost(0, 0)).toBe(0.5 * 4);
  expect(() => costmapToGrid(costmap, 4, 1, { resolution: 1, costPenalty: -1 })).toThrow(/costPenalty must be a finite number >= 0, got -1/);
  expect(() => costmapToGrid(costmap, 4, 1, { resolution: 1, weights: [1, 1, 0, 1] })).toThrow(/weights\[2\] is 0/);
  expect(() => costmapToGrid(costmap, 4, 1, { resolution: 1, weights: [1] })).toThrow(/must hold 4 x 1 = 4 factors/);
});

test('a path on a penalised costmap keeps off the walls when it can: longer than the shortest, cheaper in cost', () => {
  // A 7 x 3 corridor whose top row is near a wall (graded 200) and bottom row open.
  const w = 7, rows = [[200, 200, 200, 200, 200, 200, 200], [100, 100, 100, 100, 100, 100, 100], [0, 0, 0, 0, 0, 0, 0]];
  const costmap = Uint8Array.from(rows.flat());
  const g = costmapToGrid(costmap, w, 3, { resolution: 1, costPenalty: 3 });
  const r = findPath(g, [0, 0], [6, 0]);
  expect(r.points!.some(([, y]) => y === 2)).toBe(true); // it dips to the open row
  const flat = findPath(costmapToGrid(costmap, w, 3, { resolution: 1 }), [0, 0], [6, 0]);
  expect(flat.points!.every(([, y]) => y === 0)).toBe(true);
});
