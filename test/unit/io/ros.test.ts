// ROS map_server maps (src/io/ros.ts): every mode on hand-made files, the
// YAML forms map_saver and people write, and hostile images and YAML (fixed-seed
// mutations and hand cases). Nav2's own maps are in test/integration/data/ros-data.test.ts.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { InputError } from '#bestfirst';
import { cellToWorld, formatPgm, mapPoint, parsePgm, parseRosMap, parseRosYaml, toGrid, worldToCell, MAX_MAP_CELLS, type OccupancyGrid } from '#bestfirst/io';
import { rawPgm } from '../../support/ros-maps.js';
import { refusal } from '../../support/refusal.js';

// --- small files, every mode -------------------------------------------------------

const yaml = (o: Record<string, string> = {}, drop: string[] = []) => {
  const keys = { image: 'x.pgm', mode: 'trinary', resolution: '0.5', origin: '[1.0, 2.0, 0.0]', negate: '0', occupied_thresh: '0.65', free_thresh: '0.196', ...o };
  return Object.entries(keys).filter(([k]) => !drop.includes(k)).map(([k, v]) => `${k}: ${v}`).join('\n') + '\n';
};
const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
/** A 3 x 2 P5: top row black, grey 205, white; bottom row 100, 180, 254. */
const P5 = enc('P5\n# made by hand\n3 2\n255\n' + String.fromCharCode(0, 205, 255, 100, 180, 254));

