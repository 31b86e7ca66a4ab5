import { InputError } from '#bestfirst';
import { ALGO_OPTION, ANY_ANGLE_OPTION, chosenAlgo, gridFor } from './algos.js';
import { displayName, endpoint, jsonOption, loadMap, MAP_OPTION, pointOption, SAVED_OPTION, savedArg } from './files.js';
import type { Io } from './io.js';
import { planRos, rosPlanWanted, ROS_OPTION, ROS_PLAN_NOTES, ROS_PLAN_OPTIONS } from './plan-ros.js';
import { KINEMATIC_NOTES, KINEMATIC_OPTIONS, kinematicWanted, planKinematic } from './plan-kinematic.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { checkedSearch } from './checked-search.js';
import { formatTerrain, PARTIAL_OPTION, TERRAIN_OPTION, withTerrain, type TerrainSpec } from './terrain.js';
import { planScene, writeGridPictures } from './picture/draw-grid.js';
import { pictureTargets, PNG_OPTION, sayWritten, svgOption } from './picture/output.js';

/** What `plan --help` says about the pictures. */
const PICTURE_NOTE = 'With --svg or --png the plan is also drawn: one map cell is k x k pixels (k as large as keeps the longer side within 2048 pixels, at least 1); a Moving AI map\'s free cells light, walls dark, trees green, swamp olive, water blue; a ROS map\'s costmap as RViz shows Nav2\'s (free white, graded costs blue to red, inscribed cyan, lethal magenta, unknown grey teal); the path red through the cell centres (an any-angle path through its waypoints), the start a green disc, the goal a blue square. The picture is drawn without a path too (no path, or the partial one). The expanded cells are not drawn. Each picture is written whole through a temporary file beside it; text output ends with one wrote line per picture, --json output is unchanged.';

/**
 * `bestfirst plan --map FILE.map --from X,Y --to X,Y [--algo A | --any-angle]
 * [--terrain L=W,...] [--partial] [--json]`: one query, printed as cost,
 * cells on the path (waypoints with --any-angle), expansions, time and the
 * path itself. Exit 0 with a path, 1 without one (a partial path included).
 * With `--ros` instead of `--map`, a plan in metres on a ROS map
 * (cli/plan-ros.ts).
 */
export const PLAN: CommandSpec = {
  name: 'plan',
  summary: 'one path on a Moving AI map, or in metres on a ROS map',
  about: 'One path on a Moving AI map (--map), or on a ROS map for a round robot (--ros), or on a ROS map for a robot with a heading, an outline and a minimum turning radius (--ros with poses X,Y,YAW: Hybrid-A*): its cost or length, expansions, time and the path itself. The path is checked (start, goal, legal moves; for a kinematic plan curvature and the outline all along it) before it is printed.',
  forms: [
    'bestfirst plan --map FILE.map --from X,Y --to X,Y [options]',
    'bestfirst plan --ros FILE.yaml --from X,Y --to X,Y --radius R [options]',
    'bestfirst plan --ros FILE.yaml --from X,Y,YAW --to X,Y,YAW [options]',
  ],
  options: [
    { ...MAP_OPTION, required: false, help: `${MAP_OPTION.help}; this or --ros` },
    ROS_OPTION,
    { ...pointOption('from', 'the start: a cell (integers) with --map, a point in metres with --ros, a pose with its yaw for a kinematic plan'), decimal: true, yaw: true },
    { ...pointOption('to', 'the goal: a cell (integers) with --map, a point in metres with --ros, a pose with its yaw for a kinematic plan'), decimal: true, yaw: true },
    ALGO_OPTION,
    ANY_ANGLE_OPTION,
    { ...SAVED_OPTION, help: `${SAVED_OPTION.help}; with --map` },
    TERRAIN_OPTION,
    PARTIAL_OPTION,
    ...ROS_PLAN_OPTIONS,
    ...KINEMATIC_OPTIONS,
    svgOption('the map (with --ros its costmap, in Nav2\'s colours), the start (disc), the goal (square) and the path'),
    PNG_OPTION,
    jsonOption('print one JSON record (map, algo, from, to, status, partial, cost, cells, expansions, elapsedMs, buildMs for subgoal4, subgoal8, preprocessed8 and jps-plus, or loadMs with --saved, path) instead of text; with --any-angle, cells counts waypoints'),
  ],
  notes: [...ROS_PLAN_NOTES, ...KINEMATIC_NOTES, PICTURE_NOTE, 'Exit status: 0 a path was found, 1 no path (or a failed check), 2 a mistake in the command line or the files.'],
  run,
};

