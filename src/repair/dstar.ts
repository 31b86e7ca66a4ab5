import { InputError, show } from '../core/errors.js';
import { Heap } from '../queues/heap.js';
import { checkBoolean, checkNodeId, checkKeys, badArcEnd } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/** t(X): never on OPEN yet, on OPEN, or taken off it. */
export const NEW = 0;
export const OPEN = 1;
export const CLOSED = 2;
/**
 * Stentz's tag t(X) of a state, as `DStar.tag` returns it: 0 NEW (never on
 * OPEN), 1 OPEN, 2 CLOSED (taken off OPEN). `TAG_NAMES[tag]` spells it.
 */
export type DStarTag = 0 | 1 | 2;
/** The names of the `DStarTag` values, indexed by tag: `TAG_NAMES[dstar.tag(x)]` is 'NEW', 'OPEN' or 'CLOSED'. */
export const TAG_NAMES: readonly ['NEW', 'OPEN', 'CLOSED'] = ['NEW', 'OPEN', 'CLOSED'];

/** One PROCESS-STATE call: the state removed, its key, its h at removal, and which kind it was. */
export interface DStarPop {
  /** The state removed from OPEN. */
  node: number;
  /** Its key k when removed (k_old), in cost units. */
  kOld: number;
  /** Its cost-to-goal h when removed, in cost units. */
  h: number;
  /**
   * RAISE when k_old < h(X) at removal (its cost went up), LOWER when k_old = h(X).
   * Compared as pairs (see DStar): with zero-cost arcs a RAISE may show equal
   * kOld and h, its zero-cost arc count having gone up.
   */
  kind: 'RAISE' | 'LOWER';
}

/** The options of `new DStar(space, options)`; a bad value or an unknown key is an `InputError`. */
export interface DStarOptions {
  /**
   * Work in exact integers: every arc cost times `costScale` must be an integer
   * (Choset's 1, 1.4 and 10000 with `costScale: 10`). Without it costs are used
   * as given and compared as floats, which is exact only when sums are.
   */
  costScale?: number;
  /**
   * Which endpoints of a changed arc `modifyCost` puts back on OPEN (if CLOSED):
   * `head` is Stentz's MODIFY-COST (the state whose predecessors see the change),
   * `both` also re-opens the tail, as Choset's grid examples do. Default `both`.
   * (Not the engine's `reopen`, which says whether a closed node that gets a
   * cheaper g goes back on the frontier.)
   */
  reopenEnds?: 'both' | 'head';
  /** Record every PROCESS-STATE call in `trace`. Default false. */
  trace?: boolean;
}

const OPTION_NAMES = ['costScale', 'reopenEnds', 'trace'] as const;

/**
 * Stentz's original D* (1994, as in Choset's Appendix H.3), on any space that
 * lists predecessors. It searches backward from the goal: h(X) is the cost
 * from X to the goal, b(X) the next state toward it. When the map changes the
 * caller reports each changed arc with `modifyCost`, and `repair` re-settles
 * only the states the change reaches: RAISE states carry a cost increase out,
 * LOWER states carry the cheaper costs back in.
 *
 * Exactness: Stentz's tests `k_old = h(X)` and `h(Y) != h(X) + c` decide the
 * trace, so a 0.1 drift in a float sum would change which states are RAISE.
 * With `costScale` every h and k is an integer number of 1/costScale units
 * (exact up to 2^53); the public accessors divide back. We chose scaling over
 * a tolerance because it keeps Stentz's comparisons literally as written.
 *
 * OPEN is a binary heap ordered by k with ties first-in first-out: a state's
 * place among equal keys is the moment its current key was set (entering
 * OPEN, or a lower k while on it). Entries are never removed from the middle;
 * each node remembers the serial number of its live entry and any other entry
 * of it is stale and skipped (lazy deletion).
 *
 * Costs >= 0. Stentz assumes every arc costs more than 0, and with arcs of
 * cost 0 his tests go wrong: a child Y of X has h(Y) = h(X) and passes the
 * RAISE test h(Y) <= k_old, so X takes its own child as its way out and the
 * back pointers close a cycle; a state at k = h(robot) may still raise the
 * robot, yet the stop test k_min < h(robot) leaves it. So every h and k here
 * is a pair: the cost, then the number of zero-cost arcs taken, compared
 * lexicographically. Every arc then costs strictly more than nothing and
 * Stentz's argument holds as written. The second part is 0 on a space
 * without zero-cost arcs, where traces, ties and counts are the book's.
 * Parallel arcs count as their cheapest; arcs may not appear or vanish
 * (costs must be finite): D* sees only cost changes.
 *
 * Errors: a space without `predecessors`, a bad option, a node id that is not
 * a node, or a call before `initialize` is an `InputError`. An arc cost that
 * is NaN, negative, infinite or (with `costScale`) not a multiple of
 * 1/costScale is an `InputError` too, and since it stops PROCESS-STATE half
 * way, every later call refuses until `initialize` starts over.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(rows, { diagonalRule: 'always', diagonalCost: 1.4, blocked: { enterCost: 10000 } });
 * const d = new DStar(grid, { costScale: 10 }); // tenths: 1, 1.4 and 10000 are exact
 * d.initialize(goal);
 * d.computeUntilClosed(start);         // d.path(start) is the plan
 * setCellBlocked(d, grid, cell, true); // the map changed: report it
 * d.repair(robot);                     // d.path(robot) is the repaired plan
 * ```
 */
