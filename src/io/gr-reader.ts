import { checkBoolean, checkKeys } from '../core/input-checks.js';
import { InputError, show } from '../core/errors.js';
import { Graph, MAX_GRAPH_ARCS, MAX_GRAPH_SIZE } from '../spaces/graph.js';
import { ChunkedReader, DimacsLines, readPlainRecord, whole, type Layout, type Line } from './dimacs-lines.js';
import { fail, shown } from './movingai.js';

/**
 * The largest arc weight: 2^31 - 1. The challenge's files hold 32-bit
 * integers (its reference code reads them as C ints); a larger weight is a
 * wrong file, and path costs stay exact doubles far longer below it.
 */
export const MAX_DIMACS_WEIGHT = 0x7fffffff;

const GR: Layout = { problem: 'p sp N M', record: 'a U V W', noun: 'an arc' };
/** A plain arc line's numbers have no sign (a negative weight takes the general path, which asks whether it may be read). */
const UNSIGNED3 = [false, false, false];

/** The options of `parseGr` and `GrReader`. */
export interface ParseGrOptions {
  /**
   * Default false. True reads weights with a minus sign as negative (the
   * challenge's files have none): the graph then has `negativeCosts`, and
   * only `bellmanFord` and `floydWarshall` search it.
   */
  negativeWeights?: boolean;
}

/**
 * Reads a DIMACS `.gr` file chunk by chunk, for files too large to be one
 * string (the 9th challenge's USA graph is 58 million arcs, 1.3 GB of text;
 * a string ends near 2^29 characters). The rules are `parseGr`'s, and so are
 * the messages, save one: a problem line promising more arcs than the file
 * has is refused at the end, not at once (a stream does not know its
 * length). Lines may split across chunks anywhere; a line longer than
 * 2^20 characters is refused. The arcs are kept in typed
 * arrays (16 bytes an arc) and the graph built from them at `finish()`.
 *
 * @example
 * ```ts
 * const reader = new GrReader('tiny.gr');
 * reader.push('p sp 3 2\na 1 2 5\na 2');
 * reader.push(' 3 7\n');
 * dijkstra(reader.finish(), 0, 2).cost; // 12
 * ```
 */
export class GrReader {
  private readonly reader: ChunkedReader<Graph>;

  /** @param file names the text in messages. */
  constructor(file = '<gr>', options: ParseGrOptions = {}) {
    if (typeof file !== 'string') throw new InputError(`GrReader: file must be a string (a name for messages), got ${show(file)}`);
    checkKeys(options, ['negativeWeights'], 'GrReader');
    checkBoolean(options.negativeWeights, 'GrReader: negativeWeights');
    this.reader = new ChunkedReader('GrReader', '.gr', file, new GrBuilder(file, options.negativeWeights === true));
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

  /** Ends the file and returns its graph: directed, node n of the file node n - 1. The reader takes no more. */
  finish(): Graph {
    return this.reader.finish();
  }
}

/**
 * What `GrReader` and `parseGr` share: the `.gr` rules applied line by line,
 * and the arcs kept in typed arrays until the graph is built. `line` is told
 * how many lines follow when the whole text is known (`parseGr`), so that an
 * arc count the file cannot hold is refused at once.
 */
export class GrBuilder {
  private readonly lines: DimacsLines;
  private size = 0;
  private declared = 0;
  private arcs = 0;
  private from = new Int32Array(0);
  private to = new Int32Array(0);
  private cost = new Float64Array(0);
  /** The words of a plain arc line (`plain`), reused for every line. */
  private readonly words = new Float64Array(3);

  constructor(private readonly file: string, private readonly negative: boolean) {
    this.lines = new DimacsLines(file, GR, (l, following) => this.problem(l, following), (l) => this.record(l), (text) => this.plain(text));
  }

  /** Lines read so far. */
  get lineCount(): number { return this.lines.count; }

  /** Reads one whole line (no line end); `following`: how many lines come after it, when known. */
  line(text: string, following: number | undefined): void {
    this.lines.line(text, following);
  }

