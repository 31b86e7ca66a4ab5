import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, Grid, InputError, octile } from '#bestfirst';
import { inflate, LETHAL, makeCostmap, type Costmap } from '#bestfirst/costmap';
import { parseRosMap } from '#bestfirst/io';
import { Footprint } from '#bestfirst/cspace';
import { checkKinematicPath, dubinsCurve, FootprintChecker, hybridAStar, reedsSheppCurve, type HybridAStarResult, type Pose } from '#bestfirst/kinematic';
import { scene } from '../../support/kinematic-scenes.js';

const cart = (m: Costmap) => new FootprintChecker(m, Footprint.rectangle(0.3, 0.2));

/** A path found at R = 0.4 m passes checkKinematicPath (the footprint all along it), has the cusps and length said, and runs from the start to the goal. */
function expectSound(r: HybridAStarResult, checker: FootprintChecker, start: Pose, goal: Pose, motion: 'dubins' | 'reeds-shepp'): void {
  const path = r.path as Pose[];
  const verdict = checkKinematicPath(path, { radius: 0.4, checker, tolerance: 1e-7 });
  expect(verdict.violation).toBeNull();
  expect(verdict.cusps).toBe(r.cusps);
  expect(verdict.length).toBeCloseTo(r.length, 6);
  if (motion === 'dubins') expect(r.cusps).toBe(0);
  expect(path[0]).toMatchObject({ x: start.x, y: start.y });
  expect(Math.hypot(path[path.length - 1].x - goal.x, path[path.length - 1].y - goal.y)).toBeLessThan(1e-9);
}

