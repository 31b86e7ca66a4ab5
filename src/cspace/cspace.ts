import { InputError, show } from '../core/errors.js';
import { Grid, type DiagonalRule } from '../grid/grid.js';
import { MAX_MAP_CELLS } from '../io/movingai.js';
import { checkBoolean, checkKeys } from '../core/input-checks.js';

/**
 * Floor plans in metres, and their configuration-space raster for a disc robot.
 *
 * Two coordinate systems, kept apart on purpose:
 * - **metres**: x east, y north, origin at the plan's south-west corner
 *   (a `Point`);
 * - **cells**: the `Grid` convention, x the column from the west, y the row
 *   from the **top** (north), node id `y * width + x`.
 * `cellAt` and `cellCentre` are the only places where y flips.
 */

/** A position in metres: x east, y north. */
export interface Point {
  /** Metres east of the origin. */
  readonly x: number;
  /** Metres north of the origin. */
  readonly y: number;
}

/** A straight wall: its centre line from `a` to `b`, `thickness` metres across, square ends. */
export interface WallSpec {
  /** A name, unique among the walls; doors and messages refer to it. */
  readonly name: string;
  /** One end of the centre line (metres). */
  readonly a: Point;
  /** The other end (metres); not the same point as `a`. */
  readonly b: Point;
  /** Metres across, > 0; the wall extends half of it each side of the centre line. */
  readonly thickness: number;
}

/**
 * An opening in one wall, centred at `at` (a point on the wall's centre
 * line), `width` metres along the wall. A closed door is solid, like the
 * wall around it.
 */
export interface DoorSpec {
  /** A name, unique among the doors. */
  readonly name: string;
  /** The opening's centre, on exactly one wall's centre line (metres). */
  readonly at: Point;
  /** The opening's width along the wall, metres > 0; it must not run past the wall's ends or overlap another door. */
  readonly width: number;
  /** Whether the door is open. Default true. */
  readonly open?: boolean;
}

/** A named room: the rectangle between its walls' centre lines, and where its label goes. */
export interface RoomSpec {
  /** A name, unique among the rooms. */
  readonly name: string;
  /** The south-west corner (metres). */
  readonly min: Point;
  /** The north-east corner (metres). */
  readonly max: Point;
  /** Where the room's name is drawn: a point inside the room (metres). */
  readonly label: Point;
}

/** A floor plan as written: what `new FloorPlan(spec)` checks and builds on. */
export interface FloorPlanSpec {
  /** Extent in metres: the plan covers [0, width] x [0, height]. */
  readonly width: number;
  /** Extent north, metres > 0. */
  readonly height: number;
  /** The walls, inside the extent (empty for none). */
  readonly walls: readonly WallSpec[];
  /** The doors, each in one wall (empty for none). */
  readonly doors: readonly DoorSpec[];
  /** The named rooms, inside the extent (empty for none). */
  readonly rooms: readonly RoomSpec[];
}

/** A door as validated: which wall it is in, and the opening as an interval along that wall (metres from `a`). */
export interface Door {
  /** As in the spec. */
  readonly name: string;
  /** The opening's centre (metres). */
  readonly at: Point;
  /** The opening's width along the wall (metres). */
  readonly width: number;
  /** Whether it is open (the spec's `open`, default true). */
  readonly open: boolean;
  /** The name of the wall it is in. */
  readonly wall: string;
  /** Where the opening starts, metres along the wall from its end `a`. */
  readonly from: number;
  /** Where it ends, metres from `a`. */
  readonly to: number;
}

/**
 * A solid rectangle: centre (cx, cy), unit direction (ux, uy) along the wall,
 * half-length along it, half-thickness across it.
 */
export interface Box {
  /** Centre, metres east. */
  readonly cx: number;
  /** Centre, metres north. */
  readonly cy: number;
  /** Unit direction along the wall, east part. */
  readonly ux: number;
  /** Unit direction along the wall, north part. */
  readonly uy: number;
  /** Half the length along (ux, uy), metres. */
  readonly halfLength: number;
  /** Half the thickness across, metres. */
  readonly halfThickness: number;
}

