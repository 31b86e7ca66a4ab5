// The engine (Searcher, bestFirst and its wrappers), depth-first search and
// the Graph class on random graphs, directed and not, with zero-cost arcs,
// parallel arcs and self loops, against the reference Dijkstra.
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { astar, bestFirst, bfs, dijkstra, greedy, Searcher, weightedAstar, type SearchOptions, InputError, type Heuristic, KeyedSpace, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority, type Trace } from '#bestfirst';
import { dfs, iddfs } from '#bestfirst/search';
import { arcList, sameCost, referenceCost, referenceCostToGo, Tally, unitCosts, type ReferenceGraph } from '../../support/reference.js';
import { checkAnswer, OPTIMAL, VALID, within } from './check.js';
import { buildGraph, graphHeuristics, graphWorld, runs, SEED, type GraphWorld } from './worlds.js';

const tally = new Tally('engine-graphs');
afterAll(() => tally.report());

const describe = (w: GraphWorld) => `${w.directed ? 'directed' : 'undirected'} ${w.size} nodes ${JSON.stringify(w.edges)}`;

/**
 * No node the heuristic calls a dead end (h = Infinity) may be expanded or
 * pushed. The start is let off: whether a dead-end start is pushed and popped
 * once or refused outright, the answer (unreachable) is the same.
 */
function checkDeadEnds(who: string, trace: Trace | null, start: number): void {
  if (trace === null) throw new Error(`${who}: no trace`);
  for (const p of trace.pops) if (p.h === Infinity && p.node !== start) throw new Error(`${who}: expanded ${p.node}, whose h is Infinity (a dead end)`);
  for (const p of trace.pushes) if (p.h === Infinity && p.node !== start) throw new Error(`${who}: pushed ${p.node}, whose h is Infinity (a dead end)`);
}

test('Graph lists exactly the arcs of its edge list, both ways', () => {
  fc.assert(
    fc.property(graphWorld(), (w) => {
      const { graph, ref } = buildGraph(w);
      for (let n = 0; n < w.size; n++) {
        expect(arcList(graph, n, 'forward')).toBe(arcList(ref, n, 'forward'));
        expect(arcList(graph, n, 'backward')).toBe(arcList(ref, n, 'backward'));
      }
    }),
    { seed: SEED, numRuns: runs(600) },
  );
});

test('engine on graphs: Dijkstra and A* optimal, weighted A* within eps, greedy valid, BFS fewest links, every cost its path\'s', () => {
  fc.assert(
    fc.property(graphWorld(), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 }), fc.nat(), (w, queries, salt) => {
      const { graph, ref } = buildGraph(w);
      const searcher = new Searcher(graph, { capacity: 1 }); // starts small: must grow
      for (const [a, b, fifo] of queries) {
        const s = a % w.size, t = b % w.size;
        const toGo = referenceCostToGo(ref, t);
        const expected = referenceCost(ref, s, t);
        expect(sameCost(toGo[s], expected)).toBe(true); // the two reference variants agree
        const tieBreak = fifo ? 'fifo' : 'h';
        const where = `${describe(w)}, ${s} -> ${t}`;
        // The reusable searcher on fifo-tie queries, the one-shot bestFirst on the others.
        const run = (priority: Priority, h: Heuristic, options: SearchOptions = {}) => {
          if (fifo) {
            searcher.search(s, t, { ...options, priority, heuristic: h, tieBreak });
            return searcher.result();
          }
          return bestFirst(graph, s, t, h, priority, { ...options, tieBreak });
        };
        for (const { name, h } of graphHeuristics(toGo, salt)) {
          const tag = (what: string) => `${what}, h = ${name}, ties ${tieBreak}: ${where}`;
          const dj = run(COST_TO_COME, h, { trace: true });
          checkAnswer(tag('Dijkstra (h breaks ties)'), dj, ref, graph, s, t, expected, OPTIMAL);
          checkDeadEnds(tag('Dijkstra'), dj.trace, s);
          const as = run(ASTAR, h, { trace: true });
          checkAnswer(tag('A*'), as, ref, graph, s, t, expected, OPTIMAL);
          checkDeadEnds(tag('A*'), as.trace, s);
          for (const eps of [1.5, 3]) {
            checkAnswer(tag(`weighted A* eps ${eps}`), run(sum(eps), h), ref, graph, s, t, expected, within(eps));
            // Without reopening the bound rests on a consistent h.
            if (name !== 'jittered d*') {
              checkAnswer(tag(`weighted A* eps ${eps} without reopening`), run(sum(eps), h, { reopen: false }), ref, graph, s, t, expected, within(eps));
            }
          }
          checkAnswer(tag('greedy'), run(HEURISTIC_ONLY, h), ref, graph, s, t, expected, VALID);
          tally.add('dijkstra'); tally.add('astar'); tally.add('weighted astar', name === 'jittered d*' ? 2 : 4); tally.add('greedy');
        }
        // Breadth-first: the fewest links, and the cost of the path it returns.
        const links = referenceCost(unitCosts(ref), s, t);
        const bf = fifo ? run(LINK_LENGTH, () => 0) : bfs(graph, s, t);
        checkAnswer(`BFS: ${where}`, bf, ref, graph, s, t, expected, VALID);
        if (bf.status === 'found' && bf.linkLength !== links) throw new Error(`BFS: ${bf.linkLength} links, the reference needs ${links}: ${where}`);
        // The named wrappers once each.
        checkAnswer(`dijkstra(): ${where}`, dijkstra(graph, s, t), ref, graph, s, t, expected, OPTIMAL);
        checkAnswer(`astar(): ${where}`, astar(graph, s, t, (n) => (toGo[n] === Infinity ? Infinity : toGo[n])), ref, graph, s, t, expected, OPTIMAL);
        checkAnswer(`weightedAstar(): ${where}`, weightedAstar(graph, s, t, (n) => toGo[n] / 2, 2), ref, graph, s, t, expected, within(2));
        checkAnswer(`greedy(): ${where}`, greedy(graph, s, t, (n) => toGo[n]), ref, graph, s, t, expected, VALID);
        // Depth-first: any path, and iterative deepening the fewest links.
        checkAnswer(`dfs: ${where}`, dfs(graph, s, t), ref, graph, s, t, expected, VALID);
        const id = iddfs(graph, s, t);
        checkAnswer(`iddfs: ${where}`, id, ref, graph, s, t, expected, VALID);
        if (id.status === 'found' && id.linkLength !== links) throw new Error(`iddfs: ${id.linkLength} links, the reference needs ${links}: ${where}`);
        // A depth limit: complete within it (found at exactly the fewest links), and 'stopped' one below.
        if (links < Infinity) {
          for (const [who, r] of [['dfs', dfs(graph, s, t, { depthLimit: links })], ['iddfs', iddfs(graph, s, t, { depthLimit: links })]] as const) {
            checkAnswer(`${who} with depthLimit ${links}: ${where}`, r, ref, graph, s, t, expected, VALID);
            if (r.linkLength > links) throw new Error(`${who} with depthLimit ${links}: a path of ${r.linkLength} links: ${where}`);
          }
          if (links > 0) {
            for (const [who, r] of [['dfs', dfs(graph, s, t, { depthLimit: links - 1 })], ['iddfs', iddfs(graph, s, t, { depthLimit: links - 1 })]] as const) {
              if (r.status !== 'stopped') throw new Error(`${who} with depthLimit ${links - 1}: status ${r.status}, but the fewest links is ${links}: ${where}`);
            }
          }
          tally.add('dfs', 2); tally.add('iddfs', 2);
        }
        tally.add('bfs'); tally.add('dijkstra'); tally.add('astar'); tally.add('weighted astar'); tally.add('greedy'); tally.add('dfs'); tally.add('iddfs');
      }
    }),
    { seed: SEED, numRuns: runs(1600) },
  );
});

