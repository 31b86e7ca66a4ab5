import type { SearchSpace } from '../core/space.js';
import { checkCost, checkNode } from '../core/space.js';
import { checkKeys } from '../core/input-checks.js';
import { MAX_GRAPH_SIZE } from './graph.js';
import { InputError, show } from '../core/errors.js';
import { diagonalOpen, DX, DY, type DiagonalRule, DIAGONAL_RULES, type XY } from '../grid/grid.js';
import { Searcher, type SearchStatus } from '../search/best-first.js';
import { checkLimits, type Limits, type StopReason } from '../core/limits.js';
import { type Heuristic } from '../core/heuristic.js';
import { octileDistance, octileTerms } from '../grid/heuristics.js';
import { NumberIds } from './number-ids.js';

/**
 * An implicit space whose nodes are keys (strings, coordinate pairs, ...).
 * Each key is interned to an integer the first time it is seen, so the
 * integer-based engine runs on spaces that are never enumerated, even
 * unbounded ones. `size` grows as a search discovers keys. It lists no
 * predecessors, so the backward searches (D*, D* Lite, universal plans) do
 * not run on it.
 *
 * A neighbour listed with a NaN, infinite or negative cost, or more
 * neighbours than `maxDegree`, is an `InputError` when the search reaches it.
 *
 * @example
 * ```ts
 * // The integers, with moves n -> n + 1 and n -> 2n, each of cost 1.
 * const space = new KeyedSpace<number>((n, visit) => { visit(n + 1, 1); visit(2 * n, 1); }, (n) => n, 2);
 * const r = bfs(space, space.id(1), space.id(10));
 * r.path!.map((n) => space.key(n)); // [1, 2, 4, 5, 10]
 * ```
 */
export class KeyedSpace<K> implements SearchSpace {
  readonly maxDegree: number;
  /** The ids of keys that hash to strings, and of those that hash to numbers (kept unboxed: NumberIds). */
  private readonly stringIds = new Map<string, number>();
  private readonly numberIds = new NumberIds();
  private readonly keys: K[] = [];

  /**
   * @param neighbours calls `visit(key, cost)` for each successor of `key`
   * @param hash maps a key to a string or number that identifies it
   * @param maxDegree the most successors any key has, an integer >= 1 (default 64; checked as it is used)
   */
  constructor(
    private readonly neighbours: (key: K, visit: (next: K, cost: number) => void) => void,
    private readonly hash: (key: K) => string | number,
    maxDegree = 64,
  ) {
    if (typeof neighbours !== 'function') throw new InputError(`KeyedSpace: neighbours must be a function (key, visit) => void, got ${show(neighbours)}`);
    if (typeof hash !== 'function') throw new InputError(`KeyedSpace: hash must be a function key => string | number, got ${show(hash)}`);
    // Every search allocates maxDegree slots up front: a bound beyond any node's fan-out is a slip, not a space.
    if (!Number.isInteger(maxDegree) || maxDegree < 1) throw new InputError(`KeyedSpace: maxDegree must be an integer >= 1, got ${show(maxDegree)}`);
    if (maxDegree > MAX_GRAPH_SIZE) throw new InputError(`KeyedSpace: maxDegree must be at most ${MAX_GRAPH_SIZE} (2^25, the most nodes a Graph holds), got ${maxDegree}`);
    this.maxDegree = maxDegree;
  }

  get size(): number { return this.keys.length; }

  /** The integer id of `key`, interning it on first sight. */
  id(key: K): number {
    const h = this.hashOf(key);
    let n = this.find(h);
    if (n < 0) {
      n = this.keys.length;
      if (typeof h === 'number') this.numberIds.add(h, n);
      else this.stringIds.set(h, n);
      this.keys.push(key);
    }
    return n;
  }

  /** The id of `key` if it was seen, else -1. Never interns. */
  peek(key: K): number { return this.find(this.hashOf(key)); }

  /** The id of the key with hash h, or -1. */
  private find(h: string | number): number {
    return typeof h === 'number' ? this.numberIds.get(h) : this.stringIds.get(h) ?? -1;
  }

