import { checkLimits, type Slice, type StopReason } from '../../core/limits.js';
import { resultOf, type PathSearcher, type QueryOptions, type SearchResult, type SearchStatus } from '../../core/path-searcher.js';
import type { Grid } from '../grid.js';
import { JpsPlusSearcher } from '../jps/jps-plus.js';
import { checkGridFor, checkGridQuery } from '../grid-needs.js';
import { SubgoalSearcher8 } from './subgoal8.js';
import { checkKeys } from '../../core/input-checks.js';
import { readSaved, writeSaved } from '../../core/saved-file.js';
import { InputError } from '../../core/errors.js';

/** The options of one `PreprocessedSearcher8` query (those of both searchers it may hold); a bad value is an `InputError`. */
export type Preprocessed8Options = QueryOptions;

/** Which preprocessing a `PreprocessedSearcher8` keeps: the subgoal graph (`SubgoalSearcher8`) or the jump table (`JpsPlusSearcher`). */
export type Preprocessed8Choice = 'subgoal8' | 'jps-plus';

const KEYS: readonly (keyof Preprocessed8Options)[] = ['limits'];
const WHO = 'PreprocessedSearcher8';

/** The options of `new PreprocessedSearcher8(grid, options)`; a bad value is an `InputError`. */
export interface Preprocessed8BuildOptions {
  /**
   * What `save()` wrote for this very grid: the choice, the figures it was
   * made on, and the kept structure, loaded instead of built (checked as
   * `SubgoalSearcher8` and `JpsPlusSearcher` check theirs). Refused, with
   * the reason, when damaged, of another format version, or saved from
   * another grid or from this one before an edit.
   */
  saved?: Uint8Array;
}

const BUILD_KEYS: readonly (keyof Preprocessed8BuildOptions)[] = ['saved'];
// The choice and its figures, then the kept searcher's own saved bytes.
const KIND = 'BFP8';
const VERSION = 1;

/**
 * The contracted subgoal graph hands a map to JPS+ when its core, the part
 * a query searches with A*, is at least this share of the subgoals: the
 * contraction stopped early (on the benchmark's random maps, at the memory
 * allowance), and a query is an A* over thousands of core subgoals, which
 * JPS+ with its landmark bound beats. Measured per map (sums of per-query
 * medians, each searcher's pass over the map's queries in a rotated order,
 * as in the track, branch rnd8): cores of 51% (random512-40-0 with corner
 * cutting), 60% and 87% (random512-25-0 and -10-0 without), JPS+ took
 * 0.71, 0.69 and 0.74 of the graph's time; left whole (100%, the other two
 * with corner cutting), 0.47 and 0.53. The graph stays where the core is
 * small: 2% or less on every game map, maze and room map, 0% on
 * random512-40-0 without corner cutting (JPS+ 12.7 times slower there);
 * the street maps' cores (11% to 62%) go to JPS+ by the dense rule anyway.
 * Before JPS+ had landmarks the share was 95%.
 */
const CORE_SHARE_TO_JPS_PLUS = 0.3;

/**
 * ... or when the graph is dense: this many stored edges (shortcuts
 * included, each once) per subgoal or more. Every expansion of a query, in
 * the core and on the climbs alike, reads a subgoal's list; on street maps
 * each subgoal sees dozens of others across open squares, and JPS+ crosses
 * them in a few jumps. Measured per map (bench/RESULTS.md, branch sg8f):
 * street maps 12.8 to 17.8 under both corner rules, where JPS+ took 0.05
 * to 0.63 of the graph's time; every other map 9.2 or fewer (game maps 4.3
 * to 9.2, where the graph won or tied). It replaced a rule on the core's
 * density (6 entries a subgoal and 16 a core subgoal) once the contraction
 * took most of a street map's core out (Berlin_0_256 without corner
 * cutting: core 22% -> 11%, 5.1 core entries a subgoal, JPS+ still 20
 * times faster), so the measure is the whole graph's, not the core's.
 * Lowered from 11 to 10 with the cut-turn rule (subgoal8-reach.ts), which
 * left street maps with corner cutting 10.6 to 16.3 (Berlin_0_256 10.6,
 * JPS+ 0.24 of the graph's time) and the game maps 8.5 at most (branch
 * sg8h, bench/preprocessed8-maps.ts).
 */
const EDGES_TO_JPS_PLUS = 10;

/**
 * ... or when the map is wide open: this many free cells or more per
 * subgoal (none at all counts too). JPS+ then crosses the open space in a
 * few jumps, while the graph's query still pays its fixed costs (the start's
 * and goal's scans, the landmarks, the path's unpacking). Measured per map:
 * 1316 and 539 free cells a subgoal (64room_000), 1336 and 786
 * (maze512-32-0), where JPS+ took 0.41 to 0.61 of the graph's time; at 98
 * and fewer (maze512-8-0 and the rest) the graph was up to 38 times faster,
 * except on some small game maps no measure here separates.
 */
const FREE_PER_SUBGOAL_TO_JPS_PLUS = 256;

