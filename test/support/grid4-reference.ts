import type { Grid } from '#bestfirst';

// The 4-connected reference the subgoal searcher is held to: plain breadth-first search, a pairwise A* held to it, and a path walk, written here.

/** Steps from `from` to every cell (4 neighbours, free cells only); -1 where unreachable. */
export function bfsSteps(grid: Grid, from: number): Int32Array {
  const d = new Int32Array(grid.size), mark = new Int32Array(grid.size);
  bfs(grid, from, d, new Int32Array(grid.size), mark, 1);
  for (let c = 0; c < grid.size; c++) if (mark[c] !== 1) d[c] = -1;
  return d;
}

/** How many landmarks distance4's heuristic measures from. */
const LANDMARKS = 6;

/**
 * The pairwise search's arrays, kept between calls: the grid with a wall all
 * round (no bounds checks), the landmarks' steps to every cell on that copy
 * (-1 where one does not reach; cell by cell, LANDMARKS numbers each, so that
 * a cell's are read together), each cell's steps, heuristic and marks, and
 * the open list's three stacks.
 */
let scratch = {
  grid: null as Grid | null, version: -1, cells: new Uint8Array(0), marks: new Int32Array(0) as Int32Array,
  g: new Int32Array(0), hv: new Int32Array(0), seen: new Int32Array(0), done: new Int32Array(0), stacks: [] as Int32Array[], gen: 0,
};

/**
 * Steps from `from` to `to`, -1 when unreachable: A* on a copy of the grid
 * framed by walls (a step needs no bounds check), its heuristic the larger of
 * the Manhattan distance and a landmark bound (ALT): with d(L, c) a landmark's
 * breadth-first steps to c, |d(L, to) - d(L, c)| is at most the steps from c
 * to `to` (triangle inequality). Each of the two changes by at most one along
 * a step, so the heuristic is consistent and f = steps + heuristic grows by
 * 0, 1 or 2 along a step: the open list is three stacks, f, f + 1 and f + 2,
 * and no heap; a cell comes off them at its fewest steps. The Manhattan
 * distance keeps the search near the straight line on open maps, the
 * landmarks in a maze's corridors (six, each as far as it can be from the
 * ones before). bfsSteps, the plain loop, is what a unit test holds this to;
 * the integration tier checks thousands of Moving AI scenarios with this.
 * The copy and the landmarks are made again when the grid or its version
 * (any edit) changes.
 */
export function distance4(grid: Grid, from: number, to: number): number {
  const w = grid.width, pw = w + 2;
  const pad = (c: number) => c + pw + 1 + 2 * Math.floor(c / w);
  if (scratch.grid !== grid || scratch.version !== grid.version) {
    const n = pw * (grid.height + 2);
    const cells = new Uint8Array(n).fill(1);
    for (let y = 0; y < grid.height; y++) for (let x = 0; x < w; x++) cells[(y + 1) * pw + x + 1] = grid.cells[y * w + x];
    scratch = { grid, version: grid.version, cells, marks: landmarks(grid, n, pad), g: new Int32Array(n), hv: new Int32Array(n), seen: new Int32Array(n), done: new Int32Array(n), stacks: [new Int32Array(n), new Int32Array(n), new Int32Array(n)], gen: 0 };
  }
  if (from === to) return 0;
  const { cells, marks, g, hv, seen, done, stacks } = scratch, gen = ++scratch.gen;
  const s = pad(from), t = pad(to), tx = t % pw, ty = (t - tx) / pw;
  // The landmarks that reach the goal, and their steps to it.
  const useful: number[] = [], toMark: number[] = [];
  for (let k = 0; k < LANDMARKS && marks.length > 0; k++) if (marks[t * LANDMARKS + k] >= 0) { useful.push(k); toMark.push(marks[t * LANDMARKS + k]); }
  const h = (c: number) => {
    const x = c % pw, y = (c - x) / pw;
    let best = Math.abs(x - tx) + Math.abs(y - ty);
    for (let j = 0; j < useful.length; j++) {
      const dc = marks[c * LANDMARKS + useful[j]];
      if (dc >= 0 && Math.abs(toMark[j] - dc) > best) best = Math.abs(toMark[j] - dc);
    }
    return best;
  };
  const steps = [-1, 1, -pw, pw];
  // tops[i]: the entries of stacks[(f + i) % 3], f the least f open.
  const tops = [0, 0, 0];
  let at = 0;
  g[s] = 0; hv[s] = h(s); seen[s] = gen; stacks[0][0] = s; tops[0] = 1;
  for (;;) {
    if (tops[at] === 0) {
      // Every cell of this f is done: on to the next f that has any.
      if (tops[(at + 1) % 3] === 0 && tops[(at + 2) % 3] === 0) return -1;
      at = (at + 1) % 3;
      continue;
    }
    const c = stacks[at][--tops[at]];
    if (done[c] === gen) continue; // an entry left behind when a shorter way to c was found
    done[c] = gen;
    if (c === t) return g[c];
    const gm = g[c] + 1, hc = hv[c];
    for (let k = 0; k < 4; k++) {
      const m = c + steps[k];
      if (cells[m] !== 0 || done[m] === gen) continue;
      if (seen[m] !== gen) { hv[m] = h(m); seen[m] = gen; } else if (g[m] <= gm) continue;
      g[m] = gm;
      const i = (at + 1 + hv[m] - hc) % 3; // f grows by 1 + h(m) - h(c): 0, 1 or 2
      stacks[i][tops[i]++] = m;
    }
  }
}

/**
 * Each landmark's steps to every cell, on the walled copy's ids: the first the
 * free cell farthest from the first free cell, each next the one farthest from
 * its nearest landmark so far (in their component).
 */
function landmarks(grid: Grid, n: number, pad: (c: number) => number): Int32Array {
  let first = 0;
  while (first < grid.size && grid.cells[first] !== 0) first++;
  if (first === grid.size) return new Int32Array(0);
  const out = new Int32Array(n * LANDMARKS).fill(-1);
  const nearest = new Int32Array(grid.size).fill(-1);
  let from = farthest(bfsSteps(grid, first));
  for (let k = 0; k < LANDMARKS; k++) {
    const d = bfsSteps(grid, from);
    for (let c = 0; c < grid.size; c++) {
      out[pad(c) * LANDMARKS + k] = d[c];
      if (d[c] >= 0 && (nearest[c] < 0 || d[c] < nearest[c])) nearest[c] = d[c];
    }
    from = farthest(nearest);
  }
  return out;
}

/** The cell with the most steps in `d` (the first of them). */
function farthest(d: Int32Array): number {
  let best = 0;
  for (let c = 1; c < d.length; c++) if (d[c] > d[best]) best = c;
  return best;
}

/** The one-ended breadth-first loop: cell n is reached when mark[n] is gen, d[n] steps from `from`. */
function bfs(grid: Grid, from: number, d: Int32Array, queue: Int32Array, mark: Int32Array, gen: number): void {
  const w = grid.width, h = grid.height, cells = grid.cells;
  let head = 0, tail = 0;
  d[from] = 0;
  mark[from] = gen;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++], x = c % w, y = (c - x) / w;
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
