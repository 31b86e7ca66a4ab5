import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from 'vitest';
import { UsageError } from '../../../cli/io.js';
import { replanMap } from '../../../cli/replan-map.js';
import { astar, dijkstra, InputError, Grid, type GridOptions, manhattan, octile, zero, type SearchSpace } from '#bestfirst';
import { DIAGONAL_RULES } from '#bestfirst/grid';
import { DStarLite } from '#bestfirst/repair';
import { parseMap, parseScen } from '#bestfirst/io';
import { mulberry32 } from '#bestfirst/internal';
import { dataFile } from '../../support/data.js';
import { collect } from '../../support/cli-io.js';


const nodes = new Int32Array(64);
const costs = new Float64Array(64);

/** c(u, v) read from the space's successors; Infinity when there is no such arc. */
function arcCost(space: SearchSpace, u: number, v: number): number {
  const d = space.successors(u, nodes, costs);
  let c = Infinity;
  for (let i = 0; i < d; i++) if (nodes[i] === v) c = Math.min(c, costs[i]);
  return c;
}

/** Cost of following nextStep from the robot to the goal; Infinity if the descent stalls or loops. */
function descentCost(d: DStarLite): number {
  let sum = 0;
  let s = d.start;
  for (let steps = 0; s !== d.goal; steps++) {
    const n = d.nextStep(s);
    if (n === null || steps > d.space.size) return Infinity;
    sum += arcCost(d.space, s, n);
    s = n;
  }
  return sum;
}

/** Compares D* Lite at the robot with a fresh A*; returns a description of the mismatch or null. */
function mismatch(d: DStarLite, grid: Grid): string | null {
  const got = d.costToGoal();
  const fresh = astar(grid, d.start, d.goal, octile(grid));
  if (fresh.status !== 'found') {
    if (got !== Infinity) return `unreachable for A*, D* Lite says ${got}`;
    if (d.nextStep() !== null) return 'unreachable, but nextStep is not null';
    return null;
  }
  if (!(Math.abs(got - fresh.cost) <= 1e-9)) return `cost ${got} vs fresh A* ${fresh.cost}`;
  const walked = descentCost(d);
  if (!(Math.abs(walked - fresh.cost) <= 1e-9)) return `greedy descent costs ${walked}, A* ${fresh.cost}`;
  return null;
}

function gridOptions(i: number): GridOptions {
  const diagonalCost = (i >> 1) % 2 === 0 ? Math.SQRT2 : 1.4;
  if (i % 2 === 0) return { connectivity: 4 };
  const rule = DIAGONAL_RULES[(i >> 2) % DIAGONAL_RULES.length];
  // A few grids charge for entering a blocked cell instead of deleting it.
  const blocked = i % 10 === 9 ? { enterCost: 7 } : 'delete';
  return { connectivity: 8, diagonalRule: rule, diagonalCost, blocked };
}

test('as cells flip and the robot walks, D* Lite\'s cost-to-goal and descent equal a fresh A*\'s (chapter check dstar_lite_equals_fresh_astar)', () => {
  const failures: string[] = [];
  let checks = 0, unreachable = 0, reopened = 0, arrived = 0, teleports = 0;
  for (let i = 0; i < 40; i++) {
    const r = mulberry32(7919 * (i + 1));
    const w = 10 + Math.floor(r() * 31), h = 10 + Math.floor(r() * 31);
    const density = 0.1 + r() * 0.25;
    const cells = new Uint8Array(w * h);
    for (let c = 0; c < cells.length; c++) cells[c] = r() < density ? 1 : 0;
    const start = Math.floor(r() * cells.length);
    let goal = Math.floor(r() * cells.length);
    if (goal === start) goal = (start + 1) % cells.length;
    cells[start] = 0;
    cells[goal] = 0;
    const grid = new Grid(w, h, cells, gridOptions(i));
    const d = new DStarLite(grid, start, goal, octile(grid));
    const where = (what: string) => `grid ${i} (${w}x${h}, ${JSON.stringify(gridOptions(i))}), robot ${grid.formatXY(d.start)}, ${what}`;
    const check = (what: string) => {
      checks++;
      const m = mismatch(d, grid);
      if (m !== null) failures.push(`${where(what)}: ${m}`);
      return d.costToGoal() !== Infinity;
    };
    let reachable = check('first search');

    /** A cell to flip: half the time within 3 cells of the robot, else anywhere; never the robot's or the goal's. */
    const pick = (): number => {
      for (;;) {
        let c: number;
        if (r() < 0.5) {
          const x = grid.x(d.start) + Math.floor(r() * 7) - 3, y = grid.y(d.start) + Math.floor(r() * 7) - 3;
          if (!grid.inside(x, y)) continue;
          c = grid.id(x, y);
        } else {
          c = Math.floor(r() * grid.size);
        }
        if (c !== d.start && c !== d.goal) return c;
      }
    };

    for (let round = 0; round < 80 && d.start !== goal; round++) {
      const batch = r() < 0.2;
      const flips = 1 + Math.floor(r() * 3);
      const list: number[] = [], was: number[] = [];
      for (let f = 0; f < flips; f++) {
        const c = pick();
        was.push(grid.cells[c]);
        list.push(c);
        grid.setBlocked(c, grid.cells[c] === 0);
        if (!batch) {
          d.updateEdges(); // the grid reports the flip itself
          const now = check(`after flipping ${grid.formatXY(c)} in round ${round}`);
          if (!now) unreachable++;
          if (now && !reachable) reopened++;
          reachable = now;
        }
      }
      if (batch) {
        d.updateEdges();
        const now = check(`after flipping ${list.map((c) => grid.formatXY(c)).join(' ')} at once in round ${round}`);
        if (!now) unreachable++;
        if (now && !reachable) reopened++;
        reachable = now;
      }
      if (r() < 0.05) {
        // Now and then the robot is carried off (a widget drag): the next query must repair first.
        const to = Math.floor(r() * grid.size);
        if (grid.cells[to] === 0 || grid.enterCost >= 0) {
          d.moveTo(to);
          teleports++;
          reachable = check(`after a jump to ${grid.formatXY(to)} in round ${round}`);
          continue;
        }
      }
      const next = d.nextStep();
      if (next !== null) {
        d.moveTo(next);
        reachable = check(`after stepping in round ${round}`);
      }
    }
    if (d.start === goal) arrived++;
  }
  expect(failures.slice(0, 5)).toEqual([]);
  // The walk must have exercised what it claims to: many checks, lost and found goals, arrivals.
  expect(checks).toBeGreaterThan(2000);
  expect(unreachable).toBeGreaterThan(0);
  expect(reopened).toBeGreaterThan(0);
  expect(arrived).toBeGreaterThan(30);
  expect(teleports).toBeGreaterThan(10);
});

