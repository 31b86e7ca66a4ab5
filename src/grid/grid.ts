import { InputError, show } from '../core/errors.js';
import type { ArcChange, ArcChangeFeed, SearchSpace } from '../core/space.js';

/**
 * When a diagonal step (x,y) -> (x+dx,y+dy) is allowed, judged by its two
 * side cells (x+dx,y) and (x,y+dy):
 * - `always`: never looks at the side cells (corner cutting allowed);
 * - `never`: no diagonal steps at all;
 * - `no-corner-cutting`: both side cells free (the Moving AI rule);
 * - `at-most-one-blocked`: cutting a corner is fine, squeezing between two blocked cells is not.
 */
export type DiagonalRule = 'always' | 'never' | 'no-corner-cutting' | 'at-most-one-blocked';

/** Every `DiagonalRule`, for menus and for checking a value read from outside. */
export const DIAGONAL_RULES: readonly DiagonalRule[] = ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked'];

/**
 * Whether `rule` allows a diagonal step whose two side cells are blocked (or
 * not) as given: the one definition every neighbour generator reads (the
 * grid, the fast path's move masks, the unbounded grid).
 */
export function diagonalOpen(rule: DiagonalRule, sideABlocked: boolean, sideBBlocked: boolean): boolean {
  switch (rule) {
    case 'always': return true;
    case 'never': return false;
    case 'no-corner-cutting': return !sideABlocked && !sideBBlocked;
    default: return !(sideABlocked && sideBBlocked);
  }
}

/**
 * Whether a diagonal step may pass a blocked corner (one side cell blocked,
 * the other free): what tells jump point search's two movement models apart
 * (their forced neighbours differ), read off `diagonalOpen`.
 */
export function cutsCorners(rule: DiagonalRule): boolean {
  return diagonalOpen(rule, true, false);
}

/**
 * `diagonalOpen` as four bits, for loops too hot for a call: bit `a + 2 b`
 * is set when a diagonal step is open with its side cell A blocked (a = 1)
 * or free (a = 0), and B likewise. A loop tests a step as
 * `(bits >> (aBlocked | bBlocked << 1)) & 1`; 15 is a rule that opens every
 * diagonal step (`always`).
 */
export function diagonalBits(rule: DiagonalRule): number {
  let bits = 0;
  for (let i = 0; i < 4; i++) if (diagonalOpen(rule, (i & 1) !== 0, (i & 2) !== 0)) bits |= 1 << i;
  return bits;
}

/**
 * The most cells a grid may have: node ids are int32 (the fast path adds
 * offsets to them in int32 arithmetic). Node 20 on 64 bits allocates typed
 * arrays of up to 2^32 elements, so the ids, not the arrays, are the limit.
 */
export const MAX_GRID_CELLS = 0x7fffffff;

/**
 * Changes `setBlocked` and `touch(cells)` remember (one cell id each), so that
 * a copy of the raster catches up in O(changes) rather than O(cells); a copy
 * further behind than this reloads everything. 4096 ids: 16 KiB, allocated on
 * the first change.
 */
export const CHANGE_LOG_SIZE = 4096;

/**
 * What a blocked cell is: `delete`d from the graph (no arc enters or leaves
 * it; a search may not start or end on it), or a node that costs `enterCost`
 * to enter (Choset's model, with 10000), so a path may cross it at a price.
 */
export type BlockedModel = 'delete' | {
  /**
   * The cost of any step into a blocked cell, straight or diagonal: a finite
   * number >= 0, used as given (not multiplied by `cellSize`). Leaving a
   * blocked cell costs the usual step.
   */
  readonly enterCost: number;
};

/**
 * The options of a `Grid` (its constructor, `fromAscii`, `fromMatrix`,
 * `with`). A value of the wrong type or range, or an unknown key, is an
 * `InputError`.
 */
export interface GridOptions {
  /** 4 or 8 neighbours. Default 8. */
  connectivity?: 4 | 8;
  /** When a diagonal step is allowed (see `DiagonalRule`). Default `no-corner-cutting`. Ignored (treated as `never`) when 4-connected. */
  diagonalRule?: DiagonalRule;
  /**
   * Cost of a diagonal step in cells, any number > 0. Default Math.SQRT2;
   * Choset's worlds use 1.4. `octile` stays admissible for every value (see
   * `octileTerms`); jump point search needs 1 to 2.
   */
  diagonalCost?: number;
  /**
   * Length of a cell side, in whatever unit costs are wanted in (metres, say):
   * a finite number > 0, default 1. Every step between free cells costs its
   * length in cells times `cellSize` (an axial step `cellSize`, a diagonal
   * `cellSize * diagonalCost`), and the grid heuristics scale with it. The
   * cost of entering a blocked cell, `blocked.enterCost`, is not scaled: it
   * is used as given.
   */
  cellSize?: number;
  /** What a blocked cell is: `delete` (the default) or `{ enterCost }` (see `BlockedModel`). */
  blocked?: BlockedModel;
  /**
   * A weight per cell (`width * height` numbers, row by row from the top):
   * a finite number > 0, or `Infinity` for a lethal cell, which is blocked.
   * A step costs its length (as above) times the weight of the cell it
   * enters, the convention of Godot's `AStarGrid2D` and easystarjs; so a
   * weighted grid is directed (A -> B costs B's weight, B -> A costs A's),
   * and `predecessors` charges each arc for its head. Without it every
   * weight is 1 and costs are those of an unweighted grid, bit for bit.
   * Change weights with `setWeight`. See `weightFloor` for the heuristics.
   */
  weights?: ArrayLike<number>;
  /**
   * A number every weight is at least, a finite number > 0: the grid's
   * heuristics (`octile(grid)` and the others) are multiplied by it, which
   * keeps them admissible and consistent. Without it the floor is the
   * smallest weight the grid holds, followed as weights change. State one
   * when a few cells weigh much less than the rest (a road through mud):
   * the smallest weight present then makes every estimate small and A* close
   * to Dijkstra, and a stated floor keeps it there for good. A weight below
   * it (given or set) is an `InputError`.
   */
  weightFloor?: number;
  /**
   * An area id per cell, a whole number 0 to 255 (`width * height` of them,
   * row by row from the top): what kind of ground the cell is (road, mud,
   * water; a Moving AI map's terrain letter). Searches do not read it;
   * `filterAreas(grid, filter)` makes the grid one kind of agent sees, with
   * each area's weight or exclusion (Recast/Detour's query filters).
   */
  areas?: ArrayLike<number>;
}

