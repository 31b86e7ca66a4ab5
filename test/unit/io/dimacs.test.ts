import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Graph, InputError, type SearchSpace } from '#bestfirst';
import { CoReader, formatCo, formatGr, GrReader, MAX_DIMACS_CHARS, MAX_DIMACS_WEIGHT, parseCo, parseGr } from '#bestfirst/io';

/** Every arc as "u v cost", node by node in successor order: what a round trip must keep. */
function arcs(space: SearchSpace): string[] {
  const nodes = new Int32Array(Math.max(1, space.maxDegree)), costs = new Float64Array(Math.max(1, space.maxDegree));
  const out: string[] = [];
  for (let u = 0; u < space.size; u++) {
    const deg = space.successors(u, nodes, costs);
    for (let k = 0; k < deg; k++) out.push(`${u} ${nodes[k]} ${costs[k]}`);
  }
  return out;
}

const GR = 'c a triangle and a loner\np sp 4 3\nc arcs\na 1 2 5\na 2 3 7\n\na 1 3 20\n';

test('a .gr with comments and a blank line: a directed graph, ids from 0, the weights as written', () => {
  const g = parseGr(GR, 'tri.gr');
  expect(g.size).toBe(4);
  expect(g.directed).toBe(true);
  expect(arcs(g)).toEqual(['0 1 5', '0 2 20', '1 2 7']);
  expect(parseGr(GR.replace(/\n/g, '\r\n'), 'tri.gr').arcCount).toBe(3);
  expect(parseGr('p sp 0 0', 'empty.gr').size).toBe(0);
  expect(parseGr('  p\tsp  2   1 \n a 2 1 0\n', 'spaces.gr').size).toBe(2);
});

test('a .co: coordinates indexed from 0, in any line order, negative too', () => {
  const { x, y } = parseCo('c points\np aux sp co 3\nv 2 -5 7\nv 1 0 0\n\nv 3 -73987000 40750000\n', 'p.co');
  expect(Array.from(x)).toEqual([0, -5, -73987000]);
  expect(Array.from(y)).toEqual([0, 7, 40750000]);
});

