import { InputError, show } from './errors.js';
import { Graph } from './graph.js';
import { DX, DY, Grid } from './grid.js';
import type { Heuristic } from './heuristics.js';
import { badArcCost, badHeuristic, checkNodeId, checkKeys } from './input-checks.js';
import { checkSpace, type SearchSpace } from './space.js';

/** The options of `new DStarLite(...)`; a bad value or an unknown key is an `InputError`. */
export interface DStarLiteOptions {
  /**
   * Most queue pops one repair (`computeShortestPath`, `updateEdges`,
   * `updateCells`, `setBlocked`) may make. When they run out the repair stops
   * with status `'step-limit'`; the state stays valid, and the next of those
   * calls carries on where it stopped. A query (`costToGoal`, `nextStep`,
   * `path`) needs a finished repair, so it finishes one a budget cut short,
   * whatever the budget: an answer is exact or not given. An integer >= 0, or
   * Infinity (the default).
   */
  maxSteps?: number;
}

const OPTION_NAMES = ['maxSteps'] as const;

/**
 * How the last repair ended: `done` (the robot's cost-to-go and the descent
 * from it are exact), or `step-limit` (`maxSteps` ran out first; call
 * `computeShortestPath` again to go on). `done` also before the first search,
 * when no repair has been cut short.
 */
export type RepairStatus = 'done' | 'step-limit';

/**
 * One arc whose cost changed. The space already answers with the new cost;
 * `oldCost` is what it cost before (Infinity when the arc did not exist).
 * With parallel arcs from `from` to `to`, either the old cost of the one
 * that changed or the old cheapest of them will do.
 */
export interface ArcChange {
  /** The arc's tail: the node it leaves. */
  readonly from: number;
  /** The arc's head: the node it enters. */
  readonly to: number;
  /** Its cost before the change: a number >= 0, or Infinity when the arc did not exist. */
  readonly oldCost: number;
}

