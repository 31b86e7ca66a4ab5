import { resolve } from 'node:path';
import { InputError } from '#bestfirst';
import { applyKeepout, FREE, INSCRIBED, LETHAL, NO_INFORMATION, withRowOrder } from '#bestfirst/costmap';
import { formatPgm } from '#bestfirst/io';
import { displayName, writeBytes } from './files.js';
import { working, type Io } from './io.js';
import { runCommand, type Args, type CommandSpec } from './options.js';
import { describeInflation, IMAGE_RULE, inflateFor, INFLATION_OPTIONS, KEEPOUT_OPTION, loadMask, loadRosMap, RADIUS_OPTION } from './ros-map.js';

/** The grey of an unknown cell: map_server's grey for unknown space. */
const UNKNOWN_GREY = 205;

/**
 * The grey a person sees for each cost, Nav2's way round: free space white
 * (254), obstacles black (0), the graded band darker the dearer (grey 254 -
 * cost, so the inscribed band is 1), unknown the map's grey 205.
 */
function greyOf(cost: number): number {
  return cost === NO_INFORMATION ? UNKNOWN_GREY : LETHAL - cost;
}

/** The kind of cell a cost is, as the counts name them. */
function kindOf(cost: number): 'lethal' | 'inscribed' | 'graded' | 'free' | 'unknown' {
  return cost === LETHAL ? 'lethal' : cost === INSCRIBED ? 'inscribed' : cost === NO_INFORMATION ? 'unknown' : cost === FREE ? 'free' : 'graded';
}

/**
 * `bestfirst costmap map.yaml --radius R [--inflation R2] [--scaling K] [--unknown U]
 * [--keepout mask.yaml] --out costmap.pgm`: Nav2's inflated costmap of a ROS
 * map, with a keepout mask merged, written as an image and counted.
 */
export const COSTMAP: CommandSpec = {
  name: 'costmap',
  summary: 'the inflated costmap of a ROS map, as a PGM image',
  about: "Nav2's inflation layer on a ROS map for a round robot (with a keepout mask merged, if given), written as a grey PGM image a person can open, with the number of cells of each kind and the time it took.",
  positionals: [{ name: 'MAP.yaml', help: 'a ROS map_server map (its YAML; the image beside it)' }],
  options: [
    { ...RADIUS_OPTION, required: true },
    ...INFLATION_OPTIONS,
    KEEPOUT_OPTION,
    { name: 'out', kind: 'file', arg: 'FILE.pgm', required: true, help: 'where to write the image (binary PGM, 8 bit, the map\'s size and orientation); a file there is replaced' },
  ],
  notes: [
    `The image's greys, Nav2's way round: free (cost 0) white 254, a cell of cost c grey 254 - c (the graded band darker near obstacles, within R grey 1), obstacles black 0, unknown space grey 205 (as map_server draws it; cost 49 draws 205 too, so read the counts for exact numbers). Cells: lethal (254), inscribed (253), graded (1 to 252), free (0), unknown (255). ${IMAGE_RULE}`,
    'The image is written to a temporary file beside FILE.pgm, then renamed over it: an existing file is replaced whole, or left as it was when writing fails. FILE.pgm may not be the map\'s or the mask\'s own files.',
    'Exit status: 0 the image was written, 2 a mistake in the command line or the files.',
  ],
  run,
};

export function costmapCommand(args: readonly string[], io: Io): number {
  return runCommand(COSTMAP, args, io);
}

function run(args: Args, io: Io): number {
  const [yamlFile] = args.positionals;
  const out = args.need<string>('out');
  const loaded = loadRosMap(yamlFile, displayName(yamlFile));
  const { map } = loaded;
  const keepout = loadMask(args, 'keepout', loaded, 'costmap') ?? null;
  const target = resolve(out);
  for (const f of [...loaded.files, ...(keepout?.files ?? [])]) {
    if (resolve(f) === target) throw new InputError(`costmap: --out ${displayName(out)} is one of the files read (${displayName(f)}); write the image elsewhere`);
  }

  const done = working(io, `inflating ${displayName(yamlFile)}`);
  const inflated = inflateFor(map, args, 'costmap');
  done();
  const costmap = keepout === null ? inflated.costmap : applyKeepout(inflated.costmap, keepout.map);
  const counts = { lethal: 0, inscribed: 0, graded: 0, free: 0, unknown: 0 };
  // The image's row 0 is the top, whatever the costmap's row order.
  const { width, height, cost } = withRowOrder(costmap, 'top-down');
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < cost.length; i++) {
    counts[kindOf(cost[i])]++;
    pixels[i] = greyOf(cost[i]);
  }
  const bytes = formatPgm(width, height, pixels);
  writeBytes(out, bytes, `--out ${displayName(out)}`);

  io.out(`${describeInflation(loaded, inflated)}${keepout === null ? '' : `, keepout ${keepout.name}`}`);
  io.out(`cells: ${counts.lethal} lethal, ${counts.inscribed} inscribed, ${counts.graded} graded, ${counts.free} free, ${counts.unknown} unknown (of ${width * height}); inflated in ${inflated.milliseconds.toFixed(1)} ms`);
  io.out(`wrote ${displayName(out)}: ${width} x ${height} PGM, ${bytes.length} bytes (grey 254 - cost; unknown ${UNKNOWN_GREY})`);
  return 0;
}
