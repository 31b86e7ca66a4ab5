import fc from 'fast-check';
import { expect, test } from 'vitest';
import { dijkstra, InputError, Grid, type SearchSpace } from '#bestfirst';
import { DStar, TAG_NAMES, setCellBlocked } from '#bestfirst/repair';
import { gateScenario, gateWorld, type DStarTable } from '#bestfirst/worlds';
import { CLOSED, NEW, OPEN, mulberry32 as rng } from '#bestfirst/internal';
import { replanCommand } from '../../../cli/replan.js';
import { UsageError } from '../../../cli/io.js';
import { collect } from '../../support/cli-io.js';

// --- golden values of the reconstructed gate world (FIFO ties) -----------------

const GOLDEN_TRACE = `
(5,4) 2.8 2.8 LOWER
(5,3) 3.8 3.8 LOWER
(4,4) 3.8 3.8 LOWER
(4,3) 4.2 4.2 LOWER
(3,4) 4.8 4.8 LOWER
(5,2) 4.8 4.8 LOWER
(3,3) 5.2 5.2 LOWER
(4,2) 5.2 5.2 LOWER
(3,2) 5.6 10004.2 RAISE
(4,1) 6.2 6.2 LOWER
(2,2) 6.6 10005.2 RAISE
(3,1) 6.6 7.2 RAISE
(2,3) 7.0 10005.6 RAISE
(2,1) 7.0 10005.6 RAISE
(3,1) 7.2 7.2 LOWER`;

// h/k per cell, rows top (6) to bottom (1), columns 1..7; * = still OPEN.
const GOLDEN_BEFORE = `
10005/10005*    5/5             4/4             3/3             2/2             1/1             0/0
10005/10005*    5.4/5.4         4.4/4.4         3.4/3.4         2.4/2.4         1.4/1.4         1/1
8.4/8.4*        8/8*            4.8/4.8         3.8/3.8         2.8/2.8         2.4/2.4         2/2
8/8*            7/7             5.2/5.2         4.2/4.2         3.8/3.8         3.4/3.4         3/3
7.6/7.6*        6.6/6.6         5.6/5.6         5.2/5.2         4.8/4.8         4.4/4.4         4/4
8/8*            7/7             6.6/6.6         6.2/6.2         5.8/5.8         5.4/5.4         5/5`;

const GOLDEN_AFTER = `
10005/10005*    5/5             4/4             3/3             2/2             1/1             0/0
10005/10005*    5.4/5.4         4.4/4.4         3.4/3.4         2.4/2.4         1.4/1.4         1/1
10006.2/8.4*    10005.8/8*      4.8/4.8         3.8/3.8         2.8/2.8         2.4/2.4         2/2
10006.6/8*      10004.8/10004.8* 5.2/5.2        4.2/4.2         3.8/3.8         3.4/3.4         3/3
10006.2/7.6*    8.6/8.6*        7.6/7.6*        5.2/5.2         4.8/4.8         4.4/4.4         4/4
10006.6/8*      8.2/8.2*        7.2/7.2         6.2/6.2         5.8/5.8         5.4/5.4         5/5`;

const GOLDEN_FRESH = `(7,6) (6,6) (7,5) (6,5) (5,6) (7,4) (5,5) (6,4) (5,4)
(4,6) (7,3) (4,5) (6,3) (4,4) (5,3) (3,6) (7,2) (4,3) (3,5) (6,2) (3,4) (5,2) (2,6) (7,1) (3,3)
(4,2) (2,5) (6,1) (5,1) (4,1) (3,1) (3,2)`;

/** "h/k*" cells of a golden table, as "row,col" -> text in our own rendering. */
function goldenCells(table: string): string[] {
  return table.trim().split('\n').flatMap((line) => line.trim().split(/\s+/));
}

