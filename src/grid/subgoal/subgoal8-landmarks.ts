import { pickLandmarks } from '../../hierarchy/alt.js';
import { KeyHeap } from '../../queues/key-heap.js';

/** At most this many landmarks (each 8 bytes a subgoal). */
export const MAX_LANDMARKS = 8;

/**
 * Landmarks for the A* over the core of the subgoal hierarchy (ALT:
 * Goldberg and Harrelson 2005). Each landmark's exact distance to every
 * subgoal, found by a Dijkstra over the hierarchy's edges read both ways
 * (a contraction hierarchy keeps every distance); landmarks picked as
 * every ALT table's are (`pickLandmarks`: farthest first, in the largest
 * region).
 * `dist[v * k + i]` is landmark i's distance to subgoal v, Infinity where
 * it does not reach: a subgoal's k distances side by side, as the query's
 * heuristic reads them (one cache line, not k).
 *
 * The heuristic of a query then needs each landmark's distance to the goal
 * cell, which is no subgoal: the shortest path from a subgoal to the goal
 * ends with a hop from one of the goal's directly h-reachable subgoals s,
 * so it is the least d(L, s) + octile(s, goal) over them (subgoal8.ts).
 */
export function landmarkDistances(n: number, at: Int32Array, ends: Int32Array, lens: Float64Array, k: number): Float64Array {
  // The edges both ways: each stored edge u -> v once more as v -> u.
  const rat = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) for (let j = at[u]; j < at[u + 1]; j++) rat[ends[j] + 1]++;
  for (let v = 0; v < n; v++) rat[v + 1] += rat[v];
  const rend = new Int32Array(rat[n]), rlen = new Float64Array(rat[n]), fill = rat.slice(0, n);
  for (let u = 0; u < n; u++) for (let j = at[u]; j < at[u + 1]; j++) { const v = ends[j], p = fill[v]++; rend[p] = u; rlen[p] = lens[j]; }
  const heap = new KeyHeap(1024);
  /** Distances from s into d (Infinity where it does not reach); returns how many subgoals it reached. */
  const dijkstra = (s: number, d: Float64Array): number => {
    d.fill(Infinity);
    d[s] = 0;
    heap.clear();
    heap.push(s, 0);
    let reached = 0;
    while (heap.length > 0) {
      const u = heap.topNode(), du = heap.topKey();
      heap.pop();
      if (du > d[u]) continue;
      reached++;
      for (let j = at[u]; j < at[u + 1]; j++) { const v = ends[j], dv = du + lens[j]; if (dv < d[v]) { d[v] = dv; heap.push(v, dv); } }
      for (let j = rat[u]; j < rat[u + 1]; j++) { const v = rend[j], dv = du + rlen[j]; if (dv < d[v]) { d[v] = dv; heap.push(v, dv); } }
    }
    return reached;
  };
  const out = new Float64Array(k * n), d = new Float64Array(n);
  // Every ALT table's landmarks (hierarchy/alt.ts): farthest first, from a subgoal of the largest region.
  const space = { size: n, eligible: () => true, eligibleCount: n, dist: d, unreached: Infinity, near: new Float64Array(n), flood: (s: number) => dijkstra(s, d) };
  pickLandmarks(space, k, (i) => {
    for (let v = 0; v < n; v++) out[v * k + i] = d[v];
  });
  return out;
}
