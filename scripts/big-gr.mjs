// Writes a large DIMACS .gr for the streamed reader: a W x W grid of nodes,
// each joined to its right and lower neighbours both ways (4 arcs a node,
// less at the edges), weights drawn from a fixed seed. The 9th challenge's
// USA graph (24 million nodes, 58 million arcs) is more text than a string
// can hold; `route --gr` must read this one chunk by chunk.
//
//   node scripts/big-gr.mjs OUT.gr [ARCS]      (ARCS default 30,000,000)
//   node bin/bestfirst.js route --gr OUT.gr --from 1 --to N --algo dijkstra
import { closeSync, openSync, writeSync } from 'node:fs';

const [out, arcsText = '30000000'] = process.argv.slice(2);
if (out === undefined) { console.error('usage: node scripts/big-gr.mjs OUT.gr [ARCS]'); process.exit(2); }
const want = Number(arcsText);
const w = Math.ceil(Math.sqrt(want / 4)) + 1;
const arcs = 4 * w * (w - 1);
let seed = 20261205;
const weight = () => { seed = (seed * 1103515245 + 12345) >>> 0; return 1 + (seed >>> 16) % 1000; };
const fd = openSync(out, 'w');
let buf = `c a ${w} x ${w} grid, both ways\np sp ${w * w} ${arcs}\n`;
for (let y = 0; y < w; y++) {
  for (let x = 0; x < w; x++) {
    const u = y * w + x + 1;
    if (x + 1 < w) { const c = weight(); buf += `a ${u} ${u + 1} ${c}\na ${u + 1} ${u} ${c}\n`; }
    if (y + 1 < w) { const c = weight(); buf += `a ${u} ${u + w} ${c}\na ${u + w} ${u} ${c}\n`; }
    if (buf.length > 1 << 22) { writeSync(fd, buf); buf = ''; }
  }
}
writeSync(fd, buf);
closeSync(fd);
console.log(`${out}: ${w * w} nodes, ${arcs} arcs; route --from 1 --to ${w * w}`);
