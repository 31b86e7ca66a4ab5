import { InputError, show } from '../core/errors.js';
import { Flooder } from '../search/flood.js';
import { checkNodeId } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/**
 * A universal plan: for every node, the cost-to-go `h` to one goal and the
 * successor `next` that achieves it. It is Dijkstra run backward from the
 * goal, over predecessors, with the early exit removed.
 *
 * Conventions (the widgets and tests rely on them):
 * - `h[n]` is Infinity and `next[n]` is -1 where the goal cannot be reached;
 * - `h[goal]` is 0 and `next[goal]` is -1: the goal has no move left to make,
 *   so following `next` stops there (tell it apart from an unreachable node
 *   by `h`, or by comparing with `goal`);
 * - `order[0 .. reachable)` lists the nodes in the order the backward search
 *   settled them, goal first, so `h[order[i]]` never decreases: the
 *   wave-front animation replays it;
 * - each arrow points at a node settled earlier, so the arrows form a tree
 *   rooted at the goal, zero-cost arcs and self loops included.
 */
export interface UniversalPlan {
  /** The node every arrow leads to; -1 for a planner with no plan. */
  readonly goal: number;
  /** h[n]: the cost of the cheapest path from n to the goal (Infinity when there is none). */
  readonly h: Float64Array;
  /** next[n]: the successor of n on a cheapest path to the goal (-1 at the goal and where it cannot be reached). */
  readonly next: Int32Array;
  /** The nodes in the order the backward search settled them, goal first; the first `reachable` entries count. */
  readonly order: Int32Array;
  /** Nodes that can reach the goal, the goal included. */
  readonly reachable: number;
  /** The largest finite cost-to-go (0 when only the goal reaches itself). */
  readonly maxCostToGo: number;
}

/**
 * Computes universal plans over one space, reusing its arrays: each
 * `plan(goal)` overwrites the previous one (the returned object is the
 * planner itself). Keep one per space when the goal moves often; call
 * `universalPlan` for a plan of your own. The constructor throws an
 * `InputError` for a space without `predecessors`.
 *
 * @example
 * ```ts
 * const planner = new UniversalPlanner(grid);
 * const plan = planner.plan(goal);   // every cell's cost-to-go and arrow
 * follow(plan, robot);               // the path from any start, no new search
 * ```
 */
export class UniversalPlanner implements UniversalPlan {
  /** The space planned over. */
  readonly space: SearchSpace;
  /** The goal of the last plan; -1 before the first (or after a `plan` that failed). */
  goal = -1;
  // The backward Dijkstra is a flood from the goal over predecessors: one loop for both.
  private readonly flooder: Flooder;

  constructor(space: SearchSpace) {
    if (typeof space?.predecessors !== 'function') {
      throw new InputError('universal plan: the space has no predecessors(), and a backward search needs them (Graph and Grid have them; add predecessors to your SearchSpace)');
    }
    this.flooder = new Flooder(space, 'universal plan');
    this.space = space;
    this.h = this.flooder.g;
    this.next = this.flooder.parent;
    this.order = this.flooder.order;
  }

  // Own fields, not getters, so that a plan spreads into a plain object ({ ...plan }).
  /** Cost-to-go of every node for the last plan (see `UniversalPlan.h`). */
  h: Float64Array;
  /** The arrow of every node for the last plan (see `UniversalPlan.next`). */
  next: Int32Array;
  /** The order the last plan settled nodes in (see `UniversalPlan.order`). */
  order: Int32Array;
  reachable = 0;
  maxCostToGo = 0;

  /**
   * Runs the backward Dijkstra from `goal` to exhaustion and returns the plan
   * (this object). A cost the space lists that is NaN or negative is an
   * InputError naming the arc; the planner is then left with no plan (goal
   * -1), which `follow` refuses.
   */
  plan(goal: number): UniversalPlan {
    checkNodeId(this.space, goal, 'universal plan: goal', true);
    const f = this.flooder;
    this.goal = -1;
    this.reachable = 0;
    this.maxCostToGo = 0;
    try {
      f.run(goal, { direction: 'backward' });
    } finally {
      // The flooder may have grown its arrays (an implicit space that grew); after an error they hold no plan.
      this.h = f.g;
      this.next = f.parent;
      this.order = f.order;
    }
    this.goal = goal;
    this.reachable = f.reached;
    this.maxCostToGo = f.maxCost;
    return this;
  }
}

