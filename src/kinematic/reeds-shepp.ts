import type { Pose } from '../cspace/footprint.js';
import { arcBackward, arcForward, type Curve, type Steer, type UnitWord, familyCurves, localGoal, shortestCurve, shortestLength, toCurves } from './curve.js';

/**
 * Reeds-Shepp curves (Reeds and Shepp 1990): the shortest way between two
 * poses for a car that drives forwards and backwards and turns no tighter
 * than a radius R. The paper shows the shortest is one of 48 words, made of
 * nine base families and three ways of turning a solution into another:
 * - time-flip: drive every segment the other way (goal (-x, y, -phi));
 * - reflect: swap left and right (goal (x, -y, -phi));
 * - backwards: drive the segments in the reverse order, which reaches
 *   (x cos phi + y sin phi, x sin phi - y cos phi, phi) when the original
 *   reaches (x, y, phi).
 *
 * Each base family is solved below from its chain of circles, in the unit
 * frame of `dubins.ts`: start at the origin facing +x, R = 1, the start's
 * left circle centred at (0, 1). Writing e(a) = (cos a, sin a), a left
 * circle's centre is e(theta + pi/2) from the car at heading theta and a
 * right circle's e(theta - pi/2); two circles that touch have centres 2
 * apart. Chaining the centres from the first circle to the goal's gives one
 * vector equation, D = (a sum of e(...)), whose length fixes the middle
 * segments and whose direction fixes the first.
 *
 * In the words, `|` is a cusp (the direction changes), `u` a middle pair
 * of arcs of equal length, and (pi/2) an arc of a quarter turn.
 */

/** The nine base families of the paper's table, with their words' count: 48 in all. */
export const REEDS_SHEPP_FAMILIES = Object.freeze({
  /** Three arcs, the direction changing between each: L+R-L+ and its kin. */
  'C|C|C': 4,
  /** An arc, a cusp, two arcs driven the same way. */
  'C|CC': 4,
  /** Two arcs driven the same way, a cusp, an arc. */
  'CC|C': 4,
  /** Arc, straight, arc, all one way: the Dubins words, forwards or backwards. */
  'CSC': 8,
  /** Four arcs, the middle two of equal length, a cusp between them. */
  'CCu|CuC': 4,
  /** Four arcs, the middle two of equal length, a cusp before and after them. */
  'C|CuCu|C': 4,
  /** An arc, a cusp, a quarter turn, a straight and an arc. */
  'C|C(pi/2)SC': 8,
  /** An arc, a straight, a quarter turn, a cusp and an arc: the one above driven in reverse order. */
  'CSC(pi/2)|C': 8,
  /** An arc, a cusp, a quarter turn, a straight, a quarter turn, a cusp, an arc. */
  'C|C(pi/2)SC(pi/2)|C': 4,
} as const);

/** The name of one of the nine base families. */
export type ReedsSheppFamily = keyof typeof REEDS_SHEPP_FAMILIES;

const HALF_PI = Math.PI / 2;

/** A base word solved in the unit frame: its steering, the signs the word drives each segment with, the lengths. */
interface Base {
  readonly steers: readonly Steer[];
  readonly dirs: readonly number[];
  readonly lengths: readonly number[];
  readonly family: ReedsSheppFamily;
  /** The family this word's reversal (`backwards`) belongs to. */
  readonly reversed: ReedsSheppFamily;
}

const fwd = arcForward;
const back = arcBackward;
/** The direction of (x, y), radians. */
const arg = (x: number, y: number) => Math.atan2(y, x);

/** The centres' difference to the goal's left circle, and to its right one, from the start's left circle (0, 1). */
const toLeft = (x: number, y: number, phi: number): [number, number] => [x - Math.sin(phi), y + Math.cos(phi) - 1];
const toRight = (x: number, y: number, phi: number): [number, number] => [x + Math.sin(phi), y - Math.cos(phi) - 1];

/**
 * CSC, L+S+L+ and L+S+R+: as Dubins's LSL and LSR (an outer or an inner
 * tangent between the two circles).
 */
