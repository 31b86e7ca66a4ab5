import fc from 'fast-check';
import { expect, test } from 'vitest';
import { flood, Grid, InputError, SubgoalSearcher8 } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';
import { checkPath } from '#bestfirst/movingai';

const RULES = ['no-corner-cutting', 'always'] as const;
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** Every query from `starts` to every free cell, against Dijkstra (a flood from the start) and checkPath. */
function agreeWithDijkstra(grid: Grid, s: SubgoalSearcher8, starts: readonly number[], where: string): void {
  const buf = new Int32Array(grid.size);
  for (const from of starts) {
    if (grid.cells[from] !== 0) continue;
    const d = flood(grid, from).g;
    for (let to = 0; to < grid.size; to++) {
      if (grid.cells[to] !== 0) continue;
      const status = s.search(from, to);
      const len = s.pathInto(buf);
      const want = d[to];
      // Plain comparisons first (expect per pair is slow); the expects say what is wrong when one fails.
      if (want === Infinity ? status === 'unreachable' && len === 0 : status === 'found' && same(s.cost, want) && walked(grid, buf, len, from, to, want)) continue;
      const at = `${where}: ${grid.formatXY(from)} -> ${grid.formatXY(to)}\n${grid.toAscii().join('\n')}`;
      const c = len > 0 ? checkPath(grid, buf, from, to, len) : null;
      expect({ status, cost: s.cost, path: c?.ok ? c.length : c?.reason ?? null }, at).toEqual(
        want === Infinity ? { status: 'unreachable', cost: Infinity, path: null } : { status: 'found', cost: want, path: want });
    }
  }
}

function walked(grid: Grid, buf: Int32Array, len: number, from: number, to: number, want: number): boolean {
  const c = checkPath(grid, buf, from, to, len);
  return c.ok && same(c.length, want);
}

const caseArb = fc.record({
  width: fc.integer({ min: 1, max: 20 }),
  height: fc.integer({ min: 1, max: 20 }),
  density: fc.double({ min: 0, max: 0.45, noNaN: true }),
  // Blocks of obstacles (rooms, bars) make corners that single cells rarely do.
  blocks: fc.integer({ min: 0, max: 6 }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
});

function randomGrid(c: { width: number; height: number; density: number; blocks: number; seed: number }, diagonalRule: (typeof RULES)[number]): Grid {
  const next = mulberry32(c.seed);
  const cells = new Uint8Array(c.width * c.height);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
  for (let b = 0; b < c.blocks; b++) {
    const x0 = Math.floor(next() * c.width), y0 = Math.floor(next() * c.height);
    const bw = 1 + Math.floor(next() * 6), bh = 1 + Math.floor(next() * 6);
    for (let y = y0; y < Math.min(c.height, y0 + bh); y++) for (let x = x0; x < Math.min(c.width, x0 + bw); x++) cells[y * c.width + x] = 1;
  }
  return new Grid(c.width, c.height, cells, { diagonalRule });
}

for (const rule of RULES) {
  test(`subgoal8 (${rule}): every pair from 3 starts on 120 seeded random grids has Dijkstra's cost and a legal path of that length`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const grid = randomGrid(c, rule);
        const s = new SubgoalSearcher8(grid);
        const next = mulberry32(c.seed ^ 0x5bd1e995);
        agreeWithDijkstra(grid, s, [0, 1, 2].map(() => Math.floor(next() * grid.size)), `${rule} ${JSON.stringify(c)}`);
      }),
      { numRuns: 120, seed: rule === 'always' ? 20261204 : 20261205 },
    );
  });
}
