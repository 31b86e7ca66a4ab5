import { InputError, show } from '../core/errors.js';
import { Graph, type Edge } from '../spaces/graph.js';
import type { Heuristic } from '../core/heuristic.js';
import { planarDistance as dist } from '../spaces/straight-line.js';

/** A road network: an undirected `Graph` with Euclidean edge lengths, and the coordinates for its heuristic. */
export interface RoadNetwork {
  /** The roads as an undirected graph: node i is pair i of the `co` file. */
  graph: Graph;
  /** x[i]: the x coordinate of node i (the file's projected integers). */
  x: Float64Array;
  /** y[i]: the y coordinate of node i. */
  y: Float64Array;
  /** Straight-line distance to the goal: admissible and consistent, since every edge is a straight segment. */
  heuristic: Heuristic;
}

/** A file's contents, as `fs.readFileSync` (a Buffer is a Uint8Array) or `fetch(...).arrayBuffer()` give them. */
type Bytes = ArrayBuffer | Uint8Array;

/**
 * The most nodes a road file may hold: 2^25 (33,554,432). The largest public
 * road graph, the DIMACS full USA network, has 23.9 million nodes; a bigger
 * `co` file is a wrong file, not a road network.
 */
export const MAX_ROAD_NODES = 1 << 25;
/** The most roads: 2^26 (67,108,864); DIMACS USA has 29 million (58 million one-way arcs). */
export const MAX_ROADS = 1 << 26;

/**
 * Reads the binary road format of the ngraph.path demo (the data README):
 * `co` is little-endian int32 (x, y) pairs, pair i is node i; `gr` is
 * little-endian int32 (from, to) pairs with **1-based** ids, one per road.
 * Roads are undirected and cost the Euclidean distance between their ends.
 * Bytes in, graph out: reading the files is the caller's business. `name`
 * labels error messages. A byte count that is not a whole number of pairs, a
 * file beyond `MAX_ROAD_NODES` or `MAX_ROADS`, or a road naming a node the
 * `co` file does not have is an `InputError`.
 *
 * @example
 * ```ts
 * const roads = parseRoads(readFileSync('data/roads/seattle-roads.co.bin'), readFileSync('data/roads/seattle-roads.gr.bin'), 'seattle');
 * const r = astar(roads.graph, 0, 1000, roads.heuristic); // optimal: the heuristic is admissible
 * ```
 *
 * @param co the `co` file's bytes: an ArrayBuffer or a Uint8Array (a Node Buffer is one)
 * @param gr the `gr` file's bytes, likewise
 */
export function parseRoads(co: ArrayBuffer | Uint8Array, gr: ArrayBuffer | Uint8Array, name = '<roads>'): RoadNetwork {
  if (typeof name !== 'string') throw new InputError(`parseRoads: name must be a string (a label for messages), got ${show(name)}`);
  const coBytes = byteLength(co, 'co'), grBytes = byteLength(gr, 'gr');
  if (coBytes % 8 !== 0) {
    throw new InputError(`${name}.co: ${coBytes} bytes is not a whole number of (x, y) int32 pairs (8 bytes each)`);
  }
  if (grBytes % 8 !== 0) {
    throw new InputError(`${name}.gr: ${grBytes} bytes is not a whole number of (from, to) int32 pairs (8 bytes each)`);
  }
  // Checked on the byte counts, before anything is allocated.
  if (coBytes / 8 > MAX_ROAD_NODES) {
    throw new InputError(`${name}.co: ${coBytes / 8} nodes, more than the ${MAX_ROAD_NODES} a road file may hold`);
  }
  if (grBytes / 8 > MAX_ROADS) {
    throw new InputError(`${name}.gr: ${grBytes / 8} roads, more than the ${MAX_ROADS} a road file may hold`);
  }
  const cv = view(co), gv = view(gr);
  const size = cv.byteLength / 8;
  const x = new Float64Array(size), y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    x[i] = cv.getInt32(8 * i, true);
    y[i] = cv.getInt32(8 * i + 4, true);
  }
  const count = gv.byteLength / 8;
  const edges: Edge[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const a = gv.getInt32(8 * i, true), b = gv.getInt32(8 * i + 4, true);
    if (a < 1 || a > size || b < 1 || b > size) {
      throw new InputError(`${name}.gr: pair ${i} (byte ${8 * i}) is (${a}, ${b}); ids are 1-based and must be in 1..${size}, the node count of ${name}.co`);
    }
    const u = a - 1, v = b - 1;
    edges[i] = [u, v, dist(x, y, u, v)];
  }
  const graph = new Graph(size, edges);
  // One formula for edge lengths and the heuristic, so h(a) <= c(a, b) + h(b) holds in floating point too.
  return { graph, x, y, heuristic: (n, goal) => dist(x, y, n, goal) };
}

function byteLength(b: Bytes, param: 'co' | 'gr'): number {
  if (b instanceof ArrayBuffer || b instanceof Uint8Array) return b.byteLength;
  throw new InputError(`parseRoads: ${param} must be the file's bytes: expected an ArrayBuffer or a Uint8Array, got ${show(b)}`);
}

function view(b: Bytes): DataView {
  return b instanceof ArrayBuffer ? new DataView(b) : new DataView(b.buffer, b.byteOffset, b.byteLength);
}
