import { astar } from '../search/best-first.js';
import { CSpace, fmt, type Point } from '../cspace/cspace.js';
import { DStarLite, type RepairStats } from '../repair/dstar-lite.js';
import { InputError, show } from '../core/errors.js';
import { directionOf, Grid } from '../grid/grid.js';
import { octile } from '../grid/heuristics.js';
import { checkKeys } from '../core/input-checks.js';
import { cheapestTo } from '../core/space.js';
import { apartmentWorld, southRoomsWorld, type ApartmentWorld } from './apartment.js';

// --- small path tools -------------------------------------------------------------

/** Cost of each prefix of a path on `grid`: out[i] = cost from path[0] to path[i], summed as `pathCost` sums it. Throws on a non-step. */
export function prefixCosts(grid: Grid, path: readonly number[]): number[] {
  checkCellPath(grid, path, 'prefixCosts');
  const nodes = new Int32Array(grid.maxDegree), costs = new Float64Array(grid.maxDegree);
  const out = [0];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1], b = path[i];
    const c = cheapestTo(nodes, costs, grid.successors(a, nodes, costs), b);
    if (c === Infinity) throw new InputError(`no step from ${grid.formatXY(a)} to ${grid.formatXY(b)} on this grid`);
    out.push(out[i - 1] + c);
  }
  return out;
}

/**
 * The cell of a path about halfway along: the one whose cost from the
 * start is nearest half the path's cost (the earlier one on a tie).
 */
export function halfwayIndex(grid: Grid, path: readonly number[]): number {
  checkCellPath(grid, path, 'halfwayIndex');
  if (path.length === 0) throw new InputError('halfwayIndex: path is empty; an empty path has no cell halfway along');
  const acc = prefixCosts(grid, path);
  const half = acc[acc.length - 1] / 2;
  let best = 0;
  for (let i = 1; i < acc.length; i++) if (Math.abs(acc[i] - half) < Math.abs(acc[best] - half) - 1e-9) best = i;
  return best;
}

/** The door each door cell belongs to. */
function doorIndex(world: ApartmentWorld): Map<number, string> {
  const m = new Map<number, string>();
  for (const d of world.doors) for (const c of d.cells) m.set(c, d.name);
  return m;
}

/** The doors a path goes through, in order, each once. */
export function doorsOnPath(world: ApartmentWorld, path: readonly number[]): string[] {
  checkWorld(world, 'doorsOnPath');
  checkCellPath(world.grid, path, 'doorsOnPath');
  const at = doorIndex(world), out: string[] = [];
  for (const c of path) {
    const d = at.get(c);
    if (d !== undefined && out[out.length - 1] !== d) out.push(d);
  }
  return out;
}

/** Throws unless `path` is an array of cell ids of `grid`. */
function checkCellPath(grid: Grid, path: readonly number[], where: string): void {
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
  if (!Array.isArray(path)) throw new InputError(`${where}: path must be an array of cell ids, got ${show(path)}`);
  path.forEach((n, i) => {
    if (!Number.isInteger(n) || n < 0 || n >= grid.size) throw new InputError(`${where}: path[${i}] must be a cell id in 0..${grid.size - 1}, got ${show(n)}`);
  });
}

/** Throws unless `world` has what the Apartment's tools read: a Grid, its CSpace, and doors with their cells. */
function checkWorld(world: Pick<ApartmentWorld, 'grid' | 'cspace' | 'doors'>, where: string): void {
  if (world === null || typeof world !== 'object') throw new InputError(`${where}: world must be an ApartmentWorld (apartmentWorld() makes one), got ${show(world)}`);
  if (!(world.grid instanceof Grid)) throw new InputError(`${where}: world.grid must be a Grid, got ${show(world.grid)}`);
  if (!(world.cspace instanceof CSpace)) throw new InputError(`${where}: world.cspace must be a CSpace, got ${show(world.cspace)}`);
  if (!Array.isArray(world.doors) || !world.doors.every((d) => d !== null && typeof d === 'object' && Array.isArray(d.cells) && typeof d.at === 'object' && d.at !== null)) {
    throw new InputError(`${where}: world.doors must be an array of doors { name, at, cells }, got ${show(world.doors)}`);
  }
}

