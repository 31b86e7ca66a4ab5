// GridSearcher and the generic engine agree on 200 seeded random grids,
// every mode and grid shape (integration tier: seconds of CPU; the unit file keeps the small cases).
import { describe, test } from 'vitest';
import { Searcher } from '#bestfirst';
import { gridCase, PROPERTY, randomGrid } from '../../support/random-grid.js';
import { agree, MODES, Pair, SHAPES } from '../../support/grid-search-agree.js';
import fc from 'fast-check';
describe('GridSearcher equals Searcher on 200 seeded random grids', () => {
  for (const shape of SHAPES) {
    test(shape.name, () => {
      fc.assert(
        fc.property(gridCase, (c) => {
          const { grid, start, goal } = randomGrid(c, shape.options);
          const fast = new Pair(grid), slow = new Searcher(grid);
          for (const mode of MODES) agree(grid, start, goal, fast, slow, mode);
          agree(grid, start, goal, fast, slow, MODES[0], 'fifo');
          // Weighted A* and greedy without reopening.
          agree(grid, start, goal, fast, slow, MODES[4], 'h', undefined, false);
          agree(grid, start, goal, fast, slow, MODES[5], 'h', undefined, false);
          // A budget cut short stops both at the same expansion.
          agree(grid, start, goal, fast, slow, MODES[0], 'h', 7);
        }),
        PROPERTY,
      );
    });
  }
});
