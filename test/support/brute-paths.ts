// Brute force over simple paths and simple cycles, the reference for searches
// that take negative arc costs (bellman-ford.test.ts, floyd-warshall.test.ts).
import type { SearchSpace } from '#bestfirst';

/** Every simple path from s, and every simple cycle through a node reachable from s: brute force. */
export function brute(space: SearchSpace, s: number): { best: number[]; negativeCycle: boolean } {
  const n = space.size;
  const best = new Array<number>(n).fill(Infinity);
  const adj = (x: number) => { const nodes = new Int32Array(space.maxDegree), costs = new Float64Array(space.maxDegree); const d = space.successors(x, nodes, costs); return Array.from({ length: d }, (_, k) => [nodes[k], costs[k]] as const); };
  const onPath = new Array<boolean>(n).fill(false);
  const reach = new Set<number>();
  const walk = (x: number, cost: number) => {
    reach.add(x);
    best[x] = Math.min(best[x], cost);
    onPath[x] = true;
    for (const [y, c] of adj(x)) if (!onPath[y]) walk(y, cost + c);
    onPath[x] = false;
  };
  walk(s, 0);
  let negativeCycle = false;
  const cyc = (start: number, x: number, cost: number) => {
    onPath[x] = true;
    for (const [y, c] of adj(x)) {
      if (y === start && cost + c < -1e-9) negativeCycle = true;
      else if (!onPath[y]) cyc(start, y, cost + c);
    }
    onPath[x] = false;
  };
  for (const r of reach) cyc(r, r, 0);
  return { best, negativeCycle };
}
