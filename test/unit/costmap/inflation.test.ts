// Nav2's inflation layer (nav2_costmap_2d InflationLayer) against its formula
// written out here over all-pairs distances, its cost values spot-checked,
// and the bridge to a Grid.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseRosMap, toGrid, worldToCell } from '#bestfirst/io';
import { InputError } from '#bestfirst';
import { costmapToGrid, FREE, inflate, INSCRIBED, LETHAL, makeCostmap, NO_INFORMATION, withRowOrder, type InflateOptions, type UnknownCells } from '#bestfirst/costmap';
import { nav2Cost } from '../../support/nav2-cost.js';

/** The costmap by the definition: every cell against every obstacle cell. */
function bruteInflate(data: ArrayLike<number>, width: number, height: number, o: Required<Omit<InflateOptions, 'occupiedAt' | 'rowOrder'>> & { occupiedAt?: number }): Uint8Array {
  const occ = o.occupiedAt ?? 100;
  const obstacle = (i: number) => data[i] >= occ || (data[i] < 0 && o.unknown === 'lethal');
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    let best = Infinity;
    for (let j = 0; j < out.length; j++) {
      if (!obstacle(j)) continue;
      const dx = (i % width) - (j % width), dy = Math.floor(i / width) - Math.floor(j / width);
      best = Math.min(best, dx * dx + dy * dy);
    }
    const cost = nav2Cost(Math.sqrt(best) * o.resolution, o.inscribedRadius, o.inflationRadius, o.costScalingFactor);
    out[i] = data[i] < 0 && o.unknown === 'keep' && cost < 253 ? 255 : cost;
  }
  return out;
}

const occupancyCase = fc.record({
  width: fc.integer({ min: 1, max: 24 }),
  height: fc.integer({ min: 1, max: 24 }),
  cells: fc.array(fc.constantFrom(-1, 0, 0, 0, 0, 0, 30, 65, 100, 100), { minLength: 576, maxLength: 576 }),
  resolution: fc.constantFrom(0.05, 0.03, 0.1, 1),
  inscribed: fc.integer({ min: 0, max: 6 }),
  extra: fc.integer({ min: 0, max: 8 }),
  costScalingFactor: fc.constantFrom(0.5, 3, 10),
  unknown: fc.constantFrom<UnknownCells>('keep', 'free', 'lethal'),
  occupiedAt: fc.constantFrom(undefined, 65, 100),
});

