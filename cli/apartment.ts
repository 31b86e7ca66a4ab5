import { InputError } from '#bestfirst';
import { APARTMENT_SPEC, type ApartmentWorld, CLOSURES, doorClosesScenario, naiveOpening, type DoorScenario } from '#bestfirst/worlds';
import { describeCell } from '#bestfirst/internal';
import { fixed, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';

/**
 * `bestfirst apartment [--close-at STEP] [--door NAME]`: the Apartment's
 * raster as ASCII, where the naive controller wedges, and the integration
 * lab: the plan from room A to the bedroom, the closure, D* Lite's repair
 * against a fresh A* (and a fresh D* Lite) from the same cell.
 */
export const APARTMENT: CommandSpec = {
  name: 'apartment',
  summary: 'Rusty in the Apartment: a door closes en route (D* Lite repair vs fresh A*)',
  about: 'Rusty in the Apartment: the naive controller wedged against a wall, then a door closing while Rusty drives, and D* Lite\'s repair against a fresh A* from the same cell.',
  options: [
    {
      name: 'close-at', kind: 'integer', arg: 'STEP', min: 0, max: Number.MAX_SAFE_INTEGER, default: '1',
      help: 'the step of the drive at which the closure happens; it must come before Rusty reaches it (the command says which steps can)',
    },
    {
      name: 'door', kind: 'choice', arg: 'NAME', default: 'halfway', choices: [...CLOSURES, ...APARTMENT_SPEC.doors.map((d) => d.name)],
      help: 'what closes: the cell halfway along the plan, a cell in the room or the corridor ahead, or a doorway by name',
    },
  ],
  notes: ['Exit status: 0 the repaired costs equal a fresh A*\'s at every step, 1 they do not, 2 a mistake in the command line.'],
  run,
};

export function apartmentCommand(args: readonly string[], io: Io): number {
  return runCommand(APARTMENT, args, io);
}

function run(args: Args, io: Io): number {
  const closeAt = args.need<number>('close-at');
  const closure = args.need<string>('door');
  let s: DoorScenario;
  try {
    s = doorClosesScenario({ closeAt, closure });
  } catch (e) {
    // Which steps a closure allows only the scenario knows, and it names its
    // parameters first in those refusals; say them as the options they came from.
    if (e instanceof RangeError && /^(closeAt|closure)\b/.test(e.message)) {
      throw new InputError(`apartment: ${e.message.replace(/^closeAt/, '--close-at').replace(/^closure/, '--door')}`);
    }
    throw e;
  }

  const naive = naiveOpening();
  const nw = naive.world;
  io.out(`The south rooms and corridor (${nw.grid.width} x ${nw.grid.height} cells of ${nw.cspace.resolution} m; x east, y row from the top):`);
  for (const line of asciiMap(nw, { start: nw.start, goal: nw.goal, path: naive.path, mark: naive.stop })) io.out(`  ${line}`);
  io.out(`naive controller: drives at the goal ${describeCell(nw, nw.goal)} from ${describeCell(nw, nw.start)}`);
  io.out(`  wedged at ${describeCell(nw, naive.stop)} (R) against ${naive.blockedBy >= 0 ? nw.grid.formatXY(naive.blockedBy) : 'the edge'}, ${fixed(naive.distance)} m from the goal through the wall (${fixed(naive.distance, 3)} m)`);
  if (naive.nearestDoor) {
    const d = naive.nearestDoor;
    io.out(`  nearest doorway: ${d.name}, ${fixed(d.distance)} m away, ${fixed(Math.abs(d.relativeBearing), 0)} degrees to the ${d.relativeBearing >= 0 ? 'left' : 'right'} of its heading`);
  }
  io.out('');

  const w = s.world, g = w.grid;
  const cell = (n: number) => g.formatXY(n);
  io.out(`The Apartment (${g.width} x ${g.height} cells): plan from room A ${describeCell(w, s.start)} to the bedroom ${describeCell(w, s.goal)}`);
  io.out(`initial A* plan: cost ${fixed(s.initialCost)} m, ${s.initialExpansions} expansions, doors ${s.initialDoors.join(', ')}`);
  io.out(`closure "${s.closure.kind}": ${s.closure.cells.map(cell).join(' ')}${s.closure.door ? ` (door ${s.closure.door})` : ''} closes at step ${s.closeAt}`);
  for (const line of asciiMap(w, { start: s.start, goal: s.goal, path: s.driven, closed: s.closure.cells, mark: s.noticeStep >= 0 ? s.steps[s.noticeStep].robot : -1 })) io.out(`  ${line}`);
  io.out('  S start, G goal, * driven path, X closed, R where Rusty noticed, D door cells, # blocked');
  if (s.noticeStep < 0 || s.repair === null) {
    io.out(`Rusty never came next to the closure: no repair; drove ${fixed(s.drivenCost)} m`);
    return 0;
  }
  const at = s.steps[s.noticeStep].robot;
  io.out(`step ${s.noticeStep}: Rusty at ${cell(at)} notices; repaired plan ${s.repairedPlan.map(cell).join('')}`);
  io.out(`  repaired cost ${fixed(s.repairedCost)} m, doors ${s.doorsAfter.join(', ') || '(none)'}; whole drive ${fixed(s.drivenCost)} m`);
  io.out(`  repair: ${s.repair.pops} pops, ${s.repair.touched} vertices touched (${s.repair.changed} changed)`);
  io.out(`  redo:   fresh A* from ${cell(at)}: ${s.freshExpansions} expansions; fresh D* Lite: ${s.freshDStarPops} pops`);
  const ok = s.steps.every((st) => st.cost === st.freshCost || Math.abs(st.cost - st.freshCost) <= 1e-9 * (1 + st.freshCost));
  io.out(`remaining cost equals a fresh A*'s at all ${s.steps.length} steps: ${ok ? 'yes' : 'NO'}`);
  return ok ? 0 : 1;
}

interface Marks {
  start: number;
  goal: number;
  path?: readonly number[];
  closed?: readonly number[];
  mark?: number;
}

/** The raster as text, top row first: # blocked, . free, D door cell, * path, X closed, R marked, S start, G goal. */
export function asciiMap(world: ApartmentWorld, m: Marks): string[] {
  const g = world.grid;
  const ch: string[] = Array.from(g.cells, (b) => (b ? '#' : '.'));
  for (const d of world.doors) for (const c of d.cells) if (!g.isBlocked(c)) ch[c] = 'D';
  for (const c of m.path ?? []) ch[c] = '*';
  for (const c of m.closed ?? []) ch[c] = 'X';
  if (m.mark !== undefined && m.mark >= 0) ch[m.mark] = 'R';
  ch[m.start] = 'S';
  ch[m.goal] = 'G';
  const rows: string[] = [];
  for (let y = 0; y < g.height; y++) rows.push(ch.slice(y * g.width, (y + 1) * g.width).join(''));
  return rows;
}
