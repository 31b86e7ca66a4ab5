import { InputError, show } from '../core/errors.js';
import { IndexedHeap } from '../queues/indexed-heap.js';
import type { Heuristic } from '../core/heuristic.js';
import { badArcCost, badArcEnd, badHeuristic, checkNodeId, checkKeys } from '../core/input-checks.js';
import { checkLimits, CLOCK_EVERY, type Limits, type StopReason } from '../core/limits.js';
import { checkSpace, cheapestTo, type ArcChange, type ArcChangeFeed, type SearchSpace } from '../core/space.js';
import { nextGeneration } from '../core/stamp.js';

export type { ArcChange } from '../core/space.js';

/** The options of `new DStarLite(...)`; a bad value or an unknown key is an `InputError`. */
export interface DStarLiteOptions {
  /**
   * The limits of each repair (`computeShortestPath`, `updateEdges`), counted
   * afresh by each: queue pops (expansions, re-keyings included), the
   * milliseconds from the repair's start, an `AbortSignal`. When one is
   * reached the repair stops with status `stopped` (and its `reason`); the
   * state stays valid, and the next of those calls carries on where it
   * stopped. A query (`costToGoal`, `nextStep`, `path`) needs a finished
   * repair, so it finishes one a limit cut short, whatever the limits: an
   * answer is exact or not given.
   */
  limits?: Limits;
}

const OPTION_NAMES = ['limits'] as const;

/**
 * Throws an InputError unless `changes` is a list of arc changes of `space`:
 * objects `{ from, to, oldCost }` with node ids and an old cost >= 0 (or
 * Infinity). `where` names the caller for the message.
 */
function checkChanges(space: SearchSpace, changes: unknown, where: string): asserts changes is ArrayLike<ArcChange> {
  if (changes === null || typeof changes !== 'object' || typeof (changes as ArrayLike<unknown>).length !== 'number') {
    throw new InputError(`${where}: changes must be a list of { from, to, oldCost }, got ${show(changes)}`);
  }
  const list = changes as ArrayLike<ArcChange | null>;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === null || typeof ch !== 'object') {
      throw new InputError(`${where}: change ${i} must be an object { from, to, oldCost }, got ${show(ch)}`);
    }
    checkNodeId(space, ch.from, `${where}: change ${i}: from`);
    checkNodeId(space, ch.to, `${where}: change ${i}: to`);
    if (typeof ch.oldCost !== 'number' || !(ch.oldCost >= 0)) {
      throw new InputError(`${where}: change ${i} (${ch.from} -> ${ch.to}): oldCost must be a number >= 0 or Infinity (no arc), got ${show(ch.oldCost)}`);
    }
  }
}

/**
 * How the last repair ended: `done` (the robot's cost-to-go and the descent
 * from it are exact), or `stopped` (a limit was reached first, `reason` says
 * which; call `computeShortestPath` again to go on). `done` also before the
 * first search, when no repair has been cut short.
 */
export type RepairStatus = 'done' | 'stopped';

/** The work of one update (or of the first search). */
export interface RepairStats {
  /** Queue removals from the top, re-keyings included. */
  pops: number;
  /** Distinct vertices whose g or rhs took a new value. */
  changed: number;
  /** Distinct vertices popped or changed: the repair's footprint. */
  touched: number;
  /** Whether the repair finished or a limit stopped it. */
  status: RepairStatus;
  /** Which limit stopped it (`status` `stopped`), else null. */
  reason: StopReason | null;
}

