// The heuristic's contract: h(n, goal) is a number >= 0, or Infinity for a node
// the goal cannot be reached from (a dead end: never pushed, never expanded).
// Anything else is the caller's mistake and an InputError naming node and value.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, bestFirst, dijkstra, Searcher, InputError, Graph, type Edge, type Heuristic, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '#bestfirst';

// 0 -> 2 -> 3 costs 3; 0 -> 3 costs 4; node 1 has no way out.
const FORK: Edge[] = [[0, 2, 1], [0, 1, 2], [2, 3, 2], [0, 3, 4]];
const fork = () => new Graph(4, FORK, { directed: true });
const deadAt = (dead: number): Heuristic => (n) => (n === dead ? Infinity : 0);

/** Nodes from which `goal` cannot be reached, by a backward Dijkstra from it (no heuristic involved). */
function deadEnds(graph: Graph, goal: number): Set<number> {
  const reversed: Edge[] = [];
  const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
  for (let n = 0; n < graph.size; n++) {
    const k = graph.successors(n, nodes, costs);
    for (let i = 0; i < k; i++) reversed.push([nodes[i], n, costs[i]]);
  }
  const back = new Searcher(new Graph(graph.size, reversed, { directed: true }));
  const out = new Set<number>();
  for (let n = 0; n < graph.size; n++) {
    back.search(goal, n, { priority: COST_TO_COME });
    if (back.status !== 'found') out.add(n);
  }
  return out;
}

describe('Infinity marks a dead end', () => {
  test('Dijkstra with a dead end marked Infinity keeps the optimum (f was 0 x Infinity = NaN and the heap returned 4)', () => {
    const r = bestFirst(fork(), 0, 3, deadAt(1), COST_TO_COME);
    expect([r.status, r.cost, r.path]).toEqual(['found', 3, [0, 2, 3]]);
    expect(bestFirst(fork(), 0, 3, deadAt(1), sum(0)).cost).toBe(3);
  });

  test('a dead end is neither pushed nor expanded, and not counted or traced as a push', () => {
    for (const priority of [COST_TO_COME, ASTAR, HEURISTIC_ONLY, sum(0), sum(3)]) {
      const r = bestFirst(fork(), 0, 3, deadAt(1), priority, { trace: true });
      const t = r.trace!;
      expect(t.pushes.map((p) => p.node)).not.toContain(1);
      expect(t.pops.map((p) => p.node)).not.toContain(1);
      expect(t.pushes.length).toBe(r.pushes);
      expect(t.pops.length).toBe(r.expansions);
      // Untraced, the same work.
      const quiet = bestFirst(fork(), 0, 3, deadAt(1), priority);
      expect([quiet.pushes, quiet.expansions, quiet.cost]).toEqual([r.pushes, r.expansions, r.cost]);
    }
  });

  test('a dead end reached by many arcs costs one call of h per query', () => {
    // 0 fans out to 1..3, each of which reaches the dead end 4 more cheaply than the last; the goal 5 hangs off 3.
    const g = new Graph(6, [[0, 1, 1], [0, 2, 1], [0, 3, 1], [1, 4, 3], [2, 4, 2], [3, 4, 1], [3, 5, 5]], { directed: true });
    let calls = 0;
    const h: Heuristic = (n) => { if (n === 4) { calls++; return Infinity; } return 0; };
    const r = dijkstra(g, 0, 5);
    expect(bestFirst(g, 0, 5, h, COST_TO_COME).cost).toBe(r.cost);
    expect(calls).toBe(1);
  });

  test('h(start) = Infinity: unreachable at once, nothing pushed or expanded', () => {
    const s = new Searcher(fork());
    expect(s.search(0, 3, { priority: ASTAR, heuristic: deadAt(0), trace: true })).toBe('unreachable');
    expect([s.expansions, s.pushes, s.cost, s.path()]).toEqual([0, 0, Infinity, null]);
    expect(s.trace).toEqual({ tieBreak: 'h', pops: [], pushes: [] });
    expect(s.gOf(0)).toBe(Infinity);
  });

  test('h(goal) = Infinity contradicts itself (the goal is reached from itself): refused', () => {
    expect(() => astar(fork(), 0, 3, deadAt(3))).toThrow(InputError);
    expect(() => astar(fork(), 0, 3, deadAt(3))).toThrow(/heuristic\(3, 3\) returned Infinity for the goal itself/);
    expect(() => astar(fork(), 3, 3, deadAt(3))).toThrow(/heuristic\(3, 3\) returned Infinity/);
  });

  test('on random graphs, h = Infinity exactly on the dead ends changes no cost, and no dead end is expanded', () => {
    const graphs = fc.record({
      size: fc.integer({ min: 2, max: 9 }),
      edges: fc.array(fc.tuple(fc.nat(8), fc.nat(8), fc.integer({ min: 0, max: 6 })), { maxLength: 24 }),
      goal: fc.nat(8),
    });
    const priorities: Priority[] = [COST_TO_COME, ASTAR, sum(0), sum(2.5), HEURISTIC_ONLY];
    fc.assert(
      fc.property(graphs, ({ size, edges, goal: g0 }) => {
        const list = edges.map(([u, v, c]) => [u % size, v % size, c] as Edge);
        const graph = new Graph(size, list, { directed: true });
        const goal = g0 % size, start = (goal + 1) % size;
        const dead = deadEnds(graph, goal);
        const h: Heuristic = (n) => (dead.has(n) ? Infinity : 0);
        const best = dijkstra(graph, start, goal);
        for (const priority of priorities) {
          const r = bestFirst(graph, start, goal, h, priority, { trace: true });
          expect(r.status).toBe(best.status);
          // Greedy makes no promise about cost; every other knob here is optimal with this h.
          if (priority !== HEURISTIC_ONLY) expect(r.cost).toBe(best.cost);
          for (const pop of r.trace!.pops) expect(dead.has(pop.node)).toBe(false);
          for (const push of r.trace!.pushes) expect(dead.has(push.node)).toBe(false);
        }
      }),
      { numRuns: 300, seed: 1010 },
    );
  });

  test('breadth-first orders by depth and ignores h: an Infinity prunes nothing, traced or not', () => {
    const s = new Searcher(fork());
    s.search(0, 3, { priority: LINK_LENGTH, heuristic: deadAt(1), trace: true });
    const traced = [s.status, s.expansions, s.pushes];
    expect(s.trace!.pushes.find((p) => p.node === 1)!.h).toBe(Infinity);
    s.search(0, 3, { priority: LINK_LENGTH, heuristic: deadAt(1) });
    expect([s.status, s.expansions, s.pushes]).toEqual(traced);
  });
});

