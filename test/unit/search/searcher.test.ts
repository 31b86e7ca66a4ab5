// The reusable searcher, traces as a faithful record, the heap, graphs, implicit spaces, DFS and IDDFS.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, bfs, dijkstra, Searcher, Graph, Grid, manhattan, octile, KeyedSpace, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority, type TieBreak } from '#bestfirst';
import { dfs, iddfs } from '#bestfirst/search';
import { pathAmong } from '#bestfirst/grid';
import { frontierBefore } from '#bestfirst/internal';
import { Heap } from '#bestfirst/internal';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';

describe('reusable searcher', () => {
  test('one searcher answers many queries exactly as fresh ones do, in any order', () => {
    fc.assert(
      fc.property(gridCase, fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 }), (c, pairs) => {
        const { grid } = randomGrid({ ...c, density: c.density / 2 }, { diagonalCost: 1.4 });
        const free = [...Array(grid.size).keys()].filter((n) => !grid.isBlocked(n));
        if (free.length === 0) return;
        const s = new Searcher(grid, { capacity: 4 }); // starts small: must grow
        const buf = new Int32Array(grid.size);
        for (const [i, j] of pairs) {
          const a = free[i % free.length], b = free[j % free.length];
          const status = s.search(a, b, { heuristic: octile(grid) });
          const fresh = astar(grid, a, b, octile(grid));
          expect(status).toBe(fresh.status);
          expect(s.cost).toBe(fresh.cost);
          expect(s.expansions).toBe(fresh.expansions);
          const len = s.pathInto(buf);
          expect(Array.from(buf.subarray(0, len))).toEqual(fresh.path ?? []);
        }
      }),
      PROPERTY,
    );
  });

  test('the generation stamp wraps without leaking state between queries', () => {
    const grid = Grid.fromAscii(['....', '.##.', '....']);
    const s = new Searcher(grid);
    const a = grid.id(0, 0), b = grid.id(3, 2);
    s.search(a, b);
    const expected = s.cost;
    (s as unknown as { gen: number }).gen = 0xfffffff0; // as if after two billion queries
    for (let i = 0; i < 4; i++) {
      expect(s.search(a, b, { heuristic: octile(grid) })).toBe('found');
      expect(s.cost).toBe(expected);
    }
  });

  test('statuses: found, unreachable (open set empty), step-limit (budget spent)', () => {
    const grid = Grid.fromAscii(['..#..', '..#..', '..#..']);
    const s = new Searcher(grid);
    expect(s.search(grid.id(0, 0), grid.id(1, 2))).toBe('found');
    expect(s.search(grid.id(0, 0), grid.id(4, 0))).toBe('unreachable');
    expect(s.expansions).toBe(6);
    expect(s.path()).toBeNull();
    expect(s.cost).toBe(Infinity);
    expect(s.search(grid.id(0, 0), grid.id(1, 2), { limits: { maxExpansions: 2 } })).toBe('stopped');
    expect(s.expansions).toBe(2);
    expect(s.search(grid.id(0, 0), grid.id(4, 0), { priority: LINK_LENGTH, limits: { maxExpansions: 3 } })).toBe('stopped');
    expect(s.search(grid.id(3, 1), grid.id(3, 1))).toBe('found');
    expect([s.cost, s.expansions, s.path()]).toEqual([0, 1, [grid.id(3, 1)]]);
    expect(s.result().linkLength).toBe(0);
  });

  test('gOf reads the last query and nothing older', () => {
    const grid = Grid.fromAscii(['...', '...']);
    const s = new Searcher(grid);
    s.search(0, 5);
    expect(s.gOf(5)).toBeCloseTo(Math.SQRT2 + 1, 12);
    s.search(0, 1);
    expect(s.gOf(1)).toBe(1);
    expect(s.gOf(5)).toBe(Infinity); // not reached by the new query
  });
});

