// Nav2's maps in data/ros/ and a PGM reader of the tests' own (test/unit/io/ros*.test.ts).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseRosMap } from '#bestfirst/io';
import { dataFile } from './data.js';

export const MAPS = ['warehouse', 'warehouse_keepout', 'warehouse_speed', 'depot', 'depot_keepout', 'depot_speed', 'tb3_sandbox'] as const;
export type MapName = (typeof MAPS)[number];

export const yamlOf = (name: string) => readFileSync(dataFile(`ros/${name}.yaml`), 'utf8');
export const pgmOf = (name: string) => gunzipSync(readFileSync(dataFile(`ros/${name}.pgm.gz`)));
const loaded = new Map<string, ReturnType<typeof parseRosMap>>();
export function load(name: MapName) {
  if (!loaded.has(name)) loaded.set(name, parseRosMap(yamlOf(name), pgmOf(name), `${name}.yaml`));
  return loaded.get(name)!;
}

/**
 * The PGM read here without the library: header by a regular expression,
 * pixels as the bytes after its one closing blank.
 */
export function rawPgm(bytes: Uint8Array): { width: number; height: number; maxval: number; pixels: Uint8Array } {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const m = /^P5(?:\s+|\s*#[^\n]*\n)*?(\d+)(?:\s+|\s*#[^\n]*\n)+(\d+)(?:\s+|\s*#[^\n]*\n)+(\d+)\s/.exec(head);
  if (!m) throw new Error('not a P5 header');
  const [width, height, maxval] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return { width, height, maxval, pixels: bytes.subarray(m[0].length, m[0].length + width * height) };
}

/** data/ros/README's rule for one pixel: 100 occupied, 0 free, -1 unknown. */
export function trinary(value: number, negate: boolean, occ: number, free: number): number {
  const p = negate ? value / 255 : (255 - value) / 255;
  return p > occ ? 100 : p < free ? 0 : -1;
}

export function counts(data: ArrayLike<number>): Map<number, number> {
  const c = new Map<number, number>();
  for (let i = 0; i < data.length; i++) c.set(data[i], (c.get(data[i]) ?? 0) + 1);
  return c;
}

