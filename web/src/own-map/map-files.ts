/**
 * Which files the reader handed the panel, and what to do with them: a
 * Moving AI map (one `.map`, perhaps its `.scen`) or a ROS map (one map
 * YAML and the image it names). Decided on the names alone, before any
 * file is read; a `.gz` on any of them is unpacked first. A choice that
 * cannot be a map is a FileChoiceError whose message says what to open.
 */

/** Anything with a file name: a File, or a test's stand-in. */
export interface Named { name: string }

/** What the loader reads, by kind. */
export type MapFiles<F extends Named> =
  | { kind: 'movingai'; map: F; scen: F | null }
  | { kind: 'ros'; yaml: F; images: F[] };

/** The reader's choice of files cannot make a map (the page's own rule, not the library's reader). */
export class FileChoiceError extends Error {
  override name = 'FileChoiceError';
}

/** The name without a trailing `.gz`, lower-cased: what the kind is read from. */
export function plainName(name: string): string {
  return name.toLowerCase().replace(/\.gz$/, '');
}

const ext = (name: string) => {
  const p = plainName(name), k = p.lastIndexOf('.');
  return k < 0 ? '' : p.slice(k + 1);
};

const list = (fs: readonly Named[]) => fs.map((f) => f.name).join(', ');

const WHAT = 'a Moving AI .map (with its .scen if you have it), or a ROS map .yaml together with its .pgm image';

/** Sorts the chosen files into one map to load, or says why they cannot be one. */
export function pairFiles<F extends Named>(files: readonly F[]): MapFiles<F> {
  if (files.length === 0) throw new FileChoiceError(`No file was chosen: open ${WHAT}.`);
  const of = (...kinds: string[]) => files.filter((f) => kinds.includes(ext(f.name)));
  const maps = of('map'), scens = of('scen'), yamls = of('yaml', 'yml'), images = of('pgm');
  const known = maps.length + scens.length + yamls.length + images.length;
  if (known < files.length) {
    const odd = files.filter((f) => !['map', 'scen', 'yaml', 'yml', 'pgm'].includes(ext(f.name)));
    throw new FileChoiceError(`Not a map file: ${list(odd)}. The panel reads ${WHAT}.`);
  }
  if (maps.length > 0 && yamls.length > 0) throw new FileChoiceError(`Open one map at a time: ${list(files)} mixes a Moving AI map and a ROS map.`);
  if (maps.length > 1) throw new FileChoiceError(`Open one map at a time: got ${maps.length} .map files (${list(maps)}).`);
  if (yamls.length > 1) throw new FileChoiceError(`Open one map at a time: got ${yamls.length} YAML files (${list(yamls)}).`);
  if (maps.length === 1) {
    if (images.length > 0) throw new FileChoiceError(`A Moving AI .map needs no image: drop ${list(images)}, or open it with its ROS map .yaml instead.`);
    if (scens.length > 1) throw new FileChoiceError(`Give at most one .scen with the map: got ${list(scens)}.`);
    return { kind: 'movingai', map: maps[0], scen: scens[0] ?? null };
  }
  if (yamls.length === 1) {
    if (scens.length > 0) throw new FileChoiceError(`A .scen goes with a Moving AI .map, not with the ROS map ${yamls[0].name}.`);
    return { kind: 'ros', yaml: yamls[0], images };
  }
  if (scens.length > 0) throw new FileChoiceError(`${list(scens)} lists start and goal pairs for a map: open it together with its .map.`);
  throw new FileChoiceError(`${list(images)}: a ROS map image is read through its .yaml (resolution, origin, thresholds): open the .yaml and the image together.`);
}

/** The last component of a path written with `/` or `\`. */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/**
 * The image a ROS map YAML names (its `image:` field, a path relative to the
 * YAML), among the files given with it: matched on the file name, with or
 * without `.gz`.
 */
export function imageFor<F extends Named>(named: string, yamlName: string, images: readonly F[]): F {
  const want = baseName(named);
  const hit = images.find((f) => f.name === want || f.name === `${want}.gz`);
  if (hit) return hit;
  const given = images.length ? ` (given: ${list(images)})` : '';
  throw new FileChoiceError(`${yamlName} names the image ${JSON.stringify(named)}: open that file together with the YAML${given}.`);
}
