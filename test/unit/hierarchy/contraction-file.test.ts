// A contraction hierarchy saved to bytes and loaded back: the same answers
// as the one built, on every pair of generated graphs; and every file that
// does not fit refused with its reason (damaged, cut short, another format,
// another space, the same space after an edit, malformed), never answered from.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ContractionHierarchy, Graph, Grid, InputError } from '#bestfirst';
import { readSaved, writeSaved, type SavedArray } from '#bestfirst/internal';

const graphCase = fc.record({
  n: fc.integer({ min: 1, max: 10 }),
  directed: fc.boolean(),
  arcs: fc.array(fc.tuple(fc.nat(9), fc.nat(9), fc.constantFrom(0, 1, 2, 3, 0.5, 7.25)), { maxLength: 30 }),
});

test('generated graphs: a loaded hierarchy answers every pair as the built one does, path and cost, bit for bit', () => {
  fc.assert(fc.property(graphCase, ({ n, directed, arcs }) => {
    const g = new Graph(n, arcs.map(([a, b, c]) => [a % n, b % n, c] as [number, number, number]), { directed });
    const built = new ContractionHierarchy(g);
    const bytes = built.save();
    const loaded = new ContractionHierarchy(g, { saved: bytes });
    expect(loaded.builds).toBe(0);
    expect([loaded.shortcuts, loaded.arcs]).toEqual([built.shortcuts, built.arcs]);
    for (let s = 0; s < n; s++) {
      for (let t = 0; t < n; t++) {
        expect(loaded.search(s, t)).toBe(built.search(s, t));
        expect(loaded.cost).toBe(built.cost);
        expect(loaded.path()).toEqual(built.path());
        expect(loaded.expansions).toBe(built.expansions);
      }
    }
    // Saved again, the same bytes: nothing was lost on the way.
    expect(Buffer.compare(loaded.save(), bytes)).toBe(0);
  }), { numRuns: 300, seed: 20261205 });
});

function fixture() {
  const g = new Graph(6, [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 5, 1], [0, 5, 9], [1, 4, 2.5]]);
  return { g, bytes: new ContractionHierarchy(g).save() };
}

function refusal(make: () => unknown): string {
  try { make(); } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('not refused');
}

test('files that do not fit are refused, each with its reason', () => {
  const { g, bytes } = fixture();
  const load = (b: unknown, space = g) => refusal(() => new ContractionHierarchy(space, { saved: b as Uint8Array }));
  expect(load([1, 2, 3])).toMatch(/^ContractionHierarchy: saved must be the Uint8Array that save\(\) returned/);
  expect(load(bytes.subarray(0, 20))).toMatch(/shorter than its 32-byte header/);
  expect(load(bytes.subarray(0, bytes.length - 3))).toMatch(/not a multiple of 8: the file is cut short or padded/);
  expect(load(bytes.subarray(0, bytes.length - 8))).toMatch(/is damaged: .*cut short/);
  const magic = bytes.slice(); magic[0] ^= 1;
  expect(load(magic)).toMatch(/does not start with "BFCH"/);
  const version = bytes.slice(); version[4] = 9;
  expect(load(version)).toMatch(/format version 9; this library reads version 1/);
  // One bit flipped in each part of the payload: the checksum sees every one.
  for (const at of [32, 60, bytes.length - 30, bytes.length - 1]) {
    const damaged = bytes.slice(); damaged[at] ^= 0x10;
    expect(load(damaged), `byte ${at}`).toMatch(/is damaged: its checksum does not match/);
  }
  // Another graph of the same size, and the same graph with one cost changed.
  expect(load(bytes, new Graph(6, [[0, 1, 1], [1, 2, 1]]))).toMatch(/built from another space, or from this one before an edit/);
  expect(load(bytes, new Graph(6, [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 5, 1], [0, 5, 9], [1, 4, 2.25]]))).toMatch(/built from another space/);
  expect(load(bytes, new Graph(7, [[0, 1, 1]]))).toMatch(/built from another space/);
  // Unknown options are still refused.
  expect(refusal(() => new ContractionHierarchy(g, { save: bytes } as never))).toMatch(/unknown option "save"/);
});

