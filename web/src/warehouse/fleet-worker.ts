// The warehouse widget's worker: plans the fleet off the main thread (CBS on a hundred robots, or LaCAM* on a
// thousand, takes seconds). It answers one request at a time; the widget ends a worker still busy with a request
// it no longer wants and starts another, since the planners do not look at messages while they run.
import mapText from '../../../data/mapf/warehouse-10-20-10-2-1.map?raw';
import scenText from '../../../data/mapf/warehouse-10-20-10-2-1-random-1.scen?raw';
import { fleetGrid } from './fleet-grid.js';
import { planFleet, type FleetMethod } from './fleet-model.js';
import { packPlan } from './fleet-wire.js';

/** Progress is posted at most this often (milliseconds): the planners call back far more often than a status line can show. */
const PROGRESS_EVERY = 150;

const grid = fleetGrid(mapText);
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ seq: number; robots: number; method: FleetMethod; millis: number }>) => void) | null;
  postMessage(m: unknown, transfer?: Transferable[]): void;
};
scope.onmessage = (e) => {
  const { seq, robots, method, millis } = e.data;
  let last = performance.now();
  const onProgress = (done: number, total: number) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY) return;
    last = now;
    scope.postMessage({ seq, progress: [done, total] });
  };
  const { wire, transfer } = packPlan(planFleet(grid, scenText, robots, method, { millis, onProgress }));
  scope.postMessage({ seq, plan: wire }, transfer);
};
