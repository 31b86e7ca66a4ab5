import { InputError, show } from '../core/errors.js';
import type { Grid } from '../grid/grid.js';
import {
  boxDistance, cellAt, cellCentre, FloorPlan, point, rasterGrid, rasterSetup, TOUCH,
  type Box, type Point, type RasterFrame, type RasterOptions,
} from './cspace.js';

/**
 * Robots that are not round. A disc looks the same whichever way it faces,
 * so its configuration space is a map of positions (`CSpace`). A rectangle
 * does not: where its centre may stand depends on its heading, and its
 * configuration space has three dimensions, x, y and the heading theta.
 * `FootprintSlices` cuts that space into K headings and rasters each one
 * like `CSpace`: slice k is the map of positions for heading 2 pi k / K.
 *
 * The rule, exact for the geometry it states: the footprint, a convex
 * polygon in the robot's frame, is turned by theta about the robot's
 * reference point and put down with that point on a cell's centre; the cell
 * is blocked when the polygon overlaps a solid wall box (`FloorPlan.solids`),
 * that is when on every separating axis the two overlap by more than 1e-9 m.
 * The axes are the polygon's edge normals and the box's two sides: for two
 * convex shapes, no gap on any of them means their insides meet. A footprint
 * that only touches a wall is free, as the disc of `CSpace` is.
 */

/** A pose: the robot's reference point at (x, y) metres (x east, y north), heading `theta` radians counter-clockwise from east. */
export interface Pose {
  /** Metres east. */
  readonly x: number;
  /** Metres north. */
  readonly y: number;
  /** Radians counter-clockwise from east. */
  readonly theta: number;
}

/** The most corners a footprint may have: a robot's outline needs a handful, and each corner costs every check. */
export const MAX_FOOTPRINT_VERTICES = 64;

/**
 * A robot's outline: a convex polygon in the robot's own frame, metres, x
 * forward (the heading), y to the left, around the reference point the
 * planner moves (its centre, or a car's rear axle). Corners may be given in
 * either turning order; they are kept counter-clockwise. Construction throws
 * an `InputError` for fewer than 3 corners, non-finite numbers, three
 * corners in a line, or an outline that is not convex or crosses itself.
 *
 * @example
 * ```ts
 * const cart = Footprint.rectangle(1.0, 0.4); // 1 m long, 0.4 m wide, turning about its middle
 * cart.circumradius; // 0.5385...: the disc it sweeps when it turns on the spot
 * ```
 */
export class Footprint {
  /** The corners, counter-clockwise, in the robot's frame (metres). */
  readonly vertices: readonly Point[];
  /** The farthest corner from the reference point (metres): the radius of the disc the footprint sweeps turning on the spot. */
  readonly circumradius: number;

