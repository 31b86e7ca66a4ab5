import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { GridSearcher, COST_TO_COME } from '#bestfirst';
import { parseMap } from '#bestfirst/io';
import { planCommand } from '../../../cli/plan.js';
import { scenCommand } from '../../../cli/scen.js';
import { collect } from '../../support/cli-io.js';
import { dataFile } from '../../support/data.js';

const ARENA = dataFile('movingai/dao/arena.map');
const ARENA_SCEN = dataFile('movingai/dao/arena.map.scen');

test('plan --algo subgoal4: the map made 4-connected, its preprocessing time, the cost of Dijkstra with 4 neighbours, a checked path', () => {
  const { io, out } = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--algo', 'subgoal4'], io)).toBe(0);
  expect(out[0]).toBe(`map ${ARENA} (49 x 49, 4-connected), algo subgoal4, from (1,7) to (47,46)`);
  expect(out[1]).toMatch(/^preprocessing \d+\.\d ms \(once per map\)$/);
  const grid4 = parseMap(readFileSync(ARENA, 'utf8'), 'arena.map').with({ connectivity: 4 });
  const dijkstra = new GridSearcher(grid4);
  dijkstra.search(grid4.id(1, 7), grid4.id(47, 46), { priority: COST_TO_COME });
  expect(out[2]).toMatch(new RegExp(`^cost ${dijkstra.cost.toFixed(8)}, ${dijkstra.cost + 1} cells \\(${dijkstra.cost} moves\\), \\d+ expansions, \\d+\\.\\d us$`));
  // Every step of the printed path is a 4-neighbour step.
  const cells = [...out[3].matchAll(/\((\d+),(\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  for (let i = 1; i < cells.length; i++) expect(Math.abs(cells[i][0] - cells[i - 1][0]) + Math.abs(cells[i][1] - cells[i - 1][1])).toBe(1);
});

test('plan --algo subgoal4 --json carries buildMs; --partial is refused', () => {
  const { io, out } = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--algo', 'subgoal4', '--json'], io)).toBe(0);
  const r = JSON.parse(out[0]);
  expect(r.algo).toBe('subgoal4');
  expect(r.buildMs).toBeGreaterThan(0);
  expect(() => planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--algo', 'subgoal4', '--partial'], collect().io)).toThrow(/not subgoal4/);
});

test('scen --algo subgoal4: every arena problem optimal against Dijkstra on the 4-connected map, preprocessing printed once', () => {
  const { io, out } = collect();
  expect(scenCommand([ARENA_SCEN, '--algo', 'subgoal4'], io)).toBe(0);
  expect(out[0]).toMatch(/algo subgoal4, 4-connected \(optima by Dijkstra\)$/);
  expect(out[1]).toBe('queries 160, optimal 100.00% (160), invalid 0');
  expect(out.filter((l) => /^preprocessing \d+\.\d ms \(once for the map, before the queries\)$/.test(l))).toHaveLength(1);
});
