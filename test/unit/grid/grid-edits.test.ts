// Every copy of the raster (the fast path's move masks, JPS's bit rows) follows
// the grid's edits, however they are made, and answers as the generic engine
// (which reads the grid live) does after each of them.
import { describe, expect, test } from 'vitest';
import { Searcher, InputError, Grid, type DiagonalRule, type GridOptions, GridSearcher, octile, JumpPointSearcher } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';
import { CHANGE_LOG_SIZE, IndexedGridHeap, mulberry32 } from '#bestfirst/internal';

type Copy = GridSearcher | JumpPointSearcher;

/** The searchers that copy the raster (two of the fast path, made at different times), JPS only where it applies. */
function copies(grid: Grid): Copy[] {
  const out: Copy[] = [new GridSearcher(grid), new GridSearcher(grid)];
  if (grid.connectivity === 8 && (grid.diagonalRule === 'no-corner-cutting' || grid.diagonalRule === 'always') && grid.diagonalCost >= 1 && grid.diagonalCost <= 2) {
    out.push(new JumpPointSearcher(grid));
  }
  return out;
}

/** Asserts that every copy answers start -> goal as the engine does on the grid as it is now. */
function agree(grid: Grid, searchers: Copy[], start: number, goal: number, where: string): void {
  const slow = new Searcher(grid);
  const status = slow.search(start, goal, { heuristic: octile(grid) });
  const buf = new Int32Array(grid.size);
  for (const s of searchers) {
    const name = `${where}: ${s.constructor.name} ${grid.formatXY(start)} -> ${grid.formatXY(goal)}`;
    expect(s.search(start, goal), name).toBe(status);
    if (status !== 'found') continue;
    if (s instanceof JumpPointSearcher) expect(Math.abs(s.cost - slow.cost), name).toBeLessThanOrEqual(1e-9 * Math.max(1, slow.cost));
    else {
      // The fast path is the engine, loop for loop: same cost and work, to the bit.
      expect(s.cost, name).toBe(slow.cost);
      expect(s.expansions, name).toBe(slow.expansions);
    }
    const check = checkPath(grid, buf, start, goal, s.pathInto(buf));
    expect(check.ok, `${name}: ${check.ok ? '' : check.reason}`).toBe(true);
  }
}

test('regression: a GridSearcher made before grid.setBlocked walled a 5 x 3 grid off went through the wall', () => {
  const grid = new Grid(5, 3);
  const searchers = copies(grid);
  const a = grid.id(0, 1), b = grid.id(4, 1);
  for (const s of searchers) expect(s.search(a, b)).toBe('found');
  for (let y = 0; y < 3; y++) grid.setBlocked(grid.id(2, y), true);
  // It said found, cost 4, along row 1 through (2,1); the engine and JPS said unreachable.
  for (const s of searchers) {
    expect(s.search(a, b)).toBe('unreachable');
    expect(s.cost).toBe(Infinity);
    expect(s.path()).toBeNull();
  }
  agree(grid, searchers, a, b, 'walled');
  // And back: freeing one cell opens the way again, through that cell.
  grid.setBlocked(grid.id(2, 0), false);
  agree(grid, searchers, a, b, 'gap at the top');
  expect(searchers[0].path()).toContain(grid.id(2, 0));
});

test('three searchers on one grid each see the edits made through the grid between their queries', () => {
  const grid = Grid.fromAscii(['........', '........', '........', '........']);
  const [fast, second, jump] = copies(grid) as [GridSearcher, GridSearcher, JumpPointSearcher];
  const a = grid.id(0, 0), b = grid.id(7, 3);
  for (const s of [fast, second, jump]) s.search(a, b);
  // A wall at x = 3 with a gap at the bottom, built in three steps with queries between.
  grid.setBlocked(grid.id(3, 0), true);
  fast.search(a, b);
  grid.setBlocked(grid.id(3, 1), true);
  second.search(a, b);
  grid.setBlocked(grid.id(3, 2), true);
  expect(grid.toAscii()).toEqual(['...#....', '...#....', '...#....', '........']);
  agree(grid, [fast, second, jump], a, b, 'wall with a gap');
  // The gap closed: all three see it.
  grid.setBlocked(grid.id(3, 3), true);
  agree(grid, [fast, second, jump], a, b, 'closed');
  expect(fast.status).toBe('unreachable');
  // Reopened at the top.
  grid.setBlocked(grid.id(3, 0), false);
  agree(grid, [fast, second, jump], a, b, 'reopened');
  expect(fast.path()).toContain(grid.id(3, 0));
});

