import fc from 'fast-check';
import { expect, test } from 'vitest';
import { flood, Grid, InputError } from '#bestfirst';
import { SubgoalSearcher8 } from '#bestfirst/grid';
import { mulberry32 } from '#bestfirst/internal';
import { checkPath, sameLength } from '#bestfirst/grid';
import { blockCase, blockGrid, wallsWithGaps, type BlockCase } from '../../../support/random-grid.js';
import { expectPathAsAnsweredAfterEdit } from '../../../support/path-after-edit.js';
import { expectExactBudget } from '../../../support/exact-budget.js';
import { loadMap, loadScen } from '../../../support/movingai-runs.js';
import { sameCost, walked } from '../../../support/reference.js';
import { floodMismatches } from '../../../support/flood-check.js';

const RULES = ['no-corner-cutting', 'always'] as const;

const caseArb = blockCase(20, 0.45);

function randomGrid(c: BlockCase, diagonalRule: (typeof RULES)[number]): Grid {
  return blockGrid(c, { diagonalRule });
}

for (const rule of RULES) {
  test(`subgoal8 (${rule}): every pair from 3 starts on 120 seeded random grids has Dijkstra's cost and a legal path of that length`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const grid = randomGrid(c, rule);
        const s = new SubgoalSearcher8(grid);
        const next = mulberry32(c.seed ^ 0x5bd1e995);
        expect(floodMismatches(grid, s, [0, 1, 2].map(() => Math.floor(next() * grid.size)), { where: `${rule} ${JSON.stringify(c)}` })).toEqual([]);
      }),
      { numRuns: 120, seed: rule === 'always' ? 20261204 : 20261205 },
    );
  });
}

test('subgoal8: on 40 seeded mazes of walls with gaps, with cellSize 0.5 and diagonalCost 1.5, every pair from 2 starts has Dijkstra\'s cost', () => {
  fc.assert(
    fc.property(fc.record({ width: fc.integer({ min: 5, max: 26 }), height: fc.integer({ min: 5, max: 26 }), seed: fc.integer({ min: 0, max: 0x7fffffff }), cut: fc.boolean() }), (c) => {
      const next = mulberry32(c.seed);
      const grid = wallsWithGaps(c.width, c.height, next, { diagonalRule: c.cut ? 'always' : 'no-corner-cutting', cellSize: 0.5, diagonalCost: 1.5 });
      expect(floodMismatches(grid, new SubgoalSearcher8(grid), [Math.floor(next() * grid.size), Math.floor(next() * grid.size)], { where: JSON.stringify(c) })).toEqual([]);
    }),
    { numRuns: 40, seed: 20261206 },
  );
});

test('subgoal8 landmarks: the search reads their bound (arena2\'s 20 longest rows: fewer than half the expansions of the same graph read with octile alone)', () => {
  // Every answer stays optimal without the bound (octile is consistent too), so only the work
  // done shows that the search uses it. White box: each query asked again with the landmarks turned off.
  const grid = loadMap('dao/arena2.map'), rows = loadScen('dao/arena2.map.scen').slice(-20);
  const s = new SubgoalSearcher8(grid), graph = (s as unknown as { graph: { landmarks: number } }).graph;
  expect(graph.landmarks).toBe(8);
  let withLandmarks = 0, octileOnly = 0;
  for (const r of rows) {
    const a = grid.id(r.startX, r.startY), b = grid.id(r.goalX, r.goalY);
    for (const k of [8, 0]) {
      graph.landmarks = k;
      expect(s.search(a, b)).toBe('found');
      expect(sameLength(s.cost, r.optimal)).toBe(true);
      if (k > 0) withLandmarks += s.expansions; else octileOnly += s.expansions;
    }
  }
  graph.landmarks = 8;
  // 482 against 1,496.
  expect(withLandmarks * 2).toBeLessThan(octileOnly);
});

// --- edits -------------------------------------------------------------------------------

