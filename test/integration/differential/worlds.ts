// Inputs of the differential suite: grids and graphs as fast-check values
// (small ones described cell by cell, so a failure shrinks to a picture), the
// library object and the reference built from the same description, and the
// heuristics each side may use.
import fc from 'fast-check';
import { Graph, Grid, type DiagonalRule, manhattan, octile, zero, type Heuristic } from '#bestfirst';
import { chebyshev, euclidean } from '#bestfirst/grid';
import { ReferenceGraph, ReferenceGrid, rng, type GridSpec } from '../../support/reference.js';

/**
 * The suite's seed: fixed, so every run and machine sees the same cases.
 * BESTFIRST_DIFF_SEED picks other cases and BESTFIRST_DIFF_SCALE multiplies
 * the number of runs, for a deeper search by hand; `npm test` uses neither.
 */
export const SEED = Number(process.env.BESTFIRST_DIFF_SEED ?? 20261210);
const SCALE = Number(process.env.BESTFIRST_DIFF_SCALE ?? 1);

/** Runs of a property: about 20 s of one core for the whole suite at scale 1 (the budget is 60). */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * SCALE));
}

// --- grids ----------------------------------------------------------------------

export const DIAGONAL_COSTS: readonly number[] = [0.5, 1, 1.4, Math.SQRT2, 1.5, 2, 3];
export const CELL_SIZES: readonly number[] = [1, 1, 1, 0.5, 2.5, 10];
/** -1 deletes blocked cells; the rest are entry costs, down to 0. */
export const ENTER_COSTS: readonly number[] = [-1, -1, -1, 0, 0.3, 1, 2, 7, 100, 10000];
const RULES: readonly DiagonalRule[] = ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked'];

export interface GridWorld {
  spec: GridSpec;
  cells: Uint8Array;
  /** Per-cell weights (`GridOptions.weights`), or none for an unweighted grid. */
  weights?: Float64Array;
}

/** Cell weights: mostly 1, some far below (a road), some far above (a swamp), none dyadic only. */
export const WEIGHTS: readonly number[] = [0.25, 0.5, 1, 1, 1, 1.5, 2, 3.7, 10];

/** `smallGrid` with a weight per cell drawn from `WEIGHTS` (one weight for all, now and then). */
export function weightedGrid(max = 10, limits: SpecLimits = {}): fc.Arbitrary<GridWorld> {
  return fc.tuple(smallGrid(max, limits), fc.array(fc.nat({ max: WEIGHTS.length - 1 }), { minLength: 1, maxLength: max * max }))
    .map(([w, picks]) => ({ ...w, weights: Float64Array.from(w.cells, (_, i) => WEIGHTS[picks[i % picks.length]]) }));
}

export interface SpecLimits {
  connectivity?: readonly (4 | 8)[];
  rules?: readonly DiagonalRule[];
  diagonalCosts?: readonly number[];
  cellSizes?: readonly number[];
  enterCosts?: readonly number[];
}

export function specArb(width: fc.Arbitrary<number>, height: fc.Arbitrary<number>, limits: SpecLimits = {}): fc.Arbitrary<GridSpec> {
  return fc.record({
    width,
    height,
    connectivity: fc.constantFrom(...(limits.connectivity ?? [4, 8, 8] as const)),
    diagonalRule: fc.constantFrom(...(limits.rules ?? RULES)),
    diagonalCost: fc.constantFrom(...(limits.diagonalCosts ?? DIAGONAL_COSTS)),
    cellSize: fc.constantFrom(...(limits.cellSizes ?? CELL_SIZES)),
    enterCost: fc.constantFrom(...(limits.enterCosts ?? ENTER_COSTS)),
  });
}

/**
 * A small grid (up to `max` x `max`) given by the list of its blocked cells:
 * shrinking removes walls and narrows the grid, so a failure ends as a
 * picture small enough to read.
 */
export function smallGrid(max = 12, limits: SpecLimits = {}): fc.Arbitrary<GridWorld> {
  return fc.record({
    spec: specArb(fc.integer({ min: 1, max }), fc.integer({ min: 1, max }), limits),
    density: fc.double({ min: 0, max: 0.55, noNaN: true }),
    walls: fc.array(fc.nat(), { maxLength: Math.ceil(0.6 * max * max) }),
  }).map(({ spec, density, walls }) => {
    const size = spec.width * spec.height;
    const cells = new Uint8Array(size);
    const count = Math.min(walls.length, Math.round(density * size));
    for (let i = 0; i < count; i++) cells[walls[i] % size] = 1;
    return { spec, cells };
  });
}

