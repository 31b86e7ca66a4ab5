import { type Grid, type PathSearcher, InputError } from '#bestfirst';
import { GRID_ALGORITHMS, GRID_NEEDS, type GridAlgorithm, type GridSearchName, type Guarantee } from '#bestfirst/grid';

type GridAlgorithmName = GridAlgorithm['name'];
import { checkAnyAnglePath, checkPath } from '#bestfirst/grid';
import { show } from '#bestfirst/internal';
import { describeNumber, didYouMean, parseNumber, type NumberRule, type OptionSpec } from './options.js';

/**
 * What the commands need of a search: one reusable searcher per map, asked
 * many queries with the same options, made once so that a query allocates
 * nothing: `runner.searcher.search(start, goal, runner.options)`.
 */
export interface Runner {
  readonly searcher: PathSearcher;
  readonly options: object;
  /** Milliseconds the searcher's preprocessing of the map took, for the searches that preprocess (else undefined; undefined too when it was loaded). */
  readonly buildMs?: number;
  /** Milliseconds loading the saved preprocessing took (`--saved`), checks included; else undefined. */
  readonly loadMs?: number;
}

export type { Guarantee };

export interface Algo {
  /** The name as the user wrote it (`wastar:1.5`). */
  readonly name: string;
  readonly promise: Guarantee;
  /** 1 for optimal, eps for weighted A*, Infinity for no promise. */
  readonly bound: number;
  /**
   * A runner for `grid`; build one per map and reuse it. With `saved` (the
   * bytes of a `preprocess --map` file, named `file` in messages) the
   * preprocessing is loaded instead of built: only for the searches that
   * keep theirs (`saves`).
   */
  make(grid: Grid, saved?: { bytes: Uint8Array; file: string }): Runner;
  /** True for the searches whose preprocessing `preprocess --map` saves and `--saved` loads. */
  readonly saves: boolean;
  /** How its paths are checked: `checkPath` (moves between neighbours) or, for any-angle paths, `checkAnyAnglePath`. */
  readonly check: typeof checkPath;
  /** 4 when it searches the map with 4 neighbours (the commands turn the map 4-connected for it); else the map's own. */
  readonly connectivity?: 4;
}

/** The grid an algorithm searches: the map itself, or its 4-connected twin for a 4-connected method. */
export function gridFor(algo: Algo, grid: Grid): Grid {
  return algo.connectivity === 4 && grid.connectivity !== 4 ? grid.with({ connectivity: 4 }) : grid;
}

interface Entry {
  /** How `--algo` writes it; `:EPS` marks a parameter. */
  readonly usage: string;
  readonly help: string;
  /** Builds the algorithm; `param` is the text after `:` (undefined without one). */
  build(param: string | undefined, name: string): Algo;
}

/**
 * The algorithm of a registry entry: a runner per map (the searcher, made
 * once, its construction timed when it preprocesses), and the path check its
 * guarantee calls for.
 */
function fromRegistry(entry: GridAlgorithm, name: string, eps?: number): Algo {
  return {
    name, promise: entry.guarantee === 'bounded' && eps === 1 ? 'optimal' : entry.guarantee,
    bound: entry.guarantee === 'optimal' || entry.guarantee === 'any-angle' ? 1 : entry.guarantee === 'bounded' ? eps! : Infinity,
    check: entry.guarantee === 'any-angle' ? checkAnyAnglePath : checkPath,
    ...(entry.connectivity === 4 ? { connectivity: 4 as const } : {}),
    saves: entry.saving !== undefined,
    make(grid, saved) {
      if (saved !== undefined) {
        if (entry.saving === undefined) throw new InputError(`--saved ${saved.file}: ${name} builds nothing to load; --saved goes with ${SAVING.join(', ')}`);
        const searcher = entry.saving.load(grid, saved.bytes);
        return { searcher, options: entry.queryOptions(grid, eps), loadMs: searcher.loadMs };
      }
      const t0 = performance.now();
      const searcher = entry.create(grid);
      const buildMs = performance.now() - t0;
      return { searcher, options: entry.queryOptions(grid, eps), ...(entry.preprocesses ? { buildMs } : {}) };
    },
  };
}

/** The searches whose preprocessing can be saved (`preprocess --map --algo`) and loaded (`--saved`). */
export const SAVING: readonly string[] = Object.values(GRID_ALGORITHMS).filter((e) => e.saving !== undefined).map((e) => e.name);

/**
 * The inflation weighted A* accepts. Above a million g hardly counts next to
 * EPS h (it is greedy search in all but name), and EPS h must stay finite.
 */
export const EPS: NumberRule = { integer: false, min: 1, max: 1e6 };

/**
 * Every algorithm `--algo` knows: the library's registry (`GRID_ALGORITHMS`),
 * so a search added there is one here. `wastar` takes its EPS after a colon.
 */
