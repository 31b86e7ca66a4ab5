import { JumpHeap } from './jump-heap.js';

/** How many entries the sorted run in front of the heap holds. */
const RUN = 8;

/**
 * JPS+'s open list: a `JumpHeap` (min on (f, h)) with a short sorted run of
 * entries in front of it, every one of which is no greater than the heap's
 * top. Pops come from the run while it has entries, so they follow (f, h)
 * order exactly as the heap alone would (entries equal in both may leave in
 * another order).
 *
 * Why: with the octile heuristic, consistent, a successor has f no smaller
 * than its parent's, and when equal (a step on an octile-shortest way
 * towards the goal) its h is smaller than the parent's; the parent was the
 * least entry, so such a successor is less than everything open and would
 * be the heap's next pop. On random maps with corner cutting the octile
 * distance is nearly exact (the optimum exceeds it by 0.2 to 31 cells on
 * the benchmark's 512 x 512 random maps' queries), most of a query's f are
 * equal, and 36% to 48% of the pushes are such successors: they go into the
 * run (insertion into at most 8 sorted entries) and out of it at no cost,
 * and never climb or sink through a heap of thousands. The heap's
 * comparisons, most of them ties in f broken on h, mispredict often; in a
 * replay of the benchmark's random-map queries' heap operations this open
 * list took 0.34 to 0.87 of the heap's time (bench/RESULTS.md, rnd8).
 *
 * The invariant (every run entry <= the heap's top) holds because an entry
 * goes into the run only if it is no greater than the heap's top, an entry
 * that goes to the heap is greater than that top (so greater than the run),
 * and when the run is full the larger of the new entry and the run's
 * largest goes to the heap, becoming at most its new top.
 */
export class JumpOpenList {
  private readonly heap: JumpHeap;
  private readonly rf = new Float64Array(RUN);
  private readonly rh = new Float64Array(RUN);
  private readonly rn = new Int32Array(RUN);
  // The run, largest first: its least entry is at `top - 1`.
  private top = 0;
  length = 0;

  constructor(capacity = 1024) {
    this.heap = new JumpHeap(capacity);
  }

  clear(): void { this.heap.clear(); this.top = 0; this.length = 0; }

  /** The least entry's node (the run's last, else the heap's top). */
  topNode(): number { return this.top > 0 ? this.rn[this.top - 1] : this.heap.topNode(); }

  /** Removes the least entry (read it with topNode first). */
  pop(): void {
    this.length--;
    if (this.top > 0) this.top--;
    else this.heap.pop();
  }

  push(node: number, f: number, h: number): void {
    this.length++;
    const heap = this.heap;
    if (heap.length > 0) {
      const tf = heap.topF();
      if (f > tf || (f === tf && h > heap.topH())) { heap.push(node, f, h); return; }
    }
    const rf = this.rf, rh = this.rh, rn = this.rn;
    if (this.top === RUN) {
      // Full: the larger of the new entry and the run's largest goes to the heap.
      if (f > rf[0] || (f === rf[0] && h >= rh[0])) { heap.push(node, f, h); return; }
      heap.push(rn[0], rf[0], rh[0]);
      rf.copyWithin(0, 1);
      rh.copyWithin(0, 1);
      rn.copyWithin(0, 1);
      this.top--;
    }
    let i = this.top++;
    while (i > 0) {
      const pf = rf[i - 1];
      if (pf > f || (pf === f && rh[i - 1] >= h)) break;
      rf[i] = pf; rh[i] = rh[i - 1]; rn[i] = rn[i - 1];
      i--;
    }
    rf[i] = f; rh[i] = h; rn[i] = node;
  }
}
