import { contract } from './contraction-build.js';
import { readHierarchy, writeHierarchy } from './contraction-file.js';
import { layOut, queryOrder, type QueryLayout } from './contraction-layout.js';
import { InputError, show } from '../core/errors.js';
import { checkKeys, costOverflow } from '../core/input-checks.js';
import type { QueryOptions, SearchStatus } from '../core/path-searcher.js';
import { checkEndpoints, checkSpace, type ArcChangeFeed, type SearchSpace } from '../core/space.js';
import { KeyHeap } from '../queues/key-heap.js';
import { TwoEndedSearcher } from '../search/two-ended.js';

/** The options of `new ContractionHierarchy(space, options)`. */
export interface ContractionOptions {
  /**
   * How many nodes a witness search may settle before it gives up and the
   * shortcut is added anyway: an integer >= 0 or Infinity, default 500. A lower limit
   * builds faster and adds shortcuts that were not needed (slower queries);
   * 0 adds every candidate shortcut. The answers are exact whatever it is.
   */
  witnessSettles?: number;
  /**
   * A hierarchy of this very space saved before (`save()`): loaded instead
   * of built, in a fraction of the time. Refused, as an `InputError` that
   * says why, when it is damaged, of another format version, built from
   * another space or from this one before an edit: a stale file is never
   * answered from. `witnessSettles` then only matters to later rebuilds.
   */
  saved?: Uint8Array;
  /**
   * Called as the build contracts the nodes (about a hundred times, and
   * once at the end) with how many are done and how many there are: for a
   * progress bar, since a city takes seconds. Every build calls it, the
   * rebuilds after an edit too.
   */
  onProgress?: (contracted: number, total: number) => void;
}

/** The options of one `ContractionHierarchy.search` query. */
export type ContractionQueryOptions = QueryOptions;

const BUILD_KEYS: readonly (keyof ContractionOptions)[] = ['witnessSettles', 'saved', 'onProgress'];
const QUERY_KEYS: readonly (keyof ContractionQueryOptions)[] = ['limits'];

/**
 * Contraction hierarchies (Geisberger et al., 2008): a graph preprocessed
 * once so that each later shortest-path query settles a few hundred nodes
 * instead of a city's worth. The constructor ranks the nodes (least
 * important first: edge difference plus contracted neighbours, kept up to
 * date lazily) and contracts them in that order, adding a shortcut wherever
 * a node's removal would lengthen a shortest path between its neighbours
 * (witness searches decide, up to `witnessSettles` settled nodes). A query
 * searches upward from both ends (from the goal against the arcs), skips
 * nodes whose g a higher node beats (stall-on-demand), and unpacks the
 * shortcuts of the best meeting into the full path of the space's nodes.
 *
 * Directed spaces are handled (the two halves read separate arc lists);
 * parallel arcs count by the cheapest and self loops are ignored, as every
 * search counts them. Costs are exact: `cost` is the returned path's arc
 * costs summed in path order, equal to Dijkstra's up to the last bits of a
 * sum of non-integers. The hierarchy is a copy of the space's arcs, and
 * follows the rule of every preprocessed structure of the library: the first
 * query after an edit the space reports (`watchArcs`, as a `Grid` does), or
 * after the space grew, builds it again (`builds`, `buildMs` say so), never
 * answering from a stale copy. An edit to a space that reports none is
 * caught up with by `rebuild()`.
 *
 * @example
 * ```ts
 * const roads = parseRoads(co, gr);
 * const ch = new ContractionHierarchy(roads.graph); // seconds, once
 * ch.search(0, 1000); // microseconds, every time: the cost of dijkstra(roads.graph, 0, 1000)
 * ```
 */
export class ContractionHierarchy extends TwoEndedSearcher<ContractionQueryOptions> {
  /** The space the hierarchy was built from. */
  readonly space: SearchSpace;
  /** Shortcuts the last build added (arcs of the hierarchy that bypass a node). */
  shortcuts = 0;
  /** Arcs in the hierarchy, the space's own and the shortcuts (parallel arcs merged, self loops dropped). */
  arcs = 0;
  /** Bytes of typed arrays the hierarchy and its query state hold. */
  bytes = 0;
  /** How many times the hierarchy was built: 1 after the constructor (0 when it loaded a saved one), one more per query that found the space edited. */
  builds = 0;
  /** Milliseconds the last build took (0 for a hierarchy loaded and not built since). */
  buildMs = 0;
  /** Milliseconds loading the `saved` hierarchy took, checks included (0 when it was built). */
  loadMs = 0;

