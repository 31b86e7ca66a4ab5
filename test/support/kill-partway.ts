// A batch command killed partway: started as its own process, killed with
// SIGKILL once its --jsonl file holds `rows` rows, for the tests that resume
// it (scen's and route's shards tests). The child runs at the lowest
// priority: on a busy machine a child at normal priority finished 776 of
// 2,000 route pairs before the test's loop first looked at the file.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The rows of a --jsonl results file (the header line and the last newline left out). */
export function jsonlRows(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 2 : 0;
}

/** Runs `node bin argv...` from `cwd` until `file` holds `rows` rows, kills it with SIGKILL, and resolves to the rows it left. */
export async function killPartway(bin: string, argv: readonly string[], cwd: string, file: string, rows: number): Promise<number> {
  const child = spawn(process.execPath, [bin, ...argv], { cwd, stdio: 'ignore' });
  setPriority(child.pid!, 19);
  let over = false;
  const exited = new Promise((r) => child.once('exit', () => { over = true; r(null); }));
  while (jsonlRows(file) < rows) {
    // A run that ends first (done, or failed) is not one killed partway: say so rather than wait for ever.
    if (over) throw new Error(`killPartway: the run ended before ${file} held ${rows} rows (${jsonlRows(file)})`);
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill('SIGKILL');
  await exited;
  return jsonlRows(file);
}
