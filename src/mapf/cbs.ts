import { InputError, show } from '../core/errors.js';
import { Heap } from '../queues/heap.js';
import type { Grid } from '../grid/grid.js';
import type { AgentTask } from './check.js';
import { checkMapfTasks, limitWords, MapfFloor, mapfBudgets, mapfResult, type MapfEnd, type MapfOptions, type MapfResult } from './model.js';
import { SpaceTimeSearch, type SpaceTimeRules } from './space-time.js';
import { solvability } from './unsolvable.js';
import { mddSingles } from './mdd.js';
import { PathTable, type Conflict } from './path-table.js';

/** The options of `cbs`: those of every MAPF planner, and a budget of constraint-tree nodes. */
export interface CbsOptions extends MapfOptions {
  /**
   * Stop (status `stopped`, reason `max-nodes`) after expanding this many constraint-tree
   * nodes. Default 100,000 (`CBS_DEFAULT_MAX_NODES`): a tree that grows
   * without bound (corridor symmetry on a tight instance) holds every open
   * node's paths, and unbounded it took gigabytes within a minute. Infinity
   * lifts the bound.
   */
  maxNodes?: number;
}

/**
 * A node of the constraint tree: one constraint more than its parent (on
 * `agent`: not on `cell` at step t, or not along the move `cell` -> `to`
 * ending at step t), and the paths that keep every constraint above it.
 */
interface CtNode {
  readonly parent: CtNode | null;
  readonly agent: number;
  readonly cell: number;
  /**
   * The kind of constraint: the move's end cell for an edge constraint, or
   * VERTEX (not on `cell` at t), BARRED_FROM (not on `cell` at t or later),
   * STAYS_FROM (on its goal `cell` at t and every step after), ARRIVES_AFTER
   * (reaches its goal `cell` for the last time after step t).
   */
  readonly to: number;
  readonly t: number;
  readonly paths: number[][];
  readonly cost: number;
  /** The conflicts among `paths`, earliest first (see `conflictsOf`). */
  readonly conflicts: Conflict[];
  /** Each agent's MDD narrow steps under this node's constraints, made when first needed (null until then). */
  readonly mdds: (Int32Array | null)[];
}


const VERTEX = -1, BARRED_FROM = -2, STAYS_FROM = -3, ARRIVES_AFTER = -4;

/** The constraint-tree nodes `cbs` expands at most unless `maxNodes` says otherwise: a bound that ends in a status well before memory runs out. */
export const CBS_DEFAULT_MAX_NODES = 100_000;

// Conflicts listed per node: the split picks among them, and the count ranks nodes of equal cost.
const CONFLICT_LIMIT = 64;

/**
 * Conflict-based search (Sharon, Stern, Felner and Sturtevant 2015): a plan
 * of least sum of costs for many agents. The high level searches a tree of
 * constraints best-first on the sum of costs; each node holds one path per
 * agent, each the cheapest that keeps that agent's constraints (time-space
 * A* with the true single-agent distance as heuristic, ties broken toward
 * fewer collisions with the other paths). At the first conflict of a node's
 * paths (two agents on one cell at one step, or swapping along one edge) it
 * splits: one child forbids the first agent its part of the conflict, the
 * other forbids the second. The first node without conflicts is optimal.
 *
 * An agent that has arrived stays on its goal, so passing another agent's
 * goal after it arrived is a conflict; the child that forbids the arrived
 * agent its goal at that step makes it arrive later.
 *
 * Ends in a status: `solved`; `unsolvable` when proven (an agent cut off
 * from its goal, a small instance searched through, or a constraint tree
 * that runs out of nodes); or the budget that ran out first (`maxMillis`,
 * `maxNodes`, `maxExpansions`). On a large instance with no plan, only a
 * budget ends it. A grid that is not a Grid, tasks of the wrong shape,
 * blocked or shared starts or goals, or a bad option is an `InputError`.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.#.#.', '.....']);
 * const r = cbs(grid, [
 *   { start: grid.id(0, 0), goal: grid.id(4, 0) },
 *   { start: grid.id(4, 0), goal: grid.id(0, 0) },
 * ], { maxMillis: 1000 });
 * r.status;         // 'solved'
 * r.sumOfCosts;     // 11, the least any plan costs: one robot ducks into a pocket
 * r.highLevelNodes; // constraint-tree nodes expanded
 * ```
 */
