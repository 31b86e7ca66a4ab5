import { InputError, show } from '../core/errors.js';
import { fail, shown } from './movingai.js';

/**
 * The line discipline of the DIMACS `.gr` and `.co` files, fed one line at a
 * time, so that a file can be read whole (`scan`) or as a stream of chunks
 * (`LineChunks`, for files larger than a string can hold).
 */

const WHOLE = /^\d+$/;

/** A word of a line and its 1-based column. */
export interface Word { readonly text: string; readonly col: number }

/** One line of a file: its text, its 1-based number and its words. */
export interface Line { readonly text: string; readonly no: number; readonly w: readonly Word[] }

/** The whole number in word `k` of `l`, from `min` to `max`, or a refusal naming `what` and the range. */
export function whole(file: string, l: Line, k: number, what: string, min: number, max: number, allowed = ''): number {
  const w = l.w[k];
  if (w === undefined) fail(file, l.no, l.text.length + 1, `${what} is missing, expected a whole number from ${min} to ${max}${allowed}`);
  const v = WHOLE.test(w.text) ? Number(w.text) : NaN;
  if (!(v >= min && v <= max)) fail(file, l.no, w.col, `${what} is ${shown(w.text)}, expected a whole number from ${min} to ${max}${allowed}`);
  return v;
}

/**
 * Reads a record line written the usual way straight from its text: the
 * letter `letter` (a character code), then `out.length` whole numbers, each
 * after one space, plain digits (a minus sign first where `signed[k]`), at
 * most 15 digits (exact as a number), and nothing else. Fills `out` and
 * returns true, or returns false for any other line, which then takes the
 * general path that words the refusals. A city's records are almost all
 * written this way: this is what makes a large file quick.
 */
export function readPlainRecord(line: string, letter: number, signed: readonly boolean[], out: Float64Array): boolean {
  if (line.charCodeAt(0) !== letter) return false;
  let at = 1;
  for (let k = 0; k < out.length; k++) {
    if (line.charCodeAt(at) !== 32) return false;
    at++;
    const neg = signed[k] && line.charCodeAt(at) === 45;
    if (neg) at++;
    let v = 0, digits = 0;
    for (; at < line.length; at++, digits++) {
      const c = line.charCodeAt(at) - 48;
      if (c < 0 || c > 9) break;
      v = v * 10 + c;
    }
    if (digits === 0 || digits > 15) return false;
    out[k] = neg ? -v : v;
  }
  return at === line.length;
}

/** The layout of one of the two files: its problem line and its record lines, as the messages write them. */
export interface Layout {
  /** The problem line: its fixed words, then its counts (`p sp N M`). */
  readonly problem: string;
  /** A record line (`a U V W`): its first word is the record's letter. */
  readonly record: string;
  /** What a record is, for messages (`an arc`). */
  readonly noun: string;
}

/**
 * The line discipline both files share: blank lines and `c` comments
 * skipped, exactly one problem line and before any record, records of the
 * layout's letter with no word past their form, and nothing else. `problem`
 * reads the problem line's counts (told how many lines follow when the whole
 * text is known, to refuse counts a short file cannot hold; undefined in a
 * stream); `record` reads each record. `plain`, when given, is tried first on
 * each line after the problem line: it reads a record written the usual way
 * (single spaces, plain digits) straight from the text and returns true, or
 * returns false, touching nothing, and the line takes the general path,
 * which words every refusal. A city's arcs are almost all plain: this is
 * what makes a large file quick.
 */
export class DimacsLines {
  /** The problem line's number, 0 before it. */
  problemLine = 0;
  /** Lines read so far. */
  count = 0;
  private readonly fixed: string;
  private readonly letter: string;
  private readonly recordWords: number;
  private readonly problemWords: number;

  constructor(
    private readonly file: string, private readonly layout: Layout,
    private readonly problem: (l: Line, following: number | undefined) => void, private readonly record: (l: Line) => void,
    private readonly plain?: (text: string) => boolean,
  ) {
    const form = layout.problem.split(' ');
    this.fixed = form.filter((f) => /^[a-z]+$/.test(f)).join(' ');
    this.problemWords = form.length;
    this.letter = layout.record.split(' ')[0];
    this.recordWords = layout.record.split(' ').length;
  }

