import { InputError, show } from '../core/errors.js';
import { checkBoolean, checkKeys } from '../core/input-checks.js';
import { checkLimits, Budget, type Limits, type StopReason } from '../core/limits.js';
import type { SearchStatus } from '../core/path-searcher.js';
import { Heap } from '../queues/heap.js';
import { INSCRIBED } from '../costmap/inflation.js';
import type { Costmap } from '../costmap/costmap.js';
import { checkPose, Footprint, type Pose } from '../cspace/footprint.js';
import { countCusps, walkSegments, wrapAngle, type Curve, type CurveSegment, type Steer } from './curve.js';
import { dubinsCurve, dubinsLength, cscLength } from './dubins.js';
import { reedsSheppLength, shortestReedsShepp } from './reeds-shepp.js';
import { FootprintChecker } from './footprint-checker.js';
import { goalUnreachableForwards } from './no-forward-path.js';
import { ObstacleHeuristic } from './obstacle-heuristic.js';
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
 * cost_penalty 2.0, retrospective_penalty 0.015, downsample_costmap false,
 * downsampling_factor 1, downsample_obstacle_heuristic true; Nav2's
 * `tolerance` (0.25 m there) is an option here too, 0 by default, and the
 * path found is smoothed (`smoothKinematicPath`) unless `smooth: false`.
 *
 * Three things Nav2 does not do. A Dubins goal that no forward drive can
 * end at (its back against a wall) is found unreachable at once, by a test
 * of the poses just behind it that is a proof (no-forward-path.ts), where
 * the search would expand every pose it can reach first. A query still
 * searching after `backwardAfter` expansions is searched from the goal's
 * end too, the two searches taking turns. And a query still searching
 * after `greedyAfter` expansions turns greedier (`greedyWeight`). Both
 * leave the paths of quicker queries as they were.
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
  /** Nav2's `cost_penalty`: a move's cost is multiplied by (1 - retrospectivePenalty) + costPenalty * cost / 252 of the cell it enters, and the heuristic's 2-D steps by 1 + costPenalty * cost / 252, >= 0. Default 2.0. */
  costPenalty?: number;
  /** Nav2's `retrospective_penalty`, 0..1: taken off the factor every move's cost is multiplied by, not off the heuristic's, so the search prefers to go on from nodes nearer the goal (and leaves the start's manoeuvres for later) at the price of strict optimality; 0 is plain A*. Default 0.015. */
  retrospectivePenalty?: number;
  /** Nav2's `analytic_expansion_ratio`: the exact curve to the goal is tried every floor(h / ratio) expansions (h in cells), > 0. Default 3.5. */
  analyticExpansionRatio?: number;
  /** Nav2's `max_iterations`: expansions before the search stops (status `stopped`, reason `max-expansions`). Default 1000000. */
  maxIterations?: number;
  /** Nav2's `max_planning_time`, in seconds: the search stops (reason `max-millis`) after it, counted from the call. Default 5. */
  maxPlanningTime?: number;
  /** Nav2's `downsample_costmap`: search on cells `downsamplingFactor` times the costmap's (the motions sized for them, one pose per cell and heading bin); the footprint is still checked on the costmap itself. Default false. */
  downsampleCostmap?: boolean;
  /** Nav2's `downsampling_factor`: how many costmap cells a side of a search cell spans when `downsampleCostmap` is on, a whole number 1..64. Default 1. */
  downsamplingFactor?: number;
  /** Nav2's `downsample_obstacle_heuristic`: the 2-D part of the heuristic runs on the costmap downsampled 2 x 2 (a block free when one of its cells is, at their lowest cost). Default true. */
  downsampleObstacleHeuristic?: boolean;
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
  /**
   * Not a Nav2 parameter: after this many expansions without reaching the
   * goal (counting both searches', once the search from the goal's end runs:
   * `backwardAfter`), each search orders its queue by g + `greedyWeight` x h
   * instead of g + h. A query that needs more has met a turn its heuristic does not
   * see (a goal facing back the way the robot comes, say) and would go on
   * filling a band of poses at every heading; a greedier order leaves the
   * band. Queries solved sooner are untouched. A number >= 0; Infinity
   * keeps Nav2's order throughout. Default 50000.
   */
  greedyAfter?: number;
  /** The heuristic's weight from `greedyAfter` expansions on, a finite number >= 1 (1: never greedier). Default 1.5. */
  greedyWeight?: number;
  /**
   * Not a Nav2 parameter: after this many expansions without reaching the
   * goal, a second search starts from the goal's end. It plans for the robot
   * turned half round, from the goal turned half round to the start turned
   * half round: a drive it finds, read backwards, is a drive from the start
   * to the goal with the same motions (forwards stay forwards). From then on
   * the two take turns of `BACKWARD_SLICE` expansions, and the first path
   * either finds is the answer. A search that is hard from one end is often
   * easy from the other: a goal down a narrow aisle, which the heuristic
   * sends the search at from the wrong side, is where the search from the
   * goal starts. Only the search from the start proves a goal unreachable
   * (by expanding every pose it reaches); the other, when it runs out of
   * poses, just stops taking turns. A number >= 0; Infinity: never (with
   * `greedyAfter` Infinity too, Nav2's search). Default 10000.
   */
  backwardAfter?: number;
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
  /** Nodes expanded, by both searches when the search from the goal ran (`backwardAfter`). */
  readonly expansions: number;
  /** Which search found the path: `start` (the usual), or `goal`, the search from the goal's end (`backwardAfter`); null unless found. */
  readonly foundFrom: 'start' | 'goal' | null;
  /** The exact curve the search ended with (the path's last piece), or null (also when the search from the goal found the path: its exact curve is the path's first piece, driven backwards). */
  readonly analytic: Curve | null;
  /** The pose planned to: the goal asked for, or with a `tolerance` the pose that stood in for it; null unless found. */
  readonly goal: Pose | null;
  /** How far `goal` is from the goal asked for, metres (0 when it is that goal; Infinity unless found). */
  readonly goalDistance: number;
}

