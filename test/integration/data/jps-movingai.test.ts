// Jump point search on the Moving AI maps of the five families (integration tier:
// reads the data/ maps): every path walked, every cost the published optimum.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { type Grid, JumpPointSearcher } from '#bestfirst';
import { parseMap, parseScen } from '#bestfirst/io';
import { mulberry32 } from '#bestfirst/internal';
import { dataFile } from '../../support/data.js';
import { walk } from '../../support/king-walk.js';

// --- Moving AI benchmarks --------------------------------------------------------

const readData = (rel: string): string => readFileSync(dataFile(`movingai/${rel}`), 'utf8');

const readMap = (rel: string): Grid => parseMap(readData(rel), rel);

interface Scen { sx: number; sy: number; gx: number; gy: number; optimal: number }

function readScen(rel: string): Scen[] {
  return parseScen(readData(rel), rel).map((r) => ({ sx: r.startX, sy: r.startY, gx: r.goalX, gy: r.goalY, optimal: r.optimal }));
}

/** `count` rows picked with a seeded generator, always including the longest (last) one. */
function sample<T>(rows: T[], count: number, seed: number): T[] {
  if (rows.length <= count) return rows;
  const next = mulberry32(seed), picked = new Set<number>([rows.length - 1]);
  while (picked.size < count) picked.add(Math.floor(next() * rows.length));
  return [...picked].sort((a, b) => a - b).map((i) => rows[i]);
}

// Per-test time limit: generous for the sampled runs, unbounded in effect for the every-row check.
const LONG = process.env.JPS_SCEN_COUNT ? 3_600_000 : 60_000;

/** Runs the rows on the map and checks cost and full path against the published optimum. */
function checkScenarios(map: string, scen: string, count: number, seed: number): void {
  const grid = readMap(map);
  // JPS_SCEN_COUNT=Infinity runs every row (a one-off check; the default keeps the suite fast).
  const rows = sample(readScen(scen), Number(process.env.JPS_SCEN_COUNT ?? count), seed);
  const s = new JumpPointSearcher(grid);
  const buf = new Int32Array(grid.size);
  for (const r of rows) {
    const start = grid.id(r.sx, r.sy), goal = grid.id(r.gx, r.gy);
    const where = `${scen}: (${r.sx},${r.sy}) -> (${r.gx},${r.gy})`;
    expect(s.search(start, goal), where).toBe('found');
    const tol = Math.max(1e-4, 1e-5 * r.optimal);
    expect(Math.abs(s.cost - r.optimal), `${where}: cost ${s.cost}, published ${r.optimal}`).toBeLessThanOrEqual(tol);
    const len = s.pathInto(buf);
    const w = walk(grid, buf, len, start, goal);
    if (typeof w === 'string') throw new Error(`${where}: ${w}`);
    expect(Math.abs(w - s.cost), `${where}: path sums to ${w}, cost ${s.cost}`).toBeLessThanOrEqual(1e-9 * s.cost + 1e-9);
  }
}

test('jps on Moving AI dao: every arena problem, 100 sampled on den312d, lak303d, brc202d and arena2 (site scenarios)', () => {
  checkScenarios('dao/arena.map', 'dao/arena.map.scen', Infinity, 1);
  checkScenarios('dao/den312d.map', 'dao/den312d.map.scen', 100, 2);
  checkScenarios('dao/lak303d.map', 'dao/lak303d.map.scen', 100, 3);
  checkScenarios('dao/brc202d.map', 'dao/brc202d.map.scen', 100, 4);
  checkScenarios('dao/arena2.map', 'movingai-site-scen/dao/arena2.map.scen', 100, 5);
}, LONG);

test('jps on Moving AI maze: 100 sampled problems on corridor widths 1, 8 and 32', () => {
  checkScenarios('maze/maze512-1-0.map', 'maze/maze512-1-0.map.scen', 100, 6);
  checkScenarios('maze/maze512-8-0.map', 'maze/maze512-8-0.map.scen', 100, 7);
  checkScenarios('maze/maze512-32-0.map', 'maze/maze512-32-0.map.scen', 100, 8);
}, LONG);

test('jps on Moving AI random: 100 sampled problems at 10 %, 25 % and 40 % obstacles', () => {
  checkScenarios('random/random512-10-0.map', 'random/random512-10-0.map.scen', 100, 9);
  checkScenarios('random/random512-25-0.map', 'random/random512-25-0.map.scen', 100, 10);
  checkScenarios('random/random512-40-0.map', 'random/random512-40-0.map.scen', 100, 11);
}, LONG);

test('jps on Moving AI room: 100 sampled problems on 8x8 and 64x64 rooms (and the site scenarios of 8room)', () => {
  checkScenarios('room/8room_000.map', 'room/8room_000.map.scen', 100, 12);
  checkScenarios('room/64room_000.map', 'room/64room_000.map.scen', 100, 13);
  checkScenarios('room/8room_000.map', 'movingai-site-scen/room/8room_000.map.scen', 100, 14);
}, LONG);

test('jps on Moving AI street (CRLF maps): 100 sampled problems on Berlin 256, Berlin 512 and Boston 512', () => {
  checkScenarios('street/Berlin_0_256.map', 'street/Berlin_0_256.map.scen', 100, 15);
  checkScenarios('street/Berlin_0_512.map', 'street/Berlin_0_512.map.scen', 100, 16);
  checkScenarios('street/Boston_0_512.map', 'street/Boston_0_512.map.scen', 100, 17);
}, LONG);
