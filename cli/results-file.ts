import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '#bestfirst';
import { displayName, readBytes, whyUnwritable } from './files.js';
import type { OptionSpec } from './options.js';

/**
 * A results stream (`--jsonl FILE`): one JSON object per line, the first a
 * header naming the run, then one per row as the run finds it. Each line is
 * handed to the system as soon as it is written (one write call, no buffer
 * of ours), so a run that is killed keeps every row it finished; at most
 * the line being written is cut, and readers here drop such a last line.
 */

/** The first line of a results file. */
export interface ResultsHeader {
  /** The command that wrote it ("scen"). */
  readonly bestfirst: string;
  /** The layout of the lines; 1 so far. */
  readonly format: number;
  /** What makes two files parts of one run: the same values here (the batch, the map's fingerprint, the search). */
  readonly run: Readonly<Record<string, unknown>>;
  /** The slice this file holds: shard k of n, rows [first, end) of the batch. */
  readonly shard: { readonly k: number; readonly n: number; readonly first: number; readonly end: number };
  /** Whether the rows carry their times (elapsedMs); false with --no-times. */
  readonly times: boolean;
  /**
   * What the writer made before its rows (the map's preprocessing, route's
   * hierarchy): the ms it took to build or to load, and for route's hierarchy
   * the --ch file it was loaded from, its shortcuts and its bytes, which the
   * report says beside the time; absent without times.
   */
  readonly built?: { readonly buildMs?: number; readonly loadMs?: number; readonly from?: string; readonly shortcuts?: number; readonly bytes?: number };
}

/** A results file read back: its header, each row line parsed (with its line number), and whether its last line was cut. */
export interface ReadResults {
  readonly header: ResultsHeader;
  readonly rows: readonly { readonly value: unknown; readonly line: number }[];
  /** The byte length of the whole lines: what a resumed run keeps. */
  readonly wholeBytes: number;
  readonly cut: boolean;
}

/** The largest results file read back: 2 GiB (a million rows is a few hundred MB). */
const MAX_RESULTS_BYTES = 2 ** 31 - 1;

/** The `--jsonl FILE` option. */
export const JSONL_OPTION: OptionSpec = {
  name: 'jsonl', kind: 'file', arg: 'FILE',
  help: 'also write the results to FILE as they are found: a header line, then one JSON object per row (its --json record, with row, its place in the batch, and failure, what the report names) in row order, each line handed to the system at once, so a killed run keeps what it finished (a file there is replaced)',
};

/** The `--resume FILE` option. */
export const RESUME_OPTION: OptionSpec = {
  name: 'resume', kind: 'file', arg: 'FILE',
  help: 'go on with the --jsonl FILE of an earlier run of the same command that stopped: its rows are kept and skipped, a last line cut by a kill is dropped, and the rest are appended; the report covers every row, as an uninterrupted run\'s does. A FILE not there yet is started, so a retried job can run the same line. Refused for a file of another run (another map, scenario file, search, sample or shard)',
};

/** Why `file` cannot be a results file, or null: a folder, a device, a missing folder, or one of the run's inputs. */
function unfit(file: string, inputs: readonly string[]): string | null {
  const why = whyUnwritable(file);
  if (why !== null) return why;
  for (const f of inputs) if (resolve(f) === resolve(file)) return `it is one of the files read (${displayName(f)})`;
  return null;
}

/** Checks a results file can be written, before any work; `option` (`--jsonl`) and `command` name it. */
export function checkResultsTarget(command: string, option: string, file: string, inputs: readonly string[]): void {
  const why = unfit(file, inputs);
  if (why !== null) throw new InputError(`${command}: cannot write ${option} ${displayName(file)}: ${why}`);
}

/**
 * Splits a results file's text into its header and rows. A last line with
 * no newline is cut (a kill while it was written): dropped and flagged.
 * `label` names the file in refusals.
 */