export class DStar {
  /** The space searched, backward from the goal over its predecessors. */
  readonly space: SearchSpace;
  /** The unit costs are counted in (1/costScale); 1 without the option. */
  readonly costScale: number;
  /** Which endpoints of a changed arc `modifyCost` re-opens (see `DStarOptions.reopenEnds`). */
  readonly reopenEnds: 'both' | 'head';
  /** PROCESS-STATE calls since construction or `resetCounters`. */
  pops = 0;
  /** RAISE pops among them (states whose cost had gone up). */
  raised = 0;
  /** Every PROCESS-STATE call, when built with `trace: true`. */
  readonly trace: DStarPop[] | null;

  private t: Uint8Array;
  // h and k in units of 1/costScale; h is Infinity while a state is NEW. hz
  // and kz are the second parts of the pairs (zero-cost arcs taken), Infinity
  // exactly where the costs are.
  private hs: Float64Array;
  private hz: Float64Array;
  private ks: Float64Array;
  private kz: Float64Array;
  private bs: Int32Array;
  private live: Float64Array;
  private serial = 0;
  private readonly heap = new Heap(64);
  private readonly exact: boolean;
  private goalNode = -1;
  private readonly predNodes: Int32Array;
  private readonly predCosts: Float64Array;
  private readonly succNodes: Int32Array;
  private readonly succCosts: Float64Array;
  /**
   * Set when the space listed a cost D* cannot use in the middle of a
   * PROCESS-STATE call: the state is half processed, so every later call
   * refuses, naming the first error.
   */
  private broken: string | null = null;

  constructor(space: SearchSpace, options: DStarOptions = {}) {
    if (typeof space?.predecessors !== 'function') {
      throw new InputError('D*: the search space must list predecessors (D* searches backward from the goal), but it has no predecessors method');
    }
    checkSpace(space, 'D*');
    checkKeys(options, OPTION_NAMES, 'D*');
    this.space = space;
    const scale = options.costScale;
    if (scale !== undefined && !(typeof scale === 'number' && Number.isFinite(scale) && scale > 0)) {
      throw new InputError(`D*: costScale must be a finite number > 0, got ${show(scale)}`);
    }
    this.exact = scale !== undefined;
    this.costScale = scale ?? 1;
    const ends = options.reopenEnds !== undefined ? options.reopenEnds : 'both';
    if (ends !== 'both' && ends !== 'head') {
      throw new InputError(`D*: reopenEnds must be 'both' or 'head', got ${show(ends)}`);
    }
    this.reopenEnds = ends;
    checkBoolean(options.trace, 'D*: trace');
    this.trace = options.trace ? [] : null;
    const d = Math.max(1, space.maxDegree);
    this.predNodes = new Int32Array(d);
    this.predCosts = new Float64Array(d);
    this.succNodes = new Int32Array(d);
    this.succCosts = new Float64Array(d);
    this.t = new Uint8Array(0);
    this.hs = new Float64Array(0);
    this.hz = new Float64Array(0);
    this.ks = new Float64Array(0);
    this.kz = new Float64Array(0);
    this.bs = new Int32Array(0);
    this.live = new Float64Array(0);
  }