test('the goal walled in, then reachable when one cell reopens, then walled in again', () => {
  const grid = Grid.fromAscii([
    '.......',
    '.#####.',
    '.#...#.',
    '.#...#.',
    '.##.##.',
    '.......',
  ], { connectivity: 8, diagonalRule: 'no-corner-cutting' });
  const start = grid.id(0, 0), goal = grid.id(3, 2), gap = grid.id(3, 4);
  const d = new DStarLite(grid, start, goal, octile(grid));
  const open = astar(grid, start, goal, octile(grid)).cost;
  expect(d.costToGoal()).toBeCloseTo(open, 9);
  grid.setBlocked(gap, true);
  expect(d.updateEdges().pops).toBeGreaterThan(0);
  expect(d.costToGoal()).toBe(Infinity);
  expect(d.nextStep()).toBeNull();
  expect(d.path()).toBeNull();
  grid.setBlocked(gap, false); // no updateEdges: the next query reads the change from the grid
  expect(d.costToGoal()).toBeCloseTo(open, 9);
  expect(descentCost(d)).toBeCloseTo(open, 9);
  expect(d.path()!.at(-1)).toBe(goal);
  // Walk two steps, close the gap behind the walls again.
  d.moveTo(d.nextStep()!);
  d.moveTo(d.nextStep()!);
  grid.setBlocked(gap, true);
  expect(d.costToGoal()).toBe(Infinity);
  expect(d.nextStep()).toBeNull();
});

test('keys: the goal starts alone at [h(start, goal); 0], and a corridor takes five pops', () => {
  const grid = Grid.fromAscii(['.....'], { connectivity: 4 });
  const d = new DStarLite(grid, 0, 4, manhattan(grid));
  expect(d.queueSize).toBe(1);
  expect(d.isQueued(4)).toBe(true);
  expect(d.topKey()).toEqual([4, 0]);
  expect(d.rhsOf(4)).toBe(0);
  expect(d.gOf(4)).toBe(Infinity);
  // Goal, then 3, 2, 1 at keys [4; 1], [4; 2], [4; 3], then the robot itself at [4; 4]: a tie with its own key.
  expect(d.computeShortestPath()).toBe(5);
  expect(d.costToGoal()).toBe(4);
  expect([0, 1, 2, 3, 4].map((n) => d.gOf(n))).toEqual([4, 3, 2, 1, 0]);
  expect(d.queueSize).toBe(0);
  expect(d.keyOf(0)).toEqual([4, 4]);
  expect(d.lastRepair()).toEqual({ pops: 5, changed: 5, touched: 5, status: 'done', reason: null });
  expect([...d.footprint()].sort()).toEqual([0, 1, 2, 3, 4]);
  expect(d.path()).toEqual([0, 1, 2, 3, 4]);
  expect(d.nextStep(4)).toBeNull();
});

