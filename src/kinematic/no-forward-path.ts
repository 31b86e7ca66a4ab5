import { Footprint, type Pose } from '../cspace/footprint.js';
import type { FootprintChecker } from './footprint-checker.js';

/**
 * A proof, when one is quick, that a car that cannot reverse cannot end a
 * drive at a goal pose: the goal whose back is against a wall, say. Hybrid-A*
 * with Dubins motion finds that out only by expanding every pose it can
 * reach (millions on a fine map); this looks at a few hundred poses just
 * behind the goal.
 *
 * Any forward drive of curvature at most 1 / R that ends at the goal is,
 * `t` metres before its end, at a pose turned at most t / R from the goal's
 * heading, within t behind it and at most R (1 - cos(t / R)) to either side
 * (in the goal's frame: its heading never strays more than s / R at s
 * metres from the end). The planner checks the robot's footprint along each
 * of its drives at poses at most `step` metres apart, so one of those free
 * poses lies between t - step and t before the goal, whatever drive it
 * found, once the drive is at least t long (the start at least t from the
 * goal). When the robot collides at every pose of that region, for some t,
 * no drive of the planner's reaches the goal, nor any drive that is free all
 * along.
 *
 * The region is covered by boxes (position and heading intervals); a box is
 * closed when an obstacle lies under the robot's outline shrunk by as far as
 * a point of the outline can move between the box's middle pose and any
 * other of its poses (`shrink`): then it lies under the robot at every one
 * of them. A box that is not closed is halved along its widest side until
 * it is, or its middle pose is free (the region holds a free pose: this t
 * proves nothing), or it is as small as `MIN_BOX` allows.
 */

/** Boxes looked at per distance before the test gives up on it. */
const MAX_BOXES = 4096;
/** The smallest box side worth halving, as a fraction of the step. */
const MIN_BOX = 1 / 16;

/**
 * Whether no forward drive (curvature at most 1 / `radius`, the footprint
 * free at poses at most `step` metres apart along it) from `start` ends at
 * `goal`, as the module's comment shows; false when the test cannot tell.
 */
export function goalUnreachableForwards(checker: FootprintChecker, start: Pose, goal: Pose, radius: number, step: number): boolean {
  const far = Math.hypot(start.x - goal.x, start.y - goal.y);
  // Distances before the goal to try: a few steps, as long as the region's bounds hold (heading change at most pi / 4).
  for (const k of [2, 3, 4, 6, 8, 12]) {
    const t = k * step;
    if (t > far || t > (radius * Math.PI) / 4) break;
    if (regionCollides(checker, goal, t, step, radius)) return true;
  }
  return false;
}

/** Whether the robot collides at every pose a forward drive of length t - step to t can be at before ending at `goal`. */
function regionCollides(checker: FootprintChecker, goal: Pose, t: number, step: number, R: number): boolean {
  // The region in the goal's frame: x back along its heading, y to its left, phi the heading's difference.
  const xlo = -t, xhi = -R * Math.sin((t - step) / R), w = R * (1 - Math.cos(t / R)), turn = t / R;
  const c = Math.cos(goal.theta), s = Math.sin(goal.theta);
  const smallest = step * MIN_BOX;
  // Boxes as [x, y, phi, half x, half y, half phi]: start with pieces about a step long and a degree wide.
  const first: number[][] = [];
  const nx = Math.max(1, Math.ceil((xhi - xlo) / step)), ny = Math.max(1, Math.ceil((2 * w) / step)), np = Math.max(1, Math.ceil((2 * turn) / (Math.PI / 180)));
  for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) for (let p = 0; p < np; p++) {
    first.push([xlo + ((i + 0.5) * (xhi - xlo)) / nx, -w + ((j + 0.5) * 2 * w) / ny, -turn + ((p + 0.5) * 2 * turn) / np, (xhi - xlo) / (2 * nx), w / ny, turn / np]);
  }
  // Level by level, so that a free pose anywhere in the region is met before any box is cut small.
  let level = first, boxes = 0;
  while (level.length > 0) {
    const next: number[][] = [];
    for (const box of level) {
      if (++boxes > MAX_BOXES) return false;
      const [bx, by, bp, hx, hy, hp] = box;
      const x = goal.x + bx * c - by * s, y = goal.y + bx * s + by * c, theta = goal.theta + bp;
      if (!checker.hits(x, y, theta)) return false;
      // How far a point of the outline can move between this pose and another of the box: the shift, and the turn at the circumradius.
      const m = Math.hypot(hx, hy) + 2 * checker.circumradius * Math.sin(hp / 2);
      const core = shrunk(checker, m);
      if (core !== null && core.hits(x, y, theta)) continue;
      // Halve the widest side (the heading's measured by how far it moves the outline's farthest point).
      const hpm = checker.circumradius * hp;
      if (Math.max(hx, hy, hpm) < smallest) return false;
      if (hx >= hy && hx >= hpm) next.push([bx - hx / 2, by, bp, hx / 2, hy, hp], [bx + hx / 2, by, bp, hx / 2, hy, hp]);
      else if (hy >= hpm) next.push([bx, by - hy / 2, bp, hx, hy / 2, hp], [bx, by + hy / 2, bp, hx, hy / 2, hp]);
      else next.push([bx, by, bp - hp / 2, hx, hy, hp / 2], [bx, by, bp + hp / 2, hx, hy, hp / 2]);
    }
    level = next;
  }
  return true;
}

