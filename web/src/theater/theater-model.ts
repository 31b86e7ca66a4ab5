import { Searcher } from '../../../src/best-first.js';
import type { Grid } from '../../../src/grid.js';
import { octile, type Heuristic } from '../../../src/heuristics.js';
import { COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '../../../src/priority.js';
import type { Trace } from '../../../src/trace.js';
import { firstEpsilonAboveDijkstra, sliderValues } from './first-epsilon.js';

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
}

/** The four lanes: one engine, four settings of its one knob. */
export const LANES: readonly LaneSpec[] = [
  { id: 'bfs', title: 'Breadth-first', ranks: 'ranks by link length', priority: () => LINK_LENGTH },
  { id: 'dijkstra', title: 'Dijkstra', ranks: 'ranks by g', priority: () => COST_TO_COME },
  { id: 'greedy', title: 'Greedy', ranks: 'ranks by h', priority: () => HEURISTIC_ONLY },
  { id: 'astar', title: 'A*', ranks: 'ranks by g + ε h', priority: (eps) => sum(eps) },
];

export const EPS_MIN = 0, EPS_MAX = 5, EPS_STEP = 0.1;
export const EPSILONS = sliderValues(EPS_MIN, EPS_MAX, EPS_STEP);

export interface LaneRun {
  id: LaneId;
  status: 'found' | 'unreachable' | 'step-limit';
  trace: Trace;
  path: number[] | null;
  cost: number;
  expansions: number;
  linkLength: number;
  reopenings: number;
}

/**
 * The theater's state and its reruns. The grid is the theater's own copy
 * (the reader paints on it); each lane keeps one library Searcher, reused
 * for every rerun, so a rerun allocates only its trace and path.
 */
export class TheaterModel {
  readonly grid: Grid;
  start: number;
  goal: number;
  eps = 1;
  readonly h: Heuristic;
  private readonly searchers: Searcher[];
  private readonly badgeSearcher: Searcher;

  constructor(world: TheaterWorld) {
    this.grid = world.grid.with({});
    this.start = world.start;
    this.goal = world.goal;
    // Octile with the grid's own diagonal: exact on an empty grid, so admissible and consistent.
    this.h = octile(this.grid);
    this.searchers = LANES.map(() => new Searcher(this.grid));
    this.badgeSearcher = new Searcher(this.grid);
  }

  get cells(): Uint8Array { return this.grid.cells; }

  runLane(i: number): LaneRun {
    const spec = LANES[i];
    const s = this.searchers[i];
    s.search(this.start, this.goal, { priority: spec.priority(this.eps), heuristic: this.h, trace: true });
    const path = s.path();
    return {
      id: spec.id, status: s.status, trace: s.trace!, path, cost: s.cost,
      expansions: s.expansions, linkLength: path ? path.length - 1 : -1, reopenings: s.reopenings,
    };
  }

  runAll(): LaneRun[] { return LANES.map((_, i) => this.runLane(i)); }

  /** The first slider epsilon whose A* cost exceeds Dijkstra's (library searches only). */
  badge(): number | null {
    return firstEpsilonAboveDijkstra(this.grid, this.start, this.goal, this.h, EPSILONS, this.badgeSearcher);
  }
}
