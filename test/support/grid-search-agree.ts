// What the grid searchers' agreement suites share (test/unit/grid/fast/grid-search.test.ts and its
// integration twin on seeded random grids): the modes, the grid shapes, and the check that
// GridSearcher and the generic engine agree on everything observable.
import { expect } from 'vitest';
import { Searcher, type DiagonalRule, type Grid, type GridOptions, GridSearcher, type GridSearchOptions, octile, zero, COST_TO_COME, HEURISTIC_ONLY, sum, type Priority } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';
import type { GridSearchBase } from '#bestfirst/internal';
export type Mode = { name: string; priority: Priority; h: 'octile' | 'zero' };
export const MODES: Mode[] = [
  { name: 'A*', priority: sum(1), h: 'octile' },
  { name: 'Dijkstra', priority: COST_TO_COME, h: 'zero' },
  { name: 'Dijkstra, h ties', priority: COST_TO_COME, h: 'octile' },
  { name: 'weighted A* 1.5', priority: sum(1.5), h: 'octile' },
  { name: 'weighted A* 3', priority: sum(3), h: 'octile' },
  { name: 'greedy', priority: HEURISTIC_ONLY, h: 'octile' },
];

export const SHAPES: { name: string; options: GridOptions }[] = [];
for (const diagonalCost of [Math.SQRT2, 1.4]) {
  for (const rule of ['no-corner-cutting', 'always', 'at-most-one-blocked'] as DiagonalRule[]) {
    SHAPES.push({ name: `8-connected ${rule} d=${diagonalCost.toFixed(3)}`, options: { diagonalRule: rule, diagonalCost } });
  }
}
// Diagonal costs outside [1, 2], where h leaves the octile formula (heuristics.octileTerms):
// the same h, bit for bit, shows as the same expansions and pushes.
for (const diagonalCost of [0.5, 1, 2, 3]) SHAPES.push({ name: `8-connected d=${diagonalCost}`, options: { diagonalRule: 'always', diagonalCost } });
SHAPES.push({ name: '4-connected', options: { connectivity: 4 } });
SHAPES.push({ name: '8-connected never', options: { diagonalRule: 'never' } });
SHAPES.push({ name: 'cell size 0.25', options: { cellSize: 0.25 } });

/** The grid fast path over one grid, kept across queries and edits (the edits go through the grid). */
export class Pair {
  readonly indexed: GridSearcher;
  constructor(grid: Grid) { this.indexed = new GridSearcher(grid); }
  setBlocked(n: number, b: boolean): void { this.indexed.grid.setBlocked(n, b); }
}

/** Runs the grid searchers and the engine and asserts they agree on everything observable. */
export function agree(grid: Grid, start: number, goal: number, pair: Pair, slow: Searcher, mode: Mode, tieBreak: 'h' | 'fifo' = 'h', maxExpansions?: number, reopen?: boolean): void {
  const hf = mode.h === 'zero' ? zero : octile(grid);
  const limits = maxExpansions === undefined ? undefined : { maxExpansions };
  const ss = slow.search(start, goal, { priority: mode.priority, heuristic: hf, tieBreak, limits, reopen });
  // The grid searcher is given the engine's own function: the two must agree.
  agreeOne(grid, start, goal, pair.indexed, slow, ss, { priority: mode.priority, heuristic: hf, tieBreak, limits, reopen });
}

export function agreeOne(grid: Grid, start: number, goal: number, fast: GridSearchBase, slow: Searcher, ss: string, opts: GridSearchOptions): void {
  const sf = fast.search(start, goal, opts);
  expect(sf).toBe(ss);
  expect(fast.cost).toBe(slow.cost);
  expect(fast.expansions).toBe(slow.expansions);
  expect(fast.pushes).toBe(slow.pushes);
  expect(fast.reopenings).toBe(slow.reopenings);
  const a = new Int32Array(grid.size), b = new Int32Array(grid.size);
  const la = fast.pathInto(a), lb = slow.pathInto(b);
  expect(Array.from(a.subarray(0, la))).toEqual(Array.from(b.subarray(0, lb)));
  if (sf === 'found') {
    const check = checkPath(grid, a, start, goal, la);
    expect(check.ok).toBe(true);
    if (check.ok) expect(Math.abs(check.length - fast.cost)).toBeLessThan(1e-9 * Math.max(1, fast.cost));
  }
}

