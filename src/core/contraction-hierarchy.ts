import { contract, type ContractedGraph } from './contraction-build.js';
import { InputError, show } from './errors.js';
import { Heap, liveTopKey } from './heap.js';
import { checkBudget, checkKeys } from './input-checks.js';
import type { SearchStatus } from './path-searcher.js';
import { checkEndpoints, checkSpace, type ArcChangeFeed, type SearchSpace } from './space.js';
import { nextGeneration } from './stamp.js';
import { TwoEndedSearcher } from './two-ended.js';

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

/** One half of a query: its frontier and, per rank, g, the rank it came from and the arc it came by. */
interface Half {
  readonly heap: Heap;
  readonly g: Float64Array;
  readonly from: Int32Array;
  readonly arc: Int32Array;
  readonly stamp: Uint32Array;
}

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

  private readonly ch: ContractedGraph;
  private readonly fwd: Half;
  private readonly bwd: Half;
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
    this.ch = contract(space, settles, where);
    const n = Math.max(1, space.size);
    const half = (): Half => ({ heap: new Heap(256), g: new Float64Array(n), from: new Int32Array(n), arc: new Int32Array(n), stamp: new Uint32Array(n) });
    this.fwd = half();
    this.bwd = half();
    this.shortcuts = this.ch.shortcuts;
    this.arcs = this.ch.fHead.length + this.ch.bTail.length;
    const c = this.ch;
    this.bytes = [c.rank, c.order, c.fStart, c.fHead, c.fCost, c.fMid, c.bStart, c.bTail, c.bCost, c.bMid, this.buf,
      this.fwd.g, this.fwd.from, this.fwd.arc, this.fwd.stamp, this.bwd.g, this.bwd.from, this.bwd.arc, this.bwd.stamp]
      .reduce((sum, a) => sum + a.byteLength, 0);
  }

  /**
   * Runs one query and returns its status. A start or goal that is not a
   * node, a bad option, or a space edited since the build is an
   * `InputError`, and leaves the last answer readable.
   */
  search(start: number, goal: number, options: ContractionQueryOptions = {}): SearchStatus {
    checkKeys(options, QUERY_KEYS, 'search');
    checkEndpoints(this.space, start, goal);
    if (start >= this.ch.rank.length || goal >= this.ch.rank.length) {
      throw new InputError(`search: the space has grown to ${this.space.size} nodes since the hierarchy was built on ${this.ch.rank.length}: build it again`);
    }
    const maxExp = checkBudget(options.maxExpansions, 'maxExpansions');
    if (!this.stale && this.feed !== null && this.feed.changes().length > 0) this.stale = true;
    if (this.stale) throw new InputError('search: the space was edited after the contraction hierarchy was built, so its shortcuts may be wrong: build a new ContractionHierarchy');

    this.gen = nextGeneration(this.gen, 2, this.fwd.stamp, this.bwd.stamp);
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    this.len = 0;
    const s = this.ch.rank[start], t = this.ch.rank[goal];
    const meet = this.run(s, t, maxExp);
    this.status = meet === -2 ? 'step-limit' : meet < 0 ? 'unreachable' : 'found';
    if (meet >= 0) this.cost = this.unpack(s, meet);
    return this.status;
  }

  /** The rank where the best up-down path peaks; -1 when there is none, -2 when the budget ran out. */
  private run(s: number, t: number, maxExp: number): number {
    const { fStart, fHead, fCost, bStart, bTail, bCost } = this.ch;
    const fwd = this.fwd, bwd = this.bwd, gen = this.gen, closed = gen + 1;
    fwd.heap.clear(); bwd.heap.clear();
    fwd.g[s] = 0; fwd.from[s] = -1; fwd.stamp[s] = gen; fwd.heap.push(s, 0, 0, 0);
    bwd.g[t] = 0; bwd.from[t] = -1; bwd.stamp[t] = gen; bwd.heap.push(t, 0, 0, 0);
    this.pushes = 2;
    let mu = s === t ? 0 : Infinity, meet = s === t ? s : -1;
    for (;;) {
      // Each half stops once its smallest key reaches the best meeting: nothing above can improve it.
      const kF = top(fwd, gen), kB = top(bwd, gen);
      const goF = kF < mu, goB = kB < mu;
      if (!goF && !goB) break;
      if (this.expansions >= maxExp) return -2;
      const forward = goF && (!goB || kF <= kB);
      const half = forward ? fwd : bwd, other = forward ? bwd : fwd;
      // Forward: climb the upward arcs, and stall on the arcs entering from above; backward the other way round.
      const upStart = forward ? fStart : bStart, upTo = forward ? fHead : bTail, upCost = forward ? fCost : bCost;
      const inStart = forward ? bStart : fStart, inFrom = forward ? bTail : fHead, inCost = forward ? bCost : fCost;
      const heap = half.heap, g = half.g, stamp = half.stamp;
      const v = heap.topNode(), gv = heap.topValue();
      heap.pop();
      stamp[v] = closed;
      this.expansions++;
      const ov = other.stamp[v];
      if ((ov === gen || ov === closed) && gv + other.g[v] < mu) { mu = gv + other.g[v]; meet = v; }
      // Stall-on-demand: a higher node reached more cheaply, plus its arc down to v, beats g(v), so
      // v lies on no shortest upward path from this end and its arcs need not be relaxed.
      let stalled = false;
      for (let k = inStart[v], end = inStart[v + 1]; k < end; k++) {
        const u = inFrom[k], su = stamp[u];
        if ((su === gen || su === closed) && g[u] + inCost[k] < gv) { stalled = true; break; }
      }
      if (stalled) continue;
      for (let k = upStart[v], end = upStart[v + 1]; k < end; k++) {
        const x = upTo[k], gx = gv + upCost[k], sx = stamp[x];
        if (sx === closed || (sx === gen && !(gx < g[x]))) continue;
        g[x] = gx; half.from[x] = v; half.arc[x] = k; stamp[x] = gen;
        heap.push(x, gx, 0, gx);
        this.pushes++;
      }
    }
    return meet;
  }

  /**
   * Writes the path through `meet` into the buffer, every shortcut replaced
   * by the two arcs it bypasses until only the space's arcs are left, and
   * returns its cost summed in path order.
   */
  private unpack(s: number, meet: number): number {
    const { order, fStart, fHead, fCost, fMid, bStart, bTail, bCost, bMid } = this.ch;
    const stack = this.stack, buf = this.buf, fwd = this.fwd, bwd = this.bwd;
    // An arc on the stack is (tail, head, ref): ref >= 0 an upward arc's index, ~index an entering arc's.
    stack.length = 0;
    // The downward part in path order, then turned round (by whole arcs) so that its last arc lies lowest.
    for (let x = meet; bwd.from[x] !== -1; x = bwd.from[x]) stack.push(x, bwd.from[x], ~bwd.arc[x]);
    for (let i = 0, j = stack.length - 3; i < j; i += 3, j -= 3) {
      for (let k = 0; k < 3; k++) { const a = stack[i + k]; stack[i + k] = stack[j + k]; stack[j + k] = a; }
    }
    // The upward part from meet back to the start: its first arc ends on top.
    for (let x = meet; fwd.from[x] !== -1; x = fwd.from[x]) stack.push(fwd.from[x], x, fwd.arc[x]);
    buf[0] = order[s];
    let len = 1, cost = 0;
    while (stack.length > 0) {
      const ref = stack.pop()!, head = stack.pop()!, tail = stack.pop()!;
      const mid = ref >= 0 ? fMid[ref] : bMid[~ref];
      if (mid < 0) {
        buf[len++] = order[head];
        cost += ref >= 0 ? fCost[ref] : bCost[~ref];
        continue;
      }
      // The middle ranks below both ends: tail -> mid enters it from above, mid -> head climbs from it.
      let down1 = -1, up2 = -1;
      for (let k = bStart[mid], end = bStart[mid + 1]; k < end; k++) if (bTail[k] === tail) { down1 = k; break; }
      for (let k = fStart[mid], end = fStart[mid + 1]; k < end; k++) if (fHead[k] === head) { up2 = k; break; }
      stack.push(mid, head, up2, tail, mid, ~down1);
    }
    this.len = len;
    return cost;
  }
}

/** The smallest live key of a half; Infinity when its frontier is empty. */
const top = (half: Half, gen: number): number => liveTopKey(half.heap, half.stamp, half.g, gen);
