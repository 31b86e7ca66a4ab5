// Grid.view: a read-only grid over the caller's arrays (issue 34: the map
// shared by the threads of `scen --workers N`, not copied per thread). It
// keeps the very buffers, refuses every edit, and every search answers on it
// as on a grid that owns a copy of the same cells, at the cost an
// independent Dijkstra finds.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Grid, GridSearcher, InputError, JumpPointSearcher, Searcher, octile } from '#bestfirst';
import { AnyAngleSearcher, JpsPlusSearcher, SubgoalSearcher8 } from '#bestfirst/grid';
import { readSaved } from '#bestfirst/internal';
import { blockCase, blockGrid } from '../../support/random-grid.js';
import { referenceCost, sameCost } from '../../support/reference.js';

function refusal(make: () => unknown): string {
  try { make(); } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('not refused');
}

/** `grid`'s cells, weights and areas copied into SharedArrayBuffers, and a view of them. */
function sharedView(grid: Grid): Grid {
  const cells = new Uint8Array(new SharedArrayBuffer(grid.size));
  cells.set(grid.cells);
  const { weights, areas, ...rest } = grid.options();
  const options = { ...rest } as Parameters<typeof Grid.view>[3] & object;
  if (weights !== undefined) options.weights = Float64Array.from(weights);
  if (areas !== undefined) options.areas = Uint8Array.from(areas);
  return Grid.view(grid.width, grid.height, cells, options);
}

describe('Grid.view', () => {
  test('keeps the caller\'s arrays: cells, weights and areas are the very objects, over the same (shared) buffer', () => {
    const cells = new Uint8Array(new SharedArrayBuffer(6));
    cells.set([0, 1, 0, 0, 0, 1]);
    const weights = new Float64Array([1, 2, 3, 1, 1, 5]), areas = new Uint8Array([0, 1, 2, 3, 4, 5]);
    const grid = Grid.view(3, 2, cells, { weights, areas, connectivity: 4 });
    expect(grid.readOnly).toBe(true);
    expect(grid.cells).toBe(cells);
    expect(grid.cells.buffer).toBe(cells.buffer);
    expect(grid.weights).toBe(weights);
    expect(grid.areas).toBe(areas);
    expect(grid.toAscii()).toEqual(['.#.', '..#']);
    expect([grid.connectivity, grid.weightFloor, grid.weightOf(2)]).toEqual([4, 1, 3]);
    // new Grid copies: the same arguments make a grid that owns its cells.
    const owned = new Grid(3, 2, cells, { weights, areas });
    expect(owned.readOnly).toBe(false);
    expect(owned.cells).not.toBe(cells);
    expect(owned.weights).not.toBe(weights);
  });

  test('refuses every edit with an InputError, and changes nothing', () => {
    const cells = Uint8Array.from([0, 0, 1, 0]);
    const grid = Grid.view(2, 2, cells, { weights: new Float64Array(4).fill(1) });
    const edits: [string, () => void][] = [
      ['setBlocked', () => grid.setBlocked(0, true)],
      ['setWeight', () => grid.setWeight(1, 3)],
      ['setWeight', () => grid.setWeight(1, Infinity)],
      ['touch', () => grid.touch()],
      ['touch', () => grid.touch([0])],
    ];
    for (const [name, edit] of edits) {
      expect(refusal(edit)).toMatch(new RegExp(`^${name}: this grid is a read-only view \\(Grid.view\\).*grid.with\\(\\{\\}\\)`));
    }
    expect([...cells]).toEqual([0, 0, 1, 0]);
    expect([...grid.weights!]).toEqual([1, 1, 1, 1]);
    expect(grid.version).toBe(0);
    // with() makes a copy that owns its cells, and that copy can be edited.
    const copy = grid.with({});
    copy.setBlocked(0, true);
    expect([copy.readOnly, copy.isBlocked(0), grid.isBlocked(0), cells[0]]).toEqual([false, true, false, 0]);
  });

  test('refuses what it cannot keep as it is, naming it', () => {
    expect(refusal(() => Grid.view(2, 1, [0, 1] as unknown as Uint8Array))).toMatch(/^Grid.view: cells must be a Uint8Array of 2 cells .*new Grid copies any array-like/);
    expect(refusal(() => Grid.view(2, 1, undefined as unknown as Uint8Array))).toMatch(/cells must be a Uint8Array/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(3)))).toMatch(/cells has length 3, expected width \* height = 2/);
    expect(refusal(() => Grid.view(2, 1, Uint8Array.from([0, 2])))).toMatch(/cells\[1\] is 2; .* each must be 0 \(free\) or 1 \(blocked\)/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(2), { weights: [1, 1] }))).toMatch(/weights must be a Float64Array of 2/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(2), { weights: Float64Array.from([1, Infinity]) }))).toMatch(/weights\[1\] \(x=1, y=0\) is Infinity, and a view cannot block the cell/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(2), { weights: Float64Array.from([1, -1]) }))).toMatch(/weights\[1\] .* is -1/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(2), { areas: [0, 1] }))).toMatch(/areas must be a Uint8Array of 2/);
    expect(refusal(() => Grid.view(0, 1, new Uint8Array(0)))).toMatch(/width and height must be integers >= 1/);
    expect(refusal(() => Grid.view(2, 1, new Uint8Array(2), { connectivity: 6 as 4 }))).toMatch(/connectivity must be 4 or 8/);
  });

  test('every search answers on a view as on a grid owning the same cells, at the cost of an independent Dijkstra', () => {
    const searches: [string, (g: Grid) => { search(s: number, t: number): string; cost: number; expansions: number }][] = [
      ['GridSearcher', (g) => new GridSearcher(g)],
      ['JumpPointSearcher', (g) => new JumpPointSearcher(g)],
      ['JpsPlusSearcher', (g) => new JpsPlusSearcher(g)],
      ['SubgoalSearcher8', (g) => new SubgoalSearcher8(g)],
      ['Searcher', (g) => { const s = new Searcher(g); const h = octile(g); return { search: (a, b) => s.search(a, b, { heuristic: h }), get cost() { return s.cost; }, get expansions() { return s.expansions; } }; }],
    ];
    fc.assert(fc.property(blockCase(24), fc.integer({ min: 0, max: 0x7fffffff }), (c, pick) => {
      const grid = blockGrid(c, {});
      const view = sharedView(grid);
      const free: number[] = [];
      for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
      if (free.length === 0) return;
      const s = free[pick % free.length], t = free[Math.floor(pick / 7) % free.length];
      const want = referenceCost(grid, s, t);
      for (const [name, make] of searches) {
        const a = make(grid), b = make(view);
        const status = b.search(s, t);
        expect(status, name).toBe(a.search(s, t));
        expect([b.cost, b.expansions], name).toEqual([a.cost, a.expansions]);
        expect(status === 'found' ? sameCost(b.cost, want) : want === Infinity, `${name}: cost ${b.cost}, Dijkstra ${want}`).toBe(true);
      }
      const any = new AnyAngleSearcher(view);
      expect(any.search(s, t)).toBe(new AnyAngleSearcher(grid).search(s, t));
    }), { numRuns: 60, seed: 20261205 });
  });

  test('a weighted view searches as the weighted grid it shares', () => {
    const grid = Grid.fromAscii(['.....', '.#...', '.....'], { weights: [1, 1, 9, 1, 1, 1, 1, 9, 1, 1, 1, 1, 9, 1, 1] });
    const view = sharedView(grid);
    const a = new GridSearcher(grid), b = new GridSearcher(view);
    expect(b.search(0, 14)).toBe(a.search(0, 14));
    expect(b.cost).toBe(a.cost);
    expect(sameCost(b.cost, referenceCost(grid, 0, 14))).toBe(true);
  });
});

