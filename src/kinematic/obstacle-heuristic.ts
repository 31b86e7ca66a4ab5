import { INSCRIBED } from '../costmap/inflation.js';
import type { Budget } from '../core/limits.js';
import { IndexedHeap } from '../queues/indexed-heap.js';
import type { FootprintChecker } from './footprint-checker.js';

/**
 * The 2-D half of Hybrid-A*'s heuristic, computed as Nav2's Smac planner
 * computes its obstacle heuristic: the cheapest 8-connected way from a cell
 * to the goal's over the cells where the robot's reference point can be
 * (not `centreBlocked`: neither an obstacle nor nearer one than the
 * inscribed radius, so a gap narrower than the robot is closed), each step its length times
 * 1 + costPenalty * cost / 252 of the cell it enters (the factor the
 * search's own moves pay), on the costmap or on blocks of f x f cells (a
 * block is free when one of its cells is, and costs the least of them):
 * f = 2 is Nav2's `downsample_obstacle_heuristic`, times the search's own
 * `downsampling_factor`.
 *
 * Lazy: it is an A* from the goal towards the cell asked about, run only
 * until that cell is settled. A later question about a cell not yet
 * settled turns the same search towards the new cell (the open cells'
 * keys rewritten, the heap rebuilt) and goes on from where it stopped. The
 * distance to the target (octile, every step at the cheapest factor 1)
 * never overestimates and is consistent, so a settled cell's value is
 * final whatever target it was settled for: the values are a full
 * Dijkstra's from the goal, at the cost of the cells a query needs.
 */

/** The map-derived part, shared by every query on one checker: each block's cost, BLOCKED when all its cells are obstacles. */
interface Blocks {
  readonly factor: number;
  readonly width: number;
  readonly height: number;
  readonly cost: Uint8Array;
  /** Working arrays, reused query after query; `gen` tells this query's entries from older ones. */
  readonly g: Float64Array;
  readonly seen: Uint32Array;
  readonly settled: Uint32Array;
  readonly heap: IndexedHeap;
  gen: number;
}

const BLOCKED = 255;
/** The highest cost a move pays for (unknown cells, when they are free, pay it too): the search's own cap. */
const TOP = INSCRIBED - 1;
/** Settled cells between two looks at the budget. */
const CLOCK_EVERY_CELLS = 4096;

/** Per checker, its blocks for each factor: the checker reads its costmap once, so the blocks are never stale for it. */
const cache = new WeakMap<FootprintChecker, Map<number, Blocks>>();

function blocksOf(checker: FootprintChecker, factor: number): Blocks {
  let byFactor = cache.get(checker);
  if (byFactor === undefined) { byFactor = new Map(); cache.set(checker, byFactor); }
  const known = byFactor.get(factor);
  if (known !== undefined) return known;
  const map = checker.costmap, { width, height } = map;
  const bw = Math.ceil(width / factor), bh = Math.ceil(height / factor), n = bw * bh;
  const cost = new Uint8Array(n).fill(BLOCKED);
  for (let r = 0; r < height; r++) {
    const from = (map.rowOrder === 'bottom-up' ? r : height - 1 - r) * width, row = Math.floor(r / factor) * bw;
    for (let c = 0; c < width; c++) {
      const v = map.cost[from + c];
      // A cell where no pose of the robot is free is a wall: an obstacle, or too near one for the inscribed circle.
      if (checker.centreBlocked(c, r)) continue;
      const b = row + Math.floor(c / factor), k = Math.min(v, TOP);
      if (k < cost[b]) cost[b] = k;
    }
  }
  const made: Blocks = {
    factor, width: bw, height: bh, cost,
    g: new Float64Array(n), seen: new Uint32Array(n), settled: new Uint32Array(n), heap: new IndexedHeap(n), gen: 0,
  };
  byFactor.set(factor, made);
  return made;
}

/**
 * One goal's obstacle heuristic on one checker's costmap. Cells are the
 * costmap's, in its map frame: column `col`, row `row` counted from the
 * bottom. Values are metres (times the cost factors), between cell centres
 * (block centres when downsampled).
 */
