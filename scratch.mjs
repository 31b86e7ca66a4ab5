import { Grid, astar, octile } from 'bestfirst';
const grid = Grid.fromAscii([
  '..........',
  '.#######..',
  '.......#..',
  '.#######..',
  '..........',
]);
const h = octile(grid);
const deadEnd = (n) => grid.y(n) === 2 && grid.x(n) >= 1 && grid.x(n) <= 6;
const pruned = (n, g) => (deadEnd(n) ? Infinity : h(n, g));
const s = grid.id(0, 2), t = grid.id(9, 2);
const a = astar(grid, s, t, h), b = astar(grid, s, t, pruned);
console.log(a.cost.toFixed(3), a.expansions, b.cost.toFixed(3), b.expansions);
