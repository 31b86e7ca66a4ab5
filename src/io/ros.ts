import { InputError, show } from '../core/errors.js';
import { checkKeys } from '../core/input-checks.js';
import { Grid, type XY } from '../grid/grid.js';
import { MAX_MAP_CELLS, MOVINGAI_GRID } from './movingai.js';
import { readYamlMapping, shownText, type YamlNode } from './yaml-lite.js';

/**
 * ROS `map_server` maps (ROS 2 Nav2's `nav2_map_server`, and ROS 1's): a YAML
 * file of metadata and the grey image it names. Text and bytes in, plain
 * objects out: no file system, so it runs in a browser too.
 *
 * Two row orders, kept apart on purpose:
 * - `OccupancyGrid.data` is in ROS order, as `nav_msgs/OccupancyGrid` has it:
 *   index `row * width + col` with row 0 the **bottom** row (the image's last),
 *   so a message received from ROS (rosbridge) has the same layout;
 * - the `Grid` of `toGrid` follows the library (and the image): row 0 at the
 *   **top**, id `y * width + x`. `worldToCell` and `cellToWorld` speak Grid ids.
 */

/** How a map's grey values become occupancy (the YAML's `mode`). */
export type RosMapMode = 'trinary' | 'scale' | 'raw';

/** The map's pose in the world: the lower-left corner of the lower-left pixel, metres, and the map's rotation. */
export interface RosOrigin {
  /** Metres. */
  readonly x: number;
  /** Metres (y points up: north on the image). */
  readonly y: number;
  /** Rotation about z, radians, counter-clockwise: the map is turned by it about (x, y) (see `mapPoint`). */
  readonly yaw: number;
}

/** What a map's YAML says, checked: the keys `map_server` reads. */
export interface RosMapYaml {
  /** The image file, as written (relative paths are relative to the YAML's folder). */
  readonly image: string;
  /** `trinary` when the YAML has no `mode` (map_server's default). */
  readonly mode: RosMapMode;
  /** Metres per pixel, > 0. */
  readonly resolution: number;
  /** The lower-left pixel's corner in the world. */
  readonly origin: RosOrigin;
  /** Whether black means free (`negate: 1`) instead of occupied. */
  readonly negate: boolean;
  /** Occupancy above this is occupied, in [0, 1]. */
  readonly occupiedThresh: number;
  /** Occupancy below this is free, in [0, 1], below `occupiedThresh`. */
  readonly freeThresh: number;
}

/** An 8-bit grey image (Netpbm PGM), rows top to bottom as in the file. */
export interface PgmImage {
  /** Pixels across. */
  readonly width: number;
  /** Pixels down. */
  readonly height: number;
  /** The white value, 1..255. */
  readonly maxval: number;
  /** `pixels[row * width + col]`, row 0 the top; every value <= maxval. */
  readonly pixels: Uint8Array;
}

/**
 * An occupancy grid shaped like `nav_msgs/OccupancyGrid` (its `info` fields
 * flattened): each cell -1 (unknown) or 0 (free) to 100 (occupied).
 */
export interface OccupancyGrid {
  /** Cells across. */
  readonly width: number;
  /** Cells up. */
  readonly height: number;
  /** Metres per cell. */
  readonly resolution: number;
  /** The corner of cell (0, 0) (the lower-left) in the world. */
  readonly origin: RosOrigin;
  /** `data[row * width + col]`, row 0 the **bottom** row (ROS order). */
  readonly data: Int8Array;
}

/** A map read from its YAML and image: the occupancy grid and the mode that graded it. */
export interface RosMap extends OccupancyGrid {
  /** `trinary`: data is -1, 0 or 100; `scale`: graded 0..100 too; `raw`: the grey values 0..100 as they were. */
  readonly mode: RosMapMode;
}

/** The options of `toGrid`; an unknown key is an `InputError`. */
export interface ToGridOptions {
  /** What an unknown (-1) cell is. Required: a robot that may not enter unmapped space wants `blocked`. */
  unknown: 'free' | 'blocked';
  /** A known cell is blocked when its occupancy is at least this, an integer 1..100. Default 100 (Nav2's lethal threshold). */
  occupiedAt?: number;
}

