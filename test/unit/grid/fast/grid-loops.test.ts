// GridSearcher's two hot loops (runUnweighted, runWeighted) are generated from
// one template by scripts/grid-loops.mjs, so that a fix is made once: the file
// must hold what the script writes, and a hand edit between the markers fails here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/grid-loops.mjs');
const TARGET = join(ROOT, 'src/grid/fast/grid-search.ts');

function check(file?: string) {
  return spawnSync(process.execPath, [SCRIPT, '--check', ...(file === undefined ? [] : [file])], { encoding: 'utf8', cwd: ROOT });
}

test('src/grid/fast/grid-search.ts holds the loops scripts/grid-loops.mjs writes from scripts/grid-loops.ts.in (else: `npm run generate`)', () => {
  const r = check();
  // On failure the message is the script's: the first line where the file and its output differ, and the command that rewrites the loops.
  expect(r.status, r.stderr).toBe(0);
  const text = readFileSync(TARGET, 'utf8');
  for (const name of ['runUnweighted', 'runWeighted']) expect(text).toMatch(new RegExp(`#generated grid-loops: begin[^]*private ${name}\\(stopAt[^]*#generated grid-loops: end`));
});

test('bestfirst/lite runs the same unweighted loop, written from the same template; a hand edit there fails too', () => {
  const lite = join(ROOT, 'src/grid/lite/lite-search.ts');
  const text = readFileSync(lite, 'utf8');
  expect(text).toMatch(/#generated grid-loops: begin unweighted[^]*private runUnweighted\(stopAt[^]*#generated grid-loops: end/);
  expect(text).not.toContain('runWeighted');
  expect(check(lite).status).toBe(0);
  const file = join(mkdtempSync(join(tmpdir(), 'bestfirst-grid-loops-')), 'lite-search.ts');
  writeFileSync(file, text.replace('        const gc = gn + step[k];\n', '        const gc = gn + step[k] * 1;\n'));
  const r = check(file);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toContain('npm run generate');
});

test('the check fails on a hand edit between the markers, naming the line and `npm run generate`', () => {
  const text = readFileSync(TARGET, 'utf8');
  const edited = text.replace('        const gc = gn + step[k];\n', '        const gc = gn + step[k] * 1;\n');
  expect(edited).not.toBe(text);
  const file = join(mkdtempSync(join(tmpdir(), 'bestfirst-grid-loops-')), 'grid-search.ts');
  writeFileSync(file, edited);
  const r = check(file);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toContain('const gc = gn + step[k] * 1;');
  expect(r.stderr).toContain('npm run generate');
});