test('a file changed on purpose, its checksum good, is refused when malformed: no read out of bounds, no endless unpacking', () => {
  const { g, bytes } = fixture();
  const good = readSaved(bytes, 'BFCH', 1, g, 'test', 'hierarchy');
  const [shortcuts, arcs, entries] = good.numbers;
  expect(entries).toBeGreaterThan(0);
  // Each case rewrites one array of a copy and writes the file again, so the checksum is right.
  const variant = (i: number, change: (a: Int32Array) => void, numbers = good.numbers): Uint8Array => {
    const arrays = good.arrays.map((a) => a.slice()) as SavedArray[];
    change(new Int32Array(arrays[i].buffer));
    return writeSaved('BFCH', 1, g, numbers, arrays);
  };
  const cases: [string, Uint8Array, RegExp][] = [
    ['node numbering', variant(1, (node) => { node[0] = node[1]; }), /not a permutation/],
    ['record lists', variant(2, (first) => { first[1] = 1e6; }), /ends before it starts|do not cover/],
    ['a record end', variant(3, (ends) => { ends[0] = 99; }), /malformed at record 0/],
    ['an entry out of range', variant(4, (halves) => { halves[0] = entries + 5; }), /malformed at shortcut entry 0/],
    ['an entry unpacking into itself', variant(4, (halves) => { halves[0] = 0; }), /shortcut entry 0 unpacks into itself/],
    ['a table of another size', variant(4, () => {}, [shortcuts, arcs, entries + 1]), /not the size it says/],
    ['an array missing', writeSaved('BFCH', 1, g, good.numbers, good.arrays.slice(0, 4)), /not the parts a hierarchy has/],
    ['an array of another type', writeSaved('BFCH', 1, g, good.numbers, [new Float64Array(6), ...good.arrays.slice(1)]), /not those of a hierarchy of 6 nodes/],
  ];
  for (const [what, file, message] of cases) {
    expect(refusal(() => new ContractionHierarchy(g, { saved: file })), what).toMatch(message);
  }
});

test('after an edit the saved file is stale: refused, and save() brings the hierarchy up to date first', () => {
  const grid = Grid.fromAscii(['.....', '.##..', '.....']);
  const ch = new ContractionHierarchy(grid);
  const before = ch.save();
  expect(new ContractionHierarchy(grid, { saved: before }).search(0, 14)).toBe('found');
  grid.setBlocked(grid.id(3, 1), true);
  expect(refusal(() => new ContractionHierarchy(grid, { saved: before }))).toMatch(/from this one before an edit/);
  const after = ch.save();
  expect(ch.builds).toBe(2);
  const loaded = new ContractionHierarchy(grid, { saved: after });
  expect(loaded.search(0, 14)).toBe(ch.search(0, 14));
  expect(loaded.cost).toBe(ch.cost);
  // A saved copy is the caller's: changing it does not touch the loaded hierarchy.
  after.fill(0);
  expect(loaded.search(0, 14)).toBe('found');
});

test('onProgress hears the build contract the nodes: counts that only grow, the last one all of them, at every build', () => {
  const grid = Grid.fromAscii(['..........', '.####.....', '..........', '.....###..', '..........']);
  const heard: [number, number][] = [];
  const ch = new ContractionHierarchy(grid, { onProgress: (done, total) => { heard.push([done, total]); } });
  expect(heard.length).toBeGreaterThan(10);
  expect(heard.every(([, total]) => total === grid.size)).toBe(true);
  expect(heard.every(([done], i) => i === 0 || done > heard[i - 1][0])).toBe(true);
  expect(heard.at(-1)).toEqual([grid.size, grid.size]);
  grid.setBlocked(grid.id(9, 4), true);
  heard.length = 0;
  ch.search(0, 20);
  expect(heard.at(-1)).toEqual([grid.size, grid.size]);
  expect(refusal(() => new ContractionHierarchy(grid, { onProgress: 5 as never }))).toMatch(/onProgress must be a function/);
});

test('bytes as the command line reads them load too: a Node Buffer, at an offset that is not a multiple of 8', () => {
  const { g, bytes } = fixture();
  const built = new ContractionHierarchy(g);
  // A Buffer's slice() is a view, not a copy: the reader must copy what it keeps.
  const pool = Buffer.alloc(bytes.length + 8);
  for (const offset of [0, 3, 8]) {
    const view = pool.subarray(offset, offset + bytes.length);
    view.set(bytes);
    const loaded = new ContractionHierarchy(g, { saved: view });
    expect(loaded.search(0, 5)).toBe(built.search(0, 5));
    expect(loaded.cost).toBe(built.cost);
    expect(loaded.path()).toEqual(built.path());
    pool.fill(0);
    expect(loaded.search(0, 5)).toBe('found');
  }
});
