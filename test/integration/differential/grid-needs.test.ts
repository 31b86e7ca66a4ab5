// The table of which grids each grid search takes (GRID_NEEDS) against what
// the searches do. Over every kind of grid (connectivity, diagonal rule,
// diagonal cost, blocked model, weights), each search must accept exactly
// the grids its documented requirements allow (written out here, by hand,
// not read from the table), refuse the others in its own name, and on every
// grid it accepts answer like the reference Dijkstra.
import { expect, test } from 'vitest';
import { GridSearcher, InputError, JumpPointSearcher, type DiagonalRule, type Grid, type PathSearcher } from '#bestfirst';
import {
  AnyAngleSearcher, checkAnyAnglePath, GRID_NEEDS, JpsPlusSearcher, landmarks, PreprocessedSearcher8, SubgoalSearcher4, SubgoalSearcher8,
  type GridSearchName,
} from '#bestfirst/grid';
import { referenceCost } from '../../support/reference.js';
import { buildGrid, type GridWorld } from './worlds.js';

interface Kind {
  connectivity: 4 | 8;
  rule: DiagonalRule;
  diagonalCost: number;
  deleted: boolean;
  weighted: boolean;
}

/** Each search's requirements as its documentation states them. */
const DOCUMENTED: Record<GridSearchName, (k: Kind) => boolean> = {
  GridSearcher: (k) => k.deleted,
  landmarks: (k) => k.deleted,
  AnyAngleSearcher: (k) => k.deleted && (k.connectivity === 4 || k.rule === 'never' || k.diagonalCost === Math.SQRT2),
  JumpPointSearcher: (k) => jumpable(k) && k.diagonalCost >= 1 && k.diagonalCost <= 2,
  JpsPlusSearcher: (k) => jumpable(k) && k.diagonalCost >= 1 && k.diagonalCost <= 2,
  SubgoalSearcher8: (k) => jumpable(k) && k.diagonalCost > 1 && k.diagonalCost < 2,
  PreprocessedSearcher8: (k) => jumpable(k) && k.diagonalCost > 1 && k.diagonalCost < 2,
  SubgoalSearcher4: (k) => k.connectivity === 4 && k.deleted && !k.weighted,
};

function jumpable(k: Kind): boolean {
  return k.connectivity === 8 && (k.rule === 'no-corner-cutting' || k.rule === 'always') && k.deleted && !k.weighted;
}

const MAKE: Record<Exclude<GridSearchName, 'landmarks'>, (grid: Grid) => PathSearcher> = {
  GridSearcher: (g) => new GridSearcher(g),
  AnyAngleSearcher: (g) => new AnyAngleSearcher(g),
  JumpPointSearcher: (g) => new JumpPointSearcher(g),
  JpsPlusSearcher: (g) => new JpsPlusSearcher(g),
  SubgoalSearcher4: (g) => new SubgoalSearcher4(g),
  SubgoalSearcher8: (g) => new SubgoalSearcher8(g),
  PreprocessedSearcher8: (g) => new PreprocessedSearcher8(g),
};

const ROWS = ['........', '..##.#..', '.#...#..', '...#....', '.#..##.#', '........'];
const CELLS = Uint8Array.from(ROWS.join(''), (c) => (c === '#' ? 1 : 0));
const WEIGHTS = Float64Array.from(CELLS, (_, i) => [1, 1.5, 1, 3, 0.5][i % 5]);

function* kinds(): Generator<Kind> {
  for (const deleted of [true, false]) {
    for (const weighted of [false, true]) {
      for (const diagonalCost of [1, 1.4, Math.SQRT2, 2, 2.5]) {
        yield { connectivity: 4, rule: 'never', diagonalCost, deleted, weighted };
        for (const rule of ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked'] as const) {
          yield { connectivity: 8, rule, diagonalCost, deleted, weighted };
        }
      }
    }
  }
}

function worldOf(k: Kind): GridWorld {
  return {
    spec: { width: 8, height: 6, connectivity: k.connectivity, diagonalRule: k.rule, diagonalCost: k.diagonalCost, cellSize: 1, enterCost: k.deleted ? -1 : 7 },
    cells: CELLS,
    ...(k.weighted ? { weights: WEIGHTS } : {}),
  };
}

const QUERIES: readonly [number, number][] = [[0, 47], [7, 40], [2, 29], [16, 23]];

test('every grid search takes exactly the grids its row of GRID_NEEDS and its documentation allow, and answers like Dijkstra on them', () => {
  let accepted = 0, refused = 0;
  for (const k of kinds()) {
    const { grid, ref } = buildGrid(worldOf(k));
    for (const name of Object.keys(GRID_NEEDS) as GridSearchName[]) {
      const where = `${name} on ${JSON.stringify(k)}`;
      let made: PathSearcher | ((n: number, goal: number) => number) | null = null;
      let error: unknown = null;
      try {
        made = name === 'landmarks' ? landmarks(grid, { count: 2 }) : MAKE[name](grid);
      } catch (e) {
        error = e;
      }
      expect(made !== null, where).toBe(DOCUMENTED[name](k));
      if (made === null) {
        refused++;
        expect(error, where).toBeInstanceOf(InputError);
        expect((error as Error).message.startsWith(`${name}: `), `${where}: ${(error as Error).message}`).toBe(true);
        continue;
      }
      accepted++;
      for (const [s, t] of QUERIES) {
        if (grid.cells[s] !== 0 || grid.cells[t] !== 0) continue;
        const expected = referenceCost(ref, s, t);
        if (typeof made === 'function') {
          const fast = new GridSearcher(grid);
          fast.search(s, t, { heuristic: made });
          expect(fast.cost, `${where} ${s} -> ${t}`).toBeCloseTo(expected, 9);
          continue;
        }
        const status = made.search(s, t);
        expect(status, `${where} ${s} -> ${t}`).toBe(expected === Infinity ? 'unreachable' : 'found');
        if (status !== 'found') continue;
        if (name === 'AnyAngleSearcher') {
          const path = made.path()!;
          expect(checkAnyAnglePath(grid, path, s, t).ok, `${where} ${s} -> ${t}`).toBe(true);
          // No longer than the grid's optimum where every cell costs the same (on weights a segment may cost more: documented).
          if (!k.weighted) expect(made.cost, `${where} ${s} -> ${t}`).toBeLessThanOrEqual(expected + 1e-9);
        } else {
          expect(made.cost, `${where} ${s} -> ${t}`).toBeCloseTo(expected, 9);
        }
      }
    }
  }
  // Both sides of every row are reached: the matrix is not all one answer.
  expect(accepted).toBeGreaterThan(100);
  expect(refused).toBeGreaterThan(100);
});

test('a search that refuses weights refuses them at the query too, once the grid gains them', () => {
  for (const name of ['JumpPointSearcher', 'JpsPlusSearcher', 'SubgoalSearcher4', 'SubgoalSearcher8', 'PreprocessedSearcher8'] as const) {
    const k: Kind = { connectivity: name === 'SubgoalSearcher4' ? 4 : 8, rule: 'no-corner-cutting', diagonalCost: Math.SQRT2, deleted: true, weighted: false };
    const { grid } = buildGrid(worldOf(k));
    const s = MAKE[name](grid);
    expect(s.search(0, 47)).toBe('found');
    grid.setWeight(3, 2);
    expect(() => s.search(0, 47), name).toThrow(new RegExp(`^${name}: the grid has per-cell weights`));
  }
});
