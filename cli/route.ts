import { type Graph, type Heuristic, InputError, pathCost, straightLine } from '#bestfirst';
import { CoReader, GrReader, type DimacsCoordinates } from '#bestfirst/io';
import { displayName, jsonOption, readSavedFile, streamText } from './files.js';
import type { Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { DIMACS_CO_SCALE, routeGeoJson, routeSvg } from './picture/draw-route.js';
import { pictureTargets, sayWritten, svgOption, writePicture } from './picture/output.js';
import { ALGOS, check } from './route-algos.js';
import { PAIRS_OPTION, routePairs } from './route-pairs.js';
import { batchAsk, checkBatchFile } from './batch.js';
import { JSONL_OPTION, RESUME_OPTION } from './results-file.js';
import { SHARD_OPTION } from './shard.js';
import { WORKERS_OPTION } from './thread-pool.js';

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

/** The coordinates of --co FILE, checked to be as many as the graph's nodes. */
function readCo(coFile: string, graph: Graph, gr: string): DimacsCoordinates {
  const co = displayName(coFile);
  const reader = new CoReader(co);
  streamText(coFile, `--co ${co}`, '.co', (chunk) => reader.push(chunk));
  const coords = reader.finish();
  if (coords.x.length !== graph.size) throw new InputError(`route: --co ${co} has ${coords.x.length} nodes, --gr ${gr} has ${graph.size}: expected the coordinates of the same graph`);
  return coords;
}

function nodeOption(name: string, help: string) {
  return { name, kind: 'integer', arg: 'N', min: 1, help } as const;
}

/**
 * `bestfirst route --gr FILE.gr [--co FILE.co] --from N --to N [--algo A]
 * [--json]`: one cheapest path on a graph in the DIMACS shortest-path
 * format, by one of seven searches (`ch` contracts the graph first and says
 * how long that took). Exit 0 with a path, 1 without one.
 */
export const ROUTE: CommandSpec<number | Promise<number>> = {
  name: 'route',
  summary: 'one cheapest path on a DIMACS graph (.gr arcs, .co coordinates)',
  about: 'One cheapest path on a graph in the format of the 9th DIMACS shortest-path challenge (the format road benchmarks are published in): its cost, nodes, expansions and time, and with --json the path. Node ids are the file\'s, counted from 1. The path\'s cost is summed again from the graph\'s arcs before it is printed. With --algo ch the graph is contracted into a hierarchy first; its build time, shortcuts and memory are printed beside the query\'s time, which leaves the build out.',
  forms: ['bestfirst route --gr FILE.gr --from N --to N [options]', 'bestfirst route --gr FILE.gr --pairs FILE [options]'],
  options: [
    { name: 'gr', kind: 'file', arg: 'FILE.gr', required: true, help: "the arcs: 'p sp N M', then 'a U V W' lines, read as a stream (no limit on its size but memory; gzipped, at most 4 GiB inflated)" },
    { name: 'co', kind: 'file', arg: 'FILE.co', help: "the coordinates: 'p aux sp co N', then 'v ID X Y' lines, read as a stream like --gr; needed by astar and biastar" },
    nodeOption('from', 'the start node (with --to; or --pairs)'),
    nodeOption('to', 'the goal node'),
    PAIRS_OPTION,
    { name: 'ch', kind: 'file', arg: 'FILE.ch', help: 'with --algo ch: load the hierarchy `bestfirst preprocess` saved for this graph instead of building it (refused if the graph is not the one it was built from)' },
    { name: 'algo', kind: 'choice', arg: 'A', default: 'dijkstra', choices: Object.keys(ALGOS), help: 'the search', accepts: Object.entries(ALGOS).map(([k, a]) => [k, a.help] as const) },
    svgOption('the road graph (its arcs faint, X and Y of the .co as plane coordinates, north up) with the path bold, the start a disc and the goal a square', '; needs --co'),
    { name: 'geojson', kind: 'file', arg: 'FILE.geojson', help: 'also write the path as a GeoJSON Feature: a LineString of [longitude, latitude] from the .co coordinates divided by --co-scale; needs --co (a file there is replaced)' },
    { name: 'co-scale', kind: 'number', arg: 'N', min: 0, default: String(DIMACS_CO_SCALE), help: 'with --geojson: what the .co coordinates were multiplied by, degrees to the file\'s whole numbers (the DIMACS challenge\'s road files: 1000000); a .co does not say its scale; must be > 0' },
    jsonOption('print one JSON record (gr, co, algo, from, to, status, cost, nodes, expansions, rounds, elapsedMs, built, path) instead of text; built is { ms, shortcuts, bytes, loaded } for ch (loaded: read from --ch, ms the load), else null; a negative cycle gives status negative-cycle with cycle and cycleCost. With --pairs, one record per pair (from, to, status, cost, nodes, expansions, rounds, elapsedMs, path) and the summary on stderr'),
    { name: 'no-times', kind: 'flag', help: 'with --pairs: leave the times out (elapsedMs, the hierarchy\'s and the per-pair time lines), so that the same pairs print the same bytes, whichever machine, shard or worker ran them' },
    WORKERS_OPTION,
    { ...SHARD_OPTION, help: 'with --pairs: answer only the K-th of N equal slices of the pairs, for a batch split across machines: with T pairs, pairs floor((K-1)T/N) to floor(KT/N) - 1, counted from 0 in file order; `bestfirst merge` joins the slices\' --jsonl files into the whole batch\'s report' },
    { ...JSONL_OPTION, help: `with --pairs: ${JSONL_OPTION.help}` },
    { ...RESUME_OPTION, help: 'with --pairs: go on with the --jsonl FILE of an earlier run of the same command that stopped: its pairs are kept and skipped, a last line cut by a kill is dropped, and the rest are appended; the report covers every pair, as an uninterrupted run\'s does. A FILE not there yet is started, so a retried job can run the same line. Refused for a file of another run (another graph or pairs file, or one of them edited, another search or shard)' },
  ],
  notes: [
    'The astar and biastar heuristic: every arc costs at least ratio x its straight length (ratio: the smallest weight / length over the arcs), so no path to the goal costs less than ratio x the straight-line distance; it is admissible and consistent for any weights, and zero when some arc between distinct points is free.',
    'Negative weights (W with a minus sign) are read for --algo bellman-ford only, the one search that takes them; it reports a negative cycle reachable from the start instead of a path (status negative-cycle, with the cycle).',
    'With --geojson the path is one GeoJSON Feature: geometry a LineString of [longitude, latitude] (X / N, Y / N for --co-scale N), a Point for a path of one node, null without a path; properties gr, co, algo, from, to, status, cost, coScale and nodes (the ids). A position outside longitude -180..180 or latitude -90..90 is refused, naming the node: the scale is wrong or the file is not in degrees. The sample data/dimacs/amsterdam-centre.co holds projected units, not degrees, so its GeoJSON lands next to longitude 0, latitude 0: only its shape means anything. With --svg or --geojson, text output ends with one wrote line per file; --json output is unchanged.',
    `With --pairs FILE the graph is read, and the hierarchy of --algo ch built (or loaded), once, and every pair searched in turn: one line each, in file order, then a summary. --workers N searches them on N threads (${'the graph\'s arcs and coordinates shared with the workers, and the hierarchy as its saved bytes'}); the bidirectional searches run on one thread, as a graph rebuilt from its arcs may list a node's arcs in another order and so break a tie another way. The output is the same for any N. --shard K/N, --jsonl FILE and --resume FILE cut the pairs into slices, stream the answers and go on after a kill as scen's rows do (the pairs counted from 0 in file order); bestfirst merge FILE... joins the slices' --jsonl files into the report of the whole batch, byte for byte with --no-times.`,
    'Exit status: 0 a path was found (with --pairs: every pair answered, paths or not), 1 no path, or a negative cycle (with --pairs: a path that fails its check), 2 a mistake in the command line or the files.',
  ],
  run,
};

export function routeCommand(args: readonly string[], io: Io): number | Promise<number> {
  return runCommand(ROUTE, args, io);
}

function run(args: Args, io: Io): number | Promise<number> {
  const grFile = args.need<string>('gr');
  const pairsFile = args.get<string>('pairs');
  if (pairsFile !== undefined) {
    for (const option of ['from', 'to', 'svg', 'geojson']) if (args.has(option)) throw new InputError(`route: --${option} is for one query; with --pairs ${displayName(pairsFile)} every pair is one (give one or the other)`);
  } else {
    for (const option of ['from', 'to']) if (!args.has(option)) throw new InputError(`route: --${option} is required, or --pairs FILE (usage: ${ROUTE.forms!.join(' | ')}; bestfirst help route for more)`);
    for (const option of ['no-times', 'workers', 'shard', 'jsonl', 'resume']) if (args.has(option)) throw new InputError(`route: --${option} goes with --pairs FILE, a batch of queries`);
  }
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
  const ask = pairsFile === undefined ? null : batchAsk(args, 'route');
  if (ask !== null) checkBatchFile(ask, [...inputs, pairsFile!]);
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
  if (pairsFile !== undefined) {
    const coords = coFile === undefined ? null : readCo(coFile, graph, gr);
    const h = coords !== null && ALGOS[algo].needsCo ? straightLine(graph, coords).h : null;
    return routePairs({ args, ask: ask!, io, graph, gr, algo, h, coords, saved, chFile, pairsFile });
  }
  const start = node('from'), goal = node('to');
  let h: Heuristic | null = null;
  let coords: DimacsCoordinates | null = null;
  if (coFile !== undefined) {
    coords = readCo(coFile, graph, gr);
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
