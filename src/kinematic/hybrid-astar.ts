import { InputError, show } from '../core/errors.js';
import { checkBoolean, checkKeys } from '../core/input-checks.js';
import { checkLimits, CLOCK_EVERY, Budget, type Limits, type StopReason } from '../core/limits.js';
import type { SearchStatus } from '../core/path-searcher.js';
import { Heap } from '../queues/heap.js';
import { flood } from '../search/flood.js';
import { Grid } from '../grid/grid.js';
import { INSCRIBED } from '../costmap/inflation.js';
import { checkPose, type Pose } from '../cspace/footprint.js';
import { countCusps, drive, walkSegments, wrapAngle, type Curve, type CurveSegment, type Steer } from './curve.js';
import { dubinsCurve } from './dubins.js';
import { reedsSheppCurve } from './reeds-shepp.js';
import { FootprintChecker } from './footprint-checker.js';
import { smoothKinematicPath } from './smooth.js';

/**
 * Hybrid-A* (Dolgov, Thrun, Montemerlo and Diebel 2008), as Nav2's Smac
 * Hybrid-A* planner runs it: A* over (cell, heading bin), where each node
 * keeps the exact pose it was reached at and grows by short arcs of the
 * minimum turning radius and a straight (forwards, and for Reeds-Shepp
 * backwards too); every so often, and always near the goal, it tries the
 * exact Dubins or Reeds-Shepp curve to the goal and ends there when the
 * robot's footprint is free all along it.
 *
 * The parameters are Nav2's, in camelCase, with Nav2's defaults as its
 * documentation of the Smac Hybrid-A* planner gives them
 * (https://docs.nav2.org/configuration/packages/smac/configuring-smac-hybrid.html):
 * minimum_turning_radius 0.4, angle_quantization_bins 72,
 * analytic_expansion_ratio 3.5, max_iterations 1000000, max_planning_time
 * 5.0 s, reverse_penalty 2.0, change_penalty 0.0, non_straight_penalty 1.2,
 * cost_penalty 2.0; Nav2's `tolerance` (0.25 m there) is an option here too,
 * 0 by default, and the path found is smoothed (`smoothKinematicPath`) unless
 * `smooth: false`.
 */

/** The options of `hybridAStar`. */
export interface HybridAStarOptions {
  /** `dubins` (forwards only) or `reeds-shepp` (forwards and backwards): Nav2's `motion_model_for_search` (DUBIN, REEDS_SHEPP). Default `dubins`. */
  motion?: 'dubins' | 'reeds-shepp';
  /** Nav2's `minimum_turning_radius`, metres > 0. Default 0.4. */
  minimumTurningRadius?: number;
  /** Nav2's `angle_quantization_bins`: heading bins, a whole number 1..720. Default 72 (every 5 degrees). The checker's own bins are the outlines kept; these are the search's. */
  angleQuantizationBins?: number;
  /** Nav2's `reverse_penalty`: a backwards move's cost is multiplied by it, >= 1. Default 2.0. */
  reversePenalty?: number;
  /** Nav2's `change_penalty`: added to the turning factor when the turn changes side, >= 0. Default 0.0. */
  changePenalty?: number;
  /** Nav2's `non_straight_penalty`: a turning move's cost is multiplied by it, >= 1. Default 1.2. */
  nonStraightPenalty?: number;
  /** Nav2's `cost_penalty`: a move's cost is multiplied by 1 + costPenalty * cost / 252 of the cell it enters, >= 0. Default 2.0. */
  costPenalty?: number;
  /** Nav2's `analytic_expansion_ratio`: the exact curve to the goal is tried every floor(h / ratio) expansions (h in cells), > 0. Default 3.5. */
  analyticExpansionRatio?: number;
  /** Nav2's `max_iterations`: expansions before the search stops (status `stopped`, reason `max-expansions`). Default 1000000. */
  maxIterations?: number;
  /** Nav2's `max_planning_time`, in seconds: the search stops (reason `max-millis`) after it. Default 5. */
  maxPlanningTime?: number;
  /**
   * Nav2's `tolerance`, metres >= 0: when the goal pose is blocked, or no
   * path reaches it, the plan ends at the nearest pose within this distance
   * that is free and reached instead, with the goal's heading: the poses
   * offset from the goal by whole cells along x and y, nearest first (ties:
   * the lower y offset, then x), each planned to until one is reached.
   * Default 0: the goal exactly, or none (a tolerated goal may cost a search
   * for each pose tried; Nav2's planner, and the command line, use 0.25).
   */
  tolerance?: number;
  /** Whether the path found is shortened by `smoothKinematicPath` (Nav2 smooths too, by default). Default true. */
  smooth?: boolean;
  /** The library's budget: expansions, milliseconds and a signal; the tighter of these and the two above wins (over every search a tolerance runs). */
  limits?: Limits;
}

