// bestfirst/lite's one call against GridSearcher (the same loop, generated from
// one template: the answers must match bit for bit) and against an independent
// reference Dijkstra (the cost), on seeded random grids under every movement
// rule; and its refusals.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Grid, GridSearcher, InputError, type DiagonalRule } from '#bestfirst';
import { DIAGONAL_RULES } from '#bestfirst/grid';
import { findGridPath, type LiteOptions } from '#bestfirst/lite';
import { blockCase, PROPERTY } from '../../../support/random-grid.js';
import { referenceCost, walkPath } from '../../../support/reference.js';
import { mulberry32 } from '#bestfirst/internal';

const rules = fc.record({
  connectivity: fc.constantFrom<4 | 8>(4, 8),
  diagonalRule: fc.constantFrom<DiagonalRule>(...DIAGONAL_RULES),
  diagonalCost: fc.constantFrom(Math.SQRT2, 1.4, 1, 1.7, 2.5, 0.6),
});

describe('findGridPath (bestfirst/lite)', () => {
  test('equals GridSearcher bit for bit (status, cost, cells, expansions) and the reference cost, on 200 seeded grids x every rule', () => {
    fc.assert(fc.property(blockCase(24), rules, fc.integer({ min: 0, max: 0x7fffffff }), (c, options: LiteOptions, seed) => {
      const next = mulberry32(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const pick = mulberry32(seed);
      const start = Math.floor(pick() * cells.length), goal = Math.floor(pick() * cells.length);
      cells[start] = 0; cells[goal] = 0;
      const grid = new Grid(c.width, c.height, cells, options);
      const s = new GridSearcher(grid);
      const status = s.search(start, goal);
      const xy = (n: number) => [n % c.width, Math.floor(n / c.width)] as [number, number];
      const lite = findGridPath({ width: c.width, height: c.height, cells }, xy(start), xy(goal), options);
      expect(lite.status).toBe(status);
      expect(lite.expansions).toBe(s.expansions);
      expect(lite.cost).toBe(s.cost);
      const want = referenceCost(grid, start, goal);
      if (lite.status === 'found') {
        expect(lite.points).toEqual(grid.points(s.path()!));
        // The cells walked on the grid cost what the call says, and the reference agrees it is the least.
        const walked = walkPath(grid, lite.points.map(([x, y]) => grid.id(x, y)), start, goal, 'findGridPath');
        expect(Math.abs(walked - lite.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, walked));
        expect(Math.abs(want - lite.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, want));
      } else {
        expect(lite.points).toBeNull();
        expect(want).toBe(Infinity);
      }
    }), PROPERTY);
  });

  test('rows of text read as Grid.fromAscii reads them', () => {
    const rows = ['..#.', '..#.', '....'];
    const r = findGridPath(rows, [0, 0], [3, 0]);
    expect(r.status).toBe('found');
    // No corner cutting by default: round the wall's foot square, not across its corner.
    expect(r.points).toEqual([[0, 0], [1, 1], [1, 2], [2, 2], [3, 2], [3, 1], [3, 0]]);
    const grid = Grid.fromAscii(rows), s = new GridSearcher(grid);
    s.search(grid.id(0, 0), grid.id(3, 0));
    expect(r.cost).toBe(s.cost);
    // A wall from top to bottom: every cell on the start's side expanded once, then no path.
    expect(findGridPath(['..#.', '..#.', '..#.'], [0, 0], [3, 0])).toEqual({ status: 'unreachable', points: null, cost: Infinity, expansions: 6 });
  });

  test.each([
    ['no rows', () => findGridPath([], [0, 0], [0, 0]), 'findGridPath: the map has no rows'],
    ['a short row', () => findGridPath(['..', '.'], [0, 0], [1, 0]), 'findGridPath: row 2 of the map is "."; rows must be strings'],
    ['a stray character', () => findGridPath(['.x'], [0, 0], [1, 0]), 'row 1, column 2 of the map is "x"'],
    ['options that are an array', () => findGridPath(['..'], [0, 0], [1, 0], [] as never), 'findGridPath: options must be an object, got an array of 0'],
    ['a goal outside', () => findGridPath(['..'], [0, 0], [2, 0]), 'to [2, 0] is outside the 2 x 1 map'],
    ['a blocked goal', () => findGridPath(['.#'], [0, 0], [1, 0]), 'to [1, 0] is a blocked cell'],
    ['a start that is no cell', () => findGridPath(['..'], [0.5, 0] as never, [1, 0]), 'from must be a cell [x, y] of whole numbers, got an array of 2'],
    ['an unknown option', () => findGridPath(['..'], [0, 0], [1, 0], { foo: 1 } as never), 'unknown option "foo"; the options are connectivity, diagonalRule, diagonalCost'],
    ['a bad connectivity', () => findGridPath(['..'], [0, 0], [1, 0], { connectivity: 6 as never }), 'connectivity must be 4 or 8, got 6'],
    ['a bad rule', () => findGridPath(['..'], [0, 0], [1, 0], { diagonalRule: 'sometimes' as never }), 'diagonalRule must be one of always, never, no-corner-cutting, at-most-one-blocked, got "sometimes"'],
    ['a bad diagonal cost', () => findGridPath(['..'], [0, 0], [1, 0], { diagonalCost: 0 }), 'diagonalCost must be a finite number > 0, got 0'],
    ['an infinite diagonal cost', () => findGridPath(['..'], [0, 0], [1, 0], { diagonalCost: Infinity }), 'diagonalCost must be a finite number > 0, got Infinity'],
    ['cells of the wrong count', () => findGridPath({ width: 2, height: 2, cells: [0, 0, 0] }, [0, 0], [1, 0]), 'map.cells must hold width * height = 4 cells, got 3 cells'],
    ['a cell that is neither', () => findGridPath({ width: 2, height: 1, cells: [0, 2] }, [0, 0], [1, 0]), 'map.cells[1] is 2; a cell is 0 or false (free), 1 or true (blocked)'],
    ['a bad width', () => findGridPath({ width: 0, height: 1, cells: [] }, [0, 0], [1, 0]), 'map.width must be a whole number >= 1, got 0'],
    ['no map', () => findGridPath(null as never, [0, 0], [1, 0]), 'map must be rows of text or { width, height, cells }, got null'],
  ])('refuses %s with an InputError that says what is allowed', (_, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(message);
  });
});
