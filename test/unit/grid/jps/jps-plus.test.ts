import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid, InputError, JumpPointSearcher, type DiagonalRule } from '#bestfirst';
import { JpsPlusSearcher } from '#bestfirst/grid';
import { checkPath } from '#bestfirst/grid';
import { buildLandmarks, JumpOpenList, LANDMARKS, mulberry32 } from '#bestfirst/internal';
import { ReferenceGrid, referenceCost, sameCost } from '../../../support/reference.js';
import { expectPathAsAnsweredAfterEdit } from '../../../support/path-after-edit.js';
import { loadMap, loadScen } from '../../../support/movingai-runs.js';
import { expectExactBudget } from '../../../support/exact-budget.js';

// JPS+ against the test suite's own Dijkstra on a reference grid (never the
// Grid class), paths checked move by move with checkPath.

const RULES: readonly DiagonalRule[] = ['no-corner-cutting', 'always'];

const caseArb = fc.record({
  width: fc.integer({ min: 1, max: 60 }),
  height: fc.integer({ min: 1, max: 40 }),
  density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  rule: fc.constantFrom(...RULES),
  diagonalCost: fc.constantFrom(1, 1.4, Math.SQRT2, 2),
  cellSize: fc.constantFrom(1, 0.25, 3),
});

function raster(width: number, height: number, density: number, seed: number): { cells: Uint8Array; next: () => number } {
  const next = mulberry32(seed);
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < density ? 1 : 0;
  return { cells, next };
}

function reference(grid: Grid): ReferenceGrid {
  return new ReferenceGrid({
    width: grid.width, height: grid.height, connectivity: 8, diagonalRule: grid.diagonalRule,
    diagonalCost: grid.diagonalCost, cellSize: grid.cellSize, enterCost: -1,
  }, grid.cells);
}

/** Throws unless the searcher's last answer is the reference's: status, cost, and a legal path of that cost. */
function agree(s: JpsPlusSearcher, ref: ReferenceGrid, start: number, goal: number, buf: Int32Array): 'found' | 'unreachable' {
  const want = referenceCost(ref, start, goal);
  const status = s.search(start, goal);
  if (want === Infinity) {
    expect(status).toBe('unreachable');
    expect(s.pathInto(buf)).toBe(0);
    return 'unreachable';
  }
  expect(status).toBe('found');
  if (!sameCost(s.cost, want)) throw new Error(`cost ${s.cost}, the reference says ${want} (${start} -> ${goal})`);
  const len = s.pathInto(buf);
  const c = checkPath(s.grid, buf, start, goal, len);
  if (!c.ok) throw new Error(`invalid path ${start} -> ${goal}: ${c.reason}`);
  expect(sameCost(c.length, want)).toBe(true);
  expect(s.path()).toEqual(Array.from(buf.subarray(0, len)));
  return 'found';
}

test('jps+: the reference Dijkstra\'s cost and a legal path of that cost on 200 seeded random grids, both corner rules, diagonal costs 1 to 2', () => {
  const seen = { found: 0, unreachable: 0, always: 0 };
  const buf = new Int32Array(60 * 40);
  fc.assert(
    fc.property(caseArb, (c) => {
      const { cells, next } = raster(c.width, c.height, c.density, c.seed);
      const grid = new Grid(c.width, c.height, cells, { diagonalRule: c.rule, diagonalCost: c.diagonalCost, cellSize: c.cellSize });
      const s = new JpsPlusSearcher(grid), ref = reference(grid);
      // Several queries on one searcher: its stamps and heap are reused.
      for (let q = 0; q < 4; q++) {
        const start = Math.floor(next() * cells.length), goal = Math.floor(next() * cells.length);
        if (cells[start] !== 0 || cells[goal] !== 0) continue;
        seen[agree(s, ref, start, goal, buf)]++;
        if (c.rule === 'always') seen.always++;
      }
    }),
    { seed: 20261202, numRuns: 200 },
  );
  // Both outcomes and both rules really occur, or part of the property is untested.
  expect(seen.found).toBeGreaterThan(200);
  expect(seen.unreachable).toBeGreaterThan(5);
  expect(seen.always).toBeGreaterThan(100);
});

