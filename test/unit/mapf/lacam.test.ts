// PIBT and LaCAM*: every plan goes through checkMapfPlan and through a
// second checker written here, independently of both; LaCAM* once converged
// is held to a brute force over configurations (least sum of loss, its
// objective, written here too) on seeded tiny instances, and to the
// brute-force answer "no plan" on unsolvable ones; budgets end in a status
// that carries the best plan found.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Grid } from '#bestfirst';
import { checkMapfPlan, lacam, pibt, type AgentTask, type MapfResult } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import fc from 'fast-check';
import { MapfFloor, mulberry32, PibtStep } from '#bestfirst/internal';
import { dataFile } from '../../support/data.js';
import { bruteForce } from '../../support/mapf-reference.js';

/**
 * The second checker: the benchmark's rules read step by step, nothing
 * shared with checkMapfPlan. Returns the sum of costs (steps until each
 * agent's last arrival) or throws naming the broken rule.
 */
function secondCheck(grid: Grid, tasks: readonly AgentTask[], paths: readonly (readonly number[])[]): number {
  const w = grid.width;
  if (paths.length !== tasks.length) throw new Error('one path per agent');
  const T = Math.max(1, ...paths.map((p) => p.length));
  // Each agent's cell at every step up to T - 1, its goal after its path ends.
  const where = paths.map((p, i) => {
    if (p.length === 0) throw new Error(`agent ${i}: empty path`);
    if (p[0] !== tasks[i].start) throw new Error(`agent ${i} does not start on its start`);
    if (p[p.length - 1] !== tasks[i].goal) throw new Error(`agent ${i} does not end on its goal`);
    return Array.from({ length: T }, (_, t) => p[Math.min(t, p.length - 1)]);
  });
  for (let i = 0; i < where.length; i++) {
    for (let t = 0; t < T; t++) {
      const c = where[i][t];
      if (!(c >= 0 && c < grid.size) || grid.cells[c] !== 0) throw new Error(`agent ${i} on a blocked or missing cell at ${t}`);
      if (t > 0) {
        const a = where[i][t - 1];
        const ok = c === a || (Math.abs(c - a) === 1 && Math.floor(c / w) === Math.floor(a / w)) || Math.abs(c - a) === w;
        if (!ok) throw new Error(`agent ${i} jumps at step ${t}`);
      }
    }
  }
  for (let t = 0; t < T; t++) {
    for (let i = 0; i < where.length; i++) {
      for (let j = i + 1; j < where.length; j++) {
        if (where[i][t] === where[j][t]) throw new Error(`agents ${i} and ${j} meet at step ${t}`);
        if (t > 0 && where[i][t] === where[j][t - 1] && where[j][t] === where[i][t - 1] && where[i][t] !== where[i][t - 1]) throw new Error(`agents ${i} and ${j} swap at step ${t}`);
      }
    }
  }
  let soc = 0;
  for (let i = 0; i < where.length; i++) {
    let last = 0;
    for (let t = 0; t < T; t++) if (where[i][t] !== tasks[i].goal) last = t + 1;
    soc += last;
  }
  return soc;
}

/** Both checkers pass the plan, and both count the sum of costs the planner reports. */
function expectPlan(grid: Grid, tasks: readonly AgentTask[], r: MapfResult): void {
  expect(r.paths, r.detail).not.toBeNull();
  const v = checkMapfPlan(grid, tasks, r.paths!);
  expect(v.ok, v.ok ? '' : v.reason).toBe(true);
  if (v.ok) expect([v.sumOfCosts, v.makespan]).toEqual([r.sumOfCosts, r.makespan]);
  expect(secondCheck(grid, tasks, r.paths!)).toBe(r.sumOfCosts);
}

/** The plan's sum of loss: steps in which an agent is not resting on its goal (on it before and after). */
function lossOf(tasks: readonly AgentTask[], paths: readonly (readonly number[])[]): number {
  const T = Math.max(...paths.map((p) => p.length));
  let s = 0;
  paths.forEach((p, i) => {
    for (let t = 1; t < T; t++) if (p[Math.min(t - 1, p.length - 1)] !== tasks[i].goal || p[Math.min(t, p.length - 1)] !== tasks[i].goal) s++;
  });
  return s;
}

