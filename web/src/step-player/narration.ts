import type { Grid } from '../../../src/grid.js';
import type { Trace } from '../../../src/trace.js';
import { num } from '../shared/format.js';

/**
 * The step player's narration, one line per expansion, read off the trace
 * the way `bestfirst trace --world lesson` prints it (cli/trace.ts): the
 * cell, its g and f, who joined the frontier with which g and f, and the
 * frontier's size; the goal's pop gets the arrival message instead.
 */
export function narrationLine(trace: Trace, grid: Grid, goal: number, k: number): string {
  const p = trace.pops[k];
  if (!p) throw new RangeError(`narrationLine: no pop ${k} (the trace has ${trace.pops.length})`);
  const at = (n: number) => grid.formatXY(n);
  if (p.node === goal) return arrival(trace, grid, goal);
  const joined = trace.pushes.filter((q) => q.during === k);
  let line = `Expand ${at(p.node)}, g = ${num(p.g)}, f = ${num(p.f)}.`;
  if (joined.length === 0) {
    line += ` Every open neighbour was reached already, so nothing joins the frontier. Frontier: ${p.frontier}.`;
  } else {
    const verb = joined.every((q) => q.kind === 'new') ? 'New neighbours' : 'Neighbours (new or improved)';
    line += ` ${verb} ${joined.map((q) => at(q.node)).join(', ')} get g = ${[...new Set(joined.map((q) => num(q.g)))].join(', ')}`;
    line += ` and f = ${joined.map((q) => num(q.f)).join(', ')}. Frontier: ${p.frontier}.`;
  }
  return line;
}

/** The goal's pop: its distance, the path's steps and "expanded k of n open cells". */
export function arrival(trace: Trace, grid: Grid, goal: number): string {
  const last = trace.pops[trace.pops.length - 1];
  if (!last || last.node !== goal) return `The frontier ran empty after ${trace.pops.length} expansions: the goal cannot be reached.`;
  return `The goal ${grid.formatXY(goal)} comes off the frontier with g = ${num(last.g)}; nothing left on it has a smaller f. `
    + `Goal reached at distance ${num(last.g)}. `
    + `Shortest path of ${last.depth} steps after expanding ${trace.pops.length} of the ${grid.freeCount()} open cells.`;
}
