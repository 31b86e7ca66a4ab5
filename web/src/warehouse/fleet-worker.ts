// The warehouse widget's worker: plans the fleet off the main thread (CBS on a hundred robots, or LaCAM* on a
// thousand, takes seconds), and runs the lifelong mode's warehouse. It answers one request at a time; the widget
// ends a worker still busy with a request it no longer wants and starts another, since the planners do not look
// at messages while they run. A sweep of the lifelong mode posts each robot count's point as it comes, and gives
// the thread back between points (a fresh task), so each point is a slice and a sweep shows its progress.
import mapText from '../../../data/mapf/warehouse-10-20-10-2-1.map?raw';
import scenText from '../../../data/mapf/warehouse-10-20-10-2-1-random-1.scen?raw';
import { fleetGrid } from './fleet-grid.js';
import { runLifelong, lifelongTransfer, sweepPoint } from './fleet-lifelong.js';
import { planFleet } from './fleet-model.js';
import { packPlan } from './fleet-wire.js';
import type { FleetRequest } from './fleet-request.js';

/** Progress is posted at most this often (milliseconds): the planners call back far more often than a status line can show. */
const PROGRESS_EVERY = 150;

const grid = fleetGrid(mapText);
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<FleetRequest>) => void) | null;
  postMessage(m: unknown, transfer?: Transferable[]): void;
};
scope.onmessage = (e) => {
  const req = e.data, seq = req.seq;
  let last = performance.now();
  const onProgress = (done: number, total: number) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY) return;
    last = now;
    scope.postMessage({ seq, progress: [done, total] });
  };
  if (req.kind === 'sweep') {
    const next = (j: number) => {
      if (j === req.robots.length) { scope.postMessage({ seq, sweepDone: true }); return; }
      scope.postMessage({ seq, point: sweepPoint(grid, req.robots[j], req.steps) });
      setTimeout(() => next(j + 1), 0);
    };
    next(0);
  } else if (req.kind === 'lifelong') {
    const life = runLifelong(grid, req.robots, req.steps, req.method, { millis: req.millis, onProgress });
    scope.postMessage({ seq, life }, lifelongTransfer(life));
  } else {
    const { wire, transfer } = packPlan(planFleet(grid, scenText, req.robots, req.method, { millis: req.millis, onProgress }));
    scope.postMessage({ seq, plan: wire }, transfer);
  }
};
