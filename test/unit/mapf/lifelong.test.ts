// Lifelong operation (robots given a new goal on each arrival): every step
// of every run is held to a checker written here, apart from check.ts (side
// steps or waits on free cells, no two robots on one cell, no two swapping);
// the errands are held to the stations they must come from, in order; the
// goals reached and errands done are counted again from the positions; a
// seed gives the same run twice; limits end in a status.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Grid, InputError } from '#bestfirst';
import { lifelong, warehouseStations, type LifelongResult, type WarehouseStations } from '#bestfirst/mapf';
import { parseMap } from '#bestfirst/io';
import { MapfFloor } from '#bestfirst/internal';
import { dataFile } from '../../support/data.js';

const WAREHOUSE = parseMap(readFileSync(dataFile('mapf/warehouse-10-20-10-2-1.map'), 'utf8'));

/** Why the run's steps break the rules, or null: each robot stays or takes one side step onto a free cell; no shared cell; no swap. */
function stepFault(grid: Grid, positions: readonly ArrayLike<number>[]): string | null {
  const w = grid.width;
  const free = (n: number) => Number.isInteger(n) && n >= 0 && n < grid.size && grid.cells[n] === 0;
  for (let t = 0; t < positions.length; t++) {
    const now = positions[t];
    const on = new Map<number, number>();
    for (let i = 0; i < now.length; i++) {
      const v = now[i];
      if (!free(v)) return `step ${t}: robot ${i} on ${v}, not a free cell`;
      if (on.has(v)) return `step ${t}: robots ${on.get(v)} and ${i} both on ${v}`;
      on.set(v, i);
      if (t === 0) continue;
      const u = positions[t - 1][i];
      const dx = Math.abs((v % w) - (u % w)), dy = Math.abs(Math.floor(v / w) - Math.floor(u / w));
      if (dx + dy > 1) return `step ${t}: robot ${i} jumps from ${u} to ${v}`;
    }
    if (t === 0) continue;
    const before = positions[t - 1];
    const was = new Map<number, number>();
    for (let i = 0; i < before.length; i++) was.set(before[i], i);
    for (let i = 0; i < now.length; i++) {
      const j = was.get(now[i]);
      if (j !== undefined && j !== i && now[j] === before[i]) return `step ${t}: robots ${i} and ${j} swap ${before[i]} and ${now[i]}`;
    }
  }
  return null;
}

/** Goals reached and errands done, counted from the positions and the goals given; throws when the goals are not pick, shelf, drop in turn from the stations. */
function recount(r: LifelongResult, s: WarehouseStations): { goalsReached: number; tasksDone: number } {
  const lists = [s.pick, s.shelf, s.drop];
  let goalsReached = 0, tasksDone = 0;
  r.goals.forEach((goals, i) => {
    goals.forEach((g, j) => { if (!lists[j % 3].includes(g)) throw new Error(`robot ${i}'s goal ${j} (${g}) is not a ${['pick', 'shelf', 'drop'][j % 3]} station`); });
    let next = 0;
    for (const at of r.positions!) {
      while (next < goals.length && at[i] === goals[next]) {
        next++;
        goalsReached++;
        if (next % 3 === 0) tasksDone++;
      }
    }
    // Errands are drawn whole, and the goal still ahead is in the last one.
    expect(goals.length % 3, `robot ${i}`).toBe(0);
    expect(next, `robot ${i}`).toBeGreaterThanOrEqual(goals.length - 3);
    expect(next, `robot ${i}`).toBeLessThan(goals.length);
  });
  return { goalsReached, tasksDone };
}

describe('the checker of this file', () => {
  const g = Grid.fromAscii(['...', '.#.']);
  test('it passes a lawful run and names each fault: a jump, a shared cell, a swap, a wall', () => {
    expect(stepFault(g, [[0, 2], [1, 2], [1, 5]])).toBeNull();
    expect(stepFault(g, [[0, 2], [2, 1]])).toMatch(/jumps/);
    expect(stepFault(g, [[0, 2], [1, 1]])).toMatch(/both on 1/);
    expect(stepFault(g, [[0, 1], [1, 0]])).toMatch(/swap/);
    expect(stepFault(g, [[0, 2], [0, 4]])).toMatch(/not a free cell/);
  });
});