export function cbs(grid: Grid, tasks: readonly AgentTask[], options: CbsOptions = {}): MapfResult {
  const where = 'cbs';
  const t0 = performance.now();
  const list = checkMapfTasks(grid, tasks, where);
  const budgets = mapfBudgets(options, where, ['maxNodes']);
  const maxNodes = options.maxNodes;
  if (maxNodes !== undefined && (typeof maxNodes !== 'number' || !(maxNodes >= 0))) {
    throw new InputError(`${where}: maxNodes must be a number >= 0 (Infinity: no limit), got ${show(maxNodes)}`);
  }
  const nodeBudget = maxNodes ?? CBS_DEFAULT_MAX_NODES;
  const budget = budgets.budget;
  const floor = new MapfFloor(grid);
  const k = list.length;
  const h = list.map((t) => floor.distanceTo(t.goal));
  const lowerBound = list.reduce((s, t, i) => s + h[i][t.start], 0);
  const search = new SpaceTimeSearch(floor);
  let expanded = 0;
  const end = (how: MapfEnd, paths: number[][] | null, detail = '', agent = -1) =>
    mapfResult(how, paths, lowerBound, detail, agent, expanded, search.expansions, t0);

  const proof = solvability(floor, list, budgets.jointLimit);
  if (proof.verdict === 'unsolvable') return end('unreachable', null, proof.reason, proof.agent);
  // A small instance is searched whole by the proof, which finds a plan of least sum of costs: the answer
  // CBS would find, without its constraint tree, which grows exponentially on corridors (see optimalJointPlan).
  if (proof.plan !== null) return end('found', proof.plan);

  // One low-level search: agent a under the constraints on the way up from `node`, avoiding `others` where it can.
  const table = new PathTable(floor.size);
  const conflictsOf = (paths: readonly number[][]) => table.conflicts(paths, CONFLICT_LIMIT);
  const plan = (a: number, node: CtNode | null, others: readonly number[][]) => {
    table.fill(others, a);
    const rules = new Constraints(floor, a, node, table);
    return search.search(list[a].start, list[a].goal, h[a], rules, budget);
  };

  const rootPaths: number[][] = [];
  for (let a = 0; a < k; a++) {
    const before = budget.stopReason(search.expansions);
    if (before !== null) return end(before, null, `${limitWords(before)} before agent ${a} had its first path`, a);
    const r = plan(a, null, rootPaths);
    if (r.path === null) return r.reason === null ? end('unreachable', null, `agent ${a} cannot reach its goal`, a) : end(r.reason, null, `${limitWords(r.reason)} while planning agent ${a} alone`, a);
    rootPaths.push(r.path);
  }
  const nodes: CtNode[] = [];
  const choices: (Conflict | null)[] = [];
  const open = new Heap(1024);

  // Whether agent a, in node n, has no way around its part of conflict c at the same cost (its MDD is one cell wide there).
  const cardinalFor = (n: CtNode, a: number, c: Conflict) => {
    const p = n.paths[a], ca = p.length - 1;
    if (c.to < 0 && c.t >= ca) return true; // arrived: staying off its goal at t costs more
    let single = n.mdds[a];
    if (single === null) single = n.mdds[a] = mddSingles(floor, list[a].start, list[a].goal, h[a], new Constraints(floor, a, n, null), ca);
    if (c.to < 0) return single[c.t] === c.cell;
    const [u, v] = a === c.i ? [c.cell, c.to] : [c.to, c.cell];
    return single[c.t - 1] === u && single[c.t] === v;
  };
  // The conflict to split on: cardinal first (both children cost more), then semi-cardinal, then the earliest;
  // and a lower bound on what the conflicts add to the cost: each cardinal conflict costs one of its two agents
  // at least one step, so a minimum vertex cover of the cardinal conflict graph (CBSH's CG heuristic, Felner et al.).
  const classify = (n: CtNode): [Conflict | null, number] => {
    let best: Conflict | null = n.conflicts[0] ?? null, rank = -1;
    const cardinal: [number, number][] = [];
    for (const c of n.conflicts) {
      const r = (cardinalFor(n, c.i, c) ? 1 : 0) + (cardinalFor(n, c.j, c) ? 1 : 0);
      if (r > rank) { best = c; rank = r; }
      if (r === 2) cardinal.push([c.i, c.j]);
    }
    return [best, vertexCover(cardinal)];
  };
  const push = (n: CtNode) => {
    const [choice, hc] = classify(n);
    nodes.push(n);
    choices.push(choice);
    open.push(nodes.length - 1, n.cost + hc, n.conflicts.length, 0);
  };
  const rootConflicts = conflictsOf(rootPaths);
  push({ parent: null, agent: -1, cell: -1, to: -1, t: -1, paths: rootPaths, cost: rootPaths.reduce((s, p) => s + cost(p), 0), conflicts: rootConflicts, mdds: new Array(k).fill(null) });

  while (open.length > 0) {
    const id = open.topNode();
    open.pop();
    const node = nodes[id];
    if (node.conflicts.length === 0) return end('found', node.paths);
    const between = budget.stopReason(search.expansions);
    if (between !== null) return end(between, null, `${limitWords(between)} after ${expanded} constraint-tree nodes`);
    if (expanded >= nodeBudget) return end('max-nodes', null, `the node budget ran out after ${expanded} constraint-tree nodes`);
    expanded++;
    budgets.progress(expanded, nodeBudget);
    // The children keep only the constraints of their ancestors, not their paths (memory on long runs).
    const bare: CtNode = { ...node, paths: [], conflicts: [], mdds: [] };
    nodes[id] = bare;
    let paths = node.paths, found = node.conflicts, mdds = node.mdds, c = choices[id]!;
    for (;;) {
      const children: CtNode[] = [];
      let bypass = false;
      for (const side of [0, 1]) {
        const a = side === 0 ? c.i : c.j;
        // For an edge conflict, j goes the other way: to -> cell.
        const child = split(c, side, a, bare, paths);
        const r = plan(a, child, paths);
        if (r.status === 'unreachable') continue;
        if (r.path === null) return end(r.reason ?? 'aborted', null, `${limitWords(r.reason ?? 'aborted')} after ${expanded} constraint-tree nodes`);
        const childPaths = paths.slice();
        childPaths[a] = r.path;
        const childCost = node.cost - cost(paths[a]) + cost(r.path);
        const childConflicts = conflictsOf(childPaths);
        const childMdds = mdds.slice();
        childMdds[a] = null;
        // Bypass (Boyarski et al.): a path as cheap that removes conflicts replaces the node's own, with no split.
        if (childCost === node.cost && childConflicts.length < found.length) {
          paths = childPaths; found = childConflicts; mdds = childMdds;
          bypass = true;
          break;
        }
        children.push({ ...child, paths: childPaths, cost: childCost, conflicts: childConflicts, mdds: childMdds });
      }
      if (bypass) {
        if (found.length === 0) return end('found', paths);
        c = classify({ ...node, paths, conflicts: found, mdds })[0]!;
        continue;
      }
      for (const ch of children) push(ch);
      break;
    }
  }
  return end('unreachable', null, `every branch of the constraint tree ends in an agent with no path (${expanded} nodes expanded)`);
}

