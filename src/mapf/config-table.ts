/**
 * Configurations (every agent's cell) seen so far, each with a value: the
 * explored set of LaCAM's search. A configuration is keyed by two 32-bit
 * hashes of its cells joined in one safe integer; equal keys are told apart
 * by comparing the cells, so a collision costs a comparison, never a wrong
 * answer.
 */
export class ConfigTable<V extends { readonly config: Int32Array }> {
  private readonly map = new Map<number, V | V[]>();
  /** Configurations stored. */
  size = 0;

  /** The value stored for `config`, or undefined. */
  get(config: Int32Array): V | undefined {
    const hit = this.map.get(hashOf(config));
    if (hit === undefined) return undefined;
    if (!Array.isArray(hit)) return same(hit.config, config) ? hit : undefined;
    return hit.find((v) => same(v.config, config));
  }

  /** Stores `value` under its configuration (not stored before). */
  add(value: V): void {
    const key = hashOf(value.config), hit = this.map.get(key);
    if (hit === undefined) this.map.set(key, value);
    else if (Array.isArray(hit)) hit.push(value);
    else this.map.set(key, [hit, value]);
    this.size++;
  }
}

function hashOf(c: Int32Array): number {
  let a = 0x811c9dc5, b = 0x9e3779b9;
  for (let i = 0; i < c.length; i++) {
    a = Math.imul(a ^ c[i], 0x01000193);
    b = Math.imul(b + c[i] + 1, 0x85ebca6b) ^ (b >>> 13);
  }
  // 32 bits of one and 21 of the other: a whole number below 2^53.
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

function same(x: Int32Array, y: Int32Array): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
