import { ASTAR, BidirectionalSearcher, ContractionHierarchy, COST_TO_COME, type Graph, type Heuristic, InputError, pathCost, Searcher, zero } from '#bestfirst';
import { bellmanFord, zeroOneBfs } from '#bestfirst/search';
import { progressBar, type Io } from './io.js';

// The searches of `bestfirst route`, one query each: what --algo names, for
// the one query of --from/--to and the many of --pairs (and their workers).

/** What one `--algo` of `route` found: the path as node ids from 0 (null without one), and the work it did. */
export interface Found {
  readonly path: number[] | null;
  /** The search's own cost for it (Infinity without one). */
  readonly cost: number;
  /** Nodes expanded (best-first) or settled (0-1 BFS); null for Bellman-Ford, which counts rounds. */
  readonly expansions: number | null;
  /** Bellman-Ford's rounds of relaxing every arc; null for the others. */
  readonly rounds: number | null;
  /** What was built before the search (the contraction hierarchy), and what it took; null for the searches that build nothing. */
  readonly built?: { readonly ms: number; readonly shortcuts: number; readonly bytes: number; readonly loaded: boolean };
  /** Bellman-Ford only: a cycle of negative cost reachable from the start (node ids from 0), when there is one. */
  readonly cycle?: number[];
}

/** The path to `goal` by the parent links of a single-source search, or null when it was not reached. */
function walkBack(parent: Int32Array, g: Float64Array, start: number, goal: number): number[] | null {
  if (g[goal] === Infinity) return null;
  const path = [goal];
  for (let n = goal; n !== start; ) { n = parent[n]; path.push(n); }
  return path.reverse();
}

/** Why `path` is not a path from start to goal of cost `cost` on `graph`, or null when it is one. */
export function check(graph: Graph, path: number[], start: number, goal: number, cost: number): string | null {
  if (path[0] !== start || path[path.length - 1] !== goal) return `it runs from ${path[0] + 1} to ${path[path.length - 1] + 1}`;
  let summed: number;
  try {
    summed = pathCost(graph, path);
  } catch (e) {
    return (e as Error).message;
  }
  return summed === cost ? null : `its arcs sum to ${summed}, the search said ${cost}`;
}

function bestFirst(graph: Graph, start: number, goal: number, h: Heuristic, astar: boolean): Found {
  const s = new Searcher(graph);
  s.search(start, goal, { priority: astar ? ASTAR : COST_TO_COME, heuristic: h });
  return { path: s.status === 'found' ? s.path() : null, cost: s.cost, expansions: s.expansions, rounds: null };
}

function bidirectional(graph: Graph, start: number, goal: number, h: Heuristic | null): Found {
  const s = new BidirectionalSearcher(graph);
  s.search(start, goal, h === null ? {} : { heuristic: h });
  return { path: s.path(), cost: s.cost, expansions: s.expansions, rounds: null };
}

/** The searches; `needsCo` marks those whose heuristic is made from the coordinates. */
/** What a search may need beyond the graph and its ends: the file's name for messages, a saved hierarchy for `ch`, the terminal for a build's progress. */
export interface Context {
  readonly gr: string;
  readonly saved?: Uint8Array;
  readonly io: Io;
}

