import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Searcher, Grid, ASTAR, type Trace } from '#bestfirst';
import { heuristicByName, type HeuristicName } from '#bestfirst/grid';
import { frontierBefore } from '#bestfirst/internal';
import { apartmentWorld, southRoomsWorld, lessonWorld, arrivalLine, narrationLine } from '#bestfirst/worlds';
import { roundSummary, runAraLane } from '../../../web/src/ara-lane/ara-lane-model.js';
import { checkPick, isDecision } from '../../../web/src/step-player/quiz.js';
import { closureChoices, verdict } from '../../../web/src/replanner/apartment-model.js';
import { gateStory } from '../../../web/src/replanner/gate-model.js';
import { STEP_HEURISTICS } from '../../../web/src/step-player/step-model.js';
import { checkTexts, isData, packHashes, proseWindows, unpackHashes, WINDOW, windowHash, words } from '../../support/word-runs.mjs';

const HASH_FILE = new URL('../../support/seed-runs.json', import.meta.url);
const stored = JSON.parse(readFileSync(HASH_FILE, 'utf8')) as {
  window: number; hash: string; count: number; hashes: string; sources: { file: string; proseWindows: number }[];
};
const SEED = unpackHashes(stored.hashes);

describe('the copied-text checker', () => {
  it('normalises case, quotes, dashes and punctuation the same way on both sides', () => {
    expect(words('The goal’s “first” pop—at cost-to-go 7.6, (3,2)!')).toEqual(['the', 'goals', 'first', 'pop', 'at', 'cost', 'to', 'go', '7', '6', '3', '2']);
    expect(words("THE GOAL'S \"FIRST\" POP -- AT COST TO GO 7.6 (3, 2)")).toEqual(words('The goal’s “first” pop—at cost-to-go 7.6, (3,2)!'));
    expect(words('ﬁrst\u00a0cell')).toEqual(['first', 'cell']); // NFKC: the ligature and the no-break space
  });

  it('calls a window data when more than half its words carry digits', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f', '1', '2', '3', '4', '5', '6'];
    const seven = ['a', 'b', 'c', 'd', 'e', '0', '1', '2', '3', '4', '5', '6'];
    expect(isData(six)).toBe(false);
    expect(isData(seven)).toBe(true);
    expect(isData(words('(1,0) f 9, (0,1) f 9, (2,0) f 9 next'))).toBe(true);
  });

  // A made-up "seed": the checker must catch a pasted run of it and nothing shorter.
  const fakeSeed = 'Lanterns hang from the rafters of the old mill, and every evening the miller counts them twice before he climbs the stairs to bed. '
    + 'His table of counts is 3 4 5 6 7 8 9 10 11 12 13 14 and so on.';
  const fake = new Set(proseWindows(fakeSeed).map((w) => w.hash));

  it('flags a pasted 12-word run of a seed, whatever its capitals and punctuation', () => {
    const page = 'Our own words come first. EVERY evening, the miller counts them twice -- before he climbs the stairs to bed! Then ours again.';
    const r = checkTexts([page], fake);
    expect(r.matches.map((m) => m.run)).toEqual([
      'every evening the miller counts them twice before he climbs the stairs',
      'evening the miller counts them twice before he climbs the stairs to',
      'the miller counts them twice before he climbs the stairs to bed',
    ]);
    expect(r.matches[0].text).toBe(page);
  });

  it('lets 11 words through, and numbers that only repeat a seed\'s data', () => {
    const eleven = 'A different opening: every evening the miller counts them twice before he climbs, and then we change the subject.';
    expect(checkTexts([eleven], fake).matches).toEqual([]);
    const data = 'counts is 3 4 5 6 7 8 9 10 11 12';
    expect(words(data).length).toBe(WINDOW);
    // Even with the very window in the set, the page side skips it as data.
    expect(checkTexts([data], new Set([...fake, windowHash(words(data))])).matches).toEqual([]);
    expect(checkTexts([data], new Set([windowHash(words(data))])).prose).toBe(0);
  });

  it('counts every window, prose and data, across texts', () => {
    const r = checkTexts(['one two three four five six seven eight nine ten eleven twelve thirteen', 'too short'], new Set());
    expect(r).toEqual({ windows: 2, prose: 2, matches: [] });
  });

  it('packs hashes sorted and de-duplicated, and unpacks them unchanged', () => {
    const hs = ['ffffffffffffffff', '0000000000000001', windowHash(['a']), '0000000000000001'];
    const packed = packHashes(hs);
    expect(Buffer.from(packed, 'base64').length).toBe(3 * 8);
    expect([...unpackHashes(packed)]).toEqual([...new Set(hs)].sort());
    expect(windowHash(['a'])).toBe('86f7e437faa5a7fc'); // SHA-1("a"), first 8 bytes
  });

  // Whether they are current is for `node scripts/seed-runs.mjs --check --seeds DIR`, run by whoever holds
  // the seeds: a clone has none, and the tests read nothing outside the repository.
  it('the stored seed hashes are well formed', () => {
    expect(stored.window).toBe(WINDOW);
    expect(stored.hash).toBe('sha1-64');
    expect(SEED.size).toBe(stored.count);
    expect(stored.count).toBeGreaterThan(5000);
    const hex = [...SEED];
    expect(hex).toEqual([...hex].sort());
    expect(stored.sources.length).toBeGreaterThan(0);
    expect(stored.sources.reduce((n, s) => n + s.proseWindows, 0)).toBeGreaterThanOrEqual(stored.count);
  });
});

