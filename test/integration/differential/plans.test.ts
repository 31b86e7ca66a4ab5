// ARA* (every round, the last one exact), the universal plan (h of every node,
// its arrows and follow), and A* on the unbounded grid (pathAmong), against
// the reference, on graphs and on grids edited between queries.
import fc from 'fast-check';
import { afterAll, test } from 'vitest';
import { InputError, zero, type Heuristic, type XY, type SearchSpace } from '#bestfirst';
import { pathAmong } from '#bestfirst/grid';
import { AraSearcher, ara, bellmanResidual, follow, UniversalPlanner, universalPlan, type UniversalPlan } from '#bestfirst/repair';
import {
  arcCost, atMost, expectCost, referenceCost, referenceCostToGo, ReferenceGrid, sameCost, Tally, walkPath,
} from '../../support/reference.js';
import { checkAnswer, OPTIMAL, within } from './check.js';
import {
  buildGraph, buildGrid, consistentGraphHeuristics, describeGrid, documentedAdmissible, graphWorld, pickCell, runs, SEED, safeGridHeuristic, smallGrid, type NamedHeuristic,
} from './worlds.js';

const tally = new Tally('plans');
afterAll(() => tally.report());

const SCHEDULES: readonly (readonly number[])[] = [[3, 2, 1.5, 1], [1], [2.5, 1], [5, 1.2]];

/** Every round of one ARA* query: a valid path whose cost is its own, within the round's bound; exact when eps reached 1. */
function checkAra(who: string, searcher: AraSearcher, ref: SearchSpace, space: SearchSpace, s: number, t: number, h: Heuristic, schedule: readonly number[]): void {
  const expected = referenceCost(ref, s, t);
  searcher.begin(s, t, h, { schedule });
  const r = searcher.run();
  if (expected === Infinity) {
    if (r.status !== 'unreachable' || r.path !== null) throw new Error(`${who}: status ${r.status}, but the reference finds no path`);
    tally.add('ARA*');
    return;
  }
  if (r.status !== 'found') throw new Error(`${who}: status ${r.status}, the reference finds a path of cost ${expected}`);
  for (const it of r.iterations) {
    const tag = `${who}, round eps ${it.eps}`;
    checkAnswer(tag, { status: 'found', path: it.path, cost: it.cost }, ref, space, s, t, expected, within(it.eps));
    if (!(it.bound >= 1 && it.bound <= it.eps)) throw new Error(`${tag}: bound ${it.bound} outside [1, eps]`);
    if (!atMost(it.cost, it.bound * expected)) throw new Error(`${tag}: cost ${it.cost} above its bound ${it.bound} x the optimum ${expected}`);
  }
  const last = r.iterations[r.iterations.length - 1];
  if (r.bound === 1 || last.eps === 1) expectCost(r.cost, expected, `${who}, ${r.status} after eps ${last.eps}`);
  tally.add('ARA*');
}

test('ARA* on graphs: every round within its bound, the last round (eps 1 or a bound of 1) optimal', () => {
  fc.assert(
    fc.property(graphWorld(), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (w, queries) => {
      const { graph, ref } = buildGraph(w);
      const searcher = new AraSearcher(graph);
      for (const [a, b, k, hi] of queries) {
        const s = a % w.size, t = b % w.size;
        const hs = consistentGraphHeuristics(referenceCostToGo(ref, t));
        const { name, h } = hs[hi % hs.length];
        const schedule = SCHEDULES[k % SCHEDULES.length];
        checkAra(`ARA* [${schedule}] h = ${name}: ${w.directed ? 'directed' : 'undirected'} ${w.size} nodes ${JSON.stringify(w.edges)}, ${s} -> ${t}`, searcher, ref, graph, s, t, h, schedule);
      }
    }),
    { seed: SEED, numRuns: runs(3000) },
  );
});

test('ARA* on grids of every option, one searcher across queries and edits', () => {
  fc.assert(
    fc.property(smallGrid(12), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.option(fc.tuple(fc.nat(), fc.boolean()))), { minLength: 1, maxLength: 5 }), (w, queries) => {
      const { grid, ref } = buildGrid(w);
      const searcher = new AraSearcher(grid);
      const hs: NamedHeuristic[] = [{ name: 'safe', h: safeGridHeuristic(ref.spec) }, ...documentedAdmissible(grid, ref.spec)];
      for (const [a, b, k, hi, edit] of queries) {
        if (edit !== null) { grid.setBlocked(edit[0] % ref.size, edit[1]); ref.set(edit[0] % ref.size, edit[1]); }
        const s = pickCell(ref, a), t = pickCell(ref, b);
        if (s < 0) continue;
        const { name, h } = hs[hi % hs.length];
        const schedule = SCHEDULES[k % SCHEDULES.length];
        checkAra(`ARA* [${schedule}] h = ${name}: ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, searcher, ref, grid, s, t, h, schedule);
      }
      // The one-shot function once.
      const s = pickCell(ref, 1), t = pickCell(ref, 2);
      if (s >= 0) {
        const r = ara(grid, s, t, zero);
        checkAnswer(`ara(): ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, { status: r.path ? 'found' : 'unreachable', path: r.path, cost: r.cost }, ref, grid, s, t, referenceCost(ref, s, t), OPTIMAL);
        tally.add('ARA*');
      }
    }),
    { seed: SEED, numRuns: runs(2000) },
  );
});