/**
 * The longest YAML text accepted: 1 MiB. A map's YAML is a few hundred bytes;
 * a larger text is the wrong file.
 */
export const MAX_ROS_YAML_CHARS = 1 << 20;

// --- YAML --------------------------------------------------------------------

const MODES: readonly RosMapMode[] = ['trinary', 'scale', 'raw'];
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
// YAML 1.1 booleans, as yaml-cpp reads them.
const TRUE = /^(true|True|TRUE|yes|Yes|YES|on|On|ON|y|Y)$/;
const FALSE = /^(false|False|FALSE|no|No|NO|off|Off|OFF|n|N)$/;

/** A node as a value in a message: a scalar as written, a flow collection as written, a block list by its length. */
function shownNode(n: YamlNode): string {
  return n.kind === 'seq' && n.raw.startsWith('a list') ? n.raw : shown(n.raw);
}

/**
 * Parses a map's YAML: the flat `key: value` form `map_saver` writes, or one
 * flow mapping `{image: map.pgm, resolution: 0.05, origin: [0, 0, 0], ...}`,
 * with `#` comments, LF or CRLF line ends, quoted or plain scalars, flow
 * collections over several lines, and `origin` as `[x, y, yaw]` or as a
 * block list (the YAML the reader takes is `yaml-lite.ts`'s; a construct it
 * does not take, an anchor say, is named). Keys map_server does not read
 * are ignored (with anything indented under them); a repeated key, a line
 * that is not `key: value`, a missing required key (`image`, `resolution`,
 * `origin`, `negate`, `occupied_thresh`, `free_thresh`; `mode` defaults to
 * `trinary`) and a bad value are an `InputError` naming `file:line`, the
 * key, the value and what is allowed. Thresholds must lie in [0, 1] with
 * `free_thresh` below `occupied_thresh` (map_server itself does not check;
 * a map that breaks this has no free or no unknown band and is a slip).
 *
 * @example
 * ```ts
 * const meta = parseRosYaml(readFileSync('maps/warehouse.yaml', 'utf8'), 'warehouse.yaml');
 * meta.image; // 'warehouse.pgm': read it next, beside the YAML
 * ```
 */
