import { test, expect } from 'vitest';
import fc from 'fast-check';
import { Grid, InputError } from '#bestfirst';
import { checkPath, sameLength, withinBound } from '#bestfirst/grid';
import { checkScenario, formatMap, formatScen, parseMap, parseScen, MAX_MAP_CELLS, MAX_MAP_SIDE, type Scenario } from '#bestfirst/io';
import { MAX_MAP_BYTES, MAX_SCEN_BYTES } from '#bestfirst/internal';
import { refusal } from '../../support/refusal.js';

const SMALL = ['type octile', 'height 3', 'width 4', 'map', '.@..', 'T...', '..GS', ''].join('\n');

const map = (...rows: string[]) => rows.join('\n') + '\n';

// What 0.1 callers catch: every refusal (an InputError, read by refusal()) is a RangeError too.
test('an InputError is a RangeError', () => {
  expect(new InputError('x')).toBeInstanceOf(RangeError);
});

test('parseMap reads the header and rows: @ and T blocked, . G S passable, Moving AI movement rule', () => {
  const g = parseMap(SMALL);
  expect([g.width, g.height]).toEqual([4, 3]);
  expect(Array.from(g.cells)).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  expect(g.connectivity).toBe(8);
  expect(g.diagonalRule).toBe('no-corner-cutting');
  expect(g.diagonalCost).toBe(Math.SQRT2);
  // (0,0) -> (1,1) would cut the corners of (1,0) '@' and (0,1) 'T'.
  expect(g.stepCost(0, 4)).toBe(-1);
  expect(parseMap(map('type octile', 'height 1', 'width 4', 'map', 'O@TW')).freeCount()).toBe(0);
});

test('parseMap accepts CRLF, width before height, and trailing blank lines', () => {
  const crlf = SMALL.replace(/\n/g, '\r\n');
  expect(Array.from(parseMap(crlf).cells)).toEqual(Array.from(parseMap(SMALL).cells));
  const swapped = map('type octile', 'width 4', 'height 3', 'map', '.@..', 'T...', '..GS') + '\n\n';
  expect(Array.from(parseMap(swapped).cells)).toEqual(Array.from(parseMap(SMALL).cells));
});

test('parseMap refuses malformed headers with file:line:col, what was found and what was expected', () => {
  expect(refusal(() => parseMap('', 'a.map'))).toBe(`a.map:1:1: found an empty file, expected the header line 'type octile'`);
  expect(refusal(() => parseMap(map('height 3', 'width 4', 'map'), 'a.map'))).toBe(`a.map:1:1: found "height 3", expected the header line 'type octile'`);
  expect(refusal(() => parseMap(map('type tile', 'height 3'), 'a.map'))).toBe(`a.map:1:6: found map type "tile", expected 'octile'`);
  expect(refusal(() => parseMap(map('type octile', 'height x3', 'width 4', 'map'), 'a.map')))
    .toBe(`a.map:2:8: height is "x3", expected a whole number from 1 to 65536`);
  expect(refusal(() => parseMap(map('type octile', 'height 3', 'width', 'map'), 'a.map')))
    .toBe(`a.map:3:6: width is missing, expected a whole number from 1 to 65536`);
  expect(refusal(() => parseMap(map('type octile', 'height 0', 'width 4', 'map'), 'a.map')))
    .toBe(`a.map:2:8: height is 0, expected a whole number from 1 to 65536`);
  expect(refusal(() => parseMap(map('type octile', 'height 3', 'depth 4', 'map'), 'a.map')))
    .toBe(`a.map:3:1: found "depth 4", expected 'width W' (the header is type, height, width, map)`);
  expect(refusal(() => parseMap(map('type octile', 'height 3', 'height 4', 'map'), 'a.map')))
    .toBe(`a.map:3:1: 'height' given twice, expected 'width'`);
  expect(refusal(() => parseMap(map('type octile', 'height 3'), 'a.map')))
    .toBe(`a.map:3:1: the file ends in its header, expected 'width W'`);
  expect(refusal(() => parseMap(map('type octile', 'height 3', 'width 4', 'rows'), 'a.map')))
    .toBe(`a.map:4:1: found "rows", expected the line 'map' that ends the header`);
});

