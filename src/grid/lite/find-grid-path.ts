import { InputError, show } from '../../core/errors.js';
import { DIAGONAL_RULES, type DiagonalRule, type XY } from '../grid.js';
import type { MaskSource } from '../move-masks.js';
import { LiteSearch } from './lite-search.js';

/**
 * A map for `findGridPath`: rows of text, top row first, `#` blocked and `.`
 * free (as `Grid.fromAscii` reads them); or `width * height` cells row by
 * row from the top, each 0 or `false` (free) or 1 or `true` (blocked).
 */
export type LiteMap = readonly string[] | {
  /** Cells across, a whole number >= 1. */
  readonly width: number;
  /** Cells down, a whole number >= 1. */
  readonly height: number;
  /** `width * height` cells, row by row from the top. */
  readonly cells: ArrayLike<number | boolean>;
};

/** The options of `findGridPath`: `GridOptions`' names, defaults and meanings. An unknown key or a bad value is an `InputError`. */
export interface LiteOptions {
  /** 4 or 8 neighbours. Default 8. */
  connectivity?: 4 | 8;
  /** When a diagonal step is allowed. Default `no-corner-cutting`. */
  diagonalRule?: DiagonalRule;
  /** A diagonal step's cost, a finite number > 0 (an axial step costs 1). Default Math.SQRT2. */
  diagonalCost?: number;
}

/** The answer of `findGridPath`, narrowed by `status`. */
export type LitePath = {
  /** Cells expanded: GridSearcher's count for the same query. */
  readonly expansions: number;
} & (
  | {
    /** The goal was reached. */
    readonly status: 'found';
    /** The path's cells from `from` to `to`, as `[x, y]`. */
    readonly points: XY[];
    /** Its cost: 1 an axial step, `diagonalCost` a diagonal one. */
    readonly cost: number;
  }
  | {
    /** No path joins the two cells. */
    readonly status: 'unreachable';
    /** Null: no path. */
    readonly points: null;
    /** Infinity: no path. */
    readonly cost: number;
  }
);

const KEYS = ['connectivity', 'diagonalRule', 'diagonalCost'];
const WHO = 'findGridPath';

/**
 * The shortest path between two cells of a map, in the smallest bundle the
 * library makes (`bestfirst/lite`, about 3.5 kB gzipped; `npm run
 * bench:bundle`): A* with the octile distance, GridSearcher's own loop, so
 * the path, its cost and the expansion count are GridSearcher's with
 * `octile(grid)` bit for bit. Every input is checked, with shorter
 * messages than the full library's; a bad one is an `InputError`.
 *
 * It runs each call from scratch and takes no limits: the search ends by
 * itself on a finite map. For many queries on one map, edits between them,
 * budgets, slices, weights or the other searches, use `Grid` and
 * `GridSearcher` (or `findPath`) from `bestfirst`.
 *
 * ```ts
 * findGridPath(['..#.', '..#.', '....'], [0, 0], [3, 0]).points;
 * // [[0,0], [1,1], [1,2], [2,2], [3,2], [3,1], [3,0]]: no corner cutting by default
 * ```
 */
export function findGridPath(map: LiteMap, from: XY, to: XY, options: LiteOptions = {}): LitePath {
  const { width, height, cells } = readMap(map);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InputError(`${WHO}: options must be an object, got ${show(options)}`);
  for (const key of Object.keys(options)) if (!KEYS.includes(key)) throw new InputError(`${WHO}: unknown option ${show(key)}; the options are ${KEYS.join(', ')}`);
  const { connectivity = 8, diagonalRule = 'no-corner-cutting', diagonalCost = Math.SQRT2 } = options;
  if (connectivity !== 4 && connectivity !== 8) throw new InputError(`${WHO}: connectivity must be 4 or 8, got ${show(connectivity)}`);
  if (!DIAGONAL_RULES.includes(diagonalRule)) throw new InputError(`${WHO}: diagonalRule must be one of ${DIAGONAL_RULES.join(', ')}, got ${show(diagonalRule)}`);
  if (typeof diagonalCost !== 'number' || !(diagonalCost > 0) || diagonalCost === Infinity) {
    throw new InputError(`${WHO}: diagonalCost must be a finite number > 0, got ${show(diagonalCost)}`);
  }
  const rule = connectivity === 4 ? 'never' : diagonalRule;
  const grid: MaskSource = {
    width, height, cells, diagonalRule: rule, maxDegree: rule === 'never' ? 4 : 8,
    // A plain map never changes: nothing to catch up with.
    version: 0, catchUp: () => 0,
  };
  const start = cellOf(from, 'from', width, height, cells), goal = cellOf(to, 'to', width, height, cells);
  const s = new LiteSearch(grid, start, goal, diagonalCost);
  if (s.run() === 'unreachable') return { status: 'unreachable', points: null, cost: Infinity, expansions: s.expansions };
  // The path walked back from the goal by the move that reached each cell, then summed from
  // the start in the order g was (so cost is g(goal) bit for bit, and a reopened cell cannot skew it).
  const path: number[] = [];
  for (let n = goal; n !== start; n -= s.off[s.via[n]]) path.push(n);
  path.push(start);
  path.reverse();
  let cost = 0;
  for (let i = 1; i < path.length; i++) cost += s.step[s.via[path[i]]];
  return { status: 'found', points: path.map((n) => [n % width, (n - (n % width)) / width]), cost, expansions: s.expansions };
}

