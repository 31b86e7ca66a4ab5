// The package as a user gets it: `npm pack`, the tarball installed into a
// scratch project (offline: it has no dependencies), then used from an ES
// module, from CommonJS, from TypeScript under two module resolutions, and
// through its bin. Checks what the tarball holds, too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const SUBPATHS = ['bestfirst', 'bestfirst/grid', 'bestfirst/costmap', 'bestfirst/repair', 'bestfirst/mapf', 'bestfirst/io', 'bestfirst/cspace', 'bestfirst/search', 'bestfirst/kinematic', 'bestfirst/lite'];
// Names of a family, the chapter's or the repository's own: none is at the root (a family's live behind its subpath only).
const NOT_AT_ROOT = [
  'RADIUS', 'START_A', 'snapshot', 'gateWorld', 'apartmentWorld', 'firstEpsilonAboveDijkstra', 'parseMap', 'checkPath', 'parseRoads', 'FloorPlan', 'CSpace', 'mulberry32', 'hybridAStar', 'dubinsCurve', 'findGridPath',
  'JpsPlusSearcher', 'GRID_ALGORITHMS', 'inflate', 'LETHAL', 'DStar', 'DStarLite', 'TAG_NAMES', 'cbs', 'checkMapfPlan', 'frontierBefore', 'bellmanTerms', 'MAX_GRAPH_SIZE', 'dfs', 'bellmanFord', 'pathAmong', 'DEPTH_FIRST_GROWING_MAX_EXPANSIONS',
];

let dir = '';
let consumer = '';
let packed: { filename: string; size: number; entryCount: number; files: { path: string }[] };

function run(file: string, args: string[], cwd: string): string {
  return execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  expect(existsSync(join(root, 'dist/src/index.js')), 'dist/ is missing: run `npm run build` (npm test does)').toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'bestfirst-package-'));
  // --ignore-scripts: prepack cleans and rebuilds dist/, under the feet of the
  // test files running beside this one; `npm test` has just built it.
  packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], root))[0];
  consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(dir, packed.filename)], consumer);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the library, its types, the CLI and the licence, and nothing else', () => {
  const paths = packed.files.map((f) => f.path).sort();
  for (const must of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'bin/bestfirst.js', 'dist/cli/main.js']) expect(paths).toContain(must);
  for (const entry of ['', 'grid/', 'costmap/', 'repair/', 'mapf/', 'io/', 'cspace/', 'search/', 'kinematic/']) {
    expect(paths).toContain(`dist/src/${entry}index.js`);
    expect(paths).toContain(`dist/src/${entry}index.d.ts`);
  }
  const stray = paths.filter((p) => !/^(dist\/src\/|dist\/cli\/(picture\/)?[^/]+\.js$|bin\/bestfirst\.js$|(LICENSE|README\.md|CHANGELOG\.md|package\.json)$)/.test(p));
  expect(stray, 'files outside the whitelist').toEqual([]);
  expect(paths.filter((p) => /^dist\/(bench|web|test)\//.test(p))).toEqual([]);
  // A source map is welcome only if it carries its sources: src/ is not shipped.
  for (const p of paths.filter((q) => q.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(consumer, 'node_modules/bestfirst', p), 'utf8'));
    expect(map.sourcesContent?.every((s: unknown) => typeof s === 'string'), `${p} without inlined sources`).toBe(true);
  }
});

test('every import in the shipped code is a node: built-in or a shipped file (no dev dependency leaks in)', () => {
  const shipped = new Set(packed.files.map((f) => f.path));
  const bad: string[] = [];
  for (const p of shipped) {
    if (!p.endsWith('.js')) continue;
    const text = readFileSync(join(consumer, 'node_modules/bestfirst', p), 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('node:')) continue;
      // '#bestfirst...' (the CLI's imports) is the package's own "imports": Node takes its default, which must be shipped.
      const target = spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(p), spec))
        : spec.startsWith('#') ? manifest.imports?.[spec]?.default?.replace(/^\.\//, '') ?? null : null;
      if (target === null || !shipped.has(target)) bad.push(`${p} imports ${spec}`);
    }
  }
  expect(bad).toEqual([]);
});

