import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { InputError } from '#bestfirst';
import { inflate, type Costmap, type UnknownCells } from '#bestfirst/costmap';
import { MAX_MAP_CELLS, MAX_ROS_YAML_CHARS, parseRosMap, parseRosYaml, type RosMap } from '#bestfirst/io';
import { show } from '#bestfirst/internal';
import { displayName, readBytes, readText } from './files.js';
import type { Args, OptionSpec } from './options.js';

/**
 * A ROS `map_server` map from the command line (`plan --ros`, `costmap`):
 * the YAML, the PGM it names (gzipped or not), and Nav2's inflation for a
 * round robot, with the options both commands take.
 */

/** A map read from its files: the occupancy grid (ROS order, row 0 the bottom) and the files it came from. */
export interface LoadedRosMap {
  readonly map: RosMap;
  /** The YAML as the user wrote it, fit for messages. */
  readonly name: string;
  /** The YAML's path and the image's path, as read (to refuse writing over them). */
  readonly files: readonly string[];
}

/** The largest image file read: an ASCII (P2) pixel takes up to 4 bytes ("255 "), plus a header. */
const MAX_PGM_BYTES = 4 * MAX_MAP_CELLS + (1 << 16);

/** How the image is found, for the help: said once, printed by both commands. */
export const IMAGE_RULE = "The YAML's image is read relative to the YAML's folder: FILE.pgm as named, or FILE.pgm.gz beside it when FILE.pgm is not there (data/ros/ keeps its images gzipped); a gzipped file is recognised by its first bytes, whatever its name.";

/**
 * Reads a map's YAML and its image. `label` names the YAML in a refusal to
 * read it (`--ros tb3.yaml`). Every mistake is an InputError naming the file.
 */
export function loadRosMap(yamlFile: string, label: string): LoadedRosMap {
  const name = displayName(yamlFile);
  const text = readText(yamlFile, label, 'map .yaml', MAX_ROS_YAML_CHARS);
  const meta = parseRosYaml(text, name);
  const written = isAbsolute(meta.image) ? meta.image : join(dirname(yamlFile), meta.image);
  const tried = written.endsWith('.gz') ? [written] : [written, `${written}.gz`];
  const image = tried.find((p) => existsSync(p));
  if (image === undefined) {
    throw new InputError(`cannot find the image ${show(meta.image)} named in ${name}: looked for ${tried.map(displayName).join(' and ')}`);
  }
  const imageLabel = `the image ${displayName(image)} of ${name}`;
  // Gzipped or not, as every file the command line reads (readBytes).
  const bytes = readBytes(image, imageLabel, 'PGM', MAX_PGM_BYTES);
  return { map: parseRosMap(text, bytes, name), name, files: [yamlFile, image] };
}

/** Nav2's inflation radius by default (nav2_costmap_2d's `inflation_radius`), metres. */
export const NAV2_INFLATION_RADIUS = 0.55;

/** `--radius R`: required by both commands (`plan` checks it itself, as `--map` plans take none). */
export const RADIUS_OPTION: OptionSpec = {
  name: 'radius', kind: 'number', arg: 'R', min: 0,
  help: "the robot's inscribed radius in metres: a cell within R of an obstacle is a collision for the robot's centre (cost 253, inscribed)",
};

/** The inflation options both commands take after `--radius`. */
export const INFLATION_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'unknown', kind: 'choice', arg: 'U', choices: ['keep', 'free', 'lethal'], default: 'keep',
    help: "what the map's unknown cells are in the costmap: keep them unknown, cost 255 (as Nav2's static layer does with track_unknown_space: true, its setting in Nav2's example parameters; within R of an obstacle they count as inscribed), free (read as free space and inflated like it), or lethal (obstacles, inflated around)",
  },
  {
    name: 'inflation', kind: 'number', arg: 'R2', min: 0,
    help: `how far costs spread from obstacles, metres, at least R [default: ${NAV2_INFLATION_RADIUS}, Nav2's inflation_radius, or R when R is larger]`,
  },
  {
    name: 'scaling', kind: 'number', arg: 'K', above: 0, default: '3',
    help: "how fast the cost falls beyond R, per metre: a cell at distance d (R < d <= R2) costs floor(252 exp(-K (d - R))) (Nav2's cost_scaling_factor, 3 as in Nav2's example parameters)",
  },
];