/**
 * D* Lite (Koenig & Likhachev 2002, the optimized version): a search run
 * backward from the goal and repaired, not redone, when arc costs change or
 * the robot moves.
 *
 * g(s) and rhs(s) estimate the cost from s to the goal; rhs is the one-step
 * lookahead min over successors s' of c(s, s') + g(s'), kept up to date
 * incrementally (never recomputed from scratch in UpdateVertex). A vertex is
 * queued exactly while it is inconsistent (g != rhs), under the key
 * [min(g, rhs) + h(start, s) + km; min(g, rhs)].
 *
 * The space must list predecessors, and `successors` and `predecessors`
 * must describe the same arcs at the same costs, each >= 0 (Infinity: no
 * arc). `h(a, b)` must estimate the cost from a to b without overestimating
 * and obey the triangle inequality (consistency): the keys stay lower bounds
 * only then. h may be Infinity where b cannot be reached from a: such a
 * vertex waits at the back of the queue, and if the robot jumps somewhere
 * its old spot cannot reach, every key is recomputed instead of adding an
 * infinite km. A heuristic value outside that contract (NaN, undefined, a
 * negative number, a string), or a NaN or negative cost listed by the space,
 * is an InputError; the repair it interrupted is half done, so the searcher
 * then refuses every call.
 *
 * Changes. The caller reports arcs whose cost changed with `updateEdges`. A
 * space that can tell what its edits changed (`SearchSpace.watchArcs`: a
 * `Grid` can) is read before every update and query instead, so on a grid
 * `grid.setBlocked(cell, true)` is all it takes: the next query repairs.
 *
 * Zero-cost arcs. The paper assumes every arc costs more than 0. With arcs
 * of cost 0 the Bellman equation g(s) = min c(s, s') + g(s') has more than
 * one solution (the vertices of a zero-cost cycle can hold each other's stale
 * cost up after the exit they used got dearer), and the descent can go round
 * such a cycle forever. So every cost here is a pair: the cost itself, then
 * the number of zero-cost arcs taken, compared lexicographically. Every arc
 * then costs strictly more than nothing, the solution is unique again, and
 * the second part only ever decides between equal costs: on a space without
 * zero-cost arcs it is 0 everywhere and nothing changes. A self loop can
 * never lie on a cheapest path and is ignored.
 *
 * The constructor throws an `InputError` for a space without
 * `predecessors`, a heuristic that is not a function, a start or goal that
 * is not a node (or a blocked cell of a grid that deletes them), or a bad
 * option. It runs no search: the first query (or `computeShortestPath`) does.
 *
 * @example
 * ```ts
 * const d = new DStarLite(grid, start, goal, octile(grid));
 * d.path();                                 // the first search, robot first
 * d.moveTo(d.nextStep()!);                  // drive one step
 * grid.setBlocked(cell, true);              // the map changed: the next query repairs, not redoes
 * d.costToGoal(); d.path();                 // from where the robot now is
 * d.lastRepair();                           // what the repair did
 * ```
 */
export class DStarLite {
  /** The space searched, backward from the goal over its predecessors. */
  readonly space: SearchSpace;
  /** The goal every cost-to-go is measured to. */
  readonly goal: number;
  private readonly h: Heuristic;
  private readonly limits: Limits | undefined;
  /** The space's own change reports (`watchArcs`), or null when it gives none. */
  private readonly feed: ArcChangeFeed | null;
  private robot: number;
  /** Where the robot stood when km was last brought up to date. */
  private last: number;
  private kmValue = 0;
  /**
   * True until the first search, after the robot jumps somewhere the last
   * search did not cover, and while a repair a budget cut short is
   * unfinished: the next query repairs first. A move along the greedy
   * descent leaves it false, as in the paper, which replans only when costs
   * change.
   */
  private pending = true;
  private statusValue: RepairStatus = 'done';
  private reasonValue: StopReason | null = null;
  /**
   * Set when the heuristic or the space broke its contract in the middle of a
   * repair. The repair stopped half way, so no answer from this state could
   * be trusted: every later call refuses, naming the first error.
   */
  private broken: string | null = null;
  /**
   * Set when the space's feed said its heuristics fell (a grid's weight
   * floor went down): the queued keys are then too high to order the queue,
   * and are recomputed before the next repair.
   */
  private hLowered = false;

  // g and rhs as pairs (see the class comment): the cost, then the number of
  // zero-cost arcs taken. The second part is Infinity exactly where the cost is.
  private g: Float64Array;
  private gz: Float64Array;
  private rhs: Float64Array;
  private rhsz: Float64Array;
  /** The second part of the pair the last `bestRhs` returned. */
  private bz = 0;

