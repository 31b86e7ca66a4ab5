import { Heap } from '../queues/heap.js';
import type { AgentTask } from './check.js';
import type { MapfFloor } from './model.js';

/**
 * The plan of least sum of costs by Dijkstra over joint states, for an
 * instance small enough to search whole: a state is every agent's cell and a
 * mask of the agents that have finished. A finished agent stays on its goal
 * for good and costs nothing more; every other agent costs one per step, so
 * a step costs the number of unfinished agents, and a plan's cost is the sum
 * of its agents' last arrivals (the benchmark's sum of costs). An agent on
 * its goal may finish at any state (a move of cost 0), so every choice of
 * when each agent stops for good is searched.
 *
 * This is where conflict-based search is weakest: two agents that must pass
 * each other in a corridor make CBS split one time step at a time, and the
 * tree grows exponentially in the number of steps the plan costs above its
 * lower bound (corridor symmetry; Li et al., ICAPS 2020). A small instance
 * has few joint states, and this search answers it exactly whatever the gap.
 *
 * `reach[i]` lists the cells agent i may use (those that reach its goal);
 * `states` is the product of their sizes. Returns the paths (each ending at
 * its agent's last arrival), or null when no plan exists.
 */
export function optimalJointPlan(floor: MapfFloor, tasks: readonly AgentTask[], reach: readonly Int32Array[], states: number): number[][] | null {
  const k = tasks.length, nbr = floor.nbr, masks = 1 << k, all = masks - 1;
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
  const decode = (code: number, out: Int32Array) => {
    for (let i = 0; i < k; i++) {
      const r = reach[i].length;
      out[i] = reach[i][code % r];
      code = Math.floor(code / r);
    }
  };
  // A joint state is positions * masks + mask.
  const total = states * masks;
  const g = new Float64Array(total).fill(Infinity);
  const parent = new Int32Array(total).fill(-1);
  const heap = new Heap(1024);
  const goals = tasks.map((t) => t.goal);
  const cells = new Int32Array(k), next = new Int32Array(k);

  // Reaching positions `pos` (code) with finished agents `done` at cost `cost` from state `from`:
  // the state itself, and every state where some more of the agents on their goals finish now.
  const reachState = (code: number, done: number, cost: number, from: number, at: Int32Array) => {
    let can = 0;
    for (let i = 0; i < k; i++) if (!(done >> i & 1) && at[i] === goals[i]) can |= 1 << i;
    // Every subset of `can`, the empty one included.
    for (let sub = can; ; sub = (sub - 1) & can) {
      const s = code * masks + (done | sub);
      if (cost < g[s]) {
        g[s] = cost;
        // A finish is a move of cost 0 from the state before it: the parent is the state before
        // the step, so the path read back has one joint position per step.
        parent[s] = from;
        heap.push(s, cost, 0, 0);
      }
      if (sub === 0) break;
    }
  };

  const first = encode(tasks.map((t) => t.start));
  decode(first, cells);
  reachState(first, 0, 0, -1, cells);
  let end = -1;
  while (heap.length > 0) {
    const s = heap.topNode(), gs = heap.topKey1();
    heap.pop();
    if (gs > g[s]) continue;
    const done = s % masks, code = (s - done) / masks;
    if (done === all) { end = s; break; }
    decode(code, cells);
    let active = 0;
    for (let i = 0; i < k; i++) if (!(done >> i & 1)) active++;
    // Every joint step: finished agents stay, the others wait or move; no two on a cell, no swaps.
    const place = (a: number): void => {
      if (a === k) { reachState(encode(next), done, gs + active, s, next); return; }
      const n = cells[a];
      for (let d = -1; d < 4; d++) {
        if (d >= 0 && (done >> a & 1)) break;
        const m = d < 0 ? n : nbr[4 * n + d];
        if (m < 0 || !index[a].has(m)) continue;
        let ok = true;
        for (let b = 0; b < a && ok; b++) ok = next[b] !== m && !(next[b] === n && cells[b] === m);
        if (!ok) continue;
        next[a] = m;
        place(a + 1);
      }
    };
    place(0);
  }
  if (end < 0) return null;

  // Read the states back, start first; each agent's path ends at the step it finished.
  const chain: number[] = [];
  for (let s = end; s >= 0; s = parent[s]) chain.push(s);
  chain.reverse();
  const paths: number[][] = tasks.map(() => []);
  const finishedAt = new Array<number>(k).fill(-1);
  chain.forEach((s, t) => {
    const done = s % masks;
    decode((s - done) / masks, cells);
    for (let i = 0; i < k; i++) {
      if (finishedAt[i] >= 0) continue;
      paths[i].push(cells[i]);
      if (done >> i & 1) finishedAt[i] = t;
    }
  });
  return paths;
}
