import { expect } from 'vitest';
import type { SearchStatus } from '#bestfirst';

/** A searcher with the `limits` option (the subgoal graphs, JPS+, any-angle, the two-ended searches). */
export interface BudgetedSearcher {
  search(start: number, goal: number, options?: { limits?: { maxExpansions?: number } }): SearchStatus;
  readonly expansions: number;
  readonly cost: number;
}

/**
 * Holds `limits.maxExpansions` to its word, every budget from 0 to past what
 * the query needs: below it, `stopped` after exactly that many expansions and
 * no cost; from it up, the unbudgeted answer (status, expansions, cost).
 * Asking only for a stop at budget 0 let a search that stops one expansion
 * early pass (it stopped on a budget that was enough).
 */
export function expectExactBudget(s: BudgetedSearcher, start: number, goal: number, who: string): void {
  const whole = s.search(start, goal), cost = s.cost, needed = s.expansions;
  expect(needed, `${who}: a query that needs more than one expansion`).toBeGreaterThan(1);
  for (let budget = 0; budget <= needed + 1; budget++) {
    const status = s.search(start, goal, { limits: { maxExpansions: budget } });
    if (budget < needed) expect([who, budget, status, s.expansions, s.cost]).toEqual([who, budget, 'stopped', budget, Infinity]);
    else expect([who, budget, status, s.expansions, s.cost]).toEqual([who, budget, whole, needed, cost]);
  }
}
