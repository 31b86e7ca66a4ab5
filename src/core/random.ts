/**
 * mulberry32: a tiny seeded generator of uniform floats in [0, 1). Seeded
 * samples, flips and random layouts (tests, the command line, the page's
 * "try it on random grids") come out the same on every run and machine.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
