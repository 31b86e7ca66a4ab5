// The theater's worker: the badge's scan and the ARA* lane, off the main thread.
import { OffFrameWork, type OffFrameJob } from './off-frame-work.js';
import { theaterWorld } from './theater-world.js';

const work = new OffFrameWork(theaterWorld().world.grid);
const scope = self as unknown as { onmessage: ((e: MessageEvent<OffFrameJob>) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => scope.postMessage(work.run(e.data));
