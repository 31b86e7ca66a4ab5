import { fixed, type Io } from './io.js';
import { rowReader, type ResultsHeader, type RowFormat } from './results-file.js';

/**
 * One pair of `route --pairs` answered, and the report made from the
 * answers: a line (or --json record) per pair, the invalid paths named, the
 * summary and the exit status. The report is made from these rows and
 * nothing else, so the one `bestfirst merge` makes from rows read back from
 * --jsonl files is the one the run itself prints.
 */

/** One pair answered: ids from 1, as the files write them. */
export interface PairAnswer {
  /** The pair's place in FILE's pairs, from 0. */
  readonly row: number;
  readonly from: number;
  readonly to: number;
  readonly status: 'found' | 'unreachable' | 'negative-cycle';
  readonly cost: number | null;
  readonly path: number[] | null;
  readonly expansions: number | null;
  readonly rounds: number | null;
  /** Microseconds the search took (0 when the run keeps no times). */
  readonly micros: number;
  /** Why the path fails its check (a bug, said loudly), when it does. */
  readonly invalid?: string;
}

/** The text line of one pair. */
function pairLine(a: PairAnswer): string {
  const work = a.rounds === null ? `${a.expansions} expansions` : `${a.rounds} rounds over every arc`;
  if (a.status === 'negative-cycle') return `${a.from} -> ${a.to}: no cheapest path, a negative cycle is reachable from ${a.from}; ${work}`;
  if (a.path === null) return `${a.from} -> ${a.to}: no path (unreachable), ${work}`;
  return `${a.from} -> ${a.to}: cost ${a.cost}, ${a.path.length} nodes, ${work}`;
}

/** The --json record of one pair; without `times`, no elapsedMs. */
function pairRecord(a: PairAnswer, times: boolean): Record<string, unknown> {
  return {
    from: a.from, to: a.to, status: a.status, cost: a.cost, nodes: a.path?.length ?? 0, expansions: a.expansions, rounds: a.rounds,
    ...(times ? { elapsedMs: Math.round(a.micros) / 1000 } : {}), path: a.path,
  };
}

/** A pair as one line of a --jsonl file: its place in the batch, its --json record, and the failure the report names (an invalid path). */
function pairJsonLine(a: PairAnswer, times: boolean): string {
  return JSON.stringify({ row: a.row, ...pairRecord(a, times), ...(a.invalid === undefined ? {} : { failure: a.invalid }) });
}

/** A pair read back from a --jsonl line (already JSON-parsed); `where` names the line in a refusal. */
function pairFromJson(v: unknown, where: string, times: boolean): PairAnswer {
  const { o, bad, int } = rowReader(v, where, 'bestfirst route --pairs --jsonl');
  const intOrNull = (k: string) => (o[k] === null ? null : int(k, 0));
  const status = o.status;
  if (status !== 'found' && status !== 'unreachable' && status !== 'negative-cycle') return bad('status is not found, unreachable or negative-cycle');
  // Bellman-Ford takes negative weights: a cost may be below 0.
  const cost = o.cost === null ? null : typeof o.cost === 'number' && Number.isFinite(o.cost) ? o.cost : bad('cost is not a number or null');
  const path = o.path === null ? null : Array.isArray(o.path) && o.path.length > 0 && o.path.every((n) => Number.isSafeInteger(n) && (n as number) >= 1) ? o.path as number[] : bad('path is not a list of node ids from 1, or null');
  if ((path === null) !== (status !== 'found') || (cost === null) !== (path === null)) bad(`status ${status} does not go with its cost and path`);
  if (int('nodes', 0) !== (path?.length ?? 0)) bad('nodes is not the length of path');
  const elapsed = o.elapsedMs;
  if (times && !(typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0)) bad('elapsedMs is not a number >= 0');
  if (o.failure !== undefined && typeof o.failure !== 'string') bad('failure is not a string');
  return {
    row: int('row', 0), from: int('from', 1), to: int('to', 1), status, cost, path, expansions: intOrNull('expansions'), rounds: intOrNull('rounds'),
    micros: times ? (elapsed as number) * 1000 : 0, ...(o.failure === undefined ? {} : { invalid: o.failure as string }),
  };
}