/** Our table rendered the same way: h/k with one trailing * for OPEN, values as JS prints tenths. */
function ourCells(t: DStarTable, grid: Grid): string[] {
  const out: string[] = [];
  for (let row = grid.height; row >= 1; row--) {
    for (let col = 1; col <= grid.width; col++) {
      const x = grid.idColRow(col, row);
      expect(t.tag[x], `cell (${col},${row}) is NEW`).not.toBe(NEW);
      out.push(`${t.h[x]}/${t.k[x]}${t.tag[x] === OPEN ? '*' : ''}`);
    }
  }
  return out;
}

const at = (grid: Grid, s: string) => {
  const m = /^\((\d+),(\d+)\)$/.exec(s)!;
  return grid.idColRow(Number(m[1]), Number(m[2]));
};

test('on the gate world D* repairs the robot\'s cost to 7.6 via (4,1), with the golden counts (chapter check dstar_gate_repairs_to_7_6)', () => {
  const s = gateScenario();
  const { grid, start, robot, goal } = s.world;
  const f = (n: number) => grid.formatColRow(n);
  const d = s.dstar;

  // The first search: the only optimal route (five diagonals) and its labels.
  expect(s.initialPath.map(f).join('')).toBe('(2,1)(3,2)(4,3)(5,4)(6,5)(7,6)');
  expect(s.initialCost).toBe(7.0);
  expect(s.before.h[start]).toBe(7.0);
  expect(s.before.h[grid.idColRow(4, 1)]).toBe(6.2);
  expect(s.initialPops).toBe(35);
  expect(s.initialTrace).toHaveLength(35);
  expect(s.initialTrace.every((p) => p.kind === 'LOWER')).toBe(true); // a first search never raises
  expect(ourCells(s.before, grid)).toEqual(goldenCells(GOLDEN_BEFORE));
  expect(s.driven.map(f)).toEqual(['(2,1)', '(3,2)']);

  // The closure re-opens the gate and its 8 neighbours.
  expect(s.reinserted.map(f).join(' ')).toBe('(5,3) (4,3) (5,4) (4,4) (3,4) (3,3) (3,2) (4,2) (5,2)');

  // The repair, pop by pop. The chapter says (3,2)'s key "stays 7.0" when it is
  // popped as RAISE; in original D* it is 5.6, its h before the closure
  // (INSERT on a CLOSED state keeps min(old h, new h)); 7.0 is the start's key.
  // We test the truth.
  const trace = s.repairTrace.map((p) => `${f(p.node)} ${p.kOld.toFixed(1)} ${p.h.toFixed(1)} ${p.kind}`);
  expect(trace).toEqual(GOLDEN_TRACE.trim().split('\n'));
  const pop9 = s.repairTrace[8];
  expect(pop9.node).toBe(robot);
  expect(pop9.kOld).toBe(5.6);
  expect(pop9.h).toBe(10004.2);
  expect(s.repairPops).toBe(15);
  expect(s.repairRaised).toBe(5);
  expect(s.repairTrace.filter((p) => p.kind === 'RAISE').length).toBe(5);

  // After the repair: the robot's state is OPEN again, settled at 7.6 via (4,1).
  expect(ourCells(s.after, grid)).toEqual(goldenCells(GOLDEN_AFTER));
  expect(d.k(robot)).toBe(7.6);
  expect(d.h(robot)).toBe(7.6);
  expect(d.tag(robot)).toBe(OPEN);
  expect(d.b(robot)).toBe(grid.idColRow(4, 1));
  expect(d.kMin()).toBe(7.6); // why the loop stopped: k_min is no longer < h(robot)
  expect(s.repairedPath.map(f).join('')).toBe('(3,2)(4,1)(5,2)(6,3)(7,4)(7,5)(7,6)');
  expect(s.repairedCost).toBe(7.6);
  expect(s.repairedPath[s.repairedPath.length - 1]).toBe(goal);

  // Redo instead of repair: a fresh backward Dijkstra pops 32 states until
  // (3,2) is CLOSED (7 of them wall or gate cells); A* from (3,2) expands 7.
  expect(s.freshPops).toBe(32);
  expect(s.freshOrder.map(f).join(' ')).toBe(GOLDEN_FRESH.replace(/\s+/g, ' '));
  expect(s.freshOrder.filter((x) => grid.isBlocked(x)).length).toBe(7);
  expect(s.freshAstarExpansions).toBe(7);
});

