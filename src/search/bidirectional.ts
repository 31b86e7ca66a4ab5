import { InputError, show } from '../core/errors.js';
import { Heap, liveTopKey } from '../queues/heap.js';
import type { Heuristic } from '../core/heuristic.js';
import { badArcCost, badArcEnd, badHeuristic, checkSpaceQuery, costOverflow } from '../core/input-checks.js';
import type { QueryOptions, SearchStatus } from '../core/path-searcher.js';
import { cheapestTo, checkSpace, editCountOf, type SearchSpace } from '../core/space.js';
import { nextGeneration } from '../core/stamp.js';
import { TwoEndedSearcher } from './two-ended.js';

/** The options of one `BidirectionalSearcher.search` query. */
export interface BidirectionalOptions extends QueryOptions {
  /**
   * h(a, b): a lower bound on the cost of every path from a to b, for any two
   * nodes, consistent in both places (h(a, c) <= c(a, b) + h(b, c) and
   * h(a, c) <= h(a, b) + c(b, c)), or Infinity when b cannot be reached from
   * a. The forward half reads h(n, goal), the backward half h(start, n). The
   * straight-line distance of a road graph (`straightLine`, `parseRoads`'s
   * heuristic) is one. Without it (the default) the search is bidirectional
   * Dijkstra.
   */
  heuristic?: Heuristic;
}

const SEARCH_KEYS: readonly (keyof BidirectionalOptions)[] = ['heuristic', 'limits'];

/** The state of one half of the search: its frontier, g, the link toward its root, and a stamp per node. */
interface Half {
  readonly heap: Heap;
  g: Float64Array;
  /** The previous node on the way from the root: the forward half's parent, the backward half's next node toward the goal. */
  link: Int32Array;
  stamp: Uint32Array;
  /** +1 forward (keys g + p), -1 backward (keys g - p): the two halves search with opposite potentials. */
  readonly sign: 1 | -1;
}

/**
 * Bidirectional Dijkstra and bidirectional A*: one search from the start
 * along the arcs, one from the goal against them (the space must list
 * `predecessors`, as `Graph` does), each expanding the node with the smaller
 * key in turn, until no path through the unexpanded nodes can beat the best
 * meeting found. On a road graph each half explores a disc of half the
 * radius, about half the nodes of one-way Dijkstra.
 *
 * With a heuristic the halves run on the average potential p(n) =
 * (h(n, goal) - h(start, n)) / 2, forward keys g + p and backward keys g - p
 * (Ikeda et al.; Goldberg and Harrelson). Both halves then see the same
 * non-negative reduced arc costs, so the stopping rule of bidirectional
 * Dijkstra stays exact: stop when the two smallest keys sum to at least the
 * best meeting's cost. Nodes with h = Infinity either way are dead ends.
 *
 * The same contract as the other searchers (`PathSearcher`): `search` returns
 * the status, the counters and the path describe that query; `cost` is the
 * path's arc costs summed in path order (as `pathCost` sums them).
 *
 * @example
 * ```ts
 * const roads = parseRoads(co, gr);
 * const s = new BidirectionalSearcher(roads.graph);
 * s.search(0, 1000, { heuristic: roads.heuristic }); // bidirectional A*: the cost of dijkstra(roads.graph, 0, 1000)
 * ```
 */
export class BidirectionalSearcher extends TwoEndedSearcher<BidirectionalOptions> {
  /** The space every query runs on. */
  readonly space: SearchSpace;

  private readonly fwd: Half;
  private readonly bwd: Half;
  private gen = 0;
  private readonly nbr: Int32Array;
  private readonly nbrCost: Float64Array;
  // The query's best meeting: its cost and the node where the halves meet.
  private mu = Infinity;
  private meet = -1;
  /** The forward chain while the path is joined (reused). */
  private readonly chain: number[] = [];
  // The query's heuristic (null: Dijkstra) and endpoints, read by the potential.
  private h: Heuristic | null = null;
  private start = 0;
  private goal = 0;
  /** The potentials of the two roots, which the halves' pace is measured from. */
  private pStart = 0;
  private pGoal = 0;

  /**
   * @param space a space that lists both `successors` and `predecessors`
   * @throws InputError when `space` is not a `SearchSpace` or lists no predecessors
   */
  constructor(space: SearchSpace) {
    checkSpace(space, 'BidirectionalSearcher');
    if (typeof space.predecessors !== 'function') {
      throw new InputError(`BidirectionalSearcher: the space must list predecessors (the backward half walks the arcs in reverse), got ${show(space.predecessors)}; a Graph does`);
    }
    super(space.size);
    this.space = space;
    const n = Math.max(1, space.size);
    this.fwd = { heap: new Heap(Math.min(n, 1 << 16)), g: new Float64Array(n), link: new Int32Array(n), stamp: new Uint32Array(n), sign: 1 };
    this.bwd = { heap: new Heap(Math.min(n, 1 << 16)), g: new Float64Array(n), link: new Int32Array(n), stamp: new Uint32Array(n), sign: -1 };
    this.nbr = new Int32Array(Math.max(1, space.maxDegree));
    this.nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  }