test('km: moving the robot keeps every queued key, the next update adds h(last, start)', () => {
  const grid = Grid.fromAscii(['.....', '.....', '.....'], { connectivity: 4 });
  const h = manhattan(grid);
  const d = new DStarLite(grid, grid.id(0, 0), grid.id(4, 0), h);
  expect(d.costToGoal()).toBe(4);
  const queued = d.topKey();
  d.moveTo(d.nextStep()!);
  d.moveTo(d.nextStep()!);
  expect(d.start).toBe(grid.id(2, 0));
  expect(d.km).toBe(0);
  expect(d.topKey()).toEqual(queued); // no re-keying when the robot moves
  grid.setBlocked(grid.id(3, 0), true);
  d.updateEdges();
  expect(d.km).toBe(2); // h((0,0), (2,0))
  expect(d.keyOf(d.start)).toEqual([4 + 2, 4]);
  expect(d.costToGoal()).toBe(4); // down, right, right, up
  expect(d.path()!.map((n) => grid.formatXY(n))).toEqual(['(2,0)', '(2,1)', '(3,1)', '(4,1)', '(4,0)']);
  d.moveTo(d.nextStep()!);
  grid.setBlocked(grid.id(3, 0), false);
  d.updateEdges();
  expect(d.km).toBe(3);
  expect(d.costToGoal()).toBe(astar(grid, d.start, d.goal, h).cost);
  // The footprint is the last update's: the cells whose g or rhs moved, and the pops.
  const fp = d.footprint();
  expect(fp.length).toBe(d.lastRepair().touched);
  expect(d.lastRepair().changed).toBeGreaterThan(0);
  for (const n of fp) expect(d.inFootprint(n)).toBe(true);
});

test('a change far from every path costs a few pops; a change on the path repairs it', () => {
  const rows = Array.from({ length: 30 }, () => '.'.repeat(30));
  const grid = Grid.fromAscii(rows);
  const d = new DStarLite(grid, grid.id(0, 0), grid.id(10, 0), octile(grid));
  d.costToGoal();
  grid.setBlocked(grid.id(29, 29), true);
  const far = d.updateEdges();
  expect(far.pops).toBeLessThanOrEqual(3);
  grid.setBlocked(grid.id(5, 0), true);
  const near = d.updateEdges();
  expect(near.pops).toBeGreaterThan(0);
  expect(d.costToGoal()).toBeCloseTo(astar(grid, d.start, d.goal, octile(grid)).cost, 9);
});

test('errors: endpoints, spaces without predecessors, bad reports', () => {
  const grid = Grid.fromAscii(['#...', '....']);
  expect(() => new DStarLite(grid, 0, 3, octile(grid))).toThrow(/start \(0,0\).*blocked/);
  expect(() => new DStarLite(grid, 1, 0, octile(grid))).toThrow(/goal \(0,0\).*blocked/);
  expect(() => new DStarLite(grid, 1, 99, octile(grid))).toThrow(RangeError);
  expect(() => new DStarLite(grid, 1, 99, octile(grid))).toThrow(/goal must be .* 0\.\.7.*got 99/);
  expect(() => new DStarLite(grid, -1, 3, octile(grid))).toThrow(/start must be .*got -1/);
  expect(() => new DStarLite(grid, 1, 3, octile(grid), { limits: { maxExpansions: -1 } })).toThrow(/maxExpansions must be a number >= 0.*got -1/);
  expect(() => new DStarLite(grid, 1, 3, 5 as never)).toThrow(/heuristic must be a function/);
  const forwardOnly: SearchSpace = { size: 3, maxDegree: 1, successors: (n, out, c) => { if (n >= 2) return 0; out[0] = n + 1; c[0] = 1; return 1; } };
  expect(() => new DStarLite(forwardOnly, 0, 2, zero)).toThrow(/predecessors/);

  const d = new DStarLite(grid, 1, 3, octile(grid));
  expect(() => d.moveTo(0)).toThrow(/moveTo \(0,0\).*blocked/);
  expect(() => d.moveTo(8)).toThrow(/moveTo must be .*got 8/);
  expect(() => d.updateEdges([{ from: 1, to: 2, oldCost: NaN }])).toThrow(/change 0 \(1 -> 2\): oldCost must be/);
  const m = new MatrixSpace(3);
  m.set(0, 1, 1);
  // A space that reports no changes of its own: updateEdges() with none given just repairs (here, the first search).
  expect(new DStarLite(m, 0, 1, zero).updateEdges()).toMatchObject({ pops: 2, status: 'done' });
});

