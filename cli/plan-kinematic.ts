import { InputError } from '#bestfirst';
import { applyKeepout, makeCostmap } from '#bestfirst/costmap';
import type { Footprint } from '#bestfirst/cspace';
import { mapPoint } from '#bestfirst/io';
import { checkKinematicPath, FootprintChecker, hybridAStar, parseFootprint, type HybridAStarResult, type Pose } from '#bestfirst/kinematic';
import type { Io } from './io.js';
import type { Args, OptionSpec } from './options.js';
import { describeInflation, inflateFor, loadMask, loadRosMap } from './ros-map.js';
import { extent } from './plan-ros.js';
import { kinematicSvg } from './picture/draw-kinematic.js';
import { pictureTargets, sayWritten, writePicture } from './picture/output.js';

/**
 * `bestfirst plan --ros map.yaml --from X,Y,YAW --to X,Y,YAW (--footprint
 * '[[x, y], ...]' | --radius R) [--min-turning-radius R] [--motion
 * dubins|reeds-shepp] [--tolerance M] [--json] [--svg FILE]`: a robot that
 * has a heading and a minimum turning radius, planned by Hybrid-A* with
 * Nav2's Smac Hybrid defaults, on the same inflated costmap as a round
 * robot's plan. Every path is held to checkKinematicPath before it is
 * printed; one that fails is a defect of ours, not the user's.
 */

/** Smac Hybrid-A*'s defaults, as its documentation gives them. */
const NAV2_MIN_TURNING_RADIUS = '0.4';
const NAV2_HYBRID_TOLERANCE = 0.25;

/** The options only a kinematic plan reads. */
export const KINEMATIC_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'footprint', kind: 'custom', arg: "'[[X,Y],...]'",
    parse: (text, option) => {
      try {
        return parseFootprint(text);
      } catch (e) {
        if (e instanceof InputError) throw new InputError(`${option}: ${e.message.replace(/^parseFootprint: /, '')}`);
        throw e;
      }
    },
    help: "the robot's outline for a kinematic plan, as Nav2 writes its footprint parameter: corners in metres in the robot's frame (x forward, y left), a convex polygon round the point --from and --to place (instead of --radius for a disc)",
  },
  {
    name: 'min-turning-radius', kind: 'number', arg: 'R', above: 0, default: NAV2_MIN_TURNING_RADIUS,
    help: "the tightest circle the robot can drive, metres: Nav2's minimum_turning_radius, whose Smac Hybrid default is 0.4; giving it asks for a kinematic plan",
  },
  {
    name: 'motion', kind: 'choice', arg: 'M', choices: ['dubins', 'reeds-shepp'], default: 'dubins',
    help: "how the robot may drive in a kinematic plan: dubins forwards only, reeds-shepp forwards and backwards (Nav2's motion_model_for_search DUBIN and REEDS_SHEPP; its default is DUBIN); giving it asks for a kinematic plan",
  },
  {
    name: 'max-planning-time', kind: 'number', arg: 'S', above: 0, default: '5',
    help: "seconds a kinematic plan may take before it stops without a path (Nav2's max_planning_time, 5 s in Smac Hybrid)",
  },
];

/** What `plan --help` says about kinematic plans. */
export const KINEMATIC_NOTES: readonly string[] = [
  `A kinematic plan (a robot with a heading and a minimum turning radius) is asked for by a yaw in --from and --to (X,Y,YAW, radians counter-clockwise from the map's x axis), or by --footprint, --min-turning-radius or --motion, and takes both poses with their yaw. The robot is --footprint or a disc of --radius; the costmap is the one a round robot's plan has, inflated from the footprint's inscribed radius (or R), and the robot collides where its outline covers a lethal cell, leaves the map, or covers unknown space with --allow-unknown false. Hybrid-A* plans with Nav2's Smac Hybrid defaults (72 heading bins, reverse penalty 2, non-straight penalty 1.2, change penalty 0, analytic expansion ratio 3.5, 1000000 iterations, --max-planning-time 5 s) and --penalty as its cost_penalty (the library's additions: past 10000 expansions a second search runs from --to's end and takes turns with the first, past 50000 both order their queues by g + 1.5 h, and a forwards-only goal no drive can end at is unreachable at once), then shortens the path by exact curves. --tolerance defaults to ${NAV2_HYBRID_TOLERANCE} m here, Smac Hybrid's: when the robot does not fit at --to or no path reaches it, the plan ends at the nearest pose within it where the robot fits and that a path reaches, on a grid of the map's cells about --to, with --to's yaw. The start has no tolerance. Every path is checked (each step one arc no tighter than the radius, the outline free every half cell) before it is printed. Text output gives the length, cusps (changes of direction), the planning time and the poses (x, y, yaw) about every 0.5 m and at each cusp; --json gives every pose. --algo, --any-angle, --partial, --speed and --png are for a round robot's plan; --svg draws the part of the costmap round the path, the path (dashed where the robot reverses) and the robot's outline along it.`,
];

