// A batch command killed partway, for the tests that resume it (scen's,
// route's and fleet's): started as its own process, which sends itself
// SIGKILL while it writes row `rows` + 1 of its --jsonl file (the preload
// die-partway.mjs does that). Killing it from here once the file held enough
// rows raced the run: a child at normal priority finished 776 of 2,000 route
// pairs before the loop first looked, and on CI a sweep of 8 rows ended
// before the loop saw 2.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('./die-partway.mjs', import.meta.url));

/** The whole rows of a --jsonl results file: its lines ending in a newline, less the header. */
function jsonlRows(file: string): number {
  return existsSync(file) ? Math.max(0, readFileSync(file, 'utf8').split('\n').length - 2) : 0;
}

/**
 * Runs `node bin argv...` from `cwd` (a fresh --jsonl `file` among the
 * arguments) until it dies by SIGKILL halfway through writing row `rows` + 1;
 * resolves once it is gone. Fails if the run ends any other way.
 */
export async function killPartway(bin: string, argv: readonly string[], cwd: string, file: string, rows: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', PRELOAD, bin, ...argv], {
    cwd, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, BESTFIRST_TEST_DIE_FILE: file, BESTFIRST_TEST_DIE_ROWS: String(rows) },
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('close', (c, s) => r([c, s])));
  if (signal !== 'SIGKILL') throw new Error(`killPartway: the run ended (code ${code}, signal ${signal}) before writing row ${rows + 1} of ${file}; ${jsonlRows(file)} rows there\n${err}`);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.length !== rows + 2 || lines[rows + 1] === '') throw new Error(`killPartway: ${file} holds ${lines.length - 1} whole lines and not a cut one after them`);
}
