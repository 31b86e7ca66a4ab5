// The engine's checks from the chapter and the lesson, each named as the issue names it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, bfs, bestFirst, dijkstra, greedy, Searcher, weightedAstar, Graph, Grid, octile, sum } from '#bestfirst';
import { frontierBefore } from '#bestfirst/internal';
import { counterexampleWorld, handTraceWorld, lessonWorld } from '#bestfirst/worlds';
import { oracleCost } from '../../support/oracle.js';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';
import { sameCost } from '../../support/reference.js';

test('A* on the hand-trace grid pops, costs and returns what the text says: g, h, f of each pop, the path, cost 5.2 (chapter check astar_trace_matches_text)', () => {
  const w = handTraceWorld();
  const r = astar(w.grid, w.start, w.goal, w.h, { trace: true });
  const expected: [number, number, number, number, number][] = [
    // col, row, g, h, f
    [1, 1, 0, 3, 3],
    [1, 2, 1, 3.4, 4.4],
    [2, 3, 2.4, 2.8, 5.2],
    [3, 2, 3.8, 1.4, 5.2],
    [4, 1, 5.2, 0, 5.2],
  ];
  const pops = r.trace!.pops;
  expect(pops.map((p) => w.grid.formatColRow(p.node))).toEqual(expected.map(([c, rw]) => `(${c},${rw})`));
  pops.forEach((p, i) => {
    const [, , g, h, f] = expected[i];
    expect(Math.abs(p.g - g)).toBeLessThan(1e-9);
    expect(Math.abs(p.h - h)).toBeLessThan(1e-9);
    expect(Math.abs(p.f - f)).toBeLessThan(1e-9);
  });
  expect(r.path!.map((n) => w.grid.formatColRow(n)).join(' ')).toBe('(1,1) (1,2) (2,3) (3,2) (4,1)');
  expect(r.cost).toBeCloseTo(5.2, 9);
  expect(r.expansions).toBe(5);

  const d = dijkstra(w.grid, w.start, w.goal, { trace: true });
  expect(w.grid.freeCount()).toBe(10);
  expect(d.expansions).toBe(10);
  expect(new Set(d.trace!.pops.map((p) => p.node)).size).toBe(10);
  expect(d.cost).toBeCloseTo(5.2, 9);

  const gr = greedy(w.grid, w.start, w.goal, w.h);
  expect(gr.expansions).toBe(5);
  expect(gr.path).toEqual(r.path);
});

test('A* with octile costs what Dijkstra does on 200 random grids (chapter check astar_equals_dijkstra_on_random_grids)', () => {
  let withPath = 0;
  fc.assert(
    fc.property(gridCase, fc.constantFrom(1.4, Math.SQRT2), fc.constantFrom('always', 'no-corner-cutting') as fc.Arbitrary<'always' | 'no-corner-cutting'>,
      (c, diagonalCost, diagonalRule) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost, diagonalRule });
        const a = astar(grid, start, goal, octile(grid));
        const d = dijkstra(grid, start, goal);
        const o = oracleCost(grid, start, goal);
        expect(a.status).toBe(d.status);
        expect(sameCost(a.cost, d.cost)).toBe(true);
        expect(sameCost(a.cost, o)).toBe(true);
        expect(a.reopenings).toBe(0);
        expect(a.expansions).toBeLessThanOrEqual(d.expansions);
        if (a.status === 'found') withPath++;
      }),
    PROPERTY,
  );
  // The property is only worth something if most grids have a path to compare.
  expect(withPath).toBeGreaterThan(100);
});

test('a heuristic that overestimates makes A* pay 8 where Dijkstra pays 5 (chapter check nonoptimistic_loses)', () => {
  const w = counterexampleWorld();
  const a = astar(w.graph, w.start, w.goal, w.h);
  expect(a.cost).toBe(8);
  expect(a.path).toEqual([w.start, w.A, w.goal]);
  const d = dijkstra(w.graph, w.start, w.goal);
  expect(d.cost).toBe(5);
  expect(d.path).toEqual([w.start, w.B, w.goal]);
  // The heuristic overestimates exactly at B: h(B) = 9 > 4, the true cost-to-go.
  expect(w.h(w.B, w.goal)).toBeGreaterThan(dijkstra(w.graph, w.B, w.goal).cost);
});

