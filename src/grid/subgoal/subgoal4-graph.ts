import { JumpHeap } from '../../queues/jump-heap.js';
import { RankedCells } from './ranked-cells.js';
import { COLUMN_FIRST, MonotoneSweep, ROW_FIRST, type Runs } from './subgoal4-sweep.js';
import type { SavedContents } from '../../core/saved-file.js';
import { graph4Parts, type Graph4Parts } from './subgoal4-saved.js';

/**
 * How many landmarks each connected part of the subgoal graph gets: each
 * adds 4 bytes per subgoal and a little to every heuristic evaluation, and
 * turns the Manhattan estimate, blind to walls, into one that knows the
 * detours (a maze's corridors above all).
 */
export const LANDMARKS = 8;

/**
 * The subgoal graph of a 4-connected grid with unit steps (Uras, Koenig and
 * Hernandez's simple subgoal graphs, for 4 neighbours): subgoals are the
 * free cells at a convex corner of the obstacles (a blocked diagonal
 * neighbour whose two shared side cells are free); an edge joins two
 * subgoals when a monotone path (Manhattan length) runs between them with no
 * other subgoal on it. A shortest path between any two cells is then a
 * start, a chain of subgoals and a goal, each hop monotone, so a search on
 * this graph (plus the hops from the start and to the goal) is exact.
 *
 * Everything is flat typed arrays: the adjacency in CSR form, per cell a subgoal
 * bit and the run lengths the sweeps jump by, per subgoal its
 * component and its distances to `LANDMARKS` landmarks of its component
 * (for the ALT heuristic; distances in steps).
 */
export class SubgoalGraph4 {
  readonly width: number;
  readonly height: number;
  /** The subgoal cells, numbered in id order: subgoal `sub.rank(c)` is cell c. */
  readonly sub: RankedCells;
  /** Cell id per subgoal. */
  readonly cellOf: Int32Array;
  readonly count: number;
  /** CSR adjacency: the neighbours of subgoal u are adj[at[u] .. at[u + 1]), with step counts len[...]. */
  readonly at: Int32Array;
  readonly adj: Int32Array;
  readonly len: Int32Array;
  /**
   * Per edge end, how the hop from u to adj[j] is written (`MonotoneSweep.lShape`):
   * which L is free, or 0 for a hop the path writer sweeps. Found once here,
   * so that writing a path does not check again what the build saw.
   */
  readonly shape: Uint8Array;
  /** Connected part of the graph per subgoal. */
  readonly part: Int32Array;
  /** Steps from each landmark of its part to each subgoal: dist[u * LANDMARKS + i]. */
  readonly dist: Int32Array;
  readonly runE: Runs;
  readonly runW: Runs;
  /** The sweeps, on this graph's arrays (the searcher reuses them for its queries). */
  readonly sweep: MonotoneSweep;

  /** @param saved the parts of a graph of this grid saved before (`savedParts`), taken instead of building them; `who` names the caller in refusals */
  constructor(width: number, height: number, cells: Uint8Array, saved?: { contents: SavedContents; who: string }) {
    this.width = width;
    this.height = height;
    const size = width * height;
    const free = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] === 0;
    const sub = new RankedCells(size, (c) => {
      if (cells[c] !== 0) return false;
      const x = c % width, y = (c - x) / width;
      for (let d = 0; d < 4; d++) {
        const dx = d & 1 ? 1 : -1, dy = d & 2 ? 1 : -1;
        // Inside the grid when both side cells are, so the map's edge makes no corner.
        if (free(x + dx, y) && free(x, y + dy) && !free(x + dx, y + dy)) return true;
      }
      return false;
    });
    const count = sub.count;
    this.sub = sub;
    this.count = count;
    const cellOf = new Int32Array(count);
    for (let c = 0, k = 0; c < size; c++) if (sub.has(c)) cellOf[k++] = c;
    this.cellOf = cellOf;

