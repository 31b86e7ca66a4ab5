import { Searcher, InputError, type Grid, octile } from '#bestfirst';
import { DStarLite } from '#bestfirst/repair';
import { mulberry32 } from '#bestfirst/internal';
import { endpoint, loadMap } from './files.js';
import { fixed, type Io } from './io.js';
import { parseCommandLine, type Args } from './options.js';
// A cycle (replan.ts runs this file's runReplanMap), safe because neither file uses the other's names before a call.
import { MAP_FORM, REPLAN } from './replan.js';

/** `replan --map ...` only: refuses the gate form. */
export function replanMap(args: readonly string[], io: Io): number {
  const parsed = parseCommandLine(REPLAN, args);
  if (!parsed.has('map')) throw new InputError(`replan: --map FILE.map is required (usage: ${MAP_FORM})`);
  return runReplanMap(parsed, io, MAP_FORM);
}

/** One D* Lite update against a fresh A* from the robot's cell. */
interface UpdateRecord {
  update: number;
  step: number;
  robot: { x: number; y: number };
  cell: { x: number; y: number } | null;
  blocked: boolean | null;
  pops: number;
  changed: number;
  touched: number;
  astarExpansions: number;
  cost: number | null;
  astarCost: number | null;
  ok: boolean;
}

/**
 * `bestfirst replan --map FILE.map ...`: the robot drives from --from to --to
 * with D* Lite while --flips random cells (seeded) change between free and
 * blocked along the way, half of them next to the path ahead. Each update
 * prints the repair's work (pops, vertices whose g or rhs moved) beside the
 * expansions of a fresh A* from the robot's cell, and checks the two costs
 * agree. Exit code 1 if any check fails.
 */
export function runReplanMap(args: Args, io: Io, usage: string): number {
  const file = args.need<string>('map');
  for (const need of ['from', 'to']) {
    if (!args.has(need)) throw new InputError(`replan: --${need} X,Y is required with --map (usage: ${usage})`);
  }
  for (const gateOnly of ['world', 'trace']) {
    if (args.has(gateOnly)) throw new InputError(`replan: --${gateOnly} is for the gate world and does not go with --map (usage: ${usage})`);
  }
  const flips = args.need<number>('flips');
  const seed = args.need<number>('seed');
  const json = args.flag('json');

  const grid = loadMap(file);
  const start = endpoint(grid, args.need('from'), '--from', file);
  const goal = endpoint(grid, args.need('to'), '--to', file);
  const h = octile(grid);
  const d = new DStarLite(grid, start, goal, h);
  const fresh = new Searcher(grid);
  const random = mulberry32(seed);
  const xy = (n: number) => ({ x: grid.x(n), y: grid.y(n) });

  let failures = 0;
  const report = (update: number, step: number, cell: number, pops: number, changed: number, touched: number) => {
    fresh.search(d.start, goal, { heuristic: h });
    const cost = d.costToGoal();
    const ok = fresh.status === 'found' ? Math.abs(cost - fresh.cost) <= 1e-9 : cost === Infinity;
    if (!ok) failures++;
    const rec: UpdateRecord = {
      update, step, robot: xy(d.start),
      cell: cell < 0 ? null : xy(cell), blocked: cell < 0 ? null : grid.isBlocked(cell),
      pops, changed, touched, astarExpansions: fresh.expansions,
      cost: finite(cost), astarCost: fresh.status === 'found' ? fresh.cost : null, ok,
    };
    if (json) io.out(JSON.stringify(rec));
    else io.out(textLine(rec));
  };

  if (!json) io.out('update  step  robot      cell       now      pops  changed  A* exp  work    cost       A* cost    check');
  report(0, 0, -1, d.computeShortestPath(), d.lastRepair().changed, d.lastRepair().touched);
  const planned = d.path();
  // Spread the flips over the first plan's length; a robot cut off waits, and the flips go on.
  const every = Math.max(1, Math.floor((planned ? planned.length - 1 : 0) / (flips + 1)));

  let update = 0, step = 0, walked = 0, totalPops = 0, totalExp = 0;
  let stopped: Stop = 'arrived';
  const guard = 4 * grid.size + flips;
  for (let tick = 1; d.start !== goal && tick <= guard; tick++) {
    if (update < flips && (tick % every === 0 || d.costToGoal() === Infinity)) {
      const cell = pickCell(grid, d, random);
      grid.setBlocked(cell, !grid.isBlocked(cell));
      const stats = d.updateEdges(); // the grid tells D* Lite what changed
      update++;
      totalPops += stats.pops;
      report(update, step, cell, stats.pops, stats.changed, stats.touched);
      totalExp += fresh.expansions;
    }
    const next = d.nextStep();
    if (next === null) {
      if (update >= flips) { stopped = 'unreachable'; break; }
      continue;
    }
    walked += d.costToGoal() - d.gOf(next);
    d.moveTo(next);
    step++;
  }
  if (d.start !== goal && stopped === 'arrived') stopped = 'move-limit';

  // The run ends when the robot arrives, whatever was asked: say how many flips ran and why.
  const why = {
    'arrived': `the robot reached the goal${update < flips ? ' first' : ''}`,
    'unreachable': 'the goal is unreachable and no flips were left to open a way',
    'move-limit': `the robot made no progress in ${guard} moves`,
  }[stopped];
  const flipsLine = update === flips ? `all ${flips} flips ran; ${why}` : `${update} of the ${flips} flips ran: ${why}`;
  if (json) {
    // stdout holds one record per update; the summary goes to stderr, as scen --json does.
    io.err(JSON.stringify({
      summary: true, flipsAsked: flips, flips: update, stopped, steps: step, robot: xy(d.start),
      cost: d.start === goal ? walked : null, pops: totalPops, astarExpansions: totalExp, failures,
    }));
  } else {
    const where = d.start === goal ? `reached the goal after ${step} steps, cost ${fixed(walked, 3)}` : `stopped at ${grid.formatXY(d.start)} after ${step} steps`;
    io.out(`robot ${where}; ${flipsLine}`);
    io.out(`${update} updates: D* Lite popped ${totalPops} in all, fresh A* from the robot expanded ${totalExp} (${totalExp > 0 ? fixed(totalPops / totalExp, 3) : '-'} of it); ${failures === 0 ? 'every cost check passed' : `${failures} cost checks FAILED`}`);
  }
  return failures === 0 ? 0 : 1;
}

