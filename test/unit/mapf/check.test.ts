// checkMapfPlan: the rules of the MAPF benchmark, one hand case per rule
// (each broken once and kept once), the costs, and a fixed-seed property that
// its verdict equals a reference written another way (a table of who is where
// at every step, every pair of agents compared).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { checkMapfPlan, type AgentTask } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';

// 5 x 3, a wall in the middle of the top row.
const G = Grid.fromAscii(['..#..', '.....', '.....']);
const id = (x: number, y: number) => G.id(x, y);
const path = (...xy: [number, number][]) => xy.map(([x, y]) => id(x, y));

function verdict(tasks: AgentTask[], paths: number[][]) {
  return checkMapfPlan(G, tasks, paths);
}

describe('each rule, broken and kept', () => {
  test('two agents crossing the corridor one after the other: ok, with each cost and the sum', () => {
    const a = path([0, 1], [1, 1], [2, 1], [3, 1]);
    const b = path([4, 2], [4, 2], [3, 2], [3, 2]); // waits, moves, then waits at its goal (free)
    const r = verdict([{ start: a[0], goal: a[3] }, { start: b[0], goal: id(3, 2) }], [a, b]);
    expect(r).toEqual({ ok: true, costs: [3, 2], sumOfCosts: 5, makespan: 3 });
  });

  test('start and goal must match the task', () => {
    expect(verdict([{ start: id(0, 0), goal: id(1, 0) }], [path([0, 1], [0, 0], [1, 0])])).toEqual({ ok: false, reason: 'agent 0 starts on (0,1), not on its start (0,0)' });
    expect(verdict([{ start: id(0, 0), goal: id(1, 0) }], [path([0, 0], [0, 1])])).toEqual({ ok: false, reason: 'agent 0 ends on (0,1), not on its goal (1,0)' });
  });

  test('a blocked cell, a diagonal step and a jump are refused; a wait is a step', () => {
    expect(verdict([{ start: id(1, 0), goal: id(3, 0) }], [path([1, 0], [2, 0], [3, 0])])).toMatchObject({ ok: false, reason: 'agent 0 is on the blocked cell (2,0) at step 1' });
    expect(verdict([{ start: id(0, 0), goal: id(1, 1) }], [path([0, 0], [1, 1])])).toMatchObject({ ok: false, reason: expect.stringMatching(/jumps from \(0,0\) to \(1,1\)/) });
    expect(verdict([{ start: id(0, 2), goal: id(2, 2) }], [path([0, 2], [2, 2])])).toMatchObject({ ok: false });
    expect(verdict([{ start: id(0, 2), goal: id(1, 2) }], [path([0, 2], [0, 2], [1, 2])])).toEqual({ ok: true, costs: [2], sumOfCosts: 2, makespan: 2 });
  });

  test('a vertex conflict: two agents on one cell at one step', () => {
    const r = verdict([{ start: id(0, 1), goal: id(2, 1) }, { start: id(1, 2), goal: id(1, 0) }], [path([0, 1], [1, 1], [2, 1]), path([1, 2], [1, 1], [1, 0])]);
    expect(r).toEqual({ ok: false, reason: 'agents 0 and 1 are both on (1,1) at step 1 (a vertex conflict)' });
  });

  test('an edge conflict: two agents swapping along one edge; following is allowed', () => {
    const swap = verdict([{ start: id(0, 2), goal: id(1, 2) }, { start: id(1, 2), goal: id(0, 2) }], [path([0, 2], [1, 2]), path([1, 2], [0, 2])]);
    expect(swap).toEqual({ ok: false, reason: 'agents 0 and 1 swap (0,2) and (1,2) between steps 0 and 1 (an edge conflict)' });
    const follow = verdict([{ start: id(0, 2), goal: id(1, 2) }, { start: id(1, 2), goal: id(2, 2) }], [path([0, 2], [1, 2]), path([1, 2], [2, 2])]);
    expect(follow).toEqual({ ok: true, costs: [1, 1], sumOfCosts: 2, makespan: 1 });
  });

  test('an agent that has arrived stays on its goal and blocks it for everyone after', () => {
    const a = path([1, 1], [1, 2]); // arrives at step 1 and stays
    const b = path([0, 2], [0, 2], [1, 2], [2, 2]); // passes through a's goal at step 2
    expect(verdict([{ start: a[0], goal: a[1] }, { start: b[0], goal: b[3] }], [a, b])).toEqual({ ok: false, reason: 'agents 0 and 1 are both on (1,2) at step 2 (a vertex conflict)' });
  });

  test('leaving the goal and coming back costs the whole time away', () => {
    const r = verdict([{ start: id(0, 1), goal: id(0, 1) }], [path([0, 1], [1, 1], [0, 1], [0, 1])]);
    expect(r).toEqual({ ok: true, costs: [2], sumOfCosts: 2, makespan: 2 });
    expect(verdict([{ start: id(0, 1), goal: id(0, 1) }], [path([0, 1])])).toEqual({ ok: true, costs: [0], sumOfCosts: 0, makespan: 0 });
  });
});

