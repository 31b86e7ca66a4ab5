import type { AgentTask } from './check.js';
import { optimalJointPlan } from './joint-optimal.js';
import type { MapfFloor } from './model.js';

/** What can be said of an instance before planning it. */
export interface Solvability {
  /** `unsolvable`: proven, no plan exists; `solvable`: proven by the joint search; `unknown`: too large to decide this way. */
  readonly verdict: 'unsolvable' | 'solvable' | 'unknown';
  /** Why it is unsolvable, in words; '' otherwise. */
  readonly reason: string;
  /** The agent the reason names, or -1. */
  readonly agent: number;
  /** With `solvable`: a plan of least sum of costs, found by the joint search (each path ending at its agent's last arrival); else null. */
  readonly plan: number[][] | null;
}

// A joint position has up to 5^k successors; the search is run only when states x 5^k stays within this many times the limit.
const WORK_PER_STATE = 20;

/**
 * Decides what a planner alone cannot: that no plan exists. Planners over
 * time (CBS, prioritized planning) never run out of later times to try, so
 * on an instance with no plan they search until a budget ends them. Two
 * proofs are tried:
 * - an agent that cannot reach its goal even alone;
 * - when the instance is small (the product of the cells each agent can
 *   reach, times 5^k moves, within `jointLimit` times a constant), a search
 *   over joint states (`optimalJointPlan`), moving every agent at once under
 *   the benchmark's rules: a plan exists exactly when it reaches every agent
 *   finished on its goal. This is what proves two robots cannot swap the
 *   ends of a corridor; and since it is a Dijkstra over sum of costs, the
 *   plan it finds on a solvable instance is optimal, which the planners take.
 */
export function solvability(floor: MapfFloor, tasks: readonly AgentTask[], jointLimit: number): Solvability {
  const k = tasks.length;
  let states = 1;
  for (let i = 0; i < k; i++) {
    const { start, goal } = tasks[i];
    const d = floor.distanceTo(goal);
    if (d[start] === Infinity) {
      return { verdict: 'unsolvable', agent: i, reason: `agent ${i} cannot reach its goal ${floor.at(goal)} from its start ${floor.at(start)} even alone`, plan: null };
    }
    states *= floor.reachable(goal);
  }
  if (states * 5 ** k > jointLimit * WORK_PER_STATE) return { verdict: 'unknown', agent: -1, reason: '', plan: null };
  // Each agent moves within the cells that reach its goal (its start among them).
  const reach = tasks.map(({ goal }) => {
    const d = floor.distanceTo(goal);
    return Int32Array.from(d.keys()).filter((n) => d[n] < Infinity);
  });
  const plan = optimalJointPlan(floor, tasks, reach, states);
  return plan !== null ? { verdict: 'solvable', agent: -1, reason: '', plan }
    : { verdict: 'unsolvable', agent: -1, reason: `no joint moves of the ${k} agents bring them all to their goals (searched all ${states} joint positions)`, plan: null };
}
