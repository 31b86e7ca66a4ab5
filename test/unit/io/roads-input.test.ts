// parseRoads on bad arguments: InputErrors naming the parameter, size caps checked before allocating.
import { expect, test } from 'vitest';
import { parseRoads } from '#bestfirst/io';
import { MAX_ROAD_NODES, MAX_ROADS } from '#bestfirst/internal';
import { refusal } from '../../support/refusal.js';

const int32 = (...v: number[]) => new Uint8Array(Int32Array.from(v).buffer);

test('parseRoads refuses buffers of the wrong type, naming co or gr', () => {
  const co = int32(0, 0, 3, 4), gr = int32(1, 2);
  expect(parseRoads(co, gr).graph.size).toBe(2);
  expect(refusal(() => parseRoads(null as unknown as Uint8Array, gr)))
    .toBe('parseRoads: co must be the file\'s bytes: expected an ArrayBuffer or a Uint8Array, got null');
  expect(refusal(() => parseRoads(co, 'bytes' as unknown as Uint8Array)))
    .toBe('parseRoads: gr must be the file\'s bytes: expected an ArrayBuffer or a Uint8Array, got "bytes"');
  expect(refusal(() => parseRoads(co, [1, 2] as unknown as Uint8Array)))
    .toBe('parseRoads: gr must be the file\'s bytes: expected an ArrayBuffer or a Uint8Array, got an array of 2');
  expect(refusal(() => parseRoads(co, gr, 5 as unknown as string))).toBe('parseRoads: name must be a string (a label for messages), got 5');
  // The old refusals keep their words and are InputErrors now.
  expect(refusal(() => parseRoads(int32(0, 0, 1), gr, 'r'))).toBe('r.co: 12 bytes is not a whole number of (x, y) int32 pairs (8 bytes each)');
  expect(refusal(() => parseRoads(co, int32(1, 3), 'r'))).toMatch(/^r\.gr: pair 0 \(byte 0\) is \(1, 3\); ids are 1-based/);
});

test('parseRoads refuses more nodes or roads than a road network has, before allocating', () => {
  // A real 300 MB buffer would be a slow test; a Uint8Array whose byteLength
  // says 300 MB is refused on that number alone, which shows nothing was read first.
  const huge = (bytes: number) => {
    const u = new Uint8Array(8);
    Object.defineProperty(u, 'byteLength', { value: bytes });
    return u;
  };
  expect(refusal(() => parseRoads(huge(8 * (MAX_ROAD_NODES + 1)), int32(), 'big')))
    .toBe(`big.co: ${MAX_ROAD_NODES + 1} nodes, more than the ${MAX_ROAD_NODES} a road file may hold`);
  expect(refusal(() => parseRoads(int32(0, 0), huge(8 * (MAX_ROADS + 1)), 'big')))
    .toBe(`big.gr: ${MAX_ROADS + 1} roads, more than the ${MAX_ROADS} a road file may hold`);
});
