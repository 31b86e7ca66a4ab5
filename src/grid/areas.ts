import { InputError, show } from '../core/errors.js';
import { Grid } from './grid.js';

/**
 * What one kind of agent makes of each area (Recast/Detour's query filter):
 * area id (0 to 255) to
 * - a weight (a finite number > 0): the area's free cells cost that to
 *   enter; its blocked cells stay blocked (a wall is a wall, whatever the
 *   ground it stands on is called);
 * - `'excluded'` (or `Infinity`): the agent may not enter the area;
 * - `{ weight, opensBlocked: true }`: every cell of the area is free at that
 *   weight, those the grid blocks included. Opening blocked cells is never
 *   implied: it is said in so many words (a Moving AI map blocks water and
 *   trees by their letters, and `terrainFilter` opens a letter it is given
 *   a weight for this way).
 *
 * An area the filter does not name keeps its cells as the grid has them. A
 * wheelchair and a delivery robot on one floor are one grid and two filters.
 */
export type AreaFilter = { readonly [area: number]: AreaRule };

/** One entry of an `AreaFilter`: a weight, `'excluded'`, or a weight that opens the area's blocked cells too. */
export type AreaRule = number | 'excluded' | {
  /** The weight of every cell of the area (a finite number > 0). */
  readonly weight: number;
  /** True: the area's blocked cells open too, at that weight. */
  readonly opensBlocked: true;
};

/**
 * The grid `filter` makes of `grid`, a new one (the same size, moves and
 * areas): each free cell whose area the filter names gets that weight, or is
 * blocked when the area is excluded; a blocked cell stays blocked unless its
 * area's entry opens blocked cells (`opensBlocked: true`); every other cell
 * is copied as it is (blocked or free at its weight). A blocked cell keeps,
 * for when it is freed, the weight its area's entry gives. Search it as any
 * grid; the source grid is not changed. An area id outside 0..255, an entry
 * that is not one of the three forms, or a grid without areas is an
 * `InputError`.
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
  // Area id to weight: NaN where the filter says nothing, Infinity where it excludes; opens[id] where its blocked cells open.
  const rule = new Float64Array(256).fill(Number.NaN);
  const opens = new Uint8Array(256);
  for (const key of Object.keys(filter)) {
    const id = Number(key);
    if (!/^\d+$/.test(key) || id > 255) throw new InputError(`filterAreas: filter key ${JSON.stringify(key)} is not an area id, a whole number 0 to 255`);
    const w: unknown = filter[id];
    const isWeight = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
    if (w === 'excluded' || w === Infinity) rule[id] = Infinity;
    else if (isWeight(w)) rule[id] = w;
    else if (w !== null && typeof w === 'object' && isWeight((w as { weight?: unknown }).weight) && (w as { opensBlocked?: unknown }).opensBlocked === true
      && Object.keys(w).every((k) => k === 'weight' || k === 'opensBlocked')) {
      rule[id] = (w as { weight: number }).weight;
      opens[id] = 1;
    } else {
      throw new InputError(`filterAreas: filter[${id}] is ${show(w)}, expected a weight (a finite number > 0), 'excluded', or { weight, opensBlocked: true } to open the area's blocked cells too`);
    }
  }
  const size = grid.size, cells = grid.cells.slice();
  const weights = new Float64Array(size);
  const source = grid.weights;
  for (let n = 0; n < size; n++) {
    const area = areas[n], r = rule[area];
    // The weight a blocked cell keeps for when it is freed, as the grid keeps it.
    const own = source === null ? 1 : source[n];
    if (Number.isNaN(r)) weights[n] = own;
    else if (r === Infinity) { cells[n] = 1; weights[n] = own; }
    else {
      weights[n] = r;
      if (opens[area] === 1) cells[n] = 0;
    }
  }
  const { weightFloor: _, weights: __, ...options } = grid.options();
  // A filter that only excludes areas of an unweighted grid leaves it unweighted (jump point search still runs).
  const uniform = source === null && weights.every((w) => w === 1);
  return new Grid(grid.width, grid.height, cells, uniform ? options : { ...options, weights });
}
