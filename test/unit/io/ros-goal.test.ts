// Nav2's goal tolerance (src/io/ros-goal.ts): goalWithinTolerance against a
// brute-force reference that scans every cell of seeded random costmaps, on
// maps turned by a yaw too, with and without reachability from a start.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { costmapToGrid, inflate } from '#bestfirst/costmap';
import { cellToWorld, goalWithinTolerance, worldToCell, type OccupancyGrid } from '#bestfirst/io';
import type { Grid } from '#bestfirst';
import { refusal } from '../../support/refusal.js';

/** Free cells reached from `from` by 8-connected moves that cut no corner (both side cells free), written out here. */
function reachableRef(grid: Grid, from: number): Set<number> {
  const { width, height, cells } = grid;
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] === 0;
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const x = n % width, y = (n - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || !free(x + dx, y + dy)) continue;
        if (dx !== 0 && dy !== 0 && !(free(x + dx, y) && free(x, y + dy))) continue;
        const m = (y + dy) * width + x + dx;
        if (!seen.has(m)) { seen.add(m); stack.push(m); }
      }
    }
  }
  return seen;
}

/** The rule by scanning every cell: the goal's own cell if acceptable, else the acceptable centre nearest the goal within the tolerance (smaller id on a tie). */
function reference(map: OccupancyGrid, grid: Grid, goal: [number, number], tolerance: number, from?: number) {
  const reach = from === undefined ? undefined : reachableRef(grid, from);
  const ok = (n: number) => grid.cells[n] === 0 && (reach === undefined || reach.has(n));
  const own = worldToCell(map, goal);
  const dist = (n: number) => { const [x, y] = cellToWorld(map, n); return Math.hypot(x - goal[0], y - goal[1]); };
  if (ok(own)) return { cell: own, distance: dist(own), exact: true, near: [] as number[] };
  let best = -1, bestD = Infinity;
  const all: [number, number][] = [];
  for (let n = 0; n < grid.size; n++) {
    if (!ok(n)) continue;
    const d = dist(n);
    all.push([n, d]);
    if (d <= tolerance && d < bestD) { best = n; bestD = d; }
  }
  // Cells whose distance is within rounding of the best or of the tolerance: where two exact computations may differ.
  const near = all.filter(([, d]) => Math.abs(d - bestD) < 1e-9 || Math.abs(d - tolerance) < 1e-9).map(([n]) => n);
  return best < 0 ? { cell: null, distance: Infinity, exact: false, near } : { cell: best, distance: bestD, exact: false, near };
}