  /** The graph of the lines read: refused if the file ended short of its arcs or without a problem line. */
  finish(): Graph {
    const end = this.lines.end();
    if (this.arcs < this.declared) fail(this.file, end, 1, `the file ends after ${this.arcs} arcs, but the problem line (line ${this.lines.problemLine}) says ${this.declared}`);
    const edges = { from: this.from.subarray(0, this.arcs), to: this.to.subarray(0, this.arcs), cost: this.cost.subarray(0, this.arcs) };
    this.from = new Int32Array(0); this.to = new Int32Array(0); this.cost = new Float64Array(0);
    return new Graph(this.size, edges, { directed: true, negativeCosts: this.negative });
  }

  private problem(l: Line, following: number | undefined): void {
    const file = this.file;
    this.size = whole(file, l, 2, 'the node count N', 0, MAX_GRAPH_SIZE);
    this.declared = whole(file, l, 3, 'the arc count M', 0, MAX_GRAPH_ARCS);
    // Said here, before M arcs are awaited: a short file cannot hold them.
    if (following !== undefined && this.declared > following) fail(file, l.no, l.w[3].col, `the arc count M is ${this.declared}, but only ${following} lines follow, expected an 'a U V W' line per arc`);
  }

  private record(l: Line): void {
    const file = this.file, size = this.size;
    if (this.arcs === this.declared) fail(file, l.no, l.w[0].col, `arc ${this.declared + 1} is one too many: the problem line (line ${this.lines.problemLine}) says ${this.declared} arcs, expected no more`);
    const ids = ` (ids are 1-based: 1 to N = ${size})`;
    const u = whole(file, l, 1, 'the tail U', 1, size, ids);
    const v = whole(file, l, 2, 'the head V', 1, size, ids);
    // A weight with a minus sign: read as negative when asked for, else refused with the way to read it.
    const minus = l.w[3] !== undefined && l.w[3].text.startsWith('-');
    if (minus && !this.negative) {
      fail(file, l.no, l.w[3].col, `the weight W is ${shown(l.w[3].text)}, expected a whole number from 0 to ${MAX_DIMACS_WEIGHT}; negative weights are read only when asked for (parseGr's negativeWeights), for Bellman-Ford and Floyd-Warshall`);
    }
    const c = minus ? -whole(file, { ...l, w: l.w.map((w, i) => (i === 3 ? { ...w, text: w.text.slice(1), col: w.col + 1 } : w)) }, 3, 'the weight W', 0, MAX_DIMACS_WEIGHT) : whole(file, l, 3, 'the weight W', 0, MAX_DIMACS_WEIGHT);
    this.add(u - 1, v - 1, c);
  }

  /** 'a U V W' written the usual way (`readPlainRecord`), ids and weight in range; anything else (an id out of range, one arc too many) goes the general way, which says what is wrong and where. */
  private plain(line: string): boolean {
    const w = this.words;
    if (this.arcs === this.declared || !readPlainRecord(line, 97, UNSIGNED3, w)) return false;
    const size = this.size, u = w[0], v = w[1], c = w[2];
    if (!(u >= 1 && u <= size && v >= 1 && v <= size && c <= MAX_DIMACS_WEIGHT)) return false;
    this.add(u - 1, v - 1, c);
    return true;
  }

  private add(u: number, v: number, c: number): void {
    const k = this.arcs;
    if (k === this.from.length) this.grow();
    this.from[k] = u; this.to[k] = v; this.cost[k] = c;
    this.arcs = k + 1;
  }

  /** Doubles the arc arrays, never past the declared count: a problem line promising a billion arcs costs nothing until they come. */
  private grow(): void {
    const n = Math.min(this.declared, Math.max(1024, 2 * this.from.length));
    const from = new Int32Array(n), to = new Int32Array(n), cost = new Float64Array(n);
    from.set(this.from); to.set(this.to); cost.set(this.cost);
    this.from = from; this.to = to; this.cost = cost;
  }
}
