// The grid fast path (GridSearcher, decrease-key) against the reference,
// reused across queries while the grid is edited in every supported way
// (grid.setBlocked, cells + touch()); two searchers on one grid, the second
// answering each query in slices of a few expansions (begin, advance).
import fc from 'fast-check';
import { afterAll, test } from 'vitest';
import { GridSearcher, type GridSearchOptions, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, zero, type Grid } from '#bestfirst';
import type { GridSearchBase } from '#bestfirst/internal';
import { referenceCost, Tally, type ReferenceGrid } from '../../support/reference.js';
import { checkAnswer, OPTIMAL, VALID, within, type Demand } from './check.js';
import { buildGrid, describeGrid, pickCell, refusal, runs, SEED, seededGrid, smallGrid, type GridWorld } from './worlds.js';

const tally = new Tally('grid-searchers');
afterAll(() => tally.report());

const DELETE = { enterCosts: [-1] };

/** Every knob of a grid search and what its answer must be. */
const CONFIGS: readonly [string, GridSearchOptions, Demand][] = [
  ['Dijkstra', { priority: COST_TO_COME }, OPTIMAL],
  ['Dijkstra, fifo ties', { priority: COST_TO_COME, tieBreak: 'fifo' }, OPTIMAL],
  ['A* octile', { priority: ASTAR }, OPTIMAL],
  ['A* octile, fifo ties', { priority: ASTAR, tieBreak: 'fifo' }, OPTIMAL],
  ['A* zero', { priority: ASTAR, heuristic: zero }, OPTIMAL],
  ['weighted A* 1.5', { priority: sum(1.5) }, within(1.5)],
  ['weighted A* 2 without reopening', { priority: sum(2), reopen: false }, within(2)],
  ['weighted A* 3 without reopening', { priority: sum(3), reopen: false }, within(3)],
  ['greedy', { priority: HEURISTIC_ONLY }, VALID],
];

function answer(s: GridSearchBase) {
  return { status: s.status, path: s.path(), cost: s.cost };
}

function query(who: string, searcher: GridSearchBase, grid: Grid, ref: ReferenceGrid, s: number, t: number, configs: readonly [string, GridSearchOptions, Demand][], slice = 0): void {
  const expected = referenceCost(ref, s, t);
  for (const [name, options, demand] of configs) {
    if (slice === 0) searcher.search(s, t, options);
    else {
      searcher.begin(s, t, options);
      while (searcher.advance({ maxExpansions: slice }) === 'running');
    }
    checkAnswer(`${who} ${name}: ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, answer(searcher), ref, grid, s, t, expected, demand);
    tally.add(who);
  }
}

/** Editing the world: how, which cell, blocked or free. */
type How = 'grid.setBlocked' | 'cells + touch';
type Op = { query: [number, number, number] } | { edit: [How, number, boolean] };
const HOWS: readonly How[] = ['grid.setBlocked', 'cells + touch'];
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ query: fc.tuple(fc.nat(), fc.nat(), fc.nat()) }), weight: 3 },
  { arbitrary: fc.record({ edit: fc.tuple(fc.constantFrom(...HOWS), fc.nat(), fc.boolean()) }), weight: 2 },
);

function runWorld(w: GridWorld, ops: Op[]): void {
  const { grid, ref } = buildGrid(w);
  const fast = new GridSearcher(grid), sliced = new GridSearcher(grid);
  for (const o of ops) {
    if ('edit' in o) {
      const [how, c, blocked] = o.edit;
      const n = c % ref.size;
      if (how === 'grid.setBlocked') grid.setBlocked(n, blocked);
      else { grid.cells[n] = blocked ? 1 : 0; grid.touch(); }
      ref.set(n, blocked);
      continue;
    }
    const [a, b, k] = o.query;
    const s = pickCell(ref, a), t = pickCell(ref, b);
    if (s < 0) continue;
    // A few knobs per query, a different few each time.
    const configs = [CONFIGS[k % CONFIGS.length], CONFIGS[(k + 3) % CONFIGS.length], CONFIGS[(k + 6) % CONFIGS.length]];
    query('GridSearcher', fast, grid, ref, s, t, configs);
    query('GridSearcher in slices', sliced, grid, ref, s, t, configs, 1 + (k % 5));
  }
}

test('grid searchers on grids of every option, one pair of searchers per grid across queries and edits', () => {
  fc.assert(fc.property(smallGrid(12, DELETE), fc.array(op, { minLength: 1, maxLength: 10 }), runWorld), { seed: SEED, numRuns: runs(6000) });
});

test('grid searchers on larger grids (up to 200 x 200), every knob', () => {
  fc.assert(
    fc.property(seededGrid(30, 200, DELETE), fc.nat(), fc.nat(), (w, a, b) => {
      const { grid, ref } = buildGrid(w);
      const s = pickCell(ref, a), t = pickCell(ref, b);
      if (s < 0) return;
      query('GridSearcher', new GridSearcher(grid), grid, ref, s, t, CONFIGS);
      query('GridSearcher in slices', new GridSearcher(grid), grid, ref, s, t, CONFIGS, 50);
    }),
    { seed: SEED, numRuns: runs(20) },
  );
});

test('grid searchers refuse what they document they cannot do: blocked cells kept as nodes, breadth-first', () => {
  fc.assert(
    fc.property(smallGrid(6, { enterCosts: [0, 1, 7, 10000] }), smallGrid(6, DELETE), (kept, deleted) => {
      const g = buildGrid(kept).grid;
      refusal(() => new GridSearcher(g), 'GridSearcher on an enter-cost grid');
      const { grid, ref } = buildGrid(deleted);
      const s = pickCell(ref, 0);
      if (s < 0) return;
      refusal(() => new GridSearcher(grid).search(s, s, { priority: LINK_LENGTH }), 'GridSearcher breadth-first');
      tally.add('refusals', 2);
    }),
    { seed: SEED, numRuns: runs(200) },
  );
});
