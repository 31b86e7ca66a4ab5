import { contract } from './contraction-build.js';
import { layOut, queryOrder, type QueryLayout } from './contraction-layout.js';
import { InputError, show } from './errors.js';
import { checkBudget, checkKeys } from './input-checks.js';
import type { SearchStatus } from './path-searcher.js';
import { checkEndpoints, checkSpace, type ArcChangeFeed, type SearchSpace } from './space.js';
import { nextGeneration } from './stamp.js';
import { TwoEndedSearcher } from './two-ended.js';
import { KeyHeap } from './key-heap.js';

/** The options of `new ContractionHierarchy(space, options)`. */
export interface ContractionOptions {
  /**
   * How many nodes a witness search may settle before it gives up and the
   * shortcut is added anyway: an integer >= 0 or Infinity, default 500. A lower limit
   * builds faster and adds shortcuts that were not needed (slower queries);
   * 0 adds every candidate shortcut. The answers are exact whatever it is.
   */
  witnessSettles?: number;
}

/** The options of one `ContractionHierarchy.search` query. */
export interface ContractionQueryOptions {
  /** Stop with status `step-limit` after this many expansions, both halves counted: a number >= 0. Default: no limit. */
  maxExpansions?: number;
}

const BUILD_KEYS: readonly (keyof ContractionOptions)[] = ['witnessSettles'];
const QUERY_KEYS: readonly (keyof ContractionQueryOptions)[] = ['maxExpansions'];

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
 * sum of non-integers. The hierarchy is a copy of the space's arcs: if the
 * space can report edits (`watchArcs`, as a `Grid` can) and one was made
 * after the build, a query is refused; build again.
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
  /** Shortcuts the contraction added (arcs of the hierarchy that bypass a node). */
  readonly shortcuts: number;
  /** Arcs in the hierarchy, the space's own and the shortcuts (parallel arcs merged, self loops dropped). */
  readonly arcs: number;
  /** Bytes of typed arrays the hierarchy and its query state hold. */
  readonly bytes: number;

  private readonly layout: QueryLayout;
  /**
   * The query's state of node v, both halves in one 32-byte record (one cache line holds what a
   * step reads of v): g[4v + side], then over the same buffer the stamps mark[8v + 4 + side] and
   * the node each half came from, from[8v + 6 + side]; side 0 is the forward half.
   */
  private readonly g: Float64Array;
  private readonly mark: Uint32Array;
  private readonly from: Int32Array;
  private readonly heaps: [KeyHeap, KeyHeap] = [new KeyHeap(), new KeyHeap()];
  private gen = 0;
  private readonly stack: number[] = [];
  private readonly feed: ArcChangeFeed | null;
  private stale = false;

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
    super(space.size);
    this.space = space;
    // Watched from before the arcs are read, so no edit slips between the copy and the first query.
    this.feed = space.watchArcs?.() ?? null;
    const ch = contract(space, settles, where);
    this.layout = layOut(ch, queryOrder(ch));
    const state = new ArrayBuffer(32 * Math.max(1, space.size));
    this.g = new Float64Array(state);
    this.mark = new Uint32Array(state);
    this.from = new Int32Array(state);
    this.shortcuts = ch.shortcuts;
    this.arcs = ch.fHead.length + ch.bTail.length;
    const l = this.layout;
    this.bytes = [l.id, l.node, l.first, l.ends, this.buf, this.g].reduce((sum, a) => sum + a.byteLength, 0);
  }

  /**
   * Runs one query and returns its status. A start or goal that is not a
   * node, a bad option, or a space edited since the build is an
   * `InputError`, and leaves the last answer readable.
   */
  search(start: number, goal: number, options: ContractionQueryOptions = {}): SearchStatus {
    checkKeys(options, QUERY_KEYS, 'search');
    checkEndpoints(this.space, start, goal);
    if (start >= this.layout.id.length || goal >= this.layout.id.length) {
      throw new InputError(`search: the space has grown to ${this.space.size} nodes since the hierarchy was built on ${this.layout.id.length}: build it again`);
    }
    const maxExp = checkBudget(options.maxExpansions, 'maxExpansions');
    if (!this.stale && this.feed !== null && this.feed.changes().length > 0) this.stale = true;
    if (this.stale) throw new InputError('search: the space was edited after the contraction hierarchy was built, so its shortcuts may be wrong: build a new ContractionHierarchy');

    this.gen = nextGeneration(this.gen, 2, this.mark);
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    this.len = 0;
    const s = this.layout.id[start], t = this.layout.id[goal];
    const meet = this.run(s, t, maxExp);
    this.status = meet === -2 ? 'step-limit' : meet < 0 ? 'unreachable' : 'found';
    if (meet >= 0) this.cost = this.unpack(s, meet);
    return this.status;
  }

  /** The node (query number) where the best up-down path peaks; -1 when there is none, -2 when the budget ran out. */
  private run(s: number, t: number, maxExp: number): number {
    const { first, ends, costs } = this.layout;
    const g = this.g, mark = this.mark, from = this.from, heaps = this.heaps;
    const gen = this.gen, closed = gen + 1;
    heaps[0].clear(); heaps[1].clear();
    g[4 * s] = 0; mark[8 * s + 4] = gen; from[8 * s + 6] = -1; heaps[0].push(s, 0);
    g[4 * t + 1] = 0; mark[8 * t + 5] = gen; from[8 * t + 7] = -1; heaps[1].push(t, 0);
    this.pushes = 2;
    let mu = s === t ? 0 : Infinity, meet = s === t ? s : -1;
    for (;;) {
      // Each half stops once its smallest key reaches the best meeting: nothing above can improve it.
      const kF = this.liveTop(0), kB = this.liveTop(1);
      const goF = kF < mu, goB = kB < mu;
      if (!goF && !goB) break;
      if (this.expansions >= maxExp) return -2;
      // side 0 is the forward half, 1 the backward one: g[4v + side], mark[8v + 4 + side], from[8v + 6 + side].
      const side = goF && (!goB || kF <= kB) ? 0 : 1, other = 1 - side;
      const heap = heaps[side];
      const v = heap.topNode(), gv = heap.topKey();
      heap.pop();
      mark[8 * v + 4 + side] = closed;
      this.expansions++;
      const ov = mark[8 * v + 4 + other];
      if ((ov === gen || ov === closed) && gv + g[4 * v + other] < mu) { mu = gv + g[4 * v + other]; meet = v; }
      // Stall-on-demand: a higher node reached more cheaply, plus its arc down to v, beats g(v), so
      // v lies on no shortest upward path from this end and its arcs need not be relaxed. Forward,
      // the arcs entering v from above; backward, v's climbing arcs read against their direction.
      let stalled = false;
      for (let k = first[2 * v + 1 - side], end = first[2 * v + 2 - side]; k < end; k++) {
        const u = ends[4 * k], su = mark[8 * u + 4 + side];
        if ((su === gen || su === closed) && g[4 * u + side] + costs[2 * k + 1] < gv) { stalled = true; break; }
      }
      if (stalled) continue;
      for (let k = first[2 * v + side], end = first[2 * v + side + 1]; k < end; k++) {
        const x = ends[4 * k], gx = gv + costs[2 * k + 1], sx = mark[8 * x + 4 + side];
        if (sx === closed || (sx === gen && !(gx < g[4 * x + side]))) continue;
        g[4 * x + side] = gx; from[8 * x + 6 + side] = v; mark[8 * x + 4 + side] = gen;
        heap.push(x, gx);
        this.pushes++;
      }
    }
    return meet;
  }

  /** The smallest live key of a half, stale entries (closed nodes, keys above g) popped first; Infinity when its frontier is empty. */
  private liveTop(side: number): number {
    const heap = this.heaps[side], g = this.g, mark = this.mark, open = this.gen;
    while (heap.length > 0) {
      const v = heap.topNode();
      if (mark[8 * v + 4 + side] === open && heap.topKey() === g[4 * v + side]) return heap.topKey();
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
    const { node, first, ends, costs } = this.layout;
    const stack = this.stack, buf = this.buf, from = this.from;
    // The record of the arc tail -> head, looked up in the row of its lower end (`low`): among
    // low's climbing arcs when low is the tail, among those entering it from above otherwise.
    const find = (low: number, other: number, climbing: boolean): number => {
      const side = climbing ? 0 : 1;
      for (let k = first[2 * low + side], end = first[2 * low + side + 1]; k < end; k++) if (ends[4 * k] === other) return k;
      throw new Error(`contraction hierarchy: no arc between ${low} and ${other}`);
    };
    // An arc on the stack is (tail, head, record).
    stack.length = 0;
    // The downward part in path order, then turned round (by whole arcs) so that its last arc lies lowest.
    for (let x = meet; from[8 * x + 7] !== -1; x = from[8 * x + 7]) stack.push(x, from[8 * x + 7], find(from[8 * x + 7], x, false));
    for (let i = 0, j = stack.length - 3; i < j; i += 3, j -= 3) {
      for (let k = 0; k < 3; k++) { const a = stack[i + k]; stack[i + k] = stack[j + k]; stack[j + k] = a; }
    }
    // The upward part from meet back to the start: its first arc ends on top.
    for (let x = meet; from[8 * x + 6] !== -1; x = from[8 * x + 6]) stack.push(from[8 * x + 6], x, find(from[8 * x + 6], x, true));
    buf[0] = node[s];
    let len = 1, cost = 0;
    while (stack.length > 0) {
      const k = stack.pop()!, head = stack.pop()!, tail = stack.pop()!;
      const mid = ends[4 * k + 1];
      if (mid < 0) {
        buf[len++] = node[head];
        cost += costs[2 * k + 1];
        continue;
      }
      // The middle ranks below both ends: tail -> mid enters it from above, mid -> head climbs from it.
      stack.push(mid, head, find(mid, head, true), tail, mid, find(mid, tail, false));
    }
    this.len = len;
    return cost;
  }
}
