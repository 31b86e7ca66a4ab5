import { test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { sampleIndices } from '../../../cli/scen.js';
import { checkScenario } from '#bestfirst/io';
import { dataPath, failures, FILES, loadMap, loadScen } from '../../support/movingai-runs.js';

// The real Moving AI data: every file parses and fits its map, and a seeded
// sample of every scenario file is solved optimally by each algorithm. The
// whole-file runs are in movingai-full-*.test.ts (separate files, so the two
// test workers share them).

test('Moving AI data: every file parses, has the published row count, and every row fits its map', () => {
  for (const f of FILES) {
    const grid = loadMap(f.map);
    const scens = loadScen(f.scen);
    expect(scens.length, f.scen).toBe(f.rows);
    for (const s of scens) {
      expect(s.mapName, `${f.scen}:${s.line}`).toBe(f.map.slice(f.map.lastIndexOf('/') + 1));
      checkScenario(s, grid, f.scen);
    }
  }
});

test('a missing data file fails the test, saying where it looked', () => {
  expect(() => dataPath('dao/no-such.map')).toThrow(/^data file missing: looked for \/.*\/data\/movingai\/dao\/no-such\.map \(the repository's data\/ folder/);
});

test('Moving AI data: T counts as blocked (cell counts from the data README)', () => {
  const orz = loadMap('dao/orz900d.map');
  expect([orz.width, orz.height, orz.size - orz.freeCount()]).toEqual([1491, 656, 978096 - 96603]);
  const r40 = loadMap('random/random512-40-0.map');
  expect(r40.size - r40.freeCount()).toBe(104857 + 52337); // '@' plus 'T'
  // The street maps are the CRLF ones.
  expect(readFileSync(dataPath('street/Berlin_0_256.map'), 'utf8')).toContain('\r\n');
  expect(loadMap('street/Berlin_0_256.map').width).toBe(256);
});

const SAMPLE = 20, DIJKSTRA_SAMPLE = 5, SEED = 1;

for (const f of FILES) {
  test(`${f.scen}: seeded sample, A* and JPS optimal, Dijkstra optimal (${DIJKSTRA_SAMPLE}), weighted A* 1.5 within 1.5 x optimum`, () => {
    const grid = loadMap(f.map);
    const scens = loadScen(f.scen);
    const picked = sampleIndices(scens.length, SAMPLE, SEED);
    expect(picked.length).toBe(SAMPLE);
    const fewer = sampleIndices(scens.length, DIJKSTRA_SAMPLE, SEED + 1);
    expect([
      ...failures(f.scen, grid, scens, picked, 'astar'),
      ...failures(f.scen, grid, scens, picked, 'jps'),
      ...failures(f.scen, grid, scens, picked, 'wastar:1.5'),
      ...failures(f.scen, grid, scens, fewer, 'dijkstra'),
    ]).toEqual([]);
  });
}
