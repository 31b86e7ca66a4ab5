// Optimal lengths with corner cutting for Moving AI scenario files: the
// published lengths forbid cutting a corner (a diagonal step needs both cells
// beside it free), so a search under the other rule ('always': a diagonal step
// needs only its target free) has nothing to be held to. This writes, for each
// map named below, a copy of its classic .scen whose last column is the
// optimum under 'always', found by Dijkstra (the engine with g alone as the
// priority and no heuristic) in the build (run `npm run build` first):
//
//   npm run build && node scripts/corner-cutting-optima.mjs [--out DIR] [MAP ...]
//
// into data/movingai/corner-cutting/<family>/<map>.map.scen (DIR/<family>/<map>.map.scen
// with --out; only the MAPs named, as dao/arena2, when some are). Every other column
// and every line is the classic file's, so a row keeps its line number. The
// length is printed from the path's step counts, s + d x sqrt(2) to 8 decimals,
// so it does not depend on the order the search added its steps.
// test/integration/data/movingai-corner-cutting.test.ts holds the preprocessed searchers to
// these files on every row, and a sample of rows to an independent Dijkstra.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { GridSearcher, COST_TO_COME, zero } = await import(`${root}dist/src/index.js`);
const { parseMap } = await import(`${root}dist/src/io/index.js`);

/** One map per family (the whole-file suites' ONE_PER_FAMILY), and a room map and a game map more where the cut-turn rule (subgoal8-reach.ts) drops subgoals (8room_000 28,419 to 25,298, brc202d 3,749 to 2,520). The test reads the folder, so this list is the one place that names them. */
const CORNER_CUTTING_MAPS = [
  'dao/arena2', 'maze/maze512-32-0', 'random/random512-10-0', 'room/64room_000', 'street/Berlin_0_256',
  'room/8room_000', 'dao/brc202d',
];

const args = process.argv.slice(2);
let outDir = `${root}data/movingai/corner-cutting`;
const at = args.indexOf('--out');
if (at >= 0) {
  if (args[at + 1] === undefined) { console.error('corner-cutting-optima: --out needs a folder'); process.exit(2); }
  outDir = args.splice(at, 2)[1];
}
const only = args;
const unknown = only.filter((m) => !CORNER_CUTTING_MAPS.includes(m));
if (unknown.length > 0) {
  console.error(`corner-cutting-optima: ${unknown.join(', ')}: not one of ${CORNER_CUTTING_MAPS.join(', ')}`);
  process.exit(2);
}
for (const name of CORNER_CUTTING_MAPS) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t0 = performance.now();
  const mapFile = `${root}data/movingai/${name}.map`;
  const grid = parseMap(readFileSync(mapFile, 'utf8'), `${name}.map`).with({ diagonalRule: 'always' });
  const dijkstra = new GridSearcher(grid);
  const buf = new Int32Array(grid.size);
  const text = readFileSync(`${mapFile}.scen`, 'utf8');
  const out = [];
  let rows = 0;
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    if (cols.length !== 9) { out.push(line); continue; } // "version 1" and the empty lines at the end
    const [sx, sy, gx, gy] = cols.slice(4, 8).map(Number);
    const a = grid.id(sx, sy), b = grid.id(gx, gy);
    if (dijkstra.search(a, b, { priority: COST_TO_COME, heuristic: zero }) !== 'found') {
      throw new Error(`${name}.map.scen: no path from (${sx}, ${sy}) to (${gx}, ${gy}) with corner cutting`);
    }
    const n = dijkstra.pathInto(buf);
    let straight = 0, diagonal = 0;
    for (let i = 1; i < n; i++) {
      if (grid.x(buf[i - 1]) !== grid.x(buf[i]) && grid.y(buf[i - 1]) !== grid.y(buf[i])) diagonal++; else straight++;
    }
    const length = straight + diagonal * Math.SQRT2;
    if (Math.abs(length - dijkstra.cost) > 1e-9 * Math.max(1, length)) throw new Error(`${name}: steps give ${length}, the search ${dijkstra.cost}`);
    cols[8] = length.toFixed(8);
    out.push(cols.join('\t'));
    rows++;
  }
  const target = `${outDir}/${name}.map.scen`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out.join('\n'));
  console.log(`${name}: ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
