// GridSearcher's unweighted loop as WebAssembly (src/grid/fast/grid-kernel.ts,
// issue 36): the committed bytes are what the source compiles to, and on every
// kind of grid and query the kernel answers as the JS loop does, step for step
// (the same expansions, pushes and reopenings), in slices and while its open
// list grows (which replaces every view of its memory).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { Grid, GridSearcher, manhattan, octile, zero } from '#bestfirst';
import { chebyshev, landmarks } from '#bestfirst/grid';
import { setGridKernel } from '#bestfirst/internal';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEFAULTS = { enabled: true, minCells: 1024, capacity: 1 << 14 };

afterEach(() => setGridKernel(DEFAULTS));

test('src/grid/fast/grid-kernel-wasm.ts is what scripts/grid-kernel.as.ts compiles to (else: `npm run generate`)', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/grid-kernel.mjs'), '--check'], { encoding: 'utf8', cwd: ROOT });
  expect(r.status, r.stderr).toBe(0);
});

/** Whether a searcher made now runs the kernel (its memory is a WebAssembly memory, not an ArrayBuffer of its own). */
const onKernel = (s: GridSearcher) => (s as unknown as { kernel: unknown }).kernel !== null;

test('the kernel is used on grids of 1,024 cells or more, and not below, nor when it is switched off', () => {
  const big = new Grid(32, 32), small = new Grid(31, 33);
  expect(onKernel(new GridSearcher(big))).toBe(true);
  expect(onKernel(new GridSearcher(small))).toBe(false);
  setGridKernel({ enabled: false });
  expect(onKernel(new GridSearcher(big))).toBe(false);
});

const RULES = ['no-corner-cutting', 'always', 'never', 'at-most-one-blocked'] as const;

const cases = fc.record({
  w: fc.integer({ min: 2, max: 40 }), h: fc.integer({ min: 2, max: 40 }),
  density: fc.double({ min: 0, max: 0.45, noNaN: true }),
  bits: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 1600, maxLength: 1600 }),
  four: fc.boolean(), rule: fc.constantFrom(...RULES), diagonal: fc.constantFrom(Math.SQRT2, 1.4, 1, 2),
  queries: fc.array(fc.record({
    a: fc.nat(), b: fc.nat(), h: fc.nat(3), priority: fc.nat(5), fifo: fc.boolean(), reopen: fc.boolean(), slice: fc.nat(40),
  }), { minLength: 1, maxLength: 6 }),
});

test('on random grids of every kind, every priority, heuristic and tie rule, in slices: the kernel gives the JS loop\'s answers, expansions, pushes and reopenings, with its open list growing from 16 entries', () => {
  let grown = 0, sliced = 0, found = 0;
  fc.assert(fc.property(cases, (c) => {
    const rows = Array.from({ length: c.h }, (_, y) => Array.from({ length: c.w }, (_, x) => (c.bits[y * 40 + x] < c.density ? '#' : '.')).join(''));
    const grid = Grid.fromAscii(rows, c.four ? { connectivity: 4 } : { diagonalRule: c.rule, diagonalCost: c.diagonal });
    const free = [...grid.cells.keys()].filter((n) => grid.cells[n] === 0);
    if (free.length < 2) return;
    setGridKernel({ enabled: true, minCells: 0, capacity: 16 });
    const wasm = new GridSearcher(grid);
    setGridKernel({ enabled: false });
    const js = new GridSearcher(grid);
    expect([onKernel(wasm), onKernel(js)]).toEqual([true, false]);
    const lm = grid.size >= 4 ? landmarks(grid, { count: 2 }) : null;
    for (const q of c.queries) {
      const a = free[q.a % free.length], b = free[q.b % free.length];
      const hs = c.four ? [manhattan(grid), zero, manhattan(grid), zero] : [octile(grid), chebyshev(grid), zero, lm ?? zero];
      const priority = [undefined, { kind: 'sum' as const, eps: 0 }, { kind: 'sum' as const, eps: 1.5 }, { kind: 'sum' as const, eps: 3 }, { kind: 'heuristic-only' as const }, { kind: 'cost-to-come' as const }][q.priority];
      const options = { heuristic: hs[q.h], tieBreak: q.fifo ? 'fifo' as const : 'h' as const, reopen: q.reopen, ...(priority ? { priority } : {}) };
      const results = [wasm, js].map((s) => {
        s.begin(a, b, options);
        // Slices of a few expansions for some queries: the kernel stops and resumes mid-query.
        let st = s.advance(q.slice > 0 ? { maxExpansions: q.slice } : undefined);
        while (st === 'running') st = s.advance({ maxExpansions: q.slice });
        return { st, cost: s.cost, expansions: s.expansions, pushes: s.pushes, reopenings: s.reopenings, path: s.path(), gGoal: s.gOf(b), gStart: s.gOf(a) };
      });
      expect(results[0]).toEqual(results[1]);
      if (results[0].st === 'found') found++;
      if (q.slice > 0 && results[0].expansions > q.slice) sliced++;
      if (results[0].pushes > 16) grown++;
    }
  }), { numRuns: 300, seed: 20261206 });
  // The suite met the cases it is for.
  expect(found).toBeGreaterThan(300);
  expect(sliced).toBeGreaterThan(50);
  expect(grown).toBeGreaterThan(50);
});

test('a query whose open list outgrows the first room many times, then an edit and a query again: the same as the JS loop, read through the new views', () => {
  const rows = Array.from({ length: 120 }, (_, y) => Array.from({ length: 120 }, (_, x) => ((x * 7 + y * 13) % 11 === 5 ? '#' : '.')).join(''));
  const grid = Grid.fromAscii(rows);
  setGridKernel({ enabled: true, minCells: 0, capacity: 16 });
  const wasm = new GridSearcher(grid);
  setGridKernel({ enabled: false });
  const js = new GridSearcher(grid);
  let far = grid.size - 1;
  while (grid.cells[far] !== 0) far--;
  const run = () => [wasm, js].map((s) => [s.search(0, far, { priority: { kind: 'sum', eps: 0 } }), s.cost, s.expansions, s.pushes, s.path(), s.gOf(grid.size >> 1)]);
  const [a, b] = run();
  expect(a).toEqual(b);
  expect(a[2]).toBeGreaterThan(10_000);
  grid.setBlocked(grid.size >> 1, !grid.isBlocked(grid.size >> 1));
  const [c, d] = run();
  expect(c).toEqual(d);
});

test('when no WebAssembly memory can be had (a browser page past its ~120 live memories throws a RangeError), a GridSearcher takes the JS loop and answers as the kernel does', () => {
  const grid = new Grid(40, 40);
  for (let x = 5; x < 35; x++) grid.setBlocked(grid.id(x, 20), true);
  const withKernel = new GridSearcher(grid);
  const Memory = WebAssembly.Memory;
  // What Chromium does past its limit (measured: the 125th live memory of a page threw "could not allocate memory").
  (WebAssembly as { Memory: unknown }).Memory = function () { throw new RangeError('WebAssembly.Memory(): could not allocate memory'); };
  let without: GridSearcher;
  try {
    without = new GridSearcher(grid);
  } finally {
    (WebAssembly as { Memory: unknown }).Memory = Memory;
  }
  expect([onKernel(withKernel), onKernel(without)]).toEqual([true, false]);
  const answer = (s: GridSearcher) => [s.search(grid.id(20, 0), grid.id(20, 39)), s.cost, s.expansions, s.pushes, s.path()];
  expect(answer(without)).toEqual(answer(withKernel));
});