/**
 * The universal plan of `space` toward `goal`, in arrays of its own: the
 * cost-to-go of every node and the arrow that achieves it. A goal that is
 * not a node (or a blocked grid cell), a space without predecessors, or an
 * arc cost that is NaN or negative, is an `InputError`.
 *
 * @example
 * ```ts
 * const plan = universalPlan(grid, goal);
 * plan.h[start];      // the cheapest cost from start, Infinity if walled off
 * follow(plan, start); // the path along the arrows, start to goal
 * ```
 */
export function universalPlan(space: SearchSpace, goal: number): UniversalPlan {
  return new UniversalPlanner(space).plan(goal);
}

/**
 * The path the plan's arrows take from `from` to the goal (both included),
 * or null when the goal cannot be reached from there. A `from` outside the
 * plan, or a plan whose arrows do not lead to its goal (changed after it was
 * made, or made by hand), is an `InputError`.
 */
export function follow(plan: UniversalPlan, from: number): number[] | null {
  checkPlanShape(plan, 'follow');
  const size = plan.h.length;
  if (!Number.isInteger(from) || from < 0 || from >= size) {
    throw new InputError(`follow: from must be an integer node id in 0..${size - 1}, got ${show(from)}`);
  }
  if (plan.h[from] === Infinity) return null;
  const path = [from];
  // The arrows of a plan made here form a tree rooted at the goal, so this
  // ends within size steps. Arrows that do not were changed (or written) by
  // the caller: their mistake, not a defect of the planner.
  for (let n = from; n !== plan.goal; ) {
    const to = plan.next[n];
    if (!(to >= 0 && to < size) || path.length > size) {
      const why = path.length > size ? `go round a cycle through ${n}` : `stop at ${n}, whose arrow is ${to}`;
      throw new InputError(`follow: the plan's arrows from ${from} ${why} instead of leading to its goal ${plan.goal}; a plan made by universalPlan always leads there, so this one was changed after it was made or built by hand`);
    }
    n = to;
    path.push(n);
  }
  return path;
}

/** Refuses what cannot be a plan: arrays missing or of different lengths, a goal outside them. */
function checkPlanShape(plan: UniversalPlan, what: string): void {
  if (plan === null || typeof plan !== 'object' || !(plan.h instanceof Float64Array) || !(plan.next instanceof Int32Array)) {
    throw new InputError(`${what}: plan must be a UniversalPlan (h: Float64Array, next: Int32Array, goal), got ${show(plan)}`);
  }
  if (plan.next.length !== plan.h.length) {
    throw new InputError(`${what}: the plan's next has ${plan.next.length} entries but its h has ${plan.h.length}`);
  }
  if (!Number.isInteger(plan.goal) || plan.goal < 0 || plan.goal >= plan.h.length) {
    throw new InputError(`${what}: the plan has no goal (goal ${show(plan.goal)}): it was never made, or its plan() failed`);
  }
}

/**
 * The deterministic Bellman residual: the largest |h(X) - min_Y [c(X,Y) + h(Y)]|
 * over the nodes X that reach the goal, the goal excepted, with Y ranging over
 * the successors of X. Zero (up to rounding) exactly when the plan is a fixed
 * point of the Bellman equation; it checks `predecessors` against `successors`
 * too, since the plan was built from the one and is checked with the other.
 */