test('on the gate world the repair counts do not depend on the order neighbours are listed in', () => {
  // On the Grid itself (neighbours E,S,W,N,SE,SW,NW,NE rather than
  // counter-clockwise), some equal keys leave OPEN in another order, but the
  // counts, the labels that matter and the routes are the same.
  const w = gateWorld();
  const d = new DStar(w.grid, { costScale: 10 });
  d.initialize(w.goal);
  d.computeUntilClosed(w.start);
  expect(d.path(w.start)).toEqual(gateScenario().initialPath);
  d.resetCounters();
  expect(setCellBlocked(d, w.grid, w.gate, true)).toBe(8);
  expect(setCellBlocked(d, w.grid, w.gate, true)).toBe(0); // already closed: nothing changed
  d.repair(w.robot);
  expect([d.pops, d.raised]).toEqual([15, 5]);
  expect(d.path(w.robot)!.map((n) => w.grid.formatColRow(n)).join('')).toBe('(3,2)(4,1)(5,2)(6,3)(7,4)(7,5)(7,6)');
  const fresh = new DStar(w.grid, { costScale: 10 });
  fresh.initialize(w.goal);
  expect(fresh.computeUntilClosed(w.robot)).toBe(32);
});

test('reopen, the 0.1 name of reopenEnds, is gone: an unknown option (the 0.3 migration); reopenEnds chooses which ends modifyCost re-opens', () => {
  expect(() => new DStar(gateWorld().space, { reopen: 'head' } as never)).toThrow(/D\*: unknown option "reopen"/);
  for (const ends of ['both', 'head'] as const) {
    const runs = [{ reopenEnds: ends }, { reopenEnds: ends }].map((options) => {
      const w = gateWorld();
      const d = new DStar(w.space, { costScale: 10, ...options });
      expect(d.reopenEnds).toBe(ends);
      d.initialize(w.goal);
      d.computeUntilClosed(w.start);
      d.resetCounters();
      setCellBlocked(d, w.grid, w.gate, true);
      d.repair(w.robot);
      return [d.pops, d.raised];
    });
    expect(runs[1]).toEqual(runs[0]);
  }
});

test('Stentz\'s literal MODIFY-COST (reopenEnds: head) re-opens only the head and takes 8 pops, 5 RAISE, to the same 7.6', () => {
  // gate-world.md's sensitivity table: re-opening only the gate gives 8 / 5, same route.
  const w = gateWorld();
  const d = new DStar(w.space, { costScale: 10, reopenEnds: 'head' });
  d.initialize(w.goal);
  d.computeUntilClosed(w.start);
  d.resetCounters();
  setCellBlocked(d, w.grid, w.gate, true);
  d.repair(w.robot);
  expect([d.pops, d.raised]).toEqual([8, 5]);
  expect(d.h(w.robot)).toBe(7.6);
  expect(d.pathCost(d.path(w.robot)!)).toBe(7.6);
});

test('opening the gate again repairs the start back to 7.0 and the first route', () => {
  // Opening the gate again lowers costs: LOWER states carry 7.0 back to the start.
  const s = gateScenario();
  const { grid, gate, start } = s.world;
  const d = s.dstar;
  expect(setCellBlocked(d, grid, gate, false)).toBe(8);
  d.repair(start);
  expect(d.h(start)).toBe(7.0);
  expect(d.path(start)).toEqual(s.initialPath);
});

// --- repair against an independent oracle ------------------------------------