test('jps+: every pair of cells of small dense grids, both rules (exhaustive against the reference)', () => {
  const buf = new Int32Array(12 * 9);
  for (const rule of RULES) {
    for (let seed = 1; seed <= 4; seed++) {
      const { cells } = raster(12, 9, 0.3, seed * 7919);
      const grid = new Grid(12, 9, cells, { diagonalRule: rule });
      const s = new JpsPlusSearcher(grid), ref = reference(grid);
      for (let a = 0; a < grid.size; a += 1) {
        if (cells[a] !== 0) continue;
        for (let b = 0; b < grid.size; b += 4) if (cells[b] === 0) agree(s, ref, a, b, buf);
      }
    }
  }
});

test('jps+: after an edit the last answer\'s path reads exactly as it was answered, like the subgoal graphs\'', () => {
  for (const diagonalRule of ['no-corner-cutting', 'always'] as const) {
    const grid = Grid.fromAscii(['.....', '..#..', '..#..', '.....'], { diagonalRule });
    const s = new JpsPlusSearcher(grid);
    expectPathAsAnsweredAfterEdit(grid, s, grid.id(0, 1), grid.id(4, 1), (path) => { for (const c of path.slice(1, -1)) grid.setBlocked(c, true); });
    expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
    expect(s.path()!.every((c) => grid.cells[c] === 0)).toBe(true);
  }
});

test('jps+: edits through grid.setBlocked and grid.touch rebuild the table at the next query; never a stale answer', () => {
  const buf = new Int32Array(30 * 20);
  for (const rule of RULES) {
    const { cells, next } = raster(30, 20, 0.2, rule === 'always' ? 11 : 12);
    const grid = new Grid(30, 20, cells, { diagonalRule: rule });
    const s = new JpsPlusSearcher(grid);
    expect(s.builds).toBe(1);
    for (let round = 0; round < 40; round++) {
      // Toggle a few cells, then ask queries that the old table would answer wrongly more often than not.
      const edits = 1 + Math.floor(next() * 5);
      for (let e = 0; e < edits; e++) {
        const n = Math.floor(next() * grid.size);
        if (round % 4 === 3) { grid.cells[n] ^= 1; grid.touch([n]); } else grid.setBlocked(n, grid.cells[n] === 0);
      }
      const ref = reference(grid);
      for (let q = 0; q < 5; q++) {
        const a = Math.floor(next() * grid.size), b = Math.floor(next() * grid.size);
        if (grid.cells[a] === 0 && grid.cells[b] === 0) agree(s, ref, a, b, buf);
      }
    }
    // One rebuild per round that changed the grid, none for queries in between.
    expect(s.builds).toBeLessThanOrEqual(41);
    expect(s.builds).toBeGreaterThan(30);
  }
});

test('jps+: a wall put across an open room is seen by the very next query', () => {
  const grid = new Grid(9, 5);
  const s = new JpsPlusSearcher(grid);
  expect(s.search(grid.id(0, 2), grid.id(8, 2))).toBe('found');
  expect(s.cost).toBe(8);
  for (let y = 0; y < 5; y++) grid.setBlocked(grid.id(4, y), true);
  expect(s.search(grid.id(0, 2), grid.id(8, 2))).toBe('unreachable');
  grid.setBlocked(grid.id(4, 0), false);
  expect(s.search(grid.id(0, 2), grid.id(8, 2))).toBe('found');
  expect(s.cost).toBeCloseTo(4 + 4 * Math.SQRT2 - 2 * Math.SQRT2 + 2 * Math.SQRT2, 12);
  // A write the grid was not told of is not seen until rebuild(): the documented contract.
  grid.cells[grid.id(4, 0)] = 1;
  s.rebuild();
  expect(s.search(grid.id(0, 2), grid.id(8, 2))).toBe('unreachable');
});

