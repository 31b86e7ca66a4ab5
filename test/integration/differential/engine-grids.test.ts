// The Grid class and the engine on grids of every option (4/8-connected, the
// four diagonal rules, diagonal costs inside and outside [1, 2], cell sizes,
// blocked cells deleted or costing an entry, 0 included), edited between
// queries through grid.setBlocked and through cells + touch(), against the
// reference's own grid.
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { Searcher, manhattan, octile, zero, type Heuristic, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Grid } from '#bestfirst';
import { chebyshev, euclidean } from '#bestfirst/grid';
import { checkPath } from '#bestfirst/grid';
import { arcList, expectCost, referenceCost, walkPath, referenceCostToGo, Tally, unitCosts, type ReferenceGrid } from '../../support/reference.js';
import { checkAnswer, OPTIMAL, VALID, within } from './check.js';
import { buildGrid, describeGrid, documentedAdmissible, pickCell, runs, SEED, seededGrid, smallGrid, type GridWorld } from './worlds.js';

const tally = new Tally('engine-grids');
afterAll(() => tally.report());

/** Every cell's arcs, out and in, as the Grid lists them and as the reference does. */
function checkArcs(grid: Grid, ref: ReferenceGrid): void {
  for (let n = 0; n < ref.size; n++) {
    const out = arcList(grid, n, 'forward'), refOut = arcList(ref, n, 'forward');
    if (out !== refOut) throw new Error(`Grid.successors(${grid.formatXY(n)}) = [${out}], the documented rules give [${refOut}]: ${describeGrid(ref)}`);
    const into = arcList(grid, n, 'backward'), refIn = arcList(ref, n, 'backward');
    if (into !== refIn) throw new Error(`Grid.predecessors(${grid.formatXY(n)}) = [${into}], the documented rules give [${refIn}]: ${describeGrid(ref)}`);
  }
}

test('Grid lists exactly the arcs its documented rules define, before and after edits', () => {
  fc.assert(
    fc.property(smallGrid(9), fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean()), { maxLength: 6 }), (w, edits) => {
      const { grid, ref } = buildGrid(w);
      checkArcs(grid, ref);
      for (const [c, blocked, direct] of edits) {
        const n = c % ref.size;
        if (direct) { grid.cells[n] = blocked ? 1 : 0; grid.touch(); } else grid.setBlocked(n, blocked);
        ref.set(n, blocked);
        checkArcs(grid, ref);
      }
    }),
    { seed: SEED, numRuns: runs(800) },
  );
});

type Op = { query: [number, number, boolean] } | { edit: [number, boolean, boolean] };
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ query: fc.tuple(fc.nat(), fc.nat(), fc.boolean()) }), weight: 3 },
  { arbitrary: fc.record({ edit: fc.tuple(fc.nat(), fc.boolean(), fc.boolean()) }), weight: 2 },
);

/**
 * One query on one grid, every knob: Dijkstra (with a heuristic that only
 * breaks ties, admissible or not), A* with each documented-admissible
 * heuristic, weighted A* with and without reopening, greedy, breadth-first.
 */
function queryAll(searcher: Searcher, grid: Grid, ref: ReferenceGrid, s: number, t: number, fifo: boolean): void {
  const spec = ref.spec;
  const expected = referenceCost(ref, s, t);
  const where = `${grid.formatXY(s)} -> ${grid.formatXY(t)} on ${describeGrid(ref)}`;
  const tieBreak = fifo ? 'fifo' : 'h';
  const one = (who: string, options: Parameters<Searcher['search']>[2], demand: Parameters<typeof checkAnswer>[7]) => {
    searcher.search(s, t, { ...options, tieBreak });
    checkAnswer(`${who}, ties ${tieBreak}: ${where}`, searcher.result(), ref, grid, s, t, expected, demand);
  };
  const tieHeuristics: [string, Heuristic][] = [['octile', octile(grid)], ['euclidean', euclidean(grid)], ['manhattan', manhattan(grid)], ['chebyshev', chebyshev(grid)]];
  const [tieName, tieH] = tieHeuristics[(s + t) % tieHeuristics.length];
  one(`Dijkstra (h = ${tieName} breaks ties)`, { priority: COST_TO_COME, heuristic: tieH }, OPTIMAL);
  one('Dijkstra', { priority: COST_TO_COME, heuristic: zero }, OPTIMAL);
  tally.add('dijkstra', 2);
  const path = searcher.path();
  if (path !== null) checkPathAgainstReference(grid, ref, path, s, t, fifo ? s * 31 + t : s + t * 17);
  const admissible = documentedAdmissible(grid, spec);
  for (const { name, h } of admissible) {
    one(`A* h = ${name}`, { priority: ASTAR, heuristic: h }, OPTIMAL);
    tally.add('astar');
  }
  const best = admissible[admissible.length > 1 ? 1 : 0];
  for (const eps of [1.5, 2.5]) {
    one(`weighted A* eps ${eps} h = ${best.name}`, { priority: sum(eps), heuristic: best.h }, within(eps));
    one(`weighted A* eps ${eps} h = ${best.name} without reopening`, { priority: sum(eps), heuristic: best.h, reopen: false }, within(eps));
    tally.add('weighted astar', 2);
  }
  one(`greedy h = ${best.name}`, { priority: HEURISTIC_ONLY, heuristic: best.h }, VALID);
  tally.add('greedy');
  one('BFS', { priority: LINK_LENGTH }, VALID);
  const links = referenceCost(unitCosts(ref), s, t);
  const linkLength = searcher.result().linkLength;
  if (expected < Infinity && linkLength !== links) throw new Error(`BFS: ${linkLength} links, the reference needs ${links}: ${where}`);
  tally.add('bfs');
}

