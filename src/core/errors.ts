/**
 * A mistake in what the caller gave us: a malformed file, a value out of its
 * allowed range, a start on a blocked cell, an option of the wrong type. The
 * message names the parameter (or the file, line and column), the value
 * received and what is allowed, in one line. Throwing it leaves nothing
 * half-done: every check runs before any state changes.
 *
 * Anything else thrown from the library is a defect of ours and keeps its
 * stack trace; the command line prints an `InputError` as one line (exit 2)
 * and anything else with its stack (exit 1).
 *
 * It extends `RangeError` so that code written against 0.1, which caught
 * `RangeError` for bad input, keeps working.
 */
export class InputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A short, printable rendering of any value for an error message: `'abc'`, `-5`, `null`, `{"a":1}`, `a Map`. */
export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v === null || v === undefined) return String(v);
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  const kind = Object.prototype.toString.call(v).slice(8, -1);
  if (kind === 'Object') {
    // A plain object: its JSON says what it was, cut short.
    let json: string | undefined;
    try { json = JSON.stringify(v); } catch { json = undefined; }
    if (json !== undefined) return json.length > 60 ? `${json.slice(0, 57)}...` : json;
  }
  return /^[AEIO]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}
