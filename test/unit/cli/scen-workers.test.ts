// What the threads of `scen --workers N` search (issue 34: memory): one map
// and one JPS+ table in shared memory, read in place by every thread, not a
// copy per thread. In-process: the worker threads themselves, and the output
// equal for any --workers, are in test/integration/cli/shards.test.ts.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseMap, parseScen } from '#bestfirst/io';
import { parseAlgo } from '../../../cli/algos.js';
import { ScenJudge } from '../../../cli/scen-rows.js';
import { gridFromShared, judgeFrom, savedBytes, shareGrid, type WorkerSetup } from '../../../cli/scen-workers.js';
import { dataFile } from '../../support/data.js';

const MAP = 'movingai/dao/arena.map';
const grid = parseMap(readFileSync(dataFile(MAP), 'utf8'), 'arena.map');
const rows = parseScen(readFileSync(dataFile(`${MAP}.scen`), 'utf8'), 'arena.map.scen').slice(0, 60);

/** The setup the workers get for `name`, as scen makes it. */
function setupFor(name: string): WorkerSetup {
  const algo = parseAlgo(name);
  return { grid: shareGrid(grid), algo: name, judging: { reference: false, partial: false }, times: false, saved: algo.saves ? savedBytes(algo.make(grid), undefined) : undefined };
}

/** A judge's searcher (private: read here only to see what memory it searches). */
const searcherOf = (judge: ScenJudge) => (judge as unknown as { searcher: { grid: { cells: Uint8Array; readOnly: boolean }; jp?: Int8Array } }).searcher;

test('a thread searches a read-only view of the shared cells: no copy of the map', () => {
  const setup = setupFor('astar');
  expect(setup.grid.cells.buffer).toBeInstanceOf(SharedArrayBuffer);
  const view = gridFromShared(setup.grid);
  expect(view.readOnly).toBe(true);
  expect(view.cells).toBe(setup.grid.cells);
  const searched = searcherOf(judgeFrom(setup)).grid;
  expect(searched.readOnly).toBe(true);
  expect(searched.cells.buffer).toBe(setup.grid.cells.buffer);
});

test('with jps-plus every thread reads the one shared table in place', () => {
  const setup = setupFor('jps-plus');
  const a = searcherOf(judgeFrom(setup)), b = searcherOf(judgeFrom(setup));
  expect(setup.saved!.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(a.jp!.buffer).toBe(setup.saved!.bytes.buffer);
  expect(b.jp!.buffer).toBe(setup.saved!.bytes.buffer);
});

test('a thread judges every row as the single-threaded run does, for each kind of search', () => {
  for (const name of ['astar', 'jps', 'jps-plus', 'subgoal8', 'wastar:1.5']) {
    const algo = parseAlgo(name);
    const single = new ScenJudge(grid, algo, algo.make(grid), { reference: false, partial: false }, false);
    const shared = judgeFrom(setupFor(name));
    rows.forEach((s, i) => expect(shared.judge(i, s), `${name} row ${i}`).toEqual(single.judge(i, s)));
  }
});