const KEYS: readonly (keyof HybridAStarOptions)[] = [
  'motion', 'minimumTurningRadius', 'angleQuantizationBins', 'reversePenalty', 'changePenalty', 'nonStraightPenalty', 'costPenalty', 'retrospectivePenalty',
  'analyticExpansionRatio', 'maxIterations', 'maxPlanningTime', 'downsampleCostmap', 'downsamplingFactor', 'downsampleObstacleHeuristic', 'tolerance', 'smooth', 'greedyAfter', 'greedyWeight', 'backwardAfter', 'limits',
];

/**
 * Pops between two looks at the clock: a pop here costs microseconds (an
 * exact curve's length, footprint checks along six motions), so the
 * library's usual 1024 would overrun a budget by up to a second.
 */
const CLOCK_EVERY_POPS = 16;

/**
 * When and how much greedier the search turns (`greedyAfter`,
 * `greedyWeight`), as measured on the kinematic track (bench/RESULTS.md,
 * issue 32): of its 300 queries, 31 with a path needed more than 50,000
 * expansions in Nav2's order, up to 800,000 and four over a million; with
 * the weight 1.5 from 50,000 on, none needed more than 158,000, and the 27
 * paths both orders found are 0.3% longer on average (median 0.0%, from
 * -1.4% to +3.7%). Weights 1.2, 1.3 and 2 each left a query needing
 * 275,000 to 656,000; switching at 20,000 changed twice as many paths
 * and left one needing 312,000; at 100,000, the longest needed 207,000.
 */
const GREEDY_AFTER = 50000;
const GREEDY_WEIGHT = 1.5;

/**
 * When the search from the goal's end starts (`backwardAfter`), and the
 * turns the two searches then take, in expansions. On the kinematic track
 * (bench/RESULTS.md, issue 32), without budgets, the 293 connected queries
 * took 3.30 million expansions in all with the search from the start alone,
 * 2.51 million with the other joining after 5,000 or 10,000, 2.71 million
 * after 20,000; the longest 157,864 alone, 163,288, 125,076 and 162,432.
 * Most of the track's queries end before 10,000, untouched.
 */
