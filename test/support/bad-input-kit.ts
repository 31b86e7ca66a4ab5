// The machinery of the bad-input table (test/integration/bad-input/library.test.ts): hostile
// values, the row builders, an independent oracle for the answers that can be
// checked, and the code that runs one row. These files are transpiled as they
// are and run in child processes against dist/, so they import nothing at run
// time: the library arrives as `Lib`, loaded by the worker.
import type * as Root from '#bestfirst';
import type * as GridEntry from '#bestfirst/grid';
import type * as Costmap from '#bestfirst/costmap';
import type * as Repair from '#bestfirst/repair';
import type * as Mapf from '#bestfirst/mapf';
import type * as Io from '#bestfirst/io';
import type * as Worlds from '#bestfirst/worlds';
import type * as Cspace from '#bestfirst/cspace';
import type * as SearchEntry from '#bestfirst/search';
import type * as Kinematic from '#bestfirst/kinematic';
import type * as Lite from '#bestfirst/lite';
import type { SearchSpace } from '#bestfirst';

/** The entry points, as the worker imported them from dist/. */
export interface Lib {
  root: typeof Root;
  grid: typeof GridEntry;
  costmap: typeof Costmap;
  repair: typeof Repair;
  mapf: typeof Mapf;
  io: typeof Io;
  worlds: typeof Worlds;
  cspace: typeof Cspace;
  search: typeof SearchEntry;
  kinematic: typeof Kinematic;
  lite: typeof Lite;
}

/**
 * The subpath of each function and class that is not at the root: a row
 * names its target as the package spells it (`bestfirst/grid:lineOfSight`).
 * The table's coverage check holds this list to the entries' real exports.
 */
const SUBPATH: Record<string, string> = {
  ARA_SCHEDULE: 'repair', dfs: 'search', iddfs: 'search', zeroOneBfs: 'search', bellmanFord: 'search', floydWarshall: 'search', allPairsPath: 'search', unboundedGrid: 'grid', pathAmong: 'grid', AnyAngleSearcher: 'grid', AraSearcher: 'repair', DIAGONAL_RULES: 'grid', DStar: 'repair', DStarLite: 'repair', FREE: 'costmap', GRID_ALGORITHMS: 'grid', GRID_ALGORITHM_NAMES: 'grid', INSCRIBED: 'costmap', JpsPlusSearcher: 'grid', LETHAL: 'costmap', makeCostmap: 'costmap', MAX_DIMACS_CHARS: 'io', MAX_DIMACS_WEIGHT: 'io', MAX_GRID_CELLS: 'grid', MAX_MAP_CELLS: 'io', MAX_MAP_SIDE: 'io', MAX_ROS_YAML_CHARS: 'io', MOVINGAI_GRID: 'io', NO_INFORMATION: 'costmap', PreprocessedSearcher8: 'grid', SubgoalSearcher4: 'grid', SubgoalSearcher8: 'grid', TAG_NAMES: 'repair', TERRAIN_LETTERS: 'io', UniversalPlanner: 'repair', anyAnglePath: 'grid', applyKeepout: 'costmap', ara: 'repair', bellmanResidual: 'repair', bellmanTerms: 'repair', cbs: 'mapf', cellToWorld: 'io', chebyshev: 'grid', checkAnyAnglePath: 'grid', checkMapfPlan: 'mapf', checkPath: 'grid', checkScenario: 'io', costmapToGrid: 'costmap', distanceTransform: 'costmap', euclidean: 'grid', filterAreas: 'grid', follow: 'repair', formatCo: 'io', formatGr: 'io', formatMap: 'io', formatPgm: 'io', formatScen: 'io', heuristicByName: 'grid', inflate: 'costmap', landmarks: 'grid', lineOfSight: 'grid', parseCo: 'io', parseGr: 'io', parseMap: 'io', parsePgm: 'io', parseRoads: 'io', parseRosMap: 'io', parseRosYaml: 'io', parseScen: 'io', prioritizedPlan: 'mapf', roadsToDimacs: 'io', sameLength: 'grid', segmentCost: 'grid', setCellBlocked: 'repair', smoothPath: 'grid', speedWeights: 'costmap', squaredDistanceTransform: 'costmap', terrainFilter: 'io', toGrid: 'io', universalPlan: 'repair', withinBound: 'grid', withRowOrder: 'costmap', worldToCell: 'io',
};

