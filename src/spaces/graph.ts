import { InputError, show } from '../core/errors.js';
import { checkBoolean, checkKeys } from '../core/input-checks.js';
import { checkCost, checkNode, type SearchSpace } from '../core/space.js';

/** One edge of an edge list: from, to, cost. */
export type Edge = readonly [from: number, to: number, cost: number];

/**
 * A graph's edges as three typed arrays of one length: edge i runs from
 * `from[i]` to `to[i]` at `cost[i]`. What `new Graph` takes for a large graph
 * (a road network of tens of millions of arcs), where an array of triples
 * would take several gigabytes: 16 bytes an edge, and no object per edge.
 */
export interface EdgeArrays {
  /** Each edge's tail, a node 0..size-1. */
  readonly from: Int32Array;
  /** Each edge's head, a node 0..size-1. */
  readonly to: Int32Array;
  /** Each edge's cost, as the triples' third entry. */
  readonly cost: Float64Array;
}

/** An edge between keys of any type; the cost defaults to 1. */
export type KeyedEdge<K> = readonly [from: K, to: K, cost?: number];

/** The options of `new Graph(size, edges, options)`. */
export interface GraphOptions {
  /** Default false: every edge is usable both ways at the same cost. */
  directed?: boolean;
  /**
   * Default false: costs are numbers >= 0. True lets an edge cost less than
   * 0; the graph then says `negativeCosts` (when some edge does), and only
   * `bellmanFord` and `floydWarshall` take it (every other search refuses
   * it, with the reason). An undirected negative edge is a negative cycle.
   */
  negativeCosts?: boolean;
}

/** The options of `Graph.fromEdges`: `directed`, and the keys to number first. */
export interface FromEdgesOptions<K> extends GraphOptions {
  /**
   * Keys to number first, in this order, before those first seen in the
   * edges: fixes the ids, and names nodes no edge touches (a start with no
   * way out is then `unreachable`, not an unknown key).
   */
  nodes?: Iterable<K>;
}

/**
 * A `Graph` whose nodes are named by keys of any type, with the two-way
 * mapping: `id(key)` and `key(n)`. Made by `Graph.fromEdges`. The methods
 * are bound, so `const { graph, id } = Graph.fromEdges(...)` works.
 */
export interface KeyedGraph<K> {
  /** The search space: nodes 0..size-1, numbered in order of first appearance. */
  readonly graph: Graph;
  /** `keys[n]` is the key of node n. */
  readonly keys: readonly K[];
  /** The node id of `key`. An unknown key throws an `InputError` naming it. */
  id(key: K): number;
  /** Whether `key` names a node. */
  has(key: K): boolean;
  /** The key of node `n`. */
  key(n: number): K;
  /** A path of node ids as keys; null stays null (a search that found nothing). */
  path(ids: readonly number[] | null): K[] | null;
}

/**
 * The most nodes a `Graph` holds: 2^25 = 33,554,432. The largest public road
 * graph we know of (DIMACS USA, 23,947,347 nodes) fits; every node costs two
 * int32 row offsets before it has an arc (a `Searcher` adds 16 bytes more), and
 * an empty graph of 2^25 nodes already takes most of a second to build, so a
 * size far beyond (`new Graph(1e9, [])` took seconds and gigabytes) is a
 * mistake to report, not to attempt.
 */
export const MAX_GRAPH_SIZE = 2 ** 25;

/** Arc offsets are int32: at most 2^31 - 1 arcs (an undirected edge is two). */
export const MAX_GRAPH_ARCS = 0x7fffffff;

const GRAPH_KEYS: readonly (keyof GraphOptions)[] = ['directed', 'negativeCosts'];
const FROM_EDGES_KEYS: readonly (keyof FromEdgesOptions<unknown>)[] = ['directed', 'nodes'];

/**
 * A graph with nodes 0..size-1, built once from an edge list of
 * `[from, to, cost]` triples (costs finite and >= 0, in any unit), directed
 * or not. Stored in compressed sparse rows both ways, so searching it touches
 * only typed arrays and backward searches (D*, D* Lite, universal plans) get
 * predecessors. Parallel edges are kept; the searches use the cheapest.
 * For nodes named by strings or objects, use `Graph.fromEdges`.
 *
 * @example
 * ```ts
 * const g = new Graph(3, [[0, 1, 2.5], [1, 2, 1], [0, 2, 5]]);
 * dijkstra(g, 0, 2).path; // [0, 1, 2], cost 3.5
 * ```
 */
export class Graph implements SearchSpace {
  readonly size: number;
  readonly maxDegree: number;
  /** Whether edges run one way only (else each edge is two arcs, one each way, at the same cost). */
  readonly directed: boolean;
  /** True when some edge costs less than 0 (made with `negativeCosts`): only `bellmanFord` and `floydWarshall` search such a graph. */
  readonly negativeCosts: boolean;
  /** Number of arcs stored (an undirected edge is two arcs). */
  readonly arcCount: number;
  private readonly start: Int32Array;
  private readonly to: Int32Array;
  private readonly cost: Float64Array;
  private readonly rStart: Int32Array;
  private readonly rFrom: Int32Array;
  private readonly rCost: Float64Array;

