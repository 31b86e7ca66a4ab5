import type { Grid } from '../grid/grid.js';
import type { AgentTask } from './check.js';
import { checkMapfTasks, limitWords, MapfFloor, mapfBudgets, mapfResult, type MapfEnd, type MapfOptions, type MapfResult } from './model.js';
import { ReservationTable } from './reservations.js';
import { SpaceTimeSearch } from './space-time.js';
import { solvability } from './unsolvable.js';

/**
 * Prioritized planning (cooperative A*, Silver 2005): the agents are
 * planned one by one in the order given, each with time-space A* around
 * the reservations of those before it (their cells step by step, their
 * moves, and their goals from their arrival on), its heuristic its true
 * single-agent distance. An agent ends on its goal only after the last
 * step an earlier agent passes there, so nobody planned before it runs
 * into it once it has arrived.
 *
 * Fast, and usually close to optimal, but neither optimal nor complete: an
 * agent can be left with no path around those before it although another
 * order would have one. That ends in status `failed`, naming the agent and
 * why (`failedAgent`, `reason`); `unsolvable` is kept for instances proven to
 * have no plan at all (see `MapfOptions.jointLimit`). A grid that is not a
 * Grid, tasks of the wrong shape, blocked or shared starts or goals, or a
 * bad option is an `InputError`.
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.#.#.', '.....']);
 * const r = prioritizedPlan(grid, [
 *   { start: grid.id(0, 0), goal: grid.id(4, 0) },
 *   { start: grid.id(4, 0), goal: grid.id(0, 0) },
 * ]);
 * r.status;     // 'solved'
 * r.sumOfCosts; // 12: the first robot goes straight, the second round by the bottom row
 * ```
 */
export function prioritizedPlan(grid: Grid, tasks: readonly AgentTask[], options: MapfOptions = {}): MapfResult {
  const where = 'prioritizedPlan';
  const t0 = performance.now();
  const list = checkMapfTasks(grid, tasks, where);
  const budgets = mapfBudgets(options, where), budget = budgets.budget;
  const floor = new MapfFloor(grid);
  const lowerBound = list.reduce((s, t) => s + floor.distanceTo(t.goal)[t.start], 0);
  const end = (how: MapfEnd, paths: number[][] | null, detail = '', agent = -1) =>
    mapfResult(how, paths, lowerBound, detail, agent, 0, search.expansions, t0);
  const search = new SpaceTimeSearch(floor);

  const proof = solvability(floor, list, budgets.jointLimit);
  if (proof.verdict === 'unsolvable') return end('unreachable', null, proof.reason, proof.agent);

  const table = new ReservationTable(floor);
  const paths: number[][] = [];
  for (let i = 0; i < list.length; i++) {
    const { start, goal } = list[i];
    const before = budget.stopReason(search.expansions);
    if (before !== null) return end(before, null, `${limitWords(before)} before agent ${i} was planned`, i);
    const r = search.search(start, goal, floor.distanceTo(goal), table, budget);
    if (r.reason !== null) return end(r.reason, null, `${limitWords(r.reason)} while planning agent ${i}`, i);
    if (r.path === null) return end('incomplete', null, whyStuck(i, list[i], table, floor), i);
    table.reserve(i, r.path);
    paths.push(r.path);
    budgets.progress(i + 1, list.length);
  }
  return end('found', paths);
}

/** Why agent i found no path around the reservations, in words. */
function whyStuck(i: number, { start, goal }: AgentTask, table: ReservationTable, floor: MapfFloor): string {
  const holder = table.holderOf(start);
  const hint = holder >= 0 ? `; agent ${holder}, planned before it, ends on its start, so it must leave before that agent arrives` : '';
  return `agent ${i} has no path from ${floor.at(start)} to ${floor.at(goal)} around the ${i} agent${i === 1 ? '' : 's'} planned before it (their paths, and their goals held from their arrival on)${hint}`;
}
