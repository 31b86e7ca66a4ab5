// The exact Euclidean distance transform against the definition: for every
// cell, the least squared distance to every obstacle cell (all pairs).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { distanceTransform, squaredDistanceTransform } from '#bestfirst/costmap';

function bruteForce(mask: Uint8Array, width: number, height: number): Float64Array {
  const out = new Float64Array(width * height).fill(Infinity);
  for (let i = 0; i < out.length; i++) {
    const x = i % width, y = Math.floor(i / width);
    for (let j = 0; j < out.length; j++) {
      if (mask[j] !== 1) continue;
      const dx = x - (j % width), dy = y - Math.floor(j / width);
      if (dx * dx + dy * dy < out[i]) out[i] = dx * dx + dy * dy;
    }
  }
  return out;
}

/** A random mask: 1x1 to 40x40, obstacle density 0 to 1 (both ends included). */
const maskCase = fc.record({
  width: fc.integer({ min: 1, max: 40 }),
  height: fc.integer({ min: 1, max: 40 }),
  // Percent, evenly: fc.double leans to values near 0, which would leave most masks empty.
  density: fc.oneof(
    { arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.constant(1), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: 100 }).map((p) => p / 100), weight: 8 },
  ),
  seed: fc.integer(),
}).map(({ width, height, density, seed }) => {
  const mask = new Uint8Array(width * height);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < mask.length; i++) {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    mask[i] = s / 2 ** 32 < density ? 1 : 0;
  }
  return { width, height, density, mask };
});

describe('squaredDistanceTransform', () => {
  test('equals the all-pairs squared distances exactly on 300 random masks (1x1 to 40x40, densities 0 to 1)', () => {
    let none = 0, all = 0, mixed = 0;
    fc.assert(fc.property(maskCase, ({ width, height, mask }) => {
      const got = squaredDistanceTransform(mask, width, height);
      if (mask.every((c) => c === 0)) none++;
      else if (mask.every((c) => c === 1)) all++;
      else mixed++;
      expect(Array.from(got)).toEqual(Array.from(bruteForce(mask, width, height)));
    }), { numRuns: 300, seed: 20261202 });
    // The corner cases were drawn, not just allowed.
    expect(none).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(0);
    expect(mixed).toBeGreaterThan(150);
  });

  test('a mask without an obstacle is Infinity everywhere; one of obstacles only is 0 everywhere', () => {
    expect(Array.from(squaredDistanceTransform(new Uint8Array(6), 3, 2))).toEqual(new Array(6).fill(Infinity));
    expect(Array.from(squaredDistanceTransform(new Uint8Array(6).fill(1), 2, 3))).toEqual(new Array(6).fill(0));
    expect(Array.from(squaredDistanceTransform(new Uint8Array([0]), 1, 1))).toEqual([Infinity]);
    expect(Array.from(squaredDistanceTransform(new Uint8Array([1]), 1, 1))).toEqual([0]);
  });

  test('one obstacle in a corner: squared distances x^2 + y^2, along rows and down columns', () => {
    const mask = new Uint8Array(5 * 4);
    mask[0] = 1;
    const got = squaredDistanceTransform(mask, 5, 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 5; x++) expect(got[y * 5 + x]).toBe(x * x + y * y);
  });

  test('an obstacle only in some columns: the rows reach it across columns with none', () => {
    // Column 3 of a 7 x 3 mask, bottom row only: cell (0, 0) is 3^2 + 2^2 away.
    const mask = new Uint8Array(21);
    mask[2 * 7 + 3] = 1;
    const got = squaredDistanceTransform(mask, 7, 3);
    expect(got[0]).toBe(13);
    expect(got[6]).toBe(13);
    expect(got[2 * 7 + 6]).toBe(9);
  });

  test('wide and tall strips (1 x 40, 40 x 1) equal the 1-D distances', () => {
    const mask = new Uint8Array(40);
    mask[7] = 1; mask[30] = 1;
    const want = Array.from({ length: 40 }, (_, i) => Math.min(Math.abs(i - 7), Math.abs(i - 30)) ** 2);
    expect(Array.from(squaredDistanceTransform(mask, 40, 1))).toEqual(want);
    expect(Array.from(squaredDistanceTransform(mask, 1, 40))).toEqual(want);
  });

  test('does not change its mask', () => {
    const mask = new Uint8Array([0, 1, 0, 0, 0, 1]);
    squaredDistanceTransform(mask, 3, 2);
    expect(Array.from(mask)).toEqual([0, 1, 0, 0, 0, 1]);
  });
});

describe('distanceTransform', () => {
  test('is the square root of the squared transform times cellSize (default 1)', () => {
    fc.assert(fc.property(maskCase, fc.constantFrom(1, 0.05, 0.3, 2.5), ({ width, height, mask }, cellSize) => {
      const sq = squaredDistanceTransform(mask, width, height);
      const d = distanceTransform(mask, width, height, cellSize);
      for (let i = 0; i < d.length; i++) expect(d[i]).toBe(Math.sqrt(sq[i]) * cellSize);
      if (cellSize === 1) expect(Array.from(distanceTransform(mask, width, height))).toEqual(Array.from(d));
    }), { numRuns: 100, seed: 20261203 });
  });

  test('a 3-4-5 triangle: 5 cells, 0.25 m at 0.05 m a cell', () => {
    const mask = new Uint8Array(5 * 5);
    mask[4 * 5 + 4] = 1;
    expect(distanceTransform(mask, 5, 5)[4 * 5 + 0]).toBe(4);
    expect(distanceTransform(mask, 5, 5)[1 * 5 + 0]).toBe(5);
    expect(distanceTransform(mask, 5, 5, 0.05)[1 * 5 + 0]).toBeCloseTo(0.25, 12);
  });
});

describe('refusals', () => {
  const cases: [string, () => unknown, RegExp][] = [
    ['a plain array', () => squaredDistanceTransform([0, 1] as unknown as Uint8Array, 2, 1), /mask must be a Uint8Array/],
    ['a short mask', () => squaredDistanceTransform(new Uint8Array(3), 2, 2), /mask has 3 cells, but 2 x 2 needs 4/],
    ['a 2 in the mask', () => squaredDistanceTransform(new Uint8Array([0, 2]), 2, 1), /mask\[1\] is 2/],
    ['width 0', () => squaredDistanceTransform(new Uint8Array(0), 0, 1), /width and height must be integers >= 1, got 0 x 1/],
    ['height 1.5', () => distanceTransform(new Uint8Array(2), 2, 1.5), /integers >= 1, got 2 x 1.5/],
    ['cellSize 0', () => distanceTransform(new Uint8Array(2), 2, 1, 0), /cellSize must be a finite number > 0, got 0/],
    ['cellSize NaN', () => distanceTransform(new Uint8Array(2), 2, 1, Number.NaN), /cellSize .* got NaN/],
    ['cellSize Infinity', () => distanceTransform(new Uint8Array(2), 2, 1, Infinity), /cellSize .* got Infinity/],
  ];
  test.each(cases)('%s is an InputError naming it', (_label, f, message) => {
    expect(f).toThrow(InputError);
    expect(f).toThrow(message);
  });
});
