import type { SearchSpace } from './space.js';

/**
 * When a diagonal step (x,y) -> (x+dx,y+dy) is allowed, judged by its two
 * side cells (x+dx,y) and (x,y+dy):
 * - `always`: never looks at the side cells (corner cutting allowed);
 * - `never`: no diagonal steps at all;
 * - `no-corner-cutting`: both side cells free (the Moving AI rule);
 * - `at-most-one-blocked`: cutting a corner is fine, squeezing between two blocked cells is not.
 */
export type DiagonalRule = 'always' | 'never' | 'no-corner-cutting' | 'at-most-one-blocked';

export const DIAGONAL_RULES: readonly DiagonalRule[] = ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked'];

/** What a blocked cell is: deleted from the graph, or a node that costs `enterCost` to enter (Choset's 10000). */
export type BlockedModel = 'delete' | { readonly enterCost: number };

export interface GridOptions {
  /** 4 or 8 neighbours. Default 8. */
  connectivity?: 4 | 8;
  /** Default `no-corner-cutting`. Ignored (treated as `never`) when 4-connected. */
  diagonalRule?: DiagonalRule;
  /** Cost of a diagonal step in cells. Default Math.SQRT2; Choset's worlds use 1.4. */
  diagonalCost?: number;
  /** Length of a cell side; every step cost is multiplied by it. Default 1. */
  cellSize?: number;
  /** Default `delete`. */
  blocked?: BlockedModel;
}

/** Neighbour order: E, S, W, N, then SE, SW, NW, NE (y grows downward). */
export const DX: readonly number[] = [1, 0, -1, 0, 1, -1, -1, 1];
export const DY: readonly number[] = [0, 1, 0, -1, 1, 1, -1, -1];

/**
 * A raster of cells. Node ids are `y * width + x` with (x, y) in the Moving AI
 * convention: x the column from the left, y the row from the **top**, both
 * 0-based. The chapter's worlds print 1-based (col, row) with row 1 at the
 * **bottom**; those go through `idColRow` / `colRow`, never through `id`.
 */
export class Grid implements SearchSpace {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly connectivity: 4 | 8;
  readonly diagonalRule: DiagonalRule;
  readonly diagonalCost: number;
  readonly cellSize: number;
  /** Entry cost of a blocked cell, or -1 when blocked cells are deleted. */
  readonly enterCost: number;
  readonly maxDegree: number;
  /** 1 where the cell is blocked. Mutate through `setBlocked` (or call `touch` after writing it). */
  readonly cells: Uint8Array;
  /** Bumped by every change to `cells` made through `setBlocked` or announced by `touch`. */
  version = 0;
  private readonly axialStep: number;
  private readonly diagonalStep: number;

  constructor(width: number, height: number, cells?: ArrayLike<number>, options: GridOptions = {}) {
    if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1) {
      throw new RangeError(`Grid: width and height must be integers >= 1, got ${width} x ${height}`);
    }
    if (width * height > 0x7fffffff) {
      throw new RangeError(`Grid: ${width} x ${height} has more cells than node ids can name (2^31 - 1)`);
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.cells = new Uint8Array(this.size);
    if (cells !== undefined) {
      if (cells.length !== this.size) {
        throw new RangeError(`Grid: cells has length ${cells.length}, expected width * height = ${this.size}`);
      }
      for (let i = 0; i < this.size; i++) this.cells[i] = cells[i] ? 1 : 0;
    }
    const connectivity = options.connectivity ?? 8;
    if (connectivity !== 4 && connectivity !== 8) {
      throw new RangeError(`Grid: connectivity must be 4 or 8, got ${String(connectivity)}`);
    }
    this.connectivity = connectivity;
    const rule = options.diagonalRule ?? 'no-corner-cutting';
    if (!DIAGONAL_RULES.includes(rule)) {
      throw new RangeError(`Grid: diagonalRule must be one of ${DIAGONAL_RULES.join(', ')}, got ${String(rule)}`);
    }
    this.diagonalRule = connectivity === 4 ? 'never' : rule;
    this.diagonalCost = positive(options.diagonalCost ?? Math.SQRT2, 'diagonalCost');
    this.cellSize = positive(options.cellSize ?? 1, 'cellSize');
    const blocked = options.blocked ?? 'delete';
    if (blocked === 'delete') {
      this.enterCost = -1;
    } else if (typeof blocked === 'object' && blocked !== null && Number.isFinite(blocked.enterCost) && blocked.enterCost >= 0) {
      this.enterCost = blocked.enterCost;
    } else {
      throw new RangeError(`Grid: blocked must be 'delete' or { enterCost: finite number >= 0 }, got ${JSON.stringify(blocked)}`);
    }
    this.maxDegree = this.diagonalRule === 'never' ? 4 : 8;
    this.axialStep = this.cellSize;
    this.diagonalStep = this.cellSize * this.diagonalCost;
  }

