import type { MapfFloor } from './model.js';
import type { SpaceTimeRules } from './space-time.js';

/**
 * The narrow steps of an agent's multi-valued decision diagram (MDD): for
 * each step t up to `cost`, the one cell every path of exactly that cost
 * under `rules` stands on at t, or -1 when such paths differ there. A
 * conflict on a step where the agent has no choice cannot be dodged without
 * a dearer path (it is cardinal for that agent); CBS splits those first.
 *
 * Built level by level, forward from the start over the states whose
 * cost-to-come plus single-agent distance fits in `cost`, then backward from
 * (goal, cost) keeping only the states that lead there.
 */
export function mddSingles(floor: MapfFloor, start: number, goal: number, h: Float64Array, rules: SpaceTimeRules, cost: number): Int32Array {
  const nbr = floor.nbr;
  const free = rules.lastBarred(goal) + 1;
  const levels: number[][] = [[start]];
  for (let t = 1; t <= cost; t++) {
    const next = new Set<number>();
    for (const n of levels[t - 1]) {
      for (let k = -1; k < 4; k++) {
        const m = k < 0 ? n : nbr[4 * n + k];
        if (m < 0 || next.has(m) || t + Math.max(h[m], free - t) > cost) continue;
        if (!rules.vertexFree(m, t) || (m !== n && !rules.edgeFree(n, m, t))) continue;
        next.add(m);
      }
    }
    levels.push([...next]);
  }
  const singles = new Int32Array(cost + 1).fill(-1);
  let keep = new Set<number>([goal]);
  singles[cost] = goal;
  for (let t = cost - 1; t >= 0; t--) {
    const before = new Set<number>();
    for (const n of levels[t]) {
      for (let k = -1; k < 4; k++) {
        const m = k < 0 ? n : nbr[4 * n + k];
        if (m >= 0 && keep.has(m) && (m === n || rules.edgeFree(n, m, t + 1))) { before.add(n); break; }
      }
    }
    keep = before;
    if (keep.size === 1) singles[t] = keep.values().next().value!;
  }
  return singles;
}
