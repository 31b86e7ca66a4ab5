// A first speed figure for the engine: bestfirst's generic A* against ngraph.path's
// A* on one 512 x 512 random grid, the same queries for both, measured in one run.
// `npm run build && node dist/bench/astar-vs-oracle.js [--queries N]`
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { Searcher, Grid, octile } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';


const arg = process.argv.indexOf('--queries');
const QUERIES = arg > 0 ? Number(process.argv[arg + 1]) : 100;
const N = 512, DENSITY = 0.25;
const next = mulberry32(42);
const cells = new Uint8Array(N * N).map(() => (next() < DENSITY ? 1 : 0));
const grid = new Grid(N, N, cells, { diagonalRule: 'no-corner-cutting' });
const h = octile(grid);

// Queries between random free cells that are connected (checked by our Dijkstra-free A*).
const searcher = new Searcher(grid);
const pairs: [number, number][] = [];
while (pairs.length < QUERIES) {
  const a = Math.floor(next() * grid.size), b = Math.floor(next() * grid.size);
  if (cells[a] || cells[b] || a === b) continue;
  if (searcher.search(a, b, { heuristic: h }) === 'found') pairs.push([a, b]);
}

let t0 = performance.now();
const graph = createGraph<undefined, number>();
const nodes = new Int32Array(8), costs = new Float64Array(8);
for (let n = 0; n < grid.size; n++) {
  if (cells[n]) continue;
  const k = grid.successors(n, nodes, costs);
  for (let i = 0; i < k; i++) graph.addLink(n, nodes[i], costs[i]);
}
const buildMs = performance.now() - t0;
const finder = ngraphPath.aStar(graph, {
  oriented: true,
  distance: (_a, _b, link) => link.data,
  heuristic: (a, b) => h(a.id as number, b.id as number),
});

const median = (xs: number[]) => { const s = [...xs].sort((x, y) => x - y); return s[s.length >> 1]; };
const ours: number[] = [], theirs: number[] = [];
const buf = new Int32Array(grid.size);
let mismatches = 0;
for (let round = 0; round < 2; round++) { // round 0 warms the JIT; round 1 is measured
  ours.length = 0; theirs.length = 0;
  for (const [a, b] of pairs) {
    t0 = performance.now();
    searcher.search(a, b, { heuristic: h });
    searcher.pathInto(buf);
    ours.push(performance.now() - t0);
    t0 = performance.now();
    const path = finder.find(a, b);
    theirs.push(performance.now() - t0);
    let c = 0;
    for (let i = path.length - 1; i > 0; i--) c += graph.getLink(path[i].id, path[i - 1].id)!.data;
    if (Math.abs(c - searcher.cost) > 1e-9 * Math.max(1, c)) mismatches++;
  }
}
const mo = median(ours) * 1000, mt = median(theirs) * 1000;
console.log(`512 x 512 random grid (density ${DENSITY}, 8-connected, no corner cutting, sqrt 2), ${QUERIES} queries, node ${process.version}`);
console.log(`bestfirst Searcher A*   median ${mo.toFixed(0).padStart(7)} µs/query`);
console.log(`ngraph.path aStar       median ${mt.toFixed(0).padStart(7)} µs/query   (graph build ${buildMs.toFixed(0)} ms, not counted)`);
console.log(`ratio ngraph / bestfirst: ${(mt / mo).toFixed(2)}x; cost mismatches: ${mismatches}`);
if (mismatches > 0) process.exitCode = 1;
