// The Grid's inputs: everything a caller can get wrong is refused with an
// InputError that names it, before anything changes; and the conveniences
// fromMatrix and points.
import { describe, expect, test } from 'vitest';
import { InputError, Grid, type GridOptions, GridSearcher, JumpPointSearcher } from '#bestfirst';
import { MAX_GRID_CELLS } from '#bestfirst/grid';
import { allocate } from '#bestfirst/internal';

/** Asserts that `run` throws an InputError whose message matches. */
function refuses(run: () => unknown, message: RegExp): void {
  expect(run).toThrow(InputError);
  expect(run).toThrow(message);
}

describe('setBlocked and isBlocked check the cell', () => {
  test('regression: setBlocked(99) and setBlocked(-1) on a 3 x 2 grid were accepted and bumped version', () => {
    const grid = new Grid(3, 2);
    refuses(() => grid.setBlocked(99, true), /setBlocked: cell must be an id in 0\.\.5 of the 3 x 2 grid, got 99/);
    refuses(() => grid.setBlocked(-1, true), /got -1/);
    refuses(() => grid.setBlocked(1.5, true), /got 1\.5/);
    refuses(() => grid.setBlocked('2' as unknown as number, true), /got "2"/);
    refuses(() => grid.setBlocked(2, undefined as unknown as boolean), /blocked must be true or false, got undefined/);
    expect(grid.version).toBe(0);
    expect(Array.from(grid.cells)).toEqual([0, 0, 0, 0, 0, 0]);
  });
  test('isBlocked: a query, but a cell outside the grid is a mistake too', () => {
    const grid = Grid.fromAscii(['.#.']);
    expect(grid.isBlocked(1)).toBe(true);
    expect(grid.isBlocked(2)).toBe(false);
    refuses(() => grid.isBlocked(3), /isBlocked: cell must be an id in 0\.\.2 of the 3 x 1 grid, got 3/);
    refuses(() => grid.isBlocked(Number.NaN), /got NaN/);
  });
  test('id and idColRow outside the grid', () => {
    const grid = new Grid(3, 2);
    refuses(() => grid.id(3, 0), /\(x=3, y=0\) is outside the 3 x 2 grid/);
    refuses(() => grid.idColRow(1, 3), /\(col=1, row=3\) is outside the grid/);
  });
});

describe('Grid.fromAscii: blank lines', () => {
  test('regression: a blank line between rows was dropped, losing a row silently', () => {
    refuses(() => Grid.fromAscii('...\n\n.#.\n'), /Grid\.fromAscii: row 2 \(line 2 of the string\) is blank; rows must follow each other/);
    refuses(() => Grid.fromAscii('\n...\n...\n   \n.#.'), /row 3 \(line 4 of the string\) is blank/);
  });
  test('blank lines before the first row and after the last are ignored (a template literal on its own lines)', () => {
    const grid = Grid.fromAscii(`
..#
...
`);
    expect(grid.toAscii()).toEqual(['..#', '...']);
    expect(Grid.fromAscii('..#\r\n...\r\n').toAscii()).toEqual(['..#', '...']);
    expect(Grid.fromAscii('\n\n..#\n...\n  \n').height).toBe(2);
    refuses(() => Grid.fromAscii('\n \n'), /no rows given/);
  });
  test('array rows: each a non-empty string', () => {
    refuses(() => Grid.fromAscii(['...', '']), /Grid\.fromAscii: row 2 is empty/);
    refuses(() => Grid.fromAscii(['', '...']), /row 1 is empty/);
    refuses(() => Grid.fromAscii(['...', 3 as unknown as string]), /row 2 is 3, expected a string of '#' and '\.'/);
    refuses(() => Grid.fromAscii(5 as unknown as string), /rows must be a string or an array of strings, got 5/);
  });
});

