import { type Grid, InputError } from '#bestfirst';
import { applyKeepout, costmapToGrid, INSCRIBED, LETHAL, NO_INFORMATION, speedWeights, withRowOrder, type Costmap } from '#bestfirst/costmap';
import { cellToWorld, goalWithinTolerance, mapPoint, worldToCell, type RosMap, type ToleratedGoal } from '#bestfirst/io';
import { gridFor, takesWeights, WEIGHING_ALGOS, type Algo } from './algos.js';
import type { Io } from './io.js';
import type { Args, OptionSpec } from './options.js';
import { describeInflation, IMAGE_RULE, inflateFor, INFLATION_OPTIONS, KEEPOUT_OPTION, loadMask, loadRosMap, RADIUS_OPTION } from './ros-map.js';
import { checkedSearch } from './checked-search.js';
import { costmapScene, writeGridPictures } from './picture/draw-grid.js';
import { pictureTargets, sayWritten } from './picture/output.js';

/**
 * `bestfirst plan --ros map.yaml --from X,Y --to X,Y --radius R [--keepout
 * MASK.yaml] [--speed MASK.yaml] [--unknown U] [--tolerance M]
 * [--allow-unknown B] [--partial]`: one path in metres on a ROS map, for a
 * round robot, on Nav2's inflated costmap with its keepout and speed filters,
 * with Nav2's goal tolerance and allow_unknown. `plan` (cli/plan.ts) hands
 * over here when `--ros` is given.
 */

/** `--ros FILE.yaml`, the other map `plan` takes. */
export const ROS_OPTION: OptionSpec = {
  name: 'ros', kind: 'file', arg: 'FILE.yaml',
  help: 'a ROS map_server map (its YAML; the image beside it): plan in metres for a round robot of --radius R; this or --map',
};

/** Smac 2D's default `cost_travel_multiplier`. */
const NAV2_COST_PENALTY = '2';
/** Smac 2D's default `tolerance`, metres (NavFn's is 0.5): the cost rule here is Smac 2D's, so its tolerance too. */
const NAV2_TOLERANCE = '0.125';

/** The options only a ROS plan reads, after `--algo` in `plan`'s table. */
export const ROS_PLAN_OPTIONS: readonly OptionSpec[] = [
  { ...RADIUS_OPTION, help: `${RADIUS_OPTION.help} [required with --ros]` },
  ...INFLATION_OPTIONS,
  {
    name: 'penalty', kind: 'number', arg: 'P', min: 0, default: NAV2_COST_PENALTY,
    help: "how much the graded costs weigh: a step into a cell of cost c (below 253) costs its length times 1 + P c / 252 (the rule of Nav2's Smac 2D planner, whose default P is 2); 0 finds the shortest path that keeps clear of the inscribed band",
  },
  {
    name: 'tolerance', kind: 'number', arg: 'M', min: 0, default: NAV2_TOLERANCE,
    help: "Nav2's goal tolerance, metres: when the robot's centre cannot be at --to, or no path reaches it, the path goes to the cell reachable from --from whose centre is nearest --to, if that is within M (the default is Smac 2D's tolerance; NavFn's is 0.5; 0 for none; a kinematic plan's default is Smac Hybrid's 0.25 and its goal a pose). As in Nav2, the start has no tolerance",
  },
  {
    name: 'allow-unknown', kind: 'choice', arg: 'B', choices: ['true', 'false'], default: 'true',
    help: "whether a path may cross unknown space (cost 255), Nav2's allow_unknown, true by default in NavFn and the Smac planners; false blocks it",
  },
  KEEPOUT_OPTION,
  {
    name: 'speed', kind: 'file', arg: 'MASK.yaml',
    help: "a Nav2 speed mask of the same size, resolution and origin (a ROS map, mode scale as Nav2 draws them): a mask value v from 1 to 100 limits the speed to 100 - v percent (Nav2's example filter: base 100, multiplier -1), so a step there costs 100 / (100 - v) times as much; 0, 100 and unknown are no limit",
  },
];

