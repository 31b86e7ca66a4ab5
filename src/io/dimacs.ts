import { badArcEnd, checkBoolean, checkKeys, isNodeOf } from '../core/input-checks.js';
import { InputError, show } from '../core/errors.js';
import { checkSpace, type SearchSpace } from '../core/space.js';
import { Graph, MAX_GRAPH_ARCS, MAX_GRAPH_SIZE, type Edge } from '../spaces/graph.js';
import { checkCoordinates, planarDistance, type Coordinates } from '../spaces/straight-line.js';
import { checkText, fail, lines, shown } from './movingai.js';
import type { RoadNetwork } from './roads.js';

/**
 * The files of the 9th DIMACS Implementation Challenge on shortest paths
 * (2006), the format road benchmarks are published in: a `.gr` file of arcs
 * and a `.co` file of node coordinates, text, one record per line, nodes
 * numbered from 1. Strings in, strings out, as for the Moving AI files; every
 * refusal is an `InputError` of the form `FILE:LINE:COL: what was found,
 * what was expected`.
 */

/**
 * The largest arc weight: 2^31 - 1. The challenge's files hold 32-bit
 * integers (its reference code reads them as C ints); a larger weight is a
 * wrong file, and path costs stay exact doubles far longer below it.
 */
export const MAX_DIMACS_WEIGHT = 0x7fffffff;

/**
 * The longest `.gr` or `.co` text: 2^28 characters (256 MiB). The reader
 * holds the whole text as one string, and V8 strings end near 2^29. At some
 * 25 bytes an arc line that is about 10 million arcs: the challenge's
 * eastern-USA graph (8.8 million) fits, the western, central and full USA
 * graphs would need a reader that streams.
 */
export const MAX_DIMACS_CHARS = 1 << 28;

/** The coordinates of a `.co` file, indexed from 0: node ID of the file is entry ID - 1. */
export interface DimacsCoordinates extends Coordinates {
  /** x[n]: node n's x coordinate, a whole number (the challenge's files write longitude x 10^6). */
  readonly x: Float64Array;
  /** y[n]: node n's y coordinate. */
  readonly y: Float64Array;
}

/** A graph for `.gr` and `.co` files: arcs with whole-number costs, and a point per node. */
export interface DimacsGraph extends DimacsCoordinates {
  /** The arcs, directed: node n of the files is node n - 1 here. */
  readonly graph: Graph;
}

const WHOLE = /^\d+$/;
const SIGNED = /^-?\d+$/;

/** A word of a line and its 1-based column. */
interface Word { readonly text: string; readonly col: number }

/** One line of a file: its text, its 1-based number and its words. */
interface Line { readonly text: string; readonly no: number; readonly w: readonly Word[] }

/** The whole number in word `k` of `l`, from `min` to `max`, or a refusal naming `what` and the range. */
function whole(file: string, l: Line, k: number, what: string, min: number, max: number, allowed = ''): number {
  const w = l.w[k];
  if (w === undefined) fail(file, l.no, l.text.length + 1, `${what} is missing, expected a whole number from ${min} to ${max}${allowed}`);
  const v = WHOLE.test(w.text) ? Number(w.text) : NaN;
  if (!(v >= min && v <= max)) fail(file, l.no, w.col, `${what} is ${shown(w.text)}, expected a whole number from ${min} to ${max}${allowed}`);
  return v;
}

/** The layout of one of the two files: its problem line and its record lines, as the messages write them. */
interface Layout {
  /** The problem line: its fixed words, then its counts (`p sp N M`). */
  readonly problem: string;
  /** A record line (`a U V W`): its first word is the record's letter. */
  readonly record: string;
  /** What a record is, for messages (`an arc`). */
  readonly noun: string;
}

/**
 * The line discipline both files share, read once: blank lines and `c`
 * comments skipped, exactly one problem line and before any record, records
 * of the layout's letter with no word past their form, and nothing else.
 * `problem` reads the problem line's counts (it is told how many lines follow,
 * to refuse counts a short file cannot hold); `record` reads each record.
 * Returns the problem line's number and the number of lines, for the checks
 * at the end of the file. `plain`, when given, is tried first on each line
 * after the problem line: it reads a record written the usual way (single
 * spaces, plain digits) straight from the text and returns true, or returns
 * false, touching nothing, and the line takes the general path, which
 * words every refusal. A city's arcs are almost all plain: this is what
 * makes a large file quick.
 */
