import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { checkPose, type Pose } from '../cspace/footprint.js';
import { checkRadius, curveEnd, wrapAngle, walkSegments, type Curve } from './curve.js';
import { dubinsCurve } from './dubins.js';
import { reedsSheppCurve } from './reeds-shepp.js';
import { FootprintChecker } from './footprint-checker.js';
import { stepBetween } from './check-path.js';

/**
 * Shortens a drivable path by shortcuts: from a pose of the path, the exact
 * Dubins or Reeds-Shepp curve to a later pose replaces the stretch between
 * them when it is shorter, changes direction no more often, and the robot's
 * footprint is free all along it. Every curve bends at the minimum turning
 * radius or not at all, so curvature stays within 1 / R by construction;
 * the start and goal poses are kept as they are.
 *
 * Greedy and local, as a search's smoother is: from a pose the farthest
 * shortcut that is taken wins, and the passes repeat until one changes
 * nothing (or `maxPasses` have run). The work is bounded whatever the
 * path's length: at most `starts` x `tries` curves a pass. Nav2 smooths its Hybrid-A* paths with
 * a different method (an optimiser pulling poses straight, then checked);
 * shortcuts by exact curves are simpler and can only keep a path valid.
 */

/** The options of `smoothKinematicPath`. */
export interface SmoothOptions {
  /** The minimum turning radius, metres > 0. Required. */
  radius: number;
  /** The robot on its costmap: every shortcut is checked with it every half cell. Required. */
  checker: FootprintChecker;
  /** `dubins` (forwards only: shortcuts never reverse) or `reeds-shepp`. Default `reeds-shepp`. */
  motion?: 'dubins' | 'reeds-shepp';
  /** How many passes over the path at most, a whole number >= 1; the smoother stops earlier when a pass takes no shortcut. Default 3. */
  maxPasses?: number;
  /** How many later poses are tried as a shortcut's end from each pose tried as its start, a whole number >= 1: the farthest first, spread evenly over the rest of the path. Default 8. */
  tries?: number;
  /** How many poses of a pass are tried as a shortcut's start at most, a whole number >= 1, spread evenly along the path (each tried pose costs up to `tries` exact curves). Default 48. */
  starts?: number;
}

/** What `smoothKinematicPath` returns. */
export interface SmoothedPath {
  /** The poses: the first and last those given, half a cell apart at most along each shortcut. */
  readonly path: Pose[];
  /** The length along the arcs, metres: never more than the given path's. */
  readonly length: number;
  /** Direction changes: never more than the given path's. */
  readonly cusps: number;
  /** How many shortcuts were taken, over every pass. */
  readonly shortcuts: number;
  /** How many passes ran. */
  readonly passes: number;
}

const KEYS: readonly (keyof SmoothOptions)[] = ['radius', 'checker', 'motion', 'maxPasses', 'tries', 'starts'];

/** Direction changes in a run of step directions (1 forwards, -1 backwards, 0 no step). */
function flips(dirs: readonly number[]): number {
  let n = 0, last = 0;
  for (const d of dirs) {
    if (d === 0) continue;
    if (last !== 0 && d !== last) n++;
    last = d;
  }
  return n;
}

/**
 * Shortens `path` (poses a robot drives, as `hybridAStar` returns them and
 * `checkKinematicPath` accepts them) by shortcuts along exact curves.
 * Returns the new path with its length and cusps; a malformed path or
 * option is an `InputError`. The given path is not changed.
 *
 * @example
 * ```ts
 * const plan = hybridAStar(checker, start, goal, { smooth: false, minimumTurningRadius: 0.5 });
 * if (plan.status === 'found') smoothKinematicPath(plan.path!, { radius: 0.5, checker }).length; // <= plan.length
 * ```
 */
