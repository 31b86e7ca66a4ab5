// The unbounded grid and pathAmong: every input mistake an InputError naming it,
// checked before any search runs.
import { expect, test } from 'vitest';
import { InputError, type XY, KeyedSpace } from '#bestfirst';
import { pathAmong, unboundedGrid } from '#bestfirst/grid';

test.each([
  ['start not a pair', () => pathAmong([0] as unknown as XY, [1, 1], []), /start must be a pair of integers \[x, y\] .* got \[0\]/],
  ['goal a string', () => pathAmong([0, 0], '1,1' as unknown as XY, []), /goal must be a pair of integers .* got "1,1"/],
  ['goal on an obstacle', () => pathAmong([0, 0], [3, 0], [[3, 0]]), /goal \[3,0\] is an obstacle/],
  ['start on an obstacle', () => pathAmong([3, 0], [0, 0], [[3, 0]]), /start \[3,0\] is an obstacle/],
  ['obstacles null', () => pathAmong([0, 0], [1, 1], null as unknown as XY[]), /pathAmong: obstacles must be an iterable of \[x, y\] pairs .* got null/],
  ['obstacles a number', () => unboundedGrid(5 as unknown as XY[]), /unboundedGrid: obstacles must be an iterable .* got 5/],
  ['an obstacle not a pair', () => unboundedGrid([[0, 0], [1]] as unknown as XY[]), /obstacle 1 must be a pair of integers/],
  ['diagonalCost a string', () => pathAmong([0, 0], [1, 1], [], { diagonalCost: '1.4' as unknown as number }), /pathAmong: diagonalCost must be a finite number > 0, got "1\.4"/],
  ['diagonalCost 0', () => unboundedGrid([], { diagonalCost: 0 }), /unboundedGrid: diagonalCost must be a finite number > 0, got 0/],
  ['connectivity a string', () => unboundedGrid([], { connectivity: '8' as unknown as 8 }), /connectivity must be 4 or 8, got "8"/],
  ['an unknown rule', () => unboundedGrid([], { diagonalRule: 'sometimes' as 'always' }), /diagonalRule must be one of always, never, no-corner-cutting, at-most-one-blocked, got sometimes/],
  ['maxExpansions a string', () => pathAmong([0, 0], [1, 1], [], { limits: { maxExpansions: '5' as unknown as number } }), /pathAmong: limits.maxExpansions must be a number >= 0, got "5"/],
  ['options null', () => pathAmong([0, 0], [1, 1], [], null as unknown as object), /pathAmong: options must be an object, got null/],
  ['an unbounded grid\'s id of a cell not a pair of integers', () => unboundedGrid([]).id([0.5, 0]), /unboundedGrid: id: key must be a pair of integers \[x, y\] .* got \[0\.5,0\]/],
  ['an unbounded grid\'s peek of a cell beyond 2^25', () => unboundedGrid([]).peek([2 ** 25, 0]), /unboundedGrid: peek: key must be a pair of integers .* 2\^25/],
  ['KeyedSpace maxDegree 0', () => new KeyedSpace<number>(() => {}, (k) => k, 0), /KeyedSpace: maxDegree must be an integer >= 1, got 0/],
  ['KeyedSpace without neighbours', () => new KeyedSpace<number>(undefined as unknown as () => void, (k) => k), /KeyedSpace: neighbours must be a function/],
])('%s', (_name, run, message) => {
  expect(run).toThrow(InputError);
  expect(run).toThrow(message);
});

test('the unbounded grid reads the diagonal rule the bounded grid reads (grid.diagonalOpen)', () => {
  // One blocked side cell: cutting the corner is fine under at-most-one-blocked, not under no-corner-cutting.
  const obstacles: XY[] = [[1, 0]];
  const cost = (diagonalRule: 'no-corner-cutting' | 'at-most-one-blocked' | 'always' | 'never') => pathAmong([0, 0], [1, 1], obstacles, { diagonalRule }).cost;
  expect(cost('always')).toBe(Math.SQRT2);
  expect(cost('at-most-one-blocked')).toBe(Math.SQRT2);
  expect(cost('no-corner-cutting')).toBe(2);
  expect(cost('never')).toBe(2);
  // Both side cells blocked: only always squeezes through.
  const both: XY[] = [[1, 0], [0, 1]];
  expect(pathAmong([0, 0], [1, 1], both, { diagonalRule: 'always' }).cost).toBe(Math.SQRT2);
  // at-most-one-blocked goes round by three diagonals, each with one free side cell.
  expect(pathAmong([0, 0], [1, 1], both, { diagonalRule: 'at-most-one-blocked' }).cost).toBeCloseTo(3 * Math.SQRT2, 12);
  expect(pathAmong([0, 0], [1, 1], both, { diagonalRule: 'no-corner-cutting' }).cost).toBe(6); // six axial steps round the corner
});

test('the unbounded grid: a cell\'s successors are its free neighbours under the rule, each key the cell it names, far from 0 too', () => {
  // Around (x, y) with obstacles east and north-east: the other six neighbours, in the grid's direction order.
  for (const [x, y] of [[0, 0], [-7, 3], [2 ** 25 - 2, -(2 ** 25) + 2]] as XY[]) {
    const space = unboundedGrid([[x + 1, y], [x + 1, y + 1]], { diagonalRule: 'always' });
    const n = space.id([x, y]);
    expect(space.peek([x, y])).toBe(n);
    expect(space.peek([x - 1, y])).toBe(-1); // not met yet
    const nodes = new Int32Array(8), costs = new Float64Array(8);
    const deg = space.successors(n, nodes, costs);
    const got = Array.from(nodes.subarray(0, deg), (m, i) => [...space.key(m), costs[i]]);
    expect(got).toEqual([[x, y + 1, 1], [x - 1, y, 1], [x, y - 1, 1], [x - 1, y + 1, Math.SQRT2], [x - 1, y - 1, Math.SQRT2], [x + 1, y - 1, Math.SQRT2]]);
    for (let m = 0; m < space.size; m++) expect(space.id(space.key(m))).toBe(m);
    expect(space.size).toBe(7);
  }
});
