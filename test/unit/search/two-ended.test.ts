// The two-ended searches (bidirectional Dijkstra and A*, the contraction
// hierarchy's query) as searchers: the contract every PathSearcher keeps
// (start = goal, budgets, refusals that leave the last answer readable), and
// every pair of a small grid against the reference Dijkstra. The random
// graphs are in two-ended-property.test.ts (integration tier), the road
// graphs in test/integration/data/roads-two-ended.test.ts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, COST_TO_COME, dijkstra, Graph, Grid, InputError, octile, Searcher, zero, type Heuristic, type SearchSpace } from '#bestfirst';
import { referenceDijkstra, rng, sameCost, walkPath } from '../../support/reference.js';
import { expectExactBudget } from '../../support/exact-budget.js';

describe('the searcher contract', () => {
  const line = new Graph(5, [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1]]);

  test.each([
    ['bidirectional', () => new BidirectionalSearcher(line)],
    ['contraction hierarchy', () => new ContractionHierarchy(line)],
  ] as const)('%s: start = goal, budgets, a refused query leaves the last answer', (_name, make) => {
    const s = make();
    expect(s.status).toBe('unreachable');
    expect(s.search(2, 2)).toBe('found');
    expect(s.path()).toEqual([2]);
    expect(s.cost).toBe(0);
    expect(s.search(0, 4, { limits: { maxExpansions: 0 } })).toBe('stopped');
    expect(s.path()).toBeNull();
    expect(s.cost).toBe(Infinity);
    expect(s.search(0, 4)).toBe('found');
    expect(s.cost).toBe(4);
    expect(() => s.search(0, 5)).toThrow(InputError);
    expect(() => s.search(0, 4, { limits: { maxExpansions: -1 } })).toThrow(/maxExpansions must be a number >= 0, got -1/);
    expect(() => s.search(0, 4, { maxExpension: 3 } as object)).toThrow(InputError);
    expect(s.status).toBe('found');
    expect(s.path()).toEqual([0, 1, 2, 3, 4]);
    expect(s.result()).toMatchObject({ status: 'found', cost: 4, linkLength: 4, partial: false, reopenings: 0 });
    expect(() => s.pathInto(new Int32Array(2))).toThrow(/the buffer holds 2 nodes, the path has 5/);
  });

  test('a budget ends every query in a status: step-limit after exactly that many expansions, the unbudgeted answer when it is enough', () => {
    const rnd = fc.sample(fc.array(fc.tuple(fc.nat(29), fc.nat(29), fc.integer({ min: 0, max: 9 })), { minLength: 60, maxLength: 60 }), { seed: 1405, numRuns: 1 })[0];
    const g = new Graph(30, rnd, { directed: true });
    const bi = new BidirectionalSearcher(g), ch = new ContractionHierarchy(g);
    for (const [who, s] of [['bidirectional', bi], ['contraction hierarchy', ch]] as const) {
      expect([who, s.search(0, 29)]).toEqual([who, 'found']);
      expectExactBudget(s, 0, 29, who);
    }
  });

  test('bad input: a space without predecessors, a bad heuristic, a bad build option, a negative arc', () => {
    const noPreds: SearchSpace = { size: 2, maxDegree: 1, successors: () => 0 };
    expect(() => new BidirectionalSearcher(noPreds)).toThrow(/must list predecessors/);
    const s = new BidirectionalSearcher(line);
    expect(() => s.search(0, 4, { heuristic: () => -1 })).toThrow(/heuristic\(\d, \d\) returned -1/);
    expect(() => s.search(0, 4, { heuristic: 3 as unknown as Heuristic })).toThrow(/heuristic must be a function/);
    expect(() => new ContractionHierarchy(line, { witnessSettles: 1.5 })).toThrow(/witnessSettles must be an integer >= 0 or Infinity, got 1.5/);
    expect(() => new ContractionHierarchy(line, { witnesSettles: 1 } as object)).toThrow(InputError);
    const negative: SearchSpace = { size: 2, maxDegree: 1, successors: (n, nodes, costs) => { if (n) return 0; nodes[0] = 1; costs[0] = -2; return 1; } };
    expect(() => new ContractionHierarchy(negative)).toThrow(/arc 0 -> 1 with cost -2/);
  });

  test('a hierarchy builds itself again at the first query after the grid it was built on is edited, never answering from the stale copy', () => {
    const grid = Grid.fromAscii(['....', '.##.', '....']);
    const ch = new ContractionHierarchy(grid);
    const a = grid.id(0, 0), b = grid.id(3, 2);
    expect([ch.search(a, b), ch.builds]).toEqual(['found', 1]);
    for (const [cell, blocked] of [[grid.id(1, 0), true], [grid.id(1, 2), true], [grid.id(1, 0), false]] as const) {
      grid.setBlocked(cell, blocked);
      const want = dijkstra(grid, a, b);
      expect(ch.search(a, b), `after setBlocked(${cell}, ${blocked})`).toBe(want.status);
      expect(ch.cost).toBe(want.cost);
      expect(ch.buildMs).toBeGreaterThanOrEqual(0);
    }
    expect(ch.builds).toBe(4);
    // No edit, no build; put back to where it was, it still builds (it cannot know what happened in between).
    ch.search(b, a);
    expect(ch.builds).toBe(4);
    // A space that reports no edits is caught up with by rebuild().
    const arcs: [number, number, number][] = [[0, 1, 1], [1, 2, 1], [0, 2, 5]];
    const space: SearchSpace = { size: 3, maxDegree: 2, successors: (n, nodes, costs) => { let k = 0; for (const [u, v, c] of arcs) if (u === n) { nodes[k] = v; costs[k++] = c; } return k; } };
    const plain = new ContractionHierarchy(space);
    expect([plain.search(0, 2), plain.cost]).toEqual(['found', 2]);
    arcs[1][2] = 10;
    plain.rebuild();
    expect([plain.search(0, 2), plain.cost, plain.builds]).toEqual(['found', 5, 2]);
  });

  test('each saves the work it is for: bidirectional Dijkstra stops where the halves meet, the witness search spares shortcuts, a hierarchy query expands few nodes', () => {
    // Every answer stays exact if the stopping rule waits too long or no witness is ever found,
    // so only the work done shows them. A 40 x 40 grid with scattered blocks, 20 seeded pairs.
    // Measured (the counts are fixed: a fixed grid, seeded pairs): Dijkstra 16,206 expansions, bidirectional
    // 11,253 (59,341 with no stopping rule but an empty frontier), with octile 1,652; the hierarchy's query
    // 2,638 (3,584 when each half runs until its frontier is empty); shortcuts 9,253 with witness searches,
    // 42,390 without (witnessSettles 0).
    const grid = Grid.fromAscii(Array.from({ length: 40 }, (_, y) => Array.from({ length: 40 }, (_, x) => ((x * 7 + y * 13) % 23 === 0 ? '#' : '.')).join('')));
    const free = Array.from({ length: grid.size }, (_, n) => n).filter((n) => !grid.isBlocked(n));
    const bi = new BidirectionalSearcher(grid), ch = new ContractionHierarchy(grid), one = new Searcher(grid);
    const next = rng(1417), pick = () => free[Math.floor(next() * free.length)];
    let dijkstra = 0, both = 0, withH = 0, hierarchy = 0;
    for (let i = 0; i < 20; i++) {
      const a = pick(), b = pick();
      one.search(a, b, { priority: COST_TO_COME, heuristic: zero });
      bi.search(a, b);
      ch.search(a, b);
      expect([sameCost(bi.cost, one.cost), sameCost(ch.cost, one.cost)]).toEqual([true, true]);
      dijkstra += one.expansions;
      both += bi.expansions;
      hierarchy += ch.expansions;
      bi.search(a, b, { heuristic: octile(grid) });
      withH += bi.expansions;
    }
    expect(both, 'bidirectional Dijkstra against Dijkstra').toBeLessThan(0.85 * dijkstra);
    expect(withH, 'bidirectional A* against bidirectional Dijkstra').toBeLessThan(0.5 * both);
    expect(hierarchy, 'the hierarchy\'s query against Dijkstra').toBeLessThan(0.19 * dijkstra);
    expect(ch.shortcuts, 'shortcuts with witness searches against none').toBeLessThan(0.5 * new ContractionHierarchy(grid, { witnessSettles: 0 }).shortcuts);
  });

  test('on a grid every pair equals the reference (a hierarchy on any space)', () => {
    const grid = Grid.fromAscii(['.....', '.##..', '...#.', '#....']);
    const ch = new ContractionHierarchy(grid), bi = new BidirectionalSearcher(grid);
    const cells = Array.from({ length: grid.size }, (_, n) => n).filter((n) => !grid.isBlocked(n));
    for (const a of cells) {
      const ref = referenceDijkstra(grid, a, 'forward');
      for (const b of cells) {
        for (const s of [ch, bi]) {
          s.search(a, b);
          expect(sameCost(s.cost, ref[b])).toBe(true);
          if (ref[b] < Infinity) expect(walkPath(grid, s.path(), a, b, 'grid')).toBe(s.cost);
        }
      }
    }
  });
});