test('writing cells then touch(): every copy reloads; touch(cells) patches just those', () => {
  const grid = new Grid(6, 4);
  const searchers = copies(grid);
  const a = grid.id(0, 0), b = grid.id(5, 0);
  agree(grid, searchers, a, b, 'open');
  for (let y = 0; y < 4; y++) grid.cells[grid.id(3, y)] = 1;
  grid.touch();
  agree(grid, searchers, a, b, 'after touch()');
  expect(searchers[0].status).toBe('unreachable');
  grid.cells[grid.id(3, 2)] = 0;
  grid.touch([grid.id(3, 2)]);
  agree(grid, searchers, a, b, 'after touch([cell])');
  expect(searchers[0].status).toBe('found');
  expect(searchers[0].path()).toContain(grid.id(3, 2));
});

test('more edits between two queries than the log holds: the copies reload in full and stay right', () => {
  const grid = new Grid(40, 40);
  const searchers = copies(grid);
  const a = 0, b = grid.size - 1;
  agree(grid, searchers, a, b, 'open');
  const since = grid.version;
  // Toggle cells many times over, ending with a maze-like pattern (every cell set at least once).
  const next = mulberry32(99);
  for (let i = 0; i < CHANGE_LOG_SIZE + 500; i++) {
    const n = 1 + Math.floor(next() * (grid.size - 2));
    grid.setBlocked(n, next() < 0.35);
  }
  expect(grid.changesSince(since)).toBe(-1); // the log no longer reaches back: a full reload is the only way
  agree(grid, searchers, a, b, 'after many edits');
  // A few more: now within the log again, patched.
  const v = grid.version;
  for (const n of [41, 42, 43]) grid.setBlocked(n, !grid.cells[n]);
  expect(grid.changesSince(v)).toBe(3);
  agree(grid, searchers, a, b, 'after a few more');
});

describe('Grid.catchUp: patch what the log names, reload when it cannot', () => {
  const counting = (grid: Grid, since: number) => {
    const patched: number[] = [];
    let reloads = 0;
    const now = grid.catchUp(since, (n) => patched.push(n), () => reloads++);
    return { now, patched, reloads };
  };
  test('in sync: nothing; after setBlocked: each changed cell, oldest first; after touch(): one reload', () => {
    const grid = new Grid(10, 10);
    expect(counting(grid, 0)).toEqual({ now: 0, patched: [], reloads: 0 });
    grid.setBlocked(5, true);
    grid.setBlocked(17, true);
    grid.setBlocked(5, false);
    expect(counting(grid, 0)).toEqual({ now: 3, patched: [5, 17, 5], reloads: 0 });
    expect(counting(grid, 2)).toEqual({ now: 3, patched: [5], reloads: 0 });
    grid.touch([40, 41]);
    expect(counting(grid, 3)).toEqual({ now: 5, patched: [40, 41], reloads: 0 });
    grid.touch();
    expect(counting(grid, 5)).toEqual({ now: 6, patched: [], reloads: 1 });
    expect(counting(grid, 3)).toEqual({ now: 6, patched: [], reloads: 1 });
    grid.setBlocked(1, true);
    expect(counting(grid, 6)).toEqual({ now: 7, patched: [1], reloads: 0 });
  });
  test('when patching would redo more than every cell, it reloads', () => {
    const grid = new Grid(3, 3);
    grid.setBlocked(4, true);
    expect(counting(grid, 0).reloads).toBe(1); // 1 change * 9 cells >= 9 cells
    const big = new Grid(10, 10);
    for (let i = 0; i < 11; i++) big.setBlocked(i, true);
    expect(counting(big, 0).reloads).toBe(0); // 99 < 100
    big.setBlocked(11, true);
    expect(counting(big, 0).reloads).toBe(1); // 108 >= 100
  });
  test('a version from another grid or the future is not trusted', () => {
    const grid = new Grid(10, 10);
    grid.setBlocked(1, true);
    expect(grid.changesSince(5)).toBe(-1);
    expect(grid.changesSince(-1)).toBe(-1);
    expect(grid.changesSince(0.5)).toBe(-1);
  });
});