/** Per checker, its robot shrunk by each margin asked for, or null when nothing is left. */
const twins = new WeakMap<FootprintChecker, Map<number, FootprintChecker | null>>();

function shrunk(checker: FootprintChecker, margin: number): FootprintChecker | null {
  // Margins rounded up to a twentieth of a cell: a larger one is as good a proof, and the twins repeat.
  const q = checker.costmap.resolution / 20, m = Math.ceil(margin / q) * q;
  let byMargin = twins.get(checker);
  if (byMargin === undefined) { byMargin = new Map(); twins.set(checker, byMargin); }
  let made = byMargin.get(m);
  if (made === undefined) {
    if (checker.footprint === null) made = checker.circumradius > m ? checker.withRobot(checker.circumradius - m) : null;
    else { const f = shrink(checker.footprint, m); made = f === null ? null : checker.withRobot(f); }
    byMargin.set(m, made);
  }
  return made;
}

/**
 * The points of a convex outline at least `m` metres inside every edge: the
 * outline cut by each edge's line moved m inwards (a side may vanish). Null
 * when what is left is too thin to be an outline.
 */
export function shrink(f: Footprint, m: number): Footprint | null {
  const v = f.vertices, n = v.length;
  let poly = v.map((p) => ({ x: p.x, y: p.y }));
  for (let i = 0; i < n && poly.length >= 3; i++) {
    // Edge i runs from v[i] to v[i + 1], counter-clockwise: keep what lies at least m to its left.
    const a = v[i], b = v[(i + 1) % n], len = Math.hypot(b.x - a.x, b.y - a.y);
    const depth = (p: { x: number; y: number }) => ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len - m;
    const next: { x: number; y: number }[] = [];
    for (let j = 0; j < poly.length; j++) {
      const p = poly[j], q = poly[(j + 1) % poly.length], dp = depth(p), dq = depth(q);
      if (dp >= 0) next.push(p);
      if ((dp >= 0) !== (dq >= 0)) { const t = dp / (dp - dq); next.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) }); }
    }
    poly = next;
  }
  // Corners closer than a micrometre are one, and a corner on the line of its neighbours (a cut through a corner) none.
  let kept = poly.filter((p, j) => { const q = poly[(j + 1) % poly.length]; return Math.hypot(q.x - p.x, q.y - p.y) > 1e-6; });
  kept = kept.filter((p, j) => {
    const o = kept[(j + kept.length - 1) % kept.length], q = kept[(j + 1) % kept.length];
    return Math.abs((p.x - o.x) * (q.y - p.y) - (p.y - o.y) * (q.x - p.x)) > 1e-12 * Math.hypot(p.x - o.x, p.y - o.y) * Math.hypot(q.x - p.x, q.y - p.y);
  });
  if (kept.length < 3) return null;
  try {
    return new Footprint(kept);
  } catch {
    return null;
  }
}