  // The queue: the inconsistent vertices, once each, keyed [k1; k2] with
  // the pair's second part (kz) between them (see heap-indexed.ts for why indexed).
  private readonly queue: IndexedHeap;

  // The footprint of the current update: vertices popped or changed.
  private touchMark: Uint32Array;
  private changeMark: Uint32Array;
  private touchList: Int32Array;
  private touchCount = 0;
  private changeCount = 0;
  private popCount = 0;
  private gen = 1;

  // Separate buffers: recomputing rhs(s) lists s's successors while the
  // caller is still walking u's predecessors.
  private predN: Int32Array;
  private predC: Float64Array;
  private succN: Int32Array;
  private succC: Float64Array;

  constructor(space: SearchSpace, start: number, goal: number, heuristic: Heuristic, options: DStarLiteOptions = {}) {
    if (typeof space?.predecessors !== 'function') {
      throw new InputError('DStarLite: the space must list predecessors (D* Lite searches backward from the goal); this space has no predecessors()');
    }
    checkSpace(space, 'DStarLite');
    if (typeof heuristic !== 'function') {
      throw new InputError(`DStarLite: heuristic must be a function (n, goal) => number, got ${show(heuristic)}`);
    }
    checkNodeId(space, start, 'DStarLite: start', true);
    checkNodeId(space, goal, 'DStarLite: goal', true);
    if (space.watchArcs !== undefined && typeof space.watchArcs !== 'function') {
      throw new InputError(`DStarLite: space.watchArcs must be a function returning a feed { changes() }, got ${show(space.watchArcs)}`);
    }
    checkKeys(options, OPTION_NAMES, 'DStarLite');
    checkLimits(options.limits, 'DStarLite');
    this.space = space;
    this.goal = goal;
    this.h = heuristic;
    this.limits = options.limits;
    this.robot = start;
    this.last = start;

    const n = Math.max(1, space.size);
    this.g = new Float64Array(n).fill(Infinity);
    this.gz = new Float64Array(n).fill(Infinity);
    this.rhs = new Float64Array(n).fill(Infinity);
    this.rhsz = new Float64Array(n).fill(Infinity);
    this.queue = new IndexedHeap(n);
    this.touchMark = new Uint32Array(n);
    this.changeMark = new Uint32Array(n);
    this.touchList = new Int32Array(n);
    const d = Math.max(1, space.maxDegree);
    this.predN = new Int32Array(d);
    this.predC = new Float64Array(d);
    this.succN = new Int32Array(d);
    this.succC = new Float64Array(d);

    // Initialize: only the goal is inconsistent, with key [h(start, goal); 0].
    const hStart = this.hOf(start, goal);
    this.setRhs(goal, 0, 0);
    this.queue.insert(goal, hStart, 0, 0);
    // Watching starts with the first search: what the grid holds now is what it will search.
    // A space that offers watchArcs promises a feed: null would leave its edits unseen.
    const feed: unknown = space.watchArcs === undefined ? null : space.watchArcs();
    if (space.watchArcs !== undefined && (feed === null || typeof feed !== 'object' || typeof (feed as ArcChangeFeed).changes !== 'function')) {
      throw new InputError(`DStarLite: space.watchArcs() must return a feed { changes() }, got ${show(feed)}`);
    }
    this.feed = feed as ArcChangeFeed | null;
  }

  // --- reading -------------------------------------------------------------

