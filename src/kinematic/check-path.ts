import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { checkPose, type Pose } from '../cspace/footprint.js';
import { checkRadius, wrapAngle } from './curve.js';
import { FootprintChecker } from './footprint-checker.js';

/**
 * Holds any path of poses to the rules of a car: each step from one pose to
 * the next must be a single arc (or straight) that a car turning no tighter
 * than `radius` drives, forwards or backwards, with the headings at both
 * ends tangent to it; and the robot's footprint must be free at every
 * sample along each step, not only at the poses.
 *
 * A step from a to b is an arc exactly when the chord from a to b makes
 * half the heading change with a's heading (forwards), or that plus pi
 * (backwards); its curvature is then 2 sin(|turn| / 2) / chord.
 */

/** The options of `checkKinematicPath`. */
export interface KinematicCheckOptions {
  /** The minimum turning radius, metres > 0. Required. */
  radius: number;
  /** The robot and the costmap to check the footprint on; without it, only the motion is checked. */
  checker?: FootprintChecker;
  /** How far a step may be from a true arc: radians of heading, and relative curvature above 1 / radius. Default 1e-6. */
  tolerance?: number;
}

/** The first rule a path breaks. */
export interface KinematicViolation {
  /** The index of the step's first pose (the step from pose `index` to `index + 1`), or of the pose itself. */
  readonly index: number;
  /** `heading`: the headings are not tangent to one arc; `curvature`: the arc is tighter than 1 / radius; `collision`: the footprint hits something. */
  readonly kind: 'heading' | 'curvature' | 'collision';
  /** One line that says what and where. */
  readonly message: string;
}

/** What `checkKinematicPath` found. */
export interface KinematicVerdict {
  /** True when no rule is broken. */
  readonly ok: boolean;
  /** The first violation, or null. */
  readonly violation: KinematicViolation | null;
  /** Direction changes between steps (forwards to backwards and back). */
  readonly cusps: number;
  /** The path's length along its arcs, metres. */
  readonly length: number;
}

/** The arc from one pose to the next, as `checkKinematicPath` reads it. */
export interface PathStep {
  /** The straight distance between the two positions, metres. */
  readonly chord: number;
  /** The heading change, radians in (-pi, pi]. */
  readonly turn: number;
  /** 1 driven forwards, -1 backwards. */
  readonly dir: 1 | -1;
  /** How far the headings are from tangent to one arc through both positions, radians (0 for a true arc). */
  readonly offTangent: number;
  /** The arc's curvature, 1 / metres (0 for a straight). */
  readonly k: number;
  /** The length along the arc, metres. */
  readonly length: number;
}

/**
 * The step from `a` to `b` read as one arc: its chord makes half the heading
 * change with a's heading (forwards), or that plus pi (backwards), whichever
 * is nearer. Null when the two positions are the same (a turn on the spot,
 * or no step at all).
 */
export function stepBetween(a: Pose, b: Pose): PathStep | null {
  const dx = b.x - a.x, dy = b.y - a.y, chord = Math.hypot(dx, dy), turn = wrapAngle(b.theta - a.theta);
  if (chord <= 1e-12) return null;
  // The chord's direction seen from a's heading: turn / 2 forwards, turn / 2 + pi backwards.
  const along = wrapAngle(Math.atan2(dy, dx) - a.theta);
  const forward = Math.abs(wrapAngle(along - turn / 2)), backward = Math.abs(wrapAngle(along - turn / 2 - Math.PI));
  const k = (2 * Math.sin(Math.abs(turn) / 2)) / chord;
  return { chord, turn, dir: forward <= backward ? 1 : -1, offTangent: Math.min(forward, backward), k, length: Math.abs(turn) < 1e-12 ? chord : Math.abs(turn) / k };
}

/**
 * Checks `path` (at least one pose) against a minimum turning radius and,
 * with `checker`, the robot's footprint on a costmap. Returns a verdict,
 * with the first violation; a malformed path or option is an `InputError`.
 */
export function checkKinematicPath(path: readonly Pose[], options: KinematicCheckOptions): KinematicVerdict {
  if (!Array.isArray(path) || path.length === 0) throw new InputError(`checkKinematicPath: path must be a non-empty array of poses { x, y, theta }, got ${show(path)}`);
  for (let i = 0; i < path.length; i++) checkPose(path[i], `checkKinematicPath: path[${i}]`);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`checkKinematicPath: options must be an object { radius, checker?, tolerance? }, got ${show(options)}`);
  checkKeys(options, ['radius', 'checker', 'tolerance'], 'checkKinematicPath');
  const radius = checkRadius(options.radius, 'checkKinematicPath');
  const checker = options.checker;
  if (checker !== undefined && !(checker instanceof FootprintChecker)) throw new InputError(`checkKinematicPath: options.checker must be a FootprintChecker, got ${show(checker)}`);
  const tol = options.tolerance === undefined ? 1e-6 : options.tolerance;
  if (typeof tol !== 'number' || !Number.isFinite(tol) || tol < 0) throw new InputError(`checkKinematicPath: options.tolerance must be a finite number >= 0, got ${show(tol)}`);
  const step = checker === undefined ? Infinity : checker.costmap.resolution / 2;
  let cusps = 0, length = 0, lastDir = 0;
  const fail = (index: number, kind: KinematicViolation['kind'], message: string): KinematicVerdict => ({ ok: false, violation: { index, kind, message }, cusps, length });
  if (checker !== undefined && checker.hits(path[0].x, path[0].y, path[0].theta)) return fail(0, 'collision', `the footprint hits an obstacle at pose 0 ${show(path[0])}`);
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i], b = path[i + 1];
    const st = stepBetween(a, b);
    if (st === null) {
      const turn = wrapAngle(b.theta - a.theta);
      if (Math.abs(turn) > tol) return fail(i, 'curvature', `poses ${i} and ${i + 1} turn ${turn.toFixed(6)} rad on the spot`);
      continue;
    }
    const { chord, turn, dir, k, length: arcLength } = st;
    if (st.offTangent > tol) return fail(i, 'heading', `poses ${i} and ${i + 1} are not joined by one arc: their headings are ${st.offTangent.toExponential(3)} rad off tangent`);
    if (k > (1 / radius) * (1 + tol)) return fail(i, 'curvature', `the step from pose ${i} to ${i + 1} turns on a radius of ${(1 / k).toPrecision(6)} m, tighter than ${radius} m`);
    if (lastDir !== 0 && dir !== lastDir) cusps++;
    lastDir = dir;
    length += arcLength;
    if (checker !== undefined) {
      const pieces = Math.max(1, Math.ceil(arcLength / step));
      for (let j = 1; j <= pieces; j++) {
        // Along the arc: the heading turns in proportion, and the chord to that point makes half of it.
        const f = j / pieces, t = turn * f, c = Math.abs(turn) < 1e-12 ? chord * f : (2 * Math.sin(Math.abs(t) / 2)) / k;
        const heading = a.theta + t / 2 + (dir < 0 ? Math.PI : 0);
        const x = a.x + c * Math.cos(heading), y = a.y + c * Math.sin(heading);
        if (checker.hits(x, y, a.theta + t)) return fail(i, 'collision', `the footprint hits an obstacle between poses ${i} and ${i + 1}, at (${x.toFixed(3)}, ${y.toFixed(3)})`);
      }
    }
  }
  return { ok: true, violation: null, cusps, length };
}
