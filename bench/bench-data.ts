/**
 * Where the benchmarks find their data. The repository's data/ folder comes
 * first: every clone has it, and data/SHA256SUMS pins it, so a run on it can
 * be repeated anywhere. data/extra/ (ignored by git) comes second: the larger
 * optional sets (the other road graphs, the full Moving AI families) go there;
 * data/README.md says how to fetch them. A name found in both is read from
 * data/, so adding extras never changes what the committed names mean.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the first folder above this file holding package.json (works from bench/ and from dist/bench/). */
function repoRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`bench: no package.json in any folder above ${here}`);
  }
}

export const ROOT = repoRoot();
/** The committed data, then the optional extras, in the order they are searched. */
export const DATA_DIRS: readonly string[] = [join(ROOT, 'data'), join(ROOT, 'data', 'extra')];

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The absolute path of `rel` (e.g. 'roads/rome-roads.co.bin') in the first data folder holding it, or null. */
export function findData(rel: string): string | null {
  for (const dir of DATA_DIRS) {
    const path = join(dir, rel);
    if (isFile(path)) return path;
  }
  return null;
}

/** As findData, but a missing file is an error naming every path looked at. */
export function dataFile(rel: string): string {
  const path = findData(rel);
  if (path === null) throw new Error(`bench: data file ${rel} not found; looked for ${DATA_DIRS.map((d) => join(d, rel)).join(' and ')} (see data/README.md)`);
  return path;
}

/** A data path as the report prints it: relative to the repository root. */
export const shown = (path: string) => relative(ROOT, path);