const caseArb = fc.record({
  width: fc.integer({ min: 2, max: 12 }),
  height: fc.integer({ min: 1, max: 12 }),
  density: fc.double({ min: 0, max: 0.4, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  connectivity: fc.constantFrom<4 | 8>(4, 8),
  exact: fc.boolean(),
  reopen: fc.constantFrom<'both' | 'head'>('both', 'head'),
});

test('D*\'s repair costs what a fresh Dijkstra does on random grids', () => {
  let checks = 0;
  fc.assert(
    fc.property(caseArb, (c) => {
      const next = rng(c.seed);
      const n = c.width * c.height;
      const cells = new Uint8Array(n);
      for (let i = 0; i < n; i++) cells[i] = next() < c.density ? 1 : 0;
      // Exact mode uses Choset's tenths; float mode the true sqrt 2 and an odd obstacle cost.
      const grid = new Grid(c.width, c.height, cells, {
        connectivity: c.connectivity, diagonalRule: 'always',
        diagonalCost: c.exact ? 1.4 : Math.SQRT2, blocked: { enterCost: c.exact ? 100 : 37.3 },
      });
      const goal = Math.floor(next() * n);
      let robot = Math.floor(next() * n);
      const d = new DStar(grid, { costScale: c.exact ? 10 : undefined, reopenEnds: c.reopen });
      d.initialize(goal);
      d.computeUntilClosed(robot);
      for (let round = 0; round < 6; round++) {
        // Cost-to-go from the robot = a forward Dijkstra from it (arcs robot -> ... -> goal).
        const oracle = dijkstra(grid, robot, goal);
        expect(oracle.status).toBe('found'); // blocked cells are only expensive: always a route
        expect(d.h(robot)).toBeCloseTo(oracle.cost, 6);
        const path = d.path(robot)!;
        expect(path[0]).toBe(robot);
        expect(d.pathCost(path)).toBeCloseTo(oracle.cost, 6);
        checks++;
        // Drive a few steps, then the world changes: 1-3 cells flip.
        const steps = Math.floor(next() * 3);
        robot = path[Math.min(steps, path.length - 1)];
        const flips = 1 + Math.floor(next() * 3);
        for (let i = 0; i < flips; i++) {
          const cell = Math.floor(next() * n);
          setCellBlocked(d, grid, cell, !grid.isBlocked(cell));
        }
        d.repair(robot);
      }
    }),
    { seed: 20240611, numRuns: 400 },
  );
  expect(checks).toBe(400 * 6);
});

/** A directed graph whose arc costs can change: D* on something that is not a grid. */
class MutableDigraph implements SearchSpace {
  readonly maxDegree: number;
  readonly out: { to: number; c: number }[][];
  constructor(readonly size: number, arcs: [number, number, number][]) {
    this.out = Array.from({ length: size }, () => []);
    for (const [a, b, c] of arcs) this.out[a].push({ to: b, c });
    let deg = 1;
    for (let x = 0; x < size; x++) {
      deg = Math.max(deg, this.out[x].length, arcs.filter(([, b]) => b === x).length);
    }
    this.maxDegree = deg;
  }
  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    this.out[n].forEach((a, i) => { nodes[i] = a.to; costs[i] = a.c; });
    return this.out[n].length;
  }
  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let m = 0;
    for (let p = 0; p < this.size; p++) for (const a of this.out[p]) if (a.to === n) { nodes[m] = p; costs[m++] = a.c; }
    return m;
  }
}

