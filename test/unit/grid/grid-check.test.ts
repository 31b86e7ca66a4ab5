// The grid fast path checks its grid without the GRID_NEEDS table
// (grid-check.ts), for a smaller bundle; it must refuse exactly the grids the
// table's check refuses for GridSearcher's row, with the same message, and
// take every other.
import { expect, test } from 'vitest';
import { Grid, type GridOptions } from '#bestfirst';
import { GRID_NEEDS } from '#bestfirst/grid';
import { checkGridFor, FAST_GRID_CHECKS } from '#bestfirst/internal';

function outcome(check: () => void): string {
  try { check(); return 'taken'; } catch (e) { return `${(e as Error).constructor.name}: ${(e as Error).message}`; }
}

test('FAST_GRID_CHECKS refuses what checkGridFor(grid, \'GridSearcher\') refuses, in the same words, and takes the rest', () => {
  const options: GridOptions[] = [
    {}, { connectivity: 4 }, { diagonalRule: 'always' }, { diagonalRule: 'never' }, { diagonalRule: 'at-most-one-blocked' },
    { diagonalCost: 1 }, { diagonalCost: 3 }, { cellSize: 0.5 }, { blocked: { enterCost: 10 } }, { blocked: { enterCost: 0 } },
    { weights: [1, 2, 3, 4, 5, 6] }, { weights: [1, 2, 3, 4, 5, 6], blocked: { enterCost: 7 } },
  ];
  const subjects: unknown[] = [
    ...options.map((o) => new Grid(3, 2, [0, 0, 1, 0, 0, 0], o)),
    null, undefined, 5, 'grid', {}, [], { width: 3, height: 2, size: 6, cells: new Uint8Array(6) },
  ];
  const outcomes = new Set<string>();
  for (const g of subjects) {
    const table = outcome(() => checkGridFor(g as Grid, 'GridSearcher'));
    expect(outcome(() => FAST_GRID_CHECKS.grid(g as Grid, 'GridSearcher'))).toBe(table);
    outcomes.add(table.split(':')[0]);
    if (g instanceof Grid) expect(outcome(() => FAST_GRID_CHECKS.weights(g, 'GridSearcher'))).toBe('taken');
  }
  // Both kinds of answer were seen: the comparison is not vacuous.
  expect([...outcomes].sort()).toEqual(['InputError', 'taken']);
  // The row the fast check stands for: nothing it leaves out could refuse a grid.
  expect(GRID_NEEDS.GridSearcher).toMatchObject({ connectivity: null, diagonalRules: null, weights: true, diagonalCost: null, ids: 'cells' });
});
