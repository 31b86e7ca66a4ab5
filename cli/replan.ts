import { InputError, type Grid } from '#bestfirst';
import { gateScenario, type DStarTable, type GateWorld } from '#bestfirst/worlds';
import { OPEN } from '#bestfirst/internal';
import { MAP_OPTION, pointOption } from './files.js';
import { fixed, type Io } from './io.js';
import { MAX_SEED, runCommand, usageLine, type Args, type CommandSpec } from './options.js';
import { runReplanMap } from './replan-map.js';

const GATE_FORM = 'bestfirst replan [--world gate] [--trace]';
export const MAP_FORM = 'bestfirst replan --map FILE.map --from X,Y --to X,Y [--flips N] [--seed S] [--json]';
/** The same, short enough for the help's usage lines. */
const MAP_FORM_SHORT = 'bestfirst replan --map FILE.map --from X,Y --to X,Y [options]';

/** The options that only the --map form takes. */
const MAP_FORM_ONLY = ['from', 'to', 'flips', 'seed', 'json'] as const;

/** The most flips one run may ask for: each is a D* Lite repair and a fresh A*, and the robot arrives long before. */
export const MAX_FLIPS = 100_000;

/**
 * `bestfirst replan [--world gate] [--trace]`: Choset's gate world replanned
 * by D*: h before and after the gate closes, both routes, and the repair's
 * work against a fresh search's. `bestfirst replan --map FILE.map ...`: D*
 * Lite on a Moving AI map while random cells flip (see replan-map.ts).
 */
export const REPLAN: CommandSpec = {
  name: 'replan',
  summary: 'D* on the gate world; D* Lite on a map under random flips',
  about: 'Without --map: Choset\'s gate world replanned by D* (h before and after the gate closes, both routes, the repair\'s work against a fresh search\'s). With --map: a robot drives from --from to --to with D* Lite while --flips random cells (seeded, half of them on or beside the path ahead) turn free or blocked; each update prints the repair\'s work beside a fresh A*\'s from the robot\'s cell and checks their costs agree.',
  forms: [GATE_FORM, MAP_FORM_SHORT],
  options: [
    { name: 'world', kind: 'choice', arg: 'W', choices: ['gate'], default: 'gate', help: 'the world without --map' },
    { name: 'trace', kind: 'flag', help: 'list the repair\'s pops (gate world)' },
    { ...MAP_OPTION, required: false, help: `${MAP_OPTION.help}: run D* Lite on it instead of the gate world` },
    { ...pointOption('from', 'the robot\'s start cell (with --map)'), required: false },
    { ...pointOption('to', 'the goal cell (with --map)'), required: false },
    { name: 'flips', kind: 'integer', arg: 'N', min: 0, max: MAX_FLIPS, default: '10', help: 'cells to flip along the way; the run ends when the robot arrives, which may come first (the summary says how many ran and why it stopped)' },
    { name: 'seed', kind: 'integer', arg: 'S', min: 0, max: MAX_SEED, default: '1', help: 'seed of the flips' },
    { name: 'json', kind: 'flag', help: 'one JSON record per update on stdout, and the summary (flips asked and run, why the run stopped, steps, cost) as one JSON object on stderr' },
  ],
  notes: ['Exit status: 0 every cost check passed, 1 a check failed, 2 a mistake in the command line or the files.'],
  run,
};

export function replanCommand(args: readonly string[], io: Io): number {
  return runCommand(REPLAN, args, io);
}

function run(args: Args, io: Io): number {
  if (args.has('map')) return runReplanMap(args, io, MAP_FORM);
  const stray = MAP_FORM_ONLY.find((name) => args.has(name));
  if (stray) throw new InputError(`replan: --${stray} needs --map FILE.map (usage: ${usageLine(REPLAN)})`);
  printGate(io, args.flag('trace'));
  return 0;
}

function printGate(io: Io, trace: boolean): void {
  const s = gateScenario();
  const { grid, start, goal, gate, robot } = s.world;
  const at = (n: number) => grid.formatColRow(n);
  const route = (p: number[]) => p.map(at).join('');
  io.out(`Choset's gate world, ${grid.width} x ${grid.height}: start ${at(start)}, goal ${at(goal)}; the gate ${at(gate)} closes when the robot is at ${at(robot)}`);
  printLayout(io, s.world);
  io.out('');
  io.out(`h after the first search (${s.initialPops} pops; * = still OPEN):`);
  printTable(io, grid, s.before);
  io.out(`initial route: ${route(s.initialPath)}  cost ${fixed(s.initialCost)}`);
  io.out('');
  io.out(`gate ${at(gate)} closes; re-opened: ${s.reinserted.map(at).join(' ')}`);
  if (trace) {
    io.out('pop  state  kind    k_old        h');
    s.repairTrace.forEach((p, i) => {
      io.out(`${String(i + 1).padStart(3)}  ${at(p.node).padEnd(5)}  ${p.kind.padEnd(5)}  ${fixed(p.kOld).padStart(7)}  ${fixed(p.h).padStart(7)}`);
    });
  }
  io.out(`h after the repair (* = still OPEN):`);
  printTable(io, grid, s.after);
  io.out(`repaired route: ${route(s.repairedPath)}  cost ${fixed(s.repairedCost)}`);
  io.out('');
  io.out(`repair: ${s.repairPops} pops, ${s.repairRaised} raised`);
  io.out(`fresh backward Dijkstra on the changed map: ${s.freshPops} pops (until ${at(robot)} is CLOSED)`);
  io.out(`fresh A* from ${at(robot)}: ${s.freshAstarExpansions} expansions`);
}

/** The map as the chapter draws it: # wall, G gate, S start, R robot, g goal. */
function printLayout(io: Io, w: GateWorld): void {
  const { grid } = w;
  for (let row = grid.height; row >= 1; row--) {
    let line = `row ${row} `;
    for (let col = 1; col <= grid.width; col++) {
      const x = grid.idColRow(col, row);
      const ch = x === w.gate ? 'G' : x === w.start ? 'S' : x === w.robot ? 'R' : x === w.goal ? 'g' : grid.isBlocked(x) ? '#' : '.';
      line += ` ${ch}`;
    }
    io.out(line);
  }
}

/** h of every cell, row 1 at the bottom, one decimal; OPEN states starred. */
function printTable(io: Io, grid: Grid, t: DStarTable): void {
  const cell = 9;
  for (let row = grid.height; row >= 1; row--) {
    let line = `row ${row}`;
    for (let col = 1; col <= grid.width; col++) {
      const x = grid.idColRow(col, row);
      const v = Number.isFinite(t.h[x]) ? fixed(t.h[x]) : '-';
      line += (v + (t.tag[x] === OPEN ? '*' : ' ')).padStart(cell);
    }
    io.out(line);
  }
  let cols = '     ';
  for (let col = 1; col <= grid.width; col++) cols += `col ${col} `.padStart(cell);
  io.out(cols);
}
