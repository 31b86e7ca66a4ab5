// The grid heuristics against brute force: exact on empty grids where a closed
// form exists, admissible and consistent on random grids, for every diagonal
// cost a grid accepts; and the fast path's inline h equal to octile bit for bit.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { astar, dijkstra, Searcher, Grid, type DiagonalRule, type GridOptions, GridSearcher, manhattan, octile, type Heuristic } from '#bestfirst';
import { chebyshev, euclidean, heuristicByName, pathAmong } from '#bestfirst/grid';
import { entryScale, octileDistance, octileTerms, mulberry32 } from '#bestfirst/internal';
import { gridCase, randomGrid } from '../../support/random-grid.js';

// Below 1, between 1 and sqrt 2, the usual ones, the ends of [1, 2], above 2.
const COSTS = [0.25, 0.5, 0.9, 1, 1.2, 1.4, Math.SQRT2, 1.7, 2, 2.5, 3, 10];

/** Cost from `source` to every cell by a plain O(V^2) Dijkstra over `grid.successors`: the brute force. */
function distances(grid: Grid, source: number): Float64Array {
  const dist = new Float64Array(grid.size).fill(Infinity), done = new Uint8Array(grid.size);
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  dist[source] = 0;
  for (;;) {
    let u = -1;
    for (let n = 0; n < grid.size; n++) if (!done[n] && dist[n] < Infinity && (u < 0 || dist[n] < dist[u])) u = n;
    if (u < 0) return dist;
    done[u] = 1;
    const k = grid.successors(u, nodes, costs);
    for (let i = 0; i < k; i++) if (dist[u] + costs[i] < dist[nodes[i]]) dist[nodes[i]] = dist[u] + costs[i];
  }
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

describe('octile is the exact cost on an empty grid, for every diagonal cost', () => {
  for (const d of COSTS) {
    test(`d = ${d}`, () => {
      for (const [w, hgt, cellSize] of [[7, 6, 1], [5, 8, 0.25], [9, 2, 3]] as const) {
        const grid = new Grid(w, hgt, undefined, { diagonalCost: d, cellSize });
        const h = octile(grid);
        for (let s = 0; s < grid.size; s++) {
          const dist = distances(grid, s);
          for (let t = 0; t < grid.size; t++) {
            if (!near(h(s, t), dist[t])) throw new Error(`d=${d}, ${w}x${hgt}: h${grid.formatXY(s)}->${grid.formatXY(t)} = ${h(s, t)}, exact ${dist[t]}`);
          }
        }
      }
    });
  }

  test('on a one-row grid (no room to zigzag) it stays a lower bound', () => {
    for (const d of COSTS) {
      const grid = new Grid(9, 1, undefined, { diagonalCost: d });
      const h = octile(grid), dist = distances(grid, 0);
      for (let t = 0; t < grid.size; t++) expect(h(0, t)).toBeLessThanOrEqual(dist[t] + 1e-12);
    }
  });

  test('4-connected and diagonalRule never: Manhattan, exact, whatever the diagonal cost', () => {
    for (const options of [{ connectivity: 4 }, { diagonalRule: 'never' }] as GridOptions[]) {
      for (const d of [0.5, 1.4, 3]) {
        const grid = new Grid(6, 5, undefined, { ...options, diagonalCost: d });
        const h = octile(grid), m = manhattan(grid);
        for (let s = 0; s < grid.size; s += 7) {
          const dist = distances(grid, s);
          for (let t = 0; t < grid.size; t++) {
            expect(h(s, t)).toBe(dist[t]);
            expect(m(s, t)).toBe(dist[t]);
          }
        }
      }
    }
  });

  test('the closed forms: Manhattan from d = 2 up, octile in [1, 2], the zigzag below 1', () => {
    expect(octileTerms(3)).toEqual([1, 0, 0]);
    expect(octileTerms(2)).toEqual([1, 0, 0]);
    expect(octileTerms(1.5)).toEqual([1, -0.5, 0]);
    expect(octileTerms(0.5)).toEqual([0.5, -1, 0.5]);
    // d < 1: d * max(dx, dy), plus (1 - d) when dx + dy is odd.
    expect(octileDistance(octileTerms(0.5), 9, 1)).toBe(4.5);
    expect(octileDistance(octileTerms(0.5), 9, 0)).toBe(5);
    expect(octileDistance(octileTerms(0.5), 1, 0)).toBe(1);
    expect(() => octileTerms(0)).toThrow(/diagonalCost must be a number > 0, got 0/);
  });
});

/** Checks h(n) <= c(n, m) + h(m) on every arc and h(goal) = 0, for a few goals. */
function consistent(grid: Grid, h: Heuristic, goals: number[]): string | null {
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  for (const goal of goals) {
    if (h(goal, goal) !== 0) return `h(goal) = ${h(goal, goal)}`;
    for (let n = 0; n < grid.size; n++) {
      const k = grid.successors(n, nodes, costs);
      for (let i = 0; i < k; i++) {
        const slack = costs[i] + h(nodes[i], goal) - h(n, goal);
        if (slack < -1e-12 * Math.max(1, h(n, goal))) return `arc ${grid.formatXY(n)} -> ${grid.formatXY(nodes[i])} (cost ${costs[i]}), goal ${grid.formatXY(goal)}: h drops by ${-slack} more than the arc costs`;
      }
    }
  }
  return null;
}

const RULES: DiagonalRule[] = ['no-corner-cutting', 'always', 'at-most-one-blocked', 'never'];

test('octile is consistent, hence admissible, on 200 seeded random grids for every diagonal cost and rule', () => {
  fc.assert(
    fc.property(gridCase, fc.constantFrom(...COSTS), fc.constantFrom(...RULES), fc.constantFrom(1, 0.25, 3), (c, diagonalCost, diagonalRule, cellSize) => {
      const { grid, start, goal } = randomGrid(c, { diagonalCost, diagonalRule, cellSize });
      const problem = consistent(grid, octile(grid), [goal, start]);
      if (problem) throw new Error(problem);
    }),
    { numRuns: 200, seed: 20261202 },
  );
});

test('A* with octile finds the optimum on random grids for every diagonal cost (the fast path too)', () => {
  let found = 0;
  fc.assert(
    fc.property(gridCase, fc.constantFrom(...COSTS), fc.constantFrom(...RULES), (c, diagonalCost, diagonalRule) => {
      const { grid, start, goal } = randomGrid(c, { diagonalCost, diagonalRule });
      const exact = distances(grid, start)[goal];
      const slow = new Searcher(grid), fast = new GridSearcher(grid);
      slow.search(start, goal, { heuristic: octile(grid) });
      fast.search(start, goal);
      expect(slow.cost).toBe(fast.cost);
      if (exact === Infinity) { expect(fast.status).toBe('unreachable'); return; }
      found++;
      expect(near(fast.cost, exact)).toBe(true);
    }),
    { numRuns: 200, seed: 20261203 },
  );
  expect(found).toBeGreaterThan(100);
});

test('regressions: diagonal costs outside [1, 2] no longer make the fast path return longer paths', () => {
  // d = 0.5, empty 10 x 10: (0,0) -> (9,1) is 9 zigzag diagonals, 4.5; the old h (octile with d - 2 = -1.5) said 8.5.
  const open = new Grid(10, 10, undefined, { diagonalCost: 0.5 });
  const fast = new GridSearcher(open);
  expect(fast.search(0, open.id(9, 1))).toBe('found');
  expect(fast.cost).toBe(4.5);
  // d = 3: a diagonal is dearer than two axial steps; the old h (d - 2 = +1 per diagonal) overestimated and A* took 4 for 3.
  const walled = Grid.fromAscii(['...', '#..', '.#.'], { diagonalCost: 3, diagonalRule: 'always' });
  for (const s of [new GridSearcher(walled), new Searcher(walled)]) {
    expect(s.search(0, walled.id(2, 1))).toBe('found');
    expect(s.cost).toBe(3);
  }
  // The unbounded grid's own copy of the formula had the same two faults.
  expect(pathAmong([0, 0], [9, 1], [], { diagonalCost: 0.5 }).cost).toBe(4.5);
  expect(pathAmong([0, 0], [2, 1], [[0, 1], [1, 2]], { diagonalCost: 3, diagonalRule: 'always' }).cost).toBe(3);
});

test('pathAmong: optimal on random obstacle sets for every diagonal cost, against the bounded grid', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.constantFrom(...COSTS), fc.constantFrom(...RULES), (seed, diagonalCost, diagonalRule) => {
      // Obstacles inside a 12 x 12 box walled all round, so the infinite grid and the bounded one agree.
      const { grid, start, goal } = randomGrid({ width: 12, height: 12, density: 0.3, seed }, { diagonalCost, diagonalRule });
      const obstacles: [number, number][] = [];
      for (let n = 0; n < grid.size; n++) if (grid.cells[n]) obstacles.push([grid.x(n) + 1, grid.y(n) + 1]);
      for (let i = 0; i < 14; i++) obstacles.push([i, 0], [i, 13], [0, i], [13, i]);
      const r = pathAmong([grid.x(start) + 1, grid.y(start) + 1], [grid.x(goal) + 1, grid.y(goal) + 1], obstacles, { diagonalCost, diagonalRule });
      const exact = distances(grid, start)[goal];
      if (exact === Infinity) expect(r.status).toBe('unreachable');
      else expect(near(r.cost, exact)).toBe(true);
    }),
    { numRuns: 150, seed: 20261204 },
  );
});

