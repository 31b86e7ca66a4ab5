// The references the MAPF planner tests hold the planners to: the
// independent plan checker, and a brute-force search over joint states.
import { expect } from 'vitest';
import type { Grid } from '#bestfirst';
import type { MapfResult } from '#bestfirst/mapf';
import { checkMapfPlan, type AgentTask } from '#bestfirst/mapf';

/** The plan is valid and its costs are the ones reported. */
export function expectValid(grid: Grid, tasks: AgentTask[], r: MapfResult): void {
  expect(r.status, r.detail).toBe('found');
  const v = checkMapfPlan(grid, tasks, r.paths!);
  expect(v.ok, v.ok ? '' : v.reason).toBe(true);
  if (v.ok) expect([r.sumOfCosts, r.makespan]).toEqual([v.sumOfCosts, v.makespan]);
}

/**
 * The least sum of costs, by Dijkstra over joint states (every agent's cell,
 * and a mask of the agents that have finished: each stays on its goal for
 * good and costs nothing more). A step costs the number of unfinished agents;
 * an agent on its goal may finish at any state. Infinity when no state with
 * everyone finished is reachable.
 */
export function bruteForce(grid: Grid, tasks: AgentTask[]): number {
  const k = tasks.length, w = grid.width;
  const free = (n: number) => n >= 0 && n < grid.size && grid.cells[n] === 0;
  const moves = (n: number) => [n, n % w + 1 < w ? n + 1 : -1, n % w > 0 ? n - 1 : -1, n + w < grid.size ? n + w : -1, n - w].filter(free);
  const key = (cells: number[], done: number) => `${cells.join(',')}|${done}`;
  const best = new Map<string, number>();
  const buckets = new Map<number, [number[], number][]>();
  const add = (cells: number[], done: number, g: number) => {
    // Agents on their goals may finish now (every subset of them).
    const can = tasks.map((t, i) => (!(done >> i & 1) && cells[i] === t.goal ? i : -1)).filter((i) => i >= 0);
    for (let s = 0; s < 1 << can.length; s++) {
      let d = done;
      can.forEach((i, b) => { if (s >> b & 1) d |= 1 << i; });
      const kk = key(cells, d);
      if ((best.get(kk) ?? Infinity) <= g) continue;
      best.set(kk, g);
      if (!buckets.has(g)) buckets.set(g, []);
      buckets.get(g)!.push([cells, d]);
    }
  };
  add(tasks.map((t) => t.start), 0, 0);
  for (let g = 0; g <= 200; g++) {
    for (const [cells, done] of buckets.get(g) ?? []) {
      if (best.get(key(cells, done))! < g) continue;
      if (done === (1 << k) - 1) return g;
      const active = tasks.map((_, i) => i).filter((i) => !(done >> i & 1));
      // Every joint move of the unfinished agents; finished ones stay put.
      const rec = (j: number, next: number[]) => {
        if (j === active.length) {
          for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) {
            if (next[a] === next[b]) return;
            if (next[a] === cells[b] && next[b] === cells[a] && next[a] !== cells[a]) return;
          }
          add(next, done, g + active.length);
          return;
        }
        const i = active[j];
        for (const m of moves(cells[i])) { const n2 = next.slice(); n2[i] = m; rec(j + 1, n2); }
      };
      rec(0, cells.slice());
    }
  }
  return Infinity;
}