  constructor(vertices: readonly Point[]) {
    if (!Array.isArray(vertices)) throw new InputError(`Footprint: vertices must be an array of points { x, y } (at least 3, convex), got ${show(vertices)}`);
    if (vertices.length < 3 || vertices.length > MAX_FOOTPRINT_VERTICES) {
      throw new InputError(`Footprint: a footprint needs 3 to ${MAX_FOOTPRINT_VERTICES} corners, got ${vertices.length}`);
    }
    // A loop, not forEach: forEach skips the holes of a sparse array.
    for (let i = 0; i < vertices.length; i++) point(vertices[i], `Footprint: vertices[${i}]`);
    const n = vertices.length;
    const cross = (i: number) => {
      const a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n];
      return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    };
    for (let i = 0; i < n; i++) {
      const a = vertices[i], b = vertices[(i + 1) % n];
      if (Math.hypot(b.x - a.x, b.y - a.y) <= TOUCH) throw new InputError(`Footprint: corners ${i} and ${(i + 1) % n} are the same point ${show(b)}`);
    }
    let sign = 0, turned = 0;
    for (let i = 0; i < n; i++) {
      const z = cross(i);
      const a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n];
      // Relative to the edges' lengths, so a footprint in millimetres is judged as one in metres.
      if (Math.abs(z) <= 1e-12 * Math.hypot(b.x - a.x, b.y - a.y) * Math.hypot(c.x - b.x, c.y - b.y)) {
        throw new InputError(`Footprint: corners ${i}, ${(i + 1) % n} and ${(i + 2) % n} lie on one line; leave out the middle one`);
      }
      if (sign === 0) sign = Math.sign(z);
      else if (Math.sign(z) !== sign) throw new InputError(`Footprint: the outline is not convex (it turns the other way at corner ${(i + 1) % n}); give the convex hull`);
      turned += Math.atan2(z, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y));
    }
    // Turning one way at every corner, a star (a pentagram) still winds twice: a convex outline turns once.
    if (Math.abs(Math.abs(turned) - 2 * Math.PI) > 1e-6) throw new InputError(`Footprint: the outline crosses itself (it winds ${Math.round(Math.abs(turned) / (2 * Math.PI))} times); give a convex polygon`);
    const ccw = sign > 0 ? vertices.slice() : vertices.slice().reverse();
    this.vertices = Object.freeze(ccw.map((p) => Object.freeze({ x: p.x, y: p.y })));
    this.circumradius = Math.max(...ccw.map((p) => Math.hypot(p.x, p.y)));
  }

  /**
   * A rectangle `length` metres along the heading and `width` across,
   * centred across the heading; `rear` is how far its back edge lies behind
   * the reference point (default `length / 2`: it turns about its middle).
   */
  static rectangle(length: number, width: number, rear: number = length / 2): Footprint {
    for (const [v, what] of [[length, 'length'], [width, 'width']] as const) {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new InputError(`Footprint.rectangle: ${what} must be a finite number of metres > 0, got ${show(v)}`);
    }
    if (typeof rear !== 'number' || !Number.isFinite(rear)) throw new InputError(`Footprint.rectangle: rear must be a finite number of metres, got ${show(rear)}`);
    const front = length - rear, half = width / 2;
    return new Footprint([{ x: -rear, y: -half }, { x: front, y: -half }, { x: front, y: half }, { x: -rear, y: half }]);
  }

  /** The corners placed at `pose` (metres, x east, y north), counter-clockwise. */
  at(pose: Pose): Point[] {
    checkPose(pose, 'Footprint#at: pose');
    const t = turned(this, pose.theta);
    return Array.from(t.ox, (ox, i) => ({ x: pose.x + ox, y: pose.y + t.oy[i] }));
  }
}

/** A footprint turned to one heading: its corners relative to the reference point, its unit edge normals, and its extent along each. */
interface Turned {
  readonly ox: Float64Array;
  readonly oy: Float64Array;
  readonly ax: Float64Array;
  readonly ay: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly reach: number;
}

function turned(f: Footprint, theta: number): Turned {
  const n = f.vertices.length, c = Math.cos(theta), s = Math.sin(theta);
  const ox = new Float64Array(n), oy = new Float64Array(n), ax = new Float64Array(n), ay = new Float64Array(n), lo = new Float64Array(n), hi = new Float64Array(n);
  f.vertices.forEach((p, i) => { ox[i] = p.x * c - p.y * s; oy[i] = p.x * s + p.y * c; });
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n, ex = ox[j] - ox[i], ey = oy[j] - oy[i], L = Math.hypot(ex, ey);
    ax[i] = ey / L; ay[i] = -ex / L;
    [lo[i], hi[i]] = extent(ox, oy, ax[i], ay[i]);
  }
  return { ox, oy, ax, ay, lo, hi, reach: f.circumradius };
}

/** The least and greatest of p . (ax, ay) over the corners. */
function extent(ox: Float64Array, oy: Float64Array, ax: number, ay: number): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < ox.length; i++) {
    const d = ox[i] * ax + oy[i] * ay;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return [lo, hi];
}

/** Whether the turned footprint with its reference point at (cx, cy) overlaps box b by more than TOUCH on every axis. */
function overlaps(t: Turned, cx: number, cy: number, b: Box): boolean {
  const bx = b.cx - cx, by = b.cy - cy; // the box's centre, relative to the reference point
  const nx = -b.uy, ny = b.ux;
  for (let i = 0; i < t.ax.length; i++) {
    const a = t.ax[i], c = t.ay[i];
    const mid = bx * a + by * c, half = b.halfLength * Math.abs(b.ux * a + b.uy * c) + b.halfThickness * Math.abs(nx * a + ny * c);
    if (Math.min(t.hi[i], mid + half) - Math.max(t.lo[i], mid - half) <= TOUCH) return false;
  }
  return meets(t, b.ux, b.uy, bx * b.ux + by * b.uy, b.halfLength) && meets(t, nx, ny, bx * nx + by * ny, b.halfThickness);
}

