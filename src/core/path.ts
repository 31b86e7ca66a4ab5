import { InputError, show } from './errors.js';

/**
 * Reading a search tree back from a node: every search that keeps one parent
 * per node, -1 at the root (the engine, ARA*, depth-first, the any-angle
 * searcher), walks it here.
 * The grid fast path (a move per cell) and jump point search (jump points
 * with straight runs between them) keep other trees and walk their own.
 */

/**
 * The one rule for a caller's path buffer (every searcher's `pathInto`):
 * `out` must be an Int32Array, checked before anything is written and
 * whether or not there is a path, so a wrong buffer is found at once.
 */
export function checkPathBuffer(out: unknown): asserts out is Int32Array {
  if (!(out instanceof Int32Array)) throw new InputError(`pathInto: out must be an Int32Array, got ${show(out)}`);
}

/** ... and it must hold the path's `len` entries (`unit`: nodes, cells), checked before anything is written. */
export function checkPathRoom(out: Int32Array, len: number, unit: string): void {
  if (out.length < len) throw new InputError(`pathInto: the buffer holds ${out.length} ${unit}, the path has ${len}`);
}

/** Links from `n` back to the root. */
export function depthOf(parent: Int32Array, n: number): number {
  let d = 0;
  for (let m = parent[n]; m !== -1; m = parent[m]) d++;
  return d;
}

/** The chain from the root to `n`, root first (allocates). */
export function pathTo(parent: Int32Array, n: number): number[] {
  const out: number[] = [];
  for (let m = n; m !== -1; m = parent[m]) out.push(m);
  return out.reverse();
}

/**
 * Writes the chain from the root to `n` into `out`, root first, and returns
 * its length; allocates nothing. An `out` that is not array-like, or shorter
 * than the chain, is an `InputError` (`unit` names what the entries are).
 */
export function pathToInto(parent: Int32Array, n: number, out: Int32Array, unit: string): number {
  checkPathBuffer(out);
  const len = depthOf(parent, n) + 1;
  checkPathRoom(out, len, unit);
  let i = len;
  for (let m = n; m !== -1; m = parent[m]) out[--i] = m;
  return len;
}

/**
 * Copies a path a searcher keeps whole in its own buffer (`buf[0..len)`,
 * start first) into `out` and returns `len`; allocates nothing. The
 * bidirectional searches, which join two half paths once at the end, keep
 * their answer this way. The same refusals as `pathToInto`.
 */
export function copyPathInto(buf: Int32Array, len: number, out: Int32Array): number {
  checkPathBuffer(out);
  checkPathRoom(out, len, 'nodes');
  for (let i = 0; i < len; i++) out[i] = buf[i];
  return len;
}