const BACKWARD_AFTER = 10000;
const BACKWARD_SLICE = 1000;

/** The parameters of one search, checked. */
interface Settings {
  motion: 'dubins' | 'reeds-shepp'; R: number; K: number; reversePenalty: number; changePenalty: number; nonStraightPenalty: number; costPenalty: number; ratio: number;
  retrospectivePenalty: number; downsample: boolean; factor: number; greedyAfter: number; greedyWeight: number; backwardAfter: number;
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
  const retrospectivePenalty = num(options.retrospectivePenalty, 0.015, 'retrospectivePenalty', (x) => x >= 0 && x <= 1, 'a number 0..1');
  const ratio = num(options.analyticExpansionRatio, 3.5, 'analyticExpansionRatio', (x) => finite(x) && x > 0, 'a finite number > 0');
  const maxIterations = num(options.maxIterations, 1000000, 'maxIterations', (x) => x >= 0, 'a number >= 0 (Infinity: none)');
  const maxSeconds = num(options.maxPlanningTime, 5, 'maxPlanningTime', (x) => x >= 0, 'a number of seconds >= 0 (Infinity: none)');
  checkBoolean(options.downsampleObstacleHeuristic, 'hybridAStar: options.downsampleObstacleHeuristic');
  const downsample = options.downsampleObstacleHeuristic ?? true;
  checkBoolean(options.downsampleCostmap, 'hybridAStar: options.downsampleCostmap');
  const factorGiven = num(options.downsamplingFactor, 1, 'downsamplingFactor', (x) => Number.isInteger(x) && x >= 1 && x <= 64, 'a whole number 1..64');
  // Nav2 reads the factor only when downsampling is on.
  const factor = options.downsampleCostmap === true ? factorGiven : 1;
  const tolerance = num(options.tolerance, 0, 'tolerance', (x) => finite(x) && x >= 0, 'a finite number of metres >= 0');
  checkBoolean(options.smooth, 'hybridAStar: options.smooth');
  const given = checkLimits(options.limits, 'hybridAStar');
  const budget = new Budget(Math.min(given.maxExpansions, maxIterations), Math.min(maxSeconds * 1000, given.deadline === Infinity ? Infinity : given.deadline - performance.now()), given.signal);
  if (checker.collides(start)) throw new InputError(`hybridAStar: the robot collides at the start ${JSON.stringify(start)}`);
  const greedyAfter = num(options.greedyAfter, GREEDY_AFTER, 'greedyAfter', (x) => x >= 0, 'a number of expansions >= 0 (Infinity: never)');
  const greedyWeight = num(options.greedyWeight, GREEDY_WEIGHT, 'greedyWeight', (x) => finite(x) && x >= 1, 'a finite number >= 1');
  const backwardAfter = num(options.backwardAfter, BACKWARD_AFTER, 'backwardAfter', (x) => x >= 0, 'a number of expansions >= 0 (Infinity: never)');
  const settings: Settings = { motion, R, K, reversePenalty, changePenalty, nonStraightPenalty, costPenalty, ratio, retrospectivePenalty, downsample, factor, greedyAfter, greedyWeight, backwardAfter };
  // Nav2's tolerance: the goal first, then the free poses near it, nearest first, until a search reaches one.
  const goals = goalCandidates(checker, goal, tolerance);
  if (goals.length === 0) {
    throw new InputError(`hybridAStar: the robot collides at the goal ${JSON.stringify(goal)}${tolerance > 0 ? ` and at every pose within the tolerance ${tolerance} m of it` : ''}`);
  }
  const none = (status: 'unreachable' | 'stopped', reason: StopReason | null): HybridAStarResult => ({ status, reason, path: null, length: Infinity, cusps: 0, expansions: 0, foundFrom: null, analytic: null, goal: null, goalDistance: Infinity });
  let expansions = 0, r: HybridAStarResult = none('unreachable', null);
  // The nearest goal first; only when no path reaches it are the others sifted, those no drive can reach dropped (each would
  // run out of states before it gave up).
  let queue = goals.slice(0, 1), sifted = goals.length === 1;
  for (let i = 0; i < queue.length; i++) {
    const [target, distance] = queue[i];
    // One budget for every search: each runs on what the ones before it left.
    const left = new Budget(budget.maxExpansions - expansions, budget.deadline === Infinity ? Infinity : budget.deadline - performance.now(), budget.signal);
    r = bothEnds(checker, start, target, settings, left);
    expansions += r.expansions;
    if (r.status === 'found') {
      const smoothed = options.smooth === false ? null : smoothKinematicPath(r.path!, { radius: R, motion, checker });
      return { ...r, expansions, goalDistance: distance, ...(smoothed === null ? {} : { path: smoothed.path, length: smoothed.length, cusps: smoothed.cusps }) };
    }
    if (r.status === 'stopped') break;
    if (!sifted) {
      sifted = true;
      const rest = joined(checker, start, goals.slice(1), budget);
      if (rest === null) { r = none('stopped', budget.stopReason(expansions) ?? 'max-millis'); break; }
      queue = queue.concat(rest);
    }
  }
  return { ...r, expansions };
}

