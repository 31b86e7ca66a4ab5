// Tiny Moving AI files for the command-line tests, written to a fresh temp folder
// (the tests need no data beside the repository).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dijkstra } from '#bestfirst';
import { formatScen, parseMap, type Scenario } from '#bestfirst/movingai';

/** 8 x 6, with walls that make some diagonals illegal (no corner cutting). */
export const TINY_MAP = [
  'type octile', 'height 6', 'width 8', 'map',
  '........',
  '.@@@@...',
  '......@.',
  '.@....@.',
  '.@@@..@.',
  '........',
].join('\n') + '\n';

/** Start and goal of the scenario rows, (x, y) from the top. */
export const TINY_PROBLEMS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 7, 5], [2, 2, 7, 0], [0, 5, 5, 3], [3, 3, 7, 3], [0, 2, 5, 5], [7, 0, 0, 5],
];

/** The same size, no walls: a map of another name that every row fits. */
export const OPEN_MAP = ['type octile', 'height 6', 'width 8', 'map', ...new Array(6).fill('........')].join('\n') + '\n';

/** Two halves no path joins. */
export const SPLIT_MAP = ['type octile', 'height 3', 'width 5', 'map', '..@..', '..@..', '..@..'].join('\n') + '\n';

export interface Fixtures {
  dir: string;
  map: string;
  scen: string;
  open: string;
  split: string;
  /** A scenario file with only its version line. */
  headerOnly: string;
  /** A zero-byte file. */
  empty: string;
  /** Bytes that are no text format. */
  binary: string;
  /** A folder. */
  folder: string;
  /** A path with nothing there. */
  missing: string;
}

/** The optimal lengths of TINY_PROBLEMS on TINY_MAP, by Dijkstra. */
export function tinyScenarios(mapName = 'tiny.map'): Scenario[] {
  const grid = parseMap(TINY_MAP);
  return TINY_PROBLEMS.map(([sx, sy, gx, gy], i) => ({
    bucket: 0, map: mapName, mapName, width: grid.width, height: grid.height,
    startX: sx, startY: sy, goalX: gx, goalY: gy,
    optimal: Number(dijkstra(grid, grid.id(sx, sy), grid.id(gx, gy)).cost.toFixed(8)), line: i + 2,
  }));
}

export function writeFixtures(): Fixtures {
  const dir = mkdtempSync(join(tmpdir(), 'bestfirst-cli-'));
  const at = (name: string, text: string | Uint8Array) => { const p = join(dir, name); writeFileSync(p, text); return p; };
  const folder = join(dir, 'folder.map');
  mkdirSync(folder);
  return {
    dir,
    map: at('tiny.map', TINY_MAP),
    scen: at('tiny.map.scen', formatScen(tinyScenarios(), 8)),
    open: at('open.map', OPEN_MAP),
    split: at('split.map', SPLIT_MAP),
    headerOnly: at('header.scen', 'version 1\n\n'),
    empty: at('empty.scen', ''),
    binary: at('binary.map', Uint8Array.from({ length: 300 }, (_, i) => (i * 37 + 11) % 256)),
    folder,
    missing: join(dir, 'missing.map'),
  };
}
