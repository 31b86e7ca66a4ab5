// The command line's own PNG encoder (cli/picture/png.ts): what it writes
// decodes, by a separate reader, to the pixels it was given; its CRC-32 is
// the standard one.
import { crc32 as zlibCrc32 } from 'node:zlib';
import { expect, test } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE } from '../../../cli/picture/png.js';
import { decodePng } from '../../support/png-decode.js';
import { rng } from '../../support/reference.js';

test('CRC-32: the check value of "123456789" is cbf43926, and it agrees with zlib\'s on random bytes', () => {
  expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  expect(crc32(new Uint8Array(0))).toBe(0);
  const random = rng(30);
  for (let n = 0; n < 20; n++) {
    const bytes = Uint8Array.from({ length: Math.floor(random() * 500) }, () => Math.floor(random() * 256));
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  }
});

test('encodePng: signature, IHDR, IDAT, IEND; decodes to the very pixels given, for odd sizes and random colours', () => {
  const random = rng(2026);
  for (const [w, h] of [[1, 1], [3, 2], [17, 5], [1, 40], [64, 64]]) {
    const rgb = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(random() * 256));
    const png = encodePng(w, h, rgb);
    expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    const d = decodePng(png);
    expect(d.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([d.width, d.height]).toEqual([w, h]);
    expect(Buffer.from(d.rgb).equals(Buffer.from(rgb))).toBe(true);
  }
});

test('encodePng: a flat picture deflates to little, and the same pixels give the same bytes', () => {
  const rgb = new Uint8Array(512 * 512 * 3).fill(200);
  const a = encodePng(512, 512, rgb), b = encodePng(512, 512, rgb);
  expect(a.length).toBeLessThan(4000);
  expect(a.equals(b)).toBe(true);
  expect(decodePng(a).pixel(511, 511)).toEqual([200, 200, 200]);
});

test('encodePng refuses a size that does not match the pixels, or no pixels at all (a defect of its caller)', () => {
  expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(/2 x 2 RGB needs 12 bytes, got 11/);
  expect(() => encodePng(0, 3, new Uint8Array(0))).toThrow(/whole numbers of pixels >= 1/);
  expect(() => encodePng(1.5, 2, new Uint8Array(9))).toThrow(/whole numbers of pixels >= 1/);
});