test('the manifest: require and import both resolve, engines match require(esm), no install-time script', () => {
  for (const [key, value] of Object.entries(manifest.exports as Record<string, unknown>)) {
    if (key === './package.json') continue;
    expect(Object.keys(value as object), key).toEqual(['types', 'default']);
  }
  expect(manifest.engines.node).toBe('^20.19 || >=22.12');
  // Every module is free of side effects but bestfirst/grid's index, which registers the grid searches with findPath.
  expect(manifest.sideEffects).toEqual(['./dist/src/grid/index.js']);
  expect(manifest.exports['./grid'].default).toBe(manifest.sideEffects[0]);
  for (const script of ['prepare', 'preinstall', 'install', 'postinstall']) expect(manifest.scripts[script], script).toBeUndefined();
  expect(manifest.scripts.prepack).toContain('npm run build');
});

// One call per entry point, with an answer that can only come out right if the module really loaded.
const USE = `
const grid = io.parseMap('type octile\\nheight 3\\nwidth 4\\nmap\\n....\\n.@..\\n.@..\\n', 'tiny.map');
const start = grid.id(0, 2), goal = grid.id(3, 2);
const r = bf.astar(grid, start, goal, bf.octile(grid));
const check = gridEntry.checkPath(grid, r.path, start, goal);
const plan = new cspace.FloorPlan({ width: 3, height: 1, walls: [], doors: [], rooms: [] });
const cs = new cspace.CSpace(plan, { resolution: 0.5, radius: 0.25 });
const metres = bf.astar(cs.grid, cspace.cellAt(cs, { x: 0.25, y: 0.25 }), cspace.cellAt(cs, { x: 2.75, y: 0.25 }), bf.octile(cs.grid));
const toGoal = repair.universalPlan(grid, goal).h[start];
const free = costmap.distanceTransform(Uint8Array.from([1, 0, 0, 0]), 4, 1);
const grid4 = bf.Grid.fromAscii(['...'], { connectivity: 4 });
const agents = mapf.checkMapfPlan(grid4, [{ start: 0, goal: 2 }], [[0, 1, 2]]).ok;
const deep = search.iddfs(grid4, 0, 2).linkLength;
const uTurn = kinematic.dubinsCurve({ x: 0, y: 0, theta: 0 }, { x: 0, y: 2, theta: Math.PI }, 1).length;
console.log(JSON.stringify({
  cost: r.cost, check, metres: metres.cost, toGoal, free: Array.from(free), agents, deep, uTurn,
  atRoot: ${JSON.stringify(NOT_AT_ROOT)}.filter((n) => n in bf),
}));
`;

function expectUse(out: string): void {
  const got = JSON.parse(out);
  expect(got.cost).toBeCloseTo(5 + Math.SQRT2, 12); // around the wall, no corner cutting
  expect(got.check).toEqual({ ok: true, length: got.cost });
  expect(got.metres).toBeCloseTo(2.5, 12); // five 0.5 m cells
  expect(got.toGoal).toBeCloseTo(got.cost, 12); // the universal plan's cost-to-go is A*'s cost
  expect(got.free).toEqual([0, 1, 2, 3]); // distances to the one blocked cell
  expect(got.agents).toBe(true);
  expect(got.deep).toBe(2);
  expect(got.uTurn).toBeCloseTo(Math.PI, 12); // half a circle of radius 1
  expect(got.atRoot).toEqual([]);
}

test('an ES module imports the root and each subpath', () => {
  writeFileSync(join(consumer, 'use.mjs'), [
    `import * as bf from 'bestfirst';`,
    `import * as gridEntry from 'bestfirst/grid';`,
    `import * as costmap from 'bestfirst/costmap';`,
    `import * as repair from 'bestfirst/repair';`,
    `import * as mapf from 'bestfirst/mapf';`,
    `import * as io from 'bestfirst/io';`,
    `import * as cspace from 'bestfirst/cspace';`,
    `import * as search from 'bestfirst/search';`,
    `import * as kinematic from 'bestfirst/kinematic';`,
    `import { Grid, astar } from 'bestfirst';`,
    `if (Grid !== bf.Grid || astar !== bf.astar) throw new Error('named and namespace imports differ');`,
    USE,
  ].join('\n'));
  expectUse(run(process.execPath, ['use.mjs'], consumer));
});