  /** The key of node n. Throws unless n is a node interned so far. */
  key(n: number): K {
    checkNode(this, n, 'KeyedSpace: key: n');
    return this.keys[n];
  }

  /**
   * hash(key), held to its contract: a string or a number that is not NaN. Anything
   * else would make keys collide (undefined for all) or never meet (objects by identity).
   */
  private hashOf(key: K): string | number {
    const h = this.hash(key);
    if (typeof h !== 'string' && (typeof h !== 'number' || Number.isNaN(h))) {
      throw new InputError(`KeyedSpace: hash(${showKey(key)}) returned ${show(h)}: hash must return a string or a number (not NaN)`);
    }
    return h;
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    let count = 0;
    this.neighbours(this.keys[n], (next, cost) => {
      if (count >= this.maxDegree) {
        throw new InputError(`KeyedSpace: ${JSON.stringify(this.keys[n])} has more than maxDegree = ${this.maxDegree} successors; pass a larger maxDegree`);
      }
      checkCost(cost, `KeyedSpace: edge ${JSON.stringify(this.keys[n])} -> ${JSON.stringify(next)}`);
      nodes[count] = this.id(next);
      costs[count] = cost;
      count++;
    });
    return count;
  }
}


/** The moves of an unbounded grid; axial steps cost 1. Bad values are an `InputError`. */
export interface UnboundedGridOptions {
  /** 4 or 8 neighbours. Default 8. */
  connectivity?: 4 | 8;
  /** When a diagonal step is allowed (see `DiagonalRule`). Default `no-corner-cutting`. Ignored when 4-connected. */
  diagonalRule?: DiagonalRule;
  /** Cost of a diagonal step: a finite number > 0. Default Math.SQRT2. */
  diagonalCost?: number;
}

/**
 * Coordinates stay below 2^25 either way, so x + OFFSET and y + OFFSET fit in
 * 26 bits and the pair packs into 52 bits: one exact double, no string keys.
 */
const OFFSET = 2 ** 25;
const SHIFT = 2 ** 26;
function packPoint(p: XY): number {
  return packXY(p[0], p[1]);
}
function packXY(x: number, y: number): number {
  return (x + OFFSET) * SHIFT + (y + OFFSET);
}

/**
 * The infinite grid with a set of obstacle cells: every integer (x, y) not in
 * `obstacles` is free. Cells are interned as the search reaches them. An
 * obstacle that is not a pair of integers within +-2^25, or a bad option, is
 * an `InputError`; so is a key given to `id` or `peek` that is not such a
 * pair. Give every search on it an expansion budget: an enclosed goal would
 * otherwise never stop it (`pathAmong` does this for you).
 */
export function unboundedGrid(obstacles: Iterable<XY>, options: UnboundedGridOptions = {}): KeyedSpace<XY> {
  const { rule, diag } = checkUnboundedOptions(options, 'unboundedGrid', UNBOUNDED_KEYS);
  return new UnboundedGrid(checkObstacles(obstacles, 'unboundedGrid'), rule, diag);
}

/**
 * The unbounded grid as a `KeyedSpace` whose cells are their packed
 * coordinates (`packPoint`): a successor is interned by that number, with no
 * [x, y] array made, and `key(n)` makes the pair when it is asked for. The
 * generic space made a pair for each of a cell's eight neighbours and kept
 * one per cell it interned: `dfs` and `iddfs` to their default budget of a
 * million expansions (three million cells) spent half their profile in the
 * callback that interned the pairs and in the garbage collector, and took
 * four times the CPU they take here.
 */
class UnboundedGrid extends KeyedSpace<XY> {
  /** Each cell's packed coordinates, by id. */
  private packed = new Float64Array(1024);
  private count = 0;
  private readonly ids = new NumberIds();
  /** The obstacles' packed coordinates (the ids unused). */
  private readonly blocked = new NumberIds();
  private readonly moves: number;

  /** `obstacles` checked here one by one; `rule` and `diag` already checked. */
  constructor(obstacles: readonly XY[], private readonly rule: DiagonalRule, private readonly diag: number) {
    // The base class's callbacks are never called: this class answers every query itself.
    super(() => {}, packPoint, 8);
    for (const [i, p] of obstacles.entries()) {
      checkPoint(p, `obstacle ${i}`);
      if (!this.isObstacle(p)) this.blocked.add(packPoint(p), i);
    }
    this.moves = rule === 'never' ? 4 : 8;
  }

