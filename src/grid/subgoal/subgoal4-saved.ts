import { InputError } from '../../core/errors.js';
import type { SavedArray, SavedContents } from '../../core/saved-file.js';

/**
 * A 4-connected subgoal graph's parts as `SubgoalSearcher4#save()` writes
 * them (kind BFS4 of core/saved-file.ts): the edges the build's sweeps found,
 * the connected parts and the landmark distances. The per-cell tables (the
 * subgoal bits, the run lengths) are the grid's own, made again on load.
 */
export interface Graph4Parts {
  readonly at: Int32Array;
  readonly adj: Int32Array;
  readonly len: Int32Array;
  readonly part: Int32Array;
  readonly dist: Int32Array;
}

/** The kind and format version of a saved 4-connected subgoal graph. */
export const GRAPH4_KIND = 'BFS4';
export const GRAPH4_VERSION = 1;

/** The numbers and arrays `save` writes for `p` over `count` subgoals. */
export function graph4Contents(count: number, p: Graph4Parts): { numbers: number[]; arrays: SavedArray[] } {
  return { numbers: [count], arrays: [p.at, p.adj, p.len, p.part, p.dist] };
}

/**
 * The parts of a saved graph over the subgoals at `cellOf` (a grid `width`
 * wide), with `landmarks` distances each, checked: every index in range, every
 * edge as long as its ends' Manhattan distance (a direct path between two
 * subgoals is one, and a query's cost is the sum of its hops), both ends of an
 * edge in one part, every landmark distance a whole number of steps. That an
 * edge is a free path is not checked (it is the build's sweeps over again):
 * the file's checksum and the grid's fingerprint stand for it.
 */
export function graph4Parts(contents: SavedContents, cellOf: Int32Array, width: number, landmarks: number, who: string): Graph4Parts {
  const bad = (why: string): never => { throw new InputError(`${who}: the saved graph is malformed: ${why}`); };
  const { numbers, arrays } = contents, n = cellOf.length;
  if (numbers.length !== 1 || arrays.length !== 5 || !arrays.every((a) => a instanceof Int32Array)) bad('not the parts of a subgoal graph');
  if (numbers[0] !== n) bad(`it has ${numbers[0]} subgoals where the grid has ${n}`);
  const [at, adj, len, part, dist] = arrays as Int32Array[];
  if (at.length !== n + 1 || at[0] !== 0 || at[n] !== adj.length || len.length !== adj.length || part.length !== n || dist.length !== n * landmarks) bad('its arrays do not fit its subgoals');
  for (let u = 0; u < n; u++) {
    if (at[u + 1] < at[u]) bad(`subgoal ${u}'s edge list is out of order`);
    if (part[u] < 0 || part[u] >= n) bad(`subgoal ${u} is in part ${part[u]}`);
    const cu = cellOf[u], ux = cu % width, uy = (cu - ux) / width;
    for (let j = at[u]; j < at[u + 1]; j++) {
      const v = adj[j];
      if (v < 0 || v >= n || v === u) bad(`subgoal ${u} has an edge to ${v}`);
      const cv = cellOf[v], vx = cv % width, vy = (cv - vx) / width;
      if (len[j] !== Math.abs(ux - vx) + Math.abs(uy - vy)) bad(`the edge from subgoal ${u} to ${v} is ${len[j]} steps long, not their distance`);
      if (part[v] !== part[u]) bad(`the edge from subgoal ${u} to ${v} joins two parts`);
    }
  }
  for (let i = 0; i < dist.length; i++) if (dist[i] < 0) bad(`a landmark distance is ${dist[i]}`);
  return { at, adj, len, part, dist };
}