test('limits.maxExpansions: the search stops with status stopped, and carries on when called again', () => {
  const grid = Grid.fromAscii(['.....'], { connectivity: 4 });
  const d = new DStarLite(grid, 0, 4, manhattan(grid), { limits: { maxExpansions: 3 } });
  expect(d.status).toBe('done'); // nothing has been cut short yet
  expect(d.computeShortestPath()).toBe(3);
  expect(d.status).toBe('stopped');
  expect(d.lastRepair()).toMatchObject({ pops: 3, status: 'stopped', reason: 'max-expansions' });
  expect(d.gOf(0)).toBe(Infinity); // the robot's vertex is not reached yet
  expect(d.computeShortestPath()).toBe(2);
  expect(d.status).toBe('done');
  expect(d.costToGoal()).toBe(4);

  // An update gets the same budget; a query finishes what a budget cut short, so its answer is exact.
  const e = new DStarLite(grid, 0, 4, manhattan(grid), { limits: { maxExpansions: 1 } }); // this grid is edited below
  grid.setBlocked(2, false);
  const first = e.updateEdges();
  expect(first).toMatchObject({ pops: 1, status: 'stopped' });
  expect(e.costToGoal()).toBe(4);
  expect(e.status).toBe('done');
  expect(e.path()).toEqual([0, 1, 2, 3, 4]);
  grid.setBlocked(2, true);
  const cut = e.updateEdges();
  expect(cut.status).toBe('stopped');
  expect(e.nextStep()).toBeNull(); // the wall is in: finished by the query, not guessed
  expect(e.costToGoal()).toBe(Infinity);

  // maxExpansions: 0 never pops; the queries still answer.
  const open = Grid.fromAscii(['.....'], { connectivity: 4 });
  const z = new DStarLite(open, 0, 4, manhattan(open), { limits: { maxExpansions: 0 } });
  expect(z.computeShortestPath()).toBe(0);
  expect(z.status).toBe('stopped');
  expect(z.costToGoal()).toBe(4);
});

test('limits, the budget\'s name everywhere; maxSteps (0.1) and maxExpansions (0.2) as options are gone (unknown options); a bad value is an InputError', () => {
  const grid = Grid.fromAscii(['.....'], { connectivity: 4 });
  for (const budget of [0, 1, 3, 7, Infinity]) {
    const a = new DStarLite(grid, 0, 4, manhattan(grid), { limits: { maxExpansions: budget } });
    expect(a.computeShortestPath()).toBe(Math.min(budget, 5));
    expect(a.costToGoal()).toBe(4);
  }
  // Like every other budget, any number >= 0 (not only whole ones): 2.5 allows 3 pops.
  expect(new DStarLite(grid, 0, 4, manhattan(grid), { limits: { maxExpansions: 2.5 } }).computeShortestPath()).toBe(3);
  expect(() => new DStarLite(grid, 0, 4, manhattan(grid), { limits: { maxExpansions: -1 } })).toThrow(/DStarLite: limits.maxExpansions must be a number >= 0, got -1/);
  expect(() => new DStarLite(grid, 0, 4, manhattan(grid), { maxExpansions: 5 } as never)).toThrow(/DStarLite: unknown option "maxExpansions" \(allowed: limits\)/);
  expect(() => new DStarLite(grid, 0, 4, manhattan(grid), { maxSteps: 1 } as never)).toThrow(/DStarLite: unknown option "maxSteps"/);
});

/** A directed graph whose arc costs can change: a dense cost matrix, Infinity for no arc. */
class MatrixSpace implements SearchSpace {
  readonly maxDegree: number;
  readonly c: Float64Array;
  constructor(readonly size: number) {
    this.maxDegree = size;
    this.c = new Float64Array(size * size).fill(Infinity);
  }
  set(u: number, v: number, cost: number): void { this.c[u * this.size + v] = cost; }
  get(u: number, v: number): number { return this.c[u * this.size + v]; }
  successors(n: number, out: Int32Array, cs: Float64Array): number {
    let k = 0;
    for (let v = 0; v < this.size; v++) if (this.get(n, v) !== Infinity) { out[k] = v; cs[k] = this.get(n, v); k++; }
    return k;
  }
  predecessors(n: number, out: Int32Array, cs: Float64Array): number {
    let k = 0;
    for (let u = 0; u < this.size; u++) if (this.get(u, n) !== Infinity) { out[k] = u; cs[k] = this.get(u, n); k++; }
    return k;
  }
}

test('updateEdges on a directed graph whose costs rise, fall, vanish and appear matches Dijkstra', () => {
  const failures: string[] = [];
  for (let i = 0; i < 30; i++) {
    const r = mulberry32(31 * i + 5);
    const n = 8 + Math.floor(r() * 25);
    const space = new MatrixSpace(n);
    for (let u = 0; u < n; u++) for (let v = 0; v < n; v++) if (u !== v && r() < 3 / n) space.set(u, v, 1 + Math.floor(r() * 9));
    const goal = n - 1;
    const d = new DStarLite(space, 0, goal, zero);
    for (let round = 0; round < 40 && d.start !== goal; round++) {
      const changes = [];
      for (let k = 1 + Math.floor(r() * 4); k > 0; k--) {
        const u = Math.floor(r() * n), v = Math.floor(r() * n);
        if (u === v) continue;
        const oldCost = space.get(u, v);
        space.set(u, v, r() < 0.3 ? Infinity : 1 + Math.floor(r() * 9));
        changes.push({ from: u, to: v, oldCost });
      }
      d.updateEdges(changes);
      const fresh = dijkstra(space, d.start, goal);
      const got = d.costToGoal();
      if (fresh.status === 'found' ? got !== fresh.cost || descentCost(d) !== fresh.cost : got !== Infinity) {
        failures.push(`graph ${i}, round ${round}: D* Lite ${got}, Dijkstra ${fresh.cost}`);
      }
      const next = d.nextStep();
      if (next !== null) d.moveTo(next);
    }
  }
  expect(failures.slice(0, 5)).toEqual([]);
});

