import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type ArcChange, Grid, type GridOptions, octile, zero, type Heuristic, type SearchSpace } from '#bestfirst';
import { DIAGONAL_RULES } from '#bestfirst/grid';
import { DStar, setCellBlocked, DStarLite, bellmanResidual, follow, UniversalPlanner } from '#bestfirst/repair';
import { NEW } from '#bestfirst/internal';

// The differential check of the two repairs: after every change to the world,
// D* Lite's costToGoal and D* Lite's descent, and D*'s h(robot) and back
// pointers, against a backward Dijkstra written here from the successor lists
// alone. Small worlds with what the repairs used to get wrong: zero-cost arcs
// (and cycles of them), self loops, parallel arcs, arcs that vanish and come
// back (D* Lite only: D* sees cost changes, never arcs appearing or
// vanishing), budgets that cut a repair short, and grids whose blocked cells
// cost 0 to enter.

/** One edge of a test graph, both ways when the graph is undirected; cost Infinity: the edge is absent. */
interface Edge { a: number; b: number; c: number }

/** A graph given by a mutable edge list: parallel edges and self loops allowed. */
class EdgeList implements SearchSpace {
  readonly maxDegree: number;
  constructor(readonly size: number, readonly directed: boolean, readonly edges: Edge[]) {
    this.maxDegree = Math.max(1, 2 * edges.length);
  }
  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let m = 0;
    for (const e of this.edges) {
      if (e.c === Infinity) continue;
      if (e.a === n) { nodes[m] = e.b; costs[m++] = e.c; }
      if (!this.directed && e.b === n) { nodes[m] = e.a; costs[m++] = e.c; }
    }
    return m;
  }
  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let m = 0;
    for (const e of this.edges) {
      if (e.c === Infinity) continue;
      if (e.b === n) { nodes[m] = e.a; costs[m++] = e.c; }
      if (!this.directed && e.a === n) { nodes[m] = e.b; costs[m++] = e.c; }
    }
    return m;
  }
}

/** Every arc of a space, read from its successor lists only. */
function arcsOf(space: SearchSpace): [number, number, number][] {
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const arcs: [number, number, number][] = [];
  for (let u = 0; u < space.size; u++) {
    const d = space.successors(u, nodes, costs);
    for (let i = 0; i < d; i++) arcs.push([u, nodes[i], costs[i]]);
  }
  return arcs;
}

/** The oracle: cost-to-go of every node, by a plain O(V^2 + VE) backward Dijkstra. */
function costToGo(space: SearchSpace, goal: number): Float64Array {
  const arcs = arcsOf(space);
  const dist = new Float64Array(space.size).fill(Infinity);
  const done = new Uint8Array(space.size);
  dist[goal] = 0;
  for (;;) {
    let v = -1;
    for (let x = 0; x < space.size; x++) if (!done[x] && dist[x] < Infinity && (v < 0 || dist[x] < dist[v])) v = x;
    if (v < 0) return dist;
    done[v] = 1;
    for (const [u, w, c] of arcs) if (w === v && dist[v] + c < dist[u]) dist[u] = dist[v] + c;
  }
}

/** Cost of walking `path` over the cheapest arc between each pair of nodes; Infinity if a step has no arc. */
function walkCost(space: SearchSpace, path: readonly number[]): number {
  const arcs = arcsOf(space);
  let sum = 0;
  for (let i = 1; i < path.length; i++) {
    let c = Infinity;
    for (const [u, v, w] of arcs) if (u === path[i - 1] && v === path[i] && w < c) c = w;
    sum += c;
  }
  return sum;
}

/** Cheapest arc u -> v now, Infinity when none. */
function arcMin(space: SearchSpace, u: number, v: number): number {
  let c = Infinity;
  for (const [a, b, w] of arcsOf(space)) if (a === u && b === v && w < c) c = w;
  return c;
}

const near = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));

