import { Searcher } from './best-first.js';
import type { Heuristic } from './heuristics.js';
import { COST_TO_COME, sum } from './priority.js';
import type { SearchSpace } from './space.js';

/**
 * The smallest epsilon of `epsilons` (scanned in increasing order) at which
 * weighted A* (f = g + eps h) returns a path costlier than Dijkstra's, or
 * null when none does: the Search Theater's badge. It answers "how much can
 * the heuristic be inflated here before the path gets worse?" for one query.
 *
 * Costs are compared with a relative slack of 1e-9 so that sums of 1.4s in a
 * different order do not count as "costlier".
 */
export function firstEpsilonAboveDijkstra(
  space: SearchSpace, start: number, goal: number, h: Heuristic, epsilons: readonly number[],
  searcher: Searcher = new Searcher(space),
): number | null {
  // One reusable searcher: a query costs O(1) to start and allocates nothing.
  searcher.search(start, goal, { priority: COST_TO_COME });
  const best = searcher.cost;
  if (!Number.isFinite(best)) return null;
  const sorted = [...epsilons].sort((a, b) => a - b);
  for (const eps of sorted) {
    searcher.search(start, goal, { priority: sum(eps), heuristic: h });
    const c = searcher.cost;
    if (c > best * (1 + 1e-9) + 1e-12) return eps;
  }
  return null;
}