describe('the fast path computes octile(grid) bit for bit, for every diagonal cost', () => {
  // White box: with maxExpansions 0 the open list holds the start alone, with 1 the
  // start's neighbours, each with its tie key equal to its h (tieBreak 'h'), as the
  // loop computed it. Read them and compare with the closure, as numbers (toBe).
  type Peek = { heap: { keys: Float64Array; ids: Int32Array; length: number } };
  for (const d of COSTS) {
    test(`d = ${d}`, () => {
      for (const options of [{ diagonalCost: d }, { diagonalCost: d, cellSize: 0.3 }, { diagonalCost: d, connectivity: 4 }] as GridOptions[]) {
        const grid = new Grid(7, 6, undefined, options);
        const h = octile(grid), s = new GridSearcher(grid), heap = (s as unknown as Peek).heap;
        let compared = 0;
        for (const goal of [0, 11, 41]) {
          for (let start = 0; start < grid.size; start++) {
            s.search(start, goal, { limits: { maxExpansions: 0 } });
            expect(heap.keys[1]).toBe(h(start, goal));
            if (start === goal) continue;
            s.search(start, goal, { limits: { maxExpansions: 1 } });
            for (let i = 0; i < heap.length; i++) {
              // Entry i is a 32-byte record (f, tie, insertion number, cell id in int32 slot 8 i + 6): IndexedGridHeap.
              expect(heap.keys[4 * i + 1]).toBe(h(heap.ids[8 * i + 6], goal));
              compared++;
            }
          }
        }
        expect(compared).toBeGreaterThan(3 * 40 * 3);
      }
    });
  }
});