test('D*\'s repair costs what a fresh Dijkstra does on random directed graphs', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 2, max: 14 }), (seed, size) => {
      const next = rng(seed);
      const arcs: [number, number, number][] = [];
      const seen = new Set<number>();
      for (let i = 0; i < size * 3; i++) {
        const a = Math.floor(next() * size), b = Math.floor(next() * size);
        if (a === b || seen.has(a * size + b)) continue;
        seen.add(a * size + b);
        arcs.push([a, b, 1 + Math.floor(next() * 9)]);
      }
      const g = new MutableDigraph(size, arcs);
      const goal = 0;
      const d = new DStar(g, { costScale: 1 });
      d.initialize(goal);
      for (let x = 0; x < size; x++) d.computeUntilClosed(x);
      for (let round = 0; round < 5 && arcs.length > 0; round++) {
        for (let i = 0; i < 2; i++) {
          const [a, b] = arcs[Math.floor(next() * arcs.length)];
          const arc = g.out[a].find((o) => o.to === b)!;
          arc.c = next() < 0.3 ? 500 : 1 + Math.floor(next() * 9);
          d.modifyCost(a, b);
        }
        // Drain OPEN: then every state's h is its cost-to-go, reachable or not.
        while (d.processState() >= 0);
        for (let x = 0; x < size; x++) {
          const oracle = dijkstra(g, x, goal);
          if (oracle.status === 'found') {
            expect(d.h(x)).toBe(oracle.cost);
            expect(d.pathCost(d.path(x)!)).toBe(oracle.cost);
          } else {
            expect(d.tag(x)).toBe(NEW);
            expect(d.path(x)).toBeNull();
          }
        }
      }
    }),
    { seed: 77, numRuns: 120 },
  );
});

// --- bad input ----------------------------------------------------------------

test('D* refuses bad input with a message naming it', () => {
  const grid = new Grid(3, 2, undefined, { diagonalRule: 'always', diagonalCost: 1.4, blocked: { enterCost: 10000 } });
  const noPred: SearchSpace = { size: 2, maxDegree: 1, successors: () => 0 };
  expect(() => new DStar(noPred)).toThrow(/predecessors/);
  expect(() => new DStar(grid, { costScale: 0 })).toThrow(/costScale must be a finite number > 0, got 0/);
  expect(() => new DStar(grid, { costScale: NaN })).toThrow(/costScale/);
  expect(() => new DStar(grid, { reopenEnds: 'tail' as 'head' })).toThrow(/reopenEnds must be 'both' or 'head', got "tail"/);

  const d = new DStar(grid, { costScale: 10 });
  expect(() => d.repair(0)).toThrow(/repair called before initialize\(goal\)/);
  expect(() => d.initialize(6)).toThrow(/goal must be an integer node id in 0\.\.5, got 6/);
  expect(() => d.initialize(-1)).toThrow(RangeError);
  expect(() => d.initialize(1.5)).toThrow(/got 1.5/);
  d.initialize(5);
  expect(() => d.computeUntilClosed(9)).toThrow(/robot must be an integer node id in 0\.\.5, got 9/);
  expect(() => d.h(99)).toThrow(/state must be an integer node id/);
  expect(() => d.modifyCost(0, 5)).toThrow(/no arc from 0 to 5/);
  d.computeUntilClosed(0);
  expect(d.tag(0)).toBe(CLOSED);
  expect(TAG_NAMES[d.tag(0)]).toBe('CLOSED');

  // A cost D* cannot represent exactly in the chosen units is refused, not rounded.
  const root2 = new Grid(3, 2, undefined, { diagonalRule: 'always', blocked: { enterCost: 10 } });
  const e = new DStar(root2, { costScale: 10 });
  e.initialize(0);
  expect(() => e.computeUntilClosed(5)).toThrow(/cost 1\.414\d* is not a multiple of 1\/costScale = 1\/10/);
  const neg: SearchSpace = {
    size: 2, maxDegree: 1,
    successors: (_n, nodes, costs) => { nodes[0] = 1; costs[0] = -1; return 1; },
    predecessors: (_n, nodes, costs) => { nodes[0] = 1; costs[0] = -1; return 1; },
  };
  const f = new DStar(neg);
  f.initialize(0);
  expect(() => f.processState()).toThrow(/arc 1 -> 0: cost must be a finite number >= 0, got -1/);

  // The grid helper: blocked cells must stay nodes, arcs must not vanish.
  const del = new Grid(3, 2, undefined, { diagonalRule: 'always' });
  const dd = new DStar(del);
  dd.initialize(0);
  expect(() => setCellBlocked(dd, del, 1, true)).toThrow(/enterCost/);
  const ncc = new Grid(3, 2, undefined, { blocked: { enterCost: 10 } });
  const dn = new DStar(ncc);
  dn.initialize(0);
  expect(() => setCellBlocked(dn, ncc, 1, true)).toThrow(/diagonalRule 'always' or 'never', got 'no-corner-cutting'/);
  expect(() => setCellBlocked(d, grid, 6, true)).toThrow(/cell must be a cell id in 0\.\.5 of the 3 x 2 grid, got 6/);
  expect(() => setCellBlocked(d, new Grid(2, 2, undefined, { diagonalRule: 'always', blocked: { enterCost: 1 } }), 0, true)).toThrow(/space of 6 nodes/);
});

