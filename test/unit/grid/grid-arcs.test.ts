// Grid.watchArcs: a grid's edits, however they are made, as the arc changes a
// repair search (D* Lite) takes, held to a brute-force comparison of every arc.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Grid, type GridOptions, type ArcChange, type SearchSpace } from '#bestfirst';
import { DIAGONAL_RULES } from '#bestfirst/grid';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';

/** Every arc of the space as "from to" -> cost, read through `successors`. */
function arcs(space: SearchSpace): Map<string, number> {
  const nodes = new Int32Array(space.maxDegree), costs = new Float64Array(space.maxDegree);
  const out = new Map<string, number>();
  for (let n = 0; n < space.size; n++) {
    const deg = space.successors(n, nodes, costs);
    for (let i = 0; i < deg; i++) out.set(`${n} ${nodes[i]}`, costs[i]);
  }
  return out;
}

/** The arcs whose cost differs between two readings, with the old cost (Infinity: absent), sorted. */
function diff(before: Map<string, number>, after: Map<string, number>): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key) ?? Infinity, b = after.get(key) ?? Infinity;
    if (a !== b) out.push(`${key} ${a}`);
  }
  return out.sort();
}

const shown = (changes: readonly ArcChange[]) => changes.map((c) => `${c.from} ${c.to} ${c.oldCost}`).sort();

const OPTIONS: GridOptions[] = [
  ...DIAGONAL_RULES.map((diagonalRule): GridOptions => ({ diagonalRule })),
  { connectivity: 4 },
  { diagonalRule: 'always', blocked: { enterCost: 7 } },
  { diagonalRule: 'no-corner-cutting', blocked: { enterCost: 0 }, diagonalCost: 1.4, cellSize: 0.5 },
];

test('the feed reports exactly the arcs whose cost an edit changed, with their old cost, however the edit was made', () => {
  const edit = fc.tuple(fc.constantFrom('setBlocked', 'touch(cells)', 'touch()'), fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 6 }));
  fc.assert(
    fc.property(gridCase, fc.constantFrom(...OPTIONS), fc.array(edit, { minLength: 1, maxLength: 4 }), (c, options, edits) => {
      const { grid } = randomGrid(c, options);
      const feed = grid.watchArcs();
      expect(feed.changes()).toEqual([]);
      for (const [how, cells] of edits) {
        const before = arcs(grid);
        for (const [i, blocked] of cells) {
          const n = i % grid.size;
          if (how === 'setBlocked') grid.setBlocked(n, blocked);
          else grid.cells[n] = blocked ? 1 : 0;
        }
        if (how === 'touch(cells)') grid.touch(cells.map(([i]) => i % grid.size));
        if (how === 'touch()') grid.touch();
        expect(shown(feed.changes())).toEqual(diff(before, arcs(grid)));
        // Taken once: the next look finds nothing new.
        expect(feed.changes()).toEqual([]);
      }
    }),
    { ...PROPERTY, numRuns: 150 },
  );
});

test('an edit that changes nothing (a cell set to the state it had) reports nothing; two feeds are independent', () => {
  const grid = Grid.fromAscii(['...', '.#.', '...']);
  const a = grid.watchArcs();
  grid.setBlocked(4, true);
  grid.setBlocked(0, false);
  expect(a.changes()).toEqual([]);
  grid.setBlocked(4, false);
  const b = grid.watchArcs();
  expect(a.changes().length).toBeGreaterThan(0);
  expect(b.changes()).toEqual([]);
  grid.setBlocked(4, true);
  grid.setBlocked(4, false); // back as it was before: nothing changed in all
  expect(a.changes()).toEqual([]);
  expect(b.changes()).toEqual([]);
});
