import { InputError } from '#bestfirst';
import { checkScenario, parseScen } from '#bestfirst/io';
import { MAX_SCEN_BYTES, show } from '#bestfirst/internal';
import { displayName, jsonOption, loadMap, MAP_OPTION, readText, resolveMap } from './files.js';
import { progressBar, working, type Io } from './io.js';
import { describeNumber, MAX_SEED, parseNumber, type Args, type CommandSpec, type NumberRule } from './options.js';
import { fleetScene, writeGridPictures } from './picture/draw-grid.js';
import { CHECKED_ROBOT_STEPS, LIFELONG_ONLY, runLifelong } from './fleet-lifelong.js';
import { pictureTargets, PNG_OPTION, sayWritten, svgOption } from './picture/output.js';
import { budgetWords, effortWords, planFleet, SOLVERS, type FleetBudget, type Solver } from './fleet-plan.js';
import { runSweep, SWEEP_ONLY, SWEEP_OPTIONS } from './fleet-sweep.js';

/** The time limit unless --time-limit or --max-ms says otherwise. */
const DEFAULT_MS = 30_000;

/** The most values a list option (--agents, --seed) takes: a sweep of more rows than anyone waits for. */
const MAX_LIST = 10_000;

/**
 * `text` as a comma-separated list of whole numbers under `rule` ("10,50,100"),
 * each given once; one number alone is a list of one, refused in the
 * words every number option uses.
 */
export function parseList(text: string, option: string, rule: NumberRule): number[] {
  const parts = text.split(',');
  if (parts.length === 1) return [parseNumber(text, option, rule)];
  if (parts.length > MAX_LIST) throw new InputError(`${option} lists ${parts.length} values; at most ${MAX_LIST}`);
  const seen = new Set<number>();
  return parts.map((p) => {
    let v: number;
    try {
      v = parseNumber(p, option, rule);
    } catch {
      throw new InputError(`${option} ${show(text)}: each value must be ${describeNumber(rule)}, got ${show(p)}`);
    }
    if (seen.has(v)) throw new InputError(`${option} ${show(text)}: ${v} is given twice`);
    seen.add(v);
    return v;
  });
}

const AGENTS_RULE: NumberRule = { integer: true, min: 1, max: 100_000 };
const SEED_RULE: NumberRule = { integer: true, min: 0, max: MAX_SEED };

/**
 * `bestfirst fleet --map FILE.map --scen FILE.scen --agents K [--solver S]
 * [--time-limit S | --max-ms MS] [--max-expansions N] [--seed N] [--json]`:
 * plans the first K agents of a MAPF scenario file, checks the plan with
 * `checkMapfPlan`, and prints whether it was solved (or why not), the sum
 * of costs, the makespan, the lower bound and the time; with --json, one
 * record with every agent's path. LaCAM improves its plan until the time
 * limit and prints the best it has then. More files, counts or seeds (or
 * any of the batch options) make it a sweep (fleet-sweep.ts).
 */
