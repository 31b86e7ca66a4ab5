// The README and the manual in our own words: no run of 12 words of them is
// in a seed document, checked against the seeds' hashes that
// test/unit/page/words.test.ts keeps (scripts/seed-runs.mjs --near 12 lists
// the runs a writer shares with the seeds, for whoever holds them).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { checkTexts, proseWindows, unpackHashes } from '../../support/word-runs.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const stored = JSON.parse(readFileSync(join(ROOT, 'test/support/seed-runs.json'), 'utf8')) as { hashes: string };
const SEED = unpackHashes(stored.hashes);

const md = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`);
const PAGES = ['README.md', 'CHANGELOG.md', ...md('docs'), ...md('docs/guide')];

test('no 12-word run of the README, the changelog or a page of docs/ is in a seed document', () => {
  const texts = PAGES.map((p) => readFileSync(join(ROOT, p), 'utf8'));
  const r = checkTexts(texts, SEED);
  console.log(`[words] ${PAGES.length} pages, ${r.windows} windows, ${r.prose} prose, ${r.matches.length} found in the seeds`);
  expect([...new Set(r.matches.map((m) => m.run))]).toEqual([]);
  expect(PAGES.length).toBeGreaterThanOrEqual(14);
  expect(r.prose, 'the pages are mostly prose: the check has something to bite on').toBeGreaterThan(10_000);
});

test('the check bites: a page that quoted a seed run would be caught', () => {
  // A seed's own 12-word window, as a page would carry it inside a sentence.
  const [window] = proseWindows('alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu');
  const r = checkTexts([`Our text, then alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu, and more.`], new Set([window.hash]));
  expect(r.matches.length).toBeGreaterThan(0);
});
