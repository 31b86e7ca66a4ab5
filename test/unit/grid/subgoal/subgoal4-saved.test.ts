// The 4-connected subgoal graph (SubgoalSearcher4) saved and loaded back:
// the same answers as the one built, on Moving AI maps made 4-connected; and
// every file that does not fit refused with its reason, among them files
// changed on purpose with a good checksum.
import { expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { SubgoalSearcher4 } from '#bestfirst/grid';
import { readSaved, writeSaved, type SavedArray } from '#bestfirst/internal';
import { parseMap } from '#bestfirst/io';
import { readFileSync } from 'node:fs';
import { rng } from '../../../support/reference.js';

function refusal(make: () => unknown): string {
  try { make(); } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('not refused');
}

const map4 = (file: string) => parseMap(readFileSync(`data/movingai/${file}`, 'utf8'), file).with({ connectivity: 4 });

test('a loaded 4-connected subgoal graph answers as the built one: cost, path and expansions', () => {
  const random = rng(4);
  for (const file of ['dao/arena.map', 'maze/maze512-8-0.map', 'room/8room_000.map', 'street/Berlin_0_256.map']) {
    const grid = map4(file);
    const built = new SubgoalSearcher4(grid);
    const bytes = built.save();
    const loaded = new SubgoalSearcher4(grid, { saved: bytes });
    expect([loaded.builds, built.builds, loaded.bytes]).toEqual([0, 1, built.bytes]);
    const free: number[] = [];
    for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
    for (let i = 0; i < 40; i++) {
      const s = free[Math.floor(random() * free.length)], t = free[Math.floor(random() * free.length)];
      expect(loaded.search(s, t), file).toBe(built.search(s, t));
      expect(loaded.cost).toBe(built.cost);
      expect(loaded.expansions).toBe(built.expansions);
      expect(JSON.stringify(loaded.path())).toBe(JSON.stringify(built.path()));
    }
    expect(Buffer.compare(loaded.save(), bytes)).toBe(0);
  }
});

test('4-connected subgoal graph files that do not fit are refused with the reason; an edit makes the file stale', () => {
  const grid = map4('room/8room_000.map');
  const bytes = new SubgoalSearcher4(grid).save();
  const load = (b: unknown, g = grid) => refusal(() => new SubgoalSearcher4(g, { saved: b as Uint8Array }));
  expect(load([1, 2])).toMatch(/^SubgoalSearcher4: saved must be the Uint8Array that save\(\) returned/);
  const damaged = bytes.slice(); damaged[bytes.length - 9] ^= 1;
  expect(load(damaged)).toMatch(/^SubgoalSearcher4: the saved graph is damaged/);
  expect(load(bytes, grid.with({ cellSize: 2 }))).toMatch(/built from another space/);
  expect(refusal(() => new SubgoalSearcher4(grid, { graph: bytes } as never))).toMatch(/unknown option "graph"/);
  const good = readSaved(bytes, 'BFS4', 1, grid, 'test', 'graph');
  const rewrite = (i: number, edit: (a: Int32Array) => void, numbers = good.numbers) => {
    const arrays = good.arrays.map((a) => a.slice()) as Int32Array[];
    edit(arrays[i]);
    return writeSaved('BFS4', 1, grid, numbers, arrays);
  };
  expect(load(rewrite(0, () => {}, [good.numbers[0] - 1]))).toMatch(/malformed: it has \d+ subgoals where the grid has/);
  expect(load(rewrite(1, (a) => { a[0] = -3; }))).toMatch(/malformed: subgoal 0 has an edge to -3/);
  expect(load(rewrite(2, (a) => { a[0] += 1; }))).toMatch(/malformed: the edge from subgoal 0 to \d+ is \d+ steps long, not their distance/);
  expect(load(rewrite(3, (a) => { a[0] += 1; }))).toMatch(/malformed: the edge from subgoal 0 to \d+ joins two parts/);
  expect(load(rewrite(4, (a) => { a[3] = -1; }))).toMatch(/malformed: a landmark distance is -1/);
  expect(load(writeSaved('BFS4', 1, grid, good.numbers, [...good.arrays.slice(0, 4), new Float64Array(1)] as SavedArray[]))).toMatch(/malformed: not the parts of a subgoal graph/);
  const s = new SubgoalSearcher4(grid, { saved: bytes });
  grid.setBlocked(grid.cells.indexOf(0), true);
  expect(load(bytes)).toMatch(/before an edit/);
  const t = new SubgoalSearcher4(grid, { saved: s.save() });
  expect(s.builds).toBe(1);
  const a = grid.cells.lastIndexOf(0), b = grid.cells.indexOf(0);
  expect(t.search(a, b)).toBe(s.search(a, b));
  expect(t.cost).toBe(s.cost);
});
