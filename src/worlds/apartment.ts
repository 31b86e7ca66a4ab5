import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { CSpace, FloorPlan, type DoorSpec, type FloorPlanSpec, type Point, type RoomSpec, type WallSpec } from '../cspace/cspace.js';
import type { Grid } from '../grid/grid.js';
import { type Heuristic } from '../core/heuristic.js';
import { octile } from '../grid/heuristics.js';

/**
 * The Apartment, Rusty's world: 12 m x 8 m, metres with x east and y north
 * from the south-west outer corner (wall centre lines shown).
 *
 *   y=8  +---------------------------+--------------------------------+
 *        |  bedroom                  |  kitchen                       |
 *   y=5  +--bw-----be----------------+--------------k-----------------+
 *        |  corridor (1.5 m, along the south rooms)                    |
 *   y=3.5+--aw-----ae------+---------------bd------+--------ba--------+
 *        |  room A         |  room B               |  bath            |
 *   y=0  +-----------------+-----------------------+------------------+
 *       x=0               x=5                     x=9                x=12
 *
 * Outer walls are 0.2 m thick, inner walls 0.1 m, all on whole or half
 * metres, so each wall blocks two rows (or columns) of 0.5 m cells. Doors
 * are 0.9 m openings centred on cell centres (k/2 + 1/4 m): at this
 * resolution each is exactly one cell wide and two deep, and closing any
 * one of its cells closes it.
 *
 * What the chapter relies on (and the tests check):
 * - room A and room B share the wall x = 5 with no door in it: Rusty driving
 *   straight from room A at the goal in room B wedges 2.2 m from it, and the
 *   nearest doorway (A east) is about 2 m behind and to its left;
 * - room A has two doors onto the corridor and the bedroom two doors off it,
 *   facing each other across the corridor, so closing the door on a plan
 *   from room A to the bedroom leaves another way;
 * - the corridor is narrow (one row of free cells), which puts a doorway at
 *   the middle of most plans from room A to the bedroom.
 */

const OUTER = 0.2;
const INNER = 0.1;
const DOOR = 0.9;

const p = (x: number, y: number): Point => ({ x, y });

/** The Apartment's nine walls: four outer (0.2 m), five inner (0.1 m). */
export const APARTMENT_WALLS: readonly WallSpec[] = [
  { name: 'outer south', a: p(0, 0), b: p(12, 0), thickness: OUTER },
  { name: 'outer east', a: p(12, 0), b: p(12, 8), thickness: OUTER },
  { name: 'outer north', a: p(12, 8), b: p(0, 8), thickness: OUTER },
  { name: 'outer west', a: p(0, 8), b: p(0, 0), thickness: OUTER },
  { name: 'A|B', a: p(5, 0), b: p(5, 3.5), thickness: INNER },
  { name: 'B|bath', a: p(9, 0), b: p(9, 3.5), thickness: INNER },
  { name: 'south rooms|corridor', a: p(0, 3.5), b: p(12, 3.5), thickness: INNER },
  { name: 'corridor|north rooms', a: p(0, 5), b: p(12, 5), thickness: INNER },
  { name: 'bedroom|kitchen', a: p(6, 5), b: p(6, 8), thickness: INNER },
];

/** The Apartment's seven doors, all 0.9 m wide and open. */
export const APARTMENT_DOORS: readonly DoorSpec[] = [
  { name: 'A west', at: p(1.25, 3.5), width: DOOR },
  { name: 'A east', at: p(3.25, 3.5), width: DOOR },
  { name: 'B', at: p(7.25, 3.5), width: DOOR },
  { name: 'bath', at: p(10.75, 3.5), width: DOOR },
  { name: 'bedroom west', at: p(1.25, 5), width: DOOR },
  { name: 'bedroom east', at: p(3.25, 5), width: DOOR },
  { name: 'kitchen', at: p(8.75, 5), width: DOOR },
];

/** The Apartment's six rooms (the corridor is one). */
export const APARTMENT_ROOMS: readonly RoomSpec[] = [
  { name: 'room A', min: p(0, 0), max: p(5, 3.5), label: p(2.5, 1.75) },
  { name: 'room B', min: p(5, 0), max: p(9, 3.5), label: p(7, 1.75) },
  { name: 'bath', min: p(9, 0), max: p(12, 3.5), label: p(10.5, 1.75) },
  { name: 'corridor', min: p(0, 3.5), max: p(12, 5), label: p(6, 4.25) },
  { name: 'bedroom', min: p(0, 5), max: p(6, 8), label: p(3, 6.5) },
  { name: 'kitchen', min: p(6, 5), max: p(12, 8), label: p(9, 6.5) },
];

/** The whole Apartment as a `FloorPlanSpec`: 12 m x 8 m, with the walls, doors and rooms above. */
export const APARTMENT_SPEC: FloorPlanSpec = { width: 12, height: 8, walls: APARTMENT_WALLS, doors: APARTMENT_DOORS, rooms: APARTMENT_ROOMS };

/** Rusty's default start in room A (a cell centre). */
export const START_A: Point = p(1.75, 1.25);
/** The goal in room B the naive controller drives at. */
export const GOAL_B: Point = p(6.25, 2.75);
/** The integration lab's goal in the bedroom. */
export const GOAL_BEDROOM: Point = p(1.25, 6.75);

