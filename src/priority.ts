import { InputError, show } from './errors.js';

/**
 * The one knob of best-first search: how a node's priority f is formed.
 * - `link-length`: the number of edges from the start (breadth-first; a FIFO queue, no heap);
 * - `cost-to-come`: f = g (Dijkstra);
 * - `heuristic-only`: f = h (greedy);
 * - `sum`: f = g + eps * h (A* at eps = 1, weighted A* above 1).
 */
export type Priority =
  | { readonly kind: 'link-length' }
  | { readonly kind: 'cost-to-come' }
  | { readonly kind: 'heuristic-only' }
  | { readonly kind: 'sum'; readonly eps: number };

export const LINK_LENGTH: Priority = Object.freeze({ kind: 'link-length' });
export const COST_TO_COME: Priority = Object.freeze({ kind: 'cost-to-come' });
export const HEURISTIC_ONLY: Priority = Object.freeze({ kind: 'heuristic-only' });
export const ASTAR: Priority = Object.freeze({ kind: 'sum', eps: 1 });

/** f = g + eps * h. Throws unless eps is a finite number >= 0. */
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