/** A larger grid from a seed and a density (too many cells to shrink one by one). */
export function seededGrid(min: number, max: number, limits: SpecLimits = {}): fc.Arbitrary<GridWorld> {
  return fc.record({
    spec: specArb(fc.integer({ min, max }), fc.integer({ min, max }), limits),
    density: fc.double({ min: 0, max: 0.4, noNaN: true }),
    seed: fc.nat(),
  }).map(({ spec, density, seed }) => {
    const next = rng(seed);
    const cells = new Uint8Array(spec.width * spec.height);
    for (let i = 0; i < cells.length; i++) cells[i] = next() < density ? 1 : 0;
    return { spec, cells };
  });
}

/** The library's Grid and the reference grid of one world. */
export function buildGrid(w: GridWorld): { grid: Grid; ref: ReferenceGrid } {
  const s = w.spec;
  const grid = new Grid(s.width, s.height, w.cells, {
    connectivity: s.connectivity,
    diagonalRule: s.diagonalRule,
    diagonalCost: s.diagonalCost,
    cellSize: s.cellSize,
    blocked: s.enterCost < 0 ? 'delete' : { enterCost: s.enterCost },
    ...(w.weights === undefined ? {} : { weights: w.weights }),
  });
  return { grid, ref: new ReferenceGrid(s, w.cells, w.weights) };
}

/** Prints a world for a failure message: options, then the raster. */
export function describeGrid(ref: ReferenceGrid): string {
  const s = ref.spec;
  if (ref.size > 400) return `${JSON.stringify(s)} (raster in the counterexample)`;
  const rows: string[] = [];
  for (let y = 0; y < s.height; y++) {
    let r = '';
    for (let x = 0; x < s.width; x++) r += ref.cells[y * s.width + x] ? '#' : '.';
    rows.push(r);
  }
  const weighted = ref.weights.some((v) => v !== 1);
  return `${JSON.stringify(s)} ${JSON.stringify(rows)}${weighted ? ` weights ${JSON.stringify(Array.from(ref.weights))}` : ''}`;
}

/** The `i`-th usable cell (an endpoint a search accepts), counting round; -1 when there is none. */
export function pickCell(ref: ReferenceGrid, i: number): number {
  let usable = 0;
  for (let n = 0; n < ref.size; n++) if (ref.usable(n)) usable++;
  if (usable === 0) return -1;
  let k = i % usable;
  for (let n = 0; n < ref.size; n++) {
    if (!ref.usable(n)) continue;
    if (k-- === 0) return n;
  }
  return -1;
}

const hasDiagonals = (s: GridSpec) => s.connectivity === 8 && s.diagonalRule !== 'never';

/** The largest step cost of a free move. */
function largestStep(s: GridSpec): number {
  return s.cellSize * (hasDiagonals(s) ? Math.max(1, s.diagonalCost) : 1);
}

export type NamedHeuristic = { name: string; h: Heuristic };

/**
 * The library's grid heuristics under the conditions their doc comments give
 * for admissibility: zero always; octile always (the exact cost on an empty
 * grid, Manhattan when 4-connected); Manhattan without diagonal moves;
 * Chebyshev when a diagonal costs at least an axial step; Euclidean when it
 * costs at least sqrt 2. The docs speak of free cells: with `cheapBlocked`
 * false, grids where entering a blocked cell costs less than a free step are
 * left out (see the heuristics test, which holds them to it anyway).
 */
export function documentedAdmissible(grid: Grid, s: GridSpec, cheapBlocked = false): NamedHeuristic[] {
  if (!cheapBlocked && s.enterCost >= 0 && s.enterCost < largestStep(s)) return [{ name: 'zero', h: zero }];
  const out: NamedHeuristic[] = [{ name: 'zero', h: zero }, { name: 'octile', h: octile(grid) }];
  if (!hasDiagonals(s)) out.push({ name: 'manhattan', h: manhattan(grid) });
  if (!hasDiagonals(s) || s.diagonalCost >= 1) out.push({ name: 'chebyshev', h: chebyshev(grid) });
  if (!hasDiagonals(s) || s.diagonalCost >= Math.SQRT2) out.push({ name: 'euclidean', h: euclidean(grid) });
  return out;
}

