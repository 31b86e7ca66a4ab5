import { COST_TO_COME, GridSearcher, InputError, Searcher, type Grid, type PathSearcher, type Priority, type QueryOptions } from '#bestfirst';
import { checkPath, sameLength, withinBound } from '#bestfirst/grid';
import { checkScenario, parseScen, type Scenario } from '#bestfirst/io';
import { MAX_SCEN_BYTES, mulberry32 } from '#bestfirst/internal';
import { ALGO_OPTION, ANY_ANGLE_OPTION, chosenAlgo, gridFor, type Algo, type Runner } from './algos.js';
import { displayName, jsonOption, loadMap, readText, resolveMap, SAVED_OPTION, savedArg } from './files.js';
import { progressBar, type Io } from './io.js';
import { MAX_SEED, runCommand, type Args, type CommandSpec } from './options.js';
import { formatTerrain, PARTIAL_OPTION, partialOptions, TERRAIN_OPTION, withTerrain, type TerrainSpec } from './terrain.js';

/**
 * `n` of the indices 0..total-1, chosen by a seeded generator and returned in
 * file order, so a sample is the same on every machine and every run.
 */
export function sampleIndices(total: number, n: number, seed: number): Int32Array {
  const all = new Int32Array(total);
  for (let i = 0; i < total; i++) all[i] = i;
  if (n >= total) return all;
  const next = mulberry32(seed);
  // Partial Fisher-Yates: the first n slots end up a uniform sample.
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (total - i));
    const t = all[i]; all[i] = all[j]; all[j] = t;
  }
  return all.subarray(0, n).sort();
}

/** What one run of a scenario file found; the command prints it, tests read it. */
export interface ScenSummary {
  queries: number;
  optimal: number;
  /** Problems with no path, where the reference (Dijkstra on a --terrain or 4-connected map) agrees there is none. */
  unreachable: number;
  /** Of those, the ones answered with a partial path (--partial), each checked legal. */
  partial: number;
  invalid: number;
  /** Valid paths whose cost breaks the algorithm's promise. */
  broken: number;
  medianMicroseconds: number;
  meanMicroseconds: number;
  meanExpansions: number;
  /** Largest cost / optimum over valid paths with optimum > 0 (1 when there are none). */
  worstRatio: number;
  /** Mean cost / optimum over valid paths with optimum > 0 (1 when there are none). */
  meanRatio: number;
  /** Milliseconds the searcher's preprocessing of the map took (jps-plus, subgoal4, subgoal8, preprocessed8), else undefined. */
  buildMs?: number;
  /** Milliseconds loading the `--saved` preprocessing took, else undefined. */
  loadMs?: number;
}

/**
 * `bestfirst scen FILE.scen [--map FILE.map] [--algo A | --any-angle] [--sample N] [--seed S] [--json]`:
 * runs the scenarios with one reusable searcher and one path buffer, checks
 * every path and its length against the published optimum, and prints a
 * summary (or, with --json, one record per query on stdout and the summary
 * on stderr). Exit 1 on an invalid path or a broken promise (a suboptimal
 * path from an optimal algorithm, a weighted A* cost above eps * optimum,
 * an any-angle path longer than the optimum or shorter than the straight line).
 */
