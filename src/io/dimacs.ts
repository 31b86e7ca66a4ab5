import { badArcEnd, checkBoolean, checkKeys, isNodeOf } from '../core/input-checks.js';
import { InputError, show } from '../core/errors.js';
import { checkSpace, type SearchSpace } from '../core/space.js';
import { Graph, type Edge } from '../spaces/graph.js';
import { checkCoordinates, planarDistance, type Coordinates } from '../spaces/straight-line.js';
import { checkText, lines } from './movingai.js';
import { GrBuilder, GrReader, MAX_DIMACS_WEIGHT, type ParseGrOptions } from './gr-reader.js';
import { CoBuilder, CoReader, type DimacsCoordinates } from './co-reader.js';

export { CoReader, GrReader, MAX_DIMACS_WEIGHT, type DimacsCoordinates, type ParseGrOptions };
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
 * The longest `.gr` or `.co` text `parseGr` and `parseCo` take: 2^28
 * characters (256 MiB). They hold the whole text as one string, and V8
 * strings end near 2^29. At some 25 bytes an arc line that is about 10
 * million arcs: the challenge's eastern-USA graph (8.8 million) fits; the
 * western, central and full USA graphs are read with `GrReader`, chunk by
 * chunk, with no cap but memory.
 */
export const MAX_DIMACS_CHARS = 1 << 28;

/** A graph for `.gr` and `.co` files: arcs with whole-number costs, and a point per node. */
export interface DimacsGraph extends DimacsCoordinates {
  /** The arcs, directed: node n of the files is node n - 1 here. */
  readonly graph: Graph;
}

/** A whole text read line by line through the files' discipline (dimacs-lines.ts), each line told how many follow. */
function scan(text: string, read: (line: string, following: number) => void): void {
  const ls = lines(text);
  for (let i = 0; i < ls.length; i++) read(ls[i], ls.length - i - 1);
}

// --- .gr -------------------------------------------------------------------

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
  const builder = new GrBuilder(file, options.negativeWeights === true);
  scan(text, (line, following) => builder.line(line, following));
  return builder.finish();
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
  const builder = new CoBuilder(file);
  scan(text, (line, following) => builder.line(line, following));
  return builder.finish();
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
