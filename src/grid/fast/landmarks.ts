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
import { readSaved, writeSaved } from '../../core/saved-file.js';

/** The options of `landmarks`; a bad value is an `InputError`. */
export interface LandmarkOptions {
  /**
   * How many landmarks: a whole number 1 to 64, default 8. Each costs one
   * Dijkstra over the grid to build and 8 bytes a cell to keep; more of them
   * tighten the estimate (fewer expansions) and cost a little more per push.
   */
  count?: number;
  /**
   * A table of this very grid saved before (the heuristic's `save()`):
   * loaded instead of built (no Dijkstra). Refused, with the reason, when
   * damaged, of another format version, or saved from another grid or from
   * this one before an edit. The distances are checked on load: each
   * landmark at distance 0 from itself and no two neighbours further apart
   * than the step between them, which is what keeps the estimate admissible
   * and consistent, so no file can make a search return a longer path.
   * `count` is the file's, and may be left out.
   */
  saved?: Uint8Array;
}

/** The landmark heuristic `landmarks` returns: a heuristic, and its table as bytes for later (`saved`). */
export interface LandmarkHeuristic extends Heuristic {
  /** The table as bytes (core/saved-file.ts, kind BFLM), built again first if the grid was edited since. */
  save(): Uint8Array;
}

const LANDMARK_KEYS: readonly (keyof LandmarkOptions)[] = ['count', 'saved'];
const KIND = 'BFLM';
const VERSION = 1;

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
export function landmarks(grid: Grid, options: LandmarkOptions = {}): LandmarkHeuristic {
  checkGridFor(grid, 'landmarks');
  checkKeys(options, LANDMARK_KEYS, 'landmarks');
  const count = options.count === undefined ? 8 : options.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 64) {
    throw new InputError(`landmarks: count must be a whole number 1 to 64, got ${show(count)}`);
  }
  const t = options.saved === undefined ? buildTable(grid, count) : loadTable(grid, options.saved, options.count);
  const oct = octile(grid);
  const K = t.count;
  const h = ((n: number, goal: number) => {
    t.freshen();
    const table = t.table;
    // The grid fast path's expression (grid-search.ts runWeighted), in the
    // same order, so the two agree to the bit. |Inf - Inf| is NaN (a landmark
    // that reaches neither) and never wins a comparison.
    return altBound(table, K, n, goal, oct(n, goal));
  }) as LandmarkHeuristic;
  h.save = () => {
    t.freshen();
    return writeSaved(KIND, VERSION, t.grid, [t.count], [t.cells, t.table]);
  };
  attachLandmarkTable(h, t);
  return h;
}

/**
 * A table `save()` wrote for `grid`, checked: its landmarks free cells of
 * the grid (or -1 for none), each at distance 0 from itself, and no two
 * neighbours further apart in any landmark's distances than the step
 * between them costs (the undirected step of `dijkstra` below). That last
 * check is the triangle inequality the bound needs: with it the estimate
 * is admissible and consistent whatever the numbers, so a file can make a
 * search slower but never wrong.
 */
function loadTable(grid: Grid, bytes: Uint8Array, asked: number | undefined): LandmarkTable {
  const who = 'landmarks';
  const { numbers, arrays } = readSaved(bytes, KIND, VERSION, grid, who, 'table');
  const bad = (why: string): never => { throw new InputError(`${who}: the saved table is malformed: ${why}`); };
  const [count] = numbers, [cells, table] = arrays;
  if (numbers.length !== 1 || !(count >= 1 && count <= 64) || arrays.length !== 2 || !(cells instanceof Int32Array) || !(table instanceof Float64Array)) bad('not a count, landmark cells and distances');
  if (asked !== undefined && asked !== count) throw new InputError(`${who}: count is ${asked}, but the saved table has ${count} landmarks (leave count out to take the file's)`);
  const size = grid.size;
  if (cells.length !== count || table.length !== size * count) bad(`its arrays do not fit ${count} landmarks on the ${grid.width} x ${grid.height} grid`);
  for (let i = 0; i < count; i++) {
    const c = cells[i];
    if (c !== -1 && !(c >= 0 && c < size && !grid.isBlocked(c))) bad(`landmark ${i} is at ${c}, not a free cell`);
    if (c >= 0 && table[c * count + i] !== 0) bad(`landmark ${i} is at distance ${table[c * count + i]} from itself`);
  }
  const moves = new MoveMasks(grid, allocate(() => new Uint8Array(size), who, size)).bits;
  const w = grid.width, wts = grid.weights;
  for (let n = 0; n < size; n++) {
    for (let i = 0; i < count; i++) if (!(table[n * count + i] >= 0)) bad(`cell ${grid.formatXY(n)} is at distance ${table[n * count + i]} from landmark ${i}`);
    const m = moves[n], wn = wts === null ? 1 : wts[n];
    for (let k = 0; k < 8; k++) {
      if ((m & (1 << k)) === 0) continue;
      const c = n + DY[k] * w + DX[k], wc = wts === null ? 1 : wts[c];
      // The same expression as the Dijkstra's step, so a table it built passes to the bit.
      const step = grid.cellSize * (k < 4 ? 1 : grid.diagonalCost) * (wc < wn ? wc : wn);
      for (let i = 0; i < count; i++) {
        const a = table[n * count + i], b = table[c * count + i];
        if (a === Infinity && b === Infinity) continue;
        if (!(Math.abs(a - b) <= step * (1 + 1e-12))) bad(`cells ${grid.formatXY(n)} and ${grid.formatXY(c)} are ${Math.abs(a - b)} apart from landmark ${i}, more than the step of ${step} between them`);
      }
    }
  }
  return tableOf(grid, count, cells as Int32Array, table as Float64Array, 0);
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
  return tableOf(grid, count, cells, table, 1);
}

/** The table of `grid` as it is now (built `builds` times, 0 when loaded), which builds itself again on its first use after an edit. */
function tableOf(grid: Grid, count: number, cells: Int32Array, table: Float64Array, builds: number): LandmarkTable {
  const t: LandmarkTable = {
    grid, version: grid.version, cells, count, table, builds,
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