  /** The goal of the current search, or -1 before `initialize`. */
  get goal(): number { return this.goalNode; }

  /** Forgets everything and puts the goal on OPEN with h = 0. */
  initialize(goal: number): void {
    checkNodeId(this.space, goal, 'D*: goal', true);
    const n = this.space.size;
    this.broken = null;
    this.t = new Uint8Array(n);
    this.hs = new Float64Array(n).fill(Infinity);
    this.hz = new Float64Array(n).fill(Infinity);
    this.ks = new Float64Array(n).fill(Infinity);
    this.kz = new Float64Array(n).fill(Infinity);
    this.bs = new Int32Array(n).fill(-1);
    this.live = new Float64Array(n);
    this.heap.clear();
    this.serial = 0;
    this.goalNode = goal;
    this.insert(goal, 0, 0);
  }

  // --- per-state values, in cost units -------------------------------------

  /** h(X): the cost-to-goal estimate (Infinity while X is NEW). */
  h(x: number): number { return this.at(x) < this.hs.length ? this.hs[x] / this.costScale : Infinity; }
  /** k(X): the smallest h(X) since X last went on OPEN (Infinity while NEW). */
  k(x: number): number { return this.at(x) < this.ks.length ? this.ks[x] / this.costScale : Infinity; }
  /** b(X): the back pointer, the next state toward the goal, or -1. */
  b(x: number): number { return this.at(x) < this.bs.length ? this.bs[x] : -1; }
  /** t(X): 0 NEW, 1 OPEN or 2 CLOSED (`TAG_NAMES[t]` spells it). */
  tag(x: number): DStarTag { return (this.at(x) < this.t.length ? this.t[x] : NEW) as DStarTag; }
  /** The smallest key on OPEN, or -1 when OPEN is empty (Stentz's GET-KMIN). */
  kMin(): number {
    const x = this.top();
    return x < 0 ? -1 : this.ks[x] / this.costScale;
  }
  /** Sets `pops` and `raised` to 0 and empties the trace, e.g. before a repair whose work is to be counted alone. */
  resetCounters(): void {
    this.pops = 0;
    this.raised = 0;
    if (this.trace) this.trace.length = 0;
  }

  // --- the driver -------------------------------------------------------------

  /** Processes states until `robot` is CLOSED (or OPEN runs empty). Returns the pops it made. */
  computeUntilClosed(robot: number): number {
    this.checkStarted('computeUntilClosed');
    // The robot is the search's start: held to the rule every searcher holds its endpoints to.
    checkNodeId(this.space, robot, 'D*: computeUntilClosed: robot', true);
    this.grow();
    const before = this.pops;
    while (this.t[robot] !== CLOSED) {
      if (this.processState() < 0) break;
    }
    return this.pops - before;
  }

  /**
   * After `modifyCost` calls: processes states while k_min < h(robot), reading
   * h(robot) afresh before each call (a RAISE can push it up, a LOWER bring it
   * back). Then b leads from the robot along an optimal route. Returns the pops.
   *
   * `afterPop` runs after each PROCESS-STATE call, so a viewer can snapshot
   * h, k, tags and back pointers between pops without restating the loop's
   * stopping rule (with `trace: true` the pop is `trace[trace.length - 1]`).
   */
  repair(robot: number, afterPop?: () => void): number {
    this.checkStarted('repair');
    checkNodeId(this.space, robot, 'D*: repair: robot', true);
    if (afterPop !== undefined && typeof afterPop !== 'function') {
      throw new InputError(`D*: repair: afterPop must be a function, got ${show(afterPop)}`);
    }
    this.grow();
    const before = this.pops;
    for (;;) {
      const x = this.top();
      if (x < 0 || !lt(this.ks[x], this.kz[x], this.hs[robot], this.hz[robot])) break;
      this.processState();
      afterPop?.();
    }
    return this.pops - before;
  }

