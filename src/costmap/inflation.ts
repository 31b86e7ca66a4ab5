import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { squaredDistances } from './distance-transform.js';
import { MAX_GRID_CELLS } from '../grid/grid.js';
import { checkOrigin, checkRowOrder, makeCostmap, type Costmap, type CostmapOrigin, type RowOrder } from './costmap.js';

/**
 * Nav2's inflation layer (nav2_costmap_2d `InflationLayer`) on a whole map:
 * a costmap of bytes that keeps a round robot's centre off the walls and
 * makes it pay for passing close to them. The distances are exact (the
 * Euclidean distance transform), where Nav2 grows a wavefront from the
 * obstacles, which agrees with them on almost every cell.
 */

/** An obstacle cell of a costmap (Nav2's `LETHAL_OBSTACLE`). */
export const LETHAL = 254;
/** A cell within the robot's inscribed radius of an obstacle: its centre there is a collision (Nav2's `INSCRIBED_INFLATED_OBSTACLE`). */
export const INSCRIBED = 253;
/** A cell nothing is known of (Nav2's `NO_INFORMATION`). */
export const NO_INFORMATION = 255;
/** A cell farther than the inflation radius from every obstacle (Nav2's `FREE_SPACE`). */
export const FREE = 0;

/**
 * An occupancy grid as `inflate` reads it: a `nav_msgs/OccupancyGrid` as
 * `parseRosMap` returns it, or any object of this shape.
 */
export interface OccupancySource {
  /** Cells across, a whole number >= 1. */
  readonly width: number;
  /** Cells along the other side, a whole number >= 1. */
  readonly height: number;
  /** `width * height` cells, index `row * width + col`, row 0 the **bottom** (ROS order), each -1 (unknown) or a whole number 0 (free) to 100. */
  readonly data: ArrayLike<number>;
  /** Metres per cell: the default of `InflateOptions.resolution`. */
  readonly resolution?: number;
  /** Where the map lies in the world (a ROS map's `origin`): the costmap carries it. */
  readonly origin?: CostmapOrigin;
}

/** A plain obstacle mask as `inflate` reads it. */
export interface MaskSource {
  /** Cells across, a whole number >= 1. */
  readonly width: number;
  /** Cells along the other side, a whole number >= 1. */
  readonly height: number;
  /** `width * height` cells, index `row * width + col`, row 0 where `InflateOptions.rowOrder` says; 1 an obstacle and 0 free. */
  readonly mask: Uint8Array;
}

/** What `inflate` reads: an occupancy grid (`data`) or an obstacle mask (`mask`), never both. */
export type InflationSource = OccupancySource | MaskSource;

/** How `inflate` treats an unknown cell (-1) of an occupancy grid. */
export type UnknownCells = 'keep' | 'free' | 'lethal';

/**
 * The options of `inflate`: Nav2's parameters, lengths in metres. A missing
 * required value, a value out of range or an unknown key is an `InputError`.
 */
export interface InflateOptions {
  /** Metres per cell, a finite number > 0. Default: the source's `resolution`; required for a mask. */
  resolution?: number;
  /**
   * A mask's row order, `'bottom-up'` or `'top-down'`: required for a mask,
   * which cannot say which of its rows is the top (a mask made from a
   * `Grid`'s cells is `top-down`, one made from a ROS map's data
   * `bottom-up`). Refused for an occupancy grid, whose data is in ROS order.
   */
  rowOrder?: RowOrder;
  /** The radius of the largest circle inside the robot's footprint, metres, finite and >= 0. Required. */
  inscribedRadius: number;
  /** How far costs spread from an obstacle, metres, finite and >= `inscribedRadius`. Required. */
  inflationRadius: number;
  /** How fast cost decays beyond the inscribed radius, per metre, finite and > 0. Default 10 (Nav2's default). */
  costScalingFactor?: number;
  /**
   * Unknown cells (-1) of an occupancy grid: `keep` (the default, Nav2's
   * default): they stay `NO_INFORMATION`, except those within the inscribed
   * radius of an obstacle, which become `INSCRIBED`; `free`: read as free
   * space, and inflated like it; `lethal`: read as obstacles.
   */
  unknown?: UnknownCells;
  /** An occupancy grid's cell is an obstacle when its value is at least this, a whole number 1 to 100. Default 100 (Nav2's `lethal_cost_threshold`). */
  occupiedAt?: number;
}

