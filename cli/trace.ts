import { dijkstra, Searcher } from '../src/best-first.js';
import { handTraceWorld } from '../src/worlds/hand-trace.js';
import { lessonWorld } from '../src/worlds/lesson.js';
import { fixed, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';

/**
 * `bestfirst trace [--world hand|lesson]`: the chapter's hand trace as its
 * pop table, or the lesson's step-by-step narration.
 */
export const TRACE: CommandSpec = {
  name: 'trace',
  summary: 'the chapter\'s hand trace, or the lesson\'s narration',
  about: 'The chapter\'s hand trace of A* on its 4 x 3 grid as a pop table (g, h, f), or the lesson grid\'s narration, one sentence per expansion.',
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

/** The lesson's narration: one line per expansion, then the arrival. */
export function printLesson(io: Io): void {
  const w = lessonWorld();
  const s = new Searcher(w.grid);
  s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
  const t = s.trace!;
  const at = (n: number) => w.grid.formatXY(n);
  const num = (v: number) => String(Math.round(v * 1e9) / 1e9);
  t.pops.forEach((p, k) => {
    if (p.node === w.goal) return;
    const joined = t.pushes.filter((q) => q.during === k);
    let line = `Expand ${at(p.node)}, g = ${num(p.g)}, f = ${num(p.f)}.`;
    if (joined.length === 0) line += ' Every open neighbour was reached already, so nothing joins the frontier.';
    else {
      line += ` New neighbours ${joined.map((q) => at(q.node)).join(', ')} get g = ${[...new Set(joined.map((q) => num(q.g)))].join(', ')}`;
      line += ` and f = ${joined.map((q) => num(q.f)).join(', ')}. Frontier: ${p.frontier}.`;
    }
    io.out(line);
  });
  const last = t.pops[t.pops.length - 1];
  io.out(`The goal ${at(last.node)} comes off the frontier with g = ${num(last.g)}; nothing left on it has a smaller f.`);
  io.out(`Goal reached at distance ${num(s.cost)}.`);
  io.out(`Shortest path of ${s.path()!.length - 1} steps after expanding ${t.pops.length} of the ${w.grid.freeCount()} open cells.`);
}
