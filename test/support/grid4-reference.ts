import type { Grid } from '#bestfirst';

// The 4-connected reference the subgoal searcher is held to: plain breadth-first search and a path walk, written here.

/** Steps from `from` to every cell (4 neighbours, free cells only); -1 where unreachable. */
export function bfsSteps(grid: Grid, from: number): Int32Array {
  const d = new Int32Array(grid.size), mark = new Int32Array(grid.size);
  bfs(grid, from, d, new Int32Array(grid.size), mark, 1);
  for (let c = 0; c < grid.size; c++) if (mark[c] !== 1) d[c] = -1;
  return d;
}

/** The two-ended search's arrays, kept between calls: the grid with a wall all round (no bounds checks), and per side its steps, marks and queue. */
let scratch = { grid: null as Grid | null, version: -1, cells: new Uint8Array(0), dA: new Int32Array(0), dB: new Int32Array(0), qA: new Int32Array(0), qB: new Int32Array(0), markA: new Int32Array(0), markB: new Int32Array(0), gen: 0 };

/**
 * Steps from `from` to `to`, -1 when unreachable: breadth-first from both
 * ends, a whole layer at a time from the side whose layer is smaller. An
 * edge from a cell of the layer being expanded to a cell the other side has
 * reached closes a path; once a layer closes any, the shortest of that
 * layer's is the distance (a later layer only makes longer ones). It works
 * on a copy of the grid framed by walls, so a step needs no bounds check:
 * the integration tier checks thousands of Moving AI scenarios with it.
 * bfsSteps keeps the plain one-ended loop, and a unit test holds the two to
 * the same answers. The copy is made again when the grid or its version
 * (any edit) changes.
 */
export function bfsDistance(grid: Grid, from: number, to: number): number {
  const w = grid.width, pw = w + 2;
  if (scratch.grid !== grid || scratch.version !== grid.version) {
    const n = pw * (grid.height + 2);
    const cells = new Uint8Array(n).fill(1);
    for (let y = 0; y < grid.height; y++) for (let x = 0; x < w; x++) cells[(y + 1) * pw + x + 1] = grid.cells[y * w + x];
    scratch = { grid, version: grid.version, cells, dA: new Int32Array(n), dB: new Int32Array(n), qA: new Int32Array(n), qB: new Int32Array(n), markA: new Int32Array(n), markB: new Int32Array(n), gen: 0 };
  }
  if (from === to) return 0;
  const { cells, dA, dB, qA, qB, markA, markB } = scratch, gen = ++scratch.gen;
  const pad = (c: number) => c + pw + 1 + 2 * Math.floor(c / w);
  const s = pad(from), t = pad(to);
  dA[s] = 0; markA[s] = gen; qA[0] = s;
  dB[t] = 0; markB[t] = gen; qB[0] = t;
  let aHead = 0, aTail = 1, bHead = 0, bTail = 1;
  const steps = [-1, 1, -pw, pw];
  while (aHead < aTail && bHead < bTail) {
    const fromA = aTail - aHead <= bTail - bHead;
    const q = fromA ? qA : qB, d = fromA ? dA : dB, mark = fromA ? markA : markB, od = fromA ? dB : dA, omark = fromA ? markB : markA;
    let head = fromA ? aHead : bHead, tail = fromA ? aTail : bTail;
    const layerEnd = tail;
    let best = Infinity;
    while (head < layerEnd) {
      const c = q[head++], dc = d[c] + 1;
      for (let k = 0; k < 4; k++) {
        const m = c + steps[k];
        if (cells[m] !== 0) continue;
        if (omark[m] === gen && dc + od[m] < best) best = dc + od[m];
        if (mark[m] !== gen) { d[m] = dc; mark[m] = gen; q[tail++] = m; }
      }
    }
    if (fromA) { aHead = head; aTail = tail; } else { bHead = head; bTail = tail; }
    if (best < Infinity) return best;
  }
  return -1;
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
