// The two-ended searches on the road graphs of data/: bidirectional Dijkstra,
// bidirectional A* (the straight-line heuristic) and the contraction
// hierarchy, on seeded sources, each against a full single-source run of the
// suite's reference Dijkstra (test/support/reference.ts, which shares no code
// with the library's searches). Every path is walked arc by arc. Besides the
// cities as they are (undirected), Amsterdam with a seeded tenth of its
// roads made one-way, so the directed case runs on a real network, and the
// DIMACS extract (integer weights: costs equal to the bit). Integration tier:
// the hierarchies take seconds to build.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, Graph, straightLine, type Edge, type Heuristic, type SearchSpace } from '#bestfirst';
import { parseCo, parseGr, parseRoads } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { referenceDijkstra, rng, sameCost, walkPath } from '../../support/reference.js';

const roads = (city: string) => parseRoads(readFileSync(dataFile(`roads/${city}-roads.co.bin`)), readFileSync(dataFile(`roads/${city}-roads.gr.bin`)), city);

/**
 * `sources` seeded sources (each reaching at least half the graph), `targets` seeded targets each: every searcher's
 * status and cost against the reference, every path walked. Returns the
 * number of pairs found, so a test can insist that most are.
 */
function compare(space: SearchSpace, h: Heuristic, sources: number, targets: number, seed: number): number {
  const next = rng(seed);
  const pick = () => Math.floor(next() * space.size);
  const bi = new BidirectionalSearcher(space), ch = new ContractionHierarchy(space);
  let found = 0;
  for (let i = 0; i < sources; i++) {
    // A source in the large component (the graphs have small islands), so that most pairs have a path.
    let s = pick(), ref = referenceDijkstra(space, s, 'forward');
    for (let tries = 0; ref.filter((d) => d < Infinity).length < space.size / 2; tries++) {
      if (tries === 20) throw new Error(`no source reaching half the graph in 20 seeded tries`);
      s = pick(); ref = referenceDijkstra(space, s, 'forward');
    }
    for (let j = 0; j < targets; j++) {
      const t = pick();
      const runs = [
        ['bidijkstra', () => bi.search(s, t), bi],
        ['biastar', () => bi.search(s, t, { heuristic: h }), bi],
        ['ch', () => ch.search(s, t), ch],
      ] as const;
      for (const [who, run, searcher] of runs) {
        run();
        const what = `${who} ${s} -> ${t}`;
        if (ref[t] === Infinity) {
          expect(searcher.status, what).toBe('unreachable');
          continue;
        }
        expect(searcher.status, what).toBe('found');
        expect(sameCost(searcher.cost, ref[t]), `${what}: cost ${searcher.cost}, reference ${ref[t]}`).toBe(true);
        expect(walkPath(space, searcher.path(), s, t, what), `${what}: arcs summed`).toBe(searcher.cost);
      }
      if (ref[t] < Infinity) found++;
    }
  }
  return found;
}

describe('on the road graphs of data/', () => {
  // Seattle (148,463 nodes) from two sources: its hierarchy alone takes 4 s to build, and npm test is near its 6-minute bound.
  test.each([['amsterdam', 4], ['seattle', 2]] as const)('%s: every seeded query equals the reference (%i sources, 25 targets each)', (city, sources) => {
    const net = roads(city);
    expect(compare(net.graph, net.heuristic, sources, 25, 1414)).toBeGreaterThan(15 * sources);
  }, 300_000);

  test('Amsterdam with a tenth of its roads one-way: every seeded query equals the reference', () => {
    const net = roads('amsterdam');
    const next = rng(1415), edges: Edge[] = [];
    const nodes = new Int32Array(net.graph.maxDegree), costs = new Float64Array(net.graph.maxDegree);
    for (let u = 0; u < net.graph.size; u++) {
      const deg = net.graph.successors(u, nodes, costs);
      for (let k = 0; k < deg; k++) {
        // Each road is seen from both ends: keep u -> v unless the road is one-way the other way.
        const v = nodes[k], oneWay = next() < 1 / 10;
        if (!oneWay || u < v) edges.push([u, v, costs[k]]);
      }
    }
    const directed = new Graph(net.graph.size, edges, { directed: true });
    expect(directed.arcCount).toBeLessThan(net.graph.arcCount * 0.97);
    // The straight line stays a lower bound (each arc still costs its length).
    expect(compare(directed, net.heuristic, 4, 25, 1416)).toBeGreaterThan(40);
  }, 300_000);

  test('the DIMACS extract (integer weights): costs equal to the bit', () => {
    const graph = parseGr(readFileSync(dataFile('dimacs/amsterdam-centre.gr'), 'utf8'), 'amsterdam-centre.gr');
    const co = parseCo(readFileSync(dataFile('dimacs/amsterdam-centre.co'), 'utf8'), 'amsterdam-centre.co');
    const { h } = straightLine(graph, co);
    const ch = new ContractionHierarchy(graph), bi = new BidirectionalSearcher(graph);
    for (let s = 0; s < graph.size; s += 37) {
      const ref = referenceDijkstra(graph, s, 'forward');
      for (let t = 0; t < graph.size; t++) {
        ch.search(s, t);
        expect(ch.cost, `ch ${s} -> ${t}`).toBe(ref[t]);
        bi.search(s, t, { heuristic: h });
        expect(bi.cost, `biastar ${s} -> ${t}`).toBe(ref[t]);
      }
    }
  }, 300_000);
});