/** What `plan --help` adds about ROS maps. */
export const ROS_PLAN_NOTES: readonly string[] = [
  `With --ros: --from and --to are points in metres in the map's world frame (y up; a map whose origin has a yaw is turned by it about its origin, as map_server's origin says, though Nav2's costmap ignores the yaw); each must lie on the map. --from must be in a cell the robot's centre may occupy (not an obstacle, not within R of one, not in a keepout zone, not in unknown space with --allow-unknown false); --to too, or have such a cell reachable from --from within --tolerance, which the path then ends at. The costmap is Nav2's inflation layer, with the keepout mask merged (the larger cost wins); cells of cost 253 and 254 are blocked, unknown cells (255) as --allow-unknown says, and the speed mask's factors multiply the weights. With --partial, when the goal cannot be reached (even within --tolerance) the path goes to the reached cell nearest the goal (straight-line cells), marked partial (exit 1). The path is printed as cell centres in metres (3 decimals; with --any-angle its waypoints); cost is the weighted cost, length the path's length in metres. ${IMAGE_RULE}`,
  'With --ros --json the record holds ros, algo, from and to (metres), fromCell and toCell (column, row from the top; toCell the cell planned to), radius, inflation, scaling, unknown, allowUnknown, tolerance, tolerated (null when the goal\'s own cell was planned to, else { cell, at, distance }: the cell used, its centre in metres and its distance from --to), penalty, keepout and speed (the mask files, or null), status, partial, cost, length, cells, expansions, elapsedMs, costmapMs and path (cell centres in metres).',
];

/**
 * Which map `plan` was given: true for `--ros` (run `planRos`), false for
 * `--map`. Refuses neither or both, the ROS options with `--map`, and
 * decimal points with `--map`, before any file is read.
 */
export function rosPlanWanted(args: Args): boolean {
  const ros = args.has('ros'), map = args.has('map');
  if (ros === map) {
    throw new InputError(`plan: give ${ros ? 'only one of' : 'one of'} --map FILE.map (a Moving AI map, points are cells) and --ros FILE.yaml (a ROS map, points in metres)`);
  }
  if (ros) {
    // Terrain letters are a Moving AI map's; a costmap weighs its cells by cost.
    if (args.has('terrain')) throw new InputError('plan: --terrain is for a Moving AI map (--map FILE.map), not for --ros');
    return true;
  }
  for (const o of ROS_PLAN_OPTIONS) {
    if (args.has(o.name)) throw new InputError(`plan: --${o.name} is for a ROS map (--ros FILE.yaml); a --map plan takes cells as they are`);
  }
  for (const name of ['from', 'to']) {
    const p = args.need<number[]>(name);
    if (p.length !== 2 || !Number.isSafeInteger(p[0]) || !Number.isSafeInteger(p[1])) {
      throw new InputError(`plan: --${name} ${p.join(',')} must be a cell with --map: X,Y decimal integers, x the column, y the row from the top (points in metres, and poses with a yaw, are for --ros)`);
    }
  }
  return false;
}

/** Why a blocked cell is blocked, from its cost. */
function why(cost: number, radius: number): string {
  return cost === LETHAL ? 'an obstacle (cost 254, lethal)'
    : cost === NO_INFORMATION ? 'unknown space (cost 255), which --allow-unknown false blocks'
    : cost === INSCRIBED ? `within the robot's radius ${radius} m of an obstacle (cost 253, inscribed)`
    : `blocked (cost ${cost})`;
}

/** The map's extent in a refusal: its corners on a turned map, its ranges on an upright one. */
export function extent(map: RosMap): string {
  const { width, height, resolution: r, origin } = map;
  if (origin.yaw === 0) return `covers x from ${origin.x} to ${round3(origin.x + width * r)} and y from ${origin.y} to ${round3(origin.y + height * r)} m`;
  return `is ${round3(width * r)} x ${round3(height * r)} m turned by its origin's yaw ${origin.yaw} rad about (${origin.x}, ${origin.y})`;
}

/**
 * The cell of a point given by `option`, refused off the map; `blocked` says
 * why the robot's centre may not be in it (undefined when it may):
 * `inflated` is the costmap before the keepout mask, to say when the mask is
 * what blocks the cell.
 */
function endpoint(map: RosMap, grid: Grid, costmap: Costmap, inflated: Costmap, [x, y]: readonly [number, number], option: string, name: string, radius: number): { cell: number; blocked?: string } {
  const [mx, my] = mapPoint(map, [x, y]);
  const { width, height, resolution: r } = map;
  // The library's own edge rule (a rounding's width of slack) decides; this only words the refusal.
  if (!(mx >= -1e-6 * r && mx <= (width + 1e-6) * r && my >= -1e-6 * r && my <= (height + 1e-6) * r)) {
    throw new InputError(`plan: ${option} ${x},${y} is outside the map ${name}, which ${extent(map)}`);
  }
  const n = worldToCell(map, [x, y]);
  if (grid.cells[n] === 0) return { cell: n };
  // Turned top-down, a costmap's index n is the cell of Grid id n.
  const c = withRowOrder(costmap, 'top-down').cost[n];
  const reason = c > withRowOrder(inflated, 'top-down').cost[n] ? `in a keepout zone of the --keepout mask (cost ${c})` : why(c, radius);
  return { cell: n, blocked: reason };
}

