// A TypeScript program using bestfirst as a dependency: strict mode, the
// package's own types. A search's answer is a union on `status`, so checking
// the status is what makes `points`, `path` and `cost` usable: no `!`, no cast.
// Check: npx tsc -p examples/typescript (after npm run build).
// Run: the test transpiles it and runs it from the repository root.
import { Grid, findPath, type XY } from 'bestfirst';
import { GRID_NEEDS } from 'bestfirst/grid';

const grid = Grid.fromAscii([
  '.....',
  '.###.',
  '...#.',
]);

/** The path as text, or why there is none: the compiler follows each branch. */
function describe(from: XY, to: XY): string {
  const r = findPath(grid, from, to);
  // @ts-expect-error before the status is checked, points may be null (unreachable, stopped)
  const unchecked: XY[] = r.points;
  void unchecked;
  if (r.status === 'found') {
    // Narrowed: r.points is XY[] here, and r.path the same cells as node ids.
    const steps: XY[] = r.points;
    return `found, cost ${r.cost.toFixed(3)}: ${steps.map(([x, y]) => `${x},${y}`).join(' ')}`;
  }
  if (r.status === 'stopped') return `stopped (${r.reason})`;
  return `${r.status}: points ${String(r.points)}, cost ${r.cost}`;
}

console.log(describe([0, 2], [4, 2]));
grid.setBlocked(grid.id(4, 1), true);
console.log(describe([0, 2], [4, 2]));
// The typed table of which grids each search takes.
const needs: 4 | 8 | null = GRID_NEEDS.JumpPointSearcher.connectivity;
console.log(`jump point search needs connectivity ${needs}`);
