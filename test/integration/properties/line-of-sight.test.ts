import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid, InputError, type DiagonalRule } from '#bestfirst';
import { DIAGONAL_RULES, lineOfSight, segmentCost } from '#bestfirst/grid';
import { mulberry32 } from '#bestfirst/internal';
import { bruteCost, bruteSight, cover } from '../../support/supercover.js';

const PROPERTY = { numRuns: 100, seed: 20261212 } as const;

/** A random grid: blocked with probability `density`, weights in [0.5, 4.5) on every other grid. */
function randomCase(seed: number, width: number, height: number, density: number, rule: DiagonalRule, weighted: boolean): Grid {
  const next = mulberry32(seed);
  const cells = Array.from({ length: width * height }, () => (next() < density ? 1 : 0));
  const weights = weighted ? Array.from({ length: width * height }, () => 0.5 + 4 * next()) : undefined;
  return new Grid(width, height, cells, { diagonalRule: rule, weights, cellSize: 0.25 + next() * 2 });
}

test('lineOfSight and segmentCost equal the brute-force supercover rule on random grids, every diagonal rule, weighted and not', () => {
  let seen = 0, blocked = 0, throughCorners = 0, cornerRefusals = 0;
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }),
    fc.integer({ min: 0, max: 50 }), fc.constantFrom(...DIAGONAL_RULES), fc.boolean(), fc.boolean(),
    (seed, width, height, percent, rule, weighted, fourConnected) => {
      // Densities drawn evenly (fc.double leans to 0, and empty grids test little).
      const grid = randomCase(seed, width, height, percent / 100, rule, weighted);
      const g = fourConnected ? grid.with({ connectivity: 4 }) : grid;
      const next = mulberry32(seed ^ 0x5bd1e995);
      for (let q = 0; q < 40; q++) {
        const a = Math.floor(next() * g.size), b = Math.floor(next() * g.size);
        const want = bruteSight(g, a, b);
        expect(lineOfSight(g, a, b), `${g.formatXY(a)} -> ${g.formatXY(b)}, ${g.diagonalRule}`).toBe(want);
        expect(lineOfSight(g, b, a)).toBe(want);
        const cost = segmentCost(g, a, b), ref = bruteCost(g, a, b);
        if (want) expect(Math.abs(cost - ref)).toBeLessThanOrEqual(1e-9 * Math.max(1, ref));
        else expect(cost).toBe(Infinity);
        seen++;
        if (!want) blocked++;
        if (cover(g, a, b).corners.length > 0) {
          throughCorners++;
          // Refused by a corner only: the rule, not a crossed cell, decided.
          if (!want && !cover(g, a, b).crossed.some((n) => g.cells[n] !== 0)) cornerRefusals++;
        }
      }
    },
  ), PROPERTY);
  // The property saw both answers, and corners deciding some of them.
  expect(blocked).toBeGreaterThan(seen / 10);
  expect(seen - blocked).toBeGreaterThan(seen / 10);
  expect(throughCorners).toBeGreaterThan(150);
  expect(cornerRefusals).toBeGreaterThan(15);
});

test('the corner rule, case by case: a diagonal between two blocked cells, past one, past none', () => {
  const rows = ['.#..', '#...', '....', '...#'];
  const sight = (rule: DiagonalRule, a: [number, number], b: [number, number]) => {
    const g = Grid.fromAscii(rows, { diagonalRule: rule });
    return lineOfSight(g, g.id(...a), g.id(...b));
  };
  // (0,0) -> (1,1) squeezes between (1,0) and (0,1), both blocked.
  expect(DIAGONAL_RULES.map((r) => sight(r, [0, 0], [1, 1]))).toEqual([true, false, false, false]);
  // (1,1) -> (3,3)... ends on a blocked cell: never.
  expect(DIAGONAL_RULES.map((r) => sight(r, [1, 1], [3, 3]))).toEqual([false, false, false, false]);
  // (1,1) -> (2,2) -> ... (2,3): (1,1) -> (3,2) passes no corner; (2,1) -> (3,2) is a plain diagonal past free cells.
  expect(DIAGONAL_RULES.map((r) => sight(r, [2, 1], [3, 2]))).toEqual([true, true, true, true]);
  // (2,2) -> (3,3) blocked end; (2,3) -> (3,2) passes the corner of (3,3) blocked and (2,2) free: only no-corner-cutting refuses.
  expect(DIAGONAL_RULES.map((r) => sight(r, [2, 3], [3, 2]))).toEqual([true, false, false, true]);
  // A long diagonal (0,3) -> (3,0) passes three corners, all among free cells but (1,0) and (0,1) far away: clear.
  expect(DIAGONAL_RULES.map((r) => sight(r, [0, 3], [3, 0]))).toEqual([true, true, true, true]);
  // Slope 1/3 through the corner (2,1): (0,0) is next to blocked cells but the segment (0,0) -> (3,1) touches (1,0).
  expect(sight('always', [0, 0], [3, 1])).toBe(false);
});

test('segmentCost: the length times cellSize without weights; exact weighted lengths through the cells crossed', () => {
  const grid = new Grid(5, 3, undefined, { cellSize: 0.5 });
  expect(segmentCost(grid, grid.id(0, 0), grid.id(4, 2))).toBe(Math.sqrt(20) * 0.5);
  expect(segmentCost(grid, 7, 7)).toBe(0);
  // Weight 3 on (1,0): the segment (0,0) -> (2,0) spends half a cell in (0,0), one in (1,0), half in (2,0).
  const w = new Grid(3, 1, undefined, { weights: [1, 3, 2] });
  expect(segmentCost(w, 0, 2)).toBe(0.5 * 1 + 3 + 0.5 * 2);
  // A diagonal through a corner charges nothing to the side cells.
  const d = new Grid(2, 2, undefined, { weights: [1, 100, 100, 3] });
  expect(segmentCost(d, 0, 3)).toBeCloseTo(Math.SQRT2 * 2, 12);
});

test('lineOfSight and segmentCost refuse what is not a grid or a cell id', () => {
  const grid = new Grid(3, 3);
  for (const f of [lineOfSight, segmentCost]) {
    expect(() => f(grid, -1, 2)).toThrow(InputError);
    expect(() => f(grid, 0, 9)).toThrow(/to must be a cell id in 0..8/);
    expect(() => f(grid, 0.5, 2)).toThrow(/from must be a cell id/);
    expect(() => f({} as Grid, 0, 2)).toThrow(/grid must be a Grid/);
  }
});