/** The map as cells (1 blocked, 0 free) and its size, or an `InputError` naming the row, column or cell at fault. */
function readMap(map: LiteMap): { width: number; height: number; cells: Uint8Array } {
  if (Array.isArray(map)) {
    const rows = map as readonly unknown[];
    if (rows.length === 0) throw new InputError(`${WHO}: the map has no rows`);
    const width = typeof rows[0] === 'string' ? rows[0].length : 0;
    const cells = new Uint8Array(width * rows.length);
    rows.forEach((row, y) => {
      if (typeof row !== 'string' || row.length === 0 || row.length !== width) {
        throw new InputError(`${WHO}: row ${y + 1} of the map is ${show(row)}; rows must be strings of '#' (blocked) and '.' (free), all ${width || 'as'} long${width ? '' : ' as row 1 and not empty'}`);
      }
      for (let x = 0; x < width; x++) {
        const ch = row[x];
        if (ch !== '#' && ch !== '.') throw new InputError(`${WHO}: row ${y + 1}, column ${x + 1} of the map is ${JSON.stringify(ch)}; expected '#' (blocked) or '.' (free)`);
        cells[y * width + x] = ch === '#' ? 1 : 0;
      }
    });
    return { width, height: rows.length, cells };
  }
  if (map === null || typeof map !== 'object') throw new InputError(`${WHO}: map must be rows of text or { width, height, cells }, got ${show(map)}`);
  // Array.isArray does not narrow a readonly array out of a union: say what is left.
  const { width, height, cells } = map as Exclude<LiteMap, readonly string[]>;
  for (const [name, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1) throw new InputError(`${WHO}: map.${name} must be a whole number >= 1, got ${show(v)}`);
  }
  // The cell count must fit the heap's int32 state, as Grid's does (MAX_GRID_CELLS).
  if (width * height > 0x7fffffff) throw new InputError(`${WHO}: the map has ${width} x ${height} cells, more than 2^31 - 1`);
  if (cells === null || typeof cells !== 'object' || cells.length !== width * height) {
    throw new InputError(`${WHO}: map.cells must hold width * height = ${width * height} cells, got ${cells !== null && typeof cells === 'object' ? `${show(cells.length)} cells` : show(cells)}`);
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const v: unknown = cells[i];
    if (v !== 0 && v !== false && v !== 1 && v !== true) throw new InputError(`${WHO}: map.cells[${i}] is ${show(v)}; a cell is 0 or false (free), 1 or true (blocked)`);
    out[i] = v === 1 || v === true ? 1 : 0;
  }
  return { width, height, cells: out };
}

/** [x, y] as a cell id, or an `InputError`: not a pair of whole numbers, outside the map, or blocked. */
function cellOf(p: XY, what: string, width: number, height: number, cells: Uint8Array): number {
  if (!Array.isArray(p) || p.length !== 2 || !Number.isInteger(p[0]) || !Number.isInteger(p[1])) {
    throw new InputError(`${WHO}: ${what} must be a cell [x, y] of whole numbers, got ${show(p)}`);
  }
  const [x, y] = p;
  if (x < 0 || y < 0 || x >= width || y >= height) throw new InputError(`${WHO}: ${what} [${x}, ${y}] is outside the ${width} x ${height} map`);
  const n = y * width + x;
  if (cells[n] !== 0) throw new InputError(`${WHO}: ${what} [${x}, ${y}] is a blocked cell`);
  return n;
}