test('subgoal8: after setBlocked, touch(cells) and touch(), the next query rebuilds and agrees with Dijkstra', () => {
  const next = mulberry32(78);
  for (const rule of RULES) {
    const grid = randomGrid({ width: 16, height: 12, density: 0.2, blocks: 3, seed: 6 }, rule);
    const s = new SubgoalSearcher8(grid);
    expect(s.builds).toBe(1);
    const free = () => { for (;;) { const c = Math.floor(next() * grid.size); if (grid.cells[c] === 0) return c; } };
    for (let round = 0; round < 9; round++) {
      const c = Math.floor(next() * grid.size);
      if (round % 3 === 0) grid.setBlocked(c, grid.cells[c] === 0);
      else if (round % 3 === 1) { grid.cells[c] ^= 1; grid.touch([c]); }
      else { grid.cells[c] ^= 1; grid.touch(); }
      expect(floodMismatches(grid, s, [free(), free()], { where: `${rule} round ${round}` })).toEqual([]);
      expect(s.builds).toBe(round + 2);
    }
    // An unannounced write is not seen until rebuild(), which the TSDoc says.
    grid.cells[free()] = 1;
    s.rebuild();
    expect(floodMismatches(grid, s, [free()], { where: `${rule} after rebuild()` })).toEqual([]);
  }
});

test('subgoal8: a wall closed between two queries is never crossed by a stale graph', () => {
  const grid = Grid.fromAscii(['.....', '..#..', '..#..', '.....']);
  const s = new SubgoalSearcher8(grid);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
  expect(s.cost).toBeCloseTo(2 + 2 * Math.SQRT2, 12);
  grid.setBlocked(grid.id(2, 0), true);
  grid.setBlocked(grid.id(2, 3), true);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('unreachable');
  grid.setBlocked(grid.id(2, 3), false);
  expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
  // Round the bottom now: the wall's foot makes the corner cost two straight steps more.
  expect(s.cost).toBeCloseTo(4 + 2 * Math.SQRT2, 12);
});

test('subgoal8: after an edit the last answer\'s path reads exactly as it was answered (never an internal error)', () => {
  for (const diagonalRule of ['no-corner-cutting', 'always'] as const) {
    const grid = Grid.fromAscii(['.....', '..#..', '..#..', '.....'], { diagonalRule });
    const s = new SubgoalSearcher8(grid);
    // Close the gap the path runs through, then block its every other cell as well: the answer stands until the next query.
    const before = expectPathAsAnsweredAfterEdit(grid, s, grid.id(0, 1), grid.id(4, 1), (path) => {
      grid.setBlocked(grid.id(2, 0), true);
      for (const c of path.slice(1, -1)) if (grid.cells[c] === 0) grid.setBlocked(c, true);
    });
    expect(before).toContain(grid.id(2, 0));
    expect(s.builds).toBe(1);
    // The next query answers the grid as it is now: round the wall's foot.
    expect(s.search(grid.id(0, 1), grid.id(4, 1))).toBe('found');
    expect(s.builds).toBe(2);
    expect(s.path()!.every((c) => grid.cells[c] === 0)).toBe(true);
  }
});

// --- the contract and bad input ---------------------------------------------------------

test('subgoal8: refuses what it cannot answer exactly, with an InputError', () => {
  expect(() => new SubgoalSearcher8(Grid.fromAscii(['...'], { connectivity: 4 }))).toThrow(/8-connected/);
  expect(() => new SubgoalSearcher8(Grid.fromAscii(['...'], { diagonalRule: 'at-most-one-blocked' }))).toThrow(/diagonalRule/);
  expect(() => new SubgoalSearcher8(Grid.fromAscii(['...'], { blocked: { enterCost: 5 } }))).toThrow(InputError);
  expect(() => new SubgoalSearcher8(new Grid(3, 1, undefined, { weights: [1, 2, 1] }))).toThrow(/weights/);
  expect(() => new SubgoalSearcher8(Grid.fromAscii(['...'], { diagonalCost: 1 }))).toThrow(/1 < diagonalCost < 2/);
  expect(() => new SubgoalSearcher8({} as Grid)).toThrow(InputError);
  const grid = Grid.fromAscii(['..#', '...']);
  const s = new SubgoalSearcher8(grid);
  expect(() => s.search(2, 0)).toThrow(/blocked/);
  expect(() => s.search(0, 99)).toThrow(InputError);
  expect(() => s.search(0, 1, { maxExpansion: 3 } as never)).toThrow(/unknown option/);
  expect(() => s.search(0, 1, { limits: { maxExpansions: -1 } })).toThrow(InputError);
  expect(() => s.pathInto([] as never)).toThrow(InputError);
  expect(s.search(0, 4)).toBe('found');
  expect(() => s.pathInto(new Int32Array(1))).toThrow(/buffer holds 1 cells/);
  grid.setWeight(0, 2);
  expect(() => s.search(0, 1)).toThrow(/weights/);
});