test(`CommonJS requires the root and each subpath (require of ES modules, Node ${process.versions.node})`, () => {
  writeFileSync(join(consumer, 'use.cjs'), [
    `const bf = require('bestfirst');`,
    `const gridEntry = require('bestfirst/grid');`,
    `const costmap = require('bestfirst/costmap');`,
    `const repair = require('bestfirst/repair');`,
    `const mapf = require('bestfirst/mapf');`,
    `const io = require('bestfirst/io');`,
    `const cspace = require('bestfirst/cspace');`,
    `const search = require('bestfirst/search');`,
    `const kinematic = require('bestfirst/kinematic');`,
    `for (const gone of ['bestfirst/worlds', 'bestfirst/movingai']) {`,
    `  try { require(gone); throw new Error(gone + ' is still exported'); } catch (e) { if (e.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw e; }`,
    `}`,
    `if (require('bestfirst/package.json').version !== ${JSON.stringify(manifest.version)}) throw new Error('package.json is not exported');`,
    USE,
  ].join('\n'));
  expectUse(run(process.execPath, ['use.cjs'], consumer));
});

// findPath runs the best-first family with the root alone; 'jps' and the
// others once bestfirst/grid has registered them. A fresh process, so that
// nothing else has imported the grid entry first.
test('findPath names a bestfirst/grid search only after that entry is imported, and says so', () => {
  writeFileSync(join(consumer, 'register.mjs'), `
import { Grid, findPath, InputError } from 'bestfirst';
const grid = Grid.fromAscii(['....', '.#..', '....']);
const out = { astar: findPath(grid, [0, 0], [3, 2]).cost };
try { findPath(grid, [0, 0], [3, 2], { algorithm: 'jps' }); out.before = 'ran'; } catch (e) { out.before = (e instanceof InputError ? 'InputError: ' : 'other: ') + e.message; }
await import('bestfirst/grid');
out.jps = findPath(grid, [0, 0], [3, 2], { algorithm: 'jps' }).cost;
console.log(JSON.stringify(out));
`);
  const got = JSON.parse(run(process.execPath, ['register.mjs'], consumer));
  expect(got.before).toBe("InputError: findPath: 'jps' is one of bestfirst/grid's searches: import 'bestfirst/grid' once to run it by name (a program that never names it does not load it)");
  expect(got.jps).toBe(got.astar);
});