function scan(text: string, file: string, layout: Layout, problem: (l: Line, following: number) => void, record: (l: Line) => void, plain?: (text: string) => boolean): { problemLine: number; end: number } {
  const ls = lines(text);
  const form = layout.problem.split(' '), fixed = form.filter((f) => /^[a-z]+$/.test(f)).join(' ');
  const letter = layout.record.split(' ')[0], recordWords = layout.record.split(' ').length;
  let problemLine = 0;
  for (let i = 0; i < ls.length; i++) {
    const text = ls[i];
    if (plain !== undefined && problemLine > 0 && plain(text)) continue;
    const w: Word[] = [];
    for (const m of text.matchAll(/\S+/g)) w.push({ text: m[0], col: m.index + 1 });
    const l: Line = { text, no: i + 1, w };
    if (w.length === 0 || w[0].text === 'c') continue;
    const size = w[0].text === 'p' ? form.length : w[0].text === letter ? recordWords : -1;
    if (size < 0) fail(file, l.no, w[0].col, `found ${shown(text)}, expected a comment 'c ...', the problem line '${layout.problem}' or ${layout.noun} '${layout.record}'`);
    if (w[0].text === 'p') {
      if (problemLine > 0) fail(file, l.no, w[0].col, `a second problem line (the first is line ${problemLine}), expected one '${layout.problem}' per file`);
      const tag = w.slice(0, fixed.split(' ').length).map((t) => t.text).join(' ');
      if (tag !== fixed) fail(file, l.no, w[1]?.col ?? text.length + 1, `found ${shown(text.trim())}, expected the problem line '${layout.problem}'`);
    } else if (problemLine === 0) {
      fail(file, l.no, w[0].col, `found ${layout.noun} before the problem line, expected '${layout.problem}' first`);
    }
    if (w.length > size) fail(file, l.no, w[size].col, `found ${shown(w[size].text)} after '${w[0].text === 'p' ? layout.problem : layout.record}', expected the end of the line`);
    if (w[0].text === 'p') {
      problem(l, ls.length - l.no);
      problemLine = l.no;
    } else {
      record(l);
    }
  }
  if (problemLine === 0) fail(file, ls.length + 1, 1, `the file ends without a problem line, expected '${layout.problem}'`);
  return { problemLine, end: ls.length + 1 };
}

// --- .gr -------------------------------------------------------------------

const GR: Layout = { problem: 'p sp N M', record: 'a U V W', noun: 'an arc' };

/** The options of `parseGr`. */
export interface ParseGrOptions {
  /**
   * Default false. True reads weights with a minus sign as negative (the
   * challenge's files have none): the graph then has `negativeCosts`, and
   * only `bellmanFord` and `floydWarshall` search it.
   */
  negativeWeights?: boolean;
}

/**
 * Reads a DIMACS `.gr` file: comment lines `c ...`, one problem line
 * `p sp N M` (N nodes, M arcs) before any arc, then exactly M arc lines
 * `a U V W`: an arc from U to V (ids 1 to N) of weight W, a whole number
 * from 0 to `MAX_DIMACS_WEIGHT`. Blank lines are skipped; LF or CRLF. The
 * graph is directed (a road both ways is two arcs, as in the challenge's
 * files), and node n of the file is node n - 1 of the graph. `file` names
 * the text in messages: a missing or second problem line, an arc count that
 * is not M, an id outside 1..N, a weight that is negative, fractional or too
 * large, an unknown line, each is an `InputError` at its line and column.
 *
 * @example
 * ```ts
 * const graph = parseGr('p sp 3 2\na 1 2 5\na 2 3 7\n', 'tiny.gr');
 * dijkstra(graph, 0, 2).cost; // 12
 * ```
 */