/** Exact Euclidean distance from p to a box (0 inside it). */
export function distanceToBox(p: Point, b: Box): number {
  point(p, 'distanceToBox: p');
  const u = b === null || typeof b !== 'object' ? Number.NaN : Math.hypot(b.ux, b.uy);
  if (!(Math.abs(u - 1) <= 1e-9) || ![b.cx, b.cy, b.halfLength, b.halfThickness].every((v) => typeof v === 'number' && Number.isFinite(v)) || !(b.halfLength >= 0 && b.halfThickness >= 0)) {
    throw new InputError(`distanceToBox: box must be a Box { cx, cy, ux, uy, halfLength, halfThickness } of finite numbers with (ux, uy) a unit vector and both halves >= 0, got ${show(b)}`);
  }
  return boxDistance(p, b);
}

/**
 * `distanceToBox` without the checks: the rasteriser calls it for every cell and wall.
 * @internal
 */
export function boxDistance(p: Point, b: Box): number {
  return boxDistanceXY(p.x, p.y, b);
}

/** `boxDistance` at (x, y), for the loops that would otherwise make a point per cell. */
function boxDistanceXY(x: number, y: number, b: Box): number {
  const dx = x - b.cx, dy = y - b.cy;
  const along = Math.abs(dx * b.ux + dy * b.uy) - b.halfLength;
  const across = Math.abs(-dx * b.uy + dy * b.ux) - b.halfThickness;
  const ea = along > 0 ? along : 0, ec = across > 0 ? across : 0;
  return Math.hypot(ea, ec);
}

// A point within this many metres of a wall's centre line is on it: plan
// coordinates are decimals that binary floats only approximate.
const ON_LINE = 1e-9;

const SPEC_KEYS: readonly (keyof FloorPlanSpec)[] = ['width', 'height', 'walls', 'doors', 'rooms'];
const WALL_KEYS: readonly (keyof WallSpec)[] = ['name', 'a', 'b', 'thickness'];
const DOOR_KEYS: readonly (keyof DoorSpec)[] = ['name', 'at', 'width', 'open'];
const ROOM_KEYS: readonly (keyof RoomSpec)[] = ['name', 'min', 'max', 'label'];
const RASTER_KEYS: readonly (keyof RasterOptions)[] = ['resolution', 'radius', 'region', 'diagonalCost', 'diagonalRule'];

/**
 * The most cells a raster may have: 2^24 (4096 x 4096), the Moving AI
 * reader's cap. Each cell costs a distance to every wall to raster, and a
 * plan at 0.5 mm (4e8 cells for the Apartment) is a slip of the unit, not a
 * plan to search.
 */
export const MAX_RASTER_CELLS = MAX_MAP_CELLS;

/**
 * A validated floor plan. Construction throws an `InputError` naming the
 * field, wall, door or room at fault: a missing or misspelt field, bad
 * numbers, degenerate walls, walls or rooms outside the extent, doors not on
 * a wall or past its end, overlapping doors, duplicate names.
 *
 * @example
 * ```ts
 * const plan = new FloorPlan({
 *   width: 6, height: 4, rooms: [],
 *   walls: [{ name: 'middle', a: { x: 3, y: 0 }, b: { x: 3, y: 4 }, thickness: 0.1 }],
 *   doors: [{ name: 'door', at: { x: 3, y: 2.25 }, width: 0.9 }],
 * });
 * const cspace = new CSpace(plan, { resolution: 0.5, radius: 0.25 }); // a 12 x 8 Grid in cspace.grid
 * ```
 */
export class FloorPlan {
  /** Extent east, metres. */
  readonly width: number;
  /** Extent north, metres. */
  readonly height: number;
  /** The walls, as given. */
  readonly walls: readonly WallSpec[];
  /** The doors, validated: each with its wall and its opening along it. */
  readonly doors: readonly Door[];
  /** The rooms, as given. */
  readonly rooms: readonly RoomSpec[];
  /** The solid parts: every wall minus its open doors, closed doors included as wall. */
  readonly solids: readonly Box[];
  private readonly spec: FloorPlanSpec;