describe('size guards fail fast, naming the limit', () => {
  test('more cells than int32 ids can name', () => {
    refuses(() => new Grid(46341, 46341), /Grid: 46341 x 46341 has more cells than node ids can name \(2\^31 - 1\)/);
    expect(MAX_GRID_CELLS).toBe(2 ** 31 - 1);
  });
  // Grids this large would allocate gigabytes; the searchers refuse them before
  // allocating anything, so a Grid-shaped object without cells shows it.
  const fake = (width: number, height: number): Grid => Object.assign(Object.create(Grid.prototype) as Grid, {
    width, height, size: width * height, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost: Math.SQRT2, cellSize: 1, enterCost: -1, wts: null,
  });
  test('JPS pads the grid by one cell all round: the padded size must fit too', () => {
    refuses(() => new JumpPointSearcher(fake(46339, 46339)), /JumpPointSearcher: the 46339 x 46339 grid is too large to pad: \(width \+ 2\) \* \(height \+ 2\) must be at most 2\^31 - 1 \(int32 ids\), got 2147488281/);
  });
  test('the grid searchers keep int32 state per cell with a little headroom', () => {
    refuses(() => new GridSearcher(fake(MAX_GRID_CELLS, 1)), /GridSearcher: the 2147483647 x 1 grid has 2147483647 cells; at most 2147483392 fit/);
  });
  test('an allocation the engine refuses becomes one line saying who needed how much', () => {
    const fail = () => { throw new RangeError('Array buffer allocation failed'); };
    refuses(() => allocate(fail, 'GridSearcher: the 46341 x 46340 grid (14 bytes a cell)', 46341 * 46340 * 14), /GridSearcher: the 46341 x 46340 grid \(14 bytes a cell\) needs 28\.0 GiB and the JavaScript engine refused to allocate it \(Array buffer allocation failed\)/);
    // Anything but a RangeError is not about size and passes through.
    expect(() => allocate(() => { throw new TypeError('x'); }, 'who', 1)).toThrow(TypeError);
    expect(allocate(() => 7, 'who', 1)).toBe(7);
  });
});

describe('wrong types are InputErrors, not TypeErrors', () => {
  test.each([
    ['cells null', () => new Grid(2, 2, null as unknown as number[]), /Grid: cells must be an array or typed array of 4 numbers .* got null/],
    ['cells a string', () => new Grid(2, 2, '0000' as unknown as number[]), /cells must be an array .* got "0000"/],
    ['cells a number', () => new Grid(2, 2, 4 as unknown as number[]), /got 4/],
    ['a cell a string', () => new Grid(2, 2, [0, '1', 0, 0] as unknown as number[]), /Grid: cells\[1\] is "1", expected a number \(0 free, nonzero blocked\) or a boolean/],
    ['a cell NaN', () => new Grid(2, 2, new Float64Array([0, 0, Number.NaN, 0])), /cells\[2\] is NaN/],
    ['cells too short', () => new Grid(2, 2, [0, 0, 0]), /cells has length 3, expected width \* height = 4/],
    ['width a string', () => new Grid('2' as unknown as number, 2), /width and height must be integers >= 1, got "2" x 2/],
    ['options null', () => new Grid(2, 2, undefined, null as unknown as GridOptions), /Grid: options must be an object, got null/],
    ['options a string', () => new Grid(2, 2, undefined, 'fast' as unknown as GridOptions), /options must be an object, got "fast"/],
    ['an unknown option', () => new Grid(2, 2, undefined, { diagonal: 1.4 } as unknown as GridOptions), /Grid: unknown option "diagonal"; the options are connectivity, diagonalRule, diagonalCost, cellSize, blocked/],
    ['connectivity a string', () => new Grid(2, 2, undefined, { connectivity: '8' as unknown as 8 }), /connectivity must be 4 or 8, got "8"/],
    ['diagonalCost a string', () => new Grid(2, 2, undefined, { diagonalCost: '1.4' as unknown as number }), /diagonalCost must be a finite number > 0, got "1\.4"/],
    ['diagonalRule a number', () => new Grid(2, 2, undefined, { diagonalRule: 3 as unknown as 'always' }), /diagonalRule must be one of .* got 3/],
    ['enterCost a string', () => new Grid(2, 2, undefined, { blocked: { enterCost: '5' as unknown as number } }), /blocked must be 'delete' or \{ enterCost: finite number >= 0 \}, got \{ enterCost: "5" \}/],
    ['blocked a word', () => new Grid(2, 2, undefined, { blocked: 'keep' as unknown as 'delete' }), /blocked must be .* got "keep"/],
    ['with(null)', () => new Grid(2, 2).with(null as unknown as GridOptions), /Grid\.with: options must be an object, got null/],
  ])('%s', (_name, run, message) => refuses(run, message));

  test('cells may be numbers (nonzero blocked), booleans or a typed array', () => {
    expect(new Grid(2, 2, [0, 1, 255, 0]).toAscii()).toEqual(['.#', '#.']);
    expect(new Grid(2, 2, [false, true, false, false]).toAscii()).toEqual(['.#', '..']);
    expect(new Grid(2, 2, Uint8Array.of(0, 0, 7, 0)).toAscii()).toEqual(['..', '#.']);
  });
});

