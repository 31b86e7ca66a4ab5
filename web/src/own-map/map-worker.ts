// The Search Theater's own-map worker: reads the map and runs the four lanes off the main thread.
import { MapWorkerCore } from './map-worker-core.js';
import type { FromWorker, ToWorker } from './protocol.js';

const scope = self as unknown as { onmessage: ((e: MessageEvent<ToWorker>) => void) | null; postMessage(m: FromWorker, transfer?: Transferable[]): void };
const core = new MapWorkerCore((m, transfer) => scope.postMessage(m, transfer ?? []));
scope.onmessage = (e) => { void core.receive(e.data); };
