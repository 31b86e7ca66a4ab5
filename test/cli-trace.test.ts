// `bestfirst trace`: the chapter's printed worked example, line by line, and the lesson's narration.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { main } from '../cli/main.js';
import { collect } from './support/cli-io.js';

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
  const root = fileURLToPath(new URL('..', import.meta.url));
  // `npm test` builds first; this checks the shipped entry point, not just the module.
  expect(existsSync(`${root}dist/cli/main.js`), 'dist/ is missing: run `npm run build` (npm test does)').toBe(true);
  const out = execFileSync(process.execPath, [`${root}bin/bestfirst.js`, 'trace'], { encoding: 'utf8' });
  expect(out.trimEnd().split('\n')).toEqual(CHAPTER);
});

test('bestfirst trace --world lesson narrates the 21 expansions', async () => {
  const { io, out } = collect();
  expect(await main(['trace', '--world', 'lesson'], io)).toBe(0);
  expect(out[0]).toBe('Expand (0,0), g = 0, f = 9. New neighbours (1,0), (0,1) get g = 1 and f = 9, 9. Frontier: 2.');
  expect(out[11]).toBe('Expand (0,5), g = 5, f = 9. Every open neighbour was reached already, so nothing joins the frontier.');
  expect(out[12]).toBe('Expand (4,2), g = 6, f = 9. New neighbours (4,3), (4,1) get g = 7 and f = 9, 11. Frontier: 4.');
  expect(out.filter((l) => l.startsWith('Expand '))).toHaveLength(20);
  expect(out).toContain('Goal reached at distance 9.');
  expect(out[out.length - 1]).toBe('Shortest path of 9 steps after expanding 21 of the 23 open cells.');
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
  expect(c.err).toEqual(['bestfirst: unknown command "fly" (known: trace, plan, scen, replan, field, ara, apartment)']);
  expect(c.out).toEqual([]);
});
