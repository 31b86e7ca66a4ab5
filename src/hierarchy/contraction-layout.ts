import type { ContractedGraph } from './contraction-build.js';

/**
 * The hierarchy laid out for the query. A query settles a few hundred nodes
 * scattered over arrays of a city's size, so its time goes on cache misses
 * more than on arithmetic; the layout is chosen to make fewer of them:
 *
 * - the nodes are numbered anew (`id`), so that the nodes one upward search
 *   meets lie close together in memory (see `queryOrder`);
 * - a node's two lists, the arcs it climbs and the arcs entering it from
 *   above, are one row (the forward half relaxes the first and stalls on
 *   the second, the backward half the other way round);
 * - an arc is one 16-byte record, its other end and its cost side by side
 *   (an Int32Array and a Float64Array over one buffer);
 * - what a shortcut stands for is in a table of its own that only the
 *   unpacking reads, each entry naming its two halves and holding, for a
 *   half that is an arc of the space, that arc's end and cost: unpacking
 *   visits the shortcuts of a path once each and never its plain arcs.
 *
 * Costs stay doubles: the query compares sums of them, and a rounded cost
 * could make it pick a meeting that is not the cheapest.
 */
export interface QueryLayout {
  /** id[n]: the query's number for node n of the space. */
  readonly id: Int32Array;
  /** node[q]: the node of the space numbered q. */
  readonly node: Int32Array;
  /**
   * Node q's climbing arcs are records first[2q] .. first[2q + 1] (q -> end, end
   * ranking higher); its arcs entering from above are first[2q + 1] .. first[2q + 2] (end -> q).
   */
  readonly first: Int32Array;
  /**
   * Record k: ends[4k] its other end (a query number); ends[4k + 1] the
   * shortcut it is (an entry of the unpacking table), -1 for an arc of the space.
   */
  readonly ends: Int32Array;
  /** Record k: costs[2k + 1] its cost (the same buffer as `ends`). */
  readonly costs: Float64Array;
  /**
   * The unpacking table, a 24-byte entry per shortcut tail -> mid -> head:
   * halves[6i] stands for tail -> mid and halves[6i + 1] for mid -> head,
   * each either another shortcut (its entry, >= 0) or an arc of the space
   * (~end, the space's node it ends at, with its cost in halfCost[3i + 1]
   * or halfCost[3i + 2], a Float64Array over the same buffer).
   */
  readonly halves: Int32Array;
  readonly halfCost: Float64Array;
}

/**
 * The order the query numbers the nodes in: a depth-first walk down the
 * hierarchy from its top, each node numbered when first reached. A node's
 * upward search space is the set of nodes above it, and the walk numbers a
 * node's ancestors close to the ancestors of its neighbours in the
 * hierarchy, so nearby searches share cache lines. Returns rank -> number.
 */
export function queryOrder(ch: ContractedGraph): Int32Array {
  const n = ch.rank.length;
  const { fStart, fHead, bStart, bTail } = ch;
  // down[x]: the ranks below x joined to it by an arc either way, as compressed rows.
  const downStart = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) {
    for (let k = fStart[r]; k < fStart[r + 1]; k++) downStart[fHead[k] + 1]++;
    for (let k = bStart[r]; k < bStart[r + 1]; k++) downStart[bTail[k] + 1]++;
  }
  for (let x = 0; x < n; x++) downStart[x + 1] += downStart[x];
  const down = new Int32Array(downStart[n]), fill = downStart.slice(0, n);
  for (let r = 0; r < n; r++) {
    for (let k = fStart[r]; k < fStart[r + 1]; k++) down[fill[fHead[k]]++] = r;
    for (let k = bStart[r]; k < bStart[r + 1]; k++) down[fill[bTail[k]]++] = r;
  }
  // From the highest rank down; a node's children pushed lowest first, so the highest is walked first.
  return depthFirst(n, (j) => n - 1 - j, (x, push) => {
    for (let k = downStart[x]; k < downStart[x + 1]; k++) push(down[k]);
  });
}