describe('warehouse stations', () => {
  test('on the benchmark warehouse: the left column picks, the right column drops, the cells beside the shelves in between', () => {
    const s = warehouseStations(WAREHOUSE);
    expect([s.pick.length, s.shelf.length, s.drop.length]).toEqual([61, 2540, 61]);
    expect(new Set(s.pick.map((n) => WAREHOUSE.x(n)))).toEqual(new Set([1]));
    expect(new Set(s.drop.map((n) => WAREHOUSE.x(n)))).toEqual(new Set([159]));
    for (const n of s.shelf) {
      const x = WAREHOUSE.x(n), y = WAREHOUSE.y(n);
      const shelfBeside = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].some(([a, b]) => a > 0 && b > 0 && a < 160 && b < 62 && WAREHOUSE.cells[WAREHOUSE.id(a, b)] !== 0);
      expect(shelfBeside && WAREHOUSE.cells[n] === 0).toBe(true);
    }
  });

  test('on a hand map, cell by cell; a map with no shelf or one column refuses', () => {
    const g = Grid.fromAscii(['#####', '#...#', '#.#.#', '#...#', '#####']);
    expect(warehouseStations(g)).toEqual({ pick: [6, 11, 16], shelf: [7, 17], drop: [8, 13, 18] });
    expect(() => warehouseStations(Grid.fromAscii(['...', '...']))).toThrow(/no shelf spot/);
    expect(() => warehouseStations(Grid.fromAscii(['#.#', '#.#']))).toThrow(/free cells in two columns/);
  });
});

test('the floor forgets a goal\'s distances on request (how a long run bounds its memory) and floods them again the same', () => {
  const floor = new MapfFloor(WAREHOUSE);
  const d = floor.distanceTo(WAREHOUSE.id(1, 1));
  floor.distanceTo(WAREHOUSE.id(159, 1));
  expect(floor.floods).toBe(2);
  floor.forget(WAREHOUSE.id(1, 1));
  expect(floor.floods).toBe(1);
  const again = floor.distanceTo(WAREHOUSE.id(1, 1));
  expect(again).not.toBe(d);
  expect(again).toEqual(d);
});

