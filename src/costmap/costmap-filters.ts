import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { MAX_GRID_CELLS } from '../grid/grid.js';
import { LETHAL } from './inflation.js';

/**
 * Nav2's costmap filters, read from masks a map server serves beside the
 * map (same size, same frame): a keepout mask raises costs to forbid zones,
 * a speed mask limits the robot's speed, which a planner that minimises time
 * reads as a weight on the cells.
 */

/** A mask as the filters read it: an occupancy grid as `parseRosMap` returns it (values -1, 0 to 100). */
export interface FilterMask {
  /** Cells across: the costmap's width. */
  readonly width: number;
  /** Cells along the other side: the costmap's height. */
  readonly height: number;
  /** `width * height` values, each -1 (unknown) or a whole number 0 to 100, in the costmap's row order. */
  readonly data: ArrayLike<number>;
}

/** Throws unless `mask` is a `FilterMask` of `width * height` cells; returns its data. */
function maskData(mask: unknown, width: number, height: number, who: string): ArrayLike<number> {
  const m = mask as Partial<FilterMask> | null;
  if (m === null || typeof m !== 'object' || typeof m.data !== 'object' || m.data === null || typeof m.data.length !== 'number') {
    throw new InputError(`${who}: mask must be an occupancy grid { width, height, data } (as parseRosMap returns), got ${show(mask)}`);
  }
  if (m.width !== width || m.height !== height || m.data.length !== width * height) {
    throw new InputError(`${who}: the mask is ${show(m.width)} x ${show(m.height)} with ${m.data.length} values; it must match the costmap, ${width} x ${height} = ${width * height} cells (a filter mask shares the map's frame)`);
  }
  const data = m.data;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < -1 || v > 100) {
      throw new InputError(`${who}: mask.data[${i}] (column ${i % width}, row ${Math.floor(i / width)}) is ${show(v)}; a mask value is -1 (unknown) or a whole number 0 to 100`);
    }
  }
  return data;
}

/**
 * Nav2's keepout filter on a costmap of `width * height` bytes (`inflate`'s
 * output, in the same row order as the mask): every mask value v from 1 to
 * 100 becomes a cost as Nav2's static layer scales occupancy,
 * `trunc(v / 100 * 254)` (so 100 is `LETHAL`), and the costmap keeps the
 * larger of the two; 0 and unknown (-1) leave the cell as it was. Returns a
 * new costmap; the one given is not changed. A zone drawn at 100 is lethal,
 * one drawn lighter is only dear (a "prefer not" zone).
 */
export function applyKeepout(costmap: Uint8Array, width: number, height: number, mask: FilterMask): Uint8Array {
  checkCostmap(costmap, width, height, 'applyKeepout');
  const data = maskData(mask, width, height, 'applyKeepout');
  const out = costmap.slice();
  for (let i = 0; i < out.length; i++) {
    const v = data[i];
    if (v <= 0) continue;
    const cost = Math.trunc((v / 100) * LETHAL);
    if (cost > out[i]) out[i] = cost;
  }
  return out;
}

/** The options of `speedWeights`: Nav2's speed filter parameters (`base + multiplier * value` percent). */
export interface SpeedFilterOptions {
  /** Percent of the full speed at mask value 0, before the multiplier. Default 100 (Nav2's example). */
  base?: number;
  /** Percent per mask unit. Default -1 (Nav2's example: a value of 40 allows 60% of full speed). */
  multiplier?: number;
}

/**
 * Nav2's speed filter (percent type) as cell weights: a mask value v from 1
 * to 100 limits the robot to `base + multiplier * v` percent of its full
 * speed, so crossing the cell takes 100 / that as long. As in Nav2, 0 and
 * unknown (-1) are no limit (weight 1), and so is a limit outside (0, 100)
 * percent: Nav2 reads 0 as "no limit" and warns of values out of bounds.
 * Pass the weights to `costmapToGrid` (its `weights` option) to plan for
 * time rather than distance.
 */
export function speedWeights(mask: FilterMask, options: SpeedFilterOptions = {}): Float64Array {
  if (mask === null || typeof mask !== 'object') throw new InputError(`speedWeights: mask must be an occupancy grid { width, height, data }, got ${show(mask)}`);
  const data = maskData(mask, mask.width, mask.height, 'speedWeights');
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`speedWeights: options must be an object, got ${show(options)}`);
  checkKeys(options, ['base', 'multiplier'], 'speedWeights');
  const base = options.base === undefined ? 100 : options.base;
  const multiplier = options.multiplier === undefined ? -1 : options.multiplier;
  for (const [name, x] of [['base', base], ['multiplier', multiplier]] as const) {
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InputError(`speedWeights: options.${name} must be a finite number (percent), got ${show(x)}`);
  }
  const out = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    const limit = base + multiplier * v;
    out[i] = v <= 0 || limit <= 0 || limit >= 100 ? 1 : 100 / limit;
  }
  return out;
}

/** Throws unless `costmap` is a Uint8Array of `width * height` bytes. */
export function checkCostmap(costmap: unknown, width: unknown, height: unknown, who: string): void {
  if (typeof width !== 'number' || !Number.isInteger(width) || width < 1 || typeof height !== 'number' || !Number.isInteger(height) || height < 1) {
    throw new InputError(`${who}: width and height must be integers >= 1, got ${show(width)} x ${show(height)}`);
  }
  if (width * height > MAX_GRID_CELLS) throw new InputError(`${who}: width x height = ${width} x ${height} is more than ${MAX_GRID_CELLS} cells`);
  if (!(costmap instanceof Uint8Array) || costmap.length !== width * height) {
    throw new InputError(`${who}: costmap must be a Uint8Array of ${width} x ${height} = ${width * height} cells, got ${show(costmap)}`);
  }
}
