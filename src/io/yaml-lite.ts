import { InputError } from '../core/errors.js';

/**
 * The part of YAML that map files are written in, read into nodes that
 * remember their line: a top-level mapping of `key: value` lines (as
 * `map_saver` writes them) or one flow mapping `{key: value, ...}` (as
 * people and some tools write them), with flow sequences `[a, b]` and flow
 * mappings as values (over several lines if need be), block lists (`- a`)
 * under a key, quoted and plain scalars, `#` comments, `---` and `...`.
 * Nav2's map_server reads its YAML with yaml-cpp, which takes all of YAML;
 * what this reader does not take (anchors and aliases, tags, block scalars,
 * complex keys, directives, a document that is not a mapping) is an
 * `InputError` naming the file, the line and the construct, never a
 * misreading.
 */

/** A scalar: its text without quotes, and as written (for messages). */
export interface YamlScalar { readonly kind: 'scalar'; readonly text: string; readonly raw: string; readonly line: number }
/** A sequence, flow (`[a, b]`) or block (`- a` lines). */
export interface YamlSeq { readonly kind: 'seq'; readonly items: readonly YamlNode[]; readonly raw: string; readonly line: number }
/** A mapping; a nested block mapping's entries are not read (`entries` empty): no key map_server reads is one. */
export interface YamlMap { readonly kind: 'map'; readonly entries: ReadonlyMap<string, YamlNode>; readonly raw: string; readonly line: number }
export type YamlNode = YamlScalar | YamlSeq | YamlMap;

function fail(file: string, line: number | undefined, message: string): never {
  throw new InputError(`${file}${line === undefined ? '' : `:${line}`}: ${message}`);
}

/** `text` as JSON, cut at 40 characters: a value in a message. */
export function shownText(text: string): string {
  return text.length > 40 ? `${JSON.stringify(text.slice(0, 40))}...` : JSON.stringify(text);
}

/** Strips a comment: a `#` at the start or after a blank, outside quotes. */
function uncomment(s: string): string {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(s[i - 1]))) {
      quote = c;
    } else if (c === '#' && (i === 0 || s[i - 1] === ' ' || s[i - 1] === '\t')) {
      return s.slice(0, i);
    }
  }
  return s;
}

/** A scalar without its quotes (`''` inside single quotes is one quote; a double-quoted one keeps its backslashes). */
function unquote(s: string): string {
  if (s.length >= 2 && s[0] === "'" && s[s.length - 1] === "'") return s.slice(1, -1).replace(/''/g, "'");
  if (s.length >= 2 && s[0] === '"' && s[s.length - 1] === '"') return s.slice(1, -1);
  return s;
}

/** The constructs this reader refuses, by the character that starts them (a value's first). */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  '&': 'an anchor (&name)', '*': 'an alias (*name)', '!': 'a tag (!tag)',
  '|': 'a block scalar (|)', '>': 'a folded block scalar (>)', '%': 'a directive (%)',
  '@': "a reserved indicator '@'", '`': "a reserved indicator '`'",
};

/** Refuses a value that opens with a construct the reader does not take. */
function refuseConstruct(value: string, file: string, line: number, what: string): void {
  const c = value[0];
  const name = c === undefined ? undefined : UNSUPPORTED[c];
  if (name !== undefined) fail(file, line, `${what} is ${name}, which this reader does not support; expected the value written out`);
}

/**
 * A flow node (`[...]`, `{...}` or a scalar inside them) read from `src`,
 * the text of one or more lines joined by `\n` with their comments removed;
 * `lineAt(i)` is the file line of character i.
 */
class FlowReader {
  p = 0;
  constructor(private readonly src: string, private readonly file: string, private readonly lineAt: (i: number) => number) {}

  private blanks(): void {
    while (this.p < this.src.length && /\s/.test(this.src[this.p])) this.p++;
  }

  private where(): number { return this.lineAt(Math.min(this.p, this.src.length - 1)); }

