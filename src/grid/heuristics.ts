import { InputError, show } from '../core/errors.js';
import { zero, type Heuristic } from '../core/heuristic.js';
import { Grid } from './grid.js';

/**
 * A grid heuristic as the grid fast path computes it inline, without calling
 * it: h = a * (dx + dy + b * min(dx, dy)) + c * ((dx + dy) & 1), dx and dy the
 * column and row distances on a grid `width` cells wide. The same expression,
 * operation for operation, as the closure, so the fast path and the engine
 * agree to the bit.
 */
export interface InlineHeuristic {
  /** The width of the grid it was made for. */
  readonly width: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

// The grid heuristics made here, by the closure they returned: a Heuristic is
// a plain function, and this is how the fast path recognises one it can inline.
const inlineForms = new WeakMap<Heuristic, InlineHeuristic>();

/** The inline form of a heuristic made by `octile`, `manhattan` or `chebyshev`; `zero`'s is all zeros; undefined for any other function. */
export function inlineForm(h: Heuristic): InlineHeuristic | undefined {
  return h === zero ? ZERO_FORM : inlineForms.get(h);
}
const ZERO_FORM: InlineHeuristic = Object.freeze({ width: -1, a: 0, b: 0, c: 0 });

function registered(h: Heuristic, width: number, a: number, b: number, c: number): Heuristic {
  inlineForms.set(h, Object.freeze({ width, a, b, c }));
  return h;
}

/**
 * The factor every grid heuristic here is multiplied by: 1, except on a grid
 * that keeps blocked cells as nodes with an entry cost below a step
 * (`blocked: { enterCost }` with enterCost < the step's length). Entering
 * such a cell costs enterCost while the distances below fall by up to a
 * whole step, so they are scaled by enterCost / (the largest fall of one
 * step) to stay admissible and consistent: 0 when walls cost nothing to
 * enter (the heuristic is then zero, and A* is Dijkstra).
 */
export function entryScale(grid: Grid): number {
  if (grid.enterCost < 0) return 1;
  const diagonals = grid.maxDegree === 8;
  // One diagonal step moves every distance here by at most min(d, 2) cells (and
  // by at most 1 when d < 1); an axial step by 1.
  const fall = grid.cellSize * (diagonals ? Math.max(1, Math.min(grid.diagonalCost, 2)) : 1);
  return Math.min(1, grid.enterCost / fall);
}

/**
 * The factor a grid heuristic is multiplied by at each call: the grid's
 * `weightFloor` (1 without weights), lowered to `entryScale` when walls that
 * cost less than a step to enter call for less. A step into a free cell of
 * weight w costs w times its length and the distances here fall by at most
 * its length, so any factor up to the smallest weight keeps them consistent.
 * Read live: an edit that lowers a weight lowers every heuristic with it.
 */
export function heuristicScale(grid: Grid): number {
  const floor = grid.weightFloor;
  return grid.enterCost < 0 ? floor : Math.min(floor, entryScale(grid));
}

/**
 * Sum of axial distances, scaled by the cell size. Admissible and consistent
 * without diagonal moves (4-connected, or diagonalRule `never`) and when a
 * diagonal costs at least two axial steps (diagonalCost >= 2), where it is
 * exact on an empty grid; it overestimates whenever a diagonal is cheaper.
 */
export function manhattan(grid: Grid): Heuristic {
  checkGrid(grid, 'manhattan');
  const w = grid.width, s = grid.cellSize;
  return registered((n, goal) => {
    const nx = n % w, gx = goal % w;
    return heuristicScale(grid) * (s * (Math.abs(nx - gx) + Math.abs((n - nx) / w - (goal - gx) / w)));
  }, w, s, 0, 0);
}

/**
 * The cost of going dx across and dy along on an empty, unbounded grid with
 * unit axial steps and diagonal steps of cost `d`, as the three numbers of
 * `scale * (dx + dy + diagonal * min(dx, dy)) + parity * ((dx + dy) & 1)`:
 * - d >= 2: a diagonal never beats two axial steps: Manhattan, (1, 0, 0);
 * - 1 <= d <= 2: diagonals first, then straight: octile, (1, d - 2, 0);
 * - d < 1: two diagonals beat an axial step, so the walk zigzags and needs
 *   one axial step only when dx + dy is odd: d * max(dx, dy) + (1 - d) * odd,
 *   that is (d, -1, 1 - d).
 * Each is a metric, so a heuristic built on it is consistent as well as
 * admissible. `d` = 2 (or more) gives Manhattan, the 4-connected case. The
 * form keeps the usual octile expression, `dx + dy + (d - 2) * min(dx, dy)`,
 * as it was, with the parity term adding 0 there.
 */
export function octileTerms(d: number): readonly [scale: number, diagonal: number, parity: number] {
  if (typeof d !== 'number' || !(d > 0)) throw new InputError(`octile: diagonalCost must be a number > 0, got ${show(d)}`);
  if (d >= 2) return [1, 0, 0];
  if (d >= 1) return [1, d - 2, 0];
  return [d, -1, 1 - d];
}

/** `octileTerms` evaluated: the empty-grid cost of (dx, dy), both >= 0, in cells. */
export function octileDistance(terms: readonly [number, number, number], dx: number, dy: number): number {
  const s = dx + dy;
  return terms[0] * (s + terms[1] * (dx < dy ? dx : dy)) + terms[2] * (s & 1);
}

/**
 * The exact cost-to-go on an empty grid with the grid's own moves, times the
 * cell size (see `octileTerms`): octile distance `d * min(dx, dy) + |dx - dy|`
 * for the usual diagonal costs 1 <= d <= 2 (1.4, sqrt 2), Manhattan for d >= 2
 * and on 4-connected grids, the zigzag distance for d < 1. Admissible and
 * consistent for every diagonal cost a grid accepts, on weighted grids
 * (times the weight floor) and for walls that cost less than a step to
 * enter (see `heuristicScale`).
 * `diagonalCost` overrides the grid's (the heuristic of a grid with other
 * costs).
 *
 * `GridSearcher` computes the same numbers inline, bit for bit (see
 * `inlineForm`; so do `manhattan` and `chebyshev`).
 */
export function octile(grid: Grid, diagonalCost?: number): Heuristic {
  checkGrid(grid, 'octile');
  if (diagonalCost === undefined) diagonalCost = grid.diagonalCost;
  if (grid.maxDegree === 4) return manhattan(grid);
  const w = grid.width;
  const [scale, b, parity] = octileTerms(diagonalCost);
  // The cell size folded in as the fast path folds it (grid-search-base.ts).
  const k = grid.cellSize;
  const a = k * scale, c = k * parity;
  return registered((n, goal) => {
    const nx = n % w, gx = goal % w;
    const dx = Math.abs(nx - gx), dy = Math.abs((n - nx) / w - (goal - gx) / w);
    const sum = dx + dy;
    // The fast path's expression (grid-search.ts), operation for operation;
    // the scale is 1 on an unweighted grid, where the fast path leaves it out.
    return heuristicScale(grid) * (a * (sum + b * (dx < dy ? dx : dy)) + c * (sum & 1));
  }, w, a, b, c);
}

/**
 * max(dx, dy), times the cell size: exact on an empty 8-connected grid when
 * a diagonal costs the same as an axial step (d = 1). Admissible and
 * consistent for d >= 1 and on 4-connected grids; for d < 1 it overestimates
 * (two diagonals of cost 2d < 2 cover two cells). Use `octile` unless you
 * want this one on purpose.
 */
export function chebyshev(grid: Grid): Heuristic {
  checkGrid(grid, 'chebyshev');
  const w = grid.width, s = grid.cellSize;
  // max(dx, dy) = dx + dy - min(dx, dy), exact on integers: the inline form's b = -1.
  return registered((n, goal) => {
    const nx = n % w, gx = goal % w;
    return heuristicScale(grid) * (s * Math.max(Math.abs(nx - gx), Math.abs((n - nx) / w - (goal - gx) / w)));
  }, w, s, -1, 0);
}

/**
 * Straight-line distance, times the cell size. Admissible and consistent when
 * every step costs at least its length: on 4-connected grids and for
 * diagonalCost >= sqrt 2. For d < sqrt 2 (Choset's 1.4 included) it
 * overestimates a diagonal step, so A* with it may return a longer path.
 */
export function euclidean(grid: Grid): Heuristic {
  checkGrid(grid, 'euclidean');
  const w = grid.width, s = grid.cellSize;
  return (n, goal) => {
    const nx = n % w, gx = goal % w;
    return heuristicScale(grid) * (s * Math.hypot(nx - gx, (n - nx) / w - (goal - gx) / w));
  };
}

/** The names of the grid heuristics, as `heuristicByName` takes them. */
export type HeuristicName = 'manhattan' | 'octile' | 'chebyshev' | 'euclidean' | 'zero';

/** The grid heuristics by name; the type makes the keys and `HeuristicName` agree. */
export const HEURISTICS: { readonly [K in HeuristicName]: (grid: Grid) => Heuristic } = { manhattan, octile, chebyshev, euclidean, zero: () => zero };

/**
 * A grid heuristic by name (see `HeuristicName`); an unknown name is an
 * `InputError` listing the allowed ones. The caller chooses knowingly:
 * `octile` and `zero` are admissible on every grid, `manhattan`, `chebyshev`
 * and `euclidean` only for the diagonal costs their doc comments give (the
 * chapter's widgets show what happens outside).
 *
 * @example
 * ```ts
 * const h = heuristicByName('octile', grid); // the same as octile(grid)
 * ```
 */
export function heuristicByName(name: HeuristicName, grid: Grid): Heuristic {
  // A string first: hasOwnProperty would turn ['octile'] into 'octile'.
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(HEURISTICS, name)) {
    throw new InputError(`unknown heuristic ${typeof name === 'string' ? JSON.stringify(name) : show(name)}: expected one of ${Object.keys(HEURISTICS).join(', ')}`);
  }
  return HEURISTICS[name as HeuristicName](grid);
}

/** The grid heuristics read a Grid's fields; anything else would give numbers, silently wrong. */
function checkGrid(grid: Grid, where: string): void {
  if (!(grid instanceof Grid)) throw new InputError(`${where}: grid must be a Grid, got ${show(grid)}`);
}
