/**
 * A map from numbers to ids (integers >= 0): the interning a `KeyedSpace`
 * does for keys that hash to numbers. A `Map` does the same, but a key that
 * is not a small integer (a packed coordinate pair is up to 2^52) is a
 * boxed heap number there, and a Map of millions of them was most of a deep
 * search's time: dfs on an unbounded grid interns about 8 keys per
 * expansion, and its million expansions spent 16 of 25 s of CPU in the
 * Map's lookups and 11 s collecting garbage (node --cpu-prof). Here the
 * numbers sit unboxed in a Float64Array beside their ids, found by linear
 * probing.
 *
 * Equal numbers are one key, as in a Map (0 and -0 too); NaN is the
 * caller's to refuse (it equals nothing, so it would never be found).
 */
export class NumberIds {
  /** Each slot's number, when its id is set. */
  private keys = new Float64Array(16);
  /** Each slot's id, or -1 when the slot is empty. A power of two long, at most 3/4 full. */
  private ids = new Int32Array(16).fill(-1);
  private count = 0;
  /** The number's 64 bits as two 32-bit halves, for hashing. */
  private readonly bits = new Float64Array(1);
  private readonly halves = new Int32Array(this.bits.buffer);

  /** How many numbers have an id. */
  get size(): number { return this.count; }

  /** The id of `v`, or -1 if it has none. */
  get(v: number): number {
    const { keys, ids } = this;
    const mask = ids.length - 1;
    for (let i = this.hash(v) & mask; ; i = (i + 1) & mask) {
      const id = ids[i];
      if (id < 0 || keys[i] === v) return id;
    }
  }

  /** Gives `v` the id `id` (an integer >= 0); `v` must have none yet. */
  add(v: number, id: number): void {
    if (4 * (this.count + 1) > 3 * this.ids.length) this.rehash(this.ids.length * 2);
    this.place(v === 0 ? 0 : v, id);
    this.count++;
  }

  private place(v: number, id: number): void {
    const { keys, ids } = this;
    const mask = ids.length - 1;
    let i = this.hash(v) & mask;
    while (ids[i] >= 0) i = (i + 1) & mask;
    keys[i] = v;
    ids[i] = id;
  }

  /** A well-mixed 32-bit hash of v's bits (0 and -0 alike). */
  private hash(v: number): number {
    this.bits[0] = v === 0 ? 0 : v;
    // Both halves count: packed coordinate pairs differ in the high half as much as in the low one.
    let h = Math.imul(this.halves[0] ^ Math.imul(this.halves[1], 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }

  private rehash(capacity: number): void {
    const { keys, ids } = this;
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
    for (let i = 0; i < ids.length; i++) if (ids[i] >= 0) this.place(keys[i], ids[i]);
  }
}
