import fc from 'fast-check';
import { Grid, type GridOptions } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';


export interface GridCase {
  width: number;
  height: number;
  density: number;
  seed: number;
}

/** A random raster: each cell blocked with probability `density`; start and goal cells forced free. */
export function randomGrid(c: GridCase, options: GridOptions): { grid: Grid; start: number; goal: number } {
  const next = mulberry32(c.seed);
  const cells = new Uint8Array(c.width * c.height);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
  const start = Math.floor(next() * cells.length);
  let goal = Math.floor(next() * cells.length);
  if (cells.length > 1 && goal === start) goal = (start + 1) % cells.length;
  cells[start] = 0;
  cells[goal] = 0;
  return { grid: new Grid(c.width, c.height, cells, options), start, goal };
}

export const gridCase: fc.Arbitrary<GridCase> = fc.record({
  width: fc.integer({ min: 1, max: 40 }),
  height: fc.integer({ min: 1, max: 40 }),
  density: fc.double({ min: 0, max: 0.45, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
});

/** Run a property over 200 grids with a fixed seed: the same grids on every run and machine. */
export const PROPERTY = { numRuns: 200, seed: 20261201 } as const;
