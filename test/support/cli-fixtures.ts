// Tiny Moving AI files for the command-line tests, written to a fresh temp folder
// (the tests need no data beside the repository).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dijkstra } from '#bestfirst';
import { formatScen, parseMap, type Scenario } from '#bestfirst/io';

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

/** A DIMACS graph: 1 -> 2 -> 3 costs 12, the direct arc 20, 3 -> 1 costs 1; node 4 is cut off. */
export const TINY_GR = 'c test\np sp 4 4\na 1 2 5\na 2 3 7\na 1 3 20\na 3 1 1\n';

/** Its coordinates: 1, 2 and 3 on a line, 4 far away. */
export const TINY_CO = 'p aux sp co 4\nv 1 0 0\nv 2 3 4\nv 3 6 8\nv 4 100 100\n';

/**
 * A ROS map's image, 20 x 10 pixels (rows from the top): white (free), a
 * black wall down column 10 from the top to row 6 (to the bottom with
 * `split`), a grey (unknown) 2 x 2 block at columns 3-4, rows 1-2.
 */
export function rosImage(split = false): Uint8Array {
  const w = 20, h = 10;
  const px = new Uint8Array(w * h).fill(254);
  for (let y = 0; y < (split ? h : 7); y++) px[y * w + 10] = 0;
  for (const [x, y] of [[3, 1], [4, 1], [3, 2], [4, 2]]) px[y * w + x] = 205;
  return Uint8Array.from([...new TextEncoder().encode(`P5\n# test map\n${w} ${h}\n255\n`), ...px]);
}

/** A keepout mask for `rosImage`: a black (100, lethal) 2 x 2 block at columns 14-15, rows 7-8 from the top. */
export function keepoutImage(): Uint8Array {
  const w = 20, h = 10;
  const px = new Uint8Array(w * h).fill(254);
  for (const [x, y] of [[14, 7], [15, 7], [14, 8], [15, 8]]) px[y * w + x] = 0;
  return Uint8Array.from([...new TextEncoder().encode(`P5\n${w} ${h}\n255\n`), ...px]);
}

/** The YAML of `rosImage`: 0.1 m cells, the lower-left corner at (10, 10) m, so the map covers x 10..12, y 10..11. */
export const rosYaml = (image: string) => `image: ${image}\nresolution: 0.1\norigin: [10.0, 10.0, 0.0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n`;

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
  /** TINY_GR, a DIMACS `.gr`. */
  gr: string;
  /** TINY_CO, its `.co`. */
  co: string;
  /** A ROS map's YAML naming `ros.pgm`, which is there only gzipped, as `ros.pgm.gz` (`rosImage()`). */
  ros: string;
  /** A ROS map's YAML naming `ros-split.pgm`, plain (`rosImage(true)`): no path from left to right. */
  rosSplit: string;
  /** A keepout mask for `ros` (`keepoutImage()`). */
  keepout: string;
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
    gr: at('tiny.gr', TINY_GR),
    co: at('tiny.co', TINY_CO),
    ros: (at('ros.pgm.gz', gzipSync(rosImage())), at('ros.yaml', rosYaml('ros.pgm'))),
    rosSplit: (at('ros-split.pgm', rosImage(true)), at('ros-split.yaml', rosYaml('ros-split.pgm'))),
    keepout: (at('keepout.pgm', keepoutImage()), at('keepout.yaml', rosYaml('keepout.pgm'))),
  };
}
