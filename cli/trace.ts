import { dijkstra, Searcher } from '#bestfirst';
import { handTraceWorld, narrationLine, lessonWorld } from '#bestfirst/worlds';
import { fixed, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';

/**
 * `bestfirst trace [--world hand|lesson]`: the chapter's hand trace as its
 * pop table, or the lesson's step-by-step narration.
 */
export const TRACE: CommandSpec = {
  name: 'trace',
  summary: 'the chapter\'s hand trace, or the lesson\'s narration',
  about: 'The chapter\'s hand trace of A* on its 4 x 3 grid as a pop table (g, h, f), or the lesson grid\'s narration, one line per expansion, as the page\'s step player tells it.',
  options: [
    { name: 'world', kind: 'choice', arg: 'W', choices: ['hand', 'lesson'], default: 'hand', help: 'hand: the 4 x 3 pop table; lesson: the 5 x 6 narration' },
  ],
  notes: ['Exit status: 0 done, 2 a mistake in the command line.'],
  run,
};

export function traceCommand(args: readonly string[], io: Io): number {
  return runCommand(TRACE, args, io);
}

function run(args: Args, io: Io): number {
  if (args.need<string>('world') === 'hand') printHandTrace(io);
  else printLesson(io);
  return 0;
}

/** The 4 x 3 grid's A* trace in the chapter's table format. */
export function printHandTrace(io: Io): void {
  const w = handTraceWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, trace: true });
  const at = (n: number) => w.grid.formatColRow(n);
  io.out('pop  node   g    h    f');
  s.trace!.pops.forEach((p, k) => {
    io.out(`${String(k + 1).padStart(3)}  ${at(p.node)} ${fixed(p.g)}  ${fixed(p.h)}  ${fixed(p.f)}`);
  });
  io.out(`path: ${s.path()!.map(at).join(' ')}`);
  io.out(`cost = ${fixed(s.cost)}`);
  const d = dijkstra(w.grid, w.start, w.goal);
  io.out(`dijkstra: expansions = ${d.expansions}, cost = ${fixed(d.cost)}`);
}

/**
 * The lesson's narration, in the words the page's step player uses (the
 * library's narrationLine): one line per expansion, the goal's being the
 * arrival.
 */
export function printLesson(io: Io): void {
  const w = lessonWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  const t = s.trace!;
  for (let k = 0; k < t.pops.length; k++) io.out(narrationLine(t, w.grid, w.goal, k));
}
