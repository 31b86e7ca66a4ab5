import { InputError, show } from '../core/errors.js';
import { checkPose, type Pose } from '../cspace/footprint.js';

/**
 * Curves of bounded curvature, the pieces Dubins and Reeds-Shepp paths are
 * made of: arcs of the minimum turning radius (`L` turning left, `R` turning
 * right) and straight lines (`S`). A segment's length is signed: negative
 * is driven in reverse (the car points the same way, and moves backwards).
 * Poses are `{ x, y, theta }` as `bestfirst/cspace` has them: metres, and
 * radians counter-clockwise from east.
 */

/** How the wheels are turned along a segment: hard left, hard right or straight. */
export type Steer = 'L' | 'R' | 'S';

/** One piece of a curve: its steering and its signed length (metres; negative is driven in reverse). */
export interface CurveSegment {
  /** `L` (an arc turning left), `R` (right) or `S` (straight). */
  readonly steer: Steer;
  /** Metres along the segment; negative when the robot drives it backwards. */
  readonly length: number;
}

/**
 * A curve from one pose to another: the word it belongs to (`LSL` for
 * Dubins, `L+S-R+` style for Reeds-Shepp, a sign per segment), its segments
 * and their total length.
 */
export interface Curve {
  /** The word: the segments' steering letters (and, for Reeds-Shepp, each one's direction `+` or `-`). */
  readonly word: string;
  /** The family of the word (`CSC`, `C|C|C`, ...): the table the word comes from. */
  readonly family: string;
  /** The segments, in driving order. Zero-length segments are kept, so a word always has its letters. */
  readonly segments: readonly CurveSegment[];
  /** The sum of the segments' absolute lengths, metres. */
  readonly length: number;
  /** The turning radius of the arcs, metres. */
  readonly radius: number;
  /** How many times the direction of travel changes (reverse to forward or back) between segments of nonzero length. */
  readonly cusps: number;
  /** The pose the curve starts at. */
  readonly from: Pose;
  /** The pose it ends at (the goal it was asked for). */
  readonly to: Pose;
}

const TWO_PI = 2 * Math.PI;

/** `a` wrapped into [0, 2 pi). */
export function mod2pi(a: number): number {
  const r = a % TWO_PI;
  return r < 0 ? r + TWO_PI : r;
}

/**
 * A forward arc of heading change `a`, in [0, 2 pi). A change a hair below
 * a whole turn (rounding of a change that is 0) is 0: the curve's end is
 * checked to 1e-7, and a nearly full circle would be a loop driven for
 * nothing, between two poses that differ by rounding alone.
 */
export function arcForward(a: number): number {
  const r = mod2pi(a);
  return TWO_PI - r < 1e-10 ? 0 : r;
}

/** A backward arc of heading change `a`, in (-2 pi, 0]: `arcForward`'s mirror. */
export function arcBackward(a: number): number {
  return -arcForward(-a);
}

/** `a` wrapped into (-pi, pi]: the heading a pose reports. */
export function wrapAngle(a: number): number {
  const r = mod2pi(a);
  return r > Math.PI ? r - TWO_PI : r;
}

/**
 * The pose after driving `length` metres (signed) with steering `steer` on a
 * circle of `radius` from (x, y, theta). Exact: the arc is integrated in
 * closed form, and a negative length runs the same formula backwards.
 */
export function drive(x: number, y: number, theta: number, steer: Steer, length: number, radius: number): Pose {
  if (steer === 'S') return { x: x + length * Math.cos(theta), y: y + length * Math.sin(theta), theta };
  // Turning left the centre is on the left (theta + pi/2) and the heading grows; right, the mirror image.
  const side = steer === 'L' ? 1 : -1;
  const end = theta + (side * length) / radius;
  return {
    x: x + side * radius * (Math.sin(end) - Math.sin(theta)),
    y: y - side * radius * (Math.cos(end) - Math.cos(theta)),
    theta: end,
  };
}

/** The direction changes along `segments`: sign flips between consecutive segments of nonzero length. */
export function countCusps(segments: readonly CurveSegment[]): number {
  let cusps = 0, last = 0;
  for (const s of segments) {
    const sign = Math.sign(s.length);
    if (sign === 0) continue;
    if (last !== 0 && sign !== last) cusps++;
    last = sign;
  }
  return cusps;
}

/** The pose at the end of `segments` driven from `from` (heading wrapped into (-pi, pi]). */
export function curveEnd(from: Pose, segments: readonly CurveSegment[], radius: number): Pose {
  let p: Pose = from;
  for (const s of segments) p = drive(p.x, p.y, p.theta, s.steer, s.length, radius);
  return { x: p.x, y: p.y, theta: wrapAngle(p.theta) };
}

