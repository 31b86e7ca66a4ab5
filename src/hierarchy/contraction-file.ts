import { InputError, show } from '../core/errors.js';
import { Hash64, spaceFingerprint } from '../core/fingerprint.js';
import type { SearchSpace } from '../core/space.js';
import type { QueryLayout } from './contraction-layout.js';

/**
 * A contraction hierarchy as bytes: what `ContractionHierarchy.save()`
 * writes and its `saved` option reads, so a hierarchy that took half a
 * minute to build loads in a fraction of a second.
 *
 * Layout (little-endian), 48 bytes of header, then the query layout's
 * arrays as they are in memory:
 *   0  "BFCH" (magic)               4  format version (1)
 *   8  nodes    12 records    16 unpacking entries    20 shortcuts    24 arcs
 *   28 the space's fingerprint (two words)   36 the payload's checksum (two words)
 *   44 0 (reserved)
 *   48 id (nodes int32), node (nodes int32), first (2 nodes + 1 int32), a
 *      word of padding when that count is odd (the rest is 8-byte aligned),
 *      the records (16 bytes each: ends and costs share them), the
 *      unpacking table (24 bytes an entry, at least one entry).
 *
 * A file is refused, as an `InputError` saying why, unless it is whole
 * (checksum), of this format and version, built from a space with the same
 * fingerprint (the same arcs and costs: not another graph, and not this one
 * before an edit), and well formed: every index in range and the unpacking
 * table free of cycles, so that no file can make a query read out of
 * bounds or unpack forever.
 */

const MAGIC = 0x48434642; // "BFCH" read as a little-endian word
const VERSION = 1;
const HEADER = 48;

/** What a saved hierarchy holds beside its layout. */
export interface SavedHierarchy {
  readonly layout: QueryLayout;
  readonly shortcuts: number;
  readonly arcs: number;
}

function sizes(nodes: number, records: number, entries: number) {
  const firstWords = 2 * nodes + 1;
  // id, node and first are int32; pad to 8 bytes before the records' float64 costs.
  const ints = 2 * nodes + firstWords + ((2 * nodes + firstWords) & 1);
  const recordsAt = HEADER + 4 * ints;
  // Both buffers hold one entry at least, as the layout's do (a graph without arcs still has them).
  const tableAt = recordsAt + 16 * Math.max(1, records);
  return { firstWords, recordsAt, tableAt, total: tableAt + 24 * Math.max(1, entries) };
}

/** The bytes of a hierarchy built from `space` (see the file comment). */
export function writeHierarchy(space: SearchSpace, saved: SavedHierarchy): Uint8Array {
  const { layout } = saved;
  const nodes = layout.id.length, records = layout.first[2 * nodes];
  let entries = 0;
  for (let k = 0; k < records; k++) if (layout.ends[4 * k + 1] >= 0) entries++;
  const { recordsAt, tableAt, total } = sizes(nodes, records, entries);
  const bytes = new Uint8Array(total);
  const words = new Uint32Array(bytes.buffer);
  words.set([MAGIC, VERSION, nodes, records, entries, saved.shortcuts, saved.arcs, ...spaceFingerprint(space)]);
  const ints = new Int32Array(bytes.buffer, HEADER, (recordsAt - HEADER) / 4);
  ints.set(layout.id, 0);
  ints.set(layout.node, nodes);
  ints.set(layout.first, 2 * nodes);
  bytes.set(new Uint8Array(layout.ends.buffer, layout.ends.byteOffset, 16 * Math.max(1, records)), recordsAt);
  bytes.set(new Uint8Array(layout.halves.buffer, layout.halves.byteOffset, 24 * Math.max(1, entries)), tableAt);
  words.set(payloadChecksum(bytes), 9);
  return bytes;
}

function payloadChecksum(bytes: Uint8Array): [number, number] {
  const h = new Hash64();
  h.words(new Uint32Array(bytes.buffer, bytes.byteOffset + HEADER, (bytes.length - HEADER) / 4));
  return h.digest();
}

/**
 * Reads a hierarchy saved for `space`, checking all the file comment says;
 * `who` names the caller in messages. The arrays are copies: the caller's
 * bytes may be reused.
 */
export function readHierarchy(bytes: unknown, space: SearchSpace, who: string): SavedHierarchy {
  const refuse = (why: string): never => { throw new InputError(`${who}: the saved hierarchy ${why}`); };
  if (!(bytes instanceof Uint8Array)) throw new InputError(`${who}: saved must be the Uint8Array that save() returned, got ${show(bytes)}`);
  if (bytes.length < HEADER) refuse(`is ${bytes.length} bytes, shorter than its 48-byte header: not a saved hierarchy`);
  // An aligned copy: the caller's bytes may sit at any offset, and the arrays below read words.
  const own = new Uint8Array(bytes.length);
  own.set(bytes);
  const words = new Uint32Array(own.buffer, 0, HEADER / 4);
  if (words[0] !== MAGIC) refuse('does not start with "BFCH": not a saved hierarchy');
  if (words[1] !== VERSION) refuse(`is format version ${words[1]}; this library reads version ${VERSION} (build it again and save it)`);
  const [, , nodes, records, entries, shortcuts, arcs] = words;
  const { firstWords, recordsAt, tableAt, total } = sizes(nodes, records, entries);
  if (own.length !== total) refuse(`is ${own.length} bytes, where its header (${nodes} nodes, ${records} records, ${entries} shortcut entries) says ${total}: the file is cut short or padded`);
  const sum = payloadChecksum(own);
  if (sum[0] !== words[9] || sum[1] !== words[10]) refuse('is damaged: its checksum does not match its contents');
  if (nodes !== space.size) refuse(`was built for a space of ${nodes} nodes; this one has ${space.size}`);
  const print = spaceFingerprint(space);
  if (print[0] !== words[7] || print[1] !== words[8]) refuse('was built from another space, or from this one before an edit (their arcs or costs differ); build it again');

  const id = new Int32Array(own.buffer, HEADER, nodes);
  const node = new Int32Array(own.buffer, HEADER + 4 * nodes, nodes);
  const first = new Int32Array(own.buffer, HEADER + 8 * nodes, firstWords);
  const recordBuffer = own.buffer.slice(recordsAt, tableAt);
  const ends = new Int32Array(recordBuffer), costs = new Float64Array(recordBuffer);
  const tableBuffer = own.buffer.slice(tableAt, total);
  const halves = new Int32Array(tableBuffer), halfCost = new Float64Array(tableBuffer);
  checkWellFormed({ id, node, first, ends, costs, halves, halfCost }, records, entries, refuse);
  return { layout: { id: id.slice(), node: node.slice(), first: first.slice(), ends, costs, halves, halfCost }, shortcuts, arcs };
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
