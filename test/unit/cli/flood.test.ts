// `bestfirst flood`: the count and the largest cost it prints are the
// reference Dijkstra's, for every radius; its JSON has the same numbers; its
// mistakes are one-line refusals.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseMap } from '#bestfirst/io';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { dataFile } from '../../support/data.js';
import { referenceDijkstra } from '../../support/reference.js';
import { run } from '../../support/cli-run.js';

const F = writeFixtures();

test('the cells within each radius, and the largest cost among them, are the reference Dijkstra\'s (arena, one start, radii 0 to none)', async () => {
  const file = dataFile('movingai/dao/arena.map');
  const grid = parseMap(readFileSync(file, 'utf8'));
  const ref = referenceDijkstra(grid, grid.id(3, 3), 'forward');
  for (const budget of [0, 1, 2.5, 10, 40, undefined]) {
    const r = await run('flood', '--map', file, '--from', '3,3', '--json', ...(budget === undefined ? [] : ['--radius', String(budget)]));
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as { reached: number; maxCost: number; farthest: [number, number]; radius: number | null };
    const within = ref.filter((c) => c <= (budget ?? Infinity) && c < Infinity);
    expect(rec.reached, `budget ${budget}`).toBe(within.length);
    expect(rec.maxCost).toBeCloseTo(Math.max(...within), 9);
    expect(ref[grid.id(rec.farthest[0], rec.farthest[1])]).toBeCloseTo(rec.maxCost, 9);
    expect(rec.radius).toBe(budget ?? null);
  }
});

test('text output: the map, the start, the radius, then the count and the largest cost', async () => {
  const r = await run('flood', '--map', F.map, '--from', '0,0', '--radius', '3');
  expect(r.code).toBe(0);
  expect(r.out[0]).toMatch(/^map .*tiny\.map \(8 x 6\), from \(0,0\), radius 3$/);
  expect(r.out[1]).toMatch(/^\d+ cells within cost 3; largest cost 3\.00000000, at \(\d+,\d+\); [\d.]+ us$/);
});

test('mistakes are one-line refusals with exit 2', async () => {
  for (const [argv, msg] of [
    [['flood', '--map', F.map, '--from', '0,0', '--radius', '-1'], /--radius must be a decimal number >= 0, got "-1"/],
    [['flood', '--map', F.map, '--from', '1,1'], /--from/], // a wall of the tiny map
    [['flood', '--map', F.map], /--from/],
    [['flood', '--from', '0,0'], /--map/],
    [['flod', '--map', F.map], /did you mean "flood"/],
  ] as const) {
    const r = await run(...argv);
    expect(r.code, argv.join(' ')).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(msg);
  }
});