/**
 * The least sum of loss by Dijkstra over configurations (every agent's
 * cell): a joint step costs the agents not on their goal before or after
 * it. Infinity when the goals cannot be reached at all.
 */
function bruteLoss(grid: Grid, tasks: readonly AgentTask[]): number {
  const w = grid.width, k = tasks.length;
  const free = (n: number) => n >= 0 && n < grid.size && grid.cells[n] === 0;
  const moves = (n: number) => [n, n % w + 1 < w ? n + 1 : -1, n % w > 0 ? n - 1 : -1, n + w, n - w].filter(free);
  const goal = tasks.map((t) => t.goal).join(',');
  const best = new Map<string, number>([[tasks.map((t) => t.start).join(','), 0]]);
  const buckets: number[][][] = [[tasks.map((t) => t.start)]];
  for (let g = 0; g < buckets.length || g < 400; g++) {
    for (const cells of buckets[g] ?? []) {
      const key = cells.join(',');
      if (best.get(key)! < g) continue;
      if (key === goal) return g;
      const rec = (i: number, next: number[]) => {
        if (i === k) {
          for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) {
            if (next[a] === next[b] || (next[a] === cells[b] && next[b] === cells[a] && next[a] !== cells[a])) return;
          }
          let c = 0;
          for (let a = 0; a < k; a++) if (cells[a] !== tasks[a].goal || next[a] !== tasks[a].goal) c++;
          const nk = next.join(',');
          if ((best.get(nk) ?? Infinity) <= g + c) return;
          best.set(nk, g + c);
          (buckets[g + c] ??= []).push(next);
          return;
        }
        for (const m of moves(cells[i])) rec(i + 1, [...next, m]);
      };
      rec(0, []);
    }
    if (g >= buckets.length) break;
  }
  return Infinity;
}

/** A seeded tiny instance: a w x h grid with some walls, k agents on distinct free starts and goals. */
function tiny(seed: number, w: number, h: number, k: number, wallShare: number): { grid: Grid; tasks: AgentTask[] } {
  const rng = mulberry32(seed);
  const rows = Array.from({ length: h }, () => Array.from({ length: w }, () => (rng() < wallShare ? '#' : '.')).join(''));
  const grid = Grid.fromAscii(rows);
  const cells = Array.from({ length: grid.size }, (_, n) => n).filter((n) => grid.cells[n] === 0);
  const pick = () => {
    const c = cells.slice();
    for (let i = c.length - 1; i > 0; i--) { const j = Math.floor(rng() * (i + 1)); [c[i], c[j]] = [c[j], c[i]]; }
    return c;
  };
  const s = pick(), g = pick();
  const n = Math.min(k, cells.length);
  return { grid, tasks: Array.from({ length: n }, (_, i) => ({ start: s[i], goal: g[i] })) };
}

function load(map: string, file: number, k: number): { grid: Grid; tasks: AgentTask[] } {
  const grid = parseMap(readFileSync(dataFile(`mapf/${map}.map`), 'utf8'));
  const tasks = parseScen(readFileSync(dataFile(`mapf/${map}-random-${file}.scen`), 'utf8')).slice(0, k).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
  return { grid, tasks };
}

describe('the second checker', () => {
  const G = Grid.fromAscii(['...', '.#.', '...']);
  const tasks = [{ start: 0, goal: 2 }, { start: 2, goal: 0 }];
  test('refuses a swap, a meeting, a jump, a wall and a wrong end; counts costs to the last arrival', () => {
    expect(() => secondCheck(G, tasks, [[0, 1, 2], [2, 1, 0]])).toThrow(/meet/);
    expect(() => secondCheck(G, tasks, [[0, 1, 2], [2, 2, 1, 0]])).toThrow(/swap/);
    expect(() => secondCheck(G, tasks, [[0, 2], [2, 5, 8, 7, 6, 3, 0]])).toThrow(/jumps/);
    expect(() => secondCheck(G, [{ start: 0, goal: 4 }], [[0, 1, 4]])).toThrow(/blocked/);
    expect(() => secondCheck(G, tasks, [[0, 1], [2, 5, 8, 7, 6, 3, 0]])).toThrow(/end on its goal/);
    // Agent 1 goes round the bottom; agent 0 along the top: 2 + 6.
    expect(secondCheck(G, tasks, [[0, 1, 2], [2, 5, 8, 7, 6, 3, 0]])).toBe(8);
    // An agent that passes its goal and comes back counts to its return.
    expect(secondCheck(G, [{ start: 0, goal: 1 }], [[0, 1, 2, 1]])).toBe(3);
  });
});