  /**
   * MODIFY-COST for the arc from -> to, whose cost the space already reports
   * at its new value (change the map first, then report). Re-opens the
   * CLOSED endpoints `reopenEnds` names. Returns k_min.
   */
  modifyCost(from: number, to: number): number {
    this.checkStarted('modifyCost');
    checkNodeId(this.space, from, 'D*: modifyCost: from');
    checkNodeId(this.space, to, 'D*: modifyCost: to');
    if (this.arcCost(from, to) < 0) {
      throw new InputError(`D*: modifyCost: the space has no arc from ${from} to ${to} (only cost changes can be reported; arcs may not appear or vanish)`);
    }
    this.grow();
    if (this.reopenEnds === 'both' && this.t[from] === CLOSED) this.insert(from, this.hs[from], this.hz[from]);
    if (this.t[to] === CLOSED) this.insert(to, this.hs[to], this.hz[to]);
    return this.kMin();
  }

  /**
   * PROCESS-STATE: removes the state with the smallest key and settles it.
   * Returns the new k_min, or -1 when OPEN was already empty.
   */
  processState(): number {
    this.checkStarted('processState');
    const x = this.top();
    if (x < 0) return -1;
    const kOld = this.ks[x], kOldz = this.kz[x];
    this.heap.pop();
    this.t[x] = CLOSED;
    this.pops++;
    const raise = lt(kOld, kOldz, this.hs[x], this.hz[x]);
    if (raise) this.raised++;
    if (this.trace) {
      const s = this.costScale;
      this.trace.push({ node: x, kOld: kOld / s, h: this.hs[x] / s, kind: raise ? 'RAISE' : 'LOWER' });
    }

    // Step 1 (RAISE): a successor Y with h(Y) <= k_old is already optimal at
    // this level; if going through it is cheaper, take it now.
    if (raise) {
      const m = this.listSuccessors(x);
      const sn = this.succNodes, sc = this.succCosts, hs = this.hs, hz = this.hz, bs = this.bs;
      for (let i = 0; i < m; i++) {
        const y = sn[i], c = sc[i], hy = hs[y] + c, hyz = hz[y] + (c === 0 ? 1 : 0);
        if (!lt(kOld, kOldz, hs[y], hz[y]) && lt(hy, hyz, hs[x], hz[x])) { bs[x] = y; hs[x] = hy; hz[x] = hyz; }
      }
    }

    const n = this.listPredecessors(x);
    const settled = kOld === this.hs[x] && kOldz === this.hz[x];
    // Step 3 needs c(X -> Y) too; list now, before taking the arrays (listing may grow them).
    const m = settled ? 0 : this.listSuccessors(x);
    const pn = this.predNodes, pc = this.predCosts, t = this.t, hs = this.hs, hz = this.hz, bs = this.bs;
    const hx = hs[x], hxz = hz[x];
    if (settled) {
      // Step 2 (LOWER, or a RAISE that step 1 settled): spread like Dijkstra.
      for (let i = 0; i < n; i++) {
        const y = pn[i], c = pc[i], hy = hx + c, hyz = hxz + (c === 0 ? 1 : 0);
        if (t[y] === NEW || (bs[y] === x && (hs[y] !== hy || hz[y] !== hyz)) || (bs[y] !== x && lt(hy, hyz, hs[y], hz[y]))) {
          bs[y] = x;
          this.insert(y, hy, hyz);
        }
      }
    } else {
      // Step 3 (still RAISE): push the increase down to X's children, and
      // wake whichever neighbour can lower X (or X itself) as a LOWER state.
      for (let i = 0; i < n; i++) {
        const y = pn[i], c = pc[i], hy = hx + c, hyz = hxz + (c === 0 ? 1 : 0);
        if (t[y] === NEW || (bs[y] === x && (hs[y] !== hy || hz[y] !== hyz))) {
          bs[y] = x;
          this.insert(y, hy, hyz);
        } else if (bs[y] !== x && lt(hy, hyz, hs[y], hz[y])) {
          this.insert(x, hx, hxz);
        } else if (bs[y] !== x && t[y] === CLOSED && lt(kOld, kOldz, hs[y], hz[y])) {
          const cyx = this.costAmong(y, m);
          if (cyx >= 0 && lt(hs[y] + cyx, hz[y] + (cyx === 0 ? 1 : 0), hx, hxz)) this.insert(y, hs[y], hz[y]);
        }
      }
      // Stentz's neighbours go both ways. In a directed space a successor Y
      // that is no predecessor was skipped above, yet X may go through it:
      // the same wake-up test (b(Y) = X is impossible without an arc Y -> X).
      const sn = this.succNodes, sc = this.succCosts;
      for (let j = 0; j < m; j++) {
        const y = sn[j], c = sc[j];
        if (t[y] === CLOSED && lt(kOld, kOldz, hs[y], hz[y]) && lt(hs[y] + c, hz[y] + (c === 0 ? 1 : 0), hx, hxz) && !listed(pn, n, y, j)) {
          this.insert(y, hs[y], hz[y]);
        }
      }
    }
    const top = this.top();
    return top < 0 ? -1 : this.ks[top] / this.costScale;
  }