function csc(x: number, y: number, phi: number, out: Base[]): void {
  const [lx, ly] = toLeft(x, y, phi);
  // Circles that coincide (D = 0) leave the tangent's heading free: t = 0 is the shortest.
  const l = Math.hypot(lx, ly), t = l < 1e-12 ? 0 : fwd(arg(lx, ly));
  out.push({ steers: ['L', 'S', 'L'], dirs: [1, 1, 1], lengths: [t, l, fwd(phi - t)], family: 'CSC', reversed: 'CSC' });
  const [rx, ry] = toRight(x, y, phi), d2 = rx * rx + ry * ry;
  if (d2 >= 4) {
    const u = Math.sqrt(d2 - 4), t2 = fwd(arg(rx, ry) + Math.atan2(2, u));
    out.push({ steers: ['L', 'S', 'R'], dirs: [1, 1, 1], lengths: [t2, u, fwd(t2 - phi)], family: 'CSC', reversed: 'CSC' });
  }
}

/**
 * Three arcs L R L, the middle one backwards (u <= 0): after L t the right
 * circle's centre is 2 e(t - pi/2) from the first, and after R u the last
 * left centre is 2 e(t - u + pi/2) further, so D = 4 sin(u/2) e(t - u/2)
 * up to sign: |D| = 4 |sin(u/2)|, two middle arcs u, and t from D's
 * direction. The last arc turns the rest of the way forwards (C|C|C) or
 * backwards (C|CC).
 */
function ccc(x: number, y: number, phi: number, out: Base[]): void {
  const [dx, dy] = toLeft(x, y, phi), d = Math.hypot(dx, dy);
  if (d > 4) return;
  const a = 2 * Math.asin(d / 4);
  for (const u of [-a, a - 2 * Math.PI]) {
    // sin(u/2) < 0 for u in (-2 pi, 0): D points along e(t - u/2 + pi). With the
    // two left circles one (D = 0) the middle circle may sit anywhere: t = 0 is the shortest.
    const t = d < 1e-12 && u === -a ? 0 : fwd(arg(dx, dy) + u / 2 - Math.PI);
    const rest = phi - t + u;
    out.push({ steers: ['L', 'R', 'L'], dirs: [1, -1, 1], lengths: [t, u, fwd(rest)], family: 'C|C|C', reversed: 'C|C|C' });
    out.push({ steers: ['L', 'R', 'L'], dirs: [1, -1, -1], lengths: [t, u, back(rest)], family: 'C|CC', reversed: 'CC|C' });
  }
}

/**
 * CCu|CuC, L+ R+u L-u R-: the centres chain as
 * D = 2 e(t - pi/2) (1 - e(-u) + e(-2u)) = 2 (2 cos u - 1) e(t - pi/2 - u),
 * so |D| = 2 |2 cos u - 1|: cos u = (2 + |D|) / 4, or (2 - |D|) / 4 with D
 * turned round; each with u or 2 pi - u.
 */
function ccuCuc(x: number, y: number, phi: number, out: Base[]): void {
  const [dx, dy] = toRight(x, y, phi), d = Math.hypot(dx, dy);
  for (const [c, turn] of [[(2 + d) / 4, 0], [(2 - d) / 4, Math.PI]]) {
    if (c > 1 || c < -1) continue;
    // cos u = c has two answers in [0, 2 pi): the longer middle arcs are never the shortest word, but they are the word's.
    for (const u of [Math.acos(c), 2 * Math.PI - Math.acos(c)]) {
      const t = fwd(arg(dx, dy) + HALF_PI + u - turn);
      out.push({ steers: ['L', 'R', 'L', 'R'], dirs: [1, 1, -1, -1], lengths: [t, u, -u, back(t - 2 * u - phi)], family: 'CCu|CuC', reversed: 'CCu|CuC' });
    }
  }
}

