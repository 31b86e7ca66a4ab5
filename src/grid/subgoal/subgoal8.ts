import { checkPathBuffer, checkPathRoom } from '../../core/path.js';
import { type QueryOptions, type SearchStatus } from '../../core/path-searcher.js';
import { IMPROVE } from '../../core/improve.js';
import { nextGeneration } from '../../core/stamp.js';
import { cutsCorners, type Grid } from '../grid.js';
import { JumpHeap } from '../../queues/jump-heap.js';
import { SubgoalGraph8, wide } from './subgoal8-graph.js';
import { graph8Contents, GRAPH8_KIND, GRAPH8_VERSION } from './subgoal8-saved.js';
import { readSaved, writeSaved } from '../../core/saved-file.js';
import { checkKeys } from '../../core/input-checks.js';
import { MAX_LANDMARKS } from './subgoal8-landmarks.js';
import { CLASS_MOVES, KEPT, moveSet, neighbourhood, tautTable } from './subgoal8-taut.js';
import { GridSearcherBase } from '../grid-searcher-base.js';
import { GRID_NEEDS_CHECKS } from '../grid-needs.js';

/** The options of one `SubgoalSearcher8` query; a bad value is an `InputError`. */
export type SubgoalSearch8Options = QueryOptions;

const KEYS: readonly (keyof SubgoalSearch8Options)[] = ['limits'];

/** The options of `new SubgoalSearcher8(grid, options)`; a bad value is an `InputError`. */
export interface SubgoalBuild8Options {
  /**
   * A graph of this very grid saved before (`save()`): loaded instead of
   * built. Refused, with the reason, when damaged, of another format
   * version, or saved from another grid or from this one before an edit.
   * The per-cell tables are made again from the grid (the cheap part of a
   * build); the edges, shortcuts and landmark distances are taken as saved,
   * their indices and the shortcuts' unpacking checked.
   */
  saved?: Uint8Array;
}

const BUILD_KEYS: readonly (keyof SubgoalBuild8Options)[] = ['saved'];
/** The taut-path pruning tables of the two corner rules (subgoal8-taut.ts). */
const TAUT_NO_CUT = tautTable('no-corner-cutting'), TAUT_CUT = tautTable('always');