const INFLATE_KEYS = ['resolution', 'rowOrder', 'inscribedRadius', 'inflationRadius', 'costScalingFactor', 'unknown', 'occupiedAt'];
const UNKNOWN_CELLS: readonly string[] = ['keep', 'free', 'lethal'];

function metres(v: unknown, name: string, rule: string, ok: (x: number) => boolean): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || !ok(v)) throw new InputError(`inflate: options.${name} must be ${rule}, got ${show(v)}`);
  return v;
}

/**
 * Nav2's inflation of a map: a `Costmap` of the source's size, with the
 * source's (or the options') resolution, its row order (`bottom-up` for an
 * occupancy grid, the options' `rowOrder` for a mask) and its origin when it
 * has one, so that `costmapToGrid` reads it the right way up. With `d`
 * the distance in metres from a cell's centre to the nearest obstacle cell's
 * centre (cells times `resolution`, computed as Nav2 does, so that 6 cells of
 * 0.05 m are 0.30000000000000004 m), `r` the inscribed and `R` the inflation
 * radius and `k` the cost scaling factor, a cell costs
 * - `LETHAL` (254) on an obstacle;
 * - `INSCRIBED` (253) when `d <= r`;
 * - `floor(252 * exp(-k * (d - r)))` when `r < d <= R`;
 * - `FREE` (0) beyond `R`, or everywhere when there is no obstacle;
 * and an unknown cell as `options.unknown` says. Nav2 itself spreads costs
 * out to `ceil(R / resolution)` cells, which can be one ring more.
 * Linear time: the distances are the exact Euclidean distance transform.
 */
