import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';
import { cornerCuttingCost } from '../../support/grid8-reference.js';
import { ReferenceGrid, referenceDijkstra, sameCost } from '../../support/reference.js';

// The corner-cutting suite's fast Dijkstra (typed arrays, stopped at the goal) must give what the
// slow reference Dijkstra gives on a ReferenceGrid of the same cells under the rule 'always'. The
// grids are 2 to 8 cells a side and a tenth to a half blocked, as grid4-reference.test.ts says why.
test('grid8 reference: the corner-cutting cost equals the reference Dijkstra for every pair of free cells on 200 seeded random grids', () => {
  fc.assert(
    fc.property(fc.record({
      width: fc.integer({ min: 2, max: 8 }), height: fc.integer({ min: 2, max: 8 }),
      density: fc.double({ min: 0.1, max: 0.5, noNaN: true }), seed: fc.integer({ min: 0, max: 0x7fffffff }),
      diagonalCost: fc.constantFrom(Math.SQRT2, 1.5, 1), cellSize: fc.constantFrom(1, 0.25),
    }), (c) => {
      const next = mulberry32(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const grid = new Grid(c.width, c.height, cells, { diagonalRule: 'always', diagonalCost: c.diagonalCost, cellSize: c.cellSize });
      const ref = new ReferenceGrid({ width: c.width, height: c.height, connectivity: 8, diagonalRule: 'always', diagonalCost: c.diagonalCost, cellSize: c.cellSize, enterCost: -1 }, cells);
      let wrong = '';
      for (let from = 0; from < grid.size && !wrong; from++) {
        if (cells[from]) continue;
        const d = referenceDijkstra(ref, from, 'forward');
        for (let to = 0; to < grid.size; to++) {
          if (cells[to]) continue;
          const got = cornerCuttingCost(grid, from, to);
          if (!sameCost(got, d[to])) { wrong = `${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${got}, the reference ${d[to]}`; break; }
        }
      }
      expect(wrong).toBe('');
    }),
    { numRuns: 200, seed: 20261206 },
  );
});

test('grid8 reference: a cell first reached by a diagonal, then more cheaply, keeps the cheaper cost', () => {
  // Keeping each cell's first cost found made (0, 0) -> (2, 5) cost 4 + 2 sqrt 2, not 5 + sqrt 2.
  const grid = Grid.fromAscii(['..#.', '.#..', '..##', '...#', '.##.', '...#'].join('\n'), { diagonalRule: 'always' });
  expect(cornerCuttingCost(grid, grid.id(0, 0), grid.id(2, 5))).toBe(5 + Math.SQRT2);
});

test('grid8 reference: a corner is cut, the copy follows an edit, and other rules are refused', () => {
  const grid = Grid.fromAscii(['.#.', '#..', '...'].join('\n'), { diagonalRule: 'always' });
  expect(cornerCuttingCost(grid, grid.id(0, 0), grid.id(1, 1))).toBe(Math.SQRT2); // between the two walls
  expect(cornerCuttingCost(grid, grid.id(0, 0), grid.id(2, 0))).toBe(2 * Math.SQRT2);
  grid.setBlocked(grid.id(1, 1), true);
  expect(cornerCuttingCost(grid, grid.id(0, 0), grid.id(2, 0))).toBe(Infinity);
  expect(() => cornerCuttingCost(grid.with({ diagonalRule: 'no-corner-cutting' }), 0, 2)).toThrow(/rule 'always'/);
});
