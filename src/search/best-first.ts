import { InputError, show } from '../core/errors.js';
import { Heap } from '../queues/heap.js';
import { zero, type Heuristic } from '../core/heuristic.js';
import { IMPROVE } from '../core/improve.js';
import { badArcCost, badArcEnd, badHeuristic, checkBoolean, checkKeys, checkSpaceQuery, costOverflow } from '../core/input-checks.js';
import { checkPathBuffer, depthOf, pathTo, pathToInto } from '../core/path.js';
import { ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, weights, type Priority, type TieBreak } from '../core/priority.js';
import { checkNode, checkSpace, editCountOf, MAX_SPACE_SIZE, pathCost, type SearchSpace } from '../core/space.js';
import { nextGeneration } from '../core/stamp.js';
import type { Trace } from '../core/trace.js';
import { resultOf, type QueryOptions, type SearchResult, type SearchStatus } from '../core/path-searcher.js';
import { SearcherBase } from '../core/searcher-base.js';

export type { SearchResult, SearchStatus } from '../core/path-searcher.js';

/**
 * The options of one `Searcher.search` query. Every option is checked before
 * the query starts: a value of the wrong type or range, or a key not listed
 * here (a misspelt `maxExpansion`), is an `InputError`.
 */
export interface SearchOptions extends QueryOptions {
  /** The knob: `LINK_LENGTH`, `COST_TO_COME`, `HEURISTIC_ONLY`, `ASTAR` or `sum(eps)`. Default `ASTAR`. */
  priority?: Priority;
  /**
   * h(n, goal). Default zero. It must return a number >= 0, or Infinity for a
   * node the goal cannot be reached from: such a node is a dead end, never
   * pushed and never expanded (whatever the priority), and h(start) = Infinity
   * ends the query at once as `unreachable`, with nothing pushed. Breadth-first
   * search orders by depth and calls h only to trace, so there an Infinity
   * prunes nothing. Any other value (NaN, undefined, a negative number, a
   * string) throws an `InputError` naming the node; so does Infinity for the
   * goal itself.
   */
  heuristic?: Heuristic;
  /** How ties in f are broken: `h` (smaller h, then insertion order; the default) or `fifo` (insertion order). */
  tieBreak?: TieBreak;
  /** Record every pop and push. Default false; off, the loop pays one branch per event. */
  trace?: boolean;
  /**
   * Put a closed node that receives a cheaper g back on the frontier. Default
   * true: the chapter's algorithm, and the only choice that keeps greedy and
   * inconsistent heuristics honest about cost. Weighted A* with a consistent h
   * keeps its eps bound without reopening (Likhachev et al.'s ARA* rests on
   * it), and on large maps skipping the reopenings is much faster.
   */
  reopen?: boolean;
  /**
   * When the goal cannot be reached or a limit stops the search, return the path
   * to the reached node nearest the goal by the query's heuristic (ties:
   * the smaller g), with `partial` set and `cost` its cost; the status still
   * says why the search failed (Godot's `allow_partial_path`). Default
   * false. With the zero heuristic every node ties, and the start is chosen:
   * give a heuristic that measures nearness.
   */
  partial?: boolean;
}

/** The options of `new Searcher(space, options)`. */
export interface SearcherOptions {
  /** Nodes to allocate for up front, an integer >= 1; the arrays grow on demand. Default: the space's size. */
  capacity?: number;
}

const SEARCH_KEYS: readonly (keyof SearchOptions)[] = ['priority', 'heuristic', 'tieBreak', 'limits', 'trace', 'reopen', 'partial'];
const SEARCHER_KEYS: readonly (keyof SearcherOptions)[] = ['capacity'];

/** h(n, goal), held to its contract, where speed does not matter (traces, the start). */
function hOf(h: Heuristic, n: number, goal: number): number {
  const v = h(n, goal);
  if (typeof v !== 'number' || !(v >= 0) || (v === Infinity && n === goal)) throw badHeuristic('search', n, goal, v);
  return v;
}