/**
 * Exact shortest paths on an 8-connected grid from a preprocessed subgoal
 * graph contracted into a hierarchy (Uras, Koenig and Hernandez's subgoal
 * graphs under contraction hierarchies, as in Uras and Koenig's CH-SG; see
 * `SubgoalGraph8`): subgoals where shortest paths turn, edges between
 * subgoals a free-space path joins, then most subgoals taken out one by one
 * (shortcuts with their length keep the distances among the rest) until the
 * build's work or memory budget is spent; the subgoals left are the core.
 * The constructor builds it (`buildMs`, `bytes`); a query
 *
 * 1. scans from the goal, diagonal first, for the subgoals it reaches
 *    directly (and whether it sees the start that way: then the path is
 *    that straight-and-diagonal line, and nothing is searched), then from
 *    the start the same way;
 * 2. runs two A* searches at once, each toward the other end: from the
 *    start's subgoals over upward edges out of contracted subgoals and the
 *    core's edges, and from the goal's subgoals up the upward edges to the
 *    core (stall-on-demand); a subgoal both have reached joins a path (seen
 *    as soon as either side reaches it), and each stops once its smallest
 *    key reaches the best such path. The
 *    heuristics are the octile distance (no edge is shorter than its ends'
 *    octile distance), or the larger of that and up to 8 landmarks' bounds
 *    (ALT, subgoal8-landmarks.ts) where the memory budget has room; both
 *    consistent, so every subgoal of a shortest path is closed with its
 *    exact distance before either key reaches that path's length. Where
 *    the whole graph was contracted (mazes, rooms) that is the hierarchy's
 *    two climbs, a few dozen subgoals. Where the edge lists are long
 *    (street maps) the start side also skips, unread, the edges a taut path
 *    cannot take after the hop it came by (subgoal8-taut.ts: a turn of 90
 *    degrees or more at a subgoal whose neighbourhood offers a strictly
 *    shorter way round is on no shortest path, whatever the ties);
 * 3. writes the path cell by cell on request (`pathInto`): shortcuts are
 *    halved until each hop is an edge of the subgoal graph, a free-space
 *    path of octile length.
 *
 * Costs are Dijkstra's on the grid (a diagonal step `cellSize *
 * diagonalCost`, a straight one `cellSize`), summed hop by hop, so they
 * agree with Dijkstra's to rounding (1e-12 relative).
 *
 * Requirements, checked in the constructor and at every query (InputError
 * otherwise): a `Grid` with `connectivity: 8`, diagonal rule
 * `no-corner-cutting` or `always`, blocked cells deleted, no per-cell
 * weights, and `1 < diagonalCost < 2` (the free-space paths the graph rests
 * on are then exactly the interleavings of diagonal and straight steps).
 *
 * Edits: the graph belongs to the grid's cells at one `version`. A query
 * that finds the grid changed (`setBlocked`, or a write announced with
 * `touch`) rebuilds the whole graph first (`builds` counts them); no answer
 * ever comes from a stale graph. Until that next query the last answer's
 * path reads exactly as it was answered (the graph keeps the raster it was
 * built from, one bit a cell). A direct write to `grid.cells` without
 * `touch` is not seen (call `rebuild()`).
 *
 * Memory: `bytes` is the preprocessed structure (4 clearance bytes, a
 * subgoal bit with its rank and the raster's bit per cell; per subgoal its coordinates, flag
 * and edge list, 2 bytes an edge of the subgoal graph (4 when its ends are
 * far apart in rank) and 16 a shortcut (20 where its step counts pass 16
 * bits), 8 more for its halves where the budget has room, 32 more for the direction classes
 * on street-like graphs; 8 bytes a subgoal per landmark); the build keeps
 * it within 16 bytes a cell where the packed subgoal graph alone fits.
 * `searchBytes` is the per-query state (49 bytes a subgoal).
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.##..', '.....']);
 * const s = new SubgoalSearcher8(grid);
 * if (s.search(grid.id(0, 0), grid.id(4, 2)) === 'found') console.log(s.cost, s.path());
 * ```
 */
export class SubgoalSearcher8 extends GridSearcherBase<SubgoalSearch8Options> {
  /** Milliseconds the last build of the subgoal graph took. */
  buildMs = 0;
  /** How many times the graph was built: 1 after the constructor (0 when it loaded a saved one), one more per query that found the grid edited. */
  builds = 0;

  private graph!: SubgoalGraph8;
  private version = -1;
  private readonly noCut: boolean;
  private readonly axial: number;
  private readonly diag: number;
  private g!: Float64Array;
  private parent!: Int32Array;
  private stamp!: Uint32Array;
  private gd!: Float64Array;
  private gdNext!: Int32Array;
  private gdStamp!: Uint32Array;
  /** The unit moves of the hop the start side reached each subgoal by (subgoal8-taut.ts; kept only where the edges are sorted by class); 0 when unknown (a shortcut). */
  private inMove!: Uint8Array;
  /** The start side's heuristic of each subgoal it has opened in this query. */
  private hq!: Float64Array;
  /** The edge each subgoal was reached by, from `parent` (start side) and from `gdNext` (goal side): a shortcut record, or -1 for an edge of the simple graph. */
  private via!: Int32Array;
  private gdVia!: Int32Array;
  private readonly heap = new JumpHeap(1024);
  private readonly up = new JumpHeap(64);
  private gen = 0;
  /** The best path through a subgoal both searches have reached, and that subgoal (-1: none yet). */
  private mu = Infinity;
  private meet = -1;
  private startCell = -1;
  private goalCell = -1;
  /** Each landmark's distance to the last query's goal, and to its start. */
  private readonly toGoal = new Float64Array(MAX_LANDMARKS);
  private readonly toStart = new Float64Array(MAX_LANDMARKS);
  /** Scratch: the subgoals the last query's goal and start reach directly. */
  private goalSeeds = new Int32Array(64);
  private startSeeds = new Int32Array(64);
  /** Scratch: the hops of the last path, as cells. */
  private hops = new Int32Array(64);
  /**
   * The unpacking's stack of (from, to, edge) triples: a typed array with its
   * own top, grown on demand, not a JS array emptied per hop (setting its
   * length to 0 gave its storage back, and every hop of a path grew it anew;
   * it starts small, so the tests grow it).
   */
  private pending = new Int32Array(24);