  constructor(spec: FloorPlanSpec) {
    checkShape(spec, SPEC_KEYS, 'FloorPlan', 'the spec { width, height, walls, doors, rooms }');
    for (const list of ['walls', 'doors', 'rooms'] as const) {
      if (!Array.isArray(spec[list])) throw new InputError(`FloorPlan: ${list} must be an array (empty for none), got ${show(spec[list])}`);
    }
    spec.walls.forEach((w, i) => checkShape(w, WALL_KEYS, `FloorPlan: walls[${i}]`, 'a wall { name, a, b, thickness }'));
    spec.doors.forEach((d, i) => {
      checkShape(d, DOOR_KEYS, `FloorPlan: doors[${i}]`, 'a door { name, at, width, open? }');
      checkBoolean(d.open, `FloorPlan: doors[${i}] (${show(d.name)}): open`);
    });
    spec.rooms.forEach((r, i) => checkShape(r, ROOM_KEYS, `FloorPlan: rooms[${i}]`, 'a room { name, min, max, label }'));
    this.spec = spec;
    this.width = positiveMetres(spec.width, 'FloorPlan: width');
    this.height = positiveMetres(spec.height, 'FloorPlan: height');
    const inside = (p: Point) => p.x >= 0 && p.y >= 0 && p.x <= this.width && p.y <= this.height;

    const names = new Set<string>();
    const unique = (kind: string, name: string) => {
      if (typeof name !== 'string' || name.length === 0) throw new InputError(`FloorPlan: every ${kind} needs a non-empty name, got ${show(name)}`);
      if (names.has(`${kind}:${name}`)) throw new InputError(`FloorPlan: two ${kind}s are named ${JSON.stringify(name)}`);
      names.add(`${kind}:${name}`);
    };

    for (const w of spec.walls) {
      unique('wall', w.name);
      const what = `FloorPlan: wall ${JSON.stringify(w.name)}`;
      point(w.a, `${what}: a`);
      point(w.b, `${what}: b`);
      positiveMetres(w.thickness, `${what}: thickness`);
      const length = Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y);
      if (!(length > ON_LINE)) throw new InputError(`${what} is degenerate: a and b are the same point ${fmt(w.a)} (length ${length} m)`);
      if (!inside(w.a) || !inside(w.b)) {
        throw new InputError(`${what} from ${fmt(w.a)} to ${fmt(w.b)} leaves the plan's extent [0, ${this.width}] x [0, ${this.height}] m`);
      }
    }
    this.walls = spec.walls.slice();

    const doors: Door[] = [];
    for (const d of spec.doors) {
      unique('door', d.name);
      const what = `FloorPlan: door ${JSON.stringify(d.name)}`;
      point(d.at, `${what}: at`);
      positiveMetres(d.width, `${what}: width`);
      const hosts = this.walls.filter((w) => offLine(w, d.at) <= ON_LINE);
      if (hosts.length === 0) throw new InputError(`${what} at ${fmt(d.at)} is not on any wall's centre line`);
      if (hosts.length > 1) {
        throw new InputError(`${what} at ${fmt(d.at)} sits where walls ${hosts.map((w) => JSON.stringify(w.name)).join(' and ')} meet; put it on one wall`);
      }
      const w = hosts[0];
      const u = along(w, d.at), length = wallLength(w);
      const from = u - d.width / 2, to = u + d.width / 2;
      if (from < -ON_LINE || to > length + ON_LINE) {
        throw new InputError(`${what} (${d.width} m wide at ${fmt(d.at)}) runs past the end of wall ${JSON.stringify(w.name)} (the opening spans ${round(from)}..${round(to)} m of its ${round(length)} m)`);
      }
      for (const o of doors) {
        if (o.wall === w.name && from < o.to - ON_LINE && o.from < to - ON_LINE) {
          throw new InputError(`${what} (${round(from)}..${round(to)} m along wall ${JSON.stringify(w.name)}) overlaps door ${JSON.stringify(o.name)} (${round(o.from)}..${round(o.to)} m)`);
        }
      }
      doors.push({ name: d.name, at: d.at, width: d.width, open: d.open ?? true, wall: w.name, from, to });
    }
    this.doors = doors;