// [what, text, line:col, a piece of the message]
const BAD_GR: [string, string, string, string][] = [
  ['an empty file', '', '1:1', "without a problem line, expected 'p sp N M'"],
  ['only comments', 'c x\nc y\n', '3:1', 'without a problem line'],
  ['an arc first', 'a 1 2 3\np sp 2 1\n', '1:1', 'an arc before the problem line'],
  ['two problem lines', 'p sp 2 0\np sp 2 0\n', '2:1', 'a second problem line (the first is line 1)'],
  ['another problem type', 'p max 2 0\n', '1:3', "found \"p max 2 0\", expected the problem line 'p sp N M'"],
  ['no problem type', 'p\n', '1:2', "found \"p\", expected the problem line 'p sp N M'"],
  ['no node count', 'p sp\n', '1:5', 'the node count N is missing'],
  ['a node count in hex', 'p sp 0x2 0\n', '1:6', 'the node count N is "0x2", expected a whole number from 0 to 33554432'],
  ['a negative node count', 'p sp -2 0\n', '1:6', 'the node count N is "-2"'],
  ['too many nodes', 'p sp 33554433 0\n', '1:6', 'from 0 to 33554432'],
  ['no arc count', 'p sp 2\n', '1:7', 'the arc count M is missing'],
  ['a fractional arc count', 'p sp 2 1.0\n', '1:8', 'the arc count M is "1.0"'],
  ['a word after the counts', 'p sp 2 0 x\n', '1:10', "found \"x\" after 'p sp N M'"],
  ['more arcs than declared lines', 'p sp 2 5\na 1 2 3\n', '1:8', 'the arc count M is 5, but only 1 lines follow'],
  ['fewer arcs than declared', 'p sp 2 2\na 1 2 3\nc end\n', '4:1', 'the file ends after 1 arcs, but the problem line (line 1) says 2'],
  ['more arcs than declared', 'p sp 2 1\na 1 2 3\na 2 1 3\n', '3:1', 'arc 2 is one too many: the problem line (line 1) says 1 arcs, expected no more'],
  ['a 0 id', 'p sp 2 1\na 0 2 3\n', '2:3', 'the tail U is "0", expected a whole number from 1 to 2 (ids are 1-based'],
  ['an id past N', 'p sp 2 1\na 1 3 3\n', '2:5', 'the head V is "3", expected a whole number from 1 to 2'],
  ['a negative id', 'p sp 2 1\na -1 2 3\n', '2:3', 'the tail U is "-1"'],
  ['a negative weight', 'p sp 2 1\na 1 2 -3\n', '2:7', 'the weight W is "-3", expected a whole number from 0 to 2147483647; negative weights are read only when asked for (parseGr\'s negativeWeights)'],
  ['a fractional weight', 'p sp 2 1\na 1 2 2.5\n', '2:7', 'the weight W is "2.5"'],
  ['an exponent weight', 'p sp 2 1\na 1 2 1e3\n', '2:7', 'the weight W is "1e3"'],
  ['a weight past 2^31 - 1', 'p sp 2 1\na 1 2 2147483648\n', '2:7', 'the weight W is "2147483648"'],
  ['a missing weight', 'p sp 2 1\na 1 2\n', '2:6', 'the weight W is missing'],
  ['a word after the weight', 'p sp 2 1\na 1 2 3 4\n', '2:9', "found \"4\" after 'a U V W'"],
  ['an unknown line', 'p sp 2 0\nx 1 2\n', '2:1', "found \"x 1 2\", expected a comment 'c ...', the problem line 'p sp N M' or an arc 'a U V W'"],
  ['a .co line in a .gr', 'p sp 2 0\nv 1 0 0\n', '2:1', 'found "v 1 0 0"'],
  ['a comment without its space', 'p sp 2 0\ncomment\n', '2:1', 'found "comment"'],
  ['binary', '\u0000\u0001\ufffd', '1:1', 'found "\\u0000\\u0001\ufffd"'],
];

const BAD_CO: [string, string, string, string][] = [
  ['an empty file', '', '1:1', "without a problem line, expected 'p aux sp co N'"],
  ['a node first', 'v 1 0 0\np aux sp co 1\n', '1:1', 'a node before the problem line'],
  ['two problem lines', 'p aux sp co 0\np aux sp co 0\n', '2:1', 'a second problem line'],
  ['a .gr problem line', 'p sp 2 0\n', '1:3', "found \"p sp 2 0\", expected the problem line 'p aux sp co N'"],
  ['no node count', 'p aux sp co\n', '1:12', 'the node count N is missing'],
  ['a word after N', 'p aux sp co 1 2\nv 1 0 0\n', '1:15', "after 'p aux sp co N'"],
  ['more nodes than lines', 'p aux sp co 9\nv 1 0 0\n', '1:13', 'the node count N is 9, but only 1 lines follow'],
  ['a node without a line', 'p aux sp co 3\nv 1 0 0\nv 3 0 0\nc\n', '5:1', 'the file ends with 1 of its 3 nodes without a line (node 2 first)'],
  ['a node twice', 'p aux sp co 2\nv 1 0 0\nv 1 5 5\n', '3:3', 'node 1 is given twice (first on line 2)'],
  ['an id 0', 'p aux sp co 1\nv 0 0 0\n', '2:3', 'the node ID is "0", expected a whole number from 1 to 1 (ids are 1-based'],
  ['an id past N', 'p aux sp co 1\nv 2 0 0\n', '2:3', 'the node ID is "2"'],
  ['a fractional X', 'p aux sp co 1\nv 1 0.5 0\n', '2:5', 'X is "0.5", expected a whole number (DIMACS coordinates are integers)'],
  ['a Y in hex', 'p aux sp co 1\nv 1 0 0x1\n', '2:7', 'Y is "0x1"'],
  ['a Y past 2^53', 'p aux sp co 1\nv 1 0 9007199254740993\n', '2:7', 'Y is "9007199254740993"'],
  ['a missing Y', 'p aux sp co 1\nv 1 0\n', '2:6', 'Y is missing'],
  ['a word after Y', 'p aux sp co 1\nv 1 0 0 0\n', '2:9', "after 'v ID X Y'"],
  ['an arc in a .co', 'p aux sp co 1\na 1 1 0\n', '2:1', "found \"a 1 1 0\", expected a comment 'c ...', the problem line 'p aux sp co N' or a node 'v ID X Y'"],
];

