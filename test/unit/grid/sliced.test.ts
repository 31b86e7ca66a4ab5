// Every search of the registry (GRID_ALGORITHMS: the one findPath, the command
// line and the benchmark read), and the searchers of other spaces, run a query
// in slices (begin, advance) to the one-shot answer bit for bit; an aborted
// signal, a time limit of 0 and cancel() end a query as stopped with their
// reason, and leave the searcher answering the next query as a fresh one.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, Graph, Searcher, octile, type GridAlgorithmName, type PathSearcher, type SearchStatus } from '#bestfirst';
import { GRID_ALGORITHMS } from '#bestfirst/grid';

import { mulberry32 } from '#bestfirst/internal';
import { blockCase, blockGrid } from '../../support/random-grid.js';

/** Everything a query's caller can read, to compare two runs of it. */
function answer(s: PathSearcher, status: SearchStatus | 'running') {
  return { status, field: s.status, reason: s.reason, cost: s.cost, expansions: s.expansions, pushes: s.pushes, reopenings: s.reopenings, partial: s.partial, path: s.path() };
}

/** One query in slices of `size` expansions (a fresh size each slice when `size` is a generator); returns the answer and the slice count. */
function inSlices(s: PathSearcher, start: number, goal: number, options: object, size: () => number) {
  s.begin(start, goal, options);
  expect(s.running || s.status !== 'running').toBe(true);
  let slices = 0, status: SearchStatus | 'running' = 'running';
  while (status === 'running') {
    status = s.advance({ maxExpansions: size() });
    slices++;
    expect(slices, 'a sliced query that never ends').toBeLessThan(1e6);
  }
  expect(s.running).toBe(false);
  return { answer: answer(s, status), slices };
}

const GRID_ALGORITHM_NAMES = Object.keys(GRID_ALGORITHMS) as GridAlgorithmName[];

describe('every registry search: sliced equals one-shot, and the limits end it as stopped', () => {
  const grids = fc.sample(blockCase(48, 0.35), { seed: 20261205, numRuns: 12 }).map((c) => blockGrid(c, {}));
  for (const name of GRID_ALGORITHM_NAMES) {
    const entry = GRID_ALGORITHMS[name];
    test(name, () => {
      let queries = 0, multiSlice = 0;
      for (const base of grids) {
        const grid = entry.connectivity === 4 ? base.with({ connectivity: 4 }) : base;
        const one = entry.create(grid), sliced = entry.create(grid);
        const options = entry.queryOptions(grid, entry.takesEps ? 1.5 : undefined);
        const free = grid.cells.reduce<number[]>((acc, c, i) => (c === 0 ? [...acc, i] : acc), []);
        if (free.length < 2) continue;
        const next = mulberry32(queries + 7);
        for (let q = 0; q < 6; q++) {
          const start = free[Math.floor(next() * free.length)], goal = free[Math.floor(next() * free.length)];
          const whole = answer(one, one.search(start, goal, options));
          for (const size of [() => 1, () => 3, () => 1 + Math.floor(next() * 9)]) {
            const { answer: got, slices } = inSlices(sliced, start, goal, options, size);
            expect(got, `${name} ${grid.formatXY(start)} -> ${grid.formatXY(goal)} in slices`).toEqual(whole);
            if (slices > 2) multiSlice++;
          }
          // An aborted signal: stopped before the first expansion, and nothing stale to read.
          const c = new AbortController();
          c.abort();
          const st = sliced.search(start, goal, { ...options, limits: { signal: c.signal } });
          if (sliced.expansions > 0 || st !== 'stopped') {
            // Only a query decided without expanding (the subgoal searches' direct sight) ends otherwise.
            expect([st, sliced.expansions]).toEqual([whole.status, 0]);
          } else {
            expect([sliced.reason, sliced.cost, sliced.path()]).toEqual(['aborted', Infinity, null]);
          }
          // A time limit of 0 ms: stopped at the first look at the clock, before any expansion.
          const t = sliced.search(start, goal, { ...options, limits: { maxMillis: 0 } });
          if (t === 'stopped') expect([sliced.reason, sliced.expansions]).toEqual(['max-millis', 0]);
          // Aborted half-way, and cancelled half-way: stopped, then the next query answers as a fresh one.
          if (whole.expansions > 4) {
            const mid = new AbortController();
            sliced.begin(start, goal, { ...options, limits: { signal: mid.signal } });
            expect(sliced.advance({ maxExpansions: 2 })).toBe('running');
            mid.abort();
            expect(sliced.advance()).toBe('stopped');
            expect([sliced.reason, sliced.expansions]).toEqual(['aborted', 2]);
            sliced.begin(start, goal, options);
            sliced.advance({ maxExpansions: 3 });
            sliced.cancel();
            expect([sliced.status, sliced.reason, sliced.running, sliced.expansions]).toEqual(['stopped', 'aborted', false, 3]);
            expect(sliced.advance()).toBe('stopped');
            expect(answer(sliced, sliced.search(start, goal, options))).toEqual(whole);
          }
          queries++;
        }
      }
      expect(queries).toBeGreaterThan(40);
      // The slices really cut queries (each size counts once per query it cut in more than two).
      expect(multiSlice).toBeGreaterThan(10);
    });
  }

  test('result() of a running query is refused, and a query begun anew drops the running one', () => {
    const grid = blockGrid(fc.sample(blockCase(20, 0.2), { seed: 3, numRuns: 1 })[0], {});
    const s = GRID_ALGORITHMS.astar.create(grid);
    const free = grid.cells.indexOf(0), last = grid.cells.lastIndexOf(0);
    s.begin(free, last);
    expect(s.advance({ maxExpansions: 1 })).toBe('running');
    expect(() => s.result()).toThrow(/still running/);
    expect(s.path()).toBeNull();
    s.begin(free, free);
    expect(s.advance()).toBe('found');
    expect(s.path()).toEqual([free]);
    // A bad slice is refused and leaves the query as it was.
    s.begin(free, last);
    expect(() => s.advance({ maxExpansions: -1 })).toThrow(/advance: slice.maxExpansions must be a number >= 0, got -1/);
    expect(() => s.advance({ steps: 1 } as never)).toThrow(/unknown limit "steps"/);
    expect(s.running).toBe(true);
    expect(s.advance()).toBe(s.search(free, last));
  });

  test('an edit of the grid between two slices of a query is refused, the query ended, and the next one answered', () => {
    let refused = 0;
    for (const name of GRID_ALGORITHM_NAMES) {
      const entry = GRID_ALGORITHMS[name];
      const base = blockGrid(fc.sample(blockCase(40, 0.2), { seed: 11, numRuns: 1 })[0], {});
      const grid = entry.connectivity === 4 ? base.with({ connectivity: 4 }) : base;
      const s = entry.create(grid), options = entry.queryOptions(grid);
      const free = grid.cells.reduce<number[]>((acc, c, i) => (c === 0 ? [...acc, i] : acc), []);
      const a = free[0], b = free[free.length - 1];
      s.begin(a, b, options);
      if (s.advance({ maxExpansions: 1 }) !== 'running') continue; // decided at once (direct sight): nothing to refuse
      const wall = free[Math.floor(free.length / 2)];
      grid.setBlocked(wall, true);
      expect(() => s.advance(), name).toThrow(/edited since this query began; begin it again/);
      expect([s.running, s.path()], name).toEqual([false, null]);
      refused++;
      const fresh = entry.create(grid);
      expect(s.search(a, b, options), name).toBe(fresh.search(a, b, options));
      expect(s.cost, name).toBe(fresh.cost);
      grid.setBlocked(wall, false);
    }
    // Every search of the registry met the case (none decided its query before the first slice).
    expect(refused).toBe(GRID_ALGORITHM_NAMES.length);
  });

  test('a limits option that is not one is an InputError naming it, and changes nothing', () => {
    const grid = blockGrid(fc.sample(blockCase(10, 0.1), { seed: 4, numRuns: 1 })[0], {});
    const s = GRID_ALGORITHMS.jps.create(grid);
    const a = grid.cells.indexOf(0), b = grid.cells.lastIndexOf(0);
    const status = s.search(a, b);
    for (const [limits, message] of [
      [5, /limits: options must be an object, got 5/],
      [{ signal: {} }, /limits.signal must be an AbortSignal, got \{\}/],
      [{ maxMillis: -1 }, /limits.maxMillis must be a number >= 0, got -1/],
      [{ maxExpansion: 3 }, /unknown limit "maxExpansion" \(allowed: maxExpansions, maxMillis, signal\)/],
    ] as const) {
      expect(() => s.search(a, b, { limits } as never)).toThrow(message);
      expect(s.status).toBe(status);
    }
  });
});

