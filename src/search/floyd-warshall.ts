import { bellmanFord } from './bellman-ford.js';
import { InputError, show } from '../core/errors.js';
import { badArcCost, badArcEnd, isNodeOf } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/**
 * The largest space `floydWarshall` takes: its tables hold size^2 entries (12
 * bytes each: 48 MiB at 2,048 nodes), and its time grows as size^3.
 */
export const MAX_ALL_PAIRS_NODES = 2048;

/** Every pair's cheapest cost, and the first step of a cheapest path, as `floydWarshall` returns them. */
export interface AllPairs {
  /** Nodes in the space (the tables are size x size). */
  readonly size: number;
  /**
   * dist[i * size + j]: the cheapest cost from i to j; Infinity when j cannot
   * be reached; 0 on the diagonal; -Infinity when a walk from i to j can
   * pass a negative cycle (there is no cheapest one).
   */
  readonly dist: Float64Array;
  /** next[i * size + j]: the node after i on a cheapest path to j; -1 when there is none, i = j, or dist is -Infinity. */
  readonly next: Int32Array;
  /** A cycle of negative total cost (its nodes in order, the first not repeated at the end), or null when the space has none. */
  readonly negativeCycle: number[] | null;
}

/**
 * Floyd-Warshall: the cheapest cost between every pair of nodes of a small
 * space, by letting each node in turn serve as a stop between every pair
 * (O(size^3) time, O(size^2) memory). For one source, `flood` or a Dijkstra
 * is far cheaper; this is for small graphs where every pair is wanted (a
 * table of travel times between stations, the lesson's last search).
 * Parallel arcs count as their cheapest; self loops never help.
 *
 * Arcs may cost less than nothing. A cycle of negative total cost makes
 * every pair it lies between arbitrarily cheap: those pairs get -Infinity
 * and `negativeCycle` names one such cycle (found by `bellmanFord` from a
 * node on it). A space larger than `MAX_ALL_PAIRS_NODES`, an arc cost that
 * is NaN or -Infinity, or a successor outside the space is an `InputError`.
 * `allPairsPath` reads a path out.
 *
 * @example
 * ```ts
 * const ap = floydWarshall(graph);
 * ap.dist[a * ap.size + b];   // the cheapest cost from a to b
 * allPairsPath(ap, a, b);     // its nodes, or null
 * ```
 */
export function floydWarshall(space: SearchSpace): AllPairs {
  checkSpace(space, 'floydWarshall', true);
  const n = space.size;
  if (n > MAX_ALL_PAIRS_NODES) {
    throw new InputError(`floydWarshall: the space has ${n} nodes, at most ${MAX_ALL_PAIRS_NODES} allowed (its tables hold size^2 entries and its time grows as size^3; use flood or a Dijkstra per source)`);
  }
  space.checkUsable?.('floydWarshall');
  const dist = new Float64Array(n * n).fill(Infinity);
  const next = new Int32Array(n * n).fill(-1);
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  for (let i = 0; i < n; i++) {
    dist[i * n + i] = 0;
    const deg = space.successors(i, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const j = nodes[k], c = costs[k];
      if (Number.isNaN(c) || c === -Infinity) throw badArcCost('floydWarshall', i, j, c, 'numbers, negative ones included (Infinity: no arc)');
      if (!isNodeOf(j, n)) throw badArcEnd('floydWarshall', i, j, n);
      // A self loop helps only when it costs less than nothing: a negative cycle of one arc.
      if ((i !== j || c < 0) && c < dist[i * n + j]) { dist[i * n + j] = c; next[i * n + j] = j; }
    }
  }
  for (let k = 0; k < n; k++) {
    const rowK = k * n;
    for (let i = 0; i < n; i++) {
      const rowI = i * n, dik = dist[rowI + k];
      if (dik === Infinity) continue;
      for (let j = 0; j < n; j++) {
        // Strictly cheaper only: equal costs keep the path found first, and a
        // zero-cost detour never replaces a direct step (next stays loop-free).
        const d = dik + dist[rowK + j];
        if (d < dist[rowI + j]) { dist[rowI + j] = d; next[rowI + j] = next[rowI + k]; }
        // The one rule for costs that overflow: two finite parts whose sum is Infinity are refused, not read as no path.
        else if (d === Infinity && dist[rowK + j] < Infinity) throw new InputError(`floydWarshall: the cost of a path overflows: ${i} -> ${k} costs ${dik} and ${k} -> ${j} costs ${dist[rowK + j]}, whose sum is Infinity; costs must be small enough that every path's total is a finite number`);
      }
    }
  }
  return { size: n, dist, next, negativeCycle: markNegativeCycles(space, dist, next, n) };
}

/**
 * After the main loop, a node on a negative cycle has dist(k, k) < 0. Every
 * pair (i, j) with i reaching such a k and k reaching j has no cheapest
 * walk: -Infinity. Nodes of one strongly connected group mark the same
 * pairs, so one of each group is enough. Returns one negative cycle, or null.
 */
function markNegativeCycles(space: SearchSpace, dist: Float64Array, next: Int32Array, n: number): number[] | null {
  const reps: number[] = [];
  for (let k = 0; k < n; k++) {
    if (!(dist[k * n + k] < 0)) continue;
    if (reps.some((r) => dist[r * n + k] !== Infinity && dist[k * n + r] !== Infinity)) continue;
    reps.push(k);
    const from: number[] = [], to: number[] = [];
    for (let i = 0; i < n; i++) {
      if (dist[i * n + k] !== Infinity) from.push(i);
      if (dist[k * n + i] !== Infinity) to.push(i);
    }
    for (const i of from) for (const j of to) { dist[i * n + j] = -Infinity; next[i * n + j] = -1; }
  }
  return reps.length === 0 ? null : bellmanFord(space, reps[0]).cycle;
}

/**
 * The nodes of a cheapest path from `from` to `to` in an `AllPairs` table
 * (both included; `[from]` when they are the same node), or null when `to`
 * cannot be reached. Ids outside the table, a table that is not one, or a
 * pair with no cheapest path (dist -Infinity: a negative cycle between) are
 * an `InputError`.
 */
export function allPairsPath(ap: AllPairs, from: number, to: number): number[] | null {
  if (ap === null || typeof ap !== 'object' || !(ap.dist instanceof Float64Array) || !(ap.next instanceof Int32Array)
    || !Number.isInteger(ap.size) || ap.dist.length !== ap.size * ap.size || ap.next.length !== ap.dist.length) {
    throw new InputError(`allPairsPath: ap must be what floydWarshall returns ({ size, dist, next } of size^2 entries), got ${show(ap)}`);
  }
  const n = ap.size;
  for (const [name, v] of [['from', from], ['to', to]] as const) {
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new InputError(`allPairsPath: ${name} must be a node id in 0..${n - 1}, got ${show(v)}`);
  }
  if (ap.dist[from * n + to] === -Infinity) {
    throw new InputError(`allPairsPath: there is no cheapest path from ${from} to ${to}: a negative cycle lies on the way (ap.negativeCycle names one), so every path has a cheaper one`);
  }
  if (from === to) return [from];
  if (ap.dist[from * n + to] === Infinity) return null;
  const path = [from];
  for (let i = from; i !== to; ) {
    i = ap.next[i * n + to];
    // A table made by floydWarshall ends within n steps; one edited by hand may not.
    if (i < 0 || i >= n || path.length > n) throw new InputError(`allPairsPath: the table's next steps from ${from} do not lead to ${to}; it was changed after floydWarshall made it`);
    path.push(i);
  }
  return path;
}
