// A grid from a 0/1 matrix (1 is blocked, the first row on top) and the
// shortest path across it as [x, y] points, with three searches that must
// agree on the cost, then the same grid 4-connected.
// Run: node examples/01-grid.mjs
import { Grid, findPath } from 'bestfirst';
// Registers 'jps' and the grid's other searches with findPath (the root alone runs the best-first ones).
import 'bestfirst/grid';

const rows = [
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 1, 0, 0, 1, 1, 1, 0],
  [0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
  [1, 1, 0, 1, 1, 1, 1, 0, 1, 0],
  [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
];
const from = [0, 5], to = [9, 5];

const grid = Grid.fromMatrix(rows);
console.log(`grid ${grid.width} x ${grid.height}, ${grid.size - grid.freeCount()} cells blocked; from [${from}] to [${to}]`);
// Jump point search counts the jump points it expands, not cells.
for (const algorithm of ['astar', 'dijkstra', 'jps']) {
  const r = findPath(grid, from, to, { algorithm });
  console.log(`${algorithm.padEnd(8)} ${r.status} cost ${r.cost.toFixed(3)} in ${r.points.length} cells, ${r.expansions} expansions`);
}

// The path drawn over the grid: '#' blocked, '*' on the path.
const { points } = findPath(grid, from, to);
const drawing = rows.map((row) => row.map((c) => (c ? '#' : '.')));
for (const [x, y] of points) drawing[y][x] = '*';
for (const line of drawing) console.log(`  ${line.join('')}`);

// No diagonal steps: every step costs 1, so the cost is the step count.
const four = Grid.fromMatrix(rows, { connectivity: 4 });
const r4 = findPath(four, from, to);
console.log(`4-connected: cost ${r4.cost} in ${r4.points.length} cells`);