export function parseResults(text: string, label: string): ReadResults | null {
  const end = text.lastIndexOf('\n') + 1;
  const cut = end < text.length;
  const whole = text.slice(0, end);
  if (whole === '') return null; // nothing whole: not even the header was finished
  const lines = whole.split('\n');
  lines.pop(); // after the last newline
  const parse = (l: string, k: number): unknown => {
    try {
      return JSON.parse(l) as unknown;
    } catch {
      throw new InputError(`${label}:${k + 1}: not a JSON line; expected a results file bestfirst wrote with --jsonl`);
    }
  };
  const header = parse(lines[0], 0) as Partial<ResultsHeader> | null;
  const s = header?.shard;
  if (header === null || typeof header !== 'object' || typeof header.bestfirst !== 'string' || header.format !== 1 || typeof header.run !== 'object' || header.run === null
    || typeof s !== 'object' || s === null || ![s.k, s.n, s.first, s.end].every((x) => Number.isSafeInteger(x)) || typeof header.times !== 'boolean') {
    throw new InputError(`${label}: its first line is not the header of a results file (bestfirst ... --jsonl writes one); expected ${header?.format !== undefined && header.format !== 1 ? 'format 1' : 'a header'}`);
  }
  // Bytes, not characters: the length a resumed file is cut back to.
  return { header: header as ResultsHeader, rows: lines.slice(1).map((l, k) => ({ value: parse(l, k + 1), line: k + 2 })), wholeBytes: Buffer.byteLength(whole), cut };
}

/** Reads a results file whole (plain or gzipped) for `merge`. */
export function readResults(file: string, label: string): ReadResults {
  const r = parseResults(readBytes(file, label, 'results (.jsonl)', MAX_RESULTS_BYTES).toString('utf8'), label);
  if (r === null) throw new InputError(`${label} holds no whole line, not even its header: the run that wrote it stopped at once; run its shard again`);
  return r;
}

/** Appends lines to a results file, each handed to the system at once. */
export class ResultsWriter {
  private constructor(private readonly fd: number) {}

  /**
   * A fresh file (replacing one there) with `header` as its first line; or,
   * with `keep` (the whole-line length of a file being resumed), the same
   * file cut back to its whole lines and opened for appending.
   */
  static open(file: string, label: string, header: ResultsHeader | null, keep = 0): ResultsWriter {
    let fd: number;
    try {
      fd = openSync(file, header === null ? 'r+' : 'w');
    } catch (e) {
      throw new InputError(`cannot write ${label}: ${(e as Error).message}`);
    }
    const w = new ResultsWriter(fd);
    if (header === null) {
      ftruncateSync(fd, keep);
      w.at = keep;
    } else w.line(JSON.stringify(header));
    return w;
  }

  private at = 0;

  line(text: string): void {
    const bytes = Buffer.from(`${text}\n`, 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.at + done);
    this.at += bytes.length;
  }

  close(): void { closeSync(this.fd); }
}

/** The text of a file to resume, or null when it is not there yet; refused if it is gzipped (it is appended to). */
export function resumeText(file: string, label: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) throw new InputError(`${label} is gzipped; a run goes on only in the plain file it wrote (gunzip it first)`);
  return bytes.toString('utf8');
}

/** A file being resumed, read back: its rows by their place in the batch, the length to keep, and whether a cut last line was dropped. */
export interface Resumed<R> {
  readonly rows: Map<number, R>;
  readonly keep: number;
  readonly cut: boolean;
}

/** How a batch command's rows go into a results file and come back: the command, a row's line, a line read back, and how a differing fingerprint is said. */
export interface RowFormat<R extends { readonly row: number }> {
  readonly command: string;
  /** A row as one line of the file: its place in the batch, its `--json` record, and the failure the report names. */
  readonly line: (r: R, times: boolean) => string;
  /** A row read back from a line (already JSON-parsed); `where` names the line in a refusal. */
  readonly fromJson: (v: unknown, where: string, times: boolean) => R;
  /** "another map (or this map edited)": the words for a fingerprint that differs, in a --resume refusal. */
  readonly otherMap: string;
  /** "another map, or the map edited": the same, shorter, in merge's refusal. */
  readonly edited: string;
}

