import { describe, expect, it } from 'vitest';
import { dijkstra } from '#bestfirst';
import { universalPlan } from '#bestfirst/repair';
import { apartmentWorld } from '#bestfirst/worlds';
import { band, contours, dropRobot } from '../../../web/src/field/field-model.js';

describe('universal-plan field: contours and the robot', () => {
  const w = apartmentWorld();
  const g = w.grid;
  const plan = universalPlan(g, w.goal);

  it('puts a contour edge exactly between side-by-side cells in different 1 m bands', () => {
    const { edges } = contours(plan, g.width, g.height, 1);
    expect(edges.length).toBeGreaterThan(20);
    for (const e of edges) {
      const m = e.side === 'e' ? e.cell + 1 : e.cell + g.width;
      expect(band(plan.h[e.cell], 1)).not.toBe(band(plan.h[m], 1));
      expect(e.level).toBe(Math.max(band(plan.h[e.cell], 1), band(plan.h[m], 1)));
    }
    // No edge is missed: count differing 4-neighbour pairs independently.
    let pairs = 0;
    for (let n = 0; n < g.size; n++) {
      const x = g.x(n);
      if (plan.h[n] === Infinity) continue;
      if (x + 1 < g.width && plan.h[n + 1] !== Infinity && band(plan.h[n + 1], 1) !== band(plan.h[n], 1)) pairs++;
      if (n + g.width < g.size && plan.h[n + g.width] !== Infinity && band(plan.h[n + g.width], 1) !== band(plan.h[n], 1)) pairs++;
    }
    expect(edges.length).toBe(pairs);
  });

  it('labels each metre once, at the first cell the wave front settled in it', () => {
    const { labels } = contours(plan, g.width, g.height, 1);
    expect(labels.map((l) => l.level)).toEqual(Array.from({ length: Math.floor(plan.maxCostToGo) }, (_, i) => i + 1));
    expect(labels[0].text).toBe('1 m');
    // The first cell in the plan's settling order whose cost-to-go reaches the level (the order never goes down in h).
    const settled = Array.from(plan.order.subarray(0, plan.reachable));
    for (const l of labels) expect(l.cell, l.text).toBe(settled.find((n) => plan.h[n] >= l.level - 1e-9));
  });

  it('the robot dropped anywhere pays exactly Dijkstra\'s cost; walls give null', () => {
    let tried = 0;
    for (let n = 0; n < g.size; n += 7) {
      if (g.isBlocked(n)) { expect(dropRobot(g, plan, n)).toBeNull(); continue; }
      const run = dropRobot(g, plan, n)!;
      expect(run.path[0]).toBe(n);
      expect(run.path[run.path.length - 1]).toBe(w.goal);
      expect(run.paid).toBeCloseTo(dijkstra(g, n, w.goal).cost, 9);
      expect(run.dijkstra).toBeCloseTo(run.paid, 9);
      tried++;
    }
    expect(tried).toBeGreaterThan(20);
  });
});