test('jps+: start = goal, step limit, and the path of an open room', () => {
  const grid = new Grid(10, 6);
  const s = new JpsPlusSearcher(grid);
  expect(s.search(7, 7)).toBe('found');
  expect(s.cost).toBe(0);
  expect(s.path()).toEqual([7]);
  expect(s.search(0, grid.id(9, 3))).toBe('found');
  expect(s.path()).toEqual([0, 11, 22, 33, 34, 35, 36, 37, 38, 39]);
  expect(s.cost).toBeCloseTo(3 * Math.SQRT2 + 6, 12);
  expect(s.search(0, grid.id(9, 3), { limits: { maxExpansions: 1 } })).toBe('stopped');
  expect(s.cost).toBe(Infinity);
  expect(s.path()).toBeNull();
  expect(s.result().status).toBe('stopped');
  const walled = Grid.fromAscii(['..........', '.########.', '.#......#.', '.#.####.#.', '...#......']);
  expectExactBudget(new JpsPlusSearcher(walled), 0, 22, 'jps+');
});

test('jps+: refuses what jump point search refuses, weights included (also weights added after the build)', () => {
  const ok = Grid.fromAscii(['..#', '...']);
  expect(() => new JpsPlusSearcher(ok.with({ connectivity: 4 }))).toThrow(/JpsPlusSearcher: needs an 8-connected grid/);
  expect(() => new JpsPlusSearcher(ok.with({ diagonalRule: 'at-most-one-blocked' }))).toThrow(InputError);
  expect(() => new JpsPlusSearcher(ok.with({ blocked: { enterCost: 10000 } }))).toThrow(/JpsPlusSearcher: needs blocked: 'delete'/);
  expect(() => new JpsPlusSearcher(ok.with({ diagonalCost: 2.5 }))).toThrow(/JpsPlusSearcher: needs 1 <= diagonalCost <= 2/);
  expect(() => new JpsPlusSearcher(null as unknown as Grid)).toThrow(/JpsPlusSearcher: needs a Grid, got null/);
  const weighted = Grid.fromAscii(['...', '...'], { weights: [1, 2, 1, 1, 1, 1] });
  expect(() => new JpsPlusSearcher(weighted)).toThrow(/JpsPlusSearcher: the grid has per-cell weights/);
  const later = Grid.fromAscii(['...', '...']);
  const s = new JpsPlusSearcher(later);
  expect(s.search(0, 5)).toBe('found');
  later.setWeight(1, 3);
  expect(() => s.search(0, 5)).toThrow(/JpsPlusSearcher: the grid has per-cell weights/);
  const t = new JpsPlusSearcher(ok);
  expect(() => t.search(2, 0)).toThrow(/start \(2,0\).*blocked/);
  expect(() => t.search(0, 6)).toThrow(/goal must be a cell id in 0\.\.5/);
  expect(() => t.search(0, 5, { limits: { maxExpansions: -1 } })).toThrow(/maxExpansions must be a number >= 0/);
  expect(() => t.search(0, 5, { trace: true } as object)).toThrow(InputError);
  expect(() => t.pathInto(new Int32Array(1))).not.toThrow();
  expect(t.search(0, 5)).toBe('found');
  expect(() => t.pathInto(new Int32Array(1))).toThrow(/pathInto: the buffer holds 1 cells, the path has 3/);
  expect(() => t.pathInto([] as unknown as Int32Array)).toThrow(/pathInto: out must be an Int32Array/);
});

