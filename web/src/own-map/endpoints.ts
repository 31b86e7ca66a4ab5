import { flood, InputError, type Grid } from '#bestfirst';
import { distanceTransform } from '#bestfirst/costmap';
import { checkScenario, type Scenario } from '#bestfirst/io';

/** A start and goal the panel can offer, with where they came from. */
export interface QueryChoice {
  start: number;
  goal: number;
  /** What the menu says: the scenario row, or how the pair was picked. */
  label: string;
}

/** The scenario rows offered in the menu beside the default (the file's last row). */
export const SCENARIO_CHOICES = 8;

/**
 * The rows of a `.scen` the panel offers: the first SCENARIO_CHOICES rows
 * after the last one (in the published files the last bucket holds the
 * longest problems), each held to the map by the library's checkScenario.
 * The default is the last row. A row that does not fit the map stops the
 * list: its InputError (file, line, what is wrong) is returned to show.
 */
export function scenarioChoices(grid: Grid, rows: readonly Scenario[], file: string): { choices: QueryChoice[]; problem: string | null } {
  // The last row first: it is the default.
  const picked = rows.length === 0 ? [] : [rows[rows.length - 1], ...rows.slice(0, Math.min(SCENARIO_CHOICES, rows.length - 1))];
  const choices: QueryChoice[] = [];
  for (const s of picked) {
    try {
      checkScenario(s, grid, file);
    } catch (e) {
      if (e instanceof InputError) return { choices, problem: e.message };
      throw e;
    }
    choices.push({
      start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY),
      label: `line ${s.line}: (${s.startX},${s.startY}) to (${s.goalX},${s.goalY}), optimal ${s.optimal.toFixed(2)}`,
    });
  }
  return { choices, problem: null };
}

/**
 * Each free cell's component (cells joined by the grid's own moves), as
 * labels 1, 2, ... (0 for a blocked cell), with the largest label's size.
 * A breadth-first sweep per component over `successors`: linear in the map.
 */
export function components(grid: Grid): { label: Int32Array; largest: number; largestSize: number } {
  const n = grid.size, label = new Int32Array(n), queue = new Int32Array(n);
  const nbr = new Int32Array(grid.maxDegree), cost = new Float64Array(grid.maxDegree);
  let next = 0, largest = 0, largestSize = 0;
  for (let s = 0; s < n; s++) {
    if (label[s] !== 0 || grid.isBlocked(s)) continue;
    const id = ++next;
    let head = 0, tail = 0;
    label[s] = id;
    queue[tail++] = s;
    while (head < tail) {
      const u = queue[head++];
      const d = grid.successors(u, nbr, cost);
      for (let i = 0; i < d; i++) if (label[nbr[i]] === 0) { label[nbr[i]] = id; queue[tail++] = nbr[i]; }
    }
    if (tail > largestSize) { largestSize = tail; largest = id; }
  }
  return { label, largest, largestSize };
}

/**
 * How far each cell is from the nearest blocked cell or the map's edge, in
 * cells (straight-line, from cell centre to the centre of the nearest blocked
 * cell or of the first cell past the edge): the library's distance transform,
 * with the edge counted as a wall.
 */
export function clearance(grid: Grid): Float64Array {
  const { width: w, height: h } = grid;
  const d = distanceTransform(Uint8Array.from(grid.cells, (c) => (c ? 1 : 0)), w, h);
  for (let n = 0; n < d.length; n++) {
    const x = n % w, y = Math.floor(n / w);
    d[n] = Math.min(d[n], x + 1, y + 1, w - x, h - y);
  }
  return d;
}

/** The clearance far-apart ends keep, in cells: a third of the roomiest cell's, at most ten (at least the edge's own 1). */
export function comfortable(most: number): number {
  return Math.max(1, Math.min(10, Math.floor(most / 3)));
}

/**
 * Two far-apart free cells in the largest component, each with some room
 * around it: the cell farthest (by path cost) from one of its cells, then
 * the cell farthest from that one (two sweeps of the library's flood; on a
 * tree this is the diameter, on a map it is close), taking only cells whose
 * clearance is `comfortable` for the component. Without that, the ends of
 * the longest route sat against a wall or on the map's outer edge (a ROS
 * map's free border: Nav2's depot gave (603,297), its last column). Null on
 * a map without a free cell.
 */
export function farApart(grid: Grid): QueryChoice | null {
  const { label, largest, largestSize } = components(grid);
  if (largestSize === 0) return null;
  const room = clearance(grid);
  let most = 0;
  for (let n = 0; n < label.length; n++) if (label[n] === largest) most = Math.max(most, room[n]);
  const c = comfortable(most);
  const seed = label.indexOf(largest);
  // The last cell the flood reached with room enough (the roomiest cell has it, so there is one).
  const last = (f: ReturnType<typeof flood>) => {
    for (let i = f.reached - 1; i >= 0; i--) if (room[f.order[i]] >= c) return f.order[i];
    throw new Error('farApart: no cell with the room the roomiest one has');
  };
  const a = last(flood(grid, seed));
  const b = last(flood(grid, a));
  return { start: a, goal: b, label: `two far-apart cells: ${grid.formatXY(a)} to ${grid.formatXY(b)}` };
}
