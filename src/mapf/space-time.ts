import { Heap } from '../queues/heap.js';
import type { MapfFloor } from './model.js';
import { CLOCK_EVERY, UNLIMITED, type Budget, type StopReason } from '../core/limits.js';
import type { SearchStatus } from '../core/path-searcher.js';

/**
 * What one agent must keep out of while it plans, step by step: the cells
 * and moves others have reserved (prioritized planning) or the constraints
 * of a constraint-tree node (CBS). Steps count from 0, the agent's start.
 */
export interface SpaceTimeRules {
  /** Whether the agent may stand on `cell` at step t. */
  vertexFree(cell: number, t: number): boolean;
  /** Whether the agent may move from `from` to `to` between steps t - 1 and t. */
  edgeFree(from: number, to: number, t: number): boolean;
  /**
   * The last step at which `cell` is barred to the agent (-1: never;
   * Infinity: barred from some step on for good). The agent may end on its
   * goal at step t only if t is later: an agent that has arrived stays, so
   * nobody may need its goal after that.
   */
  lastBarred(cell: number): number;
  /** The last step any rule names; after it the floor no longer changes (only bars held for good remain). */
  readonly settledAfter: number;
  /** Optional tie-break: how many other agents' paths the move from `from` to `to` at step t would collide with. */
  collisions?(from: number, to: number, t: number): number;
}

/** The outcome of one time-space search. */
export interface SpaceTimePath {
  /** `found`, `unreachable` (proven: no path keeps the rules), or `stopped` by a limit (`reason`). */
  status: SearchStatus;
  /** Which limit stopped it, or null. */
  reason: StopReason | null;
  /** The agent's cell at each step, start to its final arrival; null unless found. */
  path: number[] | null;
}

const NO_PATH: SpaceTimePath = Object.freeze({ status: 'unreachable', reason: null, path: null });

// Ties on f go to fewer collisions with other agents' paths, then to the state nearer its goal.
const COLLISION_WEIGHT = 1 << 20;

/**
 * Time-space A* (the low level of cooperative A* and of CBS): A* over
 * (cell, step) states, each step a wait or a move to a side neighbour, with
 * g the step and h the agent's true single-agent distance to its goal (its
 * universal plan), which is consistent, so the first goal state popped is a
 * cheapest path that keeps the rules.
 *
 * Past `rules.settledAfter` nothing changes any more, so the states
 * (cell, t) for every later t are one state (cell, settledAfter + 1): the
 * space is finite, and a search that runs out of states proves there is no
 * path under these rules rather than waiting forever.
 *
 * Reused across agents and searches: it keeps its arrays.
 */
export class SpaceTimeSearch {
  /** States expanded over every search so far. */
  expansions = 0;
  private cell = new Int32Array(1024);
  private step = new Int32Array(1024);
  private parent = new Int32Array(1024);
  private hits = new Int32Array(1024);
  private count = 0;
  private readonly heap = new Heap(1024);
  private readonly seen = new Map<number, number>();

  constructor(private readonly floor: MapfFloor) {}

  /**
   * The cheapest path from `start` to `goal` under `rules`, with `h` the
   * single-agent distances to `goal`. Stops (`stopped`) once `budget` says
   * so, its expansions counted over every search of this object.
   */
  search(start: number, goal: number, h: Float64Array, rules: SpaceTimeRules, budget: Budget = UNLIMITED): SpaceTimePath {
    const floor = this.floor, nbr = floor.nbr, size = floor.size, heap = this.heap, seen = this.seen;
    const lastGoal = rules.lastBarred(goal);
    if (h[start] === Infinity || lastGoal === Infinity || !rules.vertexFree(start, 0)) return NO_PATH;
    const settled = rules.settledAfter + 1;
    const collisions = rules.collisions?.bind(rules);
    // No path ends before the goal is free for good: a bound that keeps the heuristic consistent (it falls by at most one per step).
    const free = lastGoal + 1;
    const hAt = (m: number, t: number) => Math.max(h[m], free - t);
    heap.clear();
    seen.clear();
    this.count = 0;
    const root = this.add(start, 0, -1, 0);
    seen.set(start, 0);
    heap.push(root, hAt(start, 0), hAt(start, 0), 0);
    while (heap.length > 0) {
      const i = heap.topNode();
      heap.pop();
      const n = this.cell[i], t = this.step[i];
      // A stale entry: this state was reached sooner since (possible only past `settled`, where t is not the state).
      const key = Math.min(t, settled) * size + n;
      if (seen.get(key)! < t) continue;
      if (n === goal && t > lastGoal) return { status: 'found', reason: null, path: this.pathTo(i) };
      const why = this.expansions >= budget.maxExpansions ? 'max-expansions' : budget.timed && this.expansions % CLOCK_EVERY === 0 ? budget.stopReason(this.expansions) : null;
      if (why !== null) return { status: 'stopped', reason: why, path: null };
      this.expansions++;
      const t1 = t + 1, base = this.hits[i];
      for (let k = -1; k < 4; k++) {
        const m = k < 0 ? n : nbr[4 * n + k];
        if (m < 0 || h[m] === Infinity) continue;
        if (!rules.vertexFree(m, t1) || (m !== n && !rules.edgeFree(n, m, t1))) continue;
        const mk = Math.min(t1, settled) * size + m;
        const old = seen.get(mk);
        if (old !== undefined && old <= t1) continue;
        seen.set(mk, t1);
        const c = base + (collisions === undefined ? 0 : collisions(n, m, t1));
        const j = this.add(m, t1, i, c);
        const hm = hAt(m, t1);
        heap.push(j, t1 + hm, c * COLLISION_WEIGHT + hm, 0);
      }
    }
    return NO_PATH;
  }

  private add(n: number, t: number, parent: number, hits: number): number {
    if (this.count === this.cell.length) {
      const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
      this.cell = grow(this.cell); this.step = grow(this.step); this.parent = grow(this.parent); this.hits = grow(this.hits);
    }
    const i = this.count++;
    this.cell[i] = n; this.step[i] = t; this.parent[i] = parent; this.hits[i] = hits;
    return i;
  }

  private pathTo(i: number): number[] {
    const path = new Array<number>(this.step[i] + 1);
    for (let j = i; j >= 0; j = this.parent[j]) path[this.step[j]] = this.cell[j];
    return path;
  }
}