export const FLEET: CommandSpec<number | Promise<number>> = {
  name: 'fleet',
  summary: 'plan many agents on one map (MAPF): prioritized, CBS, PIBT or LaCAM*; sweeps over files, counts and seeds; lifelong warehouse operation',
  forms: [
    'bestfirst fleet --map FILE.map --scen FILE.scen --agents K [options]',
    'bestfirst fleet --map FILE.map --scen A.scen... --agents K,K... [options]',
    'bestfirst fleet --lifelong --map FILE.map --agents K --steps N [options]',
  ],
  about: 'Plans the first K agents of a multi-agent (MAPF) scenario file on its map, every agent moving to a side neighbour or waiting at each step, with no two on one cell and no two swapping: prioritized planning (cooperative A*, fast, not optimal, may fail), conflict-based search (least sum of costs), PIBT (one step at a time for every agent at once, very fast, may fail) or LaCAM* (a search over PIBT\'s steps: complete, and improving its plan until the time limit). The plan is checked by the independent plan checker before anything is printed. A sweep (more scenario files after --scen, a list of counts or of seeds, or any of --workers, --shard, --jsonl, --resume, --no-times) plans one row per file, count and seed, each checked alike, and prints a line per row and the share solved at each count. With --lifelong: K robots at seeded free cells run N steps of warehouse operation, each given its next goal on arrival (pick station, shelf spot, drop station, from a seeded stream), and the throughput and the planning time per step are printed.',
  positionals: [{ name: 'FILE.scen', variadic: true, optional: true, help: 'more scenario files for a sweep, after --scen FILE.scen (a shell pattern does: --scen dir/*.scen); each is planned on --map' }],
  options: [
    MAP_OPTION,
    { name: 'scen', kind: 'file', arg: 'FILE.scen', help: 'a Moving AI scenario file whose rows are the agents, in order (the MAPF benchmark\'s); required without --lifelong' },
    { name: 'force-map', kind: 'flag', help: 'run on --map even when the rows name a map of another name' },
    {
      name: 'agents', kind: 'custom', arg: 'K[,K...]', required: true, parse: (text, option) => parseList(text, option, AGENTS_RULE),
      help: `plan the first K rows of FILE.scen (with --lifelong: K robots); a comma-separated list of counts (10,50,100) sweeps them, each ${describeNumber(AGENTS_RULE)}`,
    },
    { name: 'lifelong', kind: 'flag', help: 'lifelong operation: K robots at seeded free cells, each given a new goal on arrival (pick station in the map\'s leftmost free column, shelf spot beside a shelf, drop station in its rightmost), for --steps N steps' },
    { name: 'steps', kind: 'integer', arg: 'N', min: 0, max: 1_000_000, help: 'with --lifelong: the steps to run' },
    { name: 'window', kind: 'integer', arg: 'W', min: 1, max: 10_000, help: 'with --lifelong --solver lacam: the steps carried out of each plan before replanning [default: 5]' },
    { name: 'solver', kind: 'choice', arg: 'S', choices: SOLVERS, default: 'prioritized', help: 'prioritized (cooperative A*), cbs (conflict-based search, optimal), pibt (priority inheritance with backtracking) or lacam (LaCAM*, complete, anytime); with --lifelong pibt (the default there) or lacam' },
    { name: 'time-limit', kind: 'number', arg: 'S', min: 0, max: 86_400, help: 'stop the planner after S seconds of wall time (LaCAM: stop improving its plan; --lifelong: stop the run, none by default) [default: 30, none with --max-expansions]' },
    { name: 'max-ms', kind: 'number', arg: 'MS', min: 0, max: 86_400_000, help: 'the time limit in milliseconds instead (not with --time-limit)' },
    {
      name: 'max-expansions', kind: 'integer', arg: 'N', min: 0, max: Number.MAX_SAFE_INTEGER,
      help: 'stop the planner after N expansions, in its own unit (prioritized and CBS: time-space expansions; PIBT: steps; LaCAM: configurations and constraints tried); a budget that ends at the same place on every machine, so no time limit applies unless one is given too. LaCAM improves its plan until it is spent',
    },
    {
      name: 'seed', kind: 'custom', arg: 'N[,N...]', default: '0', parse: (text, option) => parseList(text, option, SEED_RULE),
      help: `the seed of the tie-breaks of pibt and lacam (and of LaCAM* after CBS); a comma-separated list sweeps them, each ${describeNumber(SEED_RULE)}`,
    },
    svgOption('the map and every agent\'s path, each agent in a colour of its own (hues a golden angle apart), its start a disc and its goal a square of that colour'),
    PNG_OPTION,
    jsonOption('print one JSON record (the summary, and every agent\'s path as [x, y] cells, or null) instead of text; in a sweep, one record per row (no paths) on stdout and the report on stderr'),
    ...SWEEP_OPTIONS,
  ],
  notes: [
    'With --svg or --png the plan is drawn: one map cell k x k pixels (the longer side within 2048 pixels, at least 1 a cell), walls dark, free cells light, agent i\'s path, start and goal in the i-th colour of a palette whose hues turn by the golden angle (about 137.5 degrees) from one agent to the next; a wait draws nothing. Without a plan (unsolved) only the starts and goals are drawn. Text output ends with one wrote line per picture; --json output is unchanged.',
'LaCAM runs until the time limit improving its plan (unless it proves the plan optimal first: it then says so), and prints the best plan it has then, with its first plan\'s sum of costs and how long it took.',
    'A sweep\'s rows are counted from 0: the scenario files in the order given, within each the counts in the order given, within each the seeds. Each row plans the file\'s first K agents and is checked by the plan checker; the output is a title, one line per row in row order (with --json, one record per row) and, per count, the rows solved and the sum of costs over the lower bound. Whatever --workers, --shard or --resume, the rows are printed and written in that order and planned alike; bestfirst merge FILE... joins the --jsonl files of shards 1/N ... N/N into the report of the whole sweep, byte for byte with --no-times. A row a wall-time limit ends depends on the machine and its load: for a sweep that prints the same bytes everywhere, give --max-expansions N (no time limit then unless given), and the report says how many rows the time limit ended. Without --max-expansions, LaCAM in a sweep reports its first plan (its anytime improvement runs until a time limit, so it would differ from run to run). Progress (rows done, rows per second, the time left) is drawn on stderr when stderr is a terminal.',
    `With --lifelong the output is the run (robots, steps, solver, seed), the stations found on the map, the steps run with the tasks done (errands: pick, shelf, drop), the goals reached and the throughput (tasks per 100 steps), and the planning time per step (mean, 95th percentile, largest); every step is checked with the plan checker (each robot's path from its start to where it ended) unless the run is over ${CHECKED_ROBOT_STEPS} robot-steps. With --json, one record of the same. A time limit ends the run early and the counts cover the steps run (exit 0).`,
    'Exit status: 0 a plan, checked valid (LaCAM stopped by the time limit with a plan counts, and so does LaCAM*\'s first plan when CBS is stopped without one: the output says which planned), 1 no plan (unsolvable, prioritized planning or PIBT stuck, or the time limit) or an invalid plan, 2 a mistake in the command line or the files. A sweep exits 0 when every plan it found is valid, rows not solved included (they are its data), and 1 on an invalid plan.'],
  run,
};