describe('breadth-first against Dijkstra', () => {
  test('breadth-first costs what Dijkstra does when every move costs the same', () => {
    let compared = 0;
    fc.assert(
      fc.property(gridCase, fc.constantFrom(4, 8) as fc.Arbitrary<4 | 8>, fc.constantFrom('always', 'no-corner-cutting', 'at-most-one-blocked') as fc.Arbitrary<'always' | 'no-corner-cutting' | 'at-most-one-blocked'>,
        (c, connectivity, diagonalRule) => {
          // Unit weights: a diagonal step costs the same as an axial one.
          const { grid, start, goal } = randomGrid(c, { connectivity, diagonalRule, diagonalCost: 1 });
          const b = bfs(grid, start, goal);
          const d = dijkstra(grid, start, goal);
          expect(b.status).toBe(d.status);
          expect(b.linkLength).toBe(d.linkLength);
          expect(sameCost(b.cost, d.cost)).toBe(true);
          expect(b.reopenings).toBe(0);
          if (b.status === 'found') compared++;
        }),
      PROPERTY,
    );
    expect(compared).toBeGreaterThan(100);
  });

  test('with 1 and 1.4 steps breadth-first takes fewer links and Dijkstra the cheaper route', () => {
    // The smallest witness: four axial steps cost 4.0, three diagonals 4.2. Breadth-first
    // takes the route with fewer links; Dijkstra the cheaper one with more links.
    const [S, a, b, c, G, d, e] = [0, 1, 2, 3, 4, 5, 6];
    const witness = new Graph(7, [
      [S, a, 1], [a, b, 1], [b, c, 1], [c, G, 1], // four axial steps
      [S, d, 1.4], [d, e, 1.4], [e, G, 1.4], // three diagonals
    ]);
    const bw = bfs(witness, S, G), dw = dijkstra(witness, S, G);
    expect([bw.linkLength, bw.cost]).toEqual([3, 1.4 + 1.4 + 1.4]);
    expect(bw.cost).toBeCloseTo(4.2, 12);
    expect([dw.linkLength, dw.cost]).toEqual([4, 4]);

    // On random 1/1.4 grids: breadth-first never has more links nor a lower cost; among
    // paths of equally few links it keeps the first found, which may cost more.
    let disagreements = 0;
    fc.assert(
      fc.property(gridCase, (c) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost: 1.4, diagonalRule: 'always' });
        const bg = bfs(grid, start, goal), dg = dijkstra(grid, start, goal);
        expect(bg.status).toBe(dg.status);
        if (bg.status !== 'found') return;
        expect(bg.linkLength).toBeLessThanOrEqual(dg.linkLength);
        expect(bg.cost).toBeGreaterThanOrEqual(dg.cost - 1e-9);
        if (bg.cost > dg.cost + 1e-9) disagreements++;
      }),
      PROPERTY,
    );
    expect(disagreements).toBeGreaterThan(0);
  });

  test('breadth-first is a FIFO: it pops in order of insertion, depth never falls', () => {
    const grid = Grid.fromAscii(['.....', '.###.', '.....'], { diagonalCost: 1.4, diagonalRule: 'always' });
    const r = bfs(grid, grid.id(0, 0), grid.id(4, 2), { trace: true });
    const t = r.trace!;
    const pushOrder = t.pushes.map((p) => p.node);
    expect(t.pops.map((p) => p.node)).toEqual(pushOrder.slice(0, t.pops.length));
    for (let i = 1; i < t.pops.length; i++) expect(t.pops[i].depth).toBeGreaterThanOrEqual(t.pops[i - 1].depth);
    // no node is queued twice
    expect(new Set(pushOrder).size).toBe(pushOrder.length);
  });
});

test('weighted A* never pays more than eps times Dijkstra\'s cost (chapter check weighted_astar_is_bounded)', () => {
  for (const eps of [1.5, 2, 3, 5]) {
    let found = 0;
    fc.assert(
      fc.property(gridCase, fc.constantFrom(1.4, Math.SQRT2), (c, diagonalCost) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost });
        const opt = dijkstra(grid, start, goal).cost;
        const w = weightedAstar(grid, start, goal, octile(grid), eps);
        if (opt === Infinity) { expect(w.status).toBe('unreachable'); return; }
        found++;
        expect(w.cost).toBeLessThanOrEqual(eps * opt + 1e-9);
        expect(w.cost).toBeGreaterThanOrEqual(opt - 1e-9);
      }),
      { ...PROPERTY, seed: PROPERTY.seed + Math.round(eps * 10) },
    );
    expect(found).toBeGreaterThan(100);
  }
  for (const eps of [0, 0.25, 0.5, 1]) {
    fc.assert(
      fc.property(gridCase, (c) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost: 1.4 });
        const opt = dijkstra(grid, start, goal).cost;
        const w = weightedAstar(grid, start, goal, octile(grid), eps);
        expect(sameCost(w.cost, opt)).toBe(true);
      }),
      PROPERTY,
    );
  }
});

