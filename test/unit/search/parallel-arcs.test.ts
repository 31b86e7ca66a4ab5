// A path's cost is pathCost(space, path): the cheapest arc between each pair of
// consecutive nodes. Every search reports exactly that, parallel arcs or not.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bestFirst, bfs, dijkstra, Searcher, Graph, type Edge, type Heuristic, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority, pathCost } from '#bestfirst';
import { dfs, iddfs } from '#bestfirst/search';

describe('two arcs between the same nodes: the cheaper one is the cost', () => {
  // The first-listed arc costs 9, the second 5.
  const g = new Graph(2, [[0, 1, 9], [0, 1, 5]]);
  test('bfs', () => {
    const r = bfs(g, 0, 1);
    expect([r.path, r.cost]).toEqual([[0, 1], 5]);
  });
  test('dfs', () => {
    const r = dfs(g, 0, 1);
    expect([r.path, r.cost]).toEqual([[0, 1], 5]);
  });
  test('iddfs', () => {
    const r = iddfs(g, 0, 1);
    expect([r.path, r.cost]).toEqual([[0, 1], 5]);
  });
  test('dijkstra and A*', () => {
    expect(dijkstra(g, 0, 1).cost).toBe(5);
    expect(bestFirst(g, 0, 1, () => 0, ASTAR).cost).toBe(5);
  });
  test('breadth-first keeps its pushes and pops, and traces the cheaper g', () => {
    // 0 -> 1 twice (9, then 5), 1 -> 2: a chain, the goal two links away.
    const chain = new Graph(3, [[0, 1, 9], [0, 1, 5], [1, 2, 1]], { directed: true });
    const s = new Searcher(chain);
    s.search(0, 2, { priority: LINK_LENGTH, trace: true });
    expect([s.cost, s.expansions, s.pushes]).toEqual([6, 3, 3]);
    expect(s.trace!.pushes.map((p) => [p.node, p.g])).toEqual([[0, 0], [1, 5], [2, 6]]);
    expect(s.trace!.pops.map((p) => [p.node, p.g])).toEqual([[0, 0], [1, 5], [2, 6]]);
    expect(s.gOf(1)).toBe(5);
  });
  test('costs that differ in the last bits: the cheaper still wins, exactly', () => {
    const close = new Graph(2, [[0, 1, 0.30000000000000004], [0, 1, 0.3]], { directed: true });
    for (const r of [bfs(close, 0, 1), dfs(close, 0, 1), iddfs(close, 0, 1), dijkstra(close, 0, 1)]) expect(r.cost).toBe(0.3);
  });
});

test('a node reopened after the goal was pushed from it: the cost is that of the path returned (was 11 for a path of cost 3)', () => {
  // Greedy with h = 0 expands P (node 1) at g = 10 and pushes the goal at 11; then Q
  // (node 2) reopens P at g = 2, and the goal, pushed first, is popped before P again.
  const g = new Graph(4, [[0, 1, 10], [0, 2, 1], [2, 1, 1], [1, 3, 1]], { directed: true });
  const r = bestFirst(g, 0, 3, () => 0, HEURISTIC_ONLY);
  expect([r.path, r.reopenings]).toEqual([[0, 2, 1, 3], 1]);
  expect(r.cost).toBe(3);
});

/** A random directed multigraph on up to 8 nodes, parallel arcs and loops included, with float costs. */
const multigraphs = fc.record({
  size: fc.integer({ min: 1, max: 8 }),
  edges: fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.constantFrom(0, 0.1, 0.2, 0.3, 0.30000000000000004, 1, 1.4, 2, 5, 9)), { minLength: 4, maxLength: 30, size: 'large' }),
  start: fc.nat(7),
  goal: fc.nat(7),
  seed: fc.nat(),
});

test('every search on random multigraphs reports cost === pathCost(space, path)', () => {
  const priorities: [Priority, boolean][] = [
    [LINK_LENGTH, true], [COST_TO_COME, true], [ASTAR, true], [HEURISTIC_ONLY, true], [HEURISTIC_ONLY, false],
    [sum(2.5), true], [sum(2.5), false], [sum(0), true],
  ];
  fc.assert(
    fc.property(multigraphs, ({ size, edges, start, goal, seed }) => {
      const graph = new Graph(size, edges.map(([u, v, c]) => [u % size, v % size, c] as Edge), { directed: true });
      const s = start % size, t = goal % size;
      // An arbitrary (inadmissible, inconsistent, often 0) but legal heuristic: it drives greedy and
      // weighted A* into improvements and reopenings.
      const h: Heuristic = (n) => Math.max(0, (((n * 2654435761 + seed) >>> 0) % 7) - 3);
      // Greedy with h = 0 pops in insertion order and reopens often.
      const runs = [bfs(graph, s, t), dfs(graph, s, t), iddfs(graph, s, t), bestFirst(graph, s, t, () => 0, HEURISTIC_ONLY)];
      for (const [priority, reopen] of priorities) {
        runs.push(bestFirst(graph, s, t, h, priority, { reopen }));
        runs.push(bestFirst(graph, s, t, h, priority, { reopen, trace: true }));
      }
      for (const r of runs) {
        if (r.status !== 'found') {
          expect(r.cost).toBe(Infinity);
          continue;
        }
        expect(r.cost).toBe(pathCost(graph, r.path!));
      }
    }),
    { numRuns: 500, seed: 1011 },
  );
});