/**
 * The child of `parent` that forbids agent a (side 0: c.i, side 1: c.j) its
 * part of conflict c. A conflict on a goal whose agent has arrived (a target
 * conflict) is split as Li et al. do: either that agent arrives for the last
 * time after t (it may still pass its goal before), or it stays on its goal
 * from t on and the other agent keeps off that cell from t on. One pair of
 * children then covers every later step, where splitting on the vertex
 * alone would push the passer back one step at a time.
 */
function split(c: Conflict, side: number, a: number, parent: CtNode, paths: number[][]): CtNode {
  // The paths are the parent's until the child's agent is planned again.
  const make = (up: CtNode, agent: number, cell: number, to: number): CtNode => ({ parent: up, agent, cell, to, t: c.t, paths, cost: 0, conflicts: [], mdds: [] });
  // For an edge conflict, j goes the other way: to -> cell.
  if (c.to >= 0) return side === 0 ? make(parent, a, c.cell, c.to) : make(parent, a, c.to, c.cell);
  const b = side === 0 ? c.j : c.i;
  const arrived = (x: number) => paths[x].length - 1 <= c.t && paths[x][paths[x].length - 1] === c.cell;
  if (arrived(a)) return make(parent, a, c.cell, ARRIVES_AFTER);
  if (!arrived(b)) return make(parent, a, c.cell, VERTEX);
  return make(make(parent, b, c.cell, STAYS_FROM), a, c.cell, BARRED_FROM);
}

