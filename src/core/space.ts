import { InputError, show } from './errors.js';

/**
 * A search space names its nodes 0..size-1 and writes the successors of a
 * node into buffers the caller owns, so walking the graph allocates nothing.
 */
export interface SearchSpace {
  /** Number of nodes. Implicit spaces may grow it as they intern new keys. */
  readonly size: number;
  /** Upper bound on the number of successors (and predecessors) of any node. */
  readonly maxDegree: number;
  /**
   * Writes Star(n): each successor x and the cost c(n, x) >= 0, into `nodes`
   * and `costs` from index 0, and returns how many it wrote.
   */
  successors(n: number, nodes: Int32Array, costs: Float64Array): number;
  /**
   * Writes each predecessor p of n and the cost c(p, n). Backward searches
   * (universal plans, D*, D* Lite) need it; spaces that cannot answer omit it.
   */
  predecessors?(n: number, nodes: Int32Array, costs: Float64Array): number;
  /**
   * Throws an `InputError` if `n` cannot be a start or goal (a grid's
   * blocked cell, say). `what` names the argument in the message.
   */
  checkEndpoint?(n: number, what: string): void;
  /**
   * Throws an `InputError` when the space cannot be searched as it stands
   * (a grid left holding a weight that `touch` refused); `where` names the
   * caller. A space whose `checkEndpoint` asks it too is checked by every
   * query that checks its ends; a search without ends asks it directly.
   */
  checkUsable?(where: string): void;
  /**
   * True when some arc costs less than 0 (a `Graph` made with
   * `negativeCosts`). Only `bellmanFord` and `floydWarshall` take such a
   * space; every other search refuses it when it is given it, since a
   * cheaper path through a negative arc could lie behind any answer.
   */
  readonly negativeCosts?: boolean;
  /**
   * A new feed of the arc costs that change from now on, for a space that
   * can be edited and can tell what an edit changed (a `Grid` can). The
   * searches that repair (D* Lite) read it before every update and query,
   * so an edit made through the space's own methods is never missed.
   */
  watchArcs?(): ArcChangeFeed;
}

/**
 * One arc whose cost changed. The space already answers with the new cost;
 * `oldCost` is what it cost before (Infinity when the arc did not exist).
 * With parallel arcs from `from` to `to`, either the old cost of the one
 * that changed or the old cheapest of them will do.
 */
export interface ArcChange {
  /** The arc's tail: the node it leaves. */
  readonly from: number;
  /** The arc's head: the node it enters. */
  readonly to: number;
  /** Its cost before the change: a number >= 0, or Infinity when the arc did not exist. */
  readonly oldCost: number;
}

/** What `SearchSpace.watchArcs` returns: the arc changes since it was made, or since they were last taken. */
export interface ArcChangeFeed {
  /** The arcs whose cost changed since the last call (or since the feed was made), each once, with its old cost; empty when none did. */
  changes(): readonly ArcChange[];
  /**
   * Optional: true when the heuristics made for this space may have fallen
   * since the last call (a grid's weight floor went down), so that keys
   * computed with them are no longer lower bounds and must be recomputed.
   * A searcher that keeps keys across edits (D* Lite) asks after `changes()`.
   */
  heuristicsLowered?(): boolean;
}

/** Node ids are int32 (typed arrays hold them): no space has more than 2^31 - 1 nodes. */
export const MAX_SPACE_SIZE = 0x7fffffff;

/** Throws unless `n` is an integer node of `space`. `what` names the argument. */
export function checkNode(space: SearchSpace, n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || n >= space.size) {
    throw new InputError(`${what} must be an integer node id in 0..${space.size - 1}, got ${show(n)}`);
  }
}

/**
 * Throws unless `start` and `goal` are nodes of `space` that it takes as
 * endpoints (`checkNode`, then the space's own `checkEndpoint`): the checks
 * every point-to-point query makes before it touches its state.
 */
export function checkEndpoints(space: SearchSpace, start: number, goal: number): void {
  checkNode(space, start, 'start');
  checkNode(space, goal, 'goal');
  space.checkEndpoint?.(start, 'start');
  space.checkEndpoint?.(goal, 'goal');
}

/** The space's edit count, for a space that keeps one (a `Grid`'s `version`), else 0: what a query in slices must not see change. */
export function editCountOf(space: SearchSpace): number {
  const v = (space as { version?: unknown }).version;
  return typeof v === 'number' ? v : 0;
}

/** Throws unless `c` is a finite, non-negative cost. `where` names its origin. */
export function checkCost(c: number, where: string): void {
  if (typeof c !== 'number' || !Number.isFinite(c) || c < 0) {
    throw new InputError(`${where}: cost must be a finite number >= 0, got ${show(c)}`);
  }
}