/** What `hybridAStar` returns: the one status set, and the path as poses. */
export interface HybridAStarResult {
  /** `found`, `unreachable` (every reachable node expanded) or `stopped` (a budget ended it: see `reason`). */
  readonly status: SearchStatus;
  /** Which budget stopped the search, when `status` is `stopped`; else null. */
  readonly reason: StopReason | null;
  /** The poses from start to goal (the last the exact curve driven out: `goal` to 1e-7 of a radius), spaced at most half a cell apart; null unless found. */
  readonly path: Pose[] | null;
  /** The path's length in metres (Infinity unless found). */
  readonly length: number;
  /** Direction changes along the path. */
  readonly cusps: number;
  /** Nodes expanded. */
  readonly expansions: number;
  /** The exact curve the search ended with (its last piece), or null. */
  readonly analytic: Curve | null;
  /** The pose planned to: the goal asked for, or with a `tolerance` the pose that stood in for it; null unless found. */
  readonly goal: Pose | null;
  /** How far `goal` is from the goal asked for, metres (0 when it is that goal; Infinity unless found). */
  readonly goalDistance: number;
}

const KEYS: readonly (keyof HybridAStarOptions)[] = [
  'motion', 'minimumTurningRadius', 'angleQuantizationBins', 'reversePenalty', 'changePenalty', 'nonStraightPenalty', 'costPenalty',
  'analyticExpansionRatio', 'maxIterations', 'maxPlanningTime', 'tolerance', 'smooth', 'limits',
];

/** The parameters of one search, checked. */
interface Settings {
  motion: 'dubins' | 'reeds-shepp'; R: number; K: number; reversePenalty: number; changePenalty: number; nonStraightPenalty: number; costPenalty: number; ratio: number;
}


function num(v: unknown, def: number, name: string, ok: (x: number) => boolean, rule: string): number {
  if (v === undefined) return def;
  if (typeof v !== 'number' || !ok(v)) throw new InputError(`hybridAStar: options.${name} must be ${rule}, got ${show(v)}`);
  return v;
}

/** A motion primitive: steering, signed length (metres). */
interface Primitive { steer: Steer; length: number }

/**
 * Plans from `start` to `goal` (poses in the costmap's world frame) for the
 * robot of `checker` with a minimum turning radius. Ends in a status, never
 * throws for a budget; a start or goal where the robot collides is an
 * `InputError`.
 *
 * @example
 * ```ts
 * const r = hybridAStar(checker, { x: 1, y: 1, theta: 0 }, { x: 4, y: 3, theta: Math.PI / 2 }, { motion: 'reeds-shepp' });
 * if (r.status === 'found') r.path; // poses, the footprint free at each
 * ```
 */
