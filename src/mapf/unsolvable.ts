import type { AgentTask } from './check.js';
import type { MapfFloor } from './model.js';

/** What can be said of an instance before planning it. */
export interface Solvability {
  /** `unsolvable`: proven, no plan exists; `solvable`: proven by the joint search; `unknown`: too large to decide this way. */
  readonly verdict: 'unsolvable' | 'solvable' | 'unknown';
  /** Why it is unsolvable, in words; '' otherwise. */
  readonly reason: string;
  /** The agent the reason names, or -1. */
  readonly agent: number;
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
 *   reach is at most `jointLimit`), a breadth-first search over joint
 *   positions, moving every agent at once under the benchmark's rules: a
 *   plan exists exactly when the position with every agent on its goal can
 *   be reached (each agent then waits there for good). This is what proves
 *   two robots cannot swap the ends of a corridor.
 */
export function solvability(floor: MapfFloor, tasks: readonly AgentTask[], jointLimit: number): Solvability {
  const k = tasks.length;
  let states = 1;
  for (let i = 0; i < k; i++) {
    const { start, goal } = tasks[i];
    const d = floor.distanceTo(goal);
    if (d[start] === Infinity) {
      return { verdict: 'unsolvable', agent: i, reason: `agent ${i} cannot reach its goal ${floor.at(goal)} from its start ${floor.at(start)} even alone` };
    }
    states *= floor.reachable(goal);
  }
  if (states * 5 ** k > jointLimit * WORK_PER_STATE) return { verdict: 'unknown', agent: -1, reason: '' };
  // Each agent moves within the cells that reach its goal (its start among them).
  const reach = tasks.map(({ goal }) => {
    const d = floor.distanceTo(goal);
    return Int32Array.from(d.keys()).filter((n) => d[n] < Infinity);
  });
  return jointSearch(floor, tasks, reach, states) ? { verdict: 'solvable', agent: -1, reason: '' }
    : { verdict: 'unsolvable', agent: -1, reason: `no joint moves of the ${k} agents bring them all to their goals (searched all ${states} joint positions)` };
}

/** Breadth-first search over joint positions (agent i's cell as an index into reach[i], mixed radix). */
function jointSearch(floor: MapfFloor, tasks: readonly AgentTask[], reach: Int32Array[], states: number): boolean {
  const k = tasks.length, nbr = floor.nbr;
  const index = reach.map((r) => {
    const m = new Map<number, number>();
    r.forEach((c, j) => m.set(c, j));
    return m;
  });
  const encode = (cells: ArrayLike<number>) => {
    let code = 0;
    for (let i = k - 1; i >= 0; i--) code = code * reach[i].length + index[i].get(cells[i])!;
    return code;
  };
  const seen = new Uint8Array(states);
  const queue = new Int32Array(states);
  const goal = encode(tasks.map((t) => t.goal));
  const first = encode(tasks.map((t) => t.start));
  seen[first] = 1;
  queue[0] = first;
  let head = 0, tail = 1;
  const from = new Int32Array(k), to = new Int32Array(k);
  // Every agent at once: a wait or a side step each, no two on one cell, no two swapping.
  const place = (a: number): boolean => {
    if (a === k) {
      const code = encode(to);
      if (code === goal) return true;
      if (!seen[code]) { seen[code] = 1; queue[tail++] = code; }
      return false;
    }
    const n = from[a];
    for (let d = -1; d < 4; d++) {
      const m = d < 0 ? n : nbr[4 * n + d];
      if (m < 0 || !index[a].has(m)) continue;
      let ok = true;
      for (let b = 0; b < a && ok; b++) ok = to[b] !== m && !(to[b] === n && from[b] === m);
      if (!ok) continue;
      to[a] = m;
      if (place(a + 1)) return true;
    }
    return false;
  };
  if (first === goal) return true;
  while (head < tail) {
    let code = queue[head++];
    for (let i = 0; i < k; i++) {
      const r = reach[i].length;
      from[i] = reach[i][code % r];
      code = Math.floor(code / r);
    }
    if (place(0)) return true;
  }
  return false;
}