  /** The robot's vertex. */
  get start(): number { return this.robot; }
  /** The key modifier: the heuristic distance the robot has moved, summed. */
  get km(): number { return this.kmValue; }
  /** How the last repair ended (see RepairStatus). */
  get status(): RepairStatus { return this.statusValue; }
  /** Which limit stopped the last repair (`status` `stopped`), else null. */
  get reason(): StopReason | null { return this.reasonValue; }
  /** g(n): n's cost-to-goal as last settled (Infinity when unknown or unreachable). It may be stale off the robot's path. */
  gOf(n: number): number { this.checkRead(n, 'gOf'); return n < this.g.length ? this.g[n] : Infinity; }
  /** rhs(n): the one-step lookahead, min over successors s' of c(n, s') + g(s'); 0 at the goal. */
  rhsOf(n: number): number { this.checkRead(n, 'rhsOf'); return n < this.rhs.length ? this.rhs[n] : Infinity; }
  /** True while n is inconsistent and waits in the queue. */
  isQueued(n: number): boolean { this.checkRead(n, 'isQueued'); return n < this.queue.pos.length && this.queue.has(n); }
  /** Number of vertices waiting in the queue (the inconsistent ones). */
  get queueSize(): number { return this.queue.length; }
  /**
   * The smallest queued key, or [Infinity, Infinity] when the queue is empty.
   * Keys are shown by their costs; between equal costs the queue also orders
   * by the zero-cost arcs taken (see the class comment).
   */
  topKey(): [number, number] {
    const q = this.queue;
    return q.length > 0 ? [q.k1[0], q.k2[0]] : [Infinity, Infinity];
  }
  /** The key n would get now: [min(g, rhs) + h(start, n) + km; min(g, rhs)]. */
  keyOf(n: number): [number, number] {
    this.checkRead(n, 'keyOf');
    this.usable();
    const m = Math.min(this.gOf(n), this.rhsOf(n));
    return [m + this.hOf(this.robot, n) + this.kmValue, m];
  }

  /** Work of the last update (or of the first search, until an update). */
  lastRepair(): RepairStats {
    return { pops: this.popCount, changed: this.changeCount, touched: this.touchCount, status: this.statusValue, reason: this.reasonValue };
  }
  /** The vertices the last update popped or changed (the page's blue footprint). */
  footprint(): Int32Array { return this.touchList.slice(0, this.touchCount); }
  /** True when the last update popped or changed n. */
  inFootprint(n: number): boolean { this.checkRead(n, 'inFootprint'); return n < this.touchMark.length && this.touchMark[n] === this.gen; }

  /** Cost from the robot to the goal, Infinity when unreachable. Repairs first if needed. */
  costToGoal(): number {
    this.usable();
    this.settle();
    return this.g[this.robot];
  }

  /**
   * The greedy descent: the successor s' of `from` (default: the robot)
   * minimising c(from, s') + g(s') (equal costs: fewer zero-cost arcs to
   * go); null at the goal or when the goal is unreachable. After a repair,
   * following it from the robot traces a cheapest path; from vertices off
   * that path, g may still be stale.
   */
  nextStep(from: number = this.robot): number | null {
    checkNodeId(this.space, from, 'nextStep: from');
    this.usable();
    this.settle();
    this.fit();
    if (from === this.goal || this.g[from] === Infinity) return null;
    const nodes = this.succN, costs = this.succC;
    const deg = this.successorsOf(from, nodes, costs);
    const g = this.g, gz = this.gz;
    let best = -1, bestCost = Infinity, bestZ = Infinity;
    for (let i = 0; i < deg; i++) {
      const v = nodes[i];
      if (v === from) continue;
      const c = costs[i] + g[v];
      if (!(c < Infinity)) continue;
      const z = (costs[i] === 0 ? 1 : 0) + gz[v];
      if (c < bestCost || (c === bestCost && z < bestZ)) { bestCost = c; bestZ = z; best = v; }
    }
    return best < 0 ? null : best;
  }

  /** The greedy descent from the robot to the goal, robot first; null when unreachable. */
  path(): number[] | null {
    if (this.costToGoal() === Infinity) return null;
    const out = [this.robot];
    for (let s = this.robot; s !== this.goal;) {
      const next = this.nextStep(s);
      if (next === null || out.length > this.space.size) {
        throw new Error(`DStarLite: the greedy descent from ${this.robot} stalled at ${s}; the space changed without updateEdges (or its watchArcs feed), or its successors and predecessors disagree?`);
      }
      out.push(next);
      s = next;
    }
    return out;
  }

  // --- the robot and the world ----------------------------------------------

