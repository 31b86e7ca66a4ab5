import { landmarkSeed } from './landmark-seed.js';

/**
 * ALT (A*, landmarks, triangle inequality: Goldberg and Harrelson 2005), the
 * part every landmark table of the library shares: which nodes become
 * landmarks, and the lower bound read from their distances. The grid's
 * `landmarks`, JPS+'s 4 landmarks in its jump records and the subgoal
 * graph's landmarks each bring their own Dijkstra (over move masks, over a
 * padded raster in integer units, over the hierarchy's edges) and their own
 * table layout, and pick their landmarks here.
 */

/** What `pickLandmarks` needs of a landmark table's space. */
export interface LandmarkSpace {
  /** Node ids are 0 to size - 1. */
  readonly size: number;
  /** Whether a node may be a landmark or the seed (a free cell, any subgoal). */
  eligible(n: number): boolean;
  /** How many nodes are eligible. */
  readonly eligibleCount: number;
  /** The distances the last `flood` wrote, `unreached` where it did not reach. */
  readonly dist: ArrayLike<number>;
  /** The value of `dist` at a node not reached (Infinity, or an integer table's largest value): above every distance. */
  readonly unreached: number;
  /** Runs a Dijkstra from node n into `dist`; returns how many nodes it reached. */
  flood(n: number): number;
  /** Scratch of `size` (the caller allocates it, so that it can say what a build needs when memory runs out). */
  readonly near: Float64Array | Int32Array;
}

/**
 * Picks `count` landmarks farthest first and floods from each: the first
 * is the node farthest from a seed in the largest region (`landmarkSeed`:
 * a speck walled in at a map's corner would otherwise take every landmark),
 * each next the node farthest from every landmark so far (ties: the
 * smallest id). After the flood from landmark i, `record(i)` copies `dist`
 * into the caller's table. `afterSeed` hears the seed's eccentricity (its
 * largest finite distance) before the first landmark's flood: an integer
 * table sets its units from it. Returns the landmarks, or an empty array
 * when no node is eligible (nothing is flooded or recorded then).
 */
export function pickLandmarks(space: LandmarkSpace, count: number, record: (i: number) => void, afterSeed?: (eccentricity: number) => void): Int32Array {
  const { size, dist, unreached, near } = space;
  if (landmarkSeed(size, (n) => space.eligible(n), space.eligibleCount, (n) => space.flood(n)) < 0) return new Int32Array(0);
  // The seed's distances are in dist: the first landmark is the farthest of them.
  let far = farthest(dist, size, unreached);
  afterSeed?.(dist[far]);
  const picked = new Int32Array(count);
  // The distance to the nearest landmark so far (unreached until one reaches it).
  near.fill(unreached);
  for (let i = 0; i < count; i++) {
    picked[i] = far;
    space.flood(far);
    record(i);
    for (let n = 0; n < size; n++) if (dist[n] < near[n]) near[n] = dist[n];
    far = farthest(near, size, unreached);
  }
  return picked;
}

/** The node with the largest value below `unreached` (the smallest id among equals). */
function farthest(d: ArrayLike<number>, size: number, unreached: number): number {
  let best = -1, bd = -1;
  for (let n = 0; n < size; n++) {
    const v = d[n];
    if (v > bd && v < unreached) { bd = v; best = n; }
  }
  return best;
}

/**
 * The ALT lower bound on the distance from n to goal: the largest
 * |d(L, goal) - d(L, n)| over the K landmarks L of a table laid out K
 * distances a node (`table[n * K + i]`), or `floor` (another admissible
 * estimate) when that is larger. |Inf - Inf| is NaN (a landmark that
 * reaches neither) and never wins. The hot loops of the grid fast path, JPS+
 * and the subgoal graph write this same expression inline (a call per push
 * shows in their benchmarks); this is the one for everything else.
 */
export function altBound(table: ArrayLike<number>, K: number, n: number, goal: number, floor: number): number {
  let best = floor;
  const a = n * K, b = goal * K;
  for (let i = 0; i < K; i++) {
    const d = table[b + i] - table[a + i];
    const e = d < 0 ? -d : d;
    if (e > best) best = e;
  }
  return best;
}
