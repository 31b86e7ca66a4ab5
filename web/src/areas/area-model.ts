import { findPath, flood, Grid, type Flood, type FoundPath } from '#bestfirst';
import { filterAreas, type AreaFilter } from '#bestfirst/grid';

/**
 * The map's kinds of ground, by area id. Their colours differ in lightness
 * as well as hue (pale road, mid green grass, dark mud, blue water), so they
 * stay apart for a reader who cannot tell red from green: the road and the
 * grass of the first palette (#e8dcc0, #cfe8b8) were 4 to 8 apart (CIE76
 * delta E) under a simulated deuteranopia or protanopia, these are 30 to 35
 * (the where-used browser test measures it through a colour-blindness filter).
 */
export const AREAS = [
  { id: 0, name: 'road', letter: '=', color: '#f4eee2' },
  { id: 1, name: 'grass', letter: '.', color: '#9bc97f' },
  { id: 2, name: 'mud', letter: 'm', color: '#a07850' },
  { id: 3, name: 'water', letter: '~', color: '#86bde6' },
] as const;

export type AreaName = (typeof AREAS)[number]['name'];

/** What an agent makes of each kind of ground: a weight, or excluded. Road is always 1 here. */
export type Choice = number | 'excluded';
export type Filter = Record<AreaName, Choice>;

/** Agents the panel offers, each one filter over the same map. */
export const AGENTS: readonly { name: string; filter: Filter }[] = [
  { name: 'Hiker', filter: { road: 1, grass: 1, mud: 3, water: 'excluded' } },
  { name: 'Truck', filter: { road: 1, grass: 4, mud: 'excluded', water: 'excluded' } },
  { name: 'Amphibian', filter: { road: 1, grass: 2, mud: 2, water: 1.5 } },
];

/**
 * A small game map: a road that winds, grass, a mud flat and a lake, walls
 * (#), the start S and the goal G (on road). Letters name areas (see AREAS).
 */
const MAP = [
  '========================',
  '=....mmmmm......~~~~~~.=',
  '=.S..mmmmm..##..~~~~~~.=',
  '=....mmmmm..##..~~~~~~.=',
  '=.........====..~~~~~~.=',
  '=.###.....=..=..~~~~~~.=',
  '=.........=..=.....~~~.=',
  '=..mmmm...=..====....G.=',
  '=..mmmm...=.........##.=',
  '=.........=.........##.=',
  '========================',
];

/** Grid.stepCost's directions by offset, in its order: E, S, W, N, SE, SW, NW, NE. */
const DIRECTIONS = ['1,0', '0,1', '-1,0', '0,-1', '1,1', '-1,1', '-1,-1', '1,-1'];

export interface AreaMap { grid: Grid; start: number; goal: number }

export function areaMap(): AreaMap {
  const width = MAP[0].length, height = MAP.length;
  const cells = new Uint8Array(width * height), areas = new Uint8Array(width * height);
  let start = -1, goal = -1;
  MAP.forEach((row, y) => [...row].forEach((c, x) => {
    const n = y * width + x;
    if (c === '#') cells[n] = 1;
    // The start and the goal stand on road, which no filter excludes: every agent can at least stand there.
    else if (c === 'S') start = n; else if (c === 'G') goal = n; else areas[n] = AREAS.find((a) => a.letter === c)!.id;
  }));
  return { grid: new Grid(width, height, cells, { areas }), start, goal };
}

/** The library's filter for a panel setting. */
export function areaFilter(f: Filter): AreaFilter {
  const out: Record<number, number | 'excluded'> = {};
  for (const a of AREAS) out[a.id] = f[a.name];
  return out;
}

/** One agent's view of the map: the filtered grid, its cheapest path, the path's cost by area, and a budgeted flood. */
export interface AreaRun {
  grid: Grid;
  found: FoundPath;
  /** The path's cost split by the area of the cell each step enters. */
  byArea: Record<AreaName, number>;
  /** The flood from the start within `budget`: cells reachable at that cost or less. */
  reach: Flood;
}

export function areaRun(map: AreaMap, f: Filter, budget: number): AreaRun {
  const grid = filterAreas(map.grid, areaFilter(f));
  const found = findPath(grid, map.start, map.goal);
  const byArea = Object.fromEntries(AREAS.map((a) => [a.name, 0])) as Record<AreaName, number>;
  const path = found.path ?? [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1], b = path[i];
    // The grid's own price of the step (it is charged to the ground it enters).
    const k = DIRECTIONS.indexOf(`${grid.x(b) - grid.x(a)},${grid.y(b) - grid.y(a)}`);
    byArea[AREAS[map.grid.areas![b]].name] += grid.stepCost(a, k);
  }
  return { grid, found, byArea, reach: flood(grid, map.start, { radius: budget }) };
}
