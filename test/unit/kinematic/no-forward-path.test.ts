import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inflate, LETHAL, makeCostmap, type Costmap } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { parseRosMap } from '#bestfirst/io';
import { FootprintChecker, hybridAStar, type Pose } from '#bestfirst/kinematic';
import { goalUnreachableForwards, mulberry32, shrink } from '#bestfirst/internal';

/** A seeded n x n costmap of `res` m cells, rows from the bottom, with small lethal boxes: many narrow places. */
function clutter(seed: number, n: number, res: number, boxes: number): Costmap {
  const u = mulberry32(seed), cost = new Uint8Array(n * n);
  for (let b = 0; b < boxes; b++) {
    const x0 = Math.floor(u() * n), y0 = Math.floor(u() * n), w = 1 + Math.floor(u() * 4), h = 1 + Math.floor(u() * 4);
    for (let y = y0; y < Math.min(n, y0 + h); y++) for (let x = x0; x < Math.min(n, x0 + w); x++) cost[y * n + x] = LETHAL;
  }
  return makeCostmap(cost, { width: n, height: n, resolution: res, rowOrder: 'bottom-up' });
}

const ROBOTS: ((res: number) => Footprint | number)[] = [
  () => Footprint.rectangle(0.6, 0.4),
  () => Footprint.rectangle(0.5, 0.3, 0.1), // a car's rear axle near its back
  () => new Footprint([{ x: 0.35, y: 0 }, { x: -0.2, y: 0.2 }, { x: -0.2, y: -0.2 }]),
  (res) => 2.5 * res,
];

/** The pose `length` metres (signed: negative backwards) along an arc of `curvature` (signed, 1 / m) from (x, y, theta). */
function along(p: Pose, curvature: number, length: number): Pose {
  if (Math.abs(curvature) < 1e-12) return { x: p.x + length * Math.cos(p.theta), y: p.y + length * Math.sin(p.theta), theta: p.theta };
  const end = p.theta + curvature * length;
  return { x: p.x + (Math.sin(end) - Math.sin(p.theta)) / curvature, y: p.y - (Math.cos(end) - Math.cos(p.theta)) / curvature, theta: end };
}