/** The cell of (x, y) in the map frame, for cells `size` metres a side, `w` x `h` of them: row r from the bottom, r * w + c; -1 off the map. */
function cellAt(map: Costmap, x: number, y: number, size: number, w: number, h: number): number {
  return cellsOf(map, size, w, h)(x, y);
}

/** `cellAt` for one map and cell size, the origin's cosine and sine worked out once: the search asks it twice a motion. */
function cellsOf(map: Costmap, size: number, w: number, h: number): (x: number, y: number) => number {
  const o = map.origin, yaw = o?.yaw ?? 0, ox = o?.x ?? 0, oy = o?.y ?? 0, cos = Math.cos(yaw), sin = Math.sin(yaw);
  return (x, y) => {
    const dx = x - ox, dy = y - oy;
    const c = Math.floor((dx * cos + dy * sin) / size), r = Math.floor((-dx * sin + dy * cos) / size);
    return c < 0 || r < 0 || c >= w || r >= h ? -1 : r * w + c;
  };
}

/**
 * The goals a drive from `start` can reach at all, of `goals` (a tolerance's
 * stand-ins): a robot whose
 * reference point lies inside it moves its centre through cells that are
 * neither obstacles nor within its inscribed radius of one, so a goal the
 * 8-connected grid of such cells does not join to the start is dropped.
 * On the costmap itself, one lazy search from the start for them all (the
 * planner's heuristic may run on 2 x 2 blocks, through which a wall one
 * cell thick leaks). Null when `budget` ran out first.
 */