/** The start of every `fromJson`: the line's object, `bad` (a refusal naming the line and what wrote such rows) and `int` (a whole number >= `min`, 0 by default). */
export function rowReader(v: unknown, where: string, writer: string): { o: Record<string, unknown>; bad: (what: string) => never; int: (k: string, min?: number) => number } {
  const bad = (what: string): never => { throw new InputError(`${where}: ${what}; expected a row ${writer} wrote`); };
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad('not a JSON object');
  const o = v as Record<string, unknown>;
  const int = (k: string, min = 0) => (Number.isSafeInteger(o[k]) && (o[k] as number) >= min ? o[k] as number : bad(`${k} is not a whole number >= ${min}`));
  return { o, bad, int };
}

/**
 * The rows of a `--resume` file, checked to be of this very run (`header`,
 * the header this run would write): the same command, every field of the
 * run, the same shard and the same times; null when the file is not there
 * yet (or holds no whole line).
 */
export function resumeRows<R extends { readonly row: number }>(file: string, header: ResultsHeader, kind: RowFormat<R>): Resumed<R> | null {
  const { command } = kind;
  const label = `--resume ${displayName(file)}`;
  const text = resumeText(file, label);
  const r = text === null ? null : parseResults(text, label);
  if (r === null) return null;
  const h = r.header;
  if (h.bestfirst !== command) throw new InputError(`${command}: ${label} was written by bestfirst ${h.bestfirst}, not ${command}`);
  const mine = header.run as Record<string, unknown>, theirs = h.run as Record<string, unknown>;
  for (const key of Object.keys(mine)) {
    if (JSON.stringify(mine[key]) !== JSON.stringify(theirs[key])) {
      const what = key === 'fingerprint' ? kind.otherMap : `another ${key === 'title' ? 'batch' : key}: ${JSON.stringify(theirs[key])}, this run's ${JSON.stringify(mine[key])}`;
      throw new InputError(`${command}: ${label} is the results of another run, of ${what}; resume a run with its own command line, or start a new file with --jsonl`);
    }
  }
  if (h.shard.k !== header.shard.k || h.shard.n !== header.shard.n) throw new InputError(`${command}: ${label} holds shard ${h.shard.k}/${h.shard.n}, this run is shard ${header.shard.k}/${header.shard.n}`);
  if (h.times !== header.times) throw new InputError(`${command}: ${label} was written ${h.times ? 'with' : 'without'} times, this run is ${header.times ? 'with' : 'without'} (--no-times): give the same option`);
  const rows = new Map<number, R>();
  for (const { value, line } of r.rows) {
    const row = kind.fromJson(value, `${label}:${line}`, h.times);
    if (row.row < h.shard.first || row.row >= h.shard.end || rows.has(row.row)) throw new InputError(`${command}: ${label}:${line}: row ${row.row} is ${rows.has(row.row) ? 'there twice' : `outside the shard's rows ${h.shard.first} to ${h.shard.end - 1}`}`);
    rows.set(row.row, row);
  }
  return { rows, keep: r.wholeBytes, cut: r.cut };
}

/**
 * Rows of a batch passed on in row order, whoever finished them first, so
 * the output is the same for any number of workers: `deliver` takes a row as
 * it comes; each row, once every row before it is there, goes to the results
 * file if any (unless a resumed file holds it already: `earlier`), to `show`, and to
 * the progress line. The rows a resumed file holds are passed on at once, up
 * to its first gap. `rows()` is every row of [first, end), once all came.
 */
export function inRowOrder<R extends { readonly row: number }>(o: {
  first: number; end: number; earlier: Resumed<R> | null;
  /** The results file and a row's line in it, or null without one. */
  results: { writer: ResultsWriter; line: (r: R) => string } | null;
  show: (r: R) => void; progress: ((done: number) => void) | null;
}): { deliver: (r: R) => void; rows: () => R[] } {
  const { first, end, earlier, results } = o;
  const slots = new Array<R | undefined>(end - first);
  for (const r of earlier?.rows.values() ?? []) slots[r.row - first] = r;
  let next = first, fresh = 0;
  const drain = () => {
    for (let row = slots[next - first]; next < end && row !== undefined; row = slots[++next - first]) {
      const isNew = earlier?.rows.has(row.row) !== true;
      if (isNew && results !== null) results.writer.line(results.line(row));
      o.show(row);
      if (isNew) o.progress?.(++fresh);
    }
  };
  drain();
  return { deliver: (r) => { slots[r.row - first] = r; drain(); }, rows: () => slots as R[] };
}
