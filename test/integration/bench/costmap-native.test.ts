// The native weighted A* of the costmap benchmark (bench/native/astar.cpp
// --weights, through bench/bench-native.ts) against the test suite's own
// reference Dijkstra on small weighted maps, at 1 m and at 0.05 m a cell and
// with diagonal 1.4; and the benchmark's check throws when a cost disagrees.
// Integration tier: it compiles the C++ (seconds); skipped without g++, loudly (below).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Grid } from '#bestfirst';
import { buildNative, runNativeWeighted, type NativeRef } from '../../../bench/bench-native.js';
import { costmapOf, nativeWeighted, sameCost } from '../../../bench/costmap.js';
import { ReferenceGrid, referenceCost, rng } from '../../support/reference.js';
import { failWithoutTool, toolAvailability, type ToolCheck } from '../../support/required-tool.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bestfirst-native-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const native = buildNative(dir);
// Skipped without g++, but never quietly (test/support/required-tool.ts, as the browser suites): a banner,
// or, with BESTFIRST_REQUIRE_NATIVE=1 (CI), a failing test in the suite's place.
const gpp: ToolCheck = {
  suite: 'test/integration/bench/costmap-native.test.ts (the benchmark\'s native A* against the reference)',
  present: typeof native !== 'string' || !native.startsWith('g++ not found'),
  missing: 'g++ was not found, so the C++ reference was not compiled or checked.',
  install: 'apt-get install -y g++', env: 'BESTFIRST_REQUIRE_NATIVE',
};
const avail = toolAvailability(gpp);
failWithoutTool(avail, gpp);

const MAP = [
  '....................',
  '...#......###.......',
  '...#..#.....#...#...',
  '......#..#..#...#...',
  '.#######.#......#...',
  '.........#..##......',
  '..##.....#..........',
  '..........#.....##..',
  '.....#..............',
  '....................',
].join('\n');

describe.runIf(avail.run)('native weighted A* (bench/native/astar.cpp --weights)', () => {
  it('compiles', () => {
    expect(typeof native, String(native)).toBe('object');
  });

  for (const [what, options] of [['1 m cells', {}], ['0.05 m cells', { cellSize: 0.05 }], ['diagonal 1.4', { diagonalCost: 1.4 }]] as const) {
    it(`costs equal the reference Dijkstra's on every query, ${what}`, () => {
      const grid = costmapOf(Grid.fromAscii(MAP)).with(options);
      const ref = new ReferenceGrid(
        { width: grid.width, height: grid.height, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost: grid.diagonalCost, cellSize: grid.cellSize, enterCost: -1 },
        grid.cells, grid.weights!,
      );
      const next = rng(5), free: number[] = [];
      for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) free.push(n);
      const w = grid.width;
      const qs = Array.from({ length: 60 }, () => {
        const a = free[Math.floor(next() * free.length)], b = free[Math.floor(next() * free.length)];
        return { sx: a % w, sy: Math.floor(a / w), gx: b % w, gy: Math.floor(b / w), optimal: referenceCost(ref, a, b) };
      });
      const got = runNativeWeighted(native as NativeRef, grid, qs, 1, 'test map');
      got.forEach((r, i) => expect(sameCost(r.cost, qs[i].optimal), `query ${i}: ${r.cost} vs ${qs[i].optimal}`).toBe(true));
      // The benchmark's own check passes them, and throws on one wrong optimum.
      expect(nativeWeighted(native as NativeRef, [{ name: 'test', file: '', grid, queries: qs }], 1)).toHaveLength(qs.length);
      const wrong = qs.map((q, i) => (i === 3 ? { ...q, optimal: q.optimal * (1 + 1e-6) } : q));
      expect(() => nativeWeighted(native as NativeRef, [{ name: 'test', file: '', grid, queries: wrong }], 1)).toThrow(/disagrees/);
    });
  }
});