/**
 * The most poses `sampleCurve` returns: a million poses a few centimetres
 * apart are tens of kilometres of path, and a step far too small for the
 * curve (or a curve far too long for the step) would otherwise fill memory.
 */
export const MAX_CURVE_SAMPLES = 1_000_000;

/**
 * Drives `segments` from `from` at turning radius `radius`, calling
 * `visit(x, y, theta)` every `step` metres at most (each segment cut into
 * equal pieces, its end among them; `from` itself is not visited) until
 * `visit` returns true. Returns whether it did: a collision test stops at
 * the first pose that hits, however long the curve.
 */
export function walkSegments(from: Pose, segments: readonly CurveSegment[], radius: number, step: number, visit: (x: number, y: number, theta: number) => boolean): boolean {
  let p: Pose = from;
  for (const s of segments) {
    if (s.length === 0) continue;
    const pieces = Math.max(1, Math.ceil(Math.abs(s.length) / step));
    for (let i = 1; i <= pieces; i++) {
      const q = drive(p.x, p.y, p.theta, s.steer, (s.length * i) / pieces, radius);
      if (visit(q.x, q.y, q.theta)) return true;
    }
    p = drive(p.x, p.y, p.theta, s.steer, s.length, radius);
  }
  return false;
}

/**
 * Poses along `curve`, `step` metres apart at most: each segment is cut into
 * equal pieces no longer than `step`, so every segment's ends (the cusps
 * among them) are among the poses. The first is `curve.from`, the last the
 * curve's end; headings are wrapped into (-pi, pi]. More than
 * `MAX_CURVE_SAMPLES` poses is an `InputError`.
 */
export function sampleCurve(curve: Curve, step: number): Pose[] {
  checkCurve(curve, 'sampleCurve');
  if (typeof step !== 'number' || !Number.isFinite(step) || step <= 0) throw new InputError(`sampleCurve: step must be a finite number of metres > 0, got ${show(step)}`);
  let count = 1;
  for (const s of curve.segments) count += Math.ceil(Math.abs(s.length) / step);
  if (!(count <= MAX_CURVE_SAMPLES)) {
    throw new InputError(`sampleCurve: step ${step} m cuts a curve of ${curve.length} m into more than ${MAX_CURVE_SAMPLES} poses; take a longer step`);
  }
  const out: Pose[] = [{ x: curve.from.x, y: curve.from.y, theta: wrapAngle(curve.from.theta) }];
  walkSegments(curve.from, curve.segments, curve.radius, step, (x, y, theta) => { out.push({ x, y, theta: wrapAngle(theta) }); return false; });
  return out;
}

/** Throws unless `radius` is a finite number of metres > 0; `who` names the caller. */
export function checkRadius(radius: unknown, who: string): number {
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius <= 0) {
    throw new InputError(`${who}: radius must be a finite number of metres > 0 (the minimum turning radius), got ${show(radius)}`);
  }
  return radius;
}

function checkCurve(curve: unknown, who: string): void {
  const c = curve as Partial<Curve> | null;
  if (c === null || typeof c !== 'object' || !Array.isArray(c.segments) || typeof c.radius !== 'number' || !(c.radius > 0) || !Number.isFinite(c.radius)) {
    throw new InputError(`${who}: curve must be a Curve (from dubinsCurve or reedsSheppCurve), got ${show(curve)}`);
  }
  // A loop, not every(): every() skips the holes of a sparse array.
  for (let i = 0; i < c.segments.length; i++) {
    const s = c.segments[i] as Partial<CurveSegment> | null | undefined;
    if (s === null || typeof s !== 'object' || (s.steer !== 'L' && s.steer !== 'R' && s.steer !== 'S') || typeof s.length !== 'number' || !Number.isFinite(s.length)) {
      throw new InputError(`${who}: curve.segments[${i}] must be a segment { steer: 'L' | 'R' | 'S', length } with a finite length, got ${show(s)}`);
    }
  }
  checkPose(c.from, `${who}: curve.from`);
}

/**
 * The goal `to` seen from `from`, in units of the radius: x ahead, y to the
 * left, phi the heading change. Both curve families solve their words in
 * this frame, for a start at the origin facing +x and a unit radius.
 */
export function localGoal(from: Pose, to: Pose, radius: number): [number, number, number] {
  const dx = to.x - from.x, dy = to.y - from.y, c = Math.cos(from.theta), s = Math.sin(from.theta);
  return [(dx * c + dy * s) / radius, (-dx * s + dy * c) / radius, to.theta - from.theta];
}

/** A solved word in the unit frame: its letters, its signed unit lengths. */
export interface UnitWord {
  readonly steers: readonly Steer[];
  /** The direction the word drives each segment in, +1 or -1 (a zero length keeps its word's sign). */
  readonly dirs: readonly number[];
  readonly lengths: readonly number[];
  readonly family: string;
}