/**
 * Exact shortest paths on an 8-connected grid from whichever of the two
 * preprocessings suits the map, chosen at build time from what the build
 * measures (never from the map's name or size): the constructor builds the
 * contracted subgoal graph (`SubgoalSearcher8`); if its core, the part a
 * query searches with A*, is 30% of the subgoals or more (the contraction
 * stopped early), or the graph is dense (10 or more stored edges
 * per subgoal: each expansion reads dozens of edges), or the map is wide
 * open (256 free cells or more per subgoal), it builds JPS+'s jump table (`JpsPlusSearcher`) instead and
 * drops the graph; otherwise it keeps the graph. Queries go to the one kept (`choice`). On the benchmark's maps
 * that gives JPS+ the street maps, the random maps but random512-40-0
 * without corner cutting (contracted to a core of 0%) and the two open maps
 * (a room map of 64 x 64 rooms, a maze of corridors 32 wide), and the
 * subgoal graph the other mazes and rooms, the game maps and that random
 * map (bench/RESULTS.md).
 *
 * It takes the grids `SubgoalSearcher8` takes (8-connected, diagonal rule
 * `no-corner-cutting` or `always`, blocked cells deleted, no weights,
 * `1 < diagonalCost < 2`; InputError otherwise, in the constructor and at
 * every query). Costs are Dijkstra's. `buildMs` is the whole build: the
 * subgoal graph's, and the jump table's after it when that is kept.
 * `bytes` is the kept structure's size (the graph's `bytes`, or the table's
 * 16 bytes a cell, jumps and landmarks); during the build both exist for a moment.
 *
 * Edits: a query that finds the grid changed (`setBlocked`, or a write
 * announced with `touch`) builds again from scratch first, choice
 * included (`builds` counts the builds); no answer ever comes from a stale
 * structure. A direct write to `grid.cells` without `touch` is not seen
 * (call `rebuild()`).
 *
 * @example
 * ```ts
 * const grid = Grid.fromAscii(['.....', '.##..', '.....']);
 * const s = new PreprocessedSearcher8(grid);
 * if (s.search(grid.id(0, 0), grid.id(4, 2)) === 'found') console.log(s.choice, s.cost, s.path());
 * ```
 */
export class PreprocessedSearcher8 implements PathSearcher<Preprocessed8Options> {
  /** Always false: neither searcher keeps partial paths. */
  readonly partial = false;
  /** The grid every query runs on. */
  readonly grid: Grid;
  /** Always 0: both searchers close each node once. */
  readonly reopenings = 0;
  /** Milliseconds the last build took, both preprocessings counted when both were built. */
  buildMs = 0;
  /** How many times the structure was built: 1 after the constructor (0 when it loaded a saved one), one more per query that found the grid edited. */
  builds = 0;
  /** The last build's core (the subgoals its contraction left) as a share of the subgoals; 0 without subgoals. */
  coreShare = 0;
  /** The last build's core edge entries (each core edge at both ends) per subgoal; per core subgoal it is this over `coreShare`. */
  coreEntriesPerSubgoal = 0;
  /** The last build's stored edges (shortcuts included, each once) per subgoal; 0 without subgoals. A dense graph (10 or more) goes to JPS+. */
  edgesPerSubgoal = 0;
  /** The last build's free cells per subgoal (Infinity without subgoals): a wide open map goes to JPS+. */
  freeCellsPerSubgoal = 0;

  private inner!: SubgoalSearcher8 | JpsPlusSearcher;
  private version = -1;

  /** Milliseconds loading the `saved` structure took, checks included (0 when it was built). */
  loadMs = 0;

  constructor(grid: Grid, options: Preprocessed8BuildOptions = {}) {
    // Checked in this class's name before either build (the subgoal graph's constructor checks its own row again).
    checkGridFor(grid, WHO);
    checkKeys(options, BUILD_KEYS, WHO);
    this.grid = grid;
    if (options.saved === undefined) this.rebuild();
    else this.load(options.saved);
  }

  /**
   * The choice and the kept structure as bytes (the one format of saved
   * preprocessing, core/saved-file.ts, kind BFP8), to be loaded later with
   * the `saved` option on the same grid, unedited. Builds again first if the
   * grid was edited since.
   */
  save(): Uint8Array {
    if (this.grid.version !== this.version) this.rebuild();
    const figures = new Float64Array([this.coreShare, this.coreEntriesPerSubgoal, this.edgesPerSubgoal, this.freeCellsPerSubgoal]);
    return writeSaved(KIND, VERSION, this.grid, [this.choice === 'jps-plus' ? 1 : 0], [figures, this.inner.save()]);
  }

