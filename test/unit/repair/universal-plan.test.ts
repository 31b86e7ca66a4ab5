import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fieldCommand } from '../../../cli/field.js';
import { Searcher, COST_TO_COME, InputError, Graph, Grid, type SearchSpace, pathCost } from '#bestfirst';
import { bellmanResidual, bellmanTerms, follow, universalPlan, UniversalPlanner, type UniversalPlan } from '#bestfirst/repair';
import { parseMap } from '#bestfirst/io';
import { handTraceWorld, lessonWorld } from '#bestfirst/worlds';
import { dataFile } from '../../support/data.js';
import { collect } from '../../support/cli-io.js';

/** Reads a Moving AI map from the repository's data/movingai/, or fails saying where it looked. */
function loadMap(rel: string): Grid {
  const file = dataFile(`movingai/${rel}`);
  return parseMap(readFileSync(file, 'utf8'), file);
}


/** Follows the plan from `count` seeded random reachable nodes and compares with a fresh Dijkstra. */
function checkFollow(space: SearchSpace, plan: UniversalPlan, count: number, seed: number): void {
  const reachable = Array.from(plan.order.subarray(0, plan.reachable));
  const searcher = new Searcher(space);
  const picks = fc.sample(fc.integer({ min: 0, max: reachable.length - 1 }), { seed, numRuns: count });
  for (const k of picks) {
    const from = reachable[k];
    const path = follow(plan, from)!;
    expect(path[0]).toBe(from);
    expect(path[path.length - 1]).toBe(plan.goal);
    const fresh = searcher;
    expect(searcher.search(from, plan.goal, { priority: COST_TO_COME })).toBe('found');
    const cost = pathCost(space, path);
    expect(Math.abs(cost - fresh.cost)).toBeLessThan(1e-9);
    expect(Math.abs(plan.h[from] - fresh.cost)).toBeLessThan(1e-9);
  }
}

test('the universal plan is a fixed point of the Bellman equation and its arrows cost what Dijkstra does (chapter check universal_plan_is_bellman_fixed_point)', () => {
  const worlds: Array<{ name: string; grid: Grid; goal: number }> = [];
  const hand = handTraceWorld();
  worlds.push({ name: 'hand-trace', grid: hand.grid, goal: hand.goal });
  const lesson = lessonWorld();
  worlds.push({ name: 'lesson', grid: lesson.grid, goal: lesson.goal });
  for (const rel of ['dao/den312d.map', 'dao/arena2.map', 'street/Berlin_0_256.map']) {
    const grid = loadMap(rel);
    // A goal near the middle: the first free cell at or after the centre.
    let goal = (grid.height >> 1) * grid.width + (grid.width >> 1);
    while (grid.isBlocked(goal)) goal++;
    worlds.push({ name: rel, grid, goal });
  }
  const planner = new UniversalPlanner(worlds[0].grid);
  worlds.forEach(({ name, grid, goal }, i) => {
    const plan = i === 0 ? planner.plan(goal) : universalPlan(grid, goal);
    const residual = bellmanResidual(grid, plan);
    expect(residual, name).toBeLessThan(1e-9);
    expect(plan.h[goal]).toBe(0);
    expect(plan.next[goal]).toBe(-1);
    // Wave-front order: settled costs never decrease.
    for (let k = 1; k < plan.reachable; k++) expect(plan.h[plan.order[k]] >= plan.h[plan.order[k - 1]]).toBe(true);
    checkFollow(grid, plan, 60, 1000 + i);
  });
  // The hand-trace grid: all ten free cells reach the goal, the farthest at 5.2 (the start).
  const p = planner.plan(hand.goal);
  expect(p.reachable).toBe(10);
  expect(p.h[hand.start]).toBeCloseTo(5.2, 12);
  expect(p.maxCostToGo).toBeCloseTo(5.2, 12);
});

test('universal plan on a directed graph follows arcs forward, built from their reverse', () => {
  // 0 -> 1 -> 2 (goal) costs 1 + 1; 2 -> 0 costs 1 but leads away from the goal;
  // 3 -> 0 costs 5; 2 -> 4 only (4 cannot reach 2).
  const g = new Graph(5, [[0, 1, 1], [1, 2, 1], [2, 0, 1], [3, 0, 5], [2, 4, 1]], { directed: true });
  const plan = universalPlan(g, 2);
  expect(Array.from(plan.h)).toEqual([2, 1, 0, 7, Infinity]);
  expect(Array.from(plan.next)).toEqual([1, 2, -1, 0, -1]);
  expect(plan.reachable).toBe(4);
  expect(plan.maxCostToGo).toBe(7);
  expect(Array.from(plan.order.subarray(0, 4))).toEqual([2, 1, 0, 3]);
  expect(follow(plan, 3)).toEqual([3, 0, 1, 2]);
  expect(follow(plan, 4)).toBeNull();
  expect(follow(plan, 2)).toEqual([2]);
  expect(bellmanResidual(g, plan)).toBe(0);
  // Forward from 2 the graph differs: node 0 is 1 step away, not 2.
  const back = universalPlan(g, 0);
  expect(Array.from(back.h)).toEqual([0, 2, 1, 5, Infinity]);
});