export function hybridAStar(checker: FootprintChecker, start: Pose, goal: Pose, options: HybridAStarOptions = {}): HybridAStarResult {
  if (!(checker instanceof FootprintChecker)) throw new InputError(`hybridAStar: checker must be a FootprintChecker (new FootprintChecker(costmap, robot)), got ${show(checker)}`);
  checkPose(start, 'hybridAStar: start');
  checkPose(goal, 'hybridAStar: goal');
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`hybridAStar: options must be an object, got ${show(options)}`);
  checkKeys(options, KEYS, 'hybridAStar');
  const motion = options.motion === undefined ? 'dubins' : options.motion;
  if (motion !== 'dubins' && motion !== 'reeds-shepp') throw new InputError(`hybridAStar: options.motion must be 'dubins' or 'reeds-shepp', got ${show(options.motion)}`);
  const finite = (x: number) => Number.isFinite(x);
  const R = num(options.minimumTurningRadius, 0.4, 'minimumTurningRadius', (x) => finite(x) && x > 0, 'a finite number of metres > 0');
  const K = num(options.angleQuantizationBins, 72, 'angleQuantizationBins', (x) => Number.isInteger(x) && x >= 1 && x <= 720, 'a whole number 1..720');
  const reversePenalty = num(options.reversePenalty, 2.0, 'reversePenalty', (x) => finite(x) && x >= 1, 'a finite number >= 1');
  const changePenalty = num(options.changePenalty, 0.0, 'changePenalty', (x) => finite(x) && x >= 0, 'a finite number >= 0');
  const nonStraightPenalty = num(options.nonStraightPenalty, 1.2, 'nonStraightPenalty', (x) => finite(x) && x >= 1, 'a finite number >= 1');
  const costPenalty = num(options.costPenalty, 2.0, 'costPenalty', (x) => finite(x) && x >= 0, 'a finite number >= 0');
  const ratio = num(options.analyticExpansionRatio, 3.5, 'analyticExpansionRatio', (x) => finite(x) && x > 0, 'a finite number > 0');
  const maxIterations = num(options.maxIterations, 1000000, 'maxIterations', (x) => x >= 0, 'a number >= 0 (Infinity: none)');
  const maxSeconds = num(options.maxPlanningTime, 5, 'maxPlanningTime', (x) => x >= 0, 'a number of seconds >= 0 (Infinity: none)');
  const tolerance = num(options.tolerance, 0, 'tolerance', (x) => finite(x) && x >= 0, 'a finite number of metres >= 0');
  checkBoolean(options.smooth, 'hybridAStar: options.smooth');
  const given = checkLimits(options.limits, 'hybridAStar');
  const budget = new Budget(Math.min(given.maxExpansions, maxIterations), Math.min(maxSeconds * 1000, given.deadline === Infinity ? Infinity : given.deadline - performance.now()), given.signal);
  if (checker.collides(start)) throw new InputError(`hybridAStar: the robot collides at the start ${JSON.stringify(start)}`);
  const settings: Settings = { motion, R, K, reversePenalty, changePenalty, nonStraightPenalty, costPenalty, ratio };
  // Nav2's tolerance: the goal first, then the free poses near it, nearest first, until a search reaches one.
  const goals = goalCandidates(checker, goal, tolerance);
  if (goals.length === 0) {
    throw new InputError(`hybridAStar: the robot collides at the goal ${JSON.stringify(goal)}${tolerance > 0 ? ` and at every pose within the tolerance ${tolerance} m of it` : ''}`);
  }
  let expansions = 0, r: HybridAStarResult | null = null;
  for (const [target, distance] of goals) {
    // One budget for every search: each runs on what the ones before it left.
    const left = new Budget(budget.maxExpansions - expansions, budget.deadline === Infinity ? Infinity : budget.deadline - performance.now(), budget.signal);
    r = search(checker, start, target, settings, left);
    expansions += r.expansions;
    if (r.status === 'found') {
      const smoothed = options.smooth === false ? null : smoothKinematicPath(r.path!, { radius: R, motion, checker });
      return { ...r, expansions, goalDistance: distance, ...(smoothed === null ? {} : { path: smoothed.path, length: smoothed.length, cusps: smoothed.cusps }) };
    }
    if (r.status === 'stopped') break;
  }
  return { ...r!, expansions };
}

/**
 * The poses a plan to `goal` may end at under a tolerance, each with its
 * distance from the goal, nearest first: the goal itself, then the poses
 * offset from it by whole numbers of cells (the costmap's resolution, along
 * the world's x and y) within `tolerance` metres, all with the goal's
 * heading, those where the robot collides left out. Ties in distance go
 * to the lower offset in y, then in x.
 */
function goalCandidates(checker: FootprintChecker, goal: Pose, tolerance: number): [Pose, number][] {
  const res = checker.costmap.resolution, n = Math.floor(tolerance / res + 1e-9);
  const out: [Pose, number, number, number][] = [];
  for (let j = -n; j <= n; j++) {
    for (let i = -n; i <= n; i++) {
      const d = Math.hypot(i, j) * res;
      if (d > tolerance + 1e-9 * res) continue;
      const p = { x: goal.x + i * res, y: goal.y + j * res, theta: goal.theta };
      if (!checker.hits(p.x, p.y, p.theta)) out.push([p, d, j, i]);
    }
  }
  out.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
  return out.map(([p, d]) => [p, d]);
}