export function parseRosYaml(text: string, file = '<map.yaml>'): RosMapYaml {
  if (typeof file !== 'string') throw new InputError(`parseRosYaml: file must be a string (a name for messages), got ${show(file)}`);
  if (typeof text !== 'string') throw new InputError(`parseRosYaml: text must be a string (the YAML file's contents), got ${show(text)}`);
  if (text.length > MAX_ROS_YAML_CHARS) throw new InputError(`${file}: ${text.length} characters, more than the ${MAX_ROS_YAML_CHARS} a map YAML may have`);
  const keys = readYamlMapping(text, file);

  const need = (key: string, allowed: string): { node: YamlNode; line: number } => {
    const e = keys.get(key);
    if (!e) fail(file, undefined, `the key '${key}' is missing, expected ${allowed}`);
    return e;
  };
  /** The key's scalar text; a sequence or mapping there is refused with `allowed`. */
  const scalar = (key: string, allowed: string): { text: string; raw: string; line: number } => {
    const { node, line } = need(key, allowed);
    if (node.kind !== 'scalar') fail(file, node.line, `${key} is ${node.kind === 'seq' ? 'a sequence' : 'a mapping'} ${shownNode(node)}, expected ${allowed}`);
    return { text: node.text, raw: node.raw, line };
  };
  const number = (key: string, allowed: string, ok: (x: number) => boolean): number => {
    const e = scalar(key, allowed);
    const x = NUMBER.test(e.text) ? Number(e.text) : NaN;
    if (!Number.isFinite(x) || !ok(x)) fail(file, e.line, `${key} is ${shown(e.raw)}, expected ${allowed}`);
    return x;
  };

  const IMAGE = 'the image file name';
  const imageEntry = scalar('image', IMAGE);
  const image = imageEntry.text;
  if (image.trim() === '') fail(file, imageEntry.line, `image is empty, expected ${IMAGE}`);

  const modeEntry = keys.has('mode') ? scalar('mode', `one of ${MODES.join(', ')}`) : undefined;
  const mode = modeEntry === undefined ? 'trinary' : modeEntry.text;
  if (!(MODES as readonly string[]).includes(mode)) fail(file, modeEntry!.line, `mode is ${shown(modeEntry!.raw)}, expected one of ${MODES.join(', ')}`);

  const resolution = number('resolution', 'a number > 0 (metres per pixel)', (x) => x > 0);

  const ORIGIN = 'three numbers [x, y, yaw] (metres, metres, radians)';
  const o = need('origin', ORIGIN);
  if (o.node.kind !== 'seq') fail(file, o.line, `origin is ${o.node.kind === 'map' ? 'a mapping ' : ''}${shownNode(o.node)}, expected ${ORIGIN}`);
  const parts = o.node.items;
  const xs = parts.map((p) => (p.kind === 'scalar' && NUMBER.test(p.text) ? Number(p.text) : NaN));
  if (parts.length !== 3 || !xs.every(Number.isFinite)) {
    const bad = parts.find((_, k) => !Number.isFinite(xs[k]));
    fail(file, bad?.line ?? o.line, `origin is ${shownNode(o.node)}, expected ${ORIGIN}`);
  }
  const origin: RosOrigin = Object.freeze({ x: xs[0], y: xs[1], yaw: xs[2] });

  const NEGATE = '0, 1, true or false';
  const n = scalar('negate', NEGATE);
  const nv = n.text;
  let negate: boolean;
  if (nv === '0' || FALSE.test(nv)) negate = false;
  else if (nv === '1' || TRUE.test(nv)) negate = true;
  else fail(file, n.line, `negate is ${shown(n.raw)}, expected ${NEGATE}`);

  const THRESH = 'a number from 0 to 1';
  const occupiedThresh = number('occupied_thresh', THRESH, (x) => x >= 0 && x <= 1);
  const freeThresh = number('free_thresh', THRESH, (x) => x >= 0 && x <= 1);
  if (!(freeThresh < occupiedThresh)) {
    fail(file, keys.get('free_thresh')!.line, `free_thresh is ${freeThresh} and occupied_thresh ${occupiedThresh}, expected free_thresh below occupied_thresh`);
  }
  return Object.freeze({ image, mode: mode as RosMapMode, resolution, origin, negate, occupiedThresh, freeThresh });
}

function fail(file: string, line: number | undefined, message: string): never {
  throw new InputError(`${file}${line === undefined ? '' : `:${line}`}: ${message}`);
}

const shown = shownText;

// --- PGM ---------------------------------------------------------------------