/** Whether, along the unit axis (ax, ay), the footprint and a box side of centre `mid` and half-width `half` overlap by more than TOUCH. */
function meets(t: Turned, ax: number, ay: number, mid: number, half: number): boolean {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < t.ox.length; i++) {
    const d = t.ox[i] * ax + t.oy[i] * ay;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return Math.min(hi, mid + half) - Math.max(lo, mid - half) > TOUCH;
}

/** Whether the turned footprint at (cx, cy) overlaps any of the plan's solids (those farther than its reach cannot). */
function hits(plan: FloorPlan, t: Turned, cx: number, cy: number): boolean {
  const p = { x: cx, y: cy };
  const solids = plan.solids;
  for (let i = 0; i < solids.length; i++) {
    const b = solids[i];
    if (boxDistance(p, b) < t.reach && overlaps(t, cx, cy, b)) return true;
  }
  return false;
}

/**
 * Whether `footprint`, placed at `pose`, overlaps a solid wall of `plan`
 * (the rule of `FootprintSlices`, for any pose rather than a cell centre and
 * a heading bin: what a planner checks along a curve it drives).
 */
export function footprintHits(plan: FloorPlan, footprint: Footprint, pose: Pose): boolean {
  if (!(plan instanceof FloorPlan)) throw new InputError(`footprintHits: plan must be a FloorPlan (new FloorPlan(spec)), got ${show(plan)}`);
  if (!(footprint instanceof Footprint)) throw new InputError(`footprintHits: footprint must be a Footprint (new Footprint(vertices) or Footprint.rectangle), got ${show(footprint)}`);
  checkPose(pose, 'footprintHits: pose');
  return hits(plan, turned(footprint, pose.theta), pose.x, pose.y);
}

/** The options of `new FootprintSlices`: `CSpace`'s, without the radius (the footprint says the size), with the number of headings. */
export interface SliceOptions extends Omit<RasterOptions, 'radius'> {
  /** How many headings K the turn is cut into: slice k is heading 2 pi k / K. An integer 1..MAX_HEADINGS; default 8 (every 45 degrees). */
  headings?: number;
}

/** The most heading bins: one every half degree. */
export const MAX_HEADINGS = 720;

const SLICE_KEYS: readonly (keyof SliceOptions)[] = ['resolution', 'headings', 'region', 'diagonalCost', 'diagonalRule'];

/**
 * The configuration space of a robot with a convex footprint, cut into K
 * headings: slice k is a raster of the plan (the frame of `CSpace`, the same
 * options) whose cell n is blocked when the footprint, turned to heading
 * 2 pi k / K and centred on n's centre, overlaps a wall (see the module's
 * rule). A slice is worked out the first time it is asked for and kept, so
 * a planner that searches (x, y, heading) asks `isBlocked(k, n)` at the cost
 * of a lookup.
 *
 * @example
 * ```ts
 * const slices = new FootprintSlices(plan, Footprint.rectangle(1.0, 0.4), { resolution: 0.1, headings: 8 });
 * slices.isBlocked(0, n); // facing east
 * findPath(slices.grid(2), start, goal); // every position at heading 90 degrees, searched as a grid
 * ```
 */
export class FootprintSlices implements RasterFrame {
  /** The floor plan rastered. */
  readonly plan: FloorPlan;
  /** The robot's outline. */
  readonly footprint: Footprint;
  /** The number of heading bins K. */
  readonly headings: number;
  /** The side of a cell, metres. */
  readonly resolution: number;
  /** The raster's west edge, metres. */
  readonly x0: number;
  /** The raster's south edge, metres. */
  readonly y0: number;
  /** Cells across. */
  readonly width: number;
  /** Cells down. */
  readonly height: number;
  private readonly options: SliceOptions;
  private readonly slices: (Uint8Array | undefined)[];