export function parseGr(text: string, file = '<gr>', options: ParseGrOptions = {}): Graph {
  checkText('parseGr', text, file, MAX_DIMACS_CHARS, '.gr');
  checkKeys(options, ['negativeWeights'], 'parseGr');
  checkBoolean(options.negativeWeights, 'parseGr: negativeWeights');
  const negative = options.negativeWeights === true;
  let size = 0, declared = 0, problemLine = 0;
  const edges: Edge[] = [];
  const ids = () => ` (ids are 1-based: 1 to N = ${size})`;
  const end = scan(text, file, GR, (l, following) => {
    size = whole(file, l, 2, 'the node count N', 0, MAX_GRAPH_SIZE);
    declared = whole(file, l, 3, 'the arc count M', 0, MAX_GRAPH_ARCS);
    // Said here, before M arcs are awaited: a short file cannot hold them.
    if (declared > following) fail(file, l.no, l.w[3].col, `the arc count M is ${declared}, but only ${following} lines follow, expected an 'a U V W' line per arc`);
    problemLine = l.no;
  }, (l) => {
    if (edges.length === declared) fail(file, l.no, l.w[0].col, `arc ${declared + 1} is one too many: the problem line (line ${problemLine}) says ${declared} arcs, expected no more`);
    const u = whole(file, l, 1, 'the tail U', 1, size, ids());
    const v = whole(file, l, 2, 'the head V', 1, size, ids());
    // A weight with a minus sign: read as negative when asked for, else refused with the way to read it.
    const minus = l.w[3] !== undefined && l.w[3].text.startsWith('-');
    if (minus && !negative) {
      fail(file, l.no, l.w[3].col, `the weight W is ${shown(l.w[3].text)}, expected a whole number from 0 to ${MAX_DIMACS_WEIGHT}; negative weights are read only when asked for (parseGr's negativeWeights), for Bellman-Ford and Floyd-Warshall`);
    }
    const c = minus ? -whole(file, { ...l, w: l.w.map((w, i) => (i === 3 ? { ...w, text: w.text.slice(1), col: w.col + 1 } : w)) }, 3, 'the weight W', 0, MAX_DIMACS_WEIGHT) : whole(file, l, 3, 'the weight W', 0, MAX_DIMACS_WEIGHT);
    edges.push([u - 1, v - 1, c]);
  }, (line) => {
    // 'a U V W': digits and single spaces only; anything else, an id out of range or one arc
    // too many goes the general way, which says what is wrong and where.
    if (line.charCodeAt(0) !== 97 || line.charCodeAt(1) !== 32 || edges.length === declared) return false;
    let at = 2;
    const read = (last: boolean): number => {
      let v = 0, digits = 0;
      for (; at < line.length; at++, digits++) {
        const c = line.charCodeAt(at) - 48;
        if (c < 0 || c > 9) break;
        v = v * 10 + c;
      }
      if (digits === 0 || digits > 10 || (last ? at !== line.length : line.charCodeAt(at) !== 32)) return -1;
      at++;
      return v;
    };
    const u = read(false), v = u < 0 ? -1 : read(false), c = v < 0 ? -1 : read(true);
    if (!(u >= 1 && u <= size && v >= 1 && v <= size && c >= 0 && c <= MAX_DIMACS_WEIGHT)) return false;
    edges.push([u - 1, v - 1, c]);
    return true;
  }).end;
  if (edges.length < declared) fail(file, end, 1, `the file ends after ${edges.length} arcs, but the problem line (line ${problemLine}) says ${declared}`);
  return new Graph(size, edges, { directed: true, negativeCosts: negative });
}

/**
 * Writes a space as a DIMACS `.gr`: `p sp N M`, then every arc as
 * `a U V W`, node by node in the order `successors` lists them, ids counted
 * from 1. An undirected `Graph` writes each edge as two arcs, so it reads
 * back directed with the same successors. Arcs of cost Infinity are no arcs
 * and are left out. `comment` (any lines) is written first as `c` lines.
 * A cost that is not a whole number from 0 to `MAX_DIMACS_WEIGHT` is an
 * `InputError` naming the arc: scale and round the costs first.
 *
 * @example
 * ```ts
 * formatGr(new Graph(2, [[0, 1, 4]], { directed: true })); // 'p sp 2 1\na 1 2 4\n'
 * ```
 */
