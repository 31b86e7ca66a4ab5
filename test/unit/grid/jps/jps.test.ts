import fc from 'fast-check';
import { expect, test } from 'vitest';
import { astar, InputError, Grid, type DiagonalRule, octile, JumpPointSearcher, jps } from '#bestfirst';
import { JumpHeap, mulberry32 } from '#bestfirst/internal';
import { sameCost } from '../../../support/reference.js';
import { walk } from '../../../support/king-walk.js';

// --- helpers ------------------------------------------------------------------



// --- random grids against A* ---------------------------------------------------

const caseArb = fc.record({
  width: fc.integer({ min: 1, max: 100 }),
  height: fc.integer({ min: 1, max: 48 }),
  density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  rule: fc.constantFrom<DiagonalRule>('no-corner-cutting', 'always'),
  diagonalCost: fc.constantFrom(1.4, Math.SQRT2),
  cellSize: fc.constantFrom(1, 0.25, 3),
});

test('jps: same cost as A* (octile) on 300 seeded random grids, full paths legal and summing to the cost', () => {
  let found = 0, unreachable = 0;
  const buf = new Int32Array(100 * 48);
  fc.assert(
    fc.property(caseArb, (c) => {
      const next = mulberry32(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const start = Math.floor(next() * cells.length), goal = Math.floor(next() * cells.length);
      cells[start] = 0;
      cells[goal] = 0;
      const grid = new Grid(c.width, c.height, cells, { diagonalRule: c.rule, diagonalCost: c.diagonalCost, cellSize: c.cellSize });
      const ref = astar(grid, start, goal, octile(grid));
      const s = new JumpPointSearcher(grid);
      const status = s.search(start, goal);
      expect(status).toBe(ref.status);
      if (status !== 'found') { unreachable++; return; }
      found++;
      expect(sameCost(s.cost, ref.cost)).toBe(true);
      const len = s.pathInto(buf);
      const w = walk(grid, buf, len, start, goal);
      if (typeof w === 'string') throw new Error(w);
      expect(sameCost(w, s.cost)).toBe(true);
      expect(s.path()).toEqual(Array.from(buf.subarray(0, len)));
      // The sparse path is a subsequence of the full one, ends included.
      const jp = s.jumpPoints()!;
      expect(jp[0]).toBe(start);
      expect(jp[jp.length - 1]).toBe(goal);
      let at = 0;
      for (const p of jp) { while (at < len && buf[at] !== p) at++; expect(at).toBeLessThan(len); }
    }),
    { seed: Number(process.env.JPS_SEED ?? 20240601), numRuns: Number(process.env.JPS_RUNS ?? 300) },
  );
  // Both outcomes must really occur, or half of the property is untested.
  expect(found).toBeGreaterThan(150);
  expect(unreachable).toBeGreaterThan(5);
});

test('jps: diagonal costs at both ends of [1, 2] (1 and 2, where the pruning rules meet ties) give A*\'s cost on 400 seeded grids', () => {
  let found = 0;
  fc.assert(
    fc.property(caseArb, fc.constantFrom(1, 2), (c, diagonalCost) => {
      const next = mulberry32(c.seed);
      const cells = new Uint8Array(c.width * c.height);
      for (let i = 0; i < cells.length; i++) cells[i] = next() < c.density ? 1 : 0;
      const start = Math.floor(next() * cells.length), goal = Math.floor(next() * cells.length);
      cells[start] = 0;
      cells[goal] = 0;
      const grid = new Grid(c.width, c.height, cells, { diagonalRule: c.rule, diagonalCost, cellSize: c.cellSize });
      const ref = astar(grid, start, goal, octile(grid));
      const s = new JumpPointSearcher(grid);
      expect(s.search(start, goal)).toBe(ref.status);
      if (ref.status !== 'found') return;
      found++;
      expect(sameCost(s.cost, ref.cost)).toBe(true);
      const p = s.path()!;
      const w = walk(grid, p, p.length, start, goal);
      if (typeof w === 'string') throw new Error(w);
      expect(sameCost(w, s.cost)).toBe(true);
    }),
    { seed: 20261205, numRuns: 400 },
  );
  expect(found).toBeGreaterThan(200);
});

test('JumpHeap pops by f, then smaller h, growing past its capacity', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 })), { maxLength: 200 }), (keys) => {
      const heap = new JumpHeap(4);
      keys.forEach(([f, h], i) => heap.push(i, f, h));
      const popped: [number, number][] = [];
      while (heap.length > 0) {
        const [f, h] = keys[heap.topNode()];
        expect(heap.topF()).toBe(f);
        popped.push([f, h]);
        heap.pop();
      }
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(popped).toEqual(sorted);
    }),
    { seed: 7, numRuns: 200 },
  );
});

// --- small cases ---------------------------------------------------------------