export const ALGOS: Readonly<Record<string, { help: string; needsCo?: true; run(graph: Graph, start: number, goal: number, h: Heuristic | null, ctx: Context): Found }>> = {
  dijkstra: { help: 'Dijkstra, h = 0', run: (graph, s, t) => bestFirst(graph, s, t, zero, false) },
  astar: {
    help: 'A* with the straight-line distance to the goal times the smallest weight / length ratio over all arcs (admissible whatever the weights are; needs --co)',
    needsCo: true,
    run: (graph, s, t, h) => bestFirst(graph, s, t, h!, true),
  },
  bidijkstra: { help: 'bidirectional Dijkstra: one search from the start, one from the goal against the arcs, until they meet', run: (graph, s, t) => bidirectional(graph, s, t, null) },
  biastar: {
    help: 'bidirectional A* on the average of the two straight-line potentials (needs --co)',
    needsCo: true,
    run: (graph, s, t, h) => bidirectional(graph, s, t, h),
  },
  ch: {
    help: 'contraction hierarchies: the graph is contracted first (its build time is printed), or loaded from --ch FILE.ch (bestfirst preprocess), then one upward search from each end',
    run(graph, s, t, _h, ctx) {
      const t0 = performance.now();
      const progress = ctx.saved === undefined ? progressBar(ctx.io, graph.size, 'contracting ') : null;
      const ch = new ContractionHierarchy(graph, ctx.saved !== undefined ? { saved: ctx.saved } : progress === null ? {} : { onProgress: progress });
      const built = { ms: performance.now() - t0, shortcuts: ch.shortcuts, bytes: ch.bytes, loaded: ctx.saved !== undefined };
      ch.search(s, t);
      return { path: ch.path(), cost: ch.cost, expansions: ch.expansions, rounds: null, built };
    },
  },
  'bellman-ford': {
    help: 'Bellman-Ford from the start (every arc relaxed each round: slow, a check on the others); the one search that takes negative weights, and finds a negative cycle',
    run(graph, s, t) {
      const r = bellmanFord(graph, s);
      // A negative cycle reachable from the start: no cheapest path is defined, so none is given.
      if (r.status === 'negative-cycle') return { path: null, cost: -Infinity, expansions: null, rounds: r.rounds, cycle: r.cycle };
      return { path: walkBack(r.parent, r.g, s, t), cost: r.g[t], expansions: null, rounds: r.rounds };
    },
  },
  '01bfs': {
    help: '0-1 BFS from the start (weights 0 and 1 only)',
    run(graph, s, t, _h, { gr }) {
      // Checked here to name the arc by the file's ids (from 1); zeroOneBfs would name it by the graph's (from 0).
      const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
      for (let u = 0; u < graph.size; u++) {
        const deg = graph.successors(u, nodes, costs);
        for (let k = 0; k < deg; k++) {
          if (costs[k] !== 0 && costs[k] !== 1) throw new InputError(`route: --algo 01bfs on ${gr}: the arc ${u + 1} -> ${nodes[k] + 1} weighs ${costs[k]}; 0-1 BFS takes weights 0 and 1 only (--algo dijkstra takes any)`);
        }
      }
      const f = zeroOneBfs(graph, s);
      return { path: walkBack(f.parent, f.g, s, t), cost: f.g[t], expansions: f.reached, rounds: null };
    },
  },
};

/** A search made once for many queries (route --pairs): `find` answers one; `ch` is the hierarchy of --algo ch, `built` what making it took. */
export interface PairSearch {
  find(start: number, goal: number): Found;
  readonly ch: ContractionHierarchy | null;
  readonly built?: Found['built'];
}

/**
 * The search `algo` made for many queries on `graph`: one searcher (or
 * hierarchy, built or loaded from `ctx.saved`) reused by every query, so a
 * query allocates no searcher and the hierarchy is built once; the
 * single-source searches (bellman-ford, 01bfs) run whole for each.
 */
export function pairSearch(graph: Graph, algo: string, h: Heuristic | null, ctx: Context): PairSearch {
  if (algo === 'dijkstra' || algo === 'astar') {
    const s = new Searcher(graph);
    const options = { priority: algo === 'astar' ? ASTAR : COST_TO_COME, heuristic: algo === 'astar' ? h! : zero };
    return { ch: null, find(start, goal) { s.search(start, goal, options); return { path: s.status === 'found' ? s.path() : null, cost: s.cost, expansions: s.expansions, rounds: null }; } };
  }
  if (algo === 'bidijkstra' || algo === 'biastar') {
    const s = new BidirectionalSearcher(graph);
    const options = algo === 'biastar' ? { heuristic: h! } : {};
    return { ch: null, find(start, goal) { s.search(start, goal, options); return { path: s.path(), cost: s.cost, expansions: s.expansions, rounds: null }; } };
  }
  if (algo === 'ch') {
    const t0 = performance.now();
    const progress = ctx.saved === undefined ? progressBar(ctx.io, graph.size, 'contracting ') : null;
    const ch = new ContractionHierarchy(graph, ctx.saved !== undefined ? { saved: ctx.saved } : progress === null ? {} : { onProgress: progress });
    const built = { ms: performance.now() - t0, shortcuts: ch.shortcuts, bytes: ch.bytes, loaded: ctx.saved !== undefined };
    return { ch, built, find(start, goal) { ch.search(start, goal); return { path: ch.path(), cost: ch.cost, expansions: ch.expansions, rounds: null }; } };
  }
  return { ch: null, find: (start, goal) => ALGOS[algo].run(graph, start, goal, h, ctx) };
}