  /** Whether `p` (a checked point) is an obstacle. */
  isObstacle(p: XY): boolean { return this.blocked.get(packPoint(p)) >= 0; }

  override get size(): number { return this.count; }

  override id(key: XY): number {
    checkPoint(key, 'unboundedGrid: id: key');
    return this.intern(packPoint(key));
  }

  override peek(key: XY): number {
    checkPoint(key, 'unboundedGrid: peek: key');
    return this.ids.get(packPoint(key));
  }

  override key(n: number): XY {
    checkNode(this, n, 'KeyedSpace: key: n');
    return [this.xOf(n), this.yOf(n)];
  }

  /** The x of cell n (an id in 0..size-1, unchecked). */
  xOf(n: number): number { return Math.floor(this.packed[n] / SHIFT) - OFFSET; }

  /** The y of cell n (an id in 0..size-1, unchecked). */
  yOf(n: number): number { return this.packed[n] % SHIFT - OFFSET; }

  override successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    const { blocked, rule, diag, moves } = this;
    const x = this.xOf(n), y = this.yOf(n);
    let count = 0;
    for (let k = 0; k < moves; k++) {
      const nx = x + DX[k], ny = y + DY[k], p = packXY(nx, ny);
      if (blocked.get(p) >= 0) continue;
      if (k >= 4 && !diagonalOpen(rule, blocked.get(packXY(nx, y)) >= 0, blocked.get(packXY(x, ny)) >= 0)) continue;
      nodes[count] = this.intern(p);
      costs[count] = k < 4 ? 1 : diag;
      count++;
    }
    return count;
  }

  /** The id of the cell packed as p, interning it on first sight. */
  private intern(p: number): number {
    let n = this.ids.get(p);
    if (n < 0) {
      n = this.count++;
      if (n === this.packed.length) {
        const grown = new Float64Array(2 * n);
        grown.set(this.packed);
        this.packed = grown;
      }
      this.packed[n] = p;
      this.ids.add(p, n);
    }
    return n;
  }
}

/** The options of an unbounded grid, checked: the diagonal rule in force (`never` when 4-connected) and the diagonal cost. */
function checkUnboundedOptions(options: PathAmongOptions, who: string, keys: readonly string[]): { rule: DiagonalRule; diag: number } {
  if (options === null || typeof options !== 'object') throw new InputError(`${who}: options must be an object, got ${show(options)}`);
  checkKeys(options, keys, who);
  // An option given as null is refused like any other wrong value (never read as "not given").
  const connectivity = options.connectivity === undefined ? 8 : options.connectivity;
  if (connectivity !== 4 && connectivity !== 8) throw new InputError(`${who}: connectivity must be 4 or 8, got ${show(connectivity)}`);
  const given = options.diagonalRule === undefined ? 'no-corner-cutting' : options.diagonalRule;
  if (!DIAGONAL_RULES.includes(given)) throw new InputError(`${who}: diagonalRule must be one of ${DIAGONAL_RULES.join(', ')}, got ${typeof given === 'string' ? given : show(given)}`);
  const diag = options.diagonalCost === undefined ? Math.SQRT2 : options.diagonalCost;
  if (typeof diag !== 'number' || !Number.isFinite(diag) || diag <= 0) throw new InputError(`${who}: diagonalCost must be a finite number > 0, got ${show(diag)}`);
  return { rule: connectivity === 4 ? 'never' : given, diag };
}

function checkObstacles(obstacles: Iterable<XY>, who: string): XY[] {
  if (obstacles === null || typeof obstacles !== 'object' || typeof (obstacles as Iterable<XY>)[Symbol.iterator] !== 'function') {
    throw new InputError(`${who}: obstacles must be an iterable of [x, y] pairs (an array, a Set, ...), got ${show(obstacles)}`);
  }
  return Array.from(obstacles);
}