    for (const r of spec.rooms) {
      unique('room', r.name);
      const what = `FloorPlan: room ${JSON.stringify(r.name)}`;
      point(r.min, `${what}: min`);
      point(r.max, `${what}: max`);
      point(r.label, `${what}: label`);
      if (!(r.min.x < r.max.x && r.min.y < r.max.y)) throw new InputError(`${what}: min ${fmt(r.min)} must lie south-west of max ${fmt(r.max)}`);
      if (!inside(r.min) || !inside(r.max)) {
        throw new InputError(`${what} (${fmt(r.min)} to ${fmt(r.max)}) lies outside the plan's extent [0, ${this.width}] x [0, ${this.height}] m`);
      }
      if (!inRect(r, r.label)) throw new InputError(`${what}: label ${fmt(r.label)} is outside the room (${fmt(r.min)} to ${fmt(r.max)})`);
    }
    this.rooms = spec.rooms.slice();
    this.solids = this.walls.flatMap((w) => solidPieces(w, doors.filter((d) => d.wall === w.name && d.open)));
  }

  /** The same plan with some doors opened or closed: `{ name: open }`. Unknown names throw. */
  withDoors(state: Readonly<Record<string, boolean>>): FloorPlan {
    if (state === null || typeof state !== 'object' || Array.isArray(state)) {
      throw new InputError(`FloorPlan: withDoors takes { doorName: open }, got ${show(state)}`);
    }
    for (const name of Object.keys(state)) {
      this.door(name);
      checkBoolean(state[name], `FloorPlan: withDoors: door ${JSON.stringify(name)}`);
    }
    return new FloorPlan({
      ...this.spec,
      doors: this.spec.doors.map((d) => (Object.prototype.hasOwnProperty.call(state, d.name) ? { ...d, open: state[d.name] } : d)),
    });
  }

  /** The door named `name`; an unknown name is an `InputError` listing the doors. */
  door(name: string): Door {
    const d = this.doors.find((x) => x.name === name);
    if (!d) throw new InputError(`FloorPlan: no door named ${JSON.stringify(name)} (doors: ${this.doors.map((x) => x.name).join(', ')})`);
    return d;
  }

  /** The room named `name`; an unknown name is an `InputError` listing the rooms. */
  room(name: string): RoomSpec {
    const r = this.rooms.find((x) => x.name === name);
    if (!r) throw new InputError(`FloorPlan: no room named ${JSON.stringify(name)} (rooms: ${this.rooms.map((x) => x.name).join(', ')})`);
    return r;
  }

  /** The room whose rectangle holds p (the first listed, on a shared edge), or null. */
  roomAt(p: Point): RoomSpec | null {
    point(p, 'roomAt: p');
    return this.rooms.find((r) => inRect(r, p)) ?? null;
  }

  /** The opening of a door as a box the thickness of its wall: what closing it adds. */
  doorBox(name: string): Box {
    const d = this.door(name);
    const w = this.walls.find((x) => x.name === d.wall)!;
    return box(w, d.from, d.to);
  }

  /** Distance from p to the nearest solid wall (0 inside one); Infinity in a plan without walls. */
  clearance(p: Point): number {
    point(p, 'clearance: p');
    let best = Infinity;
    for (const b of this.solids) {
      const d = boxDistance(p, b);
      if (d < best) best = d;
    }
    return best;
  }
}

// --- the raster ---------------------------------------------------------------

/** Where a raster sits in metres: its south-west corner, its cell size, its size in cells. */
export interface RasterFrame {
  /** The raster's west edge, metres east of the plan's origin. */
  readonly x0: number;
  /** The raster's south edge, metres north of the plan's origin. */
  readonly y0: number;
  /** The side of a cell, metres. */
  readonly resolution: number;
  /** Cells across. */
  readonly width: number;
  /** Cells down. */
  readonly height: number;
}

/**
 * The cell holding the point p (metres). A point on a line between cells
 * belongs to the cell east / north of it, except on the frame's own east and
 * north edges, which belong to the last cell. Outside the frame: InputError.
 */
export function cellAt(frame: RasterFrame, p: Point): number {
  checkFrame(frame, 'cellAt');
  point(p, 'cellAt: point');
  const { x0, y0, resolution: r, width, height } = frame;
  const fx = (p.x - x0) / r, fy = (p.y - y0) / r;
  if (fx < 0 || fy < 0 || fx > width || fy > height) {
    throw new InputError(`cellAt: ${fmt(p)} m is outside the raster, which covers [${x0}, ${x0 + width * r}] x [${y0}, ${y0 + height * r}] m`);
  }
  const col = Math.min(width - 1, Math.floor(fx));
  const rowFromSouth = Math.min(height - 1, Math.floor(fy));
  // The flip: rows count from the north in the Grid.
  return (height - 1 - rowFromSouth) * width + col;
}

