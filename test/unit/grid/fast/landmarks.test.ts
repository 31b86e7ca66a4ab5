// The landmark heuristic (ALT) against the reference: on small grids of every
// option, weighted (directed) or not, it never overestimates the reference's
// cost to go, is consistent on every arc, and A* with it (the fast path and
// the engine, bit for bit) finds the reference's cost. Edits afterwards make
// it refuse, never answer from a stale table.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { dijkstra, Grid, GridSearcher, InputError, octile, Searcher } from '#bestfirst';
import { landmarks } from '#bestfirst/grid';
import { readFileSync } from 'node:fs';
import { readSaved, writeSaved } from '#bestfirst/internal';
import { parseMap } from '#bestfirst/io';
import { referenceCost, referenceCostToGo, rng } from '../../../support/reference.js';
import { checkAnswer, OPTIMAL } from '../../../integration/differential/check.js';
import { buildGrid, describeGrid, pickCell, smallGrid, weightedGrid } from '../../../integration/differential/worlds.js';

const SEED = 20261202;
const DELETE = { enterCosts: [-1] };
const world = fc.oneof(weightedGrid(9, DELETE), smallGrid(9, DELETE));

test('landmarks: admissible against the reference cost to go, consistent on every arc, 0 at the goal', () => {
  fc.assert(
    fc.property(world, fc.integer({ min: 1, max: 5 }), fc.nat(), (w, count, a) => {
      const { grid, ref } = buildGrid(w);
      const t = pickCell(ref, a);
      if (t < 0) return;
      const h = landmarks(grid, { count });
      const toGo = referenceCostToGo(ref, t);
      expect(h(t, t)).toBe(0);
      for (let n = 0; n < ref.size; n++) {
        if (ref.isBlocked(n)) continue;
        const hn = h(n, t);
        // Unreachable cells may get Infinity (exact); reachable ones never more than the cost.
        if (!(hn <= toGo[n] + 1e-9 * Math.max(1, toGo[n]))) throw new Error(`landmarks overestimate at ${grid.formatXY(n)} -> ${grid.formatXY(t)}: ${hn} > ${toGo[n]} on ${describeGrid(ref)}`);
        if (hn === Infinity) continue;
        for (const [m, c] of ref.arcs(n)) {
          if (!(hn <= c + h(m, t) + 1e-9)) throw new Error(`landmarks not consistent on ${grid.formatXY(n)} -> ${grid.formatXY(m)} (cost ${c}): ${hn} vs ${h(m, t)} on ${describeGrid(ref)}`);
        }
      }
    }),
    { seed: SEED, numRuns: 400 },
  );
});

test('landmarks: the fast path and the engine find the reference cost, with the same numbers to the bit', () => {
  fc.assert(
    fc.property(world, fc.integer({ min: 1, max: 4 }), fc.nat(), fc.nat(), fc.boolean(), (w, count, a, b, reopen) => {
      const { grid, ref } = buildGrid(w);
      const s = pickCell(ref, a), t = pickCell(ref, b);
      if (s < 0) return;
      const h = landmarks(grid, { count });
      const fast = new GridSearcher(grid), engine = new Searcher(grid);
      const where = `${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`;
      fast.search(s, t, { heuristic: h, reopen });
      checkAnswer(`GridSearcher landmarks: ${where}`, { status: fast.status, path: fast.path(), cost: fast.cost }, ref, grid, s, t, referenceCost(ref, s, t), OPTIMAL);
      engine.search(s, t, { heuristic: h, reopen });
      expect([engine.status, engine.cost, engine.expansions, engine.pushes]).toEqual([fast.status, fast.cost, fast.expansions, fast.pushes]);
    }),
    { seed: SEED, numRuns: 600 },
  );
});

test('landmarks: behind a long wall, fewer than half the expansions of octile and the same cost', () => {
  // A wall across the middle with a gap at the far end: octile aims straight
  // at the goal and floods the near half; the landmarks know the detour.
  const rows: string[] = [];
  for (let y = 0; y < 40; y++) rows.push(y === 20 ? '#'.repeat(39) + '.' : '.'.repeat(40));
  const grid = Grid.fromAscii(rows);
  const s = new GridSearcher(grid), start = grid.id(0, 0), goal = grid.id(0, 39);
  s.search(start, goal, { heuristic: octile(grid) });
  const [cost, octileExpansions] = [s.cost, s.expansions];
  s.search(start, goal, { heuristic: landmarks(grid, { count: 4 }) });
  // Another path of the same length: equal up to the order the steps were added in.
  expect(s.cost).toBeCloseTo(cost, 9);
  expect(s.expansions * 2).toBeLessThan(octileExpansions);
});

test('landmarks: a start the landmarks show cut off from the goal ends the query at once', () => {
  const grid = Grid.fromAscii(['....#..', '....#..', '....#..']);
  const s = new GridSearcher(grid);
  expect(s.search(grid.id(0, 0), grid.id(6, 2), { heuristic: landmarks(grid, { count: 2 }) })).toBe('unreachable');
  expect(s.expansions).toBe(0);
});

