import { InputError, octile } from '#bestfirst';
import { AraSearcher, ARA_SCHEDULE } from '#bestfirst/repair';
import { checkSchedule, show } from '#bestfirst/internal';
import { EPS } from './algos.js';
import { displayName, endpoint, jsonOption, loadMap, MAP_OPTION, pointOption } from './files.js';
import { fixed, type Io } from './io.js';
import { isDecimal, runCommand, type Args, type CommandSpec } from './options.js';

/** The longest schedule the command line takes: each entry is a search round. */
const MAX_ROUNDS = 100;

/**
 * "3,2,1.5,1" as numbers, each a decimal as every number on the command
 * line, at most EPS.max; whether they make a schedule is the library's
 * checkSchedule to say (one definition of a schedule).
 */
export function parseSchedule(text: string, option = '--schedule'): number[] {
  const expected = `expected decreasing numbers >= 1 separated by commas, e.g. ${ARA_SCHEDULE.join(',')}`;
  const parts = text.split(',');
  if (parts.length > MAX_ROUNDS) throw new InputError(`${option}: ${parts.length} items, more than the ${MAX_ROUNDS} rounds a schedule may have (${expected})`);
  const schedule = parts.map((p, i) => {
    if (!isDecimal(p)) throw new InputError(`${option}: item ${i + 1} ${show(p)} is not a number (${expected})`);
    const v = Number(p);
    if (!(v <= EPS.max!)) throw new InputError(`${option}: item ${i + 1} ${show(p)} is above ${EPS.max}, the largest inflation the command line takes`);
    return v;
  });
  try {
    checkSchedule(schedule);
  } catch (e) {
    // checkSchedule only judges its argument, so whatever it refuses is the user's schedule.
    if (e instanceof RangeError) throw new InputError(`${option} ${text}: ${e.message.replace(/^ara: /, '')}`);
    throw e;
  }
  return schedule;
}

/**
 * `bestfirst ara --map FILE.map --from X,Y --to X,Y [--schedule ...]`: runs
 * ARA* with the octile heuristic and prints each round's eps, cost,
 * expansions, proven bound and time. Exit 0 with a path, 1 without one
 * (unreachable, or a budget that ran out before the first round ended).
 */
export const ARA: CommandSpec = {
  name: 'ara',
  summary: 'anytime repairing A* (ARA*), one line per round',
  about: 'Anytime repairing A* (ARA*) with the octile heuristic: one line per round with its inflation, the cost found, expansions, the proven bound on the cost and the time.',
  options: [
    MAP_OPTION,
    pointOption('from', 'the start cell'),
    pointOption('to', 'the goal cell'),
    {
      name: 'schedule', kind: 'custom', arg: 'E1,E2,...', default: ARA_SCHEDULE.join(','), parse: parseSchedule,
      help: `the inflations of the rounds: decimal numbers from ${EPS.min} to ${EPS.max}, strictly decreasing, at most ${MAX_ROUNDS}; a last 1 proves the optimum`,
    },
    { name: 'max-expansions', kind: 'integer', arg: 'N', min: 0, max: Number.MAX_SAFE_INTEGER, help: 'stop after N expansions in all [default: no limit]' },
    { name: 'max-ms', kind: 'number', arg: 'T', min: 0, help: 'stop after T milliseconds [default: no limit]' },
    jsonOption('print one JSON record (with every round) instead of text'),
  ],
  notes: ['Exit status: 0 a path was found, 1 no path (unreachable, or a budget spent before the first round ended), 2 a mistake in the command line or the files.'],
  run,
};

export function araCommand(args: readonly string[], io: Io): number {
  return runCommand(ARA, args, io);
}

function run(args: Args, io: Io): number {
  const schedule = args.need<number[]>('schedule');
  const maxExpansions = args.get<number>('max-expansions') ?? Infinity;
  const maxMillis = args.get<number>('max-ms') ?? Infinity;
  const mapFile = args.need<string>('map');
  const grid = loadMap(mapFile);
  const start = endpoint(grid, args.need('from'), '--from', mapFile);
  const goal = endpoint(grid, args.need('to'), '--to', mapFile);

  const searcher = new AraSearcher(grid);
  searcher.begin(start, goal, octile(grid), { schedule, limits: { maxExpansions, maxMillis } });
  const r = searcher.run();

  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, from: [grid.x(start), grid.y(start)], to: [grid.x(goal), grid.y(goal)], schedule,
      status: r.status, reason: r.reason, cost: r.path ? r.cost : null, bound: r.path ? r.bound : null, expansions: r.expansions,
      elapsedMs: Math.round(r.elapsedMs * 100) / 100,
      iterations: r.iterations.map((it) => ({
        eps: it.eps, cost: it.cost, expansions: it.expansions, bound: it.bound, elapsedMs: Math.round(it.elapsedMs * 100) / 100, cells: it.path.length,
      })),
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}), from ${grid.formatXY(start)} to ${grid.formatXY(goal)}, schedule ${schedule.join(', ')}`);
    io.out('   eps            cost  expansions   bound      ms');
    for (const it of r.iterations) {
      io.out(`${fixed(it.eps, 3).padStart(6)}  ${fixed(it.cost, 8).padStart(14)}  ${String(it.expansions).padStart(10)}  ${fixed(it.bound, 4).padStart(6)}  ${fixed(it.elapsedMs, 2).padStart(6)}`);
    }
    const soFar = r.path ? `best path so far is within ${fixed(r.bound, 4)} of the optimum` : 'no path yet';
    const why = r.status === 'found'
      ? (r.bound <= 1 ? 'proven optimal (bound 1)' : `schedule ended; within ${fixed(r.bound, 4)} of the optimum`)
      : r.status === 'unreachable' ? 'no path: the goal cannot be reached'
        : r.reason === 'max-expansions' ? `expansion budget spent; ${soFar}`
          : r.reason === 'max-millis' ? `time budget spent; ${soFar}`
            : `${r.reason ?? r.status}; ${soFar}`;
    io.out(`${r.status}: ${why}; ${r.expansions} expansions in ${fixed(r.elapsedMs, 2)} ms`);
  }
  return r.path ? 0 : 1;
}