/**
 * C|CuCu|C, L+ R-u L-u R+: D = 2 e(t - pi/2) (2 - e(u)), so
 * |D|^2 = 4 (5 - 4 cos u) and t = arg D + pi/2 + atan2(sin u, 2 - cos u).
 */
function cCucuC(x: number, y: number, phi: number, out: Base[]): void {
  const [dx, dy] = toRight(x, y, phi), c = (20 - (dx * dx + dy * dy)) / 16;
  if (c > 1 || c < -1) return;
  const u = Math.acos(c);
  const t = fwd(arg(dx, dy) + HALF_PI + Math.atan2(Math.sin(u), 2 - Math.cos(u)));
  out.push({ steers: ['L', 'R', 'L', 'R'], dirs: [1, -1, -1, 1], lengths: [t, -u, -u, fwd(t - phi)], family: 'C|CuCu|C', reversed: 'C|CuCu|C' });
}

/**
 * C|C(pi/2)SC: L+ R-(pi/2) S- then L- or R-. After the quarter turn the
 * car faces t + pi/2 and backs along it; to the goal's left circle
 * D = e(t) (-2 + i (u - 2)), to its right circle D = e(t) i (u - 2).
 */
function ccsc(x: number, y: number, phi: number, out: Base[]): void {
  const [lx, ly] = toLeft(x, y, phi), l2 = lx * lx + ly * ly;
  if (l2 >= 4) {
    const u = 2 - Math.sqrt(l2 - 4), t = fwd(arg(lx, ly) - Math.atan2(u - 2, -2));
    out.push({ steers: ['L', 'R', 'S', 'L'], dirs: [1, -1, -1, -1], lengths: [t, -HALF_PI, u, back(phi - t - HALF_PI)], family: 'C|C(pi/2)SC', reversed: 'CSC(pi/2)|C' });
  }
  const [rx, ry] = toRight(x, y, phi), d = Math.hypot(rx, ry);
  const u = 2 - d, t = fwd(arg(rx, ry) + HALF_PI);
  out.push({ steers: ['L', 'R', 'S', 'R'], dirs: [1, -1, -1, -1], lengths: [t, -HALF_PI, u, back(t + HALF_PI - phi)], family: 'C|C(pi/2)SC', reversed: 'CSC(pi/2)|C' });
}

/**
 * C|C(pi/2)SC(pi/2)|C, L+ R-(pi/2) S- L-(pi/2) R+: a second quarter turn
 * after the straight brings the heading back to t, and
 * D = e(t) (-2 + i (u - 4)).
 */
function ccscc(x: number, y: number, phi: number, out: Base[]): void {
  const [dx, dy] = toRight(x, y, phi), d2 = dx * dx + dy * dy;
  if (d2 < 4) return;
  const u = 4 - Math.sqrt(d2 - 4), t = fwd(arg(dx, dy) - Math.atan2(u - 4, -2));
  out.push({ steers: ['L', 'R', 'S', 'L', 'R'], dirs: [1, -1, -1, -1, 1], lengths: [t, -HALF_PI, u, -HALF_PI, fwd(t - phi)], family: 'C|C(pi/2)SC(pi/2)|C', reversed: 'C|C(pi/2)SC(pi/2)|C' });
}

const BASES = [csc, ccc, ccuCuc, cCucuC, ccsc, ccscc];

const SWAP: Record<Steer, Steer> = { L: 'R', R: 'L', S: 'S' };

/** Base `b` solved for the transformed goal, mapped back to a word for the goal itself (see the module's three ways). */
function mapped(b: Base, backwards: boolean, flip: number, mirror: number): UnitWord {
  let steers = b.steers.map((s) => (mirror < 0 ? SWAP[s] : s));
  let dirs = b.dirs.map((d) => d * flip);
  let lengths = b.lengths.map((l) => l * flip);
  if (backwards) { steers = steers.reverse(); dirs = dirs.reverse(); lengths = lengths.reverse(); }
  return { steers, dirs, lengths, family: backwards ? b.reversed : b.family };
}

