import { ApartmentReplanner } from './apartment.js';
import { GateReplanner } from './gate.js';

/** The D* Replanner: Choset's gate world, then the Apartment with a door that closes. */
export function mountReplanner(gateRoot: HTMLElement, apartmentRoot: HTMLElement): { gate: GateReplanner; apartment: ApartmentReplanner } {
  return { gate: new GateReplanner(gateRoot), apartment: new ApartmentReplanner(apartmentRoot) };
}