/** The target of a row about `name` (and `member`, a method: `#search`, or a static: `.fromEdges`), as the package spells it. */
export function targetOf(name: string, member = ''): string {
  const sub = Object.prototype.hasOwnProperty.call(SUBPATH, name) ? `/${SUBPATH[name]}` : '';
  return `bestfirst${sub}:${name}${member}`;
}

/** Every public name, whichever entry holds it: for the rows that pick a function by name. */
export type Public = typeof Root & typeof GridEntry & typeof Costmap & typeof Repair & typeof Mapf & typeof Io & typeof SearchEntry;

/** The public entries of `L` as one object (`Public`). */
export function pub(L: Lib): Public {
  return { ...L.root, ...L.grid, ...L.costmap, ...L.repair, ...L.mapf, ...L.io, ...L.search } as Public;
}

/**
 * `error`: an InputError is the only right answer. `ok`: the call must return,
 * and the answer pass its check. `either`: both are acceptable (a lenient
 * reading that still gives the right answer), but nothing else.
 */
export type Want = 'error' | 'ok' | 'either';

/**
 * One prepared call: valid arguments, the call itself (on objects `make` built,
 * so that a refused call can be followed by a valid one on the same object), and
 * what to check.
 */
export interface Base {
  args: unknown[];
  call(...args: unknown[]): unknown;
  /** Whether a returned value is right for these arguments: a problem, or undefined. */
  check?(r: unknown, args: unknown[]): string | undefined;
  /**
   * After an InputError: the object must still work (and be as it was). Default:
   * the call again with the valid arguments, and its check.
   */
  after?(): string | undefined;
  /** Node count of the space the ids refer to, for the generated out-of-range ids. */
  size?: number;
  /** A blocked cell (a refused endpoint), when there is one. */
  blocked?: number;
}

/** One value for one argument position. */
export interface V {
  label: string;
  get(b: Base): unknown;
  want: Want;
  /** Words one of which the message must contain (case-insensitive). */
  names?: readonly string[];
  /** What the message must say about the allowed range or values. */
  allowed?: RegExp;
  /** The error breaks the object on purpose (a broken contract mid-search): it then refuses every call. */
  poisons?: boolean;
  /** A check for this value's answer, when the base check does not apply. */
  check?(r: unknown, args: unknown[], b: Base): string | undefined;
}

/** A whole row written out, when substituting one argument is not the case. */
export interface Extra {
  label: string;
  want: Want;
  names?: readonly string[];
  allowed?: RegExp;
  poisons?: boolean;
  make(L: Lib): Base;
}

/** The table entry of one export (or method): its valid call, hostile values per position, extra rows. */
export interface Spec {
  /** `entry:export`, `entry:Class#method`, `entry:Class.static` or `entry:export#returned.method`. */
  target: string;
  /** Leave out to have only extra rows. */
  make?(L: Lib): Base;
  params?: readonly (readonly V[] | null)[];
  /** Names of the parameters, for the labels. */
  paramNames?: readonly string[];
  extra?: readonly Extra[];
}

/** What the test side needs to judge a row. */
export interface RowInfo {
  id: number;
  target: string;
  label: string;
  want: Want;
  names: readonly string[];
  allowed: string | null;
  poisons: boolean;
}

export interface SerialError {
  name: string;
  message: string;
  ctor: string;
  isInputError: boolean;
  stack: string;
}

export interface Outcome {
  id: number;
  returned: boolean;
  error: SerialError | null;
  problem: string | null;
}

export interface Row {
  info: RowInfo;
  exec(L: Lib): Omit<Outcome, 'id'>;
}

// --- values ---------------------------------------------------------------------------------

export const SYM = Symbol('hostile');

/** A fixed value (primitives, or objects no call can change). */
export function v(value: unknown, label: string, want: Want = 'error', more: Partial<V> = {}): V {
  return { label, get: () => value, want, ...more };
}
/** A fresh object for each row: a call may write into what it was given. */
export function fresh(make: () => unknown, label: string, want: Want = 'error', more: Partial<V> = {}): V {
  return { label, get: make, want, ...more };
}
/** A value read from the prepared call (its node count, a blocked cell, an object it built). */
export function dyn(f: (b: Base) => unknown, label: string, want: Want = 'error', more: Partial<V> = {}): V {
  return { label, get: f, want, ...more };
}
/** The same values with names (and what is allowed) set where a value has none. */
export function named(vs: readonly V[], names: readonly string[], allowed?: RegExp): V[] {
  return vs.map((x) => ({ ...x, names: x.names ?? names, allowed: x.allowed ?? (x.want === 'ok' ? undefined : allowed) }));
}
/** The values with `want` overridden. */
export function wanting(vs: readonly V[], want: Want): V[] {
  return vs.map((x) => ({ ...x, want }));
}

