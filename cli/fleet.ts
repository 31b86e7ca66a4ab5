import { InputError } from '#bestfirst';
import { cbs, lacam, pibt, prioritizedPlan, type MapfResult } from '#bestfirst/mapf';
import { checkMapfPlan } from '#bestfirst/mapf';
import { checkScenario, parseScen } from '#bestfirst/io';
import { MAX_SCEN_BYTES } from '#bestfirst/internal';
import { displayName, jsonOption, loadMap, MAP_OPTION, readText, resolveMap } from './files.js';
import { progressBar, type Io } from './io.js';
import type { Args, CommandSpec } from './options.js';
import { fleetScene, writeGridPictures } from './picture/draw-grid.js';
import { CHECKED_ROBOT_STEPS, LIFELONG_ONLY, runLifelong } from './fleet-lifelong.js';
import { pictureTargets, PNG_OPTION, sayWritten, svgOption } from './picture/output.js';

/** The planners `--solver` names. */
const SOLVERS = ['prioritized', 'cbs', 'pibt', 'lacam'] as const;

/** The time limit unless --time-limit or --max-ms says otherwise. */
const DEFAULT_MS = 30_000;

/**
 * `bestfirst fleet --map FILE.map --scen FILE.scen --agents K [--solver S]
 * [--time-limit S | --max-ms MS] [--seed N] [--json]`: plans the first K
 * agents of a MAPF scenario file, checks the plan with `checkMapfPlan`, and
 * prints whether it was solved (or why not), the sum of costs, the
 * makespan, the lower bound and the time; with --json, one record with
 * every agent's path. LaCAM improves its plan until the time limit and
 * prints the best it has then.
 */
export const FLEET: CommandSpec = {
  name: 'fleet',
  summary: 'plan many agents on one map (MAPF): prioritized, CBS, PIBT or LaCAM*; lifelong warehouse operation',
  forms: [
    'bestfirst fleet --map FILE.map --scen FILE.scen --agents K [options]',
    'bestfirst fleet --lifelong --map FILE.map --agents K --steps N [options]',
  ],
  about: 'Plans the first K agents of a multi-agent (MAPF) scenario file on its map, every agent moving to a side neighbour or waiting at each step, with no two on one cell and no two swapping: prioritized planning (cooperative A*, fast, not optimal, may fail), conflict-based search (least sum of costs), PIBT (one step at a time for every agent at once, very fast, may fail) or LaCAM* (a search over PIBT\'s steps: complete, and improving its plan until the time limit). The plan is checked by the independent plan checker before anything is printed. With --lifelong: K robots at seeded free cells run N steps of warehouse operation, each given its next goal on arrival (pick station, shelf spot, drop station, from a seeded stream), and the throughput and the planning time per step are printed.',
  options: [
    MAP_OPTION,
    { name: 'scen', kind: 'file', arg: 'FILE.scen', help: 'a Moving AI scenario file whose rows are the agents, in order (the MAPF benchmark\'s); required without --lifelong' },
    { name: 'force-map', kind: 'flag', help: 'run on --map even when the rows name a map of another name' },
    { name: 'agents', kind: 'integer', arg: 'K', min: 1, max: 100_000, required: true, help: 'plan the first K rows of FILE.scen (with --lifelong: K robots)' },
    { name: 'lifelong', kind: 'flag', help: 'lifelong operation: K robots at seeded free cells, each given a new goal on arrival (pick station in the map\'s leftmost free column, shelf spot beside a shelf, drop station in its rightmost), for --steps N steps' },
    { name: 'steps', kind: 'integer', arg: 'N', min: 0, max: 1_000_000, help: 'with --lifelong: the steps to run' },
    { name: 'window', kind: 'integer', arg: 'W', min: 1, max: 10_000, help: 'with --lifelong --solver lacam: the steps carried out of each plan before replanning [default: 5]' },
    { name: 'solver', kind: 'choice', arg: 'S', choices: SOLVERS, default: 'prioritized', help: 'prioritized (cooperative A*), cbs (conflict-based search, optimal), pibt (priority inheritance with backtracking) or lacam (LaCAM*, complete, anytime); with --lifelong pibt (the default there) or lacam' },
    { name: 'time-limit', kind: 'number', arg: 'S', min: 0, max: 86_400, help: 'stop the planner after S seconds of wall time (LaCAM: stop improving its plan; --lifelong: stop the run, none by default) [default: 30]' },
    { name: 'max-ms', kind: 'number', arg: 'MS', min: 0, max: 86_400_000, help: 'the time limit in milliseconds instead (not with --time-limit)' },
    { name: 'seed', kind: 'integer', arg: 'N', min: 0, max: 4_294_967_295, default: '0', help: 'the seed of the tie-breaks of pibt and lacam' },
    svgOption('the map and every agent\'s path, each agent in a colour of its own (hues a golden angle apart), its start a disc and its goal a square of that colour'),
    PNG_OPTION,
    jsonOption('print one JSON record (the summary, and every agent\'s path as [x, y] cells, or null) instead of text'),
  ],
  notes: [
    'With --svg or --png the plan is drawn: one map cell k x k pixels (the longer side within 2048 pixels, at least 1 a cell), walls dark, free cells light, agent i\'s path, start and goal in the i-th colour of a palette whose hues turn by the golden angle (about 137.5 degrees) from one agent to the next; a wait draws nothing. Without a plan (unsolved) only the starts and goals are drawn. Text output ends with one wrote line per picture; --json output is unchanged.',
'LaCAM runs until the time limit improving its plan (unless it proves the plan optimal first: it then says so), and prints the best plan it has then, with its first plan\'s sum of costs and how long it took.',
    `With --lifelong the output is the run (robots, steps, solver, seed), the stations found on the map, the steps run with the tasks done (errands: pick, shelf, drop), the goals reached and the throughput (tasks per 100 steps), and the planning time per step (mean, 95th percentile, largest); every step is checked with the plan checker (each robot's path from its start to where it ended) unless the run is over ${CHECKED_ROBOT_STEPS} robot-steps. With --json, one record of the same. A time limit ends the run early and the counts cover the steps run (exit 0).`,
    'Exit status: 0 a plan, checked valid (LaCAM stopped by the time limit with a plan counts, and so does LaCAM*\'s first plan when CBS is stopped without one: the output says which planned), 1 no plan (unsolvable, prioritized planning or PIBT stuck, or the time limit) or an invalid plan, 2 a mistake in the command line or the files.'],
  run,
};

