import { InputError } from '#bestfirst';
import { checkScenario, parseScen } from '#bestfirst/io';
import { MAX_SCEN_BYTES, mulberry32, spaceFingerprint } from '#bestfirst/internal';
import { ALGO_OPTION, ANY_ANGLE_OPTION, chosenAlgo, gridFor } from './algos.js';
import { displayName, jsonOption, loadMap, readText, resolveMap, SAVED_OPTION, savedArg } from './files.js';
import type { Io } from './io.js';
import { MAX_SEED, runCommand, type Args, type CommandSpec } from './options.js';
import { batchAsk, batchRows, checkBatchFile, fingerprintHex, startBatch } from './batch.js';
import { JSONL_OPTION, RESUME_OPTION } from './results-file.js';
import { failureReporter, printSummary, rowRecord, SCEN_ROWS, ScenJudge, summarize, verdict, type Judging } from './scen-rows.js';
import { judgeFrom, rowTable, savedBytes, shareGrid, tableRow, WORKER_URL, type WorkerSetup } from './scen-workers.js';
import { runOnThreads, SEARCH_WORKER_LIMITS, threadsFor, WORKERS_OPTION } from './thread-pool.js';
import { SHARD_OPTION } from './shard.js';
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

export type { ScenSummary } from './scen-rows.js';

/**
 * `bestfirst scen FILE.scen [--map FILE.map] [--algo A | --any-angle] [--sample N] [--seed S] [--json]`:
 * runs the scenarios with one reusable searcher and one path buffer, checks
 * every path and its length against the published optimum, and prints a
 * summary (or, with --json, one record per query on stdout and the summary
 * on stderr). Exit 1 on an invalid path or a broken promise (a suboptimal
 * path from an optimal algorithm, a weighted A* cost above eps * optimum,
 * an any-angle path longer than the optimum or shorter than the straight line).
 */
export const SCEN: CommandSpec<number | Promise<number>> = {
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
    SHARD_OPTION,
    JSONL_OPTION,
    RESUME_OPTION,
    { name: 'no-times', kind: 'flag', help: 'leave the times out (elapsedMs in the records, the preprocessing and per-query time lines in the summary): the same rows then print the same bytes, whichever machine, shard or worker ran them' },
    WORKERS_OPTION,
  ],
  notes: [
    'Progress (rows done, rows per second, the time left) is drawn on stderr when stderr is a terminal, never into a pipe or a file.',
    'Rows are counted from 0 in the order the run takes them (file order; with --sample, the sample\'s, also in file order). Whatever --workers, --shard or --resume, rows are printed and written in that order, and each is judged alike: the output (times aside) does not depend on how the work was cut. bestfirst merge FILE... joins the --jsonl files of shards 1/N ... N/N into the report of the whole run, byte for byte with --no-times.',
    'With --any-angle each path is checked segment by segment (line of sight), and must be no longer than the published optimum and no shorter than the straight line; the summary gives the mean length against the optimum.',
    'Exit status: 0 every path valid and every promise kept, 1 an invalid path or a broken promise (each named on stderr), 2 a mistake in the command line or the files (including a file with no problems).',
  ],
  run,
};

export function scenCommand(args: readonly string[], io: Io): number | Promise<number> {
  return runCommand(SCEN, args, io);
}


