// GridSearcher (the grid fast path) against the generic engine:
// the loops must agree on cost, expansions, pushes, reopenings and the path itself.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Searcher, Grid, GridSearcher, type GridSearchOptions, InputError, manhattan, octile, zero, type Heuristic, JumpPointSearcher, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority, pathCost } from '#bestfirst';
import { chebyshev, euclidean } from '#bestfirst/grid';
import { gridCase, PROPERTY, randomGrid } from '../../../support/random-grid.js';

import { agree, agreeOne, MODES, Pair, SHAPES } from '../../../support/grid-search-agree.js';


test('GridSearcher takes the grid heuristics as functions, as Searcher does, and answers as Searcher does with the same function', () => {
  fc.assert(
    fc.property(gridCase, fc.constantFrom(...SHAPES), (c, shape) => {
      const { grid, start, goal } = randomGrid(c, shape.options);
      const fast = new GridSearcher(grid), slow = new Searcher(grid);
      const hs: Heuristic[] = [octile(grid), manhattan(grid), chebyshev(grid), zero, octile(grid.with({}))];
      for (const heuristic of hs) {
        for (const priority of [sum(1), sum(2), HEURISTIC_ONLY, COST_TO_COME]) {
          const ss = slow.search(start, goal, { priority, heuristic });
          agreeOne(grid, start, goal, fast, slow, ss, { priority, heuristic });
        }
      }
      // The default is the grid's octile, as the 0.1 name 'octile' was.
      const ss = slow.search(start, goal, { heuristic: octile(grid) });
      agreeOne(grid, start, goal, fast, slow, ss, {});
    }),
    { ...PROPERTY, numRuns: 60 },
  );
});

test('GridSearcher refuses a heuristic it cannot compute inline, and keeps the last answer', () => {
  const grid = Grid.fromAscii(['....', '.#..', '....']);
  const fast = new GridSearcher(grid);
  expect(fast.search(0, 11, { heuristic: manhattan(grid) })).toBe('found');
  const cost = fast.cost;
  for (const heuristic of [euclidean(grid), (n: number, goal: number) => octile(grid)(n, goal)]) {
    expect(() => fast.search(0, 3, { heuristic })).toThrow(InputError);
    expect(() => fast.search(0, 3, { heuristic })).toThrow(/run it with Searcher, which calls it/);
  }
  expect(fast.status).toBe('found');
  expect(fast.cost).toBe(cost);
});

test('reopen: false is not vacuous: grids where weighted A* reopens, and then does not', () => {
  let reopened = 0;
  for (const c of fc.sample(gridCase, { numRuns: 200, seed: PROPERTY.seed })) {
    const { grid, start, goal } = randomGrid(c, {});
    const s = new GridSearcher(grid);
    s.search(start, goal, { priority: sum(3) });
    if (s.reopenings === 0) continue;
    reopened++;
    const found = s.status;
    s.search(start, goal, { priority: sum(3), reopen: false });
    expect(s.reopenings).toBe(0);
    expect(s.status).toBe(found);
  }
  expect(reopened).toBeGreaterThan(0);
});

test('a blocked ring around the goal is unreachable for both, with the same expansions', () => {
  const grid = Grid.fromAscii(['.....', '.###.', '.#.#.', '.###.', '.....']);
  const fast = new Pair(grid), slow = new Searcher(grid);
  agree(grid, 0, grid.id(2, 2), fast, slow, MODES[0]);
  expect(fast.indexed.status).toBe('unreachable');
  expect(fast.indexed.pathInto(new Int32Array(0))).toBe(0);
  expect(fast.indexed.expansions).toBe(16);
});

test('reuse across queries, and after grid.setBlocked or cells + touch() (no refresh() needed)', () => {
  fc.assert(
    fc.property(gridCase, fc.integer({ min: 0, max: 0x7fffffff }), (c, seed) => {
      const { grid, start, goal } = randomGrid({ ...c, width: Math.max(4, c.width), height: Math.max(4, c.height) }, {});
      const fast = new Pair(grid), slow = new Searcher(grid);
      let s = seed;
      const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % grid.size;
      for (let round = 0; round < 6; round++) {
        agree(grid, start, goal, fast, slow, MODES[round % MODES.length]);
        // A second pair in between: stale state from the first must not leak.
        const a = next(), b = next();
        if (!grid.isBlocked(a) && !grid.isBlocked(b)) agree(grid, a, b, fast, slow, MODES[0]);
        const cell = next();
        if (cell === start || cell === goal) continue;
        if (round % 2 === 0) {
          grid.setBlocked(cell, !grid.isBlocked(cell));
        } else {
          grid.cells[cell] = grid.cells[cell] === 0 ? 1 : 0;
          grid.touch([cell]);
        }
      }
    }),
    { ...PROPERTY, numRuns: 100 },
  );
});