describe('lifelong operation', () => {
  test('one robot in a corridor, by hand: errands of 4 + 4 + 8 steps, two done in 24 steps', () => {
    const g = Grid.fromAscii(['.........']);
    const stations = { pick: [0], shelf: [4], drop: [8] };
    const r = lifelong(g, { agents: [0], steps: 24, stations, positions: true });
    expect(r).toMatchObject({ status: 'found', steps: 24, goalsReached: 6, tasksDone: 2 });
    expect(r.throughput).toBeCloseTo(200 / 24, 10);
    expect(r.goals).toEqual([[0, 4, 8, 0, 4, 8, 0, 4, 8]]);
    expect(Array.from(r.positions!, (p) => p[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  for (const k of [50, 200]) {
    test(`the warehouse, ${k} robots, 300 PIBT steps: every step lawful, the counts found again from the positions`, () => {
      const r = lifelong(WAREHOUSE, { agents: k, steps: 300, seed: 7, positions: true });
      expect(r).toMatchObject({ status: 'found', reason: null, steps: 300 });
      expect(r.positions!.length).toBe(301);
      expect(stepFault(WAREHOUSE, r.positions!)).toBeNull();
      const again = recount(r, warehouseStations(WAREHOUSE));
      expect(again).toEqual({ goalsReached: r.goalsReached, tasksDone: r.tasksDone });
      expect(r.tasksDone).toBeGreaterThan(0);
      expect(r.throughput).toBe((100 * r.tasksDone) / 300);
      expect(r.planMs.max).toBeGreaterThanOrEqual(r.planMs.p95);
      expect(r.planMs.p95).toBeGreaterThanOrEqual(0);
    });
  }

  test('a seed gives the same run twice, another seed another run; without positions, the same counts', () => {
    const a = lifelong(WAREHOUSE, { agents: 100, steps: 150, seed: 3, positions: true });
    const b = lifelong(WAREHOUSE, { agents: 100, steps: 150, seed: 3, positions: true });
    expect(b.positions).toEqual(a.positions);
    expect(b.goals).toEqual(a.goals);
    const c = lifelong(WAREHOUSE, { agents: 100, steps: 150, seed: 4, positions: true });
    expect(c.positions![0]).not.toEqual(a.positions![0]);
    const quiet = lifelong(WAREHOUSE, { agents: 100, steps: 150, seed: 3 });
    expect(quiet.positions).toBeNull();
    expect([quiet.goalsReached, quiet.tasksDone, quiet.goals]).toEqual([a.goalsReached, a.tasksDone, a.goals]);
  });

  test('rolling-horizon LaCAM on an open floor: lawful steps, the counts found again, its windows counted', () => {
    const g = Grid.fromAscii(['..........', '..........', '...#..#...', '...#..#...', '..........', '..........']);
    const stations = { pick: [0, 10, 20], shelf: [12, 22, 17, 27], drop: [9, 19, 29] };
    const r = lifelong(g, { agents: 8, steps: 60, seed: 2, stations, solver: 'lacam', window: 4, positions: true });
    expect(stepFault(g, r.positions!)).toBeNull();
    expect(recount(r, stations)).toEqual({ goalsReached: r.goalsReached, tasksDone: r.tasksDone });
    expect(r.windows.planned + r.windows.fellBack).toBe(15);
    expect(r.windows.planned).toBeGreaterThan(0);
    expect(r.tasksDone).toBeGreaterThan(0);
  });

  test('limits end the run in a status, the counts covering the steps run', () => {
    const some = lifelong(WAREHOUSE, { agents: 20, steps: 100, limits: { maxExpansions: 30 }, positions: true });
    expect(some).toMatchObject({ status: 'stopped', reason: 'max-expansions', steps: 30, detail: 'the expansion budget ran out after 30 of the 100 steps' });
    expect(some.positions!.length).toBe(31);
    expect(recount(some, warehouseStations(WAREHOUSE))).toEqual({ goalsReached: some.goalsReached, tasksDone: some.tasksDone });
    const ac = new AbortController();
    ac.abort();
    expect(lifelong(WAREHOUSE, { agents: 20, steps: 100, limits: { signal: ac.signal } })).toMatchObject({ status: 'stopped', reason: 'aborted', steps: 0, throughput: 0 });
    expect(lifelong(WAREHOUSE, { agents: 20, steps: 100, limits: { maxMillis: 0 } })).toMatchObject({ status: 'stopped', reason: 'max-millis', steps: 0 });
  });

  test('progress after each step', () => {
    const seen: [number, number][] = [];
    lifelong(WAREHOUSE, { agents: 5, steps: 4, onProgress: (d, t) => seen.push([d, t]) });
    expect(seen).toEqual([[1, 4], [2, 4], [3, 4], [4, 4]]);
  });

  test('mistakes are InputErrors', () => {
    const g = Grid.fromAscii(['#####', '#...#', '#.#.#', '#...#', '#####']);
    for (const [options, msg] of [
      [{ agents: 9, steps: 5 }, /9 robots do not fit on the 8 free cells/],
      [{ agents: 0, steps: 5 }, /agents must be a whole number >= 1/],
      [{ agents: [6, 6], steps: 5 }, /two robots start on \(1,1\)/],
      [{ agents: [0], steps: 5 }, /agents\[0\] \(0,0\) is a blocked cell/],
      [{ agents: 2, steps: -1 }, /steps must be a whole number >= 0/],
      [{ agents: 2, steps: 5, solver: 'cbs' }, /solver must be 'pibt' or 'lacam'/],
      [{ agents: 2, steps: 5, window: 0 }, /window must be a whole number >= 1/],
      [{ agents: 2, steps: 5, stations: { pick: [6], shelf: [], drop: [8] } }, /stations.shelf must be a non-empty array/],
      [{ agents: 2, steps: 5, stations: { pick: [6], shelf: [12], drop: [8] } }, /stations.shelf\[0\] \(2,2\) is a blocked cell/],
      [{ agents: 2, steps: 5, stations: { pick: [6], shelf: [7], drop: [8], dock: [1] } }, /unknown key "dock"/],
      [{ agents: 2, steps: 5, speed: 2 }, /speed/],
    ] as const) {
      expect(() => lifelong(g, options as never), JSON.stringify(options)).toThrow(InputError);
      expect(() => lifelong(g, options as never)).toThrow(msg);
    }
  });
});
