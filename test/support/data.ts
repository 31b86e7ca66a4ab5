// The tests read their benchmark data from the repository's own data/ folder
// (data/README.md says where each file came from). A test whose file is
// missing fails and names the path it looked at: a silent skip would let a
// clone without its data look green.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's data/ folder, absolute. */
export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

/**
 * The absolute path of `data/<rel>` (for example `movingai/dao/arena.map`).
 * Throws when the file is not there, saying where it looked, and when `rel`
 * leads outside data/ (a test must not depend on what lies beside the clone).
 */
export function dataFile(rel: string): string {
  const path = resolve(DATA_DIR, rel);
  const inside = relative(DATA_DIR, path);
  if (isAbsolute(rel) || inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw new Error(`dataFile: ${JSON.stringify(rel)} is not a file inside ${DATA_DIR}`);
  }
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    // missing: reported below with the path
  }
  if (!isFile) throw new Error(`data file missing: looked for ${path} (the repository's data/ folder; see data/README.md)`);
  return path;
}
