import { InputError, show } from '../core/errors.js';
import { Grid } from '../grid/grid.js';
import type { Trace, TracePop, TracePush } from '../core/trace.js';

// The narration of a traced grid search in the chapter's words: one sentence
// group per expansion, then the arrival. The page's step player shows it line
// by line and `bestfirst trace --world lesson` prints it, so both say the same
// thing. Any trace of a search on a grid will do (the lesson's, a grid the
// reader drew, other moves or estimates); the numbers and cells come from the
// trace, the sentences from here.

/** A number as the narration prints it: rounded to 1e-9, so 1.4 + 2.8 reads 4.2 and not 4.199999999999999. */
export function narrationNumber(v: number): string {
  if (!Number.isFinite(v)) return '∞';
  return String(Math.round(v * 1e9) / 1e9);
}

const KINDS: readonly TracePush['kind'][] = ['new', 'improve', 'reopen'];

/** The checks both functions share; everything either of them reads from `pops` is checked by the caller. */
function checkCommon(where: string, trace: Trace, grid: Grid, goal: number): void {
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  if (trace === null || typeof trace !== 'object' || !Array.isArray(trace.pops) || !Array.isArray(trace.pushes)) {
    throw new InputError(`${where}: trace must be a search's Trace { tieBreak, pops, pushes } (run it with trace: true), got ${show(trace)}`);
  }
  if (!Number.isInteger(goal) || goal < 0 || goal >= grid.size) throw new InputError(`${where}: goal must be a cell id in 0..${grid.size - 1}, got ${show(goal)}`);
}

function checkPop(where: string, trace: Trace, grid: Grid, k: number): TracePop {
  const p = trace.pops[k];
  if (p === null || typeof p !== 'object' || !Number.isInteger(p.node) || p.node < 0 || p.node >= grid.size
    || typeof p.g !== 'number' || typeof p.f !== 'number' || !Number.isInteger(p.depth) || !Number.isInteger(p.frontier)) {
    throw new InputError(`${where}: trace.pops[${k}] must be a pop { node, g, h, f, depth, frontier } with a cell id of this grid, got ${show(p)}`);
  }
  return p;
}

/**
 * The sentences for expansion `k` (0-based) of `trace`: the cell that leaves
 * the frontier with its g and f, the neighbours that joined, got a cheaper
 * route or were reopened (with their g and f), and how many cells wait. The
 * goal's expansion gets {@link arrivalLine} instead. `grid` names the cells
 * (x,y); a `trace`, `grid`, `goal` or `k` of the wrong kind is an `InputError`.
 *
 * @example
 * ```ts
 * const w = lessonWorld(), s = new Searcher(w.grid);
 * s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
 * narrationLine(s.trace!, w.grid, w.goal, 0); // 'Step 1: (0,0) leaves the frontier (g 0, f 9) and is closed. ...'
 * ```
 */
export function narrationLine(trace: Trace, grid: Grid, goal: number, k: number): string {
  checkCommon('narrationLine', trace, grid, goal);
  const n = trace.pops.length;
  if (!Number.isInteger(k) || k < 0 || k >= n) {
    throw new InputError(`narrationLine: k must be an integer in ${n === 0 ? 'nothing (the trace has no pops)' : `0..${n - 1}`}, got ${show(k)}`);
  }
  const p = checkPop('narrationLine', trace, grid, k);
  trace.pushes.forEach((q, i) => {
    if (q === null || typeof q !== 'object' || typeof q.during !== 'number') {
      throw new InputError(`narrationLine: trace.pushes[${i}] must be a push { node, during, g, f, kind, ... }, got ${show(q)}`);
    }
    if (q.during === k && (!Number.isInteger(q.node) || q.node < 0 || q.node >= grid.size || typeof q.g !== 'number' || typeof q.f !== 'number' || !KINDS.includes(q.kind))) {
      throw new InputError(`narrationLine: trace.pushes[${i}] must be a push with a cell id of this grid, numbers g and f and a kind (new, improve or reopen), got ${show(q)}`);
    }
  });
  if (p.node === goal) return arrivalLine(trace, grid, goal);
  const at = (c: number) => grid.formatXY(c);
  const num = narrationNumber;
  const joined = trace.pushes.filter((q) => q.during === k);
  let line = `Step ${k + 1}: ${at(p.node)} leaves the frontier (g ${num(p.g)}, f ${num(p.f)}) and is closed.`;
  if (joined.length === 0) {
    line += ' None of its neighbours is new or cheaper to reach from here, so no cell is added.';
  } else {
    // Cells that joined the same way with the same numbers share one clause.
    const groups: { kind: TracePush['kind']; g: number; f: number; cells: string[] }[] = [];
    for (const q of joined) {
      const same = groups.find((x) => x.kind === q.kind && x.g === q.g && x.f === q.f);
      if (same) same.cells.push(at(q.node));
      else groups.push({ kind: q.kind, g: q.g, f: q.f, cells: [at(q.node)] });
    }
    const said = groups.map((x) => {
      const many = x.cells.length > 1;
      const verb = x.kind === 'new' ? (many ? 'join' : 'joins') : x.kind === 'improve' ? `${many ? 'get' : 'gets'} a cheaper route` : `${many ? 'are' : 'is'} reopened`;
      return `${list(x.cells)} ${verb} with g ${num(x.g)}, f ${num(x.f)}`;
    });
    line += ` ${list(said, '; ')}.`;
  }
  return `${line} ${waiting(p.frontier)}`;
}

/**
 * How the narration ends: the goal's expansion with its cost, the path's
 * number of moves and how many of the grid's free cells were expanded; or,
 * when the trace does not end at `goal`, that the frontier ran empty. A
 * `trace`, `grid` or `goal` of the wrong kind is an `InputError`.
 */
export function arrivalLine(trace: Trace, grid: Grid, goal: number): string {
  checkCommon('arrivalLine', trace, grid, goal);
  const n = trace.pops.length;
  const last = n > 0 ? checkPop('arrivalLine', trace, grid, n - 1) : null;
  if (!last || last.node !== goal) return `The frontier ran empty after ${n} expansions: the goal cannot be reached.`;
  const num = narrationNumber;
  return `Step ${n}: the goal ${grid.formatXY(goal)} now has the lowest f, so it leaves the frontier with g ${num(last.g)}. `
    + `Arrived: the path takes ${last.depth} moves and costs ${num(last.g)}, `
    + `and ${n} of the ${grid.freeCount()} free cells were expanded to find it.`;
}

/** "a", "a and b", "a, b and c" (or with `sep` between the earlier items). */
function list(items: string[], sep = ', '): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(sep)} and ${items[items.length - 1]}`;
}

function waiting(n: number): string {
  return n === 0 ? 'The frontier is now empty.' : n === 1 ? 'One cell waits on the frontier.' : `${n} cells wait on the frontier.`;
}