test('jps+: jumps longer than a byte holds are read in hops (a 40000-cell row), with the same costs', () => {
  const { cells, next } = raster(40000, 3, 0.3, 99);
  const grid = new Grid(40000, 3, cells, { diagonalRule: 'always' });
  const s = new JpsPlusSearcher(grid), ref = reference(grid);
  const buf = new Int32Array(grid.size);
  const free = (n: number) => cells[n] === 0;
  for (let q = 0; q < 6; q++) {
    const a = Math.floor(next() * 300), b = grid.size - 1 - Math.floor(next() * 300);
    if (free(a) && free(b)) agree(s, ref, a, b, buf);
  }
  // An open row: the longest jump, 39999 steps, hundreds of hops.
  const open = new JpsPlusSearcher(new Grid(40000, 1));
  expect(open.search(0, 39999)).toBe('found');
  expect(open.cost).toBe(39999);
  expect(open.search(39999, 0)).toBe('found');
  expect(open.cost).toBe(39999);
  // A wall at the row's end and a post under the row near it: one jump point, some 39900 steps from the start, found in one jump.
  const post = new Grid(40000, 2, undefined, { diagonalRule: 'always' });
  post.setBlocked(39999, true);
  post.setBlocked(40000 + 39901, true);
  const t = new JpsPlusSearcher(post);
  expect(t.search(0, 39998)).toBe('found');
  expect(t.cost).toBe(39998);
  expect([t.expansions, t.pushes]).toEqual([3, 3]);
});

test('jps+: sparse obstacles on a 300 x 300 grid (jumps and reaches of 126 to 300 steps, read in hops): the reference Dijkstra\'s costs, both rules', () => {
  for (const rule of RULES) {
    const { cells, next } = raster(300, 300, 0.0015, 7);
    // A few walls with gaps, so that jump points sit at every distance from far cells.
    for (let y = 20; y < 300; y += 127) for (let x = 0; x < 290; x++) if (x % 97 !== 5) cells[y * 300 + x] = 1;
    const grid = new Grid(300, 300, cells, { diagonalRule: rule });
    const s = new JpsPlusSearcher(grid), ref = reference(grid);
    const buf = new Int32Array(grid.size);
    let found = 0;
    for (let q = 0; q < 14; q++) {
      // Corners and borders first (the longest jumps), then anywhere.
      const pick = () => (q < 6 ? [0, 299, 150][Math.floor(next() * 3)] + 300 * [0, 299, 150][Math.floor(next() * 3)] : Math.floor(next() * grid.size));
      const a = pick(), b = pick();
      if (cells[a] === 0 && cells[b] === 0 && agree(s, ref, a, b, buf) === 'found') found++;
    }
    expect(found).toBeGreaterThan(6);
  }
});

test('jps+: 16 bytes a cell of table on a 510 x 510 grid (8 of jumps, 8 of landmark distances), on a 40000 x 3 one too', () => {
  expect(new JpsPlusSearcher(new Grid(510, 510)).tableBytesPerCell).toBe(16);
  expect(new JpsPlusSearcher(new Grid(40000, 3)).tableBytesPerCell).toBe(16);
});

