import { Searcher, type Trace } from '#bestfirst';
import { handTraceWorld, type HandTraceWorld } from '#bestfirst/worlds';
import { num } from '../common/format.js';

/** A* on the chapter's 4 x 3 grid, traced: the run the hand-trace table and its figure both show. */
export interface HandTraceRun {
  world: HandTraceWorld;
  trace: Trace;
  path: number[];
  cost: number;
}

export function handTraceRun(): HandTraceRun {
  const world = handTraceWorld();
  const s = new Searcher(world.grid);
  s.search(world.start, world.goal, { heuristic: world.h, trace: true });
  return { world, trace: s.trace!, path: s.path()!, cost: s.cost };
}

/** The sentence under the figure after `k` pops. */
export function handTraceLine(r: HandTraceRun, k: number): string {
  const g = r.world.grid, n = r.trace.pops.length;
  if (k === 0) return `Nothing is closed yet. The start ${g.formatColRow(r.world.start)} waits with g = 0, h = ${num(r.trace.pushes[0].h)}.`;
  const p = r.trace.pops[k - 1];
  const line = `Pop ${k} of ${n}: ${g.formatColRow(p.node)} with g ${num(p.g)} + h ${num(p.h)} = f ${num(p.f)}.`;
  return k < n ? line : `${line} That is the goal: the route ${r.path.map((c) => g.formatColRow(c)).join(' → ')} costs ${num(r.cost)}.`;
}