/** D* Lite at its robot against the oracle: cost, path, descent, reachability. Returns whether the goal is reachable. */
function checkLite(d: DStarLite, where: () => string): boolean {
  const truth = costToGo(d.space, d.goal)[d.start];
  const got = d.costToGoal();
  expect(near(got, truth), `${where()}: costToGoal ${got}, oracle ${truth}`).toBe(true);
  if (truth === Infinity) {
    expect(d.path(), where()).toBeNull();
    expect(d.nextStep(), where()).toBeNull();
    return false;
  }
  const path = d.path()!;
  expect(path[0]).toBe(d.start);
  expect(path[path.length - 1]).toBe(d.goal);
  const walked = walkCost(d.space, path);
  expect(near(walked, truth), `${where()}: path ${path.join(' ')} costs ${walked}, oracle ${truth}`).toBe(true);
  // The same descent step by step, with a step limit: a loop shows up as a failure, not a hang.
  let s = d.start, sum = 0;
  for (let steps = 0; s !== d.goal; steps++) {
    const next = d.nextStep(s);
    expect(next !== null && steps <= d.space.size, `${where()}: the descent stalls or loops at ${s}`).toBe(true);
    sum += walkCost(d.space, [s, next!]);
    s = next!;
  }
  expect(near(sum, truth)).toBe(true);
  return true;
}

/** D* at `robot` against the oracle. */
function checkStar(d: DStar, robot: number, where: () => string): number[] | null {
  const truth = costToGo(d.space, d.goal)[robot];
  if (truth === Infinity) {
    expect(d.tag(robot), `${where()}: unreachable, yet not NEW`).toBe(NEW);
    expect(d.path(robot)).toBeNull();
    return null;
  }
  expect(near(d.h(robot), truth), `${where()}: h(robot) ${d.h(robot)}, oracle ${truth}`).toBe(true);
  const path = d.path(robot);
  expect(path, `${where()}: the back pointers from ${robot} do not reach the goal`).not.toBeNull();
  expect(path![0]).toBe(robot);
  const walked = walkCost(d.space, path!);
  expect(near(walked, truth), `${where()}: path ${path!.join(' ')} costs ${walked}, oracle ${truth}`).toBe(true);
  expect(near(d.pathCost(path!), truth)).toBe(true);
  return path;
}

// --- graphs -------------------------------------------------------------------------

const BASE = [0, 0, 1, 2, 5, Infinity];
const NEW_BASE = [0, 0, 1, 3, 7, Infinity];

const graphArb = fc.integer({ min: 2, max: 8 }).chain((n) => fc.record({
  n: fc.constant(n),
  directed: fc.boolean(),
  // Node potentials give a consistent heuristic h(a, b) = max(0, pot(a) - pot(b)): every arc
  // a -> b costs at least that much on top of its base cost. Without them, h = 0.
  pot: fc.option(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }), { nil: undefined }),
  edges: fc.array(fc.record({ a: fc.nat(n - 1), b: fc.nat(n - 1), base: fc.constantFrom(...BASE) }), { maxLength: 3 * n }),
  goal: fc.nat(n - 1),
  robot: fc.nat(n - 1),
  maxSteps: fc.constantFrom(Infinity, Infinity, Infinity, 0, 1, 3),
  ops: fc.array(fc.record({
    changes: fc.array(fc.record({ edge: fc.nat(), base: fc.constantFrom(...NEW_BASE) }), { minLength: 1, maxLength: 3 }),
    // How the caller reports oldCost: what that one arc cost, or the cheapest of its parallel arcs.
    perArc: fc.boolean(),
    // Finish a budgeted repair with computeShortestPath calls, or let the query finish it.
    drain: fc.boolean(),
    move: fc.nat(2),
    jump: fc.option(fc.nat(n - 1), { nil: undefined, freq: 4 }),
  }), { minLength: 1, maxLength: 8 }),
}));

type GraphCase = typeof graphArb extends fc.Arbitrary<infer T> ? T : never;

function edgeCost(c: GraphCase, a: number, b: number, base: number): number {
  if (c.pot === undefined) return base;
  const d = c.pot[a] - c.pot[b];
  return base + (c.directed ? Math.max(0, d) : Math.abs(d));
}

