import { availableParallelism } from 'node:os';
import { InputError } from '#bestfirst';
import { checkScenario, parseScen } from '#bestfirst/io';
import { MAX_SCEN_BYTES, spaceFingerprint } from '#bestfirst/internal';
import { displayName, loadMap, readText, resolveMap } from './files.js';
import type { Io } from './io.js';
import type { Args, OptionSpec } from './options.js';
import { batchAsk, batchRows, checkBatchFile, fingerprintHex, startBatch } from './batch.js';
import { JSONL_OPTION, RESUME_OPTION } from './results-file.js';
import { shareGrid } from './scen-workers.js';
import { SHARD_OPTION } from './shard.js';
import { runOnThreads, shared, threadsFor, WORKERS_OPTION } from './thread-pool.js';
import { budgetWords, type FleetBudget, type Solver } from './fleet-plan.js';
import { FLEET_ROWS, fleetRecord, planRow, rowText, sweepSummary, sweepVerdict, type FleetRow, type SweepData } from './fleet-sweep-rows.js';

/**
 * `bestfirst fleet --map FILE.map --scen A.scen [B.scen...] --agents
 * K[,K...] [--seed N[,N...]] [--workers N] [--shard K/N] [--jsonl FILE |
 * --resume FILE] [--no-times] [--json]`: one row per scenario file, agent
 * count and seed, each planned and checked as `fleet` plans and checks one
 * (fleet-plan.ts), on this thread and worker threads (the map made once and
 * shared), printed in row order, streamed to --jsonl, cut into shards that
 * `bestfirst merge` joins, as `scen`'s batch is.
 */

/** The options only a sweep takes (given, they make a run of one row a sweep too). */
export const SWEEP_ONLY = ['workers', 'shard', 'jsonl', 'resume', 'no-times'] as const;

export const SWEEP_OPTIONS: readonly OptionSpec[] = [
  { ...WORKERS_OPTION, help: 'plan the rows on N threads, this one and N - 1 worker threads (the map made once and handed to them in shared memory; the output is the same for any N); by default one per core (os.availableParallelism()), at most one per row' },
  { ...SHARD_OPTION, help: 'run only the K-th of N equal slices of the rows, for a sweep split across machines: with T rows, rows floor((K-1)T/N) to floor(KT/N) - 1, counted from 0 in row order; `bestfirst merge` joins the slices\' --jsonl files into the whole sweep\'s report' },
  JSONL_OPTION,
  RESUME_OPTION,
  { name: 'no-times', kind: 'flag', help: 'leave the times out (elapsedMs and firstPlanMs in the records, the ms per row in the report): the same rows then print the same bytes, whichever machine, shard or worker ran them (with --max-expansions, see below)' },
];

/** The built worker beside this module; null when this is the TypeScript source (tests in-process), where a worker cannot run. */
const WORKER_URL: URL | null = import.meta.url.endsWith('.ts') ? null : new URL('./fleet-sweep-worker.js', import.meta.url);

/** What `fleet` has read of the command line for a sweep. */
export interface SweepPlan {
  readonly scenFiles: readonly string[];
  readonly counts: readonly number[];
  readonly seeds: readonly number[];
  readonly solver: Solver;
  readonly budget: FleetBudget;
}

/** How many failures are named on stderr before the rest are only counted. */
const MAX_REPORTED = 10;