/** The graph as a KeyedSpace with string keys, interned in the order the search meets them. */
function keyed(ref: ReferenceGraph): KeyedSpace<string> {
  const nodes = new Int32Array(ref.maxDegree), costs = new Float64Array(ref.maxDegree);
  return new KeyedSpace<string>((key, visit) => {
    const d = ref.successors(Number(key.slice(1)), nodes, costs);
    for (let i = 0; i < d; i++) visit(`v${nodes[i]}`, costs[i]);
  }, (key) => key, ref.maxDegree);
}

test('engine on an implicit space (KeyedSpace interning keys as it goes): Dijkstra, A*, BFS', () => {
  fc.assert(
    fc.property(graphWorld(), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (w, queries) => {
      const { ref } = buildGraph(w);
      const space = keyed(ref);
      const searcher = new Searcher(space, { capacity: 1 });
      for (const [a, b] of queries) {
        const s = a % w.size, t = b % w.size;
        const expected = referenceCost(ref, s, t);
        const toGo = referenceCostToGo(ref, t);
        const where = `${describe(w)}, ${s} -> ${t}`;
        const ks = space.id(`v${s}`), kt = space.id(`v${t}`);
        const h: Heuristic = (n) => toGo[Number(space.key(n).slice(1))];
        for (const [who, priority] of [['Dijkstra', COST_TO_COME], ['A*', ASTAR], ['BFS', LINK_LENGTH]] as const) {
          searcher.search(ks, kt, { priority, heuristic: h });
          const r = searcher.result();
          const path = r.path && r.path.map((n) => Number(space.key(n).slice(1)));
          checkAnswer(`${who} on KeyedSpace: ${where}`, { ...r, path }, ref, null, s, t, expected, priority === LINK_LENGTH ? VALID : OPTIMAL);
          tally.add('keyed');
        }
      }
    }),
    { seed: SEED, numRuns: runs(600) },
  );
});

const BAD_H: readonly unknown[] = [NaN, -1, -Infinity, '2', undefined, null, {}];

test('engine refuses a heuristic value that is not a number >= 0 with an InputError, and answers the next query right', () => {
  fc.assert(
    fc.property(graphWorld(8, 20), fc.nat(), fc.nat(), fc.constantFrom(...BAD_H), fc.constantFrom(COST_TO_COME, ASTAR, HEURISTIC_ONLY, sum(2)), (w, a, b, bad, priority) => {
      const { graph, ref } = buildGraph(w);
      const s = a % w.size, t = b % w.size;
      const searcher = new Searcher(graph);
      // Bad at the start, which every best-first priority evaluates first.
      const h = ((n: number) => (n === s ? bad : 0)) as Heuristic;
      let thrown: unknown = null;
      try {
        searcher.search(s, t, { priority, heuristic: h });
      } catch (e) {
        thrown = e;
      }
      if (!(thrown instanceof InputError)) {
        throw new Error(`h(start) = ${String(bad)} with ${priority.kind}: expected an InputError, got ${thrown === null ? `status ${searcher.status}, cost ${searcher.cost}` : String(thrown)}`);
      }
      expect(thrown.message).not.toContain('\n');
      searcher.search(s, t, { priority: COST_TO_COME });
      checkAnswer(`the query after a refusal: ${describe(w)}, ${s} -> ${t}`, searcher.result(), ref, graph, s, t, referenceCost(ref, s, t), OPTIMAL);
      tally.add('refusal then dijkstra');
    }),
    { seed: SEED, numRuns: runs(600) },
  );
});