test('ARA* refuses a heuristic value that is not a number >= 0, with a message', () => {
  fc.assert(
    fc.property(graphWorld(6, 12), fc.nat(), fc.constantFrom<unknown>(NaN, -1, '2', null, undefined, {}), (w, a, bad) => {
      const { graph } = buildGraph(w);
      const s = a % w.size;
      let thrown: unknown = null;
      try {
        ara(graph, s, s, ((n: number) => (n === s ? bad : 0)) as Heuristic);
      } catch (e) {
        thrown = e;
      }
      if (!(thrown instanceof InputError)) throw new Error(`ara with h(start) = ${String(bad)}: expected an InputError, got ${thrown === null ? 'an answer' : String(thrown)}`);
      tally.add('ARA* refusals');
    }),
    { seed: SEED, numRuns: runs(200) },
  );
});

/** A plan against the reference cost-to-go: h everywhere, the arrows, the order, follow from a few nodes. */
function checkPlan(who: string, plan: UniversalPlan, space: SearchSpace, ref: SearchSpace, goal: number): void {
  const toGo = referenceCostToGo(ref, goal);
  let reachable = 0;
  for (let n = 0; n < toGo.length; n++) {
    if (!sameCost(plan.h[n], toGo[n])) throw new Error(`${who}: h(${n}) = ${plan.h[n]}, the reference cost-to-go is ${toGo[n]}`);
    if (toGo[n] < Infinity) reachable++;
    const next = plan.next[n];
    if (n === goal || toGo[n] === Infinity) {
      if (next !== -1) throw new Error(`${who}: next(${n}) = ${next}, expected -1 (${n === goal ? 'the goal' : 'unreachable'})`);
      continue;
    }
    const c = arcCost(ref, n, next);
    if (!sameCost(c + toGo[next], toGo[n])) throw new Error(`${who}: the arrow ${n} -> ${next} costs ${c} + ${toGo[next]}, not h(${n}) = ${toGo[n]}`);
  }
  if (plan.reachable !== reachable) throw new Error(`${who}: reachable ${plan.reachable}, the reference counts ${reachable}`);
  for (let i = 1; i < plan.reachable; i++) {
    if (plan.h[plan.order[i]] < plan.h[plan.order[i - 1]]) throw new Error(`${who}: order[${i}] has a smaller h than order[${i - 1}]`);
  }
  const residual = bellmanResidual(space, plan);
  if (!(residual <= 1e-9 * Math.max(1, plan.maxCostToGo))) throw new Error(`${who}: Bellman residual ${residual}`);
  for (let n = 0; n < toGo.length; n += Math.max(1, Math.floor(toGo.length / 5))) {
    const path = follow(plan, n);
    if (toGo[n] === Infinity) {
      if (path !== null) throw new Error(`${who}: follow(${n}) gives a path from a node that cannot reach the goal`);
    } else {
      expectCost(walkPath(ref, path, n, goal, `${who}: follow(${n})`), toGo[n], `${who}: follow(${n})`, 'cost of the path');
    }
  }
  tally.add('universal plan');
}

