import { InputError } from '../core/errors.js';
import type { Grid, DiagonalRule } from './grid.js';
import { checkQueryEnds, GRID_SEARCHER_NEEDS, needDeleted, needGrid, needIds, type GridChecks } from './grid-check.js';

export { MAX_SEARCH_CELLS } from './grid-check.js';

/** The diagonal costs a search takes on an 8-connected grid, and why no others. */
export interface DiagonalCostRange {
  /** The least diagonal cost it takes (in straight steps). */
  readonly min: number;
  /** The largest diagonal cost it takes. */
  readonly max: number;
  /** True when the ends themselves are refused (`min < d < max`). */
  readonly open: boolean;
  /** How `min` reads in a message (`Math.SQRT2` rather than 1.4142135623730951). */
  readonly minName?: string;
  /** What breaks outside the range. */
  readonly why: string;
}

/**
 * What one grid search needs of the grid it searches: a row of `GRID_NEEDS`.
 * A grid that breaks a need is refused by the searcher's constructor as an
 * `InputError` that names the need, what the grid has and what to use
 * instead; weights are asked again at every query, since they may come
 * after the constructor (`grid.setWeight`).
 */
export interface GridNeeds {
  /** The one connectivity it searches, or null for either. */
  readonly connectivity: 4 | 8 | null;
  /** The diagonal rules its pruning or graph is built for (a 4-connected grid's is `never`); null for any. */
  readonly diagonalRules: readonly DiagonalRule[] | null;
  /** Whether it searches per-cell weights. */
  readonly weights: boolean;
  /** The diagonal costs it takes on an 8-connected grid; null for any the grid takes. */
  readonly diagonalCost: DiagonalCostRange | null;
  /**
   * How its per-cell state is indexed: `cells`, by grid id (at most
   * `MAX_SEARCH_CELLS` cells), or `padded`, by the id of a copy with a
   * one-cell border ((width + 2) * (height + 2) at most 2^31 - 1).
   */
  readonly ids: 'cells' | 'padded';
  /** What to use on a grid it refuses. */
  readonly instead: string;
}

/** The grid searches of the library (the classes, and `landmarks`, which searches the grid to build its table). */
export type GridSearchName =
  | 'GridSearcher' | 'AnyAngleSearcher' | 'JumpPointSearcher' | 'JpsPlusSearcher'
  | 'SubgoalSearcher4' | 'SubgoalSearcher8' | 'PreprocessedSearcher8' | 'landmarks';

const ASTAR_INSTEAD = "use GridSearcher (or findPath with algorithm 'astar')";

/** Jump point search's pruning, which JPS+ shares and the 8-connected subgoal graph builds on. */
const JUMP_RULES: readonly DiagonalRule[] = ['no-corner-cutting', 'always'];
const JUMP_COST: DiagonalCostRange = {
  min: 1, max: 2, open: false,
  why: 'its pruning assumes a diagonal step costs no less than one axial step and no more than two',
};
const JUMP: Omit<GridNeeds, 'instead'> = { connectivity: 8, diagonalRules: JUMP_RULES, weights: false, diagonalCost: JUMP_COST, ids: 'padded' };
const SUBGOAL8: GridNeeds = {
  ...JUMP,
  diagonalCost: { min: 1, max: 2, open: true, why: 'at 1 or 2 free-space shortest paths are no longer straight-and-diagonal' },
  instead: `use JumpPointSearcher, or ${ASTAR_INSTEAD}`,
};

/**
 * Which grids each grid search takes, in one table: the constructors check
 * a grid against their row (`checkGridFor`), and the docs' table of
 * searchers is this one. Every search here needs blocked cells deleted
 * (`blocked: 'delete'`); the generic engine (`Searcher`) is the one that
 * takes a price for entering them.
 */
