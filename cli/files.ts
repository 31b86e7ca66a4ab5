import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import buffer from 'node:buffer';
import { InputError, type Grid } from '#bestfirst';
import { MAX_MAP_CELLS, parseMap, type Scenario } from '#bestfirst/io';
import { show, basename, MAX_MAP_BYTES } from '#bestfirst/internal';
import type { OptionSpec } from './options.js';

/** A file name fit for a one-line message: as typed, or quoted when it holds control characters. */
export function displayName(file: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return file === '' || /[\x00-\x1f\x7f]/.test(file) ? show(file) : file;
}

const CHUNK = 1 << 16;

/** Why a file cannot be read, in words. */
function why(e: unknown): string {
  const code = (e as { code?: string }).code;
  return code === 'ENOENT' ? 'no such file'
    : code === 'EISDIR' ? 'it is a directory'
    : code === 'ENOTDIR' ? 'a part of the path is not a directory'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'ELOOP' ? 'too many symbolic links'
    : code === 'ENAMETOOLONG' ? 'the name is too long'
    : (e as Error).message;
}

/**
 * Reads a file of at most `maxBytes` (gzipped or not: see `gunzipped`),
 * turning the usual failures into one clear line. The size is checked before reading (a regular file says its
 * size) and while reading (`/dev/zero`, a pipe or a FIFO say 0 and may never
 * end), so no file makes the command read forever or fill memory. (A FIFO
 * that no program writes to blocks in open, as it does for `cat`.) `label`
 * names the file in messages (`--map arena.map`); `kind` says what it should
 * be (`.map`).
 */
export function readBytes(file: string, label: string, kind: string, maxBytes: number): Buffer {
  return gunzipped(readRaw(file, label, kind, maxBytes), label, kind, maxBytes);
}

/**
 * The file's bytes as published: a gzipped file (told by its first two
 * bytes, 1f 8b, never by its name) is inflated, with the same cap on what
 * it inflates to as on a plain file, checked while inflating (a small file
 * that inflates to gigabytes stops at the cap). A damaged one is refused.
 */
function gunzipped(bytes: Buffer, label: string, kind: string, maxBytes: number): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new InputError(`${label} is gzipped and inflates to more than the ${maxBytes} bytes a ${kind} file may have (stopped inflating there)`);
    throw new InputError(`${label} starts as a gzip file (bytes 1f 8b) but cannot be inflated: ${(e as Error).message}`);
  }
}

/** What `streamText` reads at a time: 4 MiB. */
const STREAM_CHUNK = 1 << 22;
/** The most a gzipped streamed file may inflate to, and be read as: a Node buffer's limit (4 GiB). */
const MAX_INFLATED = buffer.constants.MAX_LENGTH;

/**
 * Reads a text file of any size as chunks of text (UTF-8), for readers that
 * take a file chunk by chunk (`GrReader`): a plain file is read 4 MiB at a
 * time and never held whole, so its size is capped by nothing but what the
 * reader keeps. A gzipped one (told by its first two bytes) is read on from
 * where those bytes were and inflated whole (Node inflates synchronously
 * only whole), at most 4 GiB, then handed on in the same chunks; the file is
 * opened once, so a pipe works as well as a file. `label` and `kind` name
 * the file in messages, as for `readBytes`.
 */
export function streamText(file: string, label: string, kind: string, push: (chunk: string) => void): void {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new InputError(`cannot read ${label}: ${why(e)}`);
  }
  const decoder = new TextDecoder('utf-8');
  const chunk = Buffer.allocUnsafe(STREAM_CHUNK);
  const read = (): number => {
    try {
      return readSync(fd, chunk, 0, STREAM_CHUNK, null);
    } catch (e) {
      throw new InputError(`cannot read ${label}: ${why(e)}`);
    }
  };
  try {
    let n = read();
    if (n >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
      const rest = readRest(fd, label, kind, MAX_INFLATED, n);
      const first = chunk.subarray(0, n);
      const whole = gunzipped(rest === null ? first : Buffer.concat([first, rest]), label, kind, MAX_INFLATED);
      for (let at = 0; at < whole.length; at += STREAM_CHUNK) push(decoder.decode(whole.subarray(at, at + STREAM_CHUNK), { stream: true }));
    } else {
      for (; n > 0; n = read()) push(decoder.decode(chunk.subarray(0, n), { stream: true }));
    }
    push(decoder.decode());
  } finally {
    closeSync(fd);
  }
}