/** `values` with a hole at `at` (a sparse array: `at in result` is false), made without a sparse literal. */
export function holey(values: readonly unknown[], at: number): unknown[] {
  const out = values.slice();
  delete out[at];
  return out;
}

function numLabel(x: number): string {
  return Object.is(x, -0) ? '-0' : x === 2 ** 31 ? '2**31' : x === -(2 ** 31) ? '-(2**31)' : x === 2 ** 53 ? '2**53' : String(x);
}

/** Values that are not numbers at all. */
export function notNumbers(): V[] {
  return [
    v(undefined, 'undefined'), v(null, 'null'), v('0', "'0'"), v('1', "'1'"), v('', "''"), v(' ', "' '"), v(true, 'true'), v(false, 'false'),
    fresh(() => ({}), '{}'), fresh(() => [], '[]'), fresh(() => [0], '[0]'), v(() => 0, '() => 0'), v(SYM, 'a symbol'), v(0n, '0n'),
    fresh(() => new Date(0), 'a Date'), fresh(() => ({ valueOf: () => 0 }), '{ valueOf: () => 0 }'), fresh(() => Object.create(null), 'Object.create(null)'),
    fresh(() => new Number(0), 'new Number(0)'), fresh(() => new Int32Array(1), 'Int32Array [0]'),
  ];
}

/** Numbers no count or id accepts. */
export function badNumbers(): V[] {
  return [Number.NaN, Infinity, -Infinity, -1, 1.5, -0.5, 1e9, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_VALUE, Number.EPSILON, -1e-300].map((x) => v(x, numLabel(x)));
}

const ID_RANGE = /\d+\.\.\d+/;

/**
 * A node id: every non-number and bad number, the size and one past it (and a
 * blocked cell when `blocked`), all refused; `legit` are ids that work.
 */
export function ids(name: string, o: { optional?: boolean; blocked?: boolean; legit?: readonly V[]; names?: readonly string[]; allowed?: RegExp } = {}): V[] {
  const names = o.names ?? [name];
  const allowed = o.allowed ?? ID_RANGE;
  const out: V[] = [];
  for (const x of notNumbers()) out.push(o.optional && x.label === 'undefined' ? { ...x, want: 'ok' } : x);
  out.push(...badNumbers(), dyn((b) => b.size, 'the size'), dyn((b) => b.size! + 1, 'the size + 1'));
  const res = named(out, names, allowed);
  if (o.blocked) res.push(dyn((b) => b.blocked, 'a blocked cell', 'error', { names }));
  res.push(v(0, '0', 'ok'), v(-0, '-0', 'ok'), ...(o.legit ?? []));
  return res;
}

/** A number >= 0, Infinity allowed (a budget). With `integer`, whole numbers and Infinity only. */
export function count(name: string, o: { optional?: boolean; integer?: boolean; names?: readonly string[]; nullOk?: boolean } = { optional: true }): V[] {
  const bad: V[] = [];
  for (const x of notNumbers()) {
    if (x.label === 'undefined' && o.optional) continue;
    bad.push(x);
  }
  bad.push(...[Number.NaN, -1, -Infinity, -0.5, -1e-300].map((x) => v(x, numLabel(x))));
  if (o.integer) bad.push(v(2.5, '2.5'), v(Number.EPSILON, 'Number.EPSILON'));
  const good = [0, 1, 1e9, 2 ** 31, Infinity, -0, ...(o.integer ? [] : [2.5])].map((x) => v(x, numLabel(x), 'ok'));
  if (o.optional) good.push(v(undefined, 'undefined', 'ok'));
  return [...named(bad, o.names ?? [name], />= ?0/), ...good];
}

