import { type Trace } from '#bestfirst';
import { frontierBefore } from '#bestfirst/internal';

/** What a grid figure shows at one moment of a replay: everything is read off the trace. */
export interface Scene {
  /** Expanded cells in the order they were expanded. */
  closed: number[];
  /** Open cells (the frontier) at this moment. */
  open: number[];
  /** The cell expanded last, or -1 before the first step. */
  current: number;
  /** The back-pointer path, shown once the replay has reached the goal's pop. */
  path: number[] | null;
  /** g of every reached cell so far (Infinity elsewhere), for the g layer. */
  g: Float64Array;
}

/**
 * The state after the first `k` pops of `trace` (0 <= k <= pops.length).
 * A replay, not a search: it walks recorded pops and pushes.
 */
export function sceneAt(trace: Trace, size: number, k: number, path: number[] | null): Scene {
  const n = trace.pops.length;
  if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`sceneAt: step must be in 0..${n}, got ${k}`);
  const closed: number[] = [];
  for (let i = 0; i < k; i++) closed.push(trace.pops[i].node);
  const open = frontierBefore(trace, k).map((e) => e.node);
  const g = new Float64Array(size).fill(Infinity);
  for (const p of trace.pushes) {
    if (p.during >= k) break;
    g[p.node] = p.g;
  }
  const done = k === n && path !== null;
  return { closed, open, current: k > 0 ? trace.pops[k - 1].node : -1, path: done ? path : null, g };
}

/** One cell as the replay stands at step k: closed, open or not reached yet, with its g, h and f. */
export interface CellInfo {
  state: 'closed' | 'open' | 'unreached';
  /** From the cell's latest push before step k (NaN when not reached: h is then the caller's to compute). */
  g: number;
  h: number;
  f: number;
}

/** The state of `node` after the first k pops of `trace`: a replay of the recorded pushes and pops. */
export function cellInfo(trace: Trace, k: number, node: number): CellInfo {
  let push: Trace['pushes'][number] | null = null;
  for (const p of trace.pushes) {
    if (p.during >= k) break;
    if (p.node === node) push = p;
  }
  if (!push) return { state: 'unreached', g: NaN, h: NaN, f: NaN };
  let closed = false;
  for (let i = Math.max(0, push.during); i < k; i++) if (trace.pops[i].node === node) { closed = true; break; }
  return { state: closed ? 'closed' : 'open', g: push.g, h: push.h, f: push.f };
}
