import { test, expect } from 'vitest';
import { GridSearcher, SubgoalSearcher8 } from '#bestfirst';
import { checkPath } from '#bestfirst/movingai';
import { sameCost } from '../support/reference.js';
import { every, failures, loadMap, loadScen } from '../support/movingai-runs.js';

// The two-level subgoal graph on whole scenario files, one map per family,
// held to the published optima (the Moving AI rule: no corner cutting); then
// the same maps with corner cutting, where no optimum is published, held to
// the grid fast path's A* (itself held to the engine by its own suite).
const ONE_PER_FAMILY: readonly string[] = ['dao/arena2', 'maze/maze512-32-0', 'random/random512-10-0', 'room/64room_000', 'street/Berlin_0_256'];

for (const name of ONE_PER_FAMILY) {
  test(`subgoal8 on ${name}.map.scen (every row): 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    const scens = loadScen(`${name}.map.scen`);
    expect(scens.length).toBeGreaterThan(900);
    expect(failures(`${name}.map.scen`, grid, scens, every(scens.length), 'subgoal8')).toEqual([]);
  }, 300_000);
}

test('subgoal8 with corner cutting on one map per family (every 128th row): the A* cost and a legal path of that length', () => {
  for (const name of ONE_PER_FAMILY) {
    const grid = loadMap(`${name}.map`).with({ diagonalRule: 'always' });
    const scens = loadScen(`${name}.map.scen`);
    const sg = new SubgoalSearcher8(grid), astar = new GridSearcher(grid);
    const buf = new Int32Array(grid.size);
    const bad: string[] = [];
    for (const i of every(scens.length, 128)) {
      const s = scens[i];
      const a = grid.id(s.startX, s.startY), b = grid.id(s.goalX, s.goalY);
      expect(astar.search(a, b)).toBe('found');
      if (sg.search(a, b) !== 'found') { bad.push(`${name}:${s.line}: no path`); continue; }
      const c = checkPath(grid, buf, a, b, sg.pathInto(buf));
      if (!c.ok || !sameCost(sg.cost, astar.cost) || !sameCost(c.length, astar.cost)) bad.push(`${name}:${s.line}: cost ${sg.cost}, A* ${astar.cost}${c.ok ? '' : `, ${c.reason}`}`);
    }
    expect(bad).toEqual([]);
  }
}, 300_000);