function run(args: Args, io: Io): number {
  const seconds = args.get<number>('time-limit'), millis = args.get<number>('max-ms');
  if (seconds !== undefined && millis !== undefined) throw new InputError('--time-limit and --max-ms both set the time limit; give one');
  if (args.flag('lifelong')) return runLifelong(args, io, seconds !== undefined ? seconds * 1000 : millis);
  for (const name of LIFELONG_ONLY) if (args.has(name)) throw new InputError(`--${name} is for --lifelong`);
  if (!args.has('scen')) throw new InputError('fleet: --scen is required (or --lifelong)');
  const mapFile = args.need<string>('map');
  const scenFile = args.need<string>('scen');
  const k = args.need<number>('agents');
  const solver = args.need<(typeof SOLVERS)[number]>('solver');
  const maxMs = seconds !== undefined ? seconds * 1000 : millis ?? DEFAULT_MS;
  const seed = args.need<number>('seed');
  const scenName = displayName(scenFile);
  // Checked before any file is read: a picture that cannot be written is said before any work.
  const pictures = pictureTargets(args, ['svg', 'png'], [mapFile, scenFile], 'fleet');

  const rows = parseScen(readText(scenFile, `--scen ${scenName}`, '.scen', MAX_SCEN_BYTES), scenName);
  if (rows.length < k) throw new InputError(`--agents ${k} asks for more agents than ${scenName} has (${rows.length} row${rows.length === 1 ? '' : 's'})`);
  const agents = rows.slice(0, k);
  resolveMap(scenFile, agents, mapFile, args.flag('force-map'));
  const grid = loadMap(mapFile);
  for (const s of agents) checkScenario(s, grid, scenName);
  const tasks = agents.map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));

  // Progress on a terminal only: agents planned (prioritized) or on their goals (PIBT, and LaCAM until its first plan); for CBS, and
  // LaCAM once it improves its plan, the time limit used (their work has no known total).
  const t0 = performance.now();
  const timed = solver === 'cbs' || solver === 'lacam';
  const bar = timed ? progressBar(io, maxMs, 'searching, ms of the time limit ') : progressBar(io, k, solver === 'prioritized' ? 'agents planned ' : 'agents on their goals ');
  const onProgress = bar === null ? undefined : timed ? () => bar(Math.min(maxMs, Math.round(performance.now() - t0))) : (done: number) => bar(done);
  const options = { limits: { maxMillis: maxMs }, ...(onProgress === undefined ? {} : { onProgress }) };
  const first: MapfResult = solver === 'cbs' ? cbs(grid, tasks, options) : solver === 'pibt' ? pibt(grid, tasks, { ...options, seed })
    : solver === 'lacam' ? lacam(grid, tasks, { ...options, seed }) : prioritizedPlan(grid, tasks, options);
  bar?.(timed ? maxMs : k); // clears the bar whatever the planner reached
  // CBS holds no valid plan until it has its optimal one: stopped by a budget, it has nothing to give. LaCAM* then
  // plans the same agents (its first plan, no anytime improvement) with a quarter of the time limit, at least a second,
  // and the output says so: a plan of known quality is better than none.
  const fallback = solver === 'cbs' && first.paths === null && first.status === 'stopped'
    ? lacam(grid, tasks, { seed, limits: { maxMillis: Math.max(1000, maxMs / 4) }, anytime: false }) : null;
  const r: MapfResult = fallback !== null && fallback.paths !== null ? fallback : first;
  const fellBack = r === fallback;
  const la = solver === 'lacam' || fellBack ? r as ReturnType<typeof lacam> : null;
  const check = r.paths === null ? null : checkMapfPlan(grid, tasks, r.paths);
  const valid = check !== null && check.ok && check.sumOfCosts === r.sumOfCosts && check.makespan === r.makespan;
  const invalid = check === null ? '' : !check.ok ? check.reason : valid ? '' : `the planner reports sum of costs ${r.sumOfCosts} and makespan ${r.makespan}, the checker counts ${check.sumOfCosts} and ${check.makespan}`;
  const ms = Math.round(r.elapsedMs * 10) / 10;
  const finite = (v: number) => (Number.isFinite(v) ? v : null);
  // An invalid plan is drawn too: the picture may be how its fault is found.
  const wrote = pictures.size === 0 ? [] : writeGridPictures('fleet', pictures, fleetScene(grid, tasks, r.paths, `bestfirst fleet ${displayName(mapFile)}, ${k} agent${k === 1 ? '' : 's'} from ${scenName}, ${solver}`));

  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, scen: scenFile, agents: k, solver, maxMs, seed,
      ...(fellBack ? { fallback: { solver: 'lacam', because: `cbs stopped (${first.reason}) with no plan: ${first.detail}` } } : {}),
      status: r.status, reason: r.reason, valid: check === null ? null : valid, detail: r.detail || invalid || null, failedAgent: r.failedAgent < 0 ? null : r.failedAgent,
      sumOfCosts: finite(r.sumOfCosts), makespan: finite(r.makespan), lowerBound: finite(r.lowerBound),
      highLevelNodes: r.highLevelNodes, lowLevelExpansions: r.lowLevelExpansions, elapsedMs: ms,
      ...(la === null ? {} : { optimal: la.optimal, sumOfLoss: finite(la.sumOfLoss), firstSumOfCosts: finite(la.firstSumOfCosts), firstPlanMs: Number.isFinite(la.firstPlanMs) ? Math.round(la.firstPlanMs * 10) / 10 : null, plansFound: la.plansFound }),
      paths: r.paths === null ? null : r.paths.map((p) => p.map((n) => [grid.x(n), grid.y(n)])),
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}), ${k} agent${k === 1 ? '' : 's'} from ${scenName}, solver ${solver}, time limit ${maxMs} ms`);
    const search = solver === 'cbs' && !fellBack ? `${r.highLevelNodes} constraint-tree nodes, ${r.lowLevelExpansions} time-space expansions; ${ms} ms`
      : solver === 'pibt' ? `${r.highLevelNodes} steps, ${r.lowLevelExpansions} agent moves tried; ${ms} ms`
        : solver === 'lacam' || fellBack ? `${r.highLevelNodes} configurations, ${r.lowLevelExpansions} constraints tried; ${ms} ms`
          : `${r.lowLevelExpansions} time-space expansions; ${ms} ms`;
    const over = (soc: number) => (r.lowerBound > 0 ? ` (+${(100 * (soc / r.lowerBound - 1)).toFixed(2)}%)` : '');
    if (fallback !== null && !fellBack) io.out(`CBS stopped (${first.reason}) with no plan; LaCAM* found none either (${fallback.status}${fallback.reason === null ? '' : `, ${fallback.reason}`}).`);
    if (fellBack) io.out(`CBS stopped (${first.reason}) with no plan after ${first.highLevelNodes} constraint-tree nodes; LaCAM* planned instead, its first plan:`);
    if (r.paths !== null) {
      io.out(`${r.status === 'found' ? 'solved' : `solved, stopped by ${r.reason}`}: sum of costs ${r.sumOfCosts}, makespan ${r.makespan}, lower bound ${r.lowerBound}${over(r.sumOfCosts)}; plan ${valid ? 'checked valid' : 'INVALID'}`);
      if (la !== null) {
        const quality = la.optimal ? 'proven optimal in sum of loss' : r.status === 'found' ? 'not proven optimal' : `the best found when ${r.detail.replace(/ while.*$/, '')}`;
        io.out(`first plan after ${Math.round(la.firstPlanMs)} ms: sum of costs ${la.firstSumOfCosts}${over(la.firstSumOfCosts)}; ${la.plansFound} plan${la.plansFound === 1 ? '' : 's'} found; sum of loss ${la.sumOfLoss}, ${quality}`);
      }
    } else {
      io.out(`not solved (${r.status}${r.reason === null ? '' : `, ${r.reason}`}): ${r.detail}; lower bound ${r.lowerBound}`);
    }
    io.out(search);
  }
  sayWritten(io, wrote, args.flag('json'));
  if (check !== null && !valid) io.err(`fleet: INVALID PLAN from ${solver}: ${invalid}`);
  return r.paths !== null && valid ? 0 : 1;
}
