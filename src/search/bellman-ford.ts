import { InputError, show } from '../core/errors.js';
import { badArcEnd, checkNodeId, costOverflow, isNodeOf } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/**
 * What `bellmanFord` found: the cheapest cost from the source to every
 * node, or a cycle of negative total cost reachable from it (then no cheapest
 * cost exists for the nodes it reaches, and `g` and `parent` are the last
 * round's, not an answer).
 */
export interface BellmanFord {
  /** `done`: g is exact for every node; `negative-cycle`: `cycle` holds one reachable from the source. */
  readonly status: 'done' | 'negative-cycle';
  /** g[n]: the cheapest cost from the source to n (Infinity: unreachable). */
  readonly g: Float64Array;
  /** parent[n]: the node before n on a cheapest path; -1 at the source and where unreached. */
  readonly parent: Int32Array;
  /** With `negative-cycle`: the cycle's nodes in arc order (the arc from the last back to the first closes it); else empty. */
  readonly cycle: number[];
  /** Rounds of relaxing every arc it took (at most size; it stops early once a round changes nothing). */
  readonly rounds: number;
}

/**
 * Bellman-Ford: single-source cheapest costs on a space whose arcs may cost
 * less than nothing, which Dijkstra and A* cannot take (they refuse a
 * negative cost). It relaxes every arc, round after round, until a round
 * changes nothing (at most size - 1 rounds are needed); a change in round
 * `size` proves a negative cycle reachable from the source, which it returns.
 * O(size x arcs) time: for spaces without negative costs, `flood` or
 * `dijkstra` are far faster.
 *
 * A source that is not a node, a NaN cost, or a successor outside the space
 * is an `InputError`; `Infinity` is no arc; `-Infinity` is refused too (no
 * finite answer could use it).
 *
 * @example
 * ```ts
 * const r = bellmanFord(space, 0);
 * if (r.status === 'done') r.g[5];   // the cheapest cost from 0 to 5
 * else r.cycle;                      // a loop that keeps getting cheaper
 * ```
 */
export function bellmanFord(space: SearchSpace, source: number): BellmanFord {
  const where = 'bellmanFord';
  checkSpace(space, where, true);
  checkNodeId(space, source, `${where}: source`, true);
  const n = space.size;
  const g = new Float64Array(n).fill(Infinity);
  const parent = new Int32Array(n).fill(-1);
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  g[source] = 0;
  let last = -1;
  let rounds = 0;
  for (let round = 1; round <= n; round++) {
    rounds = round;
    last = -1;
    for (let x = 0; x < n; x++) {
      const gx = g[x];
      if (gx === Infinity) continue;
      const deg = space.successors(x, nodes, costs);
      for (let k = 0; k < deg; k++) {
        const y = nodes[k], c = costs[k];
        if (Number.isNaN(c) || c === -Infinity) throw new InputError(`${where}: the arc ${x} -> ${y} costs ${show(c)}; allowed: finite numbers, or Infinity for no arc`);
        if (!isNodeOf(y, n)) throw badArcEnd(where, x, y, n);
        if (gx + c < g[y]) { g[y] = gx + c; parent[y] = x; last = y; }
        // The one rule for costs that overflow: a path's cost is a finite number, never read as no path.
        else if (gx + c === Infinity && c < Infinity) throw costOverflow(where, x, y, gx, c);
      }
    }
    if (last < 0) return { status: 'done', g, parent, cycle: [], rounds };
  }
  // Round n still lowered `last`: walking n parents back from it lands on the cycle.
  let v = last;
  for (let i = 0; i < n; i++) v = parent[v];
  const cycle = [v];
  for (let u = parent[v]; u !== v; u = parent[u]) cycle.push(u);
  cycle.reverse();
  return { status: 'negative-cycle', g, parent, cycle, rounds };
}