describe('PIBT', () => {
  const G = Grid.fromAscii(['.....', '.#.#.', '.....']);
  const swapEnds = [{ start: G.id(0, 0), goal: G.id(4, 0) }, { start: G.id(4, 0), goal: G.id(0, 0) }];

  test('two robots swap the ends of a corridor with pockets: one gives way, the plan passes both checkers', () => {
    const r = pibt(G, swapEnds);
    expect(r.status).toBe('found');
    expectPlan(G, swapEnds, r);
    expect(r.sumOfCosts).toBeGreaterThanOrEqual(bruteForce(G, swapEnds));
  });

  test('on the benchmark: 100 agents on empty-16-16 and 150 on room-32-32-4, every step checked', () => {
    for (const [map, k] of [['empty-16-16', 100], ['room-32-32-4', 150]] as const) {
      const { grid, tasks } = load(map, 1, k);
      const r = pibt(grid, tasks);
      expect(r.status, `${map}: ${r.detail}`).toBe('found');
      expectPlan(grid, tasks, r);
      expect(r.sumOfCosts).toBeGreaterThanOrEqual(r.lowerBound);
    }
  });

  test('the same seed gives the same plan; the steps are bounded, and the bound is a status', () => {
    const { grid, tasks } = load('random-32-32-20', 1, 60);
    expect(pibt(grid, tasks, { seed: 7 }).paths).toEqual(pibt(grid, tasks, { seed: 7 }).paths);
    const short = pibt(grid, tasks, { maxSteps: 3 });
    expect(short).toMatchObject({ status: 'stopped', reason: 'incomplete', paths: null, highLevelNodes: 3 });
    expect(short.detail).toMatch(/^after 3 steps \d+ of the 60 agents are on their goals/);
    expect(pibt(grid, tasks, { limits: { maxExpansions: 2 } })).toMatchObject({ status: 'stopped', reason: 'max-expansions', highLevelNodes: 2 });
    const seen: number[] = [];
    pibt(grid, tasks.slice(0, 5), { onProgress: (done, total) => { expect(total).toBe(5); seen.push(done); } });
    expect(seen.length).toBeGreaterThan(0);
  });

  test('a goal walled off: unreachable, naming the agent', () => {
    const g = Grid.fromAscii(['..#..']);
    expect(pibt(g, [{ start: 0, goal: 4 }])).toMatchObject({ status: 'unreachable', failedAgent: 0 });
  });
});