function bytesOf(b: unknown, fn: string, param: string): Uint8Array {
  if (b instanceof Uint8Array) return b;
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  throw new InputError(`${fn}: ${param} must be the file's bytes: expected an ArrayBuffer or a Uint8Array, got ${show(b)}`);
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;

/**
 * Parses a PGM image: binary `P5` or ASCII `P2`, 8 bit (maxval 1..255), with
 * `#` comments in the header. Width times height may not pass
 * `MAX_MAP_CELLS` (2^24). Another magic number (P6 is colour), a 16-bit
 * maxval, a malformed header, too few pixels, or a pixel above maxval is an
 * `InputError` naming `file`, where (line and column in the header, the
 * pixel otherwise) and what was found. Bytes after the last pixel are
 * ignored, as Netpbm readers do (a file may hold several images).
 *
 * @param bytes the file's bytes: an ArrayBuffer or a Uint8Array (a Node Buffer is one)
 */
export function parsePgm(bytes: ArrayBuffer | Uint8Array, file = '<image.pgm>'): PgmImage {
  if (typeof file !== 'string') throw new InputError(`parsePgm: file must be a string (a name for messages), got ${show(file)}`);
  const b = bytesOf(bytes, 'parsePgm', 'bytes');
  let p = 0;
  let tokenAt = 0; // where the last token began, for messages
  const where = (at: number) => {
    let line = 1, col = 1;
    for (let k = 0; k < at && k < b.length; k++) {
      if (b[k] === 10) { line++; col = 1; } else col++;
    }
    return `${file}:${line}:${col}`;
  };
  const latin = (from: number, to: number) => {
    let s = '';
    for (let k = from; k < Math.min(to, b.length, from + 20); k++) s += String.fromCharCode(b[k]);
    return s;
  };
  if (b.length < 2 || b[0] !== 0x50 || (b[1] !== 0x35 && b[1] !== 0x32)) {
    const found = b.length === 0 ? 'an empty file' : `the magic number ${JSON.stringify(latin(0, 2))}`;
    throw new InputError(`${where(0)}: found ${found}, expected 'P5' (binary) or 'P2' (ASCII) grey PGM${b.length >= 2 && b[0] === 0x50 && b[1] === 0x36 ? ' (P6 is a colour image)' : ''}`);
  }
  const ascii = b[1] === 0x32;
  p = 2;
  /** The next decimal token, skipping blanks and comments. */
  const token = (what: string, allowed: string, max: number): number => {
    for (;;) {
      while (p < b.length && isSpace(b[p])) p++;
      if (p < b.length && b[p] === 0x23) {
        while (p < b.length && b[p] !== 10 && b[p] !== 13) p++;
        continue;
      }
      break;
    }
    const start = p;
    tokenAt = start;
    if (p >= b.length) throw new InputError(`${where(start)}: the file ends before the ${what}, expected ${allowed}`);
    let x = 0;
    while (p < b.length && b[p] >= 0x30 && b[p] <= 0x39) {
      x = x * 10 + (b[p] - 0x30);
      if (x > max) x = max + 1; // stays "too large" without growing past safe integers
      p++;
    }
    if (p === start || (p < b.length && !isSpace(b[p]) && b[p] !== 0x23)) {
      let end = p;
      while (end < b.length && !isSpace(b[end])) end++;
      throw new InputError(`${where(start)}: the ${what} is ${JSON.stringify(latin(start, end))}, expected ${allowed}`);
    }
    return x;
  };
  const SIDE = `a whole number from 1 to ${MAX_MAP_CELLS}`;
  const width = token('width', SIDE, MAX_MAP_CELLS);
  const wAt = tokenAt;
  const height = token('height', SIDE, MAX_MAP_CELLS);
  const hAt = tokenAt;
  if (width < 1 || width > MAX_MAP_CELLS) throw new InputError(`${where(wAt)}: the width is ${width > MAX_MAP_CELLS ? `more than ${MAX_MAP_CELLS}` : width}, expected ${SIDE}`);
  if (height < 1 || height > MAX_MAP_CELLS) throw new InputError(`${where(hAt)}: the height is ${height > MAX_MAP_CELLS ? `more than ${MAX_MAP_CELLS}` : height}, expected ${SIDE}`);
  if (width * height > MAX_MAP_CELLS) {
    throw new InputError(`${where(wAt)}: the image is ${width} x ${height} = ${width * height} pixels, more than the ${MAX_MAP_CELLS} (4096 x 4096) this reader accepts`);
  }
  const maxval = token('maxval', 'a whole number from 1 to 255 (8 bit)', 65536);
  const maxAt = tokenAt;
  if (maxval < 1 || maxval > 255) {
    throw new InputError(`${where(maxAt)}: maxval is ${maxval > 65535 ? 'more than 65535' : maxval}, expected a whole number from 1 to 255 (8 bit${maxval > 255 ? '; 16-bit PGM is not supported' : ''})`);
  }
  const size = width * height;
  let pixels: Uint8Array;
  if (!ascii) {
    // Exactly one blank ends the header; the raster may start with any byte, '#' too.
    if (p >= b.length) throw new InputError(`${file}: the file ends after the header, expected ${size} bytes of pixels (${width} x ${height})`);
    if (!isSpace(b[p])) throw new InputError(`${where(p)}: found ${JSON.stringify(latin(p, p + 1))} after maxval, expected one blank before the pixels`);
    p++;
    const have = b.length - p;
    if (have < size) throw new InputError(`${file}: the image is ${width} x ${height} = ${size} pixels, but only ${have} bytes follow the header (truncated)`);
    pixels = b.slice(p, p + size);
    if (maxval < 255) {
      for (let k = 0; k < size; k++) {
        if (pixels[k] > maxval) throw new InputError(`${file}: pixel ${k} (row ${Math.floor(k / width)}, column ${k % width}) is ${pixels[k]}, more than maxval ${maxval}`);
      }
    }
  } else {
    // Each pixel takes a digit and a blank (the last no blank): refuse a short file before allocating.
    if (b.length - p < 2 * size) {
      throw new InputError(`${file}: the image is ${width} x ${height} = ${size} pixels, but only ${b.length - p} bytes follow the header, fewer than ${2 * size - 1} (truncated)`);
    }
    pixels = new Uint8Array(size);
    for (let k = 0; k < size; k++) {
      let x: number;
      try {
        x = token(`pixel ${k}`, `a whole number from 0 to ${maxval}`, 65536);
      } catch (e) {
        if (e instanceof InputError && /the file ends/.test(e.message)) {
          throw new InputError(`${file}: the image is ${width} x ${height} = ${size} pixels, but the file ends after ${k} (truncated)`);
        }
        throw e;
      }
      if (x > maxval) throw new InputError(`${where(tokenAt)}: pixel ${k} (row ${Math.floor(k / width)}, column ${k % width}) is ${x > 65535 ? 'more than 65535' : x}, more than maxval ${maxval}`);
      pixels[k] = x;
    }
  }
  return Object.freeze({ width, height, maxval, pixels });
}

/**
 * Writes an 8-bit grey image as a binary PGM (`P5`, maxval 255): the header
 * `P5`, `width height`, `255`, each on a line of its own, then the pixels,
 * `pixels[row * width + col]` with row 0 the top, as `parsePgm` reads them
 * back (`parsePgm(formatPgm(w, h, p))` gives `w`, `h`, 255 and `p`). Sides
 * must be whole numbers >= 1 with at most `MAX_MAP_CELLS` pixels, and
 * `pixels` a Uint8Array of exactly `width * height` bytes; anything else is
 * an `InputError`. The pixels are copied, not kept.
 *
 * @example
 * ```ts
 * writeFileSync('out.pgm', formatPgm(2, 1, Uint8Array.of(0, 255))); // black, white
 * ```
 */
export function formatPgm(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const side = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 1;
  if (!side(width) || !side(height) || width * height > MAX_MAP_CELLS) {
    throw new InputError(`formatPgm: width and height must be whole numbers >= 1 with at most ${MAX_MAP_CELLS} pixels, got ${show(width)} x ${show(height)}`);
  }
  const size = width * height;
  if (!(pixels instanceof Uint8Array) || pixels.length !== size) {
    throw new InputError(`formatPgm: pixels must be a Uint8Array of ${width} x ${height} = ${size} bytes, got ${show(pixels)}${pixels instanceof Uint8Array ? ` of ${pixels.length}` : ''}`);
  }
  const head = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(head.length + size);
  out.set(head);
  out.set(pixels, head.length);
  return out;
}

// --- occupancy ---------------------------------------------------------------

/** Rounds half to even, as C's `rint` does in the default rounding mode. */
function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * Reads a ROS map from its YAML text and the bytes of the image it names (a
 * PGM; the caller reads the file, found relative to the YAML's folder).
 * Occupancy follows Nav2's `map_server` exactly, with a pixel's shade
 * s = value / maxval and its occupancy p = 1 - s (p = s with `negate`):
 * - `trinary`: 100 (occupied) when p > occupied_thresh, 0 (free) when
 *   p < free_thresh, else -1 (unknown);
 * - `scale`: the same ends, and in between the graded
 *   rint(100 (p - free_thresh) / (occupied_thresh - free_thresh));
 * - `raw`: round(255 s) when it is 0..100, else -1 (unknown).
 *
 * For maxval 255 (every Nav2 map) this is Nav2's arithmetic to the bit; for
 * a smaller maxval Nav2's image library first rescales each sample to its own
 * depth, rounding, so a graded value there may differ from this one by 1.
 *
 * The result's `data` is in ROS order (row 0 the bottom; the image's rows run
 * top to bottom, so the image is flipped). Errors name `yamlFile` for the
 * YAML and the YAML's `image` for the image.
 *
 * @example
 * ```ts
 * const yaml = readFileSync('maps/warehouse.yaml', 'utf8');
 * const map = parseRosMap(yaml, readFileSync(`maps/${parseRosYaml(yaml).image}`), 'warehouse.yaml');
 * const grid = toGrid(map, { unknown: 'blocked' });
 * const r = findPath(grid, worldToCell(map, [0, 0]), worldToCell(map, [5, -3])); // r.cost in metres
 * ```
 */
export function parseRosMap(yaml: string, image: ArrayBuffer | Uint8Array, yamlFile = '<map.yaml>'): RosMap {
  if (typeof yaml !== 'string') throw new InputError(`parseRosMap: yaml must be a string (the YAML file's contents), got ${show(yaml)}`);
  bytesOf(image, 'parseRosMap', 'image');
  if (typeof yamlFile !== 'string') throw new InputError(`parseRosMap: yamlFile must be a string (a name for messages), got ${show(yamlFile)}`);
  const meta = parseRosYaml(yaml, yamlFile);
  const pgm = parsePgm(image, meta.image);
  const { width, height, maxval, pixels } = pgm;
  const { mode, negate, occupiedThresh: occT, freeThresh: freeT } = meta;
  // One occupancy per grey value: the image has at most 256 of them.
  const lut = new Int8Array(maxval + 1);
  for (let v = 0; v <= maxval; v++) {
    const shade = v / maxval;
    const occ = negate ? shade : 1 - shade;
    let cell: number;
    if (mode === 'raw') {
      const r = Math.round(shade * 255);
      cell = r >= 0 && r <= 100 ? r : -1;
    } else if (occT < occ) {
      cell = 100;
    } else if (occ < freeT) {
      cell = 0;
    } else {
      cell = mode === 'trinary' ? -1 : rint(((occ - freeT) / (occT - freeT)) * 100);
    }
    lut[v] = cell;
  }
  const data = new Int8Array(width * height);
  for (let row = 0; row < height; row++) {
    const src = row * width, dst = (height - 1 - row) * width;
    for (let x = 0; x < width; x++) data[dst + x] = lut[pixels[src + x]];
  }
  return Object.freeze({ width, height, resolution: meta.resolution, origin: meta.origin, data, mode });
}

/** Throws unless `map` is a well-formed OccupancyGrid; `fn` names the caller. */
export function checkOccupancy(map: unknown, fn: string): asserts map is OccupancyGrid {
  const m = map as Partial<OccupancyGrid> | null;
  if (m === null || typeof m !== 'object') throw new InputError(`${fn}: map must be an OccupancyGrid (as parseRosMap returns), got ${show(map)}`);
  const { width, height, resolution, origin, data } = m;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width! < 1 || height! < 1 || width! * height! > MAX_MAP_CELLS) {
    throw new InputError(`${fn}: map.width and map.height must be whole numbers >= 1 with at most ${MAX_MAP_CELLS} cells, got ${show(width)} x ${show(height)}`);
  }
  if (typeof resolution !== 'number' || !Number.isFinite(resolution) || !(resolution > 0)) {
    throw new InputError(`${fn}: map.resolution must be a finite number > 0 (metres per cell), got ${show(resolution)}`);
  }
  if (origin === null || typeof origin !== 'object' || ![origin.x, origin.y, origin.yaw].every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new InputError(`${fn}: map.origin must be { x, y, yaw } with finite numbers, got ${show(origin)}`);
  }
  if (!(data instanceof Int8Array) || data.length !== width! * height!) {
    throw new InputError(`${fn}: map.data must be an Int8Array of width * height = ${width! * height!} cells, got ${show(data)}${data instanceof Int8Array ? ` of ${data.length}` : ''}`);
  }
}