  // --- reading the plan -------------------------------------------------------

  /**
   * The route from `from` to the goal along the back pointers, or null when
   * `from` is NEW or the pointers do not reach the goal (a cycle can only
   * appear mid-repair, never after `repair` returns).
   */
  path(from: number): number[] | null {
    checkNodeId(this.space, from, 'D*: path: from');
    this.usable();
    if (this.goalNode < 0 || this.tag(from) === NEW) return null;
    const out = [from];
    let x = from;
    while (x !== this.goalNode) {
      x = this.bs[x];
      if (x < 0 || out.length > this.t.length) return null;
      out.push(x);
    }
    return out;
  }

  /** Sum of the space's current arc costs along `path`, the cheapest of parallel arcs (exact with costScale). */
  pathCost(path: readonly number[]): number {
    if (!Array.isArray(path)) throw new InputError(`D*: pathCost: path must be an array of node ids, got ${show(path)}`);
    for (let i = 0; i < path.length; i++) checkNodeId(this.space, path[i], `D*: pathCost: path[${i}]`);
    this.usable();
    let sum = 0;
    for (let i = 1; i < path.length; i++) {
      const c = this.arcCost(path[i - 1], path[i]);
      if (c < 0) throw new InputError(`D*: pathCost: no arc from ${path[i - 1]} to ${path[i]} (step ${i} of the path)`);
      sum += c;
    }
    return sum / this.costScale;
  }

  // --- internals ----------------------------------------------------------------

  /** INSERT(X, h_new): k becomes the smallest h X has had since it went on OPEN. */
  private insert(x: number, hNew: number, hNewz: number): void {
    const tx = this.t[x];
    let kNew = hNew, kNewz = hNewz;
    if (tx !== NEW) {
      // The smaller of h_new and k(X) if OPEN, h(X) if CLOSED.
      const a = tx === OPEN ? this.ks[x] : this.hs[x], az = tx === OPEN ? this.kz[x] : this.hz[x];
      if (lt(a, az, hNew, hNewz)) { kNew = a; kNewz = az; }
    }
    this.hs[x] = hNew;
    this.hz[x] = hNewz;
    // An OPEN state whose key does not change keeps its place in the queue.
    if (tx !== OPEN || kNew !== this.ks[x] || kNewz !== this.kz[x]) {
      this.ks[x] = kNew;
      this.kz[x] = kNewz;
      const s = ++this.serial;
      this.live[x] = s;
      this.heap.push(x, kNew, kNewz, s);
    }
    this.t[x] = OPEN;
  }

  /** The live state with the smallest key (stale entries are dropped), or -1. */
  private top(): number {
    const heap = this.heap;
    while (heap.length > 0) {
      const x = heap.topNode();
      if (this.t[x] === OPEN && heap.topValue() === this.live[x]) return x;
      heap.pop();
    }
    return -1;
  }

  private listSuccessors(x: number): number {
    const m = this.space.successors(x, this.succNodes, this.succCosts);
    this.checkCosts(this.succNodes, this.succCosts, m, x, true);
    return cheapestOnly(this.succNodes, this.succCosts, m);
  }

  private listPredecessors(x: number): number {
    const n = this.space.predecessors!(x, this.predNodes, this.predCosts);
    this.checkCosts(this.predNodes, this.predCosts, n, x, false);
    return cheapestOnly(this.predNodes, this.predCosts, n);
  }

