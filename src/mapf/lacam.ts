import { InputError, show } from '../core/errors.js';
import { checkBoolean } from '../core/input-checks.js';
import type { Grid } from '../grid/grid.js';
import { Heap } from '../queues/heap.js';
import type { AgentTask } from './check.js';
import { ConfigTable } from './config-table.js';
import { checkMapfTasks, checkSeed, limitWords, MapfFloor, mapfBudgets, mapfResult, pathsOf, type MapfEnd, type MapfOptions, type MapfResult } from './model.js';
import { nextCounts, PibtStep, priorityOrder, tieBreaks } from './pibt-step.js';
import { solvability } from './unsolvable.js';
import { mulberry32 } from '../core/random.js';

/** The options of `lacam`: limits and progress as every MAPF planner's, a seed, whether to improve the first plan, and a memory bound. */
export interface LacamOptions extends Omit<MapfOptions, 'jointLimit'> {
  /** The seed of the tie-breaks (PIBT's, and the order in which constraints are tried): a whole number from 0 to 2^32 - 1. Default 0. */
  seed?: number;
  /**
   * After the first plan, go on improving it (LaCAM*) until the search is
   * exhausted (the plan is then of least sum of loss, `optimal`) or a limit
   * ends it (status `stopped`, with the best plan found). Default: true when
   * `limits` sets a budget (time, expansions or a signal), false otherwise,
   * so that a call without limits returns with its first plan.
   */
  anytime?: boolean;
  /**
   * A bound on what the search holds, in agent cells: each configuration
   * stored counts its agents, each constraint one. Past it the search stops
   * (status `stopped`, reason `max-nodes`, with the best plan found if any).
   * Default 2^25 (`LACAM_DEFAULT_MAX_NODES`: some 300 MB); Infinity lifts it.
   */
  maxNodes?: number;
  /**
   * PIBT's swap in the successor generator: two agents in the wrong order
   * in a corridor trade places at its end (see `PibtStep`). It only
   * changes which configuration is tried first, so LaCAM stays complete
   * either way. Default true.
   */
  swap?: boolean;
}

/**
 * The chance that a step into a configuration seen before also puts the
 * start back on top of the stack ("Engineering LaCAM*", Okumura, AAMAS
 * 2024: the start node inserted at random when a node is met again).
 *
 * Why: PIBT's priorities rise by one a step for every agent off its goal,
 * so agents stuck together keep one order for ever (their seeded fractions
 * decide it). In a dense jam at the door of a dead-end room, when those of
 * top priority want in and the room is full of agents that want out, every
 * PIBT step remakes the jam; the constraints that would break it fix three
 * or four agents (a few hundred constraint nodes at one configuration), but
 * each constraint tried moves some agent somewhere new, and the depth-first
 * search follows that fresh configuration deeper into the same jam instead
 * of trying the next constraint. room-32-32-4 at its 341 agents, file 2,
 * seed 0 went 33,000 configurations deep without a plan in 10 s. Going back
 * to the start now and then takes the search, with the coin's later
 * tie-breaks and the start's next constraint, down another way that need
 * not meet the jam (the same instance: a plan after 2,200 configurations,
 * 1.4 s; file 1 seed 2, 7,420 configurations before, now 464).
 *
 * It only adds a node to the stack that is already in the search, and
 * each push follows a constraint tried (finitely many), so LaCAM stays
 * complete and LaCAM* still converges. 1 in 100 and 1 in 1,000 both solved
 * room-32-32-4's four files at 341 agents for seeds 0 to 3 (before: 15 of
 * 16), with about as many configurations in all; the higher rate leaves a
 * jam after fewer revisits, which matters most with a thousand agents,
 * where each configuration costs more.
 */
const RESTART_RATE = 0.01;

/** The bound on LaCAM's stored search in agent cells unless `maxNodes` says otherwise. */
export const LACAM_DEFAULT_MAX_NODES = 2 ** 25;

/** What `lacam` returns: a MAPF result, and how the plan came about. */
export interface LacamResult extends MapfResult {
  /** True when the search was exhausted after a plan was found: no plan has a smaller sum of loss. */
  readonly optimal: boolean;
  /** The plan's sum of loss (LaCAM*'s objective: the steps in which an agent is not resting on its goal); Infinity without a plan. */
  readonly sumOfLoss: number;
  /** Milliseconds until the first plan was found (Infinity: none). */
  readonly firstPlanMs: number;
  /** The sum of costs of the first plan found (Infinity: none). */
  readonly firstSumOfCosts: number;
  /** Plans found, the first and each improvement on it. */
  readonly plansFound: number;
}

