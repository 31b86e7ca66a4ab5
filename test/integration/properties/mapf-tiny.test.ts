// CBS and prioritized planning on 2000 tiny instances against brute force over
// joint states (test/support/mapf-reference.ts, written apart from the library's
// joint search): issues 35.2 and 37.1.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid } from '#bestfirst';
import { cbs, checkMapfPlan, prioritizedPlan, type AgentTask } from '#bestfirst/mapf';
import { bruteForce, expectValid } from '../../support/mapf-reference.js';

/** A random tiny 4-connected instance: up to 4 x 4 cells, 2 or 3 agents on distinct free starts and goals. */
const instance = fc.record({
  w: fc.integer({ min: 2, max: 4 }), h: fc.integer({ min: 2, max: 4 }),
  walls: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
  k: fc.integer({ min: 2, max: 3 }),
  order: fc.array(fc.nat(1000), { minLength: 16, maxLength: 16 }),
}).map(({ w, h, walls, k, order }) => {
  const rows: string[] = [];
  for (let y = 0; y < h; y++) rows.push(Array.from({ length: w }, (_, x) => (walls[y * 4 + x] && (x + y) % 3 === 0 ? '#' : '.')).join(''));
  const grid = Grid.fromAscii(rows, { connectivity: 4 });
  const free = [...grid.cells.keys()].filter((n) => grid.cells[n] === 0).sort((a, b) => order[a] - order[b] || a - b);
  if (free.length < k) return null;
  const starts = free.slice(0, k);
  const goals = [...free].sort((a, b) => order[(a + 7) % 16] - order[(b + 7) % 16] || b - a).slice(0, k);
  return { grid, tasks: starts.map((start, i) => ({ start, goal: goals[i] })) as AgentTask[] };
});

test('generated: on 2000 tiny instances CBS is optimal on every solvable one, says unsolvable on every other; its tree, when it ends in time, is optimal too; prioritized plans are valid and never below the optimum', () => {
  const seen = { solvable: 0, unsolvable: 0, treeSolved: 0, treeBudget: 0, prioritized: 0 };
  fc.assert(fc.property(instance, (c) => {
    if (c === null) return;
    const { grid, tasks } = c;
    const best = bruteForce(grid, tasks);
    const r = cbs(grid, tasks, { maxNodes: 5000 });
    if (best === Infinity) {
      seen.unsolvable++;
      expect(r.status).toBe('unreachable');
      return;
    }
    seen.solvable++;
    expectValid(grid, tasks, r);
    expect(r.sumOfCosts).toBe(best);
    // The constraint tree alone, within a small budget: never a plan that is not optimal.
    const tree = cbs(grid, tasks, { jointLimit: 0, maxNodes: 300 });
    if (tree.status === 'found') {
      seen.treeSolved++;
      expectValid(grid, tasks, tree);
      expect(tree.sumOfCosts).toBe(best);
    } else {
      seen.treeBudget++;
      expect(tree.status).toBe('stopped');
    }
    const p = prioritizedPlan(grid, tasks);
    if (p.status === 'found') {
      seen.prioritized++;
      const v = checkMapfPlan(grid, tasks, p.paths!);
      expect(v.ok).toBe(true);
      expect(p.sumOfCosts).toBeGreaterThanOrEqual(best);
    } else {
      expect(p.status).toBe('stopped');
    }
  }), { numRuns: 2000, seed: 20261205 });
  // The suite met both kinds, and the tree solved most solvable instances by itself.
  expect(seen.solvable).toBeGreaterThan(1000);
  expect(seen.unsolvable).toBeGreaterThan(20);
  expect(seen.treeSolved).toBeGreaterThan(seen.solvable * 0.8);
  console.log(`[tiny MAPF] ${JSON.stringify(seen)}`);
});
