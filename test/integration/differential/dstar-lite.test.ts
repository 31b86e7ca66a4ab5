// D* Lite against the reference: the cost to the goal, the greedy descent
// (path and nextStep) after the first search and after every updateEdges /
// updateCells / setBlocked and every robot move (a step, or a jump anywhere);
// on graphs whose arcs change, appear and vanish (zero-cost arcs, parallel
// arcs, self loops), and on grids of every option edited in every way.
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { type ArcChange, InputError, zero, type Heuristic, type SearchSpace } from '#bestfirst';
import { DStarLite } from '#bestfirst/repair';
import { expectCost, referenceCost, ReferenceGraph, Tally } from '../../support/reference.js';
import { checkAnswer, OPTIMAL } from './check.js';
import { buildGrid, describeGrid, documentedAdmissible, GRAPH_COSTS, graphWorld, pickCell, refusal, safeGridHeuristic, runs, SEED, smallGrid } from './worlds.js';

const tally = new Tally('dstar-lite');
afterAll(() => tally.report());

/** D* Lite's answer at its robot: costToGoal, and the greedy descent that must realise it. */
function checkRobot(who: string, d: DStarLite, ref: SearchSpace, space: SearchSpace | null): number[] | null {
  const robot = d.start, goal = d.goal;
  const expected = referenceCost(ref, robot, goal);
  const cost = d.costToGoal();
  const path = cost < Infinity ? d.path() : null;
  checkAnswer(who, { status: cost < Infinity ? 'found' : 'unreachable', path, cost }, ref, space, robot, goal, expected, OPTIMAL);
  const next = d.nextStep();
  const want = path === null || path.length < 2 ? null : path[1];
  if (next !== want) throw new Error(`${who}: nextStep() = ${next}, the path's second node is ${want}`);
  tally.add('D* Lite');
  return path;
}

// A cost index past the end of GRAPH_COSTS removes the arc (Infinity): arcs appear and vanish.
type GraphOp = { change: [number, number][] } | { move: [boolean, number] };
const graphOp: fc.Arbitrary<GraphOp> = fc.oneof(
  { arbitrary: fc.record({ change: fc.array(fc.tuple(fc.nat(), fc.nat({ max: GRAPH_COSTS.length + 1 })), { minLength: 1, maxLength: 3 }) }), weight: 3 },
  { arbitrary: fc.record({ move: fc.tuple(fc.boolean(), fc.nat()) }), weight: 2 },
);

test('D* Lite on graphs whose arcs change, appear and vanish, while the robot moves', () => {
  fc.assert(
    fc.property(graphWorld(10, 24), fc.nat(), fc.nat(), fc.array(graphOp, { maxLength: 8 }), (w, a, b, ops) => {
      const ref = ReferenceGraph.fromEdges(w.size, w.edges, w.directed);
      const goal = a % w.size, start = b % w.size;
      const d = new DStarLite(ref, start, goal, zero);
      const where = () => `${w.directed ? 'directed' : 'undirected'} arcs ${JSON.stringify(ref.arcs.map((x) => [x.from, x.to, x.cost]))}, robot ${d.start}, goal ${goal}`;
      let path = checkRobot(`D* Lite, first search: ${where()}`, d, ref, null);
      for (const o of ops) {
        if ('move' in o) {
          const [jump, k] = o.move;
          if (jump) d.moveTo(k % w.size);
          else if (path !== null && path.length > 1) d.moveTo(path[1]);
          path = checkRobot(`D* Lite after moveTo: ${where()}`, d, ref, null);
          continue;
        }
        if (w.edges.length === 0) continue;
        // Old costs of every (from, to) pair touched, before any change of the batch.
        const old = new Map<string, ArcChange>();
        for (const [e, c] of o.change) {
          const i = e % w.edges.length;
          const arcs = w.directed ? [ref.arcs[i]] : [ref.arcs[2 * i], ref.arcs[2 * i + 1]];
          for (const arc of arcs) {
            const key = `${arc.from} ${arc.to}`;
            if (!old.has(key)) old.set(key, { from: arc.from, to: arc.to, oldCost: ref.cost(arc.from, arc.to) });
          }
          for (const arc of arcs) arc.cost = c < GRAPH_COSTS.length ? GRAPH_COSTS[c] : Infinity;
        }
        d.updateEdges([...old.values()]);
        path = checkRobot(`D* Lite after updateEdges ${JSON.stringify([...old.values()])}: ${where()}`, d, ref, null);
      }
    }),
    { seed: SEED, numRuns: runs(5000) },
  );
});