describe('PIBT with swap', () => {
  // A room on the left and a blind corridor on the right: the robot deeper in wants out, the other wants the dead end.
  const G = Grid.fromAscii(['...####', '.......', '...####']);
  const blind = [{ start: G.id(5, 1), goal: G.id(0, 1) }, { start: G.id(4, 1), goal: G.id(6, 1) }];

  test('two robots meet head-on in a blind corridor: without swap PIBT circles for some seeds, with swap every seed passes both checkers', () => {
    const circling: number[] = [];
    for (let seed = 0; seed < 8; seed++) {
      const plain = pibt(G, blind, { seed, swap: false, maxSteps: 200 });
      if (plain.status !== 'found') {
        expect(plain).toMatchObject({ status: 'stopped', reason: 'incomplete' });
        circling.push(seed);
      }
      const r = pibt(G, blind, { seed, maxSteps: 200 });
      expect(r.status, `seed ${seed}: ${r.detail}`).toBe('found');
      expectPlan(G, blind, r);
      expect(r.sumOfCosts).toBeGreaterThanOrEqual(bruteForce(G, blind));
      // The swap is the default, and the option is deterministic.
      expect(pibt(G, blind, { seed, swap: true, maxSteps: 200 }).paths).toEqual(r.paths);
    }
    expect(circling.length).toBeGreaterThan(0);
  });

  test('LaCAM* with and without swap: a first plan on the blind corridor, and the same optimum once converged', () => {
    for (const swap of [true, false]) {
      const r = lacam(G, blind, { swap, limits: { maxMillis: 20_000 } });
      expect(r.status).toBe('found');
      expect(r.optimal).toBe(true);
      expectPlan(G, blind, r);
      expect(r.sumOfLoss).toBe(bruteLoss(G, blind));
    }
  });

  test('a step with swap never puts two robots on one cell nor lets two trade cells (seeded random floors with corridors)', () => {
    let pulls = 0, steps = 0;
    const floorCase = fc.record({ w: fc.integer({ min: 3, max: 7 }), h: fc.integer({ min: 2, max: 6 }), k: fc.integer({ min: 2, max: 9 }), seed: fc.nat() });
    fc.assert(fc.property(floorCase, ({ w, h, k, seed }) => {
      const { grid, tasks } = tiny(seed, w, h, k, 0.35);
      if (tasks.length < 2) return;
      const floor = new MapfFloor(grid), n = tasks.length, rng = mulberry32(seed ^ 0x9e37);
      const step = new PibtStep(floor, tasks.map((t) => t.goal), seed, true);
      let at = Int32Array.from(tasks, (t) => t.start);
      const order = Int32Array.from({ length: n }, (_, i) => i), none = new Int32Array(0);
      for (let t = 0; t < 30; t++) {
        for (let i = n - 1; i > 0; i--) { const j = Math.floor(rng() * (i + 1)); const x = order[i]; order[i] = order[j]; order[j] = x; }
        const next = new Int32Array(n);
        expect(step.next(at, order, none, none, 0, next)).toBe(true);
        steps++;
        for (let i = 0; i < n; i++) {
          const a = at[i], b = next[i];
          const side = Math.abs(a - b) === w || (Math.abs(a - b) === 1 && Math.floor(a / w) === Math.floor(b / w));
          expect(b === a || side && grid.cells[b] === 0, `agent ${i} jumps from ${a} to ${b}`).toBe(true);
          for (let j = i + 1; j < n; j++) {
            expect(next[j], `agents ${i} and ${j} meet`).not.toBe(b);
            expect(b === at[j] && next[j] === a && a !== b, `agents ${i} and ${j} trade cells`).toBe(false);
          }
        }
        at = next;
      }
      pulls += step.pulls;
    }), { seed: 33, numRuns: 300 });
    // The property saw the swap at work, not only plain pushes.
    expect(pulls).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(1000);
  });
});

describe('aisles open at both ends (the warehouse)', () => {
  // Four shelves, five aisles, open at both ends. In each aisle one robot rests on its goal near the left end and
  // another comes in from the left, its goal deeper: the wrong order. Plain PIBT pushes the resting one deeper, reaches
  // its own goal, and is pushed back out by it, for ever; the swap's test saw only dead ends, so it never fired here.
  // One such pair alone LaCAM escaped by meeting a configuration again (some 900 constraint nodes); five pairs
  // circling out of step never repeat a configuration (over 200,000), and the warehouse map has hundreds of them.
  const G = Grid.fromAscii(['................', '..##########....', '................', '..##########....', '................', '..##########....', '................', '..##########....', '................']);
  const tasks = [[2, 3, 7], [4, 3, 8], [6, 4, 10], [8, 5, 11], [0, 3, 9]].flatMap(([y, resting, deeper]) => [
    { start: G.id(resting, y), goal: G.id(resting, y) },
    { start: G.id(0, (y + 2) % 9), goal: G.id(deeper, y) },
  ]);

  test('PIBT lets the pair trade places at the aisle\'s end: every seed passes both checkers', () => {
    for (let seed = 0; seed < 3; seed++) {
      const r = pibt(G, tasks, { seed, maxSteps: 2000 });
      expect(r.status, `seed ${seed}: ${r.detail}`).toBe('found');
      expectPlan(G, tasks, r);
    }
  });

  test('LaCAM finds its first plan within 20,000 constraint nodes', () => {
    for (let seed = 0; seed < 3; seed++) {
      const r = lacam(G, tasks, { seed, anytime: false, limits: { maxExpansions: 20_000 } });
      expect(r.status, `seed ${seed}: ${r.detail}`).toBe('found');
      expectPlan(G, tasks, r);
    }
  });
});

