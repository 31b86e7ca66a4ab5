import { InputError } from '#bestfirst';
import type { Guarantee } from '#bestfirst/grid';
import { displayName, jsonOption } from './files.js';
import type { Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { checkResultsTarget, readResults, ResultsWriter, type ReadResults, type ResultsHeader, type RowFormat } from './results-file.js';
import { failureReporter, printSummary, rowRecord, SCEN_ROWS, summarize, verdict, type ScenRow } from './scen-rows.js';
import { FLEET_ROWS, sweepJob, sweepSummary, sweepVerdict, type FleetRow, type SweepJob } from './fleet-sweep-rows.js';
import { printRow, sweepFailures } from './fleet-sweep.js';
import { hierarchyLines, pairShow, pairsJob, pairsSummary, ROUTE_ROWS, type PairAnswer, type PairsJob } from './route-pairs-rows.js';

/**
 * `bestfirst merge FILE.jsonl...`: the `--jsonl` files of shards 1/N ...
 * N/N of one `scen` run, fleet sweep or `route --pairs` batch, joined into the report that run prints whole: the
 * same header line, failures, summary and exit status (and with --json the
 * same records), made by the same code from the same rows. With --no-times
 * runs the bytes are the same; with times, the times are the rows' own.
 */
export const MERGE: CommandSpec = {
  name: 'merge',
  summary: 'join the --jsonl files of a sharded scen run, fleet sweep or route --pairs batch into the whole run\'s report',
  about: 'Joins the --jsonl files that `scen --shard K/N --jsonl FILE`, a fleet sweep or `route --pairs FILE` with --shard K/N --jsonl FILE wrote, one per shard, into the report the run prints unsharded: its first line, the rows (fleet, route) and the failures named on stderr, the summary and the exit status, and with --json its records, in row order. Every shard 1/N ... N/N must be there once and whole, and all of one run (the same scenario files, sample, counts, seeds, map or graph, pairs, search and options); anything else is refused, naming the file.',
  positionals: [{ name: 'FILE.jsonl', variadic: true, help: 'the results files, in any order (plain or gzipped)' }],
  options: [
    jsonOption('print one JSON record per row on stdout and the report on stderr, as scen --json, fleet --json and route --pairs --json do'),
    { name: 'jsonl', kind: 'file', arg: 'FILE', help: 'also write the joined rows to FILE as one results file, the one the run unsharded writes (a file there is replaced)' },
  ],
  notes: [
    'With times (runs without --no-times) the per-query times are the ones each shard measured on its machine, and the preprocessing time (route: the hierarchy\'s) is the longest of the shards\'.',
    'Exit status: as the run\'s: for scen 0 every path valid and every promise kept, 1 an invalid path or a broken promise; for a fleet sweep 0 every plan valid, 1 an invalid plan; for route --pairs 0 every path checked, 1 one that fails its check; 2 files that are not one whole run (a shard missing, twice, cut short, of another run or of another command).',
  ],
  run,
};

export function mergeCommand(args: readonly string[], io: Io): number {
  return runCommand(MERGE, args, io);
}

/** The fields of a scen header's `run` that the report needs, checked (a file may come from anywhere). */
interface ScenRun { title: string; scen: string; rows: number; algo: string; promise: Guarantee; bound: number }

function scenRun(h: ResultsHeader): ScenRun | null {
  const r = h.run as Partial<Record<keyof ScenRun, unknown>>;
  const promises: readonly unknown[] = ['optimal', 'bounded', 'none', 'any-angle'];
  // JSON has no Infinity: "no promise" is written as null.
  const bound = r.bound === null ? Infinity : r.bound;
  if (typeof r.title !== 'string' || typeof r.scen !== 'string' || !Number.isSafeInteger(r.rows) || typeof r.algo !== 'string'
    || !promises.includes(r.promise) || typeof bound !== 'number') return null;
  return { title: r.title, scen: r.scen, rows: r.rows as number, algo: r.algo, promise: r.promise as Guarantee, bound };
}

type Built = NonNullable<ResultsHeader['built']>;

/** A command whose `--jsonl` shards merge joins: how its rows are written and read back, how its header is read, and how its report is made. */
interface MergeKind<J, R extends { readonly row: number }> extends RowFormat<R> {
  /** The job of a header of this command, or null when the header lacks what the report needs. */
  readonly job: (h: ResultsHeader) => J | null;
  readonly rows: (job: J) => number;
  /** What the run was over, for a missing shard: the scenario file, the sweep's map, the pairs file. */
  readonly over: (job: J) => string;
  /** Prints the report of the whole run from its rows, in row order, as the run itself prints it; the exit status. */
  readonly report: (rows: readonly R[], job: J, built: Built, io: Io, json: boolean, times: boolean) => number;
}

const SCEN_KIND: MergeKind<ScenRun, ScenRow> = {
  ...SCEN_ROWS, job: scenRun, rows: (j) => j.rows, over: (j) => j.scen,
  report(all, job, built, io, json, times) {
    const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
    say(job.title);
    const fail = failureReporter((l) => io.err(l), job.scen);
    for (const r of all) {
      if (json) io.out(JSON.stringify(rowRecord(r, times)));
      fail(r);
    }
    const summary = summarize(all, built);
    printSummary(summary, job, say, times);
    return verdict(summary, job.algo, (l) => io.err(l));
  },
};

const FLEET_KIND: MergeKind<SweepJob, FleetRow> = {
  ...FLEET_ROWS, job: (h) => sweepJob(h.run), rows: (j) => j.rows, over: (j) => `the sweep on ${j.map}`,
  report(all, job, _built, io, json, times) {
    const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
    say(job.title);
    const fail = sweepFailures((l) => io.err(l));
    for (const r of all) {
      printRow(r, job.solver, times, json, io);
      fail(r);
    }
    sweepSummary(all, job.counts, say, times);
    return sweepVerdict(all, (l) => io.err(l));
  },
};

const ROUTE_KIND: MergeKind<PairsJob, PairAnswer> = {
  ...ROUTE_ROWS, job: (h) => pairsJob(h.run), rows: (j) => j.rows, over: (j) => `the pairs of ${j.pairs}`,
  report(all, job, built, io, json, times) {
    const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
    say(job.title);
    if (times) for (const l of hierarchyLines(built)) say(l);
    const show = pairShow(io, job.algo, json, times);
    for (const r of all) show(r);
    return pairsSummary(all, say, (l) => io.err(l), times);
  },
};

/** The commands whose shards merge joins, by the name their headers give. */
const KINDS: Readonly<Record<string, MergeKind<unknown, { readonly row: number }>>> = {
  scen: SCEN_KIND as unknown as MergeKind<unknown, { readonly row: number }>,
  fleet: FLEET_KIND as unknown as MergeKind<unknown, { readonly row: number }>,
  route: ROUTE_KIND as unknown as MergeKind<unknown, { readonly row: number }>,
};

/** The kind and job of a results file's header, refused when merge does not join that command's files. */
function kindOf(h: ResultsHeader, label: string): { kind: MergeKind<unknown, { readonly row: number }>; job: unknown } {
  const kind = Object.prototype.hasOwnProperty.call(KINDS, h.bestfirst) ? KINDS[h.bestfirst] : undefined;
  const job = kind?.job(h) ?? null;
  if (kind === undefined || job === null) {
    throw new InputError(`merge: ${label} is not the results of bestfirst scen, a fleet sweep or route --pairs (its header ${kind !== undefined ? 'lacks what the report needs' : `names bestfirst ${h.bestfirst}`}); merge joins scen, fleet and route --jsonl files`);
  }
  return { kind, job };
}

function run(args: Args, io: Io): number {
  const files = args.positionals;
  const out = args.get<string>('jsonl');
  if (out !== undefined) checkResultsTarget('merge', '--jsonl', out, files);
  const read = files.map((f) => ({ file: f, label: displayName(f), r: readResults(f, displayName(f)) }));
  const head = read[0];
  const { kind, job } = kindOf(head.r.header, head.label);
  const n = head.r.header.shard.n;
  const byShard = new Map<number, (typeof read)[number]>();
  for (const x of read) {
    const h = x.r.header;
    kindOf(h, x.label);
    if (h.bestfirst !== head.r.header.bestfirst) throw new InputError(`merge: ${x.label} holds the results of bestfirst ${h.bestfirst} and ${head.label} those of bestfirst ${head.r.header.bestfirst}; merge joins the shards of one run`);
    if (JSON.stringify(h.run) !== JSON.stringify(head.r.header.run)) throw new InputError(`merge: ${x.label} is of another run than ${head.label} (${differs(h, head.r.header, kind.edited)}); merge joins the shards of one run`);
    if (h.times !== head.r.header.times) throw new InputError(`merge: ${x.label} was written ${h.times ? 'with' : 'without'} times and ${head.label} ${head.r.header.times ? 'with' : 'without'}; run every shard with the same options`);
    if (h.shard.n !== n) throw new InputError(`merge: ${x.label} is shard ${h.shard.k}/${h.shard.n} and ${head.label} shard ${head.r.header.shard.k}/${n}: a run is cut one way`);
    const twin = byShard.get(h.shard.k);
    if (twin !== undefined) throw new InputError(`merge: shard ${h.shard.k}/${n} is given twice: ${twin.label} and ${x.label}`);
    byShard.set(h.shard.k, x);
  }
  const missing: number[] = [];
  for (let k = 1; k <= n; k++) if (!byShard.has(k)) missing.push(k);
  if (missing.length > 0) throw new InputError(`merge: ${missing.length === 1 ? 'shard' : 'shards'} ${missing.slice(0, 5).map((k) => `${k}/${n}`).join(', ')}${missing.length > 5 ? ', ...' : ''} of ${kind.over(job)} ${missing.length === 1 ? 'is' : 'are'} missing: give every shard's file (${n} in all)`);

  const times = head.r.header.times;
  const total = kind.rows(job);
  const rows = new Array<{ readonly row: number } | undefined>(total);
  for (const { label, r } of read) rowsOf(r, label, times, rows, kind, head.r.header.bestfirst);
  const all = rows as { readonly row: number }[];
  const built = times ? longest(read.map((x) => x.r.header.built)) : {};
  if (out !== undefined) {
    const w = ResultsWriter.open(out, `--jsonl ${displayName(out)}`, { ...head.r.header, shard: { k: 1, n: 1, first: 0, end: total }, ...(Object.keys(built).length > 0 ? { built } : {}) });
    for (const r of all) w.line(kind.line(r, times));
    w.close();
  }
  return kind.report(all, job, built, io, args.flag('json'), times);
}

/** Puts a shard's rows in their places, refusing a shard cut short or holding rows not its own. */
function rowsOf<R extends { readonly row: number }>(r: ReadResults, label: string, times: boolean, into: (R | undefined)[], kind: MergeKind<unknown, R>, command: string): void {
  const { k, n, first, end } = r.header.shard;
  if (!(0 <= first && first <= end && end <= into.length)) throw new InputError(`merge: ${label}: shard ${k}/${n} claims rows ${first} to ${end - 1} of a run of ${into.length}`);
  for (const { value, line } of r.rows) {
    const row = kind.fromJson(value, `merge: ${label}:${line}`, times);
    if (row.row < first || row.row >= end) throw new InputError(`merge: ${label}:${line}: row ${row.row} is not one of shard ${k}/${n}'s rows (${first} to ${end - 1})`);
    if (into[row.row] !== undefined) throw new InputError(`merge: ${label}:${line}: row ${row.row} is there twice`);
    into[row.row] = row;
  }
  const have = r.rows.length;
  if (have < end - first) {
    throw new InputError(`merge: ${label} holds ${have} of the ${end - first} rows of shard ${k}/${n}${r.cut ? ' and ends in a cut line' : ''}: its run stopped before the end; finish it with the same ${command} command and --resume ${label}`);
  }
}

/**
 * The longest build and load of the shards (each made the preprocessing
 * once); what else they say of it (route's --ch file, shortcuts and bytes,
 * the same for every shard of a run) as the first shard that says it.
 */
function longest(built: readonly (ResultsHeader['built'] | undefined)[]): Built {
  const out: { -readonly [K in keyof Built]: Built[K] } = {};
  for (const b of built) {
    if (typeof b?.buildMs === 'number') out.buildMs = Math.max(out.buildMs ?? 0, b.buildMs);
    if (typeof b?.loadMs === 'number') out.loadMs = Math.max(out.loadMs ?? 0, b.loadMs);
    if (typeof b?.from === 'string') out.from ??= b.from;
    if (typeof b?.shortcuts === 'number') out.shortcuts ??= b.shortcuts;
    if (typeof b?.bytes === 'number') out.bytes ??= b.bytes;
  }
  return out;
}

/** The first field in which two runs differ, in words; `edited` says a fingerprint that differs. */
function differs(a: ResultsHeader, b: ResultsHeader, edited: string): string {
  for (const key of new Set([...Object.keys(a.run), ...Object.keys(b.run)])) {
    const x = JSON.stringify(a.run[key]), y = JSON.stringify(b.run[key]);
    if (x !== y) return key === 'fingerprint' ? edited : `${key} ${x} against ${y}`;
  }
  return 'another run';
}