const TO_GRID_KEYS = ['unknown', 'occupiedAt'];

/**
 * The `Grid` to search on an occupancy grid: 8-connected, no corner
 * cutting, diagonal sqrt 2 (`MOVINGAI_GRID`), and `cellSize` = the map's
 * resolution, so path costs are in metres. A cell is blocked when its
 * occupancy is at least `occupiedAt` (default 100), and an unknown (-1) cell
 * as `unknown` says. Grid cell (x, y) counts y from the **top**: it is
 * `map.data[(height - 1 - y) * width + x]`. `map` may be what
 * `parseRosMap` returns or an OccupancyGrid built from a ROS message.
 */
export function toGrid(map: OccupancyGrid, options: ToGridOptions): Grid {
  checkOccupancy(map, 'toGrid');
  if (options === undefined) throw new InputError(`toGrid: options must be given, at least { unknown: 'free' | 'blocked' }, got undefined`);
  checkKeys(options, TO_GRID_KEYS, 'toGrid');
  const { unknown, occupiedAt = 100 } = options;
  if (unknown !== 'free' && unknown !== 'blocked') throw new InputError(`toGrid: options.unknown must be 'free' or 'blocked', got ${show(unknown)}`);
  if (!Number.isInteger(occupiedAt) || occupiedAt < 1 || occupiedAt > 100) {
    throw new InputError(`toGrid: options.occupiedAt must be a whole number from 1 to 100, got ${show(occupiedAt)}`);
  }
  const { width, height, data } = map;
  const cells = new Uint8Array(width * height);
  const unknownCell = unknown === 'blocked' ? 1 : 0;
  for (let y = 0; y < height; y++) {
    const src = (height - 1 - y) * width, dst = y * width;
    for (let x = 0; x < width; x++) {
      const v = data[src + x];
      cells[dst + x] = v < 0 ? unknownCell : v >= occupiedAt ? 1 : 0;
    }
  }
  return new Grid(width, height, cells, { ...MOVINGAI_GRID, cellSize: map.resolution });
}

