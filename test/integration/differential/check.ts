// What every answer of every searcher must satisfy, in one place.
import { pathCost, type SearchSpace } from '#bestfirst';
import { atMost, expectCost, walkPath } from '../../support/reference.js';

/** How close to the optimum an answer must be. */
export type Demand =
  | { kind: 'optimal' }
  | { kind: 'within'; factor: number } // cost <= factor * optimum
  | { kind: 'valid' }; // any path, when one exists

export const OPTIMAL: Demand = { kind: 'optimal' };
export const VALID: Demand = { kind: 'valid' };
export const within = (factor: number): Demand => ({ kind: 'within', factor });

export interface Answer {
  status: string;
  path: ArrayLike<number> | null;
  cost: number;
}

/**
 * Checks one answer against the reference's optimum `expected` (Infinity:
 * no path). Found exactly when a path exists; the path starts and ends right
 * and every step is an arc of the reference; its cost, by the reference and
 * by the library's own `pathCost` on `space`, equals the reported cost; and
 * the cost meets the demand. Throws a message naming `who` otherwise.
 */
export function checkAnswer(who: string, a: Answer, ref: SearchSpace, space: SearchSpace | null, start: number, goal: number, expected: number, demand: Demand): void {
  if (expected === Infinity) {
    if (a.status !== 'unreachable') throw new Error(`${who}: status ${a.status} (cost ${a.cost}), but the reference finds no path`);
    if (a.path !== null && a.path.length > 0) throw new Error(`${who}: unreachable, yet a path of ${a.path.length} nodes`);
    if (a.cost !== Infinity) throw new Error(`${who}: unreachable, yet cost ${a.cost}`);
    return;
  }
  if (a.status !== 'found') throw new Error(`${who}: status ${a.status}, but the reference finds a path of cost ${expected}`);
  const walked = walkPath(ref, a.path, start, goal, who);
  expectCost(a.cost, walked, who, 'reported cost vs the cost of its own path: reported');
  if (space !== null) expectCost(pathCost(space, Array.from(a.path!)), a.cost, who, 'pathCost(path)');
  if (demand.kind === 'optimal') expectCost(a.cost, expected, who);
  else if (demand.kind === 'within' && !atMost(a.cost, demand.factor * expected)) {
    throw new Error(`${who}: cost ${a.cost} is above ${demand.factor} x the optimum ${expected}`);
  }
}
