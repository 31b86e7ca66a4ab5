import { InputError } from '../../core/errors.js';
import type { SavedArray, SavedContents } from '../../core/saved-file.js';
import { MAX_LANDMARKS } from './subgoal8-landmarks.js';

/**
 * A subgoal graph's parts as `SubgoalSearcher8#save()` writes them (kind
 * BFS8 of core/saved-file.ts): the arrays of `SubgoalGraph8` that the build's
 * scans, contraction and landmarks made. The per-cell reach tables are not
 * saved: they are the grid's own sweeps, made again on load in a fraction of
 * the build (the scans between subgoals, the contraction and the landmarks'
 * Dijkstras are what a saved graph spares).
 */
export interface Graph8Parts {
  readonly simpleEdges: number;
  readonly landmarks: number;
  readonly at: Int32Array;
  readonly adj: Int16Array;
  readonly far: Uint16Array;
  readonly scTo: Int32Array;
  readonly scSteps: Uint32Array;
  readonly scLen: Float64Array;
  readonly scMid: Int32Array;
  readonly global: Uint8Array;
  readonly classAt: Uint16Array;
  readonly lm: Float64Array;
  readonly scHalf: Int32Array;
}

/** The kind and format version of a saved subgoal graph. */
export const GRAPH8_KIND = 'BFS8';
export const GRAPH8_VERSION = 1;

/** The numbers and arrays `save` writes for `p` over `count` subgoals, in the order `graph8Parts` reads them. */
export function graph8Contents(count: number, p: Graph8Parts): { numbers: number[]; arrays: SavedArray[] } {
  return {
    numbers: [count, p.simpleEdges, p.landmarks],
    arrays: [p.at, p.adj, p.far, p.scTo, p.scSteps, p.scLen, p.scMid, p.global, p.classAt, p.lm, p.scHalf],
  };
}

const TYPES = [Int32Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array, Int32Array, Uint8Array, Uint16Array, Float64Array, Int32Array] as const;

/**
 * The parts of a saved graph of `n` subgoals, every index in them checked to
 * be in range, so that no file can make a query read past an array; whether
 * the shortcuts unpack (each record's halves exist and none contains itself)
 * is `checkUnpacking`'s, once the graph holds the parts. What is not checked
 * is that an edge of the simple graph is a free-space path: that is the
 * build's scans over again; the file's checksum and the grid's fingerprint
 * stand for it (core/saved-file.ts).
 */