  /** Validates (and with costScale, converts to integer units) the costs just listed. */
  private checkCosts(nodes: Int32Array, costs: Float64Array, count: number, x: number, out: boolean): void {
    if (this.space.size > this.t.length) this.grow();
    const s = this.costScale, exact = this.exact;
    const size = this.space.size;
    for (let i = 0; i < count; i++) {
      const c = costs[i];
      if ((nodes[i] >>> 0) >= size) this.fail(badArcEnd('D*', x, nodes[i], size, out ? 'successor' : 'predecessor'));
      if (!(c >= 0 && c < Infinity)) {
        this.fail(new InputError(`D*: arc ${out ? `${x} -> ${nodes[i]}` : `${nodes[i]} -> ${x}`}: cost must be a finite number >= 0, got ${c}`));
      }
      if (exact) {
        const q = Math.round(c * s);
        if (Math.abs(q - c * s) > 1e-6 * Math.max(1, q)) {
          this.fail(new InputError(`D*: arc ${out ? `${x} -> ${nodes[i]}` : `${nodes[i]} -> ${x}`}: cost ${c} is not a multiple of 1/costScale = 1/${s}`));
        }
        costs[i] = q;
      }
    }
  }

  /** c(X -> Y) for a predecessor Y of X, from the successor list just made (parallel arcs are merged there), or -1. */
  private costAmong(y: number, m: number): number {
    const sn = this.succNodes;
    for (let j = 0; j < m; j++) if (sn[j] === y) return this.succCosts[j];
    return -1;
  }

  /** c(from -> to) in internal units (the cheapest of parallel arcs), or -1 when there is no such arc. */
  private arcCost(from: number, to: number): number {
    const m = this.listSuccessors(from);
    for (let j = 0; j < m; j++) if (this.succNodes[j] === to) return this.succCosts[j];
    return -1;
  }

  /** Checks x; the arrays may not cover it yet when an implicit space grew (it is then NEW). */
  private at(x: number): number {
    checkNodeId(this.space, x, 'D*: state');
    return x;
  }

  private grow(): void {
    const n = this.space.size;
    if (n <= this.t.length) return;
    const t = new Uint8Array(n); t.set(this.t); this.t = t;
    const h = new Float64Array(n).fill(Infinity); h.set(this.hs); this.hs = h;
    const hz = new Float64Array(n).fill(Infinity); hz.set(this.hz); this.hz = hz;
    const k = new Float64Array(n).fill(Infinity); k.set(this.ks); this.ks = k;
    const kz = new Float64Array(n).fill(Infinity); kz.set(this.kz); this.kz = kz;
    const b = new Int32Array(n).fill(-1); b.set(this.bs); this.bs = b;
    const l = new Float64Array(n); l.set(this.live); this.live = l;
  }

  private checkStarted(what: string): void {
    if (this.goalNode < 0) throw new InputError(`D*: ${what} called before initialize(goal)`);
    this.usable();
  }

  /** Throws `err`, and keeps every later call (until `initialize`) from reading the half-processed state. */
  private fail(err: InputError): never {
    this.broken = err.message;
    throw err;
  }

  private usable(): void {
    if (this.broken !== null) {
      throw new InputError(`D*: this search stopped in the middle of PROCESS-STATE at an earlier error and its state cannot be trusted; call initialize(goal) again (the error: ${this.broken})`);
    }
  }
}

/** (a, az) < (b, bz), lexicographically: a cost, then the zero-cost arcs taken. */
function lt(a: number, az: number, b: number, bz: number): boolean {
  return a < b || (a === b && az < bz);
}

/**
 * Merges parallel arcs into the first entry of each neighbour, at the
 * cheapest cost, and returns the new count. Stentz's "b(Y) = X and
 * h(Y) != h(X) + c" means one arc per pair; a second, dearer one would
 * raise Y after the cheap one lowered it.
 */
function cheapestOnly(nodes: Int32Array, costs: Float64Array, count: number): number {
  let out = 0;
  for (let i = 0; i < count; i++) {
    const y = nodes[i];
    let j = 0;
    while (j < out && nodes[j] !== y) j++;
    if (j < out) {
      if (costs[i] < costs[j]) costs[j] = costs[i];
    } else {
      nodes[out] = y; costs[out] = costs[i]; out++;
    }
  }
  return out;
}

/** Whether y is among the first n entries of nodes (looking at slot j first: grids list both ways in one order). */
function listed(nodes: Int32Array, n: number, y: number, j: number): boolean {
  if (j < n && nodes[j] === y) return true;
  for (let i = 0; i < n; i++) if (nodes[i] === y) return true;
  return false;
}
