// The independent oracle: ngraph.path (a well-known JavaScript path finder, a
// dev dependency only). It sees the space only as an explicit weighted graph.
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import type { SearchSpace } from '#bestfirst';

/** Cheapest cost from start to goal by ngraph.path's A* with h = 0 (Dijkstra); Infinity without a path. */
export function oracleCost(space: SearchSpace, start: number, goal: number): number {
  const graph = createGraph<undefined, number>();
  const nodes = new Int32Array(space.maxDegree);
  const costs = new Float64Array(space.maxDegree);
  for (let n = 0; n < space.size; n++) {
    graph.addNode(n);
    // One link per ordered pair, at the cheapest of its parallel arcs: getLink
    // below returns the first link between two nodes, not the cheapest.
    const cheapest = new Map<number, number>();
    const k = space.successors(n, nodes, costs);
    for (let i = 0; i < k; i++) cheapest.set(nodes[i], Math.min(costs[i], cheapest.get(nodes[i]) ?? Infinity));
    for (const [m, c] of cheapest) graph.addLink(n, m, c);
  }
  if (start === goal) return 0;
  const finder = ngraphPath.aStar(graph, { oriented: true, distance: (_a, _b, link) => link.data });
  const path = finder.find(start, goal); // goal first
  if (path.length === 0) return Infinity;
  let cost = 0;
  for (let i = path.length - 1; i > 0; i--) cost += graph.getLink(path[i].id, path[i - 1].id)!.data;
  return cost;
}