  /**
   * The robot is now at s (usually the greedy step, but any vertex will do).
   * Only the start moves here: km catches up at the next update, as in the
   * paper, so no queued key is touched. A step along a cheapest path needs
   * no search (the last one already covered it); a jump anywhere else makes
   * the next query repair first.
   */
  moveTo(s: number): void {
    checkNodeId(this.space, s, 'moveTo', true);
    this.usable();
    if (s === this.robot) return;
    const from = this.robot;
    const c = this.arcCost(from, s); // may grow the arrays: read them after
    const gFrom = this.g[from];
    const onPath = !this.pending && gFrom !== Infinity && c + this.g[s] === gFrom && (c === 0 ? 1 : 0) + this.gz[s] === this.gz[from];
    this.robot = s;
    if (!onPath) this.pending = true;
  }

  /**
   * Runs ComputeShortestPath as a new update (its footprint replaces the
   * last one), after taking in the changes the space reported itself, and
   * returns the number of pops. Within its `limits` it ends with `status`
   * 'done'; otherwise it stops with 'stopped', and calling it again continues.
   */
  computeShortestPath(): number {
    this.usable();
    this.beginUpdate();
    this.catchUpKm();
    this.takeFeed();
    this.repair(this.limits);
    return this.popCount;
  }

  /**
   * Arc costs changed in the space (the caller changed them first); each
   * change gives the arc and its old cost, the space gives the new one.
   * Repairs (within its `limits`) and returns the work done and the
   * status. Without `changes` it takes the ones the space reported itself
   * (`watchArcs`: on a grid, the edits made through `setBlocked` or `touch`),
   * which it also takes, first, when changes are given.
   */
  updateEdges(changes: ArrayLike<ArcChange> = []): RepairStats {
    checkChanges(this.space, changes, 'updateEdges');
    this.usable();
    this.beginUpdate();
    this.catchUpKm();
    this.takeFeed();
    this.applyChanges(changes);
    this.repair(this.limits);
    return this.lastRepair();
  }

  /** The paper's rule for each change; the space already has the new costs. */
  private applyChanges(changes: ArrayLike<ArcChange>): void {
    for (let i = 0; i < changes.length; i++) {
      const ch = changes[i];
      this.arcChanged(ch.from, ch.to, ch.oldCost, this.arcCost(ch.from, ch.to));
    }
  }

  /** Takes in the changes the space reported itself since the last look, as part of the current update; true if there were any. */
  private takeFeed(): boolean {
    const changes = this.fromFeed();
    if (changes === null) return false;
    this.rekeyIfLowered();
    this.applyChanges(changes);
    return changes.length > 0;
  }

  /**
   * The changes the space reported since the last look, checked as
   * `updateEdges` checks its own; null without a feed. The feed hands each
   * change out once, so a bad list leaves this searcher behind the space for
   * good: it then refuses every call.
   */
  private fromFeed(): ArrayLike<ArcChange> | null {
    if (this.feed === null) return null;
    const changes: unknown = this.feed.changes();
    // Keys made with a heuristic that has since fallen are no longer lower bounds.
    if (this.feed.heuristicsLowered?.() === true) this.hLowered = true;
    try {
      checkChanges(this.space, changes, 'DStarLite: the space\'s watchArcs feed');
    } catch (e) {
      if (e instanceof InputError) this.fail(e);
      throw e;
    }
    return changes;
  }

  // --- the algorithm ----------------------------------------------------------

  /** The paper's rule for one changed arc (u, v); the space already has the new cost. */
  private arcChanged(u: number, v: number, cOld: number, cNew: number): void {
    if (cOld === cNew || u === this.goal || u === v) return;
    this.fit();
    const g = this.g[v], gz = this.gz[v];
    if (cOld > cNew) {
      // Cheaper: u may now go through v.
      const x = cNew + g;
      if (x < Infinity) {
        const xz = (cNew === 0 ? 1 : 0) + gz;
        if (x < this.rhs[u] || (x === this.rhs[u] && xz < this.rhsz[u])) this.setRhs(u, x, xz);
      }
    } else if (this.rhs[u] === cOld + g && this.rhsz[u] === (cOld === 0 ? 1 : 0) + gz) {
      // Dearer, and rhs(u) was supported by this arc: look at every successor again.
      const b = this.bestRhs(u);
      this.setRhs(u, b, this.bz);
    }
    this.updateVertex(u);
  }