  private layout!: QueryLayout;
  /**
   * Each half's g (side 0 the forward half), Infinity for a node it has not
   * reached: all the scans read of a node, 8 bytes, so a cache line holds
   * eight nodes. No stamps: the nodes a query reached are listed in
   * `touched` and set back to Infinity before the next query.
   */
  private g!: [Float64Array, Float64Array];
  /**
   * How each half reached a node: from[side][2v] the record of the arc, -1 at
   * the half's end, and from[side][2v + 1] the node it came from (side by
   * side: one cache line). Read only to unpack.
   */
  private from!: [Int32Array, Int32Array];
  private readonly touched: [number[], number[]] = [[], []];
  private readonly heaps: [KeyHeap, KeyHeap] = [new KeyHeap(), new KeyHeap()];
  /** The path's arcs in the hierarchy while it is unpacked. */
  private readonly stack: number[] = [];
  /** The shortcuts still to unpack, as `expand` describes. */
  private unpacking!: Int32Array;
  private readonly feed: ArcChangeFeed | null;
  private readonly settles: number;
  private readonly onProgress: ((contracted: number, total: number) => void) | undefined;
  /** An edit was reported and the build after it has not succeeded yet. */
  private stale = false;
  // The query: its start (a query number), and the best meeting so far, its cost and its node.
  private s = 0;
  private mu = Infinity;
  private meet = -1;