test('subgoal8: a budget of expansions ends in step-limit; start = goal costs 0; the sizes are reported', () => {
  const grid = Grid.fromAscii(['.......', '.#####.', '.#...#.', '.#.#.#.', '...#...']);
  const s = new SubgoalSearcher8(grid);
  expect(s.search(grid.id(2, 4), grid.id(4, 4), { limits: { maxExpansions: 0 } })).toBe('stopped');
  expect(s.cost).toBe(Infinity);
  expect(s.path()).toBeNull();
  expect(s.search(grid.id(2, 4), grid.id(4, 4))).toBe('found');
  expectExactBudget(s, grid.id(2, 4), grid.id(4, 4), 'subgoal8');
  expect(s.search(grid.id(3, 2), grid.id(3, 2))).toBe('found');
  expect(s.cost).toBe(0);
  expect(s.path()).toEqual([grid.id(3, 2)]);
  expect(s.result().linkLength).toBe(0);
  expect(s.subgoals).toBeGreaterThan(0);
  expect(s.globalSubgoals).toBeLessThanOrEqual(s.subgoals);
  expect(s.edges).toBeGreaterThan(0);
  // 4 clearance bytes a cell and the subgoal bits at least; the grid's own cells are not counted.
  expect(s.bytes).toBeGreaterThanOrEqual(4 * grid.size);
  expect(s.searchBytes).toBe(49 * (s.subgoals + 1));
});

test('subgoal8: a maze is contracted whole (no core), within 16 bytes a cell, and paths unpacked through nested shortcuts have Dijkstra\'s cost', () => {
  for (const rule of RULES) {
    const next = mulberry32(91);
    const grid = wallsWithGaps(61, 47, next, { diagonalRule: rule });
    const s = new SubgoalSearcher8(grid);
    expect(s.globalSubgoals).toBe(0);
    expect(s.shortcuts).toBeGreaterThan(0);
    expect(s.edges).toBeGreaterThanOrEqual(s.shortcuts);
    expect(s.bytes).toBeLessThanOrEqual(16 * grid.size);
    const free: number[] = [];
    for (let c = 0; c < grid.size; c++) if (grid.cells[c] === 0) free.push(c);
    expect(floodMismatches(grid, s, [free[0], free[free.length >> 1], free[free.length - 1]], { where: `${rule} maze` })).toEqual([]);
  }
});

test('subgoal8: edges too far apart in rank for 16 bits (a long clear column beside 36,000 subgoals) are kept wide, and paths over them have Dijkstra\'s cost', () => {
  // Left: 300 columns of scattered obstacles (a subgoal in about every third cell); right: open, with
  // two single obstacles whose corners see each other down one long column.
  const width = 400, height = 400, next = mulberry32(20261203);
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < 300; x++) cells[y * width + x] = next() < 0.3 ? 1 : 0;
  cells[1 * width + 351] = 1;
  cells[398 * width + 351] = 1;
  for (const rule of RULES) {
    const grid = new Grid(width, height, cells.slice(), { diagonalRule: rule });
    const s = new SubgoalSearcher8(grid);
    const graph = (s as unknown as { graph: { count: number; at: Int32Array; adj: Int16Array; far: Uint16Array } }).graph;
    let farEdges = 0;
    for (let u = 0; u < graph.count; u++) {
      for (let j = graph.at[u + 1] - 2 * graph.far[u]; j < graph.at[u + 1]; j += 2) if (((graph.adj[j] & 0xffff) | (graph.adj[j + 1] << 16)) >= 0) farEdges++;
    }
    expect(graph.count, rule).toBeGreaterThan(32767);
    expect(farEdges, rule).toBeGreaterThan(0);
    // From beside the top obstacle to cells all over the map.
    const from = grid.id(352, 0), d = flood(grid, from).g, buf = new Int32Array(grid.size);
    const bad: string[] = [];
    for (let i = 0; i < 400; i++) {
      const to = i < 200 ? grid.id(340 + (i % 60), 200 + Math.floor(i / 2)) : Math.floor(next() * grid.size);
      if (grid.cells[to] !== 0) continue;
      const status = s.search(from, to);
      if (d[to] === Infinity) { if (status !== 'unreachable') bad.push(`${grid.formatXY(to)}: ${status}`); continue; }
      const c = checkPath(grid, buf, from, to, s.pathInto(buf));
      if (status !== 'found' || !sameCost(s.cost, d[to]) || !c.ok || !sameCost(c.length, d[to])) bad.push(`${rule} -> ${grid.formatXY(to)}: cost ${s.cost}, Dijkstra ${d[to]}${c.ok ? '' : `, ${c.reason}`}`);
    }
    expect(bad).toEqual([]);
  }
}, 120_000);