describe('small maps', () => {
  test('trinary: 100 / -1 / 0 by the thresholds, rows flipped into ROS order; negate swaps black and white', () => {
    const m = parseRosMap(yaml(), P5, 'x.yaml');
    // p: 1, 0.196, 0 (top); 0.608, 0.294, 0.004 (bottom). 0.196 is not below free_thresh 0.196.
    expect([m.width, m.height, Array.from(m.data)]).toEqual([3, 2, [-1, -1, 0, 100, -1, 0]]);
    const n = parseRosMap(yaml({ negate: '1' }), P5, 'x.yaml');
    expect(Array.from(n.data)).toEqual([-1, 100, 100, 0, 100, 100]);
    expect(Array.from(parseRosMap(yaml({ negate: 'true' }), P5).data)).toEqual(Array.from(n.data));
  });

  test('scale: graded in between (rint), ends as trinary; raw: the grey value when 0..100, else unknown', () => {
    const s = parseRosMap(yaml({ mode: 'scale', occupied_thresh: '0.9', free_thresh: '0.1' }), P5);
    const g = (v: number) => Math.round(((1 - v / 255 - 0.1) / 0.8) * 100);
    expect(Array.from(s.data)).toEqual([g(100), g(180), 0, 100, g(205), 0]);
    const r = parseRosMap(yaml({ mode: 'raw' }), P5);
    expect(Array.from(r.data)).toEqual([100, -1, -1, 0, -1, -1]);
    expect(s.mode).toBe('scale');
  });

  test('scale rounds a tie to even, as C rint does (12.5 -> 12, 37.5 -> 38, 62.5 -> 62, 87.5 -> 88)', () => {
    // maxval 8 makes every occupancy an exact binary fraction, so the ties are exact.
    const m = parseRosMap(yaml({ mode: 'scale', occupied_thresh: '1', free_thresh: '0' }), enc('P2 4 1 8 7 5 3 1'));
    expect(Array.from(m.data)).toEqual([12, 38, 62, 88]);
  });

  test('P2 (ASCII) reads as the same image as P5; maxval below 255 scales the shade', () => {
    const p2 = parsePgm(enc('P2\n# ascii\n3 2\n255\n0 205 255\n100 180 254\n'), 'a.pgm');
    expect(Array.from(p2.pixels)).toEqual(Array.from(parsePgm(P5).pixels));
    const small = parseRosMap(yaml(), enc('P2 2 1 15 0 15'));
    expect(Array.from(small.data)).toEqual([100, 0]);
  });

  test('YAML: CRLF line ends, comments, quotes, unknown keys, a block-list origin, no mode, a document marker', () => {
    const text = '---\r\n# a map\r\nimage: "x.pgm"   # the image\r\nresolution: 0.05\r\norigin:\r\n  - -10\r\n  - -10.5\r\n  - 0\r\nnegate: 0\r\noccupied_thresh: 0.65\r\nfree_thresh: 0.196\r\nextra:\r\n  nested: 1\r\nsaved_by: someone\r\n';
    const m = parseRosYaml(text, 'crlf.yaml');
    expect(m).toEqual({ image: 'x.pgm', mode: 'trinary', resolution: 0.05, origin: { x: -10, y: -10.5, yaw: 0 }, negate: false, occupiedThresh: 0.65, freeThresh: 0.196 });
    expect(parseRosYaml(yaml({ image: 'maps/my map#1.pgm' })).image).toBe('maps/my map#1.pgm');
  });

  test('a map with a yaw turns about its origin: a cell centre lies where the rotation puts it, and worldToCell takes it back', () => {
    const m = parseRosMap(yaml({ origin: '[1.0, 2.0, 0.5]' }), P5, 'r.yaml');
    expect(m.origin.yaw).toBe(0.5);
    // Cell (0, 1) (bottom-left) has its centre 0.25 m along and 0.25 m up the map: turned by 0.5 rad about (1, 2).
    const [x, y] = cellToWorld(m, 3);
    expect(x).toBeCloseTo(1 + 0.25 * Math.cos(0.5) - 0.25 * Math.sin(0.5), 12);
    expect(y).toBeCloseTo(2 + 0.25 * Math.sin(0.5) + 0.25 * Math.cos(0.5), 12);
    expect(worldToCell(m, [x, y])).toBe(3);
    // The unturned centre of that cell is off the turned map's cell 3 (it lies in cell 4 after the turn back, or off the map).
    expect(mapPoint(m, [1.25, 2.25]).map((v) => Number(v.toFixed(6)))).toEqual([Number((0.25 * Math.cos(0.5) + 0.25 * Math.sin(0.5)).toFixed(6)), Number((-0.25 * Math.sin(0.5) + 0.25 * Math.cos(0.5)).toFixed(6))]);
    // Off the turned map: the message gives the point in the map's frame.
    expect(refusal(() => worldToCell(m, [1.0, 3.5]))).toMatch(/\(1, 3\.5\) m is outside the map: in the map's frame \(turned by its yaw 0\.5 rad about \(1, 2\)\) it is at \(0\.7\d+, 1\.3\d+\) m, and the map covers \[0, 1\.5\] x \[0, 1\] m/);
    expect(toGrid(m, { unknown: 'free' }).width).toBe(3);
  });

  test('rotated maps: cellToWorld then worldToCell is the identity, and worldToCell agrees with a brute-force nearest centre (fixed-seed property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }), fc.constantFrom(0.05, 0.1, 0.5, 1),
      fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }),
      (w, h, yaw, ox, oy, r, u, v) => {
        const map: OccupancyGrid = { width: w, height: h, resolution: r, origin: { x: ox, y: oy, yaw }, data: new Int8Array(w * h) };
        for (let n = 0; n < w * h; n++) expect(worldToCell(map, cellToWorld(map, n))).toBe(n);
        // A point inside the map (u, v of its sides, away from the cell lines): the cell whose centre is nearest, by scanning all.
        const px = (Math.min(Math.max(u, 0.001), 0.999) * w), py = (Math.min(Math.max(v, 0.001), 0.999) * h);
        if (Math.abs(px - Math.round(px)) < 1e-6 || Math.abs(py - Math.round(py)) < 1e-6) return;
        const wx = ox + r * (px * Math.cos(yaw) - py * Math.sin(yaw)), wy = oy + r * (px * Math.sin(yaw) + py * Math.cos(yaw));
        let best = -1, bestD = Infinity;
        for (let n = 0; n < w * h; n++) {
          const [cx, cy] = cellToWorld(map, n);
          const d = Math.hypot(cx - wx, cy - wy);
          if (d < bestD) { bestD = d; best = n; }
        }
        expect(worldToCell(map, [wx, wy])).toBe(best);
        // A turn preserves lengths: the point's distance from the origin is the same in both frames.
        const [mx, my] = mapPoint(map, [wx, wy]);
        expect(Math.hypot(mx, my)).toBeCloseTo(Math.hypot(wx - ox, wy - oy), 9);
      },
    ), { seed: 3232, numRuns: 300 });
  });

  test('YAML: one flow mapping, as people and tools write it, over one line or several, reads as the block form does', () => {
    const block = parseRosYaml(yaml(), 'b.yaml');
    const one = '{image: x.pgm, mode: trinary, resolution: 0.5, origin: [1.0, 2.0, 0.0], negate: 0, occupied_thresh: 0.65, free_thresh: 0.196}\n';
    expect(parseRosYaml(one, 'f.yaml')).toEqual(block);
    const many = '# a map\n{\n  "image": "x.pgm",   # quoted\n  resolution: 0.5,\n  origin: [\n    1.0, 2.0,\n    0.0 ],\n  negate: 0, occupied_thresh: 0.65,\n  free_thresh: 0.196, extra: {a: [1, {b: 2}]}, saved_by: it\'s me,\n}\n...\n';
    expect(parseRosYaml(many, 'f.yaml')).toEqual(block);
    // JSON is flow YAML too.
    expect(parseRosYaml(JSON.stringify({ image: 'x.pgm', resolution: 0.5, origin: [1.0, 2.0, 0.0], negate: 0, occupied_thresh: 0.65, free_thresh: 0.196 }), 'j.yaml')).toEqual(block);
    // A flow sequence over lines in the block form, and one item of a block list.
    expect(parseRosYaml(yaml({ origin: '[1.0,\n  2.0, 0.0]' }), 'b.yaml')).toEqual(block);
    expect(parseRosYaml(yaml({ origin: "['1.0', \"2.0\", 0]" }), 'b.yaml').origin).toEqual({ x: 1, y: 2, yaw: 0 });
  });
  test('an OccupancyGrid made by hand (as from a ROS message) works, and a malformed one is refused', () => {
    const msg: OccupancyGrid = { width: 2, height: 2, resolution: 1, origin: { x: 0, y: 0, yaw: 0 }, data: Int8Array.from([0, 100, -1, 0]) };
    // ROS order: the bottom row is [0, 100]; the Grid's top row is the data's second.
    expect(toGrid(msg, { unknown: 'blocked' }).toAscii()).toEqual(['#.', '.#']);
    expect(worldToCell(msg, [1.5, 0.5])).toBe(3);
    expect(refusal(() => toGrid({ ...msg, data: new Int8Array(3) }, { unknown: 'free' }))).toMatch(/map\.data.*4/);
    expect(refusal(() => toGrid(msg, { unknown: 'maybe' as 'free' }))).toMatch(/unknown.*'free' or 'blocked'.*maybe/);
    expect(refusal(() => toGrid(msg, { unknown: 'free', occupiedAt: 0 }))).toMatch(/occupiedAt.*1 to 100.*0/);
    expect(refusal(() => toGrid(msg, { unknown: 'free', occupiedat: 50 } as never))).toMatch(/occupiedat/);
    expect(refusal(() => toGrid(msg, undefined as never))).toMatch(/options/);
    expect(refusal(() => cellToWorld(msg, 4))).toMatch(/cell.*0\.\.3.*4/);
  });
});