// --- the naive controller ------------------------------------------------------------

/** Where the naive controller got to. */
export interface NaiveResult {
  /** Cells driven through, start first. */
  path: number[];
  /** Where it stopped: the goal, or the cell it wedged in. */
  stop: number;
  /** The centre of `stop`, metres. */
  stopPoint: Point;
  /** Whether it reached the goal. */
  reached: boolean;
  /** The blocked cell it tried to drive into, or -1 at the goal. */
  blockedBy: number;
  /** Straight-line distance from the stop to the goal, metres (through the plaster). */
  distance: number;
  /** The door nearest the stop, and where it lies as Rusty sees it (degrees from its heading, + to the left). */
  nearestDoor: {
    /** The door's name. */
    name: string;
    /** From the stop to the door's centre, metres. */
    distance: number;
    /** Degrees from Rusty's heading, positive to the left, in -180..180. */
    relativeBearing: number;
  } | null;
}

/**
 * The first controller anyone writes: look at the goal, drive at it. Each
 * step takes the one of the 8 headings nearest the bearing from the cell's
 * centre to the goal's (in metres, y north); when that step is blocked
 * (or not allowed by the grid's diagonal rule) Rusty is wedged and stops.
 * Each step shortens the distance (the heading is within 22.5 degrees of
 * the bearing and the goal is at least a cell away), so it cannot cycle.
 */
export function naiveController(world: Pick<ApartmentWorld, 'grid' | 'cspace' | 'doors'>, start: number, goal: number): NaiveResult {
  checkWorld(world, 'naiveController');
  const { grid, cspace } = world;
  grid.checkEndpoint(start, 'naiveController: start');
  grid.checkEndpoint(goal, 'naiveController: goal');
  const g = cspace.centre(goal);
  const path = [start];
  let at = start, blockedBy = -1, heading = 0;
  while (at !== goal && path.length <= grid.size) {
    const c = cspace.centre(at);
    heading = Math.atan2(g.y - c.y, g.x - c.x);
    const octant = ((Math.round(heading / (Math.PI / 4)) % 8) + 8) % 8;
    const dx = Math.round(Math.cos((octant * Math.PI) / 4));
    const dy = -Math.round(Math.sin((octant * Math.PI) / 4)); // north is up: rows count down
    if (grid.stepCost(at, directionOf(dx, dy)) < 0) {
      const nx = grid.x(at) + dx, ny = grid.y(at) + dy;
      blockedBy = grid.inside(nx, ny) ? grid.id(nx, ny) : -1;
      break;
    }
    at += dy * grid.width + dx;
    path.push(at);
  }
  const stopPoint = cspace.centre(at);
  let nearestDoor: NaiveResult['nearestDoor'] = null;
  for (const d of world.doors) {
    const dist = Math.hypot(d.at.x - stopPoint.x, d.at.y - stopPoint.y);
    if (nearestDoor === null || dist < nearestDoor.distance) {
      let rel = (Math.atan2(d.at.y - stopPoint.y, d.at.x - stopPoint.x) - heading) * (180 / Math.PI);
      rel = ((rel + 540) % 360) - 180;
      nearestDoor = { name: d.name, distance: dist, relativeBearing: rel };
    }
  }
  return {
    path, stop: at, stopPoint, reached: at === goal, blockedBy,
    distance: Math.hypot(g.x - stopPoint.x, g.y - stopPoint.y),
    nearestDoor,
  };
}

/** The chapter's opening: Rusty in room A, the goal in room B, on the south rooms' raster. */
export function naiveOpening(): NaiveResult & {
  /** The south rooms' world it ran in. */
  world: ApartmentWorld;
} {
  const world = southRoomsWorld();
  return { ...naiveController(world, world.start, world.goal), world };
}

// --- the halfway property ----------------------------------------------------------------

/** What `halfwayDoorways` counted. */
export interface HalfwayStats {
  /** Starts tried: every free cell of room A that is not in a doorway. */
  starts: number;
  /** Starts whose plan to the goal has its halfway cell in a doorway. */
  inDoorway: number;
  /** inDoorway / starts (0 without starts). */
  fraction: number;
  /** How many halfway cells fell in each door. */
  byDoor: Record<string, number>;
}