    // Run lengths are at most the width: two bytes a cell when the width fits.
    this.runE = width <= 0xffff ? new Uint16Array(size) : new Int32Array(size);
    this.runW = width <= 0xffff ? new Uint16Array(size) : new Int32Array(size);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = width - 1; x >= 0; x--) this.runE[row + x] = runLength(cells, sub, row, x, x + 1, width, this.runE);
      for (let x = 0; x < width; x++) this.runW[row + x] = runLength(cells, sub, row, x, x - 1, width, this.runW);
    }
    this.sweep = new MonotoneSweep(width, height, cells, sub, this.runE, this.runW, count);
    if (saved !== undefined) {
      const p = graph4Parts(saved.contents, cellOf, width, LANDMARKS, saved.who);
      this.at = p.at; this.adj = p.adj; this.len = p.len; this.part = p.part; this.dist = p.dist;
      this.shape = this.shapes();
      return;
    }

    // Edges: each subgoal sweeps the two quadrants below it; the two above are
    // the same pairs seen from the other end, so each edge is added both ways.
    const us: number[] = [], vs: number[] = [], ds: number[] = [];
    const sw = this.sweep;
    for (let u = 0; u < count; u++) {
      const c = cellOf[u], x = c % width, y = (c - x) / width;
      sw.begin();
      sw.direct(x, y, 1, 1, -1, -1);
      sw.direct(x, y, -1, 1, -1, -1);
      for (let i = 0; i < sw.found; i++) {
        const v = sw.foundIds[i];
        if (v !== u) { us.push(u); vs.push(v); ds.push(sw.foundDist[i]); }
      }
    }
    const deg = new Int32Array(count + 1);
    for (let i = 0; i < us.length; i++) { deg[us[i]]++; deg[vs[i]]++; }
    const at = new Int32Array(count + 1);
    for (let u = 0; u < count; u++) at[u + 1] = at[u] + deg[u];
    const fill = at.slice(0, count);
    const adj = new Int32Array(at[count]), len = new Int32Array(at[count]);
    for (let i = 0; i < us.length; i++) {
      const u = us[i], v = vs[i];
      adj[fill[u]] = v; len[fill[u]++] = ds[i];
      adj[fill[v]] = u; len[fill[v]++] = ds[i];
    }
    // Same-row and same-column pairs are found from both ends: keep one of each.
    const mark = new Int32Array(count).fill(-1);
    const at2 = new Int32Array(count + 1);
    let k = 0;
    for (let u = 0; u < count; u++) {
      at2[u] = k;
      for (let j = at[u]; j < at[u + 1]; j++) {
        const v = adj[j];
        if (mark[v] === u) continue;
        mark[v] = u;
        adj[k] = v; len[k++] = len[j];
      }
    }
    at2[count] = k;
    this.at = at2;
    this.adj = adj.slice(0, k);
    this.len = len.slice(0, k);
    this.shape = this.shapes();

    this.part = this.parts();
    this.dist = this.landmarks();
  }

  /** The arrays `save` writes (see subgoal4-saved.ts); the per-cell tables are the grid's and are made again on load. */
  savedParts(): Graph4Parts {
    return { at: this.at, adj: this.adj, len: this.len, part: this.part, dist: this.dist };
  }

  /**
   * Each edge end's L shape (see `shape`); made again on load, like the
   * per-cell tables. Checked once per edge: the L from v to u along v's
   * column first is the L from u to v along u's row first, walked back.
   */
  private shapes(): Uint8Array {
    const at = this.at, adj = this.adj, shape = new Uint8Array(adj.length), cellOf = this.cellOf, sw = this.sweep;
    for (let u = 0; u < this.count; u++) {
      for (let j = at[u]; j < at[u + 1]; j++) {
        const v = adj[j];
        if (v < u && shape[j] !== 0) continue;
        const s = sw.lShape(cellOf[u], cellOf[v]);
        shape[j] = s;
        // The other end (a loaded graph's lists are checked one by one, not as pairs: look, do not assume).
        let r = at[v];
        while (r < at[v + 1] && adj[r] !== u) r++;
        if (r < at[v + 1]) shape[r] = s === ROW_FIRST ? COLUMN_FIRST : s === COLUMN_FIRST ? ROW_FIRST : 0;
      }
    }
    return shape;
  }

  /** Labels the connected parts (breadth-first over the edges). */
  private parts(): Int32Array {
    const n = this.count, part = new Int32Array(n).fill(-1), queue = new Int32Array(n);
    let label = 0;
    for (let r = 0; r < n; r++) {
      if (part[r] >= 0) continue;
      let head = 0, tail = 0;
      queue[tail++] = r;
      part[r] = label;
      while (head < tail) {
        const u = queue[head++];
        for (let j = this.at[u]; j < this.at[u + 1]; j++) {
          const v = this.adj[j];
          if (part[v] < 0) { part[v] = label; queue[tail++] = v; }
        }
      }
      label++;
    }
    return part;
  }

  /**
   * Picks `LANDMARKS` landmarks per part, each the subgoal farthest from
   * those picked so far (the first: farthest from the part's first subgoal),
   * and keeps every subgoal's distance to each. All parts at once: one
   * Dijkstra from one source per part reaches each part from its own.
   */
  private landmarks(): Int32Array {
    const n = this.count, K = LANDMARKS;
    const dist = new Int32Array(n * K);
    if (n === 0) return dist;
    const parts = this.part.reduce((m, p) => Math.max(m, p), -1) + 1;
    const source = new Int32Array(parts).fill(-1);
    for (let u = 0; u < n; u++) if (source[this.part[u]] < 0) source[this.part[u]] = u;
    const d = new Int32Array(n), near = new Float64Array(n).fill(Infinity);
    const best = new Float64Array(parts), heap = new JumpHeap(n);
    for (let k = -1; k < K; k++) {
      this.dijkstra(source, d, heap);
      if (k >= 0) for (let u = 0; u < n; u++) dist[u * K + k] = d[u];
      // The next landmark per part: the subgoal farthest from every landmark so far.
      best.fill(-1);
      for (let u = 0; u < n; u++) {
        const m = k >= 0 ? Math.min(near[u], d[u]) : d[u];
        if (k >= 0) near[u] = m;
        const p = this.part[u];
        if (m > best[p]) { best[p] = m; source[p] = u; }
      }
    }
    return dist;
  }

  /** Steps from the nearest of `sources` to every subgoal, into d. */
  private dijkstra(sources: Int32Array, d: Int32Array, heap: JumpHeap): void {
    d.fill(0x7fffffff);
    heap.clear();
    for (const s of sources) { d[s] = 0; heap.push(s, 0, 0); }
    while (heap.length > 0) {
      const u = heap.topNode(), du = heap.topF();
      heap.pop();
      if (du > d[u]) continue;
      for (let j = this.at[u]; j < this.at[u + 1]; j++) {
        const v = this.adj[j], dv = du + this.len[j];
        if (dv < d[v]) { d[v] = dv; heap.push(v, dv, 0); }
      }
    }
  }

  /** Bytes held: per cell the subgoal bit and rank and two run lengths, per subgoal and per edge the rest. */
  get bytes(): number {
    return this.sub.bytes + this.sweep.built.byteLength + this.sweep.same.bytes + this.runE.byteLength + this.runW.byteLength + this.cellOf.byteLength + this.at.byteLength
      + this.adj.byteLength + this.len.byteLength + this.shape.byteLength + this.part.byteLength + this.dist.byteLength;
  }
}

/**
 * The run length of cell x of a row toward `nx` (x + 1 or x - 1), given the
 * value already computed for nx: a free cell counts the free non-subgoal
 * cells after it up to a stop; a blocked one the steps to the next free cell.
 */
function runLength(cells: Uint8Array, sub: RankedCells, row: number, x: number, nx: number, width: number, run: Runs): number {
  const inside = nx >= 0 && nx < width;
  if (cells[row + x] === 0) return inside && cells[row + nx] === 0 && !sub.has(row + nx) ? 1 + run[row + nx] : 0;
  return !inside || cells[row + nx] === 0 ? 1 : 1 + run[row + nx];
}