  /** A grid from ASCII rows, top row first: `#` blocked, `.` free. */
  static fromAscii(rows: string | readonly string[], options: GridOptions = {}): Grid {
    const lines = typeof rows === 'string' ? rows.split(/\r?\n/).filter((l) => l.length > 0) : rows;
    if (lines.length === 0) throw new RangeError('Grid.fromAscii: no rows given');
    const width = lines[0].length;
    const cells = new Uint8Array(width * lines.length);
    lines.forEach((line, y) => {
      if (line.length !== width) {
        throw new RangeError(`Grid.fromAscii: row ${y + 1} has ${line.length} characters, expected ${width} (the width of row 1)`);
      }
      for (let x = 0; x < width; x++) {
        const ch = line[x];
        if (ch === '#') cells[y * width + x] = 1;
        else if (ch !== '.') {
          throw new RangeError(`Grid.fromAscii: row ${y + 1}, column ${x + 1}: unexpected ${JSON.stringify(ch)}, expected '#' (blocked) or '.' (free)`);
        }
      }
    });
    return new Grid(width, lines.length, cells, options);
  }

  /** The same raster and options with some overridden (cells are copied). */
  with(options: GridOptions): Grid {
    return new Grid(this.width, this.height, this.cells, { ...this.options(), ...options });
  }

  options(): GridOptions {
    return {
      connectivity: this.connectivity,
      diagonalRule: this.connectivity === 4 ? 'no-corner-cutting' : this.diagonalRule,
      diagonalCost: this.diagonalCost,
      cellSize: this.cellSize,
      blocked: this.enterCost < 0 ? 'delete' : { enterCost: this.enterCost },
    };
  }

  // --- coordinates -------------------------------------------------------

