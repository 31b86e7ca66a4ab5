import { InputError, show } from '../core/errors.js';
import { Grid } from './grid.js';

/**
 * What one kind of agent makes of each area (Recast/Detour's query filter):
 * area id (0 to 255) to a weight (a finite number > 0) or `'excluded'` (the
 * agent may not enter; `Infinity` means the same). An area the filter does
 * not name keeps the cell as the grid has it. A wheelchair and a delivery
 * robot on one floor are one grid and two filters.
 */
export type AreaFilter = { readonly [area: number]: number | 'excluded' };

/**
 * The grid `filter` makes of `grid`, a new one (the same size, moves and
 * areas): each cell whose area the filter names is free at that weight, or
 * blocked when the area is excluded; every other cell is copied as it is
 * (blocked or free at its weight). Search it as any grid; the source grid is
 * not changed. An area id outside 0..255, a weight that is not a number > 0
 * or `'excluded'`, or a grid without areas is an `InputError`.
 *
 * @example
 * ```ts
 * // 0 road, 1 mud, 2 water
 * const floor = new Grid(3, 1, undefined, { areas: [0, 1, 2] });
 * const truck = filterAreas(floor, { 1: 3, 2: 'excluded' });
 * truck.weightOf(1); // 3
 * ```
 */
export function filterAreas(grid: Grid, filter: AreaFilter): Grid {
  if (!(grid instanceof Grid)) throw new InputError(`filterAreas: grid must be a Grid, got ${show(grid)}`);
  const areas = grid.areas;
  if (areas === null) throw new InputError('filterAreas: the grid has no areas (give GridOptions.areas, or read a Moving AI map, whose terrain letters are its areas)');
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw new InputError(`filterAreas: filter must be an object { area: weight or 'excluded' }, got ${show(filter)}`);
  // Area id to weight: NaN where the filter says nothing, Infinity where it excludes.
  const rule = new Float64Array(256).fill(Number.NaN);
  for (const key of Object.keys(filter)) {
    const id = Number(key);
    if (!/^\d+$/.test(key) || id > 255) throw new InputError(`filterAreas: filter key ${JSON.stringify(key)} is not an area id, a whole number 0 to 255`);
    const w: unknown = filter[id];
    if (w === 'excluded' || w === Infinity) rule[id] = Infinity;
    else if (typeof w === 'number' && Number.isFinite(w) && w > 0) rule[id] = w;
    else throw new InputError(`filterAreas: filter[${id}] is ${show(w)}, expected a weight (a finite number > 0) or 'excluded'`);
  }
  const size = grid.size, cells = grid.cells.slice();
  const weights = new Float64Array(size);
  const source = grid.weights;
  for (let n = 0; n < size; n++) {
    const r = rule[areas[n]];
    // The weight a blocked cell keeps for when it is freed, as the grid keeps it.
    const own = source === null ? 1 : source[n];
    if (Number.isNaN(r)) weights[n] = own;
    else if (r === Infinity) { cells[n] = 1; weights[n] = own; } else { cells[n] = 0; weights[n] = r; }
  }
  const { weightFloor: _, weights: __, ...options } = grid.options();
  // A filter that only excludes areas of an unweighted grid leaves it unweighted (jump point search still runs).
  const uniform = source === null && weights.every((w) => w === 1);
  return new Grid(grid.width, grid.height, cells, uniform ? options : { ...options, weights });
}
