import { checkPathBuffer, checkPathRoom } from '../../core/path.js';
import { type QueryOptions, type SearchStatus } from '../../core/path-searcher.js';
import { nextGeneration } from '../../core/stamp.js';
import type { Grid } from '../grid.js';
import { KeyHeap } from '../../queues/key-heap.js';
import { LANDMARKS, SubgoalGraph4 } from './subgoal4-graph.js';
import type { LShape } from './subgoal4-sweep.js';
import { GridSearcherBase } from '../grid-searcher-base.js';
import { checkKeys } from '../../core/input-checks.js';
import { readSaved, writeSaved } from '../../core/saved-file.js';
import { graph4Contents, GRAPH4_KIND, GRAPH4_VERSION } from './subgoal4-saved.js';
import { GRID_NEEDS_CHECKS } from '../grid-needs.js';

/** The options of one `SubgoalSearcher4` query; a bad value is an `InputError`. */
export type SubgoalSearch4Options = QueryOptions;

const KEYS: readonly (keyof SubgoalSearch4Options)[] = ['limits'];

/** The options of `new SubgoalSearcher4(grid, options)`; a bad value is an `InputError`. */
export interface SubgoalBuild4Options {
  /**
   * A graph of this very grid saved before (`save()`): loaded instead of
   * built. Refused, with the reason, when damaged, of another format
   * version, or saved from another grid or from this one before an edit.
   * The per-cell tables are made again from the grid (the cheap part of a
   * build); the edges and landmark distances are taken as saved, checked.
   */
  saved?: Uint8Array;
}

const BUILD_KEYS: readonly (keyof SubgoalBuild4Options)[] = ['saved'];

/**
 * Exact shortest paths on a 4-connected grid from a preprocessed subgoal
 * graph: the free cells at convex obstacle corners, joined where a
 * Manhattan-length path runs between them (see `SubgoalGraph4`). The
 * constructor builds it (`buildMs`, `bytes`); a query then
 *
 * 1. sweeps from the goal and from the start, run by run (subgoal4-sweep.ts,
 *    crossing rows that repeat the row above at once: same-rows.ts), for the
 *    subgoals each reaches in a straight Manhattan line, which is also
 *    where a start that sees the goal that way finds out;
 * 2. runs A* on the subgoal graph from the start's subgoals, with the
 *    Manhattan distance and the landmark (ALT) bounds, and stops at the
 *    first goal-side subgoal it expands;
 * 3. writes the path cell by cell on request (`pathInto`): a hop of the
 *    graph as the L the build found free for it, the first and last hops
 *    as an L checked there or a monotone path found by the same sweep.
 *
 * Costs are those of breadth-first search or Dijkstra on the grid: steps
 * times `cellSize`, summed step by step as they sum it.
 *
 * Requirements, checked in the constructor and at every query (InputError
 * otherwise): a `Grid` with `connectivity: 4`, blocked cells deleted, no
 * per-cell weights (a weight breaks the Manhattan lengths the graph rests on).
 *
 * Edits: the graph belongs to the grid's cells at one `version`. A query
 * that finds the grid changed (`setBlocked`, or a write announced with
 * `touch`) rebuilds the whole graph first (`builds` counts them); no answer
 * ever comes from a stale graph. Until that next query the last answer's
 * path reads exactly as it was answered (the graph keeps the raster it was
 * built from, one bit a cell). A grid edited often wants `GridSearcher`,
 * which follows edits at no cost.
 *
 * Memory: 4.625 bytes per cell (two 2-byte run lengths, a subgoal bit and
 * its rank, the raster's bit, two bits for rows that repeat the row above;
 * 8.625 on a grid wider than 65535), and per subgoal about 80 bytes
 * (8 landmark distances, its cell, part and search state) plus 9 bytes per
 * edge end (neighbour, length, the hop's shape). `bytes` adds it up; the grid's own cells are not counted.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['....', '.##.', '....'], { connectivity: 4 });
 * const s = new SubgoalSearcher4(grid);
 * if (s.search(grid.id(0, 0), grid.id(3, 2)) === 'found') console.log(s.cost, s.path());
 * ```
 */