describe('the searchers of any space run in slices too', () => {
  const next = mulberry32(20261205);
  const n = 60;
  const edges: [number, number, number][] = [];
  for (let i = 0; i < 4 * n; i++) edges.push([Math.floor(next() * n), Math.floor(next() * n), [0, 1, 1.5, 2, 7][Math.floor(next() * 5)]]);
  const graph = new Graph(n, edges, { directed: true });
  const makers: [string, () => PathSearcher, object][] = [
    ['Searcher (Dijkstra)', () => new Searcher(graph), {}],
    ['BidirectionalSearcher', () => new BidirectionalSearcher(graph), {}],
    ['ContractionHierarchy', () => new ContractionHierarchy(graph), {}],
  ];
  for (const [name, make, options] of makers) {
    test(name, () => {
      const one = make(), sliced = make();
      let stopped = 0;
      for (let start = 0; start < n; start += 7) {
        for (let goal = 1; goal < n; goal += 11) {
          const whole = answer(one, one.search(start, goal, options));
          expect(inSlices(sliced, start, goal, options, () => 2).answer, `${name} ${start} -> ${goal}`).toEqual(whole);
          const c = new AbortController();
          c.abort();
          if (sliced.search(start, goal, { ...options, limits: { signal: c.signal } }) === 'stopped') stopped++;
        }
      }
      expect(stopped).toBeGreaterThan(10);
    });
  }

  test('a grid searched by the engine with its heuristic: sliced with a trace, the trace is the one-shot trace', () => {
    const grid = blockGrid(fc.sample(blockCase(16, 0.3), { seed: 9, numRuns: 1 })[0], {});
    const one = new Searcher(grid), sliced = new Searcher(grid);
    const a = grid.cells.indexOf(0), b = grid.cells.lastIndexOf(0);
    const options = { heuristic: octile(grid), trace: true };
    one.search(a, b, options);
    sliced.begin(a, b, options);
    while (sliced.advance({ maxExpansions: 1 }) === 'running');
    expect(sliced.trace).toEqual(one.trace);
    expect(sliced.result()).toEqual(one.result());
  });
});
