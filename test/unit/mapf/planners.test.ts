// The MAPF planners (prioritized planning, CBS) on hand instances and the
// benchmark files: every plan goes through the independent checker;
// unsolvable instances, prioritized planning's failures and every budget
// end in a status. CBS's optimality against a brute force on random tiny
// grids is in mapf-optimal.test.ts (integration tier: 15 s).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { cbs, prioritizedPlan } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { bruteForce, expectValid } from '../../support/mapf-reference.js';

describe('hand instances', () => {
  // A corridor with two pockets: one robot steps aside.
  const G = Grid.fromAscii(['.....', '.#.#.', '.....']);
  const swapEnds = [{ start: G.id(0, 0), goal: G.id(4, 0) }, { start: G.id(4, 0), goal: G.id(0, 0) }];

  test('two robots swap the ends of a corridor with a side row: both planners solve it, CBS at the brute-force optimum', () => {
    const c = cbs(G, swapEnds);
    expectValid(G, swapEnds, c);
    expect(c.sumOfCosts).toBe(bruteForce(G, swapEnds));
    expect(c.lowerBound).toBe(8);
    expectValid(G, swapEnds, prioritizedPlan(G, swapEnds));
  });

  test('two robots swapping the ends of a bare corridor: unsolvable, said by both, with the reason', () => {
    const corridor = Grid.fromAscii(['.....']);
    const tasks = [{ start: 0, goal: 4 }, { start: 4, goal: 0 }];
    for (const r of [cbs(corridor, tasks), prioritizedPlan(corridor, tasks)]) {
      expect(r).toMatchObject({ status: 'unreachable', paths: null, sumOfCosts: Infinity, lowerBound: 8 });
      expect(r.detail).toMatch(/no joint moves of the 2 agents bring them all to their goals \(searched all 25 joint positions\)/);
    }
    // Without the joint search CBS cannot prove it: its tree grows until the budget ends it, with a status.
    expect(cbs(corridor, tasks, { jointLimit: 0, maxNodes: 50 })).toMatchObject({ status: 'stopped', reason: 'max-nodes', highLevelNodes: 50 });
  });

  test('a goal walled off from its start: unsolvable, naming the agent', () => {
    const g = Grid.fromAscii(['..#..']);
    const tasks = [{ start: 0, goal: 1 }, { start: 1, goal: 4 }];
    for (const r of [cbs(g, tasks), prioritizedPlan(g, tasks)]) {
      expect(r).toMatchObject({ status: 'unreachable', failedAgent: 1, lowerBound: Infinity });
      expect(r.detail).toBe('agent 1 cannot reach its goal (4,0) from its start (1,0) even alone');
    }
  });

  test('prioritized planning fails where the first agent parks on the second one\'s only way; CBS lets it pass first', () => {
    const g = Grid.fromAscii(['#.#', '...']);
    const tasks = [{ start: g.id(1, 0), goal: g.id(1, 1) }, { start: g.id(0, 1), goal: g.id(2, 1) }];
    const p = prioritizedPlan(g, tasks, { jointLimit: 0 });
    expect(p).toMatchObject({ status: 'stopped', reason: 'incomplete', failedAgent: 1, paths: null });
    expect(p.detail).toMatch(/^agent 1 has no path from \(0,1\) to \(2,1\) around the 1 agent planned before it/);
    const c = cbs(g, tasks);
    expectValid(g, tasks, c);
    expect(c.sumOfCosts).toBe(4);
    expect(bruteForce(g, tasks)).toBe(4);
  });

  test('an agent already on its goal costs nothing, and no agents is a plan of cost 0', () => {
    expect(cbs(G, [{ start: 0, goal: 0 }])).toMatchObject({ status: 'found', paths: [[0]], sumOfCosts: 0, makespan: 0 });
    expect(prioritizedPlan(G, [])).toMatchObject({ status: 'found', paths: [], sumOfCosts: 0, makespan: 0, lowerBound: 0 });
  });

  test('every budget ends in a status', () => {
    // jointLimit 0: the tree's budgets (a small instance is otherwise answered by the joint search before any tree).
    expect(cbs(G, swapEnds, { maxNodes: 0, jointLimit: 0 })).toMatchObject({ status: 'stopped', reason: 'max-nodes', paths: null });
    expect(cbs(G, swapEnds, { limits: { maxExpansions: 3 }, jointLimit: 0 })).toMatchObject({ status: 'stopped', reason: 'max-expansions', paths: null });
    expect(cbs(G, swapEnds, { limits: { maxMillis: 0 }, jointLimit: 0 })).toMatchObject({ status: 'stopped', reason: 'max-millis', paths: null });
    expect(prioritizedPlan(G, swapEnds, { limits: { maxExpansions: 3 } })).toMatchObject({ status: 'stopped', reason: 'max-expansions', paths: null });
    expect(prioritizedPlan(G, swapEnds, { limits: { maxMillis: 0 } })).toMatchObject({ status: 'stopped', reason: 'max-millis', paths: null });
  });

  test('bad input is an InputError naming what is wrong', () => {
    expect(() => cbs(null as never, [])).toThrow(/cbs: grid must be a Grid/);
    expect(() => cbs(G, [{ start: 0, goal: 6 }])).toThrow(/tasks\[0\]\.goal \(1,1\) is a blocked cell/);
    expect(() => prioritizedPlan(G, [{ start: 0, goal: 2 }, { start: 1, goal: 2 }])).toThrow(/tasks\[0\] and tasks\[1\] share the goal \(2,0\)/);
    expect(() => prioritizedPlan(G, [], { maxNodes: 3 } as never)).toThrow(InputError);
    expect(() => cbs(G, [], { maxNodes: -1 })).toThrow(/maxNodes must be a number >= 0/);
    expect(() => cbs(G, [], { jointLimit: 0.5 })).toThrow(/jointLimit must be a whole number/);
  });
});

