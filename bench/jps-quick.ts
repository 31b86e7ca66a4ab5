/**
 * Jump point search against the engine's A* (octile, one reusable searcher,
 * path written into a buffer) on Moving AI maps: ~200 scenarios per map,
 * spread evenly over the scenario file (so over the length buckets).
 *
 *   npm run build && node dist/bench/jps-quick.js [rounds] [family/map ...]
 *
 * Each round runs every scenario once with each searcher; the first round is
 * a warm-up and is not counted. Times are per query (search + full path).
 * Data: data/movingai/ (classic hog2 scenario files); a map not there is
 * looked for in data/extra/movingai/, so any map of the full sets can be
 * named once fetched (data/README.md).
 */
import { readFileSync } from 'node:fs';
import { Searcher, type Grid, octile, JumpPointSearcher } from '#bestfirst';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from './bench-data.js';
import { roundOrder } from './round-order.js';

const DEFAULT_MAPS = ['dao/brc202d', 'room/8room_000', 'random/random512-10-0', 'street/Boston_0_512'];
const MAPS = process.argv.length > 3 ? process.argv.slice(3) : DEFAULT_MAPS;
const PER_MAP = 200;
const ROUNDS = Math.max(2, Number(process.argv[2] ?? 4));

const read = (rel: string) => readFileSync(dataFile(`movingai/${rel}`), 'utf8');

function readScen(rel: string, grid: Grid): { start: number; goal: number; optimal: number }[] {
  const rows = parseScen(read(rel), rel);
  const picked = [];
  for (let i = 0; i < PER_MAP && i < rows.length; i++) {
    const r = rows[Math.floor((i * rows.length) / Math.min(PER_MAP, rows.length))];
    picked.push({ start: grid.id(r.startX, r.startY), goal: grid.id(r.goalX, r.goalY), optimal: r.optimal });
  }
  return picked;
}

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
const fmt = (v: number, d = 1) => v.toFixed(d).padStart(9);

console.log(`jps-quick: ${PER_MAP} scenarios per map, ${ROUNDS - 1} timed rounds (+1 warm-up), node ${process.version}`);
console.log(`${'map'.padEnd(24)}${'A* med us'.padStart(10)}${'A* mean'.padStart(10)}${'JPS med'.padStart(10)}${'JPS mean'.padStart(10)}${'speed-up'.padStart(10)}${'A* exp'.padStart(10)}${'JPS exp'.padStart(10)}`);
let failures = 0;
for (const name of MAPS) {
  const grid = parseMap(read(`${name}.map`), `${name}.map`);
  const rows = readScen(`${name}.map.scen`, grid);
  const astar = new Searcher(grid), jps = new JumpPointSearcher(grid);
  const h = octile(grid), opts = { heuristic: h };
  const buf = new Int32Array(grid.size);
  const tA: number[][] = rows.map(() => []), tJ: number[][] = rows.map(() => []);
  const eA: number[] = [], eJ: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < rows.length; i++) {
      const { start, goal, optimal } = rows[i];
      // Turn about (roundOrder): JPS always right after A* inherited its caches and garbage.
      let a = 0, j = 0;
      for (const who of roundOrder(2, round + i)) {
        const t0 = performance.now();
        if (who === 0) { astar.search(start, goal, opts); astar.pathInto(buf); a = performance.now() - t0; } else { jps.search(start, goal); jps.pathInto(buf); j = performance.now() - t0; }
      }
      if (round === 0) {
        eA.push(astar.expansions);
        eJ.push(jps.expansions);
        const tol = Math.max(1e-4, 1e-5 * optimal);
        if (Math.abs(astar.cost - optimal) > tol || Math.abs(jps.cost - optimal) > tol) {
          failures++;
          console.log(`  MISMATCH ${name} row ${i}: A* ${astar.cost}, JPS ${jps.cost}, published ${optimal}`);
        }
      } else {
        tA[i].push(a * 1000);
        tJ[i].push(j * 1000);
      }
    }
  }
  // Per scenario, the median over rounds (robust to a GC pause); then median and mean over scenarios.
  const qa = tA.map(median), qj = tJ.map(median);
  console.log(
    `${name.padEnd(24)}${fmt(median(qa))} ${fmt(mean(qa))} ${fmt(median(qj))} ${fmt(mean(qj))} ${fmt(mean(qa) / mean(qj), 2)}x${fmt(mean(eA), 0)} ${fmt(mean(eJ), 0)}`,
  );
}
console.log('speed-up = A* mean / JPS mean; exp = mean expansions per query (JPS: jump points popped).');
if (failures) {
  console.log(`${failures} scenarios disagreed with the published optimum`);
  process.exitCode = 1;
}