  /** UpdateVertex: queue u iff it is inconsistent, under its current key. rhs is the caller's job. */
  private updateVertex(u: number): void {
    const g = this.g[u], rhs = this.rhs[u], gz = this.gz[u], rz = this.rhsz[u];
    if (g !== rhs || gz !== rz) {
      const low = g < rhs || (g === rhs && gz < rz);
      const m = low ? g : rhs, mz = low ? gz : rz;
      const k1 = m + this.hOf(this.robot, u) + this.kmValue;
      if (this.queue.has(u)) this.queue.update(u, k1, mz, m);
      else this.queue.insert(u, k1, mz, m);
    } else if (this.queue.has(u)) {
      this.queue.remove(u);
    }
  }

  /**
   * ComputeShortestPath, stopped by the repair's `limits` (status 'stopped').
   * Keeps going while the top key is <= the robot's key (ties included) or
   * the robot is inconsistent. Why ties: a vertex left in the queue at a key
   * equal to the robot's may still be inconsistent with a g that is too low;
   * the greedy descent reads g, so it could step onto that vertex and follow
   * a path that costs more than g(start) reports.
   *
   * "Equal" has to survive rounding. A vertex on a cheapest path has
   * g(u) + h(start, u) = g(start) in exact arithmetic, so its first key part
   * ties with the robot's; summed in floats (1.4 steps, km built up over many
   * moves) the two can differ in the last bits either way, and so can two
   * such vertices among themselves, which leaves the second key part
   * ordering fuzzy ties arbitrarily. A stale vertex whose key1 rounded up
   * can then hide behind one whose key2 is larger than the robot's, and an
   * exact lexicographic test stops with the wrong cost (seen on random
   * grids with 1.4 diagonals). So the loop goes on while key1 is within a
   * relative 1e-9 of the robot's, whatever the rest of the key says: the
   * price is the few vertices behind the robot at the same key1.
   */
  private repair(limits: Limits | undefined): void {
    const goal = this.goal, predN = this.predN, predC = this.predC, queue = this.queue;
    // Each repair counts its limits afresh; the options were checked in the constructor.
    const budget = checkLimits(limits, 'DStarLite'), limit = budget.maxExpansions;
    while (queue.length > 0) {
      const s = this.robot;
      const gs = this.g[s], rs = this.rhs[s];
      const ms = gs < rs ? gs : rs;
      const sk1 = ms + this.hOf(s, s) + this.kmValue;
      const tk1 = queue.k1[0], tkz = queue.kz[0], tk2 = queue.k2[0];
      if (!notAbove(tk1, sk1) && gs === rs && this.gz[s] === this.rhsz[s]) break;
      const why = this.popCount >= limit ? 'max-expansions' : budget.timed && this.popCount % CLOCK_EVERY === 0 ? budget.stopReason(this.popCount) : null;
      if (why !== null) {
        this.statusValue = 'stopped';
        this.reasonValue = why;
        this.pending = true;
        return;
      }
      this.popCount++;
      const u = queue.node[0];
      this.touch(u);
      const gu = this.g[u], ru = this.rhs[u], guz = this.gz[u], ruz = this.rhsz[u];
      const over = gu > ru || (gu === ru && guz > ruz);
      const mu = over ? ru : gu, muz = over ? ruz : guz;
      const k1 = mu + this.hOf(s, u) + this.kmValue;
      if (tk1 < k1 || (tk1 === k1 && (tkz < muz || (tkz === muz && tk2 < mu)))) {
        // The key was computed before the robot moved (km grew): re-key, do not expand.
        queue.update(u, k1, muz, mu);
      } else if (over) {
        // Overconsistent: commit g, and offer the lower cost to the predecessors.
        this.setG(u, ru, ruz);
        queue.remove(u);
        const deg = this.predecessorsOf(u, predN, predC);
        for (let i = 0; i < deg; i++) {
          const p = predN[i];
          if (p === goal || p === u) continue;
          const c = predC[i], x = c + ru;
          if (!(x < Infinity)) continue;
          const xz = (c === 0 ? 1 : 0) + ruz;
          if (x < this.rhs[p] || (x === this.rhs[p] && xz < this.rhsz[p])) {
            this.setRhs(p, x, xz);
            this.updateVertex(p);
          }
          // An unchanged rhs leaves p's status alone; its queued key, if any, stays a valid lower bound.
        }
      } else {
        // Underconsistent: g was too low. Forget it, and re-derive rhs of every
        // predecessor that was leaning on the old value.
        this.setG(u, Infinity, Infinity);
        const deg = this.predecessorsOf(u, predN, predC);
        for (let i = 0; i < deg; i++) {
          const p = predN[i];
          if (p === goal || p === u) continue;
          const c = predC[i];
          if (this.rhs[p] === c + gu && this.rhsz[p] === (c === 0 ? 1 : 0) + guz) {
            const b = this.bestRhs(p);
            this.setRhs(p, b, this.bz);
            this.updateVertex(p);
          }
        }
        this.updateVertex(u);
      }
    }
    this.statusValue = 'done';
    this.reasonValue = null;
    this.pending = false;
  }

