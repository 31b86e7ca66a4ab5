import { DX, DY, Grid } from './grid.js';
import type { Heuristic } from './heuristics.js';
import { checkNode, type SearchSpace } from './space.js';

export interface DStarLiteOptions {
  /**
   * Most queue pops one `computeShortestPath` may make before it gives up
   * with a RangeError. The state stays valid: calling again continues the
   * repair where it stopped. Default Infinity.
   */
  maxSteps?: number;
}

/**
 * One arc whose cost changed. The space already answers with the new cost;
 * `oldCost` is what it cost before (Infinity when the arc did not exist).
 */
export interface ArcChange {
  readonly from: number;
  readonly to: number;
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
 * must describe the same arcs at the same costs. `h(a, b)` must estimate the
 * cost from a to b without overestimating and obey the triangle inequality
 * (consistency): the keys stay lower bounds only then.
 */
export class DStarLite {
  readonly space: SearchSpace;
  readonly goal: number;
  private readonly h: Heuristic;
  private readonly maxSteps: number;
  private robot: number;
  /** Where the robot stood when km was last brought up to date. */
  private last: number;
  private kmValue = 0;
  /**
   * True until the first search, and after the robot jumps somewhere the
   * last search did not cover: the next query repairs first. A move along
   * the greedy descent leaves it false, as in the paper, which replans only
   * when costs change.
   */
  private pending = true;

  private g: Float64Array;
  private rhs: Float64Array;

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

  constructor(space: SearchSpace, start: number, goal: number, heuristic: Heuristic, options: DStarLiteOptions = {}) {
    if (typeof space.predecessors !== 'function') {
      throw new RangeError('DStarLite: the space must list predecessors (D* Lite searches backward from the goal); this space has no predecessors()');
    }
    if (typeof heuristic !== 'function') {
      throw new RangeError(`DStarLite: heuristic must be a function (n, goal) => number, got ${typeof heuristic}`);
    }
    checkNode(space, start, 'DStarLite: start');
    checkNode(space, goal, 'DStarLite: goal');
    space.checkEndpoint?.(start, 'DStarLite: start');
    space.checkEndpoint?.(goal, 'DStarLite: goal');
    const maxSteps = options.maxSteps ?? Infinity;
    if (typeof maxSteps !== 'number' || !(maxSteps >= 0)) {
      throw new RangeError(`DStarLite: maxSteps must be a number >= 0 (or Infinity), got ${options.maxSteps}`);
    }
    this.space = space;
    this.goal = goal;
    this.h = heuristic;
    this.maxSteps = maxSteps;
    this.robot = start;
    this.last = start;
    this.deleted = space instanceof Grid && space.enterCost < 0 ? space.cells : null;

    const n = Math.max(1, space.size);
    this.g = new Float64Array(n).fill(Infinity);
    this.rhs = new Float64Array(n).fill(Infinity);
    this.pos = new Int32Array(n).fill(-1);
    this.heapNode = new Int32Array(n);
    this.heapK1 = new Float64Array(n);
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
    this.setRhs(goal, 0);
    this.heapInsert(goal, heuristic(start, goal), 0);
  }

  // --- reading -------------------------------------------------------------

  /** The robot's vertex. */
  get start(): number { return this.robot; }
  /** The key modifier: the heuristic distance the robot has moved, summed. */
  get km(): number { return this.kmValue; }
  gOf(n: number): number { return n >= 0 && n < this.g.length ? this.g[n] : Infinity; }
  rhsOf(n: number): number { return n >= 0 && n < this.rhs.length ? this.rhs[n] : Infinity; }
  /** True while n is inconsistent and waits in the queue. */
  isQueued(n: number): boolean { return n >= 0 && n < this.pos.length && this.pos[n] >= 0; }
  get queueSize(): number { return this.heapLen; }
  /** The smallest queued key, or [Infinity, Infinity] when the queue is empty. */
  topKey(): [number, number] {
    return this.heapLen > 0 ? [this.heapK1[0], this.heapK2[0]] : [Infinity, Infinity];
  }
  /** The key n would get now: [min(g, rhs) + h(start, n) + km; min(g, rhs)]. */
  keyOf(n: number): [number, number] {
    const m = Math.min(this.gOf(n), this.rhsOf(n));
    return [m + this.h(this.robot, n) + this.kmValue, m];
  }

