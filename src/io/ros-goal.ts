import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { Grid, type XY } from '../grid/grid.js';
import { checkOccupancy, checkPoint, mapPoint, worldToCell, type OccupancyGrid } from './ros.js';

/**
 * Nav2's goal tolerance: when the goal's own cell will not do, plan to the
 * nearest cell that will, within `tolerance` metres of the goal.
 *
 * What Nav2 does, and what is followed here:
 * - NavFn (nav2_navfn_planner `NavfnPlanner::makePlan`): when the goal has
 *   no potential (it is blocked, or not reached from the start), it scans the
 *   square of half-side `tolerance` around the goal for the reached point
 *   nearest the goal (squared Euclidean distance, the first found on a tie)
 *   and plans there; nothing within it is a failure ("Failed to create plan
 *   with tolerance of ..."). Default `tolerance` 0.5 m.
 * - Smac 2D (nav2_smac_planner `AStarAlgorithm::createPath`): the search
 *   keeps the expanded node nearest the goal, and returns the path to it
 *   when it lies within `tolerance` (in cells there) and the goal is not
 *   reached. Default `tolerance` 0.125 m.
 * Both end at a cell that is free and reached from the start, nearest the
 * goal by Euclidean distance: that is this rule, with the distance measured
 * from the goal point to the cell's centre, within a disc (NavFn's square
 * is cut to the disc its nearest-first choice nearly always lands in), and
 * ties broken by the smaller Grid id. Neither planner has a tolerance for
 * the start: a start in collision fails ("Start occupied" in Smac), and so
 * there is none here.
 */

/** Where `goalWithinTolerance` says to plan to. */
export interface ToleratedGoal {
  /** The Grid id (row 0 at the top, as `toGrid` and `worldToCell` number them) of the cell to plan to. */
  readonly cell: number;
  /** The distance in metres from the goal point asked for to that cell's centre. */
  readonly distance: number;
  /** True when it is the goal point's own cell (no tolerance was needed). */
  readonly exact: boolean;
}

/** The options of `goalWithinTolerance`; an unknown key is an `InputError`. */
export interface GoalToleranceOptions {
  /**
   * A free cell (Grid id) the chosen cell must be reachable from over the
   * grid's moves: the start, so the goal is one the planner can reach, as
   * Nav2's planners pick among the cells their search reached. Default: no
   * such condition (any free cell will do).
   */
  reachableFrom?: number;
}

/**
 * The cell to plan to for the goal point `goal` (metres, the map's world
 * frame, as `worldToCell` takes it) on `grid`, a grid of the map's cells
 * (`toGrid`'s or `costmapToGrid`'s, free cells where the robot's centre may
 * be), with Nav2's goal tolerance: the goal's own cell when it is free (and
 * reachable from `options.reachableFrom`, when given); else the free (and
 * reachable) cell whose centre is nearest the goal, if that is within
 * `tolerance` metres (ties: the smaller id); else null, the goal refused.
 * A goal off the map, a tolerance that is not a finite number >= 0, a grid
 * of another size than the map, or a `reachableFrom` that is not a free
 * cell is an `InputError`.
 *
 * @example
 * ```ts
 * const grid = costmapToGrid(inflate(map, { inscribedRadius: 0.105, inflationRadius: 0.55 }));
 * const start = worldToCell(map, [-2, -0.5]);
 * const to = goalWithinTolerance(map, grid, [1.2, 0.4], 0.125, { reachableFrom: start }); // Smac 2D's tolerance
 * if (to !== null) findPath(grid, start, to.cell); // to.distance: how far from the goal it ends
 * ```
 */