  constructor(plan: FloorPlan, footprint: Footprint, options: SliceOptions = {}) {
    const { frame } = rasterSetup(plan, options, 'FootprintSlices', SLICE_KEYS);
    if (!(footprint instanceof Footprint)) throw new InputError(`FootprintSlices: footprint must be a Footprint (new Footprint(vertices) or Footprint.rectangle), got ${show(footprint)}`);
    const K = options.headings === undefined ? 8 : options.headings;
    if (typeof K !== 'number' || !Number.isInteger(K) || K < 1 || K > MAX_HEADINGS) {
      throw new InputError(`FootprintSlices: headings must be a whole number of bins 1..${MAX_HEADINGS}, got ${show(K)}`);
    }
    // The grid's own options are checked now, not at the first grid(k).
    rasterGrid({ ...frame, width: 1, height: 1 }, new Uint8Array(1), options);
    this.plan = plan;
    this.footprint = footprint;
    this.headings = K;
    this.resolution = frame.resolution;
    this.x0 = frame.x0;
    this.y0 = frame.y0;
    this.width = frame.width;
    this.height = frame.height;
    this.options = { diagonalCost: options.diagonalCost, diagonalRule: options.diagonalRule };
    this.slices = new Array<Uint8Array | undefined>(K);
  }

  /** The heading of bin k, radians counter-clockwise from east: 2 pi k / K. */
  heading(k: number): number {
    this.checkBin(k, 'heading');
    return (2 * Math.PI * k) / this.headings;
  }

  /** The bin nearest to heading `theta` (radians, any finite value; a turn and its multiples wrap round). */
  binOf(theta: number): number {
    if (typeof theta !== 'number' || !Number.isFinite(theta)) throw new InputError(`FootprintSlices#binOf: theta must be a finite number of radians, got ${show(theta)}`);
    const K = this.headings;
    // Twice modulo: a negative theta gives a negative remainder (and -0 for a bin 0 just below east).
    return ((Math.round((theta * K) / (2 * Math.PI)) % K) + K) % K;
  }

  /** Whether cell n is blocked at heading bin k. */
  isBlocked(k: number, n: number): boolean {
    const cells = this.slice(k, 'isBlocked');
    if (!Number.isInteger(n) || n < 0 || n >= cells.length) throw new InputError(`FootprintSlices#isBlocked: cell must be an integer id in 0..${cells.length - 1}, got ${show(n)}`);
    return cells[n] === 1;
  }

  /** Slice k: one byte a cell, 1 blocked, 0 free (grid ids, row 0 at the north). A copy: change it freely. */
  blocked(k: number): Uint8Array {
    return this.slice(k, 'blocked').slice();
  }

  /** How many cells of slice k are free. */
  freeCount(k: number): number {
    const cells = this.slice(k, 'freeCount');
    let free = 0;
    for (let n = 0; n < cells.length; n++) free += 1 - cells[n];
    return free;
  }

  /** Slice k as a new `Grid` with `CSpace`'s moves and costs (8-connected, metres): positions at one fixed heading. */
  grid(k: number): Grid {
    return rasterGrid(this, this.slice(k, 'grid').slice(), this.options);
  }

  /** The cell holding p (metres). */
  cellAt(p: Point): number { return cellAt(this, p); }
  /** The centre of cell n (metres). */
  centre(n: number): Point { return cellCentre(this, n); }

  private slice(k: number, where: string): Uint8Array {
    this.checkBin(k, where);
    let cells = this.slices[k];
    if (cells) return cells;
    const t = turned(this.footprint, this.heading(k));
    cells = new Uint8Array(this.width * this.height);
    const r = this.resolution;
    // Row by row from the north, as grid ids count (cellCentre's arithmetic, without its checks per cell).
    for (let row = 0, n = 0; row < this.height; row++) {
      const cy = this.y0 + (this.height - row - 0.5) * r;
      for (let col = 0; col < this.width; col++, n++) {
        if (hits(this.plan, t, this.x0 + (col + 0.5) * r, cy)) cells[n] = 1;
      }
    }
    this.slices[k] = cells;
    return cells;
  }

  private checkBin(k: number, where: string): void {
    if (!Number.isInteger(k) || k < 0 || k >= this.headings) {
      throw new InputError(`FootprintSlices#${where}: k must be a heading bin, an integer in 0..${this.headings - 1}, got ${show(k)}`);
    }
  }
}

/**
 * Throws unless `pose` is `{ x, y, theta }` of finite numbers; `what` names
 * it ('footprintHits: pose'). The one check of a pose, for this family and
 * for bestfirst/kinematic. @internal
 */
export function checkPose(pose: unknown, what: string): Pose {
  const p = pose as Partial<Pose> | null;
  if (p === null || typeof p !== 'object' || ![p.x, p.y, p.theta].every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new InputError(`${what} must be a pose { x, y, theta } of finite numbers (metres, metres, radians), got ${show(pose)}`);
  }
  return p as Pose;
}
