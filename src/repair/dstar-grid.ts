import { DStar } from './dstar.js';
import { InputError, show } from '../core/errors.js';
import { Grid } from '../grid/grid.js';

// D* on a grid: the grid convenience lives beside the grid, so that D*
// itself (dstar.ts) knows nothing of grids.

/**
 * Blocks or frees one cell of a grid that D* is planning on, and reports the
 * arcs whose cost changed. Blocked cells must be nodes that cost `enterCost`
 * to enter (Choset's model): then exactly the arcs *into* the cell change, and
 * each is reported with `modifyCost(p, cell)`, in the order `dstar.space`
 * lists the cell's predecessors (the order decides ties on OPEN). `dstar.space`
 * must be `grid` or a view of it. Returns the number of arcs reported (0 when
 * the cell already was as asked).
 */
export function setCellBlocked(dstar: DStar, grid: Grid, cell: number, blocked: boolean): number {
  if (!(dstar instanceof DStar)) throw new InputError(`D*: setCellBlocked: dstar must be a DStar, got ${show(dstar)}`);
  if (!(grid instanceof Grid)) throw new InputError(`D*: setCellBlocked: grid must be a Grid, got ${show(grid)}`);
  if (grid.enterCost < 0) {
    throw new InputError("D*: setCellBlocked needs blocked cells kept as nodes (Grid option blocked: { enterCost }), not blocked: 'delete': D* can only see arc costs change, not arcs vanish");
  }
  if (grid.diagonalRule === 'no-corner-cutting' || grid.diagonalRule === 'at-most-one-blocked') {
    throw new InputError(`D*: setCellBlocked needs diagonalRule 'always' or 'never', got '${grid.diagonalRule}': under that rule blocking a cell would make diagonal arcs beside it vanish`);
  }
  if (!Number.isInteger(cell) || cell < 0 || cell >= grid.size) {
    throw new InputError(`D*: setCellBlocked: cell must be a cell id in 0..${grid.size - 1} of the ${grid.width} x ${grid.height} grid, got ${show(cell)}`);
  }
  if (dstar.space.size !== grid.size) {
    throw new InputError(`D*: setCellBlocked: D* plans on a space of ${dstar.space.size} nodes, not on this ${grid.width} x ${grid.height} grid`);
  }
  if (typeof blocked !== 'boolean') throw new InputError(`D*: setCellBlocked: blocked must be true or false, got ${show(blocked)}`);
  if (grid.isBlocked(cell) === blocked) return 0;
  grid.setBlocked(cell, blocked);
  const d = Math.max(1, dstar.space.maxDegree);
  const nodes = new Int32Array(d), costs = new Float64Array(d);
  const n = dstar.space.predecessors!(cell, nodes, costs);
  for (let i = 0; i < n; i++) dstar.modifyCost(nodes[i], cell);
  return n;
}
