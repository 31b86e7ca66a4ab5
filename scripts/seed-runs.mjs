#!/usr/bin/env node
// Keeps test/support/seed-runs.json: the hashes of every 12-word prose run of
// the seed documents (kept outside the repository; --seeds names their folder), so that the
// copied-text tests run in a clean clone that has no seeds, and no seed
// sentence ever enters the repository.
//
//   node scripts/seed-runs.mjs --seeds DIR          regenerate the hash file
//   node scripts/seed-runs.mjs --seeds DIR --check  exit 1 if the hash file is stale
//   node scripts/seed-runs.mjs --seeds DIR --near 6 FILE…  list runs of 6 or more words that
//                                              FILE (or stdin, "-") shares with the
//                                              seeds: a writer's aid, shorter than
//                                              the test's 12 so near-copies show up
//   --seeds DIR (or BESTFIRST_SEEDS=DIR)       the folder of the seed documents; required
//
// The normalisation, the data rule and the hash are test/support/word-runs.mjs.

import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HASH, WINDOW, isData, packHashes, proseWindows, words } from '../test/support/word-runs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'test/support/seed-runs.json');

const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const flag = (name) => { const i = args.indexOf(name); if (i >= 0) args.splice(i, 1); return i >= 0; };
const seedOpt = opt('--seeds') ?? process.env.BESTFIRST_SEEDS;
const seedDir = seedOpt === undefined ? undefined : resolve(seedOpt);
const near = opt('--near');
const check = flag('--check');

function readSeeds() {
  if (seedDir === undefined || !existsSync(seedDir)) {
    console.error(seedDir === undefined ? 'seed-runs: say where the seed documents are: --seeds DIR (or BESTFIRST_SEEDS=DIR)' : `seed-runs: no seed folder at ${seedDir}`);
    process.exit(2);
  }
  return readdirSync(seedDir).filter((f) => !f.startsWith('.')).sort()
    .map((file) => ({ file, text: readFileSync(join(seedDir, file), 'utf8') }));
}

function build() {
  const seeds = readSeeds();
  const all = [];
  const sources = seeds.map(({ file, text }) => {
    const ws = proseWindows(text).map((w) => w.hash);
    all.push(...ws);
    return { file, words: words(text).length, proseWindows: ws.length };
  });
  const packed = packHashes(all);
  return {
    about: 'Hashes of the 12-word prose runs of the seed documents; regenerate with node scripts/seed-runs.mjs --seeds DIR. '
      + 'Normalisation, data rule and hash: test/support/word-runs.mjs.',
    window: WINDOW,
    hash: HASH,
    dataRule: 'a window where more than half the words contain a digit is data and is neither hashed nor checked',
    sources,
    count: Buffer.from(packed, 'base64').length / 8,
    hashes: packed,
  };
}

if (near !== undefined) {
  const n = Number(near);
  if (!Number.isInteger(n) || n < 2) { console.error(`seed-runs: --near needs a whole number of words >= 2, got ${near}`); process.exit(2); }
  const grams = new Set();
  for (const { text } of readSeeds()) {
    const ws = words(text);
    for (let i = 0; i + n <= ws.length; i++) grams.add(ws.slice(i, i + n).join(' '));
  }
  const files = args.length ? args : ['-'];
  let found = 0;
  for (const f of files) {
    const text = readFileSync(f === '-' ? 0 : f, 'utf8');
    const ws = words(text);
    // Merge overlapping shared n-grams into maximal runs.
    let i = 0;
    while (i + n <= ws.length) {
      const win = ws.slice(i, i + n);
      if (!grams.has(win.join(' ')) || isData(win)) { i++; continue; }
      let j = i + n;
      while (j < ws.length && grams.has(ws.slice(j - n + 1, j + 1).join(' '))) j++;
      console.log(`${f}: ${j - i} words: ${ws.slice(i, j).join(' ')}`);
      found++;
      i = j;
    }
  }
  console.error(`seed-runs: ${found} shared run(s) of ${n}+ words`);
  process.exit(found > 0 ? 1 : 0);
}

const data = build();
const text = JSON.stringify(data, null, 2) + '\n';
if (check) {
  const old = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  if (old !== text) { console.error(`seed-runs: ${OUT} is stale; run node scripts/seed-runs.mjs --seeds DIR`); process.exit(1); }
  console.log(`seed-runs: ${OUT} is current (${data.count} hashes)`);
} else {
  writeFileSync(OUT, text);
  console.log(`seed-runs: wrote ${data.count} hashes of ${WINDOW}-word prose runs from ${data.sources.length} files to ${OUT}`);
  for (const s of data.sources) console.log(`  ${s.file}: ${s.words} words, ${s.proseWindows} prose windows`);
}
