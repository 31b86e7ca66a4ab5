/**
 * D* Lite's repair after one cell change against a fresh A* from the robot,
 * on Moving AI maps.
 *
 *   npm run build && node dist/bench/dstar-lite.js [problems-per-map]
 *
 * For each problem (long ones, from the upper half of the scenario file's
 * buckets) D* Lite plans, the robot drives a sixth of the way, then one cell
 * becomes blocked: either on the path a third of the way along ("near"), or
 * a free cell at least 20 cells from every cell of the path ("far"). We
 * measure that one update (pops, vertices touched, time) and a fresh A*
 * (octile, reusable searcher) from the robot's cell on the changed map, then
 * free the cell again (not measured). Reported: medians over the problems,
 * and `cut`, how many changes left the goal unreachable from the robot.
 * The whole run is done twice; the first pass warms the JIT and is dropped.
 * Data: data/movingai/ (classic hog2 .scen files); a map not there is looked
 * for in data/extra/movingai/ (see bench-data.ts).
 */
import { readFileSync } from 'node:fs';
import { GridSearcher, type Grid, octile } from '#bestfirst';
import { DStarLite } from '#bestfirst/repair';
import { parseMap, parseScen, type Scenario } from '#bestfirst/io';
import { mulberry32 } from '#bestfirst/internal';
import { dataFile } from './bench-data.js';

const MAPS = ['dao/den312d', 'dao/arena2', 'room/8room_000', 'maze/maze512-1-0'];
const PER_MAP = Math.max(1, Number(process.argv[2] ?? 40));
const FAR = 20;

const read = (rel: string) => readFileSync(dataFile(`movingai/${rel}`), 'utf8');

interface Sample { pops: number; touched: number; astarExp: number; repairMs: number; astarMs: number; cut: boolean }


/** PER_MAP problems spread evenly over the upper half of the file (the longer buckets). */
function pick(scen: Scenario[]): Scenario[] {
  const upper = scen.slice(Math.floor(scen.length / 2));
  const out: Scenario[] = [];
  for (let i = 0; i < Math.min(PER_MAP, upper.length); i++) out.push(upper[Math.floor((i * upper.length) / Math.min(PER_MAP, upper.length))]);
  return out;
}

function farCell(grid: Grid, path: number[], random: () => number): number {
  for (let tries = 0; tries < 10000; tries++) {
    const c = Math.floor(random() * grid.size);
    if (grid.isBlocked(c)) continue;
    const cx = grid.x(c), cy = grid.y(c);
    if (path.every((p) => Math.max(Math.abs(grid.x(p) - cx), Math.abs(grid.y(p) - cy)) >= FAR)) return c;
  }
  return -1;
}

function measure(grid: Grid, d: DStarLite, cell: number, fresh: GridSearcher): Sample {
  const t0 = performance.now();
  grid.setBlocked(cell, true);
  const stats = d.updateEdges(); // D* Lite reads the change from the grid, and repairs
  d.costToGoal();
  const t1 = performance.now();
  // The redo is our fastest A*, the grid fast path; its copy of the moves learns of the change untimed.
  fresh.refresh();
  const t2 = performance.now();
  fresh.search(d.start, d.goal);
  const t3 = performance.now();
  const ok = fresh.status === 'found' ? Math.abs(fresh.cost - d.costToGoal()) <= 1e-9 : d.costToGoal() === Infinity;
  if (!ok) throw new Error(`dstar-lite bench: D* Lite cost ${d.costToGoal()} but A* ${fresh.cost} after blocking ${grid.formatXY(cell)}`);
  const sample = { pops: stats.pops, touched: stats.touched, astarExp: fresh.expansions, repairMs: t1 - t0, astarMs: t3 - t2, cut: fresh.status !== 'found' };
  grid.setBlocked(cell, false);
  d.updateEdges();
  fresh.refresh();
  return sample;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function run(print: boolean): void {
  if (print) {
    console.log(`D* Lite: one cell blocked, repair vs fresh A* from the robot (medians over up to ${PER_MAP} problems per map)`);
    console.log('map             where  n    cut  pops/A*  touched/A*  time ratio  A* exp  repair ms  A* ms');
  }
  for (const name of MAPS) {
    const grid = parseMap(read(`${name}.map`), `${name}.map`);
    const problems = pick(parseScen(read(`${name}.map.scen`), `${name}.map.scen`));
    const h = octile(grid);
    const fresh = new GridSearcher(grid);
    const random = mulberry32(12345);
    const near: Sample[] = [], far: Sample[] = [];
    for (const p of problems) {
      const start = grid.id(p.startX, p.startY), goal = grid.id(p.goalX, p.goalY);
      const d = new DStarLite(grid, start, goal, h);
      d.computeShortestPath();
      const path = d.path();
      if (path === null || path.length < 12) continue;
      for (let i = 1; i <= Math.floor(path.length / 6); i++) d.moveTo(path[i]);
      const ahead = path.slice(Math.floor(path.length / 6));
      const onPath = path[Math.floor(path.length / 3)];
      near.push(measure(grid, d, onPath, fresh));
      const c = farCell(grid, ahead, random);
      if (c >= 0) far.push(measure(grid, d, c, fresh));
    }
    if (!print) continue;
    for (const [where, xs] of [['near', near], ['far', far]] as const) {
      const f = (v: number, k = 3) => v.toFixed(k);
      console.log(
        `${name.split('/')[1].padEnd(15)} ${where.padEnd(6)} ${String(xs.length).padEnd(4)} ${String(xs.filter((s) => s.cut).length).padEnd(4)} `
        + `${f(median(xs.map((s) => s.pops / s.astarExp))).padEnd(8)} ${f(median(xs.map((s) => s.touched / s.astarExp))).padEnd(11)} `
        + `${f(median(xs.map((s) => s.repairMs / Math.max(s.astarMs, 1e-6)))).padEnd(11)} ${String(median(xs.map((s) => s.astarExp))).padEnd(7)} `
        + `${f(median(xs.map((s) => s.repairMs)), 4).padEnd(10)} ${f(median(xs.map((s) => s.astarMs)), 4)}`,
      );
    }
  }
}

run(false);
run(true);