export const SCEN: CommandSpec = {
  name: 'scen',
  summary: 'run and check the problems of a Moving AI scenario file',
  about: 'Runs the problems of a Moving AI scenario file and checks every path (legal moves, start, goal) and its cost against the published optimal length and the promise of the algorithm.',
  positionals: [{ name: 'FILE.scen', help: `a Moving AI scenario file ('version 1', then one problem per line; at most ${MAX_SCEN_BYTES} bytes)` }],
  options: [
    {
      name: 'map', kind: 'file', arg: 'FILE.map',
      help: 'the map to run on; without it, the map the rows name, looked for beside FILE.scen. Its file name must be the one the rows name',
    },
    { name: 'force-map', kind: 'flag', help: 'run on --map even when the rows name a map of another name' },
    ALGO_OPTION,
    ANY_ANGLE_OPTION,
    SAVED_OPTION,
    { ...TERRAIN_OPTION, help: `${TERRAIN_OPTION.help}. The published optima assume the benchmark's terrain: with --terrain each problem's optimum is computed by Dijkstra on the weighed map instead` },
    PARTIAL_OPTION,
    { name: 'sample', kind: 'integer', arg: 'N', min: 1, max: 2 ** 31 - 1, help: 'run N problems drawn at random (seeded) instead of all; N above the count runs all' },
    { name: 'seed', kind: 'integer', arg: 'S', min: 0, max: MAX_SEED, default: '1', help: 'seed of --sample' },
    jsonOption('print one JSON record per problem on stdout, and the summary on stderr'),
  ],
  notes: [
    'Progress is drawn on stderr when stderr is a terminal, never into a pipe or a file.',
    'With --any-angle each path is checked segment by segment (line of sight), and must be no longer than the published optimum and no shorter than the straight line; the summary gives the mean length against the optimum.',
    'Exit status: 0 every path valid and every promise kept, 1 an invalid path or a broken promise (each named on stderr), 2 a mistake in the command line or the files (including a file with no problems).',
  ],
  run,
};

export function scenCommand(args: readonly string[], io: Io): number {
  return runCommand(SCEN, args, io);
}

function run(args: Args, io: Io): number {
  const [scenFile] = args.positionals;
  const algo = chosenAlgo(args, 'scen');
  const sample = args.get<number>('sample');
  const seed = args.need<number>('seed');
  const json = args.flag('json');
  const scenName = displayName(scenFile);

  const text = readText(scenFile, scenName, '.scen', MAX_SCEN_BYTES);
  // An empty run would print "optimal 100.00%" of nothing: say there is nothing instead.
  if (text.trim() === '') throw new InputError(`${scenName} is empty: it holds no problems (a .scen file is 'version 1' and then one problem per line)`);
  const scenarios = parseScen(text, scenName);
  if (scenarios.length === 0) throw new InputError(`${scenName} holds no problems: nothing follows its 'version 1' line`);
  const mapOption = args.get<string>('map');
  const mapFile = resolveMap(scenFile, scenarios, mapOption, args.flag('force-map'));
  const terrain = args.get<TerrainSpec>('terrain');
  // Weighed, a grid path costs each step at the cell it enters and an any-angle path each segment by the cells it crosses: no optimum of the one bounds the other.
  if (terrain !== undefined && algo.promise === 'any-angle') throw new InputError('scen: --any-angle does not combine with --terrain: the optima are costed by grid steps, any-angle paths by segments (use plan --any-angle --terrain for one path)');
  const plain = loadMap(mapFile, mapOption !== undefined ? undefined : `map ${displayName(mapFile)} (named in ${scenName})`);
  for (const s of scenarios) checkScenario(s, plain, scenName);
  // A 4-connected method searches the map with 4 neighbours, where the published (8-connected) optima do not hold.
  const grid = gridFor(algo, withTerrain(plain, terrain));
  const reference = terrain !== undefined || grid.connectivity !== plain.connectivity;
  const picked = sampleIndices(scenarios.length, sample ?? scenarios.length, seed);

  // Made (or loaded: --saved) before anything is printed, so a refused file prints nothing else.
  const runner = algo.make(grid, savedArg(args));
  const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
  say(`${scenName}: ${picked.length} of ${scenarios.length} scenarios${sample !== undefined ? ` (sample, seed ${seed})` : ''}, map ${displayName(mapFile)} (${grid.width} x ${grid.height}), algo ${algo.name}${terrain === undefined ? '' : `, terrain ${formatTerrain(terrain)}`}${grid.connectivity !== plain.connectivity ? ', 4-connected' : ''}${reference ? ' (optima by Dijkstra)' : ''}`);
  const summary = runScenarios(scenarios, picked, grid, algo, io, scenName, json, { reference, partial: args.flag('partial') }, runner);
  printSummary(summary, algo, say);
  const failed = summary.invalid > 0 || summary.broken > 0;
  if (failed) io.err(`scen: FAILED: ${summary.invalid} invalid path${summary.invalid === 1 ? '' : 's'}, ${summary.broken} breaking the ${algo.name} promise`);
  return failed ? 1 : 0;
}