export class SubgoalSearcher4 extends GridSearcherBase<SubgoalSearch4Options> {
  /** Milliseconds the last build of the subgoal graph took. */
  buildMs = 0;
  /** How many times the graph was built: 1 after the constructor (0 when it loaded a saved one), one more per query that found the grid edited. */
  builds = 0;

  private graph!: SubgoalGraph4;
  private version = -1;
  private g!: Int32Array;
  private parent!: Int32Array;
  private h!: Int32Array;
  private stamp!: Uint32Array;
  private goalDist!: Int32Array;
  private goalStamp!: Uint32Array;
  /** The open list, keyed by `keyOf(f, h)`. */
  private readonly heap = new KeyHeap(1024);
  private readonly tdist = new Int32Array(LANDMARKS);
  private gen = 0;
  private startCell = -1;
  private goalCell = -1;
  /** The last path: steps, and the goal-side subgoal it leaves the graph from (-1: start to goal directly). */
  private steps = -1;
  private last = -1;
  /** The goal's coordinates, for h while the query runs. */
  private gx = 0;
  private gy = 0;

  /** Milliseconds loading the `saved` graph took, checks included (0 when it was built). */
  loadMs = 0;

  constructor(grid: Grid, options: SubgoalBuild4Options = {}) {
    super(grid, 'SubgoalSearcher4', GRID_NEEDS_CHECKS);
    checkKeys(options, BUILD_KEYS, 'SubgoalSearcher4');
    if (options.saved === undefined) this.build();
    else this.load(options.saved);
  }

  /**
   * The graph as bytes (the one format of saved preprocessing,
   * core/saved-file.ts, kind BFS4), to be loaded later with the `saved`
   * option on the same grid, unedited. Builds the graph again first if the
   * grid was edited since.
   */
  save(): Uint8Array {
    if (this.grid.version !== this.version) this.build();
    const { numbers, arrays } = graph4Contents(this.graph.count, this.graph.savedParts());
    return writeSaved(GRAPH4_KIND, GRAPH4_VERSION, this.grid, numbers, arrays);
  }

  private load(bytes: Uint8Array): void {
    const t0 = performance.now(), grid = this.grid, who = 'SubgoalSearcher4';
    const contents = readSaved(bytes, GRAPH4_KIND, GRAPH4_VERSION, grid, who, 'graph');
    this.adopt(new SubgoalGraph4(grid.width, grid.height, grid.cells, { contents, who }));
    this.loadMs = performance.now() - t0;
  }

  /** Builds the subgoal graph from the grid as it is now. */
  private build(): void {
    const t0 = performance.now();
    const grid = this.grid;
    this.adopt(new SubgoalGraph4(grid.width, grid.height, grid.cells));
    this.buildMs = performance.now() - t0;
    this.builds++;
  }

  /** Takes `graph` (built or loaded) and sizes the query state to it. */
  private adopt(graph: SubgoalGraph4): void {
    this.version = this.grid.version;
    this.graph = graph;
    const n = Math.max(1, graph.count);
    this.g = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.h = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.goalDist = new Int32Array(n);
    this.goalStamp = new Uint32Array(n);
    this.gen = 0;
    this.status = 'unreachable';
    this.cost = Infinity;
    this.steps = -1;
  }

  /** Bytes the preprocessing and the search state hold (the grid's own cells not counted). */
  get bytes(): number {
    const n = this.graph.count;
    return this.graph.bytes + n * 4 * 6;
  }

  /** Subgoals in the graph. */
  get subgoals(): number { return this.graph.count; }

  /** Edges in the graph (each counted once). */
  get edges(): number { return this.graph.adj.length / 2; }

