import { InputError } from '../core/errors.js';
import { readSaved, writeSaved } from '../core/saved-file.js';
import type { SearchSpace } from '../core/space.js';
import type { QueryLayout } from './contraction-layout.js';

/**
 * A contraction hierarchy as bytes, in the one format of saved
 * preprocessing (core/saved-file.ts), kind "BFCH": what
 * `ContractionHierarchy.save()` writes and its `saved` option reads, so a
 * hierarchy that took half a minute to build loads in a fraction of a
 * second. The numbers are the shortcut count, the arc count and the
 * unpacking table's entry count; the arrays the query layout's (id, node,
 * first, the records, the unpacking table) as they are in memory.
 *
 * Beyond what every saved file is checked for (whole, of this version,
 * built from this very space), a hierarchy is refused unless it is well
 * formed: every index in range and the unpacking table free of cycles, so
 * that no file can make a query read out of bounds or unpack forever.
 */

const KIND = 'BFCH';
const VERSION = 1;

/** What a saved hierarchy holds beside its layout. */
export interface SavedHierarchy {
  readonly layout: QueryLayout;
  readonly shortcuts: number;
  readonly arcs: number;
}

/** The bytes of a hierarchy built from `space` (see the file comment). */
export function writeHierarchy(space: SearchSpace, saved: SavedHierarchy): Uint8Array {
  const { layout } = saved;
  const nodes = layout.id.length, records = layout.first[2 * nodes];
  let entries = 0;
  for (let k = 0; k < records; k++) if (layout.ends[4 * k + 1] >= 0) entries++;
  // The records and the table mix int32 and float64 in one buffer each: saved as float64 words, whole.
  const recordWords = new Float64Array(layout.costs.buffer, layout.costs.byteOffset, 2 * Math.max(1, records));
  const tableWords = new Float64Array(layout.halfCost.buffer, layout.halfCost.byteOffset, 3 * Math.max(1, entries));
  return writeSaved(KIND, VERSION, space, [saved.shortcuts, saved.arcs, entries], [layout.id, layout.node, layout.first, recordWords, tableWords]);
}

/**
 * Reads a hierarchy saved for `space`, checking all the file comment says;
 * `who` names the caller in messages.
 */
export function readHierarchy(bytes: unknown, space: SearchSpace, who: string): SavedHierarchy {
  const refuse = (why: string): never => { throw new InputError(`${who}: the saved hierarchy ${why}`); };
  const { numbers, arrays } = readSaved(bytes, KIND, VERSION, space, who, 'hierarchy');
  if (numbers.length !== 3 || arrays.length !== 5) refuse('is malformed: not the parts a hierarchy has');
  const [shortcuts, arcs, entries] = numbers;
  const [id, node, first, recordWords, tableWords] = arrays;
  const n = space.size;
  if (!(id instanceof Int32Array && node instanceof Int32Array && first instanceof Int32Array && recordWords instanceof Float64Array && tableWords instanceof Float64Array)
    || id.length !== n || node.length !== n || first.length !== 2 * n + 1) refuse(`is malformed: its arrays are not those of a hierarchy of ${n} nodes`);
  const records = first[2 * n];
  if (!(records >= 0) || recordWords.length !== 2 * Math.max(1, records) || tableWords.length !== 3 * Math.max(1, entries)) refuse('is malformed: its records or its unpacking table are not the size it says');
  const layout: QueryLayout = {
    id: id as Int32Array, node: node as Int32Array, first: first as Int32Array,
    ends: new Int32Array(recordWords.buffer), costs: recordWords as Float64Array,
    halves: new Int32Array(tableWords.buffer), halfCost: tableWords as Float64Array,
  };
  checkWellFormed(layout, records, entries, refuse);
  return { layout, shortcuts, arcs };
}

/** Every index of a loaded layout in range, and the unpacking acyclic (see the file comment). */
function checkWellFormed(l: QueryLayout, records: number, entries: number, refuse: (why: string) => never): void {
  const n = l.id.length;
  for (let q = 0; q < n; q++) {
    const v = l.node[q];
    if (!(v >= 0 && v < n) || l.id[v] !== q) refuse(`is malformed: its node numbering is not a permutation (at ${q})`);
  }
  if (l.first[0] !== 0 || l.first[2 * n] !== records) refuse('is malformed: its record lists do not cover the records');
  for (let i = 0; i < 2 * n; i++) if (l.first[i] > l.first[i + 1]) refuse(`is malformed: record list ${i} ends before it starts`);
  for (let k = 0; k < records; k++) {
    const end = l.ends[4 * k], sc = l.ends[4 * k + 1], c = l.costs[2 * k + 1];
    if (!(end >= 0 && end < n) || !(sc >= -1 && sc < entries) || !(c >= 0 && c < Infinity)) refuse(`is malformed at record ${k}`);
  }
  // Each entry's halves: another entry, or ~node; entries walked depth first, a back edge is a cycle.
  const state = new Uint8Array(entries); // 0 new, 1 on the walk, 2 done
  const stack: number[] = [];
  for (let i = 0; i < entries; i++) {
    for (let h = 0; h < 2; h++) {
      const x = l.halves[6 * i + h];
      if (x >= entries || (x < 0 && !(~x < n)) || !(l.halfCost[3 * i + 1 + h] >= 0)) refuse(`is malformed at shortcut entry ${i}`);
    }
  }
  for (let root = 0; root < entries; root++) {
    if (state[root] !== 0) continue;
    stack.push(root, 0);
    state[root] = 1;
    while (stack.length > 0) {
      const h = stack.pop()!, i = stack.pop()!;
      if (h === 2) { state[i] = 2; continue; }
      stack.push(i, h + 1);
      const x = l.halves[6 * i + h];
      if (x < 0 || state[x] === 2) continue;
      if (state[x] === 1) refuse(`is malformed: shortcut entry ${x} unpacks into itself`);
      state[x] = 1;
      stack.push(x, 0);
    }
  }
}
