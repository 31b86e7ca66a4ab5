import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { SubgoalSearcher4 } from '#bestfirst/grid';
import { mulberry32 } from '#bestfirst/internal';
import { bfsSteps, walk4 } from '../../../support/grid4-reference.js';
import { blockCase, blockGrid, wallsWithGaps, type BlockCase } from '../../../support/random-grid.js';
import { expectPathAsAnsweredAfterEdit } from '../../../support/path-after-edit.js';
import { expectExactBudget } from '../../../support/exact-budget.js';


/** Every query from `starts` to every free cell, against breadth-first search. */
function agreeWithBfs(grid: Grid, s: SubgoalSearcher4, starts: readonly number[], where: string): void {
  const buf = new Int32Array(grid.size);
  for (const from of starts) {
    if (grid.cells[from] !== 0) continue;
    const d = bfsSteps(grid, from);
    for (let to = 0; to < grid.size; to++) {
      if (grid.cells[to] !== 0) continue;
      const status = s.search(from, to);
      const len = s.pathInto(buf);
      // Plain comparisons first (expect per pair is slow); the expects say what is wrong when one fails.
      if (d[to] < 0 ? status === 'unreachable' && len === 0 : status === 'found' && s.cost === d[to] * grid.cellSize && walk4(grid, buf, len, from, to) === d[to]) continue;
      const at = `${where}: ${grid.formatXY(from)} -> ${grid.formatXY(to)}`;
      expect({ status, cost: s.cost, walked: len > 0 ? walk4(grid, buf, len, from, to) : null }, at).toEqual(
        d[to] < 0 ? { status: 'unreachable', cost: Infinity, walked: null } : { status: 'found', cost: d[to] * grid.cellSize, walked: d[to] });
    }
  }
}

// --- random grids ----------------------------------------------------------------------

const caseArb = blockCase(24);

function randomGrid(c: BlockCase, cellSize = 1): Grid {
  return blockGrid(c, { connectivity: 4, cellSize });
}

test('subgoal4: every pair from 3 starts on 150 seeded random grids has the cost of breadth-first search, and a legal path of that length', () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const grid = randomGrid(c);
      const s = new SubgoalSearcher4(grid);
      const next = mulberry32(c.seed ^ 0x5bd1e995);
      const starts = [0, 1, 2].map(() => Math.floor(next() * grid.size));
      agreeWithBfs(grid, s, starts, JSON.stringify(c));
    }),
    { numRuns: 150, seed: 20261202 },
  );
});

test('subgoal4: on 60 seeded mazes of walls with gaps (detours Manhattan cannot see), every pair from 2 starts has the cost of breadth-first search', () => {
  fc.assert(
    fc.property(fc.record({ width: fc.integer({ min: 5, max: 30 }), height: fc.integer({ min: 5, max: 30 }), seed: fc.integer({ min: 0, max: 0x7fffffff }) }), (c) => {
      const next = mulberry32(c.seed);
      const grid = wallsWithGaps(c.width, c.height, next, { connectivity: 4 });
      const s = new SubgoalSearcher4(grid);
      agreeWithBfs(grid, s, [Math.floor(next() * grid.size), Math.floor(next() * grid.size)], JSON.stringify(c));
    }),
    { numRuns: 60, seed: 20261203 },
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

test('subgoal4: after an edit the last answer\'s path reads exactly as it was answered (never an internal error)', () => {
  const grid = Grid.fromAscii(['.....', '..#..', '..#..', '.....'], { connectivity: 4 });
  const s = new SubgoalSearcher4(grid);
  // Block every cell the path runs through between its ends: the answer stands until the next query.
  expectPathAsAnsweredAfterEdit(grid, s, grid.id(0, 1), grid.id(4, 1), (path) => { for (const c of path.slice(1, -1)) grid.setBlocked(c, true); });
  expect([s.cost, s.builds]).toEqual([6, 1]);
  // The next query answers the grid as it is now.
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
  expect([s.cost, s.builds]).toEqual([8, 2]);
  expect(s.path()!.every((c) => grid.cells[c] === 0)).toBe(true);
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
  expect(() => s.search(0, 1, { limits: { maxExpansions: -1 } })).toThrow(InputError);
  expect(() => s.pathInto([] as never)).toThrow(InputError);
  grid.setWeight(0, 2);
  expect(() => s.search(0, 1)).toThrow(/weights/);
});

test('subgoal4: a budget of expansions ends in step-limit; start = goal costs 0', () => {
  const grid = Grid.fromAscii(['.......', '.#####.', '.#...#.', '.#.#.#.', '...#...'], { connectivity: 4 });
  const s = new SubgoalSearcher4(grid);
  expect(s.search(grid.id(2, 4), grid.id(4, 4), { limits: { maxExpansions: 0 } })).toBe('stopped');
  expect(s.cost).toBe(Infinity);
  expect(s.path()).toBeNull();
  expect(s.search(grid.id(2, 4), grid.id(4, 4))).toBe('found');
  expectExactBudget(s, grid.id(2, 4), grid.id(4, 4), 'subgoal4');
  expect(s.search(grid.id(3, 2), grid.id(3, 2))).toBe('found');
  expect(s.cost).toBe(0);
  expect(s.path()).toEqual([grid.id(3, 2)]);
  expect(s.result().linkLength).toBe(0);
});
