// Many robots on a metric floor: Nav2's warehouse (1006 x 1674 cells of 3 cm)
// read through the ROS reader, a robot's footprint kept off the walls by
// inflation, and prioritized planning for seeded robots, every plan checked
// by checkMapfPlan. The MAPF benchmark's own maps are in the fleet tests.
import { expect, test } from 'vitest';
import { costmapToGrid, inflate, makeCostmap } from '#bestfirst/costmap';
import { prioritizedPlan } from '#bestfirst/mapf';
import { checkMapfPlan } from '#bestfirst/mapf';
import { load } from '../../support/ros-maps.js';

test('prioritized planning on the ROS warehouse: 12 robots with a 0.15 m footprint, the plan valid and at the lower bound', () => {
  const map = load('warehouse');
  const { cost } = inflate(map, { inscribedRadius: 0.15, inflationRadius: 0.15, costScalingFactor: 3 });
  // Every 10th cell of the 3 cm map: a 30 cm cell a robot fills, blocked where any fine cell under it is.
  const step = 10, w = Math.floor(map.width / step), h = Math.floor(map.height / step);
  const coarse = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let worst = 0;
      for (let dy = 0; dy < step; dy++) for (let dx = 0; dx < step; dx++) worst = Math.max(worst, cost[(y * step + dy) * map.width + x * step + dx]);
      coarse[y * w + x] = worst;
    }
  }
  // Robots kept to the mapped floor: unknown space blocked (Nav2's planners would let a path cross it).
  const grid = costmapToGrid(makeCostmap(coarse, { width: w, height: h, resolution: map.resolution * step, rowOrder: 'bottom-up' }), { allowUnknown: false }).with({ connectivity: 4 });
  // Seeded distinct starts and goals in the largest open area.
  const free: number[] = [];
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
  expect(free.length).toBeGreaterThan(1000);
  let s = 20261202;
  const pick = () => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return free[s % free.length]; };
  const used = new Set<number>();
  const tasks: { start: number; goal: number }[] = [];
  while (tasks.length < 12) {
    const a = pick(), b = pick();
    if (a === b || used.has(a) || used.has(b)) continue;
    used.add(a); used.add(b);
    tasks.push({ start: a, goal: b });
  }
  const plan = prioritizedPlan(grid, tasks, { limits: { maxMillis: 60_000 } });
  // The seeded robots, on the 100 x 167 floor of 30 cm cells: solved, each at its single-robot optimum (sum 1,467 steps).
  expect([w, h, plan.status]).toEqual([100, 167, 'found']);
  const check = checkMapfPlan(grid, tasks, plan.paths!);
  expect(check.ok, check.ok ? '' : check.reason).toBe(true);
  expect([plan.sumOfCosts, plan.lowerBound]).toEqual([1467, 1467]);
});