/**
 * The size of a smallest set of agents touching every pair in `pairs`
 * (exact by branching while the pairs are few, else the size of a greedy
 * matching, which is never more): a lower bound either way.
 */
function vertexCover(pairs: readonly [number, number][]): number {
  if (pairs.length > 24) {
    const used = new Set<number>();
    let m = 0;
    for (const [a, b] of pairs) if (!used.has(a) && !used.has(b)) { used.add(a); used.add(b); m++; }
    return m;
  }
  const cover = (rest: readonly [number, number][], budget: number): boolean => {
    if (rest.length === 0) return true;
    if (budget === 0) return false;
    const [a, b] = rest[0];
    return cover(rest.filter(([x, y]) => x !== a && y !== a), budget - 1) || cover(rest.filter(([x, y]) => x !== b && y !== b), budget - 1);
  };
  let size = 0;
  while (!cover(pairs, size)) size++;
  return size;
}

/** An agent's cost: the steps until it reaches its goal for the last time. */
function cost(p: readonly number[]): number {
  let c = p.length - 1;
  while (c > 0 && p[c - 1] === p[p.length - 1]) c--;
  return c;
}

/** The constraints on one agent along a branch of the tree, as the rules of its time-space search, with the other agents' paths as a tie-break. */
class Constraints implements SpaceTimeRules {
  settledAfter = -1;
  private readonly vertex = new Set<number>();
  private readonly edge = new Set<number>();
  private readonly last = new Map<number, number>();
  private readonly barredFrom = new Map<number, number>();
  private goal = -1;
  private staysFrom = Infinity;

  constructor(private readonly floor: MapfFloor, agent: number, node: CtNode | null, private readonly others: PathTable | null) {
    const size = floor.size;
    for (let n = node; n !== null; n = n.parent) {
      if (n.agent !== agent) continue;
      if (n.to === VERTEX) {
        this.vertex.add(n.t * size + n.cell);
        this.last.set(n.cell, Math.max(this.last.get(n.cell) ?? -1, n.t));
      } else if (n.to === BARRED_FROM) {
        this.barredFrom.set(n.cell, Math.min(this.barredFrom.get(n.cell) ?? Infinity, n.t));
      } else if (n.to === ARRIVES_AFTER) {
        this.last.set(n.cell, Math.max(this.last.get(n.cell) ?? -1, n.t));
      } else if (n.to === STAYS_FROM) {
        this.goal = n.cell;
        this.staysFrom = Math.min(this.staysFrom, n.t);
      } else {
        this.edge.add(floor.moveKey(n.cell, n.to, n.t));
      }
      this.settledAfter = Math.max(this.settledAfter, n.t);
    }
  }

  vertexFree(cell: number, t: number): boolean {
    if (t >= this.staysFrom && cell !== this.goal) return false;
    if (t >= (this.barredFrom.get(cell) ?? Infinity)) return false;
    return !this.vertex.has(t * this.floor.size + cell);
  }

  edgeFree(from: number, to: number, t: number): boolean {
    return !this.edge.has(this.floor.moveKey(from, to, t));
  }

  lastBarred(cell: number): number {
    return this.barredFrom.has(cell) ? Infinity : this.last.get(cell) ?? -1;
  }

  collisions(from: number, to: number, t: number): number {
    const o = this.others;
    if (o === null) return 0;
    return (o.at(to, t) >= 0 ? 1 : 0) + (from !== to && o.swapper(from, to, t) >= 0 ? 1 : 0);
  }
}
