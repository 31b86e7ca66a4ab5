import { Heap } from '../queues/heap.js';
import { badArcCost, badArcEnd, checkBudget, checkDirection, checkKeys, checkSources, costOverflow } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';
import { checkLimits, CLOCK_EVERY, type Limits, type StopReason } from '../core/limits.js';

/**
 * The options of a flood; a bad value is an `InputError`.
 */
export interface FloodOptions {
  /**
   * Settle only nodes whose cost is at most this (a range query: "every node
   * within cost C"). Default Infinity: every node the sources reach.
   */
  radius?: number;
  /**
   * `'forward'` (default): g is the cost from the nearest source, along the
   * arcs. `'backward'`: g is the cost to the nearest source, over
   * `predecessors` (the space must have them); the same on an undirected space.
   */
  direction?: 'forward' | 'backward';
  /** Settled nodes (`maxExpansions`), milliseconds and an `AbortSignal`: the first reached ends the flood as `stopped`. Default: none. */
  limits?: Limits;
}

const FLOOD_KEYS: readonly (keyof FloodOptions)[] = ['radius', 'direction', 'limits'];

/**
 * What a flood settled. Nodes it did not settle (beyond the radius, cut off,
 * or not reached before a limit stopped it) have `g` Infinity, `parent` -1 and
 * `source` -1.
 */
export interface Flood {
  /** `done`: every node within the radius is settled; `stopped`: a limit ended the flood first (`reason`). */
  readonly status: 'done' | 'stopped';
  /** Which limit stopped the flood (`status` `stopped`), else null. */
  readonly reason: StopReason | null;
  /** g[n]: the cost between n and its nearest source (see `FloodOptions.direction`). */
  readonly g: Float64Array;
  /**
   * parent[n]: the node before n on a cheapest path from its source (forward),
   * or after it on the way to its source (backward); -1 at the sources.
   */
  readonly parent: Int32Array;
  /** source[n]: the index in `sources` of n's nearest source (ties: the one that settled it first). */
  readonly source: Int32Array;
  /** The settled nodes in the order they were settled, so g never decreases along it; the first `reached` count. */
  readonly order: Int32Array;
  /** How many nodes were settled. */
  readonly reached: number;
  /** The largest settled g (0 when only sources were settled). */
  readonly maxCost: number;
}

/**
 * Dijkstra from many sources at once, with an optional cost budget: the
 * distance field to the nearest of several nodes (exits, chargers, robots),
 * and the range query Detour calls a flood ("every node within cost C of
 * here, with its cost") when `budget` is given. No goal and no heuristic:
 * it settles nodes in order of cost until the budget or the space runs out.
 *
 * A source that is not a node (or a blocked cell of a grid that deletes
 * them), no source at all, a bad option, or an arc cost the space lists
 * that is NaN or negative is an `InputError`. `Infinity` costs are no arc.
 *
 * @example
 * ```ts
 * const f = flood(grid, [grid.id(0, 0), grid.id(9, 9)], { radius: 5 });
 * f.reached;                 // cells within 5 of either corner
 * f.g[grid.id(2, 1)];        // the cost from the nearer corner
 * ```
 */
export function flood(space: SearchSpace, sources: number | readonly number[] | Int32Array, options: FloodOptions = {}): Flood {
  return new Flooder(space).run(sources, options);
}

/**
 * Floods over one space, reusing its arrays: each `run` overwrites the last
 * (the returned object is the flooder itself). `UniversalPlanner` is one.
 */
export class Flooder implements Flood {
  /** The space flooded. */
  readonly space: SearchSpace;
  status: 'done' | 'stopped' = 'done';
  reason: StopReason | null = null;
  g: Float64Array;
  parent: Int32Array;
  source: Int32Array;
  order: Int32Array;
  reached = 0;
  maxCost = 0;
  private readonly heap: Heap;
  private readonly nbr: Int32Array;
  private readonly nbrCost: Float64Array;

  /** @param where the name errors give the caller (`flood`, `universal plan`) */
  constructor(space: SearchSpace, private readonly where = 'flood') {
    checkSpace(space, where);
    this.space = space;
    this.g = new Float64Array(space.size);
    this.parent = new Int32Array(space.size);
    this.source = new Int32Array(space.size);
    this.order = new Int32Array(space.size);
    this.heap = new Heap(Math.min(Math.max(space.size, 4), 1 << 16));
    this.nbr = new Int32Array(Math.max(1, space.maxDegree));
    this.nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  }

