import type { QueryOptions, SearchStatus } from '../core/path-searcher.js';
import { badArcEnd, checkBudget, checkKeys } from '../core/input-checks.js';
import { checkLimits, CLOCK_EVERY, type Budget, type StopReason } from '../core/limits.js';
import { pathTo } from '../core/path.js';
import { checkNode, checkSpace, pathCost, type SearchSpace } from '../core/space.js';

/** The options of `dfs` and `iddfs`; a bad value or an unknown key is an `InputError`. */
export interface DepthFirstOptions extends QueryOptions {
  /** Do not expand nodes this many links from the start: a number >= 0. Default: no limit. */
  depthLimit?: number;
}

const DEPTH_FIRST_KEYS: readonly (keyof DepthFirstOptions)[] = ['depthLimit', 'limits'];

/**
 * The expansions `dfs` and `iddfs` make at most, with neither `depthLimit`
 * nor `limits.maxExpansions` given, once the space grows as they search it (an
 * unbounded grid, a `KeyedSpace`): such a space may have no end, and a
 * depth-first dive into it none either. A space of fixed size needs no
 * bound (each node is expanded again only when reached by fewer links).
 */
export const DEPTH_FIRST_GROWING_MAX_EXPANSIONS = 1_000_000;

/** The outcome of `dfs` or `iddfs`. */
export interface DepthFirstResult {
  /**
   * `found`, `unreachable`, or `stopped` with its `reason`: a limit of
   * `limits`, or `max-depth` when no path lies within the depth limit but
   * nodes were cut off there, so one may exist beyond it.
   */
  status: SearchStatus;
  /** Why the search stopped (`status` `stopped`), else null. */
  reason: StopReason | null;
  /** Nodes from start to goal, or null without a path. */
  path: number[] | null;
  /** `pathCost` of the path (the cheapest arc between each pair of nodes); Infinity without a path. */
  cost: number;
  /** Number of edges on the path; -1 without a path. */
  linkLength: number;
  /** Nodes expanded, over all rounds. */
  expansions: number;
  /** Rounds run (iterative deepening); 1 for a plain depth-first search. */
  rounds: number;
}

/**
 * Depth-first search with a LIFO stack: fast to write, no promise about the
 * path it returns. A node is expanded again only if reached by fewer links
 * than before, which makes a depth-limited run complete within its limit.
 * Successors are explored in the order the space lists them. A start or goal
 * that is not a node (or a blocked grid cell), or a bad option, is an
 * `InputError`.
 *
 * @example
 * ```ts
 * const r = dfs(grid, start, goal, { depthLimit: 20 });
 * r.status; // 'found', 'unreachable', or 'stopped' with r.reason 'max-depth' when a path may lie deeper
 * ```
 */
export function dfs(space: SearchSpace, start: number, goal: number, options: DepthFirstOptions = {}): DepthFirstResult {
  const [limit, budget] = checkQuery('dfs', space, start, goal, options);
  const run = new DepthLimited(space, limit === Infinity && budget.maxExpansions === Infinity, budget);
  const r = run.search(start, goal, limit);
  return run.result(r, goal, 1);
}

/**
 * Iterative deepening: depth-limited DFS with the limit raised by one each
 * round. Finds a path of the fewest links using memory proportional to the
 * depth; re-expanding the shallow levels costs little because the deepest
 * level dominates the count. With `depthLimit` it stops after that round
 * (status `stopped`, reason `max-depth`, when nodes were cut off there).
 * Throws as `dfs` does.
 */
export function iddfs(space: SearchSpace, start: number, goal: number, options: DepthFirstOptions = {}): DepthFirstResult {
  const [maxDepth, budget] = checkQuery('iddfs', space, start, goal, options);
  const run = new DepthLimited(space, maxDepth === Infinity && budget.maxExpansions === Infinity, budget);
  let status: SearchStatus = 'stopped';
  let rounds = 0;
  for (let limit = 0; limit <= maxDepth; limit++) {
    rounds++;
    status = run.search(start, goal, limit);
    if (status !== 'stopped' || run.reason !== 'max-depth') break;
  }
  return run.result(status, goal, rounds);
}

class DepthLimited {
  expansions = 0;
  /** Why the last round stopped, when it did. */
  reason: StopReason | null = null;
  private depth: Int32Array;
  private parent: Int32Array;
  private readonly nbr: Int32Array;
  private readonly nbrCost: Float64Array;
  /**
   * The stack, kept between the rounds of iterative deepening: typed slots, not
   * three arrays of numbers pushed and popped (millions of entries deep in a
   * dive into an unbounded grid, which then takes a fifth less CPU).
   */
  private stack: Int32Array = new Int32Array(3 * 64);