/** Cell size of the chapter's raster, metres. */
export const RESOLUTION = 0.5;
/** Radius of Rusty's disc, metres. */
export const RADIUS = 0.25;

/** A room as the page draws it: name, label point in metres and its cell. */
export interface RoomInfo {
  /** The room's name. */
  name: string;
  /** Where its label goes, metres. */
  label: Point;
  /** The cell holding `label`. */
  labelCell: number;
  /** South-west corner, metres. */
  min: Point;
  /** North-east corner, metres. */
  max: Point;
}

/** A door as the page draws it: name, centre in metres, open or not, and the cells that closing it blocks. */
export interface DoorInfo {
  /** The door's name. */
  name: string;
  /** The opening's centre, metres. */
  at: Point;
  /** The opening's width, metres. */
  width: number;
  /** Whether it is open in this world. */
  open: boolean;
  /** The wall it is in. */
  wall: string;
  /** The cells closing it blocks (see `CSpace.doorCells`). */
  cells: number[];
}

/** One of the Apartment's worlds: the plan, its raster, the query, and what the page draws. */
export interface ApartmentWorld {
  /** The floor plan, with the world's doors closed. */
  plan: FloorPlan;
  /** The plan rastered at `RESOLUTION` for a disc of `RADIUS`. */
  cspace: CSpace;
  /** `cspace.grid`: 8-connected, no corner cutting, costs in metres (0.5 a step, 0.7 a diagonal). */
  grid: Grid;
  /** The start cell (room A). */
  start: number;
  /** The goal cell. */
  goal: number;
  /** Octile distance on `grid`. */
  h: Heuristic;
  /** The rooms inside the raster. */
  rooms: RoomInfo[];
  /** The doors inside the raster. */
  doors: DoorInfo[];
}

/** The floor plan, with any doors closed by name (an unknown name is an `InputError`). */
export function apartmentPlan(closed: readonly string[] = []): FloorPlan {
  if (!Array.isArray(closed)) throw new InputError(`apartmentPlan: closed must be an array of door names, got ${show(closed)}`);
  // Names only: a symbol would vanish from Object.fromEntries below, and ['kitchen'] would pass as 'kitchen'.
  closed.forEach((n, i) => {
    if (typeof n !== 'string') throw new InputError(`apartmentPlan: closed[${i}] must be a door's name, got ${show(n)}`);
  });
  const plan = new FloorPlan(APARTMENT_SPEC);
  return closed.length === 0 ? plan : plan.withDoors(Object.fromEntries(closed.map((n) => [n, false])));
}

/**
 * The whole Apartment at 0.5 m cells for the 0.25 m disc: 24 x 16 cells,
 * start in room A, goal in the bedroom (the integration lab's query).
 * `closed` names doors to shut.
 *
 * @example
 * ```ts
 * const w = apartmentWorld({ closed: ['A west'] });
 * const r = findPath(w.grid, w.start, w.goal);
 * r.cost; doorsOnPath(w, r.path); // 7.5 m (5.7 with the door open), ['A east', 'bedroom east']
 * ```
 */
export function apartmentWorld(options: { closed?: readonly string[] } = {}): ApartmentWorld {
  checkKeys(options, ['closed'], 'apartmentWorld');
  const plan = apartmentPlan(options.closed === undefined ? [] : options.closed);
  const cspace = new CSpace(plan, { resolution: RESOLUTION, radius: RADIUS });
  return describe(plan, cspace, START_A, GOAL_BEDROOM);
}

/**
 * The Search Theater's world: the south rooms and the corridor, y from 0 to
 * 5 m (24 x 10 cells), with the doors to the north rooms shut so the top
 * row is wall. Start in room A, goal in room B: the naive controller's query.
 */
export function southRoomsWorld(): ApartmentWorld {
  const plan = apartmentPlan(['bedroom west', 'bedroom east', 'kitchen']);
  const cspace = new CSpace(plan, { resolution: RESOLUTION, radius: RADIUS, region: { min: p(0, 0), max: p(12, 5) } });
  return describe(plan, cspace, START_A, GOAL_B);
}

function describe(plan: FloorPlan, cspace: CSpace, start: Point, goal: Point): ApartmentWorld {
  const grid = cspace.grid;
  return {
    plan,
    cspace,
    grid,
    start: cspace.cellAt(start),
    goal: cspace.cellAt(goal),
    h: octile(grid),
    // Only what the raster shows: the south world leaves out the north rooms and their doors.
    rooms: plan.rooms.filter((r) => inside(cspace, r.label)).map((r) => ({ name: r.name, label: r.label, labelCell: cspace.cellAt(r.label), min: r.min, max: r.max })),
    doors: plan.doors.filter((d) => inside(cspace, d.at, false)).map((d) => ({ name: d.name, at: d.at, width: d.width, open: d.open, wall: d.wall, cells: cspace.doorCells(d.name) })),
  };
}


/** q within the raster's rectangle; with `edges` false, a door on the rectangle's edge (leading out of it) is not. */
function inside(c: CSpace, q: Point, edges = true): boolean {
  const x1 = c.x0 + c.width * c.resolution, y1 = c.y0 + c.height * c.resolution;
  return edges
    ? q.x >= c.x0 && q.y >= c.y0 && q.x <= x1 && q.y <= y1
    : q.x > c.x0 && q.y > c.y0 && q.x < x1 && q.y < y1;
}
