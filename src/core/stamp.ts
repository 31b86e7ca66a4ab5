/**
 * Generation stamps: a per-node Uint32Array says "seen in this query" by
 * holding one of the current generation's values, so a query starts in O(1)
 * by moving the generation on instead of clearing the array. A searcher that
 * marks several states (open, closed, dead end) takes `step` consecutive
 * values per generation. Zero, what a new array holds, is never a live value.
 */

/** The largest generation handed out: its `step` values still fit below 2^32. */
export const STAMP_LIMIT = 0xfffffff0;

/**
 * The generation after `gen`, `step` values wide (step >= 1, at most 16).
 * Before the counter would pass `STAMP_LIMIT` it clears the stamp arrays
 * (once in about 2^32 / step queries) and starts again at `step`.
 */
export function nextGeneration(gen: number, step: number, a: Uint32Array, b?: Uint32Array, c?: Uint32Array): number {
  if (gen + step <= STAMP_LIMIT) return gen + step;
  a.fill(0);
  b?.fill(0);
  c?.fill(0);
  return step;
}