function run(args: Args, io: Io): number | Promise<number> {
  const seconds = args.get<number>('time-limit'), millis = args.get<number>('max-ms');
  if (seconds !== undefined && millis !== undefined) throw new InputError('--time-limit and --max-ms both set the time limit; give one');
  const counts = args.need<number[]>('agents'), seeds = args.need<number[]>('seed');
  const sweepGiven = SWEEP_ONLY.filter((name) => args.has(name));
  if (args.flag('lifelong')) {
    const extra = args.positionals.length > 0 ? `the scenario file ${show(args.positionals[0])}` : counts.length > 1 ? `--agents ${counts.join(',')}` : seeds.length > 1 ? `--seed ${seeds.join(',')}`
      : args.has('max-expansions') ? '--max-expansions' : sweepGiven.length > 0 ? `--${sweepGiven[0]}` : null;
    if (extra !== null) throw new InputError(`${extra} is for planning scenario files; --lifelong runs one count of robots with one seed`);
    return runLifelong(args, io, seconds !== undefined ? seconds * 1000 : millis);
  }
  for (const name of LIFELONG_ONLY) if (args.has(name)) throw new InputError(`--${name} is for --lifelong`);
  if (!args.has('scen')) {
    if (args.positionals.length > 0) throw new InputError(`fleet: the scenario file ${show(args.positionals[0])} follows no --scen: give --scen FILE.scen [FILE.scen...]`);
    throw new InputError('fleet: --scen is required (or --lifelong)');
  }
  const maxExpansions = args.get<number>('max-expansions');
  // An expansion budget ends alike on every machine: no time limit then, unless one is given too.
  const maxMs = seconds !== undefined ? seconds * 1000 : millis ?? (maxExpansions === undefined ? DEFAULT_MS : Infinity);
  const solver = args.need<Solver>('solver');
  const budget: FleetBudget = { maxMs, ...(maxExpansions === undefined ? {} : { maxExpansions }) };
  if (args.positionals.length > 0 || counts.length > 1 || seeds.length > 1 || sweepGiven.length > 0) {
    return runSweep(args, io, { scenFiles: [args.need<string>('scen'), ...args.positionals], counts, seeds, solver, budget });
  }
  const mapFile = args.need<string>('map');
  const scenFile = args.need<string>('scen');
  const [k] = counts, [seed] = seeds;
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
  // LaCAM once it improves its plan, the time limit used (their work has no known total). With no time limit, LaCAM's
  // bar is its agents on their goals, and CBS says only that it is searching.
  const t0 = performance.now();
  const timed = (solver === 'cbs' || solver === 'lacam') && Number.isFinite(maxMs);
  const bar = timed ? progressBar(io, maxMs, 'searching, ms of the time limit ') : solver === 'cbs' ? null
    : progressBar(io, k, solver === 'prioritized' ? 'agents planned ' : 'agents on their goals ');
  const searching = solver === 'cbs' && !timed ? working(io, 'searching') : () => {};
  const onProgress = bar === null ? undefined : timed ? () => bar(Math.min(maxMs, Math.round(performance.now() - t0))) : (done: number) => bar(done);
  const { first, fallback, r, fellBack, la, check, valid, invalid } = planFleet(grid, tasks, solver, seed, budget, onProgress);
  bar?.(timed ? maxMs : k); // clears the bar whatever the planner reached
  searching();
  const ms = Math.round(r.elapsedMs * 10) / 10;
  const finite = (v: number) => (Number.isFinite(v) ? v : null);
  // An invalid plan is drawn too: the picture may be how its fault is found.
  const wrote = pictures.size === 0 ? [] : writeGridPictures('fleet', pictures, fleetScene(grid, tasks, r.paths, `bestfirst fleet ${displayName(mapFile)}, ${k} agent${k === 1 ? '' : 's'} from ${scenName}, ${solver}`));

  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, scen: scenFile, agents: k, solver, maxMs: finite(maxMs), ...(maxExpansions === undefined ? {} : { maxExpansions }), seed,
      ...(fellBack ? { fallback: { solver: 'lacam', because: `cbs stopped (${first.reason}) with no plan: ${first.detail}` } } : {}),
      status: r.status, reason: r.reason, valid: check === null ? null : valid, detail: r.detail || invalid || null, failedAgent: r.failedAgent < 0 ? null : r.failedAgent,
      sumOfCosts: finite(r.sumOfCosts), makespan: finite(r.makespan), lowerBound: finite(r.lowerBound),
      highLevelNodes: r.highLevelNodes, lowLevelExpansions: r.lowLevelExpansions, elapsedMs: ms,
      ...(la === null ? {} : { optimal: la.optimal, sumOfLoss: finite(la.sumOfLoss), firstSumOfCosts: finite(la.firstSumOfCosts), firstPlanMs: Number.isFinite(la.firstPlanMs) ? Math.round(la.firstPlanMs * 10) / 10 : null, plansFound: la.plansFound }),
      paths: r.paths === null ? null : r.paths.map((p) => p.map((n) => [grid.x(n), grid.y(n)])),
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}), ${k} agent${k === 1 ? '' : 's'} from ${scenName}, solver ${solver}, ${budgetWords(budget)}`);
    const search = `${effortWords(solver, fellBack, r.highLevelNodes, r.lowLevelExpansions)}; ${ms} ms`;
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
