// Area ids and filters (Recast/Detour's query filters) and the Moving AI
// terrain letters as areas: one grid, many agents.
import { expect, test } from 'vitest';
import { findPath, Grid, InputError } from '#bestfirst';
import { filterAreas } from '#bestfirst/grid';
import { parseMap, terrainFilter } from '#bestfirst/io';
import { referenceCost, ReferenceGrid } from '../../support/reference.js';

test('one floor, two filters: each agent gets its own grid, the floor is not changed', () => {
  // 0 road, 1 mud, 2 water; the direct line crosses mud then water.
  const floor = Grid.fromAscii(['.....', '.....'], { connectivity: 4, areas: [0, 1, 2, 0, 0, 0, 0, 0, 0, 0] });
  const truck = filterAreas(floor, { 1: 3, 2: 'excluded' });
  const boat = filterAreas(floor, { 2: 0.5 });
  expect([truck.weightOf(1), truck.weightOf(2), truck.isBlocked(2)]).toEqual([3, Infinity, true]);
  expect([boat.weightOf(1), boat.weightOf(2)]).toEqual([1, 0.5]);
  expect(findPath(truck, [0, 0], [4, 0]).cost).toBe(6); // down, along the road, up
  expect(findPath(boat, [0, 0], [4, 0]).cost).toBe(3.5);
  expect([floor.weighted, floor.isBlocked(2)]).toEqual([false, false]);
  // The areas travel with the grid; an area the filter does not name keeps the cell as it was.
  floor.setBlocked(4, true);
  const again = filterAreas(floor, { 1: 2 });
  expect([again.isBlocked(4), again.areas![2]]).toEqual([true, 2]);
});

test('bad areas and filters are refused with the value and what is allowed', () => {
  expect(() => new Grid(2, 1, undefined, { areas: [0, 256] })).toThrow(/areas\[1\] \(x=1, y=0\) is 256, expected an area id, a whole number 0 to 255/);
  expect(() => new Grid(2, 1, undefined, { areas: [0] })).toThrow(/areas has length 1, expected width \* height = 2/);
  const g = new Grid(2, 1, undefined, { areas: [0, 1] });
  expect(() => filterAreas(new Grid(2, 1), { 0: 2 })).toThrow(/the grid has no areas/);
  expect(() => filterAreas(g, { 300: 2 })).toThrow(/filter key "300" is not an area id/);
  expect(() => filterAreas(g, { 1: 0 })).toThrow(/filter\[1\] is 0, expected a weight .*, 'excluded', or \{ weight, opensBlocked: true \}/);
  expect(() => filterAreas(g, null as never)).toThrow(InputError);
});

const MAP = `type octile
height 4
width 6
map
..SS..
..SS..
.TWW..
.TWW.@
`;

test('Moving AI terrain letters are the areas: the benchmark meaning by default, swamp and water weighed by a terrain filter, against the reference', () => {
  const grid = parseMap(MAP, 'swamp.map');
  // Default: S free at weight 1, T, W and @ blocked.
  expect(grid.toAscii()).toEqual(['......', '......', '.###..', '.###.#']);
  const seen: string[] = [];
  const spec = { connectivity: 8 as const, diagonalRule: 'no-corner-cutting' as const, diagonalCost: Math.SQRT2, cellSize: 1, enterCost: -1, width: 6, height: 4 };
  for (const [terrain, weights] of [
    [{ S: 4 }, { S: 4, W: Infinity, T: Infinity }],
    [{ S: 4, W: 2 }, { S: 4, W: 2, T: Infinity }],
    [{ S: 'excluded' as const, W: 1.5, T: 1.5 }, { S: Infinity, W: 1.5, T: 1.5 }],
  ] as const) {
    const costs: number[] = [];
    const g = filterAreas(grid, terrainFilter(terrain));
    const letters = MAP.split('\n').slice(4, 8).join('');
    const w = Array.from(letters, (c) => (weights as Record<string, number>)[c] ?? (c === '@' ? Infinity : 1));
    const ref = new ReferenceGrid(spec, w.map((x) => (x === Infinity ? 1 : 0)), w.map((x) => (x === Infinity ? 1 : x)));
    for (const [from, to] of [[[0, 0], [5, 0]], [[0, 3], [4, 3]], [[0, 0], [4, 3]]] as const) {
      const r = findPath(g, from as [number, number], to as [number, number]);
      const want = referenceCost(ref, from[1] * 6 + from[0], to[1] * 6 + to[0]);
      expect(want).toBeLessThan(Infinity);
      expect([JSON.stringify(terrain), from, to, r.cost]).toEqual([JSON.stringify(terrain), from, to, want]);
      costs.push(r.cost);
    }
    seen.push(costs.map((c) => c.toFixed(3)).join(' '));
  }
  // The filters change the answers: swamp dear; water open too; swamp closed, water and trees open.
  expect(seen).toEqual(['11.000 14.000 12.414', '11.000 11.243 9.657', '9.328 5.500 7.328']);
  expect(() => terrainFilter({ X: 2 })).toThrow(/"X" is not a terrain letter; the letters are \. G S W T @ O/);
  expect(() => terrainFilter({ S: -1 })).toThrow(/S is -1, expected a weight/);
});

test('issue 35.4: a filter that names an area never frees the blocked cells on it, unless it says opensBlocked', () => {
  // Walls on road: area 0 everywhere, three walls across the middle row.
  const floor = Grid.fromAscii(['.....', '.###.', '.....'], { connectivity: 4, areas: new Array(15).fill(0) });
  const named = filterAreas(floor, { 0: 2 });
  expect([named.isBlocked(6), named.isBlocked(7), named.isBlocked(8)]).toEqual([true, true, true]);
  expect(named.weightOf(0)).toBe(2);
  expect(findPath(named, [2, 0], [2, 2]).cost).toBe(2 * 6); // round the wall, not through it
  // Said in so many words: the walls open at the area's weight.
  const opened = filterAreas(floor, { 0: { weight: 2, opensBlocked: true } });
  expect(opened.isBlocked(7)).toBe(false);
  expect(findPath(opened, [2, 0], [2, 2]).cost).toBe(4);
  // A freed wall of a filtered grid costs its area's weight.
  named.setBlocked(7, false);
  expect(named.weightOf(7)).toBe(2);
  expect(() => filterAreas(floor, { 0: { weight: 2 } as never })).toThrow(/filter\[0\] is \{"weight":2\}, expected a weight .*'excluded', or \{ weight, opensBlocked: true \}/);
  expect(() => filterAreas(floor, { 0: { weight: 0, opensBlocked: true } })).toThrow(/filter\[0\]/);
  expect(() => filterAreas(floor, { 0: { weight: 1, opensBlocked: true, extra: 1 } as never })).toThrow(/filter\[0\]/);
});

