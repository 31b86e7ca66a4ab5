import { IMPROVE } from '../core/improve.js';
import { JumpHeap } from './jps-heap.js';
import { HReach8 } from './subgoal8-reach.js';

/** Subgoals settled at most by one witness search of the two-level build: past it, no witness is assumed (which keeps an edge or a subgoal global, never loses a path). */
const WITNESS_SETTLES = 40;
/** A subgoal with more neighbours than this stays global: its pairs would cost the build more than leaving it in saves. */
const MAX_LOCAL_DEGREE = 48;
/**
 * Work (edge relaxations of the witness searches, and pairs of neighbours
 * looked at) one build's partition may do in all, per grid cell: past it
 * the remaining subgoals stay global. Random maps have
 * a subgoal in every other free cell, and without a cap their build alone
 * would take seconds; a count, not a clock, so a build does not depend on
 * the machine's load.
 */
const PARTITION_WORK = 40;
/** And at most this much in all, whatever the grid's size: the build of a large map stays near half a second of CPU. */
const PARTITION_CAP = 6_000_000;

/**
 * The two-level subgoal graph of an 8-connected grid with uniform costs
 * (Uras, Koenig and Hernandez 2013, "SUB-TL"). The simple subgoal graph
 * first: subgoals at the corners where shortest paths turn (subgoal8-reach.ts),
 * an edge between every two that are directly h-reachable (a path of octile
 * length between them, no other subgoal on it). A shortest path between
 * two cells is then a start, a chain of subgoals and a goal, each hop of
 * octile length, so a search on this graph is exact.
 *
 * Then the levels: one pass over the subgoals makes each "local" when the
 * graph of the remaining ("global") ones keeps every distance without it:
 * for each two of its global neighbours p and q, either another path of at
 * most the length through it exists among the global subgoals (a bounded
 * witness search), or p and q are h-reachable through it (the length equals
 * their octile distance), and then an edge p-q of that length is added. A
 * subgoal for which neither holds stays global. Every edge so joins two
 * h-reachable subgoals and has their octile length, which the query uses
 * instead of storing lengths.
 *
 * A local subgoal keeps its edges to the subgoals still global when it left
 * (all later in that order): upward edges, as in a contraction hierarchy
 * whose core is the global graph. A query climbs them from the start's and
 * the goal's subgoals and searches the core in between (subgoal8.ts).
 *
 * Flat arrays in the end: CSR adjacency (`at`, `adj`; a global subgoal's
 * list holds global neighbours only, a local one's its upward edges), the
 * subgoals' coordinates and a global flag, and for each edge the partition
 * added the subgoal it passes through (12 bytes each), so a path unpacks
 * hop by hop without searching.
 */
export class SubgoalGraph8 {
  readonly reach: HReach8;
  readonly width: number;
  /** Subgoals, in cell id order (rank of `reach.sub`). */
  readonly count: number;
  /** Subgoal coordinates: 2 bytes each on a grid whose sides are at most 65535 cells, else 4. */
  readonly xs: Uint16Array | Int32Array;
  readonly ys: Uint16Array | Int32Array;
  readonly at: Int32Array;
  readonly adj: Int32Array;
  /** 1 for a global subgoal, 0 for a local one. */
  readonly global: Uint8Array;
  /** Edges of the simple subgoal graph, before the levels (each counted once). */
  readonly simpleEdges: number;
  /** Global subgoals. */
  readonly globals: number;
  /** What the partition may still spend (edge relaxations). */
  private work = 0;
  /** The edges the partition added, as keys `min * count + max` in increasing order, and the subgoal each passes through. */
  private shortcutKey: Float64Array = new Float64Array(0);
  private shortcutMid: Int32Array = new Int32Array(0);

  /**
   * @param cells the grid's raster (0 free)
   * @param axial cost of a straight step; `diag` of a diagonal one
   * @param levels false: the simple subgoal graph only (every subgoal global)
   */
  constructor(width: number, height: number, cells: Uint8Array, noCut: boolean, private readonly axial: number, private readonly diag: number, levels = true) {
    const reach = new HReach8(width, height, cells, noCut);
    this.reach = reach;
    this.width = width;
    const n = reach.sub.count;
    this.count = n;
    const small = width <= 0xffff && height <= 0xffff;
    const xs = small ? new Uint16Array(n) : new Int32Array(n), ys = small ? new Uint16Array(n) : new Int32Array(n);
    for (let c = 0, u = 0; u < n; c++) if (reach.sub.has(c)) { xs[u] = c % width; ys[u] = (c - xs[u]) / width; u++; }
    this.xs = xs;
    this.ys = ys;
    const nbr = this.simpleGraph();
    let edges = 0;
    for (const l of nbr) edges += l.length;
    this.simpleEdges = edges / 2;
    const global = new Uint8Array(n).fill(1);
    const up: (number[] | null)[] = new Array<number[] | null>(n).fill(null);
    if (levels) this.partition(nbr, global, up);
    this.sortShortcuts();
    let total = 0, globals = 0;
    for (let u = 0; u < n; u++) { total += (global[u] ? nbr[u] : up[u]!).length; globals += global[u]; }
    const at = new Int32Array(n + 1), adj = new Int32Array(total);
    for (let u = 0, k = 0; u < n; u++) {
      at[u] = k;
      for (const v of global[u] ? nbr[u] : up[u]!) adj[k++] = v;
    }
    at[n] = total;
    this.at = at;
    this.adj = adj;
    this.global = global;
    this.globals = globals;
  }

  /** Cost of the free-space path between subgoals u and v: their octile distance. */
  len(u: number, v: number): number {
    return this.octile(this.xs[u] - this.xs[v], this.ys[u] - this.ys[v]);
  }