describe('what each named heuristic promises (its doc comment), checked', () => {
  const admissible = (grid: Grid, h: Heuristic): boolean => {
    for (let s = 0; s < grid.size; s += 3) {
      const dist = distances(grid, s);
      for (let t = 0; t < grid.size; t++) if (h(t, s) > dist[t] + 1e-12) return false;
    }
    return true;
  };
  const grid = (d: number) => Grid.fromAscii(['......', '.##...', '....#.', '.#....', '......'], { diagonalCost: d });
  test('chebyshev: admissible for d >= 1, not below', () => {
    for (const d of COSTS) expect(admissible(grid(d), chebyshev(grid(d)))).toBe(d >= 1);
  });
  test('euclidean: admissible for d >= sqrt 2, not below (1.4 included)', () => {
    for (const d of COSTS) expect(admissible(grid(d), euclidean(grid(d)))).toBe(d >= Math.SQRT2);
  });
  test('manhattan: admissible with diagonals only for d >= 2; always on 4-connected grids', () => {
    for (const d of COSTS) expect(admissible(grid(d), manhattan(grid(d)))).toBe(d >= 2);
    const four = grid(1.4).with({ connectivity: 4 });
    expect(admissible(four, manhattan(four))).toBe(true);
  });
  test('octile and zero: admissible everywhere; heuristicByName gives each by name', () => {
    for (const d of COSTS) {
      expect(admissible(grid(d), heuristicByName('octile', grid(d)))).toBe(true);
      expect(heuristicByName('zero', grid(d))(0, 29)).toBe(0);
    }
    expect(() => heuristicByName('diagonal' as never, grid(1))).toThrow(/unknown heuristic "diagonal"/);
  });
});