export function runSweep(args: Args, io: Io, plan: SweepPlan): number | Promise<number> {
  const { scenFiles, counts, seeds, solver } = plan;
  const mapFile = args.need<string>('map');
  const json = args.flag('json');
  for (const name of ['svg', 'png']) if (args.has(name)) throw new InputError(`fleet: --${name} draws one plan, and a sweep plans many: run fleet on one scenario file, count and seed to draw its plan`);
  const ask = batchAsk(args, 'fleet');
  const { times } = ask;
  // Prioritized planning draws nothing at random: every seed would plan the same rows again.
  if (seeds.length > 1 && solver === 'prioritized') throw new InputError(`fleet: --seed ${seeds.join(',')} sweeps the tie-breaks of pibt, lacam and cbs's fallback; prioritized planning has none (give one seed)`);
  const names = scenFiles.map(displayName);
  names.forEach((n, i) => { if (names.indexOf(n) !== i) throw new InputError(`fleet: the scenario file ${n} is given twice; give each once`); });
  checkBatchFile(ask, [mapFile, ...scenFiles]);

  // Every file's first (largest count) rows, checked on the map before any row is planned.
  const most = Math.max(...counts);
  const files = scenFiles.map((f, i) => {
    const rows = parseScen(readText(f, `--scen ${names[i]}`, '.scen', MAX_SCEN_BYTES), names[i]);
    if (rows.length < most) throw new InputError(`--agents ${most} asks for more agents than ${names[i]} has (${rows.length} row${rows.length === 1 ? '' : 's'})`);
    const agents = rows.slice(0, most);
    resolveMap(f, agents, mapFile, args.flag('force-map'));
    return agents;
  });
  const grid = loadMap(mapFile);
  const pairs: Int32Array = new Int32Array(2 * most * files.length);
  files.forEach((agents, i) => agents.forEach((s, j) => {
    checkScenario(s, grid, names[i]);
    pairs[2 * (i * most + j)] = grid.id(s.startX, s.startY);
    pairs[2 * (i * most + j) + 1] = grid.id(s.goalX, s.goalY);
  }));
  // LaCAM* improves its plan until its budget is spent: under a time limit alone that point differs from run to run, so a sweep keeps its first plan.
  const budget: FleetBudget = solver === 'lacam' && plan.budget.maxExpansions === undefined ? { ...plan.budget, anytime: false } : plan.budget;

  const total = files.length * counts.length * seeds.length;
  const s = (n: number) => (n === 1 ? '' : 's');
  const lacamWords = solver !== 'lacam' ? '' : budget.anytime === false ? ' (first plans)' : ' (improving its plans within the expansion budget)';
  const title = `fleet sweep: map ${displayName(mapFile)} (${grid.width} x ${grid.height}), solver ${solver}${lacamWords}, ${budgetWords(budget)}; `
    + `${files.length} scenario file${s(files.length)} x ${counts.length} agent count${s(counts.length)} (${counts.join(', ')}) x ${seeds.length} seed${s(seeds.length)} (${seeds.join(', ')}) = ${total} row${s(total)}`;
  // What makes two results files parts of one sweep. The fingerprint tells another map, or this one edited, apart.
  const batch = batchRows(ask, total, () => ({
    fingerprint: fingerprintHex(spaceFingerprint(grid)), map: displayName(mapFile), scens: names, agents: counts, seeds, solver,
    maxMs: Number.isFinite(budget.maxMs) ? budget.maxMs : null, maxExpansions: budget.maxExpansions ?? null, rows: total, title,
  }), FLEET_ROWS);
  const { todo } = batch;
  // A row is a whole plan, far more work than starting a worker: by default a thread per core, at most one per row.
  const threads = threadsFor(args.get<number>('workers') ?? availableParallelism(), todo.length, WORKER_URL);

  const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
  const fail = sweepFailures((l) => io.err(l));
  const { deliver, rows, close } = startBatch(batch, {
    ask, format: FLEET_ROWS, io, say, head: [title], unit: 'rows',
    show: (r) => { printRow(r, solver, times, json, io); fail(r); },
  });
  const finish = (): number => {
    close();
    sweepSummary(rows(), counts, say, times);
    return sweepVerdict(rows(), (l) => io.err(l));
  };
  const data: SweepData = { grid: shareGrid(grid), tasks: shared(pairs, (b) => new Int32Array(b)), offsets: files.map((_, i) => i * most), scens: names, counts, seeds, solver, budget, times, todo };
  if (threads === 1) {
    for (const q of todo) deliver(planRow(grid, data, q));
    return finish();
  }
  // This thread is one of the threads: N - 1 workers.
  return runOnThreads('fleet', WORKER_URL!, data, todo.length, threads - 1, (i) => planRow(grid, data, todo[i]), deliver)
    .then(finish, (e: unknown) => { close(); throw e; });
}

/** A row as the report prints it: its line of text, or with --json its record on stdout. */
export function printRow(r: FleetRow, solver: Solver, times: boolean, json: boolean, io: Io): void {
  io.out(json ? JSON.stringify(fleetRecord(r, times)) : rowText(r, solver, times));
}

/** Names the rows with an invalid plan on stderr as they come, the first MAX_REPORTED of them. */
export function sweepFailures(say: (line: string) => void): (r: FleetRow) => void {
  let reported = 0;
  return (r) => {
    if (r.failure === undefined) return;
    if (reported++ < MAX_REPORTED) say(`fleet: ${r.scen}, ${r.agents} agent${r.agents === 1 ? '' : 's'}, seed ${r.seed}: ${r.failure}`);
    else if (reported === MAX_REPORTED + 1) say('(more failures not shown)');
  };
}
