import { test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Grid } from '../src/grid.js';
import { checkScenario, parseMap, parseScen, type Scenario } from '../src/movingai.js';
import { checkPath, sameLength, withinBound } from '../src/validate-path.js';
import { parseAlgo } from '../cli/algos.js';
import { sampleIndices } from '../cli/scen.js';
import { dataFile } from './support/data.js';

/** A Moving AI file in the repository's data/movingai/, or a failure naming where it looked. */
const dataPath = (rel: string): string => dataFile(`movingai/${rel}`);

/** Every .scen here, with its map and its row count as the data README gives it. */
const FILES: { scen: string; map: string; rows: number }[] = [
  ['dao/arena', 160], ['dao/arena2', 929], ['dao/brc202d', 2519], ['dao/den312d', 320], ['dao/lak303d', 1060],
  ['dao/orz900d', 7015], ['dao/ost003d', 846],
  ['maze/maze512-1-0', 11960], ['maze/maze512-32-0', 5760], ['maze/maze512-8-0', 6090],
  ['random/random512-10-0', 1670], ['random/random512-25-0', 1840], ['random/random512-40-0', 3060],
  ['room/64room_000', 2030], ['room/8room_000', 1940],
  ['street/Berlin_0_256', 930], ['street/Berlin_0_512', 1870], ['street/Boston_0_512', 1890],
].map(([name, rows]) => ({ scen: `${name}.map.scen`, map: `${name}.map`, rows: rows as number }));
// The current site's regenerated scenarios for four of the same maps.
FILES.push(
  { scen: 'movingai-site-scen/dao/arena2.map.scen', map: 'dao/arena2.map', rows: 910 },
  { scen: 'movingai-site-scen/maze/maze512-1-0.map.scen', map: 'maze/maze512-1-0.map', rows: 12120 },
  { scen: 'movingai-site-scen/random/random512-10-0.map.scen', map: 'random/random512-10-0.map', rows: 1780 },
  { scen: 'movingai-site-scen/room/8room_000.map.scen', map: 'room/8room_000.map', rows: 2140 },
);

const maps = new Map<string, Grid>();
function loadMap(rel: string): Grid {
  let g = maps.get(rel);
  if (!g) { g = parseMap(readFileSync(dataPath(rel), 'utf8'), rel); maps.set(rel, g); }
  return g;
}
function loadScen(rel: string): Scenario[] {
  return parseScen(readFileSync(dataPath(rel), 'utf8'), rel);
}

/**
 * Runs `picked` scenarios with one runner and one buffer; returns a line per
 * failure (invalid path, or cost outside the algorithm's promise), so an
 * assertion on `[]` shows exactly which rows went wrong.
 */
function failures(file: string, grid: Grid, scens: Scenario[], picked: ArrayLike<number>, algoName: string): string[] {
  const algo = parseAlgo(algoName);
  const { searcher, options } = algo.make(grid);
  const buf = new Int32Array(grid.size);
  const out: string[] = [];
  for (let q = 0; q < picked.length; q++) {
    const s = scens[picked[q]];
    const start = s.startY * grid.width + s.startX, goal = s.goalY * grid.width + s.goalX;
    const where = `${file}:${s.line} ${algoName}`;
    if (searcher.search(start, goal, options) !== 'found') { out.push(`${where}: no path`); continue; }
    const count = searcher.pathInto(buf);
    const c = checkPath(grid, buf, start, goal, count);
    if (!c.ok) { out.push(`${where}: invalid: ${c.reason}`); continue; }
    if (Math.abs(c.length - searcher.cost) > 1e-9 * c.length) out.push(`${where}: cost ${searcher.cost} but path length ${c.length}`);
    const kept = algo.promise === 'optimal' ? sameLength(c.length, s.optimal) : withinBound(c.length, s.optimal, algo.bound);
    if (!kept) out.push(`${where}: length ${c.length}, optimum ${s.optimal}`);
  }
  return out;
}

const every = (n: number, stride = 1) => Array.from({ length: Math.ceil(n / stride) }, (_, i) => i * stride);

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

// Whole files (or an even stride through them, which visits every bucket)
// that A* (the grid fast path, through the CLI's algorithm table) gets through
// in seconds: one or more per family. A whole maze file takes A* minutes
// (maze512-32-0: 128 s), so the maze runs whole with JPS below.
const FULL: [file: string, stride: number][] = [
  ['dao/arena', 1], ['dao/den312d', 1], ['dao/ost003d', 1],
  ['street/Berlin_0_256', 1],
  ['random/random512-10-0', 1],
  ['room/8room_000', 1],
  ['maze/maze512-1-0', 40], // every fourth bucket: 299 long corridors
];

for (const [name, stride] of FULL) {
  test(`A* on ${name}.map.scen${stride > 1 ? ` (every ${stride}th row)` : ' (every row)'}: 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    const scens = loadScen(`${name}.map.scen`);
    const picked = every(scens.length, stride);
    expect(picked.length).toBeGreaterThan(150);
    expect(failures(`${name}.map.scen`, grid, scens, picked, 'astar')).toEqual([]);
  });
}

// Whole files with jump point search, held to the same optima: the maze (too
// slow whole for A* in a unit test) and the room maps.
const FULL_JPS: readonly string[] = ['room/8room_000', 'room/64room_000', 'maze/maze512-32-0'];

for (const name of FULL_JPS) {
  test(`JPS on ${name}.map.scen (every row): 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    const scens = loadScen(`${name}.map.scen`);
    expect(scens.length).toBeGreaterThan(1900);
    expect(failures(`${name}.map.scen`, grid, scens, every(scens.length), 'jps')).toEqual([]);
  });
}

const SAMPLE = 20, DIJKSTRA_SAMPLE = 10, SEED = 1;

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
