// The layering the code keeps, checked on the sources: the library imports
// nothing of the CLI, the page, the benchmark or the tests, and they reach it
// only through the package's "#bestfirst" aliases; the algorithms that run on
// any space know nothing of grids; and the small shared ideas are written once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { Grid } from '#bestfirst';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p, pattern) : pattern.test(p) ? [p] : [];
  });
}

/** The repository-relative files `file` imports (relative imports only, in either quotes, static, bare or dynamic). */
function importsOf(file: string): string[] {
  return specifiersOf(file).filter((s) => s.startsWith('.'))
    .map((s) => relative(root, resolve(dirname(file), s.replace(/\.js$/, '.ts'))));
}

const SRC = sources(join(root, 'src'));
const rel = (f: string) => relative(root, f);

test('the library imports only the library, by relative paths (no package, no alias: nothing to resolve at run time)', () => {
  const bad = SRC.flatMap((f) => [
    ...importsOf(f).filter((i) => !i.startsWith('src/')).map((i) => `${rel(f)} imports ${i}`),
    ...specifiersOf(f).filter((s) => !s.startsWith('.')).map((s) => `${rel(f)} imports ${s}`),
  ]);
  expect(bad).toEqual([]);
});

test('the library names no Node global (process, Buffer, require, __dirname): it runs in a browser as it does in Node', () => {
  // Comments and strings may mention them; code may not (SubgoalSearcher4 once read process.env, which
  // a browser does not have: every build there threw a ReferenceError).
  const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, "''");
  const bad = SRC.flatMap((f) => [...code(f).matchAll(/(?<![\w.$])(process|Buffer|require|__dirname|__filename|setImmediate)(?![\w$])/g)].map((m) => `${rel(f)}: ${m[1]}`));
  expect(bad).toEqual([]);
});

/**
 * The layout: each folder of src/ imports itself and the folders listed for
 * it here, all of them before it in the order of docs/development.md's Layout, so the arrows point
 * one way. core/ is the contract and what every search shares, with no
 * algorithm; queues/ the heaps; search/ the searches on any space;
 * hierarchy/ what preprocesses any space (contraction, landmarks); grid/ the
 * grid and its searches (fast/, jps/, subgoal/, any-angle/); spaces/ the
 * graph and the keyed spaces (the unbounded grid moves by the grid's own
 * diagonal rule); costmap/ and mapf/ build on the grid; the repairing
 * searches run on any space, as the engine does; io/, cspace/ and worlds/
 * make grids and graphs for them.
 */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  queues: ['core'],
  search: ['core', 'queues'],
  hierarchy: ['core', 'queues', 'search'],
  grid: ['core', 'queues', 'search', 'hierarchy'],
  spaces: ['core', 'queues', 'search', 'grid'],
  costmap: ['core', 'grid'],
  mapf: ['core', 'queues', 'search', 'grid'],
  repair: ['core', 'queues', 'search'],
  io: ['core', 'grid', 'spaces', 'costmap', 'mapf'],
  // A raster is capped as a Moving AI map is (MAX_MAP_CELLS).
  cspace: ['core', 'grid', 'io'],
  // Footprints are cspace's; a costmap is checked and flooded for the heuristic.
  kinematic: ['core', 'queues', 'search', 'grid', 'costmap', 'cspace'],
  worlds: ['core', 'queues', 'search', 'hierarchy', 'grid', 'spaces', 'costmap', 'mapf', 'repair', 'io', 'cspace'],
};
/**
 * Files that may import one folder more than their own may: D* on a grid is a
 * grid convenience kept beside D*; the entry of bestfirst/grid re-exports the
 * unbounded grid, made of the keyed space in spaces/.
 */
const ALSO: Record<string, string[]> = { 'src/repair/dstar-grid.ts': ['grid'], 'src/grid/index.ts': ['spaces'] };

