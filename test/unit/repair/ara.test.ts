import fc from 'fast-check';
import { expect, test } from 'vitest';
import { araCommand } from '../../../cli/ara.js';
import { Searcher, weightedAstar, Graph, Grid, type DiagonalRule, InputError, octile, zero, COST_TO_COME, pathCost } from '#bestfirst';
import { ara, AraSearcher, type AraResult } from '#bestfirst/repair';
import { handTraceWorld } from '#bestfirst/worlds';
import { checkSchedule, mulberry32 } from '#bestfirst/internal';
import { dataFile } from '../../support/data.js';
import { collect } from '../../support/cli-io.js';



test('iterate takes a slice, as run does; slices of any size step through the same rounds', () => {
  const grid = Grid.fromAscii(['..........', '.########.', '..........', '.########.', '..........'], { diagonalRule: 'always' });
  const h = octile(grid), start = grid.id(0, 0), goal = grid.id(9, 4);
  const rounds = (step: (s: AraSearcher) => unknown) => {
    const s = new AraSearcher(grid);
    s.begin(start, goal, h);
    let calls = 0;
    while (s.status === 'running') { step(s); calls++; }
    return [calls, s.status, s.result().iterations.map((i) => [i.eps, i.cost, i.expansions, i.bound])];
  };
  const now = rounds((s) => s.iterate({ maxExpansions: 5 }));
  expect(now[0]).toBeGreaterThan(4);
  expect(rounds((s) => s.iterate({ maxExpansions: 3 }))[2]).toEqual(now[2]);
  expect(rounds((s) => s.run({ maxExpansions: 11 }))[2]).toEqual(now[2]);
  // No slice: one round a call.
  expect(rounds((s) => s.iterate())[2]).toEqual(now[2]);
  // A slice of 0 ms does nothing and leaves the query running; a query limit of 0 ms stops it for good.
  const s = new AraSearcher(grid);
  s.begin(start, goal, h);
  expect(s.iterate({ maxMillis: 0 })).toBeNull();
  expect([s.status, s.expansions]).toEqual(['running', 0]);
  s.begin(start, goal, h, { limits: { maxMillis: 0 } });
  expect(s.iterate()).toBeNull();
  expect([s.status, s.reason, s.expansions]).toEqual(['stopped', 'max-millis', 0]);
  // An aborted signal stops it too, and cancel() does the same to a running query.
  const c = new AbortController();
  s.begin(start, goal, h, { limits: { signal: c.signal } });
  expect(s.iterate({ maxExpansions: 5 })).toBeNull();
  c.abort();
  expect(s.iterate()).toBeNull();
  expect([s.status, s.reason, s.expansions]).toEqual(['stopped', 'aborted', 5]);
  s.begin(start, goal, h);
  s.iterate({ maxExpansions: 5 });
  s.cancel();
  expect([s.status, s.reason]).toEqual(['stopped', 'aborted']);
});

test('the generation stamps wrap without a stale state: queries near the counter\'s end answer as fresh ones', () => {
  const grid = Grid.fromAscii(['.....', '.###.', '.....']);
  const h = octile(grid);
  const fresh = ara(grid, 0, 14, h);
  const s = new AraSearcher(grid);
  (s as unknown as { round: number }).round = 0xfffffff0 - 6;
  for (let i = 0; i < 4; i++) {
    s.begin(0, 14, h);
    const r = s.run();
    expect([r.status, r.cost, r.expansions]).toEqual([fresh.status, fresh.cost, fresh.expansions]);
    expect(s.gOf(14)).toBe(fresh.cost);
    expect(s.gOf(6)).toBe(Infinity); // a wall cell: never reached, whatever earlier queries stamped
  }
  expect((s as unknown as { round: number }).round).toBeLessThan(100); // it did wrap
});

interface Case { width: number; height: number; density: number; walls: number; diagonalCost: number; rule: DiagonalRule; seed: number }

const caseArb: fc.Arbitrary<Case> = fc.record({
  width: fc.integer({ min: 3, max: 40 }),
  height: fc.integer({ min: 3, max: 40 }),
  density: fc.double({ min: 0, max: 0.35, noNaN: true }),
  walls: fc.integer({ min: 0, max: 4 }),
  diagonalCost: fc.constantFrom(Math.SQRT2, 1.4),
  rule: fc.constantFrom<DiagonalRule>('always', 'no-corner-cutting', 'at-most-one-blocked'),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
});