/** How route's pairs go into its --jsonl files and come back (--resume, merge). */
export const ROUTE_ROWS: RowFormat<PairAnswer> = {
  command: 'route', line: pairJsonLine, fromJson: pairFromJson,
  otherMap: 'another graph or pairs file (or one of them edited, or other --co coordinates for the heuristic): the fingerprints differ',
  edited: 'another graph or pairs file, or one of them edited',
};

/** What the report of `route --pairs` needs of its run, as its results files' headers carry it. */
export interface PairsJob {
  readonly title: string;
  readonly algo: string;
  readonly pairs: string;
  readonly rows: number;
}

/** The job of a route header's `run`, checked (a file may come from anywhere); null when it lacks what the report needs. */
export function pairsJob(run: Readonly<Record<string, unknown>>): PairsJob | null {
  const { title, algo, pairs, rows } = run;
  if (typeof title !== 'string' || typeof algo !== 'string' || typeof pairs !== 'string' || !Number.isSafeInteger(rows)) return null;
  return { title, algo, pairs, rows: rows as number };
}

/**
 * The lines of the hierarchy of --algo ch, made before the pairs: built, or
 * loaded from --ch FILE (both when merged shards did one and the other).
 * Said with times only: the rest of the line (shortcuts, bytes) is the same
 * on every machine, the time is not.
 */
export function hierarchyLines(built: ResultsHeader['built'] | undefined): string[] {
  if (built?.shortcuts === undefined || built.bytes === undefined) return [];
  const facts = `${built.shortcuts} shortcuts, ${(built.bytes / 1e6).toFixed(1)} MB`;
  return [
    ...(built.buildMs === undefined ? [] : [`hierarchy built in ${built.buildMs.toFixed(1)} ms: ${facts}`]),
    ...(built.loadMs === undefined ? [] : [`hierarchy loaded from ${built.from ?? '--ch'} in ${built.loadMs.toFixed(1)} ms: ${facts}`]),
  ];
}

/** Prints a pair as the report does (its line, or with --json its record, on stdout), naming an invalid path on stderr. */
export function pairShow(io: Io, algo: string, json: boolean, times: boolean): (a: PairAnswer) => void {
  return (a) => {
    io.out(json ? JSON.stringify(pairRecord(a, times)) : pairLine(a));
    if (a.invalid !== undefined) io.err(`route: the ${algo} path from ${a.from} to ${a.to} is invalid: ${a.invalid}`);
  };
}

/**
 * The summary of the pairs answered (a shard's, or all of them), in row
 * order: the answers counted, with `times` the microseconds per pair, the
 * work per pair; then the exit status, 0, or 1 when a path failed its check
 * (said on stderr). The sums are made in row order, so the same rows give
 * the same digits.
 */
export function pairsSummary(all: readonly PairAnswer[], say: (line: string) => void, err: (line: string) => void, times: boolean): number {
  const n = all.length;
  if (n === 0) { say('pairs 0 (no pairs to run)'); return 0; }
  const count = (s: PairAnswer['status']) => all.filter((a) => a.status === s).length;
  const cycles = count('negative-cycle');
  say(`pairs ${n}: found ${count('found')}, unreachable ${count('unreachable')}${cycles > 0 ? `, negative cycle ${cycles}` : ''}`);
  if (times) {
    const us = Float64Array.from(all, (a) => a.micros).sort();
    const median = n % 2 ? us[(n - 1) / 2] : (us[n / 2 - 1] + us[n / 2]) / 2;
    say(`microseconds per pair: median ${fixed(median)}, mean ${fixed(us.reduce((s, v) => s + v, 0) / n)}`);
  }
  say(all[0].rounds === null ? `expansions per pair: mean ${fixed(all.reduce((s, a) => s + (a.expansions ?? 0), 0) / n)}` : `rounds per pair: mean ${fixed(all.reduce((s, a) => s + (a.rounds ?? 0), 0) / n)}`);
  const invalid = all.filter((a) => a.invalid !== undefined).length;
  if (invalid > 0) err(`route: FAILED: ${invalid} invalid path${invalid === 1 ? '' : 's'}`);
  return invalid > 0 ? 1 : 0;
}
