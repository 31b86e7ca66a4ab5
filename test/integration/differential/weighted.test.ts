// Weighted grids against the reference: every searcher (the engine with each
// grid heuristic, the fast path with every knob, findPath, D* Lite, the
// universal plan, ARA*) on grids whose cells carry weights, edited between
// queries by setWeight (up, down, to Infinity), setBlocked and direct writes
// announced with touch. The reference charges a step its length times the
// weight of the cell it enters, on a raster of its own.
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { ASTAR, COST_TO_COME, findPath, Grid, GridSearcher, JumpPointSearcher, octile, Searcher, sum, zero, type GridSearchOptions, type Heuristic, type SearchSpace } from '#bestfirst';
import { ara, DStarLite, UniversalPlanner } from '#bestfirst/repair';
// findPath runs 'jps' and the other non-best-first searches by name once bestfirst/grid has registered them.
import '#bestfirst/grid';
import { arcCost, expectCost, referenceCost, referenceCostToGo, sameCost, Tally } from '../../support/reference.js';
import { checkAnswer, OPTIMAL, within, type Demand } from './check.js';
import { buildGrid, describeGrid, documentedAdmissible, pickCell, refusal, runs, safeGridHeuristic, SEED, WEIGHTS, weightedGrid } from './worlds.js';

const tally = new Tally('weighted grids');
afterAll(() => tally.report());

const DELETE = { enterCosts: [-1] };

/** An edit: which way, which cell, and a weight index (past the end of WEIGHTS: Infinity, i.e. blocked). */
type How = 'setWeight' | 'setBlocked' | 'weights + touch(cells)' | 'weights + touch()';
const HOWS: readonly How[] = ['setWeight', 'setWeight', 'setBlocked', 'weights + touch(cells)', 'weights + touch()'];
type Edit = [How, number, number];
const edit: fc.Arbitrary<Edit> = fc.tuple(fc.constantFrom(...HOWS), fc.nat(), fc.nat({ max: WEIGHTS.length }));

/** Applies one edit to the grid and the reference alike. */
function applyEdit(grid: Grid, ref: ReturnType<typeof buildGrid>['ref'], [how, c, k]: Edit): string {
  const n = c % ref.size, w = k < WEIGHTS.length ? WEIGHTS[k] : Infinity;
  if (how === 'setBlocked') {
    const blocked = !ref.isBlocked(n);
    grid.setBlocked(n, blocked);
    ref.set(n, blocked);
    return `setBlocked(${grid.formatXY(n)}, ${blocked})`;
  }
  if (how === 'setWeight' || grid.weights === null) {
    grid.setWeight(n, w);
    ref.setWeight(n, w);
    return `setWeight(${grid.formatXY(n)}, ${w})`;
  }
  // A direct write changes the weight only: a blocked cell stays blocked, and
  // Infinity blocks at touch, leaving weight 1 (the old one was overwritten).
  grid.weights[n] = w;
  if (how === 'weights + touch(cells)') grid.touch([n]); else grid.touch();
  if (w === Infinity) { ref.set(n, true); ref.weights[n] = 1; } else ref.weights[n] = w;
  return `${how} ${grid.formatXY(n)} = ${w}`;
}

/** The smallest weight of the reference: what the grid's heuristics are scaled by. */
function leastWeight(ref: ReturnType<typeof buildGrid>['ref']): number {
  return ref.weights.reduce((m, v) => Math.min(m, v), Infinity);
}

const FAST: readonly [string, GridSearchOptions, Demand][] = [
  ['Dijkstra', { priority: COST_TO_COME }, OPTIMAL],
  ['A* octile', { priority: ASTAR }, OPTIMAL],
  ['A* octile, fifo ties', { priority: ASTAR, tieBreak: 'fifo' }, OPTIMAL],
  ['weighted A* 2 without reopening', { priority: sum(2), reopen: false }, within(2)],
];

test('weighted grids: the fast path and the engine equal the reference, and each other bit for bit, across weight edits', () => {
  fc.assert(
    fc.property(weightedGrid(10, DELETE), fc.array(fc.oneof(edit.map((e) => ({ e })), fc.tuple(fc.nat(), fc.nat()).map((q) => ({ q }))), { minLength: 1, maxLength: 8 }), (w, ops) => {
      const { grid, ref } = buildGrid(w);
      const fast = new GridSearcher(grid), engine = new Searcher(grid), h = octile(grid);
      for (const o of ops) {
        if ('e' in o) { applyEdit(grid, ref, o.e); continue; }
        const s = pickCell(ref, o.q[0]), t = pickCell(ref, o.q[1]);
        if (s < 0) continue;
        expect(grid.weightFloor).toBe(leastWeight(ref));
        const expected = referenceCost(ref, s, t);
        const where = `${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`;
        for (const [name, options, demand] of FAST) {
          fast.search(s, t, options);
          checkAnswer(`GridSearcher ${name}: ${where}`, { status: fast.status, path: fast.path(), cost: fast.cost }, ref, grid, s, t, expected, demand);
          tally.add('GridSearcher');
        }
        // The same query through the engine with the closure: the same numbers to the bit.
        fast.search(s, t);
        engine.search(s, t, { heuristic: h });
        expect([engine.status, engine.cost, engine.expansions, engine.pushes]).toEqual([fast.status, fast.cost, fast.expansions, fast.pushes]);
        const found = findPath(grid, s, t);
        checkAnswer(`findPath: ${where}`, { status: found.status, path: found.path, cost: found.cost }, ref, grid, s, t, expected, OPTIMAL);
        tally.add('engine and findPath');
      }
    }),
    { seed: SEED, numRuns: runs(1500) },
  );
});