  /** Reads the next line (without its line end); `following` is how many lines come after it, when known. */
  line(text: string, following?: number): void {
    const no = ++this.count;
    if (this.plain !== undefined && this.problemLine > 0 && this.plain(text)) return;
    const file = this.file, layout = this.layout;
    const w: Word[] = [];
    for (const m of text.matchAll(/\S+/g)) w.push({ text: m[0], col: m.index + 1 });
    const l: Line = { text, no, w };
    if (w.length === 0 || w[0].text === 'c') return;
    const size = w[0].text === 'p' ? this.problemWords : w[0].text === this.letter ? this.recordWords : -1;
    if (size < 0) fail(file, no, w[0].col, `found ${shown(text)}, expected a comment 'c ...', the problem line '${layout.problem}' or ${layout.noun} '${layout.record}'`);
    if (w[0].text === 'p') {
      if (this.problemLine > 0) fail(file, no, w[0].col, `a second problem line (the first is line ${this.problemLine}), expected one '${layout.problem}' per file`);
      const tag = w.slice(0, this.fixed.split(' ').length).map((t) => t.text).join(' ');
      if (tag !== this.fixed) fail(file, no, w[1]?.col ?? text.length + 1, `found ${shown(text.trim())}, expected the problem line '${layout.problem}'`);
    } else if (this.problemLine === 0) {
      fail(file, no, w[0].col, `found ${layout.noun} before the problem line, expected '${layout.problem}' first`);
    }
    if (w.length > size) fail(file, no, w[size].col, `found ${shown(w[size].text)} after '${w[0].text === 'p' ? layout.problem : layout.record}', expected the end of the line`);
    if (w[0].text === 'p') {
      this.problem(l, following);
      this.problemLine = no;
    } else {
      this.record(l);
    }
  }

  /** Ends the file: refuses one without a problem line; returns the line number just past the end, for the checks at the end. */
  end(): number {
    if (this.problemLine === 0) fail(this.file, this.count + 1, 1, `the file ends without a problem line, expected '${this.layout.problem}'`);
    return this.count + 1;
  }
}

/**
 * The longest line a streamed file may have: 1 MiB. A record line is a few
 * dozen characters; a longer line is a wrong file (or `/dev/zero`), refused
 * before it fills memory.
 */
export const MAX_STREAMED_LINE = 1 << 20;

/**
 * Cuts a stream of text chunks into lines, however the chunks split them, as
 * `lines()` cuts a whole text: at each LF, a CR before it dropped; the last
 * piece, which no LF follows, is a line of its own unless empty. `line`
 * receives each.
 */
export class LineChunks {
  private rest = '';

  constructor(private readonly file: string, private readonly line: (text: string) => void, private readonly lineNumber: () => number) {}

  /** Reads the next chunk of text. */
  push(chunk: string): void {
    let from = 0;
    let text = chunk;
    if (this.rest !== '') { text = this.rest + chunk; this.rest = ''; }
    for (;;) {
      const lf = text.indexOf('\n', from);
      if (lf < 0) break;
      const end = lf > from && text.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
      this.line(text.slice(from, end));
      from = lf + 1;
    }
    if (text.length - from > MAX_STREAMED_LINE) {
      fail(this.file, this.lineNumber() + 1, 1, `the line is longer than ${MAX_STREAMED_LINE} characters without a line end, expected a line of a few words`);
    }
    this.rest = text.slice(from);
  }

  /** Ends the stream: its last piece, when not empty, is a line. */
  end(): void {
    if (this.rest !== '') this.line(this.rest);
    this.rest = '';
  }
}

/** What a line-by-line builder of one file offers its chunked reader. */
export interface LineBuilder<T> {
  /** Lines read so far. */
  readonly lineCount: number;
  /** Reads one whole line; `following`: how many lines come after it, when known. */
  line(text: string, following: number | undefined): void;
  /** The file's result, or its refusal at the end. */
  finish(): T;
}

/**
 * The chunked reading both DIMACS readers share (`GrReader`, `CoReader`):
 * chunks cut into lines for a builder, the file ended once (`finish`), and a
 * file with an error ended with it: every later call refuses, naming that
 * earlier error, since a file that broke the rules has no valid rest.
 */
export class ChunkedReader<T> {
  private readonly chunks: LineChunks;
  private done = false;
  /** The refusal that ended the file, or null. */
  private failed: string | null = null;

  /** `who` names the reader in messages and `kind` the file (`.gr`). */
  constructor(private readonly who: string, private readonly kind: string, file: string, private readonly builder: LineBuilder<T>) {
    this.chunks = new LineChunks(file, (text) => builder.line(text, undefined), () => builder.lineCount);
  }

  /** Reads the next chunk of the file's text. */
  push(chunk: unknown): void {
    if (typeof chunk !== 'string') throw new InputError(`${this.who}.push: chunk must be a string (the next piece of the ${this.kind} text), got ${show(chunk)}`);
    this.open();
    this.guard(() => this.chunks.push(chunk));
  }

  /** Ends the file and returns the builder's result. */
  finish(): T {
    this.open();
    this.done = true;
    return this.guard(() => { this.chunks.end(); return this.builder.finish(); });
  }

  private open(): void {
    if (this.failed !== null) throw new InputError(`${this.who}: an earlier error ended this file (${this.failed}); make a new reader to read it again`);
    if (this.done) throw new InputError(`${this.who}: finish() was called; the reader takes no more text (make a new one for another file)`);
  }

  /** Runs `read`, remembering a refusal. */
  private guard<R>(read: () => R): R {
    try {
      return read();
    } catch (e) {
      if (e instanceof InputError) this.failed = e.message;
      throw e;
    }
  }
}
