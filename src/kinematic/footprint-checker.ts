import { InputError, show } from '../core/errors.js';
import { checkBoolean, checkKeys } from '../core/input-checks.js';
import { checkCostmap, rowFromTop, type Costmap } from '../costmap/costmap.js';
import { squaredDistances } from '../costmap/distance-transform.js';
import { LETHAL, NO_INFORMATION } from '../costmap/inflation.js';
import { checkPose, Footprint, MAX_HEADINGS, type Pose } from '../cspace/footprint.js';

/**
 * Whether a robot, a disc or a convex polygon, fits at a pose on a costmap,
 * after Nav2's footprint collision checker: the cells the robot covers are
 * read, and one whose cost is `blockedAt` or more (lethal, by default) is a
 * collision; so is a cell off the map. Unlike Nav2, which reads the cells
 * along the polygon's outline and trusts the inflation for its inside, every
 * cell under the robot is read, outline and interior: a cell counts when
 * it and the robot share some area (touching along an edge does not).
 *
 * Two shortcuts come first, from the exact distance from each cell's centre
 * to the nearest blocked cell's: farther than the circumscribed radius
 * (plus a cell's diagonal) and the pose is free; nearer than the inscribed
 * radius (less half a diagonal) and it collides. Only the poses between
 * read the cells one by one.
 */

/** The options of `new FootprintChecker`. */
export interface FootprintCheckerOptions {
  /** A cell is an obstacle when its cost is at least this, a whole number 1..254. Default `LETHAL` (254); `INSCRIBED` (253) counts the inscribed band too. */
  blockedAt?: number;
  /** Whether unknown cells (255) are free to drive through: Nav2's `allow_unknown`, default true as in its planners. */
  allowUnknown?: boolean;
  /** How many heading bins the footprint's turned outlines are kept for, 1..720: Nav2's `angle_quantization_bins`, default 72. */
  headings?: number;
}

const KEYS: readonly (keyof FootprintCheckerOptions)[] = ['blockedAt', 'allowUnknown', 'headings'];

/**
 * The robot's shape on a costmap, and the test of a pose against it.
 *
 * @example
 * ```ts
 * const checker = new FootprintChecker(costmap, parseFootprint('[[0.3, 0.2], [0.3, -0.2], [-0.3, -0.2], [-0.3, 0.2]]'));
 * checker.collides({ x: 1.0, y: 2.0, theta: Math.PI / 2 }); // true when a lethal cell lies under the rectangle
 * ```
 */
export class FootprintChecker {
  /** The costmap the poses are checked on. */
  readonly costmap: Costmap;
  /** The robot's outline, or null for a disc (`radius`). */
  readonly footprint: Footprint | null;
  /** The disc's radius for a round robot; the circumscribed radius for a polygon (metres). */
  readonly circumradius: number;
  /** The largest disc about the reference point inside the robot (metres; 0 when the point is on or outside the outline). */
  readonly inscribedRadius: number;
  /** The heading bins the turned outlines are kept for. */
  readonly headings: number;
  /** The cost from which a cell is an obstacle. */
  readonly blockedAt: number;
  /** Whether unknown cells are free. */
  readonly allowUnknown: boolean;
  /** Blocked cells, 1 a cell, rows from the bottom (map frame). */
  private readonly blocked: Uint8Array;
  /** Squared distance, in cells, from each cell's centre to the nearest blocked cell's (rows from the bottom). */
  private readonly clearance2: Float64Array;
  /** The outline turned to each bin's heading: x0, y0, x1, y1, ... metres. */
  private readonly turned: Float64Array[];
  /** The outline at a heading between bins, turned into this one array each time (a pose's check reads it before the next). */
  private readonly between: Float64Array;
  private readonly cos: number;
  private readonly sin: number;