export function planCommand(args: readonly string[], io: Io): number {
  return runCommand(PLAN, args, io);
}

function run(args: Args, io: Io): number {
  if (args.has('map')) {
    for (const o of KINEMATIC_OPTIONS) if (args.has(o.name)) throw new InputError(`plan: --${o.name} is for a kinematic plan on a ROS map (--ros FILE.yaml, poses X,Y,YAW)`);
  }
  const algo = chosenAlgo(args, 'plan');
  if (rosPlanWanted(args)) {
    if (kinematicWanted(args)) {
      if (args.has('saved')) throw new InputError('plan: --saved goes with --map (a ROS map is planned on its costmap, built each time)');
      return planKinematic(args, io);
    }
    // A ROS map is planned on a costmap with weights, which no search that keeps its preprocessing takes.
    if (args.has('saved')) throw new InputError('plan: --saved goes with --map (a ROS map is planned on its costmap, built each time)');
    return planRos(args, io, algo);
  }
  const mapFile = args.need<string>('map');
  // Checked before the map is read: a picture that cannot be written is said before any work.
  const pictures = pictureTargets(args, ['svg', 'png'], [mapFile], 'plan');
  const terrain = args.get<TerrainSpec>('terrain');
  const grid = gridFor(algo, withTerrain(loadMap(mapFile), terrain));
  const start = endpoint(grid, args.need('from'), '--from', mapFile);
  const goal = endpoint(grid, args.need('to'), '--to', mapFile);

  const run = checkedSearch(algo, grid, start, goal, args.flag('partial'), io, savedArg(args));
  if (run === null) return 1;
  const { runner, searcher, status, microseconds, buf, count, partial } = run;
  const path = Array.from(buf.subarray(0, count), (n) => [grid.x(n), grid.y(n)] as [number, number]);
  // Drawn before anything is printed, so a failed write is the one line on stderr.
  const wrote = pictures.size === 0 ? [] : writeGridPictures('plan', pictures, planScene(grid, buf.subarray(0, count), start, goal, `bestfirst plan ${displayName(mapFile)}, ${algo.name}, from ${grid.formatXY(start)} to ${grid.formatXY(goal)}`));

  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, algo: algo.name, ...(terrain === undefined ? {} : { terrain }), from: [grid.x(start), grid.y(start)], to: [grid.x(goal), grid.y(goal)],
      status, partial, cost: count > 0 ? searcher.cost : null, cells: count, expansions: searcher.expansions,
      elapsedMs: Math.round(microseconds) / 1000, ...(runner.buildMs === undefined ? {} : { buildMs: Math.round(runner.buildMs * 10) / 10 }),
      ...(runner.loadMs === undefined ? {} : { loadMs: Math.round(runner.loadMs * 10) / 10 }), path,
    }));
  } else {
    const weighed = terrain === undefined ? '' : `, terrain ${formatTerrain(terrain)}`;
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}${algo.connectivity === 4 ? ', 4-connected' : ''}), algo ${algo.name}${weighed}, from ${grid.formatXY(start)} to ${grid.formatXY(goal)}`);
    if (runner.buildMs !== undefined) io.out(`preprocessing ${runner.buildMs.toFixed(1)} ms (once per map)`);
    if (runner.loadMs !== undefined) io.out(`preprocessing loaded in ${runner.loadMs.toFixed(1)} ms (--saved)`);
    if (status === 'found') {
      const parts = algo.promise === 'any-angle' ? `${count} waypoints (${count - 1} segments)` : `${count} cells (${count - 1} moves)`;
      io.out(`cost ${searcher.cost.toFixed(8)}, ${parts}, ${searcher.expansions} expansions, ${microseconds.toFixed(1)} us`);
    } else {
      io.out(`no path (${status}), ${searcher.expansions} expansions, ${microseconds.toFixed(1)} us`);
      if (partial) io.out(`partial path to ${grid.formatXY(buf[count - 1])}, the reached cell nearest the goal: cost ${searcher.cost.toFixed(8)}, ${count} cells (${count - 1} moves)`);
    }
    if (count > 0) io.out(`path ${path.map(([x, y]) => `(${x},${y})`).join(' ')}`);
  }
  sayWritten(io, wrote, args.flag('json'));
  return status === 'found' ? 0 : 1;
}
