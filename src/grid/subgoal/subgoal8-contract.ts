import { IMPROVE } from '../../core/improve.js';
import { KeyHeap } from '../../queues/key-heap.js';
import { dropFrom } from '../../hierarchy/contraction-build.js';
import { WitnessSearch } from '../../hierarchy/witness.js';

/**
 * Nodes one witness search may settle: past it no witness is assumed, which
 * adds a shortcut that may not be needed, never loses a path. At 24 the
 * dense graphs of open maps got twice the shortcuts (dao 35,790 against
 * 22,594 at 64, street 56,669 against 20,417), each one more edge a query
 * relaxes; the work budget bounds the build either way.
 */
const WITNESS_SETTLES = 64;
/** A node with more neighbours than this is not contracted (it stays in the core): its pairs would cost the build more than taking it out saves. */
const MAX_DEGREE = 40;
/**
 * A simulated node's importance weighs its edge difference (shortcuts added
 * less edges removed) this many times its contracted neighbours, as
 * contraction hierarchies usually do (the edge difference first). The first
 * guess, from the degree alone, stays unweighted: it then sits below the
 * simulated keys of the nodes whose contraction adds edges, so most nodes
 * are simulated once, and those that remove edges taken out, before any
 * that adds edges; the order follows measured importance rather than the
 * guess. Measured on the benchmark's maps (bench/RESULTS.md, branch sg8f):
 * 8room_000 with corner cutting, core 1,218 -> 150 subgoals within the
 * same work budget, 112.6 -> 50.9 expansions a query (at weight 2, 400 and
 * 71.3; at 6, 117 and 53.0; the guess weighted 4 times too, 2,179 and
 * 300.4); the other families within 8% either way in expansions.
 */
const EDGE_DIFFERENCE_WEIGHT = 4;

/**
 * Bytes an edge end of the input is charged (its other end), and a shortcut's (other end, length,
 * middle, and the entry naming it). The graph packs most edge ends into 2 bytes (subgoal8-graph.ts);
 * charging them 2 here let random maps contract further (5% fewer expansions a query) but filled
 * the 16 bytes a cell to the last byte, so the model stays at 4 and the packing is margin.
 */
const PLAIN = 4, SHORTCUT = 20;
/** What `simulate` returns for a node whose shortcuts are known to be over the memory allowance before its pairs are all looked at. */
const REFUSED = Infinity;

/**
 * Contracts an undirected graph into a hierarchy over a core (Geisberger et
 * al. 2008, as core/contraction-build.ts does for roads, here undirected and
 * on a work and a memory budget). Nodes are taken out least important
 * first (4 times the edge difference plus contracted neighbours, first guessed from the
 * degree alone, then kept up to date lazily: the node on top is simulated
 * before it goes and put back if another now comes first); taking out v
 * joins each two of its remaining neighbours by a shortcut of their length
 * through v unless a witness search (up to `WITNESS_SETTLES` settled) finds
 * another path as short.
 *
 * The graph is rows of (other, length, middle) triples, middle -1 for an
 * edge of the input; it is consumed. The contraction stops when `work`
 * (edge relaxations of the witness searches, and pairs looked at) is spent;
 * a node of more than `MAX_DEGREE` neighbours is never taken out, nor one
 * whose shortcuts would bring the stored edges over `maxBytes`. What is
 * left is the core, `core[v]` = 1, and `rows[v]` keeps its edges to other
 * core nodes; a contracted node's row holds its upward edges, to the nodes
 * still there when it left (every one later in the order, or core).
 */
export class Contraction {
  /** 1 for a node of the core (not contracted). */
  readonly core: Uint8Array;
  /** The witness searches, with the slack of lengths summed in any order. */
  private readonly search: WitnessSearch;
  /** The shortcuts the last `simulate` found needed: (u, w, length) triples. */
  private readonly needed: number[] = [];

  /** Bytes the stored edge ends take now (see `PLAIN` and `SHORTCUT`). */
  bytes = 0;

  /**
   * @param rows the graph (consumed: it becomes the hierarchy)
   * @param work the work budget (see the class comment)
   * @param maxBytes what the edge ends may take: a node whose contraction would bring them above it stays in the core
   */
  constructor(readonly rows: number[][], private work: number, private readonly maxBytes: number) {
    const n = rows.length;
    for (const row of rows) for (let k = 0; k < row.length; k += 3) this.bytes += row[k + 2] < 0 ? PLAIN : SHORTCUT;
    this.core = new Uint8Array(n).fill(1);
    this.search = new WitnessSearch(n, IMPROVE);
    // A graph over its allowance from the start (random maps with corner cutting) is left whole: nearly
    // every contraction there adds more than it frees, and simulating each to find out cost more of the
    // build than the few it would take out save a query.
    if (this.bytes <= maxBytes) this.run();
  }

