#!/usr/bin/env node
// The command line. It runs the compiled code in dist/ (built by `npm install`
// through the prepare script, or by `npm run build`).
import { main, processIo } from '../dist/cli/main.js';

// `bestfirst ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

// main prints the user's mistakes (exit 2) and our defects (exit 1) itself;
// the second handler is for a failure of main's own.
main(process.argv.slice(2), processIo).then(
  (code) => { process.exitCode = code; },
  (e) => { console.error(e); process.exitCode = 1; },
);
