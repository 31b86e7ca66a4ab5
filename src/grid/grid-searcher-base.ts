import { SearcherBase } from '../core/searcher-base.js';
import type { QueryOptions } from '../core/path-searcher.js';
import type { Grid } from './grid.js';
import { checkGridFor, checkGridQuery, type GridSearchName } from './grid-needs.js';

/**
 * What every searcher of a grid shares beyond `SearcherBase`: the grid,
 * checked against the searcher's row of `GRID_NEEDS` before anything is
 * built; the grid's `version` as the edit count that a query in slices must
 * not see change; and the checks every query makes first.
 */
export abstract class GridSearcherBase<Options extends QueryOptions> extends SearcherBase<Options> {
  /** The grid every query runs on. */
  readonly grid: Grid;
  /** The searcher's name in messages, and its row of `GRID_NEEDS`. */
  protected readonly who: GridSearchName;

  constructor(grid: Grid, who: GridSearchName) {
    super();
    checkGridFor(grid, who);
    this.grid = grid;
    this.who = who;
  }

  /** The grid's edit count: a query in slices refuses to go on after an edit. */
  protected override editCount(): number {
    return this.grid.version;
  }

  /** A query's first checks (`checkGridQuery`): its ends, its option keys, and weights the searcher cannot take. */
  protected checkQuery(start: number, goal: number, options: Options, keys: readonly string[]): void {
    checkGridQuery(this.grid, this.who, start, goal, options, keys);
  }
}