/** Throws unless p is a pair of integers within +-2^25. */
export function checkPoint(p: XY, what: string): void {
  if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => Number.isInteger(v) && Math.abs(v) < OFFSET)) {
    throw new InputError(`${what} must be a pair of integers [x, y] with |x|, |y| < 2^25, got ${Array.isArray(p) ? JSON.stringify(p) : show(p)}`);
  }
}

const UNBOUNDED_KEYS: readonly (keyof UnboundedGridOptions)[] = ['connectivity', 'diagonalRule', 'diagonalCost'];
const PATH_AMONG_KEYS: readonly (keyof PathAmongOptions)[] = [...UNBOUNDED_KEYS, 'limits'];

/** The options of `pathAmong`: the grid's moves and its limits. */
export interface PathAmongOptions extends UnboundedGridOptions {
  /**
   * Expansions, milliseconds and an `AbortSignal`, as every search takes.
   * `maxExpansions` defaults to 100000 here: an unreachable goal on an
   * infinite grid would otherwise never end.
   */
  limits?: Limits;
}

/** What `pathAmong` found. */
export interface PathAmongResult {
  /** `found`, `unreachable` (the goal is walled in by a finite set of obstacles), or `stopped` (a limit ran out; `reason` says which). */
  status: SearchStatus;
  /** Why the search stopped (`status` `stopped`), else null. */
  reason: StopReason | null;
  /** The cells from start to goal, or null without a path. */
  path: XY[] | null;
  /** The path's cost (axial steps 1, diagonals `diagonalCost`); Infinity without a path. */
  cost: number;
  /** Cells expanded. */
  expansions: number;
}

/**
 * A* from `start` to `goal` on the infinite grid around `obstacles` (the C#
 * article's `Calculate(start, target, obstacles)`), with an expansion budget
 * that makes an enclosed goal terminate. The heuristic is the exact
 * empty-grid distance of `heuristics.octileTerms` (octile for the usual
 * diagonal costs, Manhattan when 4-connected, without diagonals or with a
 * diagonal costing 2 or more), so the path is optimal for every diagonal cost.
 * A start or goal that is not a pair of integers within +-2^25, or that is an
 * obstacle, is an `InputError`.
 *
 * @example
 * ```ts
 * const r = pathAmong([0, 0], [4, 0], [[2, -1], [2, 0], [2, 1]], { connectivity: 4 });
 * r.status; r.path; // 'found', [[0, 0], [1, 0], [1, 1], [1, 2], ...], cost 8
 * ```
 */
export function pathAmong(start: XY, goal: XY, obstacles: Iterable<XY>, options: PathAmongOptions = {}): PathAmongResult {
  checkPoint(start, 'start');
  checkPoint(goal, 'goal');
  const { rule, diag } = checkUnboundedOptions(options, 'pathAmong', PATH_AMONG_KEYS);
  checkLimits(options.limits, 'pathAmong');
  const limits: Limits = { maxExpansions: 100000, ...options.limits };
  const list = checkObstacles(obstacles, 'pathAmong');
  const space = new UnboundedGrid(list, rule, diag);
  if (space.isObstacle(start)) throw new InputError(`start ${JSON.stringify(start)} is an obstacle`);
  if (space.isObstacle(goal)) throw new InputError(`goal ${JSON.stringify(goal)} is an obstacle`);
  const terms = octileTerms(rule === 'never' ? 2 : diag);
  const h: Heuristic = (n, g) => octileDistance(terms, Math.abs(space.xOf(n) - space.xOf(g)), Math.abs(space.yOf(n) - space.yOf(g)));
  const s = space.id(start), t = space.id(goal);
  const searcher = new Searcher(space, { capacity: 1024 });
  const status = searcher.search(s, t, { heuristic: h, limits });
  const ids = searcher.path();
  return { status, reason: searcher.reason, path: ids ? ids.map((n) => space.key(n)) : null, cost: searcher.cost, expansions: searcher.expansions };
}

/** A key for a message: JSON when it has one, else `show`. */
function showKey(key: unknown): string {
  let json: string | undefined;
  try { json = JSON.stringify(key); } catch { json = undefined; }
  return json === undefined ? show(key) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
