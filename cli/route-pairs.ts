import { Graph, InputError, type Heuristic } from '#bestfirst';
import type { DimacsCoordinates } from '#bestfirst/io';
import { Hash64, MAX_SCEN_BYTES, spaceFingerprint } from '#bestfirst/internal';
import { batchRows, fingerprintHex, startBatch, type BatchAsk } from './batch.js';
import { displayName, readText } from './files.js';
import type { Io } from './io.js';
import type { Args, OptionSpec } from './options.js';
import { check, pairSearch, type Context, type PairSearch } from './route-algos.js';
import { hierarchyLines, pairShow, pairsSummary, ROUTE_ROWS, type PairAnswer } from './route-pairs-rows.js';
import { runOnThreads, shared, threadsFor } from './thread-pool.js';

/** `route --pairs FILE`. */
export const PAIRS_OPTION: OptionSpec = {
  name: 'pairs', kind: 'file', arg: 'FILE',
  help: 'run one query per line of FILE instead of --from/--to: two node ids, FROM TO (from 1, as in the .gr); blank lines and lines starting with # are skipped',
};

/** The pairs of FILE as node ids from 0, two a pair; `size` is the graph's node count. */
export function parsePairs(text: string, label: string, gr: string, size: number): Int32Array {
  const out: number[] = [];
  text.split('\n').forEach((raw, k) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\d+)\s+(\d+)$/.exec(line);
    if (m === null) throw new InputError(`route: ${label}:${k + 1}: expected FROM TO, two node ids from 1, got ${JSON.stringify(raw.length > 40 ? `${raw.slice(0, 37)}...` : raw)}`);
    for (const id of [Number(m[1]), Number(m[2])]) {
      if (!(id >= 1 && id <= size)) throw new InputError(`route: ${label}:${k + 1}: ${m[1] === String(id) ? 'FROM' : 'TO'} ${id} is not a node of ${gr}, which has ${size} (ids 1 to ${size})`);
      out.push(id - 1);
    }
  });
  if (out.length === 0) throw new InputError(`route: ${label} holds no pairs: expected one FROM TO line per query`);
  return Int32Array.from(out);
}

/** Answers pair `row` (ids from 0 in `pairs`), its path checked against the graph. */
function answer(search: PairSearch, graph: Graph, pairs: Int32Array, row: number, times: boolean): PairAnswer {
  const start = pairs[2 * row], goal = pairs[2 * row + 1];
  const t0 = times ? performance.now() : 0;
  const f = search.find(start, goal);
  const micros = times ? (performance.now() - t0) * 1000 : 0;
  const at = { row, from: start + 1, to: goal + 1, expansions: f.expansions, rounds: f.rounds, micros };
  if (f.cycle !== undefined) return { ...at, status: 'negative-cycle', cost: null, path: null };
  if (f.path === null) return { ...at, status: 'unreachable', cost: null, path: null };
  const invalid = check(graph, f.path, start, goal, f.cost);
  return { ...at, status: 'found', cost: f.cost, path: f.path.map((n) => n + 1), ...(invalid === null ? {} : { invalid }) };
}

/** What the route worker starts from: the graph's arcs (shared), its coordinates, the search and the pairs. */
export interface RouteWorkerData {
  readonly size: number;
  readonly arcs: { readonly from: Int32Array; readonly to: Int32Array; readonly cost: Float64Array };
  readonly negativeCosts: boolean;
  readonly coords: { readonly x: Float64Array; readonly y: Float64Array } | null;
  readonly algo: string;
  /** The hierarchy's saved bytes (shared), for --algo ch. */
  readonly saved?: Uint8Array;
  readonly pairs: Int32Array;
  /** The pairs to answer (their rows), in order: the pool's i-th query is todo[i]. */
  readonly todo: Int32Array;
  readonly times: boolean;
}

/** The graph's arcs in the order it lists them, in shared memory: a worker's graph made from them searches as this one does. */
function sharedArcs(graph: Graph): RouteWorkerData['arcs'] {
  const from = new Int32Array(new SharedArrayBuffer(graph.arcCount * 4)), to = new Int32Array(new SharedArrayBuffer(graph.arcCount * 4));
  const cost = new Float64Array(new SharedArrayBuffer(graph.arcCount * 8));
  const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
  let k = 0;
  for (let u = 0; u < graph.size; u++) {
    const d = graph.successors(u, nodes, costs);
    for (let i = 0; i < d; i++, k++) { from[k] = u; to[k] = nodes[i]; cost[k] = costs[i]; }
  }
  return { from, to, cost };
}

/** A worker's graph: made from the shared arcs (the text is read once, on the main thread). */
export function graphFromArcs(d: RouteWorkerData): Graph {
  return new Graph(d.size, d.arcs, { directed: true, negativeCosts: d.negativeCosts });
}