describe('traces replay the engine exactly', () => {
  const priorities: [string, Priority][] = [['bfs', LINK_LENGTH], ['dijkstra', COST_TO_COME], ['greedy', HEURISTIC_ONLY], ['astar', ASTAR], ['wastar 2.5', sum(2.5)]];
  for (const [name, priority] of priorities) {
    test(`${name}: frontierBefore(k) leads with the node the engine popped, and has the size it reported`, () => {
      fc.assert(
        fc.property(gridCase, fc.constantFrom<TieBreak>('h', 'fifo'), fc.constantFrom(4, 8) as fc.Arbitrary<4 | 8>, (c, tieBreak, connectivity) => {
          const { grid, start, goal } = randomGrid(c, { diagonalCost: 1.4, connectivity });
          const s = new Searcher(grid);
          s.search(start, goal, { priority, heuristic: octile(grid), tieBreak, trace: true });
          const t = s.trace!;
          expect(t.pops.length).toBe(s.expansions);
          expect(t.pushes.length).toBe(s.pushes);
          for (let k = 1; k < t.pops.length; k++) {
            const f = frontierBefore(t, k);
            expect(f.length).toBe(t.pops[k - 1].frontier);
            expect(f[0].node).toBe(t.pops[k].node);
          }
          // Untraced runs do the same work.
          const quiet = new Searcher(grid);
          quiet.search(start, goal, { priority, heuristic: octile(grid), tieBreak });
          expect([quiet.expansions, quiet.pushes, quiet.cost]).toEqual([s.expansions, s.pushes, s.cost]);
        }),
        { ...PROPERTY, numRuns: 60 },
      );
    });
  }
});

test('heap: pops in (key1, key2, insertion) order', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 })), { maxLength: 300 }), (keys) => {
      const heap = new Heap(2);
      keys.forEach(([a, b], i) => heap.push(i, a, b, a * 10 + b));
      const expected = keys.map(([a, b], i) => ({ a, b, i })).sort((x, y) => x.a - y.a || x.b - y.b || x.i - y.i).map((e) => e.i);
      const got: number[] = [];
      while (heap.length > 0) {
        expect(heap.topValue()).toBe(heap.topKey1() * 10 + heap.topKey2());
        got.push(heap.topNode());
        heap.pop();
      }
      expect(got).toEqual(expected);
    }),
    { seed: 7, numRuns: 300 },
  );
});

describe('graphs', () => {
  test('directed edges go one way; undirected both; predecessors mirror successors', () => {
    const directed = new Graph(3, [[0, 1, 2], [1, 2, 3]], { directed: true });
    expect(dijkstra(directed, 0, 2).cost).toBe(5);
    expect(dijkstra(directed, 2, 0).status).toBe('unreachable');
    const undirected = new Graph(3, [[0, 1, 2], [1, 2, 3]]);
    expect(dijkstra(undirected, 2, 0).cost).toBe(5);
    const nodes = new Int32Array(4), costs = new Float64Array(4);
    expect(directed.predecessors(2, nodes, costs)).toBe(1);
    expect([nodes[0], costs[0]]).toEqual([1, 3]);
    expect(directed.successors(2, nodes, costs)).toBe(0);
    expect(undirected.arcCount).toBe(4);
    expect(undirected.maxDegree).toBe(2);
  });
  test('parallel edges and zero costs are fine', () => {
    const g = new Graph(2, [[0, 1, 5], [0, 1, 0]], { directed: true });
    expect(dijkstra(g, 0, 1).cost).toBe(0);
  });
});

describe('implicit spaces', () => {
  test('an unbounded grid given by its obstacles: around a wall, and a boxed-in goal stops at the budget', () => {
    const wall: [number, number][] = [];
    for (let y = -5; y <= 5; y++) wall.push([3, y]);
    const r = pathAmong([0, 0], [6, 0], wall, { diagonalCost: 1.4 });
    expect(r.status).toBe('found');
    // No corner cutting (the default): up to (2,6), across (3,6) to (4,6), down: 6.8 + 2 + 6.8.
    expect(r.cost).toBeCloseTo(15.6, 9);
    // Cutting corners, the diagonal past the wall's end is allowed: 7.2 + 7.2.
    expect(pathAmong([0, 0], [6, 0], wall, { diagonalCost: 1.4, diagonalRule: 'always' }).cost).toBeCloseTo(14.4, 9);
    expect(r.path![0]).toEqual([0, 0]);
    expect(r.path![r.path!.length - 1]).toEqual([6, 0]);
    for (const p of r.path!) expect(wall.some(([x, y]) => x === p[0] && y === p[1])).toBe(false);
    const box: [number, number][] = [];
    for (let i = -1; i <= 1; i++) box.push([10 + i, -1], [10 + i, 1], [9, i], [11, i]);
    const boxed = pathAmong([0, 0], [10, 0], box, { limits: { maxExpansions: 5000 } });
    expect(boxed.status).toBe('stopped');
    expect(boxed.expansions).toBe(5000);
    expect(pathAmong([0, 0], [0, 5], [], { connectivity: 4 }).cost).toBe(5);
  });
  test('string keys are interned on first sight', () => {
    const roads: Record<string, [string, number][]> = { home: [['shop', 2], ['park', 1]], park: [['shop', 0.5]], shop: [] };
    const s = new KeyedSpace<string>((k, visit) => { for (const [n, c] of roads[k]) visit(n, c); }, (k) => k);
    const home = s.id('home'), shop = s.id('shop');
    expect(s.size).toBe(2);
    const r = dijkstra(s, home, shop);
    expect(r.cost).toBe(1.5);
    expect(r.path!.map((n) => s.key(n))).toEqual(['home', 'park', 'shop']);
    expect(s.peek('nowhere')).toBe(-1);
  });
});

