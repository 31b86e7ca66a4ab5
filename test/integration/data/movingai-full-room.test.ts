import { test, expect } from 'vitest';
import { every, failures, loadMap, loadScen } from '../../support/movingai-runs.js';

// The room maps: A* on every fourth row of 8room_000 (each bucket of ten
// rows, two or three times; the whole file was the longest single run, 25 s
// on an idle machine, and npm test is near its 6-minute bound), then jump
// point search on whole files, this one included.

test('A* on room/8room_000.map.scen (every fourth row): 100% valid and optimal', () => {
  const grid = loadMap('room/8room_000.map');
  const scens = loadScen('room/8room_000.map.scen');
  expect(scens.length).toBe(1940);
  expect(failures('room/8room_000.map.scen', grid, scens, every(scens.length, 4), 'astar')).toEqual([]);
  // Its own limit, a guard against a hang rather than a speed test: 80 s measured for the whole
  // file at a load average of 13 on two cores.
}, 300_000);

// Whole files with jump point search, held to the same optima: the maze (too
// slow whole for A* in a unit test) and the room maps.
const FULL_JPS: readonly string[] = ['room/8room_000', 'room/64room_000', 'maze/maze512-32-0'];

for (const name of FULL_JPS) {
  test(`JPS on ${name}.map.scen (every row): 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    const scens = loadScen(`${name}.map.scen`);
    expect(scens.length).toBeGreaterThan(1900);
    expect(failures(`${name}.map.scen`, grid, scens, every(scens.length), 'jps')).toEqual([]);
  });
}

