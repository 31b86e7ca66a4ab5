import type { Grid } from './grid.js';

// Which objects are grids, for the searches that watch a grid's edits
// (arc-feed.ts) without importing the Grid class: a program that repairs
// paths on a Graph does not ship it.
const grids = new WeakSet<object>();

/** Called by the Grid constructor. */
export function markGrid(grid: Grid): void {
  grids.add(grid);
}

/** Whether `x` is a Grid (made by this copy of the library). */
export function isGrid(x: unknown): x is Grid {
  return typeof x === 'object' && x !== null && grids.has(x);
}
