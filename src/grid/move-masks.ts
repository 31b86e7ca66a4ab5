import { diagonalOpen, DX, DY, type Grid } from './grid.js';

/**
 * What the masks read of a grid: a `Grid` is one; so is the plain map of
 * `bestfirst/lite`, which never changes and so never catches up.
 */
export type MaskSource = Pick<Grid, 'cells' | 'width' | 'height' | 'diagonalRule' | 'maxDegree' | 'version' | 'catchUp'>;

/**
 * A byte of allowed moves per cell of a grid (bit k for direction k of
 * grid.ts: the target is inside the grid and free, and for a diagonal the
 * diagonal rule holds; 0 for a blocked cell), kept up to date with the grid.
 * Bounds, blocked targets and the corner rule are then one bit test; this
 * does what a padded border would, without renumbering cells, so ids stay
 * the grid's own. The grid fast path and the any-angle searcher read it.
 *
 * The bits are a copy of the grid, stamped with the grid's `version`:
 * `sync()` catches up with the grid (`Grid.catchUp`), re-deriving the masks
 * around each cell changed since (through `grid.setBlocked`, `setWeight`, or
 * `grid.touch(cells)`), or all of them after `grid.touch()` or more changes
 * than the grid's log holds.
 */
export class MoveMasks {
  /** The masks, one byte a cell; read after `sync()`. Replaced when the searcher's kernel memory grows (grid-kernel.ts). */
  bits: Uint8Array;
  /** The grid version the masks reflect. */
  private version = -1;
  private readonly patchFn = (n: number): void => this.patch(n);
  private readonly reloadFn = (): void => this.reload();

  /** `bits` is the searcher's own allocation (so a refusal names the searcher), `grid.size` bytes. */
  constructor(private readonly grid: MaskSource, bits: Uint8Array) {
    this.bits = bits;
    this.refresh();
  }

  /** Brings the masks up to date with every change the grid has logged or announced. */
  sync(): void {
    this.version = this.grid.catchUp(this.version, this.patchFn, this.reloadFn);
  }

  /** Re-reads every cell (O(cells)), for a write to `grid.cells` nobody announced. */
  refresh(): void {
    this.reload();
    this.version = this.grid.version;
  }

  private reload(): void {
    const { width: w, height: h } = this.grid;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.bits[y * w + x] = this.maskOf(x, y);
  }

  /** Re-derives the masks cell n's state enters: its own and its eight neighbours'. */
  private patch(n: number): void {
    const grid = this.grid, w = grid.width, x0 = n % w, y0 = (n - x0) / w;
    const x1 = Math.min(w - 1, x0 + 1), y1 = Math.min(grid.height - 1, y0 + 1);
    for (let y = Math.max(0, y0 - 1); y <= y1; y++) {
      for (let x = Math.max(0, x0 - 1); x <= x1; x++) this.bits[y * w + x] = this.maskOf(x, y);
    }
  }

  /** The moves allowed from (x, y) as bits, bit k for direction k of grid.ts. */
  private maskOf(x: number, y: number): number {
    const grid = this.grid, cells = grid.cells, w = grid.width, h = grid.height, rule = grid.diagonalRule;
    if (cells[y * w + x] !== 0) return 0;
    const kmax = grid.maxDegree;
    let mask = 0;
    for (let k = 0; k < kmax; k++) {
      const tx = x + DX[k], ty = y + DY[k];
      if (tx < 0 || ty < 0 || tx >= w || ty >= h || cells[ty * w + tx] !== 0) continue;
      // A diagonal's side cells (tx, y) and (x, ty) are inside whenever its target is.
      if (k >= 4 && !diagonalOpen(rule, cells[y * w + tx] !== 0, cells[ty * w + x] !== 0)) continue;
      mask |= 1 << k;
    }
    return mask;
  }
}
