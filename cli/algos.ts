import {
  Searcher, type SearchOptions, type Grid, octile, zero, GridSearcher, JumpPointSearcher, JpsPlusSearcher, type PathSearcher, ASTAR,
  COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, InputError, AnyAngleSearcher, SubgoalSearcher4, SubgoalSearcher8, PreprocessedSearcher8,
} from '#bestfirst';
import { checkAnyAnglePath, checkPath } from '#bestfirst/movingai';
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
  /** Milliseconds the searcher's preprocessing of the map took, for the searches that preprocess (else undefined). */
  readonly buildMs?: number;
}

/**
 * What an algorithm promises about the cost it finds:
 * `optimal` (cost = optimum), `bounded` (cost <= bound * optimum), `none`;
 * `any-angle`: a path of straight segments, no longer than the optimum of
 * the grid's moves and no shorter than the straight line.
 */
export type Guarantee = 'optimal' | 'bounded' | 'none' | 'any-angle';

export interface Algo {
  /** The name as the user wrote it (`wastar:1.5`). */
  readonly name: string;
  readonly promise: Guarantee;
  /** 1 for optimal, eps for weighted A*, Infinity for no promise. */
  readonly bound: number;
  /** A runner for `grid`; build one per map and reuse it. */
  make(grid: Grid): Runner;
  /** How its paths are checked: `checkPath` (moves between neighbours) or, for any-angle paths, `checkAnyAnglePath`. */
  readonly check: typeof checkPath;
  /** 4 when it searches the map with 4 neighbours (the commands turn the map 4-connected for it); else the map's own. */
  readonly connectivity?: 4;
}

/** The grid an algorithm searches: the map itself, or its 4-connected twin for a 4-connected method. */
export function gridFor(algo: Algo, grid: Grid): Grid {
  return algo.connectivity === 4 && grid.connectivity !== 4 ? grid.with({ connectivity: 4 }) : grid;
}

/** A runner whose searcher preprocesses the map: its construction is timed, to be printed as the build time. */
function preprocessed(make: (grid: Grid) => PathSearcher): (grid: Grid) => Runner {
  return (grid) => {
    const t0 = performance.now();
    const searcher = make(grid);
    return { searcher, options: NO_OPTIONS, buildMs: performance.now() - t0 };
  };
}

/**
 * A best-first runner with the octile heuristic (zero for Dijkstra): the
 * grid fast path when it applies (same answers as the engine, held equal by
 * its tests), else the engine. Both take the same options.
 */
function best(grid: Grid, options: Pick<SearchOptions, 'priority' | 'reopen'>): Runner {
  const dijkstra = options.priority === COST_TO_COME;
  const searcher = grid.enterCost < 0 ? new GridSearcher(grid) : new Searcher(grid);
  return { searcher, options: Object.freeze({ ...options, heuristic: dijkstra ? zero : octile(grid) }) };
}

interface Entry {
  /** How `--algo` writes it; `:EPS` marks a parameter. */
  readonly usage: string;
  readonly help: string;
  /** Builds the algorithm; `param` is the text after `:` (undefined without one). */
  build(param: string | undefined, name: string): Algo;
}

function plain(name: string, promise: Guarantee, make: (grid: Grid) => Runner): Entry['build'] {
  return (param, text) => {
    if (param !== undefined) throw new InputError(`--algo ${name} takes no parameter, got ${show(text)}`);
    return { name, promise, bound: promise === 'optimal' ? 1 : Infinity, make, check: checkPath };
  };
}

const NO_OPTIONS = Object.freeze({});

/**
 * The inflation weighted A* accepts. Above a million g hardly counts next to
 * EPS h (it is greedy search in all but name), and EPS h must stay finite.
 */
export const EPS: NumberRule = { integer: false, min: 1, max: 1e6 };

/**
 * Every algorithm `--algo` knows: the one table to extend. Heuristics are
 * octile, exact on an empty 8-connected grid and so admissible on any. The
 * best-first ones run on the grid fast path when the grid allows it (blocked
 * cells deleted, as in every Moving AI map), else on the generic engine.
 */