test('parseMap refuses a size too large to allocate, naming the cap', () => {
  expect(MAX_MAP_CELLS).toBe(1 << 24);
  expect(refusal(() => parseMap(map('type octile', 'height 5000', 'width 5000', 'map'), 'big.map')))
    .toBe('big.map:2:1: the map is 5000 x 5000 = 25000000 cells, more than the 16777216 (4096 x 4096) this reader accepts');
  expect(refusal(() => parseMap(map('type octile', 'height 70000', 'width 1', 'map'), 'big.map')))
    .toBe('big.map:2:8: height is 70000, expected a whole number from 1 to 65536');
});

test('parseMap refuses short, long, missing and extra rows and unknown characters', () => {
  const head = ['type octile', 'height 2', 'width 3', 'map'];
  expect(refusal(() => parseMap(map(...head, '...', '..'), 'r.map'))).toBe('r.map:6:3: row 1 has 2 characters, expected 3 (the width)');
  expect(refusal(() => parseMap(map(...head, '....', '...'), 'r.map'))).toBe('r.map:5:4: row 0 has 4 characters, expected 3 (the width)');
  expect(refusal(() => parseMap(map(...head, '...'), 'r.map'))).toBe('r.map:6:1: the map ends after 1 row, expected 2 (the height)');
  expect(refusal(() => parseMap(map(...head), 'r.map'))).toBe('r.map:5:1: the map ends after 0 rows, expected 2 (the height)');
  expect(refusal(() => parseMap(map(...head, '...', '...', '@@@'), 'r.map')))
    .toBe('r.map:7:1: found a row "@@@" after the 2 rows the height gives, expected the end of the file');
  expect(refusal(() => parseMap(map(...head, '...', '.#.'), 'r.map')))
    .toBe(`r.map:6:2: unknown terrain "#", expected '.', 'G' or 'S' (passable) or '@', 'O', 'T' or 'W' (blocked)`);
  // CRLF does not shift columns or leave a stray '\r' in a row.
  expect(refusal(() => parseMap(map(...head, '...', '..x').replace(/\n/g, '\r\n'), 'r.map'))).toMatch(/^r\.map:6:3: unknown terrain "x"/);
});

test('formatMap and parseMap round-trip (fixed-seed property)', () => {
  fc.assert(fc.property(
    fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
    (w, h, bits) => {
      const g = new Grid(w, h, bits.slice(0, w * h).map(Number));
      const text = formatMap(g);
      const back = parseMap(text);
      expect([back.width, back.height]).toEqual([w, h]);
      expect(Array.from(back.cells)).toEqual(Array.from(g.cells));
      expect(formatMap(back)).toBe(text);
    },
  ), { seed: 20240601, numRuns: 200 });
  // '@' and '.' only: a file written that way comes back byte for byte.
  const text = map('type octile', 'height 2', 'width 3', 'map', '.@.', '@..');
  expect(formatMap(parseMap(text))).toBe(text);
});

const SCEN = [
  'version 1',
  '0\tmaps/dao/tiny.map\t4\t3\t0\t0\t3\t2\t3.82842712',
  '1\ttiny.map\t4\t3\t2\t0\t0\t2\t4.41421',
  '',
].join('\n');

test('parseScen keeps the map column as written, exposes its basename, and records the line', () => {
  const s = parseScen(SCEN, 't.scen');
  expect(s).toHaveLength(2);
  expect(s[0]).toEqual({
    bucket: 0, map: 'maps/dao/tiny.map', mapName: 'tiny.map', width: 4, height: 3,
    startX: 0, startY: 0, goalX: 3, goalY: 2, optimal: 3.82842712, line: 2,
  });
  expect(s[1].mapName).toBe('tiny.map');
  expect(s[1].optimal).toBe(4.41421);
  expect(parseScen(SCEN.replace(/\n/g, '\r\n'))).toEqual(s);
  expect(parseScen('version 1\n')).toEqual([]);
});

