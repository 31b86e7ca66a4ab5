/**
 * The one test of "cheaper" every search shares: a new g improves on an old
 * one only when `g < old * IMPROVE`. Sums of 1.4s (or sqrt 2s) added in a
 * different order differ in the last bits; treating that noise as an
 * improvement would re-push, reorder and reopen nodes the hand traces pin
 * down, and the grid fast path and the engine would part ways. The hot loops
 * read the constant into a local and write the comparison inline.
 */
export const IMPROVE = 1 - 1e-12;
