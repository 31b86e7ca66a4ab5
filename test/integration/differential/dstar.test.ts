// Stentz's D* against the reference: h(robot) and the back-pointer route after
// initialize, and again after every batch of modifyCost + repair, while the
// robot drives (or jumps); on graphs with zero-cost arcs, parallel arcs and
// self loops whose costs change, and on grids (blocked cells kept as nodes,
// rules always or never) edited through setCellBlocked.
import fc from 'fast-check';
import { afterAll, test } from 'vitest';
import { type SearchSpace } from '#bestfirst';
import { DStar, setCellBlocked } from '#bestfirst/repair';
import { expectCost, referenceCost, ReferenceGraph, Tally, type ReferenceGrid } from '../../support/reference.js';
import { checkAnswer, OPTIMAL } from './check.js';
import { buildGrid, describeGrid, GRAPH_COSTS, graphWorld, pickCell, refusal, runs, SEED, smallGrid } from './worlds.js';

const tally = new Tally('dstar');
afterAll(() => tally.report());

/** D*'s answer at the robot: h(robot), the back-pointer route, and what that route costs by D*'s own pathCost. */
function checkRobot(who: string, d: DStar, ref: SearchSpace, robot: number, goal: number): number[] | null {
  const expected = referenceCost(ref, robot, goal);
  const h = d.h(robot);
  const path = d.path(robot);
  checkAnswer(who, { status: h < Infinity ? 'found' : 'unreachable', path, cost: h }, ref, null, robot, goal, expected, OPTIMAL);
  if (path !== null) expectCost(d.pathCost(path), h, who, 'D*.pathCost(path(robot))');
  tally.add('D*');
  return path;
}

type GraphOp = { change: [number, number][] } | { move: [boolean, number] };
const graphOp: fc.Arbitrary<GraphOp> = fc.oneof(
  { arbitrary: fc.record({ change: fc.array(fc.tuple(fc.nat(), fc.nat({ max: GRAPH_COSTS.length - 1 })), { minLength: 1, maxLength: 3 }) }), weight: 3 },
  { arbitrary: fc.record({ move: fc.tuple(fc.boolean(), fc.nat()) }), weight: 1 },
);

test('D* on graphs whose arc costs change: h(robot) and its route after initialize and after every repair', () => {
  fc.assert(
    fc.property(
      graphWorld(10, 24), fc.nat(), fc.nat(), fc.boolean(), fc.constantFrom<'both' | 'head'>('both', 'head'), fc.array(graphOp, { maxLength: 8 }),
      (w, a, b, exact, reopen, ops) => {
        const ref = ReferenceGraph.fromEdges(w.size, w.edges, w.directed);
        const goal = a % w.size;
        let robot = b % w.size;
        const d = new DStar(ref, { costScale: exact ? 10 : undefined, reopenEnds: reopen });
        const where = () => `${w.directed ? 'directed' : 'undirected'} arcs ${JSON.stringify(ref.arcs.map((x) => [x.from, x.to, x.cost]))}, robot ${robot}, goal ${goal}, costScale ${exact ? 10 : 'none'}, reopen ${reopen}`;
        d.initialize(goal);
        d.computeUntilClosed(robot);
        let path = checkRobot(`D* after initialize: ${where()}`, d, ref, robot, goal);
        for (const o of ops) {
          if ('move' in o) {
            const [jump, k] = o.move;
            if (jump) robot = k % w.size;
            else if (path !== null) robot = path[Math.min(1 + (k % 3), path.length - 1)];
          } else {
            if (w.edges.length === 0) continue;
            for (const [e, c] of o.change) {
              const i = e % w.edges.length;
              // An undirected edge is two arcs; both change.
              const arcs = w.directed ? [ref.arcs[i]] : [ref.arcs[2 * i], ref.arcs[2 * i + 1]];
              for (const arc of arcs) {
                arc.cost = GRAPH_COSTS[c];
                d.modifyCost(arc.from, arc.to);
              }
            }
          }
          d.repair(robot);
          path = checkRobot(`D* after ${'move' in o ? 'a move' : 'modifyCost'} and repair: ${where()}`, d, ref, robot, goal);
        }
      },
    ),
    { seed: SEED, numRuns: runs(5000) },
  );
});

