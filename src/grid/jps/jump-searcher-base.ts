import type { QueryOptions } from '../../core/path-searcher.js';
import { cutsCorners, type Grid } from '../grid.js';
import { GridSearcherBase } from '../grid-searcher-base.js';
import { GRID_NEEDS_CHECKS, type GridSearchName } from '../grid-needs.js';
import { octileTerms } from '../heuristics.js';
import { jumpDirections } from './jump-directions.js';
import { jumpPath, jumpPathInto } from './jump-path.js';

/**
 * What the two jump point searchers (online and JPS+) share: their step
 * costs and movement model, the direction tables, the per-cell search state
 * over a raster of `stride` cells a row (padded or not), and the path read
 * back from the jump points. Each keeps its own raster (a padded bit copy,
 * or the jump table) and its own loop. The tables are fields of the
 * searcher itself, not of an object it holds: the jumps read them in their
 * innermost loops (an object of tables measured 4% slower on JPS+).
 */
export abstract class JumpSearcherBase<Options extends QueryOptions> extends GridSearcherBase<Options> {
  /** Cells a row of the searcher's raster: the grid's width, plus 2 when padded. */
  protected readonly stride: number;
  /** 1 when the raster has a border of one blocked cell, else 0. */
  private readonly border: 0 | 1;
  /** The grid's diagonal rule cannot pass a blocked corner: jump point search's forced neighbours of that model. */
  protected readonly noCut: boolean;
  protected readonly axial: number;
  protected readonly diag: number;
  // h = axial * (dx + dy + hd * min(dx, dy)): heuristics.octile for the
  // grid's diagonal cost (its scale is 1 and its parity term 0 for 1 <= d <= 2).
  protected readonly hd: number;
  // Tables over the direction index k of grid.ts (see jump-directions.ts).
  protected readonly off: Int32Array;
  protected readonly sideA: Uint8Array;
  protected readonly sideB: Uint8Array;
  protected readonly horiz: Uint8Array;
  protected readonly vert: Uint8Array;
  protected readonly join: Uint8Array;
  /** Per raster cell: g, the jump point it was reached from, the query that set them, the direction it was entered in. */
  protected readonly g: Float64Array;
  protected readonly parent: Int32Array;
  protected readonly stamp: Uint32Array;
  protected readonly dir: Uint8Array;
  protected gen = 0;
  /** The grid version the raster reflects. */
  protected version = -1;
  /** The goal's raster cell and its coordinates in the raster. */
  protected goalP = -1;
  protected goalX = 0;
  protected goalY = 0;

  /**
   * @param border 1 for a raster with a border of blocked cells, 0 without
   * @param bytesPerCell what the searcher keeps per raster cell in all (see `perCell`)
   */
  constructor(grid: Grid, who: GridSearchName, border: 0 | 1, bytesPerCell: number) {
    super(grid, who, GRID_NEEDS_CHECKS, bytesPerCell, border);
    const stride = grid.width + 2 * border, size = stride * (grid.height + 2 * border);
    this.stride = stride;
    this.border = border;
    this.noCut = !cutsCorners(grid.diagonalRule);
    this.axial = grid.cellSize;
    this.diag = grid.cellSize * grid.diagonalCost;
    this.hd = octileTerms(grid.diagonalCost)[1];
    ({ off: this.off, sideA: this.sideA, sideB: this.sideB, horiz: this.horiz, vert: this.vert, join: this.join } = jumpDirections(stride));
    this.g = this.perCell(() => new Float64Array(size));
    this.parent = this.perCell(() => new Int32Array(size));
    this.stamp = this.perCell(() => new Uint32Array(size));
    this.dir = this.perCell(() => new Uint8Array(size));
  }

  /**
   * Writes the last path cell by cell (start first, grid ids) and returns its
   * cell count; 0 without a path. Throws an `InputError` if `out` is no
   * Int32Array or too short (`grid.size` always fits).
   */
  pathInto(out: Int32Array): number {
    return jumpPathInto(this.parent, this.status === 'found' ? this.goalP : -1, this.stride, this.border, out);
  }

  /** The last path, cell by cell (grid ids), start first, or null without one (allocates). */
  path(): number[] | null {
    return jumpPath(this.parent, this.status === 'found' ? this.goalP : -1, this.stride, this.border);
  }
}
