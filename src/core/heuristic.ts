/**
 * An estimate h(n) of the cost from node n to `goal`, in the space's cost
 * units. Taking the goal as an argument (instead of closing over it) lets one
 * function serve every query of a reusable searcher without allocating.
 *
 * The contract: return a number >= 0, or Infinity for a node the goal cannot
 * be reached from (a dead end, which the searches never push). Anything else
 * (NaN, undefined, a negative number, a string) is an `InputError` naming the
 * node and the value; the best-first engine also refuses Infinity for the
 * goal itself, which always reaches itself.
 *
 * For the optimal answers of A* (and the bounds of weighted A* and ARA*) h
 * must also be admissible: never above the true cost-to-go. D* Lite calls it
 * as h(robot, s), an estimate between any two nodes, and needs it consistent
 * (h(a, c) <= cost(a, b) + h(b, c)). The grid heuristics (grid/heuristics.ts) say
 * when they are both.
 *
 * @example
 * ```ts
 * const h: Heuristic = (n, goal) => Math.abs(x[n] - x[goal]) + Math.abs(y[n] - y[goal]);
 * astar(graph, start, goal, h);
 * ```
 */
export type Heuristic = (n: number, goal: number) => number;

/** h = 0: turns A* into Dijkstra. */
export const zero: Heuristic = () => 0;
