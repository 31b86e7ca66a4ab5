// The reference itself: hand-computed answers, forward against backward, and
// against a third implementation (ngraph.path) it shares no code with.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { oracleCost } from '../../support/oracle.js';
import {
  referenceCost, referenceCostToGo, referenceDijkstra, ReferenceGraph, ReferenceGrid, sameCost, unitCosts, walkPath, type GridSpec,
} from '../../support/reference.js';
import { graphWorld, runs, SEED, smallGrid } from './worlds.js';

const spec = (o: Partial<GridSpec>): GridSpec => ({
  width: 3, height: 3, connectivity: 8, diagonalRule: 'always', diagonalCost: 1.5, cellSize: 2, enterCost: -1, ...o,
});
const ring = [0, 0, 0, 0, 1, 0, 0, 0, 0]; // 3 x 3, the centre blocked

test('reference grid: the four diagonal rules, 4-connectivity and both blocked models, by hand', () => {
  // Corner to corner round the centre: two axial steps (2 each) and one diagonal (3) past
  // the blocked centre, or four axial steps where no diagonal may touch it.
  const cost = (o: Partial<GridSpec>) => referenceCost(new ReferenceGrid(spec(o), ring), 0, 8);
  expect(cost({ diagonalRule: 'always' })).toBe(7);
  expect(cost({ diagonalRule: 'at-most-one-blocked' })).toBe(7);
  expect(cost({ diagonalRule: 'no-corner-cutting' })).toBe(8);
  expect(cost({ diagonalRule: 'never' })).toBe(8);
  expect(cost({ connectivity: 4 })).toBe(8);
  // Kept as a node: entering the centre costs exactly its enter cost, leaving it a normal step.
  expect(cost({ enterCost: 10 })).toBe(7);
  expect(cost({ enterCost: 0 })).toBe(3);
  expect(cost({ enterCost: 0, connectivity: 4 })).toBe(6);
  // Arcs out of the corner under no corner cutting: only the two axial ones.
  expect(new ReferenceGrid(spec({ diagonalRule: 'no-corner-cutting' }), ring).arcs(0)).toEqual([[1, 2], [3, 2]]);
  // Predecessors of the blocked centre when kept: its 8 neighbours, each paying the enter cost.
  expect(new ReferenceGrid(spec({ enterCost: 5 }), ring).arcsIn(4).map(([, c]) => c)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
  expect(new ReferenceGrid(spec({}), ring).arcsIn(4)).toEqual([]);
  expect(new ReferenceGrid(spec({}), ring).arcs(4)).toEqual([]);

  // Squeezing between two blocked cells: only `always` allows it.
  const squeeze = (rule: GridSpec['diagonalRule']) => referenceCost(new ReferenceGrid(spec({ width: 2, height: 2, diagonalRule: rule, cellSize: 1 }), [0, 1, 1, 0]), 0, 3);
  expect(squeeze('always')).toBe(1.5);
  expect(squeeze('at-most-one-blocked')).toBe(Infinity);
  expect(squeeze('no-corner-cutting')).toBe(Infinity);
});

test('reference graph: parallel arcs, zero-cost arcs, self loops, direction, by hand', () => {
  const g = new ReferenceGraph(4, [
    { from: 0, to: 1, cost: 5 }, { from: 0, to: 1, cost: 2 }, { from: 1, to: 1, cost: 0 },
    { from: 1, to: 2, cost: 0 }, { from: 2, to: 3, cost: 1 }, { from: 3, to: 0, cost: 1 },
  ]);
  expect(referenceCost(g, 0, 3)).toBe(3);
  expect(referenceCostToGo(g, 3)).toEqual([3, 1, 1, 0]);
  expect(referenceDijkstra(g, 0, 'forward')).toEqual([0, 2, 2, 3]);
  expect(referenceCost(unitCosts(g), 0, 3)).toBe(3);
  expect(walkPath(g, [0, 1, 1, 2, 3], 0, 3, 'hand')).toBe(3); // the cheaper parallel arc, the free loop
  expect(() => walkPath(g, [0, 2, 3], 0, 3, 'hand')).toThrow(/not an arc/);
  g.arcs[4].cost = Infinity; // the arc 2 -> 3 disappears
  expect(referenceCost(g, 0, 3)).toBe(Infinity);
  const u = ReferenceGraph.fromEdges(3, [[0, 1, 4], [1, 2, 0]], false);
  expect(referenceCostToGo(u, 0)).toEqual([0, 4, 4]);
});

function hasParallelArcs(space: ReferenceGraph | ReferenceGrid): boolean {
  if (space instanceof ReferenceGrid) return false;
  const seen = new Set(space.arcs.map((a) => `${a.from} ${a.to}`));
  return seen.size < space.arcs.length;
}

test('reference: forward and backward agree on every pair, and ngraph.path agrees on one', () => {
  let pairs = 0;
  fc.assert(
    fc.property(fc.oneof(graphWorld(10, 30).map((w) => ReferenceGraph.fromEdges(w.size, w.edges, w.directed)), smallGrid(6).map((w) => new ReferenceGrid(w.spec, w.cells))), fc.nat(), fc.nat(), (space, a, b) => {
      const n = space.size, s = a % n, t = b % n;
      const forward = Array.from({ length: n }, (_, i) => referenceDijkstra(space, i, 'forward'));
      for (let j = 0; j < n; j++) {
        const backward = referenceCostToGo(space, j);
        for (let i = 0; i < n; i++) {
          if (!sameCost(forward[i][j], backward[i])) throw new Error(`d(${i}, ${j}): forward ${forward[i][j]}, backward ${backward[i]}`);
          pairs++;
        }
      }
      expect(sameCost(referenceCost(space, s, t), forward[s][t])).toBe(true);
      // oracleCost re-reads each step with ngraph's getLink, which returns the first of
      // parallel links, not the cheapest: compare only where there are none.
      if (!hasParallelArcs(space)) expect(sameCost(oracleCost(space, s, t), forward[s][t])).toBe(true);
    }),
    { seed: SEED, numRuns: runs(300) },
  );
  expect(pairs).toBeGreaterThan(1000);
});
