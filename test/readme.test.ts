// The README's example, run as written (through the package's own name and its built exports).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { Grid, Searcher, octile, astar, sum } from 'bestfirst';

test('the README example works and the README starts with the two set-up commands', () => {
  const grid = Grid.fromAscii(['....', '.#..', '.#..'], { diagonalCost: 1.4, diagonalRule: 'always' });
  const start = grid.idColRow(1, 1), goal = grid.idColRow(4, 1);
  const r = astar(grid, start, goal, octile(grid), { trace: true });
  expect(r.cost).toBeCloseTo(5.2, 12);
  expect(r.path!.map((n) => grid.formatColRow(n))).toEqual(['(1,1)', '(1,2)', '(2,3)', '(3,2)', '(4,1)']);
  expect(r.trace!.pops).toHaveLength(5);
  const s = new Searcher(grid);
  const path = new Int32Array(grid.size);
  expect(s.search(start, goal, { heuristic: octile(grid), priority: sum(1.5) })).toBe('found');
  expect(s.pathInto(path)).toBe(5);

  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').split('\n');
  const head = readme.slice(0, 8).join('\n');
  expect(head).toContain('npm install && npm start');
  expect(head).toContain('npm test');
});