/** Over every start in room A: how often the A* plan to the bedroom goal has a doorway at its middle. */
export function halfwayDoorways(world: ApartmentWorld = apartmentWorld(), goal: number = world?.goal): HalfwayStats {
  checkWorld(world, 'halfwayDoorways');
  const { grid, cspace } = world;
  const doors = doorIndex(world);
  let starts = 0, inDoorway = 0;
  const byDoor: Record<string, number> = {};
  for (let s = 0; s < grid.size; s++) {
    if (grid.isBlocked(s) || doors.has(s) || cspace.roomOf(s) !== 'room A') continue;
    const r = astar(grid, s, goal, world.h);
    if (r.path === null) continue;
    starts++;
    const d = doors.get(r.path[halfwayIndex(grid, r.path)]);
    if (d !== undefined) { inDoorway++; byDoor[d] = (byDoor[d] ?? 0) + 1; }
  }
  return { starts, inDoorway, fraction: starts === 0 ? 0 : inDoorway / starts, byDoor };
}

// --- a door closes en route ------------------------------------------------------------------

/**
 * The closures chosen on the plan, besides a door by name: its halfway cell,
 * a cell of it deep in Rusty's room, or one of its corridor cells.
 */
export const CLOSURES = ['halfway', 'room', 'corridor'] as const;
const SCENARIO_KEYS = ['closeAt', 'closure', 'start', 'goal'] as const;
/** One of `CLOSURES`. */
export type ClosureKind = (typeof CLOSURES)[number];

/** The options of `doorClosesScenario`; a bad value or an unknown key is an `InputError`. */
export interface DoorScenarioOptions {
  /** The step (cells driven) at which the closure happens. Default 1. */
  closeAt?: number;
  /** `halfway` (default), `room`, `corridor`, or the name of a door (all its cells close). */
  closure?: string;
  /** Default: the world's start (room A). */
  start?: number;
  /** Default: the world's goal (the bedroom). */
  goal?: number;
}

/** One step of the drive, as the D* Replanner widget replays it. */
export interface ReplanStep {
  /** Cells driven so far (0 at the start). */
  step: number;
  /** Where Rusty stands. */
  robot: number;
  /** What Rusty plans from here with what it knows: robot first, goal last (empty if unreachable). */
  plan: number[];
  /** D* Lite's g(robot): the remaining cost as Rusty knows the map, metres. */
  cost: number;
  /** A from-scratch A* from the robot on the same map: its cost and expansions. */
  freshCost: number;
  /** That A*'s expansions. */
  freshExpansions: number;
  /** At a repair: the pops of a from-scratch D* Lite from the robot on the same map (the same backward search, redone); else 0. */
  freshDStarPops: number;
  /** Cells that closed in the world at this step. */
  closed: number[];
  /** Cells Rusty noticed at this step (it is next to them) and told D* Lite about. */
  noticed: number[];
  /** The repair's work at this step, when there was one. */
  repair: RepairStats | null;
  /** The vertices that repair touched (the blue footprint). */
  footprint: number[];
}

/** The whole drive of `doorClosesScenario`, step by step, with the numbers the chapter quotes. */
export interface DoorScenario {
  /** The Apartment as it was at the start (its doors open). */
  world: ApartmentWorld;
  /** The start cell. */
  start: number;
  /** The goal cell. */
  goal: number;
  /** What closed. */
  closure: {
    /** The `closure` option: a `ClosureKind` or a door's name. */
    kind: string;
    /** The cells that became blocked. */
    cells: number[];
    /** The door those cells belong to, or null. */
    door: string | null;
  };
  /** The step at which they closed. */
  closeAt: number;
  /** The A* plan before anything closed, start to goal. */
  initialPlan: number[];
  /** Its cost, metres. */
  initialCost: number;
  /** The A* expansions it took. */
  initialExpansions: number;
  /** The doors it goes through, in order. */
  initialDoors: string[];
  /** Every step of the drive. */
  steps: ReplanStep[];
  /** The whole drive, start to goal. */
  driven: number[];
  /** Its cost, metres. */
  drivenCost: number;
  /** The step at which Rusty noticed, or -1 if it never came near the closure. */
  noticeStep: number;
  /** At the notice step: the repaired plan, its cost, the repair's work, and a fresh A*'s from the same cell. */
  repairedPlan: number[];
  /** The repaired plan's cost, metres (Infinity if no way is left). */
  repairedCost: number;
  /** The repair's work, or null if Rusty never noticed. */
  repair: RepairStats | null;
  /** A fresh A*'s expansions from the same cell. */
  freshExpansions: number;
  /** A fresh D* Lite's pops from the same cell. */
  freshDStarPops: number;
  /** Doors on the driven path after the notice. */
  doorsAfter: string[];
}

