// The grid fast path on Moving AI maps (integration tier: reads the data/ maps).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { Searcher, GridSearcher, octile } from '#bestfirst';
import { checkPath, sameLength } from '#bestfirst/grid';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';

// Moving AI: a seeded sample of scenarios across the five families must equal the published optima.
test('Moving AI sample: 50 scenarios across maps equal the published optima, paths checked', () => {
  const maps = ['dao/arena2', 'dao/den312d', 'maze/maze512-8-0', 'random/random512-25-0', 'room/8room_000', 'street/Berlin_0_256'];
  let checked = 0, seed = 12345;
  for (const name of maps) {
    const read = (rel: string) => readFileSync(dataFile(`movingai/${rel}`), 'utf8');
    const grid = parseMap(read(`${name}.map`), `${name}.map`);
    const rows = parseScen(read(`${name}.map.scen`), `${name}.map.scen`);
    const fast = new GridSearcher(grid), slow = new Searcher(grid);
    const buf = new Int32Array(grid.size);
    const per = Math.ceil(50 / maps.length);
    for (let i = 0; i < per; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const r = rows[seed % rows.length];
      const start = grid.id(r.startX, r.startY), goal = grid.id(r.goalX, r.goalY);
      expect(fast.search(start, goal)).toBe('found');
      const len = fast.pathInto(buf);
      const check = checkPath(grid, buf, start, goal, len);
      expect(check.ok).toBe(true);
      expect(sameLength(fast.cost, r.optimal)).toBe(true);
      if (check.ok) expect(sameLength(check.length, r.optimal)).toBe(true);
      if (i < 3) {
        slow.search(start, goal, { heuristic: octile(grid) });
        expect(fast.expansions).toBe(slow.expansions);
        expect(fast.cost).toBe(slow.cost);
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(50);
}, 60_000);