export const ALGOS: Record<string, Entry> = {
  astar: {
    usage: 'astar', help: 'A*, octile heuristic (optimal)',
    build: plain('astar', 'optimal', (grid) => best(grid, { priority: ASTAR })),
  },
  dijkstra: {
    usage: 'dijkstra', help: 'Dijkstra, h = 0 (optimal)',
    build: plain('dijkstra', 'optimal', (grid) => best(grid, { priority: COST_TO_COME })),
  },
  wastar: {
    usage: 'wastar:EPS', help: `weighted A*, f = g + EPS h, EPS ${describeNumber(EPS)} (cost <= EPS * optimum)`,
    build(param, name) {
      if (param === undefined) throw new InputError(`--algo ${show(name)} needs its EPS: wastar:EPS with EPS ${describeNumber(EPS)} (wastar:1.5, say)`);
      const eps = parseNumber(param, `--algo ${show(name)}: EPS`, EPS);
      return {
        name, promise: eps === 1 ? 'optimal' : 'bounded', bound: eps, check: checkPath,
        // No reopening: the eps bound holds without it under octile (consistent), and it is much faster.
        make: (grid) => best(grid, { priority: sum(eps), reopen: false }),
      };
    },
  },
  greedy: {
    usage: 'greedy', help: 'greedy best-first, f = h (no promise)',
    build: plain('greedy', 'none', (grid) => best(grid, { priority: HEURISTIC_ONLY })),
  },
  jps: {
    usage: 'jps', help: 'jump point search, 8-connected uniform grids (optimal; expansions count jump points)',
    build: plain('jps', 'optimal', (grid) => ({ searcher: new JumpPointSearcher(grid), options: NO_OPTIONS })),
  },
  'jps-plus': {
    usage: 'jps-plus', help: 'JPS+: jump point search with its jumps precomputed once per map, 8-connected uniform grids (optimal; the build time is printed)',
    build: plain('jps-plus', 'optimal', preprocessed((grid) => new JpsPlusSearcher(grid))),
  },
  subgoal4: {
    usage: 'subgoal4', help: 'subgoal graph on the map made 4-connected, preprocessed once per map (optimal with 4 neighbours; optima then by Dijkstra)',
    build: (param, text) => ({ ...plain('subgoal4', 'optimal', preprocessed((grid) => new SubgoalSearcher4(grid)))(param, text), connectivity: 4 }),
  },
  subgoal8: {
    usage: 'subgoal8', help: 'subgoal graph contracted into a hierarchy, preprocessed once per map, 8-connected uniform grids, no-corner-cutting or always (optimal; the build time is printed)',
    build: plain('subgoal8', 'optimal', preprocessed((grid) => new SubgoalSearcher8(grid))),
  },
  preprocessed8: {
    usage: 'preprocessed8', help: 'builds the subgoal graph and keeps it, or JPS+ where its core is large, the graph dense (street maps) or the map wide open, once per map, 8-connected uniform grids, no-corner-cutting or always (optimal; the build time, both builds, is printed)',
    build: plain('preprocessed8', 'optimal', preprocessed((grid) => new PreprocessedSearcher8(grid))),
  },
  bfs: {
    usage: 'bfs', help: 'breadth-first, fewest moves (optimal only when all moves cost the same)',
    build: plain('bfs', 'none', (grid) => ({ searcher: new Searcher(grid), options: Object.freeze({ priority: LINK_LENGTH, heuristic: zero }) })),
  },
};

/**
 * What `--any-angle` runs instead of `--algo`: Lazy Theta* (`AnyAngleSearcher`),
 * whose path is its waypoints, checked segment by segment for line of sight.
 */
export const ANY_ANGLE: Algo = {
  name: 'any-angle', promise: 'any-angle', bound: 1, check: checkAnyAnglePath,
  make: (grid) => ({ searcher: new AnyAngleSearcher(grid), options: NO_OPTIONS }),
};

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
