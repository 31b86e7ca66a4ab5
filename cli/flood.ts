import { flood } from '#bestfirst';
import { displayName, endpoint, jsonOption, loadMap, MAP_OPTION, pointOption } from './files.js';
import type { Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';

/**
 * `bestfirst flood --map FILE.map --from X,Y [--radius C] [--json]`: every
 * cell within cost C of one cell (Dijkstra with no goal, stopped at the
 * budget): how many, and the largest cost among them.
 */
export const FLOOD: CommandSpec = {
  name: 'flood',
  summary: 'the cells within a cost of one cell on a Moving AI map',
  about: 'The cells within a cost of one cell on a Moving AI map (a range query: Dijkstra from the cell with no goal, stopped at the radius): how many there are, the largest cost among them, and the farthest cell.',
  options: [
    MAP_OPTION,
    pointOption('from', 'the cell to flood from'),
    { name: 'radius', kind: 'number', arg: 'C', min: 0, help: 'keep the cells whose cost is at most C [default: no limit: every cell reachable]' },
    jsonOption('print one JSON record (map, from, radius, reached, maxCost, farthest, elapsedMs) instead of text'),
  ],
  notes: ['Exit status: 0 (the start cell alone is an answer too), 2 a mistake in the command line or the files.'],
  run,
};

export function floodCommand(args: readonly string[], io: Io): number {
  return runCommand(FLOOD, args, io);
}

function run(args: Args, io: Io): number {
  const mapFile = args.need<string>('map');
  const grid = loadMap(mapFile);
  const from = endpoint(grid, args.need('from'), '--from', mapFile);
  const radius = args.get<number>('radius') ?? Infinity;

  const t0 = performance.now();
  const f = flood(grid, from, { radius });
  const microseconds = (performance.now() - t0) * 1000;
  // The last cell settled is a farthest one (costs never fall along the order).
  const far = f.order[f.reached - 1];
  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, from: [grid.x(from), grid.y(from)], radius: radius === Infinity ? null : radius,
      reached: f.reached, maxCost: f.maxCost, farthest: [grid.x(far), grid.y(far)], elapsedMs: Math.round(microseconds) / 1000,
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}), from ${grid.formatXY(from)}, radius ${radius === Infinity ? 'none' : radius}`);
    io.out(`${f.reached} cells within ${radius === Infinity ? 'reach' : `cost ${radius}`}; largest cost ${f.maxCost.toFixed(8)}, at ${grid.formatXY(far)}; ${microseconds.toFixed(1)} us`);
  }
  return 0;
}
