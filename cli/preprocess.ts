import { ContractionHierarchy, InputError } from '#bestfirst';
import { MAX_DIMACS_CHARS } from '#bestfirst/io';
import { displayName, jsonOption, writeBytes } from './files.js';
import { progressBar, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { readGraph } from './route.js';

/**
 * `bestfirst preprocess --gr FILE.gr --out FILE.ch [--witness-settles N]
 * [--json]`: contracts a DIMACS graph into a hierarchy once and saves it, so
 * that every later `route --algo ch --ch FILE.ch` loads it in a fraction of
 * the build's time. Exit 0 when the file is written.
 */
export const PREPROCESS: CommandSpec = {
  name: 'preprocess',
  summary: 'build a contraction hierarchy of a DIMACS graph once and save it (route --ch reads it)',
  about: 'Contracts the graph of a DIMACS .gr file into a hierarchy and writes it to a file, so that route --algo ch --ch FILE.ch loads it instead of building it again. The file records a fingerprint of the graph\'s arcs and a checksum of its own bytes: route refuses it for any other graph, for this one once edited, and when the file is damaged.',
  options: [
    { name: 'gr', kind: 'file', arg: 'FILE.gr', required: true, help: `the arcs: 'p sp N M', then 'a U V W' lines (at most ${MAX_DIMACS_CHARS} bytes); weights >= 0` },
    { name: 'out', kind: 'file', arg: 'FILE.ch', required: true, help: 'where to write the hierarchy; a file there is replaced, whole or not at all' },
    { name: 'witness-settles', kind: 'integer', arg: 'N', min: 0, max: 2 ** 31 - 1, default: '500', help: 'how many nodes a witness search may settle before the shortcut is added anyway (fewer: a faster build, more shortcuts); the answers are exact whatever it is' },
    jsonOption('print one JSON record (gr, out, buildMs, shortcuts, arcs, bytes) instead of text'),
  ],
  notes: ['Exit status: 0 the file was written, 2 a mistake in the command line or the files.'],
  run,
};

export function preprocessCommand(args: readonly string[], io: Io): number {
  return runCommand(PREPROCESS, args, io);
}

function run(args: Args, io: Io): number {
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
