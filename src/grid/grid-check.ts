import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { Grid, MAX_GRID_CELLS } from './grid.js';
import type { GridNeeds, GridSearchName } from './grid-needs.js';

// The checks of GRID_NEEDS (grid-needs.ts) that the grid fast path makes,
// apart from the table and the checks of the other searches' needs: a page
// that constructs a GridSearcher ships these, not the table. Each check here
// is one step of `checkGridFor`, which runs them in the same order with its
// own between them, so that every search words a refusal alike.

/**
 * The most cells a searcher with per-cell state in grid ids takes:
 * `IndexedGridHeap` keeps heap positions offset by a moving base in int32
 * state, which needs a little headroom below 2^31 (see indexed-grid-heap.ts).
 */
export const MAX_SEARCH_CELLS = 0x7fffff00;

/**
 * `GridSearcher`'s row of `GRID_NEEDS`: any connectivity, rule, diagonal cost
 * and weights, so `checkFastGrid` leaves those out of its checks.
 */
export const GRID_SEARCHER_NEEDS: GridNeeds = Object.freeze({
  connectivity: null, diagonalRules: null, weights: true, diagonalCost: null, ids: 'cells', instead: 'use Searcher for that model',
});

/** How a searcher checks its grid (at construction) and, at every query, the grid's weights. */
export interface GridChecks {
  grid(grid: Grid, who: GridSearchName): void;
  weights(grid: Grid, who: GridSearchName): void;
}

/** The first check of every search: a `Grid`. */
export function needGrid(grid: Grid, who: GridSearchName): void {
  if (!(grid instanceof Grid)) throw new InputError(`${who}: needs a Grid, got ${show(grid)}`);
}

/** Every grid search needs blocked cells deleted (`blocked: 'delete'`). */
export function needDeleted(grid: Grid, who: GridSearchName, needs: GridNeeds): void {
  if (grid.enterCost >= 0) {
    throw new InputError(`${who}: needs blocked: 'delete' (blocked cells removed from the graph), got blocked cells with enterCost ${grid.enterCost}; ${needs.instead}`);
  }
}

/** The grid's ids fit the searcher's int32 per-cell state (`GridNeeds.ids`). */
export function needIds(grid: Grid, who: GridSearchName, needs: GridNeeds): void {
  if (needs.ids === 'padded') {
    const size = (grid.width + 2) * (grid.height + 2);
    if (size > MAX_GRID_CELLS) {
      throw new InputError(`${who}: the ${grid.width} x ${grid.height} grid is too large to pad: (width + 2) * (height + 2) must be at most 2^31 - 1 (int32 ids), got ${size}`);
    }
  } else if (grid.size > MAX_SEARCH_CELLS) {
    throw new InputError(`${who}: the ${grid.width} x ${grid.height} grid has ${grid.size} cells; at most ${MAX_SEARCH_CELLS} fit its int32 per-cell state`);
  }
}

/**
 * `checkGridFor` on `GRID_SEARCHER_NEEDS`, less the checks that row cannot
 * fail (connectivity, rule, weights, diagonal cost): the same refusals, in
 * the same order, with the same messages.
 */
export const FAST_GRID_CHECKS: GridChecks = Object.freeze({
  grid(grid: Grid, who: GridSearchName): void {
    needGrid(grid, who);
    needDeleted(grid, who, GRID_SEARCHER_NEEDS);
    needIds(grid, who, GRID_SEARCHER_NEEDS);
  },
  // It takes weights.
  weights(): void {},
});

/**
 * The checks every query of a grid search makes first: both ends free cells
 * of the grid (and the grid usable), the option keys known. (`checkGridQuery`
 * adds the weights.)
 */
export function checkQueryEnds(grid: Grid, who: GridSearchName, start: number, goal: number, options: unknown, keys: readonly string[]): void {
  grid.checkEndpoint(start, 'start');
  grid.checkEndpoint(goal, 'goal');
  // A misspelt option would be ignored in silence; one given as null is refused, never read as "not given".
  checkKeys(options, keys, who);
}
