// The command line in our own words: what `bestfirst` prints (the lesson's
// narration, the hand trace, every command's help and output, its usage
// errors) has no run of 12 words from a seed document, checked against the
// seeds' hashes that test/unit/page/words.test.ts keeps current.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../cli/commands.js';
import { main } from '../../../cli/main.js';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { collect } from '../../support/cli-io.js';
import { checkTexts, unpackHashes } from '../../support/word-runs.mjs';

const stored = JSON.parse(readFileSync(new URL('../../support/seed-runs.json', import.meta.url), 'utf8')) as { hashes: string };
const SEED = unpackHashes(stored.hashes);
const F = writeFixtures();
afterAll(() => rmSync(F.dir, { recursive: true, force: true }));

/** stdout and stderr of one run, as one text: a run of words may cross a line break. */
async function said(argv: string[]): Promise<string> {
  const c = collect();
  await main(argv, c.io);
  return [...c.out, ...c.err].join('\n');
}

describe('what bestfirst prints is our own', () => {
  it('the lesson\'s narration (bestfirst trace --world lesson) and the hand trace (bestfirst trace)', async () => {
    for (const argv of [['trace', '--world', 'lesson'], ['trace']]) {
      const text = await said(argv);
      const r = checkTexts([text], SEED);
      expect(r.windows, argv.join(' ')).toBeGreaterThan(0);
      expect([...new Set(r.matches.map((m) => m.run))], argv.join(' ')).toEqual([]);
    }
    // The narration is prose, so the check has something to bite on.
    expect(checkTexts([await said(['trace', '--world', 'lesson'])], new Set()).prose).toBeGreaterThan(200);
  });

  it('every command\'s help and output, and its usage errors', async () => {
    const runs: string[][] = [
      [], ['help'], ...Object.keys(COMMANDS).map((name) => ['help', name]),
      ['plan', '--map', F.map, '--from', '0,0', '--to', '7,5'], ['plan', '--map', F.split, '--from', '0,0', '--to', '4,0'],
      ['scen', F.scen], ['replan'], ['replan', '--trace'], ['replan', '--map', F.map, '--from', '0,0', '--to', '7,5', '--flips', '3'],
      ['field', '--map', F.map, '--goal', '7,5'], ['ara', '--map', F.map, '--from', '0,0', '--to', '7,5'], ['apartment'],
      ['route', '--gr', F.gr, '--co', F.co, '--from', '1', '--to', '3', '--algo', 'astar'], ['route', '--gr', F.gr, '--from', '1', '--to', '4'],
      ['route', '--gr', F.gr, '--from', '1', '--to', '3', '--algo', 'ch'], ['route', '--gr', F.gr, '--from', '1', '--to', '3', '--algo', 'biastar'],
      ['plan', '--ros', F.ros, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1'], ['plan', '--ros', F.rosSplit, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1'],
      ['costmap', F.ros, '--radius', '0.1', '--keepout', F.keepout, '--out', join(F.dir, 'words.pgm')],
      // Mistakes: each message is fixed text around the value given.
      ['fly'], ['trace', '--world', 'lessen'], ['plan', '--map', F.map, '--from', '1,1', '--to', '7,5'], ['plan', '--map', F.missing, '--from', '0,0', '--to', '1,1'],
      ['scen', F.headerOnly], ['field', '--map', F.map], ['route', '--gr', F.gr, '--from', '1', '--to', '3', '--algo', 'astar'], ['ara', '--map', F.map, '--from', '0,0', '--to', '7,5', '--schedule', '1,2'],
      ['plan', '--ros', F.ros, '--from', '11.05,10.95', '--to', '11.75,10.35', '--radius', '0.1'], ['plan', '--map', F.map, '--from', '0.5,0', '--to', '7,5'],
      ['costmap', F.ros, '--radius', '0.1', '--out', F.folder],
    ];
    const texts = await Promise.all(runs.map(said));
    for (const [i, t] of texts.entries()) expect(t, `bestfirst ${runs[i].join(' ')} printed nothing`).not.toBe('');
    const r = checkTexts(texts, SEED);
    console.log(`[words] bestfirst: ${runs.length} command lines, ${r.windows} windows, ${r.prose} prose, ${r.matches.length} found in the seeds`);
    expect([...new Set(r.matches.map((m) => m.run))]).toEqual([]);
    expect(r.prose).toBeGreaterThan(500);
  });
});