export function goalWithinTolerance(map: OccupancyGrid, grid: Grid, goal: XY, tolerance: number, options: GoalToleranceOptions = {}): ToleratedGoal | null {
  checkOccupancy(map, 'goalWithinTolerance');
  checkPoint(goal, 'goalWithinTolerance');
  const own = worldToCell(map, goal); // refuses a point off the map
  if (!(grid instanceof Grid)) throw new InputError(`goalWithinTolerance: grid must be a Grid (as toGrid or costmapToGrid makes of the map), got ${show(grid)}`);
  if (grid.width !== map.width || grid.height !== map.height) {
    throw new InputError(`goalWithinTolerance: grid is ${grid.width} x ${grid.height} cells and the map ${map.width} x ${map.height}: the grid must be made of the map`);
  }
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new InputError(`goalWithinTolerance: tolerance must be a finite number >= 0 (metres), got ${show(tolerance)}`);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`goalWithinTolerance: options must be an object, got ${show(options)}`);
  checkKeys(options, ['reachableFrom'], 'goalWithinTolerance');
  const from = options.reachableFrom;
  if (from !== undefined) {
    if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from >= grid.size) {
      throw new InputError(`goalWithinTolerance: options.reachableFrom must be a cell id in 0..${grid.size - 1}, got ${show(from)}`);
    }
    if (grid.cells[from] !== 0) throw new InputError(`goalWithinTolerance: options.reachableFrom ${grid.formatXY(from)} (x, y from the top) is a blocked cell`);
  }
  const { width, height, resolution: r } = map;
  // Reachability grows on demand and stops at the first candidate it meets: a near goal costs a small ball, not the map.
  const reach = from === undefined ? undefined : new Reach(grid, from);
  const ok = (n: number): boolean => grid.cells[n] === 0 && (reach === undefined || reach.reaches(n));
  const [mx, my] = mapPoint(map, goal);
  const fx = mx / r, fy = my / r; // cells, from the map's lower-left corner
  const centreDistance2 = (n: number) => {
    const col = n % width, rowFromBottom = height - 1 - (n - col) / width;
    const dx = col + 0.5 - fx, dy = rowFromBottom + 0.5 - fy;
    return dx * dx + dy * dy;
  };
  if (ok(own)) return Object.freeze({ cell: own, distance: r * Math.sqrt(centreDistance2(own)), exact: true });
  const t = tolerance / r, t2 = t * t;
  // The free cells whose centre lies within the disc, nearest first (then the smaller id): the first acceptable one wins.
  // The window is one cell wider each way than the arithmetic says: the distance test decides, never a rounding here.
  const c0 = Math.max(0, Math.ceil(fx - t - 0.5) - 1), c1 = Math.min(width - 1, Math.floor(fx + t - 0.5) + 1);
  const b0 = Math.max(0, Math.ceil(fy - t - 0.5) - 1), b1 = Math.min(height - 1, Math.floor(fy + t - 0.5) + 1);
  const inDisc = (n: number) => grid.cells[n] === 0 && centreDistance2(n) <= t2;
  let count = 0;
  for (let b = b0; b <= b1; b++) for (let c = c0; c <= c1; c++) if (inDisc((height - 1 - b) * width + c)) count++;
  const candidates = new Int32Array(count); // 4 bytes a cell: a tolerance as large as the map stays small
  count = 0;
  for (let b = b0; b <= b1; b++) for (let c = c0; c <= c1; c++) if (inDisc((height - 1 - b) * width + c)) candidates[count++] = (height - 1 - b) * width + c;
  candidates.sort((p, q) => centreDistance2(p) - centreDistance2(q) || p - q);
  for (const n of candidates) {
    if (ok(n)) return Object.freeze({ cell: n, distance: r * Math.sqrt(centreDistance2(n)), exact: false });
  }
  return null;
}

/** The free cells reached from `from` over the grid's moves, found breadth-first (reachability needs no costs) only as far as asked. */
class Reach {
  private readonly seen: Uint8Array;
  private readonly queue: Int32Array;
  private readonly nodes: Int32Array;
  private readonly costs: Float64Array;
  private head = 0;
  private tail = 0;

  constructor(private readonly grid: Grid, from: number) {
    this.seen = new Uint8Array(grid.size);
    this.queue = new Int32Array(grid.size);
    this.nodes = new Int32Array(grid.maxDegree);
    this.costs = new Float64Array(grid.maxDegree);
    this.seen[from] = 1;
    this.queue[this.tail++] = from;
  }

  /** Whether `target` is reached: the search goes on until it is, or until nothing more can be. */
  reaches(target: number): boolean {
    const { grid, seen, queue, nodes, costs } = this;
    while (seen[target] === 0 && this.head < this.tail) {
      const n = queue[this.head++];
      const k = grid.successors(n, nodes, costs);
      for (let i = 0; i < k; i++) {
        const x = nodes[i];
        if (seen[x] === 0 && grid.cells[x] === 0 && costs[i] !== Infinity) { seen[x] = 1; queue[this.tail++] = x; }
      }
    }
    return seen[target] === 1;
  }
}
