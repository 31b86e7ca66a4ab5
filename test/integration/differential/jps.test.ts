// Jump point search against the reference on every grid it accepts (8-connected,
// no corner cutting or always, blocked cells deleted, 1 <= diagonal <= 2), reused
// while the grid is edited in every supported way, two searchers on one grid (the
// second answering in slices of a few expansions);
// and a thrown refusal on every grid it does not accept.
import fc from 'fast-check';
import { afterAll, test } from 'vitest';
import { JumpPointSearcher, jps } from '#bestfirst';
import { referenceCost, Tally } from '../../support/reference.js';
import { checkAnswer, OPTIMAL } from './check.js';
import { buildGrid, DIAGONAL_COSTS, describeGrid, pickCell, refusal, runs, SEED, seededGrid, smallGrid, type GridWorld } from './worlds.js';

const tally = new Tally('jps');
afterAll(() => tally.report());

const ACCEPTED = {
  connectivity: [8] as const,
  rules: ['no-corner-cutting', 'always'] as const,
  diagonalCosts: DIAGONAL_COSTS.filter((d) => d >= 1 && d <= 2),
  enterCosts: [-1],
};

type How = 'grid.setBlocked' | 'cells + touch';
const HOWS: readonly How[] = ['grid.setBlocked', 'cells + touch'];
type Op = { query: [number, number] } | { edit: [How, number, boolean] };
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ query: fc.tuple(fc.nat(), fc.nat()) }), weight: 3 },
  { arbitrary: fc.record({ edit: fc.tuple(fc.constantFrom(...HOWS), fc.nat(), fc.boolean()) }), weight: 2 },
);

function runWorld(w: GridWorld, ops: Op[]): void {
  const { grid, ref } = buildGrid(w);
  const one = new JumpPointSearcher(grid), two = new JumpPointSearcher(grid);
  for (const o of ops) {
    if ('edit' in o) {
      const [how, c, blocked] = o.edit;
      const n = c % ref.size;
      if (how === 'grid.setBlocked') grid.setBlocked(n, blocked);
      else { grid.cells[n] = blocked ? 1 : 0; grid.touch(); }
      ref.set(n, blocked);
      continue;
    }
    const s = pickCell(ref, o.query[0]), t = pickCell(ref, o.query[1]);
    if (s < 0) continue;
    const expected = referenceCost(ref, s, t);
    for (const [who, searcher] of [['JumpPointSearcher', one], ['second JumpPointSearcher, in slices', two]] as const) {
      if (searcher === one) searcher.search(s, t);
      else {
        searcher.begin(s, t);
        while (searcher.advance({ maxExpansions: 1 + (o.query[0] % 3) }) === 'running');
      }
      checkAnswer(`${who}: ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, searcher.result(), ref, grid, s, t, expected, OPTIMAL);
      tally.add('JumpPointSearcher');
    }
  }
}

test('jump point search on every grid it accepts, reused across queries and edits of every kind', () => {
  fc.assert(fc.property(smallGrid(14, ACCEPTED), fc.array(op, { minLength: 1, maxLength: 12 }), runWorld), { seed: SEED, numRuns: runs(5000) });
});

test('jump point search on larger grids (up to 200 x 200)', () => {
  fc.assert(
    fc.property(seededGrid(30, 200, ACCEPTED), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (w, queries) => {
      const { grid, ref } = buildGrid(w);
      for (const [a, b] of queries) {
        const s = pickCell(ref, a), t = pickCell(ref, b);
        if (s < 0) return;
        checkAnswer(`jps(): ${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`, jps(grid, s, t), ref, grid, s, t, referenceCost(ref, s, t), OPTIMAL);
        tally.add('jps()');
      }
    }),
    { seed: SEED, numRuns: runs(24) },
  );
});

test('jump point search refuses, with a message, every grid outside what it documents', () => {
  fc.assert(
    fc.property(smallGrid(5), (w) => {
      const s = w.spec;
      const accepted = s.connectivity === 8 && (s.diagonalRule === 'no-corner-cutting' || s.diagonalRule === 'always')
        && s.enterCost < 0 && s.diagonalCost >= 1 && s.diagonalCost <= 2;
      if (accepted) return;
      refusal(() => new JumpPointSearcher(buildGrid(w).grid), `JumpPointSearcher on ${JSON.stringify(s)}`);
      tally.add('refusals');
    }),
    { seed: SEED, numRuns: runs(600) },
  );
});