function potential(c: GraphCase): Heuristic {
  const pot = c.pot;
  return pot === undefined ? zero : (a, b) => Math.max(0, pot[a] - pot[b]);
}

let liteGraphChecks = 0, liteGraphCases = 0, liteZeroCycles = 0, liteBudgetStops = 0;

test('D* Lite equals a backward Dijkstra on random graphs with zero-cost arcs, self loops and parallel arcs, after every change', () => {
  fc.assert(
    fc.property(graphArb, (c) => {
      liteGraphCases++;
      const edges = c.edges.map((e) => ({ a: e.a, b: e.b, c: edgeCost(c, e.a, e.b, e.base) }));
      const space = new EdgeList(c.n, c.directed, edges);
      const d = new DStarLite(space, c.robot, c.goal, potential(c), { limits: { maxExpansions: c.maxSteps } });
      const log: string[] = [];
      const where = () => `${c.directed ? 'directed' : 'undirected'} graph, ${log.join('; ')}`;
      if (edges.some((e) => e.c === 0 && (e.a === e.b || !c.directed || edges.some((f) => f.c === 0 && f.a === e.b && f.b === e.a)))) liteZeroCycles++;
      checkLite(d, where);
      liteGraphChecks++;
      for (const op of c.ops) {
        if (edges.length > 0) {
          const changes: ArcChange[] = [];
          for (const ch of op.changes) {
            const e = edges[ch.edge % edges.length];
            const arcs = c.directed || e.a === e.b ? [[e.a, e.b]] : [[e.a, e.b], [e.b, e.a]];
            const old = arcs.map(([u, v]) => (op.perArc ? e.c : arcMin(space, u, v)));
            e.c = edgeCost(c, e.a, e.b, ch.base);
            arcs.forEach(([u, v], i) => changes.push({ from: u, to: v, oldCost: old[i] }));
            log.push(`edge ${e.a}-${e.b} now ${e.c}`);
          }
          const st = d.updateEdges(changes);
          if (st.status === 'stopped') {
            liteBudgetStops++;
            expect(st.pops).toBe(c.maxSteps);
            for (let i = 0; op.drain && c.maxSteps > 0 && d.status === 'stopped'; i++) {
              expect(i).toBeLessThan(10 * c.n * c.n + 10);
              d.computeShortestPath();
            }
          }
        }
        checkLite(d, where);
        liteGraphChecks++;
        for (let k = 0; k < op.move; k++) {
          const next = d.nextStep();
          if (next === null) break;
          d.moveTo(next);
          log.push(`robot steps to ${next}`);
          checkLite(d, where);
          liteGraphChecks++;
        }
        if (op.jump !== undefined) {
          d.moveTo(op.jump);
          log.push(`robot jumps to ${op.jump}`);
          checkLite(d, where);
          liteGraphChecks++;
        }
      }
    }),
    { seed: 1010, numRuns: 2000 },
  );
  console.log(`D* Lite on graphs: ${liteGraphCases} cases, ${liteGraphChecks} checks, ${liteZeroCycles} with a zero-cost cycle or self loop, ${liteBudgetStops} budget stops`);
  expect(liteZeroCycles).toBeGreaterThan(300);
  expect(liteBudgetStops).toBeGreaterThan(100);
});

let starGraphChecks = 0, starGraphCases = 0;

