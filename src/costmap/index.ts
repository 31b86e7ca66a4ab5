/**
 * `bestfirst/costmap`: costmaps as robots have them, after Nav2: the costmap
 * that carries its own size, resolution and row order, the exact distance
 * transform, inflation (lethal, inscribed and the graded band), the grid a
 * costmap plans on, and the keepout and speed filters.
 *
 * @module bestfirst/costmap
 */
export { makeCostmap, withRowOrder, type Costmap, type CostmapOrigin, type CostmapShape, type RowOrder } from './costmap.js';
export { distanceTransform, squaredDistanceTransform } from './distance-transform.js';
export {
  inflate, LETHAL, INSCRIBED, NO_INFORMATION, FREE,
  type InflationSource, type OccupancySource, type MaskSource, type InflateOptions, type UnknownCells,
} from './inflation.js';
export { costmapToGrid, type CostmapToGridOptions } from './costmap-grid.js';
export { applyKeepout, speedWeights, type FilterMask, type SpeedFilterOptions } from './costmap-filters.js';