  /** The octile distance of offset (dx, dy) in cost units. */
  octile(dx: number, dy: number): number {
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return dx < dy ? (dy - dx) * this.axial + dx * this.diag : (dx - dy) * this.axial + dy * this.diag;
  }

  /** Every subgoal's directly h-reachable subgoals, both ways, without repeats. */
  private simpleGraph(): number[][] {
    const n = this.count, reach = this.reach, w = this.width;
    const nbr: number[][] = [];
    for (let u = 0; u < n; u++) nbr.push([]);
    for (let u = 0; u < n; u++) {
      reach.scan(this.ys[u] * w + this.xs[u], -1);
      for (let i = 0; i < reach.found; i++) {
        const v = reach.foundIds[i];
        if (v === u) continue;
        nbr[u].push(v);
        nbr[v].push(u);
      }
    }
    // Most pairs were found from both ends: drop the repeats, marking each list's members (no sort).
    const seen = new Int32Array(n).fill(-1);
    for (let u = 0; u < n; u++) {
      const l = nbr[u];
      let k = 0;
      for (let i = 0; i < l.length; i++) if (seen[l[i]] !== u) { seen[l[i]] = u; l[k++] = l[i]; }
      l.length = k;
    }
    return nbr;
  }

  /** The one pass that makes subgoals local (see the class comment), fewest neighbours first. */
  private partition(nbr: number[][], global: Uint8Array, up: (number[] | null)[]): void {
    const n = this.count;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => nbr[a].length - nbr[b].length || a - b);
    const dist = new Float64Array(n), stamp = new Uint32Array(n), heap = new JumpHeap(256);
    let gen = 0;
    const add: number[] = [];
    this.work = Math.min(PARTITION_CAP, PARTITION_WORK * this.reach.width * this.reach.height);
    for (const s of order) {
      if (this.work <= 0) break;
      const N = nbr[s];
      if (N.length > MAX_LOCAL_DEGREE) continue;
      // The pairs cost too, searched or not.
      this.work -= N.length * N.length;
      add.length = 0;
      let ok = true;
      for (let i = 0; ok && i + 1 < N.length; i++) {
        const p = N[i], ps = this.len(p, s);
        let bound = 0;
        for (let j = i + 1; j < N.length; j++) bound = Math.max(bound, ps + this.len(s, N[j]));
        gen++;
        this.witness(nbr, p, s, bound, dist, stamp, gen, heap);
        for (let j = i + 1; j < N.length; j++) {
          const q = N[j], through = ps + this.len(s, q);
          // A witness as long as the path through s (up to rounding) will do.
          if (stamp[q] === gen && dist[q] * IMPROVE <= through) continue;
          if (this.len(p, q) >= through * IMPROVE) { add.push(p, q); continue; }
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      global[s] = 0;
      up[s] = N.slice();
      for (const p of N) {
        const l = nbr[p];
        l.splice(l.indexOf(s), 1);
      }
      nbr[s] = [];
      for (let i = 0; i < add.length; i += 2) {
        const p = add[i], q = add[i + 1];
        if (nbr[p].indexOf(q) < 0) { nbr[p].push(q); nbr[q].push(p); this.mids.push(p < q ? p * n + q : q * n + p, s); }
      }
    }
  }

  /** Shortcuts as the partition adds them: key, middle subgoal, ... */
  private mids: number[] = [];

  private sortShortcuts(): void {
    const m = this.mids, k = m.length / 2;
    const order = Array.from({ length: k }, (_, i) => i).sort((a, b) => m[2 * a] - m[2 * b]);
    this.shortcutKey = new Float64Array(k);
    this.shortcutMid = new Int32Array(k);
    order.forEach((i, j) => { this.shortcutKey[j] = m[2 * i]; this.shortcutMid[j] = m[2 * i + 1]; });
    this.mids = [];
  }

  /** The subgoal the edge u-v was added through by the partition, or -1 for an edge of the simple graph. */
  midOf(u: number, v: number): number {
    const key = u < v ? u * this.count + v : v * this.count + u, keys = this.shortcutKey;
    let lo = 0, hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1, k = keys[mid];
      if (k === key) return this.shortcutMid[mid];
      if (k < key) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }

  /** Dijkstra from p among the global subgoals, s left out, up to `bound` and `WITNESS_SETTLES` settled; distances in dist where stamp = gen. */
  private witness(nbr: number[][], p: number, s: number, bound: number, dist: Float64Array, stamp: Uint32Array, gen: number, heap: JumpHeap): void {
    heap.clear();
    dist[p] = 0;
    stamp[p] = gen;
    heap.push(p, 0, 0);
    let settled = 0;
    while (heap.length > 0 && settled < WITNESS_SETTLES) {
      const u = heap.topNode(), du = heap.topF();
      heap.pop();
      if (du > dist[u] || du > bound) continue;
      settled++;
      this.work -= nbr[u].length;
      for (const v of nbr[u]) {
        if (v === s) continue;
        const dv = du + this.len(u, v);
        if (dv * IMPROVE > bound) continue;
        if (stamp[v] !== gen || dv < dist[v]) { stamp[v] = gen; dist[v] = dv; heap.push(v, dv, 0); }
      }
    }
  }

  /** Bytes held: the reach tables per cell, and per subgoal its coordinates, flag and edges. */
  get bytes(): number {
    return this.reach.bytes + this.xs.byteLength + this.ys.byteLength + this.at.byteLength + this.adj.byteLength + this.global.byteLength
      + this.shortcutKey.byteLength + this.shortcutMid.byteLength;
  }
}
