import { InputError, show } from '../core/errors.js';
import { MAX_GRAPH_SIZE } from '../spaces/graph.js';
import type { Coordinates } from '../spaces/straight-line.js';
import { ChunkedReader, DimacsLines, readPlainRecord, whole, type Layout, type Line } from './dimacs-lines.js';
import { fail, shown } from './movingai.js';

/** The coordinates of a `.co` file, indexed from 0: node ID of the file is entry ID - 1. */
export interface DimacsCoordinates extends Coordinates {
  /** x[n]: node n's x coordinate, a whole number (the challenge's files write longitude x 10^6). */
  readonly x: Float64Array;
  /** y[n]: node n's y coordinate. */
  readonly y: Float64Array;
}

const CO: Layout = { problem: 'p aux sp co N', record: 'v ID X Y', noun: 'a node' };
const SIGNED = /^-?\d+$/;
/** A plain node line: an id, then X and Y, which may be negative. */
const ID_X_Y = [false, true, true];
const COORDINATE = `expected a whole number (DIMACS coordinates are integers) from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

/**
 * Reads a DIMACS `.co` file chunk by chunk, for files too large to be one
 * string (the USA graph's is some 700 MB): `parseCo`'s rules and messages,
 * save that a node count the file cannot hold is refused at its end, not at
 * once. Lines may split across chunks anywhere; a line longer than 2^20
 * characters is refused, and a refused file refuses every later call.
 *
 * @example
 * ```ts
 * const reader = new CoReader('tiny.co');
 * reader.push('p aux sp co 2\nv 1 0 0\nv 2 3');
 * reader.push('0 40\n');
 * reader.finish().x[1]; // 30
 * ```
 */
export class CoReader {
  private readonly reader: ChunkedReader<DimacsCoordinates>;

  /** @param file names the text in messages. */
  constructor(file = '<co>') {
    if (typeof file !== 'string') throw new InputError(`CoReader: file must be a string (a name for messages), got ${show(file)}`);
    this.reader = new ChunkedReader('CoReader', '.co', file, new CoBuilder(file));
  }

  /**
   * Reads the next chunk of the file's text; returns the reader. A chunk
   * that breaks the rules is refused, and the file with it: the reader then
   * refuses every later call, naming that earlier error.
   */
  push(chunk: string): this {
    this.reader.push(chunk);
    return this;
  }

  /** Ends the file and returns its coordinates, node n of the file entry n - 1. The reader takes no more. */
  finish(): DimacsCoordinates {
    return this.reader.finish();
  }
}

/**
 * What `CoReader` and `parseCo` share: the `.co` rules line by line. The
 * arrays grow with the largest id seen (never past N), so a problem line
 * that promises millions of nodes costs nothing until they come.
 */
export class CoBuilder {
  private readonly lines: DimacsLines;
  private size = 0;
  private count = 0;
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  /** seen[n]: the line node n + 1 was given on, 0 before. */
  private seen = new Int32Array(0);
  /** The words of a plain node line (`plain`), reused for every line. */
  private readonly words = new Float64Array(3);

  constructor(private readonly file: string) {
    this.lines = new DimacsLines(file, CO, (l, following) => this.problem(l, following), (l) => this.record(l), (text) => this.plain(text));
  }

  /** Lines read so far. */
  get lineCount(): number { return this.lines.count; }

  /** Reads one whole line (no line end); `following`: how many lines come after it, when known. */
  line(text: string, following: number | undefined): void {
    this.lines.line(text, following);
  }

  /** The coordinates read: refused if a node has no line or the file has no problem line. */
  finish(): DimacsCoordinates {
    const end = this.lines.end();
    if (this.count < this.size) {
      let missing = 1;
      while (missing <= this.seen.length && this.seen[missing - 1] > 0) missing++;
      fail(this.file, end, 1, `the file ends with ${this.size - this.count} of its ${this.size} nodes without a line (node ${missing} first), expected 'v ID X Y' for every node`);
    }
    return { x: this.x.length === this.size ? this.x : this.x.slice(0, this.size), y: this.y.length === this.size ? this.y : this.y.slice(0, this.size) };
  }

  private problem(l: Line, following: number | undefined): void {
    const file = this.file;
    this.size = whole(file, l, 4, 'the node count N', 0, MAX_GRAPH_SIZE);
    // Said before N points are awaited: a short file cannot hold them.
    if (following !== undefined && this.size > following) fail(file, l.no, l.w[4].col, `the node count N is ${this.size}, but only ${following} lines follow, expected a 'v ID X Y' line per node`);
  }

  private record(l: Line): void {
    const file = this.file, size = this.size;
    const id = whole(file, l, 1, 'the node ID', 1, size, ` (ids are 1-based: 1 to N = ${size})`);
    this.reach(id);
    if (this.seen[id - 1] > 0) fail(file, l.no, l.w[1].col, `node ${id} is given twice (first on line ${this.seen[id - 1]}), expected one line per node`);
    const [cx, cy] = [2, 3].map((k) => {
      const what = k === 2 ? 'X' : 'Y', t = l.w[k];
      if (t === undefined) fail(file, l.no, l.text.length + 1, `${what} is missing, ${COORDINATE}`);
      const c = SIGNED.test(t.text) ? Number(t.text) : NaN;
      if (!Number.isSafeInteger(c)) fail(file, l.no, t.col, `${what} is ${shown(t.text)}, ${COORDINATE}`);
      return c === 0 ? 0 : c; // no -0
    });
    this.set(id, cx, cy, l.no);
  }

  /** 'v ID X Y' written the usual way (`readPlainRecord`, a minus sign allowed on X and Y), the id in range and new; anything else goes the general way, which words the refusals. */
  private plain(line: string): boolean {
    const w = this.words;
    if (!readPlainRecord(line, 118, ID_X_Y, w)) return false;
    const id = w[0];
    if (!(id >= 1 && id <= this.size)) return false;
    this.reach(id);
    if (this.seen[id - 1] > 0) return false;
    this.set(id, w[1] === 0 ? 0 : w[1], w[2] === 0 ? 0 : w[2], this.lines.count);
    return true;
  }

  private set(id: number, x: number, y: number, line: number): void {
    this.x[id - 1] = x; this.y[id - 1] = y; this.seen[id - 1] = line;
    this.count++;
  }

  /** Grows the arrays to hold node `id` (doubling, never past N). */
  private reach(id: number): void {
    if (id <= this.x.length) return;
    const n = Math.min(this.size, Math.max(id, 1024, 2 * this.x.length));
    const x = new Float64Array(n), y = new Float64Array(n), seen = new Int32Array(n);
    x.set(this.x); y.set(this.y); seen.set(this.seen);
    this.x = x; this.y = y; this.seen = seen;
  }
}
