// Before and after, in one process: the grid track's bestfirst searchers of
// two built checkouts, alternating on the same seeded Moving AI queries.
//
//   node --expose-gc scripts/ab-grid.mjs OLD_CHECKOUT NEW_CHECKOUT [repetitions]
//
// Each checkout must be built (`npm run build`: dist/bench and dist/src) and
// is measured with its own bench/bench-grid and bench/bench-libs, so the
// queries, checks and timing loop are the benchmark's. Why not two runs of
// `npm run bench`: on a shared machine two runs of the same code differ by up
// to 16% (measured, JPS's geometric mean), the native reference moving too;
// here both builds see the same machine state, alternating old/new and
// new/old, and each figure is the median over the repetitions of a family's
// mean query time. Environment: LIBS and FAMS (comma-separated) narrow it,
// SEED picks the sample (the benchmark's by default), CLOCK=cpu measures the
// process's CPU time in the timed loop instead of wall time: on a machine
// loaded past its cores, wall time mostly measures the neighbours (measured
// at a load of 16 on 2 cores: wall-time ratios from 0.51 to 1.59 for an A*
// loop whose code had not changed).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [oldRoot, newRoot] = process.argv.slice(2, 4);
if (!oldRoot || !newRoot) {
  console.error('usage: node --expose-gc scripts/ab-grid.mjs OLD_CHECKOUT NEW_CHECKOUT [repetitions]');
  process.exit(2);
}
const reps = Number(process.argv[4] ?? 4);
const SEED = Number(process.env.SEED ?? 20261201);
async function load(root) {
  const at = (file) => pathToFileURL(resolve(root, file)).href;
  const g = await import(at('dist/bench/bench-grid.js'));
  const l = await import(at('dist/bench/bench-libs.js'));
  // Ours only (the peers did not change), and not the lazy heap: it is the benchmark's measured alternative.
  return { g, libs: l.GRID_LIBS.filter((x) => x.name.startsWith('bestfirst') && !x.name.includes('lazy')) };
}
const v = { old: await load(oldRoot), new: await load(newRoot) };
const names = v.new.libs.map((x) => x.name).filter((n) => !process.env.LIBS || process.env.LIBS.split(',').includes(n));
const acc = {};
for (const fam of v.new.g.FAMILIES.filter((f) => !process.env.FAMS || process.env.FAMS.split(',').includes(f))) {
  const i = v.new.g.FAMILIES.indexOf(fam);
  const maps = { old: v.old.g.sampleFamily(fam, 24, SEED + i), new: v.new.g.sampleFamily(fam, 24, SEED + i) };
  for (const name of names) {
    const lib = { old: v.old.libs.find((x) => x.name === name), new: v.new.libs.find((x) => x.name === name) };
    const t = { old: [], new: [] };
    for (let r = 0; r < reps; r++) for (const k of r % 2 ? ['old', 'new'] : ['new', 'old']) {
      const res = await v[k].g.runLib(lib[k], fam, maps[k], 3);
      // CPU: the timed loop's process CPU time per query (runLib times 3 rounds).
      t[k].push(process.env.CLOCK === 'cpu' ? (1000 * res.cpuShare * res.wallMs) / (res.n * 3) : res.mean);
      if (res.valid !== res.n) throw new Error(`${k} ${name} ${fam}: invalid paths`);
    }
    const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const ratio = med(t.new) / med(t.old);
    (acc[name] ??= []).push(ratio);
    console.log(`${fam.padEnd(7)} ${name.padEnd(22)} old ${med(t.old).toFixed(0).padStart(7)} us  new ${med(t.new).toFixed(0).padStart(7)} us  new/old ${ratio.toFixed(3)}`);
  }
}
for (const [name, rs] of Object.entries(acc)) console.log(`ALL     ${name.padEnd(22)} geometric mean new/old ${Math.exp(rs.reduce((s, x) => s + Math.log(x), 0) / rs.length).toFixed(3)}`);