/** A grid from a case: each cell blocked with probability `density`, start and goal forced free. */
function build(c: Case): { grid: Grid; start: number; goal: number } {
  const next = mulberry32(c.seed);
  const cells = Array.from({ length: c.width * c.height }, () => (next() < c.density ? 1 : 0));
  // Long walls with one gap each: they make the heuristic misleading, so the
  // inflated rounds go wrong and the later ones have something to repair.
  for (let k = 0; k < c.walls; k++) {
    const vertical = next() < 0.5;
    const along = vertical ? c.height : c.width, across = vertical ? c.width : c.height;
    const at = Math.floor(next() * across), gap = Math.floor(next() * along);
    for (let i = 0; i < along; i++) {
      if (i === gap) continue;
      cells[vertical ? i * c.width + at : at * c.width + i] = 1;
    }
  }
  const [sx, sy, gx, gy] = fc.sample(fc.tuple(
    fc.integer({ min: 0, max: c.width - 1 }), fc.integer({ min: 0, max: c.height - 1 }),
    fc.integer({ min: 0, max: c.width - 1 }), fc.integer({ min: 0, max: c.height - 1 }),
  ), { seed: c.seed + 1, numRuns: 1 })[0];
  const start = sy * c.width + sx, goal = gy * c.width + gx;
  cells[start] = 0;
  cells[goal] = 0;
  const grid = new Grid(c.width, c.height, cells, { connectivity: 8, diagonalRule: c.rule, diagonalCost: c.diagonalCost });
  return { grid, start, goal };
}

test('ARA*\'s last round costs what Dijkstra does, on 200 random grids (chapter check ara_final_equals_dijkstra)', () => {
  const cases = fc.sample(caseArb, { seed: 20030101, numRuns: 200 });
  let araTotal = 0, freshTotal = 0, freshNoGoalPop = 0, found = 0, unreachable = 0, reopenedRounds = 0;
  for (const c of cases) {
    const { grid, start, goal } = build(c);
    const where = JSON.stringify(c);
    const d = new Searcher(grid);
    const status = d.search(start, goal, { priority: COST_TO_COME });
    const h = octile(grid);
    const r = ara(grid, start, goal, h);
    if (status !== 'found') {
      expect(r.status, where).toBe('unreachable');
      expect(r.path).toBeNull();
      unreachable++;
      continue;
    }
    found++;
    const opt = d.cost;
    expect(r.status, where).toBe('found');
    expect(r.iterations.length).toBeGreaterThan(0);
    const last = r.iterations[r.iterations.length - 1];
    expect(Math.abs(last.cost - opt), where).toBeLessThan(1e-9);
    expect(last.bound).toBe(1);
    expect(r.cost).toBe(last.cost);
    let prevCost = Infinity;
    for (const it of r.iterations) {
      expect(it.path[0]).toBe(start);
      expect(it.path[it.path.length - 1]).toBe(goal);
      expect(Math.abs(pathCost(grid, it.path) - it.cost), where).toBeLessThan(1e-9);
      expect(it.cost, where).toBeLessThanOrEqual(it.eps * opt + 1e-9);
      expect(it.cost, where).toBeLessThanOrEqual(it.bound * opt + 1e-9);
      expect(it.bound).toBeGreaterThanOrEqual(1);
      expect(it.bound).toBeLessThanOrEqual(it.eps);
      // Each round starts from the last one's g values, so its path is never worse.
      expect(it.cost).toBeLessThanOrEqual(prevCost + 1e-9);
      prevCost = it.cost;
      const fresh = weightedAstar(grid, start, goal, h, it.eps);
      expect(fresh.status).toBe('found');
      freshTotal += fresh.expansions;
      freshNoGoalPop += fresh.expansions - 1; // ARA* stops before popping the goal
      if (fresh.reopenings > 0) reopenedRounds++;
    }
    expect(r.expansions).toBe(last.totalExpansions);
    araTotal += r.expansions;
  }
  const ratio = araTotal / freshTotal;
  console.log(`ara_final_equals_dijkstra: ${found} solvable grids, ${unreachable} unreachable; ARA* expanded ${araTotal} states over all rounds, fresh weighted A* at the same eps ${freshTotal} (${freshNoGoalPop} without their goal pops): ratio ${ratio.toFixed(3)} (${(araTotal / freshNoGoalPop).toFixed(3)}); fresh searches that reopened: ${reopenedRounds}`);
  expect(found).toBeGreaterThanOrEqual(150);
  expect(araTotal).toBeLessThan(freshNoGoalPop);
});

