// bestfirst in a web page, bundled by Vite: a grid from rows of text, A*
// from the top left to a goal you click, the walls and the path drawn on a
// canvas. Run: npm run build, then cd examples/browser && npx vite (or
// npx vite build there, and open or serve the dist/ folder it writes).
import { Grid, findPath, type XY } from 'bestfirst';

const rows = [
  '................',
  '.####.....#####.',
  '....#.........#.',
  '.##.#..####...#.',
  '.#..#.....#.....',
  '.#.######.#.###.',
  '.#........#...#.',
  '.########.###.#.',
  '..........#...#.',
  '.....#....#.....',
];
const grid = Grid.fromAscii(rows);
const start: XY = [0, 0];
let goal: XY = [15, 9];

const canvas = document.getElementById('grid') as HTMLCanvasElement;
const status = document.getElementById('status') as HTMLOutputElement;
const ctx = canvas.getContext('2d')!;
const side = Math.floor(Math.min(canvas.width / grid.width, canvas.height / grid.height));

function draw(): void {
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#333';
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) if (grid.isBlocked(grid.id(x, y))) ctx.fillRect(x * side, y * side, side, side);
  }
  const r = findPath(grid, start, goal);
  if (r.status !== 'found') {
    status.textContent = `no path to (${goal}): ${r.status}`;
    return;
  }
  // The path through the cells' centres, then its two ends.
  ctx.strokeStyle = '#d33';
  ctx.lineWidth = side / 4;
  ctx.beginPath();
  r.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, (x + 0.5) * side, (y + 0.5) * side));
  ctx.stroke();
  ctx.fillStyle = '#3a3';
  for (const [x, y] of [start, goal]) ctx.fillRect(x * side + side / 4, y * side + side / 4, side / 2, side / 2);
  status.textContent = `A* from (${start}) to (${goal}): cost ${r.cost.toFixed(3)}, ${r.points.length} cells, ${r.expansions} expansions`;
}

canvas.addEventListener('click', (e) => {
  const box = canvas.getBoundingClientRect();
  const x = Math.floor((e.clientX - box.left) / side), y = Math.floor((e.clientY - box.top) / side);
  if (grid.inside(x, y) && !grid.isBlocked(grid.id(x, y))) {
    goal = [x, y];
    draw();
  }
});
draw();