const READERS = { gr: parseGr, co: parseCo };
const BAD = [...BAD_GR.map((r) => ['gr', ...r] as const), ...BAD_CO.map((r) => ['co', ...r] as const)];

test.each(BAD)('the .%s reader refuses %s, naming the file, line, column and value', (kind, _what, text, at, piece) => {
  let err: unknown;
  try { READERS[kind](text, `bad.${kind}`); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(InputError);
  const message = (err as Error).message;
  expect(message.startsWith(`bad.${kind}:${at}: `), message).toBe(true);
  expect(message).toContain(piece);
});

test.each(BAD_GR)('GrReader, fed in chunks of 3 characters, refuses %s as parseGr does (a short file: at its end)', (_what, text, at, piece) => {
  let err: unknown;
  try {
    const reader = new GrReader('bad.gr');
    for (let i = 0; i < text.length; i += 3) reader.push(text.slice(i, i + 3));
    reader.finish();
  } catch (e) { err = e; }
  expect(err).toBeInstanceOf(InputError);
  const message = (err as Error).message;
  // A stream does not know how many lines follow the problem line: a promise of more arcs is refused at the end.
  const [where, what] = /lines follow/.test(piece) ? ['3:1', 'the file ends after 1 arcs, but the problem line (line 1) says 5'] : [at, piece];
  expect(message.startsWith(`bad.gr:${where}: `), message).toBe(true);
  expect(message).toContain(what);
});

test.each(BAD_CO)('CoReader, fed in chunks of 2 characters, refuses %s as parseCo does (a short file: at its end)', (_what, text, at, piece) => {
  let err: unknown;
  try {
    const reader = new CoReader('bad.co');
    for (let i = 0; i < text.length; i += 2) reader.push(text.slice(i, i + 2));
    reader.finish();
  } catch (e) { err = e; }
  expect(err).toBeInstanceOf(InputError);
  const message = (err as Error).message;
  const [where, what] = /lines follow/.test(piece) ? ['3:1', 'the file ends with 8 of its 9 nodes without a line (node 2 first)'] : [at, piece];
  expect(message.startsWith(`bad.co:${where}: `), message).toBe(true);
  expect(message).toContain(what);
});

test('CoReader reads a file however its chunks split it, in any line order (fast-check, fixed seed)', () => {
  fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 })), { maxLength: 30 }), fc.array(fc.nat(600), { maxLength: 8 }), fc.boolean(), (points, cuts, shuffle) => {
    const lines = points.map(([x, y], i) => `v ${i + 1} ${x} ${y}`);
    if (shuffle) lines.reverse();
    const text = `c points\np aux sp co ${points.length}\n${lines.join('\n')}\n`;
    const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
    const reader = new CoReader('p.co');
    let from = 0;
    for (const c of [...at, text.length]) { reader.push(text.slice(from, c)); from = c; }
    const streamed = reader.finish(), whole = parseCo(text, 'p.co');
    expect(Array.from(streamed.x)).toEqual(Array.from(whole.x));
    expect(Array.from(streamed.y)).toEqual(Array.from(whole.y));
    expect(Array.from(whole.x)).toEqual(points.map(([x]) => x));
  }), { seed: 20261205, numRuns: 200 });
});