export function graph8Parts(contents: SavedContents, n: number, who: string): Graph8Parts {
  const bad = (why: string): never => { throw new InputError(`${who}: the saved graph is malformed: ${why}`); };
  const { numbers, arrays } = contents;
  if (numbers.length !== 3 || arrays.length !== TYPES.length || arrays.some((a, i) => !(a instanceof TYPES[i]))) bad('not the parts of a subgoal graph');
  const [count, simpleEdges, landmarks] = numbers;
  if (count !== n) bad(`it has ${count} subgoals where the grid has ${n}`);
  const [at, adj, far, scTo, scSteps, scLen, scMid, global, classAt, lm, scHalf] = arrays as unknown as [
    Int32Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array, Int32Array, Uint8Array, Uint16Array, Float64Array, Int32Array];
  const records = scTo.length;
  if (at.length !== n + 1 || at[0] !== 0 || at[n] !== adj.length || far.length !== n || global.length !== n) bad('its edge lists do not fit its subgoals');
  if (scMid.length !== records || !((scSteps.length === records && scLen.length === 0) || (scSteps.length === 0 && scLen.length === records))) bad('its shortcut records do not fit each other');
  if (landmarks > MAX_LANDMARKS || lm.length !== n * landmarks) bad(`its landmark table does not fit ${landmarks} landmarks`);
  if (classAt.length !== 0 && classAt.length !== 16 * n) bad('its class table does not fit its subgoals');
  if (scHalf.length !== 0 && scHalf.length !== 2 * records) bad('its table of shortcut halves does not fit its records');
  const owned = new Uint8Array(records);
  for (let u = 0; u < n; u++) {
    const a = at[u], b = at[u + 1];
    if (b < a || 2 * far[u] > b - a) bad(`subgoal ${u}'s edge list is out of order`);
    if (global[u] > 1) bad(`subgoal ${u}'s core flag is ${global[u]}`);
    const near = b - 2 * far[u];
    for (let k = a; k < near; k++) { const v = u + adj[k]; if (v < 0 || v >= n || v === u) bad(`subgoal ${u} has an edge to ${v}`); }
    for (let k = near; k < b; k += 2) {
      const e = (adj[k] & 0xffff) | (adj[k + 1] << 16);
      if (e >= n || (e < 0 && ~e >= records)) bad(`subgoal ${u} has an entry ${e} out of range`);
      if (e < 0) { if (owned[~e]) bad(`shortcut record ${~e} is in two lists`); owned[~e] = 1; }
    }
    if (classAt.length > 0) {
      for (let c = 0; c < 16; c++) {
        const x = classAt[16 * u + c];
        if (x > b - a || (c > 0 && x < classAt[16 * u + c - 1])) bad(`subgoal ${u}'s class table is out of order`);
      }
    }
  }
  for (let r = 0; r < records; r++) {
    if (!owned[r]) bad(`shortcut record ${r} is in no list`);
    if (!(scTo[r] >= 0 && scTo[r] < n && scMid[r] >= 0 && scMid[r] < n)) bad(`shortcut record ${r} joins subgoals out of range`);
    if (scLen.length > 0 && !(scLen[r] > 0 && Number.isFinite(scLen[r]))) bad(`shortcut record ${r} has length ${scLen[r]}`);
  }
  for (let i = 0; i < scHalf.length; i++) if (scHalf[i] < -1 || scHalf[i] >= records) bad(`a shortcut half is record ${scHalf[i]}`);
  for (let i = 0; i < lm.length; i++) if (!(lm[i] >= 0)) bad(`a landmark distance is ${lm[i]}`);
  return { simpleEdges, landmarks, at, adj, far, scTo, scSteps, scLen, scMid, global, classAt, lm, scHalf };
}

/**
 * Refuses a loaded graph whose shortcuts would not unpack into paths of
 * their own length: each record's two halves must be edges its middle
 * holds (`half(r, i)`: a record, -1 for an edge of the simple graph, -2 for
 * none), no record may contain itself through its halves (a path would
 * unpack forever), and its length must be its halves' (`length(r)` of a
 * record, `edge(r, i)` of a simple half), to rounding.
 */
export function checkUnpacking(records: number, half: (r: number, i: number) => number, length: (r: number) => number, edge: (r: number, i: number) => number, who: string): void {
  const bad = (why: string): never => { throw new InputError(`${who}: the saved graph is malformed: ${why}`); };
  // 0 unseen, 1 on the stack, 2 done: an edge to a record on the stack is a cycle.
  const state = new Uint8Array(records);
  const stack: number[] = [];
  for (let r0 = 0; r0 < records; r0++) {
    if (state[r0] === 2) continue;
    stack.push(r0);
    state[r0] = 1;
    while (stack.length > 0) {
      const r = stack[stack.length - 1];
      let pushed = false;
      for (let i = 0; i < 2 && !pushed; i++) {
        const h = half(r, i);
        if (h === -2) bad(`shortcut record ${r}'s middle holds no edge to its end`);
        if (h < 0 || state[h] === 2) continue;
        if (state[h] === 1) bad(`shortcut record ${r} contains itself`);
        state[h] = 1;
        stack.push(h);
        pushed = true;
      }
      if (pushed) continue;
      stack.pop();
      state[r] = 2;
      let sum = 0;
      for (let i = 0; i < 2; i++) { const h = half(r, i); sum += h >= 0 ? length(h) : edge(r, i); }
      if (Math.abs(sum - length(r)) > 1e-9 * Math.max(1, sum)) bad(`shortcut record ${r} has length ${length(r)} where its halves add up to ${sum}`);
    }
  }
}