  /**
   * Checks a query and sets it up (see `SearcherBase`): the sweeps from both
   * ends, which decide a query whose ends see each other, and the start's
   * subgoals on the open list. A start or goal outside the grid or blocked
   * throws; every other outcome is a status.
   */
  protected prepare(start: number, goal: number, options: SubgoalSearch4Options): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, KEYS);
    if (grid.version !== this.version) this.build();
    this.startCell = start;
    this.goalCell = goal;
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    return this.open(start, goal);
  }

  protected conclude(status: SearchStatus): void {
    this.cost = status === 'found' ? costOf(this.steps, this.grid.cellSize) : Infinity;
  }

  private open(start: number, goal: number): SearchStatus | null {
    const graph = this.graph, sw = graph.sweep, w = graph.width, K = LANDMARKS;
    const sx = start % w, sy = (start - sx) / w, gx = goal % w, gy = (goal - gx) / w;
    this.steps = -1;
    this.last = -1;
    if (start === goal) { this.steps = 0; return 'found'; }
    this.gen = nextGeneration(this.gen, 2, this.stamp, this.goalStamp);
    const gen = this.gen;

    // The goal's side: its subgoals, and whether it sees the start in a Manhattan line.
    this.sweepAll(gx, gy, sx, sy, goal);
    if (sw.reachedTarget) { this.steps = Math.abs(sx - gx) + Math.abs(sy - gy); return 'found'; }
    if (sw.found === 0) return 'unreachable';
    const goalDist = this.goalDist, goalStamp = this.goalStamp, dist = graph.dist, tdist = this.tdist;
    tdist.fill(0x7fffffff);
    for (let i = 0; i < sw.found; i++) {
      const v = sw.foundIds[i], d = sw.foundDist[i];
      goalStamp[v] = gen;
      goalDist[v] = d;
      // tdist[k]: steps from landmark k to the goal (exact: the last hop leaves from a goal-side subgoal).
      for (let k = 0; k < K; k++) { const t = dist[v * K + k] + d; if (t < tdist[k]) tdist[k] = t; }
    }
    const part = graph.part[sw.foundIds[0]];

    // The start's side: every subgoal it sees goes on the open list.
    this.sweepAll(sx, sy, -1, -1, start);
    if (sw.found === 0 || graph.part[sw.foundIds[0]] !== part) return 'unreachable';
    const g = this.g, parent = this.parent, hv = this.h, stamp = this.stamp, heap = this.heap;
    heap.clear();
    for (let i = 0; i < sw.found; i++) {
      const v = sw.foundIds[i], d = sw.foundDist[i];
      const hh = this.hOf(v, gx, gy);
      g[v] = d; parent[v] = -1; hv[v] = hh; stamp[v] = gen;
      heap.push(v, keyOf(d + hh, hh));
      this.pushes++;
    }
    this.gx = gx;
    this.gy = gy;
    return null;
  }

  /** A* on the subgoal graph, from where the last call left it until the query ends or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const graph = this.graph, gx = this.gx, gy = this.gy, gen = this.gen, closed = gen + 1;
    const g = this.g, parent = this.parent, hv = this.h, stamp = this.stamp, heap = this.heap;
    const at = graph.at, adj = graph.adj, len = graph.len, goalStamp = this.goalStamp, goalDist = this.goalDist;
    while (heap.length > 0) {
      const u = heap.topNode();
      if (stamp[u] !== gen) { heap.pop(); continue; }
      // A limit or the end of a slice: pause before the pop, and the next call takes u.
      if (this.expansions >= stopAt) return null;
      heap.pop();
      stamp[u] = closed;
      this.expansions++;
      const gu = g[u];
      if (goalStamp[u] === gen) {
        // h(u) is the Manhattan distance here, and the goal is that far: f(u) is the path's length.
        this.steps = gu + goalDist[u];
        this.last = u;
        return 'found';
      }
      for (let j = at[u]; j < at[u + 1]; j++) {
        const v = adj[j], sv = stamp[v];
        if (sv === closed) continue;
        const gv = gu + len[j];
        let hh: number;
        if (sv === gen) {
          if (gv >= g[v]) continue;
          hh = hv[v];
        } else {
          hh = this.hOf(v, gx, gy);
          hv[v] = hh;
          stamp[v] = gen;
        }
        g[v] = gv;
        parent[v] = u;
        heap.push(v, keyOf(gv + hh, hh));
        this.pushes++;
      }
    }
    return 'unreachable';
  }

  /** The four quadrant sweeps from (x, y), with (tx, ty) as the target; a subgoal origin counts itself at distance 0. */
  private sweepAll(x: number, y: number, tx: number, ty: number, cell: number): void {
    const sw = this.graph.sweep;
    sw.begin();
    const sub = this.graph.sub;
    if (sub.has(cell)) { sw.foundIds[0] = sub.rank(cell); sw.foundDist[0] = 0; sw.found = 1; }
    sw.direct(x, y, 1, 1, tx, ty);
    sw.direct(x, y, -1, 1, tx, ty);
    sw.direct(x, y, 1, -1, tx, ty);
    sw.direct(x, y, -1, -1, tx, ty);
  }

  /** max(Manhattan, the landmark bounds |d(L, v) - d(L, goal)|): admissible and consistent. */
  private hOf(v: number, gx: number, gy: number): number {
    const graph = this.graph, w = graph.width, c = graph.cellOf[v], x = c % w, y = (c - x) / w;
    let h = (x > gx ? x - gx : gx - x) + (y > gy ? y - gy : gy - y);
    // The eight bounds written out (about 5% of a search's time against the loop); UNROLLED stops the
    // build if LANDMARKS changes without this.
    const dist = graph.dist, t = this.tdist, b = v * UNROLLED;
    let a = t[0] - dist[b];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[1] - dist[b + 1];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[2] - dist[b + 2];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[3] - dist[b + 3];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[4] - dist[b + 4];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[5] - dist[b + 5];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[6] - dist[b + 6];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    a = t[7] - dist[b + 7];
    if (a > h || -a > h) h = a < 0 ? -a : a;
    return h;
  }

  /**
   * Writes the last path cell by cell (start first, grid ids) and returns its
   * cell count; 0 without a path. Each hop of the subgoal path becomes a
   * monotone run of cells. Throws if `out` is too short.
   */
  pathInto(out: Int32Array): number {
    checkPathBuffer(out);
    if (this.status !== 'found') return 0;
    const n = this.steps + 1;
    checkPathRoom(out, n, 'cells');
    const graph = this.graph, sw = graph.sweep, cellOf = graph.cellOf, g = this.g, parent = this.parent;
    const at = graph.at, adj = graph.adj, shape = graph.shape;
    let ok: boolean;
    if (this.last < 0) {
      ok = sw.monotonePath(this.startCell, this.goalCell, out, 0);
    } else {
      let u = this.last;
      ok = sw.monotonePath(cellOf[u], this.goalCell, out, g[u]);
      for (; ok && parent[u] >= 0; u = parent[u]) {
        // A hop of the graph: its shape was found at the build (the edge p -> u is in p's list once).
        const p = parent[u], end = at[p + 1];
        let j = at[p];
        while (j < end && adj[j] !== u) j++;
        if (j === end) ok = false;
        else if (shape[j] !== 0) sw.writeL(cellOf[p], cellOf[u], shape[j] as LShape, out, g[p]);
        else ok = sw.staircase(cellOf[p], cellOf[u], out, g[p]);
      }
      ok = ok && sw.monotonePath(this.startCell, cellOf[u], out, 0);
    }
    // Every hop was found h-reachable by the same sweeps on the same graph: a failure is a defect.
    if (!ok) throw new Error('SubgoalSearcher4: a hop of the subgoal path has no monotone path (internal error)');
    return n;
  }

  /** The last path, cell by cell, start first, or null without one (allocates). */
  path(): number[] | null {
    if (this.status !== 'found') return null;
    const buf = new Int32Array(this.steps + 1);
    this.pathInto(buf);
    return Array.from(buf);
  }

}

/** The landmark count `hOf` is written for: a type error here when `LANDMARKS` is another. */
const UNROLLED: 8 = LANDMARKS;

/**
 * The open list's key: f first, then the smaller h (the entry nearer the
 * goal), as one number. f and h are whole steps; h / 2^32 is below 1, so it
 * never reorders two f values, and on any grid of up to 2^21 steps across
 * it is exact.
 */
function keyOf(f: number, h: number): number {
  return f + h * 2 ** -32;
}

/**
 * A path of `steps` unit steps in world units: `cellSize` added step by
 * step, as breadth-first search and Dijkstra add it, so the costs agree to
 * the bit.
 */
function costOf(steps: number, cellSize: number): number {
  if (cellSize === 1) return steps;
  let c = 0;
  for (let i = 0; i < steps; i++) c += cellSize;
  return c;
}