/** One Hybrid-A* search from `start` to `goal` (both free) on `budget`. */
function search(checker: FootprintChecker, start: Pose, goal: Pose, settings: Settings, budget: Budget): HybridAStarResult {
  const { motion, R, K, reversePenalty, changePenalty, nonStraightPenalty, costPenalty, ratio } = settings;

  const map = checker.costmap, { width, height, resolution: res } = map;
  const curveTo = (p: Pose) => (motion === 'dubins' ? dubinsCurve(p, goal, R) : reedsSheppCurve(p, goal, R));
  const step = res / 2;
  // Stops at the first pose that hits: a long curve (a large radius) soon leaves the map, and off the map is a collision.
  const free = (c: Curve) => !walkSegments(c.from, c.segments, R, step, (x, y, theta) => checker.hits(x, y, theta));

  // The primitives: arcs of a whole number of bins whose chord is at least sqrt(2) cells (Nav2's rule), and a straight of that chord.
  const binSize = (2 * Math.PI) / K;
  const want = 2 * Math.asin(Math.min(1, (Math.SQRT2 * res) / (2 * R)));
  const turnBins = Math.max(1, Math.ceil(want / binSize - 1e-9));
  const arc = R * turnBins * binSize, chord = 2 * R * Math.sin((turnBins * binSize) / 2);
  // A tight radius makes a short chord: the straight still leaves its cell (sqrt(2) cells at least).
  const prims: Primitive[] = [{ steer: 'S', length: Math.max(chord, Math.SQRT2 * res) }, { steer: 'L', length: arc }, { steer: 'R', length: arc }];
  if (motion === 'reeds-shepp') for (const p of prims.slice()) prims.push({ steer: p.steer, length: -p.length });

  // The 2-D heuristic: cost-free distance from the goal through cells that are not themselves obstacles (the centre's cell is under any footprint holding it).
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const from = (map.rowOrder === 'bottom-up' ? r : height - 1 - r) * width, to = (height - 1 - r) * width;
    for (let c = 0; c < width; c++) cells[to + c] = checker.isBlockedCost(map.cost[from + c]) ? 1 : 0;
  }
  const grid = new Grid(width, height, cells, { connectivity: 8, diagonalRule: 'always', cellSize: res });
  const cellOf = (x: number, y: number): number => {
    const o = map.origin, yaw = o?.yaw ?? 0, dx = x - (o?.x ?? 0), dy = y - (o?.y ?? 0);
    const c = Math.floor((dx * Math.cos(yaw) + dy * Math.sin(yaw)) / res), r = Math.floor((-dx * Math.sin(yaw) + dy * Math.cos(yaw)) / res);
    return c < 0 || r < 0 || c >= width || r >= height ? -1 : r * width + c;
  };
  const gridId = (cell: number) => (height - 1 - Math.floor(cell / width)) * width + (cell % width);
  const goalCell = cellOf(goal.x, goal.y);
  const twoD = flood(grid, gridId(goalCell)).g;
  // The 2-D distance runs between cell centres: less a cell's diagonal it never exceeds the true distance from a point in the cell.
  const h = (p: Pose, cell: number) => Math.max(curveTo(p).length, twoD[gridId(cell)] - Math.SQRT2 * res);

  const binOf = (theta: number) => ((Math.round(theta / binSize) % K) + K) % K;
  const index = new Map<number, number>(); // (cell * K + bin) -> node
  const xs: number[] = [], ys: number[] = [], ths: number[] = [], g: number[] = [], parent: number[] = [], prim: number[] = [], closed: boolean[] = [];
  const add = (p: Pose, key: number, gv: number, par: number, pr: number) => {
    const id = xs.length;
    xs.push(p.x); ys.push(p.y); ths.push(p.theta); g.push(gv); parent.push(par); prim.push(pr); closed.push(false);
    index.set(key, id);
    return id;
  };
  const open = new Heap();
  const startCell = cellOf(start.x, start.y);
  // A robot whose reference point lies inside it moves its centre through cells that are not obstacles, a half cell a sample:
  // when the 2-D grid does not join the start to the goal, no drive does (a tolerance tries many such goals).
  if (checker.inscribedRadius > 0 && twoD[gridId(startCell)] === Infinity) return { status: 'unreachable', reason: null, path: null, length: Infinity, cusps: 0, expansions: 0, analytic: null, goal: null, goalDistance: Infinity };
  const s0 = add(start, startCell * K + binOf(start.theta), 0, -1, -1);
  open.push(s0, h(start, startCell), 0, 0);
  // The start tries the exact curve at once: in open space it is the answer.
  let expansions = 0, sinceAnalytic = Infinity;
  const finish = (status: SearchStatus, reason: StopReason | null, node: number, curve: Curve | null): HybridAStarResult => {
    if (status !== 'found') return { status, reason, path: null, length: Infinity, cusps: 0, expansions, analytic: null, goal: null, goalDistance: Infinity };
    const segs: CurveSegment[] = [];
    for (let n = node; parent[n] !== -1; n = parent[n]) segs.push(prims[prim[n]]);
    segs.reverse();
    if (curve !== null) segs.push(...curve.segments);
    const path: Pose[] = [{ x: start.x, y: start.y, theta: wrapAngle(start.theta) }];
    walkSegments(start, segs, R, step, (x, y, theta) => { path.push({ x, y, theta: wrapAngle(theta) }); return false; });
    let length = 0;
    for (const s of segs) length += Math.abs(s.length);
    return { status, reason, path, length, cusps: countCusps(segs), expansions, analytic: curve, goal: { x: goal.x, y: goal.y, theta: wrapAngle(goal.theta) }, goalDistance: 0 };
  };

  // The first pop checks the budget too: a zero budget stops before any work.
  let nextCheck = 0;
  while (open.length > 0) {
    const n = open.topNode(), gn = open.topValue();
    open.pop();
    if (closed[n] || gn > g[n]) continue;
    if (expansions >= nextCheck) {
      const why = budget.stopReason(expansions);
      if (why !== null) return finish('stopped', why, -1, null);
      nextCheck = budget.nextCheck(expansions);
      if (budget.timed) nextCheck = Math.min(nextCheck, expansions + CLOCK_EVERY);
    }
    closed[n] = true;
    expansions++;
    const pose = { x: xs[n], y: ys[n], theta: ths[n] };
    const hn = h(pose, cellOf(pose.x, pose.y));
    // Nav2's rhythm: the nearer the goal (h in cells), the more often the exact curve is tried.
    if (++sinceAnalytic >= Math.floor(hn / res / ratio)) {
      sinceAnalytic = 0;
      const c = curveTo(pose);
      if (free(c)) return finish('found', null, n, c);
    }
    const last = prim[n] === -1 ? null : prims[prim[n]];
    for (let i = 0; i < prims.length; i++) {
      const m = prims[i];
      const q = drive(pose.x, pose.y, pose.theta, m.steer, m.length, R);
      const cell = cellOf(q.x, q.y);
      if (cell < 0) continue;
      // The footprint along the primitive, not only at its end.
      const pieces = Math.max(1, Math.ceil(Math.abs(m.length) / step));
      let hit = false;
      for (let k = 1; k <= pieces && !hit; k++) {
        const s = drive(pose.x, pose.y, pose.theta, m.steer, (m.length * k) / pieces, R);
        hit = checker.hits(s.x, s.y, s.theta);
      }
      if (hit) continue;
      const cost = map.cost[(map.rowOrder === 'bottom-up' ? Math.floor(cell / width) : height - 1 - Math.floor(cell / width)) * width + (cell % width)];
      let c = Math.abs(m.length) * (1 + (costPenalty * Math.min(cost, INSCRIBED - 1)) / (INSCRIBED - 1));
      if (m.steer !== 'S') c *= last !== null && last.steer !== 'S' && last.steer !== m.steer ? nonStraightPenalty + changePenalty : nonStraightPenalty;
      if (m.length < 0) c *= reversePenalty;
      const key = cell * K + binOf(q.theta), gq = g[n] + c, seen = index.get(key);
      if (seen !== undefined && (closed[seen] || g[seen] <= gq)) continue;
      const id = seen ?? add(q, key, gq, n, i);
      xs[id] = q.x; ys[id] = q.y; ths[id] = q.theta; g[id] = gq; parent[id] = n; prim[id] = i;
      open.push(id, gq + h(q, cell), 0, gq);
    }
  }
  return finish('unreachable', null, -1, null);
}