test('universal plan on graphs: h of every node, its arrows, follow; one planner for many goals', () => {
  fc.assert(
    fc.property(graphWorld(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (w, goals) => {
      const { graph, ref } = buildGraph(w);
      const planner = new UniversalPlanner(graph);
      for (const g of goals) {
        const goal = g % w.size;
        const where = `${w.directed ? 'directed' : 'undirected'} ${w.size} nodes ${JSON.stringify(w.edges)}, goal ${goal}`;
        checkPlan(`UniversalPlanner: ${where}`, planner.plan(goal), graph, ref, goal);
        checkPlan(`universalPlan(): ${where}`, universalPlan(graph, goal), graph, ref, goal);
      }
    }),
    { seed: SEED, numRuns: runs(1600) },
  );
});

test('universal plan on grids of every option, one planner across goals and edits', () => {
  fc.assert(
    fc.property(smallGrid(12), fc.array(fc.tuple(fc.nat(), fc.option(fc.tuple(fc.nat(), fc.boolean()))), { minLength: 1, maxLength: 4 }), (w, steps) => {
      const { grid, ref } = buildGrid(w);
      const planner = new UniversalPlanner(grid);
      for (const [g, edit] of steps) {
        if (edit !== null) { grid.setBlocked(edit[0] % ref.size, edit[1]); ref.set(edit[0] % ref.size, edit[1]); }
        const goal = pickCell(ref, g);
        if (goal < 0) continue;
        checkPlan(`UniversalPlanner, goal ${grid.formatXY(goal)} on ${describeGrid(ref)}`, planner.plan(goal), grid, ref, goal);
      }
    }),
    { seed: SEED, numRuns: runs(1600) },
  );
});

/** A legal step of the unbounded grid (free cells are those not in `blocked`), and its cost; Infinity when illegal. */
function unboundedStep(a: XY, b: XY, blocked: Set<string>, rule: string, connectivity: 4 | 8, d: number): number {
  const free = (x: number, y: number) => !blocked.has(`${x},${y}`);
  const dx = b[0] - a[0], dy = b[1] - a[1];
  if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1 || !free(b[0], b[1]) || !free(a[0], a[1])) return Infinity;
  if (dx === 0 || dy === 0) return 1;
  if (connectivity === 4 || rule === 'never') return Infinity;
  const s1 = free(a[0] + dx, a[1]), s2 = free(a[0], a[1] + dy);
  if (rule === 'no-corner-cutting' && !(s1 && s2)) return Infinity;
  if (rule === 'at-most-one-blocked' && !(s1 || s2)) return Infinity;
  return d;
}

test('pathAmong on the unbounded grid: optimal (a box one cell larger than the obstacles is enough), every step legal', () => {
  fc.assert(
    fc.property(smallGrid(8, { enterCosts: [-1], cellSizes: [1], diagonalCosts: [1, 1.4, Math.SQRT2, 2, 3, 3] }), fc.nat(), fc.nat(), (w, a, b) => {
      const { spec, cells } = w;
      // The reference: the obstacles' box with a free ring round it. With diagonals costing
      // at least an axial step, clamping any path into the ring costs no more.
      const W = spec.width + 2, H = spec.height + 2;
      const ringCells = new Uint8Array(W * H);
      const obstacles: XY[] = [];
      for (let y = 0; y < spec.height; y++) for (let x = 0; x < spec.width; x++) {
        if (cells[y * spec.width + x]) { obstacles.push([x, y]); ringCells[(y + 1) * W + x + 1] = 1; }
      }
      const ref = new ReferenceGrid({ ...spec, width: W, height: H }, ringCells);
      const inner = new ReferenceGrid(spec, cells);
      const s = pickCell(inner, a), t = pickCell(inner, b);
      if (s < 0) return;
      const sp: XY = [s % spec.width, Math.floor(s / spec.width)], tp: XY = [t % spec.width, Math.floor(t / spec.width)];
      const expected = referenceCost(ref, (sp[1] + 1) * W + sp[0] + 1, (tp[1] + 1) * W + tp[0] + 1);
      const r = pathAmong(sp, tp, obstacles, { connectivity: spec.connectivity, diagonalRule: spec.diagonalRule, diagonalCost: spec.diagonalCost, limits: { maxExpansions: 5000 } });
      const who = `pathAmong ${JSON.stringify(sp)} -> ${JSON.stringify(tp)} on ${describeGrid(inner)}`;
      if (expected === Infinity) {
        // Enclosed: the search either exhausts the start's pocket or runs out of budget outside.
        if (r.status === 'found') throw new Error(`${who}: found a path of cost ${r.cost}, the reference finds none`);
      } else {
        if (r.status !== 'found' || r.path === null) throw new Error(`${who}: status ${r.status}, the reference finds a path of cost ${expected}`);
        const blocked = new Set(obstacles.map(([x, y]) => `${x},${y}`));
        let walked = 0;
        for (let i = 0; i + 1 < r.path.length; i++) {
          const c = unboundedStep(r.path[i], r.path[i + 1], blocked, spec.diagonalRule, spec.connectivity, spec.diagonalCost);
          if (c === Infinity) throw new Error(`${who}: step ${i} ${JSON.stringify(r.path[i])} -> ${JSON.stringify(r.path[i + 1])} is not a legal move`);
          walked += c;
        }
        if (JSON.stringify(r.path[0]) !== JSON.stringify(sp) || JSON.stringify(r.path[r.path.length - 1]) !== JSON.stringify(tp)) throw new Error(`${who}: the path does not join start and goal`);
        expectCost(r.cost, walked, who, 'reported cost vs its own path: reported');
        expectCost(r.cost, expected, who);
      }
      tally.add('pathAmong');
    }),
    { seed: SEED, numRuns: runs(5000) },
  );
});