test('weighted grids of every option: the engine with every documented heuristic is optimal, and those heuristics stay consistent', () => {
  fc.assert(
    fc.property(weightedGrid(9), fc.nat(), fc.nat(), (w, a, b) => {
      const { grid, ref } = buildGrid(w);
      const s = pickCell(ref, a), t = pickCell(ref, b);
      if (s < 0) return;
      const expected = referenceCost(ref, s, t);
      for (const { name, h } of documentedAdmissible(grid, ref.spec)) {
        const engine = new Searcher(grid);
        engine.search(s, t, { heuristic: h });
        checkAnswer(`Searcher A* ${name}: ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, { status: engine.status, path: engine.path(), cost: engine.cost }, ref, grid, s, t, expected, OPTIMAL);
        // Consistency on every arc of the reference: h(a) <= c(a, b) + h(b), and h(goal) = 0.
        expect(h(t, t)).toBe(0);
        for (let n = 0; n < ref.size; n++) {
          for (const [m, c] of ref.arcs(n)) {
            if (!(h(n, t) <= c + h(m, t) + 1e-9)) throw new Error(`${name} is not consistent on ${grid.formatXY(n)} -> ${grid.formatXY(m)} (cost ${c}): h ${h(n, t)} vs ${h(m, t)} on ${describeGrid(ref)}`);
          }
        }
        tally.add('engine, every heuristic');
      }
    }),
    { seed: SEED, numRuns: runs(600) },
  );
});

test('weighted grids are directed: predecessors list exactly the reversed successors, each arc charged for its head', () => {
  fc.assert(
    fc.property(weightedGrid(7), (w) => {
      const { grid, ref } = buildGrid(w);
      const nodes = new Int32Array(8), costs = new Float64Array(8);
      for (let n = 0; n < grid.size; n++) {
        const out = new Map<number, number>();
        for (let i = grid.successors(n, nodes, costs) - 1; i >= 0; i--) out.set(nodes[i], costs[i]);
        expect(out).toEqual(new Map(ref.arcs(n)));
        const into = new Map<number, number>();
        for (let i = grid.predecessors(n, nodes, costs) - 1; i >= 0; i--) into.set(nodes[i], costs[i]);
        expect(into).toEqual(new Map(ref.arcsIn(n)));
      }
    }),
    { seed: SEED, numRuns: runs(300) },
  );
});

test('D* Lite on weighted grids: weight edits (lowering the floor too) are repairs, while the robot moves', () => {
  fc.assert(
    fc.property(weightedGrid(9), fc.nat(), fc.nat(), fc.boolean(), fc.array(fc.oneof(edit.map((e) => ({ e })), fc.nat().map((m) => ({ m }))), { maxLength: 8 }), (w, a, b, safe, ops) => {
      const { grid, ref } = buildGrid(w);
      const goal = pickCell(ref, a), start = pickCell(ref, b);
      if (goal < 0) return;
      // The grid's own octile (scaled by the floor as it moves), or the suite's heuristic for the lightest weight there is.
      const h: Heuristic = safe ? safeGridHeuristic(ref.spec, WEIGHTS[0]) : documentedAdmissible(grid, ref.spec).at(-1)!.h;
      const d = new DStarLite(grid, start, goal, h);
      const check = (what: string) => {
        const expected = referenceCost(ref, d.start, goal);
        const cost = d.costToGoal();
        checkAnswer(`D* Lite ${what}: robot ${grid.formatXY(d.start)}, goal ${grid.formatXY(goal)} on ${describeGrid(ref)}`,
          { status: cost < Infinity ? 'found' : 'unreachable', path: cost < Infinity ? d.path() : null, cost }, ref, grid, d.start, goal, expected, OPTIMAL);
        tally.add('D* Lite');
      };
      check('first search');
      for (const o of ops) {
        if ('m' in o) {
          const to = pickCell(ref, o.m);
          if (to >= 0) d.moveTo(to);
          check('after moveTo');
        } else {
          const said = applyEdit(grid, ref, o.e);
          if (o.e[1] % 2 === 0) d.updateEdges();
          check(`after ${said}`);
        }
      }
    }),
    { seed: SEED, numRuns: runs(1500) },
  );
});

test('universal plan and ARA* on weighted grids equal the reference after weight edits', () => {
  fc.assert(
    fc.property(weightedGrid(9), fc.nat(), fc.nat(), fc.array(edit, { maxLength: 4 }), (w, a, b, edits) => {
      const { grid, ref } = buildGrid(w);
      const planner = new UniversalPlanner(grid);
      for (const e of [null, ...edits]) {
        if (e !== null) applyEdit(grid, ref, e);
        const goal = pickCell(ref, a), start = pickCell(ref, b);
        if (goal < 0) return;
        const where = `goal ${grid.formatXY(goal)} on ${describeGrid(ref)}`;
        const plan = planner.plan(goal), toGo = referenceCostToGo(ref, goal);
        for (let n = 0; n < grid.size; n++) {
          if (!sameCost(plan.h[n], toGo[n])) throw new Error(`universal plan: h${grid.formatXY(n)} = ${plan.h[n]}, the reference ${toGo[n]}; ${where}`);
          if (plan.next[n] >= 0) expectCost(arcCost(ref, n, plan.next[n]) + toGo[plan.next[n]], toGo[n], `universal plan arrow at ${grid.formatXY(n)}; ${where}`);
        }
        const r = ara(grid, start, goal, documentedAdmissible(grid, ref.spec).at(-1)!.h);
        const expected = toGo[start];
        checkAnswer(`ARA*: from ${grid.formatXY(start)}, ${where}`, { status: r.path === null ? 'unreachable' : 'found', path: r.path, cost: r.cost }, ref, grid, start, goal, expected, OPTIMAL);
        tally.add('universal plan and ARA*');
      }
    }),
    { seed: SEED, numRuns: runs(500) },
  );
});

test('jump point search refuses a weighted grid, at construction and after a first setWeight', () => {
  const grid = new Grid(4, 4, undefined, { weights: new Array(16).fill(2) });
  expect(refusal(() => new JumpPointSearcher(grid), 'JPS on a weighted grid')).toMatch(/per-cell weights.*GridSearcher/);
  const plain = new Grid(4, 4);
  const jps = new JumpPointSearcher(plain);
  plain.setWeight(5, 3);
  expect(refusal(() => jps.search(0, 15), 'JPS after setWeight')).toMatch(/per-cell weights/);
  expect(refusal(() => findPath(plain, 0, 15, { algorithm: 'jps' }), 'findPath jps')).toMatch(/per-cell weights/);
  // What the refusal points at works: A* on the fast path.
  expect(findPath(plain, 0, 15).cost).toBeCloseTo(2 + 2 * Math.SQRT2, 12); // round the weight-3 cell (1,1)
});

test('the space a weighted grid is, seen through SearchSpace only, is what the reference says (zero stays zero)', () => {
  const { grid, ref } = buildGrid({ spec: { width: 3, height: 1, connectivity: 4, diagonalRule: 'never', diagonalCost: 2, cellSize: 2, enterCost: -1 }, cells: new Uint8Array(3), weights: Float64Array.of(1, 5, 0.5) });
  const space: SearchSpace = grid;
  const searcher = new Searcher(space);
  // Each arc is charged its head's weight, so the two ways differ: the engine, seeing only the SearchSpace, must agree.
  for (const [from, to, want] of [[0, 2, 2 * 5 + 2 * 0.5], [2, 0, 2 * 5 + 2 * 1]] as const) {
    expect(referenceCost(ref, from, to)).toBe(want);
    expect(searcher.search(from, to, { heuristic: zero })).toBe('found');
    expect(searcher.cost, `${from} -> ${to}`).toBe(want);
  }
});

test('D* Lite when an edit lowers the weight floor: the keys made with the higher heuristic are recomputed (octile on heavy terrain, then a light cell)', () => {
  // Weights 4 and 10 first, so octile is scaled by 4; then cells of 0.25 or 1 drop the
  // floor: keys queued under the old scale would order the queue wrongly (found: 78 wrong
  // costs in 3000 such worlds before the feed told D* Lite).
  const heavy = fc.record({
    w: fc.integer({ min: 4, max: 13 }), h: fc.integer({ min: 4, max: 13 }), seed: fc.nat(),
    ends: fc.tuple(fc.nat(), fc.nat()), light: fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 3 }),
  });
  fc.assert(
    fc.property(heavy, ({ w, h, seed, ends, light }) => {
      let s = seed;
      const next = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
      const cells = Uint8Array.from({ length: w * h }, () => (next() < 0.2 ? 1 : 0));
      const weights = Float64Array.from(cells, () => (next() < 0.5 ? 10 : 4));
      const { grid, ref } = buildGrid({ spec: { width: w, height: h, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost: Math.SQRT2, cellSize: 1, enterCost: -1 }, cells, weights });
      const goal = pickCell(ref, ends[0]), start = pickCell(ref, ends[1]);
      if (goal < 0) return;
      const d = new DStarLite(grid, start, goal, octile(grid));
      d.costToGoal();
      for (const [c, quarter] of light) {
        const n = pickCell(ref, c);
        grid.setWeight(n, quarter ? 0.25 : 1);
        ref.setWeight(n, quarter ? 0.25 : 1);
      }
      expectCost(d.costToGoal(), referenceCost(ref, start, goal), `D* Lite after lowering the floor on ${describeGrid(ref)}`);
      tally.add('D* Lite, floor lowered');
    }),
    { seed: SEED, numRuns: runs(1500) },
  );
});