/**
 * The integration lab: A* plans from room A to the bedroom (octile h,
 * 1/1.4 metric in metres); Rusty drives the plan cell by cell with D* Lite
 * on its own copy of the map. At step `closeAt` the closure's cells become
 * blocked in the world; Rusty notices when it is next to one (8-neighbour),
 * blocks it in its map, D* Lite repairs, and it drives on. Every step
 * records the plan, D* Lite's remaining cost and a fresh A*'s on the same
 * map, so a test can hold them equal.
 */
export function doorClosesScenario(options: DoorScenarioOptions = {}): DoorScenario {
  checkKeys(options, SCENARIO_KEYS, 'doorClosesScenario');
  if (options.closure !== undefined && typeof options.closure !== 'string') {
    throw new InputError(`doorClosesScenario: closure must be one of ${CLOSURES.join(', ')} or a door's name, got ${show(options.closure)}`);
  }
  const world = apartmentWorld();
  const { grid, cspace } = world;
  // An option given as null is refused like any other wrong value (never read as "not given").
  const start = options.start === undefined ? world.start : options.start, goal = options.goal === undefined ? world.goal : options.goal;
  grid.checkEndpoint(start, 'doorClosesScenario: start');
  grid.checkEndpoint(goal, 'doorClosesScenario: goal');
  const h = octile(grid);
  const first = astar(grid, start, goal, h);
  if (first.path === null) throw new InputError(`doorClosesScenario: no path from ${grid.formatXY(start)} to ${grid.formatXY(goal)}`);
  const initialPlan = first.path;

  const closeAt = options.closeAt === undefined ? 1 : options.closeAt;
  if (!Number.isInteger(closeAt) || closeAt < 0 || closeAt >= initialPlan.length - 1) {
    throw new InputError(`closeAt must be an integer step in 0..${initialPlan.length - 2} (the plan has ${initialPlan.length - 1} steps), got ${show(closeAt)}`);
  }
  const kind = options.closure ?? 'halfway';
  const cells = closureCells(world, initialPlan, kind, closeAt);
  if (cells.includes(goal)) throw new InputError(`closure ${JSON.stringify(kind)} would block the goal ${grid.formatXY(goal)}`);
  const reach = initialPlan.findIndex((c) => cells.includes(c));
  if (reach >= 0 && reach <= closeAt) {
    throw new InputError(`closeAt ${closeAt}: Rusty is already past the closure (it reaches ${grid.formatXY(initialPlan[reach])} at step ${reach}); choose 0..${reach - 1}`);
  }

  const truth = grid.with({}); // the world as it is
  const known = grid.with({}); // the world as Rusty knows it
  const dstar = new DStarLite(known, start, goal, h);
  dstar.computeShortestPath();
  const hKnown = octile(known);

  const steps: ReplanStep[] = [];
  const driven = [start];
  let robot = start, noticeStep = -1, repair: RepairStats | null = null;
  let repairedPlan: number[] = [], repairedCost = Infinity, freshExpansions = 0, freshDStarPopsAtNotice = 0;
  for (let step = 0; ; step++) {
    const closed: number[] = [];
    if (step === closeAt) for (const c of cells) { truth.setBlocked(c, true); closed.push(c); }
    const noticed = cells.filter((c) => truth.isBlocked(c) && !known.isBlocked(c) && adjacent(grid, robot, c));
    let stats: RepairStats | null = null, footprint: number[] = [];
    if (noticed.length > 0) {
      // D* Lite learns of Rusty's edits to the map it knows from the grid itself.
      for (const c of noticed) known.setBlocked(c, true);
      stats = dstar.updateEdges();
      footprint = Array.from(dstar.footprint());
    }
    const cost = dstar.costToGoal();
    const plan = dstar.path() ?? [];
    const fresh = astar(known, robot, goal, hKnown);
    const freshDStarPops = stats === null ? 0 : new DStarLite(known, robot, goal, hKnown).computeShortestPath();
    steps.push({ step, robot, plan, cost, freshCost: fresh.cost, freshExpansions: fresh.expansions, freshDStarPops, closed, noticed, repair: stats, footprint });
    if (stats !== null && noticeStep < 0) {
      noticeStep = step; repair = stats; repairedPlan = plan; repairedCost = cost;
      freshExpansions = fresh.expansions; freshDStarPopsAtNotice = freshDStarPops;
    }
    if (robot === goal || cost === Infinity) break;
    const next = dstar.nextStep();
    if (next === null) break;
    if (truth.isBlocked(next)) throw new Error(`doorClosesScenario: Rusty drove into ${grid.formatXY(next)} without noticing it was closed`);
    dstar.moveTo(next);
    robot = next;
    driven.push(robot);
  }
  return {
    world, start, goal,
    closure: { kind, cells, door: cspace.plan.doors.some((d) => d.name === kind) ? kind : world.doors.find((d) => cells.every((c) => d.cells.includes(c)))?.name ?? null },
    closeAt, initialPlan, initialCost: first.cost, initialExpansions: first.expansions,
    initialDoors: doorsOnPath(world, initialPlan),
    steps, driven, drivenCost: prefixCosts(grid, driven)[driven.length - 1],
    noticeStep, repairedPlan, repairedCost, repair, freshExpansions, freshDStarPops: freshDStarPopsAtNotice,
    doorsAfter: noticeStep < 0 ? [] : doorsOnPath(world, driven.slice(noticeStep)),
  };
}

