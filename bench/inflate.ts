/**
 * Nav2's inflation (inflate) and the exact distance transform under it on the
 * warehouse map of data/ros/ (1006 x 1674 at 0.03 m), for a 0.3 m robot:
 * inscribed radius 0.3 m, inflation radius 0.55 m, cost scaling factor 3.
 * Issue 12's target: under 100 ms.
 *
 *   npm run build && node dist/bench/inflate.js [rounds]
 *
 * The map is read once (not timed); each round times one inflate and one
 * squaredDistanceTransform of the same obstacles; the first round is a
 * warm-up. Prints the median and the best of the rest.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { inflate, squaredDistanceTransform } from '#bestfirst/costmap';
import { parseRosMap } from '#bestfirst/io';
import { dataFile } from './bench-data.js';

const ROUNDS = Math.max(2, Number(process.argv[2] ?? 11));
const map = parseRosMap(readFileSync(dataFile('ros/warehouse.yaml'), 'utf8'), gunzipSync(readFileSync(dataFile('ros/warehouse.pgm.gz'))), 'warehouse.yaml');
const options = { inscribedRadius: 0.3, inflationRadius: 0.55, costScalingFactor: 3 };
const obstacles = Uint8Array.from(map.data, (v) => (v >= 100 ? 1 : 0));

const inflateMs: number[] = [], edtMs: number[] = [];
let sink = 0;
for (let round = 0; round < ROUNDS; round++) {
  let t = performance.now();
  const costmap = inflate(map, options);
  const a = performance.now() - t;
  t = performance.now();
  const d2 = squaredDistanceTransform(obstacles, map.width, map.height);
  const b = performance.now() - t;
  sink += costmap.cost[round] + d2[round];
  if (round > 0) { inflateMs.push(a); edtMs.push(b); }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
const fmt = (a: number[]) => `median ${median(a).toFixed(1)} ms, best ${Math.min(...a).toFixed(1)} ms`;
console.log(`warehouse ${map.width} x ${map.height} at ${map.resolution} m, ${ROUNDS - 1} timed rounds (checksum ${sink})`);
console.log(`  inflate (0.3 / 0.55 m, k 3):   ${fmt(inflateMs)}`);
console.log(`  squaredDistanceTransform:      ${fmt(edtMs)}`);
