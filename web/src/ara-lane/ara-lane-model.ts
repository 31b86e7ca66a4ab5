import { ARA_SCHEDULE, AraSearcher, type AraIteration } from '../../../src/ara.js';
import { dijkstra } from '../../../src/best-first.js';
import type { Grid } from '../../../src/grid.js';
import { octile } from '../../../src/heuristics.js';

/** One query of the ARA* lane: the library's rounds, in order, and Dijkstra's cost to hold the last one against. */
export interface AraLaneRun {
  schedule: readonly number[];
  rounds: AraIteration[];
  /** How the library's run ended ('optimal', 'bounded', 'unreachable', ...). */
  status: string;
  dijkstra: number;
}

/**
 * Runs ARA* (octile h, the chapter's schedule 3, 2, 1.5, 1) one `iterate()`
 * at a time with tracing on, so the lane can show each round's expansions
 * and path in turn. The loop only asks the library for its next round.
 */
export function runAraLane(grid: Grid, start: number, goal: number, schedule: readonly number[] = ARA_SCHEDULE, searcher = new AraSearcher(grid)): AraLaneRun {
  searcher.begin(start, goal, octile(grid), { schedule, trace: true });
  for (;;) if (searcher.iterate() === null) break;
  return { schedule, rounds: searcher.iterations.slice(), status: searcher.status, dijkstra: dijkstra(grid, start, goal).cost };
}

/** The sentence under the lane for round i (0-based). */
export function roundSummary(run: AraLaneRun, i: number): string {
  const r = run.rounds[i];
  const proven = r.bound <= 1 ? 'proven optimal' : `proven within ${r.bound.toFixed(3)}× the optimum`;
  let s = `Round ${i + 1} (ε = ${r.eps}): cost ${r.cost.toFixed(2)}, ${r.expansions} expansions (${r.totalExpansions} in all), ${proven}.`;
  if (i === run.rounds.length - 1) {
    const same = Math.abs(r.cost - run.dijkstra) < 1e-9;
    s += ` Dijkstra's cost is ${run.dijkstra.toFixed(2)}: ${same ? 'the last round matches it' : 'the last round is above it'}.`;
    if (run.rounds.length < run.schedule.length && r.bound <= 1) s += ` ARA* stopped early: the bound already reached 1, so the remaining ε values had nothing left to prove.`;
  }
  return s;
}