/** A finite number > 0. `legit` replaces the default good values. */
export function positive(name: string, o: { optional?: boolean; legit?: readonly number[]; names?: readonly string[]; infinityOk?: boolean } = { optional: true }): V[] {
  const bad: V[] = [];
  for (const x of notNumbers()) {
    if (x.label === 'undefined' && o.optional) continue;
    bad.push(x);
  }
  bad.push(...[0, -0, -1, Number.NaN, -Infinity, ...(o.infinityOk ? [] : [Infinity])].map((x) => v(x, numLabel(x))));
  const good = (o.legit ?? [1, 0.5, 3]).map((x) => v(x, numLabel(x), 'ok'));
  if (o.optional) good.push(v(undefined, 'undefined', 'ok'));
  return [...named(bad, o.names ?? [name], /> ?0|>= ?\d/), ...good];
}

/** true or false. */
export function bool(name: string, o: { optional?: boolean; names?: readonly string[] } = { optional: true }): V[] {
  const bad = [
    v(0, '0'), v(1, '1'), v('true', "'true'"), v('false', "'false'"), v('', "''"), v(null, 'null'), v(Number.NaN, 'NaN'),
    fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(() => true, '() => true'), v(SYM, 'a symbol'), fresh(() => new Boolean(false), 'new Boolean(false)'),
  ];
  if (!o.optional) bad.push(v(undefined, 'undefined'));
  const good = [v(true, 'true', 'ok'), v(false, 'false', 'ok')];
  if (o.optional) good.push(v(undefined, 'undefined', 'ok'));
  return [...named(bad, o.names ?? [name], /true or false|boolean/), ...good];
}

