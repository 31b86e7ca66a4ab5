import { DStar, type DStarPop } from '#bestfirst/repair';
import { gateScenario, gateWorld, snapshot, type DStarTable, type GateScenario } from '#bestfirst/worlds';

/**
 * The gate story as a list of frames for the D* Replanner to replay.
 *
 * `gateScenario()` records the story's ends (tables before and after, the
 * repair trace, the counts); the widget also needs the h/k/b tables *between*
 * two pops, which the library does not keep. So this module runs the same
 * story once more on the library's own DStar, taking the library's
 * `snapshot()` after each pop through `DStar.repair`'s `afterPop` hook (the
 * stopping rule stays the library's), and then checks itself against
 * `gateScenario()` (same pops, same counts, same tables, same route): if they
 * ever disagree it throws rather than show a story the library does not tell.
 */

export type GatePhase = 'planned' | 'driving' | 'closed' | 'repair' | 'repaired' | 'arrived';

export interface GateFrame {
  phase: GatePhase;
  robot: number;
  gateClosed: boolean;
  table: DStarTable;
  /** b(X) of every cell, -1 where none. */
  b: Int32Array;
  /** The repair pop this frame shows (null outside the repair). */
  pop: DStarPop | null;
  /** Repair pops made so far, and how many of them were RAISE. */
  pops: number;
  raised: number;
  /** Kind of the latest repair pop of each cell so far: 0 none, 1 RAISE, 2 LOWER. */
  popKind: Uint8Array;
  /** The route the robot follows from here, robot first (empty during the repair). */
  route: number[];
  /** Cells driven so far, start first. */
  trail: number[];
  /** One sentence for the narration line and the screen reader. */
  say: string;
}

export interface GateStory {
  scenario: GateScenario;
  frames: GateFrame[];
  /** Index of the first repair-pop frame and of the frame after the last one. */
  repairFrom: number;
  repairTo: number;
}

export const RAISE_KIND = 1;
export const LOWER_KIND = 2;

function backPointers(d: DStar): Int32Array {
  const b = new Int32Array(d.space.size);
  for (let x = 0; x < b.length; x++) b[x] = d.b(x);
  return b;
}

function sameTable(a: DStarTable, b: DStarTable): boolean {
  for (let i = 0; i < a.h.length; i++) {
    if (a.tag[i] !== b.tag[i]) return false;
    if (Math.abs(a.h[i] - b.h[i]) > 1e-9 && !(a.h[i] === Infinity && b.h[i] === Infinity)) return false;
    if (Math.abs(a.k[i] - b.k[i]) > 1e-9 && !(a.k[i] === Infinity && b.k[i] === Infinity)) return false;
  }
  return true;
}

