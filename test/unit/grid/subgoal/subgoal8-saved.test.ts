// The subgoal graph (SubgoalSearcher8) and PreprocessedSearcher8's kept
// structure saved and loaded back: the same answers as the ones built, on
// Moving AI maps of every family and under both corner rules; and every file
// that does not fit refused with its reason, among them files changed on
// purpose with a good checksum (an edge out of range, a shortcut that
// contains itself, a shortcut whose length is not its halves').
import { expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { PreprocessedSearcher8, SubgoalSearcher8 } from '#bestfirst/grid';
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

const map = (file: string) => parseMap(readFileSync(`data/movingai/${file}`, 'utf8'), file);

type Saving = { search(s: number, t: number): string; cost: number; expansions: number; path(): number[] | null; save(): Uint8Array; builds: number };

function sameAnswers(grid: Grid, built: Saving, loaded: Saving, queries: number, seed: number, what: string): void {
  const random = rng(seed);
  const free: number[] = [];
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
  for (let i = 0; i < queries; i++) {
    const s = free[Math.floor(random() * free.length)], t = free[Math.floor(random() * free.length)];
    expect(loaded.search(s, t), what).toBe(built.search(s, t));
    expect(loaded.cost).toBe(built.cost);
    expect(loaded.expansions).toBe(built.expansions);
    expect(JSON.stringify(loaded.path())).toBe(JSON.stringify(built.path()));
  }
}

test('a loaded subgoal graph answers as the built one: cost, path and expansions, on a map of each family, under both corner rules', () => {
  // Each family once, the two corner rules shared between them (a 512 x 512 build is a second of the unit tier).
  for (const [file, rule] of [['dao/arena.map', 'always'], ['maze/maze512-1-0.map', 'no-corner-cutting'], ['room/8room_000.map', 'always'], ['street/Berlin_0_256.map', 'no-corner-cutting']] as const) {
    {
      const grid = map(file).with({ diagonalRule: rule });
      const built = new SubgoalSearcher8(grid);
      const bytes = built.save();
      const loaded = new SubgoalSearcher8(grid, { saved: bytes });
      expect([loaded.builds, built.builds]).toEqual([0, 1]);
      expect([loaded.subgoals, loaded.globalSubgoals, loaded.edges, loaded.shortcuts, loaded.bytes]).toEqual([built.subgoals, built.globalSubgoals, built.edges, built.shortcuts, built.bytes]);
      sameAnswers(grid, built, loaded, 40, 20261205, `${file} ${rule}`);
      expect(Buffer.compare(loaded.save(), bytes)).toBe(0);
    }
  }
});

test('PreprocessedSearcher8 saves its choice with what it kept: JPS+ on a street map, the subgoal graph on a maze', () => {
  for (const [file, choice] of [['street/Berlin_0_256.map', 'jps-plus'], ['maze/maze512-1-0.map', 'subgoal8']] as const) {
    const grid = map(file);
    const built = new PreprocessedSearcher8(grid);
    expect(built.choice).toBe(choice);
    const loaded = new PreprocessedSearcher8(grid, { saved: built.save() });
    expect([loaded.choice, loaded.builds, loaded.coreShare, loaded.edgesPerSubgoal, loaded.freeCellsPerSubgoal]).toEqual([choice, 0, built.coreShare, built.edgesPerSubgoal, built.freeCellsPerSubgoal]);
    sameAnswers(grid, built, loaded, 30, 7, file);
  }
});

test('subgoal graph files that do not fit are refused with the reason; an edit makes the file stale and save() rebuilds', () => {
  const grid = map('maze/maze512-1-0.map');
  const bytes = new SubgoalSearcher8(grid).save();
  const load = (b: unknown, g = grid) => refusal(() => new SubgoalSearcher8(g, { saved: b as Uint8Array }));
  expect(load('bytes')).toMatch(/^SubgoalSearcher8: saved must be the Uint8Array that save\(\) returned/);
  const damaged = bytes.slice(); damaged[bytes.length - 5] ^= 4;
  expect(load(damaged)).toMatch(/^SubgoalSearcher8: the saved graph is damaged/);
  expect(load(bytes, grid.with({ diagonalRule: 'always' }))).toMatch(/built from another space, or from this one before an edit/);
  expect(refusal(() => new SubgoalSearcher8(grid, { graph: bytes } as never))).toMatch(/unknown option "graph"/);
  expect(load(new JpsPreview().bytes(grid))).toMatch(/does not start with "BFS8"/);
  // Changed on purpose, written again with a good checksum.
  const good = readSaved(bytes, 'BFS8', 1, grid, 'test', 'graph');
  const [at, adj, , scTo, scSteps, , scMid, , , , scHalf] = good.arrays as [Int32Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array, Int32Array, Uint8Array, Uint16Array, Float64Array, Int32Array];
  expect(scTo.length).toBeGreaterThan(10);
  const rewrite = (i: number, edit: (a: SavedArray) => void, numbers = good.numbers) => {
    const arrays = good.arrays.map((a) => a.slice()) as SavedArray[];
    edit(arrays[i]);
    return writeSaved('BFS8', 1, grid, numbers, arrays);
  };
  expect(load(rewrite(0, () => {}, [good.numbers[0] + 1, good.numbers[1], good.numbers[2]]))).toMatch(/malformed: it has \d+ subgoals where the grid has/);
  // A near edge of subgoal 0 pointing below subgoal 0.
  expect(at[1]).toBeGreaterThan(0);
  expect(load(rewrite(1, (a) => { a[0] = -1; }))).toMatch(/malformed: subgoal 0 has an edge to -1/);
  expect(load(rewrite(3, (a) => { a[0] = -5; }))).toMatch(/malformed: shortcut record 0 joins subgoals out of range/);
  // A record whose first half is itself: its path would unpack forever.
  if (scHalf.length > 0) {
    const r = scHalf.findIndex((h, i) => i % 2 === 0 && h >= 0) >> 1;
    expect(load(rewrite(10, (a) => { a[2 * r] = r; }))).toMatch(new RegExp(`malformed: shortcut record ${r} contains itself`));
  } else {
    expect(load(rewrite(6, (a) => { a[0] = scTo[0]; }))).toMatch(/malformed/);
  }
  // One more straight step in a record's length than its halves hold.
  expect(scSteps.length).toBe(scTo.length);
  expect(load(rewrite(4, (a) => { a[0] += 1; }))).toMatch(/malformed: shortcut record \d+ has length .* where its halves add up to/);
  expect(load(writeSaved('BFS8', 1, grid, good.numbers, good.arrays.slice(1) as SavedArray[]))).toMatch(/malformed: not the parts of a subgoal graph/);
  void adj; void scMid;
  // After an edit: the old file is refused; save() builds again and that file loads.
  const s = new SubgoalSearcher8(grid, { saved: bytes });
  const wall = grid.cells.findIndex((c) => c === 0);
  grid.setBlocked(wall, true);
  expect(load(bytes)).toMatch(/before an edit/);
  const fresh = s.save();
  expect(s.builds).toBe(1);
  const t = new SubgoalSearcher8(grid, { saved: fresh });
  const a = grid.cells.lastIndexOf(0), b = grid.cells.indexOf(0);
  expect(t.search(a, b)).toBe(s.search(a, b));
  expect(t.cost).toBe(s.cost);
});

test('PreprocessedSearcher8 files that do not fit are refused with the reason', () => {
  const grid = map('street/Berlin_0_256.map');
  const bytes = new PreprocessedSearcher8(grid).save();
  const load = (b: unknown) => refusal(() => new PreprocessedSearcher8(grid, { saved: b as Uint8Array }));
  expect(load(new SubgoalSearcher8(grid).save())).toMatch(/^PreprocessedSearcher8: the saved structure does not start with "BFP8"/);
  const good = readSaved(bytes, 'BFP8', 1, grid, 'test', 'structure');
  expect(load(writeSaved('BFP8', 1, grid, [2], good.arrays as SavedArray[]))).toMatch(/malformed: not a choice and a kept structure/);
  // The kept structure said to be the other one: its own reader refuses it.
  expect(load(writeSaved('BFP8', 1, grid, [0], good.arrays as SavedArray[]))).toMatch(/^SubgoalSearcher8: the saved graph does not start with "BFS8"/);
});

/** A file of another kind, for the kind check. */
class JpsPreview {
  bytes(grid: Grid): Uint8Array { return writeSaved('BFJP', 1, grid, [1], [new Int8Array(8)]); }
}
