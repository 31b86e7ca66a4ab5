import { KeyHeap } from '../queues/key-heap.js';
import { nextGeneration } from '../core/stamp.js';

/**
 * The witness search of a contraction, one for both of the library's
 * (the road hierarchy, hierarchy/contraction-build.ts, and the subgoal
 * graph's, grid/subgoal/subgoal8-contract.ts). Taking node v out of a graph
 * calls for a shortcut u -> w through v unless a path from u to w that avoids
 * v costs no more: the witness. From each u, a Dijkstra that never enters v
 * looks for the targets w, each with its cost through v; it ends once every
 * target is witnessed (reached at most as dearly as through v), at the
 * dearest of those costs (nothing beyond can witness), or after a number of
 * settled nodes (then the shortcuts not witnessed are added anyway: more of
 * them than needed, never a wrong distance).
 *
 * The graph is rows of (other, cost, middle) triples, the middle unread:
 * a directed graph's forward rows, or an undirected graph's rows. `slack`
 * is what "no more" allows for rounding: 1 (exact) for the road hierarchy,
 * whose answers must equal Dijkstra's to the bit; `IMPROVE` for the subgoal
 * graph, whose distances are sums of step lengths in any order.
 */
export class WitnessSearch {
  private dist: Float64Array;
  private stamp: Uint32Array;
  private target: Uint32Array;
  /** Each target's cost through the node being taken out. */
  private through: Float64Array;
  private gen = 0;
  private left = 0;
  private readonly heap = new KeyHeap(64);
  /** Arcs read by the searches so far (the subgoal contraction spends a work budget on them). */
  relaxed = 0;

  constructor(size: number, private readonly slack: number) {
    this.dist = new Float64Array(size);
    this.stamp = new Uint32Array(size);
    this.target = new Uint32Array(size);
    this.through = new Float64Array(size);
  }

  /** Starts the targets of a search anew. */
  begin(): void {
    this.gen = nextGeneration(this.gen, 1, this.stamp, this.target);
    this.left = 0;
  }

  /** Makes w a target of the coming search, `via` its cost through the node taken out. */
  addTarget(w: number, via: number): void {
    if (this.target[w] !== this.gen) this.left++;
    this.target[w] = this.gen;
    this.through[w] = via;
  }

  /**
   * Runs the search from `u` over `rows`, never through `v`, up to cost
   * `limit` and `settleLimit` settled nodes, or until every target is
   * witnessed. Nothing to do without targets.
   */
  run(rows: readonly number[][], u: number, v: number, limit: number, settleLimit: number): void {
    if (this.left === 0) return;
    const dist = this.dist, stamp = this.stamp, target = this.target, through = this.through, heap = this.heap;
    const gen = this.gen, slack = this.slack;
    heap.clear();
    dist[u] = 0; stamp[u] = gen; heap.push(u, 0);
    let settled = 0;
    while (heap.length > 0 && this.left > 0 && settled < settleLimit) {
      const x = heap.topNode(), dx = heap.topKey();
      heap.pop();
      // Lazy deletion: costs are >= 0, so a node's entry at its own distance comes off first and settles it.
      if (dx !== dist[x]) continue;
      if (dx > limit) break;
      settled++;
      if (target[x] === gen) { target[x] = 0; this.left--; }
      const row = rows[x];
      this.relaxed += row.length / 3;
      for (let k = 0; k < row.length; k += 3) {
        const y = row[k];
        if (y === v) continue;
        const dy = dx + row[k + 1];
        if (dy * slack > limit) continue;
        if (stamp[y] !== gen || dy < dist[y]) {
          stamp[y] = gen; dist[y] = dy; heap.push(y, dy);
          // A target reached as cheaply as through v is witnessed already (its distance only falls from
          // here): the search ends when every target is, not when every one is settled. Same shortcuts,
          // less work: in a room's clique the first node's edges witness every pair.
          if (target[y] === gen && dy * slack <= through[y]) { target[y] = 0; if (--this.left === 0) return; }
        }
      }
    }
  }

  /** Whether the last search reached w by a path that avoids the node taken out and costs at most `via` (with the slack). */
  witnessed(w: number, via: number): boolean {
    return this.stamp[w] === this.gen && this.dist[w] * this.slack <= via;
  }
}
