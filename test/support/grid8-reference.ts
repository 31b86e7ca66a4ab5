import type { Grid } from '#bestfirst';

// The corner-cutting suite's Dijkstra: the cheapest cost between two cells of
// an 8-connected grid whose diagonal steps need only their target free (rule
// `always`), written from the grid's rules with typed arrays and a heap of its
// own, none of the library's searches. A unit test holds it to the slow,
// obviously right referenceDijkstra on a ReferenceGrid (reference.ts).

/** The search's arrays, kept between calls: the grid with a wall all round (no bounds checks), each cell's cost and marks, and the heap. */
let scratch = {
  grid: null as Grid | null, version: -1, cells: new Uint8Array(0),
  g: new Float64Array(0), seen: new Int32Array(0), done: new Int32Array(0),
  heapKey: new Float64Array(0), heapCell: new Int32Array(0), gen: 0,
};

/**
 * The cost from `from` to `to` (cell ids of `grid`) with corner cutting, Infinity
 * when `to` cannot be reached: Dijkstra, stopped once `to` is settled. An axial
 * step costs the cell size, a diagonal one the cell size times the diagonal
 * cost. Only for the grids the suite reads: 8-connected, rule `always`, no
 * weights (anything else throws). The copy of the grid is made again when the
 * grid or its version (any edit) changes.
 */
export function cornerCuttingCost(grid: Grid, from: number, to: number): number {
  if (grid.connectivity !== 8 || grid.diagonalRule !== 'always' || grid.weights !== null) {
    throw new Error(`cornerCuttingCost: an 8-connected grid with the rule 'always' and no weights, not ${grid.connectivity}-connected, '${grid.diagonalRule}'${grid.weights ? ', weighted' : ''}`);
  }
  const w = grid.width, pw = w + 2;
  if (scratch.grid !== grid || scratch.version !== grid.version) {
    const n = pw * (grid.height + 2);
    const cells = new Uint8Array(n).fill(1);
    for (let y = 0; y < grid.height; y++) for (let x = 0; x < w; x++) cells[(y + 1) * pw + x + 1] = grid.cells[y * w + x];
    // A cell enters the heap at most once for each of its 8 neighbours, and once as the start.
    scratch = { grid, version: grid.version, cells, g: new Float64Array(n), seen: new Int32Array(n), done: new Int32Array(n), heapKey: new Float64Array(8 * n + 1), heapCell: new Int32Array(8 * n + 1), gen: 0 };
  }
  const { cells, g, seen, done, heapKey, heapCell } = scratch, gen = ++scratch.gen;
  const pad = (c: number) => c + pw + 1 + 2 * Math.floor(c / w);
  const s = pad(from), t = pad(to);
  if (cells[s] !== 0 || cells[t] !== 0) return Infinity;
  const axial = grid.cellSize, diagonal = grid.cellSize * grid.diagonalCost;
  const steps = [1, -1, pw, -pw, pw + 1, pw - 1, -pw + 1, -pw - 1];
  let size = 0;
  const push = (cell: number, key: number) => {
    let i = size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heapKey[p] <= key) break;
      heapKey[i] = heapKey[p]; heapCell[i] = heapCell[p];
      i = p;
    }
    heapKey[i] = key; heapCell[i] = cell;
  };
  const pop = () => {
    const key = heapKey[--size], cell = heapCell[size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heapKey[c + 1] < heapKey[c]) c++;
      if (key <= heapKey[c]) break;
      heapKey[i] = heapKey[c]; heapCell[i] = heapCell[c];
      i = c;
    }
    heapKey[i] = key; heapCell[i] = cell;
  };
  g[s] = 0; seen[s] = gen;
  push(s, 0);
  while (size > 0) {
    const c = heapCell[0], gc = heapKey[0];
    pop();
    if (done[c] === gen) continue; // an entry left behind when a cheaper way to c was found
    done[c] = gen;
    if (c === t) return gc;
    for (let k = 0; k < 8; k++) {
      const m = c + steps[k];
      if (cells[m] !== 0 || done[m] === gen) continue;
      const gm = gc + (k < 4 ? axial : diagonal);
      if (seen[m] === gen && g[m] <= gm) continue;
      g[m] = gm; seen[m] = gen;
      push(m, gm);
    }
  }
  return Infinity;
}
