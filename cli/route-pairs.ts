import { Graph, InputError, type Heuristic } from '#bestfirst';
import type { DimacsCoordinates } from '#bestfirst/io';
import { MAX_SCEN_BYTES } from '#bestfirst/internal';
import { displayName, readText } from './files.js';
import { fixed, progressBar, type Io } from './io.js';
import type { Args, OptionSpec } from './options.js';
import { inRowOrder } from './results-file.js';
import { check, pairSearch, type Context, type PairSearch } from './route-algos.js';
import { runOnThreads, shared, threadsFor } from './thread-pool.js';

/** `route --pairs FILE`. */
export const PAIRS_OPTION: OptionSpec = {
  name: 'pairs', kind: 'file', arg: 'FILE',
  help: 'run one query per line of FILE instead of --from/--to: two node ids, FROM TO (from 1, as in the .gr); blank lines and lines starting with # are skipped',
};

/** One pair answered: ids from 1, as the files write them. */
export interface PairAnswer {
  /** The pair's place in FILE's pairs, from 0. */
  readonly row: number;
  readonly from: number;
  readonly to: number;
  readonly status: 'found' | 'unreachable' | 'negative-cycle';
  readonly cost: number | null;
  readonly path: number[] | null;
  readonly expansions: number | null;
  readonly rounds: number | null;
  readonly micros: number;
  /** Why the path fails its check (a bug, said loudly), when it does. */
  readonly invalid?: string;
}

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

/** The text line of one pair. */
function pairLine(a: PairAnswer): string {
  const work = a.rounds === null ? `${a.expansions} expansions` : `${a.rounds} rounds over every arc`;
  if (a.status === 'negative-cycle') return `${a.from} -> ${a.to}: no cheapest path, a negative cycle is reachable from ${a.from}; ${work}`;
  if (a.path === null) return `${a.from} -> ${a.to}: no path (unreachable), ${work}`;
  return `${a.from} -> ${a.to}: cost ${a.cost}, ${a.path.length} nodes, ${work}`;
}

/** The --json record of one pair. */
function pairRecord(a: PairAnswer, times: boolean): string {
  return JSON.stringify({
    from: a.from, to: a.to, status: a.status, cost: a.cost, nodes: a.path?.length ?? 0, expansions: a.expansions, rounds: a.rounds,
    ...(times ? { elapsedMs: Math.round(a.micros) / 1000 } : {}), path: a.path,
  });
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

/** A worker's answer to pair `row`. */
export function workerAnswer(search: PairSearch, graph: Graph, d: RouteWorkerData, row: number): PairAnswer {
  return answer(search, graph, d.pairs, row, d.times);
}

/** The built route worker beside this module; null from the TypeScript source (see threadsFor). */
const WORKER_URL: URL | null = import.meta.url.endsWith('.ts') ? null : new URL('./route-worker.js', import.meta.url);

/** Searches whose answers a graph rebuilt from its forward arcs might change: they walk the arcs backwards too, in an order the rebuild need not keep. */
const BACKWARD = ['bidijkstra', 'biastar'];

/**
 * `route --gr FILE.gr --pairs FILE`: every pair searched with one search
 * made once (the hierarchy of --algo ch built or loaded once), one line or
 * record each in file order, then a summary. Exit 0 when every pair is
 * answered and every path checks, 1 when one fails its check.
 */
export function routePairs(o: { args: Args; io: Io; graph: Graph; gr: string; algo: string; h: Heuristic | null; coords: DimacsCoordinates | null; saved?: Uint8Array; chFile?: string; pairsFile: string }): number | Promise<number> {
  const { args, io, graph, gr, algo } = o;
  const label = `--pairs ${displayName(o.pairsFile)}`;
  const pairs = parsePairs(readText(o.pairsFile, label, 'pairs', MAX_SCEN_BYTES), displayName(o.pairsFile), gr, graph.size);
  const n = pairs.length / 2;
  const times = !args.flag('no-times'), json = args.flag('json');
  const threads = BACKWARD.includes(algo) ? 1 : threadsFor(args.get<number>('workers'), n, WORKER_URL);
  const ctx: Context = o.saved === undefined ? { gr, io } : { gr, saved: o.saved, io };
  const search = pairSearch(graph, algo, o.h, ctx);
  const say = json ? (l: string) => io.err(l) : (l: string) => io.out(l);
  say(`graph ${gr} (${graph.size} nodes, ${graph.arcCount} arcs), algo ${algo}, ${n} pair${n === 1 ? '' : 's'} from ${displayName(o.pairsFile)}`);
  const built = search.built;
  if (built !== undefined && times) say(`hierarchy ${built.loaded ? `loaded from ${displayName(o.chFile!)}` : 'built'} in ${built.ms.toFixed(1)} ms: ${built.shortcuts} shortcuts, ${(built.bytes / 1e6).toFixed(1)} MB`);

  let invalid = 0;
  const { deliver, rows } = inRowOrder<PairAnswer>({
    first: 0, end: n, earlier: null, results: null,
    show: (x) => {
      io.out(json ? pairRecord(x, times) : pairLine(x));
      if (x.invalid !== undefined) { invalid++; io.err(`route: the ${algo} path from ${x.from} to ${x.to} is invalid: ${x.invalid}`); }
    },
    progress: progressBar(io, n, '', 'pairs'),
  });
  const finish = (): number => {
    const all = rows();
    const count = (s: PairAnswer['status']) => all.filter((a) => a.status === s).length;
    const cycles = count('negative-cycle');
    say(`pairs ${n}: found ${count('found')}, unreachable ${count('unreachable')}${cycles > 0 ? `, negative cycle ${cycles}` : ''}`);
    if (times) {
      const us = Float64Array.from(all, (a) => a.micros).sort();
      const median = n % 2 ? us[(n - 1) / 2] : (us[n / 2 - 1] + us[n / 2]) / 2;
      say(`microseconds per pair: median ${fixed(median)}, mean ${fixed(us.reduce((s, v) => s + v, 0) / n)}`);
    }
    const work = all[0].rounds === null ? `expansions per pair: mean ${fixed(all.reduce((s, a) => s + (a.expansions ?? 0), 0) / n)}` : `rounds per pair: mean ${fixed(all.reduce((s, a) => s + (a.rounds ?? 0), 0) / n)}`;
    say(work);
    if (invalid > 0) io.err(`route: FAILED: ${invalid} invalid path${invalid === 1 ? '' : 's'}`);
    return invalid > 0 ? 1 : 0;
  };
  if (threads === 1) {
    for (let row = 0; row < n; row++) deliver(answer(search, graph, pairs, row, times));
    return finish();
  }
  const data: RouteWorkerData = {
    size: graph.size, arcs: sharedArcs(graph), negativeCosts: graph.negativeCosts, algo, times,
    coords: o.coords === null ? null : { x: shared(o.coords.x, (b) => new Float64Array(b)), y: shared(o.coords.y, (b) => new Float64Array(b)) },
    pairs: shared(pairs, (b) => new Int32Array(b)),
    ...(search.ch === null ? {} : { saved: shared(search.ch.save(), (b) => new Uint8Array(b)) }),
  };
  return runOnThreads('route', WORKER_URL!, data, n, threads - 1, (row) => answer(search, graph, pairs, row, times), deliver).then(finish);
}