/** Anything but a function where a function is expected. */
export function notFunctions(name: string, o: { optional?: boolean; names?: readonly string[] } = {}): V[] {
  const bad = [
    v(null, 'null'), v(5, '5'), v('f', "'f'"), v('', "''"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(true, 'true'), v(SYM, 'a symbol'),
    v(0n, '0n'), v(Number.NaN, 'NaN'), fresh(() => new Map(), 'a Map'), fresh(() => ({ call: () => 0 }), '{ call }'),
  ];
  if (!o.optional) bad.push(v(undefined, 'undefined'));
  return named(bad, o.names ?? [name], /function/);
}

/** One of a few strings (or values). */
export function oneOf(name: string, values: readonly unknown[], o: { optional?: boolean; names?: readonly string[]; allowed?: RegExp } = { optional: true }): V[] {
  const first = String(values[0]);
  const bad: V[] = [
    v('', "''"), v(` ${first}`, JSON.stringify(` ${first}`)), v(`${first} `, JSON.stringify(`${first} `)), v(first.toUpperCase(), JSON.stringify(first.toUpperCase())),
    v(null, 'null'), v(0, '0'), v(1, '1'), v(true, 'true'), fresh(() => ({}), '{}'), fresh(() => [values[0]], `[${first}]`), v(SYM, 'a symbol'),
    v(() => values[0], 'a function'), v('__proto__', "'__proto__'"), v('toString', "'toString'"), v('constructor', "'constructor'"), v('hasOwnProperty', "'hasOwnProperty'"),
  ].filter((x) => !values.includes(x.get({ args: [], call: () => 0 })));
  if (!o.optional) bad.push(v(undefined, 'undefined'));
  const allowed = o.allowed ?? new RegExp(values.map((x) => escape(String(x))).join('[\\s\\S]*'));
  const good = values.map((x) => v(x, typeof x === 'string' ? JSON.stringify(x) : String(x), 'ok'));
  if (o.optional) good.push(v(undefined, 'undefined', 'ok'));
  return [...named(bad, o.names ?? [name], allowed), ...good];
}

export function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An options object: junk instead of the object, an unknown key, each key
 * misspelt, and each key given the values listed for it. `where` is a word of
 * the message for the object itself.
 */
export function options(where: string, fields: Record<string, readonly V[]>, o: { optional?: boolean; arrayOk?: boolean } = { optional: true }): V[] {
  const keys = Object.keys(fields);
  // The message lists the known keys, in any order.
  const listed = new RegExp(keys.map((k) => `(?=[\\s\\S]*${escape(k)})`).join(''));
  const out: V[] = [
    ...named([
      v(null, 'null'), v(5, '5'), v('x', "'x'"), v(true, 'true'), v(() => ({}), 'a function'), v(SYM, 'a symbol'),
      ...(o.arrayOk ? [] : [fresh(() => [], '[]')]), ...(o.optional ? [] : [v(undefined, 'undefined')]),
    ], [where, 'options'], /object/),
    fresh(() => ({ nope: 1 }), '{ nope: 1 }', 'error', { names: ['nope'], allowed: listed }),
    v({}, '{}', 'ok'), fresh(() => Object.create(null), 'Object.create(null)', 'ok'),
  ];
  if (o.optional) out.push(v(undefined, 'undefined', 'ok'));
  for (const k of keys) {
    const typo = k.length > 3 ? k.slice(0, -1) : `${k}s`;
    out.push(fresh(() => ({ [typo]: 1 }), `{ ${typo}: 1 }`, 'error', { names: [typo], allowed: listed }));
    for (const x of fields[k]) {
      out.push({ ...x, label: `{ ${k}: ${x.label} }`, get: (b) => ({ [k]: x.get(b) }), names: x.names ?? [k] });
    }
  }
  return out;
}

/**
 * The `limits` option every search takes: an object of `maxExpansions`,
 * `maxMillis` (numbers >= 0) and `signal` (an AbortSignal). A signal aborted
 * before the query and a budget of 0 are legal: they end in status `stopped`.
 */
export function limitsOf(): V[] {
  const aborted = () => { const c = new AbortController(); c.abort(); return c.signal; };
  const signals: V[] = [
    ...named([v(5, '5'), v('x', "'x'"), fresh(() => ({}), '{}'), v(null, 'null'), v(() => 0, 'a function')], ['signal'], /AbortSignal/),
    fresh(() => new AbortController().signal, 'a live signal', 'ok'), fresh(aborted, 'an aborted signal', 'ok'), v(undefined, 'undefined', 'ok'),
  ];
  return options('limits', { maxExpansions: count('maxExpansions'), maxMillis: count('maxMillis'), signal: signals });
}

/** Objects that are not a `SearchSpace`. With `predecessors`, also one without them. */
export function notSpaces(name = 'space', o: { predecessors?: boolean; optional?: boolean } = {}): V[] {
  const succ = () => 0;
  const shaped = (size: unknown, maxDegree: unknown, successors: unknown = succ) => {
    const sp: Record<string, unknown> = { size, maxDegree, successors };
    if (successors === MISSING) delete sp.successors;
    if (o.predecessors) sp.predecessors = succ;
    return sp;
  };
  const out: V[] = named([
    v(null, 'null'), v(5, '5'), v('grid', "'grid'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(() => 0, 'a function'), v(SYM, 'a symbol'),
    ...(o.optional ? [] : [v(undefined, 'undefined')]),
    fresh(() => shaped(-1, 1), '{ size: -1 }'), fresh(() => shaped(1.5, 1), '{ size: 1.5 }'), fresh(() => shaped(Number.NaN, 1), '{ size: NaN }'),
    fresh(() => shaped('3', 1), "{ size: '3' }"), fresh(() => shaped(undefined, 1), '{ size missing }'), fresh(() => shaped(2 ** 31, 1), '{ size: 2**31 }'),
    fresh(() => shaped(1e10, 1), '{ size: 1e10 }'), fresh(() => shaped(Infinity, 1), '{ size: Infinity }'),
    fresh(() => shaped(3, 'x'), "{ maxDegree: 'x' }"), fresh(() => shaped(3, -1), '{ maxDegree: -1 }'), fresh(() => shaped(3, 1.5), '{ maxDegree: 1.5 }'),
    fresh(() => shaped(3, Number.NaN), '{ maxDegree: NaN }'), fresh(() => shaped(3, undefined), '{ maxDegree missing }'),
    fresh(() => shaped(3, 1, 5), '{ successors: 5 }'), fresh(() => shaped(3, 1, MISSING), '{ successors missing }'),
  ], [name, 'size', 'maxDegree', 'successors']);
  if (o.predecessors) out.push(fresh(() => ({ size: 3, maxDegree: 1, successors: succ }), 'a space without predecessors', 'error', { names: ['predecessors'] }));
  return out;
}

const MISSING = Symbol('missing');

/** Heuristics that break the contract (NaN, negative, not a number, Infinity at the goal), and ones within it. */
export function badHeuristics(name: string, o: { names?: readonly string[]; poisons?: boolean } = {}): V[] {
  const names = o.names ?? ['heuristic', `${name} must`];
  const p = o.poisons ?? false;
  const ret = (f: (n: number, g: number) => unknown, label: string) => v(f, label, 'error', { names, poisons: p });
  return [
    ...notFunctions(name, { names }),
    ret(() => Number.NaN, '() => NaN'), ret(() => -1, '() => -1'), ret(() => undefined, '() => undefined'), ret(() => '1', "() => '1'"),
    ret(() => null, '() => null'), ret(() => -Infinity, '() => -Infinity'), ret(() => 1n, '() => 1n'), ret(() => ({}), '() => ({})'),
    ret(() => new Number(1), '() => new Number(1)'), ret((n, g) => (n === g ? Infinity : 0), 'Infinity at the goal'),
    // Odd in either argument: the engine varies the first (h(n, goal)), D* Lite the second (h(robot, n)).
    ret((a, b) => (a !== b && (a % 2 === 1 || b % 2 === 1) ? Number.NaN : 0), 'NaN at odd nodes only'),
    ret((a, b) => (a !== b && (a % 2 === 1 || b % 2 === 1) ? -5 : 0), '-5 at odd nodes only'),
  ];
}

// --- checks ------------------------------------------------------------------------------------

const EPS = 1e-9;
export function near(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= EPS * Math.max(1, Math.abs(a), Math.abs(b));
}

const ORACLE_MAX = 100_000;

/** Dijkstra over `successors`, arrays only: the cost from s to t, Infinity when there is no path. */
export function oracle(space: SearchSpace, s: number, t: number): number {
  const n = space.size;
  // The table's spaces are tiny; a huge one here was accepted by the library from a hostile row, and
  // allocating by its size would take the worker (and the test) down. NaN fails every comparison.
  if (!(n <= ORACLE_MAX)) return Number.NaN;
  const dist = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  const nb = new Int32Array(Math.max(1, space.maxDegree)), c = new Float64Array(Math.max(1, space.maxDegree));
  dist[s] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0 || u === t) break;
    done[u] = true;
    const d = space.successors(u, nb, c);
    for (let k = 0; k < d; k++) if (dist[u] + c[k] < dist[nb[k]]) dist[nb[k]] = dist[u] + c[k];
  }
  return dist[t];
}

