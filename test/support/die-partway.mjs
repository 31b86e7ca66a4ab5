// Preloaded (`node --import`) into a batch command by killPartway: the
// process sends itself SIGKILL in the middle of writing row ROWS + 1 of the
// results file FILE (both from the environment), so the file holds its
// header, ROWS whole rows and a cut line. A kill timed from outside raced the
// run: on CI's loaded machine a sweep of 8 rows ended before the test's loop
// saw 2 rows in its file. Here the kill point is the same on every machine.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BESTFIRST_TEST_DIE_FILE;
const rows = Number(process.env.BESTFIRST_TEST_DIE_ROWS);
if (isMainThread && file !== undefined && Number.isInteger(rows) && rows >= 0) {
  const target = resolve(file);
  const { openSync, writeSync } = fs;
  let fd = -1, lines = 0;
  fs.openSync = function (path, ...rest) {
    const opened = openSync.call(fs, path, ...rest);
    if (typeof path === 'string' && resolve(path) === target) fd = opened;
    return opened;
  };
  fs.writeSync = function (to, buffer, offset, length, position) {
    // The results file writes one line per call: the header is line 1.
    if (to === fd && ++lines === rows + 2) {
      writeSync.call(fs, to, buffer, offset, Math.max(1, Math.floor(length / 2)), position);
      process.kill(process.pid, 'SIGKILL');
    }
    return writeSync.call(fs, to, buffer, offset, length, position);
  };
  // The CLI imports these by name as ES modules: their bindings follow the patch only after this.
  syncBuiltinESMExports();
}
