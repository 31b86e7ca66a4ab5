import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Scenario } from '../src/movingai.js';
import { UsageError } from './io.js';

/** Reads a text file, turning the usual failures into one clear line. */
export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file'
      : code === 'EISDIR' ? 'it is a directory'
      : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : (e as Error).message;
    throw new UsageError(`cannot read ${file}: ${why}`);
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The map file for the scenarios of `scenFile`. `--map` wins; otherwise the
 * map the rows name, matched on its basename, beside the `.scen` file (the
 * map column holds `maps/dao/arena.map` in classic files, `arena.map` in
 * newer ones), then at the written path taken from the `.scen`'s folder.
 * Every row must name the same map.
 */
export function resolveMap(scenFile: string, scenarios: readonly Scenario[], mapOption?: string): string {
  if (mapOption !== undefined) return mapOption;
  if (scenarios.length === 0) throw new UsageError(`${scenFile} has no scenarios, so it names no map: pass --map FILE.map`);
  const first = scenarios[0];
  for (const s of scenarios) {
    if (s.mapName !== first.mapName) {
      throw new UsageError(`${scenFile}:${s.line}:1: this row names map ${JSON.stringify(s.map)}, line ${first.line} names ${JSON.stringify(first.map)}: one map per file, or pass --map FILE.map`);
    }
  }
  const dir = dirname(scenFile);
  const tried = [join(dir, first.mapName), join(dir, first.map)];
  for (const path of tried) if (isFile(path)) return path;
  throw new UsageError(`cannot find map ${JSON.stringify(first.map)} named in ${scenFile}: looked for ${[...new Set(tried)].join(' and ')}; pass --map FILE.map`);
}