export function formatGr(space: SearchSpace, comment = ''): string {
  const where = 'formatGr';
  checkSpace(space, where);
  const head = commentLines(comment, where);
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const arcs: string[] = [];
  for (let u = 0; u < space.size; u++) {
    const deg = space.successors(u, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const v = nodes[k], c = costs[k];
      if (c === Infinity) continue;
      if (!isNodeOf(v, space.size)) throw badArcEnd(where, u, v, space.size);
      if (!(Number.isInteger(c) && c >= 0 && c <= MAX_DIMACS_WEIGHT)) {
        throw new InputError(`${where}: the arc ${u} -> ${v} costs ${show(c)}; a .gr file holds whole numbers from 0 to ${MAX_DIMACS_WEIGHT}: scale and round the costs first`);
      }
      arcs.push(`a ${u + 1} ${v + 1} ${c}`);
    }
  }
  return `${head}p sp ${space.size} ${arcs.length}\n${arcs.length > 0 ? `${arcs.join('\n')}\n` : ''}`;
}

/** `comment` as `c` lines (none for ''), or a refusal when it is not a string. */
function commentLines(comment: string, where: string): string {
  if (typeof comment !== 'string') throw new InputError(`${where}: comment must be a string (written as 'c' lines), got ${show(comment)}`);
  return comment === '' ? '' : comment.split(/\r?\n/).map((l) => (l === '' ? 'c' : `c ${l}`)).join('\n') + '\n';
}

// --- .co -------------------------------------------------------------------

