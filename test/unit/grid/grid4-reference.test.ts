import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';
import { bfsSteps, distance4 } from '../../support/grid4-reference.js';

// The reference that the 4-connected searchers are held to has two loops: the
// pairwise A* distance4 (fast enough for every row of a Moving AI map's
// scenarios) must give what the plain breadth-first bfsSteps gives. The grids
// are 2 to 20 cells a side and a tenth to a half blocked: drawn from 1 to 20
// and none to 0.6, the seeded runs missed an A* that kept the first way it
// found to each cell.
test('grid4 reference: the A* distance equals breadth-first steps for every pair from 4 starts on 300 seeded random grids', () => {
  fc.assert(
    fc.property(fc.record({
      width: fc.integer({ min: 2, max: 20 }), height: fc.integer({ min: 2, max: 20 }),
      density: fc.double({ min: 0.1, max: 0.5, noNaN: true }), seed: fc.integer({ min: 0, max: 0x7fffffff }),
    }), (c) => {
      const next = mulberry32(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const grid = new Grid(c.width, c.height, cells, { connectivity: 4 });
      let wrong = '';
      for (let k = 0; k < 4 && !wrong; k++) {
        const from = Math.floor(next() * grid.size);
        if (cells[from]) continue;
        const d = bfsSteps(grid, from);
        for (let to = 0; to < grid.size; to++) {
          if (cells[to]) continue;
          const two = distance4(grid, from, to);
          if (two !== d[to]) { wrong = `${grid.formatXY(from)} -> ${grid.formatXY(to)}: A* ${two}, breadth-first ${d[to]}`; break; }
        }
      }
      expect(wrong).toBe('');
    }),
    { numRuns: 300, seed: 20261202 },
  );
});

test('grid4 reference: the A* distance follows an edit of the same grid (its walled copy is made again)', () => {
  const grid = new Grid(5, 3, undefined, { connectivity: 4 });
  const from = grid.id(0, 1), to = grid.id(4, 1);
  expect(distance4(grid, from, to)).toBe(4);
  for (const y of [0, 1]) grid.setBlocked(grid.id(2, y), true);
  expect(distance4(grid, from, to)).toBe(bfsSteps(grid, from)[to]);
  expect(distance4(grid, from, to)).toBe(6);
  grid.setBlocked(grid.id(2, 2), true);
  expect(distance4(grid, from, to)).toBe(-1);
});