/**
 * checkPath (validate-path.ts) must accept exactly the paths the reference
 * accepts, with the reference's length: a found path as is, and the same path
 * with one node moved to another cell.
 */
function checkPathAgainstReference(grid: Grid, ref: ReferenceGrid, path: number[], s: number, t: number, salt: number): void {
  const verdict = (p: number[]) => {
    try {
      return walkPath(ref, p, s, t, 'reference');
    } catch {
      return -1;
    }
  };
  const moved = path.slice();
  moved[salt % moved.length] = (salt * 7919) % ref.size;
  for (const p of [path, moved]) {
    const got = checkPath(grid, p, s, t), want = verdict(p);
    const who = `checkPath([${p.join(' ')}]) from ${grid.formatXY(s)} to ${grid.formatXY(t)} on ${describeGrid(ref)}`;
    if (got.ok !== want >= 0) throw new Error(`${who}: ${got.ok ? 'accepted' : `refused (${got.reason})`}, the reference ${want >= 0 ? 'accepts it' : 'refuses it'}`);
    if (got.ok) expectCost(got.length, want, who, 'length');
    tally.add('checkPath');
  }
}

function runWorld(w: GridWorld, ops: Op[]): void {
  const { grid, ref } = buildGrid(w);
  const searcher = new Searcher(grid, { capacity: 1 });
  for (const o of ops) {
    if ('edit' in o) {
      const [c, blocked, direct] = o.edit;
      const n = c % ref.size;
      if (direct) { grid.cells[n] = blocked ? 1 : 0; grid.touch(); } else grid.setBlocked(n, blocked);
      ref.set(n, blocked);
      continue;
    }
    const [a, b, fifo] = o.query;
    const s = pickCell(ref, a), t = pickCell(ref, b);
    if (s < 0) continue;
    queryAll(searcher, grid, ref, s, t, fifo);
  }
}

test('engine on small grids of every option, edited between queries', () => {
  fc.assert(fc.property(smallGrid(12), fc.array(op, { minLength: 1, maxLength: 8 }), runWorld), { seed: SEED, numRuns: runs(2000) });
});

test('engine on larger grids (up to 200 x 200)', () => {
  fc.assert(
    fc.property(seededGrid(20, 200), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 2 }), (w, queries) => {
      runWorld(w, queries.map((q) => ({ query: q })));
    }),
    { seed: SEED, numRuns: runs(24) },
  );
});

test('grid heuristics never overestimate where their doc comments call them admissible (entry costs below a step included)', () => {
  fc.assert(
    fc.property(smallGrid(10), fc.nat(), (w, g) => {
      const { grid, ref } = buildGrid(w);
      const goal = pickCell(ref, g);
      if (goal < 0) return;
      const toGo = referenceCostToGo(ref, goal);
      for (const { name, h } of documentedAdmissible(grid, ref.spec, true)) {
        for (let n = 0; n < ref.size; n++) {
          const v = h(n, goal);
          if (!(v <= toGo[n] * (1 + 1e-9))) {
            throw new Error(`${name}(${grid.formatXY(n)}, goal ${grid.formatXY(goal)}) = ${v}, above the true cost-to-go ${toGo[n]}: ${describeGrid(ref)}`);
          }
        }
      }
      expect(toGo[goal]).toBe(0);
    }),
    { seed: SEED, numRuns: runs(3000) },
  );
});