describe('walls that cost less than a step to enter', () => {
  test('regression: manhattan made A* return 2.3 where Dijkstra finds 1.6 (walls entered for 0.3)', () => {
    const g = Grid.fromAscii(['#..', '#..', '#..'], { connectivity: 4, blocked: { enterCost: 0.3 } });
    expect(astar(g, g.id(2, 1), g.id(0, 2), manhattan(g)).cost).toBeCloseTo(1.6, 12);
    expect(dijkstra(g, g.id(2, 1), g.id(0, 2)).cost).toBeCloseTo(1.6, 12);
  });

  test('entryScale: 1 unless walls are cheaper than a step, then the entry cost over the largest fall of a step', () => {
    expect(entryScale(new Grid(2, 2))).toBe(1);
    expect(entryScale(new Grid(2, 2, undefined, { blocked: { enterCost: 10000 } }))).toBe(1);
    expect(entryScale(new Grid(2, 2, undefined, { connectivity: 4, blocked: { enterCost: 0.3 } }))).toBeCloseTo(0.3, 15);
    expect(entryScale(new Grid(2, 2, undefined, { diagonalCost: 1.5, cellSize: 2, blocked: { enterCost: 1.5 } }))).toBeCloseTo(0.5, 15);
    expect(entryScale(new Grid(2, 2, undefined, { blocked: { enterCost: 0 } }))).toBe(0);
  });

  test('every heuristic stays consistent on grids whose walls cost 0 to 1.2 to enter', () => {
    const next = mulberry32(77);
    for (let trial = 0; trial < 150; trial++) {
      const w = 2 + Math.floor(next() * 7), h = 2 + Math.floor(next() * 7);
      const cells = Array.from({ length: w * h }, () => (next() < 0.35 ? 1 : 0));
      const d = [0.5, 1, 1.4, Math.SQRT2, 2, 3][trial % 6];
      const grid = new Grid(w, h, cells, {
        connectivity: trial % 5 === 0 ? 4 : 8,
        diagonalRule: (['always', 'no-corner-cutting', 'at-most-one-blocked'] as const)[trial % 3],
        diagonalCost: d,
        cellSize: trial % 4 === 0 ? 0.5 : 1,
        blocked: { enterCost: [0, 0.1, 0.3, 0.7, 1.2][trial % 5] },
      });
      const goal = Math.floor(next() * grid.size);
      const admissibleHere = [octile(grid)];
      if (grid.connectivity === 4 || d >= 2) admissibleHere.push(manhattan(grid));
      if (d >= 1) admissibleHere.push(chebyshev(grid));
      if (grid.connectivity === 4 || d >= Math.SQRT2) admissibleHere.push(euclidean(grid));
      const nodes = new Int32Array(8), costs = new Float64Array(8);
      for (const hf of admissibleHere) {
        for (let n = 0; n < grid.size; n++) {
          const k = grid.successors(n, nodes, costs);
          for (let i = 0; i < k; i++) expect(hf(n, goal)).toBeLessThanOrEqual(costs[i] + hf(nodes[i], goal) + 1e-12);
        }
      }
    }
  });
});
