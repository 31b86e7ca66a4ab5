import { InputError, show } from '../core/errors.js';
import type { ArcChange, ArcChangeFeed, SearchSpace } from '../core/space.js';
import { DX, DY, stepCostOn, type Grid } from './grid.js';
import { isGrid } from './grid-brand.js';

// A grid's edits as arc changes, for the searches that keep answers across
// edits (D* Lite, contraction hierarchies). Apart from the Grid class, so
// that a program that only searches a grid does not ship it: those searches
// import it and watch a grid by themselves.

/**
 * A feed of the arcs whose cost a grid's edits change (an `ArcChangeFeed`,
 * what `SearchSpace.watchArcs` returns for other spaces): it keeps a copy of
 * the raster, and each `changes()` compares every arc around each cell
 * changed since (through `setBlocked`, `setWeight` or `touch`) under the copy
 * and under the grid, then brings the copy up to date. One byte a cell (and
 * eight more once the grid has weights). D* Lite and `ContractionHierarchy`
 * make one for a grid by themselves, so `grid.setBlocked` is all it takes to
 * tell them of an edit; a space of your own built on a grid can return it
 * from its `watchArcs`.
 *
 * @example
 * ```ts
 * const feed = watchGridArcs(grid);
 * grid.setBlocked(grid.id(1, 1), true);
 * feed.changes(); // every arc into, out of and past (1, 1) that changed, with its old cost
 * ```
 */
export function watchGridArcs(grid: Grid): ArcChangeFeed {
  if (!isGrid(grid)) throw new InputError(`watchGridArcs: grid must be a Grid, got ${show(grid)}`);
  return new GridArcFeed(grid);
}

/**
 * The feed a repairing search reads from `space`: its own `watchArcs()`
 * when it has one (undefined: a value the caller checks), a grid's
 * `watchGridArcs`, or null for a space that reports no edits.
 */
export function arcFeedOf(space: SearchSpace): unknown {
  if (space.watchArcs !== undefined) return space.watchArcs();
  return isGrid(space) ? new GridArcFeed(space) : null;
}

const NO_CHANGES: readonly ArcChange[] = Object.freeze([]);

/** `watchGridArcs`: the grid's edits as arc changes, against a copy of the raster. */
class GridArcFeed implements ArcChangeFeed {
  private readonly copy: Uint8Array;
  /** The weights as of the last look; null while the grid had none. */
  private weightCopy: Float64Array | null;
  private version: number;
  private floor: number;

  constructor(private readonly grid: Grid) {
    this.copy = grid.cells.slice();
    this.weightCopy = grid.weights === null ? null : grid.weights.slice();
    this.version = grid.version;
    this.floor = grid.weightFloor;
  }

  heuristicsLowered(): boolean {
    const now = this.grid.weightFloor, lowered = now < this.floor;
    this.floor = now;
    return lowered;
  }

  changes(): readonly ArcChange[] {
    const grid = this.grid, copy = this.copy, cells = grid.cells, wts = grid.weights;
    if (grid.version === this.version) return NO_CHANGES;
    // The first weight set on an unweighted grid: the copy starts as all 1s.
    if (wts !== null && this.weightCopy === null) this.weightCopy = new Float64Array(wts.length).fill(1);
    const wCopy = this.weightCopy;
    // The cells whose state differs from the copy, in the order they changed.
    const changed: number[] = [];
    const seen = new Set<number>();
    const note = (n: number): void => {
      if ((copy[n] !== cells[n] || (wts !== null && wCopy![n] !== wts[n])) && !seen.has(n)) { seen.add(n); changed.push(n); }
    };
    this.version = grid.catchUp(this.version, note, () => { for (let n = 0; n < cells.length; n++) note(n); });
    if (changed.length === 0) return NO_CHANGES;
    // Tails of the arcs whose cost can depend on a changed cell: the 3 x 3
    // block around it (arcs into it, out of it, and the diagonals it is a side of).
    const w = grid.width, kmax = grid.maxDegree, deleted = grid.enterCost < 0;
    const tails: number[] = [];
    const tailSeen = new Set<number>();
    for (const c of changed) {
      const cx = grid.x(c), cy = grid.y(c);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!grid.inside(cx + dx, cy + dy)) continue;
          const t = c + dy * w + dx;
          if (!tailSeen.has(t)) { tailSeen.add(t); tails.push(t); }
        }
      }
    }
    // A deleted cell has no arcs out either (as `successors` says).
    const arc = (raster: Uint8Array, weights: Float64Array | null, t: number, k: number): number => {
      if (deleted && raster[t] !== 0) return Infinity;
      const c = stepCostOn(grid, raster, weights, t, k);
      return c < 0 ? Infinity : c;
    };
    const out: ArcChange[] = [];
    for (const t of tails) {
      for (let k = 0; k < kmax; k++) {
        const before = arc(copy, wCopy, t, k);
        if (before !== arc(cells, wts, t, k)) out.push({ from: t, to: t + DY[k] * w + DX[k], oldCost: before });
      }
    }
    for (const c of changed) {
      copy[c] = cells[c];
      if (wts !== null) wCopy![c] = wts[c];
    }
    return out;
  }
}