/**
 * The suite's own consistent heuristic for any grid and any edits: the
 * cheapest arc there can be (free cells weighing at least `leastWeight`)
 * times the Chebyshev distance (every arc changes it by at most one).
 */
export function safeGridHeuristic(s: GridSpec, leastWeight = 1): Heuristic {
  let least = s.cellSize * leastWeight;
  if (hasDiagonals(s)) least = Math.min(least, s.cellSize * s.diagonalCost * leastWeight);
  if (s.enterCost >= 0) least = Math.min(least, s.enterCost);
  const w = s.width;
  return (a, b) => least * Math.max(Math.abs((a % w) - (b % w)), Math.abs(Math.floor(a / w) - Math.floor(b / w)));
}

// --- graphs -----------------------------------------------------------------------

/** Arc costs: zero often, and multiples of 0.1 so D* can run exactly with costScale 10. */
export const GRAPH_COSTS: readonly number[] = [0, 0, 0.1, 0.5, 1, 1, 1.4, 2, 2.5, 3, 10];

export interface GraphWorld {
  size: number;
  directed: boolean;
  edges: [number, number, number][];
}

/** A graph of 1..`max` nodes; self loops and parallel arcs come naturally (endpoints drawn freely). */
export function graphWorld(max = 12, maxEdges = 36): fc.Arbitrary<GraphWorld> {
  return fc.record({
    size: fc.integer({ min: 1, max }),
    directed: fc.boolean(),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...GRAPH_COSTS)), { maxLength: maxEdges }),
  }).map(({ size, directed, edges }) => ({
    size,
    directed,
    edges: edges.map(([u, v, c]) => [u % size, v % size, c] as [number, number, number]),
  }));
}

export function buildGraph(w: GraphWorld): { graph: Graph; ref: ReferenceGraph } {
  return {
    graph: new Graph(w.size, w.edges, { directed: w.directed }),
    ref: ReferenceGraph.fromEdges(w.size, w.edges, w.directed),
  };
}

/**
 * Heuristics for a graph query, made from the reference cost-to-go d* to the
 * goal: zero; half and all of d* (consistent); d* times a per-node factor
 * in [0, 1] (admissible, not consistent). All but zero say Infinity at the
 * dead ends (d* = Infinity), the adopted contract for "no way on from here".
 */
export function graphHeuristics(costToGo: number[], salt: number): NamedHeuristic[] {
  const scaled = (f: number): Heuristic => (n) => (costToGo[n] === Infinity ? Infinity : f * costToGo[n]);
  const next = rng(salt);
  const factor = costToGo.map(() => next());
  return [
    { name: 'zero', h: zero },
    { name: 'd*/2', h: scaled(0.5) },
    { name: 'd*', h: scaled(1) },
    { name: 'jittered d*', h: (n) => (costToGo[n] === Infinity ? Infinity : factor[n] * costToGo[n]) },
  ];
}

/** Consistent ones only (weighted A* without reopening, ARA*). */
export function consistentGraphHeuristics(costToGo: number[]): NamedHeuristic[] {
  return graphHeuristics(costToGo, 0).filter((h) => h.name !== 'jittered d*');
}

// --- refusals ----------------------------------------------------------------------

/**
 * Runs `f`, which must refuse: throw a RangeError (InputError is one) whose
 * message is one non-empty line. Returns the message; throws otherwise.
 */
export function refusal(f: () => unknown, who: string): string {
  let thrown: unknown = null;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  if (thrown === null) throw new Error(`${who}: expected a refusal, but it ran`);
  if (!(thrown instanceof RangeError)) throw new Error(`${who}: refused with ${String(thrown)}, not a RangeError/InputError`);
  const msg = thrown.message;
  if (msg.trim().length === 0 || msg.includes('\n')) throw new Error(`${who}: refusal message is not one non-empty line: ${JSON.stringify(msg)}`);
  return msg;
}
