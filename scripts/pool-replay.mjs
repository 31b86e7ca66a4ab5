// How evenly `scen --workers 2` shares a scenario file between its two
// threads, replayed from the rows' work instead of timed: on a shared machine
// a timed run of two threads mostly measures the neighbours.
//
//   npm run build
//   node bin/bestfirst.js scen FILE.scen --json --no-times --workers 1 > rows.jsonl
//   node scripts/pool-replay.mjs rows.jsonl [more.jsonl ...]
//
// A row's work is its expansions (plus 20 for the row's fixed cost). The
// replay follows SearchPool's dealing (src/core/search-pool.ts): this thread
// takes the next chunk whenever it is free; the worker holds two chunks, one
// in hand and one waiting, and is handed the next as it answers one. It
// prints, per file, the work two threads do in the time of the slower one,
// as a multiple of one thread's: with the chunk sizes SearchPool uses
// (`chunkSize`) and with the fixed size it used before (about 32 chunks a
// thread). 2.000x is the most two threads can do.
import { readFileSync } from 'node:fs';
import { chunkSize } from '../dist/src/core/search-pool.js';

const THREADS = 2;

/** The slower thread's finishing time when `cost` is dealt in chunks of `size(handed)`. */
function makespan(cost, size) {
  let handed = 0;
  const next = () => {
    if (handed >= cost.length) return null;
    const from = handed;
    handed = Math.min(cost.length, handed + size(handed));
    let w = 0;
    for (let i = from; i < handed; i++) w += cost[i];
    return w;
  };
  let here = 0, worker = 0, hereDone = false;
  const waiting = [next(), next()].filter((w) => w !== null);
  while (!(hereDone && waiting.length === 0)) {
    if (!hereDone && (here <= worker || waiting.length === 0)) {
      const w = next();
      if (w === null) hereDone = true; else here += w;
    } else {
      worker += waiting.shift();
      const w = next();
      if (w !== null) waiting.push(w);
    }
  }
  return Math.max(here, worker);
}

for (const file of process.argv.slice(2)) {
  const cost = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"line"')).map((l) => JSON.parse(l).expansions + 20);
  const total = cost.length, sum = cost.reduce((a, b) => a + b, 0);
  const fixed = Math.max(1, Math.min(256, Math.ceil(total / (THREADS * 32))));
  const now = makespan(cost, (handed) => chunkSize(total, handed, THREADS));
  const before = makespan(cost, () => fixed);
  console.log(`${file}: ${total} rows; two threads do ${(sum / now).toFixed(3)}x one thread's work (fixed chunks of ${fixed}: ${(sum / before).toFixed(3)}x)`);
}
