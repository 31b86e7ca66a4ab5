import { CLOSURES, doorClosesScenario, type DoorScenario } from '../../../src/worlds/apartment-scenario.js';
import type { ApartmentWorld } from '../../../src/worlds/apartment.js';

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
    if (e instanceof RangeError) return { ok: false, message: e.message };
    throw e;
  }
}

/** At step i of a run: the latest repair at or before it (its step index), or -1. */
export function latestRepair(s: DoorScenario, i: number): number {
  for (let j = Math.min(i, s.steps.length - 1); j >= 0; j--) if (s.steps[j].repair !== null) return j;
  return -1;
}

/** "68 pops vs 28 fresh A* expansions: the repair did 2.4× the redo's work" and the like. */
export function verdict(repairPops: number, freshExpansions: number): string {
  if (freshExpansions === 0) return 'no fresh search was needed';
  const r = repairPops / freshExpansions;
  return r > 1
    ? `the repair did ${r.toFixed(1)}× the work of a fresh A*: here repair costs more than redo`
    : `the repair did ${(r * 100).toFixed(0)}% of a fresh A*’s work`;
}