  /** Node id of (x, y), y from the top, 0-based. Throws outside the grid. */
  id(x: number, y: number): number {
    if (!this.inside(x, y)) {
      throw new RangeError(`Grid: (x=${x}, y=${y}) is outside the ${this.width} x ${this.height} grid (x in 0..${this.width - 1}, y in 0..${this.height - 1})`);
    }
    return y * this.width + x;
  }
  x(n: number): number { return n % this.width; }
  y(n: number): number { return (n - (n % this.width)) / this.width; }
  inside(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** Node id of the chapter's 1-based (col, row), row 1 at the bottom. */
  idColRow(col: number, row: number): number {
    if (!this.inside(col - 1, this.height - row)) {
      throw new RangeError(`Grid: (col=${col}, row=${row}) is outside the grid (col in 1..${this.width}, row in 1..${this.height}, row 1 at the bottom)`);
    }
    return (this.height - row) * this.width + (col - 1);
  }
  /** The chapter's (col, row) of a node: 1-based, row 1 at the bottom. */
  colRow(n: number): [col: number, row: number] {
    return [this.x(n) + 1, this.height - this.y(n)];
  }
  /** "(col,row)" as the chapter prints it. */
  formatColRow(n: number): string {
    const [c, r] = this.colRow(n);
    return `(${c},${r})`;
  }
  /** "(x,y)" in the Moving AI / lesson convention. */
  formatXY(n: number): string {
    return `(${this.x(n)},${this.y(n)})`;
  }

  // --- cells ---------------------------------------------------------------

  isBlocked(n: number): boolean { return this.cells[n] !== 0; }
  setBlocked(n: number, blocked: boolean): void {
    this.cells[n] = blocked ? 1 : 0;
    this.version++;
  }
  /**
   * Call after writing `cells` directly: bumps `version`, which searchers that
   * keep a copy of the raster (the grid fast path, jump point search) compare
   * to refresh themselves.
   */
  touch(): void { this.version++; }
  /** Number of cells that are not blocked. */
  freeCount(): number {
    let k = 0;
    for (let i = 0; i < this.size; i++) if (this.cells[i] === 0) k++;
    return k;
  }

  /**
   * Throws unless `n` is a cell a search may start or end on: inside the grid,
   * and not blocked when blocked cells are deleted. `what` names the argument.
   */
  checkEndpoint(n: number, what: string): void {
    if (!Number.isInteger(n) || n < 0 || n >= this.size) {
      throw new RangeError(`${what} must be a cell id in 0..${this.size - 1} of the ${this.width} x ${this.height} grid, got ${n}`);
    }
    if (this.enterCost < 0 && this.cells[n] !== 0) {
      throw new RangeError(`${what} ${this.formatXY(n)} (x, y from the top) is a blocked cell`);
    }
  }

  /** Cost of the step from n to its neighbour at offset k of DX/DY, or -1 if not allowed. */
  stepCost(n: number, k: number): number {
    const x = this.x(n) + DX[k], y = this.y(n) + DY[k];
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    const m = y * this.width + x;
    const del = this.enterCost < 0;
    if (del && this.cells[m] !== 0) return -1;
    if (k >= 4 && !this.diagonalAllowed(n, k)) return -1;
    if (!del && this.cells[m] !== 0) return this.enterCost;
    return k < 4 ? this.axialStep : this.diagonalStep;
  }

  private diagonalAllowed(n: number, k: number): boolean {
    const rule = this.diagonalRule;
    if (rule === 'always') return true;
    if (rule === 'never') return false;
    const a = this.cells[n + DX[k]]; // side cell (x+dx, y)
    const b = this.cells[n + DY[k] * this.width]; // side cell (x, y+dy)
    return rule === 'no-corner-cutting' ? (a | b) === 0 : (a & b) === 0;
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const w = this.width, x = n % w, y = (n - x) / w;
    const del = this.enterCost < 0;
    // A deleted cell has no arcs either way (predecessors agrees), so a search
    // that reaches one anyway (a robot on a cell that just closed) sees a dead end.
    if (del && this.cells[n] !== 0) return 0;
    const kmax = this.diagonalRule === 'never' ? 4 : 8;
    let count = 0;
    for (let k = 0; k < kmax; k++) {
      const nx = x + DX[k], ny = y + DY[k];
      if (nx < 0 || ny < 0 || nx >= w || ny >= this.height) continue;
      const m = n + DY[k] * w + DX[k];
      const blocked = this.cells[m] !== 0;
      if (del && blocked) continue;
      if (k >= 4 && !this.diagonalAllowed(n, k)) continue;
      nodes[count] = m;
      costs[count] = blocked ? this.enterCost : k < 4 ? this.axialStep : this.diagonalStep;
      count++;
    }
    return count;
  }

  /** Predecessors p of n with c(p, n): the same neighbours, charged for entering n. */
  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const w = this.width, x = n % w, y = (n - x) / w;
    const del = this.enterCost < 0;
    const nBlocked = this.cells[n] !== 0;
    if (del && nBlocked) return 0;
    const kmax = this.diagonalRule === 'never' ? 4 : 8;
    let count = 0;
    for (let k = 0; k < kmax; k++) {
      const nx = x + DX[k], ny = y + DY[k];
      if (nx < 0 || ny < 0 || nx >= w || ny >= this.height) continue;
      const p = n + DY[k] * w + DX[k];
      if (del && this.cells[p] !== 0) continue;
      // The side cells of p -> n are the side cells of n -> p: the rule is symmetric.
      if (k >= 4 && !this.diagonalAllowed(n, k)) continue;
      nodes[count] = p;
      costs[count] = nBlocked ? this.enterCost : k < 4 ? this.axialStep : this.diagonalStep;
      count++;
    }
    return count;
  }

  /** The raster as ASCII rows, top row first. */
  toAscii(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let s = '';
      for (let x = 0; x < this.width; x++) s += this.cells[y * this.width + x] ? '#' : '.';
      rows.push(s);
    }
    return rows;
  }
}

function positive(v: number, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
    throw new RangeError(`Grid: ${name} must be a finite number > 0, got ${v}`);
  }
  return v;
}