/** Why a run ended. */
type Stop = 'arrived' | 'unreachable' | 'move-limit';

function textLine(r: UpdateRecord): string {
  const p = (v: { x: number; y: number } | null) => (v ? `(${v.x},${v.y})` : '-').padEnd(10);
  const c = (v: number | null) => (v === null ? 'unreachable' : fixed(v, 3)).padEnd(10);
  const work = r.astarExpansions > 0 ? fixed(r.pops / r.astarExpansions, 3) : '-';
  return `${String(r.update).padEnd(7)} ${String(r.step).padEnd(5)} ${p(r.robot)} ${p(r.cell)} ${(r.blocked === null ? 'first' : r.blocked ? 'blocked' : 'free').padEnd(8)} `
    + `${String(r.pops).padEnd(5)} ${String(r.changed).padEnd(8)} ${String(r.astarExpansions).padEnd(7)} ${work.padEnd(7)} ${c(r.cost)} ${c(r.astarCost)} ${r.ok ? 'ok' : 'MISMATCH'}`;
}

/** A cell to flip: half the time on or next to the path ahead, else anywhere; never the robot's or the goal's. */
function pickCell(grid: Grid, d: DStarLite, random: () => number): number {
  const ahead = d.path() ?? [d.start];
  for (;;) {
    let c: number;
    if (random() < 0.5) {
      const at = ahead[Math.min(ahead.length - 1, 1 + Math.floor(random() * 30))];
      // On the path itself half the time (a door closing in the robot's way), else beside it.
      const onPath = random() < 0.5;
      const x = grid.x(at) + (onPath ? 0 : Math.floor(random() * 3) - 1), y = grid.y(at) + (onPath ? 0 : Math.floor(random() * 3) - 1);
      if (!grid.inside(x, y)) continue;
      c = grid.id(x, y);
    } else {
      c = Math.floor(random() * grid.size);
    }
    if (c !== d.start && c !== d.goal) return c;
  }
}

function finite(v: number): number | null { return v === Infinity ? null : v; }

