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

/** A random raster with blocks of obstacles (rooms, bars): they make corners that single cells rarely do. */
export interface BlockCase { width: number; height: number; density: number; blocks: number; seed: number }

/** Grids of up to `side` x `side` cells, up to 45% single obstacles and up to 6 blocks. */
export function blockCase(side: number, maxDensity = 0.5): fc.Arbitrary<BlockCase> {
  return fc.record({
    width: fc.integer({ min: 1, max: side }),
    height: fc.integer({ min: 1, max: side }),
    density: fc.double({ min: 0, max: maxDensity, noNaN: true }),
    blocks: fc.integer({ min: 0, max: 6 }),
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
  });
}

/** The raster of a `BlockCase`: single cells blocked with probability `density`, then the blocks (1 to 6 cells a side). */
export function blockGrid(c: BlockCase, options: GridOptions): Grid {
  const next = mulberry32(c.seed);
  const cells = new Uint8Array(c.width * c.height);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
  for (let b = 0; b < c.blocks; b++) {
    const x0 = Math.floor(next() * c.width), y0 = Math.floor(next() * c.height);
    const bw = 1 + Math.floor(next() * 6), bh = 1 + Math.floor(next() * 6);
    for (let y = y0; y < Math.min(c.height, y0 + bh); y++) for (let x = x0; x < Math.min(c.width, x0 + bw); x++) cells[y * c.width + x] = 1;
  }
  return new Grid(c.width, c.height, cells, options);
}

/**
 * A maze of walls with gaps (detours no distance estimate sees): every other
 * row a wall with one or two gaps, and 5% of the cells blocked at random;
 * `next` is the case's random source, read on by the caller.
 */
export function wallsWithGaps(width: number, height: number, next: () => number, options: GridOptions): Grid {
  const cells = new Uint8Array(width * height);
  for (let y = 1; y < height; y += 2) {
    for (let x = 0; x < width; x++) cells[y * width + x] = 1;
    for (let k = 0; k < 1 + (next() < 0.3 ? 1 : 0); k++) cells[y * width + Math.floor(next() * width)] = 0;
  }
  for (let i = 0; i < width * height * 0.05; i++) cells[Math.floor(next() * cells.length)] = 1;
  return new Grid(width, height, cells, options);
}