describe('depth-first and iterative deepening', () => {
  test('IDDFS finds the fewest links, like BFS; DFS finds a path whenever one exists', () => {
    fc.assert(
      fc.property(gridCase.filter((c) => c.width * c.height <= 150), (c) => {
        const { grid, start, goal } = randomGrid(c, { diagonalCost: 1.4 });
        const b = bfs(grid, start, goal);
        const id = iddfs(grid, start, goal);
        const d = dfs(grid, start, goal);
        expect(id.status).toBe(b.status);
        expect(d.status).toBe(b.status);
        if (b.status !== 'found') return;
        expect(id.linkLength).toBe(b.linkLength);
        expect(id.rounds).toBe(b.linkLength + 1);
        expect(d.linkLength).toBeGreaterThanOrEqual(b.linkLength);
        for (const r of [id, d]) {
          expect(r.path![0]).toBe(start);
          expect(r.path![r.path!.length - 1]).toBe(goal);
        }
      }),
      PROPERTY,
    );
  });
  test('a depth limit says whether it cut anything off', () => {
    const grid = Grid.fromAscii(['.....']);
    expect(dfs(grid, 0, 4, { depthLimit: 2 }).status).toBe('stopped');
    expect(dfs(grid, 0, 4, { depthLimit: 4 }).status).toBe('found');
    expect(iddfs(grid, 0, 4, { depthLimit: 3 }).status).toBe('stopped');
    const split = Grid.fromAscii(['..#..']);
    expect(iddfs(split, 0, 4).status).toBe('unreachable');
    expect(dfs(split, 0, 4, { limits: { maxExpansions: 1 } }).status).toBe('stopped');
  });
  test('IDDFS on an unbounded grid, whose nodes appear as it goes', () => {
    const s = new KeyedSpace<[number, number]>(([x, y], visit) => { visit([x + 1, y], 1); visit([x, y + 1], 1); }, ([x, y]) => `${x},${y}`, 2);
    const a = s.id([0, 0]), b = s.id([2, 2]);
    const deep = iddfs(s, a, b);
    expect(deep.linkLength).toBe(4);
  });
});

test('Manhattan on a 4-connected grid and octile on an 8-connected one agree with Dijkstra on an empty grid', () => {
  const g4 = new Grid(7, 5, undefined, { connectivity: 4 });
  const g8 = new Grid(7, 5, undefined, { diagonalCost: 1.4, diagonalRule: 'always' });
  for (let n = 0; n < g4.size; n++) {
    expect(manhattan(g4)(n, 0)).toBe(dijkstra(g4, n, 0).cost);
    expect(octile(g8)(n, 0)).toBeCloseTo(dijkstra(g8, n, 0).cost, 9);
  }
});

test('pathCost walks a path through the space and refuses a step that is not an arc', async () => {
  const { pathCost } = await import('#bestfirst');
  const { handTraceWorld } = await import('#bestfirst/worlds');
  const w = handTraceWorld();
  const r = astar(w.grid, w.start, w.goal, octile(w.grid));
  expect(pathCost(w.grid, r.path!)).toBeCloseTo(5.2, 12);
  expect(pathCost(w.grid, [w.start])).toBe(0);
  expect(() => pathCost(w.grid, [w.start, w.goal])).toThrow(/step 0 \(8 -> 11\) is not an arc of the space/);
});