/** The cost of walking `path` by the cheapest arcs, or a problem. */
export function walk(space: SearchSpace, path: readonly number[]): number | string {
  if (!(space.maxDegree <= ORACLE_MAX)) return `maxDegree ${String(space.maxDegree)}`;
  const nb = new Int32Array(Math.max(1, space.maxDegree)), c = new Float64Array(Math.max(1, space.maxDegree));
  let total = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const d = space.successors(path[i], nb, c);
    let best = Infinity;
    for (let k = 0; k < d; k++) if (nb[k] === path[i + 1] && c[k] < best) best = c[k];
    if (best === Infinity) return `step ${i} of the path (${path[i]} -> ${path[i + 1]}) is not an arc`;
    total += best;
  }
  return total;
}

interface Answer { status: string; path: readonly number[] | null; cost: number }

/**
 * A search's answer against the oracle: `found` with a path from s to t whose
 * walked cost is the reported cost (and the optimum, when `optimal`);
 * `unreachable` only when no path exists; a budget stop is always allowed.
 */
export function checkAnswer(space: SearchSpace, s: number, t: number, r: Answer, o: { optimal?: boolean; budget?: boolean } = {}): string | undefined {
  if (r === null || typeof r !== 'object') return `returned ${String(r)}, not a result`;
  const best = oracle(space, s, t);
  if (Number.isNaN(best)) return `the space (size ${String(space.size)}) is not one the table made`;
  if (r.status === 'stopped') {
    return o.budget === false ? `status ${r.status} without a budget` : undefined;
  }
  if (r.status === 'unreachable') return best === Infinity ? undefined : `unreachable, but a path of cost ${best} exists`;
  if (r.status !== 'found' && r.status !== 'optimal' && r.status !== 'bounded') return `unknown status ${String(r.status)}`;
  if (best === Infinity) return `${r.status}, but no path exists`;
  if (!Array.isArray(r.path) || r.path.length === 0) return `${r.status} without a path`;
  if (r.path[0] !== s || r.path[r.path.length - 1] !== t) return `the path runs ${r.path[0]} .. ${r.path[r.path.length - 1]}, not ${s} .. ${t}`;
  const walked = walk(space, r.path);
  if (typeof walked === 'string') return walked;
  if (!near(walked, r.cost)) return `cost ${r.cost}, but the path walks ${walked}`;
  if (o.optimal !== false && !near(r.cost, best)) return `cost ${r.cost}, the optimum is ${best}`;
  return undefined;
}

