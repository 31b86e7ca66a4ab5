// smoothKinematicPath: shortcuts by exact curves. On seeded maps the smoothed
// path is never longer, never has more cusps, keeps its two end poses and
// passes checkKinematicPath (curvature, tangent headings, the footprint free
// every half cell), which knows nothing of how it was made.
import { describe, expect, test } from 'vitest';
import { LETHAL, makeCostmap, type Costmap } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { checkKinematicPath, FootprintChecker, hybridAStar, sampleCurve, smoothKinematicPath, dubinsCurve, type Pose } from '#bestfirst/kinematic';
import { scene } from '../../support/kinematic-scenes.js';

const cart = (m: Costmap) => new FootprintChecker(m, Footprint.rectangle(0.3, 0.2));

describe('smoothKinematicPath', () => {
  test('on seeded maps: never longer, no more cusps, the same end poses, and every smoothed path passes the checker', () => {
    let shorter = 0, found = 0, saved = 0;
    for (let seed = 1; seed <= 16; seed++) {
      for (const motion of ['dubins', 'reeds-shepp'] as const) {
        const { checker, start, goal } = scene(seed * 7907, 40, 6, cart);
        const r = hybridAStar(checker, start, goal, { motion, minimumTurningRadius: 0.4, maxIterations: 20000, smooth: false });
        if (r.status !== 'found') continue;
        found++;
        const path = r.path!;
        const s = smoothKinematicPath(path, { radius: 0.4, checker, motion });
        const verdict = checkKinematicPath(s.path, { radius: 0.4, checker, tolerance: 1e-7 });
        expect(verdict.violation, `seed ${seed} ${motion}`).toBeNull();
        expect(s.length).toBeLessThanOrEqual(r.length + 1e-9);
        expect(verdict.length).toBeCloseTo(s.length, 9);
        expect(s.cusps).toBeLessThanOrEqual(r.cusps);
        expect(verdict.cusps).toBe(s.cusps);
        if (motion === 'dubins') expect(s.cusps).toBe(0);
        expect(s.path[0]).toEqual(path[0]);
        expect(s.path[s.path.length - 1]).toEqual(path[path.length - 1]);
        if (s.length < r.length - 1e-6) { shorter++; saved += 1 - s.length / r.length; }
        // hybridAStar smooths by default, the same way.
        const d = hybridAStar(checker, start, goal, { motion, minimumTurningRadius: 0.4, maxIterations: 20000 });
        expect(d.length).toBeCloseTo(s.length, 9);
        expect(d.path).toEqual(s.path);
      }
    }
    console.log(`[smooth] ${found} paths, ${shorter} shortened, by ${((100 * saved) / Math.max(1, shorter)).toFixed(1)}% on average`);
    expect(found).toBeGreaterThanOrEqual(12);
    expect(shorter, 'paths the smoother shortened').toBeGreaterThanOrEqual(4);
  });

  test('a detour round a box: the straight shortcut through the box is refused, the shortcut round it taken, and the radius kept', () => {
    // 60 x 30 cells of 0.1 m, a lethal box in the middle; the path goes up over it and down again.
    const W = 60, H = 30, cost = new Uint8Array(W * H);
    for (let y = 0; y < 14; y++) for (let x = 27; x < 33; x++) cost[y * W + x] = LETHAL;
    const checker = new FootprintChecker(makeCostmap(cost, { width: W, height: H, resolution: 0.1, rowOrder: 'bottom-up' }), 0.1);
    const R = 0.5, step = 0.05;
    // A clumsy path made of exact curves through three poses: up, across above the box, down.
    const via: Pose[] = [{ x: 0.5, y: 0.5, theta: 0 }, { x: 2.0, y: 2.3, theta: 0 }, { x: 4.0, y: 2.3, theta: 0 }, { x: 5.5, y: 0.5, theta: 0 }];
    const path: Pose[] = [via[0]];
    for (let i = 0; i + 1 < via.length; i++) path.push(...sampleCurve(dubinsCurve(via[i], via[i + 1], R), step).slice(1));
    const before = checkKinematicPath(path, { radius: R, checker });
    expect(before.ok).toBe(true);
    const s = smoothKinematicPath(path, { radius: R, checker, motion: 'dubins' });
    const after = checkKinematicPath(s.path, { radius: R, checker, tolerance: 1e-7 });
    expect(after.violation).toBeNull();
    expect(s.shortcuts).toBeGreaterThan(0);
    expect(s.length).toBeLessThan(before.length - 0.1);
    // The straight line from start to goal runs through the box: the smoothed path still climbs over it.
    expect(Math.max(...s.path.filter((p) => p.x > 2.6 && p.x < 3.4).map((p) => p.y))).toBeGreaterThan(1.5);
    // Held to a tighter radius than it was smoothed for, the checker notices (the test can see a curvature break).
    expect(checkKinematicPath(s.path, { radius: R * 1.01, checker }).violation?.kind).toBe('curvature');
  });

  test('bad input is an InputError naming the option', () => {
    const { checker, start } = scene(3, 30, 2, cart);
    expect(() => smoothKinematicPath([], { radius: 1, checker })).toThrow(/non-empty array/);
    expect(() => smoothKinematicPath([start], { radius: 0, checker })).toThrow(/radius/);
    expect(() => smoothKinematicPath([start], { radius: 1 } as never)).toThrow(/options\.checker must be a FootprintChecker/);
    expect(() => smoothKinematicPath([start], { radius: 1, checker, maxPasses: 0 })).toThrow(/maxPasses must be a whole number >= 1/);
    expect(() => smoothKinematicPath([start], { radius: 1, checker, motion: 'car' as 'dubins' })).toThrow(/motion/);
    expect(() => smoothKinematicPath([start], { radius: 1, checker, passes: 2 } as never)).toThrow(/passes/);
    expect(smoothKinematicPath([start], { radius: 1, checker })).toMatchObject({ path: [start], length: 0, cusps: 0, shortcuts: 0 });
  });
});