/**
 * A reusable best-first searcher over one space: breadth-first, Dijkstra,
 * greedy, A* and weighted A*, chosen per query by `SearchOptions.priority`.
 * It owns the per-node arrays (g, back pointer, a generation stamp) and
 * reuses them for every query: a new query bumps the generation instead of
 * clearing, so it costs O(1) to start, and nothing is allocated unless the
 * arrays must grow or a path or trace is asked for.
 *
 * The constructor throws an `InputError` when `space` does not have the shape
 * of a `SearchSpace` or `capacity` is not an integer >= 1.
 *
 * @example
 * ```ts
 * const s = new Searcher(grid);
 * if (s.search(start, goal, { heuristic: octile(grid) }) === 'found') console.log(s.cost, s.path());
 * const out = new Int32Array(grid.size);
 * const n = s.pathInto(out); // the same path in a buffer: out[0..n), start first
 * ```
 */
export class Searcher extends SearcherBase<SearchOptions> {
  /** The space every query runs on. */
  readonly space: SearchSpace;
  /** The last query's trace with `trace: true`, else null. */
  trace: Trace | null = null;

  // A node's stamp is `gen` while it is open, `gen + 1` once closed and
  // `gen + 2` for a dead end (h = Infinity: never pushed); any other value
  // means "not seen in this query".
  private g: Float64Array;
  private parent: Int32Array;
  private stamp: Uint32Array;
  private gen = 0;
  private heap: Heap;
  private fifo: Int32Array | null = null;
  private fifoDepth: Int32Array | null = null;
  private nbr: Int32Array;
  private nbrCost: Float64Array;
  /** The node the last path ends at: the goal, a partial path's end, or -1 without a path. */
  private end = -1;
  // The query, kept in fields so that a sliced query resumes where it paused.
  private start = -1;
  private goal = -1;
  private h: Heuristic = zero;
  private wg = 1;
  private wh = 1;
  private tieByH = true;
  private reopen = true;
  private breadth = false;
  private wantPartial = false;
  /** Open nodes, for the trace's frontier sizes. */
  private openCount = 0;
  /** Breadth-first search's queue: the next node to take and the first free slot. */
  private head = 0;
  private tail = 0;

  constructor(space: SearchSpace, options: SearcherOptions = {}) {
    super();
    checkSpace(space, 'Searcher');
    checkKeys(options, SEARCHER_KEYS, 'Searcher');
    const asked = options.capacity;
    if (asked !== undefined && (!Number.isInteger(asked) || asked < 1 || asked > MAX_SPACE_SIZE)) {
      throw new InputError(`Searcher: capacity must be an integer in 1..${MAX_SPACE_SIZE} (node ids are int32), got ${show(asked)}`);
    }
    this.space = space;
    const cap = Math.max(1, asked ?? space.size);
    this.g = new Float64Array(cap);
    this.parent = new Int32Array(cap);
    this.stamp = new Uint32Array(cap);
    this.heap = new Heap(Math.min(cap, 1 << 16));
    this.nbr = new Int32Array(Math.max(1, space.maxDegree));
    this.nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  }

  /** Nodes the per-node arrays can hold now. */
  get capacity(): number { return this.g.length; }