  node(context: string): YamlNode {
    this.blanks();
    const start = this.p, line = this.where();
    const c = this.src[this.p];
    if (c === undefined) fail(this.file, line, `${context} ends before its value, expected a value and a closing bracket`);
    if (c === '[') {
      this.p++;
      const items: YamlNode[] = [];
      for (;;) {
        this.blanks();
        if (this.src[this.p] === ']') { this.p++; break; }
        items.push(this.node(context));
        this.blanks();
        const d = this.src[this.p];
        if (d === ',') { this.p++; continue; }
        if (d === ']') { this.p++; break; }
        this.unexpected(context, "',' or ']'");
      }
      return { kind: 'seq', items, raw: this.src.slice(start, this.p).replace(/\s*\n\s*/g, ' '), line };
    }
    if (c === '{') {
      this.p++;
      const entries = new Map<string, YamlNode>();
      const lines = new Map<string, number>();
      for (;;) {
        this.blanks();
        if (this.src[this.p] === '}') { this.p++; break; }
        const keyLine = this.where();
        const key = this.node(context);
        if (key.kind !== 'scalar') fail(this.file, keyLine, `${context} has a key that is a ${key.kind === 'seq' ? 'sequence' : 'mapping'} (a complex key), which this reader does not support; expected a plain or quoted key`);
        this.blanks();
        let value: YamlNode;
        if (this.src[this.p] === ':') {
          this.p++;
          this.blanks();
          const d = this.src[this.p];
          value = d === ',' || d === '}' ? { kind: 'scalar', text: '', raw: '', line: keyLine } : this.node(`${context}: the key '${key.text}'`);
        } else {
          value = { kind: 'scalar', text: '', raw: '', line: keyLine };
        }
        if (lines.has(key.text)) fail(this.file, keyLine, `the key '${key.text}' is given twice (first on line ${lines.get(key.text)}), expected each key once`);
        lines.set(key.text, keyLine);
        entries.set(key.text, value);
        this.blanks();
        const d = this.src[this.p];
        if (d === ',') { this.p++; continue; }
        if (d === '}') { this.p++; break; }
        this.unexpected(context, "',' or '}'");
      }
      return { kind: 'map', entries, raw: this.src.slice(start, this.p).replace(/\s*\n\s*/g, ' '), line };
    }
    if (c === '"' || c === "'") {
      let q = this.p + 1;
      for (;;) {
        if (q >= this.src.length) fail(this.file, line, `${context} has a quoted scalar that is never closed (${c})`);
        if (this.src[q] === '\\' && c === '"') { q += 2; continue; }
        if (this.src[q] === c) {
          if (c === "'" && this.src[q + 1] === "'") { q += 2; continue; }
          break;
        }
        q++;
      }
      this.p = q + 1;
      const raw = this.src.slice(start, this.p);
      return { kind: 'scalar', text: unquote(raw), raw, line };
    }
    if (c === ']' || c === '}' || c === ',') this.unexpected(context, 'a value');
    if (c === '?') fail(this.file, line, `${context} has a complex key (?), which this reader does not support; expected 'key: value'`);
    refuseConstruct(c, this.file, line, context);
    // A plain scalar ends at a flow indicator, or at ': ' / ':' before one (a key's end).
    let q = this.p;
    while (q < this.src.length) {
      const d = this.src[q];
      if (d === ',' || d === '[' || d === ']' || d === '{' || d === '}') break;
      if (d === ':' && (q + 1 >= this.src.length || /[\s,[\]{}]/.test(this.src[q + 1]))) break;
      q++;
    }
    this.p = q;
    const raw = this.src.slice(start, q).replace(/\s*\n\s*/g, ' ').trim();
    return { kind: 'scalar', text: raw, raw, line };
  }

  private unexpected(context: string, wanted: string): never {
    const c = this.src[this.p];
    fail(this.file, this.where(), c === undefined ? `${context} ends before its closing bracket, expected ${wanted}` : `${context} has ${shownText(c)} where ${wanted} should be`);
  }

  /** Refuses anything but blanks after the node. */
  end(context: string): void {
    this.blanks();
    if (this.p < this.src.length) fail(this.file, this.where(), `${context} is followed by ${shownText(this.src.slice(this.p).split('\n')[0])}, expected nothing after its closing bracket`);
  }
}

/**
 * Reads the flow node that opens at line `i` (0-based), column `col` of
 * `lines` (comments removed), over as many lines as its brackets take.
 * Returns the node and the index of its last line.
 */
