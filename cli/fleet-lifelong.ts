import { InputError } from '#bestfirst';
import { checkMapfPlan, lifelong, warehouseStations } from '#bestfirst/mapf';
import { displayName, loadMap } from './files.js';
import { progressBar, type Io } from './io.js';
import type { Args } from './options.js';

/** The options only the lifelong form takes, and those it refuses (they belong to the scenario form). */
export const LIFELONG_ONLY = ['steps', 'window'] as const;
const SCENARIO_ONLY = ['scen', 'force-map', 'svg', 'png'] as const;

/** Past this many robot-steps the positions are not kept, so the steps are not checked (4 bytes each). */
export const CHECKED_ROBOT_STEPS = 20_000_000;

/**
 * `bestfirst fleet --lifelong --map FILE.map --agents K --steps N [--solver
 * pibt|lacam] [--window W] [--seed S] [--time-limit S] [--json]`: K robots
 * at seeded free cells run N steps of lifelong operation on the map (see
 * `lifelong`: pick -> shelf -> drop errands from a seeded stream, stations
 * read off the map by `warehouseStations`). Every step is checked with
 * `checkMapfPlan` (each robot's path from its start to where it ended)
 * before the throughput, the tasks done and the planning time per step are
 * printed.
 */
export function runLifelong(args: Args, io: Io, maxMs: number | undefined): number {
  for (const name of SCENARIO_ONLY) if (args.has(name)) throw new InputError(`--${name} is for planning a scenario file; --lifelong places its robots itself`);
  if (!args.has('steps')) throw new InputError('--lifelong needs --steps N, the steps to run');
  const mapFile = args.need<string>('map');
  const [k] = args.need<number[]>('agents'); // one count: fleet refuses a list with --lifelong
  const steps = args.need<number>('steps');
  const given = args.get<string>('solver');
  const solver = args.has('solver') ? given : 'pibt';
  if (solver !== 'pibt' && solver !== 'lacam') throw new InputError(`--lifelong plans with --solver pibt or lacam, got --solver ${given}`);
  if (args.has('window') && solver !== 'lacam') throw new InputError('--window is the replanning window of --solver lacam');
  const window = args.get<number>('window') ?? 5;
  const [seed] = args.need<number[]>('seed');
  const grid = loadMap(mapFile);
  const stations = warehouseStations(grid);
  const checked = k * (steps + 1) <= CHECKED_ROBOT_STEPS;

  const bar = progressBar(io, steps, 'steps ');
  const r = lifelong(grid, {
    agents: k, steps, seed, solver, window, positions: checked,
    ...(maxMs === undefined ? {} : { limits: { maxMillis: maxMs } }),
    ...(bar === null ? {} : { onProgress: (done: number) => bar(done) }),
  });
  bar?.(steps);

  // Each robot's path from its start to where it stands at the end: the checker holds every step to the rules.
  let invalid = '';
  if (r.positions !== null) {
    const paths = Array.from({ length: k }, (_, i) => r.positions!.map((p) => p[i]));
    const check = checkMapfPlan(grid, paths.map((p) => ({ start: p[0], goal: p[p.length - 1] })), paths);
    if (!check.ok) invalid = check.reason;
  }
  const ms = (x: number) => Math.round(x * 100) / 100;
  const planMs = { mean: ms(r.planMs.mean), p95: ms(r.planMs.p95), max: ms(r.planMs.max) };
  if (args.flag('json')) {
    io.out(JSON.stringify({
      map: mapFile, lifelong: true, agents: k, steps, solver, seed, ...(solver === 'lacam' ? { window, windows: r.windows } : {}), maxMs: maxMs ?? null,
      stations: { pick: stations.pick.length, shelf: stations.shelf.length, drop: stations.drop.length },
      status: r.status, reason: r.reason, detail: r.detail || invalid || null, stepsRun: r.steps, valid: checked ? invalid === '' : null,
      tasksDone: r.tasksDone, goalsReached: r.goalsReached, throughput: Math.round(r.throughput * 100) / 100, planMs, setupMs: Math.round(r.setupMs * 10) / 10, elapsedMs: Math.round(r.elapsedMs * 10) / 10,
    }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}), lifelong: ${k} robot${k === 1 ? '' : 's'} at seeded cells, ${steps} steps, solver ${solver}${solver === 'lacam' ? ` (window ${window})` : ''}, seed ${seed}`);
    io.out(`stations read off the map: ${stations.pick.length} pick (left column), ${stations.shelf.length} shelf spots, ${stations.drop.length} drop (right column)`);
    const ran = r.status === 'found' ? `${r.steps} steps` : `stopped by ${r.reason} after ${r.steps} of ${steps} steps`;
    const verdict = !checked ? `steps not checked (over ${CHECKED_ROBOT_STEPS} robot-steps)` : invalid === '' ? 'every step checked valid' : 'steps INVALID';
    io.out(`${ran}: ${r.tasksDone} tasks done (${r.goalsReached} goals reached), throughput ${r.throughput.toFixed(2)} tasks per 100 steps; ${verdict}`);
    io.out(`planning per step: mean ${planMs.mean} ms, p95 ${planMs.p95} ms, max ${planMs.max} ms; setup (the stations' distances) ${Math.round(r.setupMs)} ms; ${Math.round(r.elapsedMs)} ms in all`);
    if (solver === 'lacam') io.out(`LaCAM* planned ${r.windows.planned} window${r.windows.planned === 1 ? '' : 's'}; in ${r.windows.fellBack} it found no plan in time and PIBT moved the robots`);
  }
  if (invalid !== '') io.err(`fleet: INVALID STEPS from lifelong ${solver}: ${invalid}`);
  return invalid === '' ? 0 : 1;
}