  /** The space's edit count (`editCountOf`). */
  protected override editCount(): number {
    return editCountOf(this.space);
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`): a start or goal that
   * is not a node of the space (or is a blocked cell of a grid that deletes
   * them), a bad option, or a heuristic that breaks its contract at the start
   * is an `InputError`, and a query refused leaves the last answer readable.
   */
  protected prepare(start: number, goal: number, options: SearchOptions): SearchStatus | null {
    const space = this.space;
    // Every check before any state changes: a refused query leaves the last answer readable.
    checkSpaceQuery(space, start, goal, options, SEARCH_KEYS, 'search');
    const priority = options.priority === undefined ? ASTAR : options.priority;
    const [wg, wh] = weights(priority);
    const h = options.heuristic === undefined ? zero : options.heuristic;
    if (typeof h !== 'function') throw new InputError(`heuristic must be a function (n, goal) => number, got ${show(h)}`);
    const tieBreak = options.tieBreak === undefined ? 'h' : options.tieBreak;
    if (tieBreak !== 'h' && tieBreak !== 'fifo') {
      throw new InputError(`tieBreak must be 'h' or 'fifo', got ${show(options.tieBreak)}`);
    }
    const tieByH = tieBreak === 'h';
    checkBoolean(options.reopen, 'reopen');
    checkBoolean(options.trace, 'trace');
    checkBoolean(options.partial, 'partial');
    // Breadth-first search calls h only to trace.
    const h0 = priority.kind === 'link-length' ? 0 : hOf(h, start, goal);

    this.trace = options.trace ? { tieBreak: priority.kind === 'link-length' ? 'fifo' : tieByH ? 'h' : 'fifo', pops: [], pushes: [] } : null;
    this.ensure(space.size);
    // Three stamps per query: open, closed, dead end.
    this.gen = nextGeneration(this.gen, 3, this.stamp);
    this.expansions = 0;
    this.pushes = 0;
    this.reopenings = 0;
    this.cost = Infinity;
    this.partial = false;
    this.end = -1;
    this.start = start;
    this.goal = goal;
    this.h = h;
    this.wg = wg;
    this.wh = wh;
    this.tieByH = tieByH;
    this.reopen = options.reopen !== false;
    this.wantPartial = options.partial === true;
    this.breadth = priority.kind === 'link-length';
    if (this.breadth) this.startBreadthFirst(start, goal, h);
    // The goal cannot be reached from the start: nothing to push, nothing to expand.
    else if (h0 === Infinity) return 'unreachable';
    else this.startBestFirst(start, h0);
    return null;
  }

  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    return this.breadth ? this.breadthFirst(stopAt) : this.bestFirst(stopAt);
  }

  protected conclude(status: SearchStatus): void {
    if (status === 'found') this.end = this.goal;
    else if (this.wantPartial) {
      this.end = this.nearestReached(this.start, this.goal, this.h);
      this.partial = true;
    }
    if (this.end >= 0) {
      // Without reopenings, g(end) is the sum of the cheapest arcs along the
      // parent chain, added in path order: pathCost to the bit. A reopened node
      // passes its cheaper g only to the children it expands again, so when the
      // goal is popped first its chain can be cheaper than g(goal): report the
      // cost of the path we return (rare, and it allocates).
      this.cost = this.reopenings === 0 ? this.g[this.end] : pathCost(this.space, this.path()!);
    }
  }

  /**
   * The end of a partial path: of the nodes the failed query reached (open or
   * closed), the one with the smallest h, ties to the smaller g; the start
   * when it reached none (h(start) was Infinity).
   */
  private nearestReached(start: number, goal: number, h: Heuristic): number {
    const stamp = this.stamp, g = this.g, open = this.gen, closed = this.gen + 1;
    let best = -1, bestH = Infinity, bestG = Infinity;
    for (let n = Math.min(this.space.size, g.length) - 1; n >= 0; n--) {
      if (stamp[n] !== open && stamp[n] !== closed) continue;
      const hn = hOf(h, n, goal);
      if (best < 0 || hn < bestH || (hn === bestH && g[n] <= bestG)) { best = n; bestH = hn; bestG = g[n]; }
    }
    if (best >= 0) return best;
    g[start] = 0;
    this.parent[start] = -1;
    return start;
  }

  // The `#region` comments in bestFirst and breadthFirst pick the lines the
  // chapter page shows beside its figures (web/src/opening), so the page shows
  // this loop rather than a copy of it; test/unit/page/opening.test.ts checks that
  // every region the page asks for is here.
  private startBestFirst(start: number, h0: number): void {
    const heap = this.heap, g = this.g, parent = this.parent, stamp = this.stamp, gen = this.gen, wh = this.wh;
    heap.clear();
    // #region start
    g[start] = 0;
    parent[start] = -1;
    stamp[start] = gen;
    heap.push(start, wh * h0, this.tieByH ? h0 : 0, 0);
    // #endregion
    this.pushes = 1;
    this.openCount = 1;
    if (this.trace) this.trace.pushes.push({ node: start, parent: -1, g: 0, h: h0, f: wh * h0, kind: 'new', during: -1, seq: 0 });
  }

  /** The best-first loop, from where the last call left it until the query ends or `stopAt` expansions. */
  private bestFirst(stopAt: number): 'found' | 'unreachable' | null {
    const space = this.space, heap = this.heap, trace = this.trace, goal = this.goal, h = this.h;
    const wg = this.wg, wh = this.wh, tieByH = this.tieByH, reopen = this.reopen;
    const gen = this.gen, closedMark = gen + 1, deadMark = gen + 2;
    let g = this.g, parent = this.parent, stamp = this.stamp;
    const nbr = this.nbr, nbrCost = this.nbrCost, improve = IMPROVE;
    let open = this.openCount;

    // #region pop
    while (heap.length > 0) {
      const n = heap.topNode();
      const gn = heap.topValue();
      // Lazy deletion: skip entries for closed nodes and entries whose g was beaten.
      if (stamp[n] !== gen || gn !== g[n]) { heap.pop(); continue; }
      // A limit or the end of a slice: pause before the pop, and the next call takes n.
      if (this.expansions >= stopAt) { this.openCount = open; return null; }
      const fn = heap.topKey1();
      heap.pop();
      stamp[n] = closedMark;
      // #endregion
      open--;
      this.expansions++;
      const popIndex = this.expansions - 1;
      if (trace) trace.pops.push({ node: n, g: gn, h: hOf(h, n, goal), f: fn, depth: depthOf(this.parent, n), frontier: 0 });
      // #region goal
      if (n === goal) {
        if (trace) trace.pops[popIndex].frontier = open;
        this.openCount = open;
        return 'found';
      }
      // #endregion
      // #region expand
      const deg = space.successors(n, nbr, nbrCost);
      // #endregion
      if (space.size > g.length) {
        // An implicit space interned new nodes: grow, keeping this query's state.
        this.ensure(space.size);
        g = this.g; parent = this.parent; stamp = this.stamp;
      }
      const size = space.size;
      // #region expand
      for (let i = 0; i < deg; i++) {
        const x = nbr[i];
        const gx = gn + nbrCost[i];
        // #endregion
        // A cost below 0 (or NaN) only a space of the caller's can list: refused, as a
        // negative cycle would otherwise reopen its nodes for ever. One comparison on
        // values in hand; Grid and Graph never take the branch.
        if (!(gx >= gn)) throw badArcCost('search', n, x, nbrCost[i], 'numbers >= 0');
        // A node outside the space, or costs whose sum overflows: a space of the caller's only, and one
        // comparison each on values in hand (a negative id is a huge unsigned one).
        if ((x >>> 0) >= size) throw badArcEnd('search', n, x, size);
        if (gx === Infinity && gn < Infinity && nbrCost[i] < Infinity) throw costOverflow('search', n, x, gn, nbrCost[i]);
        // #region skip
        const sx = stamp[x];
        let kind: 'new' | 'improve' | 'reopen' = 'new';
        if (sx === gen) {
          // A parallel arc from n to x, or n re-expanded: a path through the same
          // parent is the path we report, so any saving counts (pathCost takes the
          // cheapest arc), not only one beyond the noise slack.
          if (!(gx < g[x] * improve) && (!(gx < g[x]) || parent[x] !== n)) continue;
          kind = 'improve';
        } else if (sx === closedMark) {
          if (!reopen || !(gx < g[x] * improve)) continue;
          // Only an inconsistent or inflated heuristic gets here.
          kind = 'reopen';
        } else if (sx === deadMark) {
          continue;
        }
        // #endregion
        // #region relax
        const hx = h(x, goal);
        // #endregion
        // One test on the value in hand keeps the contract nearly free: the
        // branch is taken only by a dead end or a broken heuristic.
        if (typeof hx !== 'number' || !(hx >= 0 && hx !== Infinity)) {
          if (hx !== Infinity || x === goal) throw badHeuristic('search', x, goal, hx);
          // A dead end: never pushed, so f = wh * h is never formed (0 x Infinity
          // is NaN), and h is not asked again this query. A heuristic that calls
          // a node it gave a finite h a dead end only leaves that node as it was.
          if (kind === 'new') stamp[x] = deadMark;
          continue;
        }
        if (kind === 'reopen') {
          this.reopenings++;
          open++;
        } else if (kind === 'new') {
          open++;
        }
        // #region relax
        g[x] = gx;
        parent[x] = n;
        stamp[x] = gen;
        const fx = wg * gx + wh * hx;
        if (trace) trace.pushes.push({ node: x, parent: n, g: gx, h: hx, f: fx, kind, during: popIndex, seq: this.pushes });
        heap.push(x, fx, tieByH ? hx : 0, gx);
        // #endregion
        this.pushes++;
      }
      if (trace) trace.pops[popIndex].frontier = open;
    }
    this.openCount = open;
    return 'unreachable';
  }

  /**
   * Breadth-first search with a true FIFO queue. Nodes leave the queue in
   * order of depth, so the first discovery of a node is already by a path of
   * the fewest links: relaxing on depth means "first come, first kept", and
   * no node is queued twice.
   */
  private startBreadthFirst(start: number, goal: number, h: Heuristic): void {
    const g = this.g, parent = this.parent, stamp = this.stamp, gen = this.gen;
    const queue = this.fifoQueue(), depth = this.fifoDepth!;
    let tail = 0;
    // #region bfs-start
    g[start] = 0;
    parent[start] = -1;
    stamp[start] = gen;
    queue[tail] = start; depth[tail] = 0; tail++;
    // #endregion
    this.head = 0;
    this.tail = tail;
    this.pushes = 1;
    if (this.trace) this.trace.pushes.push({ node: start, parent: -1, g: 0, h: hOf(h, start, goal), f: 0, kind: 'new', during: -1, seq: 0 });
  }

  /** The breadth-first loop, from where the last call left it until the query ends or `stopAt` expansions. */
  private breadthFirst(stopAt: number): 'found' | 'unreachable' | null {
    const space = this.space, trace = this.trace, goal = this.goal, h = this.h;
    const gen = this.gen, closedMark = gen + 1;
    let g = this.g, parent = this.parent, stamp = this.stamp;
    let queue = this.fifoQueue(), depth = this.fifoDepth!;
    const nbr = this.nbr, nbrCost = this.nbrCost;
    let head = this.head, tail = this.tail;
    // #region bfs-pop
    while (head < tail) {
      if (this.expansions >= stopAt) { this.head = head; this.tail = tail; return null; }
      const n = queue[head], d = depth[head];
      head++;
      stamp[n] = closedMark;
      // #endregion
      this.expansions++;
      const popIndex = this.expansions - 1;
      if (trace) trace.pops.push({ node: n, g: g[n], h: hOf(h, n, goal), f: d, depth: d, frontier: tail - head });
      // #region bfs-goal
      if (n === goal) return 'found';
      // #endregion
      // #region bfs-expand
      const deg = space.successors(n, nbr, nbrCost);
      // #endregion
      if (space.size > g.length) {
        this.ensure(space.size);
        g = this.g; parent = this.parent; stamp = this.stamp;
        queue = this.fifoQueue(); depth = this.fifoDepth!;
      }
      // #region bfs-expand
      for (let i = 0; i < deg; i++) {
        const x = nbr[i];
        // #endregion
        if (!(nbrCost[i] >= 0)) throw badArcCost('search', n, x, nbrCost[i], 'numbers >= 0');
        if ((x >>> 0) >= space.size) throw badArcEnd('search', n, x, space.size);
        if (g[n] + nbrCost[i] === Infinity && g[n] < Infinity && nbrCost[i] < Infinity) throw costOverflow('search', n, x, g[n], nbrCost[i]);
        // #region bfs-skip
        const sx = stamp[x];
        if (sx === gen || sx === closedMark) {
          // #endregion
          // Depth decides which node is the parent; among parallel arcs from that
          // parent, the cheapest decides g (as in pathCost). Each node is expanded
          // once, so an open x whose parent is n was queued by this very expansion.
          if (sx === gen && parent[x] === n && g[n] + nbrCost[i] < g[x]) {
            g[x] = g[n] + nbrCost[i];
            if (trace) this.retracePush(x, popIndex, g[x]);
          }
          // #region bfs-skip
          continue;
        }
        // #endregion
        // #region bfs-relax
        g[x] = g[n] + nbrCost[i];
        parent[x] = n;
        stamp[x] = gen;
        queue[tail] = x; depth[tail] = d + 1; tail++;
        // #endregion
        if (trace) trace.pushes.push({ node: x, parent: n, g: g[x], h: hOf(h, x, goal), f: d + 1, kind: 'new', during: popIndex, seq: this.pushes });
        this.pushes++;
      }
      if (trace) trace.pops[popIndex].frontier = tail - head;
    }
    this.head = head;
    this.tail = tail;
    return 'unreachable';
  }

  /** A cheaper parallel arc lowered x's g after its push was traced: the trace shows the g the search kept. */
  private retracePush(x: number, during: number, g: number): void {
    const pushes = this.trace!.pushes;
    for (let k = pushes.length - 1; k >= 0 && pushes[k].during === during; k--) {
      if (pushes[k].node === x) { pushes[k].g = g; return; }
    }
  }

  /**
   * Writes the last path (start first) into `out` and returns its node count;
   * 0 without a path. Allocates nothing. An `out` shorter than the path is an
   * `InputError` (a buffer of `space.size` always fits).
   */
  pathInto(out: Int32Array): number {
    checkPathBuffer(out);
    if (this.end < 0) return 0;
    return pathToInto(this.parent, this.end, out, 'nodes');
  }

  /** The last path (a partial one included), start first, or null without one. */
  path(): number[] | null {
    return this.end >= 0 ? pathTo(this.parent, this.end) : null;
  }

  /** The last query's outcome as one object (allocates; the hot path does not need it). */
  override result(): SearchResult {
    return resultOf(this, this.trace);
  }

  /** Cost-to-come g(n) of the last query: Infinity for a node it never reached or found a dead end. */
  gOf(n: number): number {
    checkNode(this.space, n, 'gOf: n');
    const s = this.stamp[n];
    return n < this.g.length && (s === this.gen || s === this.gen + 1) ? this.g[n] : Infinity;
  }

  private ensure(size: number): void {
    if (size <= this.g.length) return;
    const cap = Math.max(size, Math.ceil(this.g.length * 1.5));
    const g = new Float64Array(cap); g.set(this.g); this.g = g;
    const p = new Int32Array(cap); p.set(this.parent); this.parent = p;
    const s = new Uint32Array(cap); s.set(this.stamp); this.stamp = s;
    if (this.fifo) {
      const q = new Int32Array(cap); q.set(this.fifo); this.fifo = q;
      const d = new Int32Array(cap); d.set(this.fifoDepth!); this.fifoDepth = d;
    }
  }

  private fifoQueue(): Int32Array {
    if (!this.fifo || this.fifo.length < this.g.length) {
      this.fifo = new Int32Array(this.g.length);
      this.fifoDepth = new Int32Array(this.g.length);
    }
    return this.fifo;
  }
}

/**
 * The options of the one-shot functions (`bestFirst`, `bfs`, `dijkstra`,
 * `greedy`, `astar`, `weightedAstar`): those of `SearchOptions` but the
 * priority and the heuristic, which they take as arguments. Passing either
 * here anyway is an `InputError` rather than a silent override.
 */
export type OneShotOptions = Omit<SearchOptions, 'priority' | 'heuristic'>;

// The one-shot functions take the knob and h as arguments; in their options a
// `priority` or `heuristic` would be silently overridden, so it is refused.
const ONE_SHOT_KEYS = SEARCH_KEYS.filter((k) => k !== 'priority' && k !== 'heuristic');

function once(where: string, space: SearchSpace, start: number, goal: number, h: Heuristic, priority: Priority, options: OneShotOptions): SearchResult {
  checkSpace(space, where);
  checkKeys(options, ONE_SHOT_KEYS, where);
  // h is an argument here: undefined would quietly turn A* into Dijkstra (search() reads it as no heuristic).
  if (typeof h !== 'function') throw new InputError(`${where}: h must be a function (n, goal) => number, got ${show(h)}`);
  const s = new Searcher(space);
  s.search(start, goal, { ...options, priority, heuristic: h });
  return s.result();
}

/**
 * One best-first search: `bestFirst(space, start, goal, h, priority)`, with
 * the priority `LINK_LENGTH` (breadth-first), `COST_TO_COME` (Dijkstra),
 * `HEURISTIC_ONLY` (greedy), `ASTAR` or `sum(eps)` (weighted A*). Ties in f go
 * to the smaller h, then to the node pushed first (`tieBreak: 'fifo'` drops
 * the h rule). Allocates a searcher per call; keep a `Searcher` for repeated
 * queries. Throws an `InputError` as `Searcher.search` does.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['....', '.#..', '.#..'], { diagonalCost: 1.4, diagonalRule: 'always' });
 * const r = bestFirst(grid, grid.id(0, 2), grid.id(3, 2), octile(grid), ASTAR, { trace: true });
 * r.status; r.cost; r.path; // 'found', 5.2 (up to rounding), [8, 4, 1, 6, 11]
 * r.trace!.pops;             // every expansion with its g, h and f
 * ```
 */
export function bestFirst(space: SearchSpace, start: number, goal: number, h: Heuristic, priority: Priority, options: OneShotOptions = {}): SearchResult {
  return once('bestFirst', space, start, goal, h, priority, options);
}

/**
 * Breadth-first search: a path with the fewest links (edges), found with a
 * FIFO queue. Its `cost` is that path's cost, which need not be the cheapest.
 */
export const bfs = (space: SearchSpace, start: number, goal: number, options: OneShotOptions = {}) =>
  once('bfs', space, start, goal, zero, LINK_LENGTH, options);
/** Dijkstra's algorithm: a cheapest path, no heuristic (f = g). */
export const dijkstra = (space: SearchSpace, start: number, goal: number, options: OneShotOptions = {}) =>
  once('dijkstra', space, start, goal, zero, COST_TO_COME, options);
/** Greedy best-first: f = h. Often expands few nodes, but the path may cost more than the cheapest. */
export const greedy = (space: SearchSpace, start: number, goal: number, h: Heuristic, options: OneShotOptions = {}) =>
  once('greedy', space, start, goal, h, HEURISTIC_ONLY, options);
/**
 * A*: f = g + h, a cheapest path when h is admissible (never above the true
 * cost-to-go).
 *
 * @example
 * ```ts
 * const r = astar(grid, grid.id(0, 0), grid.id(9, 9), octile(grid));
 * if (r.status === 'found') console.log(r.cost, grid.points(r.path!));
 * ```
 */
export const astar = (space: SearchSpace, start: number, goal: number, h: Heuristic, options: OneShotOptions = {}) =>
  once('astar', space, start, goal, h, ASTAR, options);
/**
 * Weighted A*: f = g + eps * h with eps a finite number >= 0; above 1 it
 * usually expands fewer nodes, and its path costs at most eps times the
 * cheapest when h is admissible.
 */
export const weightedAstar = (space: SearchSpace, start: number, goal: number, h: Heuristic, eps: number, options: OneShotOptions = {}) =>
  once('weightedAstar', space, start, goal, h, sum(eps), options);