// --- the command ------------------------------------------------------------------


test('bestfirst replan prints the h tables, both routes and the repair counts', () => {
  const c = collect();
  expect(replanCommand(['--world', 'gate'], c.io)).toBe(0);
  expect(c.err).toEqual([]);
  const text = c.out.join('\n');
  expect(text).toContain('initial route: (2,1)(3,2)(4,3)(5,4)(6,5)(7,6)  cost 7.0');
  expect(text).toContain('repaired route: (3,2)(4,1)(5,2)(6,3)(7,4)(7,5)(7,6)  cost 7.6');
  expect(text).toContain('repair: 15 pops, 5 raised');
  expect(text).toContain('fresh backward Dijkstra on the changed map: 32 pops');
  // The h grids: row 6 on top, one decimal, OPEN starred.
  const rows = c.out.filter((l) => l.startsWith('row 1 ') && /\d\.\d/.test(l));
  expect(rows.map((l) => l.trim().split(/\s+/).slice(2))).toEqual([
    ['8.0*', '7.0', '6.6', '6.2', '5.8', '5.4', '5.0'],
    ['10006.6*', '8.2*', '7.2', '6.2', '5.8', '5.4', '5.0'],
  ]);
  expect(c.out.find((l) => l.startsWith('row 6 ') && l.includes('10005.0*'))).toBeDefined();
  expect(c.out.some((l) => /RAISE|LOWER/.test(l))).toBe(false);

  const t = collect();
  replanCommand(['--trace'], t.io);
  const pops = t.out.filter((l) => /^\s+\d+\s+\(\d,\d\)\s+(RAISE|LOWER)/.test(l));
  expect(pops).toHaveLength(15);
  expect(pops[8].trim().split(/\s+/)).toEqual(['9', '(3,2)', 'RAISE', '5.6', '10004.2']);

  expect(() => replanCommand(['--world', 'apartment'], collect().io)).toThrow(UsageError);
  expect(() => replanCommand(['--world', 'apartment'], collect().io)).toThrow(/--world must be one of gate, got "apartment"/);
  expect(() => replanCommand(['extra'], collect().io)).toThrow(/unexpected argument "extra"/);
});

test('the gate world puts start, goal, gate and robot at the golden coordinates', () => {
  // Guards the helpers above: the golden tables' coordinates name the cells we think.
  const { grid } = gateWorld();
  expect(grid.isBlocked(at(grid, '(4,2)'))).toBe(true);
  expect(grid.isBlocked(at(grid, '(4,3)'))).toBe(false);
  expect(goldenCells(GOLDEN_BEFORE)).toHaveLength(42);
});

test('repair calls afterPop once after each pop', () => {
  // The hook lets a viewer read h between pops without restating the stopping rule.
  const { space, start, goal, gate, robot, grid, costScale } = gateWorld();
  const d = new DStar(space, { costScale, trace: true });
  d.initialize(goal);
  d.computeUntilClosed(start);
  d.resetCounters();
  grid.setBlocked(gate, true);
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  const n = space.predecessors!(gate, nodes, costs);
  for (let i = 0; i < n; i++) d.modifyCost(nodes[i], gate);
  const hRobot: number[] = [];
  const pops = d.repair(robot, () => hRobot.push(d.h(robot)));
  expect(pops).toBe(15);
  expect(hRobot).toHaveLength(15);
  // Pop 9 raises the robot's state above 10000; pop 10, (4,1) as LOWER, rescues it at 7.6.
  expect(hRobot[8]).toBeCloseTo(10004.2, 9);
  expect(hRobot[9]).toBeCloseTo(7.6, 9);
  expect(hRobot[14]).toBeCloseTo(7.6, 9);
});

