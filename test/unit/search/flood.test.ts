// flood: Dijkstra from many sources with a cost radius, held against the
// reference Dijkstra (one run per source, the minimum taken) on random graphs
// with zero-cost arcs, parallel arcs and self loops, both directions, every
// radius; and on grids with walls. The universal plan is the same loop (a
// backward flood from its goal): its own tests cover that use.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { flood, Graph, Grid, InputError, type Flood, type FloodOptions, type SearchSpace } from '#bestfirst';
import { arcCost, asSpace, ReferenceGraph, referenceDijkstra, sameCost } from '../../support/reference.js';

const SEED = { seed: 20261202, numRuns: 300 } as const;

/** The nearest source's cost for every node, by the reference (min over one Dijkstra per source). */
function nearest(space: SearchSpace, sources: readonly number[], direction: 'forward' | 'backward'): number[] {
  const runs = sources.map((s) => referenceDijkstra(space, s, direction));
  return Array.from({ length: space.size }, (_, n) => Math.min(...runs.map((r) => r[n])));
}

/** Every claim a flood makes, checked against the reference. */
function check(space: SearchSpace, sources: readonly number[], options: FloodOptions, f: Flood): void {
  const direction = options.direction ?? 'forward';
  const budget = options.radius ?? Infinity;
  const want = nearest(space, sources, direction);
  // Settled: reached at all, and within the budget.
  const within = (c: number) => c < Infinity && c <= budget;
  const inRange = want.filter(within).length;
  if (f.status === 'done') expect(f.reached).toBe(inRange);
  else expect(f.reached).toBe(options.limits?.maxExpansions);
  let settled = 0;
  for (let n = 0; n < space.size; n++) {
    if (f.g[n] === Infinity) {
      expect(f.parent[n]).toBe(-1);
      expect(f.source[n]).toBe(-1);
      if (f.status === 'done') expect(within(want[n]), `node ${n} within the budget was left out`).toBe(false);
      continue;
    }
    settled++;
    expect(sameCost(f.g[n], want[n]), `g[${n}] = ${f.g[n]}, the reference says ${want[n]}`).toBe(true);
    expect(f.g[n]).toBeLessThanOrEqual(budget);
    const s = sources[f.source[n]];
    // The source it names is a nearest one, and the parent chain leads there at exactly g.
    expect(sameCost(referenceDijkstra(space, s, direction)[n], f.g[n])).toBe(true);
    if (f.parent[n] === -1) {
      expect(f.g[n]).toBe(0);
      expect(sources).toContain(n);
    } else {
      const p = f.parent[n];
      const c = direction === 'forward' ? arcCost(space, p, n) : arcCost(space, n, p);
      expect(sameCost(f.g[p] + c, f.g[n]), `g[${n}] = g[${p}] + ${c}`).toBe(true);
      expect(f.source[p]).toBe(f.source[n]);
    }
  }
  expect(settled).toBe(f.reached);
  // order lists the settled nodes once each, g never falling along it, ending at maxCost.
  const order = Array.from(f.order.subarray(0, f.reached));
  expect(new Set(order).size).toBe(f.reached);
  for (let i = 1; i < order.length; i++) expect(f.g[order[i]]).toBeGreaterThanOrEqual(f.g[order[i - 1]]);
  expect(f.maxCost).toBe(f.reached > 0 ? f.g[order[order.length - 1]] : 0);
}

const COSTS = [0, 0, 0.5, 1, 1, 2, 3.25, 10] as const;
const graphCase = fc.integer({ min: 1, max: 12 }).chain((n) => fc.record({
  n: fc.constant(n),
  directed: fc.boolean(),
  edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(...COSTS)), { maxLength: 4 * n }),
  sources: fc.array(fc.nat(n - 1), { minLength: 1, maxLength: 4 }),
  budget: fc.option(fc.constantFrom(0, 0.5, 1, 2.5, 4, 100), { nil: undefined }),
  backward: fc.boolean(),
  maxExpansions: fc.option(fc.nat(12), { nil: undefined }),
}));

