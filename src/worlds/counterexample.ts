import { Graph } from '../graph.js';
import type { Heuristic } from '../heuristics.js';

/**
 * Four nodes where optimism fails: start -> A -> goal costs 2 + 6 = 8,
 * start -> B -> goal costs 1 + 4 = 5, but h(B) = 9 overestimates B's true
 * cost-to-go of 4. A* pops A (f = 2 + 6 = 8) before B (f = 1 + 9 = 10), reaches the goal at f 8
 * and stops there: it returns 8 via A while 5 via B exists.
 */
export interface CounterexampleWorld {
  graph: Graph;
  names: readonly string[];
  start: number;
  goal: number;
  A: number;
  B: number;
  /** The overestimating heuristic (exact everywhere but at B). */
  h: Heuristic;
}

export function counterexampleWorld(): CounterexampleWorld {
  const names = ['start', 'A', 'B', 'goal'] as const;
  const [start, A, B, goal] = [0, 1, 2, 3];
  const graph = new Graph(4, [[start, A, 2], [A, goal, 6], [start, B, 1], [B, goal, 4]], { directed: true });
  const hv = [5, 6, 9, 0];
  return { graph, names, start, goal, A, B, h: (n) => hv[n] };
}