export const ALGOS: Record<string, Entry> = Object.fromEntries(Object.values(GRID_ALGORITHMS).map((entry): [string, Entry] => {
  if (entry.takesEps) {
    return [entry.name, {
      usage: `${entry.name}:EPS`, help: `${entry.help.replace('eps', 'EPS').replace('eps', 'EPS')}, EPS ${describeNumber(EPS)}`,
      build(param, name) {
        if (param === undefined) throw new InputError(`--algo ${show(name)} needs its EPS: ${entry.name}:EPS with EPS ${describeNumber(EPS)} (${entry.name}:1.5, say)`);
        return fromRegistry(entry, name, parseNumber(param, `--algo ${show(name)}: EPS`, EPS));
      },
    }];
  }
  return [entry.name, {
    usage: entry.name, help: entry.help,
    build(param, text) {
      if (param !== undefined) throw new InputError(`--algo ${entry.name} takes no parameter, got ${show(text)}`);
      return fromRegistry(entry, entry.name);
    },
  }];
}));

/**
 * What `--any-angle` runs instead of `--algo`: Lazy Theta* (`AnyAngleSearcher`),
 * whose path is its waypoints, checked segment by segment for line of sight.
 */
export const ANY_ANGLE: Algo = fromRegistry(GRID_ALGORITHMS['any-angle'], 'any-angle');

/** The `--any-angle` flag of plan and scen. */
export const ANY_ANGLE_OPTION: OptionSpec = {
  name: 'any-angle', kind: 'flag',
  help: 'an any-angle path (Lazy Theta*): straight segments between cells that see each other, under the same corner rule; not with --algo',
};

/**
 * The algorithm a command runs: Lazy Theta* with `--any-angle` (which an
 * explicit `--algo` contradicts), else `--algo`'s (astar by default).
 */
export function chosenAlgo(args: { flag(name: string): boolean; has(name: string): boolean; need<T>(name: string): T }, command: string): Algo {
  if (!args.flag('any-angle')) return args.need<Algo>('algo');
  if (args.has('algo')) throw new InputError(`${command}: --any-angle runs Lazy Theta* and takes no --algo (got --algo ${args.need<Algo>('algo').name}); give one or the other`);
  return ANY_ANGLE;
}

/** One line listing every `--algo` value. */
export function algoUsage(): string {
  return Object.values(ALGOS).map((e) => e.usage).join(', ');
}

/** Parses an `--algo` value, or throws an InputError listing the known ones. */
export function parseAlgo(text: string): Algo {
  const colon = text.indexOf(':');
  const key = colon < 0 ? text : text.slice(0, colon);
  const param = colon < 0 ? undefined : text.slice(colon + 1);
  if (!Object.prototype.hasOwnProperty.call(ALGOS, key)) {
    throw new InputError(`--algo must be one of ${algoUsage()}, got ${show(text)}${didYouMean(key, Object.keys(ALGOS))}`);
  }
  return ALGOS[key].build(param, text);
}

/** The `--algo` option of every command that runs one search per query: its values listed from ALGOS. */
export const ALGO_OPTION: OptionSpec = {
  name: 'algo', kind: 'custom', arg: 'A', help: 'the search', default: 'astar',
  parse: (text) => parseAlgo(text),
  // A getter, so an algorithm added to ALGOS is listed where it is parsed.
  get accepts() { return Object.values(ALGOS).map((e) => [e.usage, e.help] as const); },
};

/** The searcher each `--algo` runs, as the library's table of what each takes (`GRID_NEEDS`) names it. */
const SEARCHER_OF: Readonly<Record<GridAlgorithmName, GridSearchName>> = {
  astar: 'GridSearcher', dijkstra: 'GridSearcher', wastar: 'GridSearcher', greedy: 'GridSearcher', bfs: 'GridSearcher',
  jps: 'JumpPointSearcher', 'jps-plus': 'JpsPlusSearcher', subgoal4: 'SubgoalSearcher4', subgoal8: 'SubgoalSearcher8',
  preprocessed8: 'PreprocessedSearcher8', 'any-angle': 'AnyAngleSearcher',
};

/** The `--algo` values whose search weighs cells (the others assume every free cell costs the same). */
export const WEIGHING_ALGOS: readonly string[] = Object.values(ALGOS)
  .filter((e) => GRID_NEEDS[SEARCHER_OF[e.usage.split(':')[0] as GridAlgorithmName]].weights).map((e) => e.usage);

/** Whether `algo` searches a grid whose cells have weights (a costmap's, a speed mask's). */
export function takesWeights(algo: Algo): boolean {
  return GRID_NEEDS[SEARCHER_OF[algo.name.split(':')[0] as GridAlgorithmName]].weights;
}