test('D* equals a backward Dijkstra on random graphs with zero-cost arcs, self loops and parallel arcs, after every change', () => {
  fc.assert(
    fc.property(graphArb, fc.constantFrom<'both' | 'head'>('both', 'head'), fc.boolean(), (c, reopen, scaled) => {
      starGraphCases++;
      // D* sees only cost changes: an absent edge is a dear one here.
      const finite = (base: number) => (base === Infinity ? 9 : base);
      const edges = c.edges.map((e) => ({ a: e.a, b: e.b, c: edgeCost(c, e.a, e.b, finite(e.base)) }));
      const space = new EdgeList(c.n, c.directed, edges);
      const d = new DStar(space, { reopenEnds: reopen, costScale: scaled ? 1 : undefined });
      d.initialize(c.goal);
      let robot = c.robot;
      d.computeUntilClosed(robot);
      const log: string[] = [`robot ${robot}, ${reopen}`];
      const where = () => `${c.directed ? 'directed' : 'undirected'} graph ${JSON.stringify(c.edges)}, ${log.join('; ')}`;
      let path = checkStar(d, robot, where);
      starGraphChecks++;
      for (const op of c.ops) {
        for (const ch of op.changes) {
          if (edges.length === 0) break;
          const e = edges[ch.edge % edges.length];
          e.c = edgeCost(c, e.a, e.b, finite(ch.base));
          d.modifyCost(e.a, e.b);
          if (!c.directed && e.a !== e.b) d.modifyCost(e.b, e.a);
          log.push(`edge ${e.a}-${e.b} now ${e.c}`);
        }
        if (path !== null) robot = path[Math.min(op.move, path.length - 1)];
        if (op.jump !== undefined) robot = op.jump;
        log.push(`robot at ${robot}`);
        d.repair(robot);
        path = checkStar(d, robot, where);
        starGraphChecks++;
      }
    }),
    { seed: 2020, numRuns: 2000 },
  );
  console.log(`D* on graphs: ${starGraphCases} cases, ${starGraphChecks} checks`);
});

let planChecks = 0;

test('the universal plan equals a backward Dijkstra on the same graphs, and its arrows reach the goal at h', () => {
  fc.assert(
    fc.property(graphArb, (c) => {
      const edges = c.edges.map((e) => ({ a: e.a, b: e.b, c: edgeCost(c, e.a, e.b, e.base) }));
      const space = new EdgeList(c.n, c.directed, edges);
      const planner = new UniversalPlanner(space);
      const check = (what: string) => {
        const plan = planner.plan(c.goal);
        const truth = costToGo(space, c.goal);
        for (let x = 0; x < c.n; x++) {
          expect(plan.h[x], `${what}: h(${x})`).toBe(truth[x]);
          const path = follow(plan, x);
          if (truth[x] === Infinity) expect(path).toBeNull();
          else expect(walkCost(space, path!), `${what}: follow(${x})`).toBe(truth[x]);
        }
        expect(bellmanResidual(space, plan)).toBe(0);
        planChecks++;
      };
      check('first plan');
      for (const op of c.ops) {
        if (edges.length === 0) break;
        for (const ch of op.changes) {
          const e = edges[ch.edge % edges.length];
          e.c = edgeCost(c, e.a, e.b, ch.base);
        }
        check(`after ${op.changes.length} changes`);
      }
    }),
    { seed: 5050, numRuns: 1000 },
  );
  console.log(`universal plan on graphs: ${planChecks} plans checked`);
});

// --- grids ----------------------------------------------------------------------------

const gridArb = fc.record({
  width: fc.integer({ min: 2, max: 7 }),
  height: fc.integer({ min: 1, max: 6 }),
  density: fc.constantFrom(0.2, 0.4, 0.6),
  connectivity: fc.constantFrom<4 | 8>(4, 8),
  rule: fc.constantFrom(...DIAGONAL_RULES),
  diagonalCost: fc.constantFrom(1.4, Math.SQRT2),
  // Mostly free walls (the zero-cost arcs); some dear ones, and deleted cells (arcs vanish).
  blocked: fc.constantFrom<GridOptions['blocked']>({ enterCost: 0 }, { enterCost: 0 }, { enterCost: 3 }, 'delete'),
  cells: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 42, maxLength: 42 }),
  goal: fc.nat(41),
  robot: fc.nat(41),
  ops: fc.array(fc.record({ flips: fc.array(fc.nat(41), { minLength: 1, maxLength: 3 }), batch: fc.boolean(), move: fc.nat(2) }), { minLength: 1, maxLength: 6 }),
});

let liteGridChecks = 0, liteGridCases = 0;

