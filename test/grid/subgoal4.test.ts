import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid, InputError, SubgoalSearcher4 } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';

// --- the reference: plain breadth-first search, written here -----------------------

/** Steps from `from` to every cell (4 neighbours, free cells only); -1 where unreachable. */
function bfsSteps(grid: Grid, from: number): Int32Array {
  const w = grid.width, h = grid.height, d = new Int32Array(grid.size).fill(-1), queue = new Int32Array(grid.size);
  let head = 0, tail = 0;
  d[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++], x = c % w, y = (c - x) / w;
    const next = [x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < h - 1 ? c + w : -1];
    for (const n of next) {
      if (n >= 0 && grid.cells[n] === 0 && d[n] < 0) { d[n] = d[c] + 1; queue[tail++] = n; }
    }
  }
  return d;
}

/** Checks a path on its own: starts and ends right, consecutive cells 4-adjacent, all free. Returns its steps or what is wrong. */
function walk(grid: Grid, path: ArrayLike<number>, len: number, start: number, goal: number): number | string {
  const w = grid.width;
  if (path[0] !== start) return `starts at ${path[0]}, not ${start}`;
  if (path[len - 1] !== goal) return `ends at ${path[len - 1]}, not ${goal}`;
  for (let i = 0; i < len; i++) if (grid.cells[path[i]] !== 0) return `cell ${i} (${path[i]}) is blocked`;
  for (let i = 1; i < len; i++) {
    const a = path[i - 1], b = path[i];
    const dx = Math.abs((b % w) - (a % w)), dy = Math.abs(Math.floor(b / w) - Math.floor(a / w));
    if (dx + dy !== 1) return `step ${i} ${a}->${b} is not a 4-neighbour step`;
  }
  return len - 1;
}

/** Every query from `starts` to every free cell, against breadth-first search. */
function agreeWithBfs(grid: Grid, s: SubgoalSearcher4, starts: readonly number[], where: string): void {
  const buf = new Int32Array(grid.size);
  for (const from of starts) {
    if (grid.cells[from] !== 0) continue;
    const d = bfsSteps(grid, from);
    for (let to = 0; to < grid.size; to++) {
      if (grid.cells[to] !== 0) continue;
      const status = s.search(from, to);
      const at = `${where}: ${grid.formatXY(from)} -> ${grid.formatXY(to)}`;
      if (d[to] < 0) { expect(status, at).toBe('unreachable'); expect(s.pathInto(buf), at).toBe(0); continue; }
      expect(status, at).toBe('found');
      expect(s.cost, at).toBe(d[to] * grid.cellSize === d[to] ? d[to] : s.cost);
      expect(s.cost, at).toBeCloseTo(d[to] * grid.cellSize, 9);
      const len = s.pathInto(buf);
      expect(walk(grid, buf, len, from, to), at).toBe(d[to]);
    }
  }
}

// --- random grids ----------------------------------------------------------------------

const caseArb = fc.record({
  width: fc.integer({ min: 1, max: 24 }),
  height: fc.integer({ min: 1, max: 24 }),
  density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  // Blocks of obstacles (rooms, bars) make corners that single cells rarely do.
  blocks: fc.integer({ min: 0, max: 6 }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
});

function randomGrid(c: { width: number; height: number; density: number; blocks: number; seed: number }, cellSize = 1): Grid {
  const next = mulberry32(c.seed);
  const cells = new Uint8Array(c.width * c.height);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
  for (let b = 0; b < c.blocks; b++) {
    const x0 = Math.floor(next() * c.width), y0 = Math.floor(next() * c.height);
    const bw = 1 + Math.floor(next() * 6), bh = 1 + Math.floor(next() * 6);
    for (let y = y0; y < Math.min(c.height, y0 + bh); y++) for (let x = x0; x < Math.min(c.width, x0 + bw); x++) cells[y * c.width + x] = 1;
  }
  return new Grid(c.width, c.height, cells, { connectivity: 4, cellSize });
}

test('subgoal4: every pair from 3 starts on 300 seeded random grids has the cost of breadth-first search, and a legal path of that length', () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const grid = randomGrid(c);
      const s = new SubgoalSearcher4(grid);
      const next = mulberry32(c.seed ^ 0x5bd1e995);
      const starts = [0, 1, 2].map(() => Math.floor(next() * grid.size));
      agreeWithBfs(grid, s, starts, JSON.stringify(c));
    }),
    { numRuns: 300, seed: 20261202 },
  );
});

