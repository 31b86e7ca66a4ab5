// The cut-turn rule: SubgoalSearcher8's subgoals with corner cutting (subgoal8-reach.ts, `isCorner`,
// where the argument that they are enough is written). Fewer than one at every cut corner's cells, so
// every test here checks answers against Dijkstra: seeded random grids of blocks and of rooms with
// one-cell doors (the cases the rule drops cells from), again after an edit. Every scenario of a room
// map and a game map (8room_000, brc202d), and of one map a family, is held to its optimum with corner
// cutting in test/integration/data/movingai-corner-cutting.test.ts.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { flood, Grid } from '#bestfirst';
import { SubgoalSearcher8 } from '#bestfirst/grid';
import { mulberry32, stepCounts } from '#bestfirst/internal';
import { blockCase, blockGrid } from '../../../support/random-grid.js';
import { loadMap } from '../../../support/movingai-runs.js';
import { sameCost, walked } from '../../../support/reference.js';
import { floodMismatches } from '../../../support/flood-check.js';


/** Rooms of `room` - 1 cells a side behind one-cell walls, each wall cell opened with probability `doors`, a few cells flipped. */
function roomsGrid(width: number, height: number, room: number, doors: number, seed: number): Grid {
  const next = mulberry32(seed), cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const wall = x % room === 0 || y % room === 0, crossing = x % room === 0 && y % room === 0;
    cells[y * width + x] = wall && (crossing || next() >= doors) ? 1 : 0;
  }
  for (let i = 0; i < cells.length; i++) if (next() < 0.04) cells[i] ^= 1;
  return new Grid(width, height, cells, { diagonalRule: 'always' });
}

const roomsCase = fc.record({
  width: fc.integer({ min: 3, max: 26 }),
  height: fc.integer({ min: 3, max: 26 }),
  room: fc.integer({ min: 2, max: 6 }),
  doors: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
});

/** Three free starts from the grid's own seed, then every goal; then one other cell flipped (the next query rebuilds) and the same again. */
function agreesAlsoAfterAnEdit(grid: Grid, seed: number): void {
  const s = new SubgoalSearcher8(grid), next = mulberry32(seed ^ 0x5bd1e995), free: number[] = [];
  for (let c = 0; c < grid.size; c++) if (grid.cells[c] === 0) free.push(c);
  if (free.length === 0) return;
  const starts = [0, 1, 2].map(() => free[Math.floor(next() * free.length)]);
  expect(floodMismatches(grid, s, starts)).toEqual([]);
  const flip = Math.floor(next() * grid.size);
  if (starts.includes(flip)) return;
  grid.setBlocked(flip, grid.cells[flip] === 0);
  expect(floodMismatches(grid, s, starts)).toEqual([]);
  expect(s.builds).toBe(2);
}

test('subgoal8 cut-turn rule (always): every pair from 3 starts on 200 seeded grids of blocks has Dijkstra\'s cost and a legal path, also after a cell is flipped', () => {
  fc.assert(fc.property(blockCase(18, 0.45), (c) => agreesAlsoAfterAnEdit(blockGrid(c, { diagonalRule: 'always' }), c.seed)), { numRuns: 200, seed: 20261203 });
});

test('subgoal8 cut-turn rule (always): every pair from 3 starts on 200 seeded grids of rooms with one-cell doors has Dijkstra\'s cost and a legal path, also after a cell is flipped', () => {
  fc.assert(fc.property(roomsCase, (c) => agreesAlsoAfterAnEdit(roomsGrid(c.width, c.height, c.room, c.doors, c.seed), c.seed)), { numRuns: 200, seed: 20261204 });
});

test('subgoal8 cut-turn rule (always): the cells it keeps, by hand', () => {
  const count = (rows: string[]) => new SubgoalSearcher8(Grid.fromAscii(rows, { diagonalRule: 'always' })).subgoals;
  // One blocked cell: its four side cells (a path round it turns 90 degrees at each).
  expect(count(['.....', '.....', '..#..', '.....', '.....'])).toBe(4);
  // The end of a one-cell wall: the cell past its tip (90 degrees) and the two beside its end (a path
  // along the wall arrives straight, then cuts the corner).
  expect(count(['.....', '.....', '..#..', '..#..', '..#..'])).toBe(3);
  // A diagonal run of three blocks: every cut corner's cells would be 12; the inner cells beside it, where
  // no path arrives straight, and the cells a 90-degree turn does not need, are dropped.
  expect(count(['......', '.#....', '..#...', '...#..', '......'])).toBeLessThan(12);
  // The answers there agree with Dijkstra.
  const grid = Grid.fromAscii(['......', '.#....', '..#...', '...#..', '......'], { diagonalRule: 'always' });
  expect(floodMismatches(grid, new SubgoalSearcher8(grid), [0, 5, 29])).toEqual([]);
});

