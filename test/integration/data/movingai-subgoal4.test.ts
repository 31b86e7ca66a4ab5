import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SubgoalSearcher4 } from '#bestfirst/grid';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { distance4, walk4 } from '../../support/grid4-reference.js';

// One map per family, every scenario of its file, on the map made 4-connected:
// the subgoal searcher's cost against the steps of the suite's own A*
// (grid4-reference.ts: Manhattan and landmark bounds, held to breadth-first
// search by a unit test), its path walked. On the maze, whose searches still
// cover much of its 512 x 512 cells (a 32-cell-wide corridor ties every cell
// across it), every third scenario.
const MAPS = ['dao/arena', 'maze/maze512-32-0', 'random/random512-10-0', 'room/8room_000', 'street/Berlin_0_256'];

for (const name of MAPS) {
  test(`subgoal4 on Moving AI ${name}, 4-connected: ${name.startsWith('maze/') ? 'every third scenario' : 'every scenario'} costs the fewest steps (the reference A*), on a legal path`, () => {
    const grid = parseMap(readFileSync(dataFile(`movingai/${name}.map`), 'utf8'), `${name}.map`).with({ connectivity: 4 });
    const rows = parseScen(readFileSync(dataFile(`movingai/${name}.map.scen`), 'utf8'), `${name}.map.scen`);
    const s = new SubgoalSearcher4(grid);
    const buf = new Int32Array(grid.size);
    let wrong = 0;
    const first: string[] = [];
    const stride = name.startsWith('maze/') ? 3 : 1;
    for (const [i, r] of rows.entries()) {
      if (i % stride !== 0) continue;
      const start = grid.id(r.startX, r.startY), goal = grid.id(r.goalX, r.goalY);
      const d = distance4(grid, start, goal);
      const status = s.search(start, goal);
      const len = status === 'found' ? s.pathInto(buf) : 0;
      const walked = len > 0 ? walk4(grid, buf, len, start, goal) : 'no path';
      const ok = d < 0 ? status === 'unreachable' : status === 'found' && s.cost === d && walked === d;
      if (!ok && wrong++ < 3) first.push(`line ${r.line}: reference ${d}, subgoal4 ${status} ${s.cost}, path ${walked}`);
    }
    expect(first, `${wrong} of ${rows.length} wrong`).toEqual([]);
  }, 300_000);
}
