/**
 * A binary min-heap of node ids keyed by one number, on two typed arrays:
 * the contraction hierarchy's query frontier. It is the engine's `Heap` with
 * what that query never reads taken out (the second key, the payload, the
 * insertion counter that breaks ties): each sift moves two numbers instead
 * of five. Lazy deletion as there: a node whose key falls is pushed again,
 * and the caller skips the stale entry when it surfaces. Internal. The
 * witness searches of both contractions use it too. (The jump point
 * searchers' `JumpHeap` is the same idea with two keys, f and h: each heap
 * moves only the keys its searches compare.) Measured against `Heap` in the
 * same query (scripts/ab-ch.mjs on Seattle, 9 alternating rounds, load 8):
 * 102.5 us median CPU time a query against 133.7, minimum 92.4 against 104.3.
 */
export class KeyHeap {
  private keys: Float64Array;
  private ids: Int32Array;
  length = 0;

  constructor(capacity = 256) {
    const c = Math.max(4, capacity | 0);
    this.keys = new Float64Array(c);
    this.ids = new Int32Array(c);
  }

  clear(): void { this.length = 0; }
  /** Node of the smallest entry. Undefined behaviour when empty: check `length`. */
  topNode(): number { return this.ids[0]; }
  /** Key of the smallest entry. */
  topKey(): number { return this.keys[0]; }

  push(node: number, key: number): void {
    if (this.length === this.ids.length) this.grow();
    const keys = this.keys, ids = this.ids;
    let i = this.length++;
    while (i > 0) {
      const p = (i - 1) >> 1, pk = keys[p];
      if (pk <= key) break;
      keys[i] = pk; ids[i] = ids[p];
      i = p;
    }
    keys[i] = key; ids[i] = node;
  }

  /** Removes the smallest entry (read it with topNode/topKey first). */
  pop(): void {
    const last = --this.length;
    if (last <= 0) return;
    const keys = this.keys, ids = this.ids;
    const key = keys[last], node = ids[last], half = last >> 1;
    let i = 0;
    while (i < half) {
      let c = 2 * i + 1;
      if (c + 1 < last && keys[c + 1] < keys[c]) c++;
      const ck = keys[c];
      if (key <= ck) break;
      keys[i] = ck; ids[i] = ids[c];
      i = c;
    }
    keys[i] = key; ids[i] = node;
  }

  private grow(): void {
    const c = this.ids.length * 2;
    const keys = new Float64Array(c); keys.set(this.keys); this.keys = keys;
    const ids = new Int32Array(c); ids.set(this.ids); this.ids = ids;
  }
}