  /** `robot` is a `Footprint` (from `parseFootprint`, or `new Footprint`) or a disc's radius in metres (Nav2's `robot_radius`). */
  constructor(costmap: Costmap, robot: Footprint | number, options: FootprintCheckerOptions = {}) {
    const c = checkCostmap(costmap, 'FootprintChecker');
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`FootprintChecker: options must be an object, got ${show(options)}`);
    checkKeys(options, KEYS, 'FootprintChecker');
    const blockedAt = options.blockedAt === undefined ? LETHAL : options.blockedAt;
    if (typeof blockedAt !== 'number' || !Number.isInteger(blockedAt) || blockedAt < 1 || blockedAt > LETHAL) {
      throw new InputError(`FootprintChecker: options.blockedAt must be a whole number 1..254 (254 lethal, 253 the inscribed band too), got ${show(blockedAt)}`);
    }
    checkBoolean(options.allowUnknown, 'FootprintChecker: options.allowUnknown');
    const K = options.headings === undefined ? 72 : options.headings;
    if (typeof K !== 'number' || !Number.isInteger(K) || K < 1 || K > MAX_HEADINGS) throw new InputError(`FootprintChecker: options.headings must be a whole number of bins 1..${MAX_HEADINGS}, got ${show(K)}`);
    if (robot instanceof Footprint) {
      this.footprint = robot;
      this.circumradius = robot.circumradius;
      this.inscribedRadius = inscribed(robot);
    } else if (typeof robot === 'number' && Number.isFinite(robot) && robot > 0) {
      this.footprint = null;
      this.circumradius = robot;
      this.inscribedRadius = robot;
    } else {
      throw new InputError(`FootprintChecker: robot must be a Footprint (parseFootprint, new Footprint) or a radius in metres > 0, got ${show(robot)}`);
    }
    this.costmap = c;
    this.headings = K;
    this.blockedAt = blockedAt;
    this.allowUnknown = options.allowUnknown ?? true;
    const { width, height } = c;
    this.blocked = new Uint8Array(width * height);
    for (let r = 0; r < height; r++) {
      const from = (c.rowOrder === 'bottom-up' ? r : rowFromTop('bottom-up', height, r)) * width;
      for (let x = 0; x < width; x++) if (this.blocks(c.cost[from + x])) this.blocked[r * width + x] = 1;
    }
    this.clearance2 = squaredDistances(this.blocked, width, height);
    this.turned = [];
    for (let k = 0; k < K && this.footprint !== null; k++) this.turned.push(turn(this.footprint, (2 * Math.PI * k) / K));
    this.between = new Float64Array(this.footprint === null ? 0 : this.footprint.vertices.length * 2);
    const yaw = c.origin?.yaw ?? 0;
    this.cos = Math.cos(yaw);
    this.sin = Math.sin(yaw);
  }

  /**
   * The same costmap, rule and heading bins for another robot, sharing this
   * checker's blocked cells and distances (a new checker would work them
   * out again: tens of milliseconds on a large map). For the planner's own
   * tests with a shrunken outline. @internal
   */
  withRobot(robot: Footprint | number): FootprintChecker {
    if (!(robot instanceof Footprint) && !(typeof robot === 'number' && Number.isFinite(robot) && robot > 0)) {
      throw new InputError(`FootprintChecker#withRobot: robot must be a Footprint (parseFootprint, new Footprint) or a radius in metres > 0, got ${show(robot)}`);
    }
    const twin = Object.create(FootprintChecker.prototype) as FootprintChecker;
    const footprint = robot instanceof Footprint ? robot : null;
    Object.assign(twin, {
      costmap: this.costmap, footprint, headings: this.headings, blockedAt: this.blockedAt, allowUnknown: this.allowUnknown,
      circumradius: footprint === null ? robot : footprint.circumradius, inscribedRadius: footprint === null ? robot : inscribed(footprint),
      blocked: this.blocked, clearance2: this.clearance2, cos: this.cos, sin: this.sin,
      turned: footprint === null ? [] : Array.from({ length: this.headings }, (_, k) => turn(footprint, (2 * Math.PI * k) / this.headings)),
      between: new Float64Array(footprint === null ? 0 : footprint.vertices.length * 2),
    });
    return twin;
  }

  /** Whether a cell of cost `cost` (a whole number 0..255, as a costmap's bytes hold) is an obstacle under this checker's rule. */
  isBlockedCost(cost: number): boolean {
    if (typeof cost !== 'number' || !Number.isInteger(cost) || cost < 0 || cost > NO_INFORMATION) {
      throw new InputError(`FootprintChecker#isBlockedCost: cost must be a whole number 0..255 (a costmap's byte), got ${show(cost)}`);
    }
    return this.blocks(cost);
  }

  /** `isBlockedCost` without the check of its argument: for the loops over a costmap's own bytes. */
  private blocks(cost: number): boolean {
    return cost === NO_INFORMATION ? !this.allowUnknown : cost >= this.blockedAt;
  }

  /** Whether the robot at `pose` (metres and radians in the map's world frame) covers an obstacle or leaves the map. */
  collides(pose: Pose): boolean {
    checkPose(pose, 'FootprintChecker#collides: pose');
    return this.hits(pose.x, pose.y, pose.theta);
  }

  /** `collides` without the check of its argument: for the planner's loops. */
  hits(x: number, y: number, theta: number): boolean {
    const { width, height, resolution, origin: o } = this.costmap;
    // toMap, written out: this runs for every sample of every motion the planner tries.
    const dx = x - (o?.x ?? 0), dy = y - (o?.y ?? 0);
    const cx = (dx * this.cos + dy * this.sin) / resolution, cy = (-dx * this.sin + dy * this.cos) / resolution, th = theta - (o?.yaw ?? 0);
    const col = Math.floor(cx), row = Math.floor(cy);
    const R = this.circumradius / resolution, diag = Math.SQRT2;
    if (col >= 0 && row >= 0 && col < width && row < height) {
      const d = Math.sqrt(this.clearance2[row * width + col]);
      // The nearest blocked cell's centre is within d + diag/2 of the pose; its square within a further diag/2.
      if (this.inscribedRadius > 0 && d + diag / 2 < this.inscribedRadius / resolution) return true;
      if (d - diag > R && cx - R > 0 && cy - R > 0 && cx + R < width && cy + R < height) return false;
    }
    let hit = false, seen = false;
    this.scan(cx, cy, th, (c, r) => {
      seen = true;
      if (c < 0 || r < 0 || c >= width || r >= height || this.blocked[r * width + c] === 1) hit = true;
      return hit;
    });
    if (seen) return hit;
    // No cell at all: the robot's extent rounded to nothing (far too small for the map, or a pose 1e300 m away). The cell of its reference point decides.
    return !(col >= 0 && row >= 0 && col < width && row < height) || this.blocked[row * width + col] === 1;
  }

  /**
   * Whether the robot collides wherever its reference point lies in the
   * cell (col, row) of the map frame (rows from the bottom), at any
   * heading: the cell is an obstacle, or it is nearer one than the
   * inscribed radius less half a cell's diagonal (the first shortcut of
   * `hits`). The planner's 2-D heuristic treats these cells as walls. Off
   * the map is true.
   */
  centreBlocked(col: number, row: number): boolean {
    const { width, height, resolution } = this.costmap;
    if (!(col >= 0 && row >= 0 && col < width && row < height)) return true;
    const i = row * width + col;
    return this.blocked[i] === 1 || (this.inscribedRadius > 0 && Math.sqrt(this.clearance2[i]) + Math.SQRT2 / 2 < this.inscribedRadius / resolution);
  }

  /** The cells under the robot at `pose`, as indices of `costmap.cost` (cells off the map left out), in no set order. */
  cellsUnder(pose: Pose): number[] {
    checkPose(pose, 'FootprintChecker#cellsUnder: pose');
    const { width, height, rowOrder } = this.costmap;
    const out: number[] = [];
    const [cx, cy, th] = this.toMap(pose.x, pose.y, pose.theta);
    // Only the map's cells: a robot far larger than the map would otherwise be scanned cell by cell off it.
    this.scan(cx, cy, th, (c, r) => {
      out.push((rowOrder === 'bottom-up' ? r : height - 1 - r) * width + c);
      return false;
    }, true);
    return out;
  }

  /** A pose in the map's frame, in cells: x along the columns, y up the rows from the bottom; the heading turned by the origin's yaw. */
  private toMap(x: number, y: number, theta: number): [number, number, number] {
    const o = this.costmap.origin, res = this.costmap.resolution;
    const dx = x - (o?.x ?? 0), dy = y - (o?.y ?? 0);
    return [(dx * this.cos + dy * this.sin) / res, (-dx * this.sin + dy * this.cos) / res, theta - (o?.yaw ?? 0)];
  }

  /**
   * Calls `visit(col, row)` for each cell sharing area with the robot at
   * (cx, cy) in cells, heading `theta`, until it returns true. A row's cells
   * are those within the robot's extent across that row's band: for a
   * convex shape the band's slice is convex, so its extent is all it takes.
   * With `onMap`, only the cells on the map are visited.
   */
  private scan(cx: number, cy: number, theta: number, visit: (col: number, row: number) => boolean, onMap = false): void {
    const { width, height, resolution: res } = this.costmap;
    // The rows and columns to visit: all of them, or with onMap those on the map (no tuples: this runs for every pose checked).
    const rowLo = onMap ? 0 : -Infinity, rowHi = onMap ? height : Infinity, colLo = onMap ? 0 : -Infinity, colHi = onMap ? width : Infinity;
    if (this.footprint === null) {
      const R = this.circumradius / res;
      const r0 = Math.max(Math.floor(cy - R), rowLo), r1 = Math.min(Math.ceil(cy + R), rowHi);
      for (let r = r0; r < r1; r++) {
        const near = Math.min(Math.max(cy, r), r + 1) - cy, h2 = R * R - near * near;
        if (h2 <= 0) continue;
        const hw = Math.sqrt(h2);
        const c0 = Math.max(Math.floor(cx - hw), colLo), c1 = Math.min(Math.ceil(cx + hw), colHi);
        for (let c = c0; c < c1; c++) if (visit(c, r)) return;
      }
      return;
    }
    const v = this.outline(theta);
    const n = v.length / 2;
    let ylo = Infinity, yhi = -Infinity;
    for (let i = 0; i < n; i++) { ylo = Math.min(ylo, v[2 * i + 1]); yhi = Math.max(yhi, v[2 * i + 1]); }
    ylo = cy + ylo / res; yhi = cy + yhi / res;
    const r0 = Math.max(Math.floor(ylo), rowLo), r1 = Math.min(Math.ceil(yhi), rowHi);
    for (let r = r0; r < r1; r++) {
      let xlo = Infinity, xhi = -Infinity;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const ax = cx + v[2 * i] / res, ay = cy + v[2 * i + 1] / res, bx = cx + v[2 * j] / res, by = cy + v[2 * j + 1] / res;
        // The edge clipped to the band r <= y <= r + 1.
        const lo = Math.max(Math.min(ay, by), r), hi = Math.min(Math.max(ay, by), r + 1);
        if (lo > hi) continue;
        if (ay === by) { xlo = Math.min(xlo, ax, bx); xhi = Math.max(xhi, ax, bx); continue; }
        const xa = ax + ((bx - ax) * (lo - ay)) / (by - ay), xb = ax + ((bx - ax) * (hi - ay)) / (by - ay);
        xlo = Math.min(xlo, xa, xb); xhi = Math.max(xhi, xa, xb);
      }
      const c0 = Math.max(Math.floor(xlo), colLo), c1 = Math.min(Math.ceil(xhi), colHi);
      for (let c = c0; c < c1; c++) if (visit(c, r)) return;
    }
  }

  /** The outline turned to `theta` (the bin's kept copy when theta is a bin's heading). */
  private outline(theta: number): Float64Array {
    const K = this.headings, k = (theta * K) / (2 * Math.PI), bin = Math.round(k);
    if (Math.abs(k - bin) < 1e-9) return this.turned[((bin % K) + K) % K];
    return turn(this.footprint as Footprint, theta, this.between);
  }
}

