import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder: 8-bit RGB, no interlacing, every row filtered with
 * filter 0 (none). The pictures are flat colours in long runs, which deflate
 * squeezes well without the other filters, and the encoder stays a page long
 * with no dependency: signature, IHDR, one IDAT, IEND.
 */

/** The CRC-32 table of the PNG specification (the polynomial 0xedb88320, reflected). */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 of `bytes` (as PNG chunks and gzip compute it). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** One chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The largest side PNG allows (2^31 - 1); ours are far smaller, but a wrong size should fail here, not in a viewer. */
const MAX_SIDE = 2 ** 31 - 1;

/**
 * A PNG of `width` x `height` pixels from `rgb`, three bytes a pixel, rows
 * from the top. Throws (a defect of the caller) when the sizes disagree.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE)) {
    throw new Error(`encodePng: the size must be whole numbers of pixels >= 1, got ${width} x ${height}`);
  }
  if (rgb.length !== width * height * 3) throw new Error(`encodePng: ${width} x ${height} RGB needs ${width * height * 3} bytes, got ${rgb.length}`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // colour type 2: RGB
  ihdr[10] = 0; // compression: deflate (the only one)
  ihdr[11] = 0; // filter method 0 (the only one)
  ihdr[12] = 0; // no interlacing
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter type 0: the row as it is
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}