function run(args: Args, io: Io): number | Promise<number> {
  const [scenFile] = args.positionals;
  const algo = chosenAlgo(args, 'scen');
  const sample = args.get<number>('sample');
  const seed = args.need<number>('seed');
  const json = args.flag('json');
  const ask = batchAsk(args, 'scen');
  const { times } = ask;
  const workers = args.get<number>('workers');
  const scenName = displayName(scenFile);

  const text = readText(scenFile, scenName, '.scen', MAX_SCEN_BYTES);
  // An empty run would print "optimal 100.00%" of nothing: say there is nothing instead.
  if (text.trim() === '') throw new InputError(`${scenName} is empty: it holds no problems (a .scen file is 'version 1' and then one problem per line)`);
  const scenarios = parseScen(text, scenName);
  if (scenarios.length === 0) throw new InputError(`${scenName} holds no problems: nothing follows its 'version 1' line`);
  const mapOption = args.get<string>('map');
  const mapFile = resolveMap(scenFile, scenarios, mapOption, args.flag('force-map'));
  checkBatchFile(ask, [scenFile, mapFile, ...(args.has('saved') ? [args.need<string>('saved')] : [])]);
  const terrain = args.get<TerrainSpec>('terrain');
  // Weighed, a grid path costs each step at the cell it enters and an any-angle path each segment by the cells it crosses: no optimum of the one bounds the other.
  if (terrain !== undefined && algo.promise === 'any-angle') throw new InputError('scen: --any-angle does not combine with --terrain: the optima are costed by grid steps, any-angle paths by segments (use plan --any-angle --terrain for one path)');
  const partial = args.flag('partial');
  if (partial) partialOptions(algo, {}); // refused here, before anything is printed, for a search that keeps no partial path
  const plain = loadMap(mapFile, mapOption !== undefined ? undefined : `map ${displayName(mapFile)} (named in ${scenName})`);
  for (const s of scenarios) checkScenario(s, plain, scenName);
  // A 4-connected method searches the map with 4 neighbours, where the published (8-connected) optima do not hold.
  const grid = gridFor(algo, withTerrain(plain, terrain));
  const reference = terrain !== undefined || grid.connectivity !== plain.connectivity;
  const picked = sampleIndices(scenarios.length, sample ?? scenarios.length, seed);
  const judging: Judging = { reference, partial };

  const title = `${scenName}: ${picked.length} of ${scenarios.length} scenarios${sample !== undefined ? ` (sample, seed ${seed})` : ''}, map ${displayName(mapFile)} (${grid.width} x ${grid.height}), algo ${algo.name}${terrain === undefined ? '' : `, terrain ${formatTerrain(terrain)}`}${grid.connectivity !== plain.connectivity ? ', 4-connected' : ''}${reference ? ' (optima by Dijkstra)' : ''}`;
  // What makes two results files parts of one run. The fingerprint is of the map as searched (terrain and connectivity in), so another map, or this one edited, is told apart.
  const batch = batchRows(ask, picked.length, () => ({
    fingerprint: fingerprintHex(spaceFingerprint(grid)), scen: scenName, rows: picked.length, algo: algo.name, promise: algo.promise, bound: algo.bound, partial, title,
  }), SCEN_ROWS);

  // The rows still to run, and the workers that will run them (none when they are few, or when this is the TypeScript source: a worker runs only built code).
  const { todo } = batch;
  const threads = threadsFor(workers, todo.length, WORKER_URL);
  // Made (or loaded: --saved) before anything is printed, so a refused file prints nothing else. With workers, the
  // preprocessing is made here once and handed to them as bytes, which each loads.
  const savedFile = savedArg(args);
  const runner = algo.make(grid, savedFile);
  const built = times ? { ...(runner.buildMs === undefined ? {} : { buildMs: runner.buildMs }), ...(runner.loadMs === undefined ? {} : { loadMs: runner.loadMs }) } : {};

  const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
  const fail = failureReporter((l) => io.err(l), scenName);
  const { deliver, rows, close } = startBatch(batch, {
    ask, format: SCEN_ROWS, io, say, head: [title], unit: 'rows', built,
    show: (r) => { if (json) io.out(JSON.stringify(rowRecord(r, times))); fail(r); },
  });
  const finish = (): number => {
    close();
    const summary = summarize(rows(), built);
    printSummary(summary, algo, say, times);
    return verdict(summary, algo.name, (l) => io.err(l));
  };
  if (threads === 1) {
    const judge = new ScenJudge(grid, algo, runner, judging, times);
    for (const q of todo) deliver(judge.judge(q, scenarios[picked[q]]));
    return finish();
  }
  const setup: WorkerSetup = { grid: shareGrid(grid), algo: algo.name, judging, times, saved: algo.saves ? savedBytes(runner, savedFile) : undefined };
  // This thread is one of the threads (N - 1 workers), searching the shared setup as they do: the map and searcher made above are let go.
  const judge = judgeFrom(setup);
  const table = rowTable(todo.map((q) => scenarios[picked[q]]), todo);
  return runOnThreads('scen', WORKER_URL!, { setup, table }, todo.length, threads - 1, (i) => judge.judge(...tableRow(table, i)), deliver, SEARCH_WORKER_LIMITS)
    .then(finish, (e: unknown) => { close(); throw e; });
}
