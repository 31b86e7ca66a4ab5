// What a browser app pays to ship one A* search: each library bundled the
// same way (Vite's build API, production minifier, one chunk, ES2022), for
// the same task (an 8x6 grid with a wall, 8-connected without corner cutting,
// A* with the octile heuristic from one corner to the other), minified and
// gzipped. Run by `npm run bench:bundle` (after the build: bestfirst is
// bundled from dist/src, as the package ships it, with its package.json's
// `sideEffects`: none but bestfirst/grid's index, which is not imported here).
// bestfirst has four rows: the one-shot `astar` on the generic engine,
// `findPath` (issue 30's target: 6 kB gzipped), `Grid` + `GridSearcher`
// (5 kB), and `bestfirst/lite`'s `findGridPath`, the small-bundle entry
// that meets them, beside the three peers, in one run.
//
// It also checks that tree shaking works for bestfirst: each of its bundles
// must not hold the modules its call never touches (D*, D* Lite, ARA*, JPS,
// JPS+, the subgoal graphs, any-angle, the registry of grid searches, the
// universal plan, the file formats, the worlds; the grid fast path in the
// `astar` row, the generic engine in the `GridSearcher` row); if one does,
// it names them and exits 1.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, 'node_modules/.cache/bestfirst-bundle-size');

// Row 0 at the top; '#' blocked. The wall leaves a gap at the bottom, so the path bends around it.
const ROWS = ['........', '...#....', '...#....', '...#....', '...#....', '........'];
const TASK = `const ROWS = ${JSON.stringify(ROWS)};
const W = ROWS[0].length, H = ROWS.length;
const blocked = (x, y) => ROWS[y][x] === '#';`;

// Modules of src/ no grid A* has any business loading: the repair family,
// the preprocessing and any-angle searches and the registry that names them,
// the other searches, the file formats, the worlds, the kinematic family.
const NEVER = 'dstar|dstar-lite|ara|jps|jps-plus[^/]*|jps-heap|jps-jump|jump[^/]*|subgoal[^/]*|preprocessed8|any-angle|smooth-path|registry|universal-plan|depth-first|keyed|graph|movingai|roads|validate-path|cspace|epsilon|random|trace';

/** The modules a row must not hold: NEVER's, and `more` (alternatives joined by |). */
function mustDrop(more = ''): RegExp {
  return new RegExp(`/(${NEVER}${more === '' ? '' : `|${more}`})\\.js$|/worlds/|/kinematic/|/grid/index\\.js$`);
}

interface Entry {
  name: string;
  version: string;
  code: string;
  /** For bestfirst's rows: the modules its bundle must not hold (tree shaking failed if it does). */
  mustDrop?: RegExp;
}

const GRID = `const grid = Grid.fromAscii(ROWS, { diagonalRule: 'no-corner-cutting', diagonalCost: Math.SQRT2 });`;

