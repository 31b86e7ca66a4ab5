import { Searcher } from '../../src/best-first.js';
import type { Heuristic } from '../../src/heuristics.js';
import { COST_TO_COME, sum } from '../../src/priority.js';
import type { SearchSpace } from '../../src/space.js';

/**
 * The smallest epsilon of `epsilons` (scanned in increasing order) at which
 * weighted A* (f = g + eps h) returns a path costlier than Dijkstra's, or
 * null when none does. Only library searches run here; the badge of the
 * Search Theater shows this value. (A candidate for src/: it is pure.)
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

/** The slider's values: lo..hi in steps of `step`, rounded so 0.1 * 3 is 0.3. */
export function sliderValues(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  const count = Math.round((hi - lo) / step);
  for (let i = 0; i <= count; i++) out.push(Math.round((lo + i * step) * 1e9) / 1e9);
  return out;
}
