import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { Grid } from '../grid/grid.js';
import { checkCostmap, rowFromTop, type Costmap } from './costmap.js';
import { INSCRIBED, NO_INFORMATION } from './inflation.js';

/**
 * The options of `costmapToGrid`. The resolution and the row order are the
 * costmap's own, so there is no option for them (an old `resolution` or
 * `bottomUp` key is refused as any unknown key is).
 */
export interface CostmapToGridOptions {
  /** A cell is blocked when its cost is at least this, a whole number 1 to 255 (an unknown cell, 255, as `allowUnknown` says). Default `INSCRIBED` (253): obstacles and the inscribed band. */
  blockedAt?: number;
  /**
   * Whether a path may cross unknown cells (`NO_INFORMATION`, 255), Nav2's
   * `allow_unknown`. Default true, as in Nav2's planners (NavFn, Smac 2D,
   * Smac Hybrid-A* and Lattice all default `allow_unknown: true`); with
   * `costPenalty` an unknown cell weighs as a cost of 255 would, as Smac 2D
   * weighs it (its traversal cost reads the cell's cost whatever it is).
   * False blocks them, whatever `blockedAt`.
   */
  allowUnknown?: boolean;
  /**
   * How much the graded costs weigh, a finite number >= 0: a passable cell of
   * cost c (below `blockedAt`) gets weight `1 + costPenalty * c / 252`, the
   * rule of Nav2's Smac 2D planner (its `cost_travel_multiplier`, 2 by
   * default there). Default 0: the costs only decide what is blocked, and
   * the grid has no weights.
   */
  costPenalty?: number;
  /**
   * A factor per cell, `width * height` of them in the costmap's row order
   * (as `speedWeights` returns them): finite > 0, or Infinity for lethal.
   * Multiplied into the weights.
   */
  weights?: ArrayLike<number>;
}

/**
 * A `Grid` (8-connected, no corner cutting, `cellSize` the costmap's
 * resolution, so path costs are in metres) whose blocked cells are the
 * costmap's cells of cost `blockedAt` or more, and its unknown cells unless
 * `allowUnknown` (Nav2's default) lets paths cross them: with the defaults,
 * a robot's centre kept off the walls by its inscribed radius. The grid's row 0 is the
 * top whatever the costmap's row order, so a costmap of a ROS map gives the
 * ids of `toGrid` and `worldToCell`. With `costPenalty` the graded costs
 * below `blockedAt` become weights, so paths keep away from walls when they
 * can; with `weights` (a speed mask's, say) those factors multiply in.
 */
export function costmapToGrid(costmap: Costmap, options: CostmapToGridOptions = {}): Grid {
  const { width, height, resolution, rowOrder, cost } = checkCostmap(costmap, 'costmapToGrid');
  const size = width * height;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`costmapToGrid: options must be an object, got ${show(options)}`);
  checkKeys(options, ['blockedAt', 'allowUnknown', 'costPenalty', 'weights'], 'costmapToGrid');
  const allowUnknown = options.allowUnknown === undefined ? true : options.allowUnknown;
  if (typeof allowUnknown !== 'boolean') throw new InputError(`costmapToGrid: options.allowUnknown must be true or false, got ${show(allowUnknown)}`);
  const blockedAt = options.blockedAt === undefined ? INSCRIBED : options.blockedAt;
  if (typeof blockedAt !== 'number' || !Number.isInteger(blockedAt) || blockedAt < 1 || blockedAt > 255) {
    throw new InputError(`costmapToGrid: options.blockedAt must be a whole number from 1 to 255, got ${show(blockedAt)}`);
  }
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
    const from = rowFromTop(rowOrder, height, y) * width, to = y * width;
    for (let x = 0; x < width; x++) {
      const c = cost[from + x];
      cells[to + x] = c === NO_INFORMATION ? (allowUnknown ? 0 : 1) : c >= blockedAt ? 1 : 0;
      if (weights !== undefined) weights[to + x] = (1 + (costPenalty * c) / (INSCRIBED - 1)) * (factors === undefined ? 1 : factors[from + x]);
    }
  }
  return new Grid(width, height, cells, { connectivity: 8, diagonalRule: 'no-corner-cutting', cellSize: resolution, ...(weights === undefined ? {} : { weights }) });
}