export const GRID_NEEDS: Readonly<Record<GridSearchName, GridNeeds>> = Object.freeze({
  // Checked without this table by the fast path (grid-check.ts), so defined there.
  GridSearcher: GRID_SEARCHER_NEEDS,
  AnyAngleSearcher: {
    connectivity: null, diagonalRules: null, weights: true, ids: 'cells',
    diagonalCost: { min: Math.SQRT2, max: Math.SQRT2, open: false, minName: 'Math.SQRT2', why: 'any-angle costs are Euclidean lengths' },
    instead: ASTAR_INSTEAD,
  },
  JumpPointSearcher: { ...JUMP, instead: ASTAR_INSTEAD },
  JpsPlusSearcher: { ...JUMP, instead: ASTAR_INSTEAD },
  SubgoalSearcher4: {
    connectivity: 4, diagonalRules: null, weights: false, diagonalCost: null, ids: 'cells',
    instead: 'for 8-connected grids use JumpPointSearcher',
  },
  SubgoalSearcher8: SUBGOAL8,
  PreprocessedSearcher8: SUBGOAL8,
  landmarks: { connectivity: null, diagonalRules: null, weights: true, diagonalCost: null, ids: 'cells', instead: 'use octile(grid) with Searcher' },
} satisfies Record<GridSearchName, GridNeeds>);

function rangeText(r: DiagonalCostRange): string {
  if (r.min === r.max) return `diagonalCost = ${r.minName ?? r.min}`;
  const op = r.open ? '<' : '<=';
  return `${r.min} ${op} diagonalCost ${op} ${r.max}`;
}

function inRange(d: number, r: DiagonalCostRange): boolean {
  return r.open ? d > r.min && d < r.max : d >= r.min && d <= r.max;
}

/**
 * Refuses, as an `InputError`, a grid that search `who` does not take (its
 * row of `GRID_NEEDS`), naming the first need the grid breaks, what the grid
 * has instead and what to use on it.
 */
export function checkGridFor(grid: Grid, who: GridSearchName): void {
  const needs = GRID_NEEDS[who];
  needGrid(grid, who);
  const rules = needs.diagonalRules;
  const badRule = rules !== null && !rules.includes(grid.diagonalRule);
  if ((needs.connectivity !== null && grid.connectivity !== needs.connectivity) || badRule) {
    // One message for the two: a grid's diagonal rule is part of what its connectivity means.
    const wanted = needs.connectivity === null ? 'a grid' : `${needs.connectivity === 8 ? 'an' : 'a'} ${needs.connectivity}-connected grid`;
    const ruleText = rules === null ? '' : ` with diagonalRule ${rules.map((r) => `'${r}'`).join(' or ')}`;
    throw new InputError(`${who}: needs ${wanted}${ruleText}${needs.connectivity === 4 ? ' (connectivity: 4)' : ''}, got ${grid.connectivity}-connected${rules === null ? '' : ` with '${grid.diagonalRule}'`}; ${needs.instead}`);
  }
  needDeleted(grid, who, needs);
  checkWeightsFor(grid, who);
  const range = needs.diagonalCost;
  if (range !== null && grid.maxDegree === 8 && !inRange(grid.diagonalCost, range)) {
    throw new InputError(`${who}: needs ${rangeText(range)} (${range.why}), got ${grid.diagonalCost}; ${needs.instead}`);
  }
  needIds(grid, who, needs);
}

/**
 * Refuses a grid with per-cell weights for a search that assumes every free
 * cell costs the same (a jump would run straight over a swamp, a subgoal
 * graph's hops would ignore it). Asked at every query too: weights may come
 * after the constructor.
 */
export function checkWeightsFor(grid: Grid, who: GridSearchName): void {
  if (grid.weights !== null && !GRID_NEEDS[who].weights) {
    throw new InputError(`${who}: the grid has per-cell weights, and ${who} assumes every free cell costs the same; ${ASTAR_INSTEAD} on a weighted grid`);
  }
}

/**
 * The checks every query of a grid search makes before anything changes:
 * both ends free cells of the grid (and the grid usable), the option keys
 * known, and weights only where the search takes them.
 */
export function checkGridQuery(grid: Grid, who: GridSearchName, start: number, goal: number, options: unknown, keys: readonly string[]): void {
  checkQueryEnds(grid, who, start, goal, options, keys);
  checkWeightsFor(grid, who);
}

/** What the searchers other than `GridSearcher` check: their row of `GRID_NEEDS`. */
export const GRID_NEEDS_CHECKS: GridChecks = Object.freeze({ grid: checkGridFor, weights: checkWeightsFor });