test('subgoal8 cut-turn rule (always): 8room_000 keeps 25,298 subgoals (every cut corner\'s cells: 28,419), brc202d 2,520 (3,749), within 16 bytes a cell', () => {
  for (const [map, want] of [['room/8room_000.map', 25298], ['dao/brc202d.map', 2520]] as const) {
    const grid = loadMap(map).with({ diagonalRule: 'always' });
    const s = new SubgoalSearcher8(grid);
    expect(s.subgoals, map).toBe(want);
    expect(s.bytes, map).toBeLessThanOrEqual(16 * grid.size);
  }
});

test('subgoal8: shortcut lengths as step counts (4 bytes), or as numbers where a count passes 16 bits; 8room_000 with corner cutting gains its halves beside 4 landmarks', () => {
  // Subgoals 0 (0, 0), 1 (3, 1), 2 (70,000, 1). Record 0: 0 -> 2 through 1, both halves edges of the
  // simple graph; record 1: 0 -> 1 through 2 (not a real shortcut: its counts only), halves simple.
  const xs = new Int32Array([0, 3, 70000]), ys = new Int32Array([0, 1, 1]);
  const half = new Int32Array([-1, -1, -1, -1]), owner = new Int32Array([0, 0]);
  expect(stepCounts(half, owner, new Int32Array([2, 1]), new Int32Array([1, 2]), xs, ys)).toBeNull();
  const near = new Int32Array([0, 3, 700]);
  const counts = stepCounts(half, owner, new Int32Array([2, 1]), new Int32Array([1, 2]), near, ys);
  // Record 0: (0,0)-(3,1) is 1 diagonal and 2 straight, (3,1)-(700,1) 697 straight. Record 1: (0,0)-(700,1) 1 + 699, then (700,1)-(3,1) 697.
  expect(Array.from(counts ?? [])).toEqual([(1 << 16) | 699, (1 << 16) | (699 + 697)]);
  // A record whose half is another record adds that record's counts.
  const nested = stepCounts(new Int32Array([1, -1, -1, -1]), new Int32Array([0, 0]), new Int32Array([2, 1]), new Int32Array([1, 2]), near, ys);
  expect(Array.from(nested ?? [])).toEqual([(1 << 16) | (699 + 697 + 697), (1 << 16) | (699 + 697)]);
  const rooms = loadMap('room/8room_000.map').with({ diagonalRule: 'always' });
  const graph = (new SubgoalSearcher8(rooms) as unknown as { graph: { scSteps: Uint32Array; scLen: Float64Array; scHalf: Int32Array; landmarks: number } }).graph;
  expect([graph.scSteps.length > 0, graph.scLen.length, graph.scHalf.length > 0, graph.landmarks]).toEqual([true, 0, true, 4]);
});

test('subgoal8: a graph without shortcut halves (random512-40-0 with corner cutting, at its memory allowance) unpacks through its middles\' lists; answers agree with Dijkstra', () => {
  const grid = loadMap('random/random512-40-0.map').with({ diagonalRule: 'always' });
  const s = new SubgoalSearcher8(grid);
  const graph = (s as unknown as { graph: { scHalf: Int32Array } }).graph;
  expect(graph.scHalf.length).toBe(0);
  expect(s.shortcuts).toBeGreaterThan(0);
  const free: number[] = [];
  for (let c = 0; c < grid.size; c++) if (grid.cells[c] === 0) free.push(c);
  const buf = new Int32Array(grid.size), bad: string[] = [];
  for (const from of [free[0], free[free.length >> 1]]) {
    const d = flood(grid, from).g;
    for (let i = 13; i < free.length; i += 997) {
      const to = free[i], status = s.search(from, to), len = s.pathInto(buf);
      if (d[to] === Infinity ? status !== 'unreachable' : status !== 'found' || !sameCost(s.cost, d[to]) || !walked(grid, buf, len, from, to, d[to])) bad.push(`${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${status} ${s.cost}, Dijkstra ${d[to]}`);
    }
  }
  expect(bad).toEqual([]);
});