/** The centre of cell n in metres (x east, y north). */
export function cellCentre(frame: RasterFrame, n: number): Point {
  checkFrame(frame, 'cellCentre');
  const { x0, y0, resolution: r, width, height } = frame;
  if (!Number.isInteger(n) || n < 0 || n >= width * height) {
    throw new InputError(`cellCentre: cell must be an integer id in 0..${width * height - 1}, got ${show(n)}`);
  }
  const col = n % width, row = (n - col) / width;
  return { x: x0 + (col + 0.5) * r, y: y0 + (height - row - 0.5) * r };
}

/** The options of `new CSpace`; a bad value or an unknown key is an `InputError`. */
export interface RasterOptions {
  /** Cell side in metres. Default 0.5. */
  resolution?: number;
  /** Radius of the disc robot in metres. Default 0.25. */
  radius?: number;
  /** The part of the plan to raster (south-west and north-east corners, multiples of the resolution). Default: all of it. */
  region?: {
    /** South-west corner (metres). */
    readonly min: Point;
    /** North-east corner (metres). */
    readonly max: Point;
  };
  /** Cost of a diagonal step in cells. Default 1.4 (Choset's metric). */
  diagonalCost?: number;
  /** Default `no-corner-cutting`: see `CSpace`. */
  diagonalRule?: DiagonalRule;
}

// Two floats closer than this (metres) are the same distance: the boundary
// rule must not depend on how 0.05 happens to round.
/** @internal */
export const TOUCH = 1e-9;

/**
 * The configuration space of a disc robot, as a raster.
 *
 * The rule: cell n is blocked exactly when the disc of radius r centred on
 * the cell's centre overlaps a solid wall, that is when the exact distance
 * from the centre to the nearest wall box is **less than** r. A disc that
 * only touches a wall (distance = r, to within 1e-9 m of float noise) is
 * free: at r = 0.25, a centre 0.25 m from a wall is free and one 0.24 m
 * away is blocked.
 *
 * The grid is 8-connected with costs in metres: a step costs the cell size,
 * a diagonal 1.4 times that (Choset's 1/1.4 metric). The default diagonal
 * rule is `no-corner-cutting`: a free cell only promises that the disc fits
 * at its centre, and a diagonal step sweeps the disc past the corner it
 * shares with the two side cells, so both must be free. This keeps the robot
 * from shaving a door jamb the raster cannot see, and means a one-cell-wide
 * doorway is closed by blocking any one of its cells.
 *
 * @example
 * ```ts
 * const c = new CSpace(plan, { resolution: 0.5, radius: 0.25 });
 * const r = findPath(c.grid, c.cellAt({ x: 1, y: 1 }), c.cellAt({ x: 5, y: 3 }));
 * r.cost; // metres
 * ```
 */
export class CSpace implements RasterFrame {
  /** The floor plan rastered. */
  readonly plan: FloorPlan;
  /** The raster: a cell is blocked where the robot's disc, centred on it, would overlap a wall. */
  readonly grid: Grid;
  /** The robot's radius, metres. */
  readonly radius: number;
  /** The side of a cell, metres (the grid's `cellSize`). */
  readonly resolution: number;
  /** The raster's west edge, metres. */
  readonly x0: number;
  /** The raster's south edge, metres. */
  readonly y0: number;
  /** Cells across. */
  readonly width: number;
  /** Cells down. */
  readonly height: number;
  private readonly doorCache = new Map<string, number[]>();

  constructor(plan: FloorPlan, options: RasterOptions = {}) {
    const { radius, frame } = rasterSetup(plan, options, 'CSpace', RASTER_KEYS);
    this.plan = plan;
    this.radius = radius;
    this.resolution = frame.resolution;
    this.x0 = frame.x0;
    this.y0 = frame.y0;
    this.width = frame.width;
    this.height = frame.height;
    const cells = new Uint8Array(frame.width * frame.height);
    const solids = plan.solids, res = frame.resolution, reach = radius - TOUCH;
    // Row by row from the north (cellCentre's arithmetic without its checks); a cell is blocked by the first
    // wall closer than r, which is the same as its clearance being less than r, without measuring the rest.
    for (let row = 0, n = 0; row < frame.height; row++) {
      const cy = frame.y0 + (frame.height - row - 0.5) * res;
      for (let col = 0; col < frame.width; col++, n++) {
        const cx = frame.x0 + (col + 0.5) * res;
        for (let i = 0; i < solids.length; i++) {
          if (boxDistanceXY(cx, cy, solids[i]) < reach) { cells[n] = 1; break; }
        }
      }
    }
    this.grid = rasterGrid(frame, cells, options);
  }