describe('flood on random graphs equals the nearest-source Dijkstra', () => {
  test('every node within the budget at its cost, nothing beyond it, parents and sources consistent (zero-cost arcs, parallel arcs, self loops, both directions)', () => {
    let runs = 0;
    fc.assert(fc.property(graphCase, (c) => {
      const ref = ReferenceGraph.fromEdges(c.n, c.edges, c.directed);
      const options: FloodOptions = { radius: c.budget, direction: c.backward ? 'backward' : 'forward', limits: { maxExpansions: c.maxExpansions } };
      for (const space of [asSpace(ref), new Graph(c.n, c.edges, { directed: c.directed })]) {
        const f = flood(space, c.sources, options);
        check(space, c.sources, options, f);
        runs++;
      }
    }), SEED);
    expect(runs).toBe(2 * SEED.numRuns);
  });
});

describe('flood on grids', () => {
  const grid = Grid.fromAscii([
    '..........',
    '.####.###.',
    '.#......#.',
    '.#.####.#.',
    '...#..#...',
  ]);

  test('the range query: the cells within a cost of one cell, each at its octile-path cost', () => {
    const s = grid.id(0, 0);
    for (const budget of [0, 1, 3, 5.5, 12, Infinity]) check(grid, [s], { radius: budget }, flood(grid, s, { radius: budget }));
    const all = flood(grid, s);
    expect(all.reached).toBe(grid.cells.filter((c) => c === 0).length - 2); // the two cells walled in at (4,4) and (5,4)
  });

  test('many sources: each cell takes the nearest, and a cell between two equal sources is tied to one of them', () => {
    const sources = [grid.id(0, 0), grid.id(9, 4), grid.id(2, 2)];
    const f = flood(grid, sources);
    check(grid, sources, {}, f);
    expect(f.source[grid.id(0, 0)]).toBe(0);
    expect(f.source[grid.id(9, 3)]).toBe(1);
    expect(f.source[grid.id(3, 2)]).toBe(2);
  });

  test('a radius reached by no neighbour leaves only the sources', () => {
    const f = flood(grid, [grid.id(0, 0), grid.id(9, 0)], { radius: 0.5 });
    expect(f.reached).toBe(2);
    expect(f.maxCost).toBe(0);
    expect(f.status).toBe('done');
  });

  test('limits.maxExpansions ends it as stopped (reason max-expansions) with what it settled exact', () => {
    const f = flood(grid, grid.id(0, 0), { limits: { maxExpansions: 7 } });
    expect(f.status).toBe('stopped');
    expect(f.reason).toBe('max-expansions');
    check(grid, [grid.id(0, 0)], { limits: { maxExpansions: 7 } }, f);
  });
});

describe('flood refuses what it cannot answer, leaving nothing half done', () => {
  const grid = Grid.fromAscii(['..#', '...']);
  test('sources, options and spaces', () => {
    expect(() => flood(grid, [])).toThrow(/flood: sources must be a node id in 0\.\.5 or a non-empty array/);
    expect(() => flood(grid, grid.id(2, 0))).toThrow(InputError);
    expect(() => flood(grid, [0, 6])).toThrow(/sources\[1\]/);
    expect(() => flood(grid, 0, { radius: -1 })).toThrow(/radius must be a number >= 0/);
    // budget, its 0.2 name, is gone: an unknown option.
    expect(() => flood(grid, 0, { budget: 3 } as never)).toThrow(/unknown option "budget"/);
    expect(() => flood(grid, 0, { limits: { maxExpansions: -1 } })).toThrow(/flood: limits.maxExpansions must be a number >= 0/);
    expect(() => flood(grid, 0, { direction: 'up' as never })).toThrow(/direction must be 'forward' or 'backward'/);
    expect(() => flood(grid, 0, { budgt: 3 } as never)).toThrow(/budgt/);
    const forwardOnly = { size: 2, maxDegree: 1, successors: () => 0 };
    expect(() => flood(forwardOnly, 0, { direction: 'backward' })).toThrow(/predecessors/);
    expect(flood(forwardOnly, 0).reached).toBe(1);
  });

  test('a NaN or negative arc cost is an InputError naming the arc', () => {
    const bad = (c: number): SearchSpace => ({ size: 2, maxDegree: 1, successors: (n, nodes, costs) => { if (n !== 0) return 0; nodes[0] = 1; costs[0] = c; return 1; } });
    expect(() => flood(bad(Number.NaN), 0)).toThrow(InputError);
    expect(() => flood(bad(-1), 0)).toThrow(/0 -> 1|0 to 1|from 0/);
  });
});
