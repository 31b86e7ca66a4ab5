// JPS+'s table saved and loaded back: the same answers as the table built,
// on Moving AI maps of every family and under both corner rules; and every
// file that does not fit refused with its reason, jumps the grid does not
// have included.
import { expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { JpsPlusSearcher } from '#bestfirst/grid';
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

test('a loaded table answers as the built one: cost, path and expansions, on a map of each family, both corner rules', () => {
  const random = rng(20261205);
  for (const file of ['dao/arena.map', 'maze/maze512-1-0.map', 'room/8room_000.map', 'street/Berlin_0_256.map']) {
    const base = parseMap(readFileSync(`data/movingai/${file}`, 'utf8'), file);
    for (const rule of ['no-corner-cutting', 'always'] as const) {
      const grid = base.with({ diagonalRule: rule });
      const built = new JpsPlusSearcher(grid);
      const bytes = built.save();
      const loaded = new JpsPlusSearcher(grid, { saved: bytes });
      expect([loaded.builds, built.builds]).toEqual([0, 1]);
      const free: number[] = [];
      for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
      for (let i = 0; i < 40; i++) {
        const s = free[Math.floor(random() * free.length)], t = free[Math.floor(random() * free.length)];
        expect(loaded.search(s, t), `${file} ${rule}`).toBe(built.search(s, t));
        expect(loaded.cost).toBe(built.cost);
        expect(loaded.expansions).toBe(built.expansions);
        // Compared as text: a deep equality of thousands of cells, hundreds of times, is slow.
        expect(JSON.stringify(loaded.path())).toBe(JSON.stringify(built.path()));
      }
      // Four megabytes: compared as one buffer (a deep equality walks them element by element, for a minute).
      expect(Buffer.compare(loaded.save(), bytes)).toBe(0);
    }
  }
});

test('files that do not fit are refused with the reason; an edit makes the file stale and save() rebuilds', () => {
  const grid = Grid.fromAscii(['........', '..##....', '......#.', '.#......']);
  const bytes = new JpsPlusSearcher(grid).save();
  const load = (b: unknown, g = grid) => refusal(() => new JpsPlusSearcher(g, { saved: b as Uint8Array }));
  expect(load('bytes')).toMatch(/^JpsPlusSearcher: saved must be the Uint8Array that save\(\) returned/);
  const damaged = bytes.slice(); damaged[bytes.length - 5] ^= 4;
  expect(load(damaged)).toMatch(/the saved table is damaged/);
  expect(load(bytes, grid.with({ diagonalRule: 'always' }))).toMatch(/built from another space, or from this one before an edit/);
  expect(refusal(() => new JpsPlusSearcher(grid, { table: bytes } as never))).toMatch(/unknown option "table"/);
  // Changed on purpose with a good checksum: a jump the grid does not have, a unit count out of range.
  const good = readSaved(bytes, 'BFJP', 1, grid, 'test', 'table');
  const jumps = good.arrays[0].slice() as Int8Array;
  jumps[3] = 100;
  expect(load(writeSaved('BFJP', 1, grid, good.numbers, [jumps]))).toMatch(/its jumps are not the grid's/);
  expect(load(writeSaved('BFJP', 1, grid, [0], good.arrays as SavedArray[]))).toMatch(/malformed/);
  expect(load(writeSaved('BFCH', 1, grid, good.numbers, good.arrays as SavedArray[]))).toMatch(/does not start with "BFJP"/);
  // After an edit: the old file is refused; save() builds again and that file loads.
  const s = new JpsPlusSearcher(grid, { saved: bytes });
  grid.setBlocked(grid.id(4, 0), true);
  expect(load(bytes)).toMatch(/before an edit/);
  const fresh = s.save();
  expect(s.builds).toBe(1);
  const t = new JpsPlusSearcher(grid, { saved: fresh });
  expect(t.search(0, grid.id(7, 3))).toBe(s.search(0, grid.id(7, 3)));
  expect(t.cost).toBe(s.cost);
});
