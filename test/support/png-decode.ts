// A small PNG reader for the tests: 8-bit RGB, not interlaced (what
// cli/picture/png.ts writes), every chunk's CRC checked, the five row
// filters undone. Written apart from the encoder so that a fault in one is
// not mirrored by the other; the CRC is zlib's own (node:zlib crc32), not ours.
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** Three bytes a pixel, rows from the top. */
  rgb: Uint8Array;
  /** The chunk types in order. */
  chunks: string[];
  /** The pixel at (x, y) as [r, g, b]. */
  pixel(x: number, y: number): [number, number, number];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(bytes: Uint8Array): DecodedPng {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  SIGNATURE.forEach((b, i) => { if (buf[i] !== b) throw new Error(`not a PNG: byte ${i} is ${buf[i]}`); });
  let at = 8, width = 0, height = 0;
  const idat: Buffer[] = [], chunks: string[] = [];
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    const crc = buf.readUInt32BE(at + 8 + length);
    if (crc32(buf.subarray(at + 4, at + 8 + length)) !== crc) throw new Error(`chunk ${type}: bad CRC`);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 2 || data[12] !== 0) throw new Error(`IHDR: only 8-bit RGB, not interlaced, is read here (got depth ${data[8]}, colour type ${data[9]}, interlace ${data[12]})`);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  if (raw.length !== (stride + 1) * height) throw new Error(`IDAT inflates to ${raw.length} bytes, expected ${(stride + 1) * height}`);
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= 3 ? rgb[y * stride + i - 3] : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i] : 0;
      const c = i >= 3 && y > 0 ? rgb[(y - 1) * stride + i - 3] : 0;
      const p = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : NaN;
      if (Number.isNaN(p)) throw new Error(`row ${y}: unknown filter ${filter}`);
      rgb[y * stride + i] = (x + p) & 0xff;
    }
  }
  return {
    width, height, rgb, chunks,
    pixel: (x, y) => { const o = (y * width + x) * 3; return [rgb[o], rgb[o + 1], rgb[o + 2]]; },
  };
}
