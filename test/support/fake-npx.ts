// The cluster examples' commands say `npx bestfirst ...`: a folder whose `npx`
// runs this checkout's bin/bestfirst.js instead, to put first on PATH.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A new folder holding an `npx` that runs `npx bestfirst ARGS` as bin/bestfirst.js ARGS. */
export function fakeNpx(): string {
  const bin = mkdtempSync(join(tmpdir(), 'bestfirst-npx-'));
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = "bestfirst" ] && shift\nexec "${process.execPath}" "${join(ROOT, 'bin/bestfirst.js')}" "$@"\n`);
  chmodSync(join(bin, 'npx'), 0o755);
  return bin;
}