describe('JPS+ on a view: the saved table read in place', () => {
  const base = Grid.fromAscii(['........', '..##....', '......#.', '.#......', '....#...']);
  const save = () => {
    const bytes = new JpsPlusSearcher(base).save();
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    return shared;
  };
  // The table is private: read here only to see where it lies.
  const tableOf = (s: JpsPlusSearcher) => (s as unknown as { jp: Int8Array }).jp;

  test('is the bytes themselves on a view, a copy on a grid that owns its cells; both answer as the built table', () => {
    const bytes = save(), view = sharedView(base);
    const inPlace = new JpsPlusSearcher(view, { saved: bytes });
    const copied = new JpsPlusSearcher(base, { saved: bytes });
    expect(tableOf(inPlace).buffer).toBe(bytes.buffer);
    expect(tableOf(copied).buffer).not.toBe(bytes.buffer);
    const built = new JpsPlusSearcher(base);
    for (const [s, t] of [[0, 39], [8, 31], [39, 0], [5, 33]]) {
      expect(inPlace.search(s, t)).toBe(built.search(s, t));
      expect([inPlace.cost, inPlace.expansions]).toEqual([built.cost, built.expansions]);
      expect(copied.search(s, t)).toBe(built.search(s, t));
      expect(copied.cost).toBe(built.cost);
    }
    expect(Buffer.compare(inPlace.save(), bytes)).toBe(0);
  });

  test('a rebuild never writes the caller\'s bytes: it makes a table of its own', () => {
    const bytes = save(), before = bytes.slice();
    const s = new JpsPlusSearcher(sharedView(base), { saved: bytes });
    s.rebuild();
    expect(tableOf(s).buffer).not.toBe(bytes.buffer);
    expect(Buffer.compare(bytes, before)).toBe(0);
    expect(s.search(0, 39)).toBe('found');
  });

  test('readSaved in place: views of aligned bytes, copies of bytes at an odd offset', () => {
    const bytes = save();
    const inPlace = readSaved(bytes, 'BFJP', 1, base, 'test', 'table', true);
    expect(inPlace.arrays[0].buffer).toBe(bytes.buffer);
    const odd = new Uint8Array(bytes.length + 1).subarray(1);
    odd.set(bytes);
    expect(readSaved(odd, 'BFJP', 1, base, 'test', 'table', true).arrays[0].buffer).not.toBe(odd.buffer);
    expect(readSaved(bytes, 'BFJP', 1, base, 'test', 'table').arrays[0].buffer).not.toBe(bytes.buffer);
  });
});
