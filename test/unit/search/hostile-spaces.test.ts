// Issues 35.5, 37.3 and 37.4 (35.8 in test/integration/properties/depth-first-unbounded.test.ts): custom spaces that name nodes outside
// themselves, costs whose sums overflow, and depth-first search on a space
// with no end. Every searcher gives one answer: an InputError naming the
// node and the arc (never a TypeError, a garbage result or "no arc"), and a
// status at the end of every budget (never a hang).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, BidirectionalSearcher, bfs, ContractionHierarchy, dijkstra, findPath, flood, Graph, greedy, Grid, InputError, weightedAstar, zero, type SearchSpace } from '#bestfirst';
import { bellmanFord, dfs, floydWarshall, iddfs, zeroOneBfs } from '#bestfirst/search';
import { ara, DStar, DStarLite, universalPlan } from '#bestfirst/repair';

/** A space of `size` nodes where node `from` lists `bad` among its successors (and, backward, among its predecessors). */
function hostile(size: number, from: number, bad: number, cost = 1): SearchSpace {
  return {
    size, maxDegree: 2,
    successors: (n, nodes, costs) => {
      let k = 0;
      if (n + 1 < size) { nodes[k] = n + 1; costs[k++] = cost; }
      if (n === from) { nodes[k] = bad; costs[k++] = cost; }
      return k;
    },
    predecessors: (n, nodes, costs) => {
      let k = 0;
      if (n > 0) { nodes[k] = n - 1; costs[k++] = cost; }
      if (n === from) { nodes[k] = bad; costs[k++] = cost; }
      return k;
    },
  };
}

/** Every searcher on a space, from node 0 to its last. */
const SEARCHES: [string, (s: SearchSpace) => unknown][] = [
  ['bfs', (s) => bfs(s, 0, s.size - 1)],
  ['dijkstra', (s) => dijkstra(s, 0, s.size - 1)],
  ['astar', (s) => astar(s, 0, s.size - 1, zero)],
  ['greedy', (s) => greedy(s, 0, s.size - 1, zero)],
  ['weightedAstar', (s) => weightedAstar(s, 0, s.size - 1, zero, 2)],
  ['flood forward', (s) => flood(s, 0)],
  ['flood backward', (s) => flood(s, s.size - 1, { direction: 'backward' })],
  ['zeroOneBfs', (s) => zeroOneBfs(s, 0)],
  ['dfs', (s) => dfs(s, 0, s.size - 1)],
  ['iddfs', (s) => iddfs(s, 0, s.size - 1)],
  ['bellmanFord', (s) => bellmanFord(s, 0)],
  ['floydWarshall', (s) => floydWarshall(s)],
  ['BidirectionalSearcher', (s) => new BidirectionalSearcher(s).search(0, s.size - 1)],
  ['ContractionHierarchy', (s) => new ContractionHierarchy(s).search(0, s.size - 1)],
  ['universalPlan', (s) => universalPlan(s, s.size - 1)],
  ['ara', (s) => ara(s, 0, s.size - 1, zero)],
  ['DStar', (s) => { const d = new DStar(s); d.initialize(s.size - 1); return d.computeUntilClosed(0); }],
  ['DStarLite', (s) => new DStarLite(s, 0, s.size - 1, zero).costToGoal()],
];

describe('a successor outside the space', () => {
  test('issue 35.5: flood of a space of 2 that lists node 9 is an InputError, not a result with garbage in it', () => {
    expect(() => flood(hostile(2, 0, 9), 0)).toThrow(/flood: node 0 lists a successor 9 outside 0\.\.1/);
  });

  test.each(SEARCHES)('%s refuses it, naming the node and the arc', (_, run) => {
    for (const bad of [9, -3, 2 ** 31 - 1]) {
      let thrown: unknown = null;
      try { run(hostile(4, 1, bad)); } catch (e) { thrown = e; }
      expect(thrown, `${bad}`).toBeInstanceOf(InputError);
      expect(String((thrown as Error).message)).toMatch(new RegExp(`node \\d lists a (successor|predecessor) ${bad} outside 0\\.\\.3`));
    }
  });

  test('generated: a random space of 2 to 8 nodes with one arc out of range; every searcher refuses it (never a TypeError, never a result)', () => {
    let checks = 0;
    fc.assert(fc.property(fc.integer({ min: 2, max: 8 }), fc.nat(7), fc.oneof(fc.integer({ min: 8, max: 1000 }), fc.integer({ min: -1000, max: -1 })), (size, at, bad) => {
      const from = at % size, space = hostile(size, from, bad);
      for (const [name, run] of SEARCHES) {
        // A search that never expands `from` (the goal reached first, a backward search from the end) may rightly not see the arc.
        let thrown: unknown = null;
        try { run(space); } catch (e) { thrown = e; }
        if (thrown !== null) expect(thrown, name).toBeInstanceOf(InputError);
        if (thrown !== null) expect(String((thrown as Error).message), name).toMatch(/outside 0\.\./);
        checks++;
      }
    }), { numRuns: 150, seed: 20261205 });
    expect(checks).toBe(150 * SEARCHES.length);
  });
});

describe('costs that overflow (issue 37.4): one rule, the path\'s cost is a finite number', () => {
  test('Graph and Grid refuse such costs when they are built', () => {
    expect(() => new Graph(3, [[0, 1, 1e308], [1, 2, 1e308]])).toThrow(/add up to more than the largest number/);
    expect(() => new Grid(4, 4, undefined, { cellSize: 1e308 })).toThrow(/Grid: cellSize 1e\+308 and diagonalCost 1\.41.*could cost more than the largest number/);
    expect(() => new Grid(2, 1, undefined, { weights: [1, 1e308] })).toThrow(/weights\[1\]: .*could cost more/);
    const g = new Grid(2, 2);
    expect(() => g.setWeight(1, 1e308)).toThrow(/setWeight: weight: .*could cost more/);
    expect(g.weights).toBeNull();
  });

  test('a custom space whose costs overflow: every searcher that sums them says so (an InputError), none says found at Infinity or unreachable', () => {
    const space = hostile(3, -1, 0, 1e308);
    for (const [name, run] of SEARCHES) {
      if (['bfs', 'dfs', 'iddfs', 'zeroOneBfs', 'floydWarshall', 'bellmanFord', 'DStar', 'DStarLite', 'universalPlan', 'flood backward'].includes(name)) continue;
      expect(() => run(space), name).toThrow(/overflows/);
    }
    // breadth-first orders by links, and its cost is summed at the end: it too refuses; so do the all-pairs searches.
    expect(() => bfs(space, 0, 2)).toThrow(/overflows/);
    expect(() => bellmanFord(space, 0)).toThrow(/bellmanFord: the cost of a path overflows at the arc 1 -> 2/);
    expect(() => floydWarshall(space)).toThrow(/floydWarshall: the cost of a path overflows/);
  });

  test('findPath and astar agree on a grid with a huge but finite cell size', () => {
    const g = new Grid(4, 1, undefined, { cellSize: 1e300 });
    expect(findPath(g, [0, 0], [3, 0]).cost).toBe(3e300);
  });
});