/**
 * A high-level node: one configuration, how it was first reached, and the
 * constraints still to try from it (LaCAM's low-level search, lazily).
 */
interface Config {
  readonly id: number;
  readonly config: Int32Array;
  /** PIBT's priority counts in this configuration (see `priorityOrder`). */
  readonly counts: Int32Array;
  /** The cheapest known way here: the configuration before, and the sum of loss from the starts. */
  parent: Config | null;
  g: number;
  /** The sum of the agents' distances to their goals: no way to the goals costs less loss. */
  readonly h: number;
  /** The configurations found from this one, and the loss of each step there. */
  readonly next: Config[];
  readonly nextLoss: number[];
  /** The constraint nodes still to try (ids into the pool), oldest first from `head`. */
  tree: number[];
  head: number;
}

/**
 * LaCAM* (Okumura, AAAI 2023 and IJCAI 2023): a search over configurations
 * (every agent's cell at one step) for many agents on one grid, fast enough
 * for a thousand agents, complete, and improving its plan toward the least
 * sum of loss with the time left.
 *
 * The high level is a depth-first search over configurations. From each it
 * takes the next configuration from PIBT (`PibtStep`), which moves every
 * agent toward its goal in one step. Lazily, each configuration also keeps a
 * tree of constraints, searched breadth-first: "agent a goes to cell v",
 * then "and agent b to cell w", and so on in priority order, each node one
 * more agent fixed to one of its five moves. Each time the search comes
 * back to a configuration it takes the next constraint node and asks PIBT
 * for a step that keeps it. So a configuration where PIBT's own step leads
 * nowhere is left, in the end, by every possible joint move: when every
 * tree is exhausted and the goals were never reached, no plan exists
 * (status `unreachable`). That is what PIBT alone lacks. A step into a
 * configuration met before sends the search back to the start, 1 time in
 * 100, so that it does not stay deep in a jam PIBT keeps remaking (see
 * `RESTART_RATE`).
 *
 * LaCAM* goes on after the first plan: each step costs the agents not
 * resting on their goals (the sum of loss), a step into a configuration
 * already seen records the link and puts that configuration back on the
 * stack, and the cheapest known way to every configuration is kept by a
 * Dijkstra over the links (rewiring the parents). Configurations that cannot
 * lead to a cheaper plan (loss so far plus the agents' distances) are
 * dropped; when nothing is left the plan is optimal in sum of loss.
 *
 * Sum of loss, not the library's sum of costs: an agent's cost counts every
 * step until its last arrival, its loss only the steps it is not resting on
 * its goal (it differs when an agent arrives, steps aside and comes back).
 * The loss adds up step by step over configurations, which the search needs;
 * the cost does not. Loss is never more than cost, and the result reports
 * both (`sumOfLoss`, `sumOfCosts`).
 *
 * Ends in a status: `found` (`optimal` when the search was exhausted);
 * `unreachable` (proven); `stopped` by a limit or by `maxNodes`, with the
 * best plan found so far in `paths` when there is one (LaCAM* running out of
 * time while improving). `highLevelNodes` counts configurations,
 * `lowLevelExpansions` constraint nodes tried; `limits.maxExpansions` counts
 * these too. `onProgress(agents on their goals, agents)` is called as the
 * search goes (the most agents on their goals in one configuration so far).
 * A grid that is not a Grid, tasks of the wrong shape, blocked or shared
 * starts or goals, or a bad option is an `InputError`.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.#.#.', '.....']);
 * const tasks = [
 *   { start: grid.id(0, 0), goal: grid.id(4, 0) },
 *   { start: grid.id(4, 0), goal: grid.id(0, 0) },
 * ];
 * const r = lacam(grid, tasks, { limits: { maxMillis: 1000 } });
 * r.status;  // 'found', and r.optimal true: the search ran out of configurations first
 * lacam(Grid.fromAscii(['...']), [{ start: 0, goal: 2 }, { start: 2, goal: 0 }]).status; // 'unreachable'
 * ```
 */
