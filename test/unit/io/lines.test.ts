// The readers' line split, written out for speed, against the regular
// expression it replaced: LF or CRLF ends a line, a lone CR does not, and a
// final newline makes no extra line.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { lines } from '#bestfirst/internal';

function reference(text: string): string[] {
  const ls = text.split(/\r?\n/);
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

test('lines splits as /\\r?\\n/ does, on every text of a, CR and LF', () => {
  const text = fc.array(fc.constantFrom('a', 'b', '\r', '\n', '\r\n'), { maxLength: 24 }).map((parts) => parts.join(''));
  fc.assert(fc.property(text, (t) => { expect(lines(t)).toEqual(reference(t)); }), { seed: 20261205, numRuns: 3000 });
  for (const t of ['', '\n', '\r', 'a\r', 'a\n\r', 'x\r\r\ny', 'a\r\n\r\n']) expect(lines(t), JSON.stringify(t)).toEqual(reference(t));
});
