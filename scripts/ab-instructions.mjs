// One grid searcher of one built checkout on a fixed set of Moving AI queries,
// for counting instructions under callgrind (repeatable whatever else the
// machine does, where wall and CPU time on a shared machine move by 20% and
// more between runs of the same code):
//
//   valgrind --tool=callgrind --smc-check=all --callgrind-out-file=/dev/null \
//     node scripts/ab-instructions.mjs CHECKOUT LIB [FAMILY] [QUERIES]
//
// LIB is a name of the grid track ('bestfirst A*'); the "Collected" line of
// callgrind's summary is the figure to compare between two checkouts.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, libName, family = 'dao', count = '24'] = process.argv.slice(2);
const at = (file) => pathToFileURL(resolve(root, file)).href;
const g = await import(at('dist/bench/bench-grid.js'));
const l = await import(at('dist/bench/bench-libs.js'));
const lib = l.GRID_LIBS.find((x) => x.name === libName);
if (!lib) { console.error(`no lib ${libName}`); process.exit(2); }
const samples = g.sampleFamily(family, Number(count), 20261201);
let paths = 0;
for (const s of samples) {
  const built = lib.build(s.grid);
  for (const q of s.queries) {
    built.query(q.sx, q.sy, q.gx, q.gy);
    if (built.path() !== null) paths++;
  }
}
console.log(`${libName} on ${family}: ${paths} paths`);