export function inflate(source: InflationSource, options: InflateOptions): Costmap {
  if (source === null || typeof source !== 'object') throw new InputError(`inflate: source must be an occupancy grid { width, height, data } or a mask { width, height, mask }, got ${show(source)}`);
  const src = source as { width?: unknown; height?: unknown; data?: unknown; mask?: unknown; resolution?: unknown; origin?: unknown };
  const { width, height } = src;
  if (typeof width !== 'number' || !Number.isInteger(width) || width < 1 || typeof height !== 'number' || !Number.isInteger(height) || height < 1) {
    throw new InputError(`inflate: source.width and source.height must be integers >= 1, got ${show(width)} x ${show(height)}`);
  }
  if (width * height > MAX_GRID_CELLS) throw new InputError(`inflate: source is ${width} x ${height}, more than ${MAX_GRID_CELLS} cells`);
  const size = width * height;
  const hasMask = src.mask !== undefined, hasData = src.data !== undefined;
  if (hasMask === hasData) throw new InputError(`inflate: source must have data (occupancy) or mask (0/1), exactly one of them, got ${hasMask ? 'both' : 'neither'}`);
  // The source is checked whole before the options, in the order of the
  // parameters, and read once (a copy: what is checked is what is used).
  const cells = new Int8Array(size);
  if (hasMask) {
    const mask = src.mask;
    if (!(mask instanceof Uint8Array) || mask.length !== size) throw new InputError(`inflate: source.mask must be a Uint8Array of ${width} x ${height} = ${size} cells, got ${show(mask)}`);
    for (let i = 0; i < size; i++) {
      if (mask[i] > 1) throw new InputError(`inflate: source.mask[${i}] is ${mask[i]}; a mask cell is 0 (free) or 1 (obstacle)`);
      cells[i] = mask[i];
    }
  } else {
    const data = src.data as ArrayLike<number>;
    if (typeof data !== 'object' || data === null || typeof data.length !== 'number' || data.length !== size) {
      throw new InputError(`inflate: source.data must hold ${width} x ${height} = ${size} cells, got ${show(data)}`);
    }
    for (let i = 0; i < size; i++) {
      const x = data[i];
      if (typeof x !== 'number' || !Number.isInteger(x) || x < -1 || x > 100) throw new InputError(`inflate: source.data[${i}] is ${show(x)}; a cell is -1 (unknown) or 0 to 100`);
      cells[i] = x;
    }
  }
  const origin = hasData ? checkOrigin(src.origin, 'inflate: source.origin') : undefined;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`inflate: options must be an object, got ${show(options)}`);
  checkKeys(options, INFLATE_KEYS, 'inflate');
  const o = options as unknown as Record<string, unknown>;
  const resolution = metres(o.resolution === undefined ? (hasData ? src.resolution : undefined) : o.resolution, 'resolution', `a finite number > 0${hasMask ? ' (a mask has no resolution of its own)' : ''}`, (x) => x > 0);
  const r = metres(o.inscribedRadius, 'inscribedRadius', 'a finite number >= 0 (metres)', (x) => x >= 0);
  const R = metres(o.inflationRadius, 'inflationRadius', `a finite number >= inscribedRadius (${r})`, (x) => x >= r);
  const k = metres(o.costScalingFactor === undefined ? 10 : o.costScalingFactor, 'costScalingFactor', 'a finite number > 0', (x) => x > 0);
  const unknown = o.unknown === undefined ? 'keep' : o.unknown;
  if (typeof unknown !== 'string' || !UNKNOWN_CELLS.includes(unknown)) throw new InputError(`inflate: options.unknown must be 'keep', 'free' or 'lethal', got ${show(unknown)}`);
  const occupiedAt = o.occupiedAt === undefined ? 100 : o.occupiedAt;
  if (typeof occupiedAt !== 'number' || !Number.isInteger(occupiedAt) || occupiedAt < 1 || occupiedAt > 100) {
    throw new InputError(`inflate: options.occupiedAt must be a whole number from 1 to 100, got ${show(occupiedAt)}`);
  }
  if (hasMask && (o.unknown !== undefined || o.occupiedAt !== undefined)) {
    throw new InputError(`inflate: options.${o.unknown !== undefined ? 'unknown' : 'occupiedAt'} applies to an occupancy grid's data, not to a mask`);
  }
  if (hasData && o.rowOrder !== undefined) {
    throw new InputError(`inflate: options.rowOrder applies to a mask, not to an occupancy grid, whose data is in ROS order (row 0 the bottom), got ${show(o.rowOrder)}`);
  }
  const rowOrder = hasData ? 'bottom-up' : checkRowOrder(o.rowOrder, 'inflate: options.rowOrder (a mask has no row order of its own)');

  // The obstacles (1), and the unknown cells to keep (2).
  const seed = new Uint8Array(size);
  if (hasMask) {
    for (let i = 0; i < size; i++) seed[i] = cells[i];
  } else {
    const unknownSeed = unknown === 'lethal' ? 1 : unknown === 'free' ? 0 : 2;
    for (let i = 0; i < size; i++) {
      const x = cells[i];
      seed[i] = x < 0 ? unknownSeed : x >= occupiedAt ? 1 : 0;
    }
  }
  const obstacles = new Uint8Array(size);
  for (let i = 0; i < size; i++) obstacles[i] = seed[i] === 1 ? 1 : 0;
  const d2 = squaredDistances(obstacles, width, height);

  const costOf = (sq: number): number => {
    if (sq === 0) return LETHAL;
    const d = Math.sqrt(sq) * resolution;
    return d <= r ? INSCRIBED : d <= R ? Math.floor((INSCRIBED - 1) * Math.exp(-k * (d - r))) : FREE;
  };
  // Squared distances are whole numbers: the cost of each one within reach is
  // computed once (an exp per cell was most of the time), when the table is
  // small. Beyond `reach`, sqrt(sq) * resolution > R, so FREE.
  const reach = Math.min((width - 1) ** 2 + (height - 1) ** 2, Math.floor((R / resolution + 1) ** 2));
  const table = reach <= 1 << 20 ? new Uint8Array(reach + 1) : null;
  if (table !== null) for (let sq = 0; sq <= reach; sq++) table[sq] = costOf(sq);
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const sq = d2[i];
    const cost = sq > reach ? FREE : table !== null ? table[sq] : costOf(sq);
    out[i] = seed[i] === 2 && cost < INSCRIBED ? NO_INFORMATION : cost;
  }
  // Every field is checked above; makeCostmap assembles them as any costmap is.
  return makeCostmap(out, { width, height, resolution, rowOrder, origin });
}
