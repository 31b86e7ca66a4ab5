// One worker of `route --pairs FILE --workers N` (see route-pairs.ts,
// thread-pool.ts): the graph made from the shared arcs, the hierarchy of
// --algo ch loaded from its shared bytes, then chunks of the pairs still to
// run (the shared todo) answered exactly as the main thread answers them.
import { workerData } from 'node:worker_threads';
import { straightLine } from '#bestfirst';
import { ALGOS, pairSearch } from './route-algos.js';
import { graphFromArcs, workerAnswer, type RouteWorkerData } from './route-pairs.js';
import { serveRows } from './thread-serve.js';

const d = workerData as RouteWorkerData;
serveRows(() => {
  const graph = graphFromArcs(d);
  const h = d.coords !== null && ALGOS[d.algo].needsCo ? straightLine(graph, d.coords).h : null;
  // No terminal here: the main thread draws the progress.
  const io = { out: () => {}, err: () => {}, tty: false };
  return { graph, search: pairSearch(graph, d.algo, h, d.saved === undefined ? { gr: '', io } : { gr: '', saved: d.saved, io }) };
}, ({ graph, search }, i) => workerAnswer(search, graph, d, i));