  /** The cell holding p (metres). */
  cellAt(p: Point): number { return cellAt(this, p); }
  /** The centre of cell n (metres). */
  centre(n: number): Point { return cellCentre(this, n); }

  /**
   * The cells of a door: those free while it is open and blocked while it
   * is shut (the disc would overlap the closed leaf), whatever its state now.
   * Blocking them is exactly closing the door.
   */
  doorCells(name: string): number[] {
    const cached = this.doorCache.get(name);
    if (cached) return cached.slice();
    const b = this.plan.doorBox(name);
    const open = this.plan.door(name).open ? this.plan : this.plan.withDoors({ [name]: true });
    const out: number[] = [];
    for (let n = 0; n < this.grid.size; n++) {
      const c = this.centre(n);
      if (boxDistance(c, b) < this.radius - TOUCH && !(open.clearance(c) < this.radius - TOUCH)) out.push(n);
    }
    this.doorCache.set(name, out);
    return out.slice();
  }

  /** The room holding the centre of cell n, or null (walls, doorways between rooms). */
  roomOf(n: number): string | null {
    return this.plan.roomAt(this.centre(n))?.name ?? null;
  }
}

/**
 * What every raster of a floor plan checks and works out the same way (the
 * disc's `CSpace`, the footprint's `FootprintSlices`): the options' keys,
 * the resolution, the radius when `keys` has one, and the region as a whole
 * number of cells. `where` names the class in the messages.
 * @internal
 */
export function rasterSetup(plan: FloorPlan, options: RasterOptions, where: string, keys: readonly string[]): { radius: number; frame: RasterFrame } {
  if (!(plan instanceof FloorPlan)) throw new InputError(`${where}: plan must be a FloorPlan (new FloorPlan(spec)), got ${show(plan)}`);
  checkKeys(options, keys, where);
  // An option given as null is refused like any other wrong value (never read as "not given").
  const res = options.resolution === undefined ? 0.5 : options.resolution;
  if (typeof res !== 'number' || !Number.isFinite(res) || res <= 0) {
    throw new InputError(`${where}: resolution must be a finite number of metres > 0, got ${show(res)}`);
  }
  const radius = options.radius === undefined ? 0.25 : options.radius;
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius < 0) {
    throw new InputError(`${where}: radius must be a finite number of metres >= 0, got ${show(radius)}`);
  }
  const region = options.region === undefined ? { min: { x: 0, y: 0 }, max: { x: plan.width, y: plan.height } } : options.region;
  checkShape(region, ['min', 'max'], `${where}: region`, '{ min, max }');
  point(region.min, `${where}: region.min`);
  point(region.max, `${where}: region.max`);
  if (region.min.x < 0 || region.min.y < 0 || region.max.x > plan.width || region.max.y > plan.height || !(region.min.x < region.max.x && region.min.y < region.max.y)) {
    throw new InputError(`${where}: region ${fmt(region.min)} to ${fmt(region.max)} must be a non-empty rectangle inside the plan [0, ${plan.width}] x [0, ${plan.height}] m`);
  }
  const cols = cellsAcross(region.max.x - region.min.x, res, 'width', where);
  const rows = cellsAcross(region.max.y - region.min.y, res, 'height', where);
  if (cols * rows > MAX_RASTER_CELLS) {
    throw new InputError(`${where}: resolution ${res} m makes a raster of ${cols} x ${rows} = ${cols * rows} cells, more than the ${MAX_RASTER_CELLS} (2^24, 4096 x 4096) allowed; use a coarser resolution or a smaller region`);
  }
  return { radius, frame: { x0: region.min.x, y0: region.min.y, resolution: res, width: cols, height: rows } };
}

/**
 * The searchable raster: 8-connected, costs in metres, the diagonal rule
 * and cost of the options (defaults `no-corner-cutting` and 1.4).
 * @internal
 */