const MAX_REPORTED = 10;

/**
 * How scen judges: `reference` computes each optimum by Dijkstra on the grid
 * (the published ones assume the benchmark's terrain), and an unreachable
 * goal it confirms is no failure; `partial` asks for partial paths.
 */
interface Judging { reference: boolean; partial: boolean }

function runScenarios(
  scenarios: readonly Scenario[], picked: Int32Array, grid: Grid,
  algo: Algo, io: Io, scenFile: string, json: boolean, judging: Judging = { reference: false, partial: false }, made?: Runner,
): ScenSummary {
  const runner = made ?? algo.make(grid);
  const { searcher } = runner;
  const options = judging.partial ? partialOptions(algo, runner.options) : runner.options;
  // The reference of --terrain: Dijkstra on the same weighed grid, by the other loop of the engine where it can.
  const oracle: PathSearcher<QueryOptions & { priority?: Priority }> | null = judging.reference ? (grid.enterCost < 0 ? new GridSearcher(grid) : new Searcher(grid)) : null;
  const buf = new Int32Array(grid.size);
  const n = picked.length;
  const micros = new Float64Array(n);
  let optimal = 0, invalid = 0, broken = 0, expansions = 0, worst = 1, reported = 0, unreachable = 0, partials = 0, ratioSum = 0, ratios = 0;
  const progress = progressBar(io, n);
  const report = (s: Scenario, what: string) => {
    if (reported++ < MAX_REPORTED) io.err(`${scenFile}:${s.line}: (${s.startX},${s.startY}) -> (${s.goalX},${s.goalY}): ${what}`);
    else if (reported === MAX_REPORTED + 1) io.err('(more failures not shown)');
  };

  for (let q = 0; q < n; q++) {
    const s = scenarios[picked[q]];
    const start = s.startY * grid.width + s.startX, goal = s.goalY * grid.width + s.goalX;
    const t0 = performance.now();
    const status = searcher.search(start, goal, options);
    micros[q] = (performance.now() - t0) * 1000;
    expansions += searcher.expansions;
    const found = status === 'found';
    const optimum = oracle === null ? s.optimal : oracle.search(start, goal, { priority: COST_TO_COME }) === 'found' ? oracle.cost : Infinity;
    if (!found && optimum === Infinity && status === 'unreachable') {
      // No path, and the reference agrees: not a failure. A partial path must still be legal.
      unreachable++;
      const count = searcher.pathInto(buf);
      const check = count > 0 ? checkPath(grid, buf, start, buf[count - 1], count) : null;
      if (count > 0) partials++;
      if (check !== null && !check.ok) { invalid++; report(s, `invalid partial path: ${check.reason}`); }
      if (json) io.out(JSON.stringify({ line: s.line, start: [s.startX, s.startY], goal: [s.goalX, s.goalY], found, partial: count > 0, optimum: null, expansions: searcher.expansions, elapsedMs: Math.round(micros[q]) / 1000, valid: check === null || check.ok }));
      progress?.(q + 1);
      continue;
    }
    const count = found ? searcher.pathInto(buf) : 0;
    const check = found ? algo.check(grid, buf, start, goal, count) : { ok: false as const, reason: `no path found (${status})${optimum < Infinity && oracle !== null ? `, the reference finds one of cost ${optimum}` : ''}` };
    let valid = check.ok;
    let reason = check.ok ? '' : check.reason;
    // The reported cost must be the length of the path it came with.
    if (check.ok && Math.abs(searcher.cost - check.length) > 1e-9 * Math.max(1, check.length)) {
      valid = false;
      reason = `reported cost ${searcher.cost} but the path is ${check.length} long`;
    }
    const length = check.ok ? check.length : Infinity;
    const isOptimal = valid && sameLength(length, optimum);
    if (!valid) { invalid++; report(s, `invalid: ${reason}`); }
    else {
      if (isOptimal) optimal++;
      if (optimum > 0) {
        if (length / optimum > worst) worst = length / optimum;
        ratioSum += length / optimum;
        ratios++;
      }
      const keeps = algo.promise === 'optimal' ? isOptimal : algo.promise === 'bounded' ? withinBound(length, optimum, algo.bound)
        : algo.promise === 'any-angle' ? withinBound(length, optimum, 1) && length >= Math.hypot(s.goalX - s.startX, s.goalY - s.startY) * (1 - 1e-9) : true;
      if (!keeps) {
        broken++;
        const promise = algo.promise === 'optimal' ? 'the optimum' : algo.promise === 'any-angle' ? 'at most the optimum and at least the straight line' : `at most ${algo.bound} x the optimum`;
        report(s, `cost ${length}, optimum ${optimum} (ratio ${(length / optimum).toFixed(6)}), ${algo.name} promises ${promise}`);
      }
    }
    if (json) {
      io.out(JSON.stringify({
        line: s.line, start: [s.startX, s.startY], goal: [s.goalX, s.goalY], found,
        cost: found ? searcher.cost : null, optimum, expansions: searcher.expansions,
        elapsedMs: Math.round(micros[q]) / 1000, valid, optimal: isOptimal, ...(valid ? {} : { reason }),
      }));
    }
    progress?.(q + 1);
  }

  let total = 0;
  for (let q = 0; q < n; q++) total += micros[q];
  const sorted = micros.slice().sort();
  const median = n === 0 ? 0 : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return {
    queries: n, optimal, invalid, broken, unreachable, partial: partials,
    medianMicroseconds: median, meanMicroseconds: n ? total / n : 0,
    meanExpansions: n ? expansions / n : 0, worstRatio: worst, meanRatio: ratios ? ratioSum / ratios : 1, buildMs: runner.buildMs, loadMs: runner.loadMs,
  };
}

