import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import {
  dubinsCurve, dubinsCurves, DUBINS_WORDS, reedsSheppCurve, reedsSheppCurves, REEDS_SHEPP_FAMILIES, sampleCurve, type Curve, type Pose,
} from '#bestfirst/kinematic';
import { cscLength, dubinsLength, reedsSheppLength, shortestReedsShepp } from '#bestfirst/internal';
import { DUBINS_REF, REEDS_SHEPP_REF, solveWord, type RefWord } from '../../support/kinematic-reference.js';

const TAU = 2 * Math.PI;
const angleGap = (a: number, b: number) => Math.abs((((a - b) % TAU) + TAU + Math.PI) % TAU - Math.PI);

const pose = fc.record({
  x: fc.double({ min: -5, max: 5, noNaN: true }),
  y: fc.double({ min: -5, max: 5, noNaN: true }),
  theta: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
});
const pair = fc.record({ from: pose, to: pose, radius: fc.double({ min: 0.3, max: 2, noNaN: true }) });
/**
 * Pairs drawn evenly from a seed (fast-check's doubles lean towards 0 and
 * the bounds): a goal on a word's boundary (the start itself, a length of
 * exactly 0) leaves a word's lengths free or puts its root on the edge of
 * the grid search's box, where Newton's method is weakest; those cases are
 * the known values below.
 */
const apart = fc.integer({ min: 1, max: 2147483646 }).map((seed) => {
  let s = seed;
  const u = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
  const p = (): Pose => ({ x: 10 * u() - 5, y: 10 * u() - 5, theta: TAU * u() - Math.PI });
  return { from: p(), to: p(), radius: 0.3 + 1.7 * u() };
});

/** The goal in the start's frame, in radii: written here with its own rotation. */
function unitGoal(from: Pose, to: Pose, r: number): [number, number, number] {
  const dx = to.x - from.x, dy = to.y - from.y;
  return [(Math.cos(-from.theta) * dx - Math.sin(-from.theta) * dy) / r, (Math.sin(-from.theta) * dx + Math.cos(-from.theta) * dy) / r, to.theta - from.theta];
}

/** Per word, the shortest solution the closed forms return against the numeric search's, and the overall shortest. */
function agreesWithNumbers(refs: RefWord[], all: Curve[], best: Curve, from: Pose, to: Pose, r: number): void {
  const [x, y, phi] = unitGoal(from, to, r);
  let overall = Infinity;
  for (const w of refs) {
    const numeric = Math.min(...solveWord(w, x, y, phi)) * r;
    const closed = Math.min(...all.filter((c) => c.word === w.name).map((c) => c.length));
    overall = Math.min(overall, numeric);
    if (numeric === Infinity) expect(closed, w.name).toBe(Infinity);
    else expect(Math.abs(closed - numeric) / numeric, `${w.name}: closed ${closed}, numeric ${numeric}`).toBeLessThanOrEqual(1e-6);
  }
  expect(Math.abs(best.length - overall) / overall).toBeLessThanOrEqual(1e-6);
}

describe('Dubins and Reeds-Shepp lengths against a numeric search over each word', () => {
  test('Dubins: every word, and the shortest', () => {
    fc.assert(fc.property(apart, ({ from, to, radius }) => {
      agreesWithNumbers(DUBINS_REF, dubinsCurves(from, to, radius), dubinsCurve(from, to, radius), from, to, radius);
    }), { seed: 1957, numRuns: 40 });
  });
  test('Reeds-Shepp: every one of the 48 words, and the shortest', () => {
    expect(REEDS_SHEPP_REF).toHaveLength(48);
    fc.assert(fc.property(apart, ({ from, to, radius }) => {
      agreesWithNumbers(REEDS_SHEPP_REF, reedsSheppCurves(from, to, radius), reedsSheppCurve(from, to, radius), from, to, radius);
    }), { seed: 1990, numRuns: 20 });
  });
});