export function rasterGrid(frame: RasterFrame, cells: Uint8Array, options: Pick<RasterOptions, 'diagonalCost' | 'diagonalRule'>): Grid {
  return new Grid(frame.width, frame.height, cells, {
    connectivity: 8,
    diagonalRule: options.diagonalRule === undefined ? 'no-corner-cutting' : options.diagonalRule,
    diagonalCost: options.diagonalCost === undefined ? 1.4 : options.diagonalCost,
    cellSize: frame.resolution,
  });
}

// --- helpers ---------------------------------------------------------------------

function cellsAcross(metres: number, res: number, what: string, where: string): number {
  const n = Math.round(metres / res);
  if (n < 1 || Math.abs(n * res - metres) > 1e-9 * Math.max(1, metres)) {
    throw new InputError(`${where}: the region's ${what} ${metres} m is not a whole number of ${res} m cells`);
  }
  return n;
}

function wallLength(w: WallSpec): number {
  return Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y);
}

/** Signed position of p's projection along w, metres from a. */
function along(w: WallSpec, p: Point): number {
  const L = wallLength(w);
  return ((p.x - w.a.x) * (w.b.x - w.a.x) + (p.y - w.a.y) * (w.b.y - w.a.y)) / L;
}

/** Distance from p to w's centre segment. */
function offLine(w: WallSpec, p: Point): number {
  const L = wallLength(w);
  const t = Math.max(0, Math.min(L, along(w, p)));
  const qx = w.a.x + ((w.b.x - w.a.x) * t) / L, qy = w.a.y + ((w.b.y - w.a.y) * t) / L;
  return Math.hypot(p.x - qx, p.y - qy);
}

/** The part of w from `from` to `to` metres along it, as a box. */
function box(w: WallSpec, from: number, to: number): Box {
  const L = wallLength(w);
  const ux = (w.b.x - w.a.x) / L, uy = (w.b.y - w.a.y) / L;
  const mid = (from + to) / 2;
  return { cx: w.a.x + ux * mid, cy: w.a.y + uy * mid, ux, uy, halfLength: (to - from) / 2, halfThickness: w.thickness / 2 };
}

/** A wall minus its open doors. */
function solidPieces(w: WallSpec, open: readonly Door[]): Box[] {
  const cuts = open.map((d) => [d.from, d.to] as const).sort((p, q) => p[0] - q[0]);
  const out: Box[] = [];
  let at = 0;
  for (const [from, to] of cuts) {
    if (from > at + ON_LINE) out.push(box(w, at, from));
    at = Math.max(at, to);
  }
  const L = wallLength(w);
  if (L > at + ON_LINE) out.push(box(w, at, L));
  return out;
}

function inRect(r: { min: Point; max: Point }, p: Point): boolean {
  return p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y;
}

/** Throws unless `o` is an object with no fields beyond `allowed`; `shape` says what was expected. */
function checkShape(o: unknown, allowed: readonly string[], where: string, shape: string): void {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new InputError(`${where} must be ${shape}, got ${show(o)}`);
  checkKeys(o, allowed, where, 'field');
}

/** Throws unless the frame's numbers can place a cell: finite origin, resolution > 0, whole sizes >= 1. */
function checkFrame(f: RasterFrame, where: string): void {
  if (f === null || typeof f !== 'object' || !Number.isFinite(f.x0) || !Number.isFinite(f.y0) || !(f.resolution > 0 && f.resolution < Infinity)
    || !Number.isInteger(f.width) || f.width < 1 || !Number.isInteger(f.height) || f.height < 1) {
    throw new InputError(`${where}: frame must be a raster frame { x0, y0, resolution > 0, width, height } (a CSpace is one), got ${show(f)}`);
  }
}

/**
 * Throws unless p is a point { x, y } of finite metres; `what` names it in the message.
 * @internal
 */
export function point(p: Point, what: string): void {
  if (p === null || typeof p !== 'object' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) {
    throw new InputError(`${what} must be a point { x, y } of finite metres, got ${p !== null && typeof p === 'object' ? `{ x: ${show(p.x)}, y: ${show(p.y)} }` : show(p)}`);
  }
}

function positiveMetres(v: number, what: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new InputError(`${what} must be a finite number of metres > 0, got ${show(v)}`);
  return v;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** "(x, y)" in metres, for messages. */
export function fmt(p: Point): string {
  return `(${round(p.x)}, ${round(p.y)})`;
}
