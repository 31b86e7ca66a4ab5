import { Heap } from '../queues/heap.js';
import { badArcCost, badArcEnd, costOverflow, isNodeOf } from '../core/input-checks.js';
import type { SearchSpace } from '../core/space.js';
import { WitnessSearch } from './witness.js';

/**
 * Contracting a graph into a hierarchy (Geisberger, Sanders, Schultes and
 * Delling, 2008). Nodes are taken out one at a time, least important first;
 * taking out v adds a shortcut u -> w of cost c(u, v) + c(v, w) for each pair
 * of its remaining neighbours unless a witness search finds a path from u to
 * w that avoids v and costs no more. The shortcuts keep every distance among
 * the remaining nodes, so in the end each shortest path is a climb in rank
 * followed by a descent, which the query searches from both ends.
 *
 * The importance of a node is its edge difference (shortcuts it would add
 * minus arcs it would remove) plus the number of its neighbours already
 * taken out (which spreads the contraction evenly over the graph). It is
 * kept up to date lazily: the node on top of the queue is simulated again
 * before it goes, and put back if it is no longer the least important.
 *
 * A witness search that gives up (its settle limit reached) only adds a
 * shortcut that was not needed: the hierarchy is exact whatever the limit.
 */

/** The hierarchy as the query reads it: node ids are ranks (0 = contracted first), arcs in compressed rows. */
export interface ContractedGraph {
  /** rank[n]: the rank of node n of the space. */
  readonly rank: Int32Array;
  /** order[r]: the node of the space with rank r. */
  readonly order: Int32Array;
  /** Upward arcs r -> head (head ranks higher): rows fStart[r] .. fStart[r + 1]. */
  readonly fStart: Int32Array;
  readonly fHead: Int32Array;
  readonly fCost: Float64Array;
  /** The rank a shortcut bypasses, -1 for an arc of the space. */
  readonly fMid: Int32Array;
  /** Arcs tail -> r entering r from above (tail ranks higher), searched backward: rows bStart[r] .. bStart[r + 1]. */
  readonly bStart: Int32Array;
  readonly bTail: Int32Array;
  readonly bCost: Float64Array;
  readonly bMid: Int32Array;
  /** Shortcuts in the hierarchy (arcs it has beside the space's own). */
  readonly shortcuts: number;
}

/**
 * The graph while it is contracted: per node, its arcs to the nodes not yet
 * contracted, each as three numbers (the other end, the cost, the node the
 * arc bypasses or -1), one arc per ordered pair (the cheapest).
 */
interface Remaining {
  readonly out: number[][];
  readonly inn: number[][];
}

/** Reads the arcs of `space` once: self loops dropped (no shortest path uses one), parallel arcs merged to the cheapest. */
function readArcs(space: SearchSpace, where: string): Remaining {
  const n = space.size;
  const out: number[][] = new Array(n), inn: number[][] = new Array(n);
  for (let v = 0; v < n; v++) { out[v] = []; inn[v] = []; }
  const nbr = new Int32Array(Math.max(1, space.maxDegree)), cost = new Float64Array(Math.max(1, space.maxDegree));
  // seen[v] === u + 1 while reading u's arcs: at[v] is then the arc u -> v's place in out[u].
  const seen = new Int32Array(n), at = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    const deg = space.successors(u, nbr, cost);
    const row = out[u];
    for (let k = 0; k < deg; k++) {
      const v = nbr[k], c = cost[k];
      if (!isNodeOf(v, n)) throw badArcEnd(where, u, v, n);
      if (c === Infinity) continue;
      if (!(c >= 0)) throw badArcCost(where, u, v, c, 'finite numbers >= 0');
      if (v === u) continue;
      if (seen[v] === u + 1) {
        if (c < row[at[v] + 1]) row[at[v] + 1] = c;
        continue;
      }
      seen[v] = u + 1;
      at[v] = row.length;
      row.push(v, c, -1);
    }
  }
  for (let u = 0; u < n; u++) {
    const row = out[u];
    for (let k = 0; k < row.length; k += 3) inn[row[k]].push(u, row[k + 1], -1);
  }
  return { out, inn };
}

/** Removes the arc to or from `other` out of a row of (node, length, middle) triples (swap with the last). */
export function dropFrom(row: number[], other: number): void {
  for (let k = 0; k < row.length; k += 3) {
    if (row[k] !== other) continue;
    const last = row.length - 3;
    row[k] = row[last]; row[k + 1] = row[last + 1]; row[k + 2] = row[last + 2];
    row.length = last;
    return;
  }
}

/** Sets the arc to `other` in `row` to `cost` via `mid` when that is cheaper than the arc there, or adds it. */
function lowerArc(row: number[], other: number, cost: number, mid: number): void {
  for (let k = 0; k < row.length; k += 3) {
    if (row[k] !== other) continue;
    if (cost < row[k + 1]) { row[k + 1] = cost; row[k + 2] = mid; }
    return;
  }
  row.push(other, cost, mid);
}

/** The contraction's working state: the remaining graph and the witness search. */
class Contractor {
  private readonly search: WitnessSearch;
  /** The shortcuts the last `witness` pass found needed: (u, w, cost) triples. */
  readonly needed: number[] = [];

  constructor(readonly graph: Remaining, readonly settleLimit: number) {
    // Exact witnesses: the hierarchy's answers must be Dijkstra's to the bit.
    this.search = new WitnessSearch(graph.out.length, 1);
  }

