import { test, expect } from 'vitest';
import { failures, loadMap, loadScen, ONE_PER_FAMILY, wholeFileRows } from '../../support/movingai-runs.js';

// The two-level subgoal graph on whole scenario files, one map per family, held to the published
// optima (the Moving AI rule: no corner cutting). With corner cutting, the same
// maps are held to optima of our own: test/integration/data/movingai-corner-cutting.test.ts.

for (const name of ONE_PER_FAMILY) {
  const scens = loadScen(`${name}.map.scen`), { rows, which } = wholeFileRows(name, 'subgoal8', scens.length);
  test(`subgoal8 on ${name}.map.scen (${which}): 100% valid and optimal`, () => {
    const grid = loadMap(`${name}.map`);
    expect(scens.length).toBeGreaterThan(900);
    expect(failures(`${name}.map.scen`, grid, scens, rows, 'subgoal8')).toEqual([]);
  }, 300_000);
}