/** A point within this fraction of a cell outside the map's edge counts as on it (rounding in x - origin). */
const EDGE_SLACK = 1e-6;

/*
 * The map's frame. map_server's YAML gives `origin` as the pose of the
 * lower-left pixel's corner, (x, y, yaw) with yaw a counter-clockwise
 * rotation (yaw 0: no rotation), and nav2_map_server puts that pose,
 * the yaw as a quaternion, in the OccupancyGrid's `info.origin` (map_saver
 * reads it back from there): the map's
 * columns run along the direction yaw from the origin, its rows (upwards)
 * along yaw + 90 degrees. The conversions here follow that pose, as RViz
 * draws the map. Nav2's own costmap (the static layer, nav2_costmap_2d
 * `StaticLayer::processMap`) reads only `origin.position.x` and `.y` and
 * ignores the orientation, so a Nav2 planner on a map with a yaw plans as
 * if the yaw were 0; give such a map yaw 0 to reproduce it.
 */

/**
 * The point `[x, y]` (metres, the world frame of the map's YAML) in the
 * map's own frame: metres from the map's lower-left corner along its columns
 * and up its rows, the origin's yaw turned back. For a map of yaw 0 it is
 * `[x - origin.x, y - origin.y]`. The point is on the map when both lie in
 * [0, width * resolution] and [0, height * resolution].
 */