  /**
   * Fills `needed` with the shortcuts that contracting v calls for: for each
   * arc u -> v and v -> w (u != w), u -> w at c(u, v) + c(v, w) unless a
   * search from u that avoids v reaches w as cheaply within the settle limit.
   */
  witness(v: number): void {
    const { out, inn } = this.graph;
    const needed = this.needed, ins = inn[v], outs = out[v], search = this.search;
    needed.length = 0;
    if (ins.length === 0 || outs.length === 0) return;
    let maxOut = 0;
    for (let k = 0; k < outs.length; k += 3) if (outs[k + 1] > maxOut) maxOut = outs[k + 1];
    for (let i = 0; i < ins.length; i += 3) {
      const u = ins[i], cuv = ins[i + 1];
      // The targets: v's successors other than u, each with the cost of the path through v.
      search.begin();
      for (let k = 0; k < outs.length; k += 3) if (outs[k] !== u) search.addTarget(outs[k], cuv + outs[k + 1]);
      // Nothing beyond the dearest path through v can be a witness.
      search.run(out, u, v, cuv + maxOut, this.settleLimit);
      for (let k = 0; k < outs.length; k += 3) {
        const w = outs[k];
        if (w === u) continue;
        const via = cuv + outs[k + 1];
        if (via === Infinity) throw costOverflow('ContractionHierarchy', v, w, cuv, outs[k + 1]);
        if (search.witnessed(w, via)) continue;
        needed.push(u, w, via);
      }
    }
  }

  /** The importance of v now: edge difference plus contracted neighbours. */
  priority(v: number, deleted: Int32Array): number {
    this.witness(v);
    const { out, inn } = this.graph;
    return this.needed.length / 3 - (out[v].length + inn[v].length) / 3 + deleted[v];
  }
}

/**
 * Contracts every node of `space` and returns the hierarchy the query
 * reads. Arc costs below 0 or NaN are an `InputError` naming the arc
 * (`where` says who asked); Infinity means no arc.
 */
export function contract(space: SearchSpace, settleLimit: number, where: string, onProgress?: (contracted: number, total: number) => void): ContractedGraph {
  const n = space.size;
  // About a hundred reports over a build, and the last one at its end.
  const every = Math.max(1, Math.floor(n / 100));
  const graph = readArcs(space, where);
  const { out, inn } = graph;
  const c = new Contractor(graph, settleLimit);
  const deleted = new Int32Array(n), prio = new Float64Array(n), rank = new Int32Array(n).fill(-1), order = new Int32Array(n);
  const queue = new Heap(n);
  for (let v = 0; v < n; v++) { prio[v] = c.priority(v, deleted); queue.push(v, prio[v], 0, 0); }

  // The rows as they are fixed, in rank order: a node's arcs are final once it is contracted.
  const fStart = new Int32Array(n + 1), bStart = new Int32Array(n + 1);
  const fHead: number[] = [], fCost: number[] = [], fMid: number[] = [];
  const bTail: number[] = [], bCost: number[] = [], bMid: number[] = [];
  // touched[x] === v + 1 once x, a neighbour of v, has been counted: an undirected edge is two arcs but one neighbour.
  const touched = new Int32Array(n);
  let next = 0;
  while (queue.length > 0) {
    const v = queue.topNode(), key = queue.topKey1();
    queue.pop();
    if (rank[v] >= 0 || key !== prio[v]) continue;
    const p = c.priority(v, deleted);
    // Lazy update: v's importance grew since it was queued and another node is now less important.
    if (queue.length > 0 && p > queue.topKey1()) {
      prio[v] = p;
      queue.push(v, p, 0, 0);
      continue;
    }
    // `priority` left the shortcuts v needs in `c.needed`.
    const needed = c.needed;
    rank[v] = next; order[next] = v; next++;
    if (onProgress !== undefined && (next % every === 0 || next === n)) onProgress(next, n);
    const outs = out[v], ins = inn[v];
    for (let k = 0; k < outs.length; k += 3) { fHead.push(outs[k]); fCost.push(outs[k + 1]); fMid.push(outs[k + 2]); }
    for (let k = 0; k < ins.length; k += 3) { bTail.push(ins[k]); bCost.push(ins[k + 1]); bMid.push(ins[k + 2]); }
    fStart[next] = fHead.length;
    bStart[next] = bTail.length;
    for (let k = 0; k < outs.length; k += 3) dropFrom(inn[outs[k]], v);
    for (let k = 0; k < ins.length; k += 3) dropFrom(out[ins[k]], v);
    for (let k = 0; k < needed.length; k += 3) {
      const u = needed[k], w = needed[k + 1], cost = needed[k + 2];
      lowerArc(out[u], w, cost, v);
      lowerArc(inn[w], u, cost, v);
    }
    // Neighbours: one more contracted neighbour each. Their queued importance is now stale; the lazy
    // check above recomputes it when they reach the top (simulating every neighbour at once as well
    // tripled the build time on the road graphs for no fewer expansions per query).
    for (const row of [outs, ins]) {
      for (let k = 0; k < row.length; k += 3) {
        const x = row[k];
        if (touched[x] === v + 1) continue;
        touched[x] = v + 1;
        deleted[x]++;
      }
    }
    out[v] = []; inn[v] = [];
  }

  // A plain loop: Int32Array.from with a mapping function goes through the iterator, a call per arc (6% of a city's build).
  const toRank = (ids: number[]) => {
    const out = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) out[i] = ids[i] < 0 ? -1 : rank[ids[i]];
    return out;
  };
  // Each arc of the hierarchy is in one row (that of its lower end): the shortcuts are those with a middle node.
  let shortcuts = 0;
  for (const m of fMid) if (m >= 0) shortcuts++;
  for (const m of bMid) if (m >= 0) shortcuts++;
  return {
    rank, order, fStart, bStart,
    fHead: toRank(fHead), fCost: Float64Array.from(fCost), fMid: toRank(fMid),
    bTail: toRank(bTail), bCost: Float64Array.from(bCost), bMid: toRank(bMid),
    shortcuts,
  };
}