/** Every narration line and every quiz reason of one run of the step player's model. */
function stepTexts(grid: Grid, start: number, goal: number, h: HeuristicName): string[] {
  const s = new Searcher(grid);
  s.search(start, goal, { priority: ASTAR, heuristic: heuristicByName(h, grid), tieBreak: 'fifo', trace: true });
  const trace: Trace = s.trace!;
  const name = (n: number) => grid.formatXY(n);
  const out = [arrivalLine(trace, grid, goal)];
  for (let k = 0; k < trace.pops.length; k++) {
    out.push(narrationLine(trace, grid, goal, k));
    if (!isDecision(trace, k)) continue;
    for (const e of frontierBefore(trace, k)) out.push(checkPick(trace, k, e.node, name).reason);
    out.push(checkPick(trace, k, start, name).reason); // the start is closed by then: not on the frontier
  }
  return out;
}

describe('the sentences the page builds in code are our own', () => {
  const texts: string[] = [];
  const lesson = lessonWorld();
  for (const conn of [4, 8] as const) {
    for (const h of STEP_HEURISTICS) {
      const g = new Grid(lesson.grid.width, lesson.grid.height, lesson.grid.cells, { connectivity: conn, diagonalCost: 1.4 });
      texts.push(...stepTexts(g, lesson.start, lesson.goal, h));
      const open = new Grid(lesson.grid.width, lesson.grid.height, undefined, { connectivity: conn, diagonalCost: 1.4 });
      texts.push(...stepTexts(open, lesson.start, lesson.goal, h));
    }
  }
  // A walled-in goal: the frontier runs empty.
  const shut = lesson.grid.with({});
  shut.setBlocked(lesson.grid.id(4, 4), true);
  shut.setBlocked(lesson.grid.id(3, 5), true);
  texts.push(...stepTexts(shut, lesson.start, lesson.goal, 'manhattan'));

  for (const f of gateStory().frames) texts.push(f.say);
  const south = southRoomsWorld(), apt = apartmentWorld();
  for (const [grid, start, goal] of [[south.grid, south.start, south.goal], [apt.grid, apt.grid.id(21, 3), apt.goal]] as const) {
    const run = runAraLane(grid, start, goal);
    run.rounds.forEach((_, i) => texts.push(roundSummary(run, i)));
  }
  texts.push(verdict(68, 28), verdict(5, 28), verdict(3, 0), ...closureChoices(apt).map((c) => c.label));

  it('the step player\'s lines cover every kind of sentence', () => {
    const all = texts.join('\n');
    for (const kind of ['joins with', 'no cell is added', 'Arrived', 'cannot be reached', 'Right.', 'Not quite:', 'waited longest', 'not waiting on the frontier']) {
      expect(all, kind).toContain(kind);
    }
  });

  it('no 12-word run of them is in a seed document', () => {
    const r = checkTexts(texts, SEED);
    console.log(`[words] code-built sentences: ${texts.length} texts, ${r.windows} windows, ${r.prose} prose, ${r.matches.length} found in the seeds`);
    expect([...new Set(r.matches.map((m) => m.run))]).toEqual([]);
    expect(r.prose).toBeGreaterThan(1000);
  });
});