// --- the `replan --map` command -------------------------------------------------


const SMALL_MAP = [
  'type octile', 'height 8', 'width 14', 'map',
  '..............',
  '..@@@@@@@@....',
  '..........@...',
  '.@@@@@@...@...',
  '......@...@@@.',
  '..T...@.......',
  '..T...@@@@@...',
  '..............',
].join('\n') + '\n';

function tempMap(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dstar-lite-'));
  const file = join(dir, 'small.map');
  writeFileSync(file, text);
  return file;
}

test('replan --map: one JSON record per update, every cost checked against a fresh A*', () => {
  const file = tempMap(SMALL_MAP);
  const { io, out } = collect();
  const code = replanMap(['--map', file, '--from', '0,0', '--to', '13,7', '--flips', '6', '--seed', '3', '--json'], io);
  const records = out.map((l) => JSON.parse(l));
  expect(code).toBe(0);
  expect(records.length).toBe(7); // the first search, then one per flip
  expect(records[0]).toMatchObject({ update: 0, cell: null, ok: true, robot: { x: 0, y: 0 } });
  expect(records[0].cost).toBeCloseTo(records[0].astarCost, 9);
  for (const r of records) {
    expect(r.ok).toBe(true);
    expect(r.pops).toBeGreaterThanOrEqual(0);
    expect(r.astarExpansions).toBeGreaterThan(0);
  }
  expect(records.slice(1).every((r) => typeof r.blocked === 'boolean' && r.cell !== null)).toBe(true);
  // The same seed gives the same run.
  const again = collect();
  replanMap(['--map', file, '--from', '0,0', '--to', '13,7', '--flips', '6', '--seed', '3', '--json'], again.io);
  expect(again.out).toEqual(out);
});

test('replan --map: the table, the summary, and clear refusals', () => {
  const file = tempMap(SMALL_MAP);
  const { io, out } = collect();
  expect(replanMap(['--map', file, '--from', '0,0', '--to', '13,7', '--flips', '3'], io)).toBe(0);
  expect(out[0]).toMatch(/^update\s+step\s+robot/);
  expect(out.filter((l) => /\sok$/.test(l)).length).toBe(4);
  expect(out.at(-1)).toMatch(/^3 updates: D\* Lite popped \d+ in all, fresh A\* from the robot expanded \d+ .*every cost check passed$/);
  const run = (...args: string[]) => () => replanMap(args, collect().io);
  expect(run('--from', '0,0', '--to', '1,1')).toThrow(/--map FILE.map is required/);
  expect(run('--map', file, '--to', '1,1')).toThrow(/--from X,Y is required/);
  expect(run('--map', file, '--from', '0,0', '--to', '14,0')).toThrow(/--to 14,0 is outside the 14 x 8 map .*x in 0\.\.13/);
  expect(run('--map', file, '--from', '2,1', '--to', '0,0')).toThrow(/--from 2,1 is a blocked cell/);
  expect(run('--map', file, '--from', '0,0', '--to', '1,1', '--flips', '-2')).toThrow(/--flips must be a decimal integer from 0 to 100000, got "-2"/);
  expect(run('--map', join(tmpdir(), 'no-such-dir-dstar', 'x.map'), '--from', '0,0', '--to', '1,1')).toThrow(/cannot read --map .*no such file/);
  expect(run('--map', file, '--from', '0,0', '--to', '1,1', '--speed', '2')).toThrow(UsageError);
});

// --- a real map -------------------------------------------------------------------

const readData = (rel: string): string => readFileSync(dataFile(`movingai/${rel}`), 'utf8');

