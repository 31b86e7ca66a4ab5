// The bad-input table: every row of every part, numbered. The worker builds it
// (rows are closures, run against dist/) and the test reads its `info`.
import { coreSpecs } from './bad-input-core.js';
import { costmapSpecs } from './bad-input-costmap.js';
import { ioCspaceWorldSpecs } from './bad-input-io.js';
import { kinematicSpecs } from './bad-input-kinematic.js';
import { liteSpecs } from './bad-input-lite.js';
import { poolSpecs } from './bad-input-pool.js';
import { rowsOf, type Row } from './bad-input-kit.js';
import { repairSpecs } from './bad-input-repair.js';

/**
 * Public methods the table leaves out on purpose, with the reason: the
 * per-node calls of a search's inner loop, which trust their caller (the
 * engine, or code that read the space's size) so that a search pays nothing
 * for checks it does not need.
 */
export const UNCHECKED: Readonly<Record<string, string>> = {
  'bestfirst:Grid#checkUsable': 'takes no input to refuse (where only names the caller in its message); test/unit/grid/refused-edit.test.ts holds it to its rule',
  'bestfirst:Grid#successors': 'a SearchSpace method called per expansion by every search',
  'bestfirst:Grid#predecessors': 'a SearchSpace method called per expansion by every backward search',
  'bestfirst:Graph#successors': 'a SearchSpace method called per expansion by every search',
  'bestfirst:Graph#predecessors': 'a SearchSpace method called per expansion by every backward search',
  'bestfirst:KeyedSpace#successors': 'a SearchSpace method called per expansion (it checks the costs and degree its neighbours list)',
  'bestfirst/kinematic:FootprintChecker#centreBlocked': 'read for every cell of the costmap when hybridAStar builds its 2-D heuristic (once per checker); any col and row answer, off the map (or not a whole number in range) is true, like the hits rows',
  'bestfirst:SearchPool#run': 'answers through a Promise (a refusal is a rejection, which these synchronous rows cannot judge); test/unit/core/search-pool.test.ts holds its refusals',
  'bestfirst:SearchPool#close': 'takes no input to refuse; test/unit/core/search-pool.test.ts holds a run after close to its refusal',
  'bestfirst/kinematic:FootprintChecker#hits': 'collides without the check of its pose, called per sample of every motion by hybridAStar and checkKinematicPath; the collides rows hold the same answers to their checks',
};

export function buildTable(): Row[] {
  const rows = rowsOf([...coreSpecs(), ...repairSpecs(), ...ioCspaceWorldSpecs(), ...costmapSpecs(), ...kinematicSpecs(), ...liteSpecs(), ...poolSpecs()]);
  rows.forEach((r, i) => { r.info.id = i; });
  return rows;
}
