// The costmap benchmark's checks (bench/costmap.ts): its costmap keeps the
// map's free cells, its reference optimum and the peers' adapters agree with
// the test suite's own reference Dijkstra on a small weighted map, and the
// equality check it applies rejects a path that is only a little too long
// (easystarjs's, whose heuristic overestimates). The native reference is
// checked in costmap-native.test.ts (integration tier: it compiles C++).
import { describe, expect, it } from 'vitest';
import { Grid, Searcher } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';
import { WEIGHTED_LIBS } from '../../../bench/bench-libs.js';
import { costmapOf, engineCost, freeSpacePairs, metres, sameCost, waypointMetres } from '../../../bench/costmap.js';
import { ReferenceGrid, referenceCost, rng } from '../../support/reference.js';

const MAP = [
  '................',
  '...#......###...',
  '...#..#.....#...',
  '......#..#..#...',
  '.#######.#......',
  '.........#..##..',
  '..##.....#......',
  '..........#.....',
  '.....#..........',
  '................',
].join('\n');

const reference = (grid: Grid, diagonalCost = grid.diagonalCost) => new ReferenceGrid(
  { width: grid.width, height: grid.height, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost, cellSize: grid.cellSize, enterCost: -1 },
  grid.cells, grid.weights!,
);

/** Seeded pairs of distinct free cells (easystarjs answers a query from a cell to itself with an empty path). */
function queries(grid: Grid, count: number, seed: number): [number, number][] {
  const next = rng(seed), free: number[] = [], out: [number, number][] = [];
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
  while (out.length < count) {
    const a = free[Math.floor(next() * free.length)], b = free[Math.floor(next() * free.length)];
    if (a !== b) out.push([a, b]);
  }
  return out;
}

function runLibPath(name: string, grid: Grid, s: number, g: number): ArrayLike<number> | null {
  const built = WEIGHTED_LIBS.find((l) => l.name === name)!.build(grid);
  const w = grid.width;
  built.query(s % w, Math.floor(s / w), g % w, Math.floor(g / w));
  return built.path();
}

describe('costmap benchmark checks', () => {
  const plain = Grid.fromAscii(MAP);
  const grid = costmapOf(plain);

  it('inflates with inscribed radius 0: the same free cells, weights from 1 to 1 + 2 * 92 / 252 beside a wall', () => {
    expect(Array.from(grid.cells)).toEqual(Array.from(plain.cells));
    const free = Array.from(grid.weights!).filter((_, n) => !grid.isBlocked(n));
    expect(Math.min(...free)).toBe(1);
    expect(Math.max(...free)).toBeCloseTo(1 + (2 * 92) / 252, 12);
    expect(grid.weightFloor).toBe(1);
  });

  it('the engine optimum, bestfirst A* and ngraph.path A* equal the reference Dijkstra on every query', () => {
    const ref = reference(grid), s = new Searcher(grid);
    for (const [a, b] of queries(grid, 40, 7)) {
      const expected = referenceCost(ref, a, b);
      const q = { sx: a % grid.width, sy: Math.floor(a / grid.width), gx: b % grid.width, gy: Math.floor(b / grid.width), optimal: NaN };
      expect(sameCost(engineCost(s, grid, q), expected)).toBe(true);
      for (const name of ['bestfirst A*', 'ngraph.path A*']) {
        const c = checkPath(grid, runLibPath(name, grid, a, b)!, a, b);
        expect(c.ok && sameCost(c.length, expected), `${name} ${a}->${b}`).toBe(true);
      }
    }
  });

  it('easystarjs: valid paths never below its own model\'s optimum, and the check catches the ones above it', () => {
    const g14 = grid.with({ diagonalCost: 1.4 });
    const ref = reference(g14, 1.4);
    let longer = 0;
    for (const [a, b] of queries(g14, 40, 11)) {
      const c = checkPath(g14, runLibPath('easystarjs', g14, a, b)!, a, b);
      expect(c.ok).toBe(true);
      const expected = referenceCost(ref, a, b);
      if (!c.ok) continue;
      expect(c.length).toBeGreaterThanOrEqual(expected - 1e-9);
      if (!sameCost(c.length, expected)) longer++;
    }
    // Its h, 1.4 min + max, overestimates: some paths are longer than the optimum.
    expect(longer).toBeGreaterThan(0);
  });

  it('freeSpacePairs draws pairs that all have a path, from the main region only', () => {
    // A wall splits the free cells into a pocket of 20 (x < 5) and the main region of 24 (x > 5). The
    // pocket is large enough that some seeds start their flood in it: those floods must be thrown away.
    const split = costmapOf(Grid.fromAscii(Array.from({ length: 4 }, () => '.....#......').join('\n')));
    const ref = reference(split);
    for (let seed = 1; seed <= 10; seed++) {
      const pairs = freeSpacePairs(split, 50, seed);
      expect(pairs, `seed ${seed}`).toHaveLength(50);
      for (const q of pairs) {
        const a = q.sy * 12 + q.sx, b = q.gy * 12 + q.gx;
        expect([q.sx, q.gx].every((x) => x > 5), `seed ${seed}: (${q.sx},${q.sy}) -> (${q.gx},${q.gy}) leaves the main region`).toBe(true);
        expect(Number.isFinite(referenceCost(ref, a, b))).toBe(true);
        expect(a).not.toBe(b);
      }
    }
  });

  it('metres counts the steps\' lengths times the cell size, without the weights', () => {
    const g = costmapOf(plain).with({ cellSize: 0.05 });
    // (0,0) -> (1,0) -> (2,1): one axial step and one diagonal.
    expect(metres(g, [0, 1, 18])).toBeCloseTo(0.05 * (1 + Math.SQRT2), 12);
  });

  it('waypointMetres sums the segments\' straight lengths times the cell size, without the weights', () => {
    const g = costmapOf(plain).with({ cellSize: 0.05 });
    // (0,0) -> (4,3) -> (4,9): a 3-4-5 segment and a straight one of 6 cells.
    expect(waypointMetres(g, [0, g.id(4, 3), g.id(4, 9)])).toBeCloseTo(0.05 * (5 + 6), 12);
    expect(waypointMetres(g, [7])).toBe(0);
  });
});