export class ObstacleHeuristic {
  private readonly b: Blocks;
  private readonly gen: number;
  private readonly goal: number;
  private readonly step: number;
  private readonly costPenalty: number;
  private target = -1;
  private exhausted = false;
  /** Cells settled so far. */
  settledCount = 0;

  /** `goalCol`, `goalRow`: the goal's cell (map frame, rows from the bottom), on the map; `factor`: the blocks' side in cells (2 for Nav2's downsampled heuristic). */
  constructor(checker: FootprintChecker, goalCol: number, goalRow: number, costPenalty: number, factor: number) {
    this.b = blocksOf(checker, factor);
    this.gen = ++this.b.gen;
    this.step = checker.costmap.resolution * factor;
    this.costPenalty = costPenalty;
    const b = this.b, heap = b.heap;
    // The heap may hold an older query's cells: empty it.
    for (let i = 0; i < heap.length; i++) heap.pos[heap.node[i]] = -1;
    heap.length = 0;
    this.goal = Math.floor(goalRow / factor) * b.width + Math.floor(goalCol / factor);
    b.g[this.goal] = 0;
    b.seen[this.goal] = this.gen;
    heap.insert(this.goal, 0, 0, 0);
  }

  /** How far the cells of a block are from its centre, at most: half its diagonal (metres). */
  get slack(): number { return (Math.SQRT2 * this.step) / 2; }

  /**
   * The cost from the cell (col, row) to the goal: Infinity when no way of
   * free cells joins them, NaN when `budget` ran out first (asking again
   * goes on from there). Off the map is Infinity.
   */
  distance(col: number, row: number, budget: Budget | null = null): number {
    const b = this.b, f = b.factor;
    if (b.gen !== this.gen) throw new Error('ObstacleHeuristic: a newer query on the same checker took over its arrays');
    const bc = Math.floor(col / f), br = Math.floor(row / f);
    if (bc < 0 || br < 0 || bc >= b.width || br >= b.height) return Infinity;
    const t = br * b.width + bc;
    if (b.settled[t] === this.gen) return b.g[t];
    // A blocked cell is never entered, but the goal's is where the search starts (a robot whose reference point is on its outline can stand there).
    if (this.exhausted || (b.cost[t] === BLOCKED && t !== this.goal)) return Infinity;
    return this.settle(t, budget);
  }

  /** Runs the search until `t` is settled (or every reachable cell is). */
  private settle(t: number, budget: Budget | null): number {
    const b = this.b, heap = b.heap, g = b.g, w = b.width, h = b.height, gen = this.gen, step = this.step;
    const tx = t % w, ty = (t - tx) / w;
    const toTarget = (n: number) => {
      const x = n % w, dx = Math.abs(x - tx), dy = Math.abs((n - x) / w - ty);
      return step * (Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy));
    };
    if (t !== this.target) {
      this.target = t;
      for (let i = 0; i < heap.length; i++) heap.k1[i] = heap.k2[i] + toTarget(heap.node[i]);
      heap.heapify();
    }
    const penalty = this.costPenalty / TOP;
    let count = 0;
    while (heap.length > 0) {
      // Only the clock and the signal: the expansion budget counts the search's expansions, not these cells.
      if (budget !== null && ++count % CLOCK_EVERY_CELLS === 0 && (budget.pastDeadline() || budget.signal?.aborted === true)) return NaN;
      const n = heap.node[0];
      heap.remove(n);
      b.settled[n] = gen;
      this.settledCount++;
      const gn = g[n], x = n % w, y = (n - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if ((dx === 0 && dy === 0) || xx < 0 || xx >= w) continue;
          const m = yy * w + xx, c = b.cost[m];
          if (c === BLOCKED || b.settled[m] === gen) continue;
          const gm = gn + (dx !== 0 && dy !== 0 ? Math.SQRT2 : 1) * step * (1 + penalty * c);
          if (b.seen[m] !== gen) {
            b.seen[m] = gen;
            g[m] = gm;
            heap.insert(m, gm + toTarget(m), -gm, gm);
          } else if (gm < g[m]) {
            g[m] = gm;
            heap.update(m, gm + toTarget(m), -gm, gm);
          }
        }
      }
      if (n === t) return gn;
    }
    this.exhausted = true;
    return Infinity;
  }
}
