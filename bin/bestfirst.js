#!/usr/bin/env node
// The command line. It runs the compiled code in dist/, which the published
// package ships. In a source checkout `npm run build` (and `npm test`) makes
// it; since the package has no install-time script any more (a `prepare`
// runs on every `npm install` of the repo and is flagged by tools that audit
// install scripts), the first run in a checkout builds it here, so that
// `npm install` then `npx bestfirst ...` works as the README says.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(cli)) {
  const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url);
  const config = new URL('../tsconfig.build.json', import.meta.url);
  if (!existsSync(tsc) || !existsSync(config)) {
    console.error('bestfirst: dist/cli/main.js is missing: in a source checkout run `npm install && npm run build`');
    process.exit(1);
  }
  console.error('bestfirst: no build in this checkout yet: building dist/ once, as `npm run build` does (about 15 s)');
  try {
    // tsc reports errors on stdout: send them to stderr so stdout stays the command's own.
    execFileSync(process.execPath, [fileURLToPath(tsc), '-p', fileURLToPath(config)], { stdio: ['ignore', 2, 2] });
  } catch {
    console.error('bestfirst: the build failed (above); fix it and run `npm run build`');
    process.exit(1);
  }
}
const { main, processIo } = await import(cli.href);

// `bestfirst ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

// main prints the user's mistakes (exit 2) and our defects (exit 1) itself;
// the second handler is for a failure of main's own.
main(process.argv.slice(2), processIo).then(
  (code) => { process.exitCode = code; },
  (e) => { console.error(e); process.exitCode = 1; },
);