export function mapPoint(map: OccupancyGrid, point: XY): XY {
  checkOccupancy(map, 'mapPoint');
  const [x, y] = checkPoint(point, 'mapPoint');
  return toMapFrame(map, x, y);
}

/** Throws unless `point` is `[x, y]` of finite numbers; `fn` names the caller. */
export function checkPoint(point: unknown, fn: string): [number, number] {
  if (!Array.isArray(point) || point.length !== 2) throw new InputError(`${fn}: point must be [x, y] in metres, got ${show(point)}`);
  const [x, y] = point as [unknown, unknown];
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new InputError(`${fn}: x must be a finite number (metres), got ${show(x)}`);
  if (typeof y !== 'number' || !Number.isFinite(y)) throw new InputError(`${fn}: y must be a finite number (metres), got ${show(y)}`);
  return [x, y];
}

function toMapFrame(map: OccupancyGrid, x: number, y: number): XY {
  const { origin } = map;
  const dx = x - origin.x, dy = y - origin.y;
  if (origin.yaw === 0) return [dx, dy]; // exact: no rounding through cos and sin
  const c = Math.cos(origin.yaw), s = Math.sin(origin.yaw);
  return [c * dx + s * dy, -s * dx + c * dy];
}

/**
 * The Grid id (as `toGrid` numbers them: row 0 at the top) of the cell
 * holding the point `[x, y]` in metres, y up (the map's world frame: with
 * yaw 0, x along the image's left to right and y from its bottom to its
 * top; with a yaw, the map turned by it about its origin, as `mapPoint`
 * says). A point on a line between cells belongs to the cell east / north
 * of it (in the map's frame), except on the map's own east and north edges.
 * Outside the map it is an `InputError`.
 */