test('unreachable nodes get h = Infinity and next = -1', () => {
  const grid = Grid.fromAscii(['..#..', '..#..', '..#..']);
  const goal = grid.id(0, 0);
  const plan = universalPlan(grid, goal);
  for (let n = 0; n < grid.size; n++) {
    const x = grid.x(n);
    if (x <= 1) { expect(plan.h[n]).toBeLessThan(Infinity); expect(n === goal || plan.next[n] >= 0).toBe(true); }
    else { expect(plan.h[n]).toBe(Infinity); expect(plan.next[n]).toBe(-1); }
  }
  expect(plan.reachable).toBe(6);
  expect(follow(plan, grid.id(4, 2))).toBeNull();
  expect(bellmanResidual(grid, plan)).toBe(0);
});

test('bellmanTerms lists every successor and marks the arrow', () => {
  const w = handTraceWorld();
  const plan = universalPlan(w.grid, w.goal);
  // (3,2) has all eight neighbours free but (2,1) and (2,2): six terms, arrow to the goal (4,1).
  const at = w.grid.idColRow(3, 2);
  const view = bellmanTerms(w.grid, plan, at);
  expect(view.h).toBeCloseTo(1.4, 12);
  expect(view.min).toBe(view.h);
  expect(view.terms.length).toBe(6);
  expect(plan.next[at]).toBe(w.goal);
  const marked = view.terms.filter((t) => t.argmin);
  expect(marked.length).toBe(1);
  expect(marked[0].node).toBe(w.goal);
  expect(view.terms[view.argmin]).toBe(marked[0]);
  for (const t of view.terms) expect(t.total).toBe(t.cost + t.h);
  // The goal: terms listed, none marked.
  const atGoal = bellmanTerms(w.grid, plan, w.goal);
  expect(atGoal.argmin).toBe(-1);
  expect(atGoal.terms.every((t) => !t.argmin)).toBe(true);
  expect(() => bellmanTerms(w.grid, plan, 99)).toThrow(/bellmanTerms: node must be an integer node id in 0\.\.11, got 99/);
});

test('a wrong plan has a positive residual', () => {
  const w = lessonWorld();
  const plan = universalPlan(w.grid, w.goal);
  const h = Float64Array.from(plan.h);
  h[w.start] += 0.5;
  expect(bellmanResidual(w.grid, { ...plan, h })).toBeCloseTo(0.5, 12);
});

test('universal plan errors: goal out of range or blocked, no predecessors, mismatched plan', () => {
  const grid = Grid.fromAscii(['.#', '..']);
  expect(() => universalPlan(grid, 4)).toThrow(/goal must be an integer node id in 0\.\.3, got 4/);
  expect(() => universalPlan(grid, 1.5)).toThrow(RangeError);
  expect(() => universalPlan(grid, 1)).toThrow(/goal \(1,0\).*blocked/);
  const forwardOnly: SearchSpace = { size: 2, maxDegree: 1, successors: (_n, nodes, costs) => { nodes[0] = 1; costs[0] = 1; return 1; } };
  expect(() => universalPlan(forwardOnly, 0)).toThrow(/no predecessors\(\)/);
  const plan = universalPlan(grid, 0);
  expect(() => bellmanResidual(Grid.fromAscii(['...']), plan)).toThrow(/covers 4 nodes but the space has 3/);
  expect(() => follow(plan, -1)).toThrow(/from must be an integer node id in 0\.\.3, got -1/);
});