test('GrReader reads a file however its chunks split it: the graph parseGr reads from the whole text (fast-check, fixed seed)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 12 }).chain((n) => fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.nat(50)), { maxLength: 3 * n }),
    crlf: fc.boolean(),
    cuts: fc.array(fc.nat(400), { maxLength: 8 }),
  })), ({ n, edges, crlf, cuts }) => {
    let text = `c a graph\n${formatGr(new Graph(n, edges, { directed: true }))}\nc end`;
    if (crlf) text = text.replace(/\n/g, '\r\n');
    const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
    const reader = new GrReader('g.gr');
    let from = 0;
    for (const c of [...at, text.length]) { reader.push(text.slice(from, c)); from = c; }
    const streamed = reader.finish(), whole = parseGr(text, 'g.gr');
    expect(arcs(streamed)).toEqual(arcs(whole));
    expect(streamed.size).toBe(whole.size);
  }), { seed: 20261205, numRuns: 300 });
});

test('GrReader refuses a line past 2^20 characters, text after finish(), and what is not text', () => {
  const reader = new GrReader('zeros.gr');
  expect(() => reader.push('\u0000'.repeat((1 << 20) + 1))).toThrow(/^zeros\.gr:1:1: the line is longer than 1048576 characters without a line end/);
  const done = new GrReader('t.gr');
  done.push('p sp 1 0\n');
  expect(done.finish().size).toBe(1);
  expect(() => done.push('c more')).toThrow(/GrReader: finish\(\) was called; the reader takes no more text/);
  expect(() => new GrReader('t.gr').push(5 as unknown as string)).toThrow(/GrReader\.push: chunk must be a string/);
  expect(() => new GrReader(5 as unknown as string)).toThrow(/GrReader: file must be a string/);
  expect(() => new GrReader('t.gr', { negative: true } as never)).toThrow(/unknown option "negative"/);
  // A file with an error has no valid rest: the reader refuses every later call, naming that error.
  const broken = new GrReader('b.gr');
  expect(() => broken.push('p sp 2 1\na 1 3 1\n')).toThrow(/^b\.gr:2:5: the head V is "3"/);
  expect(() => broken.push('a 1 2 1\n')).toThrow(/^GrReader: an earlier error ended this file \(b\.gr:2:5: the head V is "3"/);
  expect(() => broken.finish()).toThrow(/an earlier error ended this file/);
  // A negative weight when asked for, as parseGr reads it.
  const neg = new GrReader('n.gr', { negativeWeights: true });
  neg.push('p sp 2 1\na 1 2 -4\n');
  expect(neg.finish().negativeCosts).toBe(true);
});

test('the readers refuse what is not text, and text past MAX_DIMACS_CHARS before reading it', () => {
  expect(() => parseGr(5 as unknown as string)).toThrow(/parseGr: text must be a string/);
  expect(() => parseCo('p aux sp co 0', 5 as unknown as string)).toThrow(/parseCo: file must be a string/);
  // One character past the cap, refused on its length alone. (V8 builds the repeat as a rope
  // that only reading would flatten, so the 256 MB text costs nothing while it is not read.)
  const long = 'c'.repeat(MAX_DIMACS_CHARS + 1);
  expect(() => parseGr(long, 'big.gr')).toThrow(`big.gr: ${MAX_DIMACS_CHARS + 1} characters, more than the ${MAX_DIMACS_CHARS} a .gr file may have`);
  expect(() => parseCo(long, 'big.co')).toThrow(`big.co: ${MAX_DIMACS_CHARS + 1} characters, more than the ${MAX_DIMACS_CHARS} a .co file may have`);
});

test('formatGr writes every arc with ids from 1, an undirected edge as two arcs, comments as c lines', () => {
  expect(formatGr(new Graph(3, [[0, 1, 4], [1, 2, 0]]), 'two roads\nboth ways')).toBe('c two roads\nc both ways\np sp 3 4\na 1 2 4\na 2 1 4\na 2 3 0\na 3 2 0\n');
  expect(formatGr(new Graph(2, []))).toBe('p sp 2 0\n');
  expect(formatCo({ x: [0, -30], y: [0, 40] }, 'c')).toBe('c c\np aux sp co 2\nv 1 0 0\nv 2 -30 40\n');
});

test('the writers refuse what a file cannot hold: fractional or huge costs, fractional coordinates', () => {
  expect(() => formatGr(new Graph(2, [[0, 1, 1.5]]))).toThrow(/formatGr: the arc 0 -> 1 costs 1\.5; a \.gr file holds whole numbers from 0 to 2147483647/);
  expect(() => formatGr(new Graph(2, [[0, 1, MAX_DIMACS_WEIGHT + 1]]))).toThrow(InputError);
  expect(() => formatGr({} as SearchSpace)).toThrow(/formatGr: space.size/);
  expect(() => formatCo({ x: [0.5], y: [0] })).toThrow(/formatCo: coords\.x\[0\] is 0\.5/);
  expect(() => formatCo({ x: [0, 1], y: [0] })).toThrow(/coords\.y has 1 entries/);
  expect(() => formatCo({ x: [NaN], y: [0] })).toThrow(/coords\.x\[0\] must be a finite number/);
});

test('round trip on 300 random graphs: write, read, write gives the same arcs and the same text (fast-check, fixed seed)', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 12 }).chain((n) => fc.record({
    n: fc.constant(n),
    directed: fc.boolean(),
    edges: n === 0 ? fc.constant([]) : fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.oneof(fc.nat(9), fc.constant(MAX_DIMACS_WEIGHT))), { maxLength: 3 * n }),
    xy: fc.array(fc.tuple(fc.integer({ min: -2e9, max: 2e9 }), fc.integer()), { minLength: n, maxLength: n }),
  })), (c) => {
    const g = new Graph(c.n, c.edges, { directed: c.directed });
    const text = formatGr(g, 'random');
    const back = parseGr(text, 'r.gr');
    expect(back.size).toBe(c.n);
    expect(arcs(back)).toEqual(arcs(g));
    expect(formatGr(back, 'random')).toBe(text);
    const coords = { x: c.xy.map((p) => p[0]), y: c.xy.map((p) => p[1]) };
    const co = formatCo(coords);
    const read = parseCo(co, 'r.co');
    expect(Array.from(read.x)).toEqual(coords.x.map((v) => v + 0)); // -0 is written 0
    expect(Array.from(read.y)).toEqual(coords.y.map((v) => v + 0));
    expect(formatCo(read)).toBe(co);
  }), { seed: 20261202, numRuns: 300 });
});

test('negativeWeights: a weight with a minus sign is read as negative, into a graph that says so; its malformed forms are still refused', () => {
  const g = parseGr('p sp 3 2\na 1 2 -3\na 2 3 4\n', 'neg.gr', { negativeWeights: true });
  expect(g.negativeCosts).toBe(true);
  expect(parseGr('p sp 2 1\na 1 2 3\n', 'pos.gr', { negativeWeights: true }).negativeCosts).toBe(false);
  expect(() => parseGr('p sp 2 1\na 1 2 -x\n', 'bad.gr', { negativeWeights: true })).toThrow(/^bad\.gr:2:8: the weight W is "x", expected a whole number/);
  expect(() => parseGr('p sp 2 1\na 1 2 -3\n', 'bad.gr', { negativeWeights: 1 as never })).toThrow(/parseGr: negativeWeights must be true or false/);
  expect(() => parseGr('p sp 2 1\na 1 2 3\n', 'bad.gr', { negative: true } as never)).toThrow(/parseGr: unknown option "negative"/);
});
