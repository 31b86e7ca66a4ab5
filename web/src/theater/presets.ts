import type { Grid } from '#bestfirst';
import { metres } from '../common/format.js';
import type { LaneId, LaneRun } from './theater-model.js';

/**
 * The Search Theater's preset queries. Each one was picked (by running the
 * library over every start and goal of the south rooms) so that one claim
 * of the text shows in the lanes' own counters; `claim` writes that claim
 * with the numbers of the runs on screen, so it can only say what the
 * library measured. The first is the page's opening query.
 */
export interface Preset {
  id: string;
  /** The menu's entry: the claim it shows. */
  title: string;
  /** Where the query runs, in words, before its claim. */
  route: string;
  start: [x: number, y: number];
  goal: [x: number, y: number];
  /** The slider's value for this preset. */
  eps: number;
  claim: (r: PresetRuns) => string;
}

/** What a claim reads: each lane's run, and the A* lane's totals at eps 1 for comparison. */
export interface PresetRuns {
  lane: Record<LaneId, LaneRun>;
  eps: number;
  astarAtOne: { expansions: number; cost: number };
  badge: number | null | undefined;
}

const cost = (r: LaneRun) => (r.path ? metres(r.cost) : 'nothing (no path)');

export const PRESETS: readonly Preset[] = [
  {
    id: 'opening', title: 'A* pays Dijkstra’s cost; the badge', route: 'Room A to room B', start: [1, 4], goal: [13, 6], eps: 1,
    claim: ({ lane, badge }) => `A* pays ${cost(lane.astar)}, the same as Dijkstra, but closes ${lane.astar.expansions} cells where Dijkstra closes ${lane.dijkstra.expansions}. `
      + `Greedy stops after ${lane.greedy.expansions} and pays ${cost(lane.greedy)}. `
      + (badge === undefined ? 'The badge is being worked out.' : badge === null ? 'No ε on the slider makes A* pay more here.' : `Push ε to ${badge.toFixed(1)} and A* pays more than Dijkstra: the badge.`),
  },
  {
    id: 'bfs', title: 'Breadth-first pays more', route: 'The corridor to the far corner of room A', start: [5, 1], goal: [1, 8], eps: 1,
    claim: ({ lane }) => `Breadth-first gets there in ${lane.bfs.linkLength} links and pays ${cost(lane.bfs)}; `
      + `Dijkstra uses ${lane.dijkstra.linkLength} links and pays ${cost(lane.dijkstra)}. The fewest links are not the cheapest route.`,
  },
  {
    id: 'greedy', title: 'Greedy pays more', route: 'Room A to the far corner of room B', start: [1, 4], goal: [14, 8], eps: 1,
    claim: ({ lane }) => `Greedy closes only ${lane.greedy.expansions} cells but pays ${cost(lane.greedy)}; `
      + `A* closes ${lane.astar.expansions} and pays ${cost(lane.astar)}, which is Dijkstra’s ${cost(lane.dijkstra)}.`,
  },
  {
    id: 'weighted', title: 'Weighted A* saves work', route: 'The west end of the corridor to the bath', start: [2, 1], goal: [22, 8], eps: 2,
    claim: ({ lane, eps, astarAtOne }) => `At ε = ${eps.toFixed(1)} the A* lane closes ${lane.astar.expansions} cells; at ε = 1 it closes ${astarAtOne.expansions}. `
      + `Both pay ${cost(lane.astar)}${Math.abs(lane.astar.cost - astarAtOne.cost) < 1e-9 ? '' : ` and ${metres(astarAtOne.cost)}`}.`,
  },
];

/** A preset's start and goal as cell ids of `grid`. */
export function presetCells(grid: Grid, p: Preset): { start: number; goal: number } {
  return { start: grid.id(p.start[0], p.start[1]), goal: grid.id(p.goal[0], p.goal[1]) };
}