/** A worker's answer to the pool's query `i`, the pair of row todo[i]. */
export function workerAnswer(search: PairSearch, graph: Graph, d: RouteWorkerData, i: number): PairAnswer {
  return answer(search, graph, d.pairs, d.todo[i], d.times);
}

/** The built route worker beside this module; null from the TypeScript source (see threadsFor). */
const WORKER_URL: URL | null = import.meta.url.endsWith('.ts') ? null : new URL('./route-worker.js', import.meta.url);

/** Searches whose answers a graph rebuilt from its forward arcs might change: they walk the arcs backwards too, in an order the rebuild need not keep. */
const BACKWARD = ['bidijkstra', 'biastar'];

/**
 * What makes two results files parts of one run beyond their names: the
 * graph as searched, the pairs, and the coordinates when the search's
 * heuristic is made from them (`coords`, else null).
 */
function routeFingerprint(graph: Graph, pairs: Int32Array, coords: DimacsCoordinates | null): string {
  const h = new Hash64();
  h.words(Uint32Array.from(spaceFingerprint(graph)));
  h.words(pairs);
  if (coords !== null) for (let i = 0; i < coords.x.length; i++) { h.number(coords.x[i]); h.number(coords.y[i]); }
  return fingerprintHex(h.digest());
}

/**
 * `route --gr FILE.gr --pairs FILE`: every pair searched with one search
 * made once (the hierarchy of --algo ch built or loaded once), one line or
 * record each in file order, then a summary; cut into shards, streamed to
 * --jsonl and resumed as `scen`'s rows are (batch.ts). Exit 0 when every
 * pair is answered and every path checks, 1 when one fails its check.
 */
export function routePairs(o: { args: Args; ask: BatchAsk; io: Io; graph: Graph; gr: string; algo: string; h: Heuristic | null; coords: DimacsCoordinates | null; saved?: Uint8Array; chFile?: string; pairsFile: string }): number | Promise<number> {
  const { args, ask, io, graph, gr, algo } = o;
  const { times } = ask;
  const pairsName = displayName(o.pairsFile);
  const pairs = parsePairs(readText(o.pairsFile, `--pairs ${pairsName}`, 'pairs', MAX_SCEN_BYTES), pairsName, gr, graph.size);
  const n = pairs.length / 2, json = args.flag('json');
  const title = `graph ${gr} (${graph.size} nodes, ${graph.arcCount} arcs), algo ${algo}, ${n} pair${n === 1 ? '' : 's'} from ${pairsName}`;
  // Read back (and refused if it is of another run) before the hierarchy is built.
  const batch = batchRows(ask, n, () => ({ gr, pairs: pairsName, rows: n, algo, fingerprint: routeFingerprint(graph, pairs, o.h === null ? null : o.coords), title }), ROUTE_ROWS);
  const { todo } = batch;
  const threads = BACKWARD.includes(algo) ? 1 : threadsFor(args.get<number>('workers'), todo.length, WORKER_URL);
  const ctx: Context = o.saved === undefined ? { gr, io } : { gr, saved: o.saved, io };
  const search = pairSearch(graph, algo, o.h, ctx);
  const made = search.built;
  const built = made === undefined || !times ? undefined
    : { ...(made.loaded ? { loadMs: made.ms, from: displayName(o.chFile!) } : { buildMs: made.ms }), shortcuts: made.shortcuts, bytes: made.bytes };
  const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
  const { deliver, rows, close } = startBatch(batch, {
    ask, format: ROUTE_ROWS, io, say, head: [title, ...hierarchyLines(built)], unit: 'pairs', built, show: pairShow(io, algo, json, times),
  });
  const finish = (): number => {
    close();
    return pairsSummary(rows(), say, (l) => io.err(l), times);
  };
  if (threads === 1) {
    for (const row of todo) deliver(answer(search, graph, pairs, row, times));
    return finish();
  }
  const data: RouteWorkerData = {
    size: graph.size, arcs: sharedArcs(graph), negativeCosts: graph.negativeCosts, algo, times,
    coords: o.coords === null ? null : { x: shared(o.coords.x, (b) => new Float64Array(b)), y: shared(o.coords.y, (b) => new Float64Array(b)) },
    pairs: shared(pairs, (b) => new Int32Array(b)), todo: shared<Int32Array>(Int32Array.from(todo), (b) => new Int32Array(b)),
    ...(search.ch === null ? {} : { saved: shared(search.ch.save(), (b) => new Uint8Array(b)) }),
  };
  return runOnThreads('route', WORKER_URL!, data, todo.length, threads - 1, (i) => answer(search, graph, pairs, todo[i], times), deliver)
    .then(finish, (e: unknown) => { close(); throw e; });
}
