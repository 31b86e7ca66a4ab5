// Where WebAssembly cannot compile (a page whose Content-Security-Policy has
// no 'wasm-unsafe-eval' makes WebAssembly.Module throw), GridSearcher keeps
// its plain arrays and the JS loop, and answers as it does with the kernel:
// the built package in a child process whose WebAssembly.Module throws.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { expectFreshBuild } from '../../support/build-fresh.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const SCRIPT = (refuse: boolean) => `
${refuse ? "WebAssembly.Module = function () { throw new WebAssembly.CompileError('refused by the page\\'s Content-Security-Policy'); };" : ''}
const { Grid, GridSearcher } = await import(${JSON.stringify(join(ROOT, 'dist/src/index.js'))});
const rows = Array.from({ length: 60 }, (_, y) => Array.from({ length: 60 }, (_, x) => ((x * 5 + y * 3) % 13 === 4 && x + y !== 118 ? '#' : '.')).join(''));
const grid = Grid.fromAscii(rows);
const s = new GridSearcher(grid);
const out = [s.kernel !== null];
for (const [a, b] of [[0, grid.size - 1], [61, 3000], [100, 3500]]) { s.search(a, b); out.push([s.status, s.cost, s.expansions, s.pushes, s.path()]); }
console.log(JSON.stringify(out));
`;

test('without WebAssembly (its compile refused) GridSearcher runs the JS loop and gives the kernel\'s answers, expansions and pushes', () => {
  expectFreshBuild('dist/src/index.js', ['src']);
  const run = (refuse: boolean) => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT(refuse)], { encoding: 'utf8', cwd: ROOT });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as [boolean, ...unknown[]];
  };
  const [withKernel, ...a] = run(false);
  const [refused, ...b] = run(true);
  expect([withKernel, refused]).toEqual([true, false]);
  expect(b).toEqual(a);
  expect(a.filter((x) => (x as unknown[])[0] === 'found').length).toBeGreaterThan(0);
});
