import type { ApartmentWorld } from '../src/worlds/apartment.js';
import { describeCell, doorClosesScenario, naiveOpening, type DoorScenario } from '../src/worlds/apartment-scenario.js';
import { fixed, parseArgs, UsageError, type Io } from './io.js';

export const APARTMENT_HELP = 'apartment [--close-at STEP] [--door halfway|room|corridor|NAME]   Rusty in the Apartment: the naive controller, then a door closing en route (D* Lite repair vs fresh A*)';

/**
 * `bestfirst apartment [--close-at STEP] [--door NAME]`: the Apartment's
 * raster as ASCII, where the naive controller wedges, and the integration
 * lab: the plan from room A to the bedroom, the closure, D* Lite's repair
 * against a fresh A* (and a fresh D* Lite) from the same cell.
 */
export function apartmentCommand(args: string[], io: Io): number {
  const { options, positionals } = parseArgs(args, { values: ['close-at', 'door'], flags: [] }, 'apartment');
  if (positionals.length > 0) throw new UsageError(`apartment: unexpected argument ${JSON.stringify(positionals[0])} (usage: ${APARTMENT_HELP})`);
  let closeAt: number | undefined;
  if (options.has('close-at')) {
    const text = options.get('close-at')!;
    if (!/^\d+$/.test(text)) throw new UsageError(`apartment: --close-at must be a step number (0, 1, 2, ...), got ${JSON.stringify(text)}`);
    closeAt = Number(text);
  }
  const closure = options.get('door') ?? 'halfway';
  let s: DoorScenario;
  try {
    s = doorClosesScenario({ closeAt, closure });
  } catch (e) {
    // A bad step or door name is the user's; say it in one line.
    if (e instanceof RangeError) throw new UsageError(`apartment: ${e.message.replace(/^closeAt/, '--close-at').replace(/^closure/, '--door')}`);
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
