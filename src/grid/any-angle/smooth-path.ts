import { InputError, show } from '../../core/errors.js';
import { IMPROVE } from '../../core/improve.js';
import { Grid } from '../grid.js';
import { walkSegment } from '../line-of-sight.js';

/**
 * String pulling: the waypoints of a path with every cell dropped that the
 * path can go straight past. Walking the path once, it keeps a waypoint only
 * where the last waypoint kept cannot see the next cell (`lineOfSight`) or,
 * on a weighted grid, where going straight would cost more than the corner
 * (a straight cut through mud is not a shortcut). So the result:
 * - starts and ends where `path` does, and is a subsequence of it;
 * - has line of sight on every segment;
 * - is never longer than `path`, both measured by `segmentCost` (summed over
 *   consecutive cells; on a grid without weights, Euclidean length).
 *
 * `path` is any path whose consecutive cells see each other: a grid path
 * (any search's, every legal step has line of sight), an any-angle path, or
 * waypoints of your own. A path that is not (a segment without line of
 * sight, a cell id the grid does not have, an empty path) is an
 * `InputError` naming the first bad entry, since no answer could keep both
 * promises. Greedy, so not always the shortest path through the same
 * corridor (Theta* usually does better: `AnyAngleSearcher`); O(cells of the
 * path x the length of its segments).
 *
 * @example
 * ```ts
 * const found = findPath(grid, [0, 0], [9, 3]);
 * const waypoints = smoothPath(grid, found.path!); // [start, ..., goal], fewer cells
 * ```
 */
export function smoothPath(grid: Grid, path: ArrayLike<number>): number[] {
  if (!(grid instanceof Grid)) throw new InputError(`smoothPath: grid must be a Grid, got ${show(grid)}`);
  if (path === null || typeof path !== 'object' || !Number.isInteger(path.length) || path.length === 0) {
    throw new InputError(`smoothPath: path must be a non-empty array (or Int32Array) of cell ids, got ${show(path)}`);
  }
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const c = path[i];
    if (!Number.isInteger(c) || c < 0 || c >= grid.size) {
      throw new InputError(`smoothPath: path[${i}] must be a cell id in 0..${grid.size - 1} of the ${grid.width} x ${grid.height} grid, got ${show(c)}`);
    }
  }
  // The cost of each given segment, checked before anything is dropped.
  const given = new Float64Array(n);
  if (walkSegment(grid, path[0], path[0]) < 0) throw new InputError(`smoothPath: path[0] ${grid.formatXY(path[0])} is a blocked cell`);
  for (let i = 1; i < n; i++) {
    given[i] = walkSegment(grid, path[i - 1], path[i]);
    if (given[i] < 0) {
      throw new InputError(`smoothPath: path[${i - 1}] ${grid.formatXY(path[i - 1])} -> path[${i}] ${grid.formatXY(path[i])} has no line of sight (a blocked cell on it or at an end, or a corner the ${grid.diagonalRule} rule forbids): the path must be one a search could take`);
    }
  }
  const out = [path[0]];
  // The last waypoint kept, the cell q after it, and the cost of anchor -> q.
  let anchor = path[0], q = path[0], aq = 0;
  for (let i = 1; i < n; i++) {
    const r = path[i];
    const ar = walkSegment(grid, anchor, r);
    // Drop q when anchor -> r is no dearer than anchor -> q -> r (the slack: sums in another order).
    if (ar >= 0 && ar * IMPROVE <= aq + given[i]) { q = r; aq = ar; continue; }
    if (q !== anchor) out.push(q);
    anchor = q;
    q = r;
    aq = given[i];
  }
  if (q !== anchor) out.push(q);
  return out;
}