describe('inflate', () => {
  test('equals the formula over all-pairs distances on 200 random occupancy grids (every unknown rule, thresholds, radii)', () => {
    fc.assert(fc.property(occupancyCase, (c) => {
      const data = Int8Array.from(c.cells.slice(0, c.width * c.height));
      // Radii a fraction of a cell off the rings, and exactly on them.
      const inscribedRadius = c.inscribed * c.resolution * 0.93;
      const o = { resolution: c.resolution, inscribedRadius, inflationRadius: inscribedRadius + c.extra * c.resolution, costScalingFactor: c.costScalingFactor, unknown: c.unknown };
      const got = inflate({ width: c.width, height: c.height, data }, { ...o, occupiedAt: c.occupiedAt }).cost;
      expect(Array.from(got)).toEqual(Array.from(bruteInflate(data, c.width, c.height, { ...o, occupiedAt: c.occupiedAt })));
    }), { numRuns: 200, seed: 20261204 });
  });

  test('a mask is its obstacles, and the source resolution is the default', () => {
    const mask = new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    const o = { inscribedRadius: 1, inflationRadius: 2.5, costScalingFactor: 1 };
    const got = inflate({ width: 4, height: 3, mask }, { ...o, resolution: 1, rowOrder: 'bottom-up' }).cost;
    expect(Array.from(got)).toEqual(Array.from(bruteInflate(Int8Array.from(mask, (m) => m * 100), 4, 3, { ...o, resolution: 1, unknown: 'keep' })));
    const data = Int8Array.from(mask, (m) => m * 100);
    expect(Array.from(inflate({ width: 4, height: 3, data, resolution: 1 }, o).cost)).toEqual(Array.from(got));
    // An explicit resolution wins over the source's.
    expect(Array.from(inflate({ width: 4, height: 3, data, resolution: 7 }, { ...o, resolution: 1 }).cost)).toEqual(Array.from(got));
  });

  test('the costmap carries its shape: an occupancy grid is bottom-up with its resolution and origin, a mask as its options say', () => {
    const data = Int8Array.from([100, 0, 0, 0, 0, 0]);
    const ros = inflate({ width: 3, height: 2, data, resolution: 0.05, origin: { x: 1, y: -2, yaw: 0 } }, { inscribedRadius: 0, inflationRadius: 0 });
    expect([ros.width, ros.height, ros.resolution, ros.rowOrder, ros.origin]).toEqual([3, 2, 0.05, 'bottom-up', { x: 1, y: -2, yaw: 0 }]);
    expect(Object.isFrozen(ros)).toBe(true);
    const m = inflate({ width: 3, height: 2, mask: Uint8Array.from(data, (v) => v / 100) }, { resolution: 2, rowOrder: 'top-down', inscribedRadius: 0, inflationRadius: 0 });
    expect([m.width, m.height, m.resolution, m.rowOrder, 'origin' in m]).toEqual([3, 2, 2, 'top-down', false]);
    expect(Array.from(m.cost)).toEqual(Array.from(ros.cost)); // the same bytes: only their reading differs
  });

  test("Nav2's values: 254 on the obstacle, 253 at d = r, floor(252 exp(-k (d - r))) just beyond, 0 beyond R", () => {
    // One obstacle at the left end of a 1 x 12 strip, 0.5 m cells: d = 0.5 * x exactly.
    const mask = new Uint8Array(12);
    mask[0] = 1;
    const k = 3, r = 1, R = 4;
    const got = inflate({ width: 12, height: 1, mask }, { resolution: 0.5, rowOrder: 'top-down', inscribedRadius: r, inflationRadius: R, costScalingFactor: k }).cost;
    expect(got[0]).toBe(LETHAL);
    expect(got[1]).toBe(INSCRIBED); // d = 0.5
    expect(got[2]).toBe(INSCRIBED); // d = 1 = r
    expect(got[3]).toBe(Math.floor(252 * Math.exp(-3 * 0.5))); // 56
    expect(got[3]).toBe(56);
    expect(got[4]).toBe(Math.floor(252 * Math.exp(-3 * 1))); // 12
    expect(got[8]).toBe(Math.floor(252 * Math.exp(-3 * 3))); // d = 4 = R: still graded (0 here by the floor)
    expect(got[9]).toBe(FREE); // d = 4.5 > R
    expect([LETHAL, INSCRIBED, NO_INFORMATION, FREE]).toEqual([254, 253, 255, 0]);
  });

  test('just above r the cost is 252 exp(-k (d - r)) floored: 251 for a small gap, and a slow decay keeps d = R graded', () => {
    const mask = new Uint8Array(3);
    mask[0] = 1;
    const got = inflate({ width: 3, height: 1, mask }, { resolution: 1, rowOrder: 'top-down', inscribedRadius: 0.999, inflationRadius: 2, costScalingFactor: 0.01 }).cost;
    expect(got[1]).toBe(Math.floor(252 * Math.exp(-0.01 * 0.001)));
    expect(got[1]).toBe(251);
    expect(got[2]).toBe(Math.floor(252 * Math.exp(-0.01 * 1.001)));
    expect(got[2]).toBe(249);
  });

  test('the distances are Euclidean: a diagonal neighbour is sqrt 2 cells away', () => {
    const mask = new Uint8Array(9);
    mask[0] = 1;
    const got = inflate({ width: 3, height: 3, mask }, { resolution: 1, rowOrder: 'top-down', inscribedRadius: 1, inflationRadius: 3, costScalingFactor: 1 }).cost;
    expect(got[4]).toBe(Math.floor(252 * Math.exp(-(Math.SQRT2 - 1))));
    expect(got[1]).toBe(INSCRIBED);
    expect(got[3]).toBe(INSCRIBED);
  });

  test('unknown cells: keep stays 255 outside the inscribed band and 253 inside; free inflates them; lethal makes them obstacles', () => {
    // 1 x 5: an obstacle, then unknown cells.
    const data = Int8Array.from([100, -1, -1, -1, 0]);
    const o = { resolution: 1, inscribedRadius: 1, inflationRadius: 3, costScalingFactor: 1 };
    const src = { width: 5, height: 1, data };
    const e1 = Math.floor(252 * Math.exp(-1)), e2 = Math.floor(252 * Math.exp(-2));
    expect(Array.from(inflate(src, o).cost)).toEqual([254, 253, 255, 255, 0]);
    expect(Array.from(inflate(src, { ...o, unknown: 'keep' }).cost)).toEqual([254, 253, 255, 255, 0]);
    expect(Array.from(inflate(src, { ...o, unknown: 'free' }).cost)).toEqual([254, 253, e1, e2, 0]);
    expect(Array.from(inflate(src, { ...o, unknown: 'lethal' }).cost)).toEqual([254, 254, 254, 254, 253]);
  });

  test('no obstacle: all free (or unknown kept); all obstacles: all lethal', () => {
    const o = { resolution: 0.05, inscribedRadius: 0.3, inflationRadius: 0.55 };
    expect(Array.from(inflate({ width: 3, height: 2, mask: new Uint8Array(6) }, { ...o, rowOrder: 'top-down' }).cost)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Array.from(inflate({ width: 3, height: 1, data: Int8Array.from([-1, 0, 99]) }, o).cost)).toEqual([255, 0, 0]);
    expect(Array.from(inflate({ width: 2, height: 2, mask: new Uint8Array(4).fill(1) }, { ...o, rowOrder: 'top-down' }).cost)).toEqual([254, 254, 254, 254]);
  });

  test('inscribed = inflation radius: no graded band; inscribed 0: graded from the first ring', () => {
    const mask = new Uint8Array(6);
    mask[0] = 1;
    const same = inflate({ width: 6, height: 1, mask }, { resolution: 1, rowOrder: 'top-down', inscribedRadius: 2, inflationRadius: 2 }).cost;
    expect(Array.from(same)).toEqual([254, 253, 253, 0, 0, 0]);
    const zero = inflate({ width: 6, height: 1, mask }, { resolution: 1, rowOrder: 'top-down', inscribedRadius: 0, inflationRadius: 2, costScalingFactor: 1 }).cost;
    expect(Array.from(zero)).toEqual([254, Math.floor(252 * Math.exp(-1)), Math.floor(252 * Math.exp(-2)), 0, 0, 0]);
  });

  test('a reach of more than 2^20 squared cells (no cost table) gives the formula too', () => {
    // 1 x 1100: squared distances up to 1099^2 > 2^20, all within R.
    const mask = new Uint8Array(1100);
    mask[0] = 1;
    const got = inflate({ width: 1100, height: 1, mask }, { resolution: 1, rowOrder: 'top-down', inscribedRadius: 0, inflationRadius: 5000, costScalingFactor: 0.001 }).cost;
    for (let x = 0; x < 1100; x++) expect(got[x]).toBe(nav2Cost(x, 0, 5000, 0.001));
    expect(got[1099]).toBe(Math.floor(252 * Math.exp(-1.099)));
  });

  const good = { resolution: 0.05, inscribedRadius: 0.3, inflationRadius: 0.55 };
  const mask = () => ({ width: 2, height: 1, mask: new Uint8Array([1, 0]) });
  const occ = () => ({ width: 2, height: 1, data: Int8Array.from([100, -1]), resolution: 0.05 });
  const refusals: [string, () => unknown, RegExp][] = [
    ['no source', () => inflate(null as never, good), /source must be/],
    ['width 0', () => inflate({ width: 0, height: 1, mask: new Uint8Array(0) }, good), /width and source.height .* got 0 x 1/],
    ['both data and mask', () => inflate({ ...mask(), data: Int8Array.from([0, 0]) } as never, good), /exactly one .* both/],
    ['neither data nor mask', () => inflate({ width: 2, height: 1 } as never, good), /exactly one .* neither/],
    ['a short mask', () => inflate({ width: 3, height: 1, mask: new Uint8Array(2) }, good), /source.mask must be a Uint8Array of 3 x 1/],
    ['a 2 in the mask', () => inflate({ width: 2, height: 1, mask: new Uint8Array([0, 2]) }, good), /mask\[1\] is 2/],
    ['a plain-array mask', () => inflate({ width: 2, height: 1, mask: [0, 1] as never }, good), /source.mask must be a Uint8Array/],
    ['data of 101', () => inflate({ width: 2, height: 1, data: [0, 101] }, good), /data\[1\] is 101/],
    ['data of -2', () => inflate({ width: 2, height: 1, data: [-2, 0] }, good), /data\[0\] is -2/],
    ['data of 0.5', () => inflate({ width: 2, height: 1, data: [0.5, 0] }, good), /data\[0\] is 0.5/],
    ['short data', () => inflate({ width: 2, height: 2, data: [0, 0] }, good), /source.data must hold 2 x 2 = 4 cells/],
    ['no options', () => inflate(mask(), undefined as never), /options must be an object/],
    ['an unknown key', () => inflate(mask(), { ...good, inflationRadus: 1 } as never), /unknown option "inflationRadus"/],
    ['a mask without a resolution', () => inflate(mask(), { inscribedRadius: 0.3, inflationRadius: 0.5 }), /resolution must be a finite number > 0 \(a mask has no resolution of its own\), got undefined/],
    ['resolution 0', () => inflate(occ(), { ...good, resolution: 0 }), /resolution .* got 0/],
    ['resolution null', () => inflate(occ(), { ...good, resolution: null as never }), /resolution .* got null/],
    ['inscribed -0.1', () => inflate(occ(), { ...good, inscribedRadius: -0.1 }), /inscribedRadius must be a finite number >= 0 \(metres\), got -0.1/],
    ['inscribed NaN', () => inflate(occ(), { ...good, inscribedRadius: Number.NaN }), /inscribedRadius .* got NaN/],
    ['inscribed missing', () => inflate(occ(), { inflationRadius: 0.5 } as never), /inscribedRadius .* got undefined/],
    ['inflation < inscribed', () => inflate(occ(), { ...good, inflationRadius: 0.2 }), /inflationRadius must be a finite number >= inscribedRadius \(0.3\), got 0.2/],
    ['inflation Infinity', () => inflate(occ(), { ...good, inflationRadius: Infinity }), /inflationRadius .* got Infinity/],
    ['k 0', () => inflate(occ(), { ...good, costScalingFactor: 0 }), /costScalingFactor must be a finite number > 0, got 0/],
    ['k -1', () => inflate(occ(), { ...good, costScalingFactor: -1 }), /costScalingFactor .* got -1/],
    ["unknown 'blocked'", () => inflate(occ(), { ...good, unknown: 'blocked' as never }), /unknown must be 'keep', 'free' or 'lethal', got "blocked"/],
    ['occupiedAt 0', () => inflate(occ(), { ...good, occupiedAt: 0 }), /occupiedAt must be a whole number from 1 to 100, got 0/],
    ['unknown on a mask', () => inflate(mask(), { ...good, unknown: 'free' }), /options.unknown applies to an occupancy grid/],
    ['occupiedAt on a mask', () => inflate(mask(), { ...good, occupiedAt: 50 }), /options.occupiedAt applies to an occupancy grid/],
    ['a mask without a row order', () => inflate(mask(), good), /options.rowOrder \(a mask has no row order of its own\) must be 'bottom-up' .* or 'top-down' .*, got undefined/],
    ["a mask's row order 'up'", () => inflate(mask(), { ...good, rowOrder: 'up' as never }), /options.rowOrder .* got "up"/],
    ['a row order for an occupancy grid', () => inflate(occ(), { ...good, rowOrder: 'top-down' }), /options.rowOrder applies to a mask, not to an occupancy grid, whose data is in ROS order \(row 0 the bottom\), got "top-down"/],
    ['an origin with a NaN', () => inflate({ ...occ(), origin: { x: 0, y: Number.NaN, yaw: 0 } }, good), /source.origin must be \{ x, y, yaw \} of finite numbers .* got \{"x":0,"y":null/],
  ];
  test.each(refusals)('%s is an InputError', (_label, f, message) => {
    expect(f).toThrow(InputError);
    expect(f).toThrow(message);
  });
});

describe('costmapToGrid', () => {
  const topDown = (cost: number[], width = 3, height = 2, resolution = 1) => makeCostmap(Uint8Array.from(cost), { width, height, resolution, rowOrder: 'top-down' });

  test('blocks the cells at or above blockedAt (default INSCRIBED) but lets paths cross unknown cells unless allowUnknown is false (Nav2\'s allow_unknown, true by default), 8-connected without corner cutting, cellSize = the costmap\'s resolution', () => {
    const costmap = topDown([0, 252, 253, 254, 255, 100], 3, 2, 0.05);
    const g = costmapToGrid(costmap);
    expect(g.toAscii()).toEqual(['..#', '#..']);
    expect(costmapToGrid(costmap, { allowUnknown: false }).toAscii()).toEqual(['..#', '##.']);
    expect(costmapToGrid(costmap, { blockedAt: 100, allowUnknown: true }).toAscii()).toEqual(['.##', '#.#']);
    // An unknown cell weighs as a cost of 255 (Smac 2D's traversal cost reads it as it is).
    expect(costmapToGrid(costmap, { costPenalty: 2 }).weights![4]).toBeCloseTo(1 + (2 * 255) / 252, 12);
    expect(() => costmapToGrid(costmap, { allowUnknown: 'yes' as never })).toThrow(/allowUnknown must be true or false, got "yes"/);
    expect(g.cellSize).toBe(0.05);
    expect(g.connectivity).toBe(8);
    expect(g.diagonalRule).toBe('no-corner-cutting');
    expect(costmapToGrid(costmap, { blockedAt: 100, allowUnknown: false }).toAscii()).toEqual(['.##', '###']);
    expect(costmapToGrid(costmap, { blockedAt: 255, allowUnknown: false }).toAscii()).toEqual(['...', '.#.']);
  });

  test('the costmap\'s row order decides which row is the top: the same bytes bottom-up give the grid turned over', () => {
    const cost = Uint8Array.of(0, 0, 0, 0, 255, 0, 255, 0, 0);
    const down = makeCostmap(cost, { width: 3, height: 3, resolution: 1, rowOrder: 'top-down' });
    const up = makeCostmap(cost, { width: 3, height: 3, resolution: 1, rowOrder: 'bottom-up' });
    expect(costmapToGrid(down, { blockedAt: 255, allowUnknown: false }).toAscii()).toEqual(['...', '.#.', '#..']);
    expect(costmapToGrid(up, { blockedAt: 255, allowUnknown: false }).toAscii()).toEqual(['#..', '.#.', '...']);
    // Turning the costmap over first changes nothing: the order travels with the bytes.
    expect(costmapToGrid(withRowOrder(up, 'top-down'), { blockedAt: 255, allowUnknown: false }).toAscii()).toEqual(['#..', '.#.', '...']);
  });

  test('a ROS map\'s costmap plans on the map the right way up: the ids of toGrid and worldToCell, with no word about row order', () => {
    // The mistake this guards against: the bytes of an inflated ROS map are
    // bottom-up, and a caller who had to say so could forget, and plan on the
    // map's mirror image. A 5 x 3 map, asymmetric both ways: obstacles in the
    // image's top-left corner and in its bottom row, one cell from the right.
    const yaml = 'image: m.pgm\nresolution: 0.5\norigin: [-1, 2, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
    const pixels = [
      0, 254, 254, 254, 254,
      254, 254, 254, 254, 254,
      254, 254, 254, 0, 254,
    ];
    const map = parseRosMap(yaml, new Uint8Array([...new TextEncoder().encode('P5 5 3 255\n'), ...pixels]), 'm.yaml');
    const costmap = inflate(map, { inscribedRadius: 0, inflationRadius: 0 });
    expect(costmap.rowOrder).toBe('bottom-up');
    expect([costmap.width, costmap.height, costmap.resolution]).toEqual([5, 3, 0.5]);
    expect(costmap.origin).toEqual({ x: -1, y: 2, yaw: 0 });
    const g = costmapToGrid(costmap);
    const want = toGrid(map, { unknown: 'blocked' });
    expect(g.toAscii()).toEqual(want.toAscii());
    expect(g.toAscii()).toEqual(['#....', '.....', '...#.']);
    expect(Array.from(g.cells)).toEqual(Array.from(want.cells));
    expect(g.cellSize).toBe(want.cellSize);
    // The obstacles where the world says they are: the image's top-left cell is the map's north-west corner.
    expect(g.isBlocked(worldToCell(map, [-0.75, 3.25]))).toBe(true);
    expect(g.isBlocked(worldToCell(map, [0.75, 2.25]))).toBe(true);
    expect(g.isBlocked(worldToCell(map, [-0.75, 2.25]))).toBe(false);
  });

  const bytes = () => topDown([0, 0, 0, 0, 0, 0]);
  const refusals: [string, () => unknown, RegExp][] = [
    ['bare bytes (the 0.2 call)', () => (costmapToGrid as (...a: unknown[]) => unknown)(new Uint8Array(6), 3, 2, { resolution: 1 }), /costmapToGrid: costmap must be a Costmap \{ width, height, resolution, rowOrder, cost \} \(from inflate or makeCostmap\), got a Uint8Array/],
    ['a short costmap', () => costmapToGrid({ ...bytes(), cost: new Uint8Array(5) }), /costmap.cost must be a Uint8Array of 3 x 2 = 6 bytes, got a Uint8Array of 5/],
    ['height 0', () => costmapToGrid({ ...bytes(), height: 0 }), /costmap.height must be a whole number >= 1, got 0/],
    ['no row order', () => costmapToGrid({ ...bytes(), rowOrder: undefined as never }), /costmap.rowOrder must be 'bottom-up' .* or 'top-down' .*, got undefined/],
    ['the old bottomUp option', () => costmapToGrid(bytes(), { bottomUp: true } as never), /costmapToGrid: unknown option "bottomUp" \(allowed: blockedAt, allowUnknown, costPenalty, weights\)/],
    ['the old resolution option', () => costmapToGrid(bytes(), { resolution: 0.05 } as never), /costmapToGrid: unknown option "resolution" \(allowed: blockedAt, allowUnknown, costPenalty, weights\)/],
    ['blockedAt 0', () => costmapToGrid(bytes(), { blockedAt: 0 }), /blockedAt must be a whole number from 1 to 255, got 0/],
    ['blockedAt 256', () => costmapToGrid(bytes(), { blockedAt: 256 }), /blockedAt .* got 256/],
    ['an unknown key', () => costmapToGrid(bytes(), { blocked: 1 } as never), /unknown option "blocked"/],
    ['options null', () => costmapToGrid(bytes(), null as never), /options must be an object, got null/],
  ];
  test.each(refusals)('%s is an InputError', (_label, f, message) => {
    expect(f).toThrow(InputError);
    expect(f).toThrow(message);
  });
});
