// The repository carries its own data: every file in data/ is pinned by
// data/SHA256SUMS and described in data/README.md, and the README's command
// lines run as written (test/integration/package/readme.test.ts, on the build).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DATA_DIR, dataFile } from '../support/data.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Not data: the two files that describe the data, and data/extra/, the
// git-ignored place for the optional larger sets (data/README.md).
const NOT_DATA = new Set(['README.md', 'SHA256SUMS', 'extra']);

/** Every data file under data/, as a '/'-separated path relative to data/, sorted. */
function dataFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (dir === DATA_DIR.replace(/[\\/]$/, '') && NOT_DATA.has(e.name)) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else out.push(relative(DATA_DIR, path).split(sep).join('/'));
    }
  };
  walk(DATA_DIR.replace(/[\\/]$/, ''));
  return out.sort();
}

/** data/SHA256SUMS as a map from path to hash; a malformed or repeated line fails the test. */
function sums(): Map<string, string> {
  const m = new Map<string, string>();
  readFileSync(dataFile('SHA256SUMS'), 'utf8').split('\n').forEach((line, i) => {
    if (line === '') return;
    const hit = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    expect(hit, `SHA256SUMS:${i + 1}: ${JSON.stringify(line)} is not "<sha256>  <path>"`).not.toBeNull();
    expect(m.has(hit![2]), `SHA256SUMS:${i + 1}: ${hit![2]} is listed twice`).toBe(false);
    m.set(hit![2], hit![1]);
  });
  return m;
}

test('every file in data/ is listed in data/SHA256SUMS, and every listed file is there, byte for byte', () => {
  const files = dataFiles();
  const listed = sums();
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((f) => !listed.has(f)), 'files in data/ missing from data/SHA256SUMS').toEqual([]);
  expect([...listed.keys()].filter((f) => !files.includes(f)), 'listed in data/SHA256SUMS but not in data/').toEqual([]);
  const wrong = files.filter((f) => createHash('sha256').update(readFileSync(dataFile(f))).digest('hex') !== listed.get(f));
  expect(wrong, 'files whose bytes differ from data/SHA256SUMS (an end-of-line conversion on checkout does this)').toEqual([]);
});

test('data/README.md gives every data file with its size in bytes', () => {
  const readme = readFileSync(dataFile('README.md'), 'utf8');
  // Table rows: | `movingai/dao/arena.map` | 2,485 | ...
  const rows = new Map([...readme.matchAll(/^\| `([^`]+)` \| ([\d,]+) \|/gm)].map((m) => [m[1], Number(m[2].replace(/,/g, ''))]));
  const files = dataFiles();
  expect(files.filter((f) => !rows.has(f)), 'data files missing from the README table').toEqual([]);
  expect([...rows.keys()].filter((f) => !files.includes(f)), 'README table rows without a file').toEqual([]);
  for (const f of files) expect(rows.get(f), f).toBe(readFileSync(dataFile(f)).length);
});

test('dataFile fails, naming the path it looked at, for a missing file, a folder, or a path leading out of data/', () => {
  expect(dataFile('movingai/dao/arena.map')).toBe(join(DATA_DIR, 'movingai', 'dao', 'arena.map'));
  expect(() => dataFile('movingai/dao/no-such.map')).toThrow(`data file missing: looked for ${join(DATA_DIR, 'movingai', 'dao', 'no-such.map')}`);
  expect(() => dataFile('movingai/dao')).toThrow(/^data file missing: looked for .*movingai.dao /);
  expect(() => dataFile('../package.json')).toThrow(/^dataFile: "\.\.\/package\.json" is not a file inside /);
  expect(() => dataFile(join(ROOT, 'package.json'))).toThrow(/is not a file inside /);
  expect(() => dataFile('')).toThrow(/is not a file inside /);
});
