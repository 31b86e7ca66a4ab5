import { InputError, show } from './errors.js';

/**
 * The one knob of best-first search: how a node's priority f is formed.
 * - `link-length`: the number of edges from the start (breadth-first; a FIFO queue, no heap);
 * - `cost-to-come`: f = g (Dijkstra);
 * - `heuristic-only`: f = h (greedy);
 * - `sum`: f = g + eps * h (A* at eps = 1, weighted A* above 1).
 */
export type Priority =
  | {
    /** Breadth-first: order by the number of edges from the start. */
    readonly kind: 'link-length';
  }
  | {
    /** Dijkstra: f = g. */
    readonly kind: 'cost-to-come';
  }
  | {
    /** Greedy: f = h. */
    readonly kind: 'heuristic-only';
  }
  | {
    /** f = g + eps * h. */
    readonly kind: 'sum';
    /** The weight on h: a finite number >= 0 (0 is Dijkstra, 1 is A*, above 1 weighted A*). */
    readonly eps: number;
  };

/**
 * Breadth-first search: the frontier is a FIFO queue, so nodes come off in
 * order of their link length (edges from the start). Costs do not order
 * anything (the result's cost is still the path's), and h is called only to
 * fill a trace. `Searcher` runs it; the grid searchers refuse it.
 */
export const LINK_LENGTH: Priority = /* @__PURE__ */ Object.freeze({ kind: 'link-length' });
/**
 * Dijkstra: f = g, the cost from the start. A heuristic, if given, only
 * breaks ties in f (under the `h` tie-break) and marks dead ends (h = Infinity).
 */
export const COST_TO_COME: Priority = /* @__PURE__ */ Object.freeze({ kind: 'cost-to-come' });
/** Greedy best-first: f = h. Quick, but the path it returns may cost more than the cheapest. */
export const HEURISTIC_ONLY: Priority = /* @__PURE__ */ Object.freeze({ kind: 'heuristic-only' });
/** A*: f = g + h, the same as `sum(1)`; optimal when h is admissible. The default priority. */
export const ASTAR: Priority = /* @__PURE__ */ Object.freeze({ kind: 'sum', eps: 1 });

/**
 * f = g + eps * h: weighted A* for eps > 1 (a path at most eps times the
 * cheapest when h is admissible), A* at 1, Dijkstra at 0. Throws an
 * `InputError` unless eps is a finite number >= 0.
 *
 * @example
 * ```ts
 * const r = bestFirst(grid, start, goal, octile(grid), sum(1.5));
 * // r.cost is at most 1.5 times the cheapest path's cost
 * ```
 */
export function sum(eps: number): Priority {
  checkEps(eps);
  return { kind: 'sum', eps };
}

export function checkEps(eps: number): void {
  if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 0) {
    throw new InputError(`eps must be a finite number >= 0 (0 is Dijkstra, 1 is A*, above 1 weighted A*), got ${show(eps)}`);
  }
}

/**
 * The priority as weights on g and h, f = wg * g + wh * h, so the engine forms
 * every priority with the same two multiplications and no branch.
 */
export function weights(p: Priority): [wg: number, wh: number] {
  if (p === null || typeof p !== 'object') {
    throw new InputError(`priority must be LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR or sum(eps), got ${show(p)}`);
  }
  switch (p.kind) {
    case 'link-length': return [0, 0]; // f is the depth; the FIFO queue never reads it
    case 'cost-to-come': return [1, 0];
    case 'heuristic-only': return [0, 1];
    case 'sum': checkEps(p.eps); return [1, p.eps];
    default: throw new InputError(`unknown priority ${JSON.stringify(p)}: expected link-length, cost-to-come, heuristic-only or sum`);
  }
}

/**
 * How ties in f are broken. Both end in insertion order, so every run is
 * reproducible.
 * - `h`: smaller h first, then the entry pushed first (the chapter's rule);
 * - `fifo`: the entry pushed first (the lesson's rule).
 */
export type TieBreak = 'h' | 'fifo';