  /**
   * @param size number of nodes, 0..size-1, at most `MAX_GRAPH_SIZE`
   * @param edges the edge list, `[from, to, cost]` triples, or for a large
   *   graph the same as three typed arrays (`EdgeArrays`); a NaN, infinite
   *   or negative cost, an endpoint out of range, or an edge that is not a
   *   triple, is rejected with the edge's index named.
   * @param options `directed` (default false)
   * @throws InputError for a bad size, edge or option, naming it
   */
  constructor(size: number, edges: Iterable<Edge> | EdgeArrays, options: GraphOptions = {}) {
    if (!Number.isInteger(size) || size < 0) {
      throw new InputError(`Graph: size must be a non-negative integer, got ${show(size)}`);
    }
    if (size > MAX_GRAPH_SIZE) {
      throw new InputError(`Graph: size must be at most ${MAX_GRAPH_SIZE} (2^25) nodes, got ${size}`);
    }
    checkKeys(options, GRAPH_KEYS, 'Graph');
    checkBoolean(options.directed, 'Graph: directed');
    checkBoolean(options.negativeCosts, 'Graph: negativeCosts');
    const negative = options.negativeCosts === true;
    const directed = options.directed === true;
    const given = edgeArrays(edges, size, negative);
    const count = given === null ? -1 : given.from.length;
    const list = given === null ? edgeList<Edge>(edges as Iterable<Edge>, 'Graph') : [];
    list.forEach((e, i) => {
      if (!Array.isArray(e) || e.length !== 3) throw new InputError(`Graph: edge ${i} must be a triple [from, to, cost], got ${showEdge(e)}`);
      checkEdge(i, e[0], e[1], e[2], size, negative);
    });
    const edgeCount = given === null ? list.length : count;
    const arcs = directed ? edgeCount : 2 * edgeCount;
    if (arcs > MAX_GRAPH_ARCS) {
      throw new InputError(`Graph: ${edgeCount} ${directed ? 'directed' : 'undirected'} edges make ${arcs} arcs, more than the ${MAX_GRAPH_ARCS} (2^31 - 1) int32 offsets can index`);
    }
    const from = new Int32Array(arcs);
    const to = new Int32Array(arcs);
    const cost = new Float64Array(arcs);
    let k = 0;
    for (let i = 0; i < edgeCount; i++) {
      const u = given === null ? list[i][0] : given.from[i], v = given === null ? list[i][1] : given.to[i], c = given === null ? list[i][2] : given.cost[i];
      from[k] = u; to[k] = v; cost[k] = c; k++;
      if (!directed) { from[k] = v; to[k] = u; cost[k] = c; k++; }
    }
    // The one rule for costs that overflow (see costOverflow): a path uses each edge at most once, so
    // when all the costs add up to a finite number, every path's cost is one.
    let total = 0, below = false;
    for (let i = 0; i < arcs; i += directed ? 1 : 2) { total += Math.abs(cost[i]); if (cost[i] < 0) below = true; }
    if (total === Infinity) {
      throw new InputError(`Graph: the edges' costs add up to more than the largest number (about 1.8e308), so a path's cost could overflow; costs must be small enough that every path's total is finite`);
    }
    this.size = size;
    this.directed = directed;
    this.negativeCosts = negative && below;
    this.arcCount = arcs;
    [this.start, this.to, this.cost] = csr(size, from, to, cost);
    [this.rStart, this.rFrom, this.rCost] = csr(size, to, from, cost);
    let deg = 0;
    for (let n = 0; n < size; n++) {
      deg = Math.max(deg, this.start[n + 1] - this.start[n], this.rStart[n + 1] - this.rStart[n]);
    }
    this.maxDegree = deg;
  }

