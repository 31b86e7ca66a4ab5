// inflate on Nav2's warehouse map, as a 0.3 m robot's costmap: a seeded sample
// of cells against a brute force within the inflation radius, and the counts of
// each kind of cell against the formula applied to the distance transform.
import { describe, expect, test } from 'vitest';
import { findPath } from '#bestfirst';
import { applyKeepout, costmapToGrid, distanceTransform, inflate, INSCRIBED, LETHAL, NO_INFORMATION, FREE, speedWeights } from '#bestfirst/costmap';
import { checkPath } from '#bestfirst/grid';
import { load } from '../../support/ros-maps.js';
import { nav2Cost } from '../../support/nav2-cost.js';

const OPTIONS = { inscribedRadius: 0.3, inflationRadius: 0.55, costScalingFactor: 3 };

function kinds(costmap: ArrayLike<number>): Record<string, number> {
  const c = { lethal: 0, inscribed: 0, graded: 0, free: 0, unknown: 0 };
  for (let i = 0; i < costmap.length; i++) {
    const v = costmap[i];
    if (v === LETHAL) c.lethal++;
    else if (v === INSCRIBED) c.inscribed++;
    else if (v === NO_INFORMATION) c.unknown++;
    else if (v === FREE) c.free++;
    else c.graded++;
  }
  return c;
}

describe('inflate on the warehouse (1006 x 1674 at 0.03 m)', () => {
  const map = load('warehouse');
  const costmap = inflate(map, OPTIONS).cost;
  const { width, height, resolution, data } = map;

  test('2,000 seeded cells equal a brute force over the obstacles within the inflation radius', () => {
    const reach = Math.ceil(OPTIONS.inflationRadius / resolution) + 1;
    let s = 20261205;
    const seen = new Set<number>();
    for (let n = 0; n < 2000; n++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const i = s % (width * height);
      const x = i % width, y = Math.floor(i / width);
      let best = Infinity;
      for (let yy = Math.max(0, y - reach); yy <= Math.min(height - 1, y + reach); yy++) {
        for (let xx = Math.max(0, x - reach); xx <= Math.min(width - 1, x + reach); xx++) {
          if (data[yy * width + xx] >= 100) best = Math.min(best, (xx - x) ** 2 + (yy - y) ** 2);
        }
      }
      const cost = nav2Cost(Math.sqrt(best) * resolution, OPTIONS.inscribedRadius, OPTIONS.inflationRadius, OPTIONS.costScalingFactor);
      const want = data[i] < 0 && cost < INSCRIBED ? NO_INFORMATION : cost;
      expect(costmap[i], `cell ${x},${y}`).toBe(want);
      seen.add(want === LETHAL || want === INSCRIBED || want === NO_INFORMATION || want === FREE ? want : 1);
    }
    // The sample met every kind of cell.
    expect([...seen].sort((a, b) => a - b)).toEqual([FREE, 1, INSCRIBED, LETHAL, NO_INFORMATION]);
  });

  test('the counts of lethal, inscribed, graded, free and unknown cells equal the formula over the distance transform', () => {
    const obstacles = Uint8Array.from(data, (v) => (v >= 100 ? 1 : 0));
    const d = distanceTransform(obstacles, width, height, resolution);
    const want = new Uint8Array(width * height);
    for (let i = 0; i < want.length; i++) {
      const cost = nav2Cost(d[i], OPTIONS.inscribedRadius, OPTIONS.inflationRadius, OPTIONS.costScalingFactor);
      want[i] = data[i] < 0 && cost < INSCRIBED ? NO_INFORMATION : cost;
    }
    const got = kinds(costmap);
    expect(got).toEqual(kinds(want));
    // Pinned, so that a change of the map's reading or of the formula shows.
    expect(got).toEqual({ lethal: 30951, inscribed: 270016, graded: 135711, free: 1115631, unknown: 131735 });
    expect(got.lethal + got.inscribed + got.graded + got.free + got.unknown).toBe(width * height);
  });
});

describe("Nav2's filter masks on the warehouse: keepout zones lethal, speed zones as weights", () => {
  const map = load('warehouse'), keepout = load('warehouse_keepout'), speed = load('warehouse_speed');
  const costmap = inflate(map, OPTIONS);

  test('the keepout mask makes exactly its 100-valued cells lethal, and leaves every other cell as inflate made it', () => {
    const out = applyKeepout(costmap, keepout).cost;
    let zone = 0, wrong = 0;
    for (let i = 0; i < out.length; i++) {
      const v = keepout.data[i];
      if (v === 100) { zone++; if (out[i] !== LETHAL) wrong++; } else if (out[i] !== costmap.cost[i]) wrong++;
    }
    expect([zone, wrong]).toEqual([66742, 0]);
  });

  test('the speed mask: 20 (80% of full speed) weighs 1.25, 0 and 100 (no limit in Nav2) weigh 1; a path on the combined grid avoids the keepout zones', () => {
    const factors = speedWeights(costmap, speed);
    const count = new Map<number, number>();
    for (const f of factors) count.set(f, (count.get(f) ?? 0) + 1);
    expect(Object.fromEntries(count)).toEqual({ 1: 1354817 + 29447, 1.25: 299780 });
    const grid = costmapToGrid(applyKeepout(costmap, keepout), { costPenalty: 2, weights: factors });
    // Two free cells far apart, found by a seeded scan; the path is checked cell by cell.
    const free: number[] = [];
    for (let n = 0; n < grid.size; n += 7919) if (!grid.isBlocked(n)) free.push(n);
    const r = findPath(grid, free[0], free[free.length - 1]);
    expect(r.status).toBe('found');
    const check = checkPath(grid, r.path!, free[0], free[free.length - 1]);
    expect(check.ok && Math.abs(check.length - r.cost) < 1e-6 * r.cost).toBe(true);
    const inZone = r.path!.filter((n) => keepout.data[(map.height - 1 - Math.floor(n / map.width)) * map.width + (n % map.width)] === 100); // ROS order: row 0 at the bottom
    expect(inZone).toEqual([]);
  });
});
