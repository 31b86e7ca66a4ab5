import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { MAX_GRID_CELLS } from '../grid/grid.js';

/**
 * A costmap that says how to read itself. Its bytes alone cannot tell a ROS
 * map (row 0 at the bottom) from an image (row 0 at the top), and reading one
 * as the other plans on the mirror image of the map without a word of
 * warning; so the row order travels with the bytes, beside the size and the
 * resolution, and every function that reads a costmap takes them from it.
 */

/**
 * Where row 0 of a raster is: `bottom-up`, the bottom row (ROS order, as
 * `nav_msgs/OccupancyGrid` and `parseRosMap` have it); `top-down`, the top
 * row (an image's order, and a `Grid`'s ids).
 */
export type RowOrder = 'bottom-up' | 'top-down';

/** Where a map lies in the world, as a ROS map's `origin` says. */
export interface CostmapOrigin {
  /** The map's lower-left corner, metres east (whatever the row order). */
  readonly x: number;
  /** The map's lower-left corner, metres north. */
  readonly y: number;
  /** The map's rotation about z, radians. */
  readonly yaw: number;
}

/** What a costmap's bytes mean: its size, its cells' size and its row order. */
export interface CostmapShape {
  /** Cells across, a whole number >= 1. */
  readonly width: number;
  /** Cells along the other side, a whole number >= 1. */
  readonly height: number;
  /** Metres per cell, a finite number > 0. */
  readonly resolution: number;
  /** Where row 0 of `cost` is. Required: there is no safe guess. */
  readonly rowOrder: RowOrder;
  /**
   * Where the map lies in the world, when that is known: the lower-left
   * corner of the map (whatever the row order), metres, and its rotation
   * about z, radians, as a ROS map's `origin` (`RosOrigin` in
   * `bestfirst/io`). Finite numbers.
   */
  readonly origin?: CostmapOrigin;
}

/**
 * A costmap: Nav2's cost of each cell (0 free to 252 graded, 253
 * `INSCRIBED`, 254 `LETHAL`, 255 `NO_INFORMATION`) with its shape. Made by
 * `inflate`, `applyKeepout` and `withRowOrder`, or by `makeCostmap` from
 * bytes of one's own.
 */
export interface Costmap extends CostmapShape {
  /** `width * height` bytes, index `row * width + col`, row 0 where `rowOrder` says. */
  readonly cost: Uint8Array;
}

const SHAPE_KEYS = ['width', 'height', 'resolution', 'rowOrder', 'origin'];
const ROW_ORDER_RULE = "'bottom-up' (row 0 the bottom, ROS order) or 'top-down' (row 0 the top, as Grid ids)";

/** Throws unless `v` is a row order; `what` names it in the message. */
export function checkRowOrder(v: unknown, what: string): RowOrder {
  if (v !== 'bottom-up' && v !== 'top-down') throw new InputError(`${what} must be ${ROW_ORDER_RULE}, got ${show(v)}`);
  return v;
}

/** The origin `v` as a fresh frozen object, or undefined when there is none; throws unless its three numbers are finite. */
export function checkOrigin(v: unknown, what: string): CostmapOrigin | undefined {
  if (v === undefined) return undefined;
  const o = v as { x?: unknown; y?: unknown; yaw?: unknown } | null;
  if (o === null || typeof o !== 'object' || ![o.x, o.y, o.yaw].every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new InputError(`${what} must be { x, y, yaw } of finite numbers (metres, metres, radians), or left out, got ${show(v)}`);
  }
  return Object.freeze({ x: o.x as number, y: o.y as number, yaw: o.yaw as number });
}

/**
 * The checked, frozen costmap of `cost` and `shape`: each field read once,
 * and named in the message as `prefix` + its name (`shape.width`,
 * `costmap.rowOrder`).
 */
