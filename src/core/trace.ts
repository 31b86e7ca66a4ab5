import { InputError, show } from './errors.js';
import type { TieBreak } from './priority.js';

/** One expansion: the node taken off the frontier with its g, h and f. */
export interface TracePop {
  /** The node expanded. */
  node: number;
  /** Its cost from the start when it was popped. */
  g: number;
  /** Its heuristic value h(node, goal). */
  h: number;
  /** The priority it was popped with (g + eps * h, g, h, or the depth for breadth-first). */
  f: number;
  /** Link length of the node's path from the start. */
  depth: number;
  /** Open nodes left after this pop and the pushes it caused. */
  frontier: number;
}

/**
 * One push onto the frontier. `kind` says why: a node seen for the first
 * time, an open node given a cheaper g, or a closed node given a cheaper g
 * (a reopening: only an inconsistent or inflated heuristic causes it).
 */
export interface TracePush {
  /** The node pushed. */
  node: number;
  /** The node whose expansion pushed it; -1 for the start. */
  parent: number;
  /** Its cost from the start through `parent`. */
  g: number;
  /** Its heuristic value h(node, goal). */
  h: number;
  /** The priority it was pushed with. */
  f: number;
  /** First sight, a cheaper g for an open node, or a cheaper g for a closed one (a reopening). */
  kind: 'new' | 'improve' | 'reopen';
  /** Index into `pops` of the expansion that pushed it; -1 for the start. */
  during: number;
  /** Insertion number: the last tie-break. */
  seq: number;
}

/** What a search did, in order. Enough to replay any step. */
export interface Trace {
  /** The rule the frontier was ordered by, after f: `h` then insertion, or insertion only. */
  tieBreak: TieBreak;
  /** Every expansion, in order. */
  pops: TracePop[];
  /** Every push, in order (the start's first). */
  pushes: TracePush[];
}

/** An entry of the frontier as it stood at some step, with its ordering keys. */
export interface FrontierEntry {
  /** The open node. */
  node: number;
  /** Its cost from the start, as pushed. */
  g: number;
  /** Its heuristic value. */
  h: number;
  /** Its priority: the first ordering key. */
  f: number;
  /** Its insertion number: the last ordering key. */
  seq: number;
}

/**
 * The frontier just before pop `k` (0-based), listed in the order the engine
 * would take it: smallest f, then (under the `h` rule) smaller h, then the
 * entry pushed first. Replays the trace; it runs no search. `k` ranges over
 * 0..pops.length (pops.length gives the frontier the search ended with); a
 * `trace` of the wrong shape or a `k` out of range is an `InputError`.
 *
 * @example
 * ```ts
 * const r = astar(grid, start, goal, octile(grid), { trace: true });
 * frontierBefore(r.trace!, 3)[0].node === r.trace!.pops[3].node; // true
 * ```
 */
export function frontierBefore(trace: Trace, k: number): FrontierEntry[] {
  if (trace === null || typeof trace !== 'object' || !Array.isArray(trace.pops) || !Array.isArray(trace.pushes)) {
    throw new InputError(`frontierBefore: trace must be a search's Trace { tieBreak, pops, pushes } (run it with trace: true), got ${show(trace)}`);
  }
  if (!Number.isInteger(k) || k < 0 || k > trace.pops.length) {
    throw new InputError(`frontierBefore: step must be an integer in 0..${trace.pops.length}, got ${show(k)}`);
  }
  // The entries the replay reads, checked first: a trace edited or built by hand fails here, not half-way.
  for (let i = 0; i < k; i++) {
    const p = trace.pops[i];
    if (p === null || typeof p !== 'object' || !Number.isInteger(p.node)) {
      throw new InputError(`frontierBefore: trace.pops[${i}] must be a pop { node, g, h, f, ... } with an integer node, got ${show(p)}`);
    }
  }
  trace.pushes.forEach((p, i) => {
    if (p === null || typeof p !== 'object' || !Number.isInteger(p.node) || typeof p.during !== 'number'
      || typeof p.f !== 'number' || typeof p.h !== 'number' || typeof p.seq !== 'number') {
      throw new InputError(`frontierBefore: trace.pushes[${i}] must be a push { node, during, g, h, f, seq } of numbers, got ${show(p)}`);
    }
  });
  const latest = new Map<number, TracePush>();
  for (const p of trace.pushes) {
    if (p.during >= k) break;
    latest.set(p.node, p);
  }
  // A node is off the frontier if it was popped after its latest push.
  const lastPop = new Map<number, number>();
  for (let i = 0; i < k; i++) lastPop.set(trace.pops[i].node, i);
  const open: FrontierEntry[] = [];
  for (const p of latest.values()) {
    const popped = lastPop.get(p.node);
    if (popped !== undefined && popped >= p.during) continue;
    open.push({ node: p.node, g: p.g, h: p.h, f: p.f, seq: p.seq });
  }
  const byH = trace.tieBreak === 'h';
  open.sort((a, b) => a.f - b.f || (byH ? a.h - b.h : 0) || a.seq - b.seq);
  return open;
}