test('den312d: doors close on the path as the robot drives, and D* Lite keeps matching A*', () => {
  const grid = parseMap(readData('dao/den312d.map'), 'den312d.map');
  const scen = parseScen(readData('dao/den312d.map.scen'), 'den312d.map.scen');
  const h = octile(grid);
  const r = mulberry32(312);
  let closed = 0;
  for (const p of scen.filter((_, i) => i % 40 === 39)) {
    const d = new DStarLite(grid, grid.id(p.startX, p.startY), grid.id(p.goalX, p.goalY), h);
    expect(d.costToGoal()).toBeCloseTo(p.optimal, 3);
    const shut: number[] = [];
    for (let step = 0; d.start !== d.goal && step < 400; step++) {
      if (step % 7 === 3) {
        // Block a cell a few steps ahead on the current path, as a door closing.
        const path = d.path();
        if (path !== null && path.length > 4) {
          const c = path[2 + Math.floor(r() * Math.min(10, path.length - 3))];
          grid.setBlocked(c, true); // D* Lite reads it from the grid at the next query
          shut.push(c);
          closed++;
          const fresh = astar(grid, d.start, d.goal, h);
          if (fresh.status === 'found') expect(d.costToGoal()).toBeCloseTo(fresh.cost, 9);
          else expect(d.costToGoal()).toBe(Infinity);
        }
      }
      const next = d.nextStep();
      if (next === null) break;
      d.moveTo(next);
    }
    for (const c of shut) grid.setBlocked(c, false);
  }
  expect(closed).toBeGreaterThan(20);
});

// --- zero-cost arcs and self loops ------------------------------------------------

/** A MatrixSpace from [from, to, cost] arcs. */
function matrix(size: number, arcs: [number, number, number][]): MatrixSpace {
  const m = new MatrixSpace(size);
  for (const [u, v, c] of arcs) m.set(u, v, c);
  return m;
}

test('zero-cost cycle: the exit of a cycle of cost 0 gets dearer, and g follows (was 1, true 2)', () => {
  // 1 and 4 reach each other for free; 4 leaves to the goal 2. Raising 4 -> 2 left both
  // consistent at g = 0, each propped up by the other.
  const m = matrix(5, [[3, 1, 1], [1, 4, 0], [4, 1, 0], [4, 2, 0]]);
  const d = new DStarLite(m, 3, 2, zero);
  expect(d.costToGoal()).toBe(1);
  m.set(4, 2, 1);
  d.updateEdges([{ from: 4, to: 2, oldCost: 0 }]);
  expect(d.costToGoal()).toBe(2);
  expect(d.path()).toEqual([3, 1, 4, 2]);
  expect(descentCost(d)).toBe(2);
  expect(d.gOf(1)).toBe(1);
  expect(d.gOf(4)).toBe(1);
});

test('a self loop never props up rhs: 1 -> 0 raised from 1 to 10 beside a self loop 1 -> 1 of 5 (was 6)', () => {
  const m = matrix(2, [[1, 0, 1], [1, 1, 5]]);
  const d = new DStarLite(m, 1, 0, zero);
  expect(d.costToGoal()).toBe(1);
  m.set(1, 0, 10);
  d.updateEdges([{ from: 1, to: 0, oldCost: 1 }]);
  expect(d.costToGoal()).toBe(10);
  expect(d.path()).toEqual([1, 0]);
  // Changing the self loop itself changes nothing.
  m.set(1, 1, 0);
  expect(d.updateEdges([{ from: 1, to: 1, oldCost: 5 }]).pops).toBe(0);
  expect(d.costToGoal()).toBe(10);
});

test('a zero-cost 2-cycle: nextStep leaves it toward the goal instead of walking 0, 1, 0, 1, ...', () => {
  const m = matrix(3, [[0, 1, 0], [1, 0, 0], [1, 2, 1]]);
  const d = new DStarLite(m, 0, 2, zero);
  expect(d.costToGoal()).toBe(1);
  expect(d.nextStep(0)).toBe(1);
  expect(d.nextStep(1)).toBe(2);
  expect(d.path()).toEqual([0, 1, 2]);
  // The robot drives it; every step stays on a cheapest path.
  d.moveTo(1);
  expect(d.costToGoal()).toBe(1);
  d.moveTo(2);
  expect(d.costToGoal()).toBe(0);
  expect(d.path()).toEqual([2]);
});

test('blocked: { enterCost: 0 } grids: free walls, closed and opened under the robot, match a fresh Dijkstra', () => {
  const grid = Grid.fromAscii([
    '.##..',
    '.##..',
    '.....',
  ], { connectivity: 8, diagonalRule: 'always', blocked: { enterCost: 0 } });
  const d = new DStarLite(grid, grid.id(0, 0), grid.id(4, 0), zero);
  const fresh = () => dijkstra(grid, d.start, d.goal).cost;
  expect(d.costToGoal()).toBe(fresh());
  for (const c of [grid.id(3, 0), grid.id(3, 1), grid.id(1, 0), grid.id(3, 0), grid.id(2, 2)]) {
    grid.setBlocked(c, !grid.isBlocked(c));
    expect(d.costToGoal()).toBeCloseTo(fresh(), 9);
    expect(descentCost(d)).toBeCloseTo(fresh(), 9);
  }
});

// --- the heuristic contract, options and input ------------------------------------