describe('a jam at the door of a dead-end room (restarts)', () => {
  /**
   * A seeded floor of n x n rooms, 3 x 3 cells each, joined by one-cell
   * doors along a random spanning tree (so many rooms are dead ends, as on
   * room-32-32-4), half its cells holding agents with random goals.
   */
  function rooms(seed: number, n: number, share: number): { grid: Grid; tasks: AgentTask[] } {
    const rng = mulberry32(seed), size = 4 * n + 1;
    const rows = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => (x % 4 === 0 || y % 4 === 0 ? '#' : '.')));
    const seen = new Set([0]), stack = [0];
    while (stack.length > 0) {
      const r = stack[stack.length - 1], rx = r % n, ry = Math.floor(r / n);
      const ways = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => [rx + dx, ry + dy, dx]).filter(([x, y]) => x >= 0 && y >= 0 && x < n && y < n && !seen.has(y * n + x));
      if (ways.length === 0) { stack.pop(); continue; }
      const [x, y, dx] = ways[Math.floor(rng() * ways.length)];
      const off = 1 + Math.floor(rng() * 3);
      if (dx !== 0) rows[4 * ry + off][4 * Math.max(rx, x)] = '.';
      else rows[4 * Math.max(ry, y)][4 * rx + off] = '.';
      seen.add(y * n + x);
      stack.push(y * n + x);
    }
    const grid = Grid.fromAscii(rows.map((r) => r.join('')));
    const cells = Array.from({ length: grid.size }, (_, c) => c).filter((c) => grid.cells[c] === 0);
    const pick = () => {
      const c = cells.slice();
      for (let i = c.length - 1; i > 0; i--) { const j = Math.floor(rng() * (i + 1)); [c[i], c[j]] = [c[j], c[i]]; }
      return c;
    };
    const s = pick(), g = pick();
    return { grid, tasks: Array.from({ length: Math.round(share * cells.length) }, (_, i) => ({ start: s[i], goal: g[i] })) };
  }

  // 4 x 4 rooms, 80 agents. On these two floors a dead-end wing fills up: the agents that have waited longest (PIBT's
  // top priority, in an order that never changes among agents stuck together) want in, those inside want out, and every
  // PIBT step remakes the jam. Without restarts LaCAM's depth-first search followed each constraint's fresh configuration
  // deeper into it: no plan within 200,000 constraint nodes on seed 0 (86,000 configurations), nor 20,000 on seed 4.
  test('LaCAM finds a first plan within 20,000 constraint nodes, checked twice', () => {
    for (const seed of [0, 4]) {
      const { grid, tasks } = rooms(seed, 4, 0.5);
      expect(tasks.length).toBe(80);
      const r = lacam(grid, tasks, { anytime: false, limits: { maxExpansions: 20_000 } });
      expect(r.status, `floor ${seed}: ${r.detail}`).toBe('found');
      expectPlan(grid, tasks, r);
    }
  });
});

