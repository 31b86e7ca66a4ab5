import { Searcher } from '../search/best-first.js';
import { InputError, show } from '../core/errors.js';
import type { Heuristic } from '../core/heuristic.js';
import { COST_TO_COME, sum } from '../core/priority.js';
import type { SearchSpace } from '../core/space.js';

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
  searcher?: Searcher,
): number | null {
  const where = 'firstEpsilonAboveDijkstra';
  if (typeof h !== 'function') throw new InputError(`${where}: h must be a function (n, goal) => number, got ${show(h)}`);
  if (!Array.isArray(epsilons)) throw new InputError(`${where}: epsilons must be an array of numbers, got ${show(epsilons)}`);
  epsilons.forEach((eps, i) => {
    if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 0) throw new InputError(`${where}: epsilons[${i}] must be a finite number >= 0, got ${show(eps)}`);
  });
  // A searcher over another space would answer for that space, in silence.
  if (searcher !== undefined && (!(searcher instanceof Searcher) || searcher.space !== space)) {
    throw new InputError(`${where}: searcher must be a Searcher over the same space, got ${searcher instanceof Searcher ? 'one over another space' : show(searcher)}`);
  }
  searcher ??= new Searcher(space);
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
