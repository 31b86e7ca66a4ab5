import { checkCost, type SearchSpace } from './space.js';

/** One edge of an edge list: from, to, cost. */
export type Edge = readonly [from: number, to: number, cost: number];

export interface GraphOptions {
  /** Default false: every edge is usable both ways at the same cost. */
  directed?: boolean;
}

/**
 * A graph in compressed sparse row form: the successors of node n are
 * `to[start[n] .. start[n+1])`. Built once from an edge list; searching it
 * touches only typed arrays.
 */
export class Graph implements SearchSpace {
  readonly size: number;
  readonly maxDegree: number;
  readonly directed: boolean;
  /** Number of arcs stored (an undirected edge is two arcs). */
  readonly arcCount: number;
  private readonly start: Int32Array;
  private readonly to: Int32Array;
  private readonly cost: Float64Array;
  private readonly rStart: Int32Array;
  private readonly rFrom: Int32Array;
  private readonly rCost: Float64Array;

  /**
   * @param size number of nodes, 0..size-1
   * @param edges the edge list; a NaN, infinite or negative cost, or an
   *   endpoint out of range, is rejected with the edge's index named.
   */
  constructor(size: number, edges: Iterable<Edge>, options: GraphOptions = {}) {
    if (!Number.isInteger(size) || size < 0) {
      throw new RangeError(`Graph: size must be a non-negative integer, got ${size}`);
    }
    this.size = size;
    this.directed = options.directed ?? false;
    const list = Array.isArray(edges) ? (edges as Edge[]) : Array.from(edges);
    list.forEach(([u, v, c], i) => {
      const where = `Graph: edge ${i} (${u} -> ${v}, cost ${c})`;
      if (!Number.isInteger(u) || u < 0 || u >= size) throw new RangeError(`${where}: 'from' must be a node in 0..${size - 1}`);
      if (!Number.isInteger(v) || v < 0 || v >= size) throw new RangeError(`${where}: 'to' must be a node in 0..${size - 1}`);
      checkCost(c, where);
    });
    const arcs = this.directed ? list.length : 2 * list.length;
    this.arcCount = arcs;
    const from = new Int32Array(arcs);
    const to = new Int32Array(arcs);
    const cost = new Float64Array(arcs);
    let k = 0;
    for (const [u, v, c] of list) {
      from[k] = u; to[k] = v; cost[k] = c; k++;
      if (!this.directed) { from[k] = v; to[k] = u; cost[k] = c; k++; }
    }
    [this.start, this.to, this.cost] = csr(size, from, to, cost);
    [this.rStart, this.rFrom, this.rCost] = csr(size, to, from, cost);
    let deg = 0;
    for (let n = 0; n < size; n++) {
      deg = Math.max(deg, this.start[n + 1] - this.start[n], this.rStart[n + 1] - this.rStart[n]);
    }
    this.maxDegree = deg;
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const a = this.start[n], b = this.start[n + 1];
    for (let i = a; i < b; i++) { nodes[i - a] = this.to[i]; costs[i - a] = this.cost[i]; }
    return b - a;
  }

  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const a = this.rStart[n], b = this.rStart[n + 1];
    for (let i = a; i < b; i++) { nodes[i - a] = this.rFrom[i]; costs[i - a] = this.rCost[i]; }
    return b - a;
  }
}

/** Counting sort of arcs by their tail: stable, so edge-list order is kept per node. */
function csr(size: number, tail: Int32Array, head: Int32Array, cost: Float64Array): [Int32Array, Int32Array, Float64Array] {
  const start = new Int32Array(size + 1);
  for (let i = 0; i < tail.length; i++) start[tail[i] + 1]++;
  for (let n = 0; n < size; n++) start[n + 1] += start[n];
  const fill = start.slice(0, size);
  const outHead = new Int32Array(tail.length);
  const outCost = new Float64Array(tail.length);
  for (let i = 0; i < tail.length; i++) {
    const at = fill[tail[i]]++;
    outHead[at] = head[i];
    outCost[at] = cost[i];
  }
  return [start, outHead, outCost];
}
