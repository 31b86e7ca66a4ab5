import { describe, expect, test } from 'vitest';
import { flood, Grid } from '#bestfirst';
import { LETHAL, makeCostmap } from '#bestfirst/costmap';
import { Footprint } from '#bestfirst/cspace';
import { FootprintChecker } from '#bestfirst/kinematic';
import { ObstacleHeuristic } from '#bestfirst/internal';

/** A seeded w x h costmap of 0.1 m cells, rows from the bottom: lethal boxes, and costs 0..253 or unknown elsewhere. */
function seededChecker(seed: number, w: number, h: number): FootprintChecker {
  let s = seed;
  const u = () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
  const cost = new Uint8Array(w * h);
  for (let i = 0; i < cost.length; i++) cost[i] = u() < 0.05 ? 255 : Math.floor(u() * 254);
  for (let b = 0; b < 7; b++) {
    const x0 = Math.floor(u() * w), y0 = Math.floor(u() * h), bw = 1 + Math.floor((u() * w) / 4), bh = 1 + Math.floor((u() * h) / 4);
    for (let y = y0; y < Math.min(h, y0 + bh); y++) for (let x = x0; x < Math.min(w, x0 + bw); x++) cost[y * w + x] = LETHAL;
  }
  return new FootprintChecker(makeCostmap(cost, { width: w, height: h, resolution: 0.1, rowOrder: 'bottom-up' }), Footprint.rectangle(0.3, 0.24));
}

/**
 * The same values the slow way: the blocks built from the rule stated
 * (free when one of its cells is not `centreBlocked`, at their lowest cost
 * capped at 252) as a weighted grid, and one full flood from the goal's.
 */
function fullFlood(checker: FootprintChecker, goal: [number, number], costPenalty: number, factor: number): (col: number, row: number) => number {
  const { width, height, cost } = checker.costmap;
  const bw = Math.ceil(width / factor), bh = Math.ceil(height / factor);
  const least = new Array<number>(bw * bh).fill(Infinity);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (checker.centreBlocked(c, r)) continue;
      const b = Math.floor(r / factor) * bw + Math.floor(c / factor);
      least[b] = Math.min(least[b], Math.min(cost[r * width + c], 252));
    }
  }
  const blocked = least.map((c) => (c === Infinity ? 1 : 0));
  const weights = least.map((c) => (c === Infinity ? Infinity : 1 + (costPenalty * c) / 252));
  const grid = new Grid(bw, bh, blocked, { connectivity: 8, diagonalRule: 'always', cellSize: 0.1 * factor, weights });
  const id = (col: number, row: number) => Math.floor(row / factor) * bw + Math.floor(col / factor);
  const g = flood(grid, id(...goal)).g;
  return (col, row) => g[id(col, row)];
}

describe('ObstacleHeuristic', () => {
  test('the lazy search answers every cell, asked in any order, as one full flood from the goal does (blocks of 1 to 4 cells a side)', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const checker = seededChecker(seed * 104729, 37, 29);
      // 2 is Nav2's downsampled heuristic, 3 and 4 that with the search's own downsampling.
      for (const factor of [1, 2, 3, 4]) {
        for (const costPenalty of [0, 2]) {
          let s = seed;
          const u = () => { s = (s * 48271) % 2147483647; return s / 2147483647; };
          let goal: [number, number];
          do goal = [Math.floor(u() * 37), Math.floor(u() * 29)]; while (checker.centreBlocked(...goal));
          const lazy = new ObstacleHeuristic(checker, goal[0], goal[1], costPenalty, factor);
          const full = fullFlood(checker, goal, costPenalty, factor);
          // Far cells and near ones mixed, so the search is turned towards a new target again and again.
          for (let k = 0; k < 300; k++) {
            const col = Math.floor(u() * 37), row = Math.floor(u() * 29);
            const want = full(col, row), got = lazy.distance(col, row);
            if (want === Infinity) expect(got).toBe(Infinity);
            else expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, want));
          }
        }
      }
    }
  });

  test('it settles only part of the map for a near cell, answers off the map with Infinity and the goal with 0', () => {
    const checker = seededChecker(7, 80, 80);
    const lazy = new ObstacleHeuristic(checker, 40, 40, 0, 1);
    expect(lazy.distance(-1, 5)).toBe(Infinity);
    // The goal's own cell is 0 even when it is a wall: the search starts there, whatever the first question.
    const walled = seededChecker(7, 80, 80);
    let wall = 0;
    while (!walled.centreBlocked(wall % 80, Math.floor(wall / 80))) wall++;
    for (const downsample of [false, true]) {
      const fromWall = new ObstacleHeuristic(walled, wall % 80, Math.floor(wall / 80), 2, downsample ? 2 : 1);
      expect(fromWall.distance(wall % 80, Math.floor(wall / 80))).toBe(0);
    }
    let near = 41;
    while (checker.centreBlocked(near, 40)) near++;
    lazy.distance(near, 40);
    expect(lazy.settledCount).toBeGreaterThan(0);
    expect(lazy.settledCount).toBeLessThan(80 * 80 / 4);
  });

  test('each checker has its own blocks: a query on another costmap is never answered from the first one\'s', () => {
    const a = seededChecker(11, 37, 29), b = seededChecker(12, 37, 29);
    let goal: [number, number] = [18, 14];
    while (a.centreBlocked(...goal) || b.centreBlocked(...goal)) goal = [(goal[0] + 1) % 37, goal[1]];
    const fa = fullFlood(a, goal, 2, 2), fb = fullFlood(b, goal, 2, 2);
    let differ = 0;
    for (let k = 0; k < 60; k++) {
      const col = (k * 7) % 37, row = (k * 5) % 29;
      // Interleaved: a query on a, then one on b, each from scratch on its own checker.
      const ha = new ObstacleHeuristic(a, goal[0], goal[1], 2, 2).distance(col, row);
      const hb = new ObstacleHeuristic(b, goal[0], goal[1], 2, 2).distance(col, row);
      expect(ha === fa(col, row) || Math.abs(ha - fa(col, row)) <= 1e-9 * fa(col, row)).toBe(true);
      expect(hb === fb(col, row) || Math.abs(hb - fb(col, row)) <= 1e-9 * fb(col, row)).toBe(true);
      if (fa(col, row) !== fb(col, row)) differ++;
    }
    expect(differ).toBeGreaterThan(30);
    // One goal at a time per checker: the older query on it may no longer be asked.
    const first = new ObstacleHeuristic(a, goal[0], goal[1], 2, 2);
    new ObstacleHeuristic(a, goal[0], goal[1], 2, 2);
    expect(() => first.distance(0, 0)).toThrow(/newer query/);
  });
});
