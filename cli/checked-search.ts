import type { Grid, PathSearcher, SearchStatus } from '#bestfirst';
import type { Algo, Runner } from './algos.js';
import type { Io } from './io.js';
import { partialOptions } from './terrain.js';

/** One `plan` query's answer: the search, its status and time, and its path (checked) in `buf[0..count)`. */
export interface CheckedRun {
  runner: Runner;
  searcher: PathSearcher;
  status: SearchStatus;
  microseconds: number;
  buf: Int32Array;
  count: number;
  partial: boolean;
}

/**
 * Runs one query as `plan` does, with a `--map` or a `--ros` map: the
 * search timed, its path written out and checked, cell by cell and against
 * the cost the search reported (its preprocessing loaded from `saved` when
 * given). Never print a path we have not checked: a
 * wrong one is a bug, said loudly on stderr, and the answer is null (the
 * command exits 1). A partial path ends where it ends.
 */
export function checkedSearch(algo: Algo, grid: Grid, start: number, goal: number, partial: boolean, io: Io, saved?: Parameters<Algo['make']>[1]): CheckedRun | null {
  const runner = algo.make(grid, saved);
  const { searcher } = runner;
  const options = partial ? partialOptions(algo, runner.options) : runner.options;
  const t0 = performance.now();
  const status = searcher.search(start, goal, options);
  const microseconds = (performance.now() - t0) * 1000;
  const buf = new Int32Array(grid.size);
  const count = searcher.pathInto(buf);
  const isPartial = searcher.partial;
  if (count > 0) {
    const check = algo.check(grid, buf, start, isPartial ? buf[count - 1] : goal, count);
    if (!check.ok) { io.err(`plan: the ${algo.name} path is invalid: ${check.reason}`); return null; }
    if (!(Math.abs(check.length - searcher.cost) <= 1e-9 * Math.max(1, searcher.cost))) {
      io.err(`plan: the ${algo.name} path's steps cost ${check.length}, the search said ${searcher.cost}`);
      return null;
    }
  }
  return { runner, searcher, status, microseconds, buf, count, partial: isPartial };
}
