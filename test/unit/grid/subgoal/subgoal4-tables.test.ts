// The tables that make the 4-connected subgoal searcher's sweeps and path
// writing fast, each against a brute force written here: the rows that
// repeat the row above (SameRows), the L-shaped hops (lShape, writeL), the
// monotone hops (monotonePath) and the edges' recorded shapes.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { Grid } from '#bestfirst';
import { SubgoalSearcher4 } from '#bestfirst/grid';
import { COLUMN_FIRST, mulberry32, ROW_FIRST, SameRows, SubgoalGraph4 } from '#bestfirst/internal';
import { bfsSteps, walk4 } from '../../../support/grid4-reference.js';
import { blockCase, blockGrid } from '../../../support/random-grid.js';

const grid4 = (c: Parameters<typeof blockGrid>[0]) => blockGrid(c, { connectivity: 4 });
const graphOf = (grid: Grid) => new SubgoalGraph4(grid.width, grid.height, grid.cells);

/** The run from free non-subgoal cell (x, y) going dx: its free non-subgoal cells after it, and whether a wall or the edge ends it; null for a blocked cell or a subgoal. */
function runFrom(grid: Grid, g: SubgoalGraph4, x: number, y: number, dx: number): { len: number; walled: boolean } | null {
  const free = (xx: number) => grid.cells[y * grid.width + xx] === 0;
  if (!free(x) || g.sub.has(y * grid.width + x)) return null;
  let len = 0, xx = x + dx;
  while (xx >= 0 && xx < grid.width && free(xx) && !g.sub.has(y * grid.width + xx)) { len++; xx += dx; }
  return { len, walled: xx < 0 || xx >= grid.width || !free(xx) };
}

test('SameRows: the rows after (x, y) that repeat its run, counted up and down, either way, on 150 seeded grids, as a walk row by row counts them', () => {
  fc.assert(
    fc.property(blockCase(20, 0.3), (c) => {
      const grid = grid4(c), g = graphOf(grid);
      const same = new SameRows(grid.width, grid.height, grid.cells, g.sub, g.runE, g.runW);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          for (const qx of [1, -1]) {
            for (const qy of [1, -1]) {
              let want = 0;
              for (let yy = y; yy + qy >= 0 && yy + qy < grid.height; yy += qy) {
                const a = runFrom(grid, g, x, yy, qx), b = runFrom(grid, g, x, yy + qy, qx);
                if (!a || !b || !a.walled || !b.walled || a.len !== b.len) break;
                want++;
              }
              const got = same.repeats(x, y, qx, qy);
              if (got !== want || same.repeatsNext(x, y, qx, qy) !== want > 0) {
                expect({ at: [x, y, qx, qy], got, next: same.repeatsNext(x, y, qx, qy) }, JSON.stringify(c)).toEqual({ at: [x, y, qx, qy], got: want, next: want > 0 });
              }
            }
          }
        }
      }
    }),
    { numRuns: 150, seed: 20261206 },
  );
});

test('SameRows: a room 70 rows tall (longer than a 32-bit word of one column) counts every row of it', () => {
  const w = 5, h = 70;
  const cells = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) { cells[y * w] = 1; cells[y * w + w - 1] = 1; }
  const g = new SubgoalGraph4(w, h, cells);
  const same = new SameRows(w, h, cells, g.sub, g.runE, g.runW);
  expect([same.repeats(2, 0, 1, 1), same.repeats(2, 0, -1, 1), same.repeats(3, h - 1, 1, -1), same.repeats(1, 40, -1, -1), same.repeats(1, 40, 1, 1)]).toEqual([h - 1, h - 1, h - 1, 40, h - 41]);
  expect(same.repeats(0, 3, 1, 1)).toBe(0);
});

/** Cells of the L from a to b (a's row first when rowFirst, else a's column first), start first. */
function lCells(w: number, a: number, b: number, rowFirst: boolean): number[] {
  const ax = a % w, ay = Math.floor(a / w), bx = b % w, by = Math.floor(b / w), sx = Math.sign(bx - ax), sy = Math.sign(by - ay);
  const out = [a];
  let x = ax, y = ay;
  const alongRow = () => { while (x !== bx) { x += sx; out.push(y * w + x); } };
  const alongColumn = () => { while (y !== by) { y += sy; out.push(y * w + x); } };
  if (rowFirst) { alongRow(); alongColumn(); } else { alongColumn(); alongRow(); }
  return out;
}