export function bellmanResidual(space: SearchSpace, plan: UniversalPlan): number {
  checkPlanFits(space, plan, 'bellmanResidual');
  const nbr = new Int32Array(Math.max(1, space.maxDegree));
  const nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  const h = plan.h, order = plan.order;
  let worst = 0;
  for (let k = 0; k < plan.reachable; k++) {
    const x = order[k];
    if (!(x >= 0 && x < h.length)) {
      throw new InputError(`bellmanResidual: the plan's order[${k}] is ${x}, not a node in 0..${h.length - 1}; a plan made by universalPlan lists its nodes there, so this one was changed after it was made or built by hand`);
    }
    if (x === plan.goal) continue;
    const deg = space.successors(x, nbr, nbrCost);
    let best = Infinity;
    for (let i = 0; i < deg; i++) {
      const v = nbrCost[i] + h[nbr[i]];
      if (v < best) best = v;
    }
    const r = Math.abs(h[x] - best);
    if (!(r <= worst)) worst = r; // also lets a NaN through, never hides it
  }
  return worst;
}

/** One term c(X,Y) + h(Y) of the Bellman equation at X. */
export interface BellmanTerm {
  /** The successor Y. */
  node: number;
  /** c(X, Y). */
  cost: number;
  /** h(Y). */
  h: number;
  /** c(X, Y) + h(Y). */
  total: number;
  /** True for the one term the plan's arrow picks (at most one term is marked). */
  argmin: boolean;
}

/** The Bellman equation evaluated at one node, term by term. */
export interface BellmanView {
  /** The node X the equation is evaluated at. */
  node: number;
  /** h(X) as the plan holds it. */
  h: number;
  /** min over the terms: equals h(X) at a fixed point (Infinity without successors). */
  min: number;
  /** Successors in the space's order. */
  terms: BellmanTerm[];
  /** Index into `terms` of the marked term, -1 when none is marked (no successor reaches the goal). */
  argmin: number;
}

/**
 * The panel under the cursor: every successor Y of X with c(X,Y), h(Y) and
 * their sum, the arrow's term marked. At the goal the terms are listed too,
 * though the goal's own h is 0 by definition, not by the equation.
 */
export function bellmanTerms(space: SearchSpace, plan: UniversalPlan, x: number): BellmanView {
  checkPlanFits(space, plan, 'bellmanTerms');
  checkNodeId(space, x, 'bellmanTerms: node');
  const nbr = new Int32Array(Math.max(1, space.maxDegree));
  const nbrCost = new Float64Array(Math.max(1, space.maxDegree));
  const deg = space.successors(x, nbr, nbrCost);
  const terms: BellmanTerm[] = [];
  let min = Infinity, firstMin = -1, arrow = -1;
  for (let i = 0; i < deg; i++) {
    const y = nbr[i], c = nbrCost[i], hy = plan.h[y], total = c + hy;
    terms.push({ node: y, cost: c, h: hy, total, argmin: false });
    if (total < min) { min = total; firstMin = i; }
  }
  // Mark the arrow's own term, so the panel and the arrow never disagree on a tie.
  const to = plan.next[x];
  for (let i = 0; i < deg && to >= 0; i++) {
    if (terms[i].node === to && terms[i].total === min) { arrow = i; break; }
  }
  if (arrow < 0 && min < Infinity && x !== plan.goal) arrow = firstMin;
  if (arrow >= 0) terms[arrow].argmin = true;
  return { node: x, h: plan.h[x], min, terms, argmin: arrow };
}

function checkPlanFits(space: SearchSpace, plan: UniversalPlan, what: string): void {
  checkSpace(space, what);
  checkPlanShape(plan, what);
  // The order and the count of reachable nodes are what bellmanResidual walks.
  if (!(plan.order instanceof Int32Array) || plan.order.length !== plan.h.length) {
    throw new InputError(`${what}: the plan's order must be an Int32Array of ${plan.h.length} entries (one per node), got ${show(plan.order)}`);
  }
  if (!Number.isInteger(plan.reachable) || plan.reachable < 1 || plan.reachable > plan.h.length) {
    throw new InputError(`${what}: the plan's reachable must be an integer in 1..${plan.h.length} (the goal reaches itself), got ${show(plan.reachable)}`);
  }
  if (plan.h.length !== space.size) {
    throw new InputError(`${what}: the plan covers ${plan.h.length} nodes but the space has ${space.size}; make the plan from this space`);
  }
}
