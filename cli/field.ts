import { bellmanResidual, UniversalPlanner } from '#bestfirst/repair';
import { displayName, endpoint, jsonOption, loadMap, MAP_OPTION, pointOption } from './files.js';
import type { Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';

/**
 * `bestfirst field --map FILE.map --goal X,Y [--json]`: runs the backward
 * Dijkstra from the goal to exhaustion and reports how many cells reach the
 * goal, the farthest of them, the Bellman residual (zero for a correct plan)
 * and the times of the plan and of the check.
 */
export const FIELD: CommandSpec = {
  name: 'field',
  summary: 'the universal plan to one goal: reach, cost-to-go, Bellman residual',
  about: 'The universal plan to one goal (a backward Dijkstra run to exhaustion): how many cells reach the goal, the largest cost-to-go and where, and the Bellman residual, zero for a correct plan.',
  options: [
    MAP_OPTION,
    pointOption('goal', 'the goal cell'),
    jsonOption('print one JSON record instead of text'),
  ],
  notes: ['Exit status: 0 done, 2 a mistake in the command line or the files.'],
  run,
};

export function fieldCommand(args: readonly string[], io: Io): number {
  return runCommand(FIELD, args, io);
}

function run(args: Args, io: Io): number {
  const mapFile = args.need<string>('map');
  const grid = loadMap(mapFile);
  const goal = endpoint(grid, args.need('goal'), '--goal', mapFile);

  const planner = new UniversalPlanner(grid);
  const t0 = performance.now();
  const plan = planner.plan(goal);
  const planMs = performance.now() - t0;
  const t1 = performance.now();
  const residual = bellmanResidual(grid, plan);
  const checkMs = performance.now() - t1;
  const farthest = plan.order[plan.reachable - 1];
  const free = grid.freeCount();

  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, goal: [grid.x(goal), grid.y(goal)], cells: grid.size, free, reachable: plan.reachable,
      maxCostToGo: plan.maxCostToGo, farthest: [grid.x(farthest), grid.y(farthest)], residual,
      planMs: round(planMs), residualMs: round(checkMs),
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}, ${free} free cells), goal ${grid.formatXY(goal)}`);
    io.out(`reachable ${plan.reachable} cells (${free - plan.reachable} free cells cannot reach the goal)`);
    io.out(`largest cost-to-go ${plan.maxCostToGo.toFixed(8)} at ${grid.formatXY(farthest)}`);
    io.out(`Bellman residual ${residual.toExponential(2)}`);
    io.out(`time: plan ${planMs.toFixed(1)} ms, residual ${checkMs.toFixed(1)} ms`);
  }
  return 0;
}

function round(ms: number): number { return Math.round(ms * 100) / 100; }