test('formatScen and parseScen round-trip, exactly or with fixed decimals', () => {
  const s = parseScen(SCEN);
  expect(parseScen(formatScen(s))).toEqual(s);
  expect(formatScen(s, 8).split('\n')[1]).toBe('0\tmaps/dao/tiny.map\t4\t3\t0\t0\t3\t2\t3.82842712');
  fc.assert(fc.property(
    fc.array(fc.record({
      bucket: fc.nat(1000), map: fc.constantFrom('a.map', 'maps/x/b.map', 'c d.map'),
      width: fc.integer({ min: 1, max: 5000 }), height: fc.integer({ min: 1, max: 5000 }),
      startX: fc.nat(5000), startY: fc.nat(5000), goalX: fc.nat(5000), goalY: fc.nat(5000),
      optimal: fc.double({ min: 0, max: 1e6, noNaN: true }),
    }), { maxLength: 20 }),
    (rows) => {
      // Points on the map each row states (parseScen refuses others).
      const scens: Scenario[] = rows.map((r, i) => ({
        ...r, startX: r.startX % r.width, startY: r.startY % r.height, goalX: r.goalX % r.width, goalY: r.goalY % r.height,
        mapName: r.map.slice(r.map.lastIndexOf('/') + 1), line: i + 2,
      }));
      expect(parseScen(formatScen(scens))).toEqual(scens);
    },
  ), { seed: 7, numRuns: 200 });
  expect(refusal(() => formatScen(s, -1))).toBe('formatScen: digits must be a whole number from 0 to 20, got -1');
});

test('parseScen refuses a missing version, wrong field counts and non-numbers with file:line:col', () => {
  expect(refusal(() => parseScen('', 's.scen'))).toBe(`s.scen:1:1: found no version line, expected 'version 1'`);
  expect(refusal(() => parseScen('version 2\n', 's.scen'))).toBe(`s.scen:1:1: found "version 2", expected 'version 1'`);
  expect(refusal(() => parseScen('version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\n', 's.scen')))
    .toBe('s.scen:2:1: found 8 tab-separated fields, expected 9 (bucket, map, map width, map height, start x, start y, goal x, goal y, optimal length)');
  expect(refusal(() => parseScen('version 1\n0 a.map 4 3 0 0 3 2 1\n', 's.scen'))).toMatch(/^s\.scen:2:1: found 1 tab-separated field, expected 9/);
  expect(refusal(() => parseScen('version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\tlong\n', 's.scen')))
    .toBe('s.scen:2:21: optimal length is "long", expected a number >= 0');
  expect(refusal(() => parseScen('version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t-1\n', 's.scen')))
    .toBe('s.scen:2:21: optimal length is "-1", expected a number >= 0');
  expect(refusal(() => parseScen('version 1\n0\ta.map\t4\t3\t0\t-1\t3\t2\t1\n\n', 's.scen')))
    .toBe('s.scen:2:15: start y is "-1", expected a whole number >= 0');
  expect(refusal(() => parseScen('version 1\n0\ta.map\tfour\t3\t0\t0\t3\t2\t1\n', 's.scen')))
    .toBe('s.scen:2:9: map width is "four", expected a whole number >= 0');
  expect(refusal(() => parseScen('version 1\n0\ta.map\t0\t3\t0\t0\t3\t2\t1\n', 's.scen')))
    .toBe('s.scen:2:9: map size 0 x 3, expected both sides >= 1');
  expect(refusal(() => parseScen('version 1\n0\t\t4\t3\t0\t0\t3\t2\t1\n', 's.scen')))
    .toBe('s.scen:2:3: the map field is empty, expected a map file name');
});

test('checkScenario refuses wrong dimensions, endpoints outside the map and on blocked cells', () => {
  const g = parseMap(SMALL);
  const [ok] = parseScen(SCEN);
  expect(() => checkScenario(ok, g, 't.scen')).not.toThrow();
  expect(refusal(() => checkScenario({ ...ok, width: 5 }, g, 't.scen')))
    .toBe('t.scen:2:21: the scenario is for a 5 x 3 map, but tiny.map is 4 x 3');
  expect(refusal(() => checkScenario({ ...ok, height: 4 }, g, 't.scen', 9)))
    .toBe('t.scen:9:23: the scenario is for a 4 x 4 map, but tiny.map is 4 x 3');
  expect(refusal(() => checkScenario({ ...ok, goalX: 4 }, g, 't.scen')))
    .toBe('t.scen:2:29: goal (4,2) is outside the 4 x 3 map tiny.map, expected x in 0..3 and y in 0..2');
  expect(refusal(() => checkScenario({ ...ok, startY: 3 }, g, 't.scen')))
    .toBe('t.scen:2:27: start (0,3) is outside the 4 x 3 map tiny.map, expected x in 0..3 and y in 0..2');
  expect(refusal(() => checkScenario({ ...ok, startX: 1 }, g, 't.scen')))
    .toBe('t.scen:2:25: start (1,0) is a blocked cell of tiny.map, expected a passable one');
});

// 4 x 3:   .@..
//          T...
//          ..GS
const grid = parseMap(SMALL);
const id = (x: number, y: number) => grid.id(x, y);