test('subgoal4: cellSize scales the cost, added step by step as Dijkstra adds it', () => {
  const grid = Grid.fromAscii(['.....', '.###.', '.#...', '.#.#.', '...#.'], { connectivity: 4, cellSize: 0.1 });
  const s = new SubgoalSearcher4(grid);
  expect(s.search(grid.id(0, 0), grid.id(2, 2))).toBe('found');
  let c = 0;
  for (let i = 0; i < 8; i++) c += 0.1;
  expect(s.cost).toBe(c);
});

// --- edits -------------------------------------------------------------------------------

test('subgoal4: after setBlocked, touch(cells) and touch(), the next query rebuilds and agrees with breadth-first search', () => {
  const next = mulberry32(77);
  const grid = randomGrid({ width: 18, height: 14, density: 0.2, blocks: 3, seed: 5 });
  const s = new SubgoalSearcher4(grid);
  expect(s.builds).toBe(1);
  const free = () => { for (;;) { const c = Math.floor(next() * grid.size); if (grid.cells[c] === 0) return c; } };
  for (let round = 0; round < 12; round++) {
    const c = Math.floor(next() * grid.size);
    if (round % 3 === 0) grid.setBlocked(c, grid.cells[c] === 0);
    else if (round % 3 === 1) { grid.cells[c] ^= 1; grid.touch([c]); }
    else { grid.cells[c] ^= 1; grid.touch(); }
    agreeWithBfs(grid, s, [free(), free()], `round ${round}`);
    expect(s.builds).toBe(round + 2);
  }
});

test('subgoal4: a wall closed between two queries is never crossed by a stale graph', () => {
  const grid = Grid.fromAscii(['.....', '..#..', '..#..', '.....'], { connectivity: 4 });
  const s = new SubgoalSearcher4(grid);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
  expect(s.cost).toBe(6);
  grid.setBlocked(grid.id(2, 0), true);
  grid.setBlocked(grid.id(2, 3), true);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('unreachable');
  grid.setBlocked(grid.id(2, 3), false);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
  expect(s.cost).toBe(8);
});

// --- the contract and bad input ---------------------------------------------------------

test('subgoal4: refuses what it cannot answer exactly, with an InputError', () => {
  expect(() => new SubgoalSearcher4(Grid.fromAscii(['...']))).toThrow(/4-connected/);
  expect(() => new SubgoalSearcher4(Grid.fromAscii(['...'], { connectivity: 4, blocked: { enterCost: 5 } }))).toThrow(InputError);
  expect(() => new SubgoalSearcher4(new Grid(3, 1, undefined, { connectivity: 4, weights: [1, 2, 1] }))).toThrow(/weights/);
  expect(() => new SubgoalSearcher4({} as Grid)).toThrow(InputError);
  const grid = Grid.fromAscii(['..#', '...'], { connectivity: 4 });
  const s = new SubgoalSearcher4(grid);
  expect(() => s.search(2, 0)).toThrow(/blocked/);
  expect(() => s.search(0, 99)).toThrow(InputError);
  expect(() => s.search(0, 1, { maxExpansion: 3 } as never)).toThrow(/unknown option/);
  expect(() => s.search(0, 1, { maxExpansions: -1 })).toThrow(InputError);
  expect(() => s.pathInto([] as never)).toThrow(InputError);
  grid.setWeight(0, 2);
  expect(() => s.search(0, 1)).toThrow(/weights/);
});

test('subgoal4: a budget of expansions ends in step-limit; start = goal costs 0', () => {
  const grid = Grid.fromAscii(['.......', '.#####.', '.#...#.', '.#.#.#.', '...#...'], { connectivity: 4 });
  const s = new SubgoalSearcher4(grid);
  expect(s.search(grid.id(2, 4), grid.id(4, 4), { maxExpansions: 0 })).toBe('step-limit');
  expect(s.cost).toBe(Infinity);
  expect(s.path()).toBeNull();
  expect(s.search(grid.id(2, 4), grid.id(4, 4))).toBe('found');
  expect(s.search(grid.id(3, 2), grid.id(3, 2))).toBe('found');
  expect(s.cost).toBe(0);
  expect(s.path()).toEqual([grid.id(3, 2)]);
  expect(s.result().linkLength).toBe(0);
});
