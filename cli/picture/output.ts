import { resolve } from 'node:path';
import { InputError } from '#bestfirst';
import { displayName, whyUnwritable, writeBytes } from '../files.js';
import type { Io } from '../io.js';
import type { Args, OptionSpec } from '../options.js';

/**
 * The picture options of the commands (`--svg`, `--png`, `--geojson`) and
 * how their files are written: checked before any work, written whole
 * through `writeBytes` (a temporary file renamed over the target), and said
 * in one `wrote` line after the command's own output, as `costmap --out` does.
 */

/** `--svg FILE.svg`: `what` is drawn; `extra` says what else the option needs. */
export function svgOption(what: string, extra = ''): OptionSpec {
  return { name: 'svg', kind: 'file', arg: 'FILE.svg', help: `also draw ${what} as an SVG picture in FILE.svg${extra} (a file there is replaced)` };
}

/** `--png FILE.png`: the picture `--svg` draws, as pixels. */
export const PNG_OPTION: OptionSpec = {
  name: 'png', kind: 'file', arg: 'FILE.png',
  help: 'also draw the --svg picture as a PNG in FILE.png (RGB, one cell k x k pixels, the longer side at most 2048 pixels where the map allows; a file there is replaced)',
};

/**
 * The picture files the user asked for among `options`, each checked before
 * any file is read or any search run: writable, not one of the `inputs`
 * (the map, its image), and no two the same. Refusals name the option and
 * the file, as `--out` refusals do.
 */
export function pictureTargets(args: Args, options: readonly string[], inputs: readonly string[], command: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const option of options) {
    const file = args.get<string>(option);
    if (file === undefined) continue;
    const label = `--${option} ${displayName(file)}`;
    const why = whyUnwritable(file);
    if (why !== null) throw new InputError(`${command}: cannot write ${label}: ${why}`);
    for (const f of inputs) if (resolve(f) === resolve(file)) throw new InputError(`${command}: ${label} is one of the files read (${displayName(f)}); write the picture elsewhere`);
    for (const [other, f] of targets) if (resolve(f) === resolve(file)) throw new InputError(`${command}: ${label} is also --${other}; give each picture a file of its own`);
    targets.set(option, file);
  }
  return targets;
}

/** Writes one picture; returns its `wrote` line for the command to print after its output. */
export function writePicture(command: string, option: string, file: string, bytes: Uint8Array | string, what: string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  try {
    writeBytes(file, data, `--${option} ${displayName(file)}`);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${command}: ${e.message}`);
    throw e;
  }
  return `wrote ${displayName(file)}: ${what}, ${data.length} bytes`;
}

/** Prints the `wrote` lines in text mode; with --json stdout stays one record, so they are not printed. */
export function sayWritten(io: Io, lines: readonly string[], json: boolean): void {
  if (!json) for (const l of lines) io.out(l);
}