describe('goalWithinTolerance', () => {
  test('agrees with a brute-force scan of every cell on seeded random costmaps, turned maps too (fixed-seed property)', () => {
    let tolerated = 0, refused = 0, exact = 0;
    fc.assert(fc.property(
      fc.integer({ min: 2, max: 24 }), fc.integer({ min: 2, max: 24 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(0, 0, 0.7, -2.5), fc.constantFrom(0.05, 0.1), fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 9999 }),
      fc.integer({ min: 0, max: 8000 }), fc.boolean(), fc.boolean(),
      (w, h, seed, yaw, r, uu, vv, tolMilli, allowUnknown, withStart) => {
        const u = uu / 10000, v = vv / 10000, tolCells = tolMilli / 1000;
        let s = seed;
        const rnd = () => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return s / 2 ** 32; };
        const data = Int8Array.from({ length: w * h }, () => { const q = rnd(); return q < 0.06 ? 100 : q < 0.16 ? -1 : 0; });
        const map: OccupancyGrid = { width: w, height: h, resolution: r, origin: { x: -1.5, y: 0.25, yaw }, data };
        const costmap = inflate(map, { inscribedRadius: r, inflationRadius: 2 * r, costScalingFactor: 3 });
        const grid = costmapToGrid(costmap, { allowUnknown });
        // The goal: a point inside the map (u, v of its sides), in the world frame.
        const px = u * w * r, py = v * h * r;
        const goal: [number, number] = [-1.5 + px * Math.cos(yaw) - py * Math.sin(yaw), 0.25 + px * Math.sin(yaw) + py * Math.cos(yaw)];
        const tolerance = tolCells * r;
        const freeCells = Array.from({ length: grid.size }, (_, n) => n).filter((n) => grid.cells[n] === 0);
        const from = withStart && freeCells.length > 0 ? freeCells[Math.floor(rnd() * freeCells.length)] : undefined;
        const got = goalWithinTolerance(map, grid, goal, tolerance, from === undefined ? {} : { reachableFrom: from });
        const want = reference(map, grid, goal, tolerance, from);
        if (want.exact) {
          exact++;
          expect(got).toEqual({ cell: want.cell, distance: expect.closeTo(want.distance, 9), exact: true });
          return;
        }
        if (want.near.length > 1 || (want.cell === null && want.near.length > 0)) return; // a tie within rounding: either answer is right
        if (want.cell === null) { refused++; expect(got).toBeNull(); return; }
        tolerated++;
        expect(got).not.toBeNull();
        expect(got!.cell).toBe(want.cell);
        expect(got!.distance).toBeCloseTo(want.distance, 9);
        expect(got!.exact).toBe(false);
        expect(got!.distance).toBeLessThanOrEqual(tolerance + 1e-9);
      },
    ), { seed: 3207, numRuns: 400 });
    // The property saw all three outcomes, not only the easy one.
    expect(Math.min(tolerated, refused, exact)).toBeGreaterThan(20);
  });

  test('an exact tie goes to the smaller id; tolerance 0 refuses a blocked goal; reachability counts', () => {
    // 3 x 1 map of 1 m cells, the middle one an obstacle; the goal on its centre, 1 m from both neighbours' centres.
    const map: OccupancyGrid = { width: 3, height: 1, resolution: 1, origin: { x: 0, y: 0, yaw: 0 }, data: Int8Array.from([0, 100, 0]) };
    const grid = costmapToGrid(inflate(map, { inscribedRadius: 0, inflationRadius: 0 }));
    expect(goalWithinTolerance(map, grid, [1.5, 0.5], 1)).toEqual({ cell: 0, distance: 1, exact: false });
    expect(goalWithinTolerance(map, grid, [1.5, 0.5], 0.999)).toBeNull();
    expect(goalWithinTolerance(map, grid, [1.5, 0.5], 0)).toBeNull();
    // From cell 2 the obstacle walls off cell 0: the goal goes to cell 2.
    expect(goalWithinTolerance(map, grid, [1.5, 0.5], 1, { reachableFrom: 2 })).toEqual({ cell: 2, distance: 1, exact: false });
    // A free goal cell that the start cannot reach is not accepted either (NavFn: no potential there).
    expect(goalWithinTolerance(map, grid, [0.5, 0.5], 0.5, { reachableFrom: 2 })).toBeNull();
    expect(goalWithinTolerance(map, grid, [0.5, 0.5], 2, { reachableFrom: 2 })).toEqual({ cell: 2, distance: 2, exact: false });
  });

  test('bad arguments are InputErrors naming them', () => {
    const map: OccupancyGrid = { width: 3, height: 1, resolution: 1, origin: { x: 0, y: 0, yaw: 0 }, data: Int8Array.from([0, 100, 0]) };
    const grid = costmapToGrid(inflate(map, { inscribedRadius: 0, inflationRadius: 0 }));
    expect(refusal(() => goalWithinTolerance(map, grid, [9, 0.5], 1))).toMatch(/outside the map/);
    expect(refusal(() => goalWithinTolerance(map, grid, [1.5, 0.5], -1))).toMatch(/tolerance must be a finite number >= 0 \(metres\), got -1/);
    expect(refusal(() => goalWithinTolerance(map, grid, [1.5, 0.5], Number.NaN))).toMatch(/tolerance .* got NaN/);
    expect(refusal(() => goalWithinTolerance(map, { ...map } as never, [1.5, 0.5], 1))).toMatch(/grid must be a Grid/);
    expect(refusal(() => goalWithinTolerance({ ...map, width: 1, data: new Int8Array(1) }, grid, [0.5, 0.5], 1))).toMatch(/grid is 3 x 1 cells and the map 1 x 1/);
    expect(refusal(() => goalWithinTolerance(map, grid, [1.5, 0.5], 1, { reachableFrom: 1 }))).toMatch(/reachableFrom \(1,0\).* is a blocked cell/);
    expect(refusal(() => goalWithinTolerance(map, grid, [1.5, 0.5], 1, { reachableFrom: 3 }))).toMatch(/reachableFrom must be a cell id in 0\.\.2, got 3/);
    expect(refusal(() => goalWithinTolerance(map, grid, [1.5, 0.5], 1, { from: 0 } as never))).toMatch(/unknown option "from"/);
  });
});
