import { AraSearcher, ARA_SCHEDULE } from '../src/ara.js';
import { octile } from '../src/heuristics.js';
import { parseMap } from '../src/movingai.js';
import { readText } from './files.js';
import { fixed, parseArgs, UsageError, type Io } from './io.js';
import { endpoint } from './plan.js';

export const ARA_HELP = 'ara --map FILE.map --from X,Y --to X,Y [--schedule 3,2,1.5,1] [--max-expansions N] [--max-ms T] [--json]   anytime repairing A*, one line per round';

/** "3,2,1.5,1" as numbers; the values themselves are judged by the library's checkSchedule. */
export function parseSchedule(text: string): number[] {
  const parts = text.split(',');
  return parts.map((p, i) => {
    const v = Number(p.trim());
    if (p.trim() === '' || Number.isNaN(v)) {
      throw new UsageError(`--schedule: item ${i + 1} ${JSON.stringify(p)} is not a number (expected decreasing numbers >= 1 separated by commas, e.g. ${ARA_SCHEDULE.join(',')})`);
    }
    return v;
  });
}

function budget(text: string | undefined, option: string): number {
  if (text === undefined) return Infinity;
  const v = Number(text);
  if (text.trim() === '' || !(v >= 0)) throw new UsageError(`${option}: expected a number >= 0, got ${JSON.stringify(text)}`);
  return v;
}

/**
 * `bestfirst ara --map FILE.map --from X,Y --to X,Y [--schedule ...]`: runs
 * ARA* with the octile heuristic and prints each round's eps, cost,
 * expansions, proven bound and time. Exit 0 with a path, 1 without one
 * (unreachable, or a budget that ran out before the first round ended).
 */
export function araCommand(args: string[], io: Io): number {
  const { options, flags, positionals } = parseArgs(args, { values: ['map', 'from', 'to', 'schedule', 'max-expansions', 'max-ms'], flags: ['json'] }, 'ara');
  if (positionals.length > 0) throw new UsageError(`ara: unexpected argument ${JSON.stringify(positionals[0])} (usage: ${ARA_HELP})`);
  for (const need of ['map', 'from', 'to']) {
    if (!options.has(need)) throw new UsageError(`ara: --${need} is required (usage: ${ARA_HELP})`);
  }
  const schedule = options.has('schedule') ? parseSchedule(options.get('schedule')!) : ARA_SCHEDULE;
  const maxExpansions = budget(options.get('max-expansions'), '--max-expansions');
  const maxMillis = budget(options.get('max-ms'), '--max-ms');
  const mapFile = options.get('map')!;
  const grid = parseMap(readText(mapFile), mapFile);
  const start = endpoint(grid, options.get('from')!, '--from', mapFile);
  const goal = endpoint(grid, options.get('to')!, '--to', mapFile);

  const searcher = new AraSearcher(grid);
  searcher.begin(start, goal, octile(grid), { schedule });
  const r = searcher.run({ maxExpansions, maxMillis });

  if (flags.has('json')) {
    io.out(JSON.stringify({
      map: mapFile, from: [grid.x(start), grid.y(start)], to: [grid.x(goal), grid.y(goal)], schedule,
      status: r.status, cost: r.path ? r.cost : null, bound: r.path ? r.bound : null, expansions: r.expansions,
      millis: Math.round(r.millis * 100) / 100,
      iterations: r.iterations.map((it) => ({
        eps: it.eps, cost: it.cost, expansions: it.expansions, bound: it.bound, millis: Math.round(it.millis * 100) / 100, cells: it.path.length,
      })),
    }));
  } else {
    io.out(`map ${mapFile} (${grid.width} x ${grid.height}), from ${grid.formatXY(start)} to ${grid.formatXY(goal)}, schedule ${schedule.join(', ')}`);
    io.out('   eps            cost  expansions   bound      ms');
    for (const it of r.iterations) {
      io.out(`${fixed(it.eps, 3).padStart(6)}  ${fixed(it.cost, 8).padStart(14)}  ${String(it.expansions).padStart(10)}  ${fixed(it.bound, 4).padStart(6)}  ${fixed(it.millis, 2).padStart(6)}`);
    }
    const why = {
      'optimal': 'proven optimal (bound 1)',
      'bounded': `schedule ended; within ${r.path ? fixed(r.bound, 4) : '?'} of the optimum`,
      'unreachable': 'no path: the goal cannot be reached',
      'step-limit': `expansion budget spent; ${r.path ? `best path so far is within ${fixed(r.bound, 4)} of the optimum` : 'no path yet'}`,
      'time-limit': `time budget spent; ${r.path ? `best path so far is within ${fixed(r.bound, 4)} of the optimum` : 'no path yet'}`,
      'running': 'still running',
    }[r.status];
    io.out(`${r.status}: ${why}; ${r.expansions} expansions in ${fixed(r.millis, 2)} ms`);
  }
  return r.path ? 0 : 1;
}