  /** Work of the last update (or of the first search, until an update). */
  lastRepair(): RepairStats {
    return { pops: this.popCount, changed: this.changeCount, touched: this.touchCount };
  }
  /** The vertices the last update popped or changed (the page's blue footprint). */
  footprint(): Int32Array { return this.touchList.slice(0, this.touchCount); }
  /** True when the last update popped or changed n. */
  inFootprint(n: number): boolean { return n >= 0 && n < this.touchMark.length && this.touchMark[n] === this.gen; }

  /** Cost from the robot to the goal, Infinity when unreachable. Repairs first if needed. */
  costToGoal(): number {
    this.settle();
    return this.g[this.robot];
  }

  /**
   * The greedy descent: the successor s' of `from` (default: the robot)
   * minimising c(from, s') + g(s'); null at the goal or when the goal is
   * unreachable. After a repair, following it from the robot traces a
   * cheapest path; from vertices off that path, g may still be stale.
   */
  nextStep(from: number = this.robot): number | null {
    checkNode(this.space, from, 'nextStep: from');
    this.settle();
    if (from === this.goal || this.g[from] === Infinity) return null;
    const nodes = this.succN, costs = this.succC;
    const deg = this.successorsOf(from, nodes, costs);
    let best = -1, bestCost = Infinity;
    for (let i = 0; i < deg; i++) {
      const v = nodes[i];
      const c = costs[i] + this.g[v];
      if (c < bestCost) { bestCost = c; best = v; }
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
        throw new Error(`DStarLite: the greedy descent from ${this.robot} stalled at ${s}; successors and predecessors of the space disagree?`);
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
    checkNode(this.space, s, 'moveTo');
    this.space.checkEndpoint?.(s, 'moveTo');
    if (s === this.robot) return;
    const from = this.robot, gFrom = this.g[from];
    const onPath = !this.pending && gFrom !== Infinity && this.arcCost(from, s) + this.g[s] === gFrom;
    this.robot = s;
    if (!onPath) this.pending = true;
  }

  /**
   * Runs ComputeShortestPath as a new update (its footprint replaces the
   * last one) and returns the number of pops.
   */
  computeShortestPath(): number {
    this.beginUpdate();
    this.catchUpKm();
    this.repair();
    return this.popCount;
  }

  /**
   * Arc costs changed in the space (the caller changed them first); each
   * change gives the arc and its old cost, the space gives the new one.
   * Repairs and returns the work done.
   */
  updateEdges(changes: ArrayLike<ArcChange>): RepairStats {
    const space = this.space;
    for (let i = 0; i < changes.length; i++) {
      const ch = changes[i];
      checkNode(space, ch.from, `updateEdges: change ${i}: from`);
      checkNode(space, ch.to, `updateEdges: change ${i}: to`);
      if (typeof ch.oldCost !== 'number' || !(ch.oldCost >= 0)) {
        throw new RangeError(`updateEdges: change ${i} (${ch.from} -> ${ch.to}): oldCost must be a number >= 0 or Infinity (no arc), got ${ch.oldCost}`);
      }
    }
    this.beginUpdate();
    this.catchUpKm();
    for (let i = 0; i < changes.length; i++) {
      const ch = changes[i];
      this.arcChanged(ch.from, ch.to, ch.oldCost, this.arcCost(ch.from, ch.to));
    }
    this.repair();
    return this.lastRepair();
  }

  /**
   * Grid cells changed between blocked and free: the caller set them first
   * (`grid.setBlocked`) and says what each was before. Every arc whose cost
   * can depend on a cell (into it, out of it, and the diagonals it is a side
   * cell of) is compared under the old and the new raster, and each arc that
   * differs goes through the paper's old-cost/new-cost rule.
   */
  updateCells(cells: ArrayLike<number>, wasBlocked: ArrayLike<boolean | number>): RepairStats {
    const grid = this.grid('updateCells');
    if (cells.length !== wasBlocked.length) {
      throw new RangeError(`updateCells: cells has ${cells.length} entries but wasBlocked has ${wasBlocked.length}; give one old state per cell`);
    }
    for (let i = 0; i < cells.length; i++) checkNode(grid, cells[i], `updateCells: cells[${i}]`);
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
    this.repair();
    return this.lastRepair();
  }

  /** Sets one grid cell blocked or free and repairs: `grid.setBlocked` plus `updateCells`. */
  setBlocked(cell: number, blocked: boolean): RepairStats {
    const grid = this.grid('setBlocked');
    checkNode(grid, cell, 'setBlocked: cell');
    const was = grid.cells[cell];
    grid.setBlocked(cell, blocked);
    return this.updateCells([cell], [was]);
  }

  // --- the algorithm ----------------------------------------------------------

  /** The paper's rule for one changed arc (u, v); the space already has the new cost. */
  private arcChanged(u: number, v: number, cOld: number, cNew: number): void {
    if (cOld === cNew || u === this.goal) return;
    this.fit();
    if (cOld > cNew) {
      // Cheaper: u may now go through v.
      const x = cNew + this.g[v];
      if (x < this.rhs[u]) this.setRhs(u, x);
    } else if (this.rhs[u] === cOld + this.g[v]) {
      // Dearer, and rhs(u) was supported by this arc: look at every successor again.
      this.setRhs(u, this.bestRhs(u));
    }
    this.updateVertex(u);
  }

  /** UpdateVertex: queue u iff it is inconsistent, under its current key. rhs is the caller's job. */
  private updateVertex(u: number): void {
    const g = this.g[u], rhs = this.rhs[u];
    if (g !== rhs) {
      const m = g < rhs ? g : rhs;
      const k1 = m + this.h(this.robot, u) + this.kmValue;
      if (this.pos[u] >= 0) this.heapUpdate(u, k1, m);
      else this.heapInsert(u, k1, m);
    } else if (this.pos[u] >= 0) {
      this.heapRemove(u);
    }
  }

  /**
   * ComputeShortestPath. Keeps going while the top key is <= the robot's key
   * (ties included) or the robot is inconsistent. Why ties: a vertex left in
   * the queue at a key equal to the robot's may still be inconsistent with a
   * g that is too low; the greedy descent reads g, so it could step onto that
   * vertex and follow a path that costs more than g(start) reports.
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
   * relative 1e-9 of the robot's, whatever key2 says: the price is the few
   * vertices behind the robot at the same key1.
   */
  private repair(): void {
    const goal = this.goal, predN = this.predN, predC = this.predC;
    while (this.heapLen > 0) {
      const s = this.robot;
      const gs = this.g[s], rs = this.rhs[s];
      const ms = gs < rs ? gs : rs;
      const sk1 = ms + this.h(s, s) + this.kmValue;
      const tk1 = this.heapK1[0], tk2 = this.heapK2[0];
      if (!notAbove(tk1, sk1) && gs === rs) break;
      if (this.popCount >= this.maxSteps) {
        throw new RangeError(`DStarLite: computeShortestPath stopped after maxSteps = ${this.maxSteps} pops without converging (${this.heapLen} vertices still queued); call it again to continue`);
      }
      this.popCount++;
      const u = this.heapNode[0];
      this.touch(u);
      const gu = this.g[u], ru = this.rhs[u];
      const mu = gu < ru ? gu : ru;
      const k1 = mu + this.h(s, u) + this.kmValue;
      if (tk1 < k1 || (tk1 === k1 && tk2 < mu)) {
        // The key was computed before the robot moved (km grew): re-key, do not expand.
        this.heapUpdate(u, k1, mu);
      } else if (gu > ru) {
        // Overconsistent: commit g, and offer the lower cost to the predecessors.
        this.setG(u, ru);
        this.heapRemove(u);
        const deg = this.predecessorsOf(u, predN, predC);
        for (let i = 0; i < deg; i++) {
          const p = predN[i];
          if (p === goal) continue;
          const x = predC[i] + ru;
          if (x < this.rhs[p]) {
            this.setRhs(p, x);
            this.updateVertex(p);
          }
          // An unchanged rhs leaves p's status alone; its queued key, if any, stays a valid lower bound.
        }
      } else {
        // Underconsistent: g was too low. Forget it, and re-derive rhs of every
        // predecessor that was leaning on the old value.
        this.setG(u, Infinity);
        const deg = this.predecessorsOf(u, predN, predC);
        for (let i = 0; i < deg; i++) {
          const p = predN[i];
          if (p === goal || p === u) continue;
          if (this.rhs[p] === predC[i] + gu) {
            this.setRhs(p, this.bestRhs(p));
            this.updateVertex(p);
          }
        }
        this.updateVertex(u);
      }
    }
    this.pending = false;
  }

  /** Before answering a query: search if nothing has covered the robot's vertex yet. */
  private settle(): void {
    if (!this.pending) return;
    this.catchUpKm();
    this.repair();
  }

  /** The robot moved since km was last updated: add the heuristic distance (the paper does this before each update's changes). */
  private catchUpKm(): void {
    if (this.robot !== this.last) {
      this.kmValue += this.h(this.last, this.robot);
      this.last = this.robot;
    }
  }

  /** min over successors s' of c(s, s') + g(s'). */
  private bestRhs(s: number): number {
    const nodes = this.succN, costs = this.succC;
    const deg = this.successorsOf(s, nodes, costs);
    let best = Infinity;
    for (let i = 0; i < deg; i++) {
      const x = costs[i] + this.g[nodes[i]];
      if (x < best) best = x;
    }
    return best;
  }

  private successorsOf(s: number, nodes: Int32Array, costs: Float64Array): number {
    if (this.deleted !== null && this.deleted[s] !== 0) return 0;
    const deg = this.space.successors(s, nodes, costs);
    this.fit();
    return deg;
  }

  private predecessorsOf(s: number, nodes: Int32Array, costs: Float64Array): number {
    const deg = this.space.predecessors!(s, nodes, costs);
    this.fit();
    return deg;
  }

  /** Current cost of the arc u -> v, Infinity when there is none. */
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
      throw new RangeError(`${what}: this D* Lite runs on a space that is not a Grid; report arc changes with updateEdges`);
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

  private setG(n: number, v: number): void {
    if (this.g[n] !== v) { this.g[n] = v; this.changed(n); }
  }

  private setRhs(n: number, v: number): void {
    if (this.rhs[n] !== v) { this.rhs[n] = v; this.changed(n); }
  }

  /** An implicit space may have interned new nodes: grow every per-node array. */
  private fit(): void {
    const size = this.space.size;
    if (size <= this.g.length) return;
    const cap = Math.max(size, Math.ceil(this.g.length * 1.5));
    this.g = growF(this.g, cap, Infinity);
    this.rhs = growF(this.rhs, cap, Infinity);
    const pos = new Int32Array(cap).fill(-1); pos.set(this.pos); this.pos = pos;
    const hn = new Int32Array(cap); hn.set(this.heapNode); this.heapNode = hn;
    this.heapK1 = growF(this.heapK1, cap, 0);
    this.heapK2 = growF(this.heapK2, cap, 0);
    const tm = new Uint32Array(cap); tm.set(this.touchMark); this.touchMark = tm;
    const cm = new Uint32Array(cap); cm.set(this.changeMark); this.changeMark = cm;
    const tl = new Int32Array(cap); tl.set(this.touchList); this.touchList = tl;
  }

  // --- the indexed heap ---------------------------------------------------------
  // Order: key1, then key2, then the smaller vertex id, so runs are reproducible.

  private less(a: number, b: number): boolean {
    const k1 = this.heapK1, k2 = this.heapK2;
    if (k1[a] !== k1[b]) return k1[a] < k1[b];
    if (k2[a] !== k2[b]) return k2[a] < k2[b];
    return this.heapNode[a] < this.heapNode[b];
  }

  private heapInsert(n: number, k1: number, k2: number): void {
    const i = this.heapLen++;
    this.heapNode[i] = n; this.heapK1[i] = k1; this.heapK2[i] = k2; this.pos[n] = i;
    this.siftUp(i);
  }

  private heapUpdate(n: number, k1: number, k2: number): void {
    const i = this.pos[n];
    this.heapK1[i] = k1; this.heapK2[i] = k2;
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
    this.heapNode[to] = n; this.heapK1[to] = this.heapK1[from]; this.heapK2[to] = this.heapK2[from];
    this.pos[n] = to;
  }

  private swap(a: number, b: number): void {
    const n = this.heapNode[a], k1 = this.heapK1[a], k2 = this.heapK2[a];
    this.place(b, a);
    this.heapNode[b] = n; this.heapK1[b] = k1; this.heapK2[b] = k2; this.pos[n] = b;
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