/**
 * The curves of `words` from `from` to `to`, scaled by `radius`, shortest
 * first (stable: ties keep the order the words were listed in). Each one's
 * end is driven out and compared with the goal; a solution that misses it
 * is dropped. The closed forms choose angles modulo 2 pi and branches of
 * square roots, and checking where a curve really ends is simpler and
 * surer than arguing every choice right.
 */
export function toCurves(words: readonly UnitWord[], from: Pose, to: Pose, radius: number, signed: boolean): Curve[] {
  const out: Curve[] = [];
  for (const w of words) {
    const segments = reaching(w, from, to, radius);
    if (segments === null) continue;
    const word = w.steers.map((st, i) => (signed ? st + (w.dirs[i] < 0 ? '-' : '+') : st)).join('');
    let length = 0;
    for (const s of segments) length += Math.abs(s.length);
    out.push(Object.freeze({
      word, family: w.family, segments: Object.freeze(segments), length, radius, cusps: countCusps(segments),
      from: Object.freeze({ x: from.x, y: from.y, theta: from.theta }), to: Object.freeze({ x: to.x, y: to.y, theta: to.theta }),
    }));
  }
  // Array#sort is stable, so equal lengths keep the words' order.
  return out.sort((a, b) => a.length - b.length);
}

/**
 * The segments of `w` scaled by `radius` when they drive from `from` to
 * `to` (within 1e-7 of a radius, relative to the distance), else null.
 */
function reaching(w: UnitWord, from: Pose, to: Pose, radius: number): CurveSegment[] | null {
  // A length whose sign is not its word's is a different word's solution (or none): the word's own constraints.
  if (!w.lengths.every((l, i) => Number.isFinite(l) && l * w.dirs[i] >= -1e-12)) return null;
  // A rounding-error length of the wrong sign is a zero of the word's own sign.
  const segments = w.steers.map((steer, i) => Object.freeze({ steer, length: w.dirs[i] * Math.abs(w.lengths[i]) * radius }));
  const end = curveEnd(from, segments, radius);
  const miss = Math.hypot(end.x - to.x, end.y - to.y) / radius + Math.abs(wrapAngle(end.theta - to.theta));
  return miss > 1e-7 * Math.max(1, Math.hypot(to.x - from.x, to.y - from.y) / radius) ? null : segments;
}

/**
 * The length of the shortest curve of `words` from `from` to `to`, the
 * first of `toCurves` without building any curve: the words in order of
 * their length, each driven out until one reaches the goal (the search's
 * heuristic asks this at every node, and rarely needs a second word).
 * Infinity when none does. Nothing is checked: the caller has.
 */
export function shortestLength(words: readonly UnitWord[], from: Pose, to: Pose, radius: number): number {
  const lengths = new Float64Array(words.length);
  for (let i = 0; i < words.length; i++) {
    let sum = 0;
    for (const l of words[i].lengths) sum += Math.abs(l);
    // A length that is not finite fails `reaching` anyway: never tried.
    lengths[i] = Number.isFinite(sum) ? sum : Infinity;
  }
  // The first try almost always reaches: pick the shortest left each time rather than sort them all.
  for (;;) {
    let best = -1;
    for (let i = 0; i < lengths.length; i++) if (lengths[i] < Infinity && (best < 0 || lengths[i] < lengths[best])) best = i;
    if (best < 0) return Infinity;
    const segments = reaching(words[best], from, to, radius);
    if (segments !== null) {
      let length = 0;
      for (const s of segments) length += Math.abs(s.length);
      return length;
    }
    lengths[best] = Infinity;
  }
}

/**
 * What every curve family's two entries share: the checks of the poses and
 * the radius (named for `who`), then `words` solved in the unit frame of
 * `from` and turned into curves, shortest first.
 */
export function familyCurves(who: string, from: Pose, to: Pose, radius: number, words: (x: number, y: number, phi: number) => UnitWord[], signed: boolean): Curve[] {
  checkPose(from, `${who}: from`);
  checkPose(to, `${who}: to`);
  checkRadius(radius, who);
  return toCurves(words(...localGoal(from, to, radius)), from, to, radius, signed);
}

/** The shortest of `curves` (familyCurves' first); none is a pair of poses too far apart for floating point. */
export function shortestCurve(who: string, curves: readonly Curve[], from: Pose, to: Pose, radius: number): Curve {
  if (curves.length === 0) throw new InputError(`${who}: no word joins ${JSON.stringify(from)} to ${JSON.stringify(to)}; the poses are too far apart for floating point at radius ${radius}`);
  return curves[0];
}