/** Calls `visit` with every base word solved for each transformed goal of (x, y, phi), and the transform. */
function eachBase(x: number, y: number, phi: number, visit: (b: Base, backwards: boolean, flip: number, mirror: number) => void): void {
  for (const backwards of [false, true]) {
    const [bx, by] = backwards ? [x * Math.cos(phi) + y * Math.sin(phi), x * Math.sin(phi) - y * Math.cos(phi)] : [x, y];
    for (const flip of [1, -1]) {
      for (const mirror of [1, -1]) {
        const bases: Base[] = [];
        for (const solve of BASES) solve(flip * bx, mirror * by, flip * mirror * phi, bases);
        for (const b of bases) visit(b, backwards, flip, mirror);
      }
    }
  }
}

/** Every base word solved for the goal (x, y, phi) and its time-flipped, reflected and reversed forms, mapped back. */
function words(x: number, y: number, phi: number): UnitWord[] {
  const out: UnitWord[] = [];
  eachBase(x, y, phi, (b, backwards, flip, mirror) => out.push(mapped(b, backwards, flip, mirror)));
  return out;
}

/**
 * Every Reeds-Shepp word that joins `from` to `to` at turning radius
 * `radius` (metres), shortest first; a word can appear more than once (with
 * other lengths). Never empty: some CSC word joins any two poses.
 */
export function reedsSheppCurves(from: Pose, to: Pose, radius: number): Curve[] {
  return familyCurves('reedsSheppCurves', from, to, radius, words, true);
}

/**
 * The shortest curve from `from` to `to` for a car that may reverse and
 * turns no tighter than `radius` (metres): its word (a sign per segment,
 * `-` in reverse), segments, length and cusps.
 *
 * @example
 * ```ts
 * const c = reedsSheppCurve({ x: 0, y: 0, theta: 0 }, { x: 0, y: 1, theta: 0 }, 1);
 * c.cusps;  // a sideways step of one radius: the car backs and fills
 * ```
 */
export function reedsSheppCurve(from: Pose, to: Pose, radius: number): Curve {
  return shortestCurve('reedsSheppCurve', familyCurves('reedsSheppCurve', from, to, radius, words, true), from, to, radius);
}

/**
 * The shortest base word whose lengths have its signs, mapped back, not yet
 * driven out. The transforms change neither a word's total length nor
 * whether its lengths have its signs, so only the winner is mapped.
 */
function shortestWord(x: number, y: number, phi: number): UnitWord | null {
  let best: UnitWord | null = null, bestSum = Infinity;
  eachBase(x, y, phi, (b, backwards, flip, mirror) => {
    let sum = 0;
    for (let i = 0; i < b.lengths.length; i++) {
      const l = b.lengths[i];
      if (!Number.isFinite(l) || l * b.dirs[i] < -1e-12) return;
      sum += Math.abs(l);
    }
    if (sum < bestSum) { bestSum = sum; best = mapped(b, backwards, flip, mirror); }
  });
  return best;
}

/**
 * The length of the shortest Reeds-Shepp curve (the planner's heuristic,
 * at every node): no checks, no curve built. Should the shortest word miss
 * the goal when driven out, every word is tried in order.
 */
export function reedsSheppLength(from: Pose, to: Pose, radius: number): number {
  const [x, y, phi] = localGoal(from, to, radius);
  const best = shortestWord(x, y, phi);
  const first = best === null ? Infinity : shortestLength([best], from, to, radius);
  return first < Infinity ? first : shortestLength(words(x, y, phi), from, to, radius);
}

/**
 * A shortest Reeds-Shepp curve, as `reedsSheppCurve` gives (the same
 * length; between words of equal length, maybe the other), building only
 * that curve: the planner's try of the exact curve, every few expansions.
 * No checks: the caller has.
 */
export function shortestReedsShepp(from: Pose, to: Pose, radius: number): Curve {
  const best = shortestWord(...localGoal(from, to, radius));
  const curves = best === null ? [] : toCurves([best], from, to, radius, true);
  return curves.length > 0 ? curves[0] : reedsSheppCurve(from, to, radius);
}