test('landmarks: bad input is an InputError that says what to do; a table the grid has moved on from is built again', () => {
  const grid = Grid.fromAscii(['....', '.#..', '....']);
  const err = (f: () => unknown) => { try { f(); } catch (e) { expect(e).toBeInstanceOf(InputError); return (e as Error).message; } throw new Error('no error'); };
  expect(err(() => landmarks({} as Grid))).toMatch(/landmarks: needs a Grid/);
  expect(err(() => landmarks(grid, { count: 0 }))).toMatch(/count must be a whole number 1 to 64, got 0/);
  expect(err(() => landmarks(grid, { count: 2.5 }))).toMatch(/count must be a whole number/);
  expect(err(() => landmarks(grid, { cout: 3 } as never))).toMatch(/unknown option "cout"/);
  expect(err(() => landmarks(new Grid(3, 3, undefined, { blocked: { enterCost: 5 } })))).toMatch(/landmarks: needs blocked: 'delete'/);
  const h = landmarks(grid, { count: 2 });
  const other = Grid.fromAscii(['....', '....', '....']);
  expect(err(() => new GridSearcher(other).search(0, 5, { heuristic: h }))).toMatch(/built for another grid/);
  // An edit: the next query builds the table again, and answers as a table built fresh and as Dijkstra do.
  grid.setWeight(0, 2);
  grid.setBlocked(grid.id(2, 1), true);
  const s = new GridSearcher(grid);
  expect(s.search(grid.id(3, 2), 0, { heuristic: h })).toBe('found');
  expect(s.cost).toBe(dijkstra(grid, grid.id(3, 2), 0).cost);
  expect(h(grid.id(3, 2), 0)).toBe(landmarks(grid, { count: 2 })(grid.id(3, 2), 0));
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) expect(h(n, 0)).toBeLessThanOrEqual(dijkstra(grid, n, 0).cost + 1e-9);
});

test('a landmark table saved and loaded: the same estimates to the bit and the same searches; files that do not fit, or distances that break the triangle inequality, refused', () => {
  const grid = parseMap(readFileSync('data/movingai/room/8room_000.map', 'utf8'), '8room_000.map');
  const built = landmarks(grid, { count: 4 });
  const bytes = built.save();
  const loaded = landmarks(grid, { saved: bytes });
  const random = rng(9);
  const free: number[] = [];
  for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
  const a = new GridSearcher(grid), b = new GridSearcher(grid);
  for (let i = 0; i < 30; i++) {
    const s = free[Math.floor(random() * free.length)], t = free[Math.floor(random() * free.length)];
    expect(loaded(s, t)).toBe(built(s, t));
    a.search(s, t, { heuristic: built });
    b.search(s, t, { heuristic: loaded });
    expect([b.status, b.cost, b.expansions]).toEqual([a.status, a.cost, a.expansions]);
  }
  expect(Buffer.compare(loaded.save(), bytes)).toBe(0);
  const refused = (make: () => unknown) => { try { make(); } catch (e) { expect(e).toBeInstanceOf(InputError); return (e as Error).message; } throw new Error('not refused'); };
  expect(refused(() => landmarks(grid, { saved: bytes, count: 8 }))).toMatch(/^landmarks: count is 8, but the saved table has 4 landmarks/);
  expect(refused(() => landmarks(grid.with({ diagonalRule: 'always' }), { saved: bytes }))).toMatch(/built from another space/);
  const good = readSaved(bytes, 'BFLM', 1, grid, 'test', 'table');
  const edit = (f: (cells: Int32Array, table: Float64Array) => void) => {
    const cells = (good.arrays[0] as Int32Array).slice(), table = (good.arrays[1] as Float64Array).slice();
    f(cells, table);
    return writeSaved('BFLM', 1, grid, good.numbers, [cells, table]);
  };
  // One cell's distance to landmark 0 halved: a neighbour is now further from it than a step allows.
  const n = free[free.length >> 1];
  expect(refused(() => landmarks(grid, { saved: edit((_c, t) => { t[n * 4] = t[n * 4] / 2 + 50; }) }))).toMatch(/malformed: cells .* apart from landmark 0, more than the step/);
  expect(refused(() => landmarks(grid, { saved: edit((c) => { c[1] = grid.cells.indexOf(1); }) }))).toMatch(/malformed: landmark 1 is at \d+, not a free cell/);
  expect(refused(() => landmarks(grid, { saved: edit((_c, t) => { t[3] = -1; }) }))).toMatch(/malformed/);
  // After an edit the loaded table builds itself again on its next use, as a built one does.
  grid.setBlocked(free[0], true);
  expect(refused(() => landmarks(grid, { saved: bytes }))).toMatch(/before an edit/);
  const fresh = loaded.save();
  expect(landmarks(grid, { saved: fresh })(free[1], free[2])).toBe(loaded(free[1], free[2]));
});