// --- hostile input -----------------------------------------------------------------

describe('hostile input', () => {
  test.each([
    ['P6 (colour)', enc('P6\n1 1\n255\n\0\0\0'), /a\.pgm:1:1: .*"P6".*P5.*colour/],
    ['no magic at all', enc('GIF89a'), /a\.pgm:1:1: .*"GI".*P5/],
    ['an empty file', new Uint8Array(0), /a\.pgm:1:1: found an empty file/],
    ['maxval 65535', enc('P5\n1 1\n65535\n\0\0'), /a\.pgm:3:1: maxval is 65535, .*1 to 255.*16-bit/],
    ['maxval 0', enc('P5\n1 1\n0\n\0'), /maxval is 0, expected .*1 to 255/],
    ['truncated pixels', enc('P5\n3 2\n255\n\0\0\0\0'), /a\.pgm: the image is 3 x 2 = 6 pixels, but only 4 bytes follow the header \(truncated\)/],
    ['a header cut short', enc('P5\n3 '), /a\.pgm:2:3: the file ends before the height/],
    ['a letter for the width', enc('P5\nx 2\n255\n'), /a\.pgm:2:1: the width is "x"/],
    ['width 0', enc('P5\n0 2\n255\n'), /width is 0, expected a whole number from 1/],
    ['4097 x 4097', enc('P5\n4097 4097\n255\n'), new RegExp(`4097 x 4097 = 16785409 pixels, more than the ${MAX_MAP_CELLS}`)],
    ['a width of 30 digits', enc('P5\n999999999999999999999999999999 1\n255\n'), /width is more than 16777216/],
    ['a pixel above maxval (P5)', enc('P5\n2 1\n100\n\x05\xc8'), /pixel 1 \(row 0, column 1\) is 200, more than maxval 100/],
    ['a pixel above maxval (P2)', enc('P2\n2 1\n100\n5 200\n'), /a\.pgm:4:3: pixel 1 .* is 200, more than maxval 100/],
    ['P2 cut short', enc('P2\n2 2\n255\n1 2 3'), /4 pixels, but only 6 bytes follow the header, fewer than 7 \(truncated\)/],
    ['P2 cut short, with padding', enc('P2\n2 2\n255\n1 2 3        '), /4 pixels, but the file ends after 3 \(truncated\)/],
    ['P2 with a letter', enc('P2\n2 1\n255\n1 z\n'), /pixel 1 is "z"/],
    ['no blank after maxval', enc('P5\n1 1\n255#\0'), /after maxval, expected one blank/],
  ])('parsePgm refuses %s', (_, bytes, message) => {
    expect(refusal(() => parsePgm(bytes, 'a.pgm'))).toMatch(message);
  });

  test.each([
    ['a negative resolution', yaml({ resolution: '-0.05' }), /m\.yaml:3: resolution is "-0\.05", expected a number > 0/],
    ['resolution 0', yaml({ resolution: '0' }), /resolution is "0", expected a number > 0/],
    ['resolution .nan', yaml({ resolution: '.nan' }), /resolution is "\.nan"/],
    ['occupied_thresh above 1', yaml({ occupied_thresh: '1.5' }), /m\.yaml:6: occupied_thresh is "1\.5", expected a number from 0 to 1/],
    ['free_thresh below 0', yaml({ free_thresh: '-0.1' }), /m\.yaml:7: free_thresh is "-0\.1", expected a number from 0 to 1/],
    ['free_thresh above occupied_thresh', yaml({ free_thresh: '0.7' }), /m\.yaml:7: free_thresh is 0\.7 and occupied_thresh 0\.65, expected free_thresh below occupied_thresh/],
    ['free_thresh equal to occupied_thresh', yaml({ free_thresh: '0.65' }), /free_thresh below occupied_thresh/],
    ['no image key', yaml({}, ['image']), /^m\.yaml: the key 'image' is missing, expected the image file name$/],
    ['an empty image', yaml({ image: '""' }), /m\.yaml:1: image is empty/],
    ['no resolution', yaml({}, ['resolution']), /the key 'resolution' is missing/],
    ['no negate', yaml({}, ['negate']), /the key 'negate' is missing, expected 0, 1, true or false/],
    ['negate 2', yaml({ negate: '2' }), /m\.yaml:5: negate is "2", expected 0, 1, true or false/],
    ['mode hexagonal', yaml({ mode: 'hexagonal' }), /m\.yaml:2: mode is "hexagonal", expected one of trinary, scale, raw/],
    ['an origin of two', yaml({ origin: '[1, 2]' }), /m\.yaml:4: origin is "\[1, 2\]", expected three numbers \[x, y, yaw\]/],
    ['an origin with a word', yaml({ origin: '[1, two, 0]' }), /origin is "\[1, two, 0\]"/],
    ['an origin that is a number', yaml({ origin: '5' }), /origin is "5"/],
    ['a key twice', yaml() + 'resolution: 0.1\n', /m\.yaml:8: the key 'resolution' is given twice \(first on line 3\)/],
    ['a line without a colon', yaml() + 'just words\n', /m\.yaml:8: found "just words", expected 'key: value'/],
    ['an indented line under nothing', '  image: x.pgm\n', /m\.yaml:1: found an indented line/],
    ['an empty text', '', /the key 'image' is missing/],
    ['an unclosed flow mapping', '{image: x.pgm, resolution: 0.5\n', /m\.yaml:1: the mapping opens a '\{' here that is never closed, expected a matching '\}'/],
    ['an unclosed flow sequence', yaml({ origin: '[1, 2, 0' }), /m\.yaml:4: the value of 'origin' opens a '\[' here that is never closed, expected a matching '\]'/],
    ['a missing comma', '{image: x.pgm resolution: 0.5}\n', /m\.yaml:1: the mapping has ":" where ',' or '\}' should be/],
    ['a stray closing bracket', yaml({ origin: '[1, 2, 0]]' }), /m\.yaml:4: the value of 'origin' is followed by "\]", expected nothing after its closing bracket/],
    ['a flow mapping with a key twice', '{image: x.pgm,\n image: y.pgm}\n', /m\.yaml:2: the key 'image' is given twice \(first on line 1\)/],
    ['a flow mapping after block keys', 'image: x.pgm\n{resolution: 0.5}\n', /m\.yaml:2: found a flow mapping '\{' after 'key: value' lines/],
    ['a document that is a sequence', '[image, x.pgm]\n', /m\.yaml:1: the document is a sequence/],
    ['an origin that is a mapping', yaml({ origin: '{x: 1, y: 2, yaw: 0}' }), /m\.yaml:4: origin is a mapping "\{x: 1, y: 2, yaw: 0\}", expected three numbers/],
    ['a resolution that is a sequence', yaml({ resolution: '[0.5]' }), /m\.yaml:3: resolution is a sequence "\[0\.5\]", expected a number > 0/],
    ['an anchor', yaml({ resolution: '&r 0.5' }), /m\.yaml:3: the value of 'resolution' is an anchor \(&name\), which this reader does not support/],
    ['an alias', yaml({ free_thresh: '*r' }), /m\.yaml:7: the value of 'free_thresh' is an alias \(\*name\), which this reader does not support/],
    ['a tag', yaml({ resolution: '!!float 0.5' }), /m\.yaml:3: the value of 'resolution' is a tag \(!tag\)/],
    ['a block scalar', yaml({ image: '|' }), /m\.yaml:1: the value of 'image' is a block scalar \(\|\)/],
    ['an alias inside a flow sequence', yaml({ origin: '[1, *y, 0]' }), /m\.yaml:4: the value of 'origin' is an alias \(\*name\)/],
    ['a complex key', '? image\n: x.pgm\n', /m\.yaml:1: found a complex key \(\?\)/],
    ['a directive', '%YAML 1.2\n---\n' + yaml(), /m\.yaml:1: found a directive "%YAML 1\.2"/],
    ['a second document', yaml() + '---\n' + yaml(), /m\.yaml:8: found a second document \('---'\)/],
    ['an unclosed quote in a flow mapping', '{image: "x.pgm, resolution: 0.5}\n', /m\.yaml:1: the mapping opens a '\{' here that is never closed \(and a " quote is left open\), expected a matching '\}'/],
  ])('parseRosYaml refuses %s, naming the file, line and key', (_, text, message) => {
    expect(refusal(() => parseRosYaml(text, 'm.yaml'))).toMatch(message);
  });

  test('parseRosMap names the image file for image errors and the YAML file for YAML errors', () => {
    expect(refusal(() => parseRosMap(yaml(), enc('P6\n1 1\n255\n\0\0\0'), 'm.yaml'))).toMatch(/^x\.pgm:1:1: /);
    expect(refusal(() => parseRosMap(yaml({ mode: 'x' }), P5, 'm.yaml'))).toMatch(/^m\.yaml:2: /);
    expect(refusal(() => parseRosMap(yaml(), 'P5 1 1 255 x' as never, 'm.yaml'))).toMatch(/^parseRosMap: image must be the file's bytes/);
  });

  test('mutated PGM headers: a right image or an InputError naming the file, never anything else (fixed-seed property)', () => {
    const base = enc('P5\n# c\n3 2\n255\n');
    const pixels = [0, 205, 255, 100, 180, 254];
    const alphabet = 'P5 2\n#0123456789\t-+.x\r';
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.nat({ max: base.length }), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...alphabet)), { minLength: 1, maxLength: 4 }),
      (edits) => {
        const head = Array.from(base);
        for (const [at, op, ch] of edits) {
          const i = Math.min(at, head.length);
          if (op === 0) head.splice(i, 0, ch.charCodeAt(0));
          else if (op === 1) head.splice(i, 1);
          else head[Math.min(i, head.length - 1)] = ch.charCodeAt(0);
        }
        const bytes = Uint8Array.from([...head, ...pixels]);
        let img;
        try {
          img = parsePgm(bytes, 'fuzz.pgm');
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          expect((e as Error).message).toMatch(/^fuzz\.pgm(:\d+:\d+)?: /);
          expect((e as Error).message).not.toContain('\n');
          return;
        }
        expect(img.width * img.height).toBeLessThanOrEqual(MAX_MAP_CELLS);
        expect(img.pixels.length).toBe(img.width * img.height);
        expect(img.maxval).toBeGreaterThanOrEqual(1);
        expect(img.pixels.every((v) => v <= img.maxval)).toBe(true);
      },
    ), { seed: 4242, numRuns: 1000 });
  });

  test('mutated YAML: a checked map description or an InputError naming the file, never anything else (fixed-seed property)', () => {
    const base = yaml();
    const alphabet = ' :#-[],.01\n\r\tax"\'{}&*!|?';
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.nat({ max: base.length }), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...alphabet)), { minLength: 1, maxLength: 4 }),
      (edits) => {
        let text = base;
        for (const [at, op, ch] of edits) {
          const i = Math.min(at, text.length);
          text = op === 0 ? text.slice(0, i) + ch + text.slice(i) : op === 1 ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + ch + text.slice(i + 1);
        }
        let m;
        try {
          m = parseRosYaml(text, 'fuzz.yaml');
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          expect((e as Error).message).toMatch(/^fuzz\.yaml(:\d+)?: /);
          expect((e as Error).message).not.toContain('\n');
          return;
        }
        expect(m.resolution).toBeGreaterThan(0);
        expect(m.freeThresh).toBeLessThan(m.occupiedThresh);
        expect(m.freeThresh).toBeGreaterThanOrEqual(0);
        expect(m.occupiedThresh).toBeLessThanOrEqual(1);
        expect(['trinary', 'scale', 'raw']).toContain(m.mode);
        expect([m.origin.x, m.origin.y, m.origin.yaw].every(Number.isFinite)).toBe(true);
        expect(m.image.length).toBeGreaterThan(0);
      },
    ), { seed: 9001, numRuns: 1000 });
  });
});

