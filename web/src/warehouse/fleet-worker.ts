// The warehouse widget's worker: plans the fleet off the main thread (CBS on a hundred robots takes seconds).
import mapText from '../../../data/mapf/warehouse-10-20-10-2-1.map?raw';
import scenText from '../../../data/mapf/warehouse-10-20-10-2-1-random-1.scen?raw';
import { fleetGrid } from './fleet-grid.js';
import { planFleet, type FleetMethod } from './fleet-model.js';

const grid = fleetGrid(mapText);
const scope = self as unknown as { onmessage: ((e: MessageEvent<{ seq: number; robots: number; method: FleetMethod }>) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => {
  const { seq, robots, method } = e.data;
  scope.postMessage({ seq, plan: planFleet(grid, scenText, robots, method) });
};