  /** Floods from `sources` (one id or a list) and returns this object. Every input is checked before anything changes. */
  run(sources: number | readonly number[] | Int32Array, options: FloodOptions = {}): Flood {
    const where = this.where, space = this.space;
    checkKeys(options, FLOOD_KEYS, where);
    const radius = checkBudget(options.radius, `${where}: radius`, ' (Infinity: no limit)');
    const limits = checkLimits(options.limits, where), maxExp = limits.maxExpansions;
    const direction = checkDirection(space, options.direction, where);
    const list = checkSources(space, sources, where);

    if (space.size !== this.g.length) {
      // An implicit space grew since the flooder was made.
      this.g = new Float64Array(space.size);
      this.parent = new Int32Array(space.size);
      this.source = new Int32Array(space.size);
      this.order = new Int32Array(space.size);
    }
    const g = this.g, parent = this.parent, source = this.source, order = this.order, heap = this.heap;
    const nbr = this.nbr, nbrCost = this.nbrCost;
    const arcs = direction === 'forward' ? space.successors.bind(space) : space.predecessors!.bind(space);
    g.fill(Infinity);
    parent.fill(-1);
    source.fill(-1);
    heap.clear();
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (g[s] === 0) continue; // a source listed twice keeps its first index
      g[s] = 0;
      source[s] = i;
      heap.push(s, 0, 0, 0);
    }
    let settled = 0;
    this.status = 'done';
    this.reason = null;
    while (heap.length > 0) {
      const x = heap.topNode();
      const gx = heap.topKey1();
      if (gx > radius) break;
      // Lazy deletion: each push strictly lowers g, so only a node's last
      // entry matches it and every node is settled exactly once.
      if (gx !== g[x]) { heap.pop(); continue; }
      const why = settled >= maxExp ? 'max-expansions' : limits.timed && settled % CLOCK_EVERY === 0 ? limits.stopReason(settled) : null;
      if (why !== null) { this.status = 'stopped'; this.reason = why; break; }
      heap.pop();
      order[settled++] = x;
      const deg = arcs(x, nbr, nbrCost);
      for (let i = 0; i < deg; i++) {
        const y = nbr[i];
        const c = nbrCost[i];
        if (!(c >= 0)) {
          this.fail();
          throw direction === 'forward'
            ? badArcCost(where, x, y, c, 'numbers >= 0 (Infinity: no arc)')
            : badArcCost(where, y, x, c, 'numbers >= 0 (Infinity: no arc)');
        }
        if ((y >>> 0) >= g.length) { this.fail(); throw badArcEnd(where, x, y, g.length, direction === 'forward' ? 'successor' : 'predecessor'); }
        const gy = gx + c;
        if (gy === Infinity && c < Infinity) { this.fail(); throw direction === 'forward' ? costOverflow(where, x, y, gx, c) : costOverflow(where, y, x, gx, c); }
        // A settled y never passes: costs are >= 0 and keys come off in order.
        if (gy < g[y]) {
          g[y] = gy;
          parent[y] = x;
          source[y] = source[x];
          heap.push(y, gy, 0, 0);
        }
      }
    }
    this.forgetUnsettled();
    this.reached = settled;
    this.maxCost = settled > 0 ? g[order[settled - 1]] : 0;
    return this;
  }

  /**
   * What was reached but not settled (beyond the radius, or after the cut)
   * is not part of the answer: clears its g, parent and source, emptying
   * the heap. An unsettled node's live entry carries its g; the entries
   * left of a settled node carry more than its g (pushes strictly lower g),
   * so they are told apart by the key.
   */
  private forgetUnsettled(): void {
    const heap = this.heap, g = this.g, parent = this.parent, source = this.source;
    while (heap.length > 0) {
      const y = heap.topNode();
      const gy = heap.topKey1();
      heap.pop();
      if (gy !== g[y]) continue;
      g[y] = Infinity;
      parent[y] = -1;
      source[y] = -1;
    }
  }

  /** Leaves no half-made flood behind an error: nothing settled. */
  private fail(): void {
    this.g.fill(Infinity);
    this.parent.fill(-1);
    this.source.fill(-1);
    this.heap.clear();
    this.reached = 0;
    this.maxCost = 0;
    this.status = 'done';
    this.reason = null;
  }
}
