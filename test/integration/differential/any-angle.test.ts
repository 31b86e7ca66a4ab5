// Any-angle paths on Moving AI maps (integration tier): the brute-force
// checks of test/support/any-angle-check.ts on real maps, against the
// published optima as well as A*.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { AnyAngleSearcher, smoothPath, type AnyAngleAlgorithm } from '#bestfirst/grid';
import { sameLength } from '#bestfirst/grid';
import { parseMap, parseScen } from '#bestfirst/io';
import { checkAnyAngleAnswer } from '../../support/any-angle-check.js';
import { dataFile } from '../../support/data.js';
import { brutePathCost } from '../../support/supercover.js';

test('Theta* and Lazy Theta* on Moving AI maps: sight on every segment (brute force), between the straight line and the published optimum', () => {
  const maps = ['dao/arena2', 'dao/den312d', 'maze/maze512-8-0', 'random/random512-25-0', 'room/8room_000', 'street/Berlin_0_256'];
  let seed = 777, shorter = 0, total = 0;
  for (const name of maps) {
    const read = (rel: string) => readFileSync(dataFile(`movingai/${rel}`), 'utf8');
    const grid = parseMap(read(`${name}.map`), `${name}.map`);
    const rows = parseScen(read(`${name}.map.scen`), `${name}.map.scen`);
    const s = new AnyAngleSearcher(grid);
    for (let i = 0; i < 5; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const r = rows[seed % rows.length];
      const start = grid.id(r.startX, r.startY), goal = grid.id(r.goalX, r.goalY);
      for (const algorithm of ['lazy-theta', 'theta'] as AnyAngleAlgorithm[]) {
        const what = `${algorithm} on ${name} line ${r.line}`;
        expect(s.search(start, goal, { algorithm }), what).toBe('found');
        const astar = checkAnyAngleAnswer(grid, start, goal, s.path()!, s.cost, what);
        expect(sameLength(astar, r.optimal), what).toBe(true);
        total++;
        if (s.cost < r.optimal * 0.999) shorter++;
        // Pulling the A*-free answer tight again never lengthens it.
        expect(brutePathCost(grid, smoothPath(grid, s.path()!))).toBeLessThanOrEqual(s.cost * (1 + 1e-9));
      }
    }
  }
  expect(shorter).toBeGreaterThan(total / 2);
});