test('the heuristic contract: NaN, undefined, negative or non-numbers are InputErrors naming both nodes; the searcher then refuses', () => {
  const grid = Grid.fromAscii(['.....'], { connectivity: 4 });
  for (const [bad, shown] of [[NaN, 'NaN'], [undefined, 'undefined'], [-1, '-1'], ['2', '"2"']] as const) {
    const h = (a: number, b: number) => (b === 2 ? (bad as unknown as number) : manhattan(grid)(a, b));
    const d = new DStarLite(grid, 0, 4, h);
    let err: unknown;
    try { d.costToGoal(); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(`DStarLite: heuristic(0, 2) returned ${shown}: h must be a number >= 0, or Infinity when 2 cannot be reached from 0`);
    // The repair stopped half way: no answer from this state, ever.
    expect(() => d.costToGoal()).toThrow(/DStarLite: this searcher stopped in the middle of a repair at an earlier error .*build a new one \(the error: DStarLite: heuristic\(0, 2\)/);
    expect(() => d.nextStep()).toThrow(InputError);
    grid.setBlocked(3, true);
    expect(() => d.updateEdges()).toThrow(InputError);
    grid.setBlocked(3, false);
  }
  // At construction the first key needs h(start, goal).
  expect(() => new DStarLite(grid, 0, 4, () => NaN)).toThrow(/DStarLite: heuristic\(0, 4\) returned NaN/);
});

test('h = Infinity where a vertex cannot be reached: allowed, and a jump to such a vertex re-keys instead of an infinite km', () => {
  // 0 -> 1 -> 2 -> 5 (goal); 3 -> 4 -> 5 and 3 -> 0; 3 and 4 cannot be reached from 0.
  const arcs: [number, number, number][] = [[0, 1, 1], [1, 2, 1], [2, 5, 1], [3, 4, 1], [4, 5, 2], [3, 0, 1]];
  const m = matrix(6, arcs);
  // The perfect heuristic of the first costs: true forward distances (Floyd-Warshall), Infinity where none.
  const dist = Array.from({ length: 6 }, (_, a) => Array.from({ length: 6 }, (_, b) => (a === b ? 0 : m.get(a, b))));
  for (let k = 0; k < 6; k++) for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) dist[a][b] = Math.min(dist[a][b], dist[a][k] + dist[k][b]);
  const h = (a: number, b: number) => dist[a][b];
  expect(h(0, 3)).toBe(Infinity);
  const d = new DStarLite(m, 0, 5, h);
  expect(d.costToGoal()).toBe(3);
  d.moveTo(3);
  expect(d.costToGoal()).toBe(3);
  expect(d.km).toBe(0); // re-keyed: h(0, 3) is Infinity
  expect(d.path()).toEqual([3, 4, 5]);
  m.set(4, 5, 10); // only raises: h stays consistent
  d.updateEdges([{ from: 4, to: 5, oldCost: 2 }]);
  expect(Number.isFinite(d.km)).toBe(true);
  expect(d.costToGoal()).toBe(dijkstra(m, 3, 5).cost);
  expect(d.costToGoal()).toBe(4);
  expect(d.path()).toEqual([3, 0, 1, 2, 5]);
  d.moveTo(0);
  m.set(1, 2, Infinity);
  d.updateEdges([{ from: 1, to: 2, oldCost: 1 }]);
  expect(d.costToGoal()).toBe(Infinity);
  expect(d.km).toBe(1); // h(3, 0)
});

test('DStarLite options and node ids: InputErrors naming the value and what is allowed, before any state changes', () => {
  const grid = Grid.fromAscii(['....', '....']);
  const h = octile(grid);
  const refuse = (f: () => unknown, re: RegExp) => { expect(f).toThrow(InputError); expect(f).toThrow(re); };
  refuse(() => new DStarLite(grid, 0, 3, h, { limits: { maxExpansions: '5' as never } }), /DStarLite: limits.maxExpansions must be a number >= 0, got "5"/);
  refuse(() => new DStarLite(grid, 0, 3, h, { limits: { maxExpansions: null as never } }), /maxExpansions .*got null/);
  refuse(() => new DStarLite(grid, 0, 3, h, { maxStep: 5 } as never), /DStarLite: unknown option "maxStep" \(allowed: limits\)/);
  refuse(() => new DStarLite(grid, 0, 3, h, null as never), /DStarLite: options must be an object, got null/);
  refuse(() => new DStarLite(grid, 0, 3, 'octile' as never), /DStarLite: heuristic must be a function \(n, goal\) => number, got "octile"/);
  refuse(() => new DStarLite(grid, 1.5, 3, h), /DStarLite: start must be .*got 1.5/);
  refuse(() => new DStarLite(grid, 0, '3' as never, h), /DStarLite: goal must be .*got "3"/);
  refuse(() => new DStarLite(null as never, 0, 3, h), /predecessors/);

  const d = new DStarLite(grid, 0, 3, h);
  const before = d.costToGoal(), queued = d.queueSize, work = d.lastRepair();
  refuse(() => d.moveTo(-1), /moveTo must be .*got -1/);
  refuse(() => d.nextStep(99), /nextStep: from must be .*got 99/);
  refuse(() => d.gOf(8), /gOf must be .*got 8/);
  refuse(() => d.rhsOf(NaN), /rhsOf must be .*got NaN/);
  refuse(() => d.isQueued(-1), /isQueued must be/);
  refuse(() => d.keyOf(1.5), /keyOf must be/);
  refuse(() => d.inFootprint(9), /inFootprint must be/);
  refuse(() => d.updateEdges(null as never), /updateEdges: changes must be a list of \{ from, to, oldCost \}, got null/);
  refuse(() => d.updateEdges([null] as never), /updateEdges: change 0 must be an object \{ from, to, oldCost \}, got null/);
  refuse(() => d.updateEdges([{ from: 0, to: 1, oldCost: 1 }, { from: 'a', to: 1, oldCost: 1 }] as never), /updateEdges: change 1: from must be .*got "a"/);
  refuse(() => d.updateEdges([{ from: 0, to: 1, oldCost: '1' }] as never), /oldCost must be a number >= 0 or Infinity \(no arc\), got "1"/);
  // Nothing above changed the searcher or the grid.
  expect(grid.isBlocked(1)).toBe(false);
  expect(d.lastRepair()).toEqual(work);
  expect(d.queueSize).toBe(queued);
  expect(d.costToGoal()).toBe(before);
});

test('a space listing a NaN or negative cost is an InputError naming the arc, and the searcher refuses afterwards', () => {
  const m = matrix(3, [[0, 1, 1], [1, 2, 1]]);
  const d = new DStarLite(m, 0, 2, zero);
  expect(d.costToGoal()).toBe(2);
  m.set(0, 1, -3);
  expect(() => d.updateEdges([{ from: 0, to: 1, oldCost: 1 }])).toThrow(/DStarLite: the space lists the arc 0 -> 1 with cost -3; costs must be numbers >= 0 \(Infinity: no arc\)/);
  expect(() => d.costToGoal()).toThrow(/stopped in the middle of a repair/);
  const n = matrix(3, [[0, 1, NaN], [1, 2, 1]]);
  expect(() => new DStarLite(n, 0, 2, zero).costToGoal()).toThrow(InputError);
});

test('a space\'s own change feed (watchArcs) is held to updateEdges\' rules: a bad feed is refused when built, a bad change list when read, and the searcher then refuses', () => {
  /** 0 -> 1 -> 2 at 1 each, 0 -> 2 at 5, with a feed that reports `next` once. */
  const withFeed = (watchArcs: unknown) => Object.assign(matrix(3, [[0, 1, 1], [1, 2, 1], [0, 2, 5]]), { watchArcs }) as MatrixSpace & SearchSpace;
  expect(() => new DStarLite(withFeed(5), 0, 2, zero)).toThrow(/DStarLite: space\.watchArcs must be a function returning a feed \{ changes\(\) \}, got 5/);
  expect(() => new DStarLite(withFeed(() => null), 0, 2, zero)).toThrow(/DStarLite: space\.watchArcs\(\) must return a feed \{ changes\(\) \}, got null/);
  expect(() => new DStarLite(withFeed(() => ({ changes: 1 })), 0, 2, zero)).toThrow(InputError);

  const junk: [unknown, RegExp][] = [
    [null, /the space's watchArcs feed: changes must be a list of \{ from, to, oldCost \}, got null/],
    [[{ from: 0, to: 1e9, oldCost: 5 }], /the space's watchArcs feed: change 0: to must be an integer node id in 0\.\.2, got 1000000000/],
    [[{ from: 0, to: 2, oldCost: -1 }], /the space's watchArcs feed: change 0 \(0 -> 2\): oldCost must be a number >= 0/],
  ];
  for (const [bad, message] of junk) {
    for (const read of [(d: DStarLite) => d.costToGoal(), (d: DStarLite) => d.updateEdges()]) {
      let next: unknown = [];
      const m = withFeed(() => ({ changes: () => { const r = next; next = []; return r; } }));
      const d = new DStarLite(m, 0, 2, zero);
      expect(d.costToGoal()).toBe(2);
      m.set(0, 2, 1);
      next = bad;
      expect(() => read(d)).toThrow(message);
      // The feed handed its changes out once: this searcher is behind the space for good.
      expect(() => d.costToGoal()).toThrow(/stopped in the middle of a repair at an earlier error/);
    }
  }
  // The same feed, telling the truth: the next query repairs.
  let next: unknown = [];
  const m = withFeed(() => ({ changes: () => { const r = next; next = []; return r; } }));
  const d = new DStarLite(m, 0, 2, zero);
  expect(d.costToGoal()).toBe(2);
  m.set(0, 2, 1);
  next = [{ from: 0, to: 2, oldCost: 5 }];
  expect([d.costToGoal(), d.path()]).toEqual([1, [0, 2]]);
});