test('jps: start = goal is found at cost 0 with a one-cell path', () => {
  const grid = Grid.fromAscii(['...', '.#.', '...']);
  const s = new JumpPointSearcher(grid);
  expect(s.search(4 - 4, 0)).toBe('found');
  expect(s.cost).toBe(0);
  expect(s.path()).toEqual([0]);
  expect(s.jumpPoints()).toEqual([0]);
  expect(s.expansions).toBe(1);
  const buf = new Int32Array(1);
  expect(s.pathInto(buf)).toBe(1);
  expect(buf[0]).toBe(0);
});

test('jps: a walled-off goal is unreachable, with no path, under both rules', () => {
  // The goal at the bottom right sits behind a diagonal wall; corner cutting slips through it, no-corner-cutting does not.
  const rows = ['....', '...#', '..#.'];
  const nc = new JumpPointSearcher(Grid.fromAscii(rows));
  expect(nc.search(0, 11)).toBe('unreachable');
  expect(nc.cost).toBe(Infinity);
  expect(nc.path()).toBeNull();
  expect(nc.jumpPoints()).toBeNull();
  expect(nc.pathInto(new Int32Array(12))).toBe(0);
  const cut = new JumpPointSearcher(Grid.fromAscii(rows, { diagonalRule: 'always' }));
  expect(cut.search(0, 11)).toBe('found');
  // Octile distance: squeezing between the two blocked cells is legal when corners may be cut.
  expect(cut.cost).toBeCloseTo(1 + 2 * Math.SQRT2, 12);
  const p = cut.path()!;
  expect(walk(cut.grid, p, p.length, 0, 11)).toBeCloseTo(cut.cost, 12);
  // Fully enclosed: the open set runs dry.
  const box = new JumpPointSearcher(Grid.fromAscii(['.....', '.###.', '.#.#.', '.###.', '.....'], { diagonalRule: 'always' }));
  expect(box.search(0, 12)).toBe('unreachable');
});

test('jps: the sparse path of an open room is start, one turn, goal; the full path fills the runs in', () => {
  const grid = new Grid(10, 6);
  const s = new JumpPointSearcher(grid);
  // (0,0) -> (9,3): three diagonal steps SE, then six east.
  expect(s.search(0, grid.id(9, 3))).toBe('found');
  expect(s.jumpPoints()).toEqual([0, grid.id(3, 3), grid.id(9, 3)]);
  expect(s.path()).toEqual([0, 11, 22, 33, 34, 35, 36, 37, 38, 39]);
  expect(s.cost).toBeCloseTo(3 * Math.SQRT2 + 6, 12);
  expect(s.expansions).toBe(3);
});

test('jps: errors name the problem', () => {
  const ok = Grid.fromAscii(['..#', '...']);
  expect(() => new JumpPointSearcher(ok.with({ connectivity: 4 }))).toThrow(/8-connected grid with diagonalRule 'no-corner-cutting' or 'always', got 4-connected/);
  expect(() => new JumpPointSearcher(ok.with({ diagonalRule: 'at-most-one-blocked' }))).toThrow(/got 8-connected with 'at-most-one-blocked'/);
  expect(() => new JumpPointSearcher(ok.with({ diagonalRule: 'never' }))).toThrow(RangeError);
  expect(() => new JumpPointSearcher(ok.with({ blocked: { enterCost: 10000 } }))).toThrow(/blocked: 'delete'.*enterCost 10000/);
  expect(() => new JumpPointSearcher(ok.with({ diagonalCost: 2.5 }))).toThrow(/JumpPointSearcher: needs 1 <= diagonalCost <= 2 .*got 2\.5; use GridSearcher/);
  expect(() => new JumpPointSearcher(ok.with({ diagonalCost: 0.9 }))).toThrow(InputError);
  expect(() => new JumpPointSearcher(ok.with({ connectivity: 4 }))).toThrow(InputError);
  expect(() => new JumpPointSearcher(null as unknown as Grid)).toThrow(/JumpPointSearcher: needs a Grid, got null/);
  const s = new JumpPointSearcher(ok);
  expect(() => s.search(2, 0)).toThrow(/start \(2,0\).*blocked/);
  expect(() => s.search(0, 6)).toThrow(/goal must be a cell id in 0\.\.5/);
  expect(() => s.search(-1, 0)).toThrow(RangeError);
  expect(() => s.search(0.5, 0)).toThrow(RangeError);
  expect(() => s.search(0, 5, { limits: { maxExpansions: -1 } })).toThrow(/maxExpansions must be a number >= 0/);
  expect(() => s.search(0, 5, { limits: { maxExpansions: Number.NaN } })).toThrow(InputError);
  expect(() => s.search(0, 5, { limits: { maxExpansions: '5' as unknown as number } })).toThrow(/maxExpansions must be a number >= 0, got "5"/);
  expect(() => s.search(0, 5, { trace: 'yes' as unknown as boolean })).toThrow(/trace must be true or false, got "yes"/);
  expect(() => s.search(0, 5, 7 as unknown as object)).toThrow(/options must be an object, got 7/);
  expect(() => s.search(2, 0)).toThrow(InputError);
  expect(s.search(0, 5)).toBe('found');
  expect(() => s.pathInto(new Int32Array(1))).toThrow(/pathInto: the buffer holds 1 cells, the path has 3/);
  expect(() => s.pathInto(new Int32Array(1))).toThrow(InputError);
});

