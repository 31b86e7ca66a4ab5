import { expect, test } from 'vitest';
import { parseMap, parseScen } from '#bestfirst/io';
import { readFileSync } from 'node:fs';
import { planCommand } from '../../../cli/plan.js';
import { scenCommand } from '../../../cli/scen.js';
import { collect } from '../../support/cli-io.js';
import { dataFile } from '../../support/data.js';
import { bruteSight, brutePathCost } from '../../support/supercover.js';

const ARENA = dataFile('movingai/dao/arena.map');
const ARENA_SCEN = dataFile('movingai/dao/arena.map.scen');

test('plan --any-angle prints the waypoints and their length; the path has sight on every segment and beats the optimum', () => {
  // arena.map.scen's last row: (1,7) -> (47,46), optimal length 62.1543.
  const { io, out, err } = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--any-angle'], io)).toBe(0);
  expect(err).toEqual([]);
  expect(out[0]).toBe(`map ${ARENA} (49 x 49), algo any-angle, from (1,7) to (47,46)`);
  const m = /^cost (\d+\.\d{8}), (\d+) waypoints \((\d+) segments\), (\d+) expansions, \d+\.\d us$/.exec(out[1]);
  expect(m, out[1]).not.toBeNull();
  const cost = Number(m![1]);
  expect(cost).toBeLessThan(62.1543);
  expect(cost).toBeGreaterThanOrEqual(Math.hypot(46, 39));
  // The printed path, checked independently.
  const grid = parseMap(readFileSync(ARENA, 'utf8'), 'arena.map');
  const path = out[2].replace(/^path /, '').split(' ').map((p) => { const [x, y] = p.slice(1, -1).split(',').map(Number); return grid.id(x, y); });
  expect(path).toHaveLength(Number(m![2]));
  for (let i = 1; i < path.length; i++) expect(bruteSight(grid, path[i - 1], path[i])).toBe(true);
  expect(brutePathCost(grid, path)).toBeCloseTo(cost, 6);
  // The same as one JSON record.
  const j = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--any-angle', '--json'], j.io)).toBe(0);
  const r = JSON.parse(j.out[0]);
  expect([r.algo, r.status, r.cells, r.path.length]).toEqual(['any-angle', 'found', path.length, path.length]);
  expect(r.cost).toBeCloseTo(cost, 7);
});

test('--any-angle and an explicit --algo contradict each other', () => {
  for (const run of [
    (io: ReturnType<typeof collect>['io']) => planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--any-angle', '--algo', 'jps'], io),
    (io: ReturnType<typeof collect>['io']) => scenCommand([ARENA_SCEN, '--any-angle', '--algo', 'astar'], io),
  ]) {
    const { io } = collect();
    expect(() => run(io)).toThrow(/--any-angle runs Lazy Theta\* and takes no --algo \(got --algo (jps|astar)\)/);
  }
  // Nor does it give partial paths, nor hold to optima of a weighed map.
  expect(() => planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--any-angle', '--partial'], collect().io)).toThrow(/--partial does not combine with --any-angle/);
  expect(() => scenCommand([ARENA_SCEN, '--any-angle', '--terrain', 'S=2'], collect().io)).toThrow(/--any-angle does not combine with --terrain/);
  // plan with --terrain and --any-angle is one path on the weighed map, checked.
  const { io, out } = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--any-angle', '--terrain', 'T=2'], io)).toBe(0);
  expect(out[0]).toMatch(/algo any-angle, terrain T=2, from/);
});

test('scen --any-angle checks every path and reports the mean length against the optimum', () => {
  const { io, out, err } = collect();
  expect(scenCommand([ARENA_SCEN, '--any-angle', '--sample', '60'], io)).toBe(0);
  expect(err).toEqual([]);
  expect(out[0]).toMatch(/: 60 of \d+ scenarios \(sample, seed 1\), map \S*arena.map \(49 x 49\), algo any-angle$/);
  expect(out[1]).toBe('queries 60, invalid 0');
  const m = /^length \/ optimum of the grid's moves: mean (0\.\d{6}) \((\d+\.\d\d)% shorter\), worst (\d\.\d{6})$/.exec(out[2]);
  expect(m, out[2]).not.toBeNull();
  expect(Number(m![1])).toBeLessThan(0.99);
  // At most the optimum, which classic files print to about 6 digits.
  expect(Number(m![3])).toBeLessThanOrEqual(1.00001);
  // JSON: one record a query, each valid and at most its optimum.
  const j = collect();
  expect(scenCommand([ARENA_SCEN, '--any-angle', '--sample', '20', '--json'], j.io)).toBe(0);
  const rows = parseScen(readFileSync(ARENA_SCEN, 'utf8'), 'arena.map.scen');
  expect(j.out).toHaveLength(20);
  for (const line of j.out) {
    const r = JSON.parse(line);
    expect(r.valid).toBe(true);
    expect(r.cost).toBeLessThanOrEqual(rows.find((s) => s.line === r.line)!.optimal + 1e-4);
  }
});