describe('LaCAM*', () => {
  test('converged on seeded tiny instances: the brute-force least sum of loss, never below the least sum of costs; "no plan" exactly when the brute force finds none', () => {
    let solved = 0, unsolvable = 0, sameCost = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const [w, h] = seed % 2 === 0 ? [3, 3] : [4, 4];
      const { grid, tasks } = tiny(seed, w, h, 2 + (seed % 3), w === 3 ? 0.15 : 0.25);
      const truth = bruteLoss(grid, tasks);
      const r = lacam(grid, tasks, { seed, anytime: true });
      if (truth === Infinity) {
        expect(r.status, `seed ${seed}`).toBe('unreachable');
        unsolvable++;
        continue;
      }
      expect([r.status, r.optimal], `seed ${seed}: ${r.detail}`).toEqual(['found', true]);
      expectPlan(grid, tasks, r);
      expect(r.sumOfLoss, `seed ${seed}`).toBe(truth);
      expect(lossOf(tasks, r.paths!)).toBe(truth);
      const soc = bruteForce(grid, tasks);
      expect(r.sumOfCosts).toBeGreaterThanOrEqual(soc);
      if (r.sumOfCosts === soc) sameCost++;
      solved++;
    }
    // Both kinds are met, and the loss optimum is mostly also a cost optimum.
    expect(solved).toBeGreaterThan(30);
    expect(unsolvable).toBeGreaterThan(0);
    expect(sameCost).toBeGreaterThan(solved / 2);
  });

  test('the corridor swap is proven unsolvable; a walled-off goal names its agent', () => {
    const r = lacam(Grid.fromAscii(['.....']), [{ start: 0, goal: 4 }, { start: 4, goal: 0 }]);
    expect(r).toMatchObject({ status: 'unreachable', paths: null, sumOfCosts: Infinity });
    expect(r.detail).toMatch(/^no moves of the 2 agents bring them all to their goals: LaCAM searched all \d+ configurations/);
    expect(lacam(Grid.fromAscii(['..#..']), [{ start: 0, goal: 1 }, { start: 1, goal: 4 }])).toMatchObject({ status: 'unreachable', failedAgent: 1 });
  });

  test('without limits it returns its first plan; with anytime it improves on it', () => {
    // 40 agents: at 30 the first plan (sum of loss 671, lower bound 622) is no longer improved within the budget.
    const { grid, tasks } = load('random-32-32-20', 1, 40);
    const first = lacam(grid, tasks);
    expect(first).toMatchObject({ status: 'found', optimal: false, plansFound: 1 });
    expect(first.firstSumOfCosts).toBe(first.sumOfCosts);
    expectPlan(grid, tasks, first);
    const better = lacam(grid, tasks, { limits: { maxExpansions: 20_000 } });
    expectPlan(grid, tasks, better);
    expect(better.firstSumOfCosts).toBe(first.sumOfCosts);
    expect(better.sumOfLoss).toBeLessThan(first.sumOfLoss);
    expect(better.plansFound).toBeGreaterThan(1);
  });

  test('a budget that ends the improvement is a status carrying the best plan; one that ends before any plan carries none', () => {
    const { grid, tasks } = load('room-32-32-4', 1, 40);
    const first = lacam(grid, tasks, { anytime: false });
    expectPlan(grid, tasks, first);
    const budget = first.lowLevelExpansions + 50;
    const r = lacam(grid, tasks, { limits: { maxExpansions: budget } });
    expect(r).toMatchObject({ status: 'stopped', reason: 'max-expansions', optimal: false });
    expect(r.detail).toMatch(/while improving the plan/);
    expectPlan(grid, tasks, r);
    expect(r.sumOfLoss).toBeLessThanOrEqual(first.sumOfLoss);
    const early = lacam(grid, tasks, { limits: { maxExpansions: 2 } });
    expect(early).toMatchObject({ status: 'stopped', reason: 'max-expansions', paths: null, sumOfCosts: Infinity });
    const ctl = new AbortController();
    ctl.abort();
    expect(lacam(grid, tasks, { limits: { signal: ctl.signal } })).toMatchObject({ status: 'stopped', reason: 'aborted', paths: null });
    expect(lacam(grid, tasks, { maxNodes: 100 })).toMatchObject({ status: 'stopped', reason: 'max-nodes', paths: null });
  });

  test('hundreds of agents on the benchmark: a first plan, checked twice', () => {
    for (const [map, k] of [['warehouse-10-20-10-2-1', 100], ['random-32-32-20', 200], ['room-32-32-4', 150]] as const) {
      const { grid, tasks } = load(map, 1, k);
      const r = lacam(grid, tasks, { anytime: false });
      expect(r.status, `${map}: ${r.detail}`).toBe('found');
      expectPlan(grid, tasks, r);
    }
  });
});
