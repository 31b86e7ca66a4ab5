// A child process that runs rows of the bad-input table against the built
// library, one IPC message per row as it ends, so the test can time a row out (a
// hang in synchronous code cannot be interrupted from inside) and survive one
// that kills the process. The test starts it under `ulimit -v`: an allocation a
// hostile size asks for fails as a RangeError here instead of taking memory from
// the machine. The table is TypeScript the test transpiled into `tableDir`; the
// entry points are dist/'s.
const { entries, tableDir } = JSON.parse(process.argv[2]);
const L = {
  root: await import(entries.root),
  grid: await import(entries.grid),
  costmap: await import(entries.costmap),
  repair: await import(entries.repair),
  mapf: await import(entries.mapf),
  io: await import(entries.io),
  worlds: await import(entries.worlds),
  cspace: await import(entries.cspace),
  search: await import(entries.search),
  kinematic: await import(entries.kinematic),
  lite: await import(entries.lite),
};
const { buildTable, UNCHECKED } = await import(new URL('bad-input-table.js', tableDir).href);
const rows = buildTable();

// A library call must not print: what it writes to the console is caught and reported with its row.
let printed = [];
for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[k] = (...a) => { printed.push(`console.${k}: ${a.map(String).join(' ').slice(0, 200)}`); };

process.on('message', (msg) => {
  if (msg.cmd === 'manifest') {
    process.send({ manifest: rows.map((r) => r.info), unchecked: UNCHECKED });
    return;
  }
  for (const id of msg.ids) {
    printed = [];
    const t0 = performance.now();
    const out = rows[id].exec(L);
    out.ms = performance.now() - t0;
    if (printed.length > 0) out.problem = `${out.problem ? `${out.problem}; ` : ''}printed: ${printed.join(' | ')}`;
    process.send({ id, ...out });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