/** A problem unless `r` equals `want` (deep, for plain data). */
export function same(r: unknown, want: unknown, what = 'the answer'): string | undefined {
  const a = json(r), b = json(want);
  return a === b ? undefined : `${what} is ${a.slice(0, 200)}, expected ${b.slice(0, 200)}`;
}

function json(x: unknown): string {
  return JSON.stringify(x, (_k, val: unknown) => (typeof val === 'number' && !Number.isFinite(val) ? String(val) : ArrayBuffer.isView(val) ? Array.from(val as unknown as ArrayLike<number>) : val)) ?? String(x);
}

// --- rows -------------------------------------------------------------------------------------

function serial(e: unknown, L: Lib): SerialError {
  const err = e as { name?: unknown; message?: unknown; stack?: unknown; constructor?: { name?: unknown } } | null;
  let message: string;
  try { message = String(err?.message ?? e); } catch { message = '<unprintable>'; }
  return {
    name: String(err?.name ?? typeof e),
    message,
    ctor: String(err?.constructor?.name ?? typeof e),
    isInputError: e instanceof L.root.InputError,
    stack: typeof err?.stack === 'string' ? err.stack.split('\n').slice(0, 4).join(' | ') : '',
  };
}

function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  try { return String(e); } catch { return typeof e; }
}

function followUp(b: Base, poisons: boolean, L: Lib, rerun: boolean): string | null {
  try {
    if (b.after) return b.after() ?? null;
    if (!rerun) return null;
    const r = b.call(...b.args);
    return b.check?.(r, b.args) ?? null;
  } catch (e) {
    if (poisons && e instanceof L.root.InputError && /earlier error/.test(e.message)) return null;
    return `after the InputError, the valid call on the same objects threw ${describe(e)}`;
  }
}

/**
 * Runs one row. After an InputError, `after` (or, when `rerun`, the valid call
 * again: an extra row's own arguments are the bad ones) checks the objects still work.
 */
function run(L: Lib, make: (L: Lib) => Base, pick: (b: Base) => unknown[], check: V['check'], poisons: boolean, rerun = true): Omit<Outcome, 'id'> {
  let b: Base, args: unknown[];
  try {
    b = make(L);
    args = pick(b);
  } catch (e) {
    return { returned: false, error: null, problem: `the row's own setup threw ${describe(e)}` };
  }
  let r: unknown;
  try {
    r = b.call(...args);
  } catch (e) {
    return { returned: false, error: serial(e, L), problem: e instanceof L.root.InputError ? followUp(b, poisons, L, rerun) : null };
  }
  let problem: string | null;
  try {
    problem = (check ? check(r, args, b) : b.check?.(r, args)) ?? null;
  } catch (e) {
    problem = `checking the answer threw ${describe(e)}`;
  }
  return { returned: true, error: null, problem };
}

/** The rows of a list of specs: the valid call, one row per listed value per position, the extra rows. */
export function rowsOf(specs: readonly Spec[]): Row[] {
  const rows: Row[] = [];
  const add = (info: Omit<RowInfo, 'id'>, exec: Row['exec']) => rows.push({ info: { ...info, id: -1 }, exec });
  for (const s of specs) {
    const make = s.make;
    if (make) {
      add({ target: s.target, label: 'valid arguments', want: 'ok', names: [], allowed: null, poisons: false }, (L) => run(L, make, (b) => b.args, undefined, false));
      (s.params ?? []).forEach((vals, i) => {
        if (!vals) return;
        const pname = s.paramNames?.[i] ?? `argument ${i + 1}`;
        for (const x of vals) {
          add(
            { target: s.target, label: `${pname} = ${x.label}`, want: x.want, names: x.names ?? [pname], allowed: x.allowed ? x.allowed.source : null, poisons: x.poisons ?? false },
            (L) => run(L, make, (b) => {
              const args = b.args.slice();
              while (args.length <= i) args.push(undefined);
              args[i] = x.get(b);
              return args;
            }, x.check, x.poisons ?? false),
          );
        }
      });
    }
    for (const x of s.extra ?? []) {
      add({ target: s.target, label: x.label, want: x.want, names: x.names ?? [], allowed: x.allowed ? x.allowed.source : null, poisons: x.poisons ?? false },
        (L) => run(L, x.make, (b) => b.args, undefined, x.poisons ?? false, false));
    }
  }
  return rows;
}