describe('hybridAStar', () => {
  test('on seeded random maps, every path it returns passes checkKinematicPath and ends on the goal', () => {
    let found = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 2147483646 }), fc.constantFrom('dubins', 'reeds-shepp' as const), (seed, motion) => {
      const { checker, start, goal } = scene(seed, 40, 6, cart);
      const r = hybridAStar(checker, start, goal, { motion, minimumTurningRadius: 0.4, maxIterations: 20000 });
      if (r.status !== 'found') return;
      found++;
      expectSound(r, checker, start, goal, motion);
    }), { seed: 32, numRuns: 24 });
    expect(found).toBeGreaterThan(8);
  });

  test('on an empty map its length is within 5% of the exact curve', () => {
    const m = makeCostmap(new Uint8Array(100 * 100), { width: 100, height: 100, resolution: 0.1, rowOrder: 'bottom-up' });
    const checker = new FootprintChecker(m, Footprint.rectangle(0.3, 0.2));
    let s = 5;
    const u = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
    for (let i = 0; i < 12; i++) {
      const p = (): Pose => ({ x: 3 + 4 * u(), y: 3 + 4 * u(), theta: 2 * Math.PI * u() - Math.PI });
      const a = p(), b = p();
      for (const motion of ['dubins', 'reeds-shepp'] as const) {
        const exact = (motion === 'dubins' ? dubinsCurve : reedsSheppCurve)(a, b, 0.5).length;
        const r = hybridAStar(checker, a, b, { motion, minimumTurningRadius: 0.5 });
        expect(r.status).toBe('found');
        expect(r.length / exact).toBeLessThanOrEqual(1.05);
        expect(r.length / exact).toBeGreaterThanOrEqual(1 - 1e-9);
      }
    }
  });

  test('a point robot with a tiny radius is never shorter than the 8-connected optimum / (octile stretch) less a diagonal', () => {
    // Any-angle motion can beat an 8-connected path by the octile stretch, up to 1.0824 (22.5 degrees): the bound allows that and one cell's diagonal at the ends.
    const stretch = 1 / Math.cos(Math.PI / 8) * (Math.cos(Math.PI / 8) + (Math.SQRT2 - 1) * Math.sin(Math.PI / 8));
    for (let seed = 1; seed <= 10; seed++) {
      const { costmap, checker, start, goal } = scene(seed * 7919, 30, 8, (m) => new FootprintChecker(m, 0.001));
      const r = hybridAStar(checker, start, goal, { motion: 'reeds-shepp', minimumTurningRadius: 0.01, maxIterations: 50000, reversePenalty: 1, nonStraightPenalty: 1, costPenalty: 0 });
      if (r.status !== 'found') continue;
      const n = 30, cells = Uint8Array.from(costmap.cost, (c) => (c >= LETHAL ? 1 : 0));
      const flipped = new Uint8Array(n * n);
      for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) flipped[(n - 1 - y) * n + x] = cells[y * n + x];
      const grid = new Grid(n, n, flipped, { connectivity: 8, diagonalRule: 'always', cellSize: 0.1 });
      const id = (p: Pose) => (n - 1 - Math.floor(p.y / 0.1)) * n + Math.floor(p.x / 0.1);
      const best = astar(grid, id(start), id(goal), octile(grid));
      expect(best.status).toBe('found');
      expect(r.length).toBeGreaterThanOrEqual(best.cost / stretch - Math.SQRT2 * 0.1 - 1e-9);
    }
  });

  test('budgets end in a status, and Nav2-named options are checked', () => {
    const { checker, start, goal } = scene(99, 40, 10, cart);
    const r = hybridAStar(checker, start, goal, { maxIterations: 0 });
    expect(r).toMatchObject({ status: 'stopped', reason: 'max-expansions', path: null });
    expect(hybridAStar(checker, start, goal, { limits: { maxExpansions: 0 } }).reason).toBe('max-expansions');
    expect(hybridAStar(checker, start, goal, { maxPlanningTime: 0 }).reason).toBe('max-millis');
    const ac = new AbortController(); ac.abort();
    expect(hybridAStar(checker, start, goal, { limits: { signal: ac.signal } }).reason).toBe('aborted');
    expect(() => hybridAStar(checker, start, goal, { minimumTurningRadius: 0 })).toThrow(/minimumTurningRadius must be a finite number of metres > 0/);
    expect(() => hybridAStar(checker, start, goal, { angleQuantizationBins: 7.5 })).toThrow(/angleQuantizationBins/);
    expect(() => hybridAStar(checker, start, goal, { motion: 'DUBIN' as 'dubins' })).toThrow(/motion must be 'dubins' or 'reeds-shepp'/);
    expect(() => hybridAStar(checker, start, goal, { reverse_penalty: 2 } as object)).toThrow(/unknown option "reverse_penalty"/);
    expect(() => hybridAStar(checker, start, goal, { retrospectivePenalty: 1.5 })).toThrow(/retrospectivePenalty must be a number 0\.\.1/);
    expect(() => hybridAStar(checker, start, goal, { downsampleObstacleHeuristic: 'yes' as unknown as boolean })).toThrow(/downsampleObstacleHeuristic must be true or false/);
    expect(() => hybridAStar(checker, start, goal, { downsampleCostmap: 1 as unknown as boolean })).toThrow(/downsampleCostmap must be true or false/);
    expect(() => hybridAStar(checker, start, goal, { downsampleCostmap: true, downsamplingFactor: 1.5 })).toThrow(/downsamplingFactor must be a whole number 1\.\.64/);
    expect(() => hybridAStar({} as FootprintChecker, start, goal)).toThrow(InputError);
  });

  test('a budget stops a long query as a status, and the clock and the signal are read every few pops, not every 1024 expansions', () => {
    // 40 x 40 cells of 0.1 m, the goal shut in a box of lethal walls: every reachable state must be expanded.
    const n = 40, cost = new Uint8Array(n * n);
    for (let i = 26; i <= 36; i++) for (const [x, y] of [[i, 26], [i, 36], [26, i], [36, i]]) cost[y * n + x] = LETHAL;
    const checker = cart(makeCostmap(cost, { width: n, height: n, resolution: 0.1, rowOrder: 'bottom-up' }));
    const start = { x: 1, y: 1, theta: 0 }, goal = { x: 3.1, y: 3.1, theta: 0 };
    const options = { minimumTurningRadius: 0.4, angleQuantizationBins: 16, maxPlanningTime: Infinity } as const;
    const all = hybridAStar(checker, start, goal, options);
    expect(all.status).toBe('unreachable');
    expect(all.expansions).toBeGreaterThan(4 * 1024);
    // The search from the goal's end gives up before its first expansion (no 2-D way out of the box); that proves nothing
    // for the search from the start, which goes on alone and expands the same poses as before.
    expect(hybridAStar(checker, start, goal, { ...options, backwardAfter: 0 })).toMatchObject({ status: 'unreachable', expansions: all.expansions });
    expect(hybridAStar(checker, start, goal, { ...options, maxPlanningTime: 0.001 })).toMatchObject({ status: 'stopped', reason: 'max-millis' });
    expect(hybridAStar(checker, start, goal, { ...options, limits: { maxMillis: 1 } })).toMatchObject({ status: 'stopped', reason: 'max-millis' });
    // A signal that turns aborted at its fourth reading: how far the search got tells how often it looks.
    let reads = 0;
    const signal = { get aborted() { return ++reads > 3; }, addEventListener() {} };
    const r = hybridAStar(checker, start, goal, { ...options, limits: { signal } });
    expect(r).toMatchObject({ status: 'stopped', reason: 'aborted' });
    expect(r.expansions).toBeLessThan(1024);
  });

  test('retrospectivePenalty changes the order of the search, never whether its path is sound', () => {
    // A wall between the poses, so the search, not the first exact curve, finds the way.
    const cost = new Uint8Array(100 * 100);
    for (let y = 20; y < 80; y++) for (let x = 48; x < 52; x++) cost[y * 100 + x] = LETHAL;
    const walled = cart(makeCostmap(cost, { width: 100, height: 100, resolution: 0.1, rowOrder: 'bottom-up' }));
    const a = { x: 3, y: 5, theta: 0 }, b = { x: 7, y: 5, theta: 0 };
    const counts = new Set<number>();
    for (const retrospectivePenalty of [0, 0.015, 0.5, 1]) {
      const r = hybridAStar(walled, a, b, { retrospectivePenalty, minimumTurningRadius: 0.5 });
      expect(r.status).toBe('found');
      expect(checkKinematicPath(r.path as Pose[], { radius: 0.5, checker: walled }).ok).toBe(true);
      counts.add(r.expansions);
    }
    expect(counts.size).toBeGreaterThan(1);
  });

  test('greedyAfter: a query solved sooner is untouched; from then on the order is g + greedyWeight h, and its paths pass the check', () => {
    let greedier = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 2147483646 }), fc.constantFrom('dubins', 'reeds-shepp' as const), (seed, motion) => {
      const { checker, start, goal } = scene(seed, 40, 8, cart);
      const options = { motion, minimumTurningRadius: 0.4, maxIterations: 20000 };
      // The default switches at 50,000 expansions, past this budget: the same search as Nav2's order throughout.
      const nav2 = hybridAStar(checker, start, goal, { ...options, greedyAfter: Infinity });
      expect(hybridAStar(checker, start, goal, options)).toEqual(nav2);
      expect(hybridAStar(checker, start, goal, { ...options, greedyWeight: 1, greedyAfter: 10 })).toEqual(nav2);
      // Switched early, it searches in another order and still returns only paths that pass the check.
      const r = hybridAStar(checker, start, goal, { ...options, greedyAfter: 50, greedyWeight: 2 });
      if (nav2.expansions > 50 && r.expansions !== nav2.expansions) greedier++;
      if (r.status !== 'found') return;
      expect(checkKinematicPath(r.path as Pose[], { radius: 0.4, checker, tolerance: 1e-7 }).violation).toBeNull();
      expect(Math.hypot(r.path![r.path!.length - 1].x - goal.x, r.path![r.path!.length - 1].y - goal.y)).toBeLessThan(1e-9);
    }), { seed: 37, numRuns: 30 });
    expect(greedier).toBeGreaterThan(5);
    const { checker, start, goal } = scene(99, 40, 10, cart);
    expect(() => hybridAStar(checker, start, goal, { greedyAfter: -1 })).toThrow(/greedyAfter must be a number of expansions >= 0/);
    expect(() => hybridAStar(checker, start, goal, { greedyWeight: 0.5 })).toThrow(/greedyWeight must be a finite number >= 1/);
  });

  test("the kinematic track's TurtleBot3 pair 28, a goal facing away under a wall: 208,193 expansions in Nav2's order; within 150,000 greedier, within 12,000 with the search from the goal", () => {
    const map = parseRosMap(readFileSync('data/ros/tb3_sandbox.yaml', 'utf8'), gunzipSync(readFileSync('data/ros/tb3_sandbox.pgm.gz')), 'tb3_sandbox.yaml');
    const checker = new FootprintChecker(inflate(map, { inscribedRadius: 0.2, inflationRadius: 0.55, costScalingFactor: 3, unknown: 'free' }), Footprint.rectangle(0.6, 0.4));
    const start = { x: 6.543866120278839, y: -5.870434267818927, theta: 1.5282471715946513 }, goal = { x: -1.081358239054678, y: -3.3330627024173722, theta: -1.4183117993851286 };
    const options = { minimumTurningRadius: 0.5, maxIterations: 150000, maxPlanningTime: Infinity };
    expect(hybridAStar(checker, start, goal, { ...options, greedyAfter: Infinity, backwardAfter: Infinity })).toMatchObject({ status: 'stopped', reason: 'max-expansions' });
    const greedy = hybridAStar(checker, start, goal, { ...options, backwardAfter: Infinity });
    expect(greedy).toMatchObject({ status: 'found', foundFrom: 'start' });
    expect(checkKinematicPath(greedy.path as Pose[], { radius: 0.5, checker, tolerance: 1e-7 }).violation).toBeNull();
    // By default the search from the goal joins in after 10,000 expansions: from that end the goal is in the open.
    const r = hybridAStar(checker, start, goal, { ...options, greedyAfter: Infinity });
    expect(r).toMatchObject({ status: 'found', foundFrom: 'goal', analytic: null });
    expect(r.expansions).toBeGreaterThan(10000);
    expect(r.expansions).toBeLessThan(12000);
    expect(checkKinematicPath(r.path as Pose[], { radius: 0.5, checker, tolerance: 1e-7 }).violation).toBeNull();
    expect(r.path![0]).toEqual({ x: start.x, y: start.y, theta: start.theta });
    const end = r.path![r.path!.length - 1];
    expect(Math.hypot(end.x - goal.x, end.y - goal.y)).toBeLessThan(1e-9);
    expect(Math.abs(Math.sin(end.theta - goal.theta))).toBeLessThan(1e-9);
  });

  test('backwardAfter: with the two searches taking turns from the first expansion, every path is sound for a robot that is not symmetric, and no query the search from the start solves is lost', () => {
    // The reference point 0.05 m from the front: read backwards with the outline not turned round, paths would scrape walls.
    const robot = (m: Costmap) => new FootprintChecker(m, Footprint.rectangle(0.3, 0.2, 0.25));
    let fromGoal = 0, found = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 2147483646 }), fc.constantFrom('dubins', 'reeds-shepp' as const), (seed, motion) => {
      const { checker, start, goal } = scene(seed, 40, 9, robot);
      const options = { motion, minimumTurningRadius: 0.4, maxIterations: 20000, maxPlanningTime: Infinity, smooth: false };
      const alone = hybridAStar(checker, start, goal, { ...options, backwardAfter: Infinity });
      const r = hybridAStar(checker, start, goal, { ...options, backwardAfter: 0 });
      expect(r.expansions).toBeLessThanOrEqual(20000);
      if (alone.status === 'found') expect(r.status).toBe('found');
      // Only the search from the start says unreachable: the search from the goal running out of poses proves nothing.
      if (r.status === 'unreachable') expect(alone.status).toBe('unreachable');
      if (r.status === 'stopped') expect(r).toMatchObject({ reason: 'max-expansions', expansions: 20000 });
      if (r.status !== 'found') return;
      found++;
      if (r.foundFrom === 'goal') fromGoal++;
      expectSound(r, checker, start, goal, motion);
    }), { seed: 41, numRuns: 40 });
    expect(found).toBeGreaterThan(15);
    expect(fromGoal).toBeGreaterThan(3);
    const { checker, start, goal } = scene(99, 40, 10, cart);
    expect(() => hybridAStar(checker, start, goal, { backwardAfter: -1 })).toThrow(/backwardAfter must be a number of expansions >= 0/);
  });

  test('downsampleCostmap searches on coarser cells: its paths still pass the check with the footprint on the costmap itself', () => {
    let found = 0, differ = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { checker, start, goal } = scene(seed * 7907, 40, 6, cart);
      for (const motion of ['dubins', 'reeds-shepp'] as const) {
        const options = { motion, minimumTurningRadius: 0.4, maxIterations: 20000 };
        const fine = hybridAStar(checker, start, goal, options);
        // Nav2 reads downsampling_factor only with downsample_costmap on.
        expect(hybridAStar(checker, start, goal, { ...options, downsamplingFactor: 3 }).expansions).toBe(fine.expansions);
        for (const downsamplingFactor of [2, 3]) {
          const r = hybridAStar(checker, start, goal, { ...options, downsampleCostmap: true, downsamplingFactor });
          if (r.expansions !== fine.expansions) differ++;
          if (r.status !== 'found') continue;
          found++;
          const path = r.path as Pose[];
          expect(checkKinematicPath(path, { radius: 0.4, checker, tolerance: 1e-7 }).violation).toBeNull();
          expect(Math.hypot(path[path.length - 1].x - goal.x, path[path.length - 1].y - goal.y)).toBeLessThan(1e-9);
        }
      }
    }
    expect(found).toBeGreaterThan(12);
    expect(differ).toBeGreaterThan(12);
  });

  test('checkKinematicPath names the first violation', () => {
    const o = { x: 0, y: 0, theta: 0 };
    expect(checkKinematicPath([o, { x: 1, y: 0, theta: 0 }], { radius: 1 })).toMatchObject({ ok: true, cusps: 0, length: 1 });
    expect(checkKinematicPath([o, { x: 1, y: 0, theta: 0 }, { x: 0.5, y: 0, theta: 0 }], { radius: 1 })).toMatchObject({ ok: true, cusps: 1 });
    expect(checkKinematicPath([o, { x: 0, y: 0, theta: 1 }], { radius: 1 }).violation?.kind).toBe('curvature');
    expect(checkKinematicPath([o, { x: 1, y: 1, theta: Math.PI / 2 }], { radius: 1 }).ok).toBe(true);
    expect(checkKinematicPath([o, { x: 0.5, y: 0.5, theta: Math.PI / 2 }], { radius: 1 }).violation?.kind).toBe('curvature');
    expect(checkKinematicPath([o, { x: 1, y: 0, theta: 0.3 }], { radius: 1 }).violation).toMatchObject({ kind: 'heading', index: 0 });
    const cost = new Uint8Array(100);
    cost[5 * 10 + 5] = LETHAL;
    const checker = new FootprintChecker(makeCostmap(cost, { width: 10, height: 10, resolution: 0.1, rowOrder: 'bottom-up' }), 0.02);
    expect(checkKinematicPath([{ x: 0.2, y: 0.55, theta: 0 }, { x: 0.8, y: 0.55, theta: 0 }], { radius: 1, checker }).violation?.kind).toBe('collision');
    expect(() => checkKinematicPath([], { radius: 1 })).toThrow(/non-empty array/);
    expect(() => checkKinematicPath([o], { radius: 0 })).toThrow(/radius/);
    expect(() => checkKinematicPath([o], { radius: 1, tolerance: -1 })).toThrow(/tolerance/);
  });
});
