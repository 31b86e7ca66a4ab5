import { Graph } from '../spaces/graph.js';
import type { Heuristic } from '../core/heuristic.js';

/**
 * Four nodes where optimism fails: start -> A -> goal costs 2 + 6 = 8,
 * start -> B -> goal costs 1 + 4 = 5, but h(B) = 9 overestimates B's true
 * cost-to-go of 4. A* pops A (f = 2 + 6 = 8) before B (f = 1 + 9 = 10), reaches the goal at f 8
 * and stops there: it returns 8 via A while 5 via B exists.
 */
export interface CounterexampleWorld {
  /** The four nodes and their directed edges. */
  graph: Graph;
  /** names[n]: 'start', 'A', 'B' or 'goal'. */
  names: readonly string[];
  /** Node 0. */
  start: number;
  /** Node 3. */
  goal: number;
  /** Node 1: on the dearer route, which A* takes. */
  A: number;
  /** Node 2: on the cheaper route, whose h overestimates. */
  B: number;
  /** The overestimating heuristic (exact everywhere but at B). */
  h: Heuristic;
}

/**
 * A fresh counterexample world.
 *
 * @example
 * ```ts
 * const w = counterexampleWorld();
 * astar(w.graph, w.start, w.goal, w.h).cost; // 8, while dijkstra(...) finds 5
 * ```
 */
export function counterexampleWorld(): CounterexampleWorld {
  const names = ['start', 'A', 'B', 'goal'] as const;
  const [start, A, B, goal] = [0, 1, 2, 3];
  const graph = new Graph(4, [[start, A, 2], [A, goal, 6], [start, B, 1], [B, goal, 4]], { directed: true });
  const hv = [5, 6, 9, 0];
  return { graph, names, start, goal, A, B, h: (n) => hv[n] };
}