  /** The expansion budget in force: the caller's, or the default once an unlimited search finds the space growing. */
  private budget = Infinity;

  /** `unlimited`: the caller gave neither limit (see DEPTH_FIRST_GROWING_MAX_EXPANSIONS). */
  constructor(private readonly space: SearchSpace, private readonly unlimited: boolean, private readonly limits: Budget) {
    this.budget = limits.maxExpansions;
    const cap = Math.max(1, space.size);
    this.depth = new Int32Array(cap);
    this.parent = new Int32Array(cap);
    this.nbr = new Int32Array(Math.max(1, space.maxDegree));
    this.nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  }

  search(start: number, goal: number, limit: number): SearchStatus {
    const { nbr, nbrCost, limits } = this;
    let { depth, parent } = this;
    this.reason = null;
    depth.fill(0x7fffffff);
    // Stack entries: node, its parent and depth, three slots side by side. No g: the
    // stack holds one entry per arc, and with parallel arcs the first one listed is
    // not the cheapest; the cost is taken from the finished path (pathCost).
    let stack = this.stack;
    stack[0] = start; stack[1] = -1; stack[2] = 0;
    let top = 3;
    let cutOff = false;
    while (top > 0) {
      const d = stack[--top], p = stack[--top], n = stack[--top];
      if (depth[n] <= d) continue; // already reached with as few links
      if (this.expansions >= this.budget) return this.stop('max-expansions');
      if (limits.timed && this.expansions % CLOCK_EVERY === 0) {
        const why = limits.stopReason(this.expansions);
        if (why !== null) return this.stop(why);
      }
      depth[n] = d; parent[n] = p;
      this.expansions++;
      if (n === goal) return 'found';
      if (d >= limit) { cutOff = true; continue; }
      const deg = this.space.successors(n, nbr, nbrCost);
      if (this.space.size > depth.length) {
        // An implicit space interned new nodes: it may have no end, and an unlimited dive into it neither.
        this.grow(this.space.size);
        ({ depth, parent } = this);
        if (this.unlimited) this.budget = Math.min(this.budget, DEPTH_FIRST_GROWING_MAX_EXPANSIONS);
      }
      const size = this.space.size;
      if (top + 3 * deg > stack.length) stack = this.growStack(top + 3 * deg);
      // Push in reverse so the first successor is explored first.
      for (let i = deg - 1; i >= 0; i--) {
        const x = nbr[i];
        if ((x >>> 0) >= size) throw badArcEnd('dfs', n, x, size);
        if (depth[x] <= d + 1) continue;
        stack[top++] = x; stack[top++] = n; stack[top++] = d + 1;
      }
    }
    return cutOff ? this.stop('max-depth') : 'unreachable';
  }

  private stop(why: StopReason): 'stopped' {
    this.reason = why;
    return 'stopped';
  }

  /** The stack with room for `slots` slots at least (doubled, the entries kept), as `stack` from now on. */
  private growStack(slots: number): Int32Array {
    const grown = new Int32Array(Math.max(slots, 2 * this.stack.length));
    grown.set(this.stack);
    this.stack = grown;
    return grown;
  }

  private grow(size: number): void {
    const cap = Math.max(size, this.depth.length * 2);
    const d = new Int32Array(cap).fill(0x7fffffff); d.set(this.depth); this.depth = d;
    const p = new Int32Array(cap); p.set(this.parent); this.parent = p;
  }

  result(status: SearchStatus, goal: number, rounds: number): DepthFirstResult {
    const reason = status === 'stopped' ? this.reason : null;
    if (status !== 'found') return { status, reason, path: null, cost: Infinity, linkLength: -1, expansions: this.expansions, rounds };
    const path = pathTo(this.parent, goal);
    return { status, reason, path, cost: pathCost(this.space, path), linkLength: path.length - 1, expansions: this.expansions, rounds };
  }
}

/** Every check of a query, before anything runs: returns the depth limit and the limits. */
function checkQuery(where: string, space: SearchSpace, start: number, goal: number, options: DepthFirstOptions): [number, Budget] {
  checkSpace(space, where);
  checkKeys(options, DEPTH_FIRST_KEYS, where);
  checkNode(space, start, 'start');
  checkNode(space, goal, 'goal');
  space.checkEndpoint?.(start, 'start');
  space.checkEndpoint?.(goal, 'goal');
  return [checkBudget(options.depthLimit, 'depthLimit'), checkLimits(options.limits, where)];
}
