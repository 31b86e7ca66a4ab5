import type { Grid } from '../src/grid.js';
import { parseMap } from '../src/movingai.js';
import { checkPath } from '../src/validate-path.js';
import { parseAlgo } from './algos.js';
import { readText } from './files.js';
import { parseArgs, parsePoint, UsageError, type Io } from './io.js';

export const PLAN_HELP = 'plan --map FILE.map --from X,Y --to X,Y [--algo A] [--json]   one path on a Moving AI map';

/** Node id of an `--from`/`--to` point, refused outside the map or on a blocked cell. */
export function endpoint(grid: Grid, text: string, option: string, mapFile: string): number {
  const [x, y] = parsePoint(text, option);
  if (!grid.inside(x, y)) {
    throw new UsageError(`${option} ${x},${y} is outside ${mapFile} (${grid.width} x ${grid.height}: x in 0..${grid.width - 1}, y in 0..${grid.height - 1}, y from the top)`);
  }
  const n = y * grid.width + x;
  if (grid.cells[n] !== 0) throw new UsageError(`${option} ${x},${y} is a blocked cell of ${mapFile}`);
  return n;
}

/**
 * `bestfirst plan --map FILE.map --from X,Y --to X,Y [--algo A] [--json]`:
 * one query, printed as cost, cells on the path, expansions, time and the
 * path itself. Exit 0 with a path, 1 without one.
 */
export function planCommand(args: string[], io: Io): number {
  const { options, flags, positionals } = parseArgs(args, { values: ['map', 'from', 'to', 'algo'], flags: ['json'] }, 'plan');
  if (positionals.length > 0) throw new UsageError(`plan: unexpected argument ${JSON.stringify(positionals[0])} (usage: ${PLAN_HELP})`);
  for (const need of ['map', 'from', 'to']) {
    if (!options.has(need)) throw new UsageError(`plan: --${need} is required (usage: ${PLAN_HELP})`);
  }
  const mapFile = options.get('map')!;
  const algo = parseAlgo(options.get('algo') ?? 'astar');
  const grid = parseMap(readText(mapFile), mapFile);
  const start = endpoint(grid, options.get('from')!, '--from', mapFile);
  const goal = endpoint(grid, options.get('to')!, '--to', mapFile);

  const runner = algo.make(grid);
  const t0 = performance.now();
  const status = runner.search(start, goal);
  const microseconds = (performance.now() - t0) * 1000;
  const buf = new Int32Array(grid.size);
  const count = runner.pathInto(buf);
  const path = Array.from(buf.subarray(0, count), (n) => [grid.x(n), grid.y(n)] as [number, number]);
  if (status === 'found') {
    // Never print a path we have not checked: a wrong one is a bug, said loudly.
    const check = checkPath(grid, buf, start, goal, count);
    if (!check.ok) { io.err(`plan: the ${algo.name} path is invalid: ${check.reason}`); return 1; }
  }

  if (flags.has('json')) {
    io.out(JSON.stringify({
      map: mapFile, algo: algo.name, from: [grid.x(start), grid.y(start)], to: [grid.x(goal), grid.y(goal)],
      status, cost: status === 'found' ? runner.cost : null, cells: count, expansions: runner.expansions,
      microseconds: Math.round(microseconds * 10) / 10, path,
    }));
  } else {
    io.out(`map ${mapFile} (${grid.width} x ${grid.height}), algo ${algo.name}, from ${grid.formatXY(start)} to ${grid.formatXY(goal)}`);
    if (status === 'found') {
      io.out(`cost ${runner.cost.toFixed(8)}, ${count} cells (${count - 1} moves), ${runner.expansions} expansions, ${microseconds.toFixed(1)} us`);
      io.out(`path ${path.map(([x, y]) => `(${x},${y})`).join(' ')}`);
    } else {
      io.out(`no path (${status}), ${runner.expansions} expansions, ${microseconds.toFixed(1)} us`);
    }
  }
  return status === 'found' ? 0 : 1;
}