// The package as a bundler reads it (Vite, from the installed tarball, its
// package.json's sideEffects): importing any name of bestfirst/grid keeps the
// registration, and a program that imports the root alone ships no grid
// searcher beyond the best-first ones.
test('a bundle keeps the registration of bestfirst/grid, and a root-only bundle leaves the registry out', async () => {
  const { build } = await import('vite');
  const bundle = async (name: string, code: string): Promise<{ code: string; modules: string[] }> => {
    const file = join(consumer, `${name}.mjs`);
    writeFileSync(file, code);
    const result = await build({
      configFile: false, logLevel: 'silent', root: consumer,
      build: { write: false, minify: true, target: 'es2022', modulePreload: false, reportCompressedSize: false, rolldownOptions: { input: file, output: { codeSplitting: false } } },
    });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((o) => (o as { output: { type: string; code?: string; moduleIds?: string[] }[] }).output).filter((o) => o.type === 'chunk');
    return { code: chunks.map((c) => c.code).join('\n'), modules: chunks.flatMap((c) => c.moduleIds ?? []).map((m) => m.replace(/^.*node_modules\/bestfirst\//, '')) };
  };
  const TASK = `const grid = Grid.fromAscii(['....', '.#..', '....']);`;
  const named = await bundle('named', `import { Grid, findPath } from 'bestfirst';\nimport { chebyshev } from 'bestfirst/grid';\n${TASK}\nconsole.log(JSON.stringify([findPath(grid, [0, 0], [3, 2], { algorithm: 'jps' }).cost, chebyshev(grid).name]));\n`);
  expect(named.modules).toContain('dist/src/grid/registry.js');
  writeFileSync(join(consumer, 'named.bundle.mjs'), named.code);
  expect(JSON.parse(run(process.execPath, ['named.bundle.mjs'], consumer))[0]).toBeCloseTo(3 + Math.SQRT2, 12);
  const rootOnly = await bundle('root-only', `import { Grid, findPath } from 'bestfirst';\n${TASK}\nconsole.log(findPath(grid, [0, 0], [3, 2]).cost);\n`);
  expect(rootOnly.modules.filter((m) => /\/(registry|jps|jps-plus|subgoal[^/]*|preprocessed8|any-angle)\.js$|\/grid\/index\.js$/.test(m))).toEqual([]);
  writeFileSync(join(consumer, 'root-only.bundle.mjs'), rootOnly.code);
  expect(Number(run(process.execPath, ['root-only.bundle.mjs'], consumer))).toBeCloseTo(3 + Math.SQRT2, 12);
}, 60_000);

// bestfirst/lite is the small-bundle entry (issue 30): from the installed
// package, one call bundles under 5,000 bytes gzipped (3,742 when written;
// PathFinding.js whole is 5,612) and runs; the size is the bundler's output
// for pinned versions, not a timing, so it is asserted here.
test('bestfirst/lite bundles to under 5 kB gzipped and finds the path', async () => {
  const { build } = await import('vite');
  const { gzipSync } = await import('node:zlib');
  const file = join(consumer, 'lite.mjs');
  writeFileSync(file, `import { findGridPath } from 'bestfirst/lite';\nconsole.log(findGridPath(['....', '.#..', '....'], [0, 0], [3, 2]).cost);\n`);
  const result = await build({
    configFile: false, logLevel: 'silent', root: consumer,
    build: { write: false, minify: true, target: 'es2022', modulePreload: false, reportCompressedSize: false, rolldownOptions: { input: file, output: { codeSplitting: false } } },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((o) => (o as { output: { type: string; code?: string; moduleIds?: string[] }[] }).output).filter((o) => o.type === 'chunk');
  const code = chunks.map((c) => c.code).join('\n');
  const modules = chunks.flatMap((c) => c.moduleIds ?? []).map((m) => m.replace(/^.*node_modules\/bestfirst\//, ''));
  // GridSearcher's loop, not GridSearcher: none of the full library's searchers, limits or checks.
  expect(modules.filter((m) => /\/(grid-search|grid-search-base|best-first|limits|searcher-base|find-path)\.js$/.test(m))).toEqual([]);
  expect(gzipSync(code, { level: 9 }).length).toBeLessThan(5000);
  writeFileSync(join(consumer, 'lite.bundle.mjs'), code);
  expect(Number(run(process.execPath, ['lite.bundle.mjs'], consumer))).toBeCloseTo(3 + Math.SQRT2, 12);
}, 60_000);

test('the installed bin runs the shipped CLI', () => {
  const out = run(process.execPath, [join(consumer, 'node_modules/.bin/bestfirst'), 'trace'], consumer);
  expect(out).toContain('cost = 5.2');
});

// A TypeScript consumer: types resolve for the root and every subpath, and the moved names are gone from the root.
const TS = `
import { Grid, astar, octile, type SearchResult, type FoundPath, type XY, findPath } from 'bestfirst';
import { type PathCheck, JpsPlusSearcher } from 'bestfirst/grid';
import { inflate } from 'bestfirst/costmap';
import { DStarLite } from 'bestfirst/repair';
import { cbs, type AgentTask } from 'bestfirst/mapf';
import { parseMap, type Scenario } from 'bestfirst/io';
import { CSpace, FloorPlan, type Point } from 'bestfirst/cspace';
import { hybridAStar, type HybridAStarResult, type Pose } from 'bestfirst/kinematic';
import { findGridPath } from 'bestfirst/lite';
// @ts-expect-error the file formats live behind bestfirst/io
import { parseMap as rootParseMap } from 'bestfirst';
// @ts-expect-error the families' searchers live behind their subpaths
import { JpsPlusSearcher as rootJpsPlus } from 'bestfirst';

const grid: Grid = parseMap('type octile\\nheight 1\\nwidth 2\\nmap\\n..\\n');
const r: SearchResult = astar(grid, 0, 1, octile(grid));
const cost: number = r.cost;
// @ts-expect-error cost is a number
const wrong: string = r.cost;
const f: FoundPath = findPath(grid, [0, 0], [1, 0]);
// A found path narrows: its points are there, no '!' needed.
const last: XY | undefined = f.status === 'found' ? f.points[f.points.length - 1] : undefined;
const p: Point = { x: 0.25, y: 0 };
const cs = new CSpace(new FloorPlan({ width: 1, height: 1, walls: [], doors: [], rooms: [] }));
const check: PathCheck = { ok: false, reason: 'x' };
const task: AgentTask = { start: 0, goal: 1 };
let s: Scenario | undefined;
const pose: Pose = { x: 0, y: 0, theta: Math.PI / 2 };
const poses = (r: HybridAStarResult): Pose[] | null => r.path;
const lite = findGridPath(['..'], [0, 0], [1, 0]);
// bestfirst/lite's answer narrows too.
const liteEnd: XY | undefined = lite.status === 'found' ? lite.points[lite.points.length - 1] : undefined;
export { cost, wrong, last, p, cs, check, s, task, pose, poses, liteEnd, rootParseMap, rootJpsPlus, JpsPlusSearcher, inflate, DStarLite, cbs, hybridAStar };
`;

function typecheck(name: string, compilerOptions: Record<string, unknown>, source = TS, file = `${name}.ts`): void {
  writeFileSync(join(consumer, file), source);
  writeFileSync(join(consumer, `tsconfig.${name}.json`), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2022'], types: [], ...compilerOptions },
    files: [file],
  }));
  let out: string;
  try {
    out = run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`], consumer);
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  expect(out.trim(), out).toBe('');
}

test('types resolve under moduleResolution node16 (an ES module consumer)', () => {
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  try {
    typecheck('node16', { module: 'node16', moduleResolution: 'node16' });
  } finally {
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  }
});

test('types resolve under moduleResolution bundler', () => {
  typecheck('bundler', { module: 'esnext', moduleResolution: 'bundler' });
});

// TypeScript 5.8+ models Node's require of ES modules under module nodenext
// (not under node16, which models an older Node and refuses it).
test('a CommonJS TypeScript consumer (.cts, import = require) type-checks under module nodenext', () => {
  typecheck('cjs', { module: 'nodenext', moduleResolution: 'nodenext' }, [
    `import bf = require('bestfirst');`,
    `import { parseMap } from 'bestfirst/io';`,
    `import { FloorPlan } from 'bestfirst/cspace';`,
    `import { DStarLite } from 'bestfirst/repair';`,
    `const g = parseMap('type octile\\nheight 1\\nwidth 2\\nmap\\n..\\n');`,
    `export const cost: number = bf.astar(g, 0, 1, bf.octile(g)).cost;`,
    `export const plan = new FloorPlan({ width: 1, height: 1, walls: [], doors: [], rooms: [] }), Repairer = DStarLite;`,
  ].join('\n'), 'cjs.cts');
});

test('every subpath the tests use is an export of the manifest', () => {
  expect(SUBPATHS.map((s) => s.replace(/^bestfirst/, '.')).sort()).toEqual(Object.keys(manifest.exports).filter((k) => k !== './package.json').sort());
});

test('a release is consistent: the lockfile\'s root says what package.json says (so npm install leaves it unchanged), the changelog\'s top section is this version, and tarballs stay out of git', () => {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const self = lock.packages[''];
  expect([lock.version, self.version]).toEqual([manifest.version, manifest.version]);
  // npm rewrites the lock's root entry from package.json on every install: any field that differs is a diff in git.
  expect(self.engines).toEqual(manifest.engines);
  expect(self.bin).toEqual(Object.fromEntries(Object.entries(manifest.bin as Record<string, string>).map(([k, v]) => [k, v.replace(/^\.\//, '')])));
  expect(self.devDependencies).toEqual(manifest.devDependencies);
  expect(self.license).toBe(manifest.license);
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const sections = [...changelog.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
  expect(sections[0], 'the top section is the released version, dated').toMatch(new RegExp(`^${manifest.version.replace(/\./g, '\\.')} — \\d{4}-\\d{2}-\\d{2}$`));
  expect(sections.filter((s) => /unreleased/i.test(s)), 'no Unreleased section under a released version').toEqual([]);
  expect(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');
});