test('on the lesson\'s grid, ties to the cell added first, A* expands the lesson\'s cells in its order (chapter check lesson_trace_matches_text)', () => {
  const w = lessonWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  const t = s.trace!;
  const at = (n: number) => w.grid.formatXY(n);
  // The lesson's 21 expansions with their g (f is 9 throughout).
  const order = '(0,0) (1,0) (0,1) (2,0) (0,2) (2,1) (0,3) (2,2) (0,4) (3,2) (1,4) (0,5) (4,2) (2,4) (1,5) (4,3) (3,4) (2,5) (4,4) (3,5) (4,5)';
  const gs = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9];
  expect(t.pops.map((p) => at(p.node)).join(' ')).toBe(order);
  expect(t.pops.map((p) => p.g)).toEqual(gs);
  expect(t.pops.every((p) => p.f === 9)).toBe(true);
  // The quiz: before each of the 20 decisions, the frontier's first (up to) three cells by f.
  const quiz = [
    '(1,0) f 9, (0,1) f 9', '(0,1) f 9, (2,0) f 9', '(2,0) f 9, (0,2) f 9', '(0,2) f 9, (2,1) f 9',
    '(2,1) f 9, (0,3) f 9', '(0,3) f 9, (2,2) f 9', '(2,2) f 9, (0,4) f 9', '(0,4) f 9, (3,2) f 9',
    '(3,2) f 9, (1,4) f 9, (0,5) f 9', '(1,4) f 9, (0,5) f 9, (4,2) f 9', '(0,5) f 9, (4,2) f 9, (2,4) f 9',
    '(4,2) f 9, (2,4) f 9, (1,5) f 9', '(2,4) f 9, (1,5) f 9, (4,3) f 9', '(1,5) f 9, (4,3) f 9, (3,4) f 9',
    '(4,3) f 9, (3,4) f 9, (2,5) f 9', '(3,4) f 9, (2,5) f 9, (4,4) f 9', '(2,5) f 9, (4,4) f 9, (3,5) f 9',
    '(4,4) f 9, (3,5) f 9, (4,1) f 11', '(3,5) f 9, (4,5) f 9, (4,1) f 11', '(4,5) f 9, (4,1) f 11',
  ];
  quiz.forEach((line, i) => {
    const frontier = frontierBefore(t, i + 1);
    expect(frontier.slice(0, 3).map((e) => `${at(e.node)} f ${e.f}`).join(', ')).toBe(line);
    // The answer is always the frontier's first entry, and it is what the engine popped.
    expect(frontier[0].node).toBe(t.pops[i + 1].node);
  });
  // (4,1) is reached with f 11 and never expanded.
  const c41 = w.grid.id(4, 1);
  expect(t.pushes.find((p) => p.node === c41)!.f).toBe(11);
  expect(t.pops.some((p) => p.node === c41)).toBe(false);
  expect(s.path()!.length - 1).toBe(9);
  expect(s.cost).toBe(9);
  expect(w.grid.freeCount()).toBe(23);
  // Frontier sizes the narration reports after each expansion that added cells.
  expect(t.pops.map((p) => p.frontier)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 4, 3, 4, 5, 4, 4, 4, 3, 3, 2, 1]);
});

test('octile never falls by more than a move costs, and is 0 at the goal (chapter check octile_is_consistent)', () => {
  // Consistency: h(n) <= c(n, x) + h(x) for every move, and h(goal) = 0.
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  for (const d of [1.4, Math.SQRT2]) {
    const grid = new Grid(9, 9, undefined, { diagonalCost: d, diagonalRule: 'always' });
    const h = octile(grid);
    for (let goal = 0; goal < grid.size; goal++) {
      expect(h(goal, goal)).toBe(0);
      for (let n = 0; n < grid.size; n++) {
        const k = grid.successors(n, nodes, costs);
        for (let i = 0; i < k; i++) expect(h(n, goal)).toBeLessThanOrEqual(costs[i] + h(nodes[i], goal) + 1e-12);
      }
    }
  }
  // The chapter's exercise 1 has the inadmissible case the wrong way round. The
  // 1.4 formula on a sqrt 2 grid only underestimates (1.4 < 1.414...), so it stays
  // admissible; it is octile built with sqrt 2 that overestimates one 1.4 diagonal.
  const g14 = new Grid(2, 2, undefined, { diagonalCost: 1.4, diagonalRule: 'always' });
  const hSqrt2 = octile(g14, Math.SQRT2);
  const a = g14.id(0, 0), b = g14.id(1, 1);
  expect(dijkstra(g14, a, b).cost).toBeCloseTo(1.4, 12);
  expect(hSqrt2(a, b)).toBeGreaterThan(1.4);
  const gSqrt2 = new Grid(2, 2, undefined, { diagonalRule: 'always' });
  expect(octile(gSqrt2, 1.4)(a, b)).toBeLessThan(dijkstra(gSqrt2, a, b).cost);
});

