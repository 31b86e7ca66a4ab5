// A city road graph of data/roads/ (the binary .co.bin/.gr.bin pair) as DIMACS
// shortest-path files, OUT.gr and OUT.co, through roadsToDimacs, formatGr and
// formatCo of the build (run `npm run build` first).
//
//   node scripts/roads-to-dimacs.mjs data/roads/amsterdam-roads OUT [--scale S] [--around ID --radius R]
//
// Each road becomes two arcs of weight round(S x length) (S = 1 by default).
// With --around, only the nodes within straight-line distance R of node ID
// (1-based, as in the files) are kept, renumbered in their old order, with the
// roads between them: how data/dimacs/amsterdam-centre.{gr,co} was made
// (--scale 100 --around 56679 --radius 1000).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { Graph } = await import(`${root}dist/src/index.js`);
const { parseRoads, roadsToDimacs, formatGr, formatCo } = await import(`${root}dist/src/io/index.js`);

function usage(message) {
  console.error(`roads-to-dimacs: ${message}`);
  console.error('usage: node scripts/roads-to-dimacs.mjs CITY_PREFIX OUT [--scale S] [--around ID --radius R]');
  process.exit(2);
}

const [input, out, ...rest] = process.argv.slice(2);
if (!input || !out) usage('CITY_PREFIX and OUT are needed');
const opts = {};
for (let i = 0; i < rest.length; i += 2) {
  const name = rest[i]?.replace(/^--/, '');
  if (!['scale', 'around', 'radius'].includes(name) || rest[i + 1] === undefined) usage(`unknown or incomplete option ${JSON.stringify(rest[i])}`);
  const v = Number(rest[i + 1]);
  if (!Number.isFinite(v) || v <= 0) usage(`--${name} must be a number > 0, got ${JSON.stringify(rest[i + 1])}`);
  opts[name] = v;
}
if ((opts.around === undefined) !== (opts.radius === undefined)) usage('--around and --radius go together');

const name = input.split('/').pop();
let roads = parseRoads(readFileSync(`${input}.co.bin`), readFileSync(`${input}.gr.bin`), name);
if (opts.around !== undefined) roads = crop(roads, opts.around - 1, opts.radius);
const d = roadsToDimacs(roads, opts.scale ?? 1);
const about = `${name}${opts.around === undefined ? '' : `, the nodes within ${opts.radius} of node ${opts.around}`}; weights round(${opts.scale ?? 1} x length)\n`
  + 'From OpenStreetMap data (c) OpenStreetMap contributors, ODbL 1.0, via the ngraph.path demo; see data/README.md';
writeFileSync(`${out}.gr`, formatGr(d.graph, about));
writeFileSync(`${out}.co`, formatCo(d, about));
console.log(`${out}.gr: ${d.graph.size} nodes, ${d.graph.arcCount} arcs; ${out}.co`);

/** The nodes within `radius` of node `centre`, renumbered in order, and the roads between them. */
function crop(net, centre, radius) {
  const { graph, x, y } = net;
  if (!(centre >= 0 && centre < graph.size)) usage(`--around must be a node from 1 to ${graph.size}`);
  const id = new Int32Array(graph.size).fill(-1);
  const keep = [];
  for (let n = 0; n < graph.size; n++) {
    if (Math.hypot(x[n] - x[centre], y[n] - y[centre]) <= radius) { id[n] = keep.length; keep.push(n); }
  }
  const nodes = new Int32Array(graph.maxDegree), costs = new Float64Array(graph.maxDegree);
  const edges = [];
  for (const u of keep) {
    const deg = graph.successors(u, nodes, costs);
    // Each road is an arc both ways: keep it once, from its smaller end.
    for (let k = 0; k < deg; k++) if (id[nodes[k]] >= 0 && u < nodes[k]) edges.push([id[u], id[nodes[k]], costs[k]]);
  }
  const cx = Float64Array.from(keep, (n) => x[n]), cy = Float64Array.from(keep, (n) => y[n]);
  return { graph: new Graph(keep.length, edges), x: cx, y: cy, heuristic: (a, b) => Math.hypot(cx[a] - cx[b], cy[a] - cy[b]) };
}
