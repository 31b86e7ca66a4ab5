import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { checkCostmap, reorderRows, type Costmap } from './costmap.js';
import { LETHAL } from './inflation.js';

/**
 * Nav2's costmap filters, read from masks a map server serves beside the
 * map (same size, same frame): a keepout mask raises costs to forbid zones,
 * a speed mask limits the robot's speed, which a planner that minimises time
 * reads as a weight on the cells. Both take the costmap the mask applies to:
 * the mask must have its size, and is laid on it the right way up whatever
 * the costmap's row order.
 */

/** A mask as the filters read it: an occupancy grid as `parseRosMap` returns it (values -1, 0 to 100). */
export interface FilterMask {
  /** Cells across: the costmap's width. */
  readonly width: number;
  /** Cells along the other side: the costmap's height. */
  readonly height: number;
  /** `width * height` values, each -1 (unknown) or a whole number 0 to 100, row 0 the **bottom** (ROS order, as a map server serves it). */
  readonly data: ArrayLike<number>;
}

/**
 * Throws unless `mask` is a `FilterMask` of the costmap's size; returns its
 * values with their rows in the costmap's row order, so that index `i` of
 * each is the same cell.
 */
function maskData(mask: unknown, costmap: Costmap, who: string): ArrayLike<number> {
  const { width, height } = costmap;
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
      throw new InputError(`${who}: mask.data[${i}] (column ${i % width}, row ${Math.floor(i / width)} from the bottom) is ${show(v)}; a mask value is -1 (unknown) or a whole number 0 to 100`);
    }
  }
  return costmap.rowOrder === 'bottom-up' ? data : reorderRows(data, width, height, 'bottom-up', costmap.rowOrder, new Int8Array(data.length));
}

/**
 * Nav2's keepout filter on a costmap (`inflate`'s, say): every mask value v
 * from 1 to 100 becomes a cost as Nav2's static layer scales occupancy,
 * `trunc(v / 100 * 254)` (so 100 is `LETHAL`), and the costmap keeps the
 * larger of the two; 0 and unknown (-1) leave the cell as it was. A mask of
 * another size than the costmap is an `InputError`. Returns a new costmap of
 * the same shape; the one given is not changed. A zone drawn at 100 is
 * lethal, one drawn lighter is only dear (a "prefer not" zone).
 */
export function applyKeepout(costmap: Costmap, mask: FilterMask): Costmap {
  const c = checkCostmap(costmap, 'applyKeepout');
  const data = maskData(mask, c, 'applyKeepout');
  const out = c.cost.slice();
  for (let i = 0; i < out.length; i++) {
    const v = data[i];
    if (v <= 0) continue;
    const cost = Math.trunc((v / 100) * LETHAL);
    if (cost > out[i]) out[i] = cost;
  }
  return Object.freeze({ ...c, cost: out });
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
 * The mask must have the costmap's size, and the weights come in the
 * costmap's row order: pass them with that costmap to `costmapToGrid` (its
 * `weights` option) to plan for time rather than distance.
 */
export function speedWeights(costmap: Costmap, mask: FilterMask, options: SpeedFilterOptions = {}): Float64Array {
  const data = maskData(mask, checkCostmap(costmap, 'speedWeights'), 'speedWeights');
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