  private load(bytes: Uint8Array): void {
    const t0 = performance.now(), grid = this.grid;
    const { numbers, arrays } = readSaved(bytes, KIND, VERSION, grid, WHO, 'structure');
    const [figures, inner] = arrays;
    if (numbers.length !== 1 || numbers[0] > 1 || arrays.length !== 2 || !(figures instanceof Float64Array) || figures.length !== 4 || !(inner instanceof Uint8Array)) {
      throw new InputError(`${WHO}: the saved structure is malformed: not a choice and a kept structure`);
    }
    [this.coreShare, this.coreEntriesPerSubgoal, this.edgesPerSubgoal, this.freeCellsPerSubgoal] = figures;
    this.inner = numbers[0] === 1 ? new JpsPlusSearcher(grid, { saved: inner }) : new SubgoalSearcher8(grid, { saved: inner });
    this.version = grid.version;
    this.loadMs = performance.now() - t0;
  }

  /**
   * Builds again from the grid as it is now, choice included. Queries do it
   * by themselves after an edit the grid announced (`setBlocked`, `touch`);
   * this is for a write to `grid.cells` that was not announced.
   */
  rebuild(): void {
    const t0 = performance.now();
    const grid = this.grid;
    const sg = new SubgoalSearcher8(grid);
    const n = sg.subgoals;
    this.coreShare = n === 0 ? 0 : sg.globalSubgoals / n;
    this.coreEntriesPerSubgoal = n === 0 ? 0 : sg.coreEntries / n;
    let free = 0;
    for (let c = 0, cells = grid.cells; c < cells.length; c++) if (cells[c] === 0) free++;
    this.freeCellsPerSubgoal = n === 0 ? Infinity : free / n;
    this.edgesPerSubgoal = n === 0 ? 0 : sg.edges / n;
    const dense = this.edgesPerSubgoal >= EDGES_TO_JPS_PLUS;
    const open = this.freeCellsPerSubgoal >= FREE_PER_SUBGOAL_TO_JPS_PLUS;
    this.inner = this.coreShare >= CORE_SHARE_TO_JPS_PLUS || dense || open ? new JpsPlusSearcher(grid) : sg;
    this.version = grid.version;
    this.buildMs = performance.now() - t0;
    this.builds++;
  }

  /** The preprocessing the last build kept. */
  get choice(): Preprocessed8Choice { return this.inner instanceof JpsPlusSearcher ? 'jps-plus' : 'subgoal8'; }

  /** Bytes of the kept structure (the grid's own cells not counted): the subgoal graph's `bytes`, or the jump table. */
  get bytes(): number { return this.inner instanceof JpsPlusSearcher ? this.inner.tableBytesPerCell * this.grid.size : this.inner.bytes; }

  // A new build's searcher has answered nothing yet: `unreachable`, Infinity and 0 until its first query.
  /** How the last query ended (`running` while a sliced one runs); `unreachable` before the first and after `rebuild()`. */
  get status(): SearchStatus | 'running' { return this.inner.status; }
  /** Which limit stopped the last query, or null. */
  get reason(): StopReason | null { return this.inner.reason; }
  /** True from `begin` until the query ends. */
  get running(): boolean { return this.inner.running; }
  /** Cost of the last query's path; Infinity without one. */
  get cost(): number { return this.inner.cost; }
  /** Nodes the last query expanded: subgoals, or jump points. */
  get expansions(): number { return this.inner.expansions; }
  /** Entries the last query put on its open lists. */
  get pushes(): number { return this.inner.pushes; }

  /**
   * Runs one query and returns its status; read `cost` and the path
   * (`pathInto`, `path`) afterwards. A start or goal outside the grid or
   * blocked, a bad option, or a grid that has gained weights throw (and
   * leave the last answer as it was); every other outcome is a status.
   * Builds again first if the grid was edited since the last build.
   */
  search(start: number, goal: number, options?: Preprocessed8Options): SearchStatus {
    this.begin(start, goal, options);
    return this.advance() as SearchStatus;
  }

  /** Starts a query without expanding anything (see `PathSearcher.begin`); builds again first if the grid was edited. */
  begin(start: number, goal: number, options?: Preprocessed8Options): void {
    const grid = this.grid;
    // Every check before the rebuild: a refused query leaves the last answer readable.
    checkGridQuery(grid, WHO, start, goal, options, KEYS);
    checkLimits(options?.limits, WHO);
    if (grid.version !== this.version) this.rebuild();
    this.inner.begin(start, goal, options);
  }

  /** Runs the begun query for at most one slice (see `PathSearcher.advance`). */
  advance(slice?: Slice): SearchStatus | 'running' {
    return this.inner.advance(slice);
  }

  /** Ends a running query as `stopped`, reason `aborted`. */
  cancel(): void {
    this.inner.cancel();
  }

  /**
   * Writes the last path cell by cell (start first, grid ids) and returns its
   * cell count; 0 without a path. Throws if `out` is no Int32Array or too short.
   */
  pathInto(out: Int32Array): number {
    return this.inner.pathInto(out);
  }

  /** The last path, cell by cell, start first, or null without one (allocates). */
  path(): number[] | null {
    return this.inner.path();
  }

  /** The last query's outcome in the engine's shape; `path` is the full path (allocates). */
  result(): SearchResult {
    return resultOf(this, null);
  }
}