function joined(checker: FootprintChecker, start: Pose, goals: [Pose, number][], budget: Budget): [Pose, number][] | null {
  const map = checker.costmap, { width, height, resolution } = map, s = cellAt(map, start.x, start.y, resolution, width, height);
  if (checker.inscribedRadius <= 0 || s < 0) return goals;
  const reach = new ObstacleHeuristic(checker, s % width, Math.floor(s / width), 0, 1);
  const out: [Pose, number][] = [];
  for (const [p, d] of goals) {
    const c = cellAt(map, p.x, p.y, resolution, width, height), cost = c < 0 ? Infinity : reach.distance(c % width, Math.floor(c / width), budget);
    if (Number.isNaN(cost)) return null;
    if (cost < Infinity) out.push([p, d]);
  }
  return out;
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

/** A pose turned half round (the same place, the heading plus pi). */
const turned = (p: Pose): Pose => ({ x: p.x, y: p.y, theta: p.theta + Math.PI });

/**
 * Plans from `start` to `goal` by the search from the start, joined after
 * `settings.backwardAfter` expansions by the search from the goal's end
 * (`HybridAStarOptions.backwardAfter`): the two take turns, sharing one
 * budget, and the first path found is the answer.
 */
function bothEnds(checker: FootprintChecker, start: Pose, goal: Pose, settings: Settings, budget: Budget): HybridAStarResult {
  // The search from the start pauses after at least one expansion (backwardAfter 0: the two take turns from the first).
  const ahead: Share = { expansions: 0, elsewhere: 0, slice: Math.max(1, settings.backwardAfter) };
  const fromStart = search(checker, start, goal, settings, budget, ahead, null);
  let step = fromStart.next();
  if (step.done === true) return step.value;
  // The robot turned half round: its outline turned by pi about the reference point (a circle, or a centred rectangle, is itself).
  const fp = checker.footprint;
  const back = fp === null ? checker : checker.withRobot(new Footprint(fp.vertices.map((v) => ({ x: -v.x, y: -v.y }))));
  const behind: Share = { expansions: 0, elsewhere: 0, slice: BACKWARD_SLICE };
  const fromGoal = search(back, turned(goal), turned(start), settings, budget, behind, { start, goal });
  let backOn = true;
  for (;;) {
    if (backOn) {
      behind.elsewhere = ahead.expansions;
      const b = fromGoal.next();
      // Out of poses from the goal's end proves nothing for the drives the search from the start can still find
      // (its exact curves end anywhere): that search goes on alone.
      if (b.done === true && b.value.status !== 'unreachable') return { ...b.value, expansions: ahead.expansions + behind.expansions };
      backOn = b.done !== true;
    }
    ahead.elsewhere = behind.expansions;
    ahead.slice = backOn ? BACKWARD_SLICE : Infinity;
    step = fromStart.next();
    if (step.done === true) return { ...step.value, expansions: ahead.expansions + behind.expansions };
  }
}

/**
 * What a search and the search from the other end know of each other: its
 * own expansions (kept by the search, at each pause and at its end), the
 * other's (set by the driver before each turn, and counted against the
 * budget) and how many expansions its next turn runs before it pauses.
 */
interface Share { expansions: number; elsewhere: number; slice: number }

/**
 * One Hybrid-A* search from `start` to `goal` (both free) on `budget`, as a
 * generator that pauses after `share.slice` expansions (Infinity: never) and
 * returns its result. `back`, for the search from the goal's end: the real
 * start and goal, for the path it finds to be read backwards onto them.
 */
function* search(checker: FootprintChecker, start: Pose, goal: Pose, settings: Settings, budget: Budget, share: Share, back: { start: Pose; goal: Pose } | null): Generator<void, HybridAStarResult, void> {
  const { motion, R, K, reversePenalty, changePenalty, nonStraightPenalty, costPenalty, ratio, retrospectivePenalty, downsample, factor, greedyAfter, greedyWeight } = settings;

  const map = checker.costmap, { width, height, resolution: res } = map;
  // The search's cells: the costmap's, or factor x factor blocks of them (downsampleCostmap).
  const sres = res * factor, sw = Math.ceil(width / factor), sh = Math.ceil(height / factor);
  const curveTo = (p: Pose) => (motion === 'dubins' ? dubinsCurve(p, goal, R) : shortestReedsShepp(p, goal, R));
  const curveLength = motion === 'dubins' ? (p: Pose) => dubinsLength(p, goal, R) : (p: Pose) => reedsSheppLength(p, goal, R);
  const step = res / 2;
  // Stops at the first pose that hits: a long curve (a large radius) soon leaves the map, and off the map is a collision.
  const free = (c: Curve) => !walkSegments(c.from, c.segments, R, step, (x, y, theta) => checker.hits(x, y, theta));

  // The primitives: arcs of a whole number of bins whose chord is at least sqrt(2) cells (Nav2's rule), and a straight of that chord.
  const binSize = (2 * Math.PI) / K;
  const want = 2 * Math.asin(Math.min(1, (Math.SQRT2 * sres) / (2 * R)));
  const turnBins = Math.max(1, Math.ceil(want / binSize - 1e-9));
  const arc = R * turnBins * binSize, chord = 2 * R * Math.sin((turnBins * binSize) / 2);
  // A tight radius makes a short chord: the straight still leaves its cell (sqrt(2) cells at least).
  const prims: Primitive[] = [{ steer: 'S', length: Math.max(chord, Math.SQRT2 * sres) }, { steer: 'L', length: arc }, { steer: 'R', length: arc }];
  if (motion === 'reeds-shepp') for (const p of prims.slice()) prims.push({ steer: p.steer, length: -p.length });

  // The costmap's cells (cellOf) and the search's (searchCellOf).
  const cellOf = cellsOf(map, res, width, height);
  const searchCellOf = factor === 1 ? cellOf : cellsOf(map, sres, sw, sh);
  // The 2-D part of the heuristic: the cheapest way to the goal's cell over cells that are not themselves obstacles (the centre's
  // cell is under any footprint holding it), computed lazily as the search asks (obstacle-heuristic.ts). Between cell (or block)
  // centres: less half a block's diagonal at each end it never exceeds the cost from a point in the cell. NaN: the budget ran out.
  const goalCell = cellOf(goal.x, goal.y);
  const obstacle = goalCell < 0 ? null : new ObstacleHeuristic(checker, goalCell % width, Math.floor(goalCell / width), costPenalty, (downsample ? 2 : 1) * factor);
  const slack = obstacle === null ? 0 : 2 * obstacle.slack;
  const h2 = (cell: number): number => (obstacle === null || cell < 0 ? 0 : Math.max(0, obstacle.distance(cell % width, Math.floor(cell / width), budget) - slack));

  const binOf = (theta: number) => ((Math.round(theta / binSize) % K) + K) % K;
  // (search cell, heading bin) -> node: each search cell the search reaches gets a row of K slots, node + 1 in each (0: none).
  // Typed arrays rather than a Map keyed by cell * K + bin: the search makes a node for most of the states it sees, and a
  // million-entry Map costs more to grow and to read than the rest of an expansion.
  const rowOf = new Int32Array(sw * sh); // 1 + the cell's row, 0: none yet
  let slots = new Int32Array(64 * K), rows = 0;
  const nodeAt = (scell: number, bin: number): number => { const r = rowOf[scell]; return r === 0 ? -1 : slots[(r - 1) * K + bin] - 1; };
  // The nodes, on typed arrays grown by doubling: each (cell, heading bin)'s pose, g, its heuristic (hc, NaN until the node
  // is first popped) and the heuristic's 2-D part (hs), the parent and the primitive that reached it.
  let cap = 1024, count = 0;
  let xs = new Float64Array(cap), ys = new Float64Array(cap), ths = new Float64Array(cap), g = new Float64Array(cap);
  let hc = new Float64Array(cap), hs = new Float64Array(cap), parent = new Int32Array(cap), prim = new Int32Array(cap), closed = new Uint8Array(cap);
  const add = (scell: number, bin: number) => {
    if (count === cap) {
      cap *= 2;
      const f64 = (a: Float64Array) => { const b = new Float64Array(cap); b.set(a); return b; };
      const i32 = (a: Int32Array) => { const b = new Int32Array(cap); b.set(a); return b; };
      xs = f64(xs); ys = f64(ys); ths = f64(ths); g = f64(g); hc = f64(hc); hs = f64(hs); parent = i32(parent); prim = i32(prim);
      const c = new Uint8Array(cap); c.set(closed); closed = c;
    }
    if (rowOf[scell] === 0) {
      if ((rows + 1) * K > slots.length) { const b = new Int32Array(slots.length * 2); b.set(slots); slots = b; }
      rowOf[scell] = ++rows;
    }
    slots[(rowOf[scell] - 1) * K + bin] = count + 1;
    return count++;
  };
  let expansions = 0, sinceAnalytic = Infinity, pauseAt = share.slice;
  const finish = (status: SearchStatus, reason: StopReason | null, node: number, curve: Curve | null): HybridAStarResult => {
    share.expansions = expansions;
    if (status !== 'found') return { status, reason, path: null, length: Infinity, cusps: 0, expansions, foundFrom: null, analytic: null, goal: null, goalDistance: Infinity };
    let segs: CurveSegment[] = [];
    for (let n = node; parent[n] !== -1; n = parent[n]) segs.push(prims[prim[n]]);
    segs.reverse();
    if (curve !== null) segs.push(...curve.segments);
    // Read backwards, for the robot the right way round, a drive of the search from the goal's end is the same motions in the
    // opposite order, each turning to the other side: its heading turned by pi changes the opposite way as the time runs back.
    if (back !== null) segs = segs.reverse().map((m) => (m.steer === 'S' ? m : { steer: m.steer === 'L' ? 'R' : 'L', length: m.length }));
    const from = back === null ? start : back.start, to = back === null ? goal : back.goal;
    const path: Pose[] = [{ x: from.x, y: from.y, theta: wrapAngle(from.theta) }];
    walkSegments(from, segs, R, step, (x, y, theta) => { path.push({ x, y, theta: wrapAngle(theta) }); return false; });
    let length = 0;
    for (const s of segs) length += Math.abs(s.length);
    return {
      status, reason, path, length, cusps: countCusps(segs), expansions, foundFrom: back === null ? 'start' : 'goal', analytic: back === null ? curve : null,
      goal: { x: to.x, y: to.y, theta: wrapAngle(to.theta) }, goalDistance: 0,
    };
  };
  // The 2-D search stops on the clock or the signal alone: either is the reason.
  const outOfTime = () => finish('stopped', budget.stopReason(share.elsewhere + expansions) ?? 'max-millis', -1, null);

  // `drive` without the object it returns, into (rx, ry, rt): the same arithmetic, so the same poses to the last bit, with the
  // sine and cosine of the start heading computed once per expansion (as drive itself computes them).
  let rx = 0, ry = 0, rt = 0;
  const reach = (x: number, y: number, theta: number, sinT: number, cosT: number, steer: Steer, length: number) => {
    if (steer === 'S') { rx = x + length * cosT; ry = y + length * sinT; rt = theta; return; }
    const side = steer === 'L' ? 1 : -1, end = theta + (side * length) / R;
    rx = x + side * R * (Math.sin(end) - sinT);
    ry = y - side * R * (Math.cos(end) - cosT);
    rt = end;
  };

  let open = new Heap(), weight = 1;
  const startCell = cellOf(start.x, start.y);
  const s0 = add(searchCellOf(start.x, start.y), binOf(start.theta));
  xs[s0] = start.x; ys[s0] = start.y; ths[s0] = start.theta; g[s0] = 0; hc[s0] = NaN; hs[s0] = h2(startCell); parent[s0] = -1; prim[s0] = -1;
  if (Number.isNaN(hs[s0])) return outOfTime();
  // A robot whose reference point lies inside it moves its centre through cells that are not obstacles nor within the
  // inscribed radius of one: when the 2-D part does not join the start to the goal, no drive does (a tolerance tries many goals).
  if (checker.inscribedRadius > 0 && hs[s0] === Infinity) return finish('unreachable', null, -1, null);
  // A goal no forward drive can end at (its back against a wall): the search would learn that only by expanding every pose it
  // can reach. The test looks at the poses just behind the goal, at the spacing `free` and the motions check the footprint at.
  if (motion === 'dubins' && goalUnreachableForwards(checker, start, goal, R, step)) return finish('unreachable', null, -1, null);
  open.push(s0, hs[s0], 0, 0);

  // The first pop looks at the budget too: a zero budget stops before any work.
  let pops = 0;
  while (open.length > 0) {
    const n = open.topNode(), fn = open.topKey1(), gn = open.topValue();
    open.pop();
    if (closed[n] === 1 || gn > g[n]) continue;
    if (budget.timed && pops++ % CLOCK_EVERY_POPS === 0) {
      const why = budget.stopReason(share.elsewhere + expansions);
      if (why !== null) return finish('stopped', why, -1, null);
    }
    const px = xs[n], py = ys[n], pt = ths[n];
    // The exact curve's length, the costlier part of h, is worked out when a node first comes to the top, not when it is
    // pushed: if it raises f the node goes back in, so nodes are still expanded in order of f = g + max(curve, 2-D). Far
    // from the goal the 2-D part is the larger, and the shortest CSC word, a curve that exists, shows it without the exact length.
    if (Number.isNaN(hc[n])) {
      const p = { x: px, y: py, theta: pt };
      hc[n] = cscLength(p, goal, R) <= hs[n] ? hs[n] : Math.max(curveLength(p), hs[n]);
      if (gn + weight * hc[n] > fn) { open.push(n, gn + weight * hc[n], 0, gn); continue; }
    }
    if (share.elsewhere + expansions >= budget.maxExpansions) return finish('stopped', 'max-expansions', -1, null);
    closed[n] = 1;
    expansions++;
    if (expansions === pauseAt) {
      share.expansions = expansions;
      yield;
      pauseAt = expansions + share.slice;
    }
    if (weight !== greedyWeight && share.elsewhere + expansions >= greedyAfter) {
      // Every node not expanded is open (stale entries aside): the queue again, keyed on g + weight h.
      weight = greedyWeight;
      open = new Heap(count);
      for (let id = 0; id < count; id++) if (closed[id] === 0) open.push(id, g[id] + weight * (Number.isNaN(hc[id]) ? hs[id] : hc[id]), 0, g[id]);
    }
    const hn = hc[n];
    // Nav2's rhythm: the nearer the goal (h in cells), the more often the exact curve is tried.
    if (++sinceAnalytic >= Math.floor(hn / sres / ratio)) {
      sinceAnalytic = 0;
      const c = curveTo({ x: px, y: py, theta: pt });
      if (free(c)) return finish('found', null, n, c);
    }
    const last = prim[n] === -1 ? null : prims[prim[n]];
    const sinT = Math.sin(pt), cosT = Math.cos(pt);
    for (let i = 0; i < prims.length; i++) {
      const m = prims[i];
      reach(px, py, pt, sinT, cosT, m.steer, m.length);
      const qx = rx, qy = ry, qt = rt;
      const cell = cellOf(qx, qy), scell = searchCellOf(qx, qy);
      if (cell < 0 || scell < 0) continue;
      const cost = map.cost[(map.rowOrder === 'bottom-up' ? Math.floor(cell / width) : height - 1 - Math.floor(cell / width)) * width + (cell % width)];
      // Nav2's traversal cost: the length times (1 - retrospective_penalty) + cost_penalty * cost / 252.
      let c = Math.abs(m.length) * (1 - retrospectivePenalty + (costPenalty * Math.min(cost, INSCRIBED - 1)) / (INSCRIBED - 1));
      if (m.steer !== 'S') c *= last !== null && last.steer !== 'S' && last.steer !== m.steer ? nonStraightPenalty + changePenalty : nonStraightPenalty;
      if (m.length < 0) c *= reversePenalty;
      const bin = binOf(qt), gq = g[n] + c, seen = nodeAt(scell, bin);
      // A state already expanded, or reached as cheaply, gains nothing from this motion: skip it before the footprint costs anything.
      if (seen !== -1 && (closed[seen] === 1 || g[seen] <= gq)) continue;
      // The footprint along the primitive, not only at its end.
      const pieces = Math.max(1, Math.ceil(Math.abs(m.length) / step));
      let hit = false;
      for (let k = 1; k <= pieces && !hit; k++) {
        if (k === pieces) hit = checker.hits(qx, qy, qt);
        else { reach(px, py, pt, sinT, cosT, m.steer, (m.length * k) / pieces); hit = checker.hits(rx, ry, rt); }
      }
      if (hit) continue;
      const hq = seen === -1 ? h2(cell) : hs[seen];
      if (Number.isNaN(hq)) return outOfTime();
      const id = seen === -1 ? add(scell, bin) : seen;
      xs[id] = qx; ys[id] = qy; ths[id] = qt; g[id] = gq; hc[id] = NaN; hs[id] = hq; parent[id] = n; prim[id] = i;
      open.push(id, gq + weight * hq, 0, gq);
    }
  }
  return finish('unreachable', null, -1, null);
}