test('bestfirst field prints reach, largest cost-to-go, residual and time', () => {
  const map = dataFile('movingai/dao/den312d.map');
  const text = collect();
  expect(fieldCommand(['--map', map, '--goal', '30,40'], text.io)).toBe(0);
  expect(text.out[0]).toBe(`map ${map} (65 x 81, 2445 free cells), goal (30,40)`);
  expect(text.out[1]).toBe('reachable 2445 cells (0 free cells cannot reach the goal)');
  expect(text.out[2]).toMatch(/^largest cost-to-go 68\.79898987 at \(64,77\)$/);
  expect(text.out[3]).toBe('Bellman residual 0.00e+0');
  expect(text.out[4]).toMatch(/^time: plan \d+\.\d ms, residual \d+\.\d ms$/);

  const json = collect();
  expect(fieldCommand(['--map', map, '--goal', '30,40', '--json'], json.io)).toBe(0);
  const r = JSON.parse(json.out[0]);
  expect(r).toMatchObject({ goal: [30, 40], cells: 5265, free: 2445, reachable: 2445, farthest: [64, 77], residual: 0 });
  expect(r.maxCostToGo).toBeCloseTo(68.7989898732, 9);
  expect(typeof r.planMs).toBe('number');

  const quiet = collect();
  expect(() => fieldCommand(['--map', map], quiet.io)).toThrow(/field: --goal is required/);
  expect(() => fieldCommand(['--map', map, '--goal', '0,0'], quiet.io)).toThrow(/--goal 0,0 is a blocked cell/);
  expect(() => fieldCommand(['--map', map, '--goal', '65,0'], quiet.io)).toThrow(/--goal 65,0 is outside/);
  expect(() => fieldCommand(['--map', map, '--goal', '30,40', '--from', '1,1'], quiet.io)).toThrow(/unknown option --from/);
  expect(() => fieldCommand(['--map', '/nonexistent/x.map', '--goal', '1,1'], quiet.io)).toThrow(/cannot read --map \/nonexistent\/x\.map: no such file/);
  expect(quiet.out).toEqual([]);
});

test('follow: arrows that do not lead to the goal are the caller\'s plan, refused as an InputError saying why', () => {
  const g = new Graph(4, [[0, 1, 1], [1, 2, 1], [2, 3, 1]]);
  const plan = universalPlan(g, 3);
  expect(follow(plan, 0)).toEqual([0, 1, 2, 3]);
  // A cycle written into the arrows.
  const cyclic = { ...plan, next: Int32Array.from([1, 0, 3, -1]) };
  expect(() => follow(cyclic, 0)).toThrow(InputError);
  expect(() => follow(cyclic, 0)).toThrow(/follow: the plan's arrows from 0 go round a cycle through \d instead of leading to its goal 3; a plan made by universalPlan always leads there, so this one was changed after it was made or built by hand/);
  // An arrow cut.
  const cut = { ...plan, next: Int32Array.from([1, -1, 3, -1]) };
  expect(() => follow(cut, 0)).toThrow(/arrows from 0 stop at 1, whose arrow is -1 instead of leading to its goal 3/);
  // Not a plan at all.
  expect(() => follow(null as never, 0)).toThrow(/follow: plan must be a UniversalPlan .*got null/);
  expect(() => follow({ ...plan, next: new Int32Array(2) }, 0)).toThrow(/next has 2 entries but its h has 4/);
  expect(() => follow(plan, 1.5)).toThrow(InputError);
  expect(() => follow(new UniversalPlanner(g), 0)).toThrow(/follow: the plan has no goal \(goal -1\): it was never made, or its plan\(\) failed/);
});

test('universal plan: a NaN or negative cost is an InputError naming the arc, and no half-made plan is left', () => {
  const cost = { c: NaN };
  const space: SearchSpace = {
    size: 3, maxDegree: 1,
    successors: (n, nodes, costs) => { if (n === 2) return 0; nodes[0] = n + 1; costs[0] = n === 0 ? cost.c : 1; return 1; },
    predecessors: (n, nodes, costs) => { if (n === 0) return 0; nodes[0] = n - 1; costs[0] = n === 1 ? cost.c : 1; return 1; },
  };
  const planner = new UniversalPlanner(space);
  expect(() => planner.plan(2)).toThrow(InputError);
  expect(() => planner.plan(2)).toThrow(/universal plan: the space lists the arc 0 -> 1 with cost NaN; costs must be numbers >= 0 \(Infinity: no arc\)/);
  expect(planner.goal).toBe(-1);
  expect(planner.reachable).toBe(0);
  expect(() => follow(planner, 1)).toThrow(/has no goal/);
  cost.c = -1;
  expect(() => planner.plan(2)).toThrow(/cost -1/);
  cost.c = 4;
  expect(follow(planner.plan(2), 0)).toEqual([0, 1, 2]);
  expect(planner.h[0]).toBe(5);
});

test('universal plan input errors are InputErrors', () => {
  const grid = Grid.fromAscii(['.#', '..']);
  expect(() => universalPlan(grid, 4)).toThrow(InputError);
  expect(() => universalPlan(grid, 1)).toThrow(InputError);
  expect(() => new UniversalPlanner(null as never)).toThrow(InputError);
  const plan = universalPlan(grid, 0);
  expect(() => bellmanTerms(grid, plan, 1.5)).toThrow(InputError);
  expect(() => bellmanResidual(Grid.fromAscii(['...']), plan)).toThrow(InputError);
  expect(() => bellmanTerms(grid, { ...plan, goal: 7 }, 0)).toThrow(/bellmanTerms: the plan has no goal \(goal 7\)/);
});
