import type { SearchSpace } from './space.js';

/**
 * Hashes for saved preprocessing: a 64-bit checksum of a file's bytes (to
 * tell a damaged file from a good one) and a fingerprint of the space a
 * structure was built from (to tell a file built for another space, or for
 * this one before an edit, from one that fits). Neither is cryptographic:
 * they catch accidents, not forgery. Two 32-bit lanes of a multiply-rotate
 * hash over 32-bit words, seeded differently, make the 64 bits; the hash
 * reads four bytes a step, so a structure of tens of megabytes is checked
 * in a few tens of milliseconds.
 */
export class Hash64 {
  private a = 0x9e3779b9 | 0;
  private b = 0x85ebca6b | 0;
  private count = 0;
  private readonly f64 = new Float64Array(1);
  private readonly u32 = new Uint32Array(this.f64.buffer);

  /** Mixes one 32-bit word in. */
  word(w: number): void {
    this.a = Math.imul(rotl(this.a ^ w, 13), 0x9e3779b1) + 0x7f4a7c15 | 0;
    this.b = Math.imul(rotl(this.b + w, 17), 0xcc9e2d51) ^ 0x1b873593;
    this.count++;
  }

  /** Mixes a number in by its 64 bits (so 0 and -0, or two NaNs, differ as their bits do). */
  number(x: number): void {
    this.f64[0] = x;
    this.word(this.u32[0]);
    this.word(this.u32[1]);
  }

  /** Mixes in every word of `words`. */
  words(words: Uint32Array | Int32Array): void {
    let a = this.a, b = this.b;
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      a = Math.imul(rotl(a ^ w, 13), 0x9e3779b1) + 0x7f4a7c15 | 0;
      b = Math.imul(rotl(b + w, 17), 0xcc9e2d51) ^ 0x1b873593;
    }
    this.a = a;
    this.b = b;
    this.count += words.length;
  }

  /** The hash as two unsigned 32-bit halves, the word count mixed in last (so a truncated input differs). */
  digest(): [number, number] {
    let a = this.a ^ this.count, b = this.b ^ Math.imul(this.count, 0x27d4eb2f);
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b); a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35); a ^= a >>> 16;
    b = Math.imul(b ^ (b >>> 15), 0x2c1b3c6d); b = Math.imul(b ^ (b >>> 12), 0x297a2d39); b ^= b >>> 15;
    return [a >>> 0, b >>> 0];
  }
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/**
 * The fingerprint of a space as its searches see it: its size, and every
 * node's successors with their costs, in the order it lists them. Two
 * spaces with the same fingerprint answer every query alike; an edit that
 * changes an arc or a cost (a cell blocked, a weight set) changes it. O(arcs).
 */
export function spaceFingerprint(space: SearchSpace): [number, number] {
  const h = new Hash64();
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  h.word(space.size);
  for (let n = 0; n < space.size; n++) {
    const d = space.successors(n, nodes, costs);
    h.word(d);
    for (let i = 0; i < d; i++) {
      h.word(nodes[i]);
      h.number(costs[i]);
    }
  }
  return h.digest();
}