// --- zero-cost arcs, self loops and parallel arcs -----------------------------------

test('a zero-cost arc raised to 5 raises the robot to 5 (was h = 0)', () => {
  // The goal, re-opened at k = 0, ties with h(robot) = 0: Stentz's k_min < h(robot) stopped before it.
  for (const reopen of ['both', 'head'] as const) {
    const g = new MutableDigraph(2, [[1, 0, 0]]);
    const d = new DStar(g, { reopenEnds: reopen });
    d.initialize(0);
    d.computeUntilClosed(1);
    expect(d.h(1)).toBe(0);
    g.out[1][0].c = 5;
    d.modifyCost(1, 0);
    d.repair(1);
    expect(d.h(1)).toBe(5);
    expect(d.path(1)).toEqual([1, 0]);
  }
});

test('a zero-cost cycle does not become a cycle of back pointers (was h = 1 and no path)', () => {
  // 2 and 1 reach each other for free, 2 has a self loop; 2 -> 0 gets dearer. The RAISE at 2 took
  // its own child 1 (h(1) = k_old) as its way out: b(2) = 1, b(1) = 2.
  const g = new MutableDigraph(3, [[2, 0, 1], [2, 1, 0], [2, 2, 0], [1, 2, 0]]);
  const d = new DStar(g);
  d.initialize(0);
  d.computeUntilClosed(2);
  expect(d.h(2)).toBe(1);
  g.out[2][0].c = 4;
  d.modifyCost(2, 0);
  d.repair(2);
  expect(d.h(2)).toBe(4);
  expect(d.path(2)).toEqual([2, 0]);
  expect(d.pathCost(d.path(2)!)).toBe(4);
});

test('free arcs 1 <-> 2, arcs to 0 of cost 2, 1 -> 2 raised to 10: h stays at the true 2', () => {
  const g = new MutableDigraph(3, [[1, 2, 0], [2, 1, 0], [2, 0, 2], [1, 0, 2]]);
  const d = new DStar(g);
  d.initialize(0);
  d.computeUntilClosed(1);
  expect(d.h(1)).toBe(2);
  g.out[1][0].c = 10;
  d.modifyCost(1, 2);
  d.repair(1);
  expect(d.h(1)).toBe(2);
  expect(d.pathCost(d.path(1)!)).toBe(2);
});

test('parallel arcs count as their cheapest (was h = 5, and pathCost read the first arc)', () => {
  // Listed dear first: the dear arc used to overwrite what the cheap one set.
  const g = new MutableDigraph(2, [[1, 0, 1], [1, 0, 5]]);
  const d = new DStar(g);
  d.initialize(0);
  d.computeUntilClosed(1);
  expect(d.h(1)).toBe(1);
  expect(d.pathCost([1, 0])).toBe(1);
  const r = new MutableDigraph(2, [[1, 0, 5], [1, 0, 1]]);
  const e = new DStar(r);
  e.initialize(0);
  e.computeUntilClosed(1);
  expect(e.h(1)).toBe(1);
  expect(e.pathCost([1, 0])).toBe(1);
  // The cheap one gets dear: the other takes over.
  r.out[1][1].c = 9;
  e.modifyCost(1, 0);
  e.repair(1);
  expect(e.h(1)).toBe(5);
});