describe('anything else is refused, naming the node and the value', () => {
  const bad: [string, unknown][] = [['NaN', Number.NaN], ['undefined', undefined], ['-1', -1], ['"2"', '2'], ['null', null], ['true', true], ['-Infinity', -Infinity]];
  for (const [shown, value] of bad) {
    test(`h returning ${shown}`, () => {
      const h = ((n: number) => (n === 2 ? value : 0)) as Heuristic;
      for (const priority of [COST_TO_COME, ASTAR, HEURISTIC_ONLY, sum(0)]) {
        const call = () => bestFirst(fork(), 0, 3, h, priority);
        expect(call).toThrow(InputError);
        expect(call).toThrow(`heuristic(2, 3) returned ${shown}: h must be a number >= 0, or Infinity when 3 cannot be reached from 2`);
      }
      // Breadth-first calls h only to trace; what it calls is held to the same contract.
      expect(() => bestFirst(fork(), 0, 3, h, LINK_LENGTH, { trace: true })).toThrow(`heuristic(2, 3) returned ${shown}`);
      expect(bestFirst(fork(), 0, 3, h, LINK_LENGTH).status).toBe('found');
    });
  }

  test('a bad value at the start is refused before anything is pushed', () => {
    expect(() => astar(fork(), 0, 3, () => Number.NaN)).toThrow('heuristic(0, 3) returned NaN');
  });

  test('a heuristic that is not a function', () => {
    const s = new Searcher(fork());
    expect(() => s.search(0, 3, { heuristic: 'octile' as never })).toThrow(InputError);
    expect(() => s.search(0, 3, { heuristic: 'octile' as never })).toThrow(/heuristic must be a function \(n, goal\) => number, got "octile"/);
    expect(() => s.search(0, 3, { heuristic: null as never })).toThrow(/heuristic must be a function .* got null/);
  });

  test('after a heuristic throws mid-search, the searcher holds no path and answers the next query', () => {
    const s = new Searcher(fork());
    expect(s.search(0, 3)).toBe('found');
    expect(() => s.search(0, 3, { heuristic: (n) => (n === 3 ? Number.NaN : 0) })).toThrow(InputError);
    expect([s.path(), s.cost]).toEqual([null, Infinity]);
    expect(s.search(0, 3, { heuristic: deadAt(1) })).toBe('found');
    expect(s.path()).toEqual([0, 2, 3]);
  });
});
