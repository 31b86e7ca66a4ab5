// NumberIds, the number-to-id table behind KeyedSpace's numeric hashes: it must
// answer exactly as a Map would (one key per number, 0 and -0 alike), through
// its growth and its collisions.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { NumberIds } from '#bestfirst/internal';
import { KeyedSpace } from '#bestfirst';
import { dfs } from '#bestfirst/search';
import { unboundedGrid } from '#bestfirst/grid';

test('NumberIds answers as a Map does, over random numbers (doubles, -0, packed pairs, infinities; fixed seed)', () => {
  const packed = fc.tuple(fc.integer({ min: -(2 ** 25) + 1, max: 2 ** 25 - 1 }), fc.integer({ min: -(2 ** 25) + 1, max: 2 ** 25 - 1 }))
    .map(([x, y]) => (x + 2 ** 25) * 2 ** 26 + (y + 2 ** 25));
  const number = fc.oneof(fc.double({ noNaN: true }), fc.integer(), fc.constantFrom(0, -0, Infinity, -Infinity, 2 ** 52, -(2 ** 53)), packed);
  fc.assert(fc.property(fc.array(number, { maxLength: 400 }), fc.array(number, { maxLength: 50 }), (added, asked) => {
    const table = new NumberIds(), map = new Map<number, number>();
    for (const v of added) {
      expect(table.get(v)).toBe(map.get(v) ?? -1);
      if (!map.has(v)) { map.set(v, map.size); table.add(v, map.size - 1); }
    }
    expect(table.size).toBe(map.size);
    for (const v of [...added, ...asked]) expect(table.get(v), String(v)).toBe(map.get(v) ?? -1);
  }), { seed: 20261206, numRuns: 200 });
});

test('NumberIds keeps 200,000 packed pairs apart through its growth (a row-major block, the shape a grid search interns)', () => {
  const table = new NumberIds();
  const pack = (x: number, y: number) => (x + 2 ** 25) * 2 ** 26 + (y + 2 ** 25);
  let id = 0;
  for (let x = -250; x < 250; x++) for (let y = -200; y < 200; y++) table.add(pack(x, y), id++);
  expect(table.size).toBe(200_000);
  id = 0;
  for (let x = -250; x < 250; x++) for (let y = -200; y < 200; y++) if (table.get(pack(x, y)) !== id++) throw new Error(`(${x}, ${y}) lost its id`);
  expect(table.get(pack(250, 0))).toBe(-1);
});

test('KeyedSpace: keys hashing to equal numbers are one node (0 and -0 too), a string and a number are two', () => {
  const space = new KeyedSpace<string>(() => {}, (k) => (k.startsWith('s') ? k : Number(k)));
  expect(space.id('0')).toBe(0);
  expect(space.id('-0')).toBe(0);
  expect(space.id('s0')).toBe(1);
  expect(space.id('1e3')).toBe(2);
  expect(space.id('1000')).toBe(2);
  expect(space.peek('0.5')).toBe(-1);
  expect(space.size).toBe(3);
  expect([0, 1, 2].map((n) => space.key(n))).toEqual(['0', 's0', '1e3']);
});

test('dfs on an unbounded grid numbers its cells in the order it meets them (the ids a Map gave), and its runs are the same', () => {
  const space = unboundedGrid([[2, 0], [2, 1], [2, -1]]);
  const start = space.id([0, 0]), goal = space.id([5, 0]);
  const deep = dfs(space, start, goal, { depthLimit: 8 });
  const dive = dfs(space, start, goal, { limits: { maxExpansions: 2_000 } });
  // Ids are dense and in first-sight order: a cell's id is where its key sits.
  for (let n = 0; n < space.size; n++) expect(space.id(space.key(n))).toBe(n);
  // The figures the Map-based interning gave (the commit before NumberIds): the same runs, the same ids.
  expect([deep.status, deep.expansions, deep.path]).toEqual(['found', 25, [0, 2, 6, 10, 12, 16, 18, 21, 1]]);
  expect([dive.status, dive.expansions, space.size, space.key(space.size - 1)]).toEqual(['stopped', 2000, 6009, [1998, 1]]);
});