test('each folder of src/ imports only folders before it in the layout, core/ only itself', () => {
  const folders = readdirSync(join(root, 'src')).filter((n) => statSync(join(root, 'src', n)).isDirectory());
  expect(folders.sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  const order = Object.keys(MAY_IMPORT);
  for (const [folder, below] of Object.entries(MAY_IMPORT)) for (const b of below) expect(order.indexOf(b), `${folder} -> ${b}`).toBeLessThan(order.indexOf(folder));
  const bad = SRC.flatMap((f) => {
    const from = rel(f).split('/');
    // src/index.ts and src/internal.ts are the entries: they gather from everywhere.
    if (from.length === 2) return [];
    const allowed = [from[1], ...MAY_IMPORT[from[1]], ...(ALSO[rel(f)] ?? [])];
    return importsOf(f).filter((i) => !allowed.includes(i.split('/')[1])).map((i) => `${rel(f)} imports ${i}`);
  });
  expect(bad).toEqual([]);
});

test('the searches that run on any space (core/, queues/, search/, hierarchy/, repair/) import no grid module', () => {
  const generic = SRC.filter((f) => /^src\/(core|queues|search|hierarchy|repair)\//.test(rel(f)) && !(rel(f) in ALSO));
  expect(generic.length).toBeGreaterThan(15);
  const bad = generic.flatMap((f) => importsOf(f).filter((i) => i.startsWith('src/grid/')).map((i) => `${rel(f)} imports ${i}`));
  expect(bad).toEqual([]);
});

test('the "cheaper" slack and the stamp limit are written once, in core/improve.ts and core/stamp.ts', () => {
  const where = (pattern: RegExp) => SRC.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map(rel);
  expect(where(/1 - 1e-12/)).toEqual(['src/core/improve.ts']);
  expect(where(/0xfffffff0/)).toEqual(['src/core/stamp.ts']);
});

/** Every module specifier in `file`: static imports and re-exports, side-effect imports, dynamic imports. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
}

const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const CONSUMERS = ['cli', 'bench', 'web/src', 'web/build', 'test', 'examples', 'scripts', 'bin'].flatMap((d) =>
  sources(join(root, d), /\.(ts|mts|js|mjs)$/));

test('the CLI, the benchmark, the page and the tests reach src/ only through "#bestfirst" aliases', () => {
  const bad = CONSUMERS.flatMap((f) => specifiersOf(f).flatMap((s) => {
    if (s.startsWith('#')) return s.replace(/\?.*$/, '') in PACKAGE.imports ? [] : [`${rel(f)} imports ${s}, which package.json "imports" does not define`];
    if (!s.startsWith('.')) return [];
    const target = relative(root, resolve(dirname(f), s));
    return target === 'src' || target.startsWith('src/') ? [`${rel(f)} imports ${s}`] : [];
  }));
  expect(bad).toEqual([]);
  // The rule sees what it is meant to see: the CLI's entry imports the library.
  expect(specifiersOf(join(root, 'cli/main.ts')).some((s) => s.startsWith('#bestfirst'))).toBe(true);
});

test('each alias points at a source file and at its build in dist/; the public ones are the package\'s "exports"', () => {
  const bad: string[] = [];
  for (const [alias, target] of Object.entries(PACKAGE.imports) as [string, Record<string, string>][]) {
    const source = target['bestfirst-source'];
    if (!existsSync(join(root, source))) bad.push(`${alias}: ${source} does not exist`);
    // A source-only alias (the page's ?raw text) has no build; the others are the build of their source.
    if ('default' in target && target.default !== source.replace(/^\.\//, './dist/').replace(/\.ts$/, '.js')) bad.push(`${alias}: ${target.default} is not the build of ${source}`);
  }
  expect(bad).toEqual([]);
  for (const [subpath, target] of Object.entries(PACKAGE.exports) as [string, { default?: string }][]) {
    if (subpath === './package.json') continue;
    expect(PACKAGE.imports[`#bestfirst${subpath.slice(1)}`]?.default, subpath).toBe(target.default);
  }
});

test('the tiers are folders: every test is under test/unit/ or test/integration/, and test/unit/ mirrors the folders of src/', () => {
  const tests = sources(join(root, 'test'), /\.test\.ts$/).map(rel);
  expect(tests.length).toBeGreaterThan(100);
  expect(tests.filter((t) => !/^test\/(unit|integration)\//.test(t))).toEqual([]);
  const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
  expect(config).toContain(`include: ['test/unit/**/*.test.ts']`);
  expect(config).toContain(`include: ['test/integration/**/*.test.ts']`);
  // Each family of src/ has its unit folder, and each unit folder is a family (or the command, the page, the benchmark).
  const dirs = (d: string) => readdirSync(join(root, d)).filter((n) => statSync(join(root, d, n)).isDirectory());
  const families = Object.keys(MAY_IMPORT);
  for (const f of families) expect(dirs('test/unit'), `test/unit/${f}/`).toContain(f);
  expect(dirs('test/unit').filter((d) => !families.includes(d) && !['cli', 'page', 'bench'].includes(d))).toEqual([]);
  for (const sub of dirs('test/unit/grid')) expect(dirs('src/grid'), `test/unit/grid/${sub}/ mirrors src/grid/${sub}/`).toContain(sub);
});

test('the tests run the sources, not a build: "#bestfirst" resolves to src/ under Vitest', () => {
  // Without the bestfirst-source condition in vitest.config.ts Node's default
  // would load dist/: a stale build, tested in silence. Where a library error
  // was thrown says which one ran.
  let stack = '';
  try {
    new Grid(0, 1);
  } catch (e) {
    stack = String((e as Error).stack);
  }
  expect(stack).toContain(join(root, 'src/grid/grid.ts'));
});
