// `bestfirst ARGV` in this process: main() with a collector, the way the command-line tests run it.
import { main } from '../../cli/main.js';
import { collect } from './cli-io.js';

/** Runs `bestfirst ARGV` through main(); returns the exit code and the lines written to stdout and stderr. */
export async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const c = collect();
  const code = await main(argv, c.io);
  return { code, out: c.out, err: c.err };
}