  /** The space's edit count (`editCountOf`). */
  protected override editCount(): number {
    return editCountOf(this.space);
  }

  /**
   * Checks a query and sets it up (see `SearcherBase`). A start or goal that
   * is not a node, a bad option, a heuristic that breaks its contract or an
   * arc cost below 0 is an `InputError`; the first two leave the last answer
   * readable.
   */
  protected prepare(start: number, goal: number, options: BidirectionalOptions): SearchStatus | null {
    const space = this.space;
    checkSpaceQuery(space, start, goal, options, SEARCH_KEYS, 'search');
    if (options.heuristic !== undefined && typeof options.heuristic !== 'function') {
      throw new InputError(`heuristic must be a function (a, b) => number, got ${show(options.heuristic)}`);
    }
    const h = options.heuristic ?? null;

    this.ensure(space.size);
    // Three stamps per query, the same in both halves: open, closed, dead end.
    this.gen = nextGeneration(this.gen, 3, this.fwd.stamp, this.bwd.stamp);
    this.expansions = 0;
    this.pushes = 0;
    this.cost = Infinity;
    this.len = 0;
    this.mu = Infinity;
    this.meet = -1;
    this.h = h;
    this.start = start;
    this.goal = goal;
    // No answer until this query ends: if h throws at the roots, nothing stale reads as its answer.
    this.status = 'unreachable';
    return this.seed(start, goal);
  }

  protected conclude(status: SearchStatus): void {
    if (status === 'found') this.cost = this.joinPath();
  }

  /** Both roots on their heaps; the status when the query is decided at once. */
  private seed(start: number, goal: number): SearchStatus | null {
    const fwd = this.fwd, bwd = this.bwd, gen = this.gen;
    fwd.heap.clear();
    bwd.heap.clear();
    if (start === goal) {
      this.meet = start;
      fwd.link[start] = -1; bwd.link[start] = -1;
      return 'found';
    }
    const pStart = this.potential(start), pGoal = this.potential(goal);
    // h(start, goal) = Infinity: the goal cannot be reached; nothing is pushed.
    if (Number.isNaN(pStart) || Number.isNaN(pGoal)) return 'unreachable';
    fwd.g[start] = 0; fwd.link[start] = -1; fwd.stamp[start] = gen; fwd.heap.push(start, pStart, 0, 0);
    bwd.g[goal] = 0; bwd.link[goal] = -1; bwd.stamp[goal] = gen; bwd.heap.push(goal, -pGoal, 0, 0);
    this.pushes = 2;
    this.pStart = pStart;
    this.pGoal = pGoal;
    return null;
  }

  /** The two halves, from where the last call left them until the query ends or `stopAt` expansions. */
  protected expandUntil(stopAt: number): 'found' | 'unreachable' | null {
    const fwd = this.fwd, bwd = this.bwd, gen = this.gen, pStart = this.pStart, pGoal = this.pGoal;
    for (;;) {
      const kF = top(fwd, gen), kB = top(bwd, gen);
      // One frontier ran empty: every path from its root was seen, so the best meeting is final.
      if (kF === Infinity || kB === Infinity) break;
      // No unexpanded node can lie on a path cheaper than the best meeting. Without one, go on even when
      // kF + kB overflows: a meeting may yet come, and its cost overflowing is an error, not "unreachable".
      if (this.mu < Infinity && kF + kB >= this.mu) break;
      // A limit or the end of a slice: both heaps are whole, and the next call resumes from them.
      if (this.expansions >= stopAt) return null;
      // The half whose reduced key (key minus its root's) is smaller goes next: both grow at the same pace.
      if (kF - pStart <= kB + pGoal) this.expand(fwd, bwd);
      else this.expand(bwd, fwd);
    }
    return this.meet >= 0 ? 'found' : 'unreachable';
  }

  /**
   * p(n) = (h(n, goal) - h(start, n)) / 2, or NaN for a dead end (h =
   * Infinity either way: n lies on no path from start to goal); 0 without a
   * heuristic.
   */
  private potential(n: number): number {
    const h = this.h;
    if (h === null) return 0;
    const toGoal = h(n, this.goal), fromStart = h(this.start, n);
    if (!(toGoal >= 0) || typeof toGoal !== 'number' || (toGoal === Infinity && n === this.goal)) throw badHeuristic('search', n, this.goal, toGoal);
    if (!(fromStart >= 0) || typeof fromStart !== 'number' || (fromStart === Infinity && n === this.start)) throw badHeuristic('search', this.start, n, fromStart);
    if (toGoal === Infinity || fromStart === Infinity) return NaN;
    return (toGoal - fromStart) / 2;
  }