describe('the curves themselves', () => {
  /** Each consecutive pair of samples: the curvature of the arc through them, 2 sin(|turn| / 2) / chord. */
  function maxCurvature(poses: Pose[]): number {
    let k = 0;
    for (let i = 1; i < poses.length; i++) {
      const chord = Math.hypot(poses[i].x - poses[i - 1].x, poses[i].y - poses[i - 1].y);
      // A chord of a micrometre or less says nothing about curvature that rounding would not swamp.
      if (chord < 1e-6) continue;
      k = Math.max(k, (2 * Math.sin(angleGap(poses[i].theta, poses[i - 1].theta) / 2)) / chord);
    }
    return k;
  }

  test('every curve returned ends on the goal (1e-9), bends no tighter than 1/R, and its cusps are its direction changes', () => {
    fc.assert(fc.property(pair, ({ from, to, radius }) => {
      for (const c of [...dubinsCurves(from, to, radius), ...reedsSheppCurves(from, to, radius)]) {
        const poses = sampleCurve(c, radius / 8);
        const end = poses[poses.length - 1];
        expect(Math.hypot(end.x - to.x, end.y - to.y)).toBeLessThanOrEqual(1e-9);
        expect(angleGap(end.theta, to.theta)).toBeLessThanOrEqual(1e-9);
        expect(poses[0]).toEqual({ x: from.x, y: from.y, theta: expect.closeTo(from.theta, 12) as number });
        expect(maxCurvature(poses)).toBeLessThanOrEqual((1 / radius) * (1 + 1e-9));
        // Samples are step apart at most, and add up (within a chord's shortfall) to the length.
        let walked = 0;
        for (let i = 1; i < poses.length; i++) {
          const d = Math.hypot(poses[i].x - poses[i - 1].x, poses[i].y - poses[i - 1].y);
          expect(d).toBeLessThanOrEqual(radius / 8 + 1e-12);
          walked += d;
        }
        expect(walked).toBeLessThanOrEqual(c.length + 1e-9);
        expect(walked).toBeGreaterThanOrEqual(c.length * Math.cos(1 / 16) - 1e-9);
        const signs = c.segments.filter((s) => s.length !== 0).map((s) => Math.sign(s.length));
        expect(c.cusps).toBe(signs.filter((s, i) => i > 0 && s !== signs[i - 1]).length);
        if (!c.word.includes('+') && !c.word.includes('-')) expect(c.segments.every((s) => s.length >= 0)).toBe(true);
      }
    }), { seed: 7, numRuns: 25 });
  });

  test('symmetries: a Reeds-Shepp path driven backwards, a Dubins path driven home, and mirror images, have the same length', () => {
    const turn = (p: Pose): Pose => ({ x: p.x, y: p.y, theta: p.theta + Math.PI });
    const mirror = (p: Pose): Pose => ({ x: p.x, y: -p.y, theta: -p.theta });
    fc.assert(fc.property(pair, ({ from, to, radius }) => {
      const rs = reedsSheppCurve(from, to, radius).length, d = dubinsCurve(from, to, radius).length;
      expect(reedsSheppCurve(to, from, radius).length).toBeCloseTo(rs, 9);
      expect(dubinsCurve(turn(to), turn(from), radius).length).toBeCloseTo(d, 9);
      expect(reedsSheppCurve(mirror(from), mirror(to), radius).length).toBeCloseTo(rs, 9);
      expect(dubinsCurve(mirror(from), mirror(to), radius).length).toBeCloseTo(d, 9);
      // Reversing is allowed, never a loss; and a straight line is the least any curve can be.
      expect(rs).toBeLessThanOrEqual(d + 1e-9);
      expect(rs).toBeGreaterThanOrEqual(Math.hypot(to.x - from.x, to.y - from.y) - 1e-9);
    }), { seed: 11, numRuns: 200 });
  });

  test('every family is the unique shortest for some pair, and every word a shortest: drop a family and some answer gets longer', () => {
    let s = 12345;
    const rnd = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
    const dubins = new Set<string>(), families = new Set<string>(), words = new Set<string>();
    /** The shortest curves (within rounding) of `all`. */
    const shortest = (all: Curve[]) => all.filter((c) => c.length - all[0].length < 1e-9);
    for (let i = 0; i < 15000; i++) {
      const to = { x: (rnd() - 0.5) * 6, y: (rnd() - 0.5) * 6, theta: (rnd() - 0.5) * TAU };
      const from = { x: 0, y: 0, theta: 0 };
      if (i < 3000) {
        const d = shortest(dubinsCurves(from, to, 1));
        if (d.every((c) => c.word === d[0].word)) dubins.add(d[0].word);
      }
      // A C|C|C path always ties with another C|C|C word of the same length, so uniqueness is asked of the family.
      const rs = shortest(reedsSheppCurves(from, to, 1));
      if (rs.every((c) => c.family === rs[0].family)) families.add(rs[0].family);
      for (const c of rs) words.add(c.word);
    }
    expect([...dubins].sort()).toEqual([...DUBINS_WORDS].sort());
    expect([...families].sort()).toEqual(Object.keys(REEDS_SHEPP_FAMILIES).sort());
    expect([...words].sort()).toEqual(REEDS_SHEPP_REF.map((w) => w.name).sort());
  });

  test('known values: a sideways step, a turn on the spot, straight ahead', () => {
    const o = { x: 0, y: 0, theta: 0 };
    expect(reedsSheppCurve(o, { x: 3, y: 0, theta: 0 }, 1)).toMatchObject({ length: 3, cusps: 0 });
    expect(reedsSheppCurve(o, o, 1).length).toBe(0);
    expect(dubinsCurve(o, { x: 0, y: 0, theta: -5e-324 }, 1).length).toBe(0);
    expect(dubinsCurve(o, { x: 3, y: 0, theta: 0 }, 1).length).toBeCloseTo(3, 12);
    // A quarter circle to the left.
    expect(dubinsCurve(o, { x: 1, y: 1, theta: Math.PI / 2 }, 1).length).toBeCloseTo(Math.PI / 2, 12);
    // Straight behind: one reverse segment for Reeds-Shepp, a loop for Dubins.
    expect(reedsSheppCurve(o, { x: -2, y: 0, theta: 0 }, 1)).toMatchObject({ length: 2, word: expect.stringMatching(/-/) as string });
    expect(dubinsCurve(o, { x: -2, y: 0, theta: 0 }, 1).length).toBeGreaterThan(2 * Math.PI);
    // Radius scales every length.
    expect(reedsSheppCurve(o, { x: 0, y: 2, theta: 0 }, 2).length).toBeCloseTo(2 * reedsSheppCurve(o, { x: 0, y: 1, theta: 0 }, 1).length, 12);
  });

  test("the planner's lengths: dubinsLength, reedsSheppLength and shortestReedsShepp's curve are the shortest curve's length, cscLength never below either (and the Dubins length when a CSC word is the shortest)", () => {
    fc.assert(fc.property(apart, ({ from, to, radius }) => {
      const d = dubinsCurve(from, to, radius).length, rs = reedsSheppCurve(from, to, radius).length;
      expect(Math.abs(dubinsLength(from, to, radius) - d)).toBeLessThanOrEqual(1e-12 * Math.max(1, d));
      expect(Math.abs(reedsSheppLength(from, to, radius) - rs)).toBeLessThanOrEqual(1e-12 * Math.max(1, rs));
      const c = shortestReedsShepp(from, to, radius);
      expect(Math.abs(c.length - rs)).toBeLessThanOrEqual(1e-12 * Math.max(1, rs));
      expect(reedsSheppCurves(from, to, radius).some((k) => k.word === c.word && Math.abs(k.length - c.length) <= 1e-12 * Math.max(1, rs))).toBe(true);
      expect(cscLength(from, to, radius)).toBeGreaterThanOrEqual(d * (1 - 1e-12));
      if (dubinsCurve(from, to, radius).family === 'CSC') expect(Math.abs(cscLength(from, to, radius) - d)).toBeLessThanOrEqual(1e-9 * Math.max(1, d));
    }), { seed: 32, numRuns: 400 });
    // The start itself, and a goal straight ahead: lengths 0 and 1 for every family.
    const o = { x: 0, y: 0, theta: 0 }, ahead = { x: 1, y: 0, theta: 0 };
    expect([dubinsLength(o, o, 1), reedsSheppLength(o, o, 1), cscLength(o, o, 1)]).toEqual([0, 0, 0]);
    expect([dubinsLength(o, ahead, 1), reedsSheppLength(o, ahead, 1), cscLength(o, ahead, 1)].map((x) => x.toFixed(12))).toEqual(['1.000000000000', '1.000000000000', '1.000000000000']);
  });

  test('bad input is an InputError naming what is wrong', () => {
    const o = { x: 0, y: 0, theta: 0 };
    for (const f of [dubinsCurve, dubinsCurves, reedsSheppCurve, reedsSheppCurves]) {
      expect(() => f(o, o, 0)).toThrow(InputError);
      expect(() => f(o, o, -1)).toThrow(/radius must be a finite number of metres > 0/);
      expect(() => f(o, o, Number.NaN)).toThrow(/radius/);
      expect(() => f({ x: 0, y: 0 } as Pose, o, 1)).toThrow(/from must be a pose/);
      expect(() => f(o, { x: 0, y: Infinity, theta: 0 }, 1)).toThrow(/to must be a pose/);
    }
    const c = reedsSheppCurve(o, { x: 1, y: 1, theta: 1 }, 1);
    expect(() => sampleCurve(c, 0)).toThrow(/step must be a finite number of metres > 0/);
    expect(() => sampleCurve({} as Curve, 1)).toThrow(/curve must be a Curve/);
  });
});