  /** Milliseconds loading the `saved` graph took, checks included (0 when it was built). */
  loadMs = 0;

  constructor(grid: Grid, options: SubgoalBuild8Options = {}) {
    super(grid, 'SubgoalSearcher8', GRID_NEEDS_CHECKS);
    checkKeys(options, BUILD_KEYS, 'SubgoalSearcher8');
    this.noCut = !cutsCorners(grid.diagonalRule);
    this.axial = grid.cellSize;
    this.diag = grid.cellSize * grid.diagonalCost;
    if (options.saved === undefined) this.rebuild();
    else this.load(options.saved);
  }

  /**
   * The graph as bytes (the one format of saved preprocessing,
   * core/saved-file.ts, kind BFS8), to be loaded later with the `saved`
   * option on the same grid, unedited. Builds the graph again first if the
   * grid was edited since.
   */
  save(): Uint8Array {
    if (this.grid.version !== this.version) this.rebuild();
    const { numbers, arrays } = graph8Contents(this.graph.count, this.graph.savedParts());
    return writeSaved(GRAPH8_KIND, GRAPH8_VERSION, this.grid, numbers, arrays);
  }

  private load(bytes: Uint8Array): void {
    const t0 = performance.now(), grid = this.grid, who = 'SubgoalSearcher8';
    const contents = readSaved(bytes, GRAPH8_KIND, GRAPH8_VERSION, grid, who, 'graph');
    this.adopt(new SubgoalGraph8(grid.width, grid.height, grid.cells, grid.diagonalRule, this.axial, this.diag, true, { contents, who }));
    this.loadMs = performance.now() - t0;
  }

  /**
   * Builds the subgoal graph from the grid as it is now. Queries do it by
   * themselves after an edit the grid announced (`setBlocked`, `touch`);
   * this is for a write to `grid.cells` that was not announced.
   */
  rebuild(): void {
    const t0 = performance.now();
    const grid = this.grid;
    this.adopt(new SubgoalGraph8(grid.width, grid.height, grid.cells, grid.diagonalRule, this.axial, this.diag));
    this.buildMs = performance.now() - t0;
    this.builds++;
  }

  /** Takes `graph` (built or loaded) and sizes the query state to it. */
  private adopt(graph: SubgoalGraph8): void {
    this.version = this.grid.version;
    this.graph = graph;
    // One more slot: the goal, as a node of the search.
    const n = graph.count + 1;
    this.g = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.gd = new Float64Array(n);
    this.gdNext = new Int32Array(n);
    this.gdStamp = new Uint32Array(n);
    this.inMove = new Uint8Array(n);
    this.hq = new Float64Array(n);
    this.via = new Int32Array(n);
    this.gdVia = new Int32Array(n);
    this.gen = 0;
    this.status = 'unreachable';
    this.cost = Infinity;
  }

  /** Bytes of the preprocessed structure (the grid's own cells not counted): see the class comment. */
  get bytes(): number { return this.graph.bytes; }

  /** Bytes of the per-query search state. */
  get searchBytes(): number { return this.g.byteLength + this.gd.byteLength + this.hq.byteLength + 6 * this.parent.byteLength + this.inMove.byteLength; }

  /** Subgoals in the graph. */
  get subgoals(): number { return this.graph.count; }

  /** Core (global) subgoals: those the contraction left, among which a query's A* runs. */
  get globalSubgoals(): number { return this.graph.globals; }

  /** Edges stored (upward edges of contracted subgoals, and each core edge once), shortcuts included. */
  get edges(): number {
    let local = 0;
    const graph = this.graph;
    // A list's slots less its wide entries' second slots: its entries.
    for (let u = 0; u < graph.count; u++) if (!graph.global[u]) local += graph.at[u + 1] - graph.at[u] - graph.far[u];
    return local + (graph.entries - local) / 2;
  }