test('jps: limits.maxExpansions stops it (status stopped, reason max-expansions) with no path', () => {
  const grid = Grid.fromAscii(['..........', '.########.', '.#......#.', '.#.####.#.', '...#......']);
  const s = new JumpPointSearcher(grid);
  expect(s.search(0, 22)).toBe('found');
  const full = s.expansions;
  expect(full).toBeGreaterThan(2);
  expect(s.search(0, 22, { limits: { maxExpansions: full - 1 } })).toBe('stopped');
  expect(s.expansions).toBe(full - 1);
  expect(s.reason).toBe('max-expansions');
  expect(s.cost).toBe(Infinity);
  expect(s.path()).toBeNull();
  expect(s.search(0, 22, { limits: { maxExpansions: full } })).toBe('found');
});

test('jps: the trace lists jump points as pops and pushes in grid ids, consistent with the counters', () => {
  const grid = Grid.fromAscii(['......', '..##..', '..#...', '......']);
  const s = new JumpPointSearcher(grid);
  const h = octile(grid);
  expect(s.search(grid.id(0, 2), grid.id(5, 1), { trace: true })).toBe('found');
  const t = s.trace!;
  expect(t.tieBreak).toBe('h');
  expect(t.pops.length).toBe(s.expansions);
  expect(t.pushes.length).toBe(s.pushes);
  expect(t.pushes[0]).toMatchObject({ node: grid.id(0, 2), parent: -1, g: 0, kind: 'new', during: -1, seq: 0 });
  for (const p of t.pops) {
    expect(p.h).toBeCloseTo(h(p.node, grid.id(5, 1)), 12);
    expect(p.f).toBeCloseTo(p.g + p.h, 12);
    expect(grid.cells[p.node]).toBe(0);
  }
  // f never decreases along the pops (consistent heuristic), and the last pop is the goal at the path's cost.
  for (let i = 1; i < t.pops.length; i++) expect(t.pops[i].f).toBeGreaterThanOrEqual(t.pops[i - 1].f - 1e-9);
  const last = t.pops[t.pops.length - 1];
  expect(last.node).toBe(grid.id(5, 1));
  expect(last.g).toBe(s.cost);
  expect(last.depth).toBe(s.jumpPoints()!.length - 1);
  // Every push is during a pop that happened, with the parent being that pop's node.
  for (const p of t.pushes.slice(1)) expect(p.parent).toBe(t.pops[p.during].node);
  // Without trace: null.
  s.search(0, 5);
  expect(s.trace).toBeNull();
});

test('jps: one searcher answers many queries; edits through the grid are seen at the next query', () => {
  const grid = new Grid(12, 12);
  const s = new JumpPointSearcher(grid);
  const a = grid.id(0, 5), b = grid.id(11, 5);
  expect(s.search(a, b)).toBe('found');
  expect(s.cost).toBe(11);
  // A wall down column 6 with one gap at the bottom, made through the grid: the next
  // query sees the grid's version move and reloads its copy by itself.
  for (let y = 0; y < 11; y++) grid.setBlocked(grid.id(6, y), true);
  expect(s.search(a, b)).toBe('found');
  expect(s.cost).toBeGreaterThan(11);
  expect(s.cost).toBeCloseTo(astar(grid, a, b, octile(grid)).cost, 12);
  // Close the gap, then open one at the top.
  grid.setBlocked(grid.id(6, 11), true);
  expect(s.search(a, b)).toBe('unreachable');
  grid.setBlocked(grid.id(6, 0), false);
  expect(s.search(a, b)).toBe('found');
  const p = s.path()!;
  expect(walk(grid, p, p.length, a, b)).toBeCloseTo(s.cost, 12);
  expect(s.cost).toBeCloseTo(astar(grid, a, b, octile(grid)).cost, 12);
  // Writing cells directly, announced with touch() as `cells` requires.
  grid.cells[grid.id(6, 0)] = 1;
  grid.touch();
  expect(s.search(a, b)).toBe('unreachable');
  grid.setBlocked(grid.id(6, 0), false);
  expect(s.search(a, b)).toBe('found');
  // The one-shot wrapper agrees.
  expect(jps(grid, a, b).cost).toBe(s.cost);
  expect(jps(grid, a, b).path).toEqual(p);
});