function adjacent(grid: Grid, a: number, b: number): boolean {
  return Math.abs(grid.x(a) - grid.x(b)) <= 1 && Math.abs(grid.y(a) - grid.y(b)) <= 1;
}

/** The cells a closure blocks, chosen on the initial plan (ahead of where Rusty is at `closeAt`). */
function closureCells(world: ApartmentWorld, plan: readonly number[], kind: string, closeAt: number): number[] {
  const { grid, cspace, plan: floor } = world;
  if (floor.doors.some((d) => d.name === kind)) return cspace.doorCells(kind);
  const doors = doorIndex(world);
  if (kind === 'halfway') return [plan[halfwayIndex(grid, plan)]];
  // Candidates: ahead of Rusty (not its own cell) and not the goal.
  const ahead = plan.slice(closeAt + 1, plan.length - 1).filter((c) => !doors.has(c));
  let pool: number[];
  if (kind === 'room') {
    const room = cspace.roomOf(plan[closeAt]);
    pool = ahead.filter((c) => cspace.roomOf(c) === room && room !== 'corridor');
    if (pool.length === 0) pool = ahead.filter((c) => cspace.roomOf(c) !== 'corridor');
  } else if (kind === 'corridor') {
    pool = ahead.filter((c) => cspace.roomOf(c) === 'corridor');
  } else {
    throw new InputError(`closure must be one of ${CLOSURES.join(', ')} or a door (${floor.doors.map((d) => d.name).join(', ')}), got ${JSON.stringify(kind)}`);
  }
  if (pool.length === 0) throw new InputError(`closure ${JSON.stringify(kind)}: the plan has no such cell ahead of step ${closeAt + 1}`);
  // Deep: the candidate farthest from every wall (the first such on the plan).
  let best = pool[0];
  for (const c of pool) if (floor.clearance(cspace.centre(c)) > floor.clearance(cspace.centre(best)) + 1e-9) best = c;
  return [best];
}

/** "(x,y) cell = (mx, my) m" for reports. */
export function describeCell(world: Pick<ApartmentWorld, 'grid' | 'cspace'>, n: number): string {
  return `${world.grid.formatXY(n)} = ${fmt(world.cspace.centre(n))} m`;
}
