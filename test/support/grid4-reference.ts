import type { Grid } from '#bestfirst';

// The 4-connected reference the subgoal searcher is held to: plain breadth-first search and a path walk, written here.

/** Steps from `from` to every cell (4 neighbours, free cells only); -1 where unreachable. */
export function bfsSteps(grid: Grid, from: number): Int32Array {
  const d = new Int32Array(grid.size), mark = new Int32Array(grid.size);
  bfs(grid, from, -1, d, new Int32Array(grid.size), mark, 1);
  for (let c = 0; c < grid.size; c++) if (mark[c] !== 1) d[c] = -1;
  return d;
}

let scratch = { size: -1, d: new Int32Array(0), queue: new Int32Array(0), mark: new Int32Array(0), gen: 0 };

/** Steps from `from` to `to`, -1 when unreachable: the same search, stopped at `to`, on scratch arrays kept between calls. */
export function bfsDistance(grid: Grid, from: number, to: number): number {
  if (scratch.size !== grid.size) scratch = { size: grid.size, d: new Int32Array(grid.size), queue: new Int32Array(grid.size), mark: new Int32Array(grid.size), gen: 0 };
  const gen = ++scratch.gen;
  bfs(grid, from, to, scratch.d, scratch.queue, scratch.mark, gen);
  return scratch.mark[to] === gen ? scratch.d[to] : -1;
}

/** The one breadth-first loop: cell n is reached when mark[n] is gen, d[n] steps from `from`; it stops after taking `to` off the queue. */
function bfs(grid: Grid, from: number, to: number, d: Int32Array, queue: Int32Array, mark: Int32Array, gen: number): void {
  const w = grid.width, h = grid.height, cells = grid.cells;
  let head = 0, tail = 0;
  d[from] = 0;
  mark[from] = gen;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++], x = c % w, y = (c - x) / w;
    if (c === to) break;
    for (let k = 0; k < 4; k++) {
      const n = k === 0 ? (x > 0 ? c - 1 : -1) : k === 1 ? (x < w - 1 ? c + 1 : -1) : k === 2 ? (y > 0 ? c - w : -1) : (y < h - 1 ? c + w : -1);
      if (n >= 0 && cells[n] === 0 && mark[n] !== gen) { d[n] = d[c] + 1; mark[n] = gen; queue[tail++] = n; }
    }
  }
}

/** Checks a path on its own: starts and ends right, consecutive cells 4-adjacent, all free. Returns its steps or what is wrong. */
export function walk4(grid: Grid, path: ArrayLike<number>, len: number, start: number, goal: number): number | string {
  const w = grid.width;
  if (len < 1) return 'empty path';
  if (path[0] !== start) return `starts at ${path[0]}, not ${start}`;
  if (path[len - 1] !== goal) return `ends at ${path[len - 1]}, not ${goal}`;
  for (let i = 0; i < len; i++) if (grid.cells[path[i]] !== 0) return `cell ${i} (${path[i]}) is blocked`;
  for (let i = 1; i < len; i++) {
    const a = path[i - 1], b = path[i];
    const dx = Math.abs((b % w) - (a % w)), dy = Math.abs(Math.floor(b / w) - Math.floor(a / w));
    if (dx + dy !== 1) return `step ${i} ${a}->${b} is not a 4-neighbour step`;
  }
  return len - 1;
}