/** Whether `plan --ros` was asked for a kinematic plan; refuses the options it does not take and a pose without its yaw. */
export function kinematicWanted(args: Args): boolean {
  const from = args.need<number[]>('from'), to = args.need<number[]>('to');
  const asked = KINEMATIC_OPTIONS.filter((o) => args.has(o.name)).map((o) => `--${o.name}`);
  if (asked.length === 0 && from.length === 2 && to.length === 2) return false;
  const why = asked.length > 0 ? `${asked.join(' and ')} ask${asked.length === 1 ? 's' : ''} for a kinematic plan` : 'a yaw in --from or --to asks for a kinematic plan';
  for (const [name, p] of [['from', from], ['to', to]] as const) {
    if (p.length !== 3) throw new InputError(`plan: ${why}, which plans poses: give --${name} as X,Y,YAW (metres, and the heading in radians), got ${p.join(',')}`);
  }
  for (const name of ['algo', 'any-angle', 'partial', 'speed', 'png']) {
    if (args.has(name)) throw new InputError(`plan: --${name} is for a round robot's plan on a ROS map, not for a kinematic plan (${why})`);
  }
  if (args.has('footprint') === args.has('radius')) {
    throw new InputError(`plan: a kinematic plan needs ${args.has('footprint') ? 'only one of' : 'one of'} --footprint '[[x, y], ...]' (the robot's outline) and --radius R (a disc)`);
  }
  if (args.has('radius') && args.need<number>('radius') === 0) throw new InputError("plan: --radius 0 is a point; a kinematic plan's robot is a disc of --radius R > 0 or a --footprint");
  return true;
}

/** The inscribed radius of `footprint` (its largest disc about the reference point), as the checker measures it. */
function inscribedRadius(footprint: Footprint): number {
  // The checker holds the one definition; a one-cell costmap is all it needs to say it.
  return new FootprintChecker(makeCostmap(new Uint8Array(1), { width: 1, height: 1, resolution: 1, rowOrder: 'bottom-up' }), footprint).inscribedRadius;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
const fmt = (p: Pose) => `${p.x.toFixed(3)},${p.y.toFixed(3)},${p.theta.toFixed(3)}`;

/**
 * The poses text output prints: the first and last, each cusp, and one about
 * every `every` metres between.
 */
export function samplePoses(path: readonly Pose[], every: number): number[] {
  const keep = [0];
  let since = 0, lastDir = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1], b = path[i];
    since += Math.hypot(b.x - a.x, b.y - a.y);
    const dir = Math.sign((b.x - a.x) * Math.cos(a.theta) + (b.y - a.y) * Math.sin(a.theta));
    // The pose before a change of direction is the cusp, where the robot stops.
    const cusp = dir !== 0 && lastDir !== 0 && dir !== lastDir;
    if (dir !== 0) lastDir = dir;
    if (cusp && keep[keep.length - 1] !== i - 1) { keep.push(i - 1); since = Math.hypot(b.x - a.x, b.y - a.y); }
    if (i === path.length - 1 || since >= every - 1e-9) { keep.push(i); since = 0; }
  }
  return keep;
}

