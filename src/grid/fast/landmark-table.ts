import type { Heuristic } from '../../core/heuristic.js';
import type { Grid } from '../grid.js';

// The part of the landmark heuristic the grid fast path needs to recognise
// and read it, apart from the code that builds it (landmarks.ts): a page
// that never calls `landmarks` does not ship the build (its Dijkstras, the
// choice of landmarks), since the table brings its own `freshen`.

/**
 * The precomputed distances behind a landmark heuristic, as the grid fast
 * path reads them. `table[n * count + i]` is the distance between cell n and
 * landmark i (Infinity when they are not connected, and for blocked cells).
 */
export interface LandmarkTable {
  /** The grid the distances were computed on. */
  readonly grid: Grid;
  /** The grid's `version` when they were: an older one means the table must be built again (`freshen`). */
  version: number;
  /** The landmark cells, in the order they were chosen. */
  cells: Int32Array;
  readonly count: number;
  table: Float64Array;
  /** How many times the table was built: 1 at first, one more per query that found the grid edited. */
  builds: number;
  /**
   * Builds the table again when its grid was edited since (the rule of every
   * preprocessed structure: the first use after an edit rebuilds it, so no
   * estimate is read from a stale table).
   */
  freshen(): void;
}

// How the grid fast path recognises a landmark heuristic (a plain function
// for everyone else), as heuristics.ts does for the inline ones.
const tables = new WeakMap<Heuristic, LandmarkTable>();

/** The table of a heuristic made by `landmarks`, or undefined for any other function. */
export function landmarkTable(h: Heuristic): LandmarkTable | undefined {
  return tables.get(h);
}

/** Marks `h` as the landmark heuristic of table `t` (`landmarks` does, once). */
export function attachLandmarkTable(h: Heuristic, t: LandmarkTable): void {
  tables.set(h, t);
}