/** An inflated map: the costmap (bottom-up, as `inflate` returns it for a ROS map) and the parameters that made it. */
export interface Inflated {
  readonly costmap: Costmap;
  readonly radius: number;
  readonly inflation: number;
  readonly scaling: number;
  readonly unknown: UnknownCells;
  /** The time `inflate` took. */
  readonly milliseconds: number;
}

/**
 * Inflates `map` by `--radius`, `--inflation` and `--scaling`, checked here
 * in the command line's words before any work. Unknown cells are what
 * `--unknown` says (by default they stay unknown, cost 255, as Nav2's static
 * layer keeps them with `track_unknown_space`; whether a plan may cross them
 * is `plan`'s `--allow-unknown`). `inscribed`, when given, stands for
 * `--radius` (a footprint's inscribed radius).
 */
export function inflateFor(map: RosMap, args: Args, command: string, inscribed?: number): Inflated {
  // A footprint's plan gives its inscribed radius instead of --radius.
  const radius = inscribed ?? args.get<number>('radius');
  if (radius === undefined) throw new InputError(`${command}: --radius R is required with a ROS map (the robot's inscribed radius in metres; 0 for a point robot)`);
  const inflation = args.get<number>('inflation') ?? Math.max(NAV2_INFLATION_RADIUS, radius);
  if (inflation < radius) throw new InputError(`${command}: --inflation ${inflation} is less than --radius ${radius}; costs spread out from the inscribed radius, so R2 must be at least R`);
  const scaling = args.need<number>('scaling'); // > 0: the option's rule
  const unknown = args.need<UnknownCells>('unknown');
  const t0 = performance.now();
  const costmap = inflate(map, { inscribedRadius: radius, inflationRadius: inflation, costScalingFactor: scaling, unknown });
  return { costmap, radius, inflation, scaling, unknown, milliseconds: performance.now() - t0 };
}

/** "tb3.yaml (384 x 384 cells of 0.05 m), robot radius 0.2 m, inflation 0.55 m, scaling 3": the first line of both commands (`robot` says what stands for the radius). */
export function describeInflation(loaded: LoadedRosMap, f: Inflated, robot = `robot radius ${f.radius} m`): string {
  const { map } = loaded;
  return `map ${loaded.name} (${map.width} x ${map.height} cells of ${map.resolution} m), ${robot}, inflation ${f.inflation} m, scaling ${f.scaling}${f.unknown === 'keep' ? '' : `, unknown cells ${f.unknown}`}`;
}

/** `--keepout MASK.yaml`, as `costmap` and `plan --ros` take it. */
export const KEEPOUT_OPTION: OptionSpec = {
  name: 'keepout', kind: 'file', arg: 'MASK.yaml',
  help: "a Nav2 keepout mask of the same size, resolution and origin (a ROS map too): a mask value v from 1 to 100 raises a cell's cost to at least floor(254 v / 100), so 100 is an obstacle",
};

/**
 * A Nav2 filter mask (`--keepout`, `--speed`): a ROS map of its own, read as
 * the map is, which must share the map's size, resolution and origin.
 * Undefined when the option was not given; every mistake is an InputError
 * naming the option and the file.
 */
export function loadMask(args: Args, option: string, loaded: LoadedRosMap, command: string): LoadedRosMap | undefined {
  const file = args.get<string>(option);
  if (file === undefined) return undefined;
  const mask = loadRosMap(file, `--${option} ${displayName(file)}`);
  const m = mask.map, map = loaded.map;
  if (m.width !== map.width || m.height !== map.height || m.resolution !== map.resolution || m.origin.x !== map.origin.x || m.origin.y !== map.origin.y || m.origin.yaw !== map.origin.yaw) {
    throw new InputError(`${command}: --${option} ${mask.name} is ${m.width} x ${m.height} cells of ${m.resolution} m from (${m.origin.x}, ${m.origin.y}), the map ${loaded.name} ${map.width} x ${map.height} of ${map.resolution} m from (${map.origin.x}, ${map.origin.y}): a ${option} mask must share the map's size, resolution and origin`);
  }
  return mask;
}
