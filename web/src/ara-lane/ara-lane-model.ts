import { dijkstra, type Grid, octile } from '#bestfirst';
import { ARA_SCHEDULE, AraSearcher, type AraIteration } from '#bestfirst/repair';

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

/**
 * The bound each round's path proves with all that is known by then. Round
 * j's library bound b_j says the optimum is at least cost_j / b_j (whether
 * b_j came from the waiting states' g + h or from the round's eps), and a
 * lower bound stays true in later rounds: so round i's path is within
 * cost_i / max over j <= i of (cost_j / b_j) of the optimum. Never above the
 * library's own b_i; 1 means proven optimal.
 */
export function provenBounds(rounds: readonly Pick<AraIteration, 'cost' | 'bound'>[]): number[] {
  let lower = 0;
  return rounds.map((r) => {
    if (Number.isFinite(r.bound) && r.bound > 0) lower = Math.max(lower, r.cost / r.bound);
    const b = lower > 0 ? Math.min(r.bound, r.cost / lower) : r.bound;
    return b <= 1 + 1e-12 ? 1 : b;
  });
}

/** The sentence under the lane for round i (0-based). */
export function roundSummary(run: AraLaneRun, i: number): string {
  const r = run.rounds[i];
  const bound = provenBounds(run.rounds)[i];
  const proven = bound <= 1 ? 'proven optimal' : `proven within ${bound.toFixed(3)}× the optimum`;
  let s = `Round ${i + 1} (ε = ${r.eps}): cost ${r.cost.toFixed(2)}, ${r.expansions} expansions (${r.totalExpansions} in all), ${proven}.`;
  if (i === run.rounds.length - 1) {
    const same = Math.abs(r.cost - run.dijkstra) < 1e-9;
    s += ` Dijkstra's cost is ${run.dijkstra.toFixed(2)}: ${same ? 'the last round matches it' : 'the last round is above it'}.`;
    if (run.rounds.length < run.schedule.length && r.bound <= 1) s += ` ARA* stopped early: the bound already reached 1, so the remaining ε values had nothing left to prove.`;
  }
  return s;
}