/** The work of one update (or of the first search). */
export interface RepairStats {
  /** Queue removals from the top, re-keyings included. */
  pops: number;
  /** Distinct vertices whose g or rhs took a new value. */
  changed: number;
  /** Distinct vertices popped or changed: the repair's footprint. */
  touched: number;
  /** Whether the repair finished or ran out of `maxSteps`. */
  status: RepairStatus;
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
 * negative number, a string), or a NaN or negative cost from a space other
 * than Grid and Graph, is an InputError; the repair it interrupted is half
 * done, so the searcher then refuses every call.
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
 * d.setBlocked(cell, true);                 // the map changed: repair, not redo
 * d.costToGoal(); d.path();                 // from where the robot now is
 * ```
 */
export class DStarLite {
  /** The space searched, backward from the goal over its predecessors. */
  readonly space: SearchSpace;
  /** The goal every cost-to-go is measured to. */
  readonly goal: number;
  private readonly h: Heuristic;
  private readonly maxSteps: number;
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
  /**
   * Set when the heuristic or the space broke its contract in the middle of a
   * repair. The repair stopped half way, so no answer from this state could
   * be trusted: every later call refuses, naming the first error.
   */
  private broken: string | null = null;

  // g and rhs as pairs (see the class comment): the cost, then the number of
  // zero-cost arcs taken. The second part is Infinity exactly where the cost is.
  private g: Float64Array;
  private gz: Float64Array;
  private rhs: Float64Array;
  private rhsz: Float64Array;
  /** The second part of the pair the last `bestRhs` returned. */
  private bz = 0;

  // The queue: an indexed binary heap. D* Lite re-keys and removes vertices
  // in the middle of the queue all the time (UpdateVertex), and its loop
  // reads the top key before every pop. With an index, the queue holds
  // exactly the inconsistent vertices, once each: the top is always live,
  // the heap never outgrows the node count, and "is s queued" is one read
  // for the widgets. A lazy heap would need a version stamp per vertex (a
  // vertex's key can return to an old value) and a skip loop before every
  // top read, and would grow with every km re-keying.
  private pos: Int32Array; // slot of a vertex in the heap, -1 when not queued
  private heapNode: Int32Array;
  private heapK1: Float64Array;
  private heapKz: Float64Array; // the pair's second part, shared by both key parts
  private heapK2: Float64Array;
  private heapLen = 0;

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

  /**
   * A grid whose blocked cells are deleted still lists the free neighbours
   * of a blocked cell as its successors, while it gives that cell no
   * predecessors. Here a blocked cell has no arcs at all, both ways, so its
   * g and rhs stay at infinity while it is blocked and cannot go stale.
   */
  private readonly deleted: Uint8Array | null;
  /** Grid and Graph check their costs when they are made; any other space's lists are checked as they are read. */
  private readonly checkCosts: boolean;

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
    checkKeys(options, OPTION_NAMES, 'DStarLite');
    const maxSteps = options.maxSteps === undefined ? Infinity : options.maxSteps;
    if (typeof maxSteps !== 'number' || !(maxSteps >= 0) || !(maxSteps === Infinity || Number.isInteger(maxSteps))) {
      throw new InputError(`DStarLite: maxSteps must be a number >= 0 (a whole number of pops, or Infinity), got ${show(options.maxSteps)}`);
    }
    this.space = space;
    this.goal = goal;
    this.h = heuristic;
    this.maxSteps = maxSteps;
    this.robot = start;
    this.last = start;
    this.deleted = space instanceof Grid && space.enterCost < 0 ? space.cells : null;
    this.checkCosts = !(space instanceof Grid || space instanceof Graph);

    const n = Math.max(1, space.size);
    this.g = new Float64Array(n).fill(Infinity);
    this.gz = new Float64Array(n).fill(Infinity);
    this.rhs = new Float64Array(n).fill(Infinity);
    this.rhsz = new Float64Array(n).fill(Infinity);
    this.pos = new Int32Array(n).fill(-1);
    this.heapNode = new Int32Array(n);
    this.heapK1 = new Float64Array(n);
    this.heapKz = new Float64Array(n);
    this.heapK2 = new Float64Array(n);
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
    this.heapInsert(goal, hStart, 0, 0);
  }

  // --- reading -------------------------------------------------------------

  /** The robot's vertex. */
  get start(): number { return this.robot; }
  /** The key modifier: the heuristic distance the robot has moved, summed. */
  get km(): number { return this.kmValue; }
  /** How the last repair ended (see RepairStatus). */
  get status(): RepairStatus { return this.statusValue; }
  /** g(n): n's cost-to-goal as last settled (Infinity when unknown or unreachable). It may be stale off the robot's path. */
  gOf(n: number): number { this.checkRead(n, 'gOf'); return n < this.g.length ? this.g[n] : Infinity; }
  /** rhs(n): the one-step lookahead, min over successors s' of c(n, s') + g(s'); 0 at the goal. */
  rhsOf(n: number): number { this.checkRead(n, 'rhsOf'); return n < this.rhs.length ? this.rhs[n] : Infinity; }
  /** True while n is inconsistent and waits in the queue. */
  isQueued(n: number): boolean { this.checkRead(n, 'isQueued'); return n < this.pos.length && this.pos[n] >= 0; }
  /** Number of vertices waiting in the queue (the inconsistent ones). */
  get queueSize(): number { return this.heapLen; }
  /**
   * The smallest queued key, or [Infinity, Infinity] when the queue is empty.
   * Keys are shown by their costs; between equal costs the queue also orders
   * by the zero-cost arcs taken (see the class comment).
   */
  topKey(): [number, number] {
    return this.heapLen > 0 ? [this.heapK1[0], this.heapK2[0]] : [Infinity, Infinity];
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
    return { pops: this.popCount, changed: this.changeCount, touched: this.touchCount, status: this.statusValue };
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
        throw new Error(`DStarLite: the greedy descent from ${this.robot} stalled at ${s}; the space changed without updateEdges/updateCells, or its successors and predecessors disagree?`);
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
   * last one) and returns the number of pops. Within `maxSteps` pops it ends
   * with `status` 'done'; otherwise it stops with 'step-limit', and calling
   * it again continues.
   */
  computeShortestPath(): number {
    this.usable();
    this.beginUpdate();
    this.catchUpKm();
    this.repair(this.maxSteps);
    return this.popCount;
  }

  /**
   * Arc costs changed in the space (the caller changed them first); each
   * change gives the arc and its old cost, the space gives the new one.
   * Repairs (within `maxSteps`) and returns the work done and the status.
   */
  updateEdges(changes: ArrayLike<ArcChange>): RepairStats {
    const space = this.space;
    if (changes === null || typeof changes !== 'object' || typeof changes.length !== 'number') {
      throw new InputError(`updateEdges: changes must be a list of { from, to, oldCost }, got ${show(changes)}`);
    }
    for (let i = 0; i < changes.length; i++) {
      const ch = changes[i];
      if (ch === null || typeof ch !== 'object') {
        throw new InputError(`updateEdges: change ${i} must be an object { from, to, oldCost }, got ${show(ch)}`);
      }
      checkNodeId(space, ch.from, `updateEdges: change ${i}: from`);
      checkNodeId(space, ch.to, `updateEdges: change ${i}: to`);
      if (typeof ch.oldCost !== 'number' || !(ch.oldCost >= 0)) {
        throw new InputError(`updateEdges: change ${i} (${ch.from} -> ${ch.to}): oldCost must be a number >= 0 or Infinity (no arc), got ${show(ch.oldCost)}`);
      }
    }
    this.usable();
    this.beginUpdate();
    this.catchUpKm();
    for (let i = 0; i < changes.length; i++) {
      const ch = changes[i];
      this.arcChanged(ch.from, ch.to, ch.oldCost, this.arcCost(ch.from, ch.to));
    }
    this.repair(this.maxSteps);
    return this.lastRepair();
  }

  /**
   * Grid cells changed between blocked and free: the caller set them first
   * (`grid.setBlocked`) and says what each was before. Every arc whose cost
   * can depend on a cell (into it, out of it, and the diagonals it is a side
   * cell of) is compared under the old and the new raster, and each arc that
   * differs goes through the paper's old-cost/new-cost rule. Repairs (within
   * `maxSteps`) and returns the work done and the status.
   */
  updateCells(cells: ArrayLike<number>, wasBlocked: ArrayLike<boolean | number>): RepairStats {
    const grid = this.grid('updateCells');
    for (const [name, list] of [['cells', cells], ['wasBlocked', wasBlocked]] as const) {
      if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
        throw new InputError(`updateCells: ${name} must be a list, got ${show(list)}`);
      }
    }
    if (cells.length !== wasBlocked.length) {
      throw new InputError(`updateCells: cells has ${cells.length} entries but wasBlocked has ${wasBlocked.length}; give one old state per cell`);
    }
    for (let i = 0; i < cells.length; i++) {
      checkNodeId(grid, cells[i], `updateCells: cells[${i}]`);
      const was = wasBlocked[i];
      if (typeof was !== 'boolean' && was !== 0 && was !== 1) {
        throw new InputError(`updateCells: wasBlocked[${i}] must be true, false, 0 or 1 (was cell ${cells[i]} blocked before?), got ${show(was)}`);
      }
    }
    this.usable();
    const w = grid.width, raster = grid.cells, kmax = grid.maxDegree;
    // Tails of the arcs that may have changed: the 3x3 block around each cell.
    const tails: number[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i], cx = grid.x(c), cy = grid.y(c);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!grid.inside(cx + dx, cy + dy)) continue;
          const t = c + dy * w + dx;
          if (!seen.has(t)) { seen.add(t); tails.push(t); }
        }
      }
    }
    // Old costs: put the old states back for a moment (in reverse, so the
    // first report of a cell listed twice wins), read, then restore.
    const now = new Uint8Array(cells.length);
    for (let i = 0; i < cells.length; i++) now[i] = raster[cells[i]];
    for (let i = cells.length - 1; i >= 0; i--) raster[cells[i]] = wasBlocked[i] ? 1 : 0;
    const old = new Float64Array(tails.length * 8);
    for (let j = 0; j < tails.length; j++) {
      for (let k = 0; k < kmax; k++) old[j * 8 + k] = this.gridArcCost(grid, tails[j], k);
    }
    for (let i = 0; i < cells.length; i++) raster[cells[i]] = now[i];

    this.beginUpdate();
    this.catchUpKm();
    for (let j = 0; j < tails.length; j++) {
      const t = tails[j];
      for (let k = 0; k < kmax; k++) {
        const cNew = this.gridArcCost(grid, t, k);
        const cOld = old[j * 8 + k];
        if (cOld !== cNew) this.arcChanged(t, t + DY[k] * w + DX[k], cOld, cNew);
      }
    }
    this.repair(this.maxSteps);
    return this.lastRepair();
  }

  /** Sets one grid cell blocked or free and repairs: `grid.setBlocked` plus `updateCells`. */
  setBlocked(cell: number, blocked: boolean): RepairStats {
    const grid = this.grid('setBlocked');
    checkNodeId(grid, cell, 'setBlocked: cell');
    if (typeof blocked !== 'boolean') throw new InputError(`setBlocked: blocked must be true or false, got ${show(blocked)}`);
    this.usable();
    const was = grid.cells[cell];
    grid.setBlocked(cell, blocked);
    return this.updateCells([cell], [was]);
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
      if (this.pos[u] >= 0) this.heapUpdate(u, k1, mz, m);
      else this.heapInsert(u, k1, mz, m);
    } else if (this.pos[u] >= 0) {
      this.heapRemove(u);
    }
  }

  /**
   * ComputeShortestPath, stopping after `limit` pops (status 'step-limit').
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
  private repair(limit: number): void {
    const goal = this.goal, predN = this.predN, predC = this.predC;
    while (this.heapLen > 0) {
      const s = this.robot;
      const gs = this.g[s], rs = this.rhs[s];
      const ms = gs < rs ? gs : rs;
      const sk1 = ms + this.hOf(s, s) + this.kmValue;
      const tk1 = this.heapK1[0], tkz = this.heapKz[0], tk2 = this.heapK2[0];
      if (!notAbove(tk1, sk1) && gs === rs && this.gz[s] === this.rhsz[s]) break;
      if (this.popCount >= limit) {
        this.statusValue = 'step-limit';
        this.pending = true;
        return;
      }
      this.popCount++;
      const u = this.heapNode[0];
      this.touch(u);
      const gu = this.g[u], ru = this.rhs[u], guz = this.gz[u], ruz = this.rhsz[u];
      const over = gu > ru || (gu === ru && guz > ruz);
      const mu = over ? ru : gu, muz = over ? ruz : guz;
      const k1 = mu + this.hOf(s, u) + this.kmValue;
      if (tk1 < k1 || (tk1 === k1 && (tkz < muz || (tkz === muz && tk2 < mu)))) {
        // The key was computed before the robot moved (km grew): re-key, do not expand.
        this.heapUpdate(u, k1, muz, mu);
      } else if (over) {
        // Overconsistent: commit g, and offer the lower cost to the predecessors.
        this.setG(u, ru, ruz);
        this.heapRemove(u);
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
    this.pending = false;
  }

  /** Before answering a query: finish the search if nothing (or an unfinished repair) covers the robot's vertex. */
  private settle(): void {
    if (!this.pending) return;
    this.catchUpKm();
    this.repair(Infinity);
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

  /** km back to 0: every queued key computed afresh for the robot where it is. */
  private rekeyAll(): void {
    this.kmValue = 0;
    const s = this.robot;
    for (let i = 0; i < this.heapLen; i++) {
      const n = this.heapNode[i];
      const g = this.g[n], r = this.rhs[n], gz = this.gz[n], rz = this.rhsz[n];
      const low = g < r || (g === r && gz < rz);
      const m = low ? g : r;
      this.heapK1[i] = m + this.hOf(s, n);
      this.heapKz[i] = low ? gz : rz;
      this.heapK2[i] = m;
    }
    for (let i = (this.heapLen >> 1) - 1; i >= 0; i--) this.siftDown(i);
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
    if (this.deleted !== null && this.deleted[s] !== 0) return 0;
    const deg = this.space.successors(s, nodes, costs);
    if (this.checkCosts) this.checkListed(s, nodes, costs, deg, true);
    this.fit();
    return deg;
  }

  private predecessorsOf(s: number, nodes: Int32Array, costs: Float64Array): number {
    const deg = this.space.predecessors!(s, nodes, costs);
    if (this.checkCosts) this.checkListed(s, nodes, costs, deg, false);
    this.fit();
    return deg;
  }

  /** Refuses a NaN or negative cost the space just listed for s (`out`: arcs from s, else into it). */
  private checkListed(s: number, nodes: Int32Array, costs: Float64Array, deg: number, out: boolean): void {
    for (let i = 0; i < deg; i++) {
      const c = costs[i];
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
    const deg = this.successorsOf(u, nodes, costs);
    let c = Infinity;
    for (let i = 0; i < deg; i++) if (nodes[i] === v && costs[i] < c) c = costs[i];
    return c;
  }

  /** Cost of the grid step from t in direction k as this class sees it (Infinity: no arc). */
  private gridArcCost(grid: Grid, t: number, k: number): number {
    if (grid.enterCost < 0 && grid.cells[t] !== 0) return Infinity;
    const c = grid.stepCost(t, k);
    return c < 0 ? Infinity : c;
  }

  private grid(what: string): Grid {
    if (!(this.space instanceof Grid)) {
      throw new InputError(`${what}: this D* Lite runs on a space that is not a Grid; report arc changes with updateEdges`);
    }
    return this.space;
  }

  // --- bookkeeping for the footprint ------------------------------------------

  private beginUpdate(): void {
    if (this.gen >= 0xfffffff0) { this.touchMark.fill(0); this.changeMark.fill(0); this.gen = 0; }
    this.gen++;
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
    const pos = new Int32Array(cap).fill(-1); pos.set(this.pos); this.pos = pos;
    const hn = new Int32Array(cap); hn.set(this.heapNode); this.heapNode = hn;
    this.heapK1 = growF(this.heapK1, cap, 0);
    this.heapKz = growF(this.heapKz, cap, 0);
    this.heapK2 = growF(this.heapK2, cap, 0);
    const tm = new Uint32Array(cap); tm.set(this.touchMark); this.touchMark = tm;
    const cm = new Uint32Array(cap); cm.set(this.changeMark); this.changeMark = cm;
    const tl = new Int32Array(cap); tl.set(this.touchList); this.touchList = tl;
  }

  // --- the indexed heap ---------------------------------------------------------
  // Order: key1, then the zero-cost arcs, then key2, then the smaller vertex
  // id, so runs are reproducible.

  private less(a: number, b: number): boolean {
    const k1 = this.heapK1, kz = this.heapKz, k2 = this.heapK2;
    if (k1[a] !== k1[b]) return k1[a] < k1[b];
    if (kz[a] !== kz[b]) return kz[a] < kz[b];
    if (k2[a] !== k2[b]) return k2[a] < k2[b];
    return this.heapNode[a] < this.heapNode[b];
  }

  private heapInsert(n: number, k1: number, kz: number, k2: number): void {
    const i = this.heapLen++;
    this.heapNode[i] = n; this.heapK1[i] = k1; this.heapKz[i] = kz; this.heapK2[i] = k2; this.pos[n] = i;
    this.siftUp(i);
  }

  private heapUpdate(n: number, k1: number, kz: number, k2: number): void {
    const i = this.pos[n];
    this.heapK1[i] = k1; this.heapKz[i] = kz; this.heapK2[i] = k2;
    this.siftDown(this.siftUp(i));
  }

  private heapRemove(n: number): void {
    const i = this.pos[n];
    this.pos[n] = -1;
    const last = --this.heapLen;
    if (i === last) return;
    this.place(last, i);
    this.siftDown(this.siftUp(i));
  }

  /** Moves the entry in slot `from` into slot `to`. */
  private place(from: number, to: number): void {
    const n = this.heapNode[from];
    this.heapNode[to] = n; this.heapK1[to] = this.heapK1[from]; this.heapKz[to] = this.heapKz[from]; this.heapK2[to] = this.heapK2[from];
    this.pos[n] = to;
  }

  private swap(a: number, b: number): void {
    const n = this.heapNode[a], k1 = this.heapK1[a], kz = this.heapKz[a], k2 = this.heapK2[a];
    this.place(b, a);
    this.heapNode[b] = n; this.heapK1[b] = k1; this.heapKz[b] = kz; this.heapK2[b] = k2; this.pos[n] = b;
  }

  private siftUp(i: number): number {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
    return i;
  }

  private siftDown(i: number): void {
    const len = this.heapLen;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= len) return;
      const r = l + 1;
      const c = r < len && this.less(r, l) ? r : l;
      if (!this.less(c, i)) return;
      this.swap(i, c);
      i = c;
    }
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