  /**
   * Builds the hierarchy (the slow part: seconds for a city of a few hundred
   * thousand nodes).
   * @param space any `SearchSpace`; its arcs are read once through `successors`
   * @param options `witnessSettles` (default 500)
   * @throws InputError for a space that is not one, a bad option, or an arc cost below 0 or NaN
   */
  constructor(space: SearchSpace, options: ContractionOptions = {}) {
    const where = 'ContractionHierarchy';
    checkSpace(space, where);
    checkKeys(options, BUILD_KEYS, where);
    const settles = options.witnessSettles === undefined ? 500 : options.witnessSettles;
    if (!(settles === Infinity || (Number.isInteger(settles) && settles >= 0))) {
      throw new InputError(`${where}: witnessSettles must be an integer >= 0 or Infinity, got ${show(options.witnessSettles)}`);
    }
    if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
      throw new InputError(`${where}: onProgress must be a function (contracted, total) => void, got ${show(options.onProgress)}`);
    }
    super(space.size);
    this.space = space;
    this.settles = settles;
    this.onProgress = options.onProgress;
    // Watched from before the arcs are read, so no edit slips between the copy and the first query.
    this.feed = space.watchArcs?.() ?? null;
    if (options.saved === undefined) {
      this.rebuild();
    } else {
      const t0 = performance.now();
      const saved = readHierarchy(options.saved, space, where);
      this.install(saved.layout, saved.shortcuts, saved.arcs);
      this.loadMs = performance.now() - t0;
    }
  }

  /**
   * The hierarchy as bytes, to be loaded later with the `saved` option (on
   * the same space, unedited): see contraction-file.ts for the format.
   * Brings the hierarchy up to date first if the space was edited since.
   */
  save(): Uint8Array {
    if (this.feed !== null && this.feed.changes().length > 0) this.stale = true;
    if (this.stale || this.space.size !== this.layout.id.length) this.rebuild();
    return writeHierarchy(this.space, { layout: this.layout, shortcuts: this.shortcuts, arcs: this.arcs });
  }

  /**
   * Builds the hierarchy again from the space as it is now. Queries do it by
   * themselves after an edit the space reports, or after it grew; this is
   * for an edit to a space that reports none. An arc the build refuses (a
   * cost below 0) is an `InputError`, and the hierarchy is left as it was,
   * to be built at the next query.
   */
  rebuild(): void {
    const t0 = performance.now(), space = this.space;
    // Taken in before the arcs are read: an edit made during the build shows at the next query.
    if (this.feed !== null && this.feed.changes().length > 0) this.stale = true;
    const ch = contract(space, this.settles, 'ContractionHierarchy', this.onProgress);
    // The query reads the hierarchy renumbered and packed for few cache misses (contraction-layout.ts).
    this.install(layOut(ch, queryOrder(ch)), ch.shortcuts, ch.fHead.length + ch.bTail.length);
    this.builds++;
    this.buildMs = performance.now() - t0;
  }

  /** Makes `layout` the hierarchy the queries read, with its query state. */
  private install(layout: QueryLayout, shortcuts: number, arcs: number): void {
    const size = Math.max(1, this.space.size);
    this.growPath(size);
    this.layout = layout;
    // A path of n nodes has at most n - 1 shortcuts pending at once (longer ones are grown into).
    this.unpacking = new Int32Array(size);
    this.g = [new Float64Array(size).fill(Infinity), new Float64Array(size).fill(Infinity)];
    this.from = [new Int32Array(2 * size), new Int32Array(2 * size)];
    this.touched[0].length = 0;
    this.touched[1].length = 0;
    this.shortcuts = shortcuts;
    this.arcs = arcs;
    this.bytes = this.pathBytes + [layout.id, layout.node, layout.first, layout.ends, layout.halves, this.unpacking, ...this.g, ...this.from].reduce((sum, a) => sum + a.byteLength, 0);
    this.stale = false;
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`), building the
   * hierarchy again first if the space reported an edit or grew since. A
   * start or goal that is not a node, or a bad option, is an `InputError`,
   * and leaves the last answer readable.
   */
  protected prepare(start: number, goal: number, options: ContractionQueryOptions): SearchStatus | null {
    checkKeys(options, QUERY_KEYS, 'search');
    checkEndpoints(this.space, start, goal);
    if (this.feed !== null && this.feed.changes().length > 0) this.stale = true;
    if (this.stale || this.space.size !== this.layout.id.length) this.rebuild();

    for (let side = 0; side < 2; side++) {
      const g = this.g[side], touched = this.touched[side];
      for (let i = 0; i < touched.length; i++) g[touched[i]] = Infinity;
      touched.length = 0;
    }
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    this.len = 0;
    const s = this.layout.id[start], t = this.layout.id[goal];
    const heaps = this.heaps;
    heaps[0].clear(); heaps[1].clear();
    this.g[0][s] = 0; this.from[0][2 * s] = -1; this.touched[0].push(s); heaps[0].push(s, 0);
    this.g[1][t] = 0; this.from[1][2 * t] = -1; this.touched[1].push(t); heaps[1].push(t, 0);
    this.pushes = 2;
    this.s = s;
    this.mu = s === t ? 0 : Infinity;
    this.meet = s === t ? s : -1;
    return null;
  }

  protected conclude(status: SearchStatus): void {
    if (status === 'found') this.cost = this.unpack(this.s, this.meet);
  }

  /** The two upward searches, from where the last call left them until they end or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const { first, ends, costs } = this.layout;
    const heaps = this.heaps;
    let mu = this.mu, meet = this.meet;
    for (;;) {
      // Each half stops once its smallest key reaches the best meeting: nothing above can improve it.
      const kF = this.liveTop(0), kB = this.liveTop(1);
      const goF = kF < mu, goB = kB < mu;
      if (!goF && !goB) break;
      // A limit or the end of a slice: both heaps are whole, and the next call resumes from them.
      if (this.expansions >= stopAt) { this.mu = mu; this.meet = meet; return null; }
      // side 0 is the forward half, 1 the backward one.
      const side = goF && (!goB || kF <= kB) ? 0 : 1;
      const heap = heaps[side], g = this.g[side], from = this.from[side], touched = this.touched[side];
      const v = heap.topNode(), gv = heap.topKey();
      heap.pop();
      this.expansions++;
      // Infinity on the other side when it has not reached v.
      const through = gv + this.g[1 - side][v];
      if (through < mu) { mu = through; meet = v; }
      // Two finite halves whose sum overflows: a path whose cost is no number (the one rule, costOverflow).
      else if (through === Infinity && this.g[1 - side][v] < Infinity) {
        throw new InputError(`search: the cost of a path overflows where its two halves meet at node ${this.layout.node[v]} (${gv} + ${this.g[1 - side][v]} is Infinity); costs must be small enough that every path's total is a finite number`);
      }
      // Stall-on-demand: a higher node reached more cheaply, plus its arc down to v, beats g(v), so
      // v lies on no shortest upward path from this end and its arcs need not be relaxed. Forward,
      // the arcs entering v from above; backward, v's climbing arcs read against their direction.
      let stalled = false;
      for (let k = first[2 * v + 1 - side], end = first[2 * v + 2 - side]; k < end; k++) {
        if (g[ends[4 * k]] + costs[2 * k + 1] < gv) { stalled = true; break; }
      }
      if (stalled) continue;
      for (let k = first[2 * v + side], end = first[2 * v + side + 1]; k < end; k++) {
        // A node already settled has g <= gv <= gx (costs are >= 0), so `gx < g[x]` leaves it alone.
        const x = ends[4 * k], gx = gv + costs[2 * k + 1];
        if (!(gx < g[x])) {
          if (gx === Infinity && g[x] === Infinity) throw costOverflow('search', this.layout.node[side === 0 ? v : x], this.layout.node[side === 0 ? x : v], gv, costs[2 * k + 1]);
          continue;
        }
        if (g[x] === Infinity) touched.push(x);
        g[x] = gx; from[2 * x] = k; from[2 * x + 1] = v;
        heap.push(x, gx);
        this.pushes++;
      }
    }
    this.mu = mu;
    this.meet = meet;
    return meet < 0 ? 'unreachable' : 'found';
  }

  /**
   * The smallest live key of a half, stale entries popped first: a node's
   * key only falls and its newest entry holds its g, so an entry whose key
   * is not its node's g is stale, and once that one is popped (the node
   * settled) every entry left for the node is. Infinity when the frontier is empty.
   */
  private liveTop(side: number): number {
    const heap = this.heaps[side], g = this.g[side];
    while (heap.length > 0) {
      if (heap.topKey() === g[heap.topNode()]) return heap.topKey();
      heap.pop();
    }
    return Infinity;
  }

  /**
   * Writes the path through `meet` into the buffer, every shortcut replaced
   * by the two arcs it bypasses until only the space's arcs are left, and
   * returns its cost summed in path order.
   */
  private unpack(s: number, meet: number): number {
    const { node, ends, costs } = this.layout;
    const hops = this.stack, from = this.from;
    // The path's arcs in the hierarchy, as (record, head) pairs in path order: the upward part
    // (collected from meet back to the start, then turned round) and the downward part.
    hops.length = 0;
    for (let x = meet; from[0][2 * x] !== -1; x = from[0][2 * x + 1]) hops.push(from[0][2 * x], x);
    for (let i = 0, j = hops.length - 2; i < j; i += 2, j -= 2) {
      const k = hops[i], h = hops[i + 1];
      hops[i] = hops[j]; hops[i + 1] = hops[j + 1]; hops[j] = k; hops[j + 1] = h;
    }
    for (let x = meet; from[1][2 * x] !== -1; x = from[1][2 * x + 1]) hops.push(from[1][2 * x], from[1][2 * x + 1]);
    this.len = 0;
    this.append(node[s]);
    let cost = 0;
    for (let i = 0; i < hops.length; i += 2) {
      const k = hops[i], sc = ends[4 * k + 1];
      if (sc < 0) {
        this.append(node[hops[i + 1]]);
        cost += costs[2 * k + 1];
      } else {
        cost = this.expand(sc, cost);
      }
    }
    return cost;
  }

  /**
   * Appends the space's nodes of shortcut `sc` (an entry of the unpacking
   * table) to the path; returns `cost` plus its arcs' costs, added in path
   * order. A loop the walk makes over zero-cost arcs is cut as it closes
   * (`append`): it adds nothing to the cost.
   */
  private expand(sc: number, cost: number): number {
    const { halves, halfCost } = this.layout;
    let stack = this.unpacking;
    // Stack items: 2i for all of entry i, 2i + 1 for its second half only.
    let top = 0;
    stack[top++] = 2 * sc;
    while (top > 0) {
      const e = stack[--top], i = e >> 1;
      if ((e & 1) === 0) {
        const a = halves[6 * i];
        if (a >= 0) {
          if (top + 2 > stack.length) stack = this.growUnpacking();
          stack[top++] = 2 * i + 1;
          stack[top++] = 2 * a;
          continue;
        }
        this.append(~a);
        cost += halfCost[3 * i + 1];
      }
      const b = halves[6 * i + 1];
      if (b >= 0) {
        stack[top++] = 2 * b;
      } else {
        this.append(~b);
        cost += halfCost[3 * i + 2];
      }
    }
    return cost;
  }

  /** Room for more pending shortcuts (a path through a zero-cost cycle can be longer than `size`). */
  private growUnpacking(): Int32Array {
    const bigger = new Int32Array(2 * this.unpacking.length);
    bigger.set(this.unpacking);
    return (this.unpacking = bigger);
  }
}
