import { InputError, show } from '../core/errors.js';
import type { Flood } from './flood.js';
import { badArcEnd, checkDirection, checkKeys, checkSources, isNodeOf } from '../core/input-checks.js';
import { checkSpace, type SearchSpace } from '../core/space.js';

/** The options of `zeroOneBfs`; a bad value is an `InputError`. */
export interface ZeroOneBfsOptions {
  /** `'forward'` (default): cost from the nearest source; `'backward'`: cost to it, over `predecessors`. */
  direction?: 'forward' | 'backward';
}

const KEYS: readonly (keyof ZeroOneBfsOptions)[] = ['direction'];

/**
 * 0-1 BFS: the cheapest cost from the nearest of `sources` to every node
 * when every arc costs 0 or 1 (a move that is free or not: a conveyor, a
 * door already open), in linear time. Breadth-first search with a
 * double-ended queue: a node reached over a free arc goes to the front (it
 * is as cheap as the node it came from), over a paid arc to the back. The
 * answer has the shape of `flood`'s, and is the same (ties aside); `flood`
 * takes any costs >= 0 in O(E log V).
 *
 * An arc that costs anything but 0 or 1 (`Infinity`: no arc) is an
 * `InputError` naming it, as are a source that is not a node and a bad
 * option.
 *
 * @example
 * ```ts
 * const f = zeroOneBfs(space, start);
 * f.g[n];   // how many paid arcs the cheapest way to n takes
 * ```
 */
export function zeroOneBfs(space: SearchSpace, sources: number | readonly number[] | Int32Array, options: ZeroOneBfsOptions = {}): Flood {
  const where = 'zeroOneBfs';
  checkSpace(space, where);
  checkKeys(options, KEYS, where);
  const direction = checkDirection(space, options.direction, where);
  const list = checkSources(space, sources, where);

  const n = space.size;
  const g = new Float64Array(n).fill(Infinity);
  const parent = new Int32Array(n).fill(-1);
  const source = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  const done = new Uint8Array(n);
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const arcs = direction === 'forward' ? space.successors.bind(space) : space.predecessors!.bind(space);
  // The deque, a ring that doubles when full. A node may sit in it more than
  // once (each time its g fell); only its first pop, at its final g, counts.
  let ring = new Int32Array(64), head = 0, len = 0;
  const grow = () => {
    const next = new Int32Array(ring.length * 2);
    for (let i = 0; i < len; i++) next[i] = ring[(head + i) & (ring.length - 1)];
    ring = next;
    head = 0;
  };
  const pushFront = (x: number) => { if (len === ring.length) grow(); head = (head - 1) & (ring.length - 1); ring[head] = x; len++; };
  const pushBack = (x: number) => { if (len === ring.length) grow(); ring[(head + len) & (ring.length - 1)] = x; len++; };
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (g[s] === 0) continue;
    g[s] = 0;
    source[s] = i;
    pushBack(s);
  }
  let reached = 0;
  while (len > 0) {
    const x = ring[head];
    head = (head + 1) & (ring.length - 1);
    len--;
    if (done[x]) continue;
    done[x] = 1;
    order[reached++] = x;
    const gx = g[x];
    const deg = arcs(x, nodes, costs);
    for (let k = 0; k < deg; k++) {
      const y = nodes[k], c = costs[k];
      if (!isNodeOf(y, n)) throw badArcEnd(where, x, y, n, direction === 'forward' ? 'successor' : 'predecessor');
      if (c === Infinity) continue;
      if (c !== 0 && c !== 1) {
        const [a, b] = direction === 'forward' ? [x, y] : [y, x];
        throw new InputError(`${where}: the arc ${a} -> ${b} costs ${show(c)}; 0-1 BFS takes costs 0 and 1 only (Infinity: no arc); use flood for other costs`);
      }
      if (gx + c < g[y]) {
        g[y] = gx + c;
        parent[y] = x;
        source[y] = source[x];
        if (c === 0) pushFront(y); else pushBack(y);
      }
    }
  }
  return { status: 'done', reason: null, g, parent, source, order, reached, maxCost: reached > 0 ? g[order[reached - 1]] : 0 };
}
