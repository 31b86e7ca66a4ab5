// The layering the code keeps, checked on the sources: the library imports
// nothing of the CLI, the page, the benchmark or the tests; the algorithms
// that run on any space know nothing of grids; and the small shared ideas
// are written once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
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
  const generic = ['best-first', 'depth-first', 'dstar', 'dstar-lite', 'ara', 'universal-plan', 'heap', 'heap-indexed', 'space', 'path', 'path-searcher', 'stamp', 'improve', 'priority', 'trace', 'input-checks'];
  const gridModules = /^src\/(grid|grid-search.*|jps.*|dstar-grid)\.ts$/;
  const bad = generic.flatMap((name) => importsOf(join(root, `src/${name}.ts`)).filter((i) => gridModules.test(i)).map((i) => `src/${name}.ts imports ${i}`));
  expect(bad).toEqual([]);
});

test('the "cheaper" slack and the stamp limit are written once, in improve.ts and stamp.ts', () => {
  const where = (pattern: RegExp) => SRC.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map(rel);
  expect(where(/1 - 1e-12/)).toEqual(['src/improve.ts']);
  expect(where(/0xfffffff0/)).toEqual(['src/stamp.ts']);
});