test('checkPath accepts a legal path and sums 1 and sqrt 2 in order', () => {
  const path = [id(0, 2), id(1, 2), id(2, 1), id(3, 0)];
  const r = checkPath(grid, path, id(0, 2), id(3, 0));
  expect(r).toEqual({ ok: true, length: 1 + Math.SQRT2 + Math.SQRT2 });
  // A reusable buffer with a count.
  const buf = new Int32Array(12);
  buf.set(path);
  expect(checkPath(grid, buf, id(0, 2), id(3, 0), 4)).toEqual(r);
  expect(checkPath(grid, [id(2, 0)], id(2, 0), id(2, 0))).toEqual({ ok: true, length: 0 });
});

test('checkPath names what is wrong with a bad path', () => {
  const s = id(0, 2), t = id(3, 0);
  const bad = (path: number[], start = s, goal = t) => {
    const r = checkPath(grid, path, start, goal);
    if (r.ok) throw new Error(`expected a refusal of ${path}`);
    return r.reason;
  };
  expect(bad([])).toBe('the path is empty');
  expect(bad([id(1, 2), id(2, 1), id(3, 0)])).toBe('the path starts at (1,2), not at the start (0,2)');
  expect(bad([s, id(1, 2), id(2, 1)])).toBe('the path ends at (2,1), not at the goal (3,0)');
  expect(bad([s, id(1, 2), id(3, 2), id(3, 1), t])).toBe('step 2 from (1,2) to (3,2) is not a move to a neighbouring cell');
  expect(bad([s, 99, t])).toBe('node 1 is 99, not a cell of the 4 x 3 grid');
  expect(bad([id(0, 0), id(1, 0), id(2, 0)], id(0, 0), id(2, 0))).toBe('node 1 (1,0) is a blocked cell');
  // (1,1) -> (0,0) squeezes past '@' (1,0) and 'T' (0,1).
  expect(bad([id(1, 1), id(0, 0)], id(1, 1), id(0, 0)))
    .toBe('step 1 from (1,1) to (0,0) cuts a corner (side cells (0,1) blocked, (1,0) blocked; rule no-corner-cutting)');
  // (0,2) -> (1,1) has one blocked side cell, (0,1): still a cut corner.
  expect(bad([s, id(1, 1)], s, id(1, 1))).toBe('step 1 from (0,2) to (1,1) cuts a corner (side cells (1,2) free, (0,1) blocked; rule no-corner-cutting)');
  // The row wrap: (3,1) -> (0,2) is adjacent in ids but not on the grid.
  expect(id(3, 1) + 1).toBe(id(0, 2));
  expect(bad([id(3, 1), id(0, 2)], id(3, 1), id(0, 2))).toBe('step 1 from (3,1) to (0,2) is not a move to a neighbouring cell');
  const four = grid.with({ connectivity: 4 });
  const r = checkPath(four, [id(2, 1), id(3, 0)], id(2, 1), id(3, 0));
  expect(r).toEqual({ ok: false, reason: 'step 1 from (2,1) to (3,0) is diagonal, and this grid has no diagonal moves' });
  expect(refusal(() => checkPath(grid, [s], s, s, 2))).toBe(`checkPath: count must be a whole number from 0 to 1 (the buffer's length), got 2`);
});

test('sameLength allows print precision and no more; withinBound adds the same slack to eps * optimum', () => {
  expect(sameLength(2075.9995, 2076)).toBe(true); // 6 significant digits
  expect(sameLength(3.8284271247, 3.82843)).toBe(true);
  expect(sameLength(3.8284271247, 3.82842712)).toBe(true);
  expect(sameLength(1 + Math.SQRT2, 2.4145)).toBe(false); // off by 3e-4 on a short path
  expect(sameLength(2077, 2076)).toBe(false);
  expect(withinBound(150, 100, 1.5)).toBe(true);
  expect(withinBound(150.01, 100, 1.5)).toBe(false);
});

