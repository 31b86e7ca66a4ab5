import { Graph, type Edge } from './graph.js';
import type { Heuristic } from './heuristics.js';

/** A road network: an undirected `Graph` with Euclidean edge lengths, and the coordinates for its heuristic. */
export interface RoadNetwork {
  graph: Graph;
  /** Coordinates of node i (the file's projected integers). */
  x: Float64Array;
  y: Float64Array;
  /** Straight-line distance to the goal: admissible and consistent, since every edge is a straight segment. */
  heuristic: Heuristic;
}

type Bytes = ArrayBuffer | Uint8Array;

/**
 * Reads the binary road format of the ngraph.path demo (the data README):
 * `co` is little-endian int32 (x, y) pairs, pair i is node i; `gr` is
 * little-endian int32 (from, to) pairs with **1-based** ids, one per road.
 * Roads are undirected and cost the Euclidean distance between their ends.
 * Bytes in, graph out: reading the files is the caller's business. `name`
 * labels error messages.
 */
export function parseRoads(co: Bytes, gr: Bytes, name = '<roads>'): RoadNetwork {
  const cv = view(co), gv = view(gr);
  if (cv.byteLength % 8 !== 0) {
    throw new RangeError(`${name}.co: ${cv.byteLength} bytes is not a whole number of (x, y) int32 pairs (8 bytes each)`);
  }
  if (gv.byteLength % 8 !== 0) {
    throw new RangeError(`${name}.gr: ${gv.byteLength} bytes is not a whole number of (from, to) int32 pairs (8 bytes each)`);
  }
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
      throw new RangeError(`${name}.gr: pair ${i} (byte ${8 * i}) is (${a}, ${b}); ids are 1-based and must be in 1..${size}, the node count of ${name}.co`);
    }
    const u = a - 1, v = b - 1;
    edges[i] = [u, v, dist(x, y, u, v)];
  }
  const graph = new Graph(size, edges);
  return { graph, x, y, heuristic: (n, goal) => dist(x, y, n, goal) };
}

// One formula for edge lengths and the heuristic, so h(a) <= c(a, b) + h(b) holds in floating point too.
function dist(x: Float64Array, y: Float64Array, a: number, b: number): number {
  const dx = x[a] - x[b], dy = y[a] - y[b];
  return Math.sqrt(dx * dx + dy * dy);
}

function view(b: Bytes): DataView {
  if (b instanceof ArrayBuffer) return new DataView(b);
  if (b instanceof Uint8Array) return new DataView(b.buffer, b.byteOffset, b.byteLength);
  throw new RangeError(`parseRoads: expected an ArrayBuffer or a Uint8Array, got ${Object.prototype.toString.call(b)}`);
}