test('jps+ landmarks: along every legal step, each landmark\'s bound changes by no more than the step costs (consistent, so admissible), both rules, diagonal costs 1 to 2; distances clamped or not', () => {
  fc.assert(
    fc.property(caseArb, ({ width, height, density, seed, rule, diagonalCost, cellSize }) => {
      const { cells } = raster(width, height, density, seed);
      const pw = width + 2, free = new Uint8Array(pw * (height + 2));
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) free[(y + 1) * pw + x + 1] = cells[y * width + x] === 0 ? 1 : 0;
      // Filled with 65535 first, so that a build that wrote nothing is seen (no landmark placed).
      const lm = new Uint16Array(width * height * 8).fill(0xffff);
      const q = buildLandmarks(lm, 8, 4, free, width, height, rule, diagonalCost);
      const unit = cellSize / q;
      expect(q).toBeGreaterThanOrEqual(1);
      const isFree = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] === 0;
      // Each landmark is a free cell (distance 0 from itself), so a bound of 65535 everywhere cannot pass for consistent.
      const placed = new Array<boolean>(LANDMARKS).fill(false);
      let freeCells = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (!isFree(x, y)) continue;
          freeCells++;
          for (let i = 0; i < LANDMARKS; i++) if (lm[(y * width + x) * 8 + 4 + i] === 0) placed[i] = true;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              if ((dx === 0 && dy === 0) || !isFree(x + dx, y + dy)) continue;
              const diagonal = dx !== 0 && dy !== 0;
              if (diagonal && rule === 'no-corner-cutting' && (!isFree(x + dx, y) || !isFree(x, y + dy))) continue;
              const step = cellSize * (diagonal ? diagonalCost : 1), a = (y * width + x) * 8 + 4, b = ((y + dy) * width + x + dx) * 8 + 4;
              for (let i = 0; i < LANDMARKS; i++) {
                if (Math.abs(lm[a + i] - lm[b + i]) * unit > step * (1 + 1e-12)) throw new Error(`landmark ${i}: ${lm[a + i]} and ${lm[b + i]} units a step of ${step} apart (unit ${unit})`);
              }
            }
          }
        }
      }
      expect(freeCells === 0 || placed.every(Boolean), `landmarks placed: ${placed.join(', ')}`).toBe(true);
    }),
    { seed: 20261203, numRuns: 150 },
  );
  // A long open row: distances past 65535 units are clamped, the steps still bounded.
  const w = 70000, pw = w + 2, free = new Uint8Array(pw * 3);
  for (let x = 0; x < w; x++) free[pw + x + 1] = 1;
  const lm = new Uint16Array(w * 8);
  const q = buildLandmarks(lm, 8, 4, free, w, 1, 'always', Math.SQRT2);
  expect(q).toBe(1);
  for (let x = 1; x < w; x++) for (let i = 0; i < LANDMARKS; i++) expect(Math.abs(lm[x * 8 + 4 + i] - lm[(x - 1) * 8 + 4 + i])).toBeLessThanOrEqual(1);
  expect(Math.max(...Array.from({ length: w }, (_, x) => lm[x * 8 + 4]))).toBe(0xffff);
});

test('jps+ landmarks: the search reads their bound (arena2\'s 20 longest rows: fewer than half the expansions of jump point search, whose h is octile alone)', () => {
  // The property above holds the table to consistency, which a bound of 0 keeps too; every
  // answer stays optimal without the bound, so only the work done shows that the search uses it.
  const grid = loadMap('dao/arena2.map'), rows = loadScen('dao/arena2.map.scen').slice(-20);
  const plus = new JpsPlusSearcher(grid), jps = new JumpPointSearcher(grid);
  let withLandmarks = 0, octileOnly = 0;
  for (const r of rows) {
    const a = grid.id(r.startX, r.startY), b = grid.id(r.goalX, r.goalY);
    expect([plus.search(a, b), jps.search(a, b)]).toEqual(['found', 'found']);
    expect(sameCost(plus.cost, jps.cost)).toBe(true);
    withLandmarks += plus.expansions;
    octileOnly += jps.expansions;
  }
  // 732 against 3,787; JPS+ with the bound ignored (octile alone) expands 2,706.
  expect(withLandmarks * 2).toBeLessThan(octileOnly);
});

test('JumpOpenList (the run in front of the heap) pops the least (f, h) at every pop of any sequence of pushes and pops, ties and overflow of the run included', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 4 })), { maxLength: 300 }), (ops) => {
      const open = new JumpOpenList(4);
      const keys: [number, number][] = [];
      const left: [number, number][] = [];
      const popLeast = () => {
        const [f, h] = keys[open.topNode()];
        const least = left.reduce((m, k) => (k[0] < m[0] || (k[0] === m[0] && k[1] < m[1]) ? k : m));
        expect([f, h]).toEqual(least);
        left.splice(left.findIndex((k) => k[0] === f && k[1] === h), 1);
        open.pop();
      };
      // Two pushes to a pop: the run fills and overflows.
      for (const [op, f, h] of ops) {
        if (op > 0 || left.length === 0) {
          keys.push([f, h]);
          left.push([f, h]);
          open.push(keys.length - 1, f, h);
        } else popLeast();
        expect(open.length).toBe(left.length);
      }
      while (left.length > 0) popLeast();
    }),
    { seed: 11, numRuns: 300 },
  );
});
