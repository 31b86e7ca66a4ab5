// Issue 35: every preprocessed grid searcher, the landmark heuristic and the
// costmap searches after random edits, refused ones included: each answer is
// the independent reference Dijkstra's on the grid as it stands after the
// edits (test/support/reference.ts's ReferenceGrid, written from the grid's
// rules), never a stale one, and a refused edit changes nothing.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findPath, Grid, GridSearcher, InputError, type PathSearcher } from '#bestfirst';
import { costmapToGrid, inflate } from '#bestfirst/costmap';
import { JpsPlusSearcher, landmarks, PreprocessedSearcher8, SubgoalSearcher4, SubgoalSearcher8 } from '#bestfirst/grid';
import { referenceCost, ReferenceGrid, sameCost } from '../../support/reference.js';

const W = 14, H = 10;

function reference(grid: Grid): ReferenceGrid {
  return new ReferenceGrid({
    width: grid.width, height: grid.height, connectivity: grid.connectivity, diagonalRule: grid.diagonalRule as 'always',
    diagonalCost: grid.diagonalCost, cellSize: grid.cellSize, enterCost: grid.enterCost,
  }, grid.cells, grid.weights ?? undefined);
}

/** An edit: block or free a cell, or one of the refused kinds (a cell off the grid, a weight below 0, a NaN). */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('toggle' as const), cell: fc.nat(W * H - 1) }),
  fc.record({ kind: fc.constantFrom('off-grid' as const, 'negative' as const, 'nan' as const), cell: fc.nat(W * H - 1) }),
);

/** Applies one edit; a refused one must throw an InputError and leave the grid's cells and version as they were. */
function apply(grid: Grid, e: { kind: string; cell: number }): void {
  if (e.kind === 'toggle') { grid.setBlocked(e.cell, grid.cells[e.cell] === 0); return; }
  const before = grid.cells.slice(), version = grid.version;
  const refused = () => {
    if (e.kind === 'off-grid') grid.setBlocked(W * H + e.cell, true);
    else grid.setWeight(e.cell, e.kind === 'negative' ? -1 : Number.NaN);
  };
  expect(refused).toThrow(InputError);
  expect(grid.version).toBe(version);
  expect(Array.from(grid.cells)).toEqual(Array.from(before));
}

test('generated: JPS+, the subgoal graphs, PreprocessedSearcher8 and A* with landmarks answer for the grid as edited, refused edits included', () => {
  let queries = 0, edits = 0, refused = 0;
  fc.assert(fc.property(
    fc.array(fc.boolean(), { minLength: W * H, maxLength: W * H }), fc.constantFrom('no-corner-cutting', 'always'),
    fc.array(fc.array(edit, { maxLength: 6 }), { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.nat(W * H - 1), fc.nat(W * H - 1)), { minLength: 3, maxLength: 3 }),
    (walls, rule, rounds, pairs) => {
      const cells = walls.map((b, i) => (b && i % 3 !== 0 ? 1 : 0));
      const g8 = new Grid(W, H, cells, { diagonalRule: rule as 'always' });
      const g4 = new Grid(W, H, cells, { connectivity: 4 });
      const searchers: [Grid, PathSearcher, object][] = [
        [g8, new JpsPlusSearcher(g8), {}], [g8, new SubgoalSearcher8(g8), {}], [g8, new PreprocessedSearcher8(g8), {}],
        [g4, new SubgoalSearcher4(g4), {}],
        // The landmark table is built once; an edit that makes a path dearer keeps it a lower bound, a cheaper one is refused or rebuilt.
        [g8, new GridSearcher(g8), { heuristic: landmarks(g8) }],
      ];
      for (const round of rounds) {
        for (const e of round) {
          apply(g8, e); apply(g4, e);
          edits++;
          if (e.kind !== 'toggle') refused++;
        }
        const refs = new Map<Grid, ReferenceGrid>([[g8, reference(g8)], [g4, reference(g4)]]);
        for (const [a, b] of pairs) {
          for (const [grid, s, options] of searchers) {
            if (grid.cells[a] !== 0 || grid.cells[b] !== 0) continue;
            let status: string;
            try { status = s.search(a, b, options); } catch (err) {
              // Only the landmark table may refuse, and only by saying the grid changed under it.
              expect(String(err)).toMatch(/landmark/);
              continue;
            }
            const want = referenceCost(refs.get(grid)!, a, b);
            queries++;
            expect(status, s.constructor.name).toBe(want === Infinity ? 'unreachable' : 'found');
            if (want < Infinity) expect(sameCost(s.cost, want), `${s.constructor.name}: ${s.cost} for ${want}`).toBe(true);
          }
        }
      }
    },
  ), { numRuns: 120, seed: 20261205 });
  expect(queries).toBeGreaterThan(1000);
  expect(refused).toBeGreaterThan(100);
  console.log(`[preprocessed edits] ${queries} queries after ${edits} edits (${refused} refused)`);
});

test('generated: the costmap grid (Nav2\'s inflation) answers findPath as the reference does after random edits of the occupancy, refused ones included', () => {
  let queries = 0;
  fc.assert(fc.property(
    fc.array(fc.boolean(), { minLength: W * H, maxLength: W * H }),
    fc.array(fc.nat(W * H - 1), { maxLength: 8 }),
    fc.array(fc.tuple(fc.nat(W * H - 1), fc.nat(W * H - 1)), { minLength: 3, maxLength: 3 }),
    (walls, toggles, pairs) => {
      const occupancy = walls.map((b, i) => (b && i % 4 === 0 ? 100 : 0));
      const map = { width: W, height: H, resolution: 0.1, data: Int8Array.from(occupancy) };
      const costmap = inflate(map as never, { inscribedRadius: 0.1, inflationRadius: 0.3, costScalingFactor: 3 });
      const grid = costmapToGrid(costmap, { costPenalty: 2 });
      for (const n of toggles) {
        grid.setBlocked(n, grid.cells[n] === 0);
        expect(() => grid.setWeight(n, -2)).toThrow(InputError);
      }
      const ref = reference(grid);
      for (const [a, b] of pairs) {
        if (grid.cells[a] !== 0 || grid.cells[b] !== 0) continue;
        const r = findPath(grid, a, b);
        const want = referenceCost(ref, a, b);
        queries++;
        expect(r.status).toBe(want === Infinity ? 'unreachable' : 'found');
        if (want < Infinity) expect(sameCost(r.cost, want)).toBe(true);
      }
    },
  ), { numRuns: 150, seed: 20261205 });
  expect(queries).toBeGreaterThan(100);
});