// D* Lite learns of a grid's edits from the grid (Grid.watchArcs): at the next query, or at updateEdges().
type How = 'grid.setBlocked, next query' | 'grid.setBlocked + updateEdges()' | 'cells + touch(cells)' | 'cells + touch()';
const HOWS: readonly How[] = ['grid.setBlocked, next query', 'grid.setBlocked + updateEdges()', 'cells + touch(cells)', 'cells + touch()'];
type GridOp = { edit: [How, [number, boolean][]] } | { move: [boolean, number] };
const gridOp: fc.Arbitrary<GridOp> = fc.oneof(
  { arbitrary: fc.record({ edit: fc.tuple(fc.constantFrom(...HOWS), fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 3 })) }), weight: 3 },
  { arbitrary: fc.record({ move: fc.tuple(fc.boolean(), fc.nat()) }), weight: 2 },
);

test('D* Lite on grids of every option, edited in every way, while the robot moves', () => {
  fc.assert(
    fc.property(smallGrid(10), fc.nat(), fc.nat(), fc.nat(), fc.array(gridOp, { maxLength: 8 }), (w, a, b, hi, ops) => {
      const { grid, ref } = buildGrid(w);
      const goal = pickCell(ref, a), start = pickCell(ref, b);
      if (goal < 0) return;
      // The suite's own consistent heuristic, or a library one where its doc calls it admissible.
      const hs: [string, Heuristic][] = [['safe', safeGridHeuristic(ref.spec)], ...documentedAdmissible(grid, ref.spec).map((x): [string, Heuristic] => [x.name, x.h])];
      const [hName, h] = hs[hi % hs.length];
      const d = new DStarLite(grid, start, goal, h);
      const where = () => `h = ${hName}, robot ${grid.formatXY(d.start)}, goal ${grid.formatXY(goal)} on ${describeGrid(ref)}`;
      let path = checkRobot(`D* Lite, first search: ${where()}`, d, ref, grid);
      for (const o of ops) {
        if ('move' in o) {
          const [jump, k] = o.move;
          if (jump) {
            const to = pickCell(ref, k);
            if (to >= 0) d.moveTo(to);
          } else if (path !== null && path.length > 1) d.moveTo(path[1]);
          path = checkRobot(`D* Lite after moveTo: ${where()}`, d, ref, grid);
          continue;
        }
        const [how, edits] = o.edit;
        const cells = edits.map(([c]) => c % ref.size);
        for (let i = 0; i < cells.length; i++) {
          const n = cells[i], blocked = edits[i][1];
          if (how.startsWith('grid.setBlocked')) grid.setBlocked(n, blocked);
          else grid.cells[n] = blocked ? 1 : 0;
          ref.set(n, blocked);
        }
        if (how === 'cells + touch(cells)') grid.touch(cells);
        else if (how === 'cells + touch()') grid.touch();
        if (how !== 'grid.setBlocked, next query') d.updateEdges();
        path = checkRobot(`D* Lite after ${how} ${JSON.stringify(edits.map(([, bl], i) => [grid.formatXY(cells[i]), bl]))}: ${where()}`, d, ref, grid);
      }
    }),
    { seed: SEED, numRuns: runs(4000) },
  );
});

test('D* Lite refuses a space without predecessors, and on a space that reports no changes of its own updateEdges() only repairs', () => {
  fc.assert(
    fc.property(graphWorld(6, 10), (w) => {
      const ref = ReferenceGraph.fromEdges(w.size, w.edges, w.directed);
      const forwardOnly: SearchSpace = { size: ref.size, maxDegree: ref.maxDegree, successors: (n, nodes, costs) => ref.successors(n, nodes, costs) };
      refusal(() => new DStarLite(forwardOnly, 0, w.size - 1, zero), 'DStarLite without predecessors');
      const d = new DStarLite(ref, 0, w.size - 1, zero);
      expect(d.updateEdges().status).toBe('done');
      expectCost(d.costToGoal(), referenceCost(ref, 0, w.size - 1), 'D* Lite after updateEdges() with nothing to report');
      tally.add('refusals');
    }),
    { seed: SEED, numRuns: runs(200) },
  );
});

test('D* Lite refuses a heuristic value that is not a number >= 0 with an InputError, instead of answering', () => {
  fc.assert(
    fc.property(graphWorld(6, 12), fc.nat(), fc.nat(), fc.constantFrom<unknown>(NaN, -1, '2', null, undefined, {}), (w, a, b, bad) => {
      const ref = ReferenceGraph.fromEdges(w.size, w.edges, w.directed);
      const start = a % w.size, goal = b % w.size;
      // Bad on the first pair D* Lite must evaluate: h(start, goal), the goal's first key.
      const h = ((x: number, y: number) => (x === start && y === goal ? bad : 0)) as Heuristic;
      let thrown: unknown = null, answer = NaN;
      try {
        answer = new DStarLite(ref, start, goal, h).costToGoal();
      } catch (e) {
        thrown = e;
      }
      if (!(thrown instanceof InputError)) {
        throw new Error(`DStarLite with h(start, goal) = ${String(bad)}: expected an InputError, got ${thrown === null ? `costToGoal ${answer} (the reference says ${referenceCost(ref, start, goal)})` : String(thrown)}`);
      }
      tally.add('refusals');
    }),
    { seed: SEED, numRuns: runs(200) },
  );
});