test('D* Lite equals a backward Dijkstra on grids whose walls cost 0 (or 3, or are deleted) as cells open and close', () => {
  fc.assert(
    fc.property(gridArb, (c) => {
      const n = c.width * c.height;
      const cells = new Uint8Array(n);
      for (let i = 0; i < n; i++) cells[i] = c.cells[i] < c.density ? 1 : 0;
      const goal = c.goal % n, robot = c.robot % n;
      const del = c.blocked === 'delete';
      if (del) { cells[goal] = 0; cells[robot] = 0; }
      const grid = new Grid(c.width, c.height, cells, { connectivity: c.connectivity, diagonalRule: c.rule, diagonalCost: c.diagonalCost, blocked: c.blocked });
      // Octile overestimates where a wall is free to enter.
      const h = typeof c.blocked === 'object' && c.blocked.enterCost === 0 ? zero : octile(grid);
      liteGridCases++;
      const d = new DStarLite(grid, robot, goal, h);
      const log: string[] = [];
      const where = () => `${c.width}x${c.height} ${JSON.stringify(c.blocked)} ${c.rule} [${Array.from(cells).join('')}], ${log.join('; ')}`;
      checkLite(d, where);
      liteGridChecks++;
      for (const op of c.ops) {
        // Deleted cells may not be where the robot or the goal stands.
        const flips = op.flips.map((f) => f % n).filter((f) => !del || (f !== d.start && f !== goal));
        // D* Lite reads the grid's edits itself: all of them in one update, or one update each.
        if (op.batch) {
          for (const f of flips) grid.setBlocked(f, !grid.isBlocked(f));
          d.updateEdges();
        } else {
          for (const f of flips) { grid.setBlocked(f, !grid.isBlocked(f)); d.updateEdges(); }
        }
        log.push(`flipped ${flips.join(' ')}`);
        checkLite(d, where);
        liteGridChecks++;
        for (let k = 0; k < op.move; k++) {
          const next = d.nextStep();
          if (next === null) break;
          d.moveTo(next);
          log.push(`robot steps to ${next}`);
        }
        checkLite(d, where);
        liteGridChecks++;
      }
    }),
    { seed: 3030, numRuns: 600 },
  );
  console.log(`D* Lite on grids: ${liteGridCases} cases, ${liteGridChecks} checks`);
});

let starGridChecks = 0, starGridCases = 0;

test('D* equals a backward Dijkstra on grids whose walls cost 0 (or 2) as setCellBlocked opens and closes cells', () => {
  fc.assert(
    fc.property(gridArb, fc.constantFrom(0, 2), fc.constantFrom<'always' | 'never'>('always', 'never'), (c, enterCost, rule) => {
      const n = c.width * c.height;
      const cells = new Uint8Array(n);
      for (let i = 0; i < n; i++) cells[i] = c.cells[i] < c.density ? 1 : 0;
      // D* works in tenths here, so 1.4 and every sum of it are exact.
      const grid = new Grid(c.width, c.height, cells, { connectivity: c.connectivity, diagonalRule: rule, diagonalCost: 1.4, blocked: { enterCost } });
      starGridCases++;
      const goal = c.goal % n;
      let robot = c.robot % n;
      const d = new DStar(grid, { costScale: 10 });
      d.initialize(goal);
      d.computeUntilClosed(robot);
      const log: string[] = [];
      const where = () => `${c.width}x${c.height} enterCost ${enterCost} ${rule} [${Array.from(cells).join('')}], ${log.join('; ')}`;
      let path = checkStar(d, robot, where);
      starGridChecks++;
      for (const op of c.ops) {
        for (const f of op.flips) setCellBlocked(d, grid, f % n, !grid.isBlocked(f % n));
        if (path !== null) robot = path[Math.min(op.move, path.length - 1)];
        log.push(`flipped ${op.flips.map((f) => f % n).join(' ')}, robot at ${robot}`);
        d.repair(robot);
        path = checkStar(d, robot, where);
        starGridChecks++;
      }
    }),
    { seed: 4040, numRuns: 600 },
  );
  console.log(`D* on grids: ${starGridCases} cases, ${starGridChecks} checks`);
});