test('walls that cost 10000 to enter give the same paths as deleted walls wherever a free route exists (chapter check obstacle_cost_matches_deletion)', () => {
  let compared = 0;
  fc.assert(
    fc.property(
      gridCase.filter((c) => c.width * c.height < 10000 / 1.4),
      (c) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost: 1.4, diagonalRule: 'always' });
        const kept = grid.with({ blocked: { enterCost: 10000 } });
        const del = astar(grid, start, goal, octile(grid));
        const keep = astar(kept, start, goal, octile(kept));
        if (del.status === 'found') {
          compared++;
          // Any route through an obstacle costs >= 10000 > every obstacle-free route
          // on a grid of fewer than 10000 / 1.4 cells, so both return the same path.
          expect(keep.path).toEqual(del.path);
          expect(sameCost(keep.cost, del.cost)).toBe(true);
        } else {
          // No free route: the kept obstacles still give one, through a wall.
          expect(keep.status).toBe('found');
          expect(keep.cost).toBeGreaterThanOrEqual(10000);
        }
      },
    ),
    PROPERTY,
  );
  expect(compared).toBeGreaterThan(100);
  // Where they differ: a wall across the grid leaves no free route.
  const walled = Grid.fromAscii(['..#..', '..#..', '..#..'], { diagonalCost: 1.4, diagonalRule: 'always' });
  const s = walled.id(0, 1), g = walled.id(4, 1);
  expect(astar(walled, s, g, octile(walled)).status).toBe('unreachable');
  const through = astar(walled.with({ blocked: { enterCost: 10000 } }), s, g, octile(walled));
  expect(through.status).toBe('found');
  expect(through.cost).toBeCloseTo(10000 + 3, 9);
  expect(through.path!.some((n) => walled.isBlocked(n))).toBe(true);
});

test('an inflated heuristic reopens closed cells, and each reopening is counted and traced', () => {
  // Found by a seeded search over small grids: with eps = 3, A* closes two cells
  // through a detour first, then finds them cheaper and puts them back on the frontier.
  const grid = Grid.fromAscii(['.#.....', '..#.#..', '.##...#', '.#.####', '...#...', '.......'], { diagonalCost: 1.4, diagonalRule: 'always' });
  const start = grid.id(2, 0), goal = grid.id(6, 4);
  const r = bestFirst(grid, start, goal, octile(grid), { kind: 'sum', eps: 3 }, { trace: true });
  expect(r.status).toBe('found');
  expect(r.reopenings).toBe(2);
  const reopened = r.trace!.pushes.filter((p) => p.kind === 'reopen');
  expect(reopened.length).toBe(2);
  for (const p of reopened) {
    // a reopened cell was popped before it was pushed again
    const firstPop = r.trace!.pops.findIndex((q) => q.node === p.node);
    expect(firstPop).toBeGreaterThanOrEqual(0);
    expect(firstPop).toBeLessThan(p.during);
  }
  expect(r.cost).toBeLessThanOrEqual(3 * dijkstra(grid, start, goal).cost);
  // The consistent heuristic at eps = 1 never reopens on the same grid.
  expect(astar(grid, start, goal, octile(grid)).reopenings).toBe(0);
});

test('weighted A* without reopening keeps the eps bound (consistent h) and never reopens', () => {
  for (const eps of [1.5, 2, 3]) {
    let found = 0;
    fc.assert(
      fc.property(gridCase, fc.constantFrom(1.4, Math.SQRT2), (c, diagonalCost) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost });
        const opt = dijkstra(grid, start, goal).cost;
        const s = new Searcher(grid);
        s.search(start, goal, { priority: sum(eps), heuristic: octile(grid), reopen: false });
        if (opt === Infinity) { expect(s.status).toBe('unreachable'); return; }
        found++;
        expect(s.reopenings).toBe(0);
        expect(s.cost).toBeLessThanOrEqual(eps * opt + 1e-9);
      }),
      { ...PROPERTY, seed: PROPERTY.seed + 100 + eps * 10 },
    );
    expect(found).toBeGreaterThan(100);
  }
  // Not a no-op: on the grid where eps = 3 reopens two cells, the option saves that work.
  const grid = Grid.fromAscii(['.#.....', '..#.#..', '.##...#', '.#.####', '...#...', '.......'], { diagonalCost: 1.4, diagonalRule: 'always' });
  const start = grid.id(2, 0), goal = grid.id(6, 4);
  const s = new Searcher(grid);
  s.search(start, goal, { priority: sum(3), heuristic: octile(grid) });
  const [withReopen, expansionsWith] = [s.reopenings, s.expansions];
  s.search(start, goal, { priority: sum(3), heuristic: octile(grid), reopen: false });
  expect(withReopen).toBe(2);
  expect(s.reopenings).toBe(0);
  expect(s.expansions).toBeLessThan(expansionsWith);
  expect(s.cost).toBeLessThanOrEqual(3 * dijkstra(grid, start, goal).cost);
});
