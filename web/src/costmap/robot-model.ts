import { findPath, type FoundPath, type Grid } from '#bestfirst';
import { anyAnglePath } from '#bestfirst/grid';
import { costmapToGrid, distanceTransform, inflate, LETHAL, withRowOrder, type Costmap } from '#bestfirst/costmap';
import type { OccupancyGrid } from '#bestfirst/io';

/** How far the costs spread beyond the robot's inscribed radius (m), and how fast they fall (Nav2's cost scaling factor). */
export const INFLATION_BEYOND = 0.4;
export const COST_SCALING = 3;
/** Smac 2D's default cost penalty: a passable cell of cost c weighs 1 + 2c/252. */
export const COST_PENALTY = 2;
/** Where the robot starts and where it is sent, in the map's metres (the README's query on this map). */
export const START_XY = [-2, -0.5] as const;
export const GOAL_XY = [2, 0.5] as const;
/** The radius of an obstacle the reader drops (m). */
export const DROP_RADIUS = 0.12;

/**
 * The part of an occupancy grid that was mapped, with `margin` cells around
 * it: the TurtleBot3 sandbox is a small room in a large unknown square, and
 * the widget shows (and searches) the room. Row 0 stays the bottom row; the
 * origin moves with the crop, so world coordinates mean the same place.
 */
export function cropKnown(map: OccupancyGrid, margin = 4): OccupancyGrid {
  let x0 = map.width, x1 = -1, y0 = map.height, y1 = -1;
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) {
    if (map.data[y * map.width + x] === -1) continue;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  x0 = Math.max(0, x0 - margin); y0 = Math.max(0, y0 - margin);
  x1 = Math.min(map.width - 1, x1 + margin); y1 = Math.min(map.height - 1, y1 + margin);
  const width = x1 - x0 + 1, height = y1 - y0 + 1, data = new Int8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = map.data[(y + y0) * map.width + x + x0];
  const { x, y, yaw } = map.origin;
  return { width, height, resolution: map.resolution, origin: { x: x + x0 * map.resolution, y: y + y0 * map.resolution, yaw }, data };
}

/** The robot's world for one inscribed radius and the obstacles dropped so far (grid ids, row 0 at the top). */
export interface RobotWorld {
  /** The inflated costmap, Nav2's values, turned top-down: `costmap.cost[n]` is the cost of grid id n. */
  costmap: Costmap;
  /** The costmap as a weighted grid (costmapToGrid). */
  grid: Grid;
  /** Distance (m) from every cell (grid ids) to the nearest obstacle. */
  clearance: Float64Array;
}

export function robotWorld(map: OccupancyGrid, radius: number, dropped: readonly number[] = []): RobotWorld {
  const data = map.data.slice();
  // Grid ids count rows from the top; the occupancy grid from the bottom.
  for (const n of dropped) data[(map.height - 1 - Math.floor(n / map.width)) * map.width + (n % map.width)] = 100;
  const source = { ...map, data };
  const inflated = inflate(source, { inscribedRadius: radius, inflationRadius: radius + INFLATION_BEYOND, costScalingFactor: COST_SCALING });
  const grid = costmapToGrid(inflated, { costPenalty: COST_PENALTY });
  const costmap = withRowOrder(inflated, 'top-down');
  const mask = Uint8Array.from(costmap.cost, (c) => (c === LETHAL ? 1 : 0));
  return { costmap, grid, clearance: distanceTransform(mask, map.width, map.height, map.resolution) };
}

/** The cells (grid ids) of a disc of `radius` metres around world point cell `n`. */
export function discCells(map: OccupancyGrid, n: number, radius = DROP_RADIUS): number[] {
  const r = Math.ceil(radius / map.resolution), x = n % map.width, y = Math.floor(n / map.width), out: number[] = [];
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
    if (dx * dx + dy * dy > r * r || x + dx < 0 || y + dy < 0 || x + dx >= map.width || y + dy >= map.height) continue;
    out.push((y + dy) * map.width + x + dx);
  }
  return out;
}

/** The paths of one query: A* on the weighted grid and Theta*, with the closest either comes to an obstacle. */
export interface RobotPaths { astar: FoundPath; theta: FoundPath; closest: number }

export function robotPaths(world: RobotWorld, start: number, goal: number): RobotPaths {
  const astar = findPath(world.grid, start, goal);
  const theta = anyAnglePath(world.grid, start, goal, { algorithm: 'theta' });
  let closest = Infinity;
  for (const n of astar.path ?? []) closest = Math.min(closest, world.clearance[n]);
  return { astar, theta, closest };
}

