import { ASTAR, BidirectionalSearcher, ContractionHierarchy, COST_TO_COME, type Graph, type Heuristic, InputError, pathCost, Searcher, straightLine, zero } from '#bestfirst';
import { bellmanFord, zeroOneBfs } from '#bestfirst/search';
import { CoReader, GrReader, type DimacsCoordinates } from '#bestfirst/io';
import { displayName, jsonOption, readSavedFile, streamText } from './files.js';
import { progressBar, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { DIMACS_CO_SCALE, routeGeoJson, routeSvg } from './picture/draw-route.js';
import { pictureTargets, sayWritten, svgOption, writePicture } from './picture/output.js';

/** What one `--algo` of `route` found: the path as node ids from 0 (null without one), and the work it did. */
interface Found {
  readonly path: number[] | null;
  /** The search's own cost for it (Infinity without one). */
  readonly cost: number;
  /** Nodes expanded (best-first) or settled (0-1 BFS); null for Bellman-Ford, which counts rounds. */
  readonly expansions: number | null;
  /** Bellman-Ford's rounds of relaxing every arc; null for the others. */
  readonly rounds: number | null;
  /** What was built before the search (the contraction hierarchy), and what it took; null for the searches that build nothing. */
  readonly built?: { readonly ms: number; readonly shortcuts: number; readonly bytes: number; readonly loaded: boolean };
  /** Bellman-Ford only: a cycle of negative cost reachable from the start (node ids from 0), when there is one. */
  readonly cycle?: number[];
}

/** The path to `goal` by the parent links of a single-source search, or null when it was not reached. */
function walkBack(parent: Int32Array, g: Float64Array, start: number, goal: number): number[] | null {
  if (g[goal] === Infinity) return null;
  const path = [goal];
  for (let n = goal; n !== start; ) { n = parent[n]; path.push(n); }
  return path.reverse();
}

/** Why `path` is not a path from start to goal of cost `cost` on `graph`, or null when it is one. */
function check(graph: Graph, path: number[], start: number, goal: number, cost: number): string | null {
  if (path[0] !== start || path[path.length - 1] !== goal) return `it runs from ${path[0] + 1} to ${path[path.length - 1] + 1}`;
  let summed: number;
  try {
    summed = pathCost(graph, path);
  } catch (e) {
    return (e as Error).message;
  }
  return summed === cost ? null : `its arcs sum to ${summed}, the search said ${cost}`;
}

function bestFirst(graph: Graph, start: number, goal: number, h: Heuristic, astar: boolean): Found {
  const s = new Searcher(graph);
  s.search(start, goal, { priority: astar ? ASTAR : COST_TO_COME, heuristic: h });
  return { path: s.status === 'found' ? s.path() : null, cost: s.cost, expansions: s.expansions, rounds: null };
}

function bidirectional(graph: Graph, start: number, goal: number, h: Heuristic | null): Found {
  const s = new BidirectionalSearcher(graph);
  s.search(start, goal, h === null ? {} : { heuristic: h });
  return { path: s.path(), cost: s.cost, expansions: s.expansions, rounds: null };
}

/** The searches; `needsCo` marks those whose heuristic is made from the coordinates. */
/** What a search may need beyond the graph and its ends: the file's name for messages, a saved hierarchy for `ch`, the terminal for a build's progress. */
interface Context {
  readonly gr: string;
  readonly saved?: Uint8Array;
  readonly io: Io;
}

const ALGOS: Readonly<Record<string, { help: string; needsCo?: true; run(graph: Graph, start: number, goal: number, h: Heuristic | null, ctx: Context): Found }>> = {
  dijkstra: { help: 'Dijkstra, h = 0', run: (graph, s, t) => bestFirst(graph, s, t, zero, false) },
  astar: {
    help: 'A* with the straight-line distance to the goal times the smallest weight / length ratio over all arcs (admissible whatever the weights are; needs --co)',
    needsCo: true,
    run: (graph, s, t, h) => bestFirst(graph, s, t, h!, true),
  },
  bidijkstra: { help: 'bidirectional Dijkstra: one search from the start, one from the goal against the arcs, until they meet', run: (graph, s, t) => bidirectional(graph, s, t, null) },
  biastar: {
    help: 'bidirectional A* on the average of the two straight-line potentials (needs --co)',
    needsCo: true,
    run: (graph, s, t, h) => bidirectional(graph, s, t, h),
  },
  ch: {
    help: 'contraction hierarchies: the graph is contracted first (its build time is printed), or loaded from --ch FILE.ch (bestfirst preprocess), then one upward search from each end',
    run(graph, s, t, _h, ctx) {
      const t0 = performance.now();
      const progress = ctx.saved === undefined ? progressBar(ctx.io, graph.size, 'contracting ') : null;
      const ch = new ContractionHierarchy(graph, ctx.saved !== undefined ? { saved: ctx.saved } : progress === null ? {} : { onProgress: progress });
      const built = { ms: performance.now() - t0, shortcuts: ch.shortcuts, bytes: ch.bytes, loaded: ctx.saved !== undefined };
      ch.search(s, t);
      return { path: ch.path(), cost: ch.cost, expansions: ch.expansions, rounds: null, built };
    },
  },
  'bellman-ford': {
    help: 'Bellman-Ford from the start (every arc relaxed each round: slow, a check on the others); the one search that takes negative weights, and finds a negative cycle',
    run(graph, s, t) {
      const r = bellmanFord(graph, s);
      // A negative cycle reachable from the start: no cheapest path is defined, so none is given.
      if (r.status === 'negative-cycle') return { path: null, cost: -Infinity, expansions: null, rounds: r.rounds, cycle: r.cycle };
      return { path: walkBack(r.parent, r.g, s, t), cost: r.g[t], expansions: null, rounds: r.rounds };
    },
  },
  '01bfs': {
    help: '0-1 BFS from the start (weights 0 and 1 only)',
    run(graph, s, t, _h, { gr }) {
      // Checked here to name the arc by the file's ids (from 1); zeroOneBfs would name it by the graph's (from 0).
      const nodes = new Int32Array(Math.max(1, graph.maxDegree)), costs = new Float64Array(Math.max(1, graph.maxDegree));
      for (let u = 0; u < graph.size; u++) {
        const deg = graph.successors(u, nodes, costs);
        for (let k = 0; k < deg; k++) {
          if (costs[k] !== 0 && costs[k] !== 1) throw new InputError(`route: --algo 01bfs on ${gr}: the arc ${u + 1} -> ${nodes[k] + 1} weighs ${costs[k]}; 0-1 BFS takes weights 0 and 1 only (--algo dijkstra takes any)`);
        }
      }
      const f = zeroOneBfs(graph, s);
      return { path: walkBack(f.parent, f.g, s, t), cost: f.g[t], expansions: f.reached, rounds: null };
    },
  },
};

/**
 * Reads the `.gr` of `--gr FILE`. Negative weights are read for the one
 * search that takes them (`algo` bellman-ford); for the others the reader's
 * refusal says which does. `command` names the command in messages.
 */
export function readGraph(grFile: string, command: string, algo: string): Graph {
  const gr = displayName(grFile);
  const takesNegative = algo === 'bellman-ford';
  try {
    // Streamed: a road graph of a continent is more text than one string holds.
    const reader = new GrReader(gr, { negativeWeights: takesNegative });
    streamText(grFile, `--gr ${gr}`, '.gr', (chunk) => reader.push(chunk));
    return reader.finish();
  } catch (e) {
    if (e instanceof InputError && !takesNegative && /; negative weights are read only when asked for/.test(e.message)) {
      throw new InputError(`${command}: ${e.message.replace(/; negative weights are read only when asked for.*$/, '')}; --algo ${algo} takes weights >= 0, and only --algo bellman-ford takes negative ones`);
    }
    throw e;
  }
}

function nodeOption(name: string, help: string) {
  return { name, kind: 'integer', arg: 'N', min: 1, required: true, help } as const;
}

/**
 * `bestfirst route --gr FILE.gr [--co FILE.co] --from N --to N [--algo A]
 * [--json]`: one cheapest path on a graph in the DIMACS shortest-path
 * format, by one of seven searches (`ch` contracts the graph first and says
 * how long that took). Exit 0 with a path, 1 without one.
 */
export const ROUTE: CommandSpec = {
  name: 'route',
  summary: 'one cheapest path on a DIMACS graph (.gr arcs, .co coordinates)',
  about: 'One cheapest path on a graph in the format of the 9th DIMACS shortest-path challenge (the format road benchmarks are published in): its cost, nodes, expansions and time, and with --json the path. Node ids are the file\'s, counted from 1. The path\'s cost is summed again from the graph\'s arcs before it is printed. With --algo ch the graph is contracted into a hierarchy first; its build time, shortcuts and memory are printed beside the query\'s time, which leaves the build out.',
  options: [
    { name: 'gr', kind: 'file', arg: 'FILE.gr', required: true, help: "the arcs: 'p sp N M', then 'a U V W' lines, read as a stream (no limit on its size but memory; gzipped, at most 4 GiB inflated)" },
    { name: 'co', kind: 'file', arg: 'FILE.co', help: "the coordinates: 'p aux sp co N', then 'v ID X Y' lines, read as a stream like --gr; needed by astar and biastar" },
    nodeOption('from', 'the start node'),
    nodeOption('to', 'the goal node'),
    { name: 'ch', kind: 'file', arg: 'FILE.ch', help: 'with --algo ch: load the hierarchy `bestfirst preprocess` saved for this graph instead of building it (refused if the graph is not the one it was built from)' },
    { name: 'algo', kind: 'choice', arg: 'A', default: 'dijkstra', choices: Object.keys(ALGOS), help: 'the search', accepts: Object.entries(ALGOS).map(([k, a]) => [k, a.help] as const) },
    svgOption('the road graph (its arcs faint, X and Y of the .co as plane coordinates, north up) with the path bold, the start a disc and the goal a square', '; needs --co'),
    { name: 'geojson', kind: 'file', arg: 'FILE.geojson', help: 'also write the path as a GeoJSON Feature: a LineString of [longitude, latitude] from the .co coordinates divided by --co-scale; needs --co (a file there is replaced)' },
    { name: 'co-scale', kind: 'number', arg: 'N', min: 0, default: String(DIMACS_CO_SCALE), help: 'with --geojson: what the .co coordinates were multiplied by, degrees to the file\'s whole numbers (the DIMACS challenge\'s road files: 1000000); a .co does not say its scale; must be > 0' },
    jsonOption('print one JSON record (gr, co, algo, from, to, status, cost, nodes, expansions, rounds, elapsedMs, built, path) instead of text; built is { ms, shortcuts, bytes, loaded } for ch (loaded: read from --ch, ms the load), else null; a negative cycle gives status negative-cycle with cycle and cycleCost'),
  ],
  notes: [
    'The astar and biastar heuristic: every arc costs at least ratio x its straight length (ratio: the smallest weight / length over the arcs), so no path to the goal costs less than ratio x the straight-line distance; it is admissible and consistent for any weights, and zero when some arc between distinct points is free.',
    'Negative weights (W with a minus sign) are read for --algo bellman-ford only, the one search that takes them; it reports a negative cycle reachable from the start instead of a path (status negative-cycle, with the cycle).',
    'With --geojson the path is one GeoJSON Feature: geometry a LineString of [longitude, latitude] (X / N, Y / N for --co-scale N), a Point for a path of one node, null without a path; properties gr, co, algo, from, to, status, cost, coScale and nodes (the ids). A position outside longitude -180..180 or latitude -90..90 is refused, naming the node: the scale is wrong or the file is not in degrees. The sample data/dimacs/amsterdam-centre.co holds projected units, not degrees, so its GeoJSON lands next to longitude 0, latitude 0: only its shape means anything. With --svg or --geojson, text output ends with one wrote line per file; --json output is unchanged.',
    'Exit status: 0 a path was found, 1 no path (or a negative cycle), 2 a mistake in the command line or the files.',
  ],
  run,
};

export function routeCommand(args: readonly string[], io: Io): number {
  return runCommand(ROUTE, args, io);
}

function run(args: Args, io: Io): number {
  const grFile = args.need<string>('gr');
  const coFile = args.get<string>('co');
  const algo = args.need<string>('algo');
  // Said before any file is read: the command line alone is wrong.
  if (ALGOS[algo].needsCo && coFile === undefined) {
    throw new InputError(`route: --algo ${algo} needs --co FILE.co: its heuristic is made from the nodes' coordinates (or use --algo ${algo === 'astar' ? 'dijkstra' : 'bidijkstra'})`);
  }
  for (const option of ['geojson', 'svg']) {
    if (args.has(option) && coFile === undefined) {
      throw new InputError(`route: --${option} ${displayName(args.need<string>(option))} needs --co FILE.co: the ${option === 'svg' ? 'picture places' : 'line is made of'} the nodes by their coordinates`);
    }
  }
  if (args.has('co-scale') && !args.has('geojson')) throw new InputError('route: --co-scale is the scale of the --geojson file\'s coordinates; add --geojson FILE.geojson');
  const coScale = args.need<number>('co-scale');
  if (!(coScale > 0)) throw new InputError(`route: --co-scale must be a decimal number > 0, got ${coScale}`);
  const inputs = [grFile, ...(coFile === undefined ? [] : [coFile]), ...(args.has('ch') ? [args.need<string>('ch')] : [])];
  const pictures = pictureTargets(args, ['svg', 'geojson'], inputs, 'route');
  const chFile = args.get<string>('ch');
  if (chFile !== undefined && algo !== 'ch') throw new InputError(`route: --ch ${displayName(chFile)} is a saved hierarchy, which --algo ch reads; add --algo ch (the search given is ${algo})`);
  const gr = displayName(grFile);
  const graph = readGraph(grFile, 'route', algo);
  // Read before the search, so the time it takes is said apart from the query's.
  const saved = chFile === undefined ? undefined : readSavedFile(chFile, '--ch', '.ch');
  const node = (name: string) => {
    const id = args.need<number>(name);
    if (id > graph.size) throw new InputError(`route: --${name} ${id} is not a node of ${gr}, which has ${graph.size} (ids 1 to ${graph.size})`);
    return id - 1;
  };
  const start = node('from'), goal = node('to');
  let h: Heuristic | null = null;
  let coords: DimacsCoordinates | null = null;
  if (coFile !== undefined) {
    const co = displayName(coFile);
    const reader = new CoReader(co);
    streamText(coFile, `--co ${co}`, '.co', (chunk) => reader.push(chunk));
    coords = reader.finish();
    if (coords.x.length !== graph.size) throw new InputError(`route: --co ${co} has ${coords.x.length} nodes, --gr ${gr} has ${graph.size}: expected the coordinates of the same graph`);
    // Only the searches that use it: the others take negative weights (bellman-ford), which straightLine refuses.
    if (ALGOS[algo].needsCo) h = straightLine(graph, coords).h;
  }

  const t0 = performance.now();
  const found = ALGOS[algo].run(graph, start, goal, h, saved === undefined ? { gr, io } : { gr, saved, io });
  // The search alone: a hierarchy's build is reported on its own.
  const microseconds = (performance.now() - t0 - (found.built?.ms ?? 0)) * 1000;
  const built = found.built === undefined ? null : { ms: Math.round(found.built.ms * 10) / 10, shortcuts: found.built.shortcuts, bytes: found.built.bytes, loaded: found.built.loaded };
  /** Writes the pictures asked for (a path, or null: no path, or a negative cycle); returns the wrote lines. */
  const draw = (nodes: number[] | null, status: string, cost: number | null): string[] => {
    const wrote: string[] = [];
    for (const [option, file] of pictures) {
      const title = `bestfirst route ${gr}, ${algo}, from ${start + 1} to ${goal + 1}`;
      if (option === 'svg') wrote.push(writePicture('route', option, file, routeSvg(graph, coords!, nodes, start, goal, title), 'SVG'));
      else {
        const facts = { gr: grFile, co: coFile!, algo, from: start + 1, to: goal + 1, status, cost };
        wrote.push(writePicture('route', option, file, routeGeoJson(coords!, nodes, coScale, facts, `--co ${displayName(coFile!)}`), `GeoJSON, ${nodes?.length ?? 0} positions`));
      }
    }
    return wrote;
  };
  if (found.cycle !== undefined) {
    // No cheapest path: the pictures show the graph and the two ends only.
    const wrote = draw(null, 'negative-cycle', null);
    const cycle = [...found.cycle, found.cycle[0]].map((n) => n + 1);
    let around = 0;
    for (let i = 0; i + 1 < found.cycle.length + 1; i++) around += pathCost(graph, [found.cycle[i], found.cycle[(i + 1) % found.cycle.length]]);
    if (args.flag('json')) {
      io.out(JSON.stringify({ gr: grFile, co: coFile ?? null, algo, from: start + 1, to: goal + 1, status: 'negative-cycle', cost: null, nodes: 0, expansions: null, rounds: found.rounds, cycle, cycleCost: around, path: null }));
    } else {
      io.out(`graph ${gr} (${graph.size} nodes, ${graph.arcCount} arcs), algo ${algo}, from ${start + 1} to ${goal + 1}`);
      io.out(`no cheapest path: a negative cycle is reachable from ${start + 1}: ${cycle.join(' ')} (cost ${around} each time round), ${found.rounds} rounds over every arc`);
    }
    sayWritten(io, wrote, args.flag('json'));
    return 1;
  }
  const cost = found.path === null ? null : found.cost;
  const broken = found.path === null ? null : check(graph, found.path, start, goal, found.cost);
  // Never print a path we have not checked: a wrong one is a bug, said loudly.
  if (broken !== null) { io.err(`route: the ${algo} path is invalid: ${broken}`); return 1; }
  const path = found.path?.map((n) => n + 1) ?? null;
  const status = path === null ? 'unreachable' : 'found';
  // Written before anything is printed, so a failed write is the one line on stderr.
  const wrote = draw(found.path, status, cost);

  if (args.flag('json')) {
    io.out(JSON.stringify({
      gr: grFile, co: coFile ?? null, algo, from: start + 1, to: goal + 1, status, cost, nodes: path?.length ?? 0,
      expansions: found.expansions, rounds: found.rounds, elapsedMs: Math.round(microseconds) / 1000, built, path,
    }));
  } else {
    io.out(`graph ${gr} (${graph.size} nodes, ${graph.arcCount} arcs), algo ${algo}, from ${start + 1} to ${goal + 1}`);
    if (built !== null) io.out(`hierarchy ${built.loaded ? `loaded from ${displayName(chFile!)}` : 'built'} in ${built.ms.toFixed(1)} ms: ${built.shortcuts} shortcuts, ${(built.bytes / 1e6).toFixed(1)} MB`);
    const work = found.rounds === null ? `${found.expansions} expansions` : `${found.rounds} rounds over every arc`;
    io.out(path === null ? `no path (unreachable), ${work}, ${microseconds.toFixed(1)} us`
      : `cost ${cost}, ${path.length} nodes (${path.length - 1} arcs), ${work}, ${microseconds.toFixed(1)} us`);
  }
  sayWritten(io, wrote, args.flag('json'));
  return path === null ? 1 : 0;
}