test('arguments of the wrong shape are InputErrors naming them', () => {
  expect(() => checkMapfPlan(null as never, [], [])).toThrow(/grid must be a Grid/);
  expect(() => checkMapfPlan(G, [{ start: 0, goal: 1 }], [])).toThrow(/1 tasks but 0 paths/);
  expect(() => checkMapfPlan(G, [{ start: 0, goal: 99 }], [[0]])).toThrow(/tasks\[0\] must be \{ start, goal \} with cell ids in 0\.\.14/);
  expect(() => checkMapfPlan(G, [{ start: 0, goal: 1 }], [[]])).toThrow(/paths\[0\] must be a non-empty array/);
  expect(() => checkMapfPlan(G, [{ start: 0, goal: 1 }], [[0, 1.5]])).toThrow(/paths\[0\]\[1\] must be a cell id in 0\.\.14/);
  expect(() => checkMapfPlan(G, [{ start: 0, goal: 1 }], [[0, 1.5]])).toThrow(InputError);
});

/** The reference: positions in a table (agent x step), every pair compared at every step. */
function reference(grid: Grid, tasks: AgentTask[], paths: number[][]): boolean {
  const w = grid.width, T = Math.max(...paths.map((p) => p.length));
  const pos = paths.map((p) => Array.from({ length: T }, (_, t) => p[Math.min(t, p.length - 1)]));
  for (let i = 0; i < paths.length; i++) {
    if (pos[i][0] !== tasks[i].start || pos[i][T - 1] !== tasks[i].goal) return false;
    for (let t = 0; t < T; t++) {
      if (grid.cells[pos[i][t]] !== 0) return false;
      if (t > 0) {
        const [x0, y0, x1, y1] = [pos[i][t - 1] % w, Math.floor(pos[i][t - 1] / w), pos[i][t] % w, Math.floor(pos[i][t] / w)];
        if (Math.abs(x0 - x1) + Math.abs(y0 - y1) > 1) return false;
      }
    }
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      for (let t = 0; t < T; t++) {
        if (pos[i][t] === pos[j][t]) return false;
        if (t > 0 && pos[i][t] === pos[j][t - 1] && pos[j][t] === pos[i][t - 1] && pos[i][t] !== pos[i][t - 1]) return false;
      }
    }
  }
  return true;
}

test('on random plans (walks with waits on a 5 x 3 grid, up to 4 agents), the verdict equals the reference\'s', () => {
  let ok = 0, broken = 0;
  const walk = fc.tuple(fc.nat(G.size - 1), fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 7 }));
  fc.assert(fc.property(fc.array(walk, { minLength: 1, maxLength: 4 }), (agents) => {
    const moves = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]];
    const paths = agents.map(([s, steps]) => {
      const p = [s];
      for (const k of steps) {
        const n = p[p.length - 1], x = n % G.width + moves[k][0], y = Math.floor(n / G.width) + moves[k][1];
        p.push(x >= 0 && x < G.width && y >= 0 && y < G.height ? G.id(x, y) : n);
      }
      return p;
    });
    const tasks = paths.map((p) => ({ start: p[0], goal: p[p.length - 1] }));
    const r = checkMapfPlan(G, tasks, paths);
    expect(r.ok, r.ok ? '' : r.reason).toBe(reference(G, tasks, paths));
    if (r.ok) ok++; else broken++;
  }), { seed: 20261202, numRuns: 2000 });
  // Both verdicts occur often enough for the comparison to mean something.
  expect(ok).toBeGreaterThan(200);
  expect(broken).toBeGreaterThan(200);
});

test('the MAPF benchmark\'s files read with the Moving AI reader; one agent per row is a legal single-agent plan', () => {
  const grid = parseMap(readFileSync(dataFile('mapf/random-32-32-20.map'), 'utf8'), 'random-32-32-20.map');
  const rows = parseScen(readFileSync(dataFile('mapf/random-32-32-20-random-1.scen'), 'utf8'), 'random-32-32-20-random-1.scen');
  expect([grid.width, grid.height, rows.length]).toEqual([32, 32, 409]);
  const r = checkMapfPlan(grid, [{ start: grid.id(rows[0].startX, rows[0].startY), goal: grid.id(rows[0].startX, rows[0].startY) }], [[grid.id(rows[0].startX, rows[0].startY)]]);
  expect(r).toEqual({ ok: true, costs: [0], sumOfCosts: 0, makespan: 0 });
});
