import { badArcEnd, isNodeOf } from '../core/input-checks.js';
import { InputError, show } from '../core/errors.js';
import type { Heuristic } from '../core/heuristic.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/** A point per node: node n sits at (x[n], y[n]). Road files and DIMACS `.co` files give them. */
export interface Coordinates {
  /** x[n]: the x coordinate of node n. */
  readonly x: ArrayLike<number>;
  /** y[n]: the y coordinate of node n. */
  readonly y: ArrayLike<number>;
}

/** What `straightLine` made: the heuristic, and the scale it put on distances. */
export interface StraightLine {
  /** h(n, goal) = ratio x the straight-line distance from n to goal (a hair less, for rounding). */
  readonly h: Heuristic;
  /**
   * The smallest cost / length over the arcs whose ends are apart: no arc
   * costs less per unit of distance. 0 when an arc between distinct points
   * is free or no arc has a length (h is then 0: Dijkstra).
   */
  readonly ratio: number;
}

/** The straight-line distance between nodes a and b: one formula for arc lengths and the heuristic. */
export function planarDistance(x: ArrayLike<number>, y: ArrayLike<number>, a: number, b: number): number {
  const dx = x[a] - x[b], dy = y[a] - y[b];
  return Math.sqrt(dx * dx + dy * dy);
}

// Rounding in the ratio, the lengths and the sum of a path can each move the
// last bit; shrinking h by 2^-30 keeps it below the true cost-to-go by far
// more than all of them together, and costs A* nothing measurable.
const SHRINK = 1 - 2 ** -30;

/**
 * An admissible and consistent A* heuristic for a space whose nodes have
 * coordinates but whose arc costs are not lengths (travel times, rounded or
 * scaled distances, as in DIMACS road files): the straight-line distance to
 * the goal times `ratio`, the smallest cost / length over all arcs. Every
 * arc (u, v) costs at least ratio x |uv|, so any path from n to the goal
 * costs at least ratio x the sum of its lengths, which is at least ratio x
 * |n goal| (the triangle inequality): h never overestimates, and
 * h(u) <= c(u, v) + h(v) on every arc.
 *
 * It reads every arc once (O(arcs)). Coordinates that are not one finite
 * number per node, or a space without `successors`, are an `InputError`.
 *
 * @example
 * ```ts
 * const graph = parseGr(grText, 'city.gr'), coords = parseCo(coText, 'city.co');
 * const { h } = straightLine(graph, coords);
 * astar(graph, 0, 99, h); // the same cost as dijkstra(graph, 0, 99)
 * ```
 */
export function straightLine(space: SearchSpace, coords: Coordinates): StraightLine {
  const where = 'straightLine';
  checkSpace(space, where);
  checkCoordinates(coords, space.size, where);
  const { x, y } = coords;
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  let ratio = Infinity;
  for (let u = 0; u < space.size; u++) {
    const deg = space.successors(u, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const c = costs[k], v = nodes[k];
      if (!isNodeOf(v, space.size)) throw badArcEnd(where, u, v, space.size);
      if (c === Infinity) continue;
      if (!(c >= 0)) throw new InputError(`${where}: the arc ${u} -> ${v} costs ${show(c)}; a straight-line bound needs costs >= 0`);
      const len = planarDistance(x, y, u, v);
      if (len > 0 && c / len < ratio) ratio = c / len;
    }
  }
  if (ratio === Infinity) ratio = 0;
  const scale = ratio * SHRINK;
  return { h: (n, goal) => scale * planarDistance(x, y, n, goal), ratio };
}

/** Throws unless `coords` holds one finite x and y for each of `size` nodes. */
export function checkCoordinates(coords: Coordinates, size: number, where: string): void {
  if (coords === null || typeof coords !== 'object') throw new InputError(`${where}: coords must be { x, y }, arrays of one coordinate per node, got ${show(coords)}`);
  for (const axis of ['x', 'y'] as const) {
    const a = coords[axis];
    if (a === null || typeof a !== 'object' || typeof a.length !== 'number') throw new InputError(`${where}: coords.${axis} must be an array of numbers, one per node, got ${show(a)}`);
    if (a.length !== size) throw new InputError(`${where}: coords.${axis} has ${a.length} entries, but the space has ${size} nodes: expected one per node`);
    for (let n = 0; n < size; n++) {
      if (typeof a[n] !== 'number' || !Number.isFinite(a[n])) throw new InputError(`${where}: coords.${axis}[${n}] must be a finite number, got ${show(a[n])}`);
    }
  }
}
