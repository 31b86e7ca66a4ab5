import { ContractionHierarchy, InputError, type GridAlgorithmName } from '#bestfirst';
import { GRID_ALGORITHMS } from '#bestfirst/grid';
import { show } from '#bestfirst/internal';
import { SAVING } from './algos.js';
import { displayName, jsonOption, loadMap, MAP_OPTION, writeBytes } from './files.js';
import { progressBar, working, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { readGraph } from './route.js';

/**
 * `bestfirst preprocess --gr FILE.gr --out FILE.ch [--witness-settles N]
 * [--json]`: contracts a DIMACS graph into a hierarchy once and saves it, so
 * that every later `route --algo ch --ch FILE.ch` loads it in a fraction of
 * the build's time. `bestfirst preprocess --map FILE.map --algo A --out
 * FILE` does the same for a map's JPS+ table or subgoal graph, which `scen`
 * and `plan` load with `--saved FILE`. Exit 0 when the file is written.
 */
export const PREPROCESS: CommandSpec = {
  name: 'preprocess',
  summary: 'build a road graph\'s contraction hierarchy, or a map\'s JPS+ table or subgoal graph, once and save it (route --ch, scen and plan --saved read it)',
  about: 'Contracts the graph of a DIMACS .gr file into a hierarchy (--gr), or builds the preprocessing of a Moving AI map for one search (--map with --algo), and writes it to a file, so that route --algo ch --ch FILE.ch, or scen and plan with the same --algo and --saved FILE, load it instead of building it again. The file records a fingerprint of the graph\'s arcs (or the map\'s cells) and a checksum of its own bytes: it is refused for any other graph or map, for this one once edited, and when the file is damaged.',
  forms: ['bestfirst preprocess --gr FILE.gr --out FILE.ch [options]', 'bestfirst preprocess --map FILE.map --algo A --out FILE [options]'],
  options: [
    { name: 'gr', kind: 'file', arg: 'FILE.gr', help: "the arcs: 'p sp N M', then 'a U V W' lines, read as a stream (no limit on its size but memory; gzipped, at most 4 GiB inflated); weights >= 0; this or --map" },
    { ...MAP_OPTION, required: false, help: `${MAP_OPTION.help}; this (with --algo) or --gr` },
    { name: 'algo', kind: 'custom', arg: 'A', help: 'with --map: the search whose preprocessing to save', parse: (text) => savingAlgo(text), accepts: SAVING.map((n) => [n, GRID_ALGORITHMS[n as GridAlgorithmName].help] as const) },
    { name: 'out', kind: 'file', arg: 'FILE', required: true, help: 'where to write it; a file there is replaced, whole or not at all' },
    { name: 'witness-settles', kind: 'integer', arg: 'N', min: 0, max: 2 ** 31 - 1, default: '500', help: 'with --gr: how many nodes a witness search may settle before the shortcut is added anyway (fewer: a faster build, more shortcuts); the answers are exact whatever it is' },
    jsonOption('print one JSON record (gr, out, buildMs, shortcuts, arcs, bytes; with --map: map, algo, out, buildMs, bytes) instead of text'),
  ],
  notes: ['Exit status: 0 the file was written, 2 a mistake in the command line or the files.'],
  run,
};

export function preprocessCommand(args: readonly string[], io: Io): number {
  return runCommand(PREPROCESS, args, io);
}

function savingAlgo(text: string): GridAlgorithmName {
  if (!SAVING.includes(text)) throw new InputError(`--algo must be one of ${SAVING.join(', ')} (the searches that preprocess a map), got ${show(text)}`);
  return text as GridAlgorithmName;
}

function run(args: Args, io: Io): number {
  const grGiven = args.has('gr'), mapGiven = args.has('map');
  if (grGiven === mapGiven) throw new InputError(`preprocess: give --gr (a road graph's hierarchy) or --map with --algo (a map's preprocessing), ${grGiven ? 'not both' : 'one of them'}`);
  if (mapGiven) return runMap(args, io);
  if (args.has('algo')) throw new InputError(`preprocess: --algo goes with --map; --gr always builds a contraction hierarchy`);
  const grFile = args.need<string>('gr'), out = args.need<string>('out');
  if (out === grFile) throw new InputError(`preprocess: --out ${displayName(out)} is the --gr file; the hierarchy would replace the graph`);
  const graph = readGraph(grFile, 'preprocess', 'ch');
  const progress = progressBar(io, graph.size, 'contracting ');
  const ch = new ContractionHierarchy(graph, { witnessSettles: args.need<number>('witness-settles'), ...(progress === null ? {} : { onProgress: progress }) });
  const bytes = ch.save();
  writeBytes(out, bytes, `--out ${displayName(out)}`);
  const buildMs = Math.round(ch.buildMs * 10) / 10;
  if (args.flag('json')) {
    io.out(JSON.stringify({ gr: grFile, out, buildMs, shortcuts: ch.shortcuts, arcs: ch.arcs, bytes: bytes.length }));
  } else {
    io.out(`graph ${displayName(grFile)} (${graph.size} nodes, ${graph.arcCount} arcs): hierarchy built in ${buildMs.toFixed(1)} ms, ${ch.shortcuts} shortcuts`);
    io.out(`wrote ${displayName(out)} (${(bytes.length / 1e6).toFixed(1)} MB); route --algo ch --ch ${displayName(out)} loads it`);
  }
  return 0;
}

/** `preprocess --map FILE.map --algo A --out FILE`: builds the map's preprocessing for A and saves it. */
function runMap(args: Args, io: Io): number {
  const mapFile = args.need<string>('map'), out = args.need<string>('out');
  if (!args.has('algo')) throw new InputError(`preprocess: --map needs --algo, the search whose preprocessing to save: ${SAVING.join(', ')}`);
  if (args.has('witness-settles')) throw new InputError('preprocess: --witness-settles goes with --gr (a contraction hierarchy)');
  if (out === mapFile) throw new InputError(`preprocess: --out ${displayName(out)} is the --map file; the saved file would replace the map`);
  const name = args.need<GridAlgorithmName>('algo'), entry = GRID_ALGORITHMS[name];
  const plain = loadMap(mapFile);
  // The grid scen and plan search for this algorithm: the map's 4-connected twin for subgoal4.
  const grid = entry.connectivity === 4 ? plain.with({ connectivity: 4 }) : plain;
  const done = working(io, `building ${name} for ${displayName(mapFile)}`);
  const searcher = entry.saving!.create(grid);
  done();
  const bytes = searcher.save();
  writeBytes(out, bytes, `--out ${displayName(out)}`);
  const buildMs = Math.round(searcher.buildMs * 10) / 10;
  if (args.flag('json')) {
    io.out(JSON.stringify({ map: mapFile, algo: name, out, buildMs, bytes: bytes.length }));
  } else {
    io.out(`map ${displayName(mapFile)} (${grid.width} x ${grid.height}${grid !== plain ? ', 4-connected' : ''}): ${name} built in ${buildMs.toFixed(1)} ms`);
    io.out(`wrote ${displayName(out)} (${(bytes.length / 1e6).toFixed(2)} MB); scen or plan --algo ${name} --saved ${displayName(out)} loads it`);
  }
  return 0;
}
