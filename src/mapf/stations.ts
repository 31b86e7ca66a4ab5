import { InputError, show } from '../core/errors.js';
import { Grid } from '../grid/grid.js';

/**
 * The cells a lifelong warehouse sends its robots to: every errand is a
 * pick station, then a shelf spot, then a drop station, each drawn from its
 * list.
 */
export interface WarehouseStations {
  /** Where an errand starts (goods come in). */
  readonly pick: readonly number[];
  /** Where goods are put away or taken from. */
  readonly shelf: readonly number[];
  /** Where an errand ends (goods go out). */
  readonly drop: readonly number[];
}

/**
 * The stations of a warehouse map, read off its shape the same way every
 * time: the free cells of the leftmost column that has any are the pick
 * stations, those of the rightmost column the drop stations (the benchmark's
 * warehouse has its open loading areas on those two sides), and the shelf
 * spots are the free cells in between with a blocked side neighbour that is
 * not on the map's outer ring (a shelf, not the outer wall). Each list runs
 * in cell order (row by row). A grid that is not a Grid, a map with fewer than two columns holding free
 * cells, or without a shelf spot, is an `InputError`: give the stations
 * yourself then.
 */
export function warehouseStations(grid: Grid): WarehouseStations {
  const where = 'warehouseStations';
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  const w = grid.width, h = grid.height, cells = grid.cells;
  let left = w, right = -1;
  for (let n = 0; n < grid.size; n++) {
    if (cells[n] !== 0) continue;
    const x = n % w;
    if (x < left) left = x;
    if (x > right) right = x;
  }
  if (right <= left) throw new InputError(`${where}: the map needs free cells in two columns (pick stations on the left, drop stations on the right); got ${right < 0 ? 'no free cell' : `free cells in column ${left} only`}`);
  const pick: number[] = [], shelf: number[] = [], drop: number[] = [];
  const shelfAt = (x: number, y: number) => x > 0 && y > 0 && x < w - 1 && y < h - 1 && cells[y * w + x] !== 0;
  for (let n = 0; n < grid.size; n++) {
    if (cells[n] !== 0) continue;
    const x = n % w, y = (n - x) / w;
    if (x === left) pick.push(n);
    else if (x === right) drop.push(n);
    else if (shelfAt(x - 1, y) || shelfAt(x + 1, y) || shelfAt(x, y - 1) || shelfAt(x, y + 1)) shelf.push(n);
  }
  if (shelf.length === 0) throw new InputError(`${where}: the map has no shelf spot (a free cell beside a blocked cell inside the outer ring); give the stations as { pick, shelf, drop }`);
  return { pick, shelf, drop };
}

/** Checks stations given by the caller: three non-empty lists of free cell ids of `grid`. */
export function checkStations(grid: Grid, stations: unknown, where: string): WarehouseStations {
  if (stations === null || typeof stations !== 'object' || Array.isArray(stations)) {
    throw new InputError(`${where}: stations must be { pick, shelf, drop }, three lists of free cell ids, got ${show(stations)}`);
  }
  const s = stations as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (key !== 'pick' && key !== 'shelf' && key !== 'drop') throw new InputError(`${where}: stations has an unknown key ${show(key)} (known: pick, shelf, drop)`);
  }
  for (const key of ['pick', 'shelf', 'drop'] as const) {
    const list = s[key];
    if (!Array.isArray(list) || list.length === 0) throw new InputError(`${where}: stations.${key} must be a non-empty array of cell ids, got ${show(list)}`);
    list.forEach((n: unknown, i) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= grid.size) throw new InputError(`${where}: stations.${key}[${i}] must be a cell id in 0..${grid.size - 1}, got ${show(n)}`);
      if (grid.cells[n] !== 0) throw new InputError(`${where}: stations.${key}[${i}] (${n % grid.width},${Math.floor(n / grid.width)}) is a blocked cell; stations must be free`);
    });
  }
  return { pick: [...s.pick as number[]], shelf: [...s.shelf as number[]], drop: [...s.drop as number[]] };
}
