import { InputError, show } from '../../core/errors.js';
import type { Heuristic } from '../../core/heuristic.js';
import { checkKeys } from '../../core/input-checks.js';
import { altBound, pickLandmarks } from '../../hierarchy/alt.js';
import { allocate, DX, DY, type Grid } from '../grid.js';
import { checkGridFor } from '../grid-needs.js';
import { octile } from '../heuristics.js';
import { IndexedGridHeap } from '../../queues/indexed-grid-heap.js';
import { MoveMasks } from '../move-masks.js';
import { attachLandmarkTable, type LandmarkTable } from './landmark-table.js';

/** The options of `landmarks`; a bad value is an `InputError`. */
export interface LandmarkOptions {
  /**
   * How many landmarks: a whole number 1 to 64, default 8. Each costs one
   * Dijkstra over the grid to build and 8 bytes a cell to keep; more of them
   * tighten the estimate (fewer expansions) and cost a little more per push.
   */
  count?: number;
}

const LANDMARK_KEYS: readonly (keyof LandmarkOptions)[] = ['count'];

/**
 * An admissible, consistent heuristic for repeated queries on a grid that
 * does not change (a building's costmap, a game level): ALT, Goldberg and
 * Harrelson's landmarks with the triangle inequality. It picks `count`
 * landmark cells (farthest first: each is the free cell farthest from those
 * chosen, in the largest connected region), stores every cell's distance to
 * each, and estimates the cost from n to the goal as the largest
 * |d(L, goal) - d(L, n)| over the landmarks L, or the grid's octile estimate
 * (times the weight floor) when that is larger. Around walls, shelves and
 * weighted bands the octile estimate falls short of the real cost and A*
 * expands every cell whose estimate is too low; the landmark distances have
 * seen the walls, so the estimate is much closer and far fewer cells are
 * expanded. Costs stay exact (it never overestimates). After an edit to the
 * grid, the next call (or the next query of `GridSearcher`) builds the table
 * again first: one Dijkstra per landmark.
 *
 * On a weighted grid a step costs its length times the weight of the cell
 * it enters, so the cost from a to b is not the cost from b to a. The
 * landmark distances are taken on the undirected grid where a step costs
 * its length times the smaller weight of its two cells: never more than the
 * step in either direction, so those distances are a metric below the
 * directed one, and the difference above stays a lower bound both ways
 * (one table per landmark instead of two).
 *
 * Building runs `count` + 1 Dijkstras over the grid (5.2 s of CPU time for
 * eight on Nav2's 1.7-million-cell warehouse costmap) and keeps 8 x `count`
 * bytes a cell (103 MiB there). The grid must
 * delete its blocked cells (`blocked: 'delete'`, the default), as
 * `GridSearcher` needs. The heuristic is for the grid as it was: once the
 * grid changes (`setBlocked`, `setWeight`, `touch`) using it is an
 * `InputError` asking to build it again.
 *
 * `GridSearcher` reads the table directly (`{ heuristic: landmarks(grid) }`,
 * same answers as the engine, bit for bit); `Searcher`, `findPath` and the
 * others call it as any heuristic.
 *
 * @example
 * ```ts
 * const h = landmarks(grid, { count: 8 }); // once per map
 * const s = new GridSearcher(grid);
 * s.search(start, goal, { heuristic: h }); // same cost as with octile(grid), fewer expansions
 * ```
 */
export function landmarks(grid: Grid, options: LandmarkOptions = {}): Heuristic {
  checkGridFor(grid, 'landmarks');
  checkKeys(options, LANDMARK_KEYS, 'landmarks');
  const count = options.count === undefined ? 8 : options.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 64) {
    throw new InputError(`landmarks: count must be a whole number 1 to 64, got ${show(count)}`);
  }
  const t = buildTable(grid, count);
  const oct = octile(grid);
  const K = t.count;
  const h: Heuristic = (n, goal) => {
    t.freshen();
    const table = t.table;
    // The grid fast path's expression (grid-search.ts runWeighted), in the
    // same order, so the two agree to the bit. |Inf - Inf| is NaN (a landmark
    // that reaches neither) and never wins a comparison.
    return altBound(table, K, n, goal, oct(n, goal));
  };
  attachLandmarkTable(h, t);
  return h;
}

/** Chooses the landmarks and fills the table (see `landmarks`). */
function buildTable(grid: Grid, count: number): LandmarkTable {
  const size = grid.size;
  const who = `landmarks: the ${grid.width} x ${grid.height} grid (${8 * count + 18} bytes a cell)`;
  const bytes = size * (8 * count + 18);
  const table = allocate(() => new Float64Array(size * count), who, bytes);
  const dist = allocate(() => new Float64Array(size), who, bytes);
  const near = allocate(() => new Float64Array(size), who, bytes);
  const moves = new MoveMasks(grid, allocate(() => new Uint8Array(size), who, bytes)).bits;
  const heap = new IndexedGridHeap(size, 1 << 14);
  const flood = (source: number): number => dijkstra(grid, moves, heap, source, dist);

  let free = 0;
  for (let n = 0; n < size; n++) if (!grid.isBlocked(n)) free++;
  const space = { size, eligible: (n: number) => !grid.isBlocked(n), eligibleCount: free, dist, unreached: Infinity, flood, near };
  const picked = pickLandmarks(space, count, (i) => {
    for (let n = 0; n < size; n++) table[n * count + i] = dist[n];
  });
  // No free cell: no landmark, and no distance known.
  if (picked.length === 0) table.fill(Infinity);
  const cells = picked.length === 0 ? new Int32Array(count).fill(-1) : picked;
  const t: LandmarkTable = {
    grid, version: grid.version, cells, count, table, builds: 1,
    freshen(): void {
      if (t.grid.version === t.version) return;
      const next = buildTable(t.grid, t.count);
      t.version = next.version;
      t.cells = next.cells;
      t.table = next.table;
      t.builds++;
    },
  };
  return t;
}

/**
 * Dijkstra from one cell over the undirected grid where a step costs its
 * length times the smaller weight of its two cells; fills `dist` (Infinity
 * where it does not reach) and returns how many cells it reached.
 */
function dijkstra(grid: Grid, moves: Uint8Array, heap: IndexedGridHeap, source: number, dist: Float64Array): number {
  dist.fill(Infinity);
  if (source < 0) return 0;
  const w = grid.width, wts = grid.weights, state = heap.state;
  const off = new Int32Array(8), step = new Float64Array(8);
  for (let k = 0; k < 8; k++) {
    off[k] = DY[k] * w + DX[k];
    step[k] = grid.cellSize * (k < 4 ? 1 : grid.diagonalCost);
  }
  heap.newQuery();
  const base = heap.base, closed = base - 1;
  dist[source] = 0;
  heap.keys[0] = 0;
  heap.keys[1] = 0;
  heap.placeFirst(source);
  heap.tie = 0;
  let reached = 0;
  while (heap.length > 0) {
    const n = heap.pop();
    reached++;
    const dn = dist[n], m = moves[n], wn = wts === null ? 1 : wts[n];
    for (let k = 0; k < 8; k++) {
      if ((m & (1 << k)) === 0) continue;
      const c = n + off[k];
      const sc = state[c];
      if (sc === closed) continue;
      const wc = wts === null ? 1 : wts[c];
      const dc = dn + step[k] * (wc < wn ? wc : wn);
      if (!(dc < dist[c])) continue;
      dist[c] = dc;
      heap.f = dc;
      if (sc >= base) heap.update(c); else heap.insert(c);
    }
  }
  return reached;
}
