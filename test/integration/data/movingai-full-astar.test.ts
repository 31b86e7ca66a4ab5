import { test, expect } from 'vitest';
import { every, failures, loadMap, loadScen } from '../../support/movingai-runs.js';

// Whole files (or an even stride through them, which visits every bucket)
// that A* (the grid fast path, through the CLI's algorithm table) gets through
// in seconds: one or more per family. A whole maze file takes A* minutes
// (maze512-32-0: 128 s), so the maze runs whole with JPS below; random512-10-0
// takes every other row (4 ms a query: 7 s whole, and npm test is near its
// 6-minute bound), its odd rows held to their optima by subgoal8.
const FULL: [file: string, stride: number][] = [
  ['dao/arena', 1], ['dao/den312d', 1], ['dao/ost003d', 1],
  ['street/Berlin_0_256', 1],
  ['random/random512-10-0', 2],
  ['maze/maze512-1-0', 40], // every fourth bucket: 299 long corridors
];

for (const [name, stride] of FULL) {
  test(`A* on ${name}.map.scen${stride > 1 ? ` (every ${stride === 2 ? 'other' : `${stride}th`} row)` : ' (every row)'}: 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    const scens = loadScen(`${name}.map.scen`);
    const picked = every(scens.length, stride);
    expect(picked.length).toBeGreaterThan(150);
    expect(failures(`${name}.map.scen`, grid, scens, picked, 'astar')).toEqual([]);
  });
}