const round3 = (v: number) => Number(v.toFixed(3));

/** The ROS half of `plan`: exit 0 with a path, 1 without one (a partial path included, or a failed check). */
export function planRos(args: Args, io: Io, algo: Algo): number {
  const loaded = loadRosMap(args.need<string>('ros'), `--ros ${args.need<string>('ros')}`);
  const { map, name } = loaded;
  // Every file read and checked before any work.
  const keepout = loadMask(args, 'keepout', loaded, 'plan');
  const speed = loadMask(args, 'speed', loaded, 'plan');
  const pictures = pictureTargets(args, ['svg', 'png'], [...loaded.files, ...(keepout?.files ?? []), ...(speed?.files ?? [])], 'plan');
  const inflated = inflateFor(map, args, 'plan');
  const { radius } = inflated;
  const costmap = keepout === undefined ? inflated.costmap : applyKeepout(inflated.costmap, keepout.map);
  const penalty = args.need<number>('penalty');
  const weights = speed === undefined ? undefined : speedWeights(costmap, speed.map);
  const allowUnknown = args.need<string>('allow-unknown') === 'true';
  const tolerance = args.need<number>('tolerance');
  // The map as the algorithm searches it: made 4-connected for a 4-connected method (subgoal4), as `plan --map` does.
  const grid = gridFor(algo, costmapToGrid(costmap, { costPenalty: penalty, allowUnknown, ...(weights === undefined ? {} : { weights }) }));
  if (grid.weights !== null && !takesWeights(algo)) {
    const why = [penalty > 0 ? `--penalty ${penalty} weighs the graded costs` : '', speed === undefined ? '' : '--speed weighs the mask\'s cells'].filter((w) => w !== '').join(' and ');
    throw new InputError(`plan: --algo ${algo.name} assumes every free cell costs the same, and this costmap's cells have weights (${why}): use --algo ${WEIGHING_ALGOS.join(', ')}, or --penalty 0${speed === undefined ? '' : ' without --speed'}`);
  }
  const from = args.need<[number, number]>('from'), to = args.need<[number, number]>('to');
  const s = endpoint(map, grid, costmap, inflated.costmap, from, '--from', name, radius);
  // Nav2's planners take no tolerance for the start (Smac: "Start occupied"): refused as it is.
  const inCell = (option: string, [x, y]: readonly [number, number], n: number) => `${option} ${x},${y} is in cell ${grid.formatXY(n)} (column, row from the top) of ${name}`;
  if (s.blocked !== undefined) throw new InputError(`plan: ${inCell('--from', from, s.cell)}, ${s.blocked}: the robot's centre cannot be there (the start has no tolerance, as in Nav2)`);
  const start = s.cell;
  const g = endpoint(map, grid, costmap, inflated.costmap, to, '--to', name, radius);
  const partialWanted = args.flag('partial');
  // Nav2's goal tolerance: the goal's own cell when the robot may be there and a path reaches it, else the
  // reachable cell nearest the goal within --tolerance (goalWithinTolerance, as NavFn and Smac 2D choose).
  let tolerated: ToleratedGoal | null = null;
  let goal = g.cell;
  if (g.blocked !== undefined) {
    tolerated = tolerance > 0 ? goalWithinTolerance(map, grid, to, tolerance, { reachableFrom: start }) : null;
    if (tolerated === null) {
      throw new InputError(`plan: ${inCell('--to', to, g.cell)}, ${g.blocked}: the robot's centre cannot be there, and no cell within --tolerance ${tolerance} m of it is one it may occupy and reach from --from${tolerance > 0 ? '' : ' (0: no tolerance)'}`);
    }
    goal = tolerated.cell;
  }
  let run = checkedSearch(algo, grid, start, goal, partialWanted, io);
  if (run === null) return 1;
  if (run.status !== 'found' && tolerated === null && tolerance > 0) {
    // The goal's cell is free but out of reach: a reachable cell within the tolerance will do, as in Nav2.
    const other = goalWithinTolerance(map, grid, to, tolerance, { reachableFrom: start });
    if (other !== null) {
      tolerated = other;
      goal = other.cell;
      run = checkedSearch(algo, grid, start, goal, partialWanted, io);
      if (run === null) return 1;
    }
  }
  const { searcher, status, microseconds, buf, count, partial } = run;
  const toleratedRecord = tolerated === null ? null : { cell: [grid.x(tolerated.cell), grid.y(tolerated.cell)], at: cellToWorld(map, tolerated.cell).map(round3), distance: round3(tolerated.distance) };
  let length = 0;
  if (count > 0) {
    // The geometric length: each step's (or any-angle segment's) length in metres, whatever the weights.
    for (let i = 1; i < count; i++) length += Math.hypot(grid.x(buf[i]) - grid.x(buf[i - 1]), grid.y(buf[i]) - grid.y(buf[i - 1]));
    length *= grid.cellSize;
  }
  const path = Array.from(buf.subarray(0, count), (n) => { const [x, y] = cellToWorld(map, n); return [round3(x), round3(y)] as [number, number]; });
  // The costmap as planned on (keepout merged), rows from the top as the grid's ids run.
  const wrote = pictures.size === 0 ? [] : writeGridPictures('plan', pictures, costmapScene(grid, withRowOrder(costmap, 'top-down').cost, buf.subarray(0, count), start, goal, `bestfirst plan --ros ${name}, ${algo.name}, from ${from.join(',')} m to ${to.join(',')} m`));

  if (args.flag('json')) {
    io.out(JSON.stringify({
      ros: args.need<string>('ros'), algo: algo.name, from, to, fromCell: [grid.x(start), grid.y(start)], toCell: [grid.x(goal), grid.y(goal)],
      radius, inflation: inflated.inflation, scaling: inflated.scaling, unknown: inflated.unknown, allowUnknown, tolerance, tolerated: toleratedRecord, penalty,
      keepout: keepout === undefined ? null : args.need<string>('keepout'), speed: speed === undefined ? null : args.need<string>('speed'), status, partial,
      cost: count > 0 ? searcher.cost : null, length: count > 0 ? length : null, cells: count, expansions: searcher.expansions,
      elapsedMs: Math.round(microseconds) / 1000, costmapMs: Math.round(inflated.milliseconds * 10) / 10, path,
    }));
  } else {
    const masks = `${keepout === undefined ? '' : `, keepout ${keepout.name}`}${speed === undefined ? '' : `, speed ${speed.name}`}`;
    io.out(`${describeInflation(loaded, inflated)}${masks}, penalty ${penalty}${allowUnknown ? '' : ', unknown space blocked (--allow-unknown false)'}, algo ${algo.name}`);
    io.out(`from ${from.join(',')} m (cell ${grid.formatXY(start)}) to ${to.join(',')} m (cell ${grid.formatXY(goal)}); costmap in ${inflated.milliseconds.toFixed(1)} ms`);
    if (tolerated !== null) {
      const why = g.blocked !== undefined ? `its cell ${grid.formatXY(g.cell)} is ${g.blocked}` : `no path reaches its cell ${grid.formatXY(g.cell)}`;
      io.out(`goal within --tolerance ${tolerance} m: ${why}; planning to cell ${grid.formatXY(tolerated.cell)} at ${toleratedRecord!.at.map((v) => v.toFixed(3)).join(',')} m, ${tolerated.distance.toFixed(3)} m from --to`);
    }
    if (status === 'found') {
      const parts = algo.promise === 'any-angle' ? `${count} waypoints (${count - 1} segments)` : `${count} cells (${count - 1} moves)`;
      io.out(`found: cost ${searcher.cost.toFixed(3)}, length ${length.toFixed(3)} m, ${parts}, ${searcher.expansions} expansions, ${microseconds.toFixed(1)} us`);
    } else {
      io.out(`no path (${status}), ${searcher.expansions} expansions, ${microseconds.toFixed(1)} us`);
      if (partial) io.out(`partial path to ${path[count - 1].map((v) => v.toFixed(3)).join(',')} m (cell ${grid.formatXY(buf[count - 1])}), the reached cell nearest the goal: cost ${searcher.cost.toFixed(3)}, length ${length.toFixed(3)} m, ${count} cells (${count - 1} moves)`);
    }
    if (count > 0) io.out(`path (m) ${path.map(([x, y]) => `(${x.toFixed(3)},${y.toFixed(3)})`).join(' ')}`);
  }
  sayWritten(io, wrote, args.flag('json'));
  return status === 'found' ? 0 : 1;
}