  /**
   * Before answering a query: take in the changes the space reported itself
   * (a repair of their own, a new footprint), then finish the search if
   * nothing (or an unfinished repair) covers the robot's vertex.
   */
  private settle(): void {
    const changes = this.fromFeed();
    if (changes !== null && (changes.length > 0 || this.hLowered)) {
      this.beginUpdate();
      this.catchUpKm();
      this.rekeyIfLowered();
      this.applyChanges(changes);
      this.pending = true;
    }
    if (!this.pending) return;
    this.catchUpKm();
    this.repair(undefined);
  }

  /**
   * The robot moved since km was last updated: add the heuristic distance
   * (the paper does this before each update's changes). An infinite one (the
   * robot jumped where its old spot cannot reach) would make every key
   * infinite for good, so the keys are recomputed from scratch instead.
   */
  private catchUpKm(): void {
    if (this.robot !== this.last) {
      const d = this.hOf(this.last, this.robot);
      this.last = this.robot;
      if (d < Infinity) this.kmValue += d;
      else this.rekeyAll();
    }
  }

  /** After the space said its heuristics fell (see `fromFeed`): every key afresh. */
  private rekeyIfLowered(): void {
    if (!this.hLowered) return;
    this.hLowered = false;
    this.rekeyAll();
  }

  /** km back to 0: every queued key computed afresh for the robot where it is. */
  private rekeyAll(): void {
    this.kmValue = 0;
    const s = this.robot, q = this.queue;
    for (let i = 0; i < q.length; i++) {
      const n = q.node[i];
      const g = this.g[n], r = this.rhs[n], gz = this.gz[n], rz = this.rhsz[n];
      const low = g < r || (g === r && gz < rz);
      const m = low ? g : r;
      q.k1[i] = m + this.hOf(s, n);
      q.kz[i] = low ? gz : rz;
      q.k2[i] = m;
    }
    q.heapify();
  }

  /** min over successors s' != s of c(s, s') + g(s'), as a pair: the cost is returned, its second part left in `bz`. */
  private bestRhs(s: number): number {
    const nodes = this.succN, costs = this.succC;
    const deg = this.successorsOf(s, nodes, costs);
    const g = this.g, gz = this.gz;
    let best = Infinity, bestZ = Infinity;
    for (let i = 0; i < deg; i++) {
      const v = nodes[i];
      if (v === s) continue;
      const x = costs[i] + g[v];
      if (!(x <= best)) continue;
      const xz = (costs[i] === 0 ? 1 : 0) + gz[v];
      if (x < best || xz < bestZ) { best = x; bestZ = xz; }
    }
    this.bz = best < Infinity ? bestZ : Infinity;
    return best;
  }

  private successorsOf(s: number, nodes: Int32Array, costs: Float64Array): number {
    const deg = this.space.successors(s, nodes, costs);
    this.checkListed(s, nodes, costs, deg, true);
    this.fit();
    return deg;
  }

  private predecessorsOf(s: number, nodes: Int32Array, costs: Float64Array): number {
    const deg = this.space.predecessors!(s, nodes, costs);
    this.checkListed(s, nodes, costs, deg, false);
    this.fit();
    return deg;
  }