test('grid.setBlocked is seen by the next query; refresh() reads a write to cells nobody announced', () => {
  const grid = Grid.fromAscii(['...', '...', '...']);
  const fast = new GridSearcher(grid);
  expect(fast.search(0, 8)).toBe('found');
  expect(fast.cost).toBeCloseTo(2 * Math.SQRT2, 12); // through the centre
  grid.setBlocked(grid.id(1, 1), true);
  fast.search(0, 8);
  expect(fast.cost).toBeCloseTo(4, 12); // round it (it took the blocked centre before the fix)
  // Unsupported (cells says so), but refresh() is the way out of it.
  grid.cells[grid.id(1, 1)] = 0;
  fast.refresh();
  fast.search(0, 8);
  expect(fast.cost).toBeCloseTo(2 * Math.SQRT2, 12);
});

test('pathInto allocates nothing and refuses a short buffer', () => {
  const grid = Grid.fromAscii(['....', '.##.', '....']);
  const fast = new GridSearcher(grid);
  expect(fast.search(0, grid.id(3, 2))).toBe('found');
  const buf = new Int32Array(grid.size);
  const len = fast.pathInto(buf);
  expect(len).toBe(fast.path()!.length);
  expect(() => fast.pathInto(new Int32Array(len - 1))).toThrow(RangeError);
  expect(() => fast.pathInto(new Int32Array(len - 1))).toThrow(/buffer holds/);
});

test('gOf: g of reached cells, Infinity for the rest; a non-cell is refused', () => {
  const grid = Grid.fromAscii(['...#.', '...#.']);
  for (const s of [new GridSearcher(grid)]) {
    s.search(0, 2, { priority: COST_TO_COME, heuristic: zero });
    expect(s.gOf(0)).toBe(0);
    expect(s.gOf(2)).toBe(2);
    expect(s.gOf(4)).toBe(Infinity); // behind the wall
    expect(() => s.gOf(-1)).toThrow(/gOf: n must be a cell id in 0\.\.9 .*got -1/);
    s.search(4, 9);
    expect(s.gOf(0)).toBe(Infinity); // the last query's, not an earlier one's
  }
});

test('start equal to goal: cost 0, one expansion, path of one cell', () => {
  const grid = Grid.fromAscii(['..', '..']);
  const fast = new GridSearcher(grid);
  expect(fast.search(3, 3)).toBe('found');
  expect(fast.cost).toBe(0);
  expect(fast.expansions).toBe(1);
  expect(fast.path()).toEqual([3]);
});

