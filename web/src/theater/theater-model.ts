import { Searcher, type Grid, octile, type Heuristic, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority, type Trace, type SearchStatus } from '#bestfirst';
import { sliderValues } from './first-epsilon.js';

/** A world the Search Theater can show: any grid with a start and a goal on free cells. */
export interface TheaterWorld {
  grid: Grid;
  start: number;
  goal: number;
}

export type LaneId = 'bfs' | 'dijkstra' | 'greedy' | 'astar';

export interface LaneSpec {
  id: LaneId;
  title: string;
  ranks: string;
  priority: (eps: number) => Priority;
  /** What the lane ranks by, for the cell readout: its name and its value from g, h and the link depth. */
  key: string;
}

/** The four lanes: one engine, four settings of its one knob. */
export const LANES: readonly LaneSpec[] = [
  { id: 'bfs', title: 'Breadth-first', ranks: 'fewest moves first', priority: () => LINK_LENGTH, key: 'links' },
  { id: 'dijkstra', title: 'Dijkstra', ranks: 'lowest g first', priority: () => COST_TO_COME, key: 'g' },
  { id: 'greedy', title: 'Greedy', ranks: 'lowest h first', priority: () => HEURISTIC_ONLY, key: 'h' },
  { id: 'astar', title: 'A*', ranks: 'lowest g + ε h first', priority: (eps) => sum(eps), key: 'g + ε h' },
];

export const EPS_MIN = 0, EPS_MAX = 5, EPS_STEP = 0.1;
export const EPSILONS = sliderValues(EPS_MIN, EPS_MAX, EPS_STEP);

export interface LaneRun {
  id: LaneId;
  status: SearchStatus;
  trace: Trace;
  path: number[] | null;
  cost: number;
  expansions: number;
  linkLength: number;
  reopenings: number;
}

/**
 * The badge: the first of `epsilons` (ascending) at which the A* lane's
 * search (g + eps h, reopening closed cells or not, as the lane does) pays
 * more than Dijkstra, or null. The same scan as the library's
 * firstEpsilonAboveDijkstra, with the lane's reopen setting, which that
 * function does not take; every search is the library's.
 */
export function badgeEpsilon(grid: Grid, start: number, goal: number, h: Heuristic, epsilons: readonly number[],
  reopen: boolean, searcher: Searcher = new Searcher(grid)): number | null {
  searcher.search(start, goal, { priority: COST_TO_COME });
  const best = searcher.cost;
  if (!Number.isFinite(best)) return null;
  for (const eps of epsilons) {
    searcher.search(start, goal, { priority: sum(eps), heuristic: h, reopen });
    // The library's slack: sums of 1.4 in another order are not "costlier".
    if (searcher.cost > best * (1 + 1e-9) + 1e-12) return eps;
  }
  return null;
}

/**
 * The theater's state and its reruns. The grid is the theater's own copy
 * (the reader paints on it); each lane keeps one library Searcher, reused
 * for every rerun, so a rerun allocates only its trace and path.
 *
 * `reopen` is the theater's switch. Off (the default), a closed cell stays
 * closed: weighted A* keeps its bound of eps times the optimum under a
 * consistent h, and a larger eps never costs extra expansions in reopenings.
 * On, a closed cell that is offered a cheaper g is expanded again.
 */
export class TheaterModel {
  readonly grid: Grid;
  start: number;
  goal: number;
  eps = 1;
  reopen = false;
  readonly h: Heuristic;
  private readonly searchers: Searcher[];
  private readonly probe: Searcher;

  constructor(world: TheaterWorld) {
    this.grid = world.grid.with({});
    this.start = world.start;
    this.goal = world.goal;
    // Octile with the grid's own diagonal: exact on an empty grid, so admissible and consistent.
    this.h = octile(this.grid);
    this.searchers = LANES.map(() => new Searcher(this.grid));
    this.probe = new Searcher(this.grid);
  }

  get cells(): Uint8Array { return this.grid.cells; }

  /** After writing `cells` directly (a reset, a preset): tells the grid, so no copy of it goes stale. */
  cellsChanged(): void { this.grid.touch(); }

  runLane(i: number): LaneRun {
    const spec = LANES[i];
    const s = this.searchers[i];
    const status = s.search(this.start, this.goal, { priority: spec.priority(this.eps), heuristic: this.h, trace: true, reopen: this.reopen });
    const path = s.path();
    return {
      id: spec.id, status, trace: s.trace!, path, cost: s.cost,
      expansions: s.expansions, linkLength: path ? path.length - 1 : -1, reopenings: s.reopenings,
    };
  }

  runAll(): LaneRun[] { return LANES.map((_, i) => this.runLane(i)); }

  /** The A* lane's totals at another epsilon, for a preset's claim (no trace). */
  astarAt(eps: number): { expansions: number; cost: number } {
    const s = this.probe;
    s.search(this.start, this.goal, { priority: sum(eps), heuristic: this.h, reopen: this.reopen });
    return { expansions: s.expansions, cost: s.cost };
  }

  /** The badge for the current query, computed here (the off-frame worker does the same). */
  badge(): number | null {
    return badgeEpsilon(this.grid, this.start, this.goal, this.h, EPSILONS, this.reopen, this.probe);
  }
}
