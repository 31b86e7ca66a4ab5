// `bestfirst trace`: the chapter's printed worked example, line by line, and the lesson's narration.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { main } from '../../../cli/main.js';
import { Searcher } from '#bestfirst';
import { narrationLine, lessonWorld } from '#bestfirst/worlds';
import { collect } from '../../support/cli-io.js';

// The output the chapter prints under "The worked example, and its printed output".
const CHAPTER = [
  'pop  node   g    h    f',
  '  1  (1,1) 0.0  3.0  3.0',
  '  2  (1,2) 1.0  3.4  4.4',
  '  3  (2,3) 2.4  2.8  5.2',
  '  4  (3,2) 3.8  1.4  5.2',
  '  5  (4,1) 5.2  0.0  5.2',
  'path: (1,1) (1,2) (2,3) (3,2) (4,1)',
  'cost = 5.2',
  'dijkstra: expansions = 10, cost = 5.2',
];

test('bestfirst trace prints the chapter\'s hand trace exactly', async () => {
  const { io, out } = collect();
  expect(await main(['trace'], io)).toBe(0);
  expect(out).toEqual(CHAPTER);
});

test('the installed command prints the same (bin/bestfirst.js on the build)', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // `npm test` builds first; this checks the shipped entry point, not just the module.
  expect(existsSync(`${root}dist/cli/main.js`), 'dist/ is missing: run `npm run build` (npm test does)').toBe(true);
  const out = execFileSync(process.execPath, [`${root}bin/bestfirst.js`, 'trace'], { encoding: 'utf8' });
  expect(out.trimEnd().split('\n')).toEqual(CHAPTER);
});

test('bestfirst trace --world lesson narrates the 21 expansions in the page\'s words', async () => {
  const { io, out } = collect();
  expect(await main(['trace', '--world', 'lesson'], io)).toBe(0);
  expect(out).toHaveLength(21);
  expect(out[0]).toBe('Step 1: (0,0) leaves the frontier (g 0, f 9) and is closed. (1,0) and (0,1) join with g 1, f 9. 2 cells wait on the frontier.');
  expect(out[11]).toBe('Step 12: (0,5) leaves the frontier (g 5, f 9) and is closed. None of its neighbours is new or cheaper to reach from here, so no cell is added. 3 cells wait on the frontier.');
  expect(out[12]).toBe('Step 13: (4,2) leaves the frontier (g 6, f 9) and is closed. (4,3) joins with g 7, f 9 and (4,1) joins with g 7, f 11. 4 cells wait on the frontier.');
  expect(out[20]).toBe('Step 21: the goal (4,5) now has the lowest f, so it leaves the frontier with g 9. '
    + 'Arrived: the path takes 9 moves and costs 9, and 21 of the 23 free cells were expanded to find it.');
  // One narration: the page's step player shows these very lines, step by step.
  const w = lessonWorld(), s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  expect(out).toEqual(s.trace!.pops.map((_, k) => narrationLine(s.trace!, w.grid, w.goal, k)));
});

test('usage errors are one line and exit 2', async () => {
  let c = collect();
  expect(await main(['trace', '--world', 'moon'], c.io)).toBe(2);
  expect(c.err).toEqual(['bestfirst trace: --world must be one of hand, lesson, got "moon"']);
  c = collect();
  expect(await main(['trace', '--world', 'lessen'], c.io)).toBe(2);
  expect(c.err).toEqual(['bestfirst trace: --world must be one of hand, lesson, got "lessen"; did you mean "lesson"?']);
  c = collect();
  expect(await main(['trace', '--speed', '3'], c.io)).toBe(2);
  expect(c.err).toEqual(['bestfirst trace: unknown option --speed (known: --world, --help)']);
  c = collect();
  expect(await main(['fly'], c.io)).toBe(2);
  expect(c.err).toEqual(['bestfirst: unknown command "fly" (known: trace, plan, scen, merge, flood, replan, field, ara, apartment, route, preprocess, costmap, fleet)']);
  expect(c.out).toEqual([]);
});
