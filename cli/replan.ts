import { OPEN } from '../src/dstar.js';
import type { Grid } from '../src/grid.js';
import { gateScenario, type DStarTable, type GateWorld } from '../src/worlds/gate.js';
import { fixed, parseArgs, UsageError, type Io } from './io.js';
import { replanMap } from './replan-map.js';

/**
 * `bestfirst replan --world gate [--trace]`: Choset's gate world replanned by
 * D*: h before and after the gate closes, both routes, and the repair's work
 * against a fresh search's.
 */
export function replanCommand(args: string[], io: Io): number | Promise<number> {
  // `--map` is D* Lite on a Moving AI map with random flips: its own command.
  if (args.some((a) => a === '--map' || a.startsWith('--map='))) return replanMap(args, io);
  const { options, flags, positionals } = parseArgs(args, { values: ['world'], flags: ['trace'] }, 'replan');
  if (positionals.length > 0) throw new UsageError(`replan: unexpected argument ${JSON.stringify(positionals[0])}`);
  const world = options.get('world') ?? 'gate';
  if (world !== 'gate') throw new UsageError(`replan: unknown world ${JSON.stringify(world)} (known: gate)`);
  printGate(io, flags.has('trace'));
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
