import { InputError } from '#bestfirst';
import { CLOSURES, doorClosesScenario, doorsOnPath, type DoorScenario, type ApartmentWorld } from '#bestfirst/worlds';

/**
 * The Apartment half of the D* Replanner, without the DOM: which closures the
 * reader can pick, which door a clicked cell belongs to, and one run of the
 * library's `doorClosesScenario` (the widget replays its per-step records).
 */

export interface ClosureChoice { value: string; label: string }

const KIND_LABELS: Record<string, string> = {
  halfway: 'the plan’s halfway cell',
  room: 'a plan cell deep in Rusty’s room',
  corridor: 'the plan’s corridor cell',
};

/** The closures on offer: the library's three kinds, then every door by name. */
export function closureChoices(world: Pick<ApartmentWorld, 'doors'>): ClosureChoice[] {
  return [
    ...CLOSURES.map((k) => ({ value: k, label: KIND_LABELS[k] ?? k })),
    ...world.doors.map((d) => ({ value: d.name, label: `door “${d.name}”` })),
  ];
}

/** The door whose cells include `cell`, or null. */
export function doorAtCell(world: Pick<ApartmentWorld, 'doors'>, cell: number): string | null {
  return world.doors.find((d) => d.cells.includes(cell))?.name ?? null;
}

export type ApartmentRun =
  | { ok: true; scenario: DoorScenario }
  | { ok: false; message: string };

/** Runs the library's scenario; a choice it rejects (Rusty already past the closure) comes back as a message. */
export function runApartment(closure: string, closeAt: number): ApartmentRun {
  try {
    return { ok: true, scenario: doorClosesScenario({ closure, closeAt }) };
  } catch (e) {
    // Only the library's verdict on the reader's choice; anything else is a defect and keeps its stack.
    if (e instanceof InputError) return { ok: false, message: e.message };
    throw e;
  }
}

/**
 * The run for `closeAt`, or, when Rusty is already past the closure by then,
 * for the latest step that still comes before it: the widget never goes
 * blank. `latest` is that step (equal to closeAt when it was fine).
 */
export function runLatestValid(closure: string, closeAt: number): { run: ApartmentRun; closeAt: number } {
  let run = runApartment(closure, closeAt);
  let k = closeAt;
  while (!run.ok && k > 0) run = runApartment(closure, --k);
  return run.ok ? { run, closeAt: k } : { run: runApartment(closure, closeAt), closeAt };
}

/** The last step at which `closure` can still close ahead of Rusty, out of 0..maxStep. */
export function lastValidStep(closure: string, maxStep: number): number {
  for (let k = maxStep; k > 0; k--) if (runApartment(closure, k).ok) return k;
  return 0;
}

/** What closed, in words: a door by name, or the kind of plan cell with its coordinates and the door it sits in. */
export function closureWording(s: DoorScenario): string {
  const g = s.world.grid;
  if (s.world.doors.some((d) => d.name === s.closure.kind)) return `door “${s.closure.kind}”`;
  const cells = s.closure.cells.map((c) => g.formatXY(c)).join(' ');
  const kind = KIND_LABELS[s.closure.kind] ?? s.closure.kind;
  return s.closure.door ? `${kind} ${cells}, one of the cells of door “${s.closure.door}”` : `${kind} ${cells}`;
}

/**
 * The repaired plan's doors, in words. When Rusty stands in a doorway as it
 * notices, the plan leaves that doorway first; if the closure blocks that
 * very doorway, the plan backs out of it rather than going "via" it.
 */
export function repairedRouteWording(s: DoorScenario): string {
  const doors = doorsOnPath(s.world, s.repairedPlan);
  const here = doorAtCell(s.world, s.repairedPlan[0]);
  const through = (ds: string[]) => (ds.length ? `through ${ds.map((d) => `“${d}”`).join(' then ')}` : 'through no door');
  if (here === null || doors[0] !== here) return through(doors);
  const rest = doors.slice(1);
  if (here === s.closure.door) return `back out of doorway “${here}”, which the closure blocks, then ${through(rest)}`;
  return `on out of doorway “${here}”, then ${through(rest)}`;
}

/** At step i of a run: the latest repair at or before it (its step index), or -1. */
export function latestRepair(s: DoorScenario, i: number): number {
  for (let j = Math.min(i, s.steps.length - 1); j >= 0; j--) if (s.steps[j].repair !== null) return j;
  return -1;
}

/** "the repair did 2.4× the work of a fresh A*: ..." for 68 pops against 28 expansions, and the like. */
export function verdict(repairPops: number, freshExpansions: number): string {
  if (freshExpansions === 0) return 'no fresh search was needed';
  const r = repairPops / freshExpansions;
  return r > 1
    ? `the repair did ${r.toFixed(1)}× the work of a fresh A*: here, repairing costs more than starting over`
    : `the repair did ${(r * 100).toFixed(0)}% of a fresh A*’s work`;
}