function build(cost: unknown, shape: Partial<Record<keyof CostmapShape, unknown>>, who: string, prefix: string, costName: string): Costmap {
  const { width, height, resolution } = shape;
  for (const [name, v] of [['width', width], ['height', height]] as const) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new InputError(`${who}: ${prefix}${name} must be a whole number >= 1, got ${show(v)}`);
  }
  const w = width as number, h = height as number;
  if (w * h > MAX_GRID_CELLS) throw new InputError(`${who}: ${prefix}width x ${prefix}height = ${w} x ${h} is more than ${MAX_GRID_CELLS} cells`);
  if (typeof resolution !== 'number' || !Number.isFinite(resolution) || resolution <= 0) {
    throw new InputError(`${who}: ${prefix}resolution must be a finite number > 0 (metres per cell), got ${show(resolution)}`);
  }
  const rowOrder = checkRowOrder(shape.rowOrder, `${who}: ${prefix}rowOrder`);
  const origin = checkOrigin(shape.origin, `${who}: ${prefix}origin`);
  if (!(cost instanceof Uint8Array) || cost.length !== w * h) {
    throw new InputError(`${who}: ${costName} must be a Uint8Array of ${w} x ${h} = ${w * h} bytes, got ${show(cost)}${cost instanceof Uint8Array ? ` of ${cost.length}` : ''}`);
  }
  return Object.freeze({ width: w, height: h, resolution, rowOrder, ...(origin === undefined ? {} : { origin }), cost });
}

/**
 * A costmap of bytes one already has: `cost` holds `width * height` bytes in
 * `shape.rowOrder`, which must be given (a ROS costmap is `bottom-up`). A
 * bad field is an `InputError` naming it, its value and what is allowed.
 * The costmap shares `cost` (no copy); the functions that take a costmap
 * never change its bytes.
 */
export function makeCostmap(cost: Uint8Array, shape: CostmapShape): Costmap {
  if (shape === null || typeof shape !== 'object' || Array.isArray(shape)) {
    throw new InputError(`makeCostmap: shape must be an object { width, height, resolution, rowOrder, origin? }, got ${show(shape)}`);
  }
  checkKeys(shape, SHAPE_KEYS, 'makeCostmap', 'field');
  return build(cost, shape, 'makeCostmap', 'shape.', 'cost');
}

/** Throws unless `costmap` is a well-formed `Costmap`; returns it checked and read once. `who` names the caller. */
export function checkCostmap(costmap: unknown, who: string): Costmap {
  const c = costmap as Partial<Costmap> | null;
  if (c === null || typeof c !== 'object' || ArrayBuffer.isView(c) || Array.isArray(c)) {
    throw new InputError(`${who}: costmap must be a Costmap { width, height, resolution, rowOrder, cost } (from inflate or makeCostmap), got ${show(costmap)}`);
  }
  return build(c.cost, c, who, 'costmap.', 'costmap.cost');
}

/**
 * The row of a raster in `order` that is the `y`th from the top (a Grid's
 * row `y`): the one place the flip between the two orders is written.
 */
export function rowFromTop(order: RowOrder, height: number, y: number): number {
  return order === 'bottom-up' ? height - 1 - y : y;
}

/** `values` (`width * height`, rows in `from`) copied into `out` with their rows in `to`. */
export function reorderRows<T extends { [i: number]: number }>(values: ArrayLike<number>, width: number, height: number, from: RowOrder, to: RowOrder, out: T): T {
  for (let y = 0; y < height; y++) {
    const src = rowFromTop(from, height, y) * width, dst = rowFromTop(to, height, y) * width;
    for (let x = 0; x < width; x++) out[dst + x] = values[src + x];
  }
  return out;
}

/**
 * The same costmap with its rows in `rowOrder`: sharing its bytes when they
 * already are in that order, else with a copy turned over. `withRowOrder(c, 'top-down').cost[n]` is the
 * cost of the cell with Grid id `n` (as `costmapToGrid`, `toGrid` and
 * `worldToCell` number them).
 */
export function withRowOrder(costmap: Costmap, rowOrder: RowOrder): Costmap {
  const c = checkCostmap(costmap, 'withRowOrder');
  const to = checkRowOrder(rowOrder, 'withRowOrder: rowOrder');
  if (c.rowOrder === to) return c;
  const cost = reorderRows(c.cost, c.width, c.height, c.rowOrder, to, new Uint8Array(c.cost.length));
  return Object.freeze({ ...c, rowOrder: to, cost });
}