/** The corners of `f` turned by `theta`: x0, y0, x1, y1, ... (into `out` when given). */
function turn(f: Footprint, theta: number, out: Float64Array = new Float64Array(f.vertices.length * 2)): Float64Array {
  const c = Math.cos(theta), s = Math.sin(theta), v = f.vertices;
  for (let i = 0; i < v.length; i++) { out[2 * i] = v[i].x * c - v[i].y * s; out[2 * i + 1] = v[i].x * s + v[i].y * c; }
  return out;
}

/** The distance from the reference point to the nearest edge, 0 unless the point is inside (corners counter-clockwise). */
function inscribed(f: Footprint): number {
  const v = f.vertices;
  let d = Infinity;
  for (let i = 0; i < v.length; i++) {
    const a = v[i], b = v[(i + 1) % v.length];
    // Counter-clockwise: the inside is on the left of each edge.
    const side = ((b.x - a.x) * (0 - a.y) - (b.y - a.y) * (0 - a.x)) / Math.hypot(b.x - a.x, b.y - a.y);
    d = Math.min(d, side);
  }
  return Math.max(0, d);
}

/**
 * A footprint written as Nav2 writes its `footprint` parameter: a string
 * `[[x, y], [x, y], ...]` of at least three corners, metres in the robot's
 * frame (x forward, y left), a convex outline. A malformed string is an
 * `InputError` naming the column.
 */
