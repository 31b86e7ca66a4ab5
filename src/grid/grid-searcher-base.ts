import { SearcherBase } from '../core/searcher-base.js';
import type { QueryOptions } from '../core/path-searcher.js';
import { allocate, type Grid } from './grid.js';
import type { GridSearchName } from './grid-needs.js';
import { checkQueryEnds, type GridChecks } from './grid-check.js';

/**
 * What every searcher of a grid shares beyond `SearcherBase`: the grid,
 * checked against the searcher's row of `GRID_NEEDS` before anything is
 * built (by `checks`: `GRID_NEEDS_CHECKS`, or the fast path's own, which
 * leaves the table out of its bundle); the grid's `version` as the edit count that a query in slices must
 * not see change; and the checks every query makes first.
 */
export abstract class GridSearcherBase<Options extends QueryOptions> extends SearcherBase<Options> {
  /** The grid every query runs on. */
  readonly grid: Grid;
  /** The searcher's name in messages, and its row of `GRID_NEEDS`. */
  protected readonly who: GridSearchName;

  /** How it checks its grid and, at every query, the grid's weights. */
  private readonly checks: GridChecks;
  /** The searcher and its grid, for the message when its per-cell state does not fit. */
  private readonly allocWho: string;
  /** What the whole searcher needs, in bytes, for that message. */
  private readonly allocBytes: number;

  /**
   * @param checks how the grid is checked against the searcher's needs
   * @param bytesPerCell what the searcher keeps per cell in all, for the
   *   message when it does not fit (see `perCell`)
   * @param border 1 when its per-cell state covers a copy of the grid with a
   *   border of one cell, else 0
   */
  constructor(grid: Grid, who: GridSearchName, checks: GridChecks, bytesPerCell = 0, border: 0 | 1 = 0) {
    super();
    checks.grid(grid, who);
    this.checks = checks;
    this.grid = grid;
    this.who = who;
    this.allocWho = `${who}: the ${grid.width} x ${grid.height} grid (${bytesPerCell} bytes a cell)`;
    this.allocBytes = Math.ceil((grid.width + 2 * border) * (grid.height + 2 * border) * bytesPerCell);
  }

  /** Allocates per-cell state; memory refused is an `InputError` that says how much the whole searcher needs. */
  protected perCell<T>(make: () => T): T {
    return allocate(make, this.allocWho, this.allocBytes);
  }

  /** The grid's edit count: a query in slices refuses to go on after an edit. */
  protected override editCount(): number {
    return this.grid.version;
  }

  /** A query's first checks (those of `checkGridQuery`): its ends, its option keys, and weights the searcher cannot take. */
  protected checkQuery(start: number, goal: number, options: Options, keys: readonly string[]): void {
    checkQueryEnds(this.grid, this.who, start, goal, options, keys);
    this.checks.weights(this.grid, this.who);
  }
}
