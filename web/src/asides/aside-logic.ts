import type { Grid, Trace } from '#bestfirst';

/**
 * Frontier entries if the same expansions had marked cells when popped
 * instead of when pushed: every expansion would push each neighbour not yet
 * expanded, seen or not. Read off the trace's pop order and the grid's
 * neighbour lists; nothing is searched.
 */
export function pushesIfMarkedOnPop(trace: Trace, grid: Grid): number {
  const done = new Uint8Array(grid.size);
  const nodes = new Int32Array(grid.maxDegree), costs = new Float64Array(grid.maxDegree);
  let pushes = 1; // the start
  for (const p of trace.pops) {
    done[p.node] = 1;
    const deg = grid.successors(p.node, nodes, costs);
    for (let i = 0; i < deg; i++) if (!done[nodes[i]]) pushes++;
  }
  return pushes;
}

export interface GoalTouch {
  /** 1-based step whose expansion first put the goal on the frontier, and the g it had then. */
  firstStep: number;
  firstG: number;
  /** Times the goal's g was improved while it waited. */
  improvements: number;
  /** 1-based step at which the goal came off the frontier, with its final g. */
  popStep: number;
  finalG: number;
}

/** When the goal first joined the frontier and when it left: what a test at push would have answered against a test at pop. */
export function goalTouch(trace: Trace, goal: number): GoalTouch | null {
  const pushes = trace.pushes.filter((p) => p.node === goal);
  const popStep = trace.pops.findIndex((p) => p.node === goal);
  if (pushes.length === 0 || popStep < 0) return null;
  return {
    firstStep: pushes[0].during + 1, firstG: pushes[0].g, improvements: pushes.length - 1,
    popStep: popStep + 1, finalG: trace.pops[popStep].g,
  };
}

/** The three grid estimates for an offset (dx, dy), diagonal cost d. */
export function estimates(dx: number, dy: number, d: number): { manhattan: number; chebyshev: number; octile: number } {
  const a = Math.abs(dx), b = Math.abs(dy);
  return { manhattan: a + b, chebyshev: Math.max(a, b), octile: d * Math.min(a, b) + Math.abs(a - b) };
}
