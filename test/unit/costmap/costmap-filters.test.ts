// Nav2's costmap filters (keepout and speed masks) and costmapToGrid's
// weights, by hand on small maps; the real masks are in inflation-ros.test.ts.
import { expect, test } from 'vitest';
import { findPath, InputError } from '#bestfirst';
import { applyKeepout, costmapToGrid, LETHAL, makeCostmap, speedWeights, type RowOrder } from '#bestfirst/costmap';

const mask = (data: number[], width = data.length, height = 1) => ({ width, height, data });
const costmapOf = (cost: number[], width = cost.length, height = 1, rowOrder: RowOrder = 'bottom-up') => makeCostmap(Uint8Array.from(cost), { width, height, resolution: 0.5, rowOrder });

test('applyKeepout: 100 is lethal, lighter values are scaled as the static layer scales occupancy, and the larger cost wins', () => {
  const costmap = costmapOf([0, 0, 0, 200, 10, 30]);
  const out = applyKeepout(costmap, mask([100, 50, -1, 50, 0, 10]));
  expect(Array.from(out.cost)).toEqual([LETHAL, 127, 0, 200, 10, 30]);
  expect([out.width, out.height, out.resolution, out.rowOrder]).toEqual([6, 1, 0.5, 'bottom-up']);
  expect(Array.from(costmap.cost)).toEqual([0, 0, 0, 200, 10, 30]); // untouched
  expect(() => applyKeepout(costmap, mask([0, 0, 0, 0, 0, 101]))).toThrow(/mask.data\[5\] \(column 5, row 0 from the bottom\) is 101/);
});

test('applyKeepout and speedWeights refuse a mask of another shape than the costmap, and bare bytes for the costmap', () => {
  const costmap = costmapOf([0, 0, 0, 0, 0, 0], 3, 2);
  for (const [label, m] of [['too few values', mask([0, 0, 0])], ['2 x 3 for 3 x 2', mask([0, 0, 0, 0, 0, 0], 2, 3)], ['6 x 1 for 3 x 2', mask([0, 0, 0, 0, 0, 0])]] as const) {
    expect(() => applyKeepout(costmap, m), label).toThrow(InputError);
    expect(() => applyKeepout(costmap, m), label).toThrow(/applyKeepout: the mask is .*; it must match the costmap, 3 x 2 = 6 cells/);
    expect(() => speedWeights(costmap, m), label).toThrow(/speedWeights: the mask is .*; it must match the costmap, 3 x 2 = 6 cells/);
  }
  const call = applyKeepout as (...a: unknown[]) => unknown;
  expect(() => call(new Uint8Array(6), 3, 2, mask([0, 0, 0, 0, 0, 0], 3, 2))).toThrow(/applyKeepout: costmap must be a Costmap .* got a Uint8Array/);
});

test('a filter mask is in ROS order: on a top-down costmap it is laid the right way up, so keepout and speed land on the same cells as on the bottom-up one', () => {
  // 2 x 2, the mask's row 0 is the bottom: a keepout cell at the bottom left, a slow cell at the top right.
  const keepout = mask([100, 0, 0, 0], 2, 2), speed = mask([0, 0, 0, 50], 2, 2);
  const up = costmapOf([0, 0, 0, 0], 2, 2, 'bottom-up'), down = costmapOf([0, 0, 0, 0], 2, 2, 'top-down');
  expect(Array.from(applyKeepout(up, keepout).cost)).toEqual([LETHAL, 0, 0, 0]);
  expect(Array.from(applyKeepout(down, keepout).cost)).toEqual([0, 0, LETHAL, 0]);
  expect(Array.from(speedWeights(up, speed))).toEqual([1, 1, 1, 2]);
  expect(Array.from(speedWeights(down, speed))).toEqual([1, 2, 1, 1]);
  // Either way the grid is the same: blocked bottom left, dear top right.
  for (const c of [up, down]) {
    const g = costmapToGrid(applyKeepout(c, keepout), { weights: speedWeights(c, speed) });
    expect(g.toAscii()).toEqual(['..', '#.']);
    expect([g.weightOf(0), g.weightOf(1), g.weightOf(3)]).toEqual([1, 2, 1]);
  }
});

test('speedWeights: base + multiplier * value percent of full speed, 100 / that as a weight; 0, unknown and out-of-range limits are no limit', () => {
  expect(Array.from(speedWeights(costmapOf([0, 0, 0, 0, 0, 0]), mask([0, -1, 20, 50, 75, 100])))).toEqual([1, 1, 1.25, 2, 4, 1]);
  expect(Array.from(speedWeights(costmapOf([0, 0]), mask([10, 40]), { base: 0, multiplier: 2 }))).toEqual([5, 1.25]);
  expect(() => speedWeights(costmapOf([0]), mask([10]), { base: Number.NaN })).toThrow(/options.base must be a finite number/);
  expect(() => speedWeights(costmapOf([0]), mask([10]), { speed: 3 } as never)).toThrow(InputError);
});

test('costmapToGrid: costPenalty turns graded costs into weights (Smac 2D\'s rule), the factors multiply in, blocked cells stay blocked', () => {
  // One row, so the row order does not matter: free, graded 126, inscribed, graded 252 (blocked at 253 by default).
  const costmap = costmapOf([0, 126, 253, 252]);
  const plain = costmapToGrid(costmap);
  expect(plain.weighted).toBe(false);
  const g = costmapToGrid(costmap, { costPenalty: 2, weights: [1, 2, 1, Infinity] });
  expect([g.weightOf(0), g.weightOf(1), g.weightOf(2), g.weightOf(3)]).toEqual([1, 4, Infinity, Infinity]);
  expect(g.stepCost(0, 0)).toBe(0.5 * 4);
  expect(() => costmapToGrid(costmap, { costPenalty: -1 })).toThrow(/costPenalty must be a finite number >= 0, got -1/);
  expect(() => costmapToGrid(costmap, { weights: [1, 1, 0, 1] })).toThrow(/weights\[2\] is 0/);
  expect(() => costmapToGrid(costmap, { weights: [1] })).toThrow(/must hold 4 x 1 = 4 factors/);
});

test('a path on a penalised costmap keeps off the walls when it can: longer than the shortest, cheaper in cost', () => {
  // A 7 x 3 corridor whose top row is near a wall (graded 200) and bottom row open.
  const w = 7, rows = [[200, 200, 200, 200, 200, 200, 200], [100, 100, 100, 100, 100, 100, 100], [0, 0, 0, 0, 0, 0, 0]];
  const costmap = makeCostmap(Uint8Array.from(rows.flat()), { width: w, height: 3, resolution: 1, rowOrder: 'top-down' });
  const g = costmapToGrid(costmap, { costPenalty: 3 });
  const r = findPath(g, [0, 0], [6, 0]);
  expect(r.points!.some(([, y]) => y === 2)).toBe(true); // it dips to the open row
  const flat = findPath(costmapToGrid(costmap), [0, 0], [6, 0]);
  expect(flat.points!.every(([, y]) => y === 0)).toBe(true);
});