function printSummary(s: ScenSummary, algo: Algo, say: (line: string) => void): void {
  const pct = (100 * s.optimal) / s.queries; // queries >= 1: an empty file is refused before
  if (algo.promise === 'any-angle') {
    // The published optimum is the grid moves' one: an any-angle path is measured against it, not held to it.
    say(`queries ${s.queries}, invalid ${s.invalid}`);
    say(`length / optimum of the grid's moves: mean ${s.meanRatio.toFixed(6)} (${(100 * (1 - s.meanRatio)).toFixed(2)}% shorter), worst ${s.worstRatio.toFixed(6)}`);
  } else say(`queries ${s.queries}, optimal ${pct.toFixed(2)}% (${s.optimal}), invalid ${s.invalid}`);
  if (s.unreachable > 0) say(`unreachable ${s.unreachable} (the reference agrees)${s.partial > 0 ? `, ${s.partial} answered with a partial path` : ''}`);
  if (s.buildMs !== undefined) say(`preprocessing ${s.buildMs.toFixed(1)} ms (once for the map, before the queries)`);
  if (s.loadMs !== undefined) say(`preprocessing loaded in ${s.loadMs.toFixed(1)} ms (--saved; before the queries)`);
  say(`microseconds per query: median ${s.medianMicroseconds.toFixed(1)}, mean ${s.meanMicroseconds.toFixed(1)}`);
  say(`expansions per query: mean ${s.meanExpansions.toFixed(1)}`);
  if (algo.promise === 'bounded' || algo.promise === 'none') {
    say(`worst cost / optimum ${s.worstRatio.toFixed(6)}${algo.promise === 'bounded' ? ` (promised <= ${algo.bound})` : ' (no promise)'}`);
  }
}
