import { dijkstra, Searcher } from '#bestfirst';
import { counterexampleWorld, type CounterexampleWorld } from '#bestfirst/worlds';

/** What the four-node drawing shows, every number read from the library. */
export interface CounterexampleFacts {
  world: CounterexampleWorld;
  /** The graph's edges as the graph lists them: [from, to, cost]. */
  edges: [number, number, number][];
  /** h(n) of each node, and the true cost still to go h*(n) (Dijkstra from n). */
  h: number[];
  hStar: number[];
  /** f = g + h each node was pushed with by A* (NaN for a node it never pushed). */
  f: number[];
  g: number[];
  /** Nodes A* expanded, in order. */
  expanded: number[];
  astar: { path: number[]; cost: number };
  best: { path: number[]; cost: number };
}

export function counterexampleFacts(): CounterexampleFacts {
  const world = counterexampleWorld();
  const { graph, goal } = world;
  const edges: [number, number, number][] = [];
  const nodes = new Int32Array(graph.maxDegree), costs = new Float64Array(graph.maxDegree);
  for (let n = 0; n < graph.size; n++) {
    const d = graph.successors(n, nodes, costs);
    for (let i = 0; i < d; i++) edges.push([n, nodes[i], costs[i]]);
  }
  const ids = Array.from({ length: graph.size }, (_, n) => n);
  const s = new Searcher(graph);
  s.search(world.start, goal, { heuristic: world.h, trace: true });
  const f = ids.map(() => NaN), g = ids.map(() => NaN);
  for (const p of s.trace!.pushes) { f[p.node] = p.f; g[p.node] = p.g; }
  const d = dijkstra(graph, world.start, goal);
  return {
    world, edges,
    h: ids.map((n) => world.h(n, goal)),
    hStar: ids.map((n) => dijkstra(graph, n, goal).cost),
    f, g,
    expanded: s.trace!.pops.map((p) => p.node),
    astar: { path: s.path()!, cost: s.cost },
    best: { path: d.path!, cost: d.cost },
  };
}
