// hybridAStar's `tolerance` (Nav2's goal tolerance) against a brute-force
// reference of the test's own: every pose on the costmap's lattice about the
// goal within the tolerance, the goal's heading kept, nearest first (ties:
// lower y offset, then lower x), each where the robot fits planned to
// exactly (tolerance 0) until one is found.
import { describe, expect, test } from 'vitest';
import { LETHAL, makeCostmap, type Costmap } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { checkKinematicPath, FootprintChecker, hybridAStar, type HybridAStarOptions, type Pose } from '#bestfirst/kinematic';
import { scene } from '../../support/kinematic-scenes.js';

/** The reference: the first pose, nearest the goal, that an exact plan reaches; null when none does. */
function reference(checker: FootprintChecker, start: Pose, goal: Pose, tolerance: number, o: HybridAStarOptions): { goal: Pose; distance: number } | null {
  const res = checker.costmap.resolution, n = Math.ceil(tolerance / res) + 1;
  const offsets: [number, number, number][] = [];
  for (let j = -n; j <= n; j++) for (let i = -n; i <= n; i++) if (Math.hypot(i * res, j * res) <= tolerance + 1e-12) offsets.push([Math.hypot(i, j) * res, j, i]);
  offsets.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  for (const [d, j, i] of offsets) {
    const p = { x: goal.x + i * res, y: goal.y + j * res, theta: goal.theta };
    if (checker.collides(p)) continue;
    if (hybridAStar(checker, start, p, { ...o, tolerance: 0 }).status === 'found') return { goal: p, distance: d };
  }
  return null;
}

const cart = (m: Costmap) => new FootprintChecker(m, Footprint.rectangle(0.2, 0.15));

describe('hybridAStar with a goal tolerance', () => {
  test('on seeded maps, blocked and unreachable goals go to the pose the brute-force reference picks; the path passes the checker and ends there', () => {
    const o: HybridAStarOptions = { motion: 'reeds-shepp', minimumTurningRadius: 0.3, smooth: false, maxIterations: 200_000 };
    let tolerated = 0, exact = 0, none = 0;
    for (let seed = 1; seed <= 14; seed++) {
      const { checker, start } = scene(seed * 104729, 24, 7, cart);
      // A goal anywhere, blocked or not: the boxes make some goals collide and wall others off.
      let s = seed;
      const u = () => { s = (s * 48271) % 2147483647; return s / 2147483647; };
      const goal = { x: 0.3 + 1.8 * u(), y: 0.3 + 1.8 * u(), theta: 2 * Math.PI * u() - Math.PI };
      const tolerance = 0.25;
      const want = reference(checker, start, goal, tolerance, o);
      const free = !checker.collides(goal);
      let r;
      try {
        r = hybridAStar(checker, start, goal, { ...o, tolerance });
      } catch (e) {
        // No free pose within the tolerance: refused as a collision at the goal, as with none.
        expect(String(e)).toMatch(/collides at the goal .* and at every pose within the tolerance 0\.25 m/);
        expect(want).toBeNull();
        none++;
        continue;
      }
      if (want === null) { expect(r.status).toBe('unreachable'); none++; continue; }
      expect(r.status).toBe('found');
      expect(r.goal).toEqual({ ...want.goal, theta: expect.closeTo(want.goal.theta, 12) as number });
      expect(r.goalDistance).toBeCloseTo(want.distance, 12);
      if (want.distance === 0) exact++; else tolerated++;
      const path = r.path!, end = path[path.length - 1];
      expect(Math.hypot(end.x - want.goal.x, end.y - want.goal.y)).toBeLessThan(1e-9);
      expect(checkKinematicPath(path, { radius: 0.3, checker, tolerance: 1e-7 }).violation).toBeNull();
      // Without a tolerance the same goal is refused (blocked) or not found.
      if (want.distance > 0) {
        if (free) expect(hybridAStar(checker, start, goal, o).status).not.toBe('found');
        else expect(() => hybridAStar(checker, start, goal, o)).toThrow(/collides at the goal/);
      }
    }
    expect(tolerated, 'goals that needed the tolerance').toBeGreaterThanOrEqual(3);
    expect(exact + none).toBeGreaterThanOrEqual(1);
  });

  test('a goal behind a wall: unreachable exactly, reached on the near side within the tolerance, not beyond it; the goal heading is kept', () => {
    // 40 x 20 cells of 0.1 m, a lethal wall across x = 2.0..2.1 m.
    const W = 40, H = 20, cost = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) cost[y * W + 20] = LETHAL;
    const checker = new FootprintChecker(makeCostmap(cost, { width: W, height: H, resolution: 0.1, rowOrder: 'bottom-up' }), 0.1);
    const start = { x: 0.5, y: 1, theta: 0 }, goal = { x: 2.35, y: 1, theta: Math.PI / 2 };
    const o: HybridAStarOptions = { motion: 'reeds-shepp', minimumTurningRadius: 0.2 };
    expect(hybridAStar(checker, start, goal, o).status).toBe('unreachable');
    // The robot (radius 0.1) fits with its centre at x <= 1.9: 0.45 m from the goal, so 0.4 m is not enough.
    expect(hybridAStar(checker, start, goal, { ...o, tolerance: 0.4 }).status).toBe('unreachable');
    const r = hybridAStar(checker, start, goal, { ...o, tolerance: 0.5 });
    expect(r.status).toBe('found');
    expect(r.goal!.x).toBeCloseTo(1.85, 9);
    expect(r.goal!.y).toBeCloseTo(1, 9);
    expect(r.goal!.theta).toBeCloseTo(Math.PI / 2, 12);
    expect(r.goalDistance).toBeCloseTo(0.5, 9);
  });

  test('a goal on a lone obstacle: four poses tie at 0.2 m, and the one offset down (then left) is taken, as documented', () => {
    const W = 30, H = 30, cost = new Uint8Array(W * H);
    cost[15 * W + 15] = LETHAL; // the cell 1.5..1.6 m both ways
    const checker = new FootprintChecker(makeCostmap(cost, { width: W, height: H, resolution: 0.1, rowOrder: 'bottom-up' }), 0.1);
    const goal = { x: 1.55, y: 1.55, theta: 1 };
    const r = hybridAStar(checker, { x: 0.5, y: 0.5, theta: 0 }, goal, { motion: 'reeds-shepp', minimumTurningRadius: 0.3, tolerance: 0.25 });
    expect(r.status).toBe('found');
    expect(r.goal!.x).toBeCloseTo(1.55, 12);
    expect(r.goal!.y).toBeCloseTo(1.35, 12);
    expect(r.goal!.theta).toBe(1);
    expect(r.goalDistance).toBeCloseTo(0.2, 12);
  });

  test('tolerance and smooth are checked, and tolerance 0 keeps the old refusal', () => {
    const { checker, start, goal } = scene(7, 30, 4, cart);
    expect(() => hybridAStar(checker, start, goal, { tolerance: -0.1 })).toThrow(/options\.tolerance must be a finite number of metres >= 0, got -0\.1/);
    expect(() => hybridAStar(checker, start, goal, { tolerance: Infinity })).toThrow(/options\.tolerance/);
    expect(() => hybridAStar(checker, start, goal, { smooth: 1 as unknown as boolean })).toThrow(/smooth/);
    expect(() => hybridAStar(checker, start, { x: -5, y: 0, theta: 0 })).toThrow(/collides at the goal \{"x":-5,"y":0,"theta":0\}$/);
  });
});
