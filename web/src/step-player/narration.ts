import type { Grid } from '../../../src/grid.js';
import type { Trace } from '../../../src/trace.js';
import { num } from '../shared/format.js';

/**
 * The step player's narration, one line per expansion, read off the trace:
 * the cell taken off the frontier with its g and f, each neighbour that
 * joined (or got cheaper) with its g and f, and how many cells still wait.
 * The goal's pop gets the arrival message instead. The numbers are the
 * trace's; the sentences are the page's own.
 */
export function narrationLine(trace: Trace, grid: Grid, goal: number, k: number): string {
  const p = trace.pops[k];
  if (!p) throw new RangeError(`narrationLine: no pop ${k} (the trace has ${trace.pops.length})`);
  const at = (n: number) => grid.formatXY(n);
  if (p.node === goal) return arrival(trace, grid, goal);
  const joined = trace.pushes.filter((q) => q.during === k);
  let line = `Step ${k + 1}: ${at(p.node)} leaves the frontier (g ${num(p.g)}, f ${num(p.f)}) and is closed.`;
  if (joined.length === 0) {
    line += ' None of its neighbours is new or cheaper to reach from here, so no cell is added.';
  } else {
    // Cells that joined the same way with the same numbers share one clause.
    const groups: { kind: string; g: number; f: number; cells: string[] }[] = [];
    for (const q of joined) {
      const same = groups.find((x) => x.kind === q.kind && x.g === q.g && x.f === q.f);
      if (same) same.cells.push(at(q.node));
      else groups.push({ kind: q.kind, g: q.g, f: q.f, cells: [at(q.node)] });
    }
    const said = groups.map((x) => {
      const many = x.cells.length > 1;
      const verb = x.kind === 'new' ? (many ? 'join' : 'joins') : x.kind === 'improve' ? (many ? 'get' : 'gets') + ' a cheaper route' : (many ? 'are' : 'is') + ' reopened';
      return `${list(x.cells)} ${verb} with g ${num(x.g)}, f ${num(x.f)}`;
    });
    line += ` ${list(said, '; ')}.`;
  }
  return `${line} ${waiting(p.frontier)}`;
}

/** "a", "a and b", "a, b and c" (or with `sep` between the earlier items). */
function list(items: string[], sep = ', '): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(sep)} and ${items[items.length - 1]}`;
}

function waiting(n: number): string {
  return n === 0 ? 'The frontier is now empty.' : n === 1 ? 'One cell waits on the frontier.' : `${n} cells wait on the frontier.`;
}

/** The goal's pop: its cost, the path's moves and how many of the free cells were expanded. */
export function arrival(trace: Trace, grid: Grid, goal: number): string {
  const last = trace.pops[trace.pops.length - 1];
  if (!last || last.node !== goal) return `The frontier ran empty after ${trace.pops.length} expansions: the goal cannot be reached.`;
  return `Step ${trace.pops.length}: the goal ${grid.formatXY(goal)} now has the lowest f, so it leaves the frontier with g ${num(last.g)}. `
    + `Arrived: the path takes ${last.depth} moves and costs ${num(last.g)}, `
    + `and ${trace.pops.length} of the ${grid.freeCount()} free cells were expanded to find it.`;
}
