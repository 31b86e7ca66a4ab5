// The layering the code keeps, checked on the sources: the library imports
// nothing of the CLI, the page, the benchmark or the tests, and they reach it
// only through the package's "#bestfirst" aliases; the algorithms that run on
// any space know nothing of grids; and the small shared ideas are written once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p, pattern) : pattern.test(p) ? [p] : [];
  });
}

/** The repository-relative files `file` imports (relative imports only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'/gm)]
    .map((m) => relative(root, resolve(dirname(file), m[1].replace(/\.js$/, '.ts'))));
}

const SRC = sources(join(root, 'src'));
const rel = (f: string) => relative(root, f);

test('the library imports only the library', () => {
  const bad = SRC.flatMap((f) => importsOf(f).filter((i) => !i.startsWith('src/')).map((i) => `${rel(f)} imports ${i}`));
  expect(bad).toEqual([]);
});

test('the searches that run on any space import no grid module', () => {
  const generic = [
    'core/best-first', 'core/depth-first', 'repair/dstar', 'repair/dstar-lite', 'repair/ara', 'repair/universal-plan', 'core/heap', 'repair/heap-indexed',
    'core/space', 'core/path', 'core/path-searcher', 'core/stamp', 'core/improve', 'core/priority', 'core/trace', 'core/input-checks',
  ];
  const gridModules = /^src\/(grid\/.*|repair\/dstar-grid\.ts)$/;
  const bad = generic.flatMap((name) => importsOf(join(root, `src/${name}.ts`)).filter((i) => gridModules.test(i)).map((i) => `src/${name}.ts imports ${i}`));
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
