import { InputError, show } from './errors.js';
import { Hash64, spaceFingerprint } from './fingerprint.js';
import type { SearchSpace } from './space.js';

/**
 * The one file format of saved preprocessing (a contraction hierarchy, JPS+'s
 * table, a subgoal graph): a header, a few whole numbers, then typed arrays
 * as they are in memory. Every structure that can be saved writes and reads
 * through here, so each refuses a file that does not fit in the same words.
 *
 * Layout (little-endian), each part starting on a multiple of 8 bytes:
 *   0  the kind, four ASCII letters ("BFCH": a hierarchy)
 *   4  the kind's format version     8 how many numbers    12 how many arrays
 *   16 the space's fingerprint (two words)
 *   24 the checksum of everything from byte 32 on (two words)
 *   32 the numbers (unsigned 32-bit words), padded to 8 bytes
 *   .. per array: its element type (1 Int32, 2 Float64, 3 Uint8, 4 Uint16, 5 Int8, 6 Uint32, 7 Int16)
 *      and its byte length (two words: low, high), padded to 8 bytes
 *   .. the arrays' bytes, each padded to 8 bytes.
 *
 * A file is refused, as an `InputError` saying why, unless it is whole (the
 * checksum: a damaged or truncated file), of the kind and version asked
 * for, and built from a space with the same fingerprint (the same arcs and
 * costs: not another space, and not this one before an edit). Whether its
 * contents make sense is the reader's to check (indices in range and the
 * like): a file written on purpose with a good checksum is not trusted.
 */

/** An array a saved structure holds. */
export type SavedArray = Int32Array | Float64Array | Uint8Array | Uint16Array | Int8Array | Uint32Array | Int16Array;

const TYPES = [null, Int32Array, Float64Array, Uint8Array, Uint16Array, Int8Array, Uint32Array, Int16Array] as const;
const HEADER = 32;

function typeCode(a: SavedArray): number {
  for (let i = 1; i < TYPES.length; i++) if (a instanceof TYPES[i]!) return i;
  throw new Error('saved-file: not an array it writes');
}

const pad8 = (n: number) => (n + 7) & ~7;

/** What a saved file holds: its numbers and its arrays, the arrays in fresh, aligned buffers (or, read in place, views of the file's bytes). */
export interface SavedContents {
  readonly numbers: readonly number[];
  readonly arrays: readonly SavedArray[];
}

function kindWord(kind: string): number {
  return kind.charCodeAt(0) | (kind.charCodeAt(1) << 8) | (kind.charCodeAt(2) << 16) | (kind.charCodeAt(3) << 24);
}

/**
 * The bytes of a structure of kind `kind` (four letters), format `version`,
 * built from `space`: `numbers` (whole numbers 0 to 2^32 - 1) and `arrays`.
 */
export function writeSaved(kind: string, version: number, space: SearchSpace, numbers: readonly number[], arrays: readonly SavedArray[]): Uint8Array {
  const tableAt = pad8(HEADER + 4 * numbers.length);
  let at = pad8(tableAt + 12 * arrays.length);
  const starts = arrays.map((a) => { const s = at; at = pad8(at + a.byteLength); return s; });
  const bytes = new Uint8Array(at);
  const words = new Uint32Array(bytes.buffer);
  words.set([kindWord(kind) >>> 0, version, numbers.length, arrays.length, ...spaceFingerprint(space)]);
  words.set(numbers, HEADER / 4);
  arrays.forEach((a, i) => {
    words.set([typeCode(a), a.byteLength % 2 ** 32, Math.floor(a.byteLength / 2 ** 32)], tableAt / 4 + 3 * i);
    bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), starts[i]);
  });
  words.set(checksum(bytes), 6);
  return bytes;
}

function checksum(bytes: Uint8Array): [number, number] {
  const h = new Hash64();
  h.words(new Uint32Array(bytes.buffer, bytes.byteOffset + HEADER, (bytes.length - HEADER) / 4));
  return h.digest();
}

/**
 * Reads bytes `writeSaved` wrote for `kind` and `version` from `space`,
 * checking what the file comment says. `who` names the caller and `what`
 * the structure in messages (`ContractionHierarchy`, `hierarchy`). The
 * caller's bytes are not kept, unless `inPlace`: the arrays are then views
 * of `bytes` where they lie (when its offset is a multiple of 8, as a
 * buffer of its own or a SharedArrayBuffer's is), for a caller whose user
 * has promised never to write them (a read-only grid's searcher: one table
 * in memory for every thread that searches the grid).
 */
export function readSaved(bytes: unknown, kind: string, version: number, space: SearchSpace, who: string, what: string, inPlace = false): SavedContents {
  const refuse = (why: string): never => { throw new InputError(`${who}: the saved ${what} ${why}`); };
  if (!(bytes instanceof Uint8Array)) throw new InputError(`${who}: saved must be the Uint8Array that save() returned, got ${show(bytes)}`);
  if (bytes.length < HEADER) refuse(`is ${bytes.length} bytes, shorter than its ${HEADER}-byte header: not a saved ${what}`);
  if (bytes.length % 8 !== 0) refuse(`is ${bytes.length} bytes, not a multiple of 8: the file is cut short or padded`);
  // The arrays are read as words: bytes at an offset that is not a multiple of 8 are copied first.
  // (Aligned bytes are read where they are; the arrays below are copies either way.)
  const own = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const words = new Uint32Array(own.buffer, own.byteOffset, own.length / 4);
  if (words[0] !== kindWord(kind) >>> 0) refuse(`does not start with "${kind}": not a saved ${what}`);
  if (words[1] !== version) refuse(`is format version ${words[1]}; this library reads version ${version} (build it again and save it)`);
  const sum = checksum(own);
  if (sum[0] !== words[6] || sum[1] !== words[7]) refuse('is damaged: its checksum does not match its contents (or the file is cut short)');
  const count = words[2], arrayCount = words[3];
  const tableAt = pad8(HEADER + 4 * count);
  let at = pad8(tableAt + 12 * arrayCount);
  if (at > own.length) refuse('is malformed: its header promises more than the file holds');
  const print = spaceFingerprint(space);
  if (print[0] !== words[4] || print[1] !== words[5]) refuse('was built from another space, or from this one before an edit (their arcs or costs differ); build it again');
  const numbers = Array.from(words.subarray(HEADER / 4, HEADER / 4 + count));
  const arrays: SavedArray[] = [];
  for (let i = 0; i < arrayCount; i++) {
    const code = words[tableAt / 4 + 3 * i], length = words[tableAt / 4 + 3 * i + 1] + words[tableAt / 4 + 3 * i + 2] * 2 ** 32;
    const Type = TYPES[code];
    if (!Type || length % Type.BYTES_PER_ELEMENT !== 0 || at + length > own.length) refuse(`is malformed at array ${i}`);
    if (inPlace && own === bytes) arrays.push(new Type!(own.buffer as ArrayBuffer, own.byteOffset + at, length / Type!.BYTES_PER_ELEMENT)); // a SharedArrayBuffer's too: the lib's types say ArrayBuffer
    else {
      // Copied explicitly: a Node Buffer's slice() is a view, not a copy, and its buffer the whole pool.
      const copy = new Uint8Array(length);
      copy.set(own.subarray(at, at + length));
      arrays.push(new Type!(copy.buffer));
    }
    at = pad8(at + length);
  }
  if (at !== own.length) refuse('is malformed: bytes after its last array');
  return { numbers, arrays };
}
