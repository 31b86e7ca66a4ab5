import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Searcher, astar } from '../src/best-first.js';
import { Grid, type DiagonalRule } from '../src/grid.js';
import { octile } from '../src/heuristics.js';
import { JumpPointSearcher, jps } from '../src/jps.js';

// --- helpers ------------------------------------------------------------------

/** mulberry32: seeded, so every sample below is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Checks a full path independently of both searches: consecutive cells
 * 8-adjacent, all free, each diagonal step legal under the grid's rule.
 * Returns the summed step cost, or a string saying what is wrong.
 */
function walk(grid: Grid, path: ArrayLike<number>, len: number, start: number, goal: number): number | string {
  const w = grid.width, cs = grid.cellSize;
  if (len < 1) return 'empty path';
  if (path[0] !== start) return `starts at ${path[0]}, not ${start}`;
  if (path[len - 1] !== goal) return `ends at ${path[len - 1]}, not ${goal}`;
  let cost = 0;
  for (let i = 0; i < len; i++) if (grid.cells[path[i]] !== 0) return `cell ${i} (${path[i]}) is blocked`;
  for (let i = 1; i < len; i++) {
    const a = path[i - 1], b = path[i];
    const ax = a % w, ay = (a - ax) / w, bx = b % w, by = (b - bx) / w;
    const dx = bx - ax, dy = by - ay;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return `step ${i} ${a}->${b} is not a king move`;
    if (dx !== 0 && dy !== 0) {
      const s1 = grid.cells[ay * w + bx], s2 = grid.cells[by * w + ax];
      if (grid.diagonalRule === 'no-corner-cutting' && (s1 | s2) !== 0) return `step ${i} ${a}->${b} cuts a corner`;
      cost += cs * grid.diagonalCost;
    } else {
      cost += cs;
    }
  }
  return cost;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

// --- random grids against A* ---------------------------------------------------

const caseArb = fc.record({
  width: fc.integer({ min: 1, max: 48 }),
  height: fc.integer({ min: 1, max: 48 }),
  density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  rule: fc.constantFrom<DiagonalRule>('no-corner-cutting', 'always'),
  diagonalCost: fc.constantFrom(1.4, Math.SQRT2),
  cellSize: fc.constantFrom(1, 0.25, 3),
});

test('jps: same cost as A* (octile) on 300 seeded random grids, full paths legal and summing to the cost', () => {
  let found = 0, unreachable = 0;
  const buf = new Int32Array(48 * 48);
  fc.assert(
    fc.property(caseArb, (c) => {
      const next = rng(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const start = Math.floor(next() * cells.length), goal = Math.floor(next() * cells.length);
      cells[start] = 0;
      cells[goal] = 0;
      const grid = new Grid(c.width, c.height, cells, { diagonalRule: c.rule, diagonalCost: c.diagonalCost, cellSize: c.cellSize });
      const ref = astar(grid, start, goal, octile(grid));
      const s = new JumpPointSearcher(grid);
      const status = s.search(start, goal);
      expect(status).toBe(ref.status);
      if (status !== 'found') { unreachable++; return; }
      found++;
      expect(close(s.cost, ref.cost)).toBe(true);
      const len = s.pathInto(buf);
      const w = walk(grid, buf, len, start, goal);
      if (typeof w === 'string') throw new Error(w);
      expect(close(w, s.cost)).toBe(true);
      expect(s.path()).toEqual(Array.from(buf.subarray(0, len)));
      // The sparse path is a subsequence of the full one, ends included.
      const jp = s.jumpPoints()!;
      expect(jp[0]).toBe(start);
      expect(jp[jp.length - 1]).toBe(goal);
      let at = 0;
      for (const p of jp) { while (at < len && buf[at] !== p) at++; expect(at).toBeLessThan(len); }
    }),
    { seed: Number(process.env.JPS_SEED ?? 20240601), numRuns: Number(process.env.JPS_RUNS ?? 300) },
  );
  // Both outcomes must really occur, or half of the property is untested.
  expect(found).toBeGreaterThan(150);
  expect(unreachable).toBeGreaterThan(5);
});
