import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Grid } from '#bestfirst';
import { leeBoard, leeWave } from '../../../web/src/lee/lee-model.js';

/** Breadth-first distances by hand (a queue), the reference for the wave's labels. */
function bfs(grid: Grid, from: number, blocked: ReadonlySet<number>): Int32Array {
  const d = new Int32Array(grid.size).fill(-1);
  const q = [from];
  d[from] = 0;
  for (let i = 0; i < q.length; i++) {
    const n = q[i], x = grid.x(n), y = grid.y(n);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (!grid.inside(x + dx, y + dy)) continue;
      const m = grid.id(x + dx, y + dy);
      if (d[m] < 0 && !grid.isBlocked(m) && !blocked.has(m)) { d[m] = d[n] + 1; q.push(m); }
    }
  }
  return d;
}

describe("Lee's wave (web/src/lee/lee-model.ts)", () => {
  it('labels every cell up to the target ring with its breadth-first distance, and walks back a shortest route', () => {
    fc.assert(fc.property(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 3, max: 7 }), fc.array(fc.boolean(), { minLength: 63, maxLength: 63 }),
      fc.nat(), fc.nat(), fc.array(fc.nat(), { maxLength: 6 }), (w, h, walls, a, b, taken) => {
        const rows = Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (walls[y * w + x] ? '#' : '.')).join(''));
        const grid = Grid.fromAscii(rows, { connectivity: 4 });
        const free = [...Array(grid.size).keys()].filter((n) => !grid.isBlocked(n));
        if (free.length < 2) return;
        const from = free[a % free.length], to = free[b % free.length];
        if (from === to) return;
        const laid = taken.map((t) => free[t % free.length]).filter((n) => n !== from && n !== to);
        const d = bfs(grid, from, new Set(laid));
        const wave = leeWave(grid, { from, to }, laid);
        const last = d[to];
        for (let n = 0; n < grid.size; n++) {
          const want = d[n] >= 0 && (last < 0 || d[n] <= last) ? d[n] : -1;
          expect(wave.label[n], `cell ${grid.formatXY(n)}`).toBe(want);
        }
        wave.rings.forEach((ring, k) => { for (const n of ring) expect(d[n]).toBe(k); });
        if (last < 0) { expect(wave.route).toBeNull(); return; }
        const r = wave.route!;
        expect(r[0]).toBe(from);
        expect(r[r.length - 1]).toBe(to);
        expect(r.length - 1).toBe(last);
        r.forEach((n, i) => {
          expect(laid.includes(n) || grid.isBlocked(n)).toBe(false);
          if (i > 0) expect(Math.abs(grid.x(n) - grid.x(r[i - 1])) + Math.abs(grid.y(n) - grid.y(r[i - 1]))).toBe(1);
          expect(d[n]).toBe(i); // one label lower at every step back
        });
      }), { seed: 1502, numRuns: 300 });
  });

  it('on the page\'s board the first wire is in the second one\'s way', () => {
    const { grid, wires } = leeBoard();
    const first = leeWave(grid, wires[0]);
    const second = leeWave(grid, wires[1], first.route!);
    const alone = leeWave(grid, wires[1]);
    expect(first.route!.length - 1).toBe(8);
    expect(second.route!.length).toBeGreaterThan(alone.route!.length);
    for (const n of second.route!) expect(first.route!.includes(n)).toBe(false);
  });
});
