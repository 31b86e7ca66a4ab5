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
   * Throws if `n` cannot be a start or goal (a grid's blocked cell, say).
   * `what` names the argument in the message.
   */
  checkEndpoint?(n: number, what: string): void;
}

/** Throws unless `n` is an integer node of `space`. `what` names the argument. */
export function checkNode(space: SearchSpace, n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || n >= space.size) {
    throw new RangeError(`${what} must be an integer node id in 0..${space.size - 1}, got ${n}`);
  }
}

/** Throws unless `c` is a finite, non-negative cost. `where` names its origin. */
export function checkCost(c: number, where: string): void {
  if (typeof c !== 'number' || !Number.isFinite(c) || c < 0) {
    throw new RangeError(`${where}: cost must be a finite number >= 0, got ${c}`);
  }
}

/**
 * The cost of walking `path` (node ids, first to last) in `space`: the sum of
 * the cheapest arc between each consecutive pair. Throws, naming the step,
 * when two consecutive nodes are not joined by an arc.
 */
export function pathCost(space: SearchSpace, path: readonly number[]): number {
  const nbr = new Int32Array(Math.max(1, space.maxDegree)), cost = new Float64Array(Math.max(1, space.maxDegree));
  let total = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const deg = space.successors(path[i], nbr, cost);
    let c = Infinity;
    for (let k = 0; k < deg; k++) if (nbr[k] === path[i + 1] && cost[k] < c) c = cost[k];
    if (c === Infinity) throw new RangeError(`pathCost: step ${i} (${path[i]} -> ${path[i + 1]}) is not an arc of the space`);
    total += c;
  }
  return total;
}