describe('on the MAPF benchmark files', () => {
  const grid = parseMap(readFileSync(dataFile('mapf/random-32-32-20.map'), 'utf8'), 'random-32-32-20.map');
  const rows = parseScen(readFileSync(dataFile('mapf/random-32-32-20-random-1.scen'), 'utf8'), 'random-32-32-20-random-1.scen');
  const tasksOf = (k: number) => rows.slice(0, k).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));

  test('the lower bound is the sum of the file\'s single-agent optima (its last column)', () => {
    const r = prioritizedPlan(grid, tasksOf(30));
    expectValid(grid, tasksOf(30), r);
    expect(r.lowerBound).toBe(rows.slice(0, 30).reduce((s, row) => s + row.optimal, 0));
    expect(r.sumOfCosts).toBeGreaterThanOrEqual(r.lowerBound);
  });

  test('CBS plans 10 agents, valid, at least the lower bound and at most what prioritized planning pays', () => {
    const tasks = tasksOf(10);
    const c = cbs(grid, tasks, { limits: { maxMillis: 20_000 } });
    expectValid(grid, tasks, c);
    expect(c.sumOfCosts).toBeGreaterThanOrEqual(c.lowerBound);
    expect(c.sumOfCosts).toBeLessThanOrEqual(prioritizedPlan(grid, tasks).sumOfCosts);
    expect(c.highLevelNodes).toBeGreaterThan(0); // at least the root, expanded to find the plan
    expect(c.lowLevelExpansions).toBeGreaterThan(0);
  });
});

test('onProgress: prioritized planning calls it after each agent (planned, agents); CBS after each constraint-tree node (expanded, maxNodes)', () => {
  const grid = Grid.fromAscii(['.....', '.#.#.', '.....']);
  const tasks = [{ start: grid.id(0, 0), goal: grid.id(4, 2) }, { start: grid.id(4, 0), goal: grid.id(0, 2) }, { start: grid.id(2, 0), goal: grid.id(2, 2) }];
  const seen: [number, number][] = [];
  expect(prioritizedPlan(grid, tasks, { onProgress: (d, t) => seen.push([d, t]) }).status).toBe('found');
  expect(seen).toEqual([[1, 3], [2, 3], [3, 3]]);
  // Two agents whose shortest paths cross at the centre at the same time: CBS must split (the joint search is off).
  const open = Grid.fromAscii(['...', '...', '...']);
  const crossing = [{ start: open.id(0, 1), goal: open.id(2, 1) }, { start: open.id(1, 0), goal: open.id(1, 2) }];
  const nodes: [number, number][] = [];
  const r = cbs(open, crossing, { maxNodes: 50, jointLimit: 0, onProgress: (d, t) => nodes.push([d, t]) });
  expect(r.status).toBe('found');
  expect(r.highLevelNodes).toBeGreaterThan(0);
  expect(nodes).toEqual(Array.from({ length: r.highLevelNodes }, (_, i) => [i + 1, 50]));
  expect(() => cbs(grid, tasks, { onProgress: 5 as never })).toThrow(/cbs: onProgress must be a function \(done, total\) => void, got 5/);
});