describe('formatPgm', () => {
  test('writes the P5 header by hand and the pixels after it, which parsePgm and an independent reader read back (fixed-seed property)', () => {
    expect(Array.from(formatPgm(3, 2, Uint8Array.from([0, 205, 255, 100, 180, 254])))).toEqual(Array.from(enc('P5\n3 2\n255\n' + String.fromCharCode(0, 205, 255, 100, 180, 254))));
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      (w, h, seed) => {
        // Pixels from a seed, every byte value possible: 10 and 32 (blanks), 35 ('#') too.
        const pixels = Uint8Array.from({ length: w * h }, (_, i) => (Math.imul(seed ^ i, 2654435761) >>> 24) & 255);
        const bytes = formatPgm(w, h, pixels);
        const img = parsePgm(bytes, 'round.pgm');
        expect([img.width, img.height, img.maxval, Array.from(img.pixels)]).toEqual([w, h, 255, Array.from(pixels)]);
        const raw = rawPgm(bytes);
        expect([raw.width, raw.height, raw.maxval, Array.from(raw.pixels)]).toEqual([w, h, 255, Array.from(pixels)]);
        expect(bytes.length).toBe(raw.pixels.byteOffset + w * h);
      },
    ), { seed: 1202, numRuns: 100 });
  });

  test('the pixels are copied, and a wrong size or buffer is refused', () => {
    const px = new Uint8Array(4);
    const out = formatPgm(2, 2, px);
    px[0] = 9;
    expect(parsePgm(out).pixels[0]).toBe(0);
    expect(refusal(() => formatPgm(2, 3, px))).toMatch(/pixels must be a Uint8Array of 2 x 3 = 6 bytes, got .* of 4/);
    expect(refusal(() => formatPgm(0, 3, px))).toMatch(/width and height must be whole numbers >= 1/);
    expect(refusal(() => formatPgm(4097, 4097, px))).toMatch(/at most 16777216 pixels/);
  });
});