export function smoothKinematicPath(path: readonly Pose[], options: SmoothOptions): SmoothedPath {
  if (!Array.isArray(path) || path.length === 0) throw new InputError(`smoothKinematicPath: path must be a non-empty array of poses { x, y, theta }, got ${show(path)}`);
  for (let i = 0; i < path.length; i++) checkPose(path[i], `smoothKinematicPath: path[${i}]`);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`smoothKinematicPath: options must be an object { radius, checker, motion?, maxPasses?, tries? }, got ${show(options)}`);
  checkKeys(options, KEYS, 'smoothKinematicPath');
  const R = checkRadius(options.radius, 'smoothKinematicPath');
  const { checker } = options;
  if (!(checker instanceof FootprintChecker)) throw new InputError(`smoothKinematicPath: options.checker must be a FootprintChecker, got ${show(checker)}`);
  const motion = options.motion === undefined ? 'reeds-shepp' : options.motion;
  if (motion !== 'dubins' && motion !== 'reeds-shepp') throw new InputError(`smoothKinematicPath: options.motion must be 'dubins' or 'reeds-shepp', got ${show(options.motion)}`);
  const whole = (v: unknown, def: number, name: string): number => {
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new InputError(`smoothKinematicPath: options.${name} must be a whole number >= 1, got ${show(v)}`);
    return v;
  };
  const maxPasses = whole(options.maxPasses, 3, 'maxPasses'), tries = whole(options.tries, 8, 'tries'), starts = whole(options.starts, 48, 'starts');
  const step = checker.costmap.resolution / 2;
  const curveTo = (a: Pose, b: Pose): Curve => (motion === 'dubins' ? dubinsCurve(a, b, R) : reedsSheppCurve(a, b, R));

  // Every pose is checked, sparsely first: a shortcut that hits a wall mostly hits it along a stretch, and a coarse pass finds it sooner.
  const collides = (poses: readonly Pose[]): boolean => {
    for (const stride of [16, 4, 1]) {
      for (let k = stride - 1; k < poses.length; k += stride) if (checker.hits(poses[k].x, poses[k].y, poses[k].theta)) return true;
    }
    return false;
  };
  let cur: Pose[] = path.map((p) => ({ x: p.x, y: p.y, theta: p.theta }));
  let shortcuts = 0, passes = 0;
  while (passes < maxPasses) {
    passes++;
    const n = cur.length;
    // Each step's length and direction, and the length up to each pose.
    const dirs: number[] = [], along = [0];
    for (let i = 0; i + 1 < n; i++) {
      const s = stepBetween(cur[i], cur[i + 1]);
      dirs.push(s === null ? 0 : s.dir);
      along.push(along[i] + (s === null ? 0 : s.length));
    }
    // The direction of the nearest step that moves, before pose i and from pose j on.
    const before: number[] = [0], after: number[] = new Array<number>(n).fill(0);
    for (let i = 0; i + 1 < n; i++) before.push(dirs[i] !== 0 ? dirs[i] : before[i]);
    for (let i = n - 2; i >= 0; i--) after[i] = dirs[i] !== 0 ? dirs[i] : after[i + 1];
    const out: Pose[] = [cur[0]];
    let taken = 0;
    // Where no shortcut starts, the path is kept for this many poses before the next start is tried.
    const skip = Math.max(1, Math.ceil((n - 1) / starts));
    for (let i = 0; i < n - 1;) {
      let next = -1;
      const span = n - 1 - (i + 2);
      const stride = Math.max(1, Math.ceil((span + 1) / tries));
      // The farthest first: a long shortcut saves the most, and spares the tries between.
      for (let j = n - 1; j >= i + 2 && next < 0; j -= stride) {
        // No curve is shorter than the chord, nor than the arcs its heading change needs: a cheap refusal before solving one.
        const gain = along[j] - along[i] - 1e-9;
        if (Math.max(Math.hypot(cur[j].x - cur[i].x, cur[j].y - cur[i].y), R * Math.abs(wrapAngle(cur[j].theta - cur[i].theta))) >= gain) continue;
        const c = curveTo(cur[i], cur[j]);
        if (!(c.length < gain)) continue;
        // Direction changes with the steps on either side: a shortcut never adds one, at its ends or inside.
        const was = flips([before[i], ...dirs.slice(i, j), after[j]]);
        const now = flips([before[i], ...c.segments.map((s) => Math.sign(s.length)), after[j]]);
        if (now > was) continue;
        // The curve is solved to 1e-7 of its end; a stitch to the kept pose must be far finer for the checker's tolerance.
        const end = curveEnd(cur[i], c.segments, R);
        if (Math.hypot(end.x - cur[j].x, end.y - cur[j].y) > 1e-9 || Math.abs(wrapAngle(end.theta - cur[j].theta)) > 1e-9) continue;
        const poses: Pose[] = [];
        walkSegments(cur[i], c.segments, R, step, (x, y, theta) => { poses.push({ x, y, theta: wrapAngle(theta) }); return false; });
        if (poses.length === 0 || collides(poses)) continue;
        poses[poses.length - 1] = cur[j];
        out.push(...poses);
        next = j;
      }
      if (next < 0) {
        const to = Math.min(n - 1, i + skip);
        for (let k = i + 1; k <= to; k++) out.push(cur[k]);
        i = to;
      } else { taken++; i = next; }
    }
    cur = out;
    shortcuts += taken;
    if (taken === 0) break;
  }
  let length = 0;
  const dirs: number[] = [];
  for (let i = 0; i + 1 < cur.length; i++) {
    const s = stepBetween(cur[i], cur[i + 1]);
    dirs.push(s === null ? 0 : s.dir);
    length += s === null ? 0 : s.length;
  }
  return { path: cur, length, cusps: flips(dirs), shortcuts, passes };
}