/**
 * Throws unless `space` has the shape of a `SearchSpace`: a `size` and a
 * `maxDegree` that are integers >= 0 and a `successors` function. `where`
 * names the function or class that was given it.
 */
export function checkSpace(space: SearchSpace, where: string, takesNegativeCosts = false): void {
  if (space === null || typeof space !== 'object') {
    throw new InputError(`${where}: space must be a SearchSpace { size, maxDegree, successors }, got ${show(space)}`);
  }
  if (!Number.isInteger(space.size) || space.size < 0) throw new InputError(`${where}: space.size must be an integer >= 0, got ${show(space.size)}`);
  if (!Number.isInteger(space.maxDegree) || space.maxDegree < 0) {
    throw new InputError(`${where}: space.maxDegree must be an integer >= 0, got ${show(space.maxDegree)}`);
  }
  // Node ids are int32: a larger size is a mistake to report, not arrays of gigabytes to attempt.
  for (const [name, v] of [['size', space.size], ['maxDegree', space.maxDegree]] as const) {
    if (v > MAX_SPACE_SIZE) throw new InputError(`${where}: space.${name} must be at most ${MAX_SPACE_SIZE} (2^31 - 1: node ids are int32), got ${v}`);
  }
  if (typeof space.successors !== 'function') throw new InputError(`${where}: space.successors must be a function, got ${show(space.successors)}`);
  if (space.negativeCosts === true && !takesNegativeCosts) {
    throw new InputError(`${where}: the space has arcs of negative cost, and this search takes costs >= 0 only; bellmanFord (and floydWarshall) take negative costs`);
  }
}

/**
 * The cost of the arc to `to` among the `deg` arcs a `successors` call just
 * listed: the cheapest, when there are parallel arcs (as every search counts
 * them), Infinity when there is none. The one reading of "the cost of the
 * step from one node to the next" that `pathCost` and the repair searches share.
 */
export function cheapestTo(nodes: Int32Array, costs: Float64Array, deg: number, to: number): number {
  let c = Infinity;
  for (let k = 0; k < deg; k++) if (nodes[k] === to && costs[k] < c) c = costs[k];
  return c;
}

/**
 * The cost of walking `path` (node ids, first to last) in `space`: the sum of
 * the cheapest arc between each consecutive pair; 0 for a path of one node.
 * Every search's `cost` is this sum for the path it returns. An `InputError`
 * names the step when two consecutive nodes are not joined by an arc, or
 * the entry that is not a node of the space.
 *
 * @example
 * ```ts
 * pathCost(grid, [grid.id(0, 0), grid.id(1, 1)]); // Math.SQRT2 on a default grid
 * ```
 */
export function pathCost(space: SearchSpace, path: readonly number[]): number {
  checkSpace(space, 'pathCost', true);
  if (!Array.isArray(path)) throw new InputError(`pathCost: path must be an array of node ids, got ${show(path)}`);
  path.forEach((n, i) => checkNode(space, n, `pathCost: path[${i}]`));
  // A NaN would lose every comparison and read as "no arc"; a negative cost would be summed, which
  // only a space that says it has negative costs may list.
  const floor = space.negativeCosts === true ? -Infinity : 0;
  return walkCost(space, path, (i, nbr, cost, deg) => {
    for (let k = 0; k < deg; k++) {
      if (nbr[k] === path[i + 1] && !(cost[k] >= floor)) {
        throw new InputError(`pathCost: the space lists the arc ${path[i]} -> ${path[i + 1]} with cost ${show(cost[k])}; costs must be numbers >= 0`);
      }
    }
    if (cheapestTo(nbr, cost, deg, path[i + 1]) === Infinity) throw new InputError(`pathCost: step ${i} (${path[i]} -> ${path[i + 1]}) is not an arc of the space`);
  });
}

/**
 * `pathCost`'s sum without its checks, for a searcher summing a path it
 * walked itself (its nodes are the space's and joined by arcs of costs it
 * has read): the grid fast path does, and so does not ship the checks
 * `pathCost` makes of a caller's path. `check(i, nodes, costs, deg)`, when
 * given, sees the arcs out of `path[i]` before step i is added.
 */
export function walkCost(space: SearchSpace, path: readonly number[], check?: (i: number, nodes: Int32Array, costs: Float64Array, deg: number) => void): number {
  const nbr = new Int32Array(Math.max(1, space.maxDegree)), cost = new Float64Array(Math.max(1, space.maxDegree));
  let total = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const deg = space.successors(path[i], nbr, cost);
    check?.(i, nbr, cost, deg);
    total += cheapestTo(nbr, cost, deg, path[i + 1]);
  }
  return total;
}
