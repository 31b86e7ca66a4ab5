// Every answer from a few starts to every free cell against Dijkstra (a flood from the start): the
// check the 8-connected preprocessed searchers' suites share.
import { flood, type Grid, type SearchStatus } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';
import { sameCost } from './reference.js';

/** What the check needs of a searcher over a grid's cells. */
export interface CellSearcher {
  search(start: number, goal: number): SearchStatus;
  pathInto(buf: Int32Array): number;
  readonly cost: number;
}

/**
 * One line per query that disagrees with Dijkstra, from each free cell of
 * `starts` to every `stride`-th free cell: the status (unreachable exactly
 * where the flood does not reach, with no path), the cost, and the path,
 * legal and of that length. The first line also draws the grid, so
 * `expect(floodMismatches(...)).toEqual([])` shows where it went wrong.
 */
export function floodMismatches(grid: Grid, s: CellSearcher, starts: readonly number[], options: { stride?: number; where?: string } = {}): string[] {
  const { stride = 1, where = '' } = options;
  const buf = new Int32Array(grid.size), bad: string[] = [];
  for (const from of starts) {
    if (grid.cells[from] !== 0) continue;
    const d = flood(grid, from).g;
    for (let to = 0; to < grid.size; to += stride) {
      if (grid.cells[to] !== 0) continue;
      const status = s.search(from, to), len = s.pathInto(buf), want = d[to];
      // Plain comparisons (an expect per pair is slow); a line only for a mismatch.
      const c = status === 'found' && len > 0 ? checkPath(grid, buf, from, to, len) : null;
      if (want === Infinity ? status === 'unreachable' && len === 0 : status === 'found' && sameCost(s.cost, want) && c !== null && c.ok && sameCost(c.length, want)) continue;
      const path = c === null ? `${len} cells` : c.ok ? `a path of ${c.length}` : c.reason;
      bad.push(`${where ? `${where}: ` : ''}${grid.formatXY(from)} -> ${grid.formatXY(to)}: ${status} ${s.cost} (${path}), Dijkstra ${want}${bad.length === 0 ? `\n${grid.toAscii().join('\n')}` : ''}`);
    }
  }
  return bad;
}