/**
 * Set by `Grid.view` for the one constructor call it makes: the constructor
 * then keeps the caller's arrays instead of copying them. (A token, not a
 * constructor parameter: `new Grid` stays the one public way to make a grid
 * that owns its cells.)
 */
let viewing = false;

const OPTION_NAMES = ['connectivity', 'diagonalRule', 'diagonalCost', 'cellSize', 'blocked', 'weights', 'weightFloor', 'areas'];

/**
 * A cell as `[x, y]`: x the column from the left, y the row from the top,
 * both 0-based (the Moving AI convention). The one name for a cell's
 * coordinates, on a `Grid` and on the unbounded grid of `pathAmong`.
 * (`bestfirst/cspace`'s `Point` is another idea: a position in metres.)
 */
export type XY = readonly [x: number, y: number];

/** Neighbour order: E, S, W, N, then SE, SW, NW, NE (y grows downward). */
export const DX: readonly number[] = [1, 0, -1, 0, 1, -1, -1, 1];
export const DY: readonly number[] = [0, 1, 0, -1, 1, 1, -1, -1];

/** The direction k with (DX[k], DY[k]) = (dx, dy), or -1 when (dx, dy) is not a step to a neighbouring cell. */
export function directionOf(dx: number, dy: number): number {
  for (let k = 0; k < 8; k++) if (DX[k] === dx && DY[k] === dy) return k;
  return -1;
}

/**
 * A raster of cells, free or blocked, searched as a `SearchSpace`. Node ids
 * are `y * width + x` with (x, y) in the Moving AI convention: x the column
 * from the left, y the row from the **top**, both 0-based. The chapter's
 * worlds print 1-based (col, row) with row 1 at the **bottom**; those go
 * through `idColRow` / `colRow`, never through `id`.
 *
 * `new Grid(width, height, cells?, options?)` takes `cells` as `width *
 * height` numbers (0 free, anything else blocked) or booleans, row by row
 * from the top; without it every cell is free. A bad size (integers >= 1, at
 * most `MAX_GRID_CELLS` cells), cells list or option is an `InputError`.
 * Change cells with `setBlocked`, so every searcher's copy follows.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['..#', '...'], { connectivity: 4 });
 * const r = astar(grid, grid.id(0, 0), grid.id(2, 1), octile(grid)); // cost 3
 * grid.setBlocked(grid.id(1, 1), true); // every searcher sees it at its next query
 * ```
 */
export class Grid implements SearchSpace {
  /** Cells across (columns). */
  readonly width: number;
  /** Cells down (rows). */
  readonly height: number;
  readonly size: number;
  /** 4 (axial steps only) or 8 (diagonals too, under `diagonalRule`). */
  readonly connectivity: 4 | 8;
  /** When a diagonal step is allowed; `never` on a 4-connected grid. */
  readonly diagonalRule: DiagonalRule;
  /** Cost of a diagonal step in cells (before `cellSize`). */
  readonly diagonalCost: number;
  /** Length of a cell side: axial steps cost this, diagonal ones `cellSize * diagonalCost`. */
  readonly cellSize: number;
  /** Entry cost of a blocked cell, or -1 when blocked cells are deleted. */
  readonly enterCost: number;
  readonly maxDegree: number;
  /**
   * 1 where the cell is blocked. Change it through `setBlocked`. Writing it
   * directly is supported only when followed by `touch()` (or `touch(cells)`)
   * before the next query: searchers that keep a copy of the raster (the
   * grid fast path, jump point search) learn of changes through `version`,
   * and a write they are not told of leaves them answering for the old map.
   * On a view (`Grid.view`) it is the caller's array, never written.
   */
  readonly cells: Uint8Array;
  /**
   * True for a grid made by `Grid.view`: its cells, weights and areas are
   * the caller's arrays, not copies, and every edit (`setBlocked`,
   * `setWeight`, `touch`) is refused with an `InputError`.
   */
  readonly readOnly: boolean;
  /**
   * The weight of every cell (see `GridOptions.weights`), or null while the
   * grid is unweighted (every weight 1). A blocked cell keeps the weight it
   * had, which it gets back when it is freed with `setBlocked`. Change it
   * through `setWeight`; a direct write needs `touch` as `cells` does, and
   * changes the weight only (a blocked cell stays blocked; an Infinity
   * written here blocks the cell at `touch`, leaving weight 1).
   */
  get weights(): Float64Array | null { return this.wts; }
  private wts: Float64Array | null = null;
  /** The area id of every cell (see `GridOptions.areas`), or null when the grid has none. */
  readonly areas: Uint8Array | null;
  /** The floor the user stated, or 0 when the floor follows the smallest weight. */
  private readonly statedFloor: number;
  // The smallest weight held; stale (recomputed when read) after the cell that
  // held it was raised or after an unnamed write.
  private minWeight = 1;
  private minStale = false;
  /**
   * Cells whose weight a refused `touch` left as the caller wrote it (not a
   * number > 0 at or above the floor), or null. The grid keeps no copy to
   * put the old weight back from, so until a write puts valid weights there
   * (`setWeight`, or a `touch` that passes) every query refuses the grid:
   * a search over a negative weight could loop for ever.
   */
  private badWeights: number[] | null = null;
  private ver = 0;
  // The change log: the cell changed by version u sits at log[u % CHANGE_LOG_SIZE]
  // for every u in (logFloor, ver]; versions up to logFloor are not logged.
  private log: Int32Array | null = null;
  private logFloor = 0;
  private readonly axialStep: number;
  private readonly diagonalStep: number;