test('D*\'s options and node ids are InputErrors naming the value', () => {
  const grid = new Grid(3, 2, undefined, { diagonalRule: 'always', diagonalCost: 1.4, blocked: { enterCost: 10000 } });
  const refuse = (f: () => unknown, re: RegExp) => { expect(f).toThrow(InputError); expect(f).toThrow(re); };
  refuse(() => new DStar(grid, { costScale: null as never }), /D\*: costScale must be a finite number > 0, got null/);
  refuse(() => new DStar(grid, { costScale: '10' as never }), /costScale must be a finite number > 0, got "10"/);
  refuse(() => new DStar(grid, { reopenEnds: 'no' as never }), /D\*: reopenEnds must be 'both' or 'head', got "no"/);
  refuse(() => new DStar(grid, { reopenEnds: null as never }), /reopenEnds must be 'both' or 'head', got null/);
  refuse(() => new DStar(grid, { reopenEnds: 'tail' as never }), /D\*: reopenEnds must be 'both' or 'head', got "tail"/);
  refuse(() => new DStar(grid, { reopenEnds: 'head', reopen: 'head' } as never), /D\*: unknown option "reopen"/);
  refuse(() => new DStar(grid, { trace: 'yes' as never }), /D\*: trace must be true or false, got "yes"/);
  refuse(() => new DStar(grid, { costscale: 10 } as never), /D\*: unknown option "costscale" \(allowed: costScale, reopenEnds, trace\)/);
  refuse(() => new DStar(grid, null as never), /D\*: options must be an object, got null/);
  refuse(() => new DStar(null as never), /predecessors/);

  const d = new DStar(grid, { costScale: 10 });
  refuse(() => d.repair(0), /repair called before initialize\(goal\)/);
  refuse(() => d.initialize(6), /goal must be an integer node id in 0\.\.5, got 6/);
  d.initialize(5);
  refuse(() => d.computeUntilClosed(0.5), /robot must be an integer node id in 0\.\.5, got 0.5/);
  refuse(() => d.repair(0, 'log' as never), /D\*: repair: afterPop must be a function, got "log"/);
  refuse(() => d.modifyCost(-1, 0), /modifyCost: from must be/);
  refuse(() => d.modifyCost(0, 5), /no arc from 0 to 5/);
  refuse(() => d.path(6), /path: from must be/);
  refuse(() => d.h(-2), /state must be an integer node id/);
  refuse(() => d.pathCost('0 1' as never), /pathCost: path must be an array of node ids, got "0 1"/);
  refuse(() => d.pathCost([0, 9]), /pathCost: path\[1\] must be/);
  refuse(() => d.pathCost([0, 5]), /pathCost: no arc from 0 to 5 \(step 1 of the path\)/);
  refuse(() => setCellBlocked(d, grid, 1, 'yes' as never), /setCellBlocked: blocked must be true or false, got "yes"/);
  refuse(() => setCellBlocked(d, grid, 6, true), /cell must be a cell id in 0\.\.5/);
  refuse(() => setCellBlocked({} as never, grid, 1, true), /setCellBlocked: dstar must be a DStar, got {}/);
  refuse(() => setCellBlocked(d, null as never, 1, true), /setCellBlocked: grid must be a Grid, got null/);
  expect(grid.isBlocked(1)).toBe(false);
  expect(d.computeUntilClosed(0)).toBeGreaterThan(0);
  expect(d.h(0)).toBeCloseTo(2.4, 9);
});

test('a bad cost met in the middle of PROCESS-STATE is an InputError, and D* refuses every call until initialize', () => {
  const g = new MutableDigraph(3, [[1, 0, 1], [2, 1, 1]]);
  const d = new DStar(g);
  d.initialize(0);
  g.out[2][0].c = NaN;
  expect(() => d.computeUntilClosed(2)).toThrow(/D\*: arc 2 -> 1: cost must be a finite number >= 0, got NaN/);
  expect(() => d.repair(2)).toThrow(/D\*: this search stopped in the middle of PROCESS-STATE at an earlier error .*call initialize\(goal\) again/);
  expect(() => d.processState()).toThrow(InputError);
  g.out[2][0].c = 1;
  d.initialize(0);
  d.computeUntilClosed(2);
  expect(d.h(2)).toBe(2);
});