const ENTRIES: Entry[] = [
  {
    // The generic engine on the grid: no fast path either.
    name: 'bestfirst astar()', version: 'this build',
    code: `import { Grid, astar, octile } from 'bestfirst';
${TASK}
${GRID}
const r = astar(grid, grid.id(0, 0), grid.id(W - 1, 0), octile(grid));
console.log(r.path.length, r.cost);`,
    mustDrop: mustDrop('grid-search[^/]*'),
  },
  {
    // The one-call API (issue 30's target: at most 6 kB gzipped): the best-first family only, never the registry.
    name: 'bestfirst findPath (A*)', version: 'this build',
    code: `import { Grid, findPath } from 'bestfirst';
${TASK}
${GRID}
const r = findPath(grid, [0, 0], [W - 1, 0]);
console.log(r.points.length, r.cost);`,
    mustDrop: mustDrop(),
  },
  {
    // The fast path alone (target: at most 5 kB gzipped): not the generic engine either.
    name: 'bestfirst Grid + GridSearcher', version: 'this build',
    code: `import { Grid, GridSearcher } from 'bestfirst';
${TASK}
${GRID}
const s = new GridSearcher(grid);
s.search(grid.id(0, 0), grid.id(W - 1, 0));
console.log(s.path().length, s.cost);`,
    mustDrop: mustDrop('best-first|find-path|found-path'),
  },
  {
    // bestfirst/lite: one call, GridSearcher's loop, its own short checks (the small-bundle entry).
    name: 'bestfirst/lite findGridPath', version: 'this build',
    code: `import { findGridPath } from 'bestfirst/lite';
${TASK}
const r = findGridPath(ROWS, [0, 0], [W - 1, 0]);
console.log(r.points.length, r.cost);`,
    mustDrop: mustDrop('best-first|find-path|found-path|grid-search[^/]*|limits|searcher-base'),
  },
  {
    name: 'PathFinding.js', version: 'pathfinding',
    code: `import PF from 'pathfinding';
${TASK}
const grid = new PF.Grid(W, H, ROWS.map((row) => [...row].map((c) => (c === '#' ? 1 : 0))));
const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
const path = finder.findPath(0, 0, W - 1, 0, grid);
console.log(path.length);`,
  },
  {
    name: 'EasyStar.js', version: 'easystarjs',
    code: `import EasyStar from 'easystarjs';
${TASK}
const es = new EasyStar.js();
es.setGrid(ROWS.map((row) => [...row].map((c) => (c === '#' ? 1 : 0))));
es.setAcceptableTiles([0]);
es.enableDiagonals();
es.disableCornerCutting();
es.enableSync();
es.findPath(0, 0, W - 1, 0, (path) => console.log(path.length));
es.calculate();`,
  },
  {
    name: 'ngraph.path', version: 'ngraph.path',
    code: `import createGraph from 'ngraph.graph';
import { aStar } from 'ngraph.path';
${TASK}
const graph = createGraph();
const id = (x, y) => y * W + x;
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (!blocked(x, y)) graph.addNode(id(x, y), { x, y });
// East, south, south-east, south-west: each undirected move once; a diagonal needs both sides free.
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
  if (blocked(x, y)) continue;
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 1]]) {
    const nx = x + dx, ny = y + dy;
    if (nx < 0 || nx >= W || ny >= H || blocked(nx, ny)) continue;
    if (dx !== 0 && dy !== 0 && (blocked(nx, y) || blocked(x, ny))) continue;
    graph.addLink(id(x, y), id(nx, ny), dx !== 0 && dy !== 0 ? Math.SQRT2 : 1);
  }
}
const finder = aStar(graph, {
  distance: (a, b, link) => link.data,
  heuristic: (a, b) => { const dx = Math.abs(a.data.x - b.data.x), dy = Math.abs(a.data.y - b.data.y); return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy); },
});
console.log(finder.find(id(0, 0), id(W - 1, 0)).length);`,
  },
];

interface Size {
  name: string;
  version: string;
  raw: number;
  gzip: number;
  modules: string[];
  /** Each module's share of the bundle before minification (Rolldown's rendered length), for the rows of bestfirst. */
  rendered: Map<string, number>;
  mustDrop?: RegExp;
}

async function bundle(entry: Entry, i: number): Promise<Size> {
  const file = join(work, `entry-${i}.js`);
  writeFileSync(file, entry.code);
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: work,
    resolve: {
      alias: [
        { find: /^bestfirst\/lite$/, replacement: join(root, 'dist/src/grid/lite/index.js') },
        { find: /^bestfirst$/, replacement: join(root, 'dist/src/index.js') },
      ],
    },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: { input: file, output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const code = chunks.map((c) => c.code).join('\n');
  const modules = chunks.flatMap((c) => c.moduleIds);
  const rendered = new Map(chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]): [string, number] => [id, m.renderedLength])));
  const version = entry.version === 'this build' ? 'this build' : JSON.parse(readFileSync(join(root, 'node_modules', entry.version, 'package.json'), 'utf8')).version;
  return { name: entry.name, version, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, modules, rendered, mustDrop: entry.mustDrop };
}

async function main(): Promise<number> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const sizes: Size[] = [];
  for (const [i, e] of ENTRIES.entries()) sizes.push(await bundle(e, i));
  rmSync(work, { recursive: true, force: true });

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('| library | version | minified | gzipped |');
  console.log('| --- | --- | ---: | ---: |');
  for (const s of sizes) console.log(`| ${s.name} | ${s.version} | ${kb(s.raw)} (${s.raw} B) | ${kb(s.gzip)} (${s.gzip} B) |`);

  let failed = 0;
  for (const s of sizes) {
    if (s.mustDrop === undefined) continue;
    const ours = s.modules.filter((m) => m.startsWith(join(root, 'dist/src')));
    // Largest first, with the bytes each renders before minification: where the rest of a row's size is.
    const sized = ours.map((m): [string, number] => [m.slice(join(root, 'dist/src/').length), s.rendered.get(m) ?? 0]).sort((a, b) => b[1] - a[1]);
    console.log(`\n${s.name}: its modules (bytes before minifying): ${sized.map(([m, n]) => `${m} ${n}`).join(', ')}`);
    const leaked = ours.filter((m) => s.mustDrop!.test(m));
    if (leaked.length > 0) {
      console.error(`tree shaking failed: ${s.name}'s bundle holds ${leaked.join(', ')}`);
      failed = 1;
    }
  }
  return failed;
}

main().then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 1; });