  constructor(width: number, height: number, cells?: ArrayLike<number | boolean>, options: GridOptions = {}) {
    const view = viewing;
    viewing = false;
    if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1) {
      throw new InputError(`Grid: width and height must be integers >= 1, got ${show(width)} x ${show(height)}`);
    }
    if (width * height > MAX_GRID_CELLS) {
      throw new InputError(`Grid: ${width} x ${height} has more cells than node ids can name (2^31 - 1): width * height must be at most ${MAX_GRID_CELLS}`);
    }
    const size = width * height;
    if (view) checkViewCells(cells, size);
    else if (cells !== undefined) checkCells(cells, size);
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new InputError(`Grid: options must be an object, got ${show(options)}`);
    }
    for (const key of Object.keys(options)) {
      if (!OPTION_NAMES.includes(key)) throw new InputError(`Grid: unknown option ${show(key)}; the options are ${OPTION_NAMES.join(', ')}`);
    }
    // An option given as null is refused like any other wrong value (never read as "not given").
    const connectivity = options.connectivity === undefined ? 8 : options.connectivity;
    if (connectivity !== 4 && connectivity !== 8) {
      throw new InputError(`Grid: connectivity must be 4 or 8, got ${show(connectivity)}`);
    }
    const rule = options.diagonalRule === undefined ? 'no-corner-cutting' : options.diagonalRule;
    if (!DIAGONAL_RULES.includes(rule)) {
      throw new InputError(`Grid: diagonalRule must be one of ${DIAGONAL_RULES.join(', ')}, got ${typeof rule === 'string' ? rule : show(rule)}`);
    }
    const diagonalCost = positive(options.diagonalCost === undefined ? Math.SQRT2 : options.diagonalCost, 'diagonalCost');
    const cellSize = positive(options.cellSize === undefined ? 1 : options.cellSize, 'cellSize');
    const blocked = options.blocked === undefined ? 'delete' : options.blocked;
    let enterCost: number;
    if (blocked === 'delete') {
      enterCost = -1;
    } else if (typeof blocked === 'object' && blocked !== null && typeof blocked.enterCost === 'number' && Number.isFinite(blocked.enterCost) && blocked.enterCost >= 0
      && Object.keys(blocked).length === 1) {
      enterCost = blocked.enterCost;
    } else {
      const got = typeof blocked === 'object' && blocked !== null && !Array.isArray(blocked) ? `{ ${Object.keys(blocked).map((k) => `${k}: ${show((blocked as unknown as Record<string, unknown>)[k])}`).join(', ')} }` : show(blocked);
      throw new InputError(`Grid: blocked must be 'delete' or { enterCost: finite number >= 0 }, got ${got}`);
    }
    this.width = width;
    this.height = height;
    this.size = size;
    this.readOnly = view;
    if (view) this.cells = cells as Uint8Array;
    else {
      this.cells = allocate(() => new Uint8Array(size), `Grid: ${width} x ${height}`, size);
      if (cells !== undefined) for (let i = 0; i < size; i++) this.cells[i] = cells[i] ? 1 : 0;
    }
    this.connectivity = connectivity;
    this.diagonalRule = connectivity === 4 ? 'never' : rule;
    this.diagonalCost = diagonalCost;
    this.cellSize = cellSize;
    this.enterCost = enterCost;
    this.maxDegree = this.diagonalRule === 'never' ? 4 : 8;
    this.axialStep = this.cellSize;
    this.diagonalStep = this.cellSize * this.diagonalCost;
    this.checkSums(1, `Grid: cellSize ${cellSize} and diagonalCost ${diagonalCost}`);
    if (enterCost > 0) this.checkSums(enterCost / Math.max(this.axialStep, this.diagonalStep), 'Grid: blocked.enterCost');
    const floor = options.weightFloor;
    if (floor !== undefined && (typeof floor !== 'number' || !Number.isFinite(floor) || floor <= 0)) {
      throw new InputError(`Grid: weightFloor must be a finite number > 0, got ${show(floor)}`);
    }
    this.statedFloor = floor === undefined ? 0 : floor;
    this.areas = options.areas === undefined ? null : this.readAreas(options.areas);
    if (options.weights !== undefined) this.loadWeights(options.weights);
    else if (this.statedFloor > 1) {
      throw new InputError(`Grid: weightFloor ${this.statedFloor} is above 1, the weight of every cell of a grid without weights`);
    }
  }

  /**
   * The one rule for costs that overflow (see `costOverflow`), checked where
   * the grid's costs are set: a path crosses each cell at most once, so when
   * the dearest step (weight times the longer step) times the number of
   * cells is a finite number, every path's cost is. `where` names the value.
   */
  private checkSums(weight: number, where: string): void {
    const step = weight * Math.max(this.axialStep, this.diagonalStep);
    if (!(step * this.size < Infinity)) {
      throw new InputError(`${where}: a step of this grid costs ${show(step)}, and a path over its ${this.size} cells could cost more than the largest number (about 1.8e308); costs must be small enough that every path's total is finite`);
    }
  }

  /** Checks and copies `GridOptions.areas` (a view keeps the caller's Uint8Array). */
  private readAreas(areas: ArrayLike<number>): Uint8Array {
    const size = this.size;
    if (this.readOnly) return viewLayer(areas, Uint8Array, 'areas', size, 'area ids (whole numbers 0 to 255)');
    if (areas === null || typeof areas !== 'object' || !Number.isInteger(areas.length)) {
      throw new InputError(`Grid: areas must be an array or typed array of ${size} area ids (whole numbers 0 to 255), got ${show(areas)}`);
    }
    if (areas.length !== size) throw new InputError(`Grid: areas has length ${areas.length}, expected width * height = ${size}`);
    if (!(areas instanceof Uint8Array)) {
      for (let i = 0; i < size; i++) {
        const a = areas[i];
        if (typeof a !== 'number' || !Number.isInteger(a) || a < 0 || a > 255) {
          throw new InputError(`Grid: areas[${i}] (x=${i % this.width}, y=${Math.floor(i / this.width)}) is ${show(a)}, expected an area id, a whole number 0 to 255`);
        }
      }
    }
    return allocate(() => Uint8Array.from(areas), `Grid: the ${this.width} x ${this.height} area layer`, size);
  }

  /** Reads `GridOptions.weights` into the weight layer; Infinity blocks the cell. */
  private loadWeights(weights: ArrayLike<number>): void {
    const size = this.size;
    if (weights === null || typeof weights !== 'object' || !Number.isInteger(weights.length)) {
      throw new InputError(`Grid: weights must be an array or typed array of ${size} numbers (finite > 0, or Infinity for lethal), got ${show(weights)}`);
    }
    if (weights.length !== size) throw new InputError(`Grid: weights has length ${weights.length}, expected width * height = ${size}`);
    const view = this.readOnly ? viewLayer(weights, Float64Array, 'weights', size, 'weights (finite numbers > 0)') : null;
    const floor = this.statedFloor;
    for (let i = 0; i < size; i++) {
      const v = weights[i];
      if (typeof v !== 'number' || !(v > 0)) {
        throw new InputError(`Grid: weights[${i}] (x=${i % this.width}, y=${Math.floor(i / this.width)}) is ${show(v)}, expected a finite number > 0, or Infinity for a lethal (blocked) cell`);
      }
      // The constructor turns a lethal weight into a blocked cell, a write a view may not make.
      if (view !== null && v === Infinity) {
        throw new InputError(`Grid.view: weights[${i}] (x=${i % this.width}, y=${Math.floor(i / this.width)}) is Infinity, and a view cannot block the cell for it: block it in cells and give it a finite weight`);
      }
      if (v < floor) throw new InputError(`Grid: weights[${i}] (x=${i % this.width}, y=${Math.floor(i / this.width)}) is ${v}, below the weightFloor ${floor}`);
      if (v !== Infinity) this.checkSums(v, `Grid: weights[${i}]`);
    }
    if (view !== null) {
      this.wts = view;
      this.minStale = true;
      return;
    }
    const layer = allocate(() => new Float64Array(size), `Grid: the ${this.width} x ${this.height} weight layer`, size * 8);
    for (let i = 0; i < size; i++) {
      const v = weights[i];
      if (v === Infinity) { this.cells[i] = 1; layer[i] = 1; } else layer[i] = v;
    }
    this.wts = layer;
    this.minStale = true;
  }

  /**
   * A read-only grid over `cells` as they are, not copied: the caller's
   * `Uint8Array` (0 free, 1 blocked, row by row from the top) becomes the
   * grid's `cells`, and `options.weights` (a `Float64Array`) and
   * `options.areas` (a `Uint8Array`), when given, its layers, also uncopied.
   * For memory one grid's worth of cells can be searched from many places:
   * the same map on every worker thread (the arrays over one
   * `SharedArrayBuffer`), or a big map searched without a second copy.
   *
   * The caller promises not to write those arrays while the grid is in use:
   * searchers that keep their own copy (the move masks of the fast path,
   * jump point search's raster) would not know. The grid itself refuses
   * every edit (`setBlocked`, `setWeight`, `touch`) with an `InputError`;
   * `with()` makes an editable copy. Everything else is checked as `new
   * Grid` checks it, and a cell other than 0 or 1, a layer of another type,
   * or an Infinity weight (which would need a cell blocked) is refused.
   *
   * @example
   * ```ts
   * const cells = new Uint8Array(new SharedArrayBuffer(w * h)); // filled once, then only read
   * const grid = Grid.view(w, h, cells); // grid.cells === cells, grid.readOnly === true
   * ```
   */
  static view(width: number, height: number, cells: Uint8Array, options: GridOptions = {}): Grid {
    viewing = true;
    try {
      return new Grid(width, height, cells, options);
    } finally {
      viewing = false;
    }
  }

  /**
   * A grid from ASCII rows, top row first: `#` blocked, `.` free. A string is
   * split at its line breaks; blank lines before the first row and after the
   * last are ignored (so a template literal may start and end on its own
   * line), and a blank line between rows is an error.
   *
   *     Grid.fromAscii(`
   *     ..#
   *     ...
   *     `); // 3 x 2, (2,0) blocked
   */
  static fromAscii(rows: string | readonly string[], options: GridOptions = {}): Grid {
    let lines: readonly string[];
    if (typeof rows === 'string') {
      const all = rows.split(/\r?\n/);
      let a = 0, b = all.length;
      while (a < b && all[a].trim() === '') a++;
      while (b > a && all[b - 1].trim() === '') b--;
      lines = all.slice(a, b);
      const first = a + 1; // line number of lines[0] in the string, for messages
      if (lines.length === 0) throw new InputError('Grid.fromAscii: no rows given (the string is empty or blank)');
      const blank = lines.findIndex((l) => l.trim() === '');
      if (blank >= 0) {
        throw new InputError(`Grid.fromAscii: row ${blank + 1} (line ${first + blank} of the string) is blank; rows must follow each other, only blank lines before the first row and after the last are ignored`);
      }
    } else if (Array.isArray(rows)) {
      lines = rows;
      if (lines.length === 0) throw new InputError('Grid.fromAscii: no rows given');
      lines.forEach((l, y) => {
        if (typeof l !== 'string') throw new InputError(`Grid.fromAscii: row ${y + 1} is ${show(l)}, expected a string of '#' and '.'`);
        if (l.length === 0) throw new InputError(`Grid.fromAscii: row ${y + 1} is empty`);
      });
    } else {
      throw new InputError(`Grid.fromAscii: rows must be a string or an array of strings, got ${show(rows)}`);
    }
    const width = lines[0].length;
    const cells = new Uint8Array(width * lines.length);
    lines.forEach((line, y) => {
      if (line.length !== width) {
        throw new InputError(`Grid.fromAscii: row ${y + 1} has ${line.length} characters, expected ${width} (the width of row 1)`);
      }
      for (let x = 0; x < width; x++) {
        const ch = line[x];
        if (ch === '#') cells[y * width + x] = 1;
        else if (ch !== '.') {
          throw new InputError(`Grid.fromAscii: row ${y + 1}, column ${x + 1}: unexpected ${JSON.stringify(ch)}, expected '#' (blocked) or '.' (free)`);
        }
      }
    });
    return new Grid(width, lines.length, cells, options);
  }

  /**
   * A grid from rows of numbers or booleans, top row first: 1 or `true`
   * blocked, 0 or `false` free. Rows must all have the same length.
   *
   *     Grid.fromMatrix([
   *       [0, 0, 1],
   *       [0, 0, 0],
   *     ]); // 3 x 2, (2,0) blocked
   */
  static fromMatrix(rows: readonly (readonly (number | boolean)[])[], options: GridOptions = {}): Grid {
    if (!Array.isArray(rows)) throw new InputError(`Grid.fromMatrix: rows must be an array of rows, got ${show(rows)}`);
    if (rows.length === 0) throw new InputError('Grid.fromMatrix: no rows given');
    for (let y = 0; y < rows.length; y++) {
      if (!Array.isArray(rows[y])) throw new InputError(`Grid.fromMatrix: row ${y + 1} is ${show(rows[y])}, expected an array of 0/1 or booleans`);
    }
    const width = rows[0].length;
    if (width === 0) throw new InputError('Grid.fromMatrix: row 1 is empty');
    if (width * rows.length > MAX_GRID_CELLS) {
      throw new InputError(`Grid.fromMatrix: ${width} x ${rows.length} has more cells than node ids can name (2^31 - 1): width * height must be at most ${MAX_GRID_CELLS}`);
    }
    const cells = new Uint8Array(width * rows.length);
    for (let y = 0; y < rows.length; y++) {
      const row = rows[y];
      if (row.length !== width) throw new InputError(`Grid.fromMatrix: row ${y + 1} has ${row.length} cells, expected ${width} (the length of row 1)`);
      for (let x = 0; x < width; x++) {
        const v = row[x];
        if (v === 1 || v === true) cells[y * width + x] = 1;
        else if (v !== 0 && v !== false) {
          throw new InputError(`Grid.fromMatrix: row ${y + 1}, column ${x + 1} (rows[${y}][${x}]) is ${show(v)}, expected 1 or true (blocked), 0 or false (free)`);
        }
      }
    }
    return new Grid(width, rows.length, cells, options);
  }

  /** The same raster and options with some overridden (cells are copied). */
  with(options: GridOptions): Grid {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`Grid.with: options must be an object, got ${show(options)}`);
    return new Grid(this.width, this.height, this.cells, { ...this.options(), ...options });
  }

  /**
   * The options this grid was made with (a 4-connected grid reports the
   * default rule, which it ignores), with copies of its current weights (a
   * blocked cell's weight as it would be once freed) and areas when it has
   * them.
   */
  options(): GridOptions {
    const out: GridOptions = {
      connectivity: this.connectivity,
      diagonalRule: this.connectivity === 4 ? 'no-corner-cutting' : this.diagonalRule,
      diagonalCost: this.diagonalCost,
      cellSize: this.cellSize,
      blocked: this.enterCost < 0 ? 'delete' : { enterCost: this.enterCost },
    };
    if (this.weights !== null) out.weights = this.weights.slice();
    if (this.statedFloor > 0) out.weightFloor = this.statedFloor;
    if (this.areas !== null) out.areas = this.areas.slice();
    return out;
  }

  // --- coordinates -------------------------------------------------------

  /** Node id of (x, y), y from the top, 0-based. Throws outside the grid. */
  id(x: number, y: number): number {
    if (!this.inside(x, y)) {
      throw new InputError(`Grid: (x=${show(x)}, y=${show(y)}) is outside the ${this.width} x ${this.height} grid (x in 0..${this.width - 1}, y in 0..${this.height - 1})`);
    }
    return y * this.width + x;
  }
  /** The column of cell n, from the left, 0-based. Throws unless n is a cell id. */
  x(n: number): number {
    this.checkCell(n, 'x: cell');
    return n % this.width;
  }
  /** The row of cell n, from the top, 0-based. Throws unless n is a cell id. */
  y(n: number): number {
    this.checkCell(n, 'y: cell');
    return (n - (n % this.width)) / this.width;
  }
  /** Whether (x, y) are integers naming a cell of this grid (y from the top, 0-based). */
  inside(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /**
   * The cells of a path as [x, y] pairs (x from the left, y from the top,
   * 0-based), for an array of ids or a `pathInto` buffer with its length.
   *
   *     const buf = new Int32Array(grid.size);
   *     grid.points(buf, searcher.pathInto(buf)); // [[0, 0], [1, 1], ...]
   */
  points(path: ArrayLike<number>, length?: number): [x: number, y: number][] {
    if (path === null || typeof path !== 'object' || !Number.isInteger(path.length)) {
      throw new InputError(`points: path must be an array or Int32Array of cell ids, got ${show(path)}`);
    }
    const len = length === undefined ? path.length : length;
    if (!Number.isInteger(len) || len < 0 || len > path.length) {
      throw new InputError(`points: length must be an integer in 0..${path.length} (the path's length), got ${show(length)}`);
    }
    const out: [number, number][] = [];
    for (let i = 0; i < len; i++) {
      const n = path[i];
      if (!Number.isInteger(n) || n < 0 || n >= this.size) {
        throw new InputError(`points: path[${i}] must be a cell id in 0..${this.size - 1} of the ${this.width} x ${this.height} grid, got ${show(n)}`);
      }
      out.push([this.x(n), this.y(n)]);
    }
    return out;
  }

  /** Node id of the chapter's 1-based (col, row), row 1 at the bottom. */
  idColRow(col: number, row: number): number {
    // Integers first: the arithmetic below would read '2' as 2.
    if (!Number.isInteger(col) || !Number.isInteger(row) || !this.inside(col - 1, this.height - row)) {
      throw new InputError(`Grid: (col=${show(col)}, row=${show(row)}) is outside the grid (col in 1..${this.width}, row in 1..${this.height}, row 1 at the bottom)`);
    }
    return (this.height - row) * this.width + (col - 1);
  }
  /** The chapter's (col, row) of a node: 1-based, row 1 at the bottom. */
  colRow(n: number): [col: number, row: number] {
    this.checkCell(n, 'colRow: cell');
    const x = n % this.width;
    return [x + 1, this.height - (n - x) / this.width];
  }
  /** "(col,row)" as the chapter prints it. */
  formatColRow(n: number): string {
    const [c, r] = this.colRow(n);
    return `(${c},${r})`;
  }
  /** "(x,y)" in the Moving AI / lesson convention. */
  formatXY(n: number): string {
    this.checkCell(n, 'formatXY: cell');
    const x = n % this.width;
    return `(${x},${(n - x) / this.width})`;
  }

  // --- cells ---------------------------------------------------------------

  /** Whether cell n is blocked. Throws unless n is a cell id. */
  isBlocked(n: number): boolean {
    this.checkCell(n, 'isBlocked: cell');
    return this.cells[n] !== 0;
  }

  /** Blocks or frees cell n; every copy of the raster sees it at its next query. */
  setBlocked(n: number, blocked: boolean): void {
    this.refuseEdit('setBlocked');
    this.checkCell(n, 'setBlocked: cell');
    if (typeof blocked !== 'boolean') throw new InputError(`setBlocked: blocked must be true or false, got ${show(blocked)}`);
    this.cells[n] = blocked ? 1 : 0;
    this.record(n);
  }

  /** Whether the grid has a weight layer (`weights` given, or a `setWeight` made one). */
  get weighted(): boolean { return this.weights !== null; }

  /** The weight of cell n: Infinity when it is blocked, 1 on a grid without weights. Throws unless n is a cell id. */
  weightOf(n: number): number {
    this.checkCell(n, 'weightOf: cell');
    return this.cells[n] !== 0 ? Infinity : this.weights === null ? 1 : this.weights[n];
  }

  /**
   * Sets the weight of cell n: a finite number > 0 (the cell is then free,
   * entered at that weight) or Infinity (the cell is blocked, as
   * `setBlocked(n, true)`, and keeps its weight for when it is freed). The
   * first call on a grid without weights gives it a layer of 1s (8 bytes a
   * cell). Every searcher sees the change at its next query, and D* Lite
   * takes it as a repair, as it does a blocked cell.
   */
  setWeight(n: number, weight: number): void {
    this.refuseEdit('setWeight');
    this.checkCell(n, 'setWeight: cell');
    if (typeof weight !== 'number' || !(weight > 0)) {
      throw new InputError(`setWeight: weight must be a finite number > 0, or Infinity for a lethal (blocked) cell, got ${show(weight)}`);
    }
    if (weight < this.statedFloor) {
      throw new InputError(`setWeight: weight ${weight} is below the grid's weightFloor ${this.statedFloor}; the heuristics rely on it (make the grid with a lower weightFloor)`);
    }
    if (weight !== Infinity) this.checkSums(weight, 'setWeight: weight');
    if (this.badWeights !== null) this.mend(n);
    if (weight === Infinity) {
      this.cells[n] = 1;
      this.record(n);
      return;
    }
    let wts = this.wts;
    if (wts === null) {
      if (weight === 1 && this.cells[n] === 0) return;
      wts = this.wts = allocate(() => new Float64Array(this.size).fill(1), `Grid: the ${this.width} x ${this.height} weight layer`, this.size * 8);
    }
    const old = wts[n];
    wts[n] = weight;
    this.cells[n] = 0;
    if (!this.minStale) {
      if (weight < this.minWeight) this.minWeight = weight;
      else if (old === this.minWeight && weight > old) this.minStale = true;
    }
    this.record(n);
  }

  /**
   * The number the grid's heuristics are multiplied by: the stated
   * `weightFloor`, else the smallest weight the grid holds (blocked cells'
   * included), 1 without weights. Read at every heuristic call, so an edit
   * that lowers it keeps every heuristic admissible.
   */
  get weightFloor(): number {
    if (this.statedFloor > 0) return this.statedFloor;
    if (this.minStale) {
      const wts = this.weights;
      let m = Infinity;
      if (wts !== null) for (let i = 0; i < wts.length; i++) if (wts[i] < m) m = wts[i];
      this.minWeight = m === Infinity ? 1 : m;
      this.minStale = false;
    }
    return this.minWeight;
  }

  /**
   * Announces a direct write to `cells`, which bumps `version`. Without an
   * argument it means "anything may have changed": every copy of the raster
   * reloads in full (O(cells)). With the ids of the cells written, copies
   * patch just those (O(changes)) as they do after `setBlocked`.
   */
  touch(cells?: ArrayLike<number>): void {
    this.refuseEdit('touch');
    if (cells === undefined) {
      this.checkWrittenWeights(null);
      this.ver++;
      this.logFloor = this.ver;
      return;
    }
    if (cells === null || typeof cells !== 'object' || !Number.isInteger(cells.length)) {
      throw new InputError(`touch: cells must be an array of cell ids, got ${show(cells)}`);
    }
    for (let i = 0; i < cells.length; i++) this.checkCell(cells[i], `touch: cells[${i}]`);
    this.checkWrittenWeights(cells);
    if (cells.length > CHANGE_LOG_SIZE) { this.touch(); return; }
    for (let i = 0; i < cells.length; i++) this.record(cells[i]);
  }

  /**
   * After a direct write to `weights` (the listed cells, or all of them):
   * refuses a weight that is not a number > 0 or is below the stated floor,
   * before anything changes; then turns an Infinity into a blocked cell (as
   * the constructor does) and lets the floor be recomputed.
   */
  private checkWrittenWeights(cells: ArrayLike<number> | null): void {
    const wts = this.weights;
    if (wts === null) return;
    const count = cells === null ? wts.length : cells.length;
    const bad: number[] = [];
    for (let i = 0; i < count; i++) {
      const n = cells === null ? i : cells[i];
      if (!this.validWeight(wts[n])) bad.push(n);
    }
    if (bad.length > 0) {
      // Refused: the grid cannot hold these values, and cannot restore the old ones (it keeps no
      // copy). It remembers them, so that every query refuses the grid until they are mended.
      const pending = new Set(this.badWeights ?? []);
      for (const n of bad) pending.add(n);
      this.badWeights = [...pending];
      throw new InputError(`touch: ${this.describeWeight(bad[0])}; until it is mended (setWeight, or a write and a touch that passes) every search refuses the grid`);
    }
    for (let i = 0; i < count; i++) {
      const n = cells === null ? i : cells[i];
      if (wts[n] === Infinity) { wts[n] = 1; this.cells[n] = 1; }
    }
    if (this.badWeights !== null) this.badWeights = this.badWeights.filter((n) => !this.validWeight(wts[n]));
    if (this.badWeights !== null && this.badWeights.length === 0) this.badWeights = null;
    this.minStale = true;
  }

  /** Cell n is being given a valid weight: it leaves the refused cells (a lethal one keeps weight 1 beneath). */
  private mend(n: number): void {
    const wts = this.wts!;
    if (!this.validWeight(wts[n])) wts[n] = 1;
    const left = this.badWeights!.filter((m) => m !== n);
    this.badWeights = left.length > 0 ? left : null;
    this.minStale = true;
  }

  /** A weight the grid can hold: a number > 0 (Infinity included: a lethal cell) at or above the stated floor. */
  private validWeight(v: number): boolean {
    return v > 0 && v >= this.statedFloor && (v === Infinity || v * Math.max(this.axialStep, this.diagonalStep) * this.size < Infinity);
  }

  /** What is wrong with cell n's weight, for a message. */
  private describeWeight(n: number): string {
    return `weights[${n}] (x=${n % this.width}, y=${Math.floor(n / this.width)}) is ${show(this.wts![n])}, expected a finite number > 0${this.statedFloor > 0 ? ` and at least the weightFloor ${this.statedFloor}` : ''}, or Infinity for a lethal (blocked) cell`;
  }

  /**
   * Throws, naming `where`, while a refused `touch` has left a weight the
   * grid cannot hold (see `touch`); a weight mended since by a direct write
   * is taken as mended. Every search on the grid asks this through
   * `checkEndpoint`; a searcher that copies the raster asks it through
   * `catchUp` too.
   */
  checkUsable(where: string): void {
    if (this.badWeights === null) return;
    const wts = this.wts!;
    const still = this.badWeights.filter((n) => !this.validWeight(wts[n]));
    if (still.length > 0) {
      throw new InputError(`${where}: the grid cannot be searched: ${this.describeWeight(still[0])} (a direct write that touch refused); mend it with setWeight, or write a valid weight and touch the cell`);
    }
    // Mended by direct writes without a touch: as good as a touch of those cells.
    const mended = this.badWeights;
    this.badWeights = null;
    this.touch(mended);
  }

  /** Bumped by every change made through `setBlocked` (one per call) or announced by `touch`. */
  get version(): number { return this.ver; }

  /**
   * How many changes separate version `since` from now when the log still
   * names every one of them (`changedCell` then reads each), or -1 when it
   * does not: the log wrapped round, or `touch()` announced an unnamed write.
   */
  changesSince(since: number): number {
    if (!Number.isInteger(since) || since > this.ver || since < this.logFloor || this.ver - since > CHANGE_LOG_SIZE) return -1;
    return this.ver - since;
  }

  /** The cell changed by version `v`, for a v that `changesSince` covered. */
  changedCell(v: number): number {
    const low = Math.max(this.logFloor, this.ver - CHANGE_LOG_SIZE) + 1;
    if (!Number.isInteger(v) || v < low || v > this.ver) {
      throw new InputError(`changedCell: version must be one the change log still names, an integer in ${low}..${this.ver}, got ${show(v)}${low > this.ver ? ' (it names none)' : ''}`);
    }
    return this.log![v % CHANGE_LOG_SIZE];
  }

  /**
   * Brings a copy of the raster made at version `since` up to date: `patch(n)`
   * for each cell changed since (oldest first; a cell may come twice) when
   * the log names them all and there are fewer than size / 9 of them (a
   * patch redoes up to the 3 x 3 cells around n), else `reload()` once.
   * Returns the version the copy now reflects. The one way every searcher
   * that copies the raster learns what changed.
   */
  catchUp(since: number, patch: (n: number) => void, reload: () => void): number {
    if (this.badWeights !== null) this.checkUsable('search');
    if (typeof patch !== 'function') throw new InputError(`catchUp: patch must be a function (cell) => void, got ${show(patch)}`);
    if (typeof reload !== 'function') throw new InputError(`catchUp: reload must be a function () => void, got ${show(reload)}`);
    const now = this.ver;
    if (since === now) return now;
    const k = this.changesSince(since);
    if (k < 0 || k * 9 >= this.size) reload();
    else for (let v = since + 1; v <= now; v++) patch(this.changedCell(v));
    return now;
  }

  /** Throws on a view: its arrays are the caller's, promised unwritten. */
  private refuseEdit(what: string): void {
    if (this.readOnly) throw new InputError(`${what}: this grid is a read-only view (Grid.view) of cells it does not own, and cannot be edited; edit a copy made with grid.with({})`);
  }

  private record(n: number): void {
    if (this.log === null) this.log = new Int32Array(CHANGE_LOG_SIZE);
    this.ver++;
    this.log[this.ver % CHANGE_LOG_SIZE] = n;
  }

  private checkCell(n: number, what: string): void {
    if (!Number.isInteger(n) || n < 0 || n >= this.size) {
      throw new InputError(`${what} must be an id in 0..${this.size - 1} of the ${this.width} x ${this.height} grid, got ${show(n)}`);
    }
  }

  /** Number of cells that are not blocked. */
  freeCount(): number {
    let k = 0;
    for (let i = 0; i < this.size; i++) if (this.cells[i] === 0) k++;
    return k;
  }

  /**
   * Throws unless `n` is a cell a search may start or end on: inside the grid,
   * and not blocked when blocked cells are deleted. `what` names the argument.
   * Every grid searcher checks its endpoints here, so they word it alike.
   */
  checkEndpoint(n: number, what: string): void {
    if (this.badWeights !== null) this.checkUsable(what.split(':')[0]);
    if (!Number.isInteger(n) || n < 0 || n >= this.size) {
      throw new InputError(`${what} must be a cell id in 0..${this.size - 1} of the ${this.width} x ${this.height} grid, got ${show(n)}`);
    }
    if (this.enterCost < 0 && this.cells[n] !== 0) {
      throw new InputError(`${what} ${this.formatXY(n)} (x, y from the top) is a blocked cell`);
    }
  }

  /** Cost of the step from n to its neighbour at offset k of DX/DY, or -1 if not allowed. */
  stepCost(n: number, k: number): number {
    this.checkCell(n, 'stepCost: cell');
    if (!Number.isInteger(k) || k < 0 || k > 7) throw new InputError(`stepCost: k must be a direction 0..7 (E, S, W, N, SE, SW, NW, NE), got ${show(k)}`);
    return stepCostOn(this, this.cells, this.weights, n, k);
  }

  /**
   * A feed of the arcs whose cost the grid's edits change (`SearchSpace.watchArcs`):
   * it keeps a copy of the raster, and each `changes()` compares every arc
   * around each cell changed since (through `setBlocked` or `touch`) under
   * the copy and under the grid, then brings the copy up to date. D* Lite
   * reads it, so `grid.setBlocked` is all it takes to tell it of an edit.
   * One byte a cell.
   */
  watchArcs(): ArcChangeFeed {
    return new GridArcFeed(this);
  }

  private diagonalAllowed(n: number, k: number): boolean {
    // The side cells (x+dx, y) and (x, y+dy) of the step; both inside when its target is.
    return diagonalOpen(this.diagonalRule, this.cells[n + DX[k]] !== 0, this.cells[n + DY[k] * this.width] !== 0);
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const w = this.width, x = n % w, y = (n - x) / w;
    const del = this.enterCost < 0;
    // A deleted cell has no arcs either way (predecessors agrees), so a search
    // that reaches one anyway (a robot on a cell that just closed) sees a dead end.
    if (del && this.cells[n] !== 0) return 0;
    const kmax = this.maxDegree, wts = this.weights;
    let count = 0;
    for (let k = 0; k < kmax; k++) {
      const nx = x + DX[k], ny = y + DY[k];
      if (nx < 0 || ny < 0 || nx >= w || ny >= this.height) continue;
      const m = n + DY[k] * w + DX[k];
      const blocked = this.cells[m] !== 0;
      if (del && blocked) continue;
      if (k >= 4 && !this.diagonalAllowed(n, k)) continue;
      nodes[count] = m;
      costs[count] = blocked ? this.enterCost : (k < 4 ? this.axialStep : this.diagonalStep) * (wts === null ? 1 : wts[m]);
      count++;
    }
    return count;
  }

  /** Predecessors p of n with c(p, n): the same neighbours, each arc charged for entering n (its length times n's weight). */
  predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const w = this.width, x = n % w, y = (n - x) / w;
    const del = this.enterCost < 0;
    const nBlocked = this.cells[n] !== 0;
    if (del && nBlocked) return 0;
    const kmax = this.maxDegree, wn = this.weights === null ? 1 : this.weights[n];
    let count = 0;
    for (let k = 0; k < kmax; k++) {
      const nx = x + DX[k], ny = y + DY[k];
      if (nx < 0 || ny < 0 || nx >= w || ny >= this.height) continue;
      const p = n + DY[k] * w + DX[k];
      if (del && this.cells[p] !== 0) continue;
      // The side cells of p -> n are the side cells of n -> p: the rule is symmetric.
      if (k >= 4 && !this.diagonalAllowed(n, k)) continue;
      nodes[count] = p;
      // Every arc into n is charged n's weight: p -> n is not n -> p on a weighted grid.
      costs[count] = nBlocked ? this.enterCost : (k < 4 ? this.axialStep : this.diagonalStep) * wn;
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

/**
 * The cost of the step from n in direction k on `raster` (1 = blocked, the
 * grid's layout) and `weights` (null: all 1) under `grid`'s moves, or -1 when there is no such step:
 * outside the grid, into a deleted cell, or a diagonal its rule refuses.
 * Whether n itself may be left is the caller's question. `Grid.stepCost`
 * reads it on the grid's cells, the arc feed on its copy of them.
 */
function stepCostOn(grid: Grid, raster: Uint8Array, weights: Float64Array | null, n: number, k: number): number {
  const w = grid.width, x0 = n % w, x = x0 + DX[k], y = (n - x0) / w + DY[k];
  if (x < 0 || y < 0 || x >= w || y >= grid.height) return -1;
  const m = y * w + x;
  const del = grid.enterCost < 0;
  if (del && raster[m] !== 0) return -1;
  // The side cells (x+dx, y) and (x, y+dy) of a diagonal are inside whenever its target is.
  if (k >= 4 && !diagonalOpen(grid.diagonalRule, raster[n + DX[k]] !== 0, raster[n + DY[k] * w] !== 0)) return -1;
  if (!del && raster[m] !== 0) return grid.enterCost;
  return (k < 4 ? grid.cellSize : grid.cellSize * grid.diagonalCost) * (weights === null ? 1 : weights[m]);
}

const NO_CHANGES: readonly ArcChange[] = Object.freeze([]);

/** `Grid.watchArcs`: the grid's edits as arc changes, against a copy of the raster. */
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

function positive(v: number, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
    throw new InputError(`Grid: ${name} must be a finite number > 0, got ${show(v)}`);
  }
  return v;
}

/** Throws unless `cells` is array-like with `size` numbers (0 free, anything else blocked) or booleans. */
function checkCells(cells: unknown, size: number): void {
  if (cells === null || typeof cells !== 'object' || !Number.isInteger((cells as ArrayLike<unknown>).length)) {
    throw new InputError(`Grid: cells must be an array or typed array of ${size} numbers (0 free, nonzero blocked) or booleans, got ${show(cells)}`);
  }
  const a = cells as ArrayLike<unknown>;
  if (a.length !== size) {
    throw new InputError(`Grid: cells has length ${a.length}, expected width * height = ${size}`);
  }
  // A typed array holds numbers by construction; an integer one cannot even hold NaN.
  if (ArrayBuffer.isView(a) && !(a instanceof Float32Array || a instanceof Float64Array)) return;
  for (let i = 0; i < size; i++) {
    const v = a[i];
    if ((typeof v !== 'number' || Number.isNaN(v)) && typeof v !== 'boolean') {
      throw new InputError(`Grid: cells[${i}] is ${show(v)}, expected a number (0 free, nonzero blocked) or a boolean`);
    }
  }
}

/** Throws unless `cells` is what `Grid.view` can keep as they are: a Uint8Array of `size` cells, each 0 or 1. */
function checkViewCells(cells: unknown, size: number): void {
  const a = viewLayer(cells, Uint8Array, 'cells', size, 'cells (0 free, 1 blocked)');
  for (let i = 0; i < size; i++) {
    if (a[i] > 1) throw new InputError(`Grid.view: cells[${i}] is ${a[i]}; a view keeps the cells as they are, so each must be 0 (free) or 1 (blocked)`);
  }
}

/** `layer` as the typed array a view keeps without a copy (`Type`, `size` long), or an InputError naming `name`. */
function viewLayer<T extends Uint8Array | Float64Array>(layer: unknown, Type: { new(n: number): T; readonly name: string }, name: string, size: number, what: string): T {
  if (!(layer instanceof Type)) {
    throw new InputError(`Grid.view: ${name} must be a ${Type.name} of ${size} ${what}, shared as it is (not copied), got ${show(layer)}; new Grid copies any array-like`);
  }
  if (layer.length !== size) throw new InputError(`Grid.view: ${name} has length ${layer.length}, expected width * height = ${size}`);
  return layer;
}

/**
 * Allocates a grid-sized array, turning the engine's refusal ("Invalid typed
 * array length", "Array buffer allocation failed") into a message that says
 * who needed how much.
 */
export function allocate<T>(make: () => T, who: string, bytes: number): T {
  try {
    return make();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new InputError(`${who} needs ${formatBytes(bytes)} and the JavaScript engine refused to allocate it (${e.message})`);
  }
}

function formatBytes(b: number): string {
  return b >= 2 ** 30 ? `${(b / 2 ** 30).toFixed(1)} GiB` : b >= 2 ** 20 ? `${(b / 2 ** 20).toFixed(1)} MiB` : `${b} bytes`;
}