/** Lays out the hierarchy `ch` for the query, its nodes numbered by `num` (rank -> number, a permutation). */
export function layOut(ch: ContractedGraph, num: Int32Array): QueryLayout {
  const n = ch.rank.length;
  const { fStart, fHead, fCost, fMid, bStart, bTail, bCost, bMid } = ch;
  const rankOf = new Int32Array(n);
  for (let r = 0; r < n; r++) rankOf[num[r]] = r;
  const arcs = fHead.length + bTail.length;
  const buffer = new ArrayBuffer(16 * Math.max(1, arcs));
  const ends = new Int32Array(buffer), costs = new Float64Array(buffer);
  const first = new Int32Array(2 * n + 1);
  const id = new Int32Array(n), node = new Int32Array(n);
  // mid[k]: the query number of the node record k bypasses, -1 for an arc of the space.
  const mid = new Int32Array(arcs);
  let k = 0, shortcuts = 0;
  const put = (end: number, cost: number, m: number) => {
    ends[4 * k] = num[end]; costs[2 * k + 1] = cost;
    mid[k] = m < 0 ? -1 : num[m];
    ends[4 * k + 1] = m < 0 ? -1 : shortcuts++;
    k++;
  };
  for (let q = 0; q < n; q++) {
    const r = rankOf[q];
    node[q] = ch.order[r];
    id[ch.order[r]] = q;
    first[2 * q] = k;
    for (let a = fStart[r]; a < fStart[r + 1]; a++) put(fHead[a], fCost[a], fMid[a]);
    first[2 * q + 1] = k;
    for (let a = bStart[r]; a < bStart[r + 1]; a++) put(bTail[a], bCost[a], bMid[a]);
  }
  first[2 * n] = k;
  const table = new ArrayBuffer(24 * Math.max(1, shortcuts));
  const halves = new Int32Array(table), halfCost = new Float64Array(table);
  // The record of the arc between `low` and `other` in low's climbing list (side 0) or entering list (side 1).
  const find = (low: number, other: number, side: number): number => {
    for (let j = first[2 * low + side], end = first[2 * low + side + 1]; j < end; j++) if (ends[4 * j] === other) return j;
    throw new Error(`contraction hierarchy: no arc between ${low} and ${other}`);
  };
  // Half `h` (0 or 1) of entry i: record j, ending at `head`.
  const half = (i: number, h: number, j: number, head: number) => {
    const sc = ends[4 * j + 1];
    halves[6 * i + h] = sc >= 0 ? sc : ~node[head];
    halfCost[3 * i + 1 + h] = sc >= 0 ? 0 : costs[2 * j + 1];
  };
  for (let q = 0; q < n; q++) {
    for (let j = first[2 * q]; j < first[2 * q + 2]; j++) {
      const i = ends[4 * j + 1];
      if (i < 0) continue;
      // A climbing record of q is q -> end, an entering one end -> q. The middle ranks below
      // both ends: tail -> m enters it from above, m -> head climbs from it.
      const climbing = j < first[2 * q + 1];
      const tail = climbing ? q : ends[4 * j], head = climbing ? ends[4 * j] : q, m = mid[j];
      half(i, 0, find(m, tail, 1), m);
      half(i, 1, find(m, head, 0), head);
    }
  }
  const num2 = preorder(halves, shortcuts);
  for (let j = 0; j < k; j++) if (ends[4 * j + 1] >= 0) ends[4 * j + 1] = num2[ends[4 * j + 1]];
  const sorted = new ArrayBuffer(24 * Math.max(1, shortcuts));
  const h = new Int32Array(sorted), c = new Float64Array(sorted);
  for (let i = 0; i < shortcuts; i++) {
    const to = num2[i];
    for (let side = 0; side < 2; side++) {
      const x = halves[6 * i + side];
      h[6 * to + side] = x >= 0 ? num2[x] : x;
      c[3 * to + 1 + side] = halfCost[3 * i + 1 + side];
    }
  }
  return { id, node, first, ends, costs, halves: h, halfCost: c };
}

/**
 * The unpacking table renumbered so that each shortcut's entries follow it
 * depth first (the order the unpacking reads them): the entries a path
 * needs lie mostly in one stretch instead of one cache miss each. The
 * roots are taken in table order, rows of the top of the hierarchy first;
 * an entry shared by several shortcuts stays where it was first reached.
 * Returns old entry -> new entry.
 */
function preorder(halves: Int32Array, count: number): Int32Array {
  // Second half pushed first, so the first half is walked first.
  return depthFirst(count, (j) => j, (i, push) => {
    if (halves[6 * i + 1] >= 0) push(halves[6 * i + 1]);
    if (halves[6 * i] >= 0) push(halves[6 * i]);
  });
}

/**
 * Numbers the items 0 .. count - 1 in depth-first preorder: walks start
 * from root(0), root(1), ... (those not yet numbered), and the children an
 * item pushes are walked last pushed first. Returns item -> number.
 */
function depthFirst(count: number, root: (j: number) => number, children: (i: number, push: (c: number) => void) => void): Int32Array {
  const num = new Int32Array(count).fill(-1), stack: number[] = [];
  const push = (c: number) => { if (num[c] < 0) stack.push(c); };
  let next = 0;
  for (let j = 0; j < count; j++) {
    stack.push(root(j));
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (num[i] >= 0) continue;
      num[i] = next++;
      children(i, push);
    }
  }
  return num;
}