describe('Grid.fromMatrix', () => {
  test('1 or true blocked, 0 or false free, top row first', () => {
    const grid = Grid.fromMatrix([
      [0, 0, 1],
      [false, true, false],
    ], { connectivity: 4 });
    expect(grid.toAscii()).toEqual(['..#', '.#.']);
    expect(grid.connectivity).toBe(4);
  });
  test.each([
    ['no rows', () => Grid.fromMatrix([]), /Grid\.fromMatrix: no rows given/],
    ['an empty first row', () => Grid.fromMatrix([[], []]), /row 1 is empty/],
    ['ragged rows', () => Grid.fromMatrix([[0, 0], [0, 0], [0]]), /Grid\.fromMatrix: row 3 has 1 cells, expected 2 \(the length of row 1\)/],
    ['a 2', () => Grid.fromMatrix([[0, 0], [0, 2]]), /Grid\.fromMatrix: row 2, column 2 \(rows\[1\]\[1\]\) is 2, expected 1 or true \(blocked\), 0 or false \(free\)/],
    ['a string', () => Grid.fromMatrix([['#', 0]] as unknown as number[][]), /row 1, column 1 \(rows\[0\]\[0\]\) is "#"/],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the input under test
    ['a hole', () => Grid.fromMatrix([[0, , 0]] as unknown as number[][]), /row 1, column 2 \(rows\[0\]\[1\]\) is undefined/],
    ['a row not an array', () => Grid.fromMatrix([[0], '0'] as unknown as number[][]), /row 2 is "0", expected an array/],
    ['not an array', () => Grid.fromMatrix('01' as unknown as number[][]), /rows must be an array of rows, got "01"/],
  ])('%s', (_name, run, message) => refuses(run, message));
});

describe('grid.points', () => {
  const grid = new Grid(4, 3);
  test('ids to [x, y], y from the top, from an array or a pathInto buffer with its length', () => {
    expect(grid.points([0, 5, 10, 11])).toEqual([[0, 0], [1, 1], [2, 2], [3, 2]]);
    const buf = new Int32Array(12);
    const s = new GridSearcher(grid);
    s.search(grid.id(0, 2), grid.id(3, 0));
    const len = s.pathInto(buf);
    expect(grid.points(buf, len)).toEqual(s.path()!.map((n) => [grid.x(n), grid.y(n)]));
    expect(grid.points(buf, len)[0]).toEqual([0, 2]);
    expect(grid.points(buf, 0)).toEqual([]);
  });
  test.each([
    ['an id outside', () => grid.points([0, 12]), /points: path\[1\] must be a cell id in 0\.\.11 of the 4 x 3 grid, got 12/],
    ['a length past the buffer', () => grid.points(new Int32Array(2), 3), /points: length must be an integer in 0\.\.2 \(the path's length\), got 3/],
    ['not a path', () => grid.points(null as unknown as number[]), /points: path must be an array or Int32Array of cell ids, got null/],
  ])('%s', (_name, run, message) => refuses(run, message));
});