type GridOp = { flip: number[] } | { move: [boolean, number] };
const gridOp: fc.Arbitrary<GridOp> = fc.oneof(
  { arbitrary: fc.record({ flip: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }), weight: 3 },
  { arbitrary: fc.record({ move: fc.tuple(fc.boolean(), fc.nat()) }), weight: 1 },
);

/** Every arc cost of the grid is a whole number of tenths: D* can work exactly with costScale 10. */
function tenths(ref: ReferenceGrid): boolean {
  const s = ref.spec;
  return [s.cellSize, s.cellSize * s.diagonalCost, s.enterCost].every((c) => Math.abs(c * 10 - Math.round(c * 10)) < 1e-9);
}

test('D* on grids edited through setCellBlocked (blocked cells kept as nodes, rules always and never)', () => {
  fc.assert(
    fc.property(
      smallGrid(10, { rules: ['always', 'never'], enterCosts: [0, 0.3, 1, 2, 7, 100, 10000] }), fc.nat(), fc.nat(), fc.constantFrom<'both' | 'head'>('both', 'head'), fc.array(gridOp, { maxLength: 8 }),
      (w, a, b, reopen, ops) => {
        const { grid, ref } = buildGrid(w);
        const goal = a % ref.size;
        let robot = b % ref.size;
        const exact = tenths(ref);
        const d = new DStar(grid, { costScale: exact ? 10 : undefined, reopenEnds: reopen });
        const where = () => `robot ${grid.formatXY(robot)}, goal ${grid.formatXY(goal)}, costScale ${exact ? 10 : 'none'}, reopen ${reopen}, on ${describeGrid(ref)}`;
        d.initialize(goal);
        d.computeUntilClosed(robot);
        let path = checkRobot(`D* after initialize: ${where()}`, d, ref, robot, goal);
        for (const o of ops) {
          if ('move' in o) {
            const [jump, k] = o.move;
            if (jump) robot = k % ref.size;
            else if (path !== null) robot = path[Math.min(1 + (k % 3), path.length - 1)];
          } else {
            for (const c of o.flip) {
              const n = c % ref.size;
              setCellBlocked(d, grid, n, !ref.isBlocked(n));
              ref.set(n, !ref.isBlocked(n));
            }
          }
          d.repair(robot);
          path = checkRobot(`D* after ${'move' in o ? 'a move' : 'setCellBlocked'} and repair: ${where()}`, d, ref, robot, goal);
        }
      },
    ),
    { seed: SEED, numRuns: runs(4000) },
  );
});

test('setCellBlocked refuses grids where cells vanish (deleted, or a rule that reads side cells), and changes nothing', () => {
  fc.assert(
    fc.property(smallGrid(6), fc.nat(), fc.nat(), (w, a, c) => {
      const s = w.spec;
      const rule = s.connectivity === 4 ? 'never' : s.diagonalRule;
      if (s.enterCost >= 0 && (rule === 'always' || rule === 'never')) return;
      const { grid, ref } = buildGrid(w);
      const goal = pickCell(ref, a);
      if (goal < 0) return;
      const d = new DStar(grid);
      d.initialize(goal);
      const cell = c % ref.size, version = grid.version, before = grid.cells.slice();
      refusal(() => setCellBlocked(d, grid, cell, !grid.isBlocked(cell)), `setCellBlocked on ${JSON.stringify(s)}`);
      if (grid.version !== version || grid.cells.some((v, i) => v !== before[i])) throw new Error(`setCellBlocked refused, yet changed the grid: ${JSON.stringify(s)}`);
      tally.add('refusals');
    }),
    { seed: SEED, numRuns: runs(400) },
  );
});