  /**
   * A graph from edges between keys of any type: strings, numbers, objects
   * (compared by identity, as `Map` does; `1` and `'1'` are two keys). Nodes
   * are numbered in order of first appearance (after `options.nodes`); a
   * missing cost is 1.
   *
   * ```ts
   * const roads = Graph.fromEdges([['home', 'park', 1], ['park', 'shop', 0.5], ['home', 'shop', 2]]);
   * const r = dijkstra(roads.graph, roads.id('home'), roads.id('shop'));
   * roads.path(r.path); // ['home', 'park', 'shop'], r.cost 1.5
   * ```
   */
  static fromEdges<K>(edges: Iterable<KeyedEdge<K>>, options: FromEdgesOptions<K> = {}): KeyedGraph<K> {
    const where = 'Graph.fromEdges';
    checkKeys(options, FROM_EDGES_KEYS, where);
    checkBoolean(options.directed, `${where}: directed`);
    const list = edgeList<KeyedEdge<K>>(edges, where);
    const ids = new Map<K, number>();
    const keys: K[] = [];
    const intern = (k: K): number => {
      let n = ids.get(k);
      if (n === undefined) {
        n = keys.length;
        ids.set(k, n);
        keys.push(k);
      }
      return n;
    };
    if (options.nodes !== undefined) {
      if (options.nodes === null || typeof (options.nodes as Iterable<K>)[Symbol.iterator] !== 'function') {
        throw new InputError(`${where}: nodes must be an array (or iterable) of keys, got ${show(options.nodes)}`);
      }
      for (const k of options.nodes) intern(k);
    }
    const numbered: Edge[] = list.map((e, i) => {
      if (!Array.isArray(e) || (e.length !== 2 && e.length !== 3)) {
        throw new InputError(`${where}: edge ${i} must be [from, to] or [from, to, cost], got ${showEdge(e)}`);
      }
      const c = e.length === 2 ? 1 : e[2];
      checkCost(c as number, `${where}: edge ${i} (${show(e[0])} -> ${show(e[1])})`);
      return [intern(e[0]), intern(e[1]), c as number];
    });
    if (keys.length > MAX_GRAPH_SIZE) {
      throw new InputError(`${where}: the edges name ${keys.length} distinct keys, more than the ${MAX_GRAPH_SIZE} (2^25) nodes a Graph holds`);
    }
    const graph = new Graph(keys.length, numbered, { directed: options.directed === true });
    const frozen: readonly K[] = Object.freeze(keys);
    const id = (key: K): number => {
      const n = ids.get(key);
      if (n === undefined) throw new InputError(`${where}: unknown key ${show(key)}: no edge names it (list a node without edges in options.nodes)`);
      return n;
    };
    const key = (n: number): K => {
      checkNode(graph, n, `${where}: key: node`);
      return frozen[n];
    };
    return Object.freeze({
      graph,
      keys: frozen,
      id,
      has: (k: K) => ids.has(k),
      key,
      path: (path: readonly number[] | null) => {
        if (path === null) return null;
        if (!Array.isArray(path)) throw new InputError(`${where}: path: ids must be an array of node ids (or null), got ${show(path)}`);
        return path.map((n) => key(n));
      },
    });
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

/** The edges as an array, or an InputError when they are not iterable. */
function edgeList<E>(edges: Iterable<E>, where: string): E[] {
  if (edges === null || edges === undefined || typeof (edges as Iterable<E>)[Symbol.iterator] !== 'function' || typeof edges === 'string') {
    throw new InputError(`${where}: edges must be an array (or iterable) of [from, to, cost] edges, got ${show(edges)}`);
  }
  return Array.isArray(edges) ? (edges as E[]) : Array.from(edges);
}

/** Refuses edge i (u -> v at cost c) of a graph of `size` nodes unless both ends are nodes and the cost is one the graph takes. */
function checkEdge(i: number, u: unknown, v: unknown, c: unknown, size: number, negative: boolean): void {
  // Worded only for a refusal: a city's million edges would otherwise make a million messages.
  const where = () => `Graph: edge ${i} (${show(u)} -> ${show(v)}, cost ${show(c)})`;
  if (!Number.isInteger(u) || (u as number) < 0 || (u as number) >= size) throw new InputError(`${where()}: 'from' must be a node in 0..${size - 1}`);
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) >= size) throw new InputError(`${where()}: 'to' must be a node in 0..${size - 1}`);
  if (negative) {
    if (typeof c !== 'number' || !Number.isFinite(c)) throw new InputError(`${where()}: cost must be a finite number (negativeCosts: any sign), got ${show(c)}`);
  } else if (typeof c === 'number' && c < 0) {
    throw new InputError(`${where()}: cost must be >= 0, got ${c}; a graph with negative costs is made with { negativeCosts: true }, and only bellmanFord and floydWarshall search it`);
  } else if (!(typeof c === 'number' && c >= 0 && c < Infinity)) {
    checkCost(c as number, where());
  }
}

/**
 * `edges` as `EdgeArrays` checked (three typed arrays of one length, every
 * edge as `checkEdge` wants it), or null when it is not that form (an
 * iterable of triples, or something `edgeList` refuses).
 */
function edgeArrays(edges: unknown, size: number, negative: boolean): EdgeArrays | null {
  if (edges === null || typeof edges !== 'object' || Symbol.iterator in edges || !('from' in edges || 'to' in edges || 'cost' in edges)) return null;
  const { from, to, cost } = edges as EdgeArrays;
  if (!(from instanceof Int32Array) || !(to instanceof Int32Array) || !(cost instanceof Float64Array) || from.length !== to.length || cost.length !== from.length) {
    throw new InputError(`Graph: edges as arrays must be { from: Int32Array, to: Int32Array, cost: Float64Array } of one length, got ${show(edges)}`);
  }
  for (let i = 0; i < from.length; i++) {
    const u = from[i], v = to[i], c = cost[i];
    if (!(u >= 0 && u < size && v >= 0 && v < size && (negative ? Number.isFinite(c) : c >= 0 && c < Infinity))) checkEdge(i, u, v, c, size, negative);
  }
  return { from, to, cost };
}

/** An edge for a message: short arrays written out, anything else by `show`. */
function showEdge(e: unknown): string {
  return Array.isArray(e) && e.length <= 4 ? `[${e.map(show).join(', ')}]` : show(e);
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