  private run(): void {
    const rows = this.rows, n = rows.length, core = this.core;
    const deleted = new Int32Array(n), prio = new Float64Array(n);
    const queue = new KeyHeap(n);
    for (let v = 0; v < n; v++) {
      const d = rows[v].length / 3;
      if (d > MAX_DEGREE) continue;
      // A first guess without searching: every pair of neighbours a shortcut (the most it can cost). The
      // node on top is simulated before it goes, so the guess only orders; searching every node up front
      // spent the whole budget of a random map before the first node was taken out.
      prio[v] = (d * (d - 1)) / 2 - d;
      queue.push(v, prio[v]);
    }
    while (queue.length > 0 && this.work > 0) {
      const v = queue.topNode(), key = queue.topKey();
      queue.pop();
      if (!core[v] || key !== prio[v]) continue;
      if (rows[v].length > 3 * MAX_DEGREE) continue;
      const row = rows[v], needed = this.needed;
      // Memory: v's own row stays (its upward edges), its neighbours' ends of them go, and each
      // shortcut adds at most two records. Past the allowance only a contraction that saves is taken:
      // v is refused once its shortcuts are more than `cap` (both conditions grow with their number).
      let freed = 0;
      for (let k = 0; k < row.length; k += 3) freed += row[k + 2] < 0 ? PLAIN : SHORTCUT;
      const cap = Math.max(this.maxBytes - this.bytes + freed, freed) / (2 * SHORTCUT);
      const p = this.simulate(v, deleted, cap);
      // Refused for memory, known before its simulation ended (see `simulate`).
      if (p === REFUSED) continue;
      // Lazy update: v grew more important since it was queued, and another node now comes first.
      if (queue.length > 0 && p > queue.topKey()) { prio[v] = p; queue.push(v, p); continue; }
      if (needed.length / 3 > cap) continue;
      core[v] = 0;
      this.bytes -= freed;
      for (let k = 0; k < row.length; k += 3) {
        const u = row[k];
        dropFrom(rows[u], v);
        deleted[u]++;
      }
      for (let k = 0; k < needed.length; k += 3) {
        const a = needed[k], b = needed[k + 1], d = needed[k + 2];
        this.bytes += lowerEdge(rows[a], b, d, v) + lowerEdge(rows[b], a, d, v);
      }
    }
  }

  /**
   * Fills `needed` with the shortcuts taking v out calls for, and returns
   * v's importance: shortcuts added minus edges removed (weighted, see
   * `EDGE_DIFFERENCE_WEIGHT`), plus neighbours already contracted. For each neighbour u, a search from u that avoids v
   * looks for the later neighbours w at most as far as through v. Returns
   * `REFUSED` (and stops) as soon as more than `cap` shortcuts are needed.
   */
  private simulate(v: number, deleted: Int32Array, cap: number): number {
    const rows = this.rows, row = rows[v], needed = this.needed;
    needed.length = 0;
    const search = this.search;
    this.work -= (row.length / 3) * (row.length / 3);
    for (let i = 0; i + 3 < row.length; i += 3) {
      const u = row[i], cuv = row[i + 1];
      // The targets: the later neighbours, each at its length through v.
      search.begin();
      let limit = 0;
      for (let j = i + 3; j < row.length; j += 3) {
        search.addTarget(row[j], cuv + row[j + 1]);
        if (cuv + row[j + 1] > limit) limit = cuv + row[j + 1];
      }
      const before = search.relaxed;
      search.run(rows, u, v, limit, WITNESS_SETTLES);
      this.work -= search.relaxed - before;
      for (let j = i + 3; j < row.length; j += 3) {
        const w = row[j], via = cuv + row[j + 1];
        // A witness as long as the path through v (up to rounding) will do.
        if (search.witnessed(w, via)) continue;
        needed.push(u, w, via);
      }
      // More shortcuts than the memory allows: v will be refused whatever the rest of its pairs
      // need, so their witness searches are not run. Random maps reach the allowance with half
      // their subgoals left, and the refused ones' searches took most of the work budget
      // (random512-25-0 without corner cutting: 11.3 of 15.4 million units on 50,415 refused).
      if (needed.length / 3 > cap) return REFUSED;
    }
    return EDGE_DIFFERENCE_WEIGHT * (needed.length / 3 - row.length / 3) + deleted[v];
  }
}

/** Sets the edge to `other` to length d through `mid` when shorter than the one there, or adds it; returns the bytes its record grew by. */
function lowerEdge(row: number[], other: number, d: number, mid: number): number {
  for (let k = 0; k < row.length; k += 3) {
    if (row[k] !== other) continue;
    if (!(d < row[k + 1] * IMPROVE)) return 0;
    const grew = row[k + 2] < 0 ? SHORTCUT - PLAIN : 0;
    row[k + 1] = d; row[k + 2] = mid;
    return grew;
  }
  row.push(other, d, mid);
  return SHORTCUT;
}
