import { InputError } from '#bestfirst';
import { displayName } from './files.js';
import { progressBar, type Io } from './io.js';
import type { Args } from './options.js';
import { checkResultsTarget, inRowOrder, resumeRows, ResultsWriter, type ResultsHeader, type Resumed, type RowFormat } from './results-file.js';
import { shardRows, type Shard } from './shard.js';

/**
 * What the batch commands (`scen`, the fleet sweep, `route --pairs`) share
 * around their rows: --shard, --jsonl, --resume and --no-times read and
 * refused alike, the shard's rows less those a resumed file holds, the
 * first line with its shard, the resuming line, and the rows passed on in
 * row order to the report and the results file. Each command brings what
 * is its own: the run's fields (what makes two files parts of one run), its
 * title, and how a row is shown, written and read back (`RowFormat`).
 */

/** What a batch command was asked of --shard, --jsonl, --resume and --no-times. */
export interface BatchAsk {
  readonly command: string;
  readonly shard: Shard | undefined;
  /** The results file, --jsonl's or --resume's, and the option that named it. */
  readonly file: string | undefined;
  readonly option: '--jsonl' | '--resume';
  readonly resume: boolean;
  readonly times: boolean;
}

/** Reads the batch options of `command`; --jsonl and --resume together are refused (both name the file written). */
export function batchAsk(args: Args, command: string): BatchAsk {
  const jsonl = args.get<string>('jsonl'), resume = args.get<string>('resume');
  if (jsonl !== undefined && resume !== undefined) throw new InputError(`${command}: --resume ${displayName(resume)} goes on writing that file; give it without --jsonl`);
  return {
    command, shard: args.get<Shard>('shard'), file: resume ?? jsonl, option: resume !== undefined ? '--resume' : '--jsonl',
    resume: resume !== undefined, times: !args.flag('no-times'),
  };
}

/** Refuses a results file that cannot be written or is one of the run's `inputs`: said before any work. */
export function checkBatchFile(ask: BatchAsk, inputs: readonly string[]): void {
  if (ask.file !== undefined) checkResultsTarget(ask.command, ask.option, ask.file, inputs);
}

/** A 64-bit fingerprint (two 32-bit words) as the 16 hex digits a header writes. */
export function fingerprintHex(words: readonly [number, number]): string {
  return words.map((w) => w.toString(16).padStart(8, '0')).join('');
}

/** The rows of a batch this run takes: the shard's [first, end), its results file's header, what a resumed file holds, and the rows still to run, in order. */
export interface BatchRows<R extends { readonly row: number }> {
  readonly first: number;
  readonly end: number;
  readonly header: ResultsHeader | null;
  readonly earlier: Resumed<R> | null;
  readonly todo: number[];
}

/**
 * The rows of a batch of `total` as `ask` cuts them. `run` gives the fields
 * that make two results files parts of one run; it is called only when there
 * is a results file (a fingerprint can cost a pass over the graph). A
 * `--resume` file is read back here, and refused if it is of another run.
 */
export function batchRows<R extends { readonly row: number }>(ask: BatchAsk, total: number, run: () => Record<string, unknown>, format: RowFormat<R>): BatchRows<R> {
  const [first, end] = ask.shard === undefined ? [0, total] : shardRows(total, ask.shard);
  const header: ResultsHeader | null = ask.file === undefined ? null : {
    bestfirst: ask.command, format: 1, run: run(), shard: { k: ask.shard?.k ?? 1, n: ask.shard?.n ?? 1, first, end }, times: ask.times,
  };
  const earlier = ask.resume ? resumeRows(ask.file!, header!, format) : null;
  const todo: number[] = [];
  for (let q = first; q < end; q++) if (earlier?.rows.has(q) !== true) todo.push(q);
  return { first, end, header, earlier, todo };
}

/**
 * Starts the output of a batch: `head` said (the title, with the shard's rows
 * when there is a shard, then any further lines), the resuming line on
 * stderr, the results file opened (a fresh one with its header and `built`,
 * or a resumed one cut back to its whole lines). Rows handed to `deliver` in
 * any order are shown (`show`) and written in row order, the progress line
 * counting them in `unit`; `rows()` is every row once all came; `close()`
 * closes the file.
 */
export function startBatch<R extends { readonly row: number }>(b: BatchRows<R>, o: {
  ask: BatchAsk; format: RowFormat<R>; io: Io; say: (line: string) => void;
  head: readonly string[]; unit: string; built?: ResultsHeader['built']; show: (r: R) => void;
}): { deliver: (r: R) => void; rows: () => R[]; close: () => void } {
  const { first, end, earlier, header, todo } = b;
  const { ask, io, unit } = o;
  const [title, ...more] = o.head;
  o.say(ask.shard === undefined ? title : `${title}; shard ${ask.shard.k}/${ask.shard.n}: ${end > first ? `${unit} ${first} to ${end - 1}` : `no ${unit}`}`);
  for (const line of more) o.say(line);
  if (earlier !== null) io.err(`${ask.command}: resuming ${displayName(ask.file!)}: ${earlier.rows.size} of ${end - first} ${unit} there already${earlier.cut ? ' (a cut last line dropped)' : ''}, ${todo.length} to run`);
  const label = `${ask.option} ${displayName(ask.file ?? '')}`;
  const built = o.built !== undefined && Object.keys(o.built).length > 0 ? { built: o.built } : {};
  const writer = ask.file === undefined ? null
    : earlier !== null ? ResultsWriter.open(ask.file, label, null, earlier.keep)
      : ResultsWriter.open(ask.file, label, { ...header!, ...built });
  const { deliver, rows } = inRowOrder<R>({
    first, end, earlier, results: writer === null ? null : { writer, line: (r) => o.format.line(r, ask.times) },
    show: o.show, progress: progressBar(io, todo.length, '', unit),
  });
  return { deliver, rows, close: () => writer?.close() };
}
