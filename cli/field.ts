import { parseMap } from '../src/movingai.js';
import { bellmanResidual, UniversalPlanner } from '../src/universal-plan.js';
import { readText } from './files.js';
import { parseArgs, UsageError, type Io } from './io.js';
import { endpoint } from './plan.js';

export const FIELD_HELP = 'field --map FILE.map --goal X,Y [--json]   the universal plan to one goal: reach, largest cost-to-go, Bellman residual';

/**
 * `bestfirst field --map FILE.map --goal X,Y [--json]`: runs the backward
 * Dijkstra from the goal to exhaustion and reports how many cells reach the
 * goal, the farthest of them, the Bellman residual (zero for a correct plan)
 * and the times of the plan and of the check.
 */
export function fieldCommand(args: string[], io: Io): number {
  const { options, flags, positionals } = parseArgs(args, { values: ['map', 'goal'], flags: ['json'] }, 'field');
  if (positionals.length > 0) throw new UsageError(`field: unexpected argument ${JSON.stringify(positionals[0])} (usage: ${FIELD_HELP})`);
  for (const need of ['map', 'goal']) {
    if (!options.has(need)) throw new UsageError(`field: --${need} is required (usage: ${FIELD_HELP})`);
  }
  const mapFile = options.get('map')!;
  const grid = parseMap(readText(mapFile), mapFile);
  const goal = endpoint(grid, options.get('goal')!, '--goal', mapFile);

  const planner = new UniversalPlanner(grid);
  const t0 = performance.now();
  const plan = planner.plan(goal);
  const planMs = performance.now() - t0;
  const t1 = performance.now();
  const residual = bellmanResidual(grid, plan);
  const checkMs = performance.now() - t1;
  const farthest = plan.order[plan.reachable - 1];
  const free = grid.freeCount();

  if (flags.has('json')) {
    io.out(JSON.stringify({
      map: mapFile, goal: [grid.x(goal), grid.y(goal)], cells: grid.size, free, reachable: plan.reachable,
      maxCostToGo: plan.maxCostToGo, farthest: [grid.x(farthest), grid.y(farthest)], residual,
      planMillis: round(planMs), residualMillis: round(checkMs),
    }));
  } else {
    io.out(`map ${mapFile} (${grid.width} x ${grid.height}, ${free} free cells), goal ${grid.formatXY(goal)}`);
    io.out(`reachable ${plan.reachable} cells (${free - plan.reachable} free cells cannot reach the goal)`);
    io.out(`largest cost-to-go ${plan.maxCostToGo.toFixed(8)} at ${grid.formatXY(farthest)}`);
    io.out(`Bellman residual ${residual.toExponential(2)}`);
    io.out(`time: plan ${planMs.toFixed(1)} ms, residual ${checkMs.toFixed(1)} ms`);
  }
  return 0;
}

function round(ms: number): number { return Math.round(ms * 100) / 100; }
