import type { Pose } from '../cspace/footprint.js';
import { arcForward, type Curve, type UnitWord, familyCurves, localGoal, shortestCurve, shortestLength } from './curve.js';

/**
 * Dubins curves (Dubins 1957): the shortest way between two poses for a
 * robot that only drives forwards and turns no tighter than a radius R. The
 * shortest is always one of six words: a turn, a straight and a turn (`LSL`,
 * `RSR`, `LSR`, `RSL`), or three turns (`LRL`, `RLR`).
 *
 * Each word is solved here from its circles. Put the start at the origin
 * facing +x and scale so R = 1: the start's left circle is centred at
 * c = (0, 1), its right circle at (0, -1), and the goal (x, y, phi) has its
 * left circle at (x - sin phi, y + cos phi), its right one at
 * (x + sin phi, y - cos phi). A word's path rolls along its first circle,
 * leaves it on a tangent (or on a third circle touching both) and rolls
 * onto the goal's circle; the lengths follow from where the tangent points
 * or the third circle lie.
 */

/** The six Dubins words, in the order ties between equal lengths are broken. */
export const DUBINS_WORDS = Object.freeze(['LSL', 'RSR', 'LSR', 'RSL', 'RLR', 'LRL'] as const);

/** One of the six Dubins words. */
export type DubinsWord = (typeof DUBINS_WORDS)[number];

const FORWARD = [1, 1, 1];

/**
 * LSL: two left circles joined by their outer tangent. The tangent runs
 * from the start's circle to the goal's, parallel to the line of centres, so
 * its length is the distance between the centres and its heading their
 * direction.
 */
function lsl(x: number, y: number, phi: number): number[] | null {
  const dx = x - Math.sin(phi), dy = y + Math.cos(phi) - 1;
  // Circles that coincide (D = 0) leave the tangent's heading free: t = 0 is the shortest.
  const d = Math.hypot(dx, dy), t = d < 1e-12 ? 0 : arcForward(Math.atan2(dy, dx));
  return [t, d, arcForward(phi - t)];
}

/**
 * LSR: a left circle and a right one joined by the inner tangent, which
 * crosses the line of centres. Leaving the first circle at heading t, the
 * second centre lies 2 to the right of the line plus u along it: the
 * centres are sqrt(u^2 + 4) apart, and the line of centres is turned
 * atan2(-2, u) from the tangent.
 */
function lsr(x: number, y: number, phi: number): number[] | null {
  const dx = x + Math.sin(phi), dy = y - Math.cos(phi) - 1;
  const d2 = dx * dx + dy * dy;
  if (d2 < 4) return null; // the circles overlap: no inner tangent
  const u = Math.sqrt(d2 - 4);
  const t = arcForward(Math.atan2(dy, dx) + Math.atan2(2, u));
  return [t, u, arcForward(t - phi)];
}

/**
 * LRL: a right circle touching both left circles. Its centre is 2 from
 * each, so the left centres, d apart, see the middle arc turn u with
 * d = 4 sin(u / 2): two answers, u and 2 pi - u (the shortest word takes
 * the longer arc when it takes this word at all, but both are kept).
 */
function lrl(x: number, y: number, phi: number): number[][] {
  const dx = x - Math.sin(phi), dy = y + Math.cos(phi) - 1, d = Math.hypot(dx, dy);
  if (d > 4) return [];
  const a = 2 * Math.asin(d / 4);
  return [a, 2 * Math.PI - a].map((u) => {
    const t = arcForward(Math.atan2(dy, dx) + u / 2);
    return [t, u, arcForward(phi - t + u)];
  });
}

/** Every Dubins word's solution in the unit frame: right-handed words are left-handed ones of the mirrored goal. */
function words(x: number, y: number, phi: number): UnitWord[] {
  const out: UnitWord[] = [];
  const add = (steers: UnitWord['steers'], family: string, l: number[] | null) => {
    if (l !== null) out.push({ steers, dirs: FORWARD, lengths: l, family });
  };
  add(['L', 'S', 'L'], 'CSC', lsl(x, y, phi));
  add(['R', 'S', 'R'], 'CSC', lsl(x, -y, -phi));
  add(['L', 'S', 'R'], 'CSC', lsr(x, y, phi));
  add(['R', 'S', 'L'], 'CSC', lsr(x, -y, -phi));
  for (const l of lrl(x, -y, -phi)) add(['R', 'L', 'R'], 'CCC', l);
  for (const l of lrl(x, y, phi)) add(['L', 'R', 'L'], 'CCC', l);
  return out;
}

/**
 * Every Dubins word that joins `from` to `to` at turning radius `radius`,
 * shortest first (a word can appear twice: LRL and RLR have two middle
 * arcs). Always at least one: some CSC word joins any two poses.
 */
export function dubinsCurves(from: Pose, to: Pose, radius: number): Curve[] {
  return familyCurves('dubinsCurves', from, to, radius, words, false);
}

/**
 * The shortest forward-only curve from `from` to `to` that turns no tighter
 * than `radius` (metres): its word, segments and length.
 *
 * @example
 * ```ts
 * const c = dubinsCurve({ x: 0, y: 0, theta: 0 }, { x: 4, y: 0, theta: Math.PI }, 1);
 * c.word;   // 'LSR' (or its mirror 'RSL', as long): nearly straight on, then a long turn to face back
 * ```
 */
export function dubinsCurve(from: Pose, to: Pose, radius: number): Curve {
  return shortestCurve('dubinsCurve', familyCurves('dubinsCurve', from, to, radius, words, false), from, to, radius);
}

/** The length of the shortest Dubins curve (the planner's heuristic, at every node): no checks, no curve built. */
export function dubinsLength(from: Pose, to: Pose, radius: number): number {
  return shortestLength(words(...localGoal(from, to, radius)), from, to, radius);
}

/**
 * The length of the shortest of the four CSC words (LSL, RSR, LSR, RSL;
 * the last two when the circles they join do not overlap): curves that
 * exist, so never less than the shortest Dubins curve, nor the shortest
 * Reeds-Shepp one, and most of the time the Dubins one itself. A bound for
 * a few trig calls: the planner skips the exact length when this is
 * already below the heuristic's 2-D part.
 */
export function cscLength(from: Pose, to: Pose, radius: number): number {
  const [x, y, phi] = localGoal(from, to, radius);
  const sum = (l: number[] | null) => (l === null ? Infinity : l[0] + l[1] + l[2]);
  return radius * Math.min(sum(lsl(x, y, phi)), sum(lsl(x, -y, -phi)), sum(lsr(x, y, phi)), sum(lsr(x, -y, -phi)));
}