describe('goalUnreachableForwards', () => {
  test('never rules out a goal that a forward drive reaches: drives found by backing out of tight goals at random', () => {
    // The reference is a drive itself: from a goal pressed against an obstacle, back out along random arcs (any curvature up
    // to 1 / R, each sampled at most `step` apart, every sample free) for at least a metre. Driven forwards that is a path
    // the planner could have found, so the goal must not be ruled out from where it started.
    let tight = 0, reached = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.integer({ min: 0, max: ROBOTS.length - 1 }), fc.constantFrom(0.03, 0.05, 0.1), fc.double({ min: 0.2, max: 1.2, noNaN: true }), (seed, which, res, R) => {
      const costmap = clutter(seed, 60, res, 40), checker = new FootprintChecker(costmap, ROBOTS[which](res));
      const u = mulberry32(seed ^ 0x5bd1e995), step = res / 2, side = 60 * res;
      for (let tries = 0; tries < 200; tries++) {
        const goal = { x: side * u(), y: side * u(), theta: 2 * Math.PI * u() - Math.PI };
        if (checker.collides(goal)) continue;
        // Tight: the goal moved back 2 cm, or turned 3 degrees, collides.
        const back = { x: goal.x - 0.02 * Math.cos(goal.theta), y: goal.y - 0.02 * Math.sin(goal.theta), theta: goal.theta };
        if (!checker.collides(back) && !checker.collides({ ...goal, theta: goal.theta + 0.05 }) && !checker.collides({ ...goal, theta: goal.theta - 0.05 })) continue;
        tight++;
        for (let attempt = 0; attempt < 100; attempt++) {
          let p: Pose = goal, driven = 0, ok = true;
          while (ok && driven < 1) {
            const curvature = (2 * u() - 1) / R, length = 0.02 + 0.3 * u(), pieces = Math.ceil(length / (step * (0.3 + 0.7 * u())));
            for (let i = 1; i <= pieces && ok; i++) ok = !checker.collides(along(p, curvature, (-length * i) / pieces));
            p = along(p, curvature, -length);
            driven += length;
          }
          if (!ok) continue;
          reached++;
          expect(goalUnreachableForwards(checker, p, goal, R, step)).toBe(false);
          break;
        }
        break;
      }
    }), { seed: 37, numRuns: 400 });
    // The property saw goals in tight places, and drives out of many of them.
    expect(tight).toBeGreaterThan(250);
    expect(reached).toBeGreaterThan(35);
  });

  test('never rules out the end of a drive walled in as tightly as the drive allows', () => {
    // A random forward drive (arcs of any curvature up to 1 / R, sampled at most `step` apart), then every cell within
    // a metre and a half of its end made lethal unless the robot covers it at one of the samples: the drive is still free
    // where the planner would look, and only just. Its end must not be ruled out from its start.
    // The planner's step is half a cell; longer steps (samples farther apart than the cells) test the window the step opens.
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.integer({ min: 0, max: ROBOTS.length - 1 }), fc.constantFrom(0.03, 0.05, 0.1), fc.double({ min: 0.2, max: 1.2, noNaN: true }), fc.constantFrom(0.5, 2, 5), (seed, which, res, R, cells) => {
      const u = mulberry32(seed), n = Math.ceil(8 / res), step = cells * res;
      const open = makeCostmap(new Uint8Array(n * n), { width: n, height: n, resolution: res, rowOrder: 'bottom-up' });
      const robot = ROBOTS[which](res), first = new FootprintChecker(open, robot);
      const start = { x: 3 + 2 * u(), y: 3 + 2 * u(), theta: 2 * Math.PI * u() - Math.PI };
      const samples: Pose[] = [start];
      let p: Pose = start;
      for (let driven = 0; driven < 0.4 + 1.2 * u();) {
        const curvature = (2 * u() - 1) / R, length = 0.02 + 0.4 * u(), pieces = Math.ceil(length / (step * (u() < 0.5 ? 1 : 0.3 + 0.7 * u())));
        for (let i = 1; i <= pieces; i++) samples.push(along(p, curvature, (length * i) / pieces));
        p = along(p, curvature, length);
        driven += length;
      }
      const goal = samples[samples.length - 1], keep = new Uint8Array(n * n), cost = new Uint8Array(n * n);
      for (const q of samples) for (const c of first.cellsUnder(q)) keep[c] = 1;
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        if (keep[r * n + c] === 0 && Math.hypot((c + 0.5) * res - goal.x, (r + 0.5) * res - goal.y) < 1.5) cost[r * n + c] = LETHAL;
      }
      const checker = new FootprintChecker(makeCostmap(cost, { width: n, height: n, resolution: res, rowOrder: 'bottom-up' }), robot);
      expect(samples.every((q) => !checker.collides(q))).toBe(true);
      expect(goalUnreachableForwards(checker, start, goal, R, step)).toBe(false);
    }), { seed: 37, numRuns: 300 });
  });

  test("a goal with its back to a wall is ruled out, and the search says unreachable at once; backing out of it, the mirrored car's search, finds nothing either", () => {
    // A 6 x 4 m room of 5 cm cells; a wall across it at x = 3 m. The goal faces away from the wall (east), its back 1 cm off it.
    const n = 120, h = 80, cost = new Uint8Array(n * h);
    for (let y = 0; y < h; y++) for (let x = 60; x < 62; x++) cost[y * n + x] = LETHAL;
    const costmap = makeCostmap(cost, { width: n, height: h, resolution: 0.05, rowOrder: 'bottom-up' });
    const checker = new FootprintChecker(costmap, Footprint.rectangle(0.6, 0.4));
    const goal = { x: 3.1 + 0.3 + 0.01, y: 2, theta: 0 }, start = { x: 5, y: 1, theta: Math.PI / 2 };
    expect(goalUnreachableForwards(checker, start, goal, 0.5, 0.025)).toBe(true);
    const r = hybridAStar(checker, start, goal, { minimumTurningRadius: 0.5 });
    expect(r).toMatchObject({ status: 'unreachable', expansions: 0 });
    // The rectangle turns about its middle, so driving backwards from the goal is driving forwards from it turned round.
    const mirrored = hybridAStar(checker, { ...goal, theta: Math.PI }, { ...start, theta: start.theta + Math.PI }, { minimumTurningRadius: 0.5 });
    expect(mirrored.status).toBe('unreachable');
    expect(mirrored.expansions).toBeGreaterThan(0);
    // With room to back up it is not ruled out, and the search finds the way.
    const roomy = { ...goal, x: goal.x + 1.2 };
    expect(goalUnreachableForwards(checker, start, roomy, 0.5, 0.025)).toBe(false);
    expect(hybridAStar(checker, start, roomy, { minimumTurningRadius: 0.5 }).status).toBe('found');
    // Reeds-Shepp backs out of it.
    expect(hybridAStar(checker, start, goal, { minimumTurningRadius: 0.5, motion: 'reeds-shepp' }).status).toBe('found');
  });

  test('the kinematic track\'s TurtleBot3 pair whose goal no forward drive reaches ends unreachable with no expansions (it used to run out of its budget)', () => {
    const map = parseRosMap(readFileSync('data/ros/tb3_sandbox.yaml', 'utf8'), gunzipSync(readFileSync('data/ros/tb3_sandbox.pgm.gz')), 'tb3_sandbox.yaml');
    const costmap = inflate(map, { inscribedRadius: 0.2, inflationRadius: 0.55, costScalingFactor: 3, unknown: 'free' });
    const checker = new FootprintChecker(costmap, Footprint.rectangle(0.6, 0.4));
    const start = { x: 8.015596057474617, y: -9.497208788990974, theta: 3.0320128641002895 };
    const goal = { x: -2.0848480239510527, y: 2.258097314834597, theta: 2.9338620884579445 };
    expect(hybridAStar(checker, start, goal, { minimumTurningRadius: 0.5, maxIterations: 20000 })).toMatchObject({ status: 'unreachable', expansions: 0 });
    // With reversing the same goal is reached.
    expect(hybridAStar(checker, start, goal, { minimumTurningRadius: 0.5, motion: 'reeds-shepp', maxIterations: 200000 }).status).toBe('found');
  });
});