  /** Expands the top node of `half`; `other` is the opposite half, whose g values make meetings. */
  private expand(half: Half, other: Half): void {
    const space = this.space, gen = this.gen, closed = gen + 1, dead = gen + 2;
    const n = half.heap.topNode(), gn = half.heap.topValue();
    half.heap.pop();
    half.stamp[n] = closed;
    this.expansions++;
    const nbr = this.nbr, nbrCost = this.nbrCost;
    const deg = half.sign === 1 ? space.successors(n, nbr, nbrCost) : space.predecessors!(n, nbr, nbrCost);
    // An implicit space may intern nodes as it lists them.
    if (space.size > half.g.length) this.ensure(space.size);
    const g = half.g, link = half.link, stamp = half.stamp, og = other.g, ostamp = other.stamp, informed = this.h !== null;
    const size = space.size;
    for (let i = 0; i < deg; i++) {
      const x = nbr[i];
      const gx = gn + nbrCost[i];
      if (!(gx >= gn)) throw half.sign === 1 ? badArcCost('search', n, x, nbrCost[i], 'numbers >= 0') : badArcCost('search', x, n, nbrCost[i], 'numbers >= 0');
      // One compare for both ends of the range (a negative id is a huge unsigned one).
      if ((x >>> 0) >= size) throw badArcEnd('search', n, x, size, half.sign === 1 ? 'successor' : 'predecessor');
      if (gx === Infinity && gn < Infinity && nbrCost[i] < Infinity) throw half.sign === 1 ? costOverflow('search', n, x, gn, nbrCost[i]) : costOverflow('search', x, n, gn, nbrCost[i]);
      const sx = stamp[x];
      if (sx === closed || sx === dead) continue;
      if (sx === gen && !(gx < g[x])) continue;
      // Without a heuristic every potential is 0: no call.
      const p = informed ? this.potential(x) : 0;
      if (Number.isNaN(p)) { stamp[x] = dead; continue; }
      g[x] = gx;
      link[x] = n;
      stamp[x] = gen;
      half.heap.push(x, gx + half.sign * p, 0, gx);
      this.pushes++;
      const ox = ostamp[x];
      if (ox === gen || ox === closed) {
        const through = gx + og[x];
        if (through < this.mu) {
          this.mu = through;
          this.meet = x;
        } else if (through === Infinity && og[x] < Infinity) {
          // Two finite halves whose sum overflows: a path whose cost is no number (the rule of costOverflow).
          throw new InputError(`search: the cost of a path overflows where its two halves meet at node ${x} (${gx} + ${og[x]} is Infinity); costs must be small enough that every path's total is a finite number`);
        }
      }
    }
  }

  /** Writes start ... meet ... goal into the buffer and returns its cost, summed in path order. */
  private joinPath(): number {
    const fl = this.fwd.link, bl = this.bwd.link, meet = this.meet;
    // The forward half's chain, start first: its tree is acyclic, so the nodes are distinct.
    const chain = this.chain;
    chain.length = 0;
    for (let m = meet; m !== -1; m = fl[m]) chain.push(m);
    this.len = 0;
    for (let i = chain.length - 1; i >= 0; i--) this.append(chain[i]);
    // The backward half's chain may come back to a node of the forward one over zero-cost arcs: append cuts that loop.
    for (let m = bl[meet]; m !== -1; m = bl[m]) this.append(m);
    const buf = this.buf, len = this.len;
    let cost = 0;
    const nbr = this.nbr, nbrCost = this.nbrCost;
    for (let k = 0; k + 1 < len; k++) cost += cheapestTo(nbr, nbrCost, this.space.successors(buf[k], nbr, nbrCost), buf[k + 1]);
    return cost;
  }

  private ensure(size: number): void {
    if (size <= this.buf.length) return;
    const cap = Math.max(size, Math.ceil(this.buf.length * 1.5));
    for (const half of [this.fwd, this.bwd]) {
      const g = new Float64Array(cap); g.set(half.g); half.g = g;
      const l = new Int32Array(cap); l.set(half.link); half.link = l;
      const s = new Uint32Array(cap); s.set(half.stamp); half.stamp = s;
    }
    this.growPath(cap);
  }
}

/** The smallest live key of a half; Infinity when its frontier is empty. */
const top = (half: Half, gen: number): number => liveTopKey(half.heap, half.stamp, half.g, gen);