/** The kinematic half of `plan --ros`: exit 0 with a path, 1 without one. */
export function planKinematic(args: Args, io: Io): number {
  const file = args.need<string>('ros');
  const loaded = loadRosMap(file, `--ros ${file}`);
  const { map, name } = loaded;
  const keepout = loadMask(args, 'keepout', loaded, 'plan');
  const pictures = pictureTargets(args, ['svg'], [...loaded.files, ...(keepout?.files ?? [])], 'plan');
  const footprint = args.get<Footprint>('footprint');
  const robot: Footprint | number = footprint ?? args.need<number>('radius');
  const inscribed = typeof robot === 'number' ? robot : inscribedRadius(robot);
  const inflated = inflateFor(map, args, 'plan', inscribed);
  const costmap = keepout === undefined ? inflated.costmap : applyKeepout(inflated.costmap, keepout.map);
  const allowUnknown = args.need<string>('allow-unknown') === 'true';
  const checker = new FootprintChecker(costmap, robot, { allowUnknown });
  const R = args.need<number>('min-turning-radius');
  const motion = args.need<'dubins' | 'reeds-shepp'>('motion');
  const penalty = args.need<number>('penalty');
  const tolerance = args.has('tolerance') ? args.need<number>('tolerance') : NAV2_HYBRID_TOLERANCE;
  const [fx, fy, fyaw] = args.need<[number, number, number]>('from'), [tx, ty, tyaw] = args.need<[number, number, number]>('to');
  const start: Pose = { x: fx, y: fy, theta: fyaw }, goal: Pose = { x: tx, y: ty, theta: tyaw };
  for (const [option, p] of [['--from', start], ['--to', goal]] as const) {
    const [mx, my] = mapPoint(map, [p.x, p.y]);
    const r = map.resolution;
    if (!(mx >= 0 && mx <= map.width * r && my >= 0 && my <= map.height * r)) throw new InputError(`plan: ${option} ${p.x},${p.y} is outside the map ${name}, which ${extent(map)}`);
  }
  const what = typeof robot === 'number' ? `a disc of --radius ${robot} m` : 'the --footprint';
  const where = `it covers an obstacle (cost 254)${allowUnknown ? '' : ' or unknown space (--allow-unknown false)'} or leaves the map`;
  if (checker.collides(start)) throw new InputError(`plan: --from ${fx},${fy},${fyaw}: the robot (${what}) does not fit there, ${where} (the start has no tolerance, as in Nav2)`);

  const t0 = performance.now();
  let r: HybridAStarResult;
  try {
    r = hybridAStar(checker, start, goal, { motion, minimumTurningRadius: R, costPenalty: penalty, tolerance, maxPlanningTime: args.need<number>('max-planning-time') });
  } catch (e) {
    // The start is checked above: the one refusal left is a goal with no pose within the tolerance where the robot fits.
    if (e instanceof InputError && /collides at the goal/.test(e.message)) {
      throw new InputError(`plan: --to ${tx},${ty},${tyaw}: the robot (${what}) does not fit there, ${where}, nor at any pose within --tolerance ${tolerance} m of it`);
    }
    throw e;
  }
  const ms = performance.now() - t0;
  const path = r.status === 'found' ? r.path! : null;
  if (path !== null) {
    const verdict = checkKinematicPath(path, { radius: R, checker });
    // A path the planner returns must pass: a failure is our defect, reported with its stack.
    if (!verdict.ok) throw new Error(`plan: the planned path fails checkKinematicPath: ${verdict.violation!.message}`);
  }
  const reached = r.goal ?? goal;
  const wrote = [...pictures].map(([option, out]) => writePicture('plan', option, out, kinematicSvg({
    map, costmap, robot, start, goal: reached, path, title: `bestfirst plan --ros ${name}, ${motion}, from ${fx},${fy},${fyaw} to ${tx},${ty},${tyaw}`,
  }), 'SVG of the costmap round the path'));
  const tolerated = r.status === 'found' && r.goalDistance > 0 ? { pose: [reached.x, reached.y, reached.theta].map((v) => round(v, 6)), distance: round(r.goalDistance, 6) } : null;

  if (args.flag('json')) {
    io.out(JSON.stringify({
      ros: file, motion, minTurningRadius: R, footprint: footprint === undefined ? null : footprint.vertices.map((v) => [v.x, v.y]),
      radius: typeof robot === 'number' ? robot : null, inscribedRadius: round(inscribed, 6), inflation: inflated.inflation, scaling: inflated.scaling, unknown: inflated.unknown,
      allowUnknown, tolerance, tolerated, penalty, keepout: keepout === undefined ? null : args.need<string>('keepout'),
      from: [fx, fy, fyaw], to: [tx, ty, tyaw], status: r.status, reason: r.reason, length: path === null ? null : r.length, cusps: path === null ? null : r.cusps,
      expansions: r.expansions, foundFrom: r.foundFrom, elapsedMs: round(ms, 3), costmapMs: round(inflated.milliseconds, 1), poses: path === null ? [] : path.map((p) => [p.x, p.y, p.theta]),
    }));
  } else {
    const shape = footprint === undefined ? undefined : `robot footprint ${JSON.stringify(footprint.vertices.map((v) => [v.x, v.y]))} (inscribed radius ${round(inscribed, 3)} m)`;
    io.out(`${describeInflation(loaded, inflated, shape)}${keepout === undefined ? '' : `, keepout ${keepout.name}`}, penalty ${penalty}${allowUnknown ? '' : ', unknown space blocked (--allow-unknown false)'}`);
    io.out(`motion ${motion}, minimum turning radius ${R} m, tolerance ${tolerance} m; from ${fx},${fy},${fyaw} to ${tx},${ty},${tyaw}; costmap in ${inflated.milliseconds.toFixed(1)} ms`);
    if (tolerated !== null) {
      const why = checker.collides(goal) ? 'the robot does not fit at --to' : 'no path reaches --to';
      io.out(`goal within --tolerance ${tolerance} m: ${why}; planning to ${fmt(reached)}, ${r.goalDistance.toFixed(3)} m from it`);
    }
    if (path !== null) {
      io.out(`found: length ${r.length.toFixed(3)} m, ${r.cusps} cusp${r.cusps === 1 ? '' : 's'}, ${path.length} poses, ${r.expansions} expansions${r.foundFrom === 'goal' ? ' (found by the search from --to\'s end)' : ''}, ${ms.toFixed(1)} ms`);
      const keep = samplePoses(path, 0.5);
      io.out(`poses (x m, y m, yaw rad; ${keep.length} of ${path.length}: about every 0.5 m and at each cusp, all with --json) ${keep.map((i) => `(${fmt(path[i])})`).join(' ')}`);
    } else {
      io.out(`no path (${r.status}${r.reason === null ? '' : `: ${r.reason}`}), ${r.expansions} expansions, ${ms.toFixed(1)} ms`);
    }
  }
  sayWritten(io, wrote, args.flag('json'));
  return r.status === 'found' ? 0 : 1;
}