/** Builds every frame of the gate story (about two dozen). */
export function gateStory(): GateStory {
  const sc = gateScenario();
  const { grid, start, goal, gate, robot, costScale } = sc.world;
  const name = (n: number) => grid.formatColRow(n);
  // A second, fresh world: the scenario's grid already has the gate closed.
  const own = gateWorld();
  const d = new DStar(own.space, { costScale, trace: true });
  d.initialize(goal);
  d.computeUntilClosed(start);
  const initialPath = d.path(start)!;

  const frames: GateFrame[] = [];
  const noKinds = new Uint8Array(grid.size);
  const push = (f: Omit<GateFrame, 'table' | 'b'>) => frames.push({ ...f, table: snapshot(d), b: backPointers(d) });

  push({
    phase: 'planned', robot: start, gateClosed: false, pop: null, pops: 0, raised: 0, popKind: noKinds,
    route: initialPath, trail: [start],
    say: `The backward search from the goal has labelled every cell it reached; the start ${name(start)} has h = ${sc.initialCost.toFixed(1)} and its back pointers run through the open gate ${name(gate)}.`,
  });
  const at = initialPath.indexOf(robot);
  for (let i = 1; i <= at; i++) {
    push({
      phase: 'driving', robot: initialPath[i], gateClosed: false, pop: null, pops: 0, raised: 0, popKind: noKinds,
      route: initialPath.slice(i), trail: initialPath.slice(0, i + 1),
      say: `The robot drives one step along its back pointers to ${name(initialPath[i])}.`,
    });
  }

  // The gate closes: MODIFY-COST on the 8 arcs into it, as gateScenario does.
  own.grid.setBlocked(gate, true);
  d.resetCounters();
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  const n = own.space.predecessors!(gate, nodes, costs);
  for (let i = 0; i < n; i++) d.modifyCost(nodes[i], gate);
  const trail = initialPath.slice(0, at + 1);
  push({
    phase: 'closed', robot, gateClosed: true, pop: null, pops: 0, raised: 0, popKind: noKinds, route: [], trail,
    say: `The gate ${name(gate)} closes while the robot stands next to it at ${name(robot)}. Entering it now costs 10000; D* puts the gate and its ${sc.reinserted.length - 1} neighbours back on OPEN at their old keys.`,
  });

  const repairFrom = frames.length;
  const kinds = new Uint8Array(grid.size);
  d.repair(robot, () => {
    const pop = d.trace![d.trace!.length - 1];
    kinds[pop.node] = pop.kind === 'RAISE' ? RAISE_KIND : LOWER_KIND;
    const raiseText = pop.kind === 'RAISE'
      ? `a RAISE state: its key ${pop.kOld.toFixed(1)} is below its h ${pop.h.toFixed(1)}, so its cost went up and the news spreads to the cells that point at it`
      : `a LOWER state (key = h = ${pop.h.toFixed(1)}): it offers its cost to its neighbours like Dijkstra`;
    push({
      phase: 'repair', robot, gateClosed: true, pop, pops: d.pops, raised: d.raised, popKind: kinds.slice(), route: [], trail,
      say: `Pop ${d.pops}: ${name(pop.node)} is ${raiseText}. Now h(robot) = ${d.h(robot).toFixed(1)}.`,
    });
  });
  const repairTo = frames.length;

  // The checks that make this a replay of the library's story, not a second one.
  const mismatch = (what: string) => new Error(`gateStory: the stepped repair disagrees with gateScenario() on ${what}`);
  if (d.pops !== sc.repairPops || d.raised !== sc.repairRaised) throw mismatch('the counts');
  if (d.trace!.length !== sc.repairTrace.length || d.trace!.some((p, i) => p.node !== sc.repairTrace[i].node || p.kind !== sc.repairTrace[i].kind)) throw mismatch('the pop order');
  if (!sameTable(snapshot(d), sc.after)) throw mismatch('the h/k table after the repair');
  const repaired = d.path(robot)!;
  if (repaired.join() !== sc.repairedPath.join()) throw mismatch('the repaired route');

  const last = frames[frames.length - 1];
  push({
    phase: 'repaired', robot, gateClosed: true, pop: null, pops: d.pops, raised: d.raised, popKind: last.popKind, route: repaired, trail,
    say: `Repair done: ${sc.repairPops} pops, ${sc.repairRaised} of them RAISE, against ${sc.freshPops} for a backward Dijkstra redone from scratch. The new route leaves through ${name(repaired[1])} at cost ${sc.repairedCost.toFixed(1)}.`,
  });
  for (let i = 1; i < repaired.length; i++) {
    push({
      phase: 'arrived', robot: repaired[i], gateClosed: true, pop: null, pops: d.pops, raised: d.raised, popKind: last.popKind,
      route: repaired.slice(i), trail: trail.concat(repaired.slice(1, i + 1)),
      say: i === repaired.length - 1
        ? `The robot reaches the goal ${name(goal)}: ${sc.initialCost.toFixed(1)} was the plan, the closure made the rest cost ${sc.repairedCost.toFixed(1)} from ${name(robot)}.`
        : `The robot drives on to ${name(repaired[i])}.`,
    });
  }
  return { scenario: sc, frames, repairFrom, repairTo };
}

/** "10004.2", "7.6", "∞" for the cell labels (1 decimal, as Choset prints them). */
export function oneDecimal(v: number): string {
  return Number.isFinite(v) ? v.toFixed(1) : '∞';
}