test('version: one per setBlocked, one per touched cell, one per touch(); validated before it moves', () => {
  const grid = new Grid(4, 4);
  grid.setBlocked(3, true);
  grid.setBlocked(3, true); // no change to the cell, still a change announced
  expect(grid.version).toBe(2);
  grid.touch([1, 2, 3]);
  expect(grid.version).toBe(5);
  grid.touch([]);
  expect(grid.version).toBe(5);
  grid.touch();
  expect(grid.version).toBe(6);
  expect(() => grid.touch([1, 16])).toThrow(InputError);
  expect(() => grid.touch([1, 16])).toThrow(/touch: cells\[1\] must be an id in 0\.\.15 of the 4 x 4 grid, got 16/);
  expect(() => grid.touch('1' as unknown as number[])).toThrow(/touch: cells must be an array of cell ids, got "1"/);
  expect(() => grid.setBlocked(16, true)).toThrow(InputError);
  expect(() => grid.setBlocked(1, 1 as unknown as boolean)).toThrow(/setBlocked: blocked must be true or false, got 1/);
  expect(grid.version).toBe(6);
  // A touch() of more cells than the log holds is a full one.
  const many = new Grid(100, 100);
  many.touch(Array.from({ length: CHANGE_LOG_SIZE + 1 }, (_, i) => i));
  expect(many.changesSince(0)).toBe(-1);
});

describe('a seeded random sequence of edits and queries: every copy agrees with the engine after every edit', () => {
  const shapes: { name: string; options: GridOptions }[] = [];
  for (const rule of ['no-corner-cutting', 'always', 'at-most-one-blocked', 'never'] as DiagonalRule[]) shapes.push({ name: rule, options: { diagonalRule: rule } });
  shapes.push({ name: '4-connected', options: { connectivity: 4 } });
  shapes.push({ name: 'diagonal 1.4, cell 0.5', options: { diagonalRule: 'always', diagonalCost: 1.4, cellSize: 0.5 } });
  shapes.push({ name: 'diagonal 0.5', options: { diagonalCost: 0.5 } });
  shapes.push({ name: 'diagonal 2 (JPS at its upper end)', options: { diagonalCost: 2 } });
  for (const shape of shapes) {
    test(shape.name, () => {
      const next = mulberry32(20261202 + shapes.indexOf(shape));
      const pick = (k: number) => Math.floor(next() * k);
      let queries = 0, unreachable = 0, reloads = 0;
      for (let round = 0; round < 6; round++) {
        const w = 3 + pick(18), h = 3 + pick(14);
        const cells = Array.from({ length: w * h }, () => (next() < 0.25 ? 1 : 0));
        const grid = new Grid(w, h, cells, shape.options);
        const searchers = copies(grid);
        for (let step = 0; step < 40; step++) {
          // One edit, made one of five ways.
          const how = pick(5), n = pick(grid.size), to = next() < 0.4;
          if (how === 0) grid.setBlocked(n, to);
          else if (how === 1) { grid.setBlocked(n, !to); grid.setBlocked(n, to); }
          else if (how === 2) { grid.cells[n] = to ? 1 : 0; grid.touch([n]); }
          else if (how === 3) {
            // A burst: several cells written, then one touch() for all.
            for (let i = 0; i < 5; i++) grid.cells[pick(grid.size)] = next() < 0.4 ? 1 : 0;
            grid.touch();
            reloads++;
          } else for (let i = 0; i < 3; i++) grid.setBlocked(pick(grid.size), next() < 0.4);
          // A query or two between edits, on free cells.
          for (let q = 0; q < 2; q++) {
            const a = pick(grid.size), b = pick(grid.size);
            if (grid.cells[a] || grid.cells[b]) continue;
            agree(grid, searchers, a, b, `round ${round} step ${step}`);
            queries++;
            if (searchers[0].status === 'unreachable') unreachable++;
          }
        }
      }
      // Both outcomes and both ways of catching up really occurred.
      expect(queries).toBeGreaterThan(150);
      expect(unreachable).toBeGreaterThan(5);
      expect(queries - unreachable).toBeGreaterThan(100);
      expect(reloads).toBeGreaterThan(10);
    });
  }
});

test('regression: the indexed open list restarting its stamps no longer takes every cell for closed', () => {
  // Once in ~2^31 / peak queries the heap refills its state with 0 and restarts
  // the base; at base 1 the closed mark (base - 1) was 0 too, so the query after
  // the refill found every cell closed and called a reachable goal unreachable.
  const heap = new IndexedGridHeap(10);
  heap.base = 0x7ffffff0 - 10 - 1;
  heap.newQuery();
  expect(heap.state[5]).toBeLessThan(heap.base - 1); // unseen, not closed
  const grid = Grid.fromAscii(['......', '.####.', '......']);
  const s = new GridSearcher(grid);
  s.search(0, 17);
  (s as unknown as { heap: IndexedGridHeap }).heap.base = 0x7ffffff0 - grid.size - 1;
  agree(grid, [s], 0, 17, 'after the refill');
  expect(s.status).toBe('found');
  agree(grid, [s], 12, 5, 'the query after');
});