function readFlow(lines: readonly string[], i: number, col: number, file: string, context: string): { node: YamlNode; last: number } {
  // Gather lines until the brackets balance (outside quotes), then read.
  let depth = 0, quote = '', last = i;
  const parts: string[] = [];
  const starts: number[] = [];
  let offset = 0;
  for (let k = i; k < lines.length; k++) {
    const s = k === i ? lines[k].slice(col) : lines[k];
    parts.push(s);
    starts.push(offset);
    offset += s.length + 1;
    for (let j = 0; j < s.length; j++) {
      const c = s[j];
      if (quote) { if (c === quote) quote = ''; continue; }
      // A quote opens a scalar only where a scalar may start (an apostrophe inside a word is text).
      if ((c === '"' || c === "'") && (j === 0 || /[\s[{,:]/.test(s[j - 1]))) quote = c;
      else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') depth--;
    }
    last = k;
    if (depth <= 0) break;
  }
  if (depth > 0) {
    const open = lines[i].slice(col)[0];
    fail(file, i + 1, `${context} opens a '${open}' here that is never closed${quote ? ` (and a ${quote} quote is left open)` : ''}, expected a matching '${open === '[' ? ']' : '}'}'`);
  }
  const src = parts.join('\n');
  const lineAt = (p: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= p) k++;
    return i + k + 1;
  };
  const reader = new FlowReader(src, file, lineAt);
  const node = reader.node(context);
  reader.end(context);
  return { node, last };
}

/**
 * The top-level mapping of a map file's YAML: each key's node, with the line
 * of the key. A repeated key, a line that is not `key: value` (or a list
 * item or an indented line under a key), an unclosed bracket and an
 * unsupported construct are an `InputError` naming `file:line`.
 */
export function readYamlMapping(text: string, file: string): Map<string, { node: YamlNode; line: number }> {
  const lines = text.split(/\r?\n/).map((l) => uncomment(l).replace(/\s+$/, ''));
  const keys = new Map<string, { node: YamlNode; line: number }>();
  const put = (key: string, node: YamlNode, line: number) => {
    const first = keys.get(key);
    if (first) fail(file, line, `the key '${key}' is given twice (first on line ${first.line}), expected each key once`);
    keys.set(key, { node, line });
  };
  // The key whose value is the indented block that follows, its list items and whether it holds anything else.
  let open: { key: string; line: number; items: YamlNode[]; nested: boolean } | undefined;
  const close = () => {
    if (open === undefined) return;
    const { key, line, items, nested } = open;
    const node: YamlNode = nested
      ? { kind: 'map', entries: new Map(), raw: '(an indented block)', line }
      : items.length > 0 ? { kind: 'seq', items, raw: `a list of ${items.length}`, line } : { kind: 'scalar', text: '', raw: '', line };
    put(key, node, line);
    open = undefined;
  };
  let ended = false; // after `...`: the rest is not this document
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i];
    if (raw.trim() === '') continue;
    if (raw === '---' || raw.startsWith('--- ')) {
      if (keys.size > 0 || open) fail(file, lineNo, "found a second document ('---'), which this reader does not support; expected one document, as a map file holds");
      const rest = raw.slice(3).trim();
      if (rest !== '') fail(file, lineNo, `found ${shownText(rest)} after '---', expected it on a line of its own`);
      continue;
    }
    if (raw === '...') { ended = true; continue; }
    if (ended) fail(file, lineNo, "found text after the document's end ('...'), which this reader does not support; expected one document, as a map file holds");
    if (raw[0] === '%') fail(file, lineNo, `found a directive ${shownText(raw)}, which this reader does not support; expected the map's keys`);
    const indented = /^[ \t]/.test(raw);
    const item = /^\s*-(?:\s+(.*))?$/.exec(raw);
    if (open && (indented || item)) {
      if (item) {
        const v = (item[1] ?? '').trim();
        if (v[0] === '[' || v[0] === '{') {
          const { node, last } = readFlow(lines, i, raw.indexOf(v[0]), file, `an item of '${open.key}'`);
          open.items.push(node);
          i = last;
        } else {
          refuseConstruct(v, file, lineNo, `an item of '${open.key}'`);
          open.items.push({ kind: 'scalar', text: unquote(v), raw: v, line: lineNo });
        }
      } else {
        open.nested = true;
      }
      continue;
    }
    close();
    if (indented) fail(file, lineNo, `found an indented line ${shownText(raw.trim())} under no key, expected 'key: value'`);
    if (raw[0] === '{') {
      if (keys.size > 0) fail(file, lineNo, "found a flow mapping '{' after 'key: value' lines, expected one or the other");
      const { node, last } = readFlow(lines, i, 0, file, 'the mapping');
      for (const [k, v] of (node as YamlMap).entries) put(k, v, v.line);
      i = last;
      continue;
    }
    if (raw[0] === '[') fail(file, lineNo, "the document is a sequence ('['), expected a mapping of keys ('key: value' lines or '{key: value, ...}')");
    if (raw.startsWith('? ') || raw === '?') fail(file, lineNo, "found a complex key (?), which this reader does not support; expected 'key: value'");
    // A key: a quoted one, or plain text up to the first ': '.
    const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:\s][^:]*?)\s*:(?:\s+(.*))?$/.exec(raw);
    if (!m) fail(file, lineNo, `found ${shownText(raw)}, expected 'key: value'`);
    const key = unquote(m[1]);
    if (m[1][0] === '&' || m[1][0] === '*' || m[1][0] === '!') refuseConstruct(m[1], file, lineNo, `the key ${shownText(m[1])}`);
    const value = (m[2] ?? '').trim();
    if (value === '') {
      if (keys.has(key)) fail(file, lineNo, `the key '${key}' is given twice (first on line ${keys.get(key)!.line}), expected each key once`);
      open = { key, line: lineNo, items: [], nested: false };
      continue;
    }
    if (value[0] === '[' || value[0] === '{') {
      const { node, last } = readFlow(lines, i, raw.length - (m[2] ?? '').trimStart().length, file, `the value of '${key}'`);
      put(key, { ...node, line: lineNo }, lineNo);
      i = last;
      continue;
    }
    refuseConstruct(value, file, lineNo, `the value of '${key}'`);
    put(key, { kind: 'scalar', text: unquote(value), raw: value, line: lineNo }, lineNo);
  }
  close();
  return keys;
}