const CO: Layout = { problem: 'p aux sp co N', record: 'v ID X Y', noun: 'a node' };
const COORDINATE = `expected a whole number (DIMACS coordinates are integers) from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

/**
 * Reads a DIMACS `.co` file: comment lines `c ...`, one problem line
 * `p aux sp co N` before any node, then one line `v ID X Y` for each node
 * 1..N, in any order, X and Y whole numbers (negative too). Blank lines are
 * skipped. Returns the coordinates indexed from 0 (node ID is entry ID - 1),
 * ready for `straightLine`. A missing or second problem line, an ID outside
 * 1..N or given twice, a node without a line, a coordinate that is not a
 * whole number, each is an `InputError` at its line and column.
 *
 * @example
 * ```ts
 * const { x, y } = parseCo('p aux sp co 2\nv 1 0 0\nv 2 30 40\n', 'tiny.co');
 * x[1]; // 30
 * ```
 */
export function parseCo(text: string, file = '<co>'): DimacsCoordinates {
  checkText('parseCo', text, file, MAX_DIMACS_CHARS, '.co');
  let size = 0, count = 0;
  let x = new Float64Array(0), y = new Float64Array(0), seen = new Int32Array(0);
  const { end } = scan(text, file, CO, (l, following) => {
    size = whole(file, l, 4, 'the node count N', 0, MAX_GRAPH_SIZE);
    // Said before N points are allocated: a short file cannot hold them.
    if (size > following) fail(file, l.no, l.w[4].col, `the node count N is ${size}, but only ${following} lines follow, expected a 'v ID X Y' line per node`);
    x = new Float64Array(size); y = new Float64Array(size); seen = new Int32Array(size);
  }, (l) => {
    const id = whole(file, l, 1, 'the node ID', 1, size, ` (ids are 1-based: 1 to N = ${size})`);
    if (seen[id - 1] > 0) fail(file, l.no, l.w[1].col, `node ${id} is given twice (first on line ${seen[id - 1]}), expected one line per node`);
    const [cx, cy] = [2, 3].map((k) => {
      const what = k === 2 ? 'X' : 'Y', t = l.w[k];
      if (t === undefined) fail(file, l.no, l.text.length + 1, `${what} is missing, ${COORDINATE}`);
      const c = SIGNED.test(t.text) ? Number(t.text) : NaN;
      if (!Number.isSafeInteger(c)) fail(file, l.no, t.col, `${what} is ${shown(t.text)}, ${COORDINATE}`);
      return c === 0 ? 0 : c; // no -0
    });
    x[id - 1] = cx; y[id - 1] = cy; seen[id - 1] = l.no;
    count++;
  });
  if (count < size) {
    const missing = seen.indexOf(0) + 1;
    fail(file, end, 1, `the file ends with ${size - count} of its ${size} nodes without a line (node ${missing} first), expected 'v ID X Y' for every node`);
  }
  return { x, y };
}

/**
 * Writes coordinates as a DIMACS `.co`: `p aux sp co N`, then `v ID X Y`
 * for each node in order, ids counted from 1. `comment` is written first as
 * `c` lines. Coordinates must be whole numbers (DIMACS has no fractions:
 * scale them first), else an `InputError` names the node.
 *
 * @example
 * ```ts
 * formatCo({ x: [0, 30], y: [0, 40] }); // 'p aux sp co 2\nv 1 0 0\nv 2 30 40\n'
 * ```
 */
export function formatCo(coords: Coordinates, comment = ''): string {
  const where = 'formatCo';
  if (coords === null || typeof coords !== 'object' || coords.x === null || typeof coords.x !== 'object') {
    throw new InputError(`${where}: coords must be { x, y }, arrays of one coordinate per node, got ${show(coords)}`);
  }
  const size = coords.x.length;
  checkCoordinates(coords, size, where);
  const head = commentLines(comment, where);
  const out: string[] = [`p aux sp co ${size}`];
  for (let n = 0; n < size; n++) {
    for (const axis of ['x', 'y'] as const) {
      const c = coords[axis][n];
      if (!Number.isSafeInteger(c)) throw new InputError(`${where}: coords.${axis}[${n}] is ${show(c)}; a .co file holds whole numbers below 2^53 in size: scale and round the coordinates first`);
    }
    out.push(`v ${n + 1} ${coords.x[n] === 0 ? 0 : coords.x[n]} ${coords.y[n] === 0 ? 0 : coords.y[n]}`);
  }
  return `${head}${out.join('\n')}\n`;
}

// --- road graphs -------------------------------------------------------------

/**
 * A road network (`parseRoads`) as a DIMACS graph: each road becomes two
 * arcs, one each way, of weight round(scale x its length), and the nodes
 * keep their coordinates (already whole numbers). `scale` (default 1) is a
 * finite number > 0: rounding moves each weight by at most 1/2, so a larger
 * scale keeps more of the lengths (the Amsterdam roads are 25 to 30 units
 * long: scale 100 keeps them to 0.02 %). A scale that makes a weight exceed
 * `MAX_DIMACS_WEIGHT` is an `InputError`.
 *
 * @example
 * ```ts
 * const d = roadsToDimacs(parseRoads(co, gr, 'amsterdam'), 100);
 * writeFileSync('amsterdam.gr', formatGr(d.graph)); writeFileSync('amsterdam.co', formatCo(d));
 * ```
 */
export function roadsToDimacs(roads: RoadNetwork, scale = 1): DimacsGraph {
  const where = 'roadsToDimacs';
  if (roads === null || typeof roads !== 'object' || !(roads.graph instanceof Graph) || !(roads.x instanceof Float64Array) || !(roads.y instanceof Float64Array)) {
    throw new InputError(`${where}: roads must be a RoadNetwork (what parseRoads returns), got ${show(roads)}`);
  }
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0) throw new InputError(`${where}: scale must be a finite number > 0, got ${show(scale)}`);
  const { graph, x, y } = roads;
  checkCoordinates(roads, graph.size, where);
  const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
  const arcs: Edge[] = [];
  for (let u = 0; u < graph.size; u++) {
    const deg = graph.successors(u, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const v = nodes[k];
      // The length again, not the stored cost: a RoadNetwork's costs are its lengths, and this keeps it so.
      const c = Math.round(scale * planarDistance(x, y, u, v));
      if (c > MAX_DIMACS_WEIGHT) throw new InputError(`${where}: scale ${scale} makes the road ${u} -> ${v} weigh ${c}, more than the ${MAX_DIMACS_WEIGHT} a .gr file holds; use a smaller scale`);
      arcs.push([u, v, c]);
    }
  }
  return { graph: new Graph(graph.size, arcs, { directed: true }), x: x.slice(), y: y.slice() };
}