/** Whether b is reachable from a stepping only toward b (a Manhattan-length path): row by row over their box. */
function hReachable(grid: Grid, a: number, b: number): boolean {
  const w = grid.width, ax = a % w, ay = Math.floor(a / w), bx = b % w, by = Math.floor(b / w);
  const sx = bx >= ax ? 1 : -1, sy = by >= ay ? 1 : -1, dx = Math.abs(bx - ax), dy = Math.abs(by - ay);
  const r = Array.from({ length: dy + 1 }, () => new Array<boolean>(dx + 1).fill(false));
  for (let j = 0; j <= dy; j++) {
    for (let i = 0; i <= dx; i++) {
      if (grid.cells[(ay + sy * j) * w + ax + sx * i] !== 0) continue;
      r[j][i] = (i === 0 && j === 0) || (i > 0 && r[j][i - 1]) || (j > 0 && r[j - 1][i]);
    }
  }
  return r[dy][dx];
}

test('lShape, writeL and monotonePath: on 120 seeded grids, 40 pairs of free cells each, the L found is the first free one, written cell for cell, and a monotone path is written exactly when one exists', () => {
  fc.assert(
    fc.property(blockCase(16, 0.35), (c) => {
      const grid = grid4(c), g = graphOf(grid), w = grid.width, sw = g.sweep;
      const free: number[] = [];
      for (let i = 0; i < grid.size; i++) if (grid.cells[i] === 0) free.push(i);
      if (free.length === 0) return;
      const next = mulberry32(c.seed ^ 0x2545f491), out = new Int32Array(grid.width + grid.height + 1);
      for (let t = 0; t < 40; t++) {
        const a = free[Math.floor(next() * free.length)], b = free[Math.floor(next() * free.length)];
        const isFree = (cs: number[]) => cs.every((cell) => grid.cells[cell] === 0);
        const rowL = lCells(w, a, b, true), colL = lCells(w, a, b, false);
        const want = isFree(rowL) ? ROW_FIRST : isFree(colL) ? COLUMN_FIRST : 0;
        const shape = sw.lShape(a, b);
        expect(shape, `${JSON.stringify(c)} ${a} -> ${b}`).toBe(want);
        if (shape !== 0) {
          out.fill(-1);
          sw.writeL(a, b, shape, out, 1);
          expect([out[0], ...out.subarray(1, rowL.length + 1), out[rowL.length + 1]]).toEqual([-1, ...(shape === ROW_FIRST ? rowL : colL), -1]);
        }
        const d = Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w));
        const reach = hReachable(grid, a, b);
        const wrote = sw.monotonePath(a, b, out, 0);
        expect(wrote, `${JSON.stringify(c)} ${a} -> ${b}`).toBe(reach);
        if (wrote) expect(walk4(grid, out, d + 1, a, b), `${JSON.stringify(c)} ${a} -> ${b}`).toBe(d);
      }
    }),
    { numRuns: 120, seed: 20261207 },
  );
});

test('subgoal4: with every edge\'s recorded shape taken away, each hop is swept instead and the paths still have the cost of breadth-first search', () => {
  fc.assert(
    fc.property(blockCase(20), (c) => {
      const grid = grid4(c);
      const s = new SubgoalSearcher4(grid);
      // White box: the graph is private; no shape recorded sends every hop of the graph through the sweep.
      (s as unknown as { graph: SubgoalGraph4 }).graph.shape.fill(0);
      const next = mulberry32(c.seed ^ 0x68e31da4), buf = new Int32Array(grid.size);
      const from = Math.floor(next() * grid.size);
      if (grid.cells[from] !== 0) return;
      const d = bfsSteps(grid, from);
      for (let to = 0; to < grid.size; to++) {
        if (d[to] < 0) continue;
        expect(s.search(from, to)).toBe('found');
        const len = s.pathInto(buf);
        if (walk4(grid, buf, len, from, to) !== d[to]) expect({ to, walked: walk4(grid, buf, len, from, to) }, JSON.stringify(c)).toEqual({ to, walked: d[to] });
      }
    }),
    { numRuns: 60, seed: 20261208 },
  );
});