describe('bad input', () => {
  const grid = Grid.fromAscii(['..#', '...']);
  const fast = new GridSearcher(grid);
  test.each([
    ['start outside', () => fast.search(-1, 0), /start must be a cell id in 0\.\.5/],
    ['goal not an integer', () => fast.search(0, 1.5), /goal must be a cell id/],
    ['goal blocked', () => fast.search(0, 2), /goal \(2,0\).*blocked/],
    ['breadth-first', () => fast.search(0, 1, { priority: LINK_LENGTH }), /link-length.*Searcher/],
    ['negative eps', () => fast.search(0, 1, { priority: { kind: 'sum', eps: -1 } }), /eps must be/],
    ['unknown heuristic name', () => fast.search(0, 1, { heuristic: 'euclid' as never }), /heuristic must be octile\(grid\), manhattan\(grid\) or chebyshev\(grid\) of a grid 3 cells wide, or zero .*got "euclid"/],
    ['unknown tie break', () => fast.search(0, 1, { tieBreak: 'lifo' as 'h' }), /tieBreak must be/],
    ['NaN budget', () => fast.search(0, 1, { limits: { maxExpansions: NaN } }), /maxExpansions/],
    ['reopen not a boolean', () => fast.search(0, 1, { reopen: 'no' as unknown as boolean }), /reopen must be true or false/],
    // null is a wrong value, never "not given" (the merge of the fast path's move to grid-search-base.ts read it as the default).
    ['reopen null', () => fast.search(0, 1, { reopen: null as unknown as boolean }), /reopen must be true or false, got null/],
    ['budget a string', () => fast.search(0, 1, { limits: { maxExpansions: '5' as unknown as number } }), /maxExpansions must be a number >= 0, got "5"/],
    ['priority a number', () => fast.search(0, 1, { priority: 1 as unknown as Priority }), /priority must be ASTAR, COST_TO_COME, HEURISTIC_ONLY or sum\(eps\), got 1/],
    ['priority a string', () => fast.search(0, 1, { priority: 'astar' as unknown as Priority }), /priority must be .*got "astar"/],
    ['priority sum without eps', () => fast.search(0, 1, { priority: { kind: 'sum' } as unknown as Priority }), /eps must be a finite number >= 0.*got undefined/],
    ['priority of an unknown kind', () => fast.search(0, 1, { priority: { kind: 'best' } as unknown as Priority }), /unknown priority kind "best"/],
    ['heuristic a function it cannot inline', () => fast.search(0, 1, { heuristic: euclidean(grid) }), /heuristic must be octile\(grid\).*got another function: run it with Searcher, which calls it/],
    ['octile of a grid of another width', () => fast.search(0, 1, { heuristic: octile(Grid.fromAscii(['....'])) }), /got one made for a grid 4 cells wide/],
    ['options not an object', () => fast.search(0, 1, 'fast' as unknown as GridSearchOptions), /GridSearcher: options must be an object, got "fast"/],
    ['pathInto an array', () => fast.pathInto([] as unknown as Int32Array), /pathInto: out must be an Int32Array, got an array of 0/],
    ['not a grid', () => new GridSearcher({ width: 2, height: 2 } as unknown as Grid), /GridSearcher: needs a Grid, got {"width":2,"height":2}/],
    ['priced blocked cells', () => new GridSearcher(grid.with({ blocked: { enterCost: 10 } })), /GridSearcher: needs blocked: 'delete' .*use Searcher for that model/],
  ])('%s', (_name, run, message) => {
    expect(run).toThrow(InputError);
    expect(run).toThrow(message);
  });
  test('the grid searchers word a bad endpoint alike (grid.checkEndpoint)', () => {
    const messages = (s: { search(a: number, b: number): unknown }) => [[2, 0], [0, 2], [-1, 0], [0, 6], [0.5, 0]].map(([a, b]) => {
      try { s.search(a, b); } catch (e) { expect(e).toBeInstanceOf(InputError); return (e as Error).message; }
      return 'no error';
    });
    const expected = messages(new GridSearcher(grid));
    expect(expected[0]).toBe('start (2,0) (x, y from the top) is a blocked cell');
    expect(expected[3]).toBe('goal must be a cell id in 0..5 of the 3 x 2 grid, got 6');
    expect(messages(new JumpPointSearcher(grid))).toEqual(expected);
  });
  test('a refused option changes nothing: the copy is not even caught up', () => {
    const g = Grid.fromAscii(['....', '....']);
    const s = new GridSearcher(g);
    expect(s.search(0, 3)).toBe('found');
    g.setBlocked(1, true);
    expect(() => s.search(0, 3, { limits: { maxExpansions: -1 } })).toThrow(InputError);
    expect(s.cost).toBe(3);
    expect(s.search(0, 3)).toBe('found');
    expect(s.path()).not.toContain(1);
  });
  test('a refused query leaves the last answer readable', () => {
    expect(fast.search(0, 5)).toBe('found');
    const cost = fast.cost;
    expect(() => fast.search(0, 2)).toThrow(RangeError);
    expect(fast.cost).toBe(cost);
  });
});

test('regression: after reopenings the cost is that of the path returned (greedy reported 17 for a path of cost 15)', () => {
  const grid = Grid.fromAscii(['.....', '####.', '#..#.', '..#..', '.....', '..#.#', '##.#.'], { diagonalCost: 3, diagonalRule: 'always' });
  for (const s of [new GridSearcher(grid), new Searcher(grid)]) {
    expect(s.search(20, 0, { priority: HEURISTIC_ONLY, heuristic: octile(grid) })).toBe('found');
    expect(s.reopenings).toBeGreaterThan(0);
    expect(s.cost).toBe(pathCost(grid, s.path()!));
    expect(s.cost).toBe(15);
  }
});