describe('shrink', () => {
  test('moves every edge of a convex outline in by the margin: the corners lie that far inside, and so does every point kept', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.integer({ min: 3, max: 9 }), fc.double({ min: 0.001, max: 0.3, noNaN: true }), (seed, k, m) => {
      const u = mulberry32(seed);
      // A convex polygon: corners on an ellipse at sorted random angles.
      const a = 0.2 + u(), b = 0.2 + u(), angles = Array.from({ length: k }, () => 2 * Math.PI * u()).sort((x, y) => x - y);
      let f: Footprint;
      try { f = new Footprint(angles.map((t) => ({ x: a * Math.cos(t) + 0.1, y: b * Math.sin(t) - 0.05 }))); } catch { return; }
      const v = f.vertices, n = v.length;
      // The signed distance of a point inside the original outline to its nearest edge line (positive inside).
      const depth = (p: { x: number; y: number }) => Math.min(...v.map((q, i) => {
        const r = v[(i + 1) % n], len = Math.hypot(r.x - q.x, r.y - q.y);
        return ((r.x - q.x) * (p.y - q.y) - (r.y - q.y) * (p.x - q.x)) / len;
      }));
      const s = shrink(f, m);
      // Points of the original at least m deep: inside the shrunk outline (when there is one), and none when there is none.
      for (let i = 0; i < 400; i++) {
        const p = { x: 0.1 + (2 * u() - 1) * a, y: -0.05 + (2 * u() - 1) * b };
        if (depth(p) < m + 1e-4) continue;
        expect(s).not.toBeNull();
        const w = s!.vertices, inside = w.every((q, j) => { const r = w[(j + 1) % w.length]; return (r.x - q.x) * (p.y - q.y) - (r.y - q.y) * (p.x - q.x) >= -1e-12; });
        expect(inside).toBe(true);
      }
      if (s !== null) for (const q of s.vertices) expect(depth(q)).toBeGreaterThanOrEqual(m - 1e-9);
    }), { seed: 37, numRuns: 300 });
  });
});