export function parseFootprint(text: string): Footprint {
  if (typeof text !== 'string') throw new InputError(`parseFootprint: footprint must be a string like "[[0.3, 0.2], [0.3, -0.2], [-0.3, -0.2], [-0.3, 0.2]]", got ${show(text)}`);
  let i = 0;
  const fail = (what: string): never => { throw new InputError(`parseFootprint: ${what} at column ${i + 1} of ${show(text)}; a footprint is "[[x, y], [x, y], ...]" in metres`); };
  const space = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const expect = (ch: string) => { space(); if (text[i] !== ch) fail(`expected '${ch}'${i < text.length ? `, found '${text[i]}'` : ', found the end'}`); i++; };
  const number = (): number => {
    space();
    const m = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i));
    if (m === null) return fail(`expected a number${i < text.length ? `, found '${text[i]}'` : ', found the end'}`);
    i += m[0].length;
    return Number(m[0]);
  };
  const points: { x: number; y: number }[] = [];
  expect('[');
  for (;;) {
    expect('[');
    const x = number();
    expect(',');
    const y = number();
    expect(']');
    points.push({ x, y });
    space();
    if (text[i] === ',') { i++; continue; }
    expect(']');
    break;
  }
  space();
  if (i < text.length) fail(`unexpected '${text[i]}' after the footprint`);
  if (points.length < 3) throw new InputError(`parseFootprint: a footprint needs at least 3 corners, got ${points.length} in ${show(text)}`);
  try {
    return new Footprint(points);
  } catch (e) {
    throw e instanceof InputError ? new InputError(`parseFootprint: ${e.message.replace(/^Footprint: /, '')} (${show(text)})`) : e;
  }
}
