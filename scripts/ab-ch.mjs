// Before and after, in one process: the contraction hierarchy of two built
// checkouts on one road graph, alternating on the same seeded queries.
//
//   node scripts/ab-ch.mjs OLD_CHECKOUT NEW_CHECKOUT [city] [rounds]
//
// Each checkout must be built (`npm run build`); each builds its own
// hierarchy from its own parser on this checkout's data/roads/<city> files
// (default seattle), then both answer the same 500 seeded pairs, one round
// of each in turn, `rounds` times (default 9). Printed per checkout: the
// CPU time per query (process user + system over the round; on a machine
// loaded past its cores wall time mostly measures the neighbours), minimum
// and median over the rounds, the mean nodes settled per query, the build's
// CPU time and the shortcuts; then how many costs differ between the two.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [oldRoot, newRoot, city = 'seattle', rounds = '9'] = process.argv.slice(2);
if (!oldRoot || !newRoot || !/^\d+$/.test(rounds)) {
  console.error('usage: node scripts/ab-ch.mjs OLD_CHECKOUT NEW_CHECKOUT [city] [rounds]');
  process.exit(2);
}
const data = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'roads');
const co = readFileSync(join(data, `${city}-roads.co.bin`)), gr = readFileSync(join(data, `${city}-roads.gr.bin`));
const cpu = () => { const c = process.cpuUsage(); return c.user + c.system; };

const sides = [];
for (const root of [oldRoot, newRoot]) {
  const dist = (p) => pathToFileURL(resolve(root, 'dist/src', p)).href;
  const { ContractionHierarchy } = await import(dist('index.js'));
  const { parseRoads } = await import(dist('io/index.js'));
  const net = parseRoads(co, gr, city);
  const t0 = cpu();
  const ch = new ContractionHierarchy(net.graph);
  sides.push({ root, ch, size: net.graph.size, buildS: (cpu() - t0) / 1e6, us: [] });
}
// A Lehmer generator: the same pairs for both sides and every run.
let seed = 7;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pairs = Array.from({ length: 500 }, () => [Math.floor(next() * sides[0].size), Math.floor(next() * sides[0].size)]);
const answers = sides.map(({ ch }) => pairs.map(([s, t]) => { ch.search(s, t); return [ch.cost, ch.expansions]; }));
for (let r = 0; r < Number(rounds); r++) {
  for (const side of sides) {
    const t0 = cpu();
    for (const [s, t] of pairs) side.ch.search(s, t);
    side.us.push((cpu() - t0) / pairs.length);
  }
}
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
sides.forEach((side, i) => {
  const settled = answers[i].reduce((sum, [, e]) => sum + e, 0) / pairs.length;
  console.log(`${city} ${side.root}: CPU us a query min ${Math.min(...side.us).toFixed(1)}, median ${median(side.us).toFixed(1)} [${side.us.map((u) => u.toFixed(0)).join(' ')}]; settled mean ${settled.toFixed(0)}; build ${side.buildS.toFixed(1)} s CPU, ${side.ch.shortcuts} shortcuts`);
});
const differ = pairs.filter((_, j) => {
  const a = answers[0][j][0], b = answers[1][j][0];
  return a !== b && !(Math.abs(a - b) <= 1e-9 * Math.max(1, a));
}).length;
console.log(`costs that differ: ${differ} of ${pairs.length}`);
