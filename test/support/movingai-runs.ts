// What the real-data suites share (movingai-data, movingai-full-*.test.ts): the
// file list with published row counts, cached map loading, and one runner that
// reports every invalid or non-optimal row.
import { readFileSync } from 'node:fs';
import type { Grid } from '#bestfirst';
import { checkPath, sameLength, withinBound } from '#bestfirst/grid';
import { parseMap, parseScen, type Scenario } from '#bestfirst/io';
import { parseAlgo } from '../../cli/algos.js';
import { dataFile } from './data.js';

/** A Moving AI file in the repository's data/movingai/, or a failure naming where it looked. */
export const dataPath = (rel: string): string => dataFile(`movingai/${rel}`);

/** Every .scen here, with its map and its row count as the data README gives it. */
export const FILES: { scen: string; map: string; rows: number }[] = [
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

/** One map per family: the maps the whole-file suites of the preprocessed searchers run. */
export const ONE_PER_FAMILY: readonly string[] = ['dao/arena2', 'maze/maze512-32-0', 'random/random512-10-0', 'room/64room_000', 'street/Berlin_0_256'];

const maps = new Map<string, Grid>();
export function loadMap(rel: string): Grid {
  let g = maps.get(rel);
  if (!g) { g = parseMap(readFileSync(dataPath(rel), 'utf8'), rel); maps.set(rel, g); }
  return g;
}
export function loadScen(rel: string): Scenario[] {
  return parseScen(readFileSync(dataPath(rel), 'utf8'), rel);
}

/**
 * Runs `picked` scenarios with one runner and one buffer; returns a line per
 * failure (invalid path, or cost outside the algorithm's promise), so an
 * assertion on `[]` shows exactly which rows went wrong.
 */
export function failures(file: string, grid: Grid, scens: Scenario[], picked: ArrayLike<number>, algoName: string): string[] {
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

/** Rows offset, offset + stride, ... of n rows: an even stride visits every bucket of ten rows. */
export const every = (n: number, stride = 1, offset = 0) => Array.from({ length: Math.ceil((n - offset) / stride) }, (_, i) => offset + i * stride);

/**
 * How the whole-file suites of the preprocessed searchers (JPS+ and subgoal8, with and without corner cutting) go through
 * a map of ONE_PER_FAMILY: every row, but on random512-10-0, where either takes 2 ms a query (seconds a file, four files,
 * and npm test is near its 6-minute bound), JPS+ takes the even rows and subgoal8 the odd ones, so that each row is
 * still held to its optimum by one of them, and each bucket by both.
 */
export function wholeFileRows(map: string, algo: 'jps-plus' | 'subgoal8', n: number): { rows: number[]; which: string } {
  if (map !== 'random/random512-10-0') return { rows: every(n), which: 'every row' };
  return algo === 'jps-plus' ? { rows: every(n, 2, 0), which: 'the even rows' } : { rows: every(n, 2, 1), which: 'the odd rows' };
}