test('parseMap, parseScen and the writers refuse arguments of the wrong type with an InputError naming the parameter', () => {
  expect(refusal(() => parseMap(null as unknown as string))).toBe('parseMap: text must be a string (the .map file\'s contents), got null');
  expect(refusal(() => parseMap(new Uint8Array(3) as unknown as string, 'a.map'))).toBe('parseMap: text must be a string (the .map file\'s contents), got a Uint8Array');
  expect(refusal(() => parseMap(SMALL, 7 as unknown as string))).toBe('parseMap: file must be a string (a name for messages), got 7');
  expect(refusal(() => parseScen(undefined as unknown as string))).toBe('parseScen: text must be a string (the .scen file\'s contents), got undefined');
  expect(refusal(() => parseScen({} as unknown as string, 's.scen'))).toBe('parseScen: text must be a string (the .scen file\'s contents), got {}');
  expect(refusal(() => formatMap('grid' as unknown as Grid))).toBe('formatMap: grid must be a Grid, got "grid"');
  expect(refusal(() => formatScen(null as unknown as Scenario[]))).toBe('formatScen: scenarios must be an array of Scenario, got null');
  const [ok] = parseScen(SCEN);
  expect(refusal(() => checkScenario(null as unknown as Scenario, parseMap(SMALL)))).toBe('checkScenario: s must be a Scenario, got null');
  expect(refusal(() => checkScenario(ok, {} as Grid))).toBe('checkScenario: grid must be a Grid, got {}');
});

test('parseMap and parseScen refuse texts longer than any valid file, before splitting them', () => {
  // The cap holds the largest map with CR LF rows and room for its header.
  expect(MAX_MAP_BYTES).toBeGreaterThanOrEqual(MAX_MAP_CELLS + 2 * MAX_MAP_SIDE + 100);
  expect(refusal(() => parseMap(' '.repeat(MAX_MAP_BYTES + 1), 'z.map'))).toBe(`z.map: ${MAX_MAP_BYTES + 1} characters, more than the ${MAX_MAP_BYTES} a .map file may have`);
  expect(refusal(() => parseScen('x'.repeat(MAX_SCEN_BYTES + 1), 'z.scen'))).toBe(`z.scen: ${MAX_SCEN_BYTES + 1} characters, more than the ${MAX_SCEN_BYTES} a .scen file may have`);
});

test('checkPath refuses a wrong grid, path, start or goal (the path itself gets a reason instead)', () => {
  const s = id(0, 2);
  expect(refusal(() => checkPath(null as unknown as Grid, [s], s, s))).toBe('checkPath: grid must be a Grid, got null');
  expect(refusal(() => checkPath(grid, null as unknown as number[], s, s))).toBe('checkPath: path must be an array of node ids (or a typed array), got null');
  expect(refusal(() => checkPath(grid, [s], 12, s))).toBe('checkPath: start must be a cell id in 0..11, got 12');
  expect(refusal(() => checkPath(grid, [s], s, 0.5))).toBe('checkPath: goal must be a cell id in 0..11, got 0.5');
  expect(refusal(() => checkPath(grid, [s], s, s, -1))).toBe(`checkPath: count must be a whole number from 0 to 1 (the buffer's length), got -1`);
});

test('issue 35.6: parseScen refuses a point outside the map size its own row states, with file:line:col (and formatScen will not write one)', () => {
  const row = (sx: number, sy: number, gx: number, gy: number) => `version 1\n0\tx.map\t8\t6\t${sx}\t${sy}\t${gx}\t${gy}\t1\n`;
  // Each of the four coordinates at its bound, and beyond it; the column is the field's.
  const cases: [string, RegExp][] = [
    [row(9, 0, 1, 1), /^s\.scen:2:13: start x is 9, outside the map this row states \(width 8: x in 0\.\.7\)$/],
    [row(8, 0, 1, 1), /^s\.scen:2:13: start x is 8/],
    [row(0, 6, 1, 1), /^s\.scen:2:15: start y is 6, outside the map this row states \(height 6: y in 0\.\.5\)$/],
    [row(0, 0, 8, 1), /^s\.scen:2:17: goal x is 8/],
    [row(0, 0, 1, 6), /^s\.scen:2:19: goal y is 6/],
    [row(0, 0, 100, 100), /^s\.scen:2:17: goal x is 100/],
  ];
  for (const [text, message] of cases) {
    expect(() => parseScen(text, 's.scen')).toThrow(InputError);
    expect(() => parseScen(text, 's.scen')).toThrow(message);
  }
  expect(parseScen(row(7, 5, 0, 0), 's.scen')[0]).toMatchObject({ startX: 7, startY: 5 });
  const s = parseScen(row(7, 5, 0, 0), 's.scen')[0];
  expect(() => formatScen([{ ...s, goalY: 6 }])).toThrow(/formatScen: scenarios\[0\]\.goalY is 6, outside the map it states \(height 6\)/);
});