export function worldToCell(map: OccupancyGrid, point: XY): number {
  checkOccupancy(map, 'worldToCell');
  const [x, y] = checkPoint(point, 'worldToCell');
  const { width, height, resolution: r, origin } = map;
  const [mx, my] = toMapFrame(map, x, y);
  const fx = mx / r, fy = my / r;
  if (fx < -EDGE_SLACK || fy < -EDGE_SLACK || fx > width + EDGE_SLACK || fy > height + EDGE_SLACK) {
    if (origin.yaw === 0) {
      throw new InputError(`worldToCell: (${x}, ${y}) m is outside the map, which covers x in [${origin.x}, ${origin.x + width * r}] and y in [${origin.y}, ${origin.y + height * r}] m`);
    }
    throw new InputError(`worldToCell: (${x}, ${y}) m is outside the map: in the map's frame (turned by its yaw ${origin.yaw} rad about (${origin.x}, ${origin.y})) it is at (${mx}, ${my}) m, and the map covers [0, ${width * r}] x [0, ${height * r}] m there`);
  }
  const col = Math.min(width - 1, Math.max(0, Math.floor(fx)));
  const rowFromBottom = Math.min(height - 1, Math.max(0, Math.floor(fy)));
  return (height - 1 - rowFromBottom) * width + col;
}

/**
 * The centre `[x, y]`, in metres (y up, the world frame `worldToCell`
 * takes), of the cell with Grid id `cell` (row 0 at the top, as `toGrid` and
 * `worldToCell` number them); on a map with a yaw, the centre turned with
 * the map about its origin. An id outside the map is an `InputError`.
 */
export function cellToWorld(map: OccupancyGrid, cell: number): XY {
  checkOccupancy(map, 'cellToWorld');
  const { width, height, resolution: r, origin } = map;
  if (!Number.isInteger(cell) || cell < 0 || cell >= width * height) {
    throw new InputError(`cellToWorld: cell must be an integer id in 0..${width * height - 1}, got ${show(cell)}`);
  }
  const col = cell % width, row = (cell - col) / width;
  const mx = (col + 0.5) * r, my = (height - row - 0.5) * r;
  if (origin.yaw === 0) return [origin.x + mx, origin.y + my];
  const c = Math.cos(origin.yaw), s = Math.sin(origin.yaw);
  return [origin.x + c * mx - s * my, origin.y + s * mx + c * my];
}