  /** Refuses a NaN or negative cost the space just listed for s (`out`: arcs from s, else into it). */
  private checkListed(s: number, nodes: Int32Array, costs: Float64Array, deg: number, out: boolean): void {
    for (let i = 0; i < deg; i++) {
      const c = costs[i];
      if ((nodes[i] >>> 0) >= this.space.size) this.fail(badArcEnd('DStarLite', s, nodes[i], this.space.size, out ? 'successor' : 'predecessor'));
      if (!(c >= 0)) this.fail(badArcCost('DStarLite', out ? s : nodes[i], out ? nodes[i] : s, c, 'numbers >= 0 (Infinity: no arc)'));
    }
  }

  /** The heuristic, held to its contract (a number >= 0, or Infinity). */
  private hOf(a: number, b: number): number {
    const v = this.h(a, b);
    if (typeof v !== 'number' || !(v >= 0)) this.fail(badHeuristic('DStarLite', a, b, v));
    return v;
  }

  /** Throws `err`, and keeps every later call from reading the half-repaired state. */
  private fail(err: InputError): never {
    this.broken = err.message;
    throw err;
  }

  private usable(): void {
    if (this.broken !== null) {
      throw new InputError(`DStarLite: this searcher stopped in the middle of a repair at an earlier error and its state cannot be trusted; build a new one (the error: ${this.broken})`);
    }
  }

  private checkRead(n: number, what: string): void {
    checkNodeId(this.space, n, what);
  }

  /** Current cost of the arc u -> v (the cheapest, if the space lists several), Infinity when there is none. */
  private arcCost(u: number, v: number): number {
    const nodes = this.succN, costs = this.succC;
    return cheapestTo(nodes, costs, this.successorsOf(u, nodes, costs), v);
  }

  // --- bookkeeping for the footprint ------------------------------------------

  private beginUpdate(): void {
    this.gen = nextGeneration(this.gen, 1, this.touchMark, this.changeMark);
    this.touchCount = 0;
    this.changeCount = 0;
    this.popCount = 0;
  }

  private touch(n: number): void {
    if (this.touchMark[n] !== this.gen) {
      this.touchMark[n] = this.gen;
      this.touchList[this.touchCount++] = n;
    }
  }

  private changed(n: number): void {
    if (this.changeMark[n] !== this.gen) {
      this.changeMark[n] = this.gen;
      this.changeCount++;
    }
    this.touch(n);
  }

  private setG(n: number, v: number, vz: number): void {
    if (this.g[n] !== v || this.gz[n] !== vz) { this.g[n] = v; this.gz[n] = vz; this.changed(n); }
  }

  private setRhs(n: number, v: number, vz: number): void {
    if (this.rhs[n] !== v || this.rhsz[n] !== vz) { this.rhs[n] = v; this.rhsz[n] = vz; this.changed(n); }
  }

  /** An implicit space may have interned new nodes: grow every per-node array. */
  private fit(): void {
    const size = this.space.size;
    if (size <= this.g.length) return;
    const cap = Math.max(size, Math.ceil(this.g.length * 1.5));
    this.g = growF(this.g, cap, Infinity);
    this.gz = growF(this.gz, cap, Infinity);
    this.rhs = growF(this.rhs, cap, Infinity);
    this.rhsz = growF(this.rhsz, cap, Infinity);
    this.queue.grow(cap);
    const tm = new Uint32Array(cap); tm.set(this.touchMark); this.touchMark = tm;
    const cm = new Uint32Array(cap); cm.set(this.changeMark); this.changeMark = cm;
    const tl = new Int32Array(cap); tl.set(this.touchList); this.touchList = tl;
  }
}

/** A top key whose first part is a1 may still matter to a robot whose first part is b1: a1 <= b1 up to rounding (see repair). */
function notAbove(a1: number, b1: number): boolean {
  return a1 <= b1 + 1e-9 * (1 + Math.abs(b1));
}

function growF(a: Float64Array, cap: number, fill: number): Float64Array {
  const b = new Float64Array(cap).fill(fill);
  b.set(a);
  return b;
}