test('ara on the hand-trace grid ends at the chapter cost 5.2', () => {
  const w = handTraceWorld();
  const r = ara(w.grid, w.start, w.goal, w.h, { trace: true });
  expect(r.status).toBe('found');
  expect(r.cost).toBeCloseTo(5.2, 12);
  for (const it of r.iterations) expect(it.expanded!.length).toBe(it.expansions);
  expect(r.iterations[0].eps).toBe(3);
});

test('ara on a directed graph, and start = goal', () => {
  // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 1, 3 -> 0 is one-way.
  const g = new Graph(4, [[0, 1, 2], [1, 3, 2], [0, 2, 1], [2, 3, 1], [3, 0, 1]], { directed: true });
  const r = ara(g, 0, 3, zero, { schedule: [2, 1] });
  expect(r.status).toBe('found');
  expect(r.path).toEqual([0, 2, 3]);
  expect(r.cost).toBe(2);
  const back = ara(g, 3, 0, zero);
  expect(back.path).toEqual([3, 0]);
  const same = ara(g, 2, 2, zero);
  expect(same.status).toBe('found');
  expect(same.path).toEqual([2]);
  expect(same.cost).toBe(0);
  expect(same.expansions).toBe(0);
});

test('ara reports unreachable goals', () => {
  const grid = Grid.fromAscii(['.#.', '.#.', '.#.']);
  const r = ara(grid, grid.id(0, 0), grid.id(2, 2), octile(grid));
  expect(r.status).toBe('unreachable');
  expect(r.path).toBeNull();
  expect(r.cost).toBe(Infinity);
  expect(r.iterations).toEqual([]);
  expect(r.expansions).toBe(3);
});