test('subgoal8: rooms with corner cutting (8room_000, 25,298 subgoals under the cut-turn rule) contract to a core under 5% within the work budget (a witness search ends once every target is reached as short as through the subgoal taken out); answers agree with Dijkstra, also after a door is closed', () => {
  const map = loadMap('room/8room_000.map');
  // A copy of the cells: the loaded map is shared, and a door is closed below.
  const grid = new Grid(map.width, map.height, map.cells.slice(), { diagonalRule: 'always' });
  const s = new SubgoalSearcher8(grid);
  // 3,293 core subgoals (11.6%) when each witness search ran until every target was settled.
  expect(s.globalSubgoals / s.subgoals).toBeLessThan(0.05);
  expect(s.bytes).toBeLessThanOrEqual(16 * grid.size);
  const free: number[] = [];
  for (let c = 0; c < grid.size; c++) if (grid.cells[c] === 0) free.push(c);
  const starts = [free[0], free[free.length >> 1]];
  const sample = (from: number) => {
    const d = flood(grid, from).g, buf = new Int32Array(grid.size), bad: string[] = [];
    for (let i = 7; i < free.length; i += 211) {
      const to = free[i], status = s.search(from, to), len = s.pathInto(buf);
      if (d[to] === Infinity ? status !== 'unreachable' : status !== 'found' || !sameCost(s.cost, d[to]) || !walked(grid, buf, len, from, to, d[to])) bad.push(`${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${status} ${s.cost}, want ${d[to]}`);
    }
    return bad;
  };
  for (const from of starts) expect(sample(from)).toEqual([]);
  // Close the door cell the last long path went through (a free cell between two blocked ones): the next query rebuilds.
  const buf = new Int32Array(grid.size);
  expect(s.search(starts[0], free[free.length - 1])).toBe('found');
  const len = s.pathInto(buf);
  let door = -1;
  for (let i = 1; i < len - 1 && door < 0; i++) {
    const c = buf[i], x = c % grid.width, y = (c - x) / grid.width;
    const wall = (dx: number, dy: number) => grid.cells[(y + dy) * grid.width + x + dx] !== 0;
    if (x > 0 && y > 0 && x < grid.width - 1 && y < grid.height - 1 && ((wall(-1, 0) && wall(1, 0)) || (wall(0, -1) && wall(0, 1)))) door = c;
  }
  expect(door).toBeGreaterThanOrEqual(0);
  grid.setBlocked(door, true);
  for (const from of starts) expect(sample(from)).toEqual([]);
  expect(s.builds).toBe(2);
});

test('subgoal8: a random map past its memory allowance (random512-25-0, no corner cutting) refuses subgoals as soon as their shortcuts are over it, keeps a core, stays within 16 bytes a cell; answers agree with Dijkstra, also after an edit', () => {
  const map = loadMap('random/random512-25-0.map');
  const grid = new Grid(map.width, map.height, map.cells.slice(), { diagonalRule: 'no-corner-cutting' });
  const s = new SubgoalSearcher8(grid);
  // 51,071 of 85,347 subgoals stay in the core: the allowance, not the work budget, stops the contraction.
  expect(s.globalSubgoals / s.subgoals).toBeGreaterThan(0.3);
  expect(s.globalSubgoals / s.subgoals).toBeLessThan(0.8);
  expect(s.bytes).toBeLessThanOrEqual(16 * grid.size);
  const free: number[] = [];
  for (let c = 0; c < grid.size; c++) if (grid.cells[c] === 0) free.push(c);
  const starts = [free[3], free[free.length >> 1]];
  const sample = () => {
    const buf = new Int32Array(grid.size), bad: string[] = [];
    for (const from of starts) {
      const d = flood(grid, from).g;
      for (let i = 5; i < free.length; i += 4001) {
        const to = free[i], status = s.search(from, to), len = s.pathInto(buf);
        if (d[to] === Infinity ? status !== 'unreachable' : status !== 'found' || !sameCost(s.cost, d[to]) || !walked(grid, buf, len, from, to, d[to])) bad.push(`${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${status} ${s.cost}, want ${d[to]}`);
      }
    }
    return bad;
  };
  expect(sample()).toEqual([]);
  // Block a cell in the middle of the last path: the next query rebuilds, and no answer crosses it.
  const buf = new Int32Array(grid.size);
  expect(s.search(starts[0], free[free.length - 1])).toBe('found');
  const len = s.pathInto(buf);
  grid.setBlocked(buf[len >> 1], true);
  expect(sample()).toEqual([]);
  expect(s.builds).toBe(2);
});