export function lacam(grid: Grid, tasks: readonly AgentTask[], options: LacamOptions = {}): LacamResult {
  const where = 'lacam';
  const t0 = performance.now();
  const list = checkMapfTasks(grid, tasks, where);
  const budgets = mapfBudgets(options, where, ['seed', 'anytime', 'maxNodes', 'swap'], false), budget = budgets.budget;
  const seed = checkSeed(options.seed, where);
  checkBoolean(options.anytime, `${where}: anytime`);
  checkBoolean(options.swap, `${where}: swap`);
  const anytime = options.anytime ?? (budget.timed || budget.maxExpansions < Infinity);
  const maxNodes = options.maxNodes === undefined ? LACAM_DEFAULT_MAX_NODES : options.maxNodes;
  if (typeof maxNodes !== 'number' || !(maxNodes >= 0)) throw new InputError(`${where}: maxNodes must be a number >= 0 (Infinity: no limit), got ${show(maxNodes)}`);

  const k = list.length;
  const floor = new MapfFloor(grid), nbr = floor.nbr;
  const lowerBound = list.reduce((s, t) => s + floor.distanceTo(t.goal)[t.start], 0);
  const goals = Int32Array.from(list, (t) => t.goal);
  const dist = list.map((t) => floor.distanceTo(t.goal));
  const step = new PibtStep(floor, goals, seed, options.swap ?? true);
  const coin = mulberry32(seed ^ 0x2545f491);
  // A stream of its own, so that a search that never meets a configuration again runs as it would without restarts.
  const restart = mulberry32(seed ^ 0x68e31da4);
  const eps = tieBreaks(k, seed);
  const table = new ConfigTable<Config>();
  const nodes: Config[] = [];
  // The constraint nodes of every tree: the node above, the agent and the cell it is sent to, how many agents are fixed.
  let cPar = new Int32Array(1024), cWho = new Int32Array(1024), cWhere = new Int32Array(1024), cDepth = new Int32Array(1024);
  let constraints = 0, tried = 0, held = 0;
  let goalNode: Config | null = null, firstPlanMs = Infinity, firstSumOfCosts = Infinity, plans = 0, bestG = Infinity, bestSeen = 0;

  const finish = (how: MapfEnd, detail: string, optimal = false): LacamResult => {
    let paths: number[][] | null = null;
    if (goalNode !== null) {
      const configs: Int32Array[] = [];
      for (let n: Config | null = goalNode; n !== null; n = n.parent) configs.push(n.config);
      paths = pathsOf(configs.reverse(), k);
    }
    const r = mapfResult(how, paths, lowerBound, detail, -1, nodes.length, tried, t0);
    return { ...r, optimal, sumOfLoss: goalNode?.g ?? Infinity, firstPlanMs, firstSumOfCosts, plansFound: plans };
  };
  const proof = solvability(floor, list, 0);
  if (proof.verdict === 'unsolvable') {
    const r = mapfResult('unreachable', null, lowerBound, proof.reason, proof.agent, 0, 0, t0);
    return { ...r, optimal: false, sumOfLoss: Infinity, firstPlanMs, firstSumOfCosts, plansFound: 0 };
  }

  const constraint = (parent: number, who: number, at: number, depth: number) => {
    if (constraints === cPar.length) {
      const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
      cPar = grow(cPar); cWho = grow(cWho); cWhere = grow(cWhere); cDepth = grow(cDepth);
    }
    cPar[constraints] = parent; cWho[constraints] = who; cWhere[constraints] = at; cDepth[constraints] = depth;
    held++;
    return constraints++;
  };
  const ROOT = constraint(-1, -1, -1, 0);
  const loss = (a: Int32Array, b: Int32Array) => {
    let c = 0;
    for (let i = 0; i < k; i++) if (a[i] !== goals[i] || b[i] !== goals[i]) c++;
    return c;
  };
  const make = (config: Int32Array, counts: Int32Array, parent: Config | null, g: number): Config => {
    let h = 0, arrived = 0;
    for (let i = 0; i < k; i++) {
      h += dist[i][config[i]];
      if (config[i] === goals[i]) arrived++;
    }
    if (arrived > bestSeen) { bestSeen = arrived; budgets.progress(arrived, k); }
    const n: Config = { id: nodes.length, config, counts, parent, g, h, next: [], nextLoss: [], tree: [ROOT], head: 0 };
    nodes.push(n);
    table.add(n);
    held += k;
    return n;
  };
  const isGoal = (c: Int32Array) => {
    for (let i = 0; i < k; i++) if (c[i] !== goals[i]) return false;
    return true;
  };

  // The order of the node on top, kept while it stays there (a sort of the agents).
  const order = new Int32Array(k);
  let orderOf: Config | null = null;
  const who = new Int32Array(k), at = new Int32Array(k), out = new Int32Array(k), moves = new Int32Array(5);
  const rewire = new Heap(64);
  const starts = Int32Array.from(list, (t) => t.start);
  const open: Config[] = [make(starts, nextCounts(new Int32Array(k), starts, goals, new Int32Array(k)), null, 0)];

  while (open.length > 0) {
    const why = budget.stopReason(tried);
    if (why !== null) return finish(why, goalNode === null ? `${limitWords(why)} before a plan was found (${nodes.length} configurations)` : `${limitWords(why)} while improving the plan (${plans} plan${plans === 1 ? '' : 's'} found)`);
    if (held > maxNodes) return finish('max-nodes', `the node budget (maxNodes ${maxNodes} agent cells) ran out ${goalNode === null ? 'before a plan was found' : `while improving the plan (${plans} plan${plans === 1 ? '' : 's'} found)`} (${nodes.length} configurations, ${constraints} constraints)`);
    const n = open[open.length - 1];
    if (goalNode === null && isGoal(n.config)) {
      goalNode = n;
      firstPlanMs = performance.now() - t0;
      firstSumOfCosts = finish('found', '').sumOfCosts;
      plans = 1;
      bestG = n.g;
      budgets.progress(k, k);
      if (!anytime) return finish('found', 'anytime is off: the first plan found');
    }
    if (goalNode !== null) {
      if (goalNode.g < bestG) { plans++; bestG = goalNode.g; }
      // Nothing through here can beat the plan: its loss so far and the distances left are a lower bound.
      if (n.g + n.h >= goalNode.g) { open.pop(); continue; }
    }
    if (n.head === n.tree.length) { open.pop(); n.tree = []; n.head = 0; continue; }
    const c = n.tree[n.head++];
    // The tried constraints of this node are done with: drop them from its queue now and then.
    if (n.head > 64 && 2 * n.head > n.tree.length) { n.tree = n.tree.slice(n.head); n.head = 0; }
    tried++;
    if (orderOf !== n) { priorityOrder(n.counts, eps, order); orderOf = n; }
    const depth = cDepth[c];
    if (depth < k) {
      // The next agent in priority order, sent to each of its five moves in a random order (breadth-first below c).
      const a = order[depth], here = n.config[a];
      let m = 0;
      moves[m++] = here;
      for (let s = 0; s < 4; s++) if (nbr[4 * here + s] >= 0) moves[m++] = nbr[4 * here + s];
      for (let j = m - 1; j > 0; j--) { const r = Math.floor(coin() * (j + 1)); const x = moves[j]; moves[j] = moves[r]; moves[r] = x; }
      for (let j = 0; j < m; j++) n.tree.push(constraint(c, a, moves[j], depth + 1));
    }
    let fixed = 0;
    for (let x = c; cPar[x] >= 0; x = cPar[x]) { who[fixed] = cWho[x]; at[fixed] = cWhere[x]; fixed++; }
    if (!step.next(n.config, order, who, at, fixed, out)) continue;
    const known = table.get(out);
    if (known === undefined) {
      const config = out.slice(), cost = loss(n.config, config);
      const fresh = make(config, nextCounts(n.counts, config, goals, new Int32Array(k)), n, n.g + cost);
      n.next.push(fresh);
      n.nextLoss.push(cost);
      open.push(fresh);
      continue;
    }
    // A configuration seen before: link it, search on from it again, and pass on a cheaper way (LaCAM*).
    if (!n.next.includes(known)) { n.next.push(known); n.nextLoss.push(loss(n.config, known.config)); }
    open.push(known);
    // Now and then, back to the start (see RESTART_RATE): the depth-first search may be deep in a jam that PIBT keeps remaking.
    if (restart() < RESTART_RATE) open.push(nodes[0]);
    rewire.clear();
    rewire.push(n.id, n.g, 0, 0);
    while (rewire.length > 0) {
      const from = nodes[rewire.topNode()], gFrom = rewire.topKey1();
      rewire.pop();
      if (gFrom > from.g) continue;
      for (let j = 0; j < from.next.length; j++) {
        const to = from.next[j], g = from.g + from.nextLoss[j];
        if (g >= to.g) continue;
        to.g = g;
        to.parent = from;
        rewire.push(to.id, g, 0, 0);
        if (goalNode !== null && to.g + to.h < goalNode.g) open.push(to);
      }
    }
  }
  if (goalNode !== null) {
    if (goalNode.g < bestG) plans++;
    return finish('found', '', true);
  }
  return finish('unreachable', `no moves of the ${k} agents bring them all to their goals: LaCAM searched all ${nodes.length} configurations reachable from the starts`);
}
