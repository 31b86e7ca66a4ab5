// A child process that runs command lines through the built CLI's main() with a
// collector Io, one IPC message per case, so the test can time each case out (a
// hang in synchronous code cannot be interrupted on the thread that runs it) and
// survive a case that crashes the process (an allocation failure aborts it).
const { main } = await import(process.argv[2]);

process.on('message', async ({ id, argv }) => {
  const out = [], err = [];
  const io = { out: (l) => { out.push(l); }, err: (l) => { err.push(l); }, tty: false };
  let code = null, thrown = null;
  try {
    code = await main(argv, io);
  } catch (e) {
    thrown = String(e && e.stack ? e.stack : e);
  }
  // Enough of the output to judge the case; a long path is of no interest.
  process.send({ id, code, thrown, out: out.slice(0, 20).map((l) => l.slice(0, 2000)), outLines: out.length, err: err.slice(0, 20) });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