  /** Edge entries of the core's lists (each core edge at both ends, shortcuts included): what a query's A* over the core reads, at most. */
  get coreEntries(): number {
    const graph = this.graph;
    let entries = 0;
    for (let u = 0; u < graph.count; u++) if (graph.global[u]) entries += graph.at[u + 1] - graph.at[u] - graph.far[u];
    return entries;
  }

  /** Shortcuts among the stored edges (edges the contraction added; each counted once). */
  get shortcuts(): number {
    let local = 0;
    const graph = this.graph;
    for (let u = 0; u < graph.count; u++) {
      if (graph.global[u]) continue;
      for (let j = graph.at[u + 1] - 2 * graph.far[u]; j < graph.at[u + 1]; j += 2) if (wide(graph.adj, j) < 0) local++;
    }
    return local + (graph.scTo.length - local) / 2;
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`): the scans from both
   * ends, which decide a query whose ends see each other, and both open
   * lists seeded. A start or goal outside the grid or blocked, a bad option,
   * or a grid that has gained weights throw; every other outcome is a
   * status. Rebuilds the graph first if the grid was edited since it was built.
   */
  protected prepare(start: number, goal: number, options: SubgoalSearch8Options): SearchStatus | null {
    const grid = this.grid;
    this.checkQuery(start, goal, options, KEYS);
    if (grid.version !== this.version) this.rebuild();
    this.startCell = start;
    this.goalCell = goal;
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    return this.seedBoth(start, goal);
  }

  protected conclude(status: SearchStatus): void {
    this.cost = status === 'found' ? this.g[this.graph.count] : Infinity;
  }

  private seedBoth(start: number, goal: number): SearchStatus | null {
    const graph = this.graph, reach = graph.reach, w = graph.width, n = graph.count, GOAL = n;
    const xs = graph.xs, ys = graph.ys;
    const sx = start % w, sy = (start - sx) / w, gx = goal % w, gy = (goal - gx) / w;
    const g = this.g, parent = this.parent, stamp = this.stamp, gd = this.gd, gdNext = this.gdNext, gdStamp = this.gdStamp, inMove = this.inMove;
    this.gen = nextGeneration(this.gen, 2, stamp, gdStamp);
    const gen = this.gen;
    parent[GOAL] = -1;
    if (start === goal) { g[GOAL] = 0; return 'found'; }

    // The goal's subgoals (kept: the start's scan reuses the scan's buffer), then the start's.
    reach.scan(goal, start);
    if (reach.reachedTarget) { g[GOAL] = graph.octile(sx - gx, sy - gy); return 'found'; }
    const goalCount = this.seeds(goal, true);
    if (goalCount === 0) return 'unreachable';
    reach.scan(start, -1);
    const startCount = this.seeds(start, false);
    if (startCount === 0) return 'unreachable';
    const goalSeeds = this.goalSeeds, startSeeds = this.startSeeds;
    this.landmarksTo(goalSeeds, goalCount, gx, gy, this.toGoal);
    this.landmarksTo(startSeeds, startCount, sx, sy, this.toStart);

    // Two searches at once, each an A* toward the other end: from the start over upward edges and the
    // core (key g + h to the goal), and from the goal up to the core (key gd + h to the start). A
    // subgoal both have reached joins a path, checked when either side reaches it (not only when it
    // is expanded: the best path is then known sooner, and both sides stop sooner; 1% to 10% fewer
    // expansions); each stops once its smallest key reaches the best (nothing it has left can beat
    // it), so the goal's climb goes no higher than a query needs.
    const heap = this.heap, up = this.up, toStart = this.toStart;
    heap.clear();
    up.clear();
    for (let i = 0; i < startCount; i++) {
      const v = startSeeds[i], gv = graph.octile(xs[v] - sx, ys[v] - sy);
      if (stamp[v] !== gen || gv < g[v]) { this.open(v, gv, -1, gx, gy); inMove[v] = moveSet(xs[v] - sx, ys[v] - sy); }
    }
    for (let i = 0; i < goalCount; i++) {
      const v = goalSeeds[i], d = graph.octile(xs[v] - gx, ys[v] - gy);
      if (gdStamp[v] !== gen || d < gd[v]) { gdStamp[v] = gen; gd[v] = d; gdNext[v] = -1; up.push(v, d + this.h(v, sx, sy, toStart), 0); this.pushes++; }
    }
    this.mu = Infinity;
    this.meet = -1;
    return null;
  }

  /** The two searches, from where the last call left them until the query ends or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const graph = this.graph, reach = graph.reach, w = graph.width, GOAL = graph.count;
    const xs = graph.xs, ys = graph.ys, at = graph.at, adj = graph.adj, far = graph.far, global = graph.global, scTo = graph.scTo;
    const start = this.startCell, goal = this.goalCell;
    const sx = start % w, sy = (start - sx) / w, gx = goal % w, gy = (goal - gx) / w;
    const g = this.g, parent = this.parent, stamp = this.stamp, gd = this.gd, gdNext = this.gdNext, gdStamp = this.gdStamp, inMove = this.inMove;
    const via = this.via, gdVia = this.gdVia;
    const cells = reach.cells, hgt = reach.height, taut = this.noCut ? TAUT_NO_CUT : TAUT_CUT, classAt = graph.classAt;
    const gen = this.gen, closed = gen + 1;
    const heap = this.heap, up = this.up, toStart = this.toStart;
    let mu = this.mu, meet = this.meet;
    for (;;) {
      // Entries of subgoals already closed are stale (a consistent heuristic closes each once).
      while (heap.length > 0 && stamp[heap.topNode()] !== gen) heap.pop();
      while (up.length > 0 && gdStamp[up.topNode()] !== gen) up.pop();
      const kF = heap.length > 0 ? heap.topF() : Infinity, kB = up.length > 0 ? up.topF() : Infinity;
      if (!(kF < mu) && !(kB < mu)) break;
      // A limit or the end of a slice: both lists are whole, and the next call resumes from them.
      if (this.expansions >= stopAt) { this.mu = mu; this.meet = meet; return null; }
      this.expansions++;
      if (kF <= kB) {
        const u = heap.topNode();
        heap.pop();
        stamp[u] = closed;
        const gu = g[u], ux = xs[u], uy = ys[u];
        if ((gdStamp[u] === gen || gdStamp[u] === closed) && gu + gd[u] < mu) { mu = gu + gd[u]; meet = u; }
        // The wide entries (shortcuts, far edges) sit at the list's end, from here; their moves are
        // unknown, so the taut-path pruning below never skips them.
        let wideFrom: number;
        if (classAt.length === 0) {
          const near = at[u + 1] - 2 * far[u];
          wideFrom = near;
          for (let j = at[u]; j < near; j++) {
            const v = u + adj[j], sv = stamp[v];
            if (sv === closed) continue;
            const gv = gu + graph.octile(xs[v] - ux, ys[v] - uy);
            if (sv === gen && !(gv < g[v] * IMPROVE)) continue;
            this.open(v, gv, u, gx, gy);
            via[v] = -1;
            if ((gdStamp[v] === gen || gdStamp[v] === closed) && gv + gd[v] < mu) { mu = gv + gd[v]; meet = v; }
          }
        } else {
          // Taut-path pruning (subgoal8-taut.ts): the first moves out of u that, after the last move
          // into u, have a strictly shorter replacement; a hop made of them only is on no shortest path.
          // The edges are sorted by class, so the classes made of such moves are skipped unread.
          let kept = 0xffff;
          const into = inMove[u];
          if (into !== 0) {
            const nb = neighbourhood(cells, w, hgt, ux, uy) * 8;
            let skip = 0xff;
            for (let a = 0; a < 8; a++) if ((into >> a) & 1) skip &= taut[nb + a];
            kept = KEPT[skip];
          }
          const base = at[u], row = u * 16;
          for (let c = 0, from = base; c < 16; c++) {
            const to = base + classAt[row + c];
            if ((kept >> c) & 1) {
              const moves = CLASS_MOVES[c];
              for (let j = from; j < to; j++) {
                const v = u + adj[j], sv = stamp[v];
                if (sv === closed) continue;
                const gv = gu + graph.octile(xs[v] - ux, ys[v] - uy);
                if (sv === gen && !(gv < g[v] * IMPROVE)) continue;
                this.open(v, gv, u, gx, gy);
                inMove[v] = moves;
                via[v] = -1;
                if ((gdStamp[v] === gen || gdStamp[v] === closed) && gv + gd[v] < mu) { mu = gv + gd[v]; meet = v; }
              }
            }
            from = to;
          }
          wideFrom = base + classAt[row + 15];
        }
        for (let j = wideFrom; j < at[u + 1]; j += 2) {
          let v = wide(adj, j), gv: number;
          const rec = v >= 0 ? -1 : ~v;
          if (v >= 0) gv = gu + graph.octile(xs[v] - ux, ys[v] - uy);
          else { gv = gu + graph.shortcutLength(~v); v = scTo[~v]; }
          const sv = stamp[v];
          if (sv === closed) continue;
          if (sv === gen && !(gv < g[v] * IMPROVE)) continue;
          this.open(v, gv, u, gx, gy);
          inMove[v] = 0;
          via[v] = rec;
          if ((gdStamp[v] === gen || gdStamp[v] === closed) && gv + gd[v] < mu) { mu = gv + gd[v]; meet = v; }
        }
        continue;
      }
      const u = up.topNode();
      up.pop();
      gdStamp[u] = closed;
      const du = gd[u];
      if ((stamp[u] === gen || stamp[u] === closed) && g[u] + du < mu) { mu = g[u] + du; meet = u; }
      // The goal's side climbs contracted subgoals only: the core is the start side's.
      if (global[u]) continue;
      // Stall-on-demand (as the road hierarchy's query does), in the same pass as the relaxing: a
      // subgoal above u, already reached at a distance that with its edge down to u beats du, shows
      // that u lies on no shortest upward path from the goal, and its edges need not be followed
      // further (those followed before it showed are real paths, so harmless). A subgoal of the
      // shortest path is never stalled: its distance is then exact. One pass, not a check first:
      // the checks alone read as many edges as the relaxing saved (dao: 526 against 696 a query).
      const bound = du * IMPROVE;
      for (let j = at[u], end = at[u + 1], near = end - 2 * far[u]; j < end;) {
        let v: number, d: number, rec = -1;
        if (j < near) { v = u + adj[j++]; d = graph.octile(xs[u] - xs[v], ys[u] - ys[v]); } else {
          v = wide(adj, j); j += 2;
          if (v >= 0) d = graph.octile(xs[u] - xs[v], ys[u] - ys[v]);
          else { rec = ~v; d = graph.shortcutLength(rec); v = scTo[rec]; }
        }
        const sv = gdStamp[v];
        if (sv !== gen && sv !== closed) {
          gdStamp[v] = gen; gd[v] = du + d; gdNext[v] = u; gdVia[v] = rec;
          up.push(v, du + d + this.h(v, sx, sy, toStart), 0);
          this.pushes++;
          if ((stamp[v] === gen || stamp[v] === closed) && g[v] + gd[v] < mu) { mu = g[v] + gd[v]; meet = v; }
          continue;
        }
        if (gd[v] + d < bound) break;
        if (sv === closed) continue;
        const dv = du + d;
        if (dv < gd[v] * IMPROVE) {
          gd[v] = dv; gdNext[v] = u; gdVia[v] = rec; up.push(v, dv + this.h(v, sx, sy, toStart), 0); this.pushes++;
          if ((stamp[v] === gen || stamp[v] === closed) && g[v] + dv < mu) { mu = g[v] + dv; meet = v; }
        }
      }
    }
    if (meet < 0) return 'unreachable';
    // The meeting subgoal's two distances as they stand (a later improvement of either re-opened it
    // below mu, so it was met again before the searches stopped: this is mu, up to rounding).
    g[GOAL] = g[meet] + gd[meet]; parent[GOAL] = meet;
    return 'found';
  }

  /** Puts the subgoals cell c reaches directly (the last scan's), or c's own alone if it is one, into the goal's or the start's seed list; returns their count. */
  private seeds(c: number, goal: boolean): number {
    const reach = this.graph.reach;
    let list = goal ? this.goalSeeds : this.startSeeds;
    if (reach.sub.has(c)) { list[0] = reach.sub.rank(c); return 1; }
    if (list.length < reach.found) {
      list = new Int32Array(2 * reach.found);
      if (goal) this.goalSeeds = list; else this.startSeeds = list;
    }
    for (let i = 0; i < reach.found; i++) list[i] = reach.foundIds[i];
    return reach.found;
  }

  /**
   * Each landmark's distance to cell (tx, ty) (see subgoal8-landmarks.ts):
   * the least, over the subgoals it reaches directly (or its own), of the
   * landmark's distance to one plus that one's octile distance to the cell.
   */
  private landmarksTo(seeds: Int32Array, count: number, tx: number, ty: number, into: Float64Array): void {
    const graph = this.graph, k = graph.landmarks, lm = graph.lm;
    if (k === 0) return;
    into.fill(Infinity);
    for (let j = 0; j < count; j++) {
      const v = seeds[j], d = graph.octile(graph.xs[v] - tx, graph.ys[v] - ty);
      for (let i = 0; i < k; i++) { const x = lm[v * k + i] + d; if (x < into[i]) into[i] = x; }
    }
  }

  /**
   * The heuristic of subgoal v toward cell (tx, ty): the octile distance, or
   * a landmark's bound where larger (`to`: the landmarks' distances to that
   * cell, which is no subgoal, so not `altBound`'s table layout; the same
   * bound, skipping a landmark that reaches neither).
   */
  private h(v: number, tx: number, ty: number, to: Float64Array): number {
    const graph = this.graph;
    let hv = graph.octile(graph.xs[v] - tx, graph.ys[v] - ty);
    const k = graph.landmarks;
    if (k === 0) return hv;
    const lm = graph.lm, row = v * k;
    for (let i = 0; i < k; i++) {
      const a = lm[row + i], b = to[i];
      // Both finite: |d(L, v) - d(L, cell)| <= d(v, cell) (the triangle inequality, both ways).
      if (a === Infinity || b === Infinity) continue;
      const t = a > b ? a - b : b - a;
      if (t > hv) hv = t;
    }
    return hv;
  }

  /** Start side: subgoal v goes on the open list with g = gv, reached from `from` (-1: the start). */
  private open(v: number, gv: number, from: number, gx: number, gy: number): void {
    // A subgoal open already keeps the heuristic it was first given: the landmarks' are dear to
    // recompute (without them the octile distance is cheaper than the cache).
    let hv: number;
    if (this.graph.landmarks === 0) hv = this.graph.octile(this.graph.xs[v] - gx, this.graph.ys[v] - gy);
    else hv = this.stamp[v] === this.gen ? this.hq[v] : (this.hq[v] = this.h(v, gx, gy, this.toGoal));
    this.g[v] = gv; this.parent[v] = from; this.stamp[v] = this.gen;
    this.heap.push(v, gv + hv, hv);
    this.pushes++;
  }

  /** Appends cell c to the hops (`k` of them so far) and returns the new count. */
  private put(k: number, c: number): number {
    if (k === this.hops.length) { const grown = new Int32Array(k * 2); grown.set(this.hops); this.hops = grown; }
    this.hops[k] = c;
    return k + 1;
  }

  /** Appends the cells of the subgoal hop u -> v (over shortcut record `rec`, or -1: an edge of the simple graph) after u (v's, and before it those of the subgoals a shortcut passes through). */
  private unpack(k: number, u: number, v: number, rec: number): number {
    const graph = this.graph, half = graph.scHalf, known = half.length > 0, scMid = graph.scMid, scTo = graph.scTo;
    const xs = graph.xs, ys = graph.ys, w = graph.width;
    // A stack, not recursion: a maze's hierarchy nests shortcuts hundreds deep. Entries are (from, to,
    // edge): the edge a shortcut record, -1 an edge of the simple graph. The search says which edge
    // each hop of its path took; a shortcut's halves are its record's (`scHalf`) or, where the graph
    // keeps none, found in its middle's list.
    let stack = this.pending, top = 0;
    stack[top++] = u; stack[top++] = v; stack[top++] = rec;
    while (top > 0) {
      const r = stack[--top], b = stack[--top], a = stack[--top];
      if (r < 0) { k = this.put(k, ys[b] * w + xs[b]); continue; }
      // Each record pushes two entries in place of one: room for six more.
      if (top + 6 > stack.length) { const grown = new Int32Array(stack.length * 2); grown.set(stack); stack = this.pending = grown; }
      const m = scMid[r];
      // Without the halves, m's own list holds both (see `upRecord`).
      if (!known) { stack[top++] = m; stack[top++] = b; stack[top++] = graph.upRecord(m, b); stack[top++] = a; stack[top++] = m; stack[top++] = graph.upRecord(m, a); continue; }
      // Record r runs from its owner to scTo[r], its halves in that order; the hop may run it backward.
      const forward = scTo[r] === b, first = half[2 * r + (forward ? 0 : 1)], second = half[2 * r + (forward ? 1 : 0)];
      stack[top++] = m; stack[top++] = b; stack[top++] = second; stack[top++] = a; stack[top++] = m; stack[top++] = first;
    }
    return k;
  }

  /** The last path's hops as cells, start first, into `hops`; returns their count. */
  private chain(): number {
    const graph = this.graph, GOAL = graph.count, parent = this.parent, gdNext = this.gdNext;
    const m = parent[GOAL];
    // The subgoals from the start's first one to the meeting one, in reverse, then turned.
    let n = 0;
    for (let u = m; u >= 0; u = parent[u]) n = this.put(n, u);
    this.hops.subarray(0, n).reverse();
    // The cells: the start, each hop unpacked, on down the goal's side, the goal.
    const ids = this.hops.slice(0, n);
    let k = this.put(0, this.startCell);
    if (m >= 0) {
      k = this.put(k, graph.ys[ids[0]] * graph.width + graph.xs[ids[0]]);
      for (let i = 1; i < n; i++) k = this.unpack(k, ids[i - 1], ids[i], this.via[ids[i]]);
      for (let u = m; gdNext[u] >= 0; u = gdNext[u]) k = this.unpack(k, u, gdNext[u], this.gdVia[u]);
    }
    k = this.put(k, this.goalCell);
    // Drop repeats (a start or goal on a subgoal).
    let j = 0;
    for (let i = 0; i < k; i++) if (j === 0 || this.hops[j - 1] !== this.hops[i]) this.hops[j++] = this.hops[i];
    return j;
  }

  /**
   * Writes the last path cell by cell (start first, grid ids) and returns its
   * cell count; 0 without a path. Each hop of the subgoal path becomes a
   * free-space path of octile length. Throws if `out` is too short.
   */
  pathInto(out: Int32Array): number {
    checkPathBuffer(out);
    if (this.status !== 'found') return 0;
    const k = this.chain(), hops = this.hops, w = this.graph.width;
    let n = 1;
    for (let i = 1; i < k; i++) {
      const a = hops[i - 1], b = hops[i], ax = a % w, bx = b % w;
      n += Math.max(Math.abs(bx - ax), Math.abs((b - bx) / w - (a - ax) / w));
    }
    checkPathRoom(out, n, 'cells');
    out[0] = this.startCell;
    for (let i = 1, p = 0; i < k; i++) {
      const m = this.graph.reach.hPath(hops[i - 1], hops[i], out, p);
      // Every hop joins two cells the graph found h-reachable: a failure is a defect.
      if (m < 0) throw new Error('SubgoalSearcher8: a hop of the subgoal path has no free-space path (internal error)');
      p += m - 1;
    }
    return n;
  }

  /** The last path, cell by cell, start first, or null without one (allocates). */
  path(): number[] | null {
    if (this.status !== 'found') return null;
    const buf = new Int32Array(this.grid.size);
    return Array.from(buf.subarray(0, this.pathInto(buf)));
  }

}

