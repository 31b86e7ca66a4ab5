import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { checkCostmap } from './costmap-filters.js';
import { Grid } from '../grid/grid.js';
import { INSCRIBED } from './inflation.js';

/** The options of `costmapToGrid`. */
export interface CostmapToGridOptions {
  /** Metres per cell, a finite number > 0: the grid's `cellSize`, so path costs are in metres. Required. */
  resolution: number;
  /** A cell is blocked when its cost is at least this, a whole number 1 to 255. Default `INSCRIBED` (253): obstacles, the inscribed band and unknown cells. */
  blockedAt?: number;
  /**
   * Whether the costmap's row 0 is the bottom row (ROS order, as `inflate`
   * returns for a `parseRosMap` grid). Default false: row 0 is the top. With
   * true the grid is turned the right way up, so that its ids are those of
   * `toGrid` and `worldToCell` for the same map.
   */
  bottomUp?: boolean;
  /**
   * How much the graded costs weigh, a finite number >= 0: a passable cell of
   * cost c (below `blockedAt`) gets weight `1 + costPenalty * c / 252`, the
   * rule of Nav2's Smac 2D planner (its `cost_travel_multiplier`, 2 by
   * default there). Default 0: the costs only decide what is blocked, and
   * the grid has no weights.
   */
  costPenalty?: number;
  /**
   * A factor per cell, in the costmap's row order (`speedWeights` of a speed
   * mask): finite > 0, or Infinity for lethal. Multiplied into the weights.
   */
  weights?: ArrayLike<number>;
}

/**
 * A `Grid` (8-connected, no corner cutting, `cellSize = resolution`) whose
 * blocked cells are the costmap's cells of cost `blockedAt` or more: with
 * the default, a robot's centre kept off the walls by its inscribed radius.
 * The costmap is `width * height` bytes, index `row * width + col`, row 0
 * the grid's top row, or its bottom row with `bottomUp` (for an `inflate` of
 * a `parseRosMap` grid). With `costPenalty` the graded costs below
 * `blockedAt` become weights, so paths keep away from walls when they can;
 * with `weights` (a speed mask's, say) those factors multiply in.
 */
export function costmapToGrid(costmap: Uint8Array, width: number, height: number, options: CostmapToGridOptions): Grid {
  checkCostmap(costmap, width, height, 'costmapToGrid');
  const size = width * height;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`costmapToGrid: options must be an object, got ${show(options)}`);
  checkKeys(options, ['resolution', 'blockedAt', 'bottomUp', 'costPenalty', 'weights'], 'costmapToGrid');
  const { resolution } = options;
  if (typeof resolution !== 'number' || !Number.isFinite(resolution) || resolution <= 0) {
    throw new InputError(`costmapToGrid: options.resolution must be a finite number > 0, got ${show(resolution)}`);
  }
  const blockedAt = options.blockedAt === undefined ? INSCRIBED : options.blockedAt;
  if (typeof blockedAt !== 'number' || !Number.isInteger(blockedAt) || blockedAt < 1 || blockedAt > 255) {
    throw new InputError(`costmapToGrid: options.blockedAt must be a whole number from 1 to 255, got ${show(blockedAt)}`);
  }
  const bottomUp = options.bottomUp === undefined ? false : options.bottomUp;
  if (typeof bottomUp !== 'boolean') throw new InputError(`costmapToGrid: options.bottomUp must be true or false, got ${show(bottomUp)}`);
  const costPenalty = options.costPenalty === undefined ? 0 : options.costPenalty;
  if (typeof costPenalty !== 'number' || !Number.isFinite(costPenalty) || costPenalty < 0) {
    throw new InputError(`costmapToGrid: options.costPenalty must be a finite number >= 0, got ${show(costPenalty)}`);
  }
  const factors = options.weights;
  if (factors !== undefined) {
    if (factors === null || typeof factors !== 'object' || factors.length !== size) {
      throw new InputError(`costmapToGrid: options.weights must hold ${width} x ${height} = ${size} factors, got ${show(factors)}`);
    }
    for (let i = 0; i < size; i++) {
      const f = factors[i];
      if (typeof f !== 'number' || !(f > 0)) throw new InputError(`costmapToGrid: options.weights[${i}] is ${show(f)}; a factor is a finite number > 0, or Infinity for lethal`);
    }
  }
  const cells = new Uint8Array(size);
  const weighted = costPenalty > 0 || factors !== undefined;
  const weights = weighted ? new Float64Array(size) : undefined;
  for (let y = 0; y < height; y++) {
    const from = (bottomUp ? height - 1 - y : y) * width, to = y * width;
    for (let x = 0; x < width; x++) {
      const c = costmap[from + x];
      cells[to + x] = c >= blockedAt ? 1 : 0;
      if (weights !== undefined) weights[to + x] = (1 + (costPenalty * c) / (INSCRIBED - 1)) * (factors === undefined ? 1 : factors[from + x]);
    }
  }
  return new Grid(width, height, cells, { connectivity: 8, diagonalRule: 'no-corner-cutting', cellSize: resolution, ...(weights === undefined ? {} : { weights }) });
}