/** Reads a file of at most `maxBytes` as it is on disk (see `readBytes`). */
function readRaw(file: string, label: string, kind: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new InputError(`cannot read ${label}: ${why(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InputError(`cannot read ${label}: it is a directory`);
    if (st.isFile() && st.size > maxBytes) throw new InputError(`${label} is ${st.size} bytes, more than the ${maxBytes} a ${kind} file may have`);
    // A regular file says its size: read into one buffer of that size, not chunks joined by a copy
    // (a saved hierarchy is tens of megabytes). A file that is longer than it said goes on in chunks.
    if (st.isFile() && st.size > 0) {
      const whole = Buffer.allocUnsafe(st.size);
      let got = 0;
      while (got < st.size) {
        let n: number;
        try {
          n = readSync(fd, whole, got, st.size - got, null);
        } catch (e) {
          throw new InputError(`cannot read ${label}: ${why(e)}`);
        }
        if (n === 0) break;
        got += n;
      }
      if (got < st.size) return whole.subarray(0, got);
      const more = readRest(fd, label, kind, maxBytes, st.size);
      return more === null ? whole : Buffer.concat([whole, more]);
    }
    return readRest(fd, label, kind, maxBytes, 0) ?? Buffer.alloc(0);
  } finally {
    closeSync(fd);
  }
}

/** The rest of an open file in chunks, `before` bytes read already; null when there is none. */
function readRest(fd: number, label: string, kind: string, maxBytes: number, before: number): Buffer | null {
  const chunks: Buffer[] = [];
  let total = before;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
    } catch (e) {
      throw new InputError(`cannot read ${label}: ${why(e)}`);
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw new InputError(`${label} is more than the ${maxBytes} bytes a ${kind} file may have (stopped reading there)`);
    chunks.push(n === CHUNK ? buf : buf.subarray(0, n));
  }
  return chunks.length === 0 ? null : Buffer.concat(chunks, total - before);
}

/** `readBytes` as UTF-8 text. */
export function readText(file: string, label: string, kind: string, maxBytes: number): string {
  return readBytes(file, label, kind, maxBytes).toString('utf8');
}

/** The largest saved preprocessing `--ch` and `--saved` read: 4 GiB less one byte (a Node buffer's limit on 64 bits is larger; a hierarchy of a continent is a few GB). */
const MAX_SAVED_BYTES = 2 ** 32 - 1;

/** The bytes of a file `preprocess` wrote, given as `option` (`--ch`, `--saved`); `kind` names what it should be in messages. */
export function readSavedFile(file: string, option: string, kind: string): Buffer {
  const label = `${option} ${displayName(file)}`;
  // A saved file is a regular file `preprocess` wrote: a device or a pipe (/dev/zero) would be read to the 4 GiB cap first.
  let regular = true;
  try { regular = statSync(file).isFile(); } catch { /* readBytes words the failure */ }
  if (!regular) throw new InputError(`${label} is not a regular file; expected the ${kind} file bestfirst preprocess wrote`);
  return readBytes(file, label, kind, MAX_SAVED_BYTES);
}

/** The `--saved` option of the map commands: preprocessing `preprocess --map` wrote, loaded instead of built. */
export const SAVED_OPTION: OptionSpec = {
  name: 'saved', kind: 'file', arg: 'FILE',
  help: 'load the preprocessing `bestfirst preprocess --map` saved for this map and --algo instead of building it (refused for any other map or algorithm, and when damaged)',
};

/** The file `--saved` names, read, as `Algo.make` takes it; undefined without the option. */
export function savedArg(args: { get<T>(name: string): T | undefined }): { bytes: Uint8Array; file: string } | undefined {
  const file = args.get<string>('saved');
  return file === undefined ? undefined : { bytes: readSavedFile(file, '--saved', 'saved preprocessing'), file: displayName(file) };
}

/** Why `file` cannot be written, before any work, or null when it may be: a folder, a device, a missing folder. */
export function whyUnwritable(file: string): string | null {
  try {
    const st = statSync(file);
    if (st.isDirectory()) return 'it is a directory';
    if (!st.isFile()) return 'it is not a regular file';
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOTDIR') return 'a part of the path is not a directory';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code !== 'ENOENT') return (e as Error).message;
    try {
      if (!statSync(dirname(file)).isDirectory()) return `${displayName(dirname(file))} is not a folder`;
    } catch {
      return `no such folder ${displayName(dirname(file))}`;
    }
  }
  return null;
}

/**
 * Writes `bytes` to `file`, replacing a regular file there: first to a
 * temporary file beside it, then renamed over it, so that a failure leaves
 * the old file (or nothing) rather than half a file. A target that exists
 * and is not a regular file (a directory, `/dev/null`, a FIFO) is refused:
 * renaming over a device would replace it. `label` names it in messages.
 */
export function writeBytes(file: string, bytes: Uint8Array, label: string): void {
  let st;
  try {
    st = statSync(file);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw new InputError(`cannot write ${label}: ${why(e)}`);
  }
  if (st !== undefined && !st.isFile()) throw new InputError(`cannot write ${label}: ${st.isDirectory() ? 'it is a directory' : 'it is not a regular file'}`);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = (e as { code?: string }).code;
    throw new InputError(`cannot write ${label}: ${code === 'ENOENT' ? `no such folder ${displayName(dirname(file))}` : why(e)}`);
  }
}

/** Reads and parses a `.map`; `label` names it in a refusal to read (by default as `--map FILE`). */
export function loadMap(file: string, label = `--map ${displayName(file)}`): Grid {
  return parseMap(readText(file, label, '.map', MAX_MAP_BYTES), displayName(file));
}

/**
 * The node id of a point given by `option`, refused outside the map or on a
 * blocked cell. The one place the command line turns X,Y into a cell.
 */
export function endpoint(grid: Grid, [x, y]: readonly [number, number], option: string, mapFile: string): number {
  const name = displayName(mapFile);
  if (!grid.inside(x, y)) {
    throw new InputError(`${option} ${x},${y} is outside the ${grid.width} x ${grid.height} map ${name} (x in 0..${grid.width - 1}, y in 0..${grid.height - 1}, y from the top)`);
  }
  const n = y * grid.width + x;
  if (grid.cells[n] !== 0) throw new InputError(`${option} ${x},${y} is a blocked cell of ${name}`);
  return n;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The map file for the scenarios of `scenFile`, which must name one map.
 * With `--map` (`mapOption`), that file, provided its name is the one the
 * rows give (a file of the same size under another name would run every
 * problem on the wrong map and report broken promises instead of the
 * mistake); `force` runs it anyway. Without `--map`, the map the rows name,
 * matched on its basename beside the `.scen` file (the map column holds
 * `maps/dao/arena.map` in classic files, `arena.map` in newer ones), then at
 * the written path taken from the `.scen`'s folder.
 */
export function resolveMap(scenFile: string, scenarios: readonly Scenario[], mapOption?: string, force = false): string {
  const scenName = displayName(scenFile);
  if (scenarios.length === 0) throw new InputError(`${scenName} has no problems, so it names no map`);
  const first = scenarios[0];
  if (mapOption !== undefined) {
    if (force) return mapOption;
    const mapName = basename(mapOption);
    const other = scenarios.find((s) => s.mapName !== mapName);
    if (other) {
      throw new InputError(`${scenName}:${other.line}: the problem names map ${show(other.map)}, but --map is ${displayName(mapOption)} (${show(mapName)}); pass --force-map to run it on that map anyway`);
    }
    return mapOption;
  }
  for (const s of scenarios) {
    if (s.mapName !== first.mapName) {
      throw new InputError(`${scenName}:${s.line}:1: this row names map ${show(s.map)}, line ${first.line} names ${show(first.map)}: one map per file, or pass --map FILE.map`);
    }
  }
  const dir = dirname(scenFile);
  const tried = [join(dir, first.mapName), join(dir, first.map)];
  for (const path of tried) if (isFile(path)) return path;
  throw new InputError(`cannot find map ${show(first.map)} named in ${scenName}: looked for ${[...new Set(tried)].map(displayName).join(' and ')}; pass --map FILE.map`);
}

/** `--map FILE.map`, as every map command takes it. */
export const MAP_OPTION: OptionSpec = {
  name: 'map', kind: 'file', arg: 'FILE.map', required: true,
  help: `a Moving AI map (type octile; at most ${MAX_MAP_CELLS} cells, ${MAX_MAP_BYTES} bytes)`,
};

/** A cell option (`--from`, `--to`, `--goal`): X,Y, checked against the map by `endpoint`. */
export function pointOption(name: string, help: string): OptionSpec {
  return { name, kind: 'point', arg: 'X,Y', required: true, help };
}

/** `--json`: one machine-readable record per result. */
export function jsonOption(help: string): OptionSpec {
  return { name: 'json', kind: 'flag', help };
}