/** A 40 x 40 grid with a wall that makes the inflated rounds go wrong. */
function walled(): { grid: Grid; start: number; goal: number } {
  const rows: string[] = [];
  for (let y = 0; y < 40; y++) {
    let row = '';
    for (let x = 0; x < 40; x++) row += x === 20 && y > 3 && y < 38 ? '#' : (x * 7 + y * 13) % 11 === 0 ? '#' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const start = grid.id(2, 20), goal = grid.id(37, 21);
  grid.setBlocked(start, false);
  grid.setBlocked(goal, false);
  return { grid, start, goal };
}

// Every round of this schedule expands something on `walled()` (at eps 3 the eps-5 path already passes).
const SCHEDULE = [5, 2, 1.5, 1];

test('an expansion budget stops ARA* with the best path so far, and it can resume', () => {
  const { grid, start, goal } = walled();
  const h = octile(grid);
  const full = ara(grid, start, goal, h, { schedule: SCHEDULE });
  expect(full.status).toBe('found');
  expect(full.iterations.length).toBeGreaterThan(2);
  const e0 = full.iterations[0].totalExpansions;
  for (const it of full.iterations.slice(1)) expect(it.expansions).toBeGreaterThan(0);

  const cut = ara(grid, start, goal, h, { schedule: SCHEDULE, limits: { maxExpansions: e0 } });
  expect([cut.status, cut.reason]).toEqual(['stopped', 'max-expansions']);
  expect(cut.iterations.length).toBe(1);
  expect(cut.path).toEqual(full.iterations[0].path);
  expect(cut.bound).toBe(full.iterations[0].bound);
  expect(cut.expansions).toBe(e0);

  const none = ara(grid, start, goal, h, { limits: { maxExpansions: 0 } });
  expect(none.status).toBe('stopped');
  expect(none.path).toBeNull();
  expect(none.bound).toBe(Infinity);

  // Stepping in slices of 7 expansions gives exactly the rounds of one run.
  const s = new AraSearcher(grid);
  s.begin(start, goal, h, { schedule: SCHEDULE });
  let calls = 0;
  while (s.status === 'running') {
    s.iterate({ maxExpansions: 7 });
    calls++;
  }
  expect(calls).toBeGreaterThan(full.iterations.length);
  const stepped: AraResult = s.result();
  expect(stepped.iterations.map((i) => [i.eps, i.cost, i.expansions, i.bound]))
    .toEqual(full.iterations.map((i) => [i.eps, i.cost, i.expansions, i.bound]));
  // And run() resumes a query a slice cut, to the same end.
  s.begin(start, goal, h, { schedule: SCHEDULE });
  expect(s.run({ maxExpansions: e0 }).status).toBe('running');
  const resumed = s.run();
  expect(resumed.status).toBe('found');
  expect(resumed.cost).toBe(full.cost);
  expect(resumed.expansions).toBe(full.expansions);
});

test('a time budget of 0 ms stops ARA* before its first expansion', () => {
  const { grid, start, goal } = walled();
  const r = ara(grid, start, goal, octile(grid), { limits: { maxMillis: 0 } });
  expect([r.status, r.reason]).toEqual(['stopped', 'max-millis']);
  expect(r.expansions).toBe(0);
  expect(r.iterations).toEqual([]);
  expect(r.path).toBeNull();
});

test('a schedule that stops above 1 ends bounded, within its bound', () => {
  const { grid, start, goal } = walled();
  const opt = new Searcher(grid);
  opt.search(start, goal, { priority: COST_TO_COME });
  const r = ara(grid, start, goal, octile(grid), { schedule: [4, 2.5] });
  // On walled() the last round (2.5) proves only a bound of about 1.6: the query ends bounded, not optimal.
  expect(r.status).toBe('found');
  expect(r.iterations.length).toBe(2);
  expect(r.bound).toBeGreaterThan(1);
  expect(r.cost).toBeLessThanOrEqual(r.bound * opt.cost + 1e-9);
});

test('ara errors name the value and what is allowed', () => {
  const grid = Grid.fromAscii(['..#', '...']);
  const h = octile(grid);
  expect(() => checkSchedule([])).toThrow(/schedule must be a non-empty list/);
  expect(() => ara(grid, 0, 5, h, { schedule: [3, 0.5] })).toThrow(/schedule\[1\] must be a finite number >= 1 \(1 is A\*\), got 0.5/);
  expect(() => ara(grid, 0, 5, h, { schedule: [2, 2] })).toThrow(/schedule must decrease, but schedule\[1\] = 2 is not below schedule\[0\] = 2/);
  expect(() => ara(grid, 0, 5, h, { schedule: [1, 2] })).toThrow(/schedule\[1\] = 2 is not below/);
  expect(() => ara(grid, 0, 5, h, { schedule: [NaN] })).toThrow(/schedule\[0\] must be a finite number >= 1, got NaN|schedule\[0\].*got NaN/);
  expect(() => ara(grid, 0, 6, h)).toThrow(/ara: goal must be an integer node id in 0\.\.5, got 6/);
  expect(() => ara(grid, 2, 5, h)).toThrow(/ara: start \(2,0\).*blocked/);
  expect(() => ara(grid, 0, 5, () => NaN)).toThrow(/ara: heuristic\(0, 5\) returned NaN: h must be a number >= 0, or Infinity when 5 cannot be reached from 0/);
  expect(() => ara(grid, 0, 5, h, { limits: { maxExpansions: -1 } })).toThrow(/ara: limits.maxExpansions must be a number >= 0, got -1/);
  expect(() => ara(grid, 0, 5, h, { limits: { maxMillis: NaN } })).toThrow(/ara: limits.maxMillis must be a number >= 0, got NaN/);
  expect(() => new AraSearcher(grid).iterate()).toThrow(/call begin\(start, goal, h\) before iterate\(\)/);
});


test('bestfirst ara prints one line per round and the outcome', () => {
  const map = dataFile('movingai/dao/den312d.map');
  const text = collect();
  expect(araCommand(['--map', map, '--from', '30,40', '--to', '64,77'], text.io)).toBe(0);
  expect(text.out[0]).toBe(`map ${map} (65 x 81), from (30,40) to (64,77), schedule 3, 2, 1.5, 1`);
  expect(text.out[1]).toMatch(/^\s+eps\s+cost\s+expansions\s+bound\s+ms$/);
  const rows = text.out.slice(2, -1).map((l) => l.trim().split(/\s+/).map(Number));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0][0]).toBe(3);
  for (const [eps, cost, expansions, bound, ms] of rows) {
    expect(bound).toBeLessThanOrEqual(eps);
    expect(cost).toBeGreaterThanOrEqual(68.79898987 - 1e-8);
    expect(Number.isInteger(expansions)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(0);
  }
  expect(rows[rows.length - 1][1]).toBe(68.79898987);
  expect(text.out[text.out.length - 1]).toMatch(/^found: proven optimal \(bound 1\); \d+ expansions in \d+\.\d\d ms$/);

  const json = collect();
  expect(araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--schedule', '2.5,1', '--json'], json.io)).toBe(0);
  const r = JSON.parse(json.out[0]);
  expect(r).toMatchObject({ from: [30, 40], to: [64, 77], schedule: [2.5, 1], status: 'found', bound: 1 });
  expect(r.cost).toBeCloseTo(68.7989898732, 9);
  expect(r.iterations.map((i: { eps: number }) => i.eps)).toEqual([2.5, 1]);
  expect(r.iterations.reduce((s: number, i: { expansions: number }) => s + i.expansions, 0)).toBe(r.expansions);

  const cut = collect();
  expect(araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--max-expansions', '0'], cut.io)).toBe(1);
  expect(cut.out[cut.out.length - 1]).toMatch(/^stopped: expansion budget spent; no path yet; 0 expansions/);

  const quiet = collect();
  expect(() => araCommand(['--map', map, '--from', '30,40'], quiet.io)).toThrow(/ara: --to is required/);
  expect(() => araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--schedule', '2,x'], quiet.io)).toThrow(/--schedule: item 2 "x" is not a number/);
  expect(() => araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--schedule', '2,3'], quiet.io)).toThrow(/schedule must decrease, but schedule\[1\] = 3 is not below schedule\[0\] = 2/);
  expect(() => araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--schedule', '0.5'], quiet.io)).toThrow(/schedule\[0\] must be a finite number >= 1/);
  expect(() => araCommand(['--map', map, '--from', '30,40', '--to', '64,77', '--max-ms', '-3'], quiet.io)).toThrow(/--max-ms must be a decimal number >= 0, got "-3"/);
  expect(() => araCommand(['--map', map, '--from', '0,0', '--to', '64,77'], quiet.io)).toThrow(/--from 0,0 is a blocked cell/);
  expect(quiet.out).toEqual([]);
});

test('ara: the heuristic contract: NaN, undefined, negative or non-numbers are InputErrors naming the state', () => {
  const grid = Grid.fromAscii(['..#', '...']);
  for (const [bad, shown] of [[NaN, 'NaN'], [undefined, 'undefined'], [-1, '-1'], ['3', '"3"'], [null, 'null']] as const) {
    const h = (n: number) => (n === 4 ? (bad as unknown as number) : 0);
    let err: unknown;
    try { ara(grid, 0, 5, h); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(`ara: heuristic(4, 5) returned ${shown}: h must be a number >= 0, or Infinity when 5 cannot be reached from 4`);
  }
  expect(() => ara(grid, 0, 5, 'octile' as never)).toThrow(InputError);
  expect(() => ara(grid, 0, 5, 'octile' as never)).toThrow(/ara: h must be a function \(n, goal\) => number, got "octile"/);

  // The error abandons the query: its state is half updated, so it cannot go on; begin starts afresh.
  const s = new AraSearcher(grid);
  let broken = true;
  s.begin(0, 5, (n) => (broken && n === 4 ? NaN : 0));
  expect(() => s.iterate()).toThrow(/heuristic\(4, 5\) returned NaN/);
  expect(() => s.iterate()).toThrow(/this query stopped at an earlier error and cannot go on; call begin again \(the error: ara: heuristic\(4, 5\)/);
  expect(() => s.result()).toThrow(InputError);
  broken = false;
  s.begin(0, 5, () => 0);
  expect(s.run().status).toBe('found');
});

test('ara: h = Infinity marks a dead end: never on OPEN, never expanded', () => {
  // 0 -> 1 -> 3 is the way; 2 and 4 lead nowhere, and h says so.
  const g = new Graph(5, [[0, 1, 1], [1, 3, 1], [0, 2, 1], [2, 4, 1]], { directed: true });
  const h = (n: number) => (n === 2 || n === 4 ? Infinity : 0);
  const r = ara(g, 0, 3, h, { schedule: [2, 1], trace: true });
  expect(r.status).toBe('found');
  expect(r.path).toEqual([0, 1, 3]);
  const expanded = r.iterations.flatMap((it) => Array.from(it.expanded!));
  expect(expanded).not.toContain(2);
  expect(expanded).not.toContain(4);
  // The same without the dead ends marked expands 2.
  const plain = ara(g, 0, 3, zero, { schedule: [2, 1], trace: true });
  expect(plain.iterations.flatMap((it) => Array.from(it.expanded!))).toContain(2);

  // A start that is a dead end: unreachable at once, nothing expanded; the goal itself is never one.
  const none = ara(g, 0, 3, (n) => (n === 0 ? Infinity : 0));
  expect(none).toMatchObject({ status: 'unreachable', path: null, expansions: 0 });
  const same = ara(g, 3, 3, () => Infinity);
  expect(same).toMatchObject({ status: 'found', bound: 1, path: [3], cost: 0 });
  const toGoal = ara(g, 0, 3, (n) => (n === 3 ? Infinity : 0));
  expect(toGoal).toMatchObject({ status: 'found', bound: 1, path: [0, 1, 3], cost: 2 });
});

test('ara: options are checked for type and name before anything runs', () => {
  const grid = Grid.fromAscii(['..#', '...']);
  const h = octile(grid);
  const refuse = (f: () => unknown, re: RegExp) => { expect(f).toThrow(InputError); expect(f).toThrow(re); };
  refuse(() => ara(grid, 0, 5, h, { limits: { maxExpansions: '5' as never } }), /ara: limits.maxExpansions must be a number >= 0, got "5"/);
  refuse(() => ara(grid, 0, 5, h, { limits: { maxMillis: null as never } }), /limits.maxMillis must be a number >= 0, got null/);
  refuse(() => ara(grid, 0, 5, h, { maxExpansions: 5 } as never), /ara: unknown option "maxExpansions" \(allowed: schedule, limits, trace\)/);
  refuse(() => ara(grid, 0, 5, h, { trace: 'yes' as never }), /ara: trace must be true or false, got "yes"/);
  refuse(() => ara(grid, 0, 5, h, { schedule: ['2', 1] as never }), /schedule\[0\] must be a finite number >= 1 \(1 is A\*\), got "2"/);
  refuse(() => ara(grid, 0, 5, h, { schedule: 2 as never }), /schedule must be a non-empty list .*got 2/);
  refuse(() => ara(grid, 0, 5, h, { maxExpansion: 5 } as never), /ara: unknown option "maxExpansion" \(allowed: schedule, limits, trace\)/);
  refuse(() => ara(grid, 0, 5, h, null as never), /ara: options must be an object, got null/);
  refuse(() => ara(grid, 0.5, 5, h), /ara: start must be an integer node id in 0\.\.5, got 0.5/);
  refuse(() => ara(grid, 0, 6, h), /ara: goal must be an integer node id/);
  refuse(() => new AraSearcher(null as never), /ara: space must be a SearchSpace/);
  const s = new AraSearcher(grid);
  refuse(() => s.begin(0, 5, h, { eps: 2 } as never), /ara: begin: unknown option "eps" \(allowed: schedule, limits, trace\)/);
  s.begin(0, 5, h);
  // The 0.2 positional iterate(maxExpansions, deadline) is gone: a number is no slice.
  refuse(() => s.iterate(5 as never), /ara: iterate: slice: options must be an object, got 5/);
  refuse(() => s.iterate({ maxExpansions: '5' as never }), /ara: iterate: slice.maxExpansions must be a number >= 0, got "5"/);
  refuse(() => s.run({ maxMillis: '1' as never }), /ara: run: slice.maxMillis must be a number >= 0/);
  refuse(() => s.run({ maxMilis: 1 } as never), /ara: run: slice: unknown limit "maxMilis"/);
  refuse(() => s.iterate({ maxExpansion: 1 } as never), /ara: iterate: slice: unknown limit "maxExpansion" \(allowed: maxExpansions, maxMillis\)/);
  refuse(() => s.iterate({ maxMillis: -1 }), /slice.maxMillis must be a number >= 0, got -1/);
  refuse(() => s.iterate({ signal: new AbortController().signal } as never), /unknown limit "signal"/);
  refuse(() => s.gOf(6), /ara: gOf must be an integer node id in 0\.\.5, got 6/);
  // None of the refusals above touched the query.
  expect(s.run().status).toBe('found');
  expect(s.gOf(5)).toBeCloseTo(s.result().cost, 12);
});

test('ara: a space listing a NaN or negative cost is refused, naming the arc', () => {
  const bad = (cost: number) => ({
    size: 3, maxDegree: 1,
    successors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 2) return 0; nodes[0] = n + 1; costs[0] = n === 1 ? cost : 1; return 1; },
  });
  expect(() => ara(bad(NaN), 0, 2, zero)).toThrow(/ara: the space lists the arc 1 -> 2 with cost NaN; costs must be numbers >= 0 \(Infinity: no arc\)/);
  expect(() => ara(bad(-2), 0, 2, zero)).toThrow(InputError);
  // An Infinity cost is no arc.
  expect(ara(bad(Infinity), 0, 2, zero).status).toBe('unreachable');
});
