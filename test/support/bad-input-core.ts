// The bad-input table, part 1: the 'bestfirst' entry's spaces, grids, engine and
// searchers. See bad-input-kit.ts for the row machinery.
import type { Grid, GridOptions, SearchResult, SearchSpace, Searcher } from '#bestfirst';
import { bruteCost, bruteSight, brutePathCost } from './supercover.js';
import {
  badHeuristics, bool, checkAnswer, count, dyn, fresh, holey, ids, named, near, notFunctions, notNumbers, notSpaces, oneOf, options, oracle, positive, same, SYM, v,
  type Base, type Extra, type Lib, type Spec, type V,
  pub, targetOf,
  limitsOf,
} from './bad-input-kit.js';

// Calls with arguments of any type: the table's whole point.
type AnyFn = (...a: unknown[]) => unknown;
type AnyCtor = new (...a: unknown[]) => unknown;
export const apply = (f: unknown, a: unknown[]): unknown => (f as AnyFn)(...a);
export const construct = (C: unknown, a: unknown[]): unknown => new (C as AnyCtor)(...a);

/**
 * The grid most rows search: 5 x 3, start 0 (0,0), goal 12 (2,2) at cost 4, cell
 * 6 (1,1) blocked, and cells 4 and 9 a pocket no path reaches.
 */
export const ROWS = ['...#.', '.#.#.', '...##'];
export const START = 0, GOAL = 12, BLOCKED = 6, POCKET = 4;

export function grid(L: Lib, options?: object): Grid {
  return L.root.Grid.fromAscii(ROWS, options);
}

/** Directed: 0 -> 1 -> 2 -> 3 costs 4, 0 -> 2 costs 5 directly; node 4 has no arcs. */
export const EDGES: [number, number, number][] = [[0, 1, 1], [1, 2, 2], [0, 2, 5], [2, 3, 1]];
export function graph(L: Lib) {
  return new L.root.Graph(5, EDGES, { directed: true });
}

/** Things that are not a Grid where a Grid is needed. */
export function notGrids(name = 'grid', o: { optional?: boolean } = {}): V[] {
  return named([
    v(null, 'null'), v(5, '5'), v('grid', "'grid'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(SYM, 'a symbol'), v(() => 0, 'a function'),
    ...(o.optional ? [] : [v(undefined, 'undefined')]),
    fresh(() => ({ width: 5, height: 3, size: 15, cells: new Uint8Array(15) }), 'a plain object shaped like a grid'),
  ], [name, 'Grid']);
}

/** Tolerance of the checks: the answer of a search given these arguments. */
function searchCheck(optimal: boolean) {
  return (r: unknown, a: unknown[]) => checkAnswer(a[0] as SearchSpace, a[1] as number, a[2] as number, r as SearchResult, { optimal });
}

// --- the engine's one-shot functions ----------------------------------------------------------

type Slot = 'space' | 'start' | 'goal' | 'h' | 'priority' | 'eps' | 'options';

const PRIORITY_NAMES = ['priority', 'eps'];
function priorities(): V[] {
  const bad = named([
    v(null, 'null'), v('astar', "'astar'"), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ kind: 'sum' }), "{ kind: 'sum' } (no eps)"),
    fresh(() => ({ kind: 'sum', eps: Number.NaN }), 'sum(NaN)'), fresh(() => ({ kind: 'sum', eps: -1 }), 'sum(-1)'), fresh(() => ({ kind: 'sum', eps: '1' }), "sum('1')"),
    fresh(() => ({ kind: 'sum', eps: Infinity }), 'sum(Infinity)'), fresh(() => ({ kind: 'nope' }), "{ kind: 'nope' }"), fresh(() => ({ kind: 'SUM', eps: 1 }), "{ kind: 'SUM' }"),
    fresh(() => [], '[]'), v(() => 0, 'a function'), v(SYM, 'a symbol'), fresh(() => ({ kind: SYM }), '{ kind: a symbol }'),
  ], PRIORITY_NAMES);
  const loose = searchCheck(false);
  return [
    ...bad,
    fresh(() => ({ kind: 'link-length' }), 'link-length', 'ok', { check: loose }), fresh(() => ({ kind: 'cost-to-come' }), 'cost-to-come', 'ok'),
    fresh(() => ({ kind: 'heuristic-only' }), 'heuristic-only', 'ok', { check: loose }), fresh(() => ({ kind: 'sum', eps: 1 }), 'sum(1)', 'ok'),
    fresh(() => ({ kind: 'sum', eps: 0 }), 'sum(0)', 'ok'), fresh(() => ({ kind: 'sum', eps: 3 }), 'sum(3)', 'ok', { check: loose }),
  ];
}

function searchOptions(where: string, o: { priority?: boolean; heuristic?: boolean } = {}): V[] {
  const loose = searchCheck(false);
  const fields: Record<string, V[]> = {
    tieBreak: oneOf('tieBreak', ['h', 'fifo']),
    limits: limitsOf(),
    trace: bool('trace'),
    reopen: bool('reopen'),
    partial: bool('partial'),
  };
  if (o.priority) fields.priority = priorities();
  if (o.heuristic) fields.heuristic = [...badHeuristics('heuristic').filter((x) => x.label !== 'undefined'), v(() => 0, '() => 0', 'ok'), v(undefined, 'undefined', 'ok')];
  const out = options(where, fields);
  if (!o.priority) out.push(fresh(() => ({ priority: { kind: 'sum', eps: 1 } }), '{ priority } (an argument here)', 'error', { names: ['priority'] }));
  if (!o.heuristic) out.push(fresh(() => ({ heuristic: () => 0 }), '{ heuristic } (an argument here)', 'error', { names: ['heuristic'] }));
  out.push(fresh(() => ({ reopen: false }), '{ reopen: false }', 'ok', { check: loose }));
  return out;
}

function endpoints(name: string): V[] {
  return ids(name, {
    blocked: true,
    legit: [
      v(POCKET, 'a cell in the unreachable pocket', 'ok'),
      v(name === 'start' ? GOAL : START, name === 'start' ? 'the goal (start === goal)' : 'the start (start === goal)', 'ok'),
    ],
  });
}

/** Spaces a search accepts besides the grid: with blocked cells as costly nodes, 4-connected, a graph. */
function otherSpaces(optimal: boolean): V[] {
  const check = searchCheck(optimal);
  return [
    dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'the grid with blocked cells entered at cost 10', 'ok', { check }),
    dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'the grid, 4-connected', 'ok', { check }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'always', diagonalCost: 1.4 }), 'the grid, corners cut, diagonal 1.4', 'ok', { check }),
  ];
}

function oneShot(name: string, slots: readonly Slot[], optimal: boolean): Spec {
  return {
    target: targetOf(name),
    paramNames: slots,
    make(L) {
      const g = grid(L);
      const args = slots.map((s) => {
        switch (s) {
          case 'space': return g;
          case 'start': return START;
          case 'goal': return GOAL;
          case 'h': return L.root.octile(g);
          case 'priority': return L.root.ASTAR;
          case 'eps': return 1.5;
          case 'options': return {};
        }
      });
      return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: searchCheck(optimal), size: g.size, blocked: BLOCKED };
    },
    params: slots.map((s) => {
      switch (s) {
        case 'space': return [...notSpaces(), ...otherSpaces(optimal)];
        case 'start': return endpoints('start');
        case 'goal': return endpoints('goal');
        case 'h': return [...badHeuristics('h'), v(() => 0, '() => 0', 'ok'), v(() => -0, '() => -0', 'ok'), v(() => 1e300, '() => 1e300 (inadmissible)', 'ok', { check: searchCheck(false) })];
        case 'priority': return priorities();
        case 'eps': return [...named([...notNumbers(), ...[Number.NaN, -1, Infinity, -Infinity, -0.001].map((x) => v(x, String(x)))], ['eps'], />= ?0/),
          v(0, '0', 'ok'), v(1, '1', 'ok'), v(1e9, '1e9', 'ok', { check: searchCheck(false) })];
        case 'options': return searchOptions(name);
      }
    }),
    extra: [
      {
        label: 'a graph, with an isolated goal', want: 'ok',
        make: (L) => {
          const gr = graph(L);
          const args = slots.map((s) => (s === 'space' ? gr : s === 'start' ? 0 : s === 'goal' ? 4 : s === 'h' ? () => 0 : s === 'priority' ? L.root.ASTAR : s === 'eps' ? 2 : {}));
          return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: searchCheck(optimal) };
        },
      },
      {
        label: 'a graph of one node, start === goal', want: 'ok',
        make: (L) => {
          const gr = new L.root.Graph(1, []);
          const args = slots.map((s) => (s === 'space' ? gr : s === 'start' ? 0 : s === 'goal' ? 0 : s === 'h' ? () => 0 : s === 'priority' ? L.root.ASTAR : s === 'eps' ? 2 : {}));
          return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: (r) => same([(r as SearchResult).status, (r as SearchResult).cost, (r as SearchResult).path], ['found', 0, [0]]) };
        },
      },
      {
        label: 'a 1 x 1 grid', want: 'ok',
        make: (L) => {
          const g = new L.root.Grid(1, 1);
          const args = slots.map((s) => (s === 'space' ? g : s === 'start' || s === 'goal' ? 0 : s === 'h' ? L.root.octile(g) : s === 'priority' ? L.root.ASTAR : s === 'eps' ? 2 : {}));
          return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: (r) => same((r as SearchResult).path, [0]) };
        },
      },
      {
        label: 'a space that lists a NaN cost', want: 'error',
        make: (L) => {
          const sp = { size: 3, maxDegree: 1, successors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n >= 2) return 0; nodes[0] = n + 1; costs[0] = n === 0 ? Number.NaN : 1; return 1; } };
          const args = slots.map((s) => (s === 'space' ? sp : s === 'start' ? 0 : s === 'goal' ? 2 : s === 'h' ? () => 0 : s === 'priority' ? L.root.ASTAR : s === 'eps' ? 2 : {}));
          return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: (r) => nanFree(r as SearchResult) };
        },
        names: ['cost'],
      },
      {
        label: 'a space with a negative cycle and an unreachable goal (relaxing it never ends)', want: 'error',
        make: (L) => {
          // 0 <-> 1 at cost -1, 2 alone: relaxing the cycle would never end.
          const sp = { size: 3, maxDegree: 1, successors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n >= 2) return 0; nodes[0] = 1 - n; costs[0] = -1; return 1; } };
          const args = slots.map((s) => (s === 'space' ? sp : s === 'start' ? 0 : s === 'goal' ? 2 : s === 'h' ? () => 0 : s === 'priority' ? L.root.ASTAR : s === 'eps' ? 2 : {}));
          return { args, call: (...a) => apply(L.root[name as 'astar'], a), check: (r) => ((r as SearchResult).status === 'unreachable' ? undefined : `status ${(r as SearchResult).status}`) };
        },
        names: ['cost'],
      },
    ],
  };
}

function nanFree(r: SearchResult): string | undefined {
  if (Number.isNaN(r.cost)) return `cost NaN (status ${r.status})`;
  return r.status === 'found' || r.status === 'unreachable' ? undefined : `status ${r.status}`;
}

// --- Searcher -----------------------------------------------------------------------------------

function searcherBase(L: Lib): Base & { s: Searcher; g: Grid; before: SearchResult } {
  const g = grid(L);
  const s = new L.root.Searcher(g);
  s.search(START, GOAL, { heuristic: L.root.octile(g) });
  const before = s.result();
  const base = {
    s, g, before, size: g.size, blocked: BLOCKED,
    args: [START, GOAL, { heuristic: L.root.octile(g) }] as unknown[],
    call: (...a: unknown[]) => { const status = (s.search as AnyFn)(...a); return { ...s.result(), returned: status }; },
    check: (r: unknown, a: unknown[]) => {
      const res = r as SearchResult & { returned: unknown };
      if (res.returned !== res.status) return `search returned ${String(res.returned)} but status is ${res.status}`;
      const o = (a[2] ?? {}) as { priority?: { kind: string; eps?: number }; reopen?: boolean };
      const optimal = !o.priority || o.priority.kind === 'cost-to-come' || (o.priority.kind === 'sum' && o.priority.eps! <= 1);
      return checkAnswer(g, a[0] as number, a[1] as number, res, { optimal });
    },
    after: () => {
      // A refused query leaves the last answer readable (or none, when h broke mid-run), and the next query works.
      const now = s.result();
      if (!(now.status === 'unreachable' && now.path === null) && same([now.status, now.cost, now.path], [before.status, before.cost, before.path])) {
        return `a refused query changed the last answer: ${same([now.status, now.cost, now.path], [before.status, before.cost, before.path])}`;
      }
      return base.check(base.call(...base.args), base.args);
    },
  };
  return base;
}

// --- the specs ------------------------------------------------------------------------------------

export function coreSpecs(): Spec[] {
  const specs: Spec[] = [];

  specs.push({
    target: 'bestfirst:InputError',
    extra: [
      ...['a message', '', 'two\nlines'].map((m) => ({
        label: `new InputError(${JSON.stringify(m)})`, want: 'ok' as const,
        make: (L: Lib) => ({ args: [m], call: (...a: unknown[]) => construct(L.root.InputError, a), check: (r: unknown) => {
          const e = r as Error;
          return e instanceof RangeError && e.name === 'InputError' && e.message === m ? undefined : `got ${e.name}: ${e.message}`;
        } }),
      })),
      { label: 'new InputError(undefined)', want: 'ok', make: (L) => ({ args: [undefined], call: (...a) => construct(L.root.InputError, a), check: (r) => ((r as Error).name === 'InputError' ? undefined : 'wrong name') }) },
    ],
  });

  // pathCost(space, path)
  specs.push({
    target: 'bestfirst:pathCost',
    paramNames: ['space', 'path'],
    make: (L) => { const g = grid(L); return { args: [g, [0, 5, 10, 11, 12]], call: (...a) => apply(L.root.pathCost, a), check: (r, a) => same(r, a[1] === undefined ? 4 : (a[1] as number[]).length < 2 ? 0 : 4), size: 15 }; },
    params: [
      notSpaces(),
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('0,5', "'0,5'"), fresh(() => ({}), '{}'), fresh(() => new Set([0, 5]), 'a Set'),
          fresh(() => new Int32Array([0, 5]), 'an Int32Array')], ['path']),
        ...named([fresh(() => [0, -1], '[0, -1]'), fresh(() => [0, 1.5], '[0, 1.5]'), fresh(() => [0, '5'], "[0, '5']"), fresh(() => [0, 15], '[0, 15]'), fresh(() => [0, null], '[0, null]'),
          fresh(() => [0, Number.NaN], '[0, NaN]')], ['path['], /\d+\.\.\d+/),
        fresh(() => [0, 12], '[0, 12] (not neighbours)', 'error', { names: ['step', 'arc'] }),
        fresh(() => [0, 6], '[0, 6] (into a blocked cell)', 'error', { names: ['step', 'arc'] }),
        fresh(() => [], '[]', 'ok'), fresh(() => [3], '[3]', 'ok'),
      ],
    ],
  });

  // Graph
  const edgeNames = ['edge', 'edges'];
  specs.push({
    target: 'bestfirst:Graph',
    paramNames: ['size', 'edges', 'options'],
    make: (L) => ({ args: [5, EDGES, { directed: true }], call: (...a) => construct(L.root.Graph, a), check: (r, a) => same((r as { arcCount: number }).arcCount, (a[2] as { directed?: boolean } | undefined)?.directed ? 4 : 8) }),
    params: [
      [...named([...notNumbers(), ...[Number.NaN, -1, 1.5, Infinity, -Infinity, 2 ** 25 + 1, 2 ** 31, 1e9].map((x) => v(x, String(x)))], ['size'], /non-negative integer|at most/),
        v(4, '4 (the edges name nodes 0..3)', 'ok'), v(1000, '1000', 'ok')],
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('abc', "'abc'"), fresh(() => ({}), '{}'), v(() => EDGES, 'a function')], ['edges']),
        ...named([fresh(() => [[0, 1]], '[[0, 1]]'), fresh(() => [[0, 1, 1, 1]], '[[0, 1, 1, 1]]'), fresh(() => [null], '[null]'), fresh(() => [5], '[5]'), fresh(() => ['012'], "['012']"),
          fresh(() => [{ 0: 0, 1: 1, 2: 1, length: 3 }], 'an array-like edge')], edgeNames, /triple|\[from, to, cost\]/),
        ...named([fresh(() => [[0, 1, Number.NaN]], 'cost NaN'), fresh(() => [[0, 1, -1]], 'cost -1'), fresh(() => [[0, 1, Infinity]], 'cost Infinity'), fresh(() => [[0, 1, '1']], "cost '1'"),
          fresh(() => [[0, 1, null]], 'cost null'), fresh(() => [[0, 1, 1n]], 'cost 1n'), fresh(() => [[0, 1, undefined]], 'cost undefined')], ['cost'], />= ?0/),
        ...named([fresh(() => [[0, 5, 1]], 'to 5'), fresh(() => [[-1, 0, 1]], 'from -1'), fresh(() => [[0.5, 1, 1]], 'from 0.5'), fresh(() => [['0', 1, 1]], "from '0'"),
          fresh(() => [[0, Number.NaN, 1]], 'to NaN'), fresh(() => [[SYM, 0, 1]], 'from a symbol')], ['from', 'to', 'edge'], /0\.\.4/),
        fresh(() => [], '[]', 'ok', { check: (r) => same((r as { arcCount: number }).arcCount, 0) }),
        fresh(() => new Set([[0, 1, 1]]), 'a Set of edges', 'ok', { check: (r) => same((r as { arcCount: number }).arcCount, 1) }),
        fresh(() => (function* () { yield [0, 1, 1]; yield [1, 2, 0]; })(), 'a generator', 'ok', { check: (r) => same((r as { arcCount: number }).arcCount, 2) }),
        fresh(() => [[0, 1, -0], [0, 0, 1], [0, 1, 1e300]], 'cost -0, a self loop, parallel arcs', 'ok', { check: (r) => same((r as { arcCount: number }).arcCount, 3) }),
        // The same edges as three typed arrays (EdgeArrays), for graphs too large for triples.
        fresh(() => ({ from: Int32Array.of(0, 1), to: Int32Array.of(1, 2), cost: Float64Array.of(1, 0) }), 'EdgeArrays of 2 edges', 'ok', { check: (r) => same((r as { arcCount: number }).arcCount, 2) }),
        ...named([fresh(() => ({ from: [0], to: [1], cost: [1] }), 'EdgeArrays of plain arrays'), fresh(() => ({ from: Int32Array.of(0, 1), to: Int32Array.of(1), cost: Float64Array.of(1) }), 'EdgeArrays of two lengths'),
          fresh(() => ({ from: Int32Array.of(0), to: Int32Array.of(1) }), 'EdgeArrays without cost')], ['edges', 'Int32Array', 'Float64Array']),
        ...named([fresh(() => ({ from: Int32Array.of(0), to: Int32Array.of(5), cost: Float64Array.of(1) }), 'EdgeArrays with to 5'), fresh(() => ({ from: Int32Array.of(-1), to: Int32Array.of(0), cost: Float64Array.of(1) }), 'EdgeArrays with from -1')], ['from', 'to', 'edge'], /0\.\.4/),
        ...named([fresh(() => ({ from: Int32Array.of(0), to: Int32Array.of(1), cost: Float64Array.of(-1) }), 'EdgeArrays with cost -1'), fresh(() => ({ from: Int32Array.of(0), to: Int32Array.of(1), cost: Float64Array.of(Number.NaN) }), 'EdgeArrays with cost NaN')], ['cost'], />= ?0|finite|number/),
      ],
      options('Graph', { directed: bool('directed') }),
    ],
    extra: [{ label: 'new Graph(0, [])', want: 'ok', make: (L) => ({ args: [0, []], call: (...a) => construct(L.root.Graph, a), check: (r) => same((r as { size: number }).size, 0) }) }],
  });

  specs.push({
    target: 'bestfirst:straightLine',
    paramNames: ['space', 'coords'],
    // The graph's nodes on a line, 1 apart: arc 0 -> 1 costs 1 per unit, the cheapest; h(0, 3) = 3 times a hair under 1.
    make: (L) => ({ args: [graph(L), { x: [0, 1, 2, 3, 4], y: [0, 0, 0, 0, 0] }], call: (...a) => apply(L.root.straightLine, a), check: (r) => {
      const s = r as { ratio: number; h: (n: number, g: number) => number };
      return same(s.ratio, 1) ?? (near(s.h(0, 3), 3) && s.h(0, 3) <= 3 ? undefined : `h(0, 3) is ${s.h(0, 3)}`);
    } }),
    params: [
      [...notSpaces(), ...named([fresh(() => ({ size: 5, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = -1; return 1; } }), 'a space with a cost -1'),
        fresh(() => ({ size: 5, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = NaN; return 1; } }), 'a space with a cost NaN')], ['cost'], />= ?0/),
        fresh(() => ({ size: 5, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 9; costs[0] = 1; return 1; } }), 'a successor outside', 'error', { names: ['successor'] })],
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ x: [0, 1, 2, 3, 4] }), '{ x } without y')], ['coords']),
        ...named([fresh(() => ({ x: [0, 1], y: [0, 0] }), 'two points for five nodes'), fresh(() => ({ x: [0, 1, 2, 3, NaN], y: [0, 0, 0, 0, 0] }), 'x NaN'),
          fresh(() => ({ x: [0, 1, 2, 3, 4], y: [0, 0, 0, 0, '0'] }), "y '0'")], ['coords.']),
        fresh(() => ({ x: new Float64Array([0, 1, 2, 3, 4]), y: new Int32Array(5) }), 'typed arrays', 'ok'),
        fresh(() => ({ x: [0, 0, 0, 0, 0], y: [0, 0, 0, 0, 0] }), 'every node at one point (ratio 0)', 'ok', { check: (r) => same((r as { ratio: number }).ratio, 0) })],
    ],
  });

  specs.push({
    target: 'bestfirst:Graph.fromEdges',
    paramNames: ['edges', 'options'],
    make: (L) => ({ args: [[['a', 'b', 2], ['b', 'c']], {}], call: (...a) => apply(L.root.Graph.fromEdges, a), check: (r, a) => {
      const nodes = (a[1] as { nodes?: Iterable<string> } | undefined)?.nodes;
      return same((r as { keys: unknown[] }).keys, [...new Set([...(nodes ?? []), 'a', 'b', 'c'])]);
    } }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}')], ['edges']),
        ...named([fresh(() => [['a']], "[['a']]"), fresh(() => [['a', 'b', 1, 1]], 'four fields'), fresh(() => [null], '[null]'), fresh(() => ['ab'], "['ab']")], edgeNames, /\[from, to\]/),
        ...named([fresh(() => [['a', 'b', Number.NaN]], 'cost NaN'), fresh(() => [['a', 'b', -1]], 'cost -1'), fresh(() => [['a', 'b', '2']], "cost '2'"), fresh(() => [['a', 'b', undefined]], 'cost undefined')], ['cost'], />= ?0/),
        fresh(() => [], '[]', 'ok', { check: (r) => same((r as { keys: unknown[] }).keys, []) }),
        fresh(() => [[1, '1']], "[[1, '1']]: two keys", 'ok', { check: (r) => same((r as { keys: unknown[] }).keys.length, 2) }),
        fresh(() => [[Number.NaN, Number.NaN]], 'NaN keys', 'ok', { check: (r) => same((r as { keys: unknown[] }).keys.length, 1) }),
      ],
      options('Graph.fromEdges', {
        directed: bool('directed'),
        nodes: [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(true, 'true')], ['nodes']),
          fresh(() => ['z'], "['z']", 'ok', { check: (r) => same((r as { keys: unknown[] }).keys, ['z', 'a', 'b', 'c']) }), fresh(() => new Set(['b']), "a Set ['b']", 'ok'), v('zy', "'zy' (a string of keys)", 'either')],
      }),
    ],
  });

  const keyed = (L: Lib) => L.root.Graph.fromEdges([['a', 'b', 2], ['b', 'c']]);
  specs.push({
    target: 'bestfirst:Graph.fromEdges#id',
    paramNames: ['key'],
    make: (L) => { const k = keyed(L); return { args: ['b'], call: (...a) => apply(k.id, a), check: (r, a) => same(r, ['a', 'b', 'c'].indexOf(a[0] as string)) }; },
    params: [[...named([v('z', "'z'"), v(undefined, 'undefined'), v(null, 'null'), v(0, '0'), v(SYM, 'a symbol'), fresh(() => ({}), '{}'), v('A', "'A'")], ['key']), v('a', "'a'", 'ok'), v('c', "'c'", 'ok')]],
  });
  specs.push({
    target: 'bestfirst:Graph.fromEdges#key',
    paramNames: ['n'],
    make: (L) => { const k = keyed(L); return { args: [1], call: (...a) => apply(k.key, a), check: (r, a) => same(r, ['a', 'b', 'c'][a[0] as number]), size: 3 }; },
    params: [ids('n', { names: ['node'] })],
  });
  specs.push({
    target: 'bestfirst:Graph.fromEdges#path',
    paramNames: ['ids'],
    make: (L) => { const k = keyed(L); return { args: [[0, 1, 2]], call: (...a) => apply(k.path, a), check: (r, a) => (a[0] === null ? same(r, null) : same(r, (a[0] as number[]).map((n) => ['a', 'b', 'c'][n]))) }; },
    params: [[
      ...named([v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}'), v(true, 'true'), fresh(() => new Set([0]), 'a Set'), v(undefined, 'undefined')], ['ids', 'path']),
      ...named([fresh(() => [3], '[3]'), fresh(() => [-1], '[-1]'), fresh(() => ['a'], "['a']"), fresh(() => [0.5], '[0.5]')], ['node'], /0\.\.2/),
      v(null, 'null', 'ok'), fresh(() => [], '[]', 'ok'),
    ]],
  });
  specs.push({
    target: 'bestfirst:Graph.fromEdges#has',
    extra: [undefined, null, 'a', 'z', SYM, 0].map((k) => ({
      label: `has(${typeof k === 'symbol' ? 'a symbol' : JSON.stringify(k) ?? 'undefined'})`, want: 'ok' as const,
      make: (L: Lib) => { const kg = keyed(L); return { args: [k], call: (...a: unknown[]) => apply(kg.has, a), check: (r: unknown) => same(r, k === 'a') }; },
    })),
  });

  specs.push(...gridSpecs());
  specs.push(...heuristicSpecs());

  // findPath(grid, from, to, options)
  const xy = (p: unknown, w: number) => (typeof p === 'number' ? p : (p as number[])[1] * w + (p as number[])[0]);
  specs.push({
    target: 'bestfirst:findPath',
    paramNames: ['grid', 'from', 'to', 'options'],
    make: (L) => {
      const g = grid(L);
      return {
        args: [g, [0, 0], [2, 2], {}], call: (...a) => apply(L.root.findPath, a),
        check: (r, a) => {
          const res = r as { status: string; path: number[] | null; points: number[][] | null; cost: number };
          const gg = a[0] as Grid;
          // Without a path both are null, as every search's path is; with one they name the same cells.
          if (res.status !== 'found') {
            if (res.path !== null || res.points !== null) return `status ${res.status} with path ${JSON.stringify(res.path)} and points ${JSON.stringify(res.points)}, not null`;
          } else if (!Array.isArray(res.path) || !Array.isArray(res.points) || res.path.length !== res.points.length
            || res.path.some((n, i) => res.points![i][0] !== n % gg.width || res.points![i][1] !== Math.floor(n / gg.width))) {
            return 'points and path disagree';
          }
          const eps = ((a[3] ?? {}) as { eps?: number }).eps ?? 1;
          return checkAnswer(gg, xy(a[1], gg.width), xy(a[2], gg.width), { status: res.status, cost: res.cost, path: res.path }, { optimal: eps <= 1 });
        },
      };
    },
    params: [
      [...notGrids(), dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid that enters blocked cells at cost 10', 'ok'),
        dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok')],
      findPathPoints('start'),
      findPathPoints('goal'),
      options('findPath', {
        algorithm: oneOf('algorithm', ['astar', 'dijkstra', 'jps']),
        eps: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[0.5, 0, -1, Number.NaN, Infinity].map((x) => v(x, String(x)))], ['eps'], />= ?1/),
          v(1, '1', 'ok'), v(2, '2', 'ok'), v(undefined, 'undefined', 'ok')],
        limits: limitsOf(),
        partial: bool('partial'),
      }),
    ],
    extra: [
      { label: 'eps 2 with dijkstra', want: 'error', names: ['eps'], make: (L) => ({ args: [grid(L), 0, 12, { algorithm: 'dijkstra', eps: 2 }], call: (...a) => apply(L.root.findPath, a) }) },
      { label: 'jps on a 4-connected grid', want: 'error', names: ['8-connected', 'connect'], make: (L) => ({ args: [grid(L, { connectivity: 4 }), 0, 12, { algorithm: 'jps' }], call: (...a) => apply(L.root.findPath, a) }) },
      { label: 'partial with jps', want: 'error', names: ['partial'], make: (L) => ({ args: [grid(L), 0, 12, { algorithm: 'jps', partial: true }], call: (...a) => apply(L.root.findPath, a) }) },
      { label: 'partial into the pocket: the nearest reached cell', want: 'ok', make: (L) => ({ args: [grid(L), [0, 0], [4, 0], { partial: true }], call: (...a) => apply(L.root.findPath, a),
        check: (r) => same([(r as { status: string }).status, (r as { partial: boolean }).partial], ['unreachable', true]) }) },
      { label: 'a 1 x 1 grid, from === to', want: 'ok', make: (L) => ({ args: [new L.root.Grid(1, 1), [0, 0], [0, 0]], call: (...a) => apply(L.root.findPath, a), check: (r) => same((r as { points: unknown }).points, [[0, 0]]) }) },
    ],
  });

  // The one-shot engine functions.
  specs.push(oneShot('bestFirst', ['space', 'start', 'goal', 'h', 'priority', 'options'], true));
  specs.push(oneShot('bfs', ['space', 'start', 'goal', 'options'], false));
  specs.push(oneShot('dijkstra', ['space', 'start', 'goal', 'options'], true));
  specs.push(oneShot('greedy', ['space', 'start', 'goal', 'h', 'options'], false));
  specs.push(oneShot('astar', ['space', 'start', 'goal', 'h', 'options'], true));
  specs.push(oneShot('weightedAstar', ['space', 'start', 'goal', 'h', 'eps', 'options'], false));
  specs.push(...depthFirstSpecs());

  // sum(eps)
  specs.push({
    target: 'bestfirst:sum',
    paramNames: ['eps'],
    make: (L) => ({ args: [2], call: (...a) => apply(L.root.sum, a), check: (r, a) => same(r, { kind: 'sum', eps: a[0] }) }),
    params: [[...named([...notNumbers(), ...[Number.NaN, -1, Infinity, -Infinity, -1e-9].map((x) => v(x, String(x)))], ['eps'], />= ?0/),
      v(0, '0', 'ok'), v(1, '1', 'ok'), v(1e9, '1e9', 'ok')]],
  });

  // Searcher
  specs.push({
    target: 'bestfirst:Searcher',
    paramNames: ['space', 'options'],
    make: (L) => { const g = grid(L); return { args: [g, {}], call: (...a) => construct(L.root.Searcher, a), check: (r) => ((r as Searcher).search(START, GOAL) === 'found' ? undefined : 'the new searcher finds no path') }; },
    params: [
      [...notSpaces(), ...otherSpaces(true).map((x) => ({ ...x, check: undefined }))],
      options('Searcher', { capacity: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[0, -1, 1.5, Number.NaN, Infinity, 2 ** 31, 1e10].map((x) => v(x, String(x)))], ['capacity'], /\d+\.\.\d+/),
        v(1, '1', 'ok'), v(1000, '1000', 'ok'), v(undefined, 'undefined', 'ok')] }),
    ],
  });
  specs.push({
    target: 'bestfirst:Searcher#search',
    paramNames: ['start', 'goal', 'options'],
    make: searcherBase,
    // The base check reads the priority from the options: no value-level checks here (they expect the one-shot arguments).
    params: [endpoints('start'), endpoints('goal'), searchOptions('search', { priority: true, heuristic: true }).map((x) => ({ ...x, check: undefined, poisons: false }))],
  });
  specs.push({
    target: 'bestfirst:Searcher#pathInto',
    paramNames: ['out'],
    make: (L) => {
      const b = searcherBase(L);
      return { args: [new Int32Array(15)], call: (out) => { const n = b.s.pathInto(out as Int32Array); return Array.from(out as ArrayLike<number>).slice(0, n); }, check: (r) => same(r, b.s.path()) };
    },
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('abcdefghijklmno', 'a string of 15'), v(true, 'true'), v(SYM, 'a symbol')], ['out']),
      fresh(() => new Int32Array(2), 'an Int32Array too short', 'error', { names: ['buffer', 'out'] }),
      fresh(() => [], '[]', 'either', { names: ['out', 'buffer'] }), fresh(() => new Float64Array(15), 'a Float64Array', 'either'), fresh(() => ({ length: 15 }), '{ length: 15 }', 'either'),
      fresh(() => new Int32Array(5), 'an Int32Array of exactly the path', 'ok'),
    ]],
  });
  for (const m of ['result', 'path'] as const) {
    specs.push({
      target: `bestfirst:Searcher#${m}`,
      extra: [
        { label: 'after a found query, with junk arguments', want: 'ok', make: (L) => { const b = searcherBase(L); return { args: [5, SYM], call: (...a) => apply(b.s[m].bind(b.s), a), check: (r) => (m === 'path' ? same(r, b.before.path) : same((r as SearchResult).cost, 4)) }; } },
        { label: 'before any query', want: 'ok', make: (L) => { const s = new L.root.Searcher(grid(L)); return { args: [], call: () => s[m](), check: (r) => (m === 'path' ? same(r, null) : same((r as SearchResult).status, 'unreachable')) }; } },
      ],
    });
  }
  specs.push({
    target: 'bestfirst:Searcher#gOf',
    paramNames: ['n'],
    make: (L) => { const b = searcherBase(L); return { args: [5], call: (n) => b.s.gOf(n as number), check: (r, a) => same(r, ({ 0: 0, 5: 1 } as Record<number, number>)[a[0] as number] ?? r), size: 15 }; },
    params: [ids('n', { names: ['gOf', 'n', 'node'], legit: [v(POCKET, 'a cell never reached', 'ok', { check: (r) => same(r, Infinity) })] })],
  });

  specs.push(...keyedSpecs());
  specs.push(...gridSearcherSpecs());
  specs.push(...subgoal4Specs());
  specs.push(...subgoal8Specs('SubgoalSearcher8'));
  specs.push(...subgoal8Specs('PreprocessedSearcher8'));
  specs.push(...anyAngleSpecs());
  specs.push(...twoEndedSpecs());
  specs.push(...slicedSpecs(specs));
  return specs;
}

// --- sliced queries: begin, advance, cancel ---------------------------------------------------------

/** What a searcher of the PathSearcher contract offers for a query in slices. */
interface Sliced {
  search(start: number, goal: number, options?: object): string;
  begin(start: number, goal: number, options?: object): void;
  advance(slice?: object): string;
  cancel(): void;
  readonly status: string;
  readonly reason: string | null;
}

/**
 * The rows of every searcher's sliced query, made from its `#search` rows:
 * `begin` takes what `search` takes, refuses what it refuses, and `begin`
 * then `advance` in slices of 3 expansions answer what `search` answers (the
 * base's own check, on the same arguments); `advance` refuses a bad slice and
 * leaves the query to finish; `cancel` ends a running query as stopped,
 * reason aborted, and the next query is answered as usual.
 */
function slicedSpecs(all: readonly Spec[]): Spec[] {
  const out: Spec[] = [];
  for (const spec of all) {
    if (!spec.target.endsWith('#search') || spec.make === undefined) continue;
    const make = spec.make, cls = spec.target.slice(0, -'#search'.length);
    const sliced = (L: Lib) => {
      const b = make(L) as Base & { s: Sliced };
      const s = b.s;
      // The base's call reads s.search at call time: answered here by begin, then slices.
      const inSlices = (start: number, goal: number, options?: object) => {
        s.begin(start, goal, options);
        for (let guard = 0; guard < 1e6; guard++) { const st = s.advance({ maxExpansions: 3 }); if (st !== 'running') return st; }
        return 'still running after a million slices';
      };
      return { b, s, inSlices };
    };
    out.push({
      target: `${cls}#begin`,
      paramNames: spec.paramNames,
      params: spec.params,
      make: (L) => {
        const { b, s, inSlices } = sliced(L);
        const call = (...a: unknown[]) => {
          Object.defineProperty(s, 'search', { value: inSlices, configurable: true, writable: true });
          try { return b.call(...a); } finally { delete (s as unknown as Record<string, unknown>).search; }
        };
        return { ...b, call };
      },
    });
    const slice = options('advance', { maxExpansions: count('maxExpansions'), maxMillis: count('maxMillis') });
    out.push({
      target: `${cls}#advance`,
      paramNames: ['slice'],
      params: [slice],
      make: (L) => {
        const { b, s } = sliced(L);
        const [start, goal, opts] = b.args as [number, number, object | undefined];
        // One slice as given, then the rest in one: the answer is the search's.
        const call = (cut: unknown) => {
          s.begin(start, goal, opts);
          const first = s.advance(cut as object);
          if (first !== 'running' && first !== s.status) return `advance returned ${first}, status ${s.status}`;
          return b.call(start, goal, opts);
        };
        return { args: [{}], call, check: (r) => (typeof r === 'string' ? r : b.check?.(r, b.args)), size: b.size, after: () => b.check?.(b.call(...b.args), b.args) };
      },
      extra: [{
        label: 'without a running query: the last status, nothing run', want: 'ok',
        make: (L) => {
          const { b, s } = sliced(L);
          const before = s.status;
          return { args: [], call: () => s.advance(), check: (r) => same(r, before) ?? undefined, size: b.size };
        },
      }],
    });
    out.push({
      target: `${cls}#cancel`,
      extra: [{
        label: 'a running query ends stopped, reason aborted; the next is answered as usual (junk arguments ignored)', want: 'ok',
        make: (L) => {
          const { b, s } = sliced(L);
          const [start, goal, opts] = b.args as [number, number, object | undefined];
          return {
            args: [SYM, 5],
            call: (...junk: unknown[]) => {
              s.begin(start, goal, opts);
              s.advance({ maxExpansions: 1 });
              apply(s.cancel.bind(s) as AnyFn, junk);
              return [s.status, s.reason];
            },
            check: (r) => {
              const [status, reason] = r as [string, string | null];
              // A query decided without expanding (start and goal in sight of each other) has ended before cancel.
              if (status !== 'stopped' && status !== 'found' && status !== 'unreachable') return `status ${status} after cancel`;
              if (status === 'stopped' && reason !== 'aborted') return `reason ${reason} after cancel`;
              return b.check?.(b.call(...b.args), b.args);
            },
            size: b.size,
          };
        },
      }],
    });
  }
  return out;
}

// --- dfs, iddfs -------------------------------------------------------------------------------------

function depthFirstSpecs(): Spec[] {
  return (['dfs', 'iddfs'] as const).map((name) => ({
    target: targetOf(name),
    paramNames: ['space', 'start', 'goal', 'options'],
    make: (L: Lib) => {
      const g = grid(L);
      return { args: [g, START, GOAL, {}], call: (...a: unknown[]) => apply(pub(L)[name], a), check: searchCheck(false), size: g.size, blocked: BLOCKED };
    },
    params: [
      [...notSpaces(), ...otherSpaces(false)],
      endpoints('start'),
      endpoints('goal'),
      options(name, { depthLimit: count('depthLimit'), limits: limitsOf() }),
    ],
  }));
}

// --- Grid --------------------------------------------------------------------------------------------

/**
 * `size`: the cells of the grid the options go to; `wall`: one of its blocked cells, where a lethal weight changes nothing.
 * `view`: the options of `Grid.view`, which keeps its layers as they are: weights only as a Float64Array of finite
 * numbers, areas only as a Uint8Array (a plain array, fine for `new Grid`, is refused there).
 */
function gridOptions(where: string, size = 4, wall = 1, view = false): V[] {
  const all = (x: unknown, at = -1, y: unknown = x) => Array.from({ length: size }, (_, i) => (i === at ? y : x));
  const f64 = (x: number, at = -1, y = x) => Float64Array.from(all(x, at, y) as number[]);
  return options(where, {
    weights: [
      ...named([v('heavy', "'heavy'"), v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => [1], '[1] (too short)'), fresh(() => all(1).concat([1]), 'one too many')], ['weights']),
      ...(view
        ? [...named([fresh(() => all(2), 'all 2 (an array)'), fresh(() => new Float32Array(size).fill(2), 'a Float32Array of 2')], ['weights'], /Float64Array/),
          ...named([fresh(() => f64(1, 1, 0), 'a 0'), fresh(() => f64(1, 0, -2), 'a -2'), fresh(() => f64(1, 2, Number.NaN), 'a NaN'), fresh(() => f64(1, 3, -Infinity), 'a -Infinity')], ['weights['], /> 0/),
          fresh(() => f64(3, wall, Infinity), 'an Infinity (lethal) on a wall', 'error', { names: ['weights[', 'Infinity'], allowed: /block it in cells/ }),
          fresh(() => f64(2), 'a Float64Array of 2', 'ok')]
        : [...named([fresh(() => all(1, 1, 0), 'a 0'), fresh(() => all(1, 0, -2), 'a -2'), fresh(() => all(1, 2, Number.NaN), 'a NaN'), fresh(() => all(1, 0, '2'), "a '2'"), fresh(() => all(1, 1, null), 'a null'),
          fresh(() => all(1, 3, -Infinity), 'a -Infinity')], ['weights['], /> 0/),
        fresh(() => all(2), 'all 2', 'ok'), fresh(() => all(3, wall, Infinity), 'an Infinity (lethal) on a wall', 'ok')]),
      fresh(() => f64(0.5), 'a Float64Array of 0.5', 'ok'),
      v(undefined, 'undefined', 'ok'),
    ],
    weightFloor: positive('weightFloor', { optional: true, legit: [1, 0.5, 1e-6] }),
    areas: [
      ...named([v('mud', "'mud'"), v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => [1], '[1] (too short)')], ['areas']),
      ...(view
        ? named([fresh(() => all(7), 'all 7 (an array)'), fresh(() => new Int8Array(size), 'an Int8Array')], ['areas'], /Uint8Array/)
        : [...named([fresh(() => all(0, 1, 256), 'a 256'), fresh(() => all(0, 0, -1), 'a -1'), fresh(() => all(0, 2, 1.5), 'a 1.5'), fresh(() => all(0, 1, '1'), "a '1'"), fresh(() => all(0, 1, Number.NaN), 'a NaN')], ['areas['], /0 to 255/),
          fresh(() => all(7), 'all 7', 'ok')]),
      fresh(() => new Uint8Array(size).fill(255), 'a Uint8Array of 255', 'ok'), v(undefined, 'undefined', 'ok'),
    ],
    connectivity: [...named([v(6, '6'), v('8', "'8'"), v(null, 'null'), v(0, '0'), v(Number.NaN, 'NaN'), v(true, 'true'), fresh(() => [8], '[8]'), v(8.5, '8.5')], ['connectivity'], /4 or 8/),
      v(4, '4', 'ok'), v(8, '8', 'ok'), v(undefined, 'undefined', 'ok')],
    diagonalRule: oneOf('diagonalRule', ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked']),
    diagonalCost: positive('diagonalCost', { optional: true, legit: [1, 1.4, 0.5, 2, 3, 1e9] }),
    cellSize: positive('cellSize', { optional: true, legit: [1, 0.5, 2, 1e-6] }),
    blocked: [
      ...named([v('keep', "'keep'"), v(null, 'null'), fresh(() => ({}), '{}'), fresh(() => ({ enterCost: -1 }), '{ enterCost: -1 }'), fresh(() => ({ enterCost: Number.NaN }), '{ enterCost: NaN }'),
        fresh(() => ({ enterCost: Infinity }), '{ enterCost: Infinity }'), fresh(() => ({ enterCost: '5' }), "{ enterCost: '5' }"), v(5, '5'), fresh(() => [], '[]'), v(true, 'true'),
        fresh(() => ({ enterCost: 5, extra: 1 }), '{ enterCost: 5, extra: 1 }'), fresh(() => ({ entercost: 5 }), '{ entercost: 5 }')], ['blocked', 'enterCost', 'extra', 'entercost'], /delete|enterCost/),
      v('delete', "'delete'", 'ok'), fresh(() => ({ enterCost: 0 }), '{ enterCost: 0 }', 'ok'), fresh(() => ({ enterCost: 10000 }), '{ enterCost: 10000 }', 'ok'), v(undefined, 'undefined', 'ok'),
    ],
  });
}

function sides(name: string): V[] {
  return [...named([...notNumbers(), ...[0, -1, 1.5, Number.NaN, Infinity, -Infinity, 2 ** 31, 1e10].map((x) => v(x, String(x)))], [name, 'width and height'], />= ?1|2\^31/),
    v(1, '1', 'ok'), v(7, '7', 'ok')];
}

function gridSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst:Grid',
    paramNames: ['width', 'height', 'cells', 'options'],
    make: (L) => ({ args: [2, 2, [0, 1, 0, 0], {}], call: (...a) => construct(L.root.Grid, a), check: (r, a) => same([(r as Grid).width, (r as Grid).height], [a[0], a[1]]) }),
    params: [
      sides('width').map((x) => (x.want === 'ok' ? { ...x, want: 'error' as const, names: ['cells'] } : x)),
      sides('height').map((x) => (x.want === 'ok' ? { ...x, want: 'error' as const, names: ['cells'] } : x)),
      [
        ...named([v(null, 'null'), v(5, '5'), v('0100', "'0100'"), fresh(() => ({}), '{}'), v(true, 'true'), v(SYM, 'a symbol'), v(() => 0, 'a function')], ['cells']),
        ...named([fresh(() => [0, 0, 0], 'three cells'), fresh(() => [0, 0, 0, 0, 0], 'five cells'), fresh(() => new Uint8Array(3), 'a Uint8Array of 3'), fresh(() => ({ length: 1e9 }), '{ length: 1e9 }')], ['cells', 'length'], /4/),
        ...named([fresh(() => [0, Number.NaN, 0, 0], 'a NaN cell'), fresh(() => [0, '1', 0, 0], "a '1' cell"), fresh(() => [0, null, 0, 0], 'a null cell'), fresh(() => [0, {}, 0, 0], 'an object cell'),
          fresh(() => holey([0, 0, 0, 0], 1), 'a hole'), fresh(() => new Float64Array([0, Number.NaN, 0, 0]), 'a Float64Array with NaN'), fresh(() => [0, undefined, 0, 0], 'an undefined cell')], ['cells['], /number|boolean/),
        v(undefined, 'undefined', 'ok', { check: (r) => same((r as Grid).freeCount(), 4) }), fresh(() => [false, true, false, false], 'booleans', 'ok'),
        fresh(() => [0, 2, 0, -1], 'nonzero numbers (blocked)', 'ok', { check: (r) => same((r as Grid).freeCount(), 2) }),
        fresh(() => new Float64Array([0, 0.5, 0, 0]), 'a Float64Array', 'ok'), fresh(() => new Uint8Array(4), 'a Uint8Array', 'ok'),
      ],
      gridOptions('Grid'),
    ],
    extra: [
      { label: 'a 1 x 1 grid', want: 'ok', make: (L) => ({ args: [1, 1], call: (...a) => construct(L.root.Grid, a), check: (r) => same((r as Grid).size, 1) }) },
      { label: '65536 x 65536: more cells than ids', want: 'error', names: ['cells', '65536'], make: (L) => ({ args: [65536, 65536], call: (...a) => construct(L.root.Grid, a) }) },
    ],
  });

  // Grid.view: the caller's arrays kept as they are; every edit of the view refused, and nothing written.
  const viewOf = (L: Lib) => {
    const cells = Uint8Array.from([0, 1, 0, 0]);
    return { cells, gr: L.root.Grid.view(2, 2, cells, { weights: new Float64Array(4).fill(1) }) };
  };
  const refusedEdit = (name: string, edit: (gr: Grid) => unknown): Extra => ({
    label: `${name} on a view`, want: 'error', names: [name, 'read-only'], allowed: /grid\.with/,
    make: (L) => {
      const { cells, gr } = viewOf(L);
      return {
        args: [], call: () => edit(gr),
        after: () => {
          const problem = same([...cells], [0, 1, 0, 0], 'the cells') ?? same([...gr.weights!], [1, 1, 1, 1], 'the weights') ?? same(gr.version, 0, 'the version');
          return problem === undefined ? undefined : `a refused ${name} changed the view: ${problem}`;
        },
      };
    },
  });
  specs.push({
    target: 'bestfirst:Grid.view',
    paramNames: ['width', 'height', 'cells', 'options'],
    make: (L) => ({
      args: [2, 2, Uint8Array.from([0, 1, 0, 0]), {}], call: (...a) => apply(L.root.Grid.view, a),
      check: (r, a) => same([(r as Grid).width, (r as Grid).height, (r as Grid).readOnly, (r as Grid).cells === a[2]], [a[0], a[1], true, true]),
    }),
    params: [
      sides('width').map((x) => (x.want === 'ok' ? { ...x, want: 'error' as const, names: ['cells'] } : x)),
      sides('height').map((x) => (x.want === 'ok' ? { ...x, want: 'error' as const, names: ['cells'] } : x)),
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('0100', "'0100'"), fresh(() => ({}), '{}'), v(true, 'true'), v(SYM, 'a symbol'), v(() => 0, 'a function'),
          fresh(() => [0, 1, 0, 0], 'an array (new Grid copies it; a view cannot keep it)'), fresh(() => new Float64Array(4), 'a Float64Array'), fresh(() => new Int8Array(4), 'an Int8Array'),
          fresh(() => ({ length: 4, 0: 0, 1: 0, 2: 0, 3: 0 }), 'an array-like')], ['cells'], /Uint8Array/),
        ...named([fresh(() => new Uint8Array(3), 'a Uint8Array of 3'), fresh(() => new Uint8Array(5), 'a Uint8Array of 5')], ['cells', 'length'], /4/),
        ...named([fresh(() => Uint8Array.from([0, 2, 0, 0]), 'a 2'), fresh(() => Uint8Array.from([0, 0, 0, 255]), 'a 255')], ['cells['], /0 \(free\) or 1 \(blocked\)/),
        fresh(() => new Uint8Array(4), 'a Uint8Array of zeros', 'ok', { check: (r) => same((r as Grid).freeCount(), 4) }),
        fresh(() => { const c = new Uint8Array(new SharedArrayBuffer(4)); c[3] = 1; return c; }, 'over a SharedArrayBuffer', 'ok', { check: (r) => same((r as Grid).freeCount(), 3) }),
        fresh(() => new Uint8Array(9).subarray(5), 'a subarray at offset 5', 'ok', { check: (r, a) => same((r as Grid).cells.byteOffset, (a[2] as Uint8Array).byteOffset) }),
      ],
      gridOptions('Grid.view', 4, 1, true),
    ],
    extra: [
      refusedEdit('setBlocked', (gr) => gr.setBlocked(0, true)),
      refusedEdit('setWeight', (gr) => gr.setWeight(2, 5)),
      refusedEdit('setWeight', (gr) => gr.setWeight(2, Infinity)),
      refusedEdit('touch', (gr) => gr.touch()),
      refusedEdit('touch', (gr) => gr.touch([0])),
      {
        label: 'with() on a view: an editable copy', want: 'ok',
        make: (L) => {
          const { cells, gr } = viewOf(L);
          return { args: [], call: () => { const c = gr.with({}); c.setBlocked(0, true); return c; }, check: (r) => same([(r as Grid).readOnly, (r as Grid).toAscii(), [...cells]], [false, ['##', '..'], [0, 1, 0, 0]]) };
        },
      },
    ],
  });

  specs.push({
    target: 'bestfirst:Grid.fromAscii',
    paramNames: ['rows', 'options'],
    make: (L) => ({ args: [ROWS, {}], call: (...a) => apply(L.root.Grid.fromAscii, a), check: (r) => same((r as Grid).toAscii(), ROWS) }),
    params: [
      [
        ...named([v(5, '5'), v(null, 'null'), v(undefined, 'undefined'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), fresh(() => new Set(['.']), 'a Set')], ['rows']),
        ...named([fresh(() => [], '[]'), v('', "''"), v('\n \n', 'blank lines')], ['rows'], /no rows/),
        ...named([fresh(() => [''], "['']"), fresh(() => ['..', '.'], "['..', '.']"), fresh(() => ['..x'], "['..x']"), fresh(() => [5], '[5]'), fresh(() => ['.', null], "['.', null]"),
          v('..\n\n..', 'a blank line between rows'), fresh(() => [' ..'], "[' ..']"), fresh(() => ['.\n.'], "['.\\n.']"), v('..\n.', 'rows of 2 and 1'), v('.\u00a0', 'a no-break space'),
          fresh(() => ['..', '..', '.'], 'a short last row')], ['row'], /expected|empty|blank|must/),
        v('.', "'.'", 'ok', { check: (r) => same((r as Grid).size, 1) }), fresh(() => ['#'], "['#']", 'ok', { check: (r) => same((r as Grid).toAscii(), ['#']) }),
        v('\n..\n..\n', 'a template literal', 'ok', { check: (r) => same((r as Grid).toAscii(), ['..', '..']) }),
        v('..\r\n..', 'CRLF', 'ok', { check: (r) => same((r as Grid).toAscii(), ['..', '..']) }),
      ],
      gridOptions('fromAscii', 15, 3),
    ],
  });
  specs.push({
    target: 'bestfirst:Grid.fromMatrix',
    paramNames: ['rows', 'options'],
    make: (L) => ({ args: [[[0, 1], [0, 0]], {}], call: (...a) => apply(L.root.Grid.fromMatrix, a), check: (r) => same((r as Grid).toAscii(), ['.#', '..']) }),
    params: [
      [
        ...named([v(5, '5'), v(null, 'null'), v(undefined, 'undefined'), v('01', "'01'"), fresh(() => ({}), '{}'), fresh(() => [], '[]')], ['rows']),
        ...named([fresh(() => [[]], '[[]]'), fresh(() => [[0], [0, 0]], 'ragged'), fresh(() => [5], '[5]'), fresh(() => [[0], null], '[[0], null]'), fresh(() => ['01'], "['01']")], ['row'], /expected|empty|array/),
        ...named([fresh(() => [[2]], '[[2]]'), fresh(() => [['0']], "[['0']]"), fresh(() => [[Number.NaN]], '[[NaN]]'), fresh(() => [[null]], '[[null]]'), fresh(() => [[-1]], '[[-1]]'), fresh(() => [[0.5]], '[[0.5]]')],
          ['row', 'rows['], /1 or true|0 or false/),
        fresh(() => [[1]], '[[1]]', 'ok', { check: (r) => same((r as Grid).toAscii(), ['#']) }), fresh(() => [[true, false]], 'booleans', 'ok', { check: (r) => same((r as Grid).toAscii(), ['#.']) }),
      ],
      gridOptions('fromMatrix'),
    ],
  });

  const g = (L: Lib) => grid(L);
  const method = (name: string, args: unknown[], params: readonly (readonly V[] | null)[], check: Base['check'], paramNames: string[], after?: (gr: Grid, before: string[], version: number) => string | undefined): Spec => ({
    target: `bestfirst:Grid#${name}`,
    paramNames,
    make: (L) => {
      const gr = g(L);
      const before = gr.toAscii(), version = gr.version;
      return {
        args, call: (...a) => apply((gr as unknown as Record<string, AnyFn>)[name].bind(gr), a), check, size: gr.size, blocked: BLOCKED,
        after: () => {
          // A refused call changes nothing: the same cells, the same version.
          const now = gr.toAscii();
          if (same(now, before) || gr.version !== version) return `a refused ${name} changed the grid: ${now.join('/')} at version ${gr.version}`;
          return after?.(gr, before, version);
        },
      };
    },
    params,
  });
  const coord = (name: string, max: number) => [...named([...notNumbers(), ...[-1, 1.5, Number.NaN, Infinity, max + 1, 2 ** 31].map((x) => v(x, String(x)))], [name, 'outside'], new RegExp(`0\\.\\.${max}`)), v(0, '0', 'ok'), v(max, String(max), 'ok')];
  specs.push(method('id', [2, 1], [coord('x', 4), coord('y', 2)], (r, a) => same(r, (a[1] as number) * 5 + (a[0] as number)), ['x', 'y']));
  const cellIds = (name: string, names: string[], legit: V[] = []) => ids(name, { names, legit: [v(14, '14', 'ok'), ...legit] });
  specs.push(method('x', [7], [cellIds('n', ['n', 'cell', 'x'])], (r, a) => same(r, (a[0] as number) % 5), ['n']));
  specs.push(method('y', [7], [cellIds('n', ['n', 'cell', 'y'])], (r, a) => same(r, Math.floor((a[0] as number) / 5)), ['n']));
  specs.push(method('colRow', [7], [cellIds('n', ['n', 'cell', 'colRow'])], (r, a) => same(r, [(a[0] as number) % 5 + 1, 3 - Math.floor((a[0] as number) / 5)]), ['n']));
  specs.push(method('formatColRow', [7], [cellIds('n', ['n', 'cell', 'formatColRow'])], (r, a) => same(r, `(${(a[0] as number) % 5 + 1},${3 - Math.floor((a[0] as number) / 5)})`), ['n']));
  specs.push(method('formatXY', [7], [cellIds('n', ['n', 'cell', 'formatXY'])], (r, a) => same(r, `(${(a[0] as number) % 5},${Math.floor((a[0] as number) / 5)})`), ['n']));
  specs.push(method('isBlocked', [6], [cellIds('n', ['isBlocked', 'cell'])], (r, a) => same(r, ROWS.join('')[a[0] as number] === '#'), ['n']));
  specs.push(method('idColRow', [1, 3], [
    [...named([...notNumbers(), ...[0, -1, 1.5, Number.NaN, 6].map((x) => v(x, String(x)))], ['col', 'outside'], /1\.\.5/), v(5, '5', 'ok')],
    [...named([...notNumbers(), ...[0, -1, 1.5, Number.NaN, 4].map((x) => v(x, String(x)))], ['row', 'outside'], /1\.\.3/), v(1, '1', 'ok')],
  ], (r, a) => same(r, (3 - (a[1] as number)) * 5 + (a[0] as number) - 1), ['col', 'row']));
  specs.push(method('inside', [1, 1], [
    [...notNumbers(), ...badNumbersFor()].map((x) => ({ ...x, want: 'ok' as const, check: (r: unknown) => same(r, false) })),
    [...notNumbers(), ...badNumbersFor()].map((x) => ({ ...x, want: 'ok' as const, check: (r: unknown) => same(r, false) })),
  ], (r) => same(r, true), ['x', 'y']));
  specs.push(method('points', [[0, 5, 10], 2], [
    [...named([v(null, 'null'), v(5, '5'), v('0510', "'0510'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['path']),
      ...named([fresh(() => [0, -1], '[0, -1]'), fresh(() => [0, 15], '[0, 15]'), fresh(() => [0, '5'], "[0, '5']"), fresh(() => [0, 1.5], '[0, 1.5]')], ['path['], /0\.\.14/),
      fresh(() => new Int32Array([0, 5, 10]), 'an Int32Array', 'ok'), fresh(() => [], '[] (length 2: too long for it)', 'error', { names: ['length'] })],
    [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, 1.5, Number.NaN, 4, Infinity].map((x) => v(x, String(x)))], ['length'], /0\.\.3/),
      v(undefined, 'undefined', 'ok', { check: (r, a) => same(r, (a[0] as number[]).length === 3 ? [[0, 0], [0, 1], [0, 2]] : r) }), v(0, '0', 'ok', { check: (r) => same(r, []) })],
  ], (r) => same(r, [[0, 0], [0, 1]]), ['path', 'length']));
  specs.push(method('setBlocked', [7, true], [
    cellIds('n', ['setBlocked', 'cell']),
    [...named([v(1, '1'), v(0, '0'), v('true', "'true'"), v(null, 'null'), v(undefined, 'undefined'), fresh(() => ({}), '{}'), v(Number.NaN, 'NaN'), v(SYM, 'a symbol')], ['blocked'], /true or false/), v(false, 'false', 'ok')],
  ], undefined, ['n', 'blocked']));
  specs.push(method('weightOf', [7], [cellIds('n', ['weightOf', 'cell'])], (r, a) => same(r, ROWS.join('')[a[0] as number] === '#' ? Infinity : 1), ['n']));
  specs.push(method('setWeight', [7, 2], [
    cellIds('n', ['setWeight', 'cell']),
    [...named([...notNumbers(), v(0, '0'), v(-1, '-1'), v(Number.NaN, 'NaN'), v(-Infinity, '-Infinity')], ['weight'], /> 0/),
      v(0.5, '0.5', 'ok'), v(Infinity, 'Infinity (lethal)', 'ok'), v(1e9, '1e9', 'ok')],
  ], undefined, ['n', 'weight']));
  specs.push(method('touch', [[7]], [[
    ...named([v(null, 'null'), v(5, '5'), v('7', "'7'"), v(true, 'true'), v(SYM, 'a symbol'), fresh(() => ({}), '{}'), fresh(() => ({ length: 1.5 }), '{ length: 1.5 }')], ['cells']),
    ...named([fresh(() => [15], '[15]'), fresh(() => [-1], '[-1]'), fresh(() => [1.5], '[1.5]'), fresh(() => ['0'], "['0']"), fresh(() => [0, Number.NaN], '[0, NaN]'), fresh(() => ({ length: 1e9 }), '{ length: 1e9 }'),
      fresh(() => ({ length: 2 ** 31 }), '{ length: 2**31 }')], ['cells['], /0\.\.14/),
    v(undefined, 'undefined (anything may have changed)', 'ok'), fresh(() => [], '[]', 'ok'), fresh(() => new Int32Array([1, 2]), 'an Int32Array', 'ok'),
    fresh(() => ({ length: -1 }), '{ length: -1 }', 'either'),
  ]], undefined, ['cells']));
  specs.push(method('changesSince', [0], [[...notNumbers(), ...badNumbersFor(), v(1, '1 (a future version)', 'ok')].map((x) => ({ ...x, want: 'ok' as const, check: (r: unknown) => same(r, -1) }))],
    (r) => same(r, 0), ['since']));
  specs.push({
    target: 'bestfirst:Grid#changedCell',
    paramNames: ['version'],
    make: (L) => {
      const gr = grid(L);
      gr.setBlocked(7, true);
      gr.setBlocked(8, false);
      return { args: [2], call: (x) => gr.changedCell(x as number), check: (r, a) => same(r, a[0] === 1 ? 7 : 8), size: 3 };
    },
    params: [[...named([...notNumbers(), ...badNumbersFor(), v(0, '0 (before any change)'), v(3, '3 (a future version)')], ['version', 'changedCell', 'v'], /\d/), v(1, '1', 'ok')]],
    extra: [{ label: 'on a grid never changed', want: 'error', names: ['version', 'changedCell', 'v'], make: (L) => { const gr = grid(L); return { args: [0], call: (x) => gr.changedCell(x as number) }; } }],
  });
  specs.push({
    target: 'bestfirst:Grid#catchUp',
    paramNames: ['since', 'patch', 'reload'],
    make: (L) => {
      const gr = grid(L);
      gr.setBlocked(7, true);
      const seen: unknown[] = [];
      return {
        args: [0, (n: number) => { seen.push(n); }, () => { seen.push('reload'); }],
        call: (...a) => { seen.length = 0; return [apply(gr.catchUp.bind(gr), a), seen.slice()]; },
        check: (r, a) => {
          const [now, calls] = r as [number, unknown[]];
          if (now !== 1) return `returned version ${now}, expected 1`;
          return a[0] === 0 ? same(calls, [7]) : a[0] === 1 ? same(calls, []) : same(calls, ['reload']);
        },
      };
    },
    params: [
      [...notNumbers(), ...badNumbersFor()].map((x) => ({ ...x, want: 'ok' as const })),
      notFunctions('patch'),
      notFunctions('reload'),
    ],
  });
  specs.push(method('checkEndpoint', [0, 'start'], [
    [...ids('n', { blocked: true, names: ['start'] }), v(9, 'the pocket', 'ok')],
    [v(undefined, 'undefined', 'ok'), v(5, '5', 'ok'), v('', "''", 'ok')],
  ], (r) => same(r, undefined), ['n', 'what']));
  specs.push(method('stepCost', [0, 0], [
    cellIds('n', ['n', 'cell', 'stepCost']),
    [...named([...notNumbers(), ...[-1, 1.5, 8, Number.NaN, 2 ** 31].map((x) => v(x, String(x)))], ['k', 'direction', 'stepCost'], /0\.\.7/), v(7, '7', 'ok')],
  ], (r, a) => {
    const n = a[0] as number, k = a[1] as number;
    const DX = [1, 0, -1, 0, 1, -1, -1, 1], DY = [0, 1, 0, -1, 1, 1, -1, -1];
    const x = n % 5 + DX[k], y = Math.floor(n / 5) + DY[k];
    if (x < 0 || y < 0 || x >= 5 || y >= 3) return same(r, -1);
    return typeof r === 'number' && (r === -1 || r === 1 || near(r, Math.SQRT2)) ? undefined : `stepCost ${String(r)}`;
  }, ['n', 'k']));
  specs.push(method('with', [{ connectivity: 4 }], [[...gridOptions('with', 15, 3).filter((x) => x.label !== 'undefined'), v(undefined, 'undefined', 'either')]],
    (r) => same((r as Grid).toAscii(), ROWS), ['options']));
  specs.push(...watchArcsSpecs());
  for (const m of ['options', 'freeCount', 'toAscii']) {
    specs.push({
      target: `bestfirst:Grid#${m}`,
      extra: [{
        label: 'with junk arguments (ignored)', want: 'ok',
        make: (L) => { const gr = grid(L); return { args: [SYM, -1], call: (...a) => apply((gr as unknown as Record<string, AnyFn>)[m].bind(gr), a), check: (r) => (m === 'freeCount' ? same(r, 10) : m === 'toAscii' ? same(r, ROWS) : same((r as { connectivity: number }).connectivity, 8)) }; },
      }],
    });
  }
  return specs;
}

/** Every arc of a space as `from>to` and its cost (the cheapest, with parallel arcs). */
function arcsOf(space: SearchSpace): Map<string, number> {
  const out = new Map<string, number>();
  const nb = new Int32Array(Math.max(1, space.maxDegree)), c = new Float64Array(Math.max(1, space.maxDegree));
  for (let n = 0; n < space.size; n++) {
    const d = space.successors(n, nb, c);
    for (let k = 0; k < d; k++) {
      const key = `${n}>${nb[k]}`;
      if (!(out.get(key)! <= c[k])) out.set(key, c[k]);
    }
  }
  return out;
}

/** The arcs whose cost differs between two snapshots, each as `from>to:oldCost` (Infinity: the arc is new), sorted. */
function arcDiff(before: Map<string, number>, after: Map<string, number>): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key) ?? Infinity, now = after.get(key) ?? Infinity;
    if (was !== now) out.push(`${key}:${was}`);
  }
  return out.sort();
}

/**
 * Grid#watchArcs: the feed's changes against an independent diff of every
 * arc before and after the edits (the successors the grid lists), on the
 * grid models whose arcs an edit changes differently; each change once.
 */
function watchArcsSpecs(): Spec[] {
  type Edit = [label: string, edit: (g: Grid) => void];
  const edits: Edit[] = [
    ['block a free cell', (g) => g.setBlocked(7, true)],
    ['free the blocked cell', (g) => g.setBlocked(BLOCKED, false)],
    ['block a corner cell, then a cell next to it', (g) => { g.setBlocked(14, true); g.setBlocked(13, true); }],
    ['block a cell and free it again (no net change)', (g) => { g.setBlocked(2, true); g.setBlocked(2, false); }],
    ['block an already blocked cell', (g) => g.setBlocked(3, true)],
    ['write cells directly, then touch() (anything may have changed)', (g) => { g.cells[2] = 1; g.cells[6] = 0; g.touch(); }],
    ['write a cell directly, then touch([cell])', (g) => { g.cells[11] = 1; g.touch([11]); }],
  ];
  const models: [string, object][] = [
    ['', {}], [', blocked cells entered at cost 10', { blocked: { enterCost: 10 } }], [', 4-connected', { connectivity: 4 }],
    [", diagonalRule 'at-most-one-blocked'", { diagonalRule: 'at-most-one-blocked' }], [", corners cut, walls free to enter", { diagonalRule: 'always', blocked: { enterCost: 0 } }],
  ];
  const extra: Extra[] = [];
  for (const [what, o] of models) {
    for (const [label, edit] of edits) {
      extra.push({
        label: `${label}${what}`, want: 'ok',
        make: (L) => {
          const g = grid(L, o);
          return {
            args: [SYM, -1],
            call: (...a) => {
              const feed = apply((g.watchArcs as AnyFn).bind(g), a) as ReturnType<Grid['watchArcs']>;
              const before = arcsOf(g);
              edit(g);
              const first = feed.changes().map((ch) => `${ch.from}>${ch.to}:${ch.oldCost}`).sort();
              return { first, diff: arcDiff(before, arcsOf(g)), again: feed.changes().length };
            },
            check: (r) => {
              const { first, diff, again } = r as { first: string[]; diff: string[]; again: number };
              return same(first, diff, 'the feed\'s changes') ?? (again === 0 ? undefined : `a second changes() gave ${again} more`);
            },
          };
        },
      });
    }
  }
  return [{ target: 'bestfirst:Grid#watchArcs', extra }];
}

function badNumbersFor(): V[] {
  return [Number.NaN, Infinity, -Infinity, -1, 1.5, 1e9, 2 ** 31].map((x) => v(x, String(x)));
}

// --- heuristics --------------------------------------------------------------------------------------

function heuristicSpecs(): Spec[] {
  const specs: Spec[] = [];
  // h(0, 12) on the 5 x 3 grid: dx = 2, dy = 2.
  const at012: Record<string, number> = { manhattan: 4, octile: 2 * Math.SQRT2, chebyshev: 2, euclidean: Math.hypot(2, 2) };
  for (const name of ['manhattan', 'octile', 'chebyshev', 'euclidean'] as const) {
    specs.push({
      target: targetOf(name),
      paramNames: name === 'octile' ? ['grid', 'diagonalCost'] : ['grid'],
      make: (L) => ({ args: [grid(L)], call: (...a) => apply(pub(L)[name], a), check: (r, a) => (typeof r === 'function' ? same(near(r(0, 12) as number, name === 'octile' && a[1] !== undefined ? octileAt(a[1] as number) : at012[name]), true) : 'not a function') }),
      params: [
        [...notGrids(), dyn(() => ({ width: 5, height: 3, cellSize: 1, connectivity: 8, diagonalRule: 'always', diagonalCost: Math.SQRT2, enterCost: -1 }), 'a plain object with the fields a heuristic reads', 'either')],
        ...(name === 'octile' ? [[...positive('diagonalCost', { optional: true, legit: [1, 1.4, 0.5, 3], infinityOk: true }).filter((x) => x.label !== 'null'),
          v(null, 'null', 'error', { names: ['diagonalCost'] }), v(Infinity, 'Infinity (no diagonals: Manhattan)', 'ok')]] : []),
      ],
    });
  }
  specs.push({
    target: 'bestfirst:zero',
    extra: [undefined, SYM, -1, 'x', {}].map((x) => ({ label: `zero(${typeof x === 'symbol' ? 'a symbol' : JSON.stringify(x) ?? 'undefined'}, ...)`, want: 'ok' as const, make: (L: Lib) => ({ args: [x, x], call: (...a: unknown[]) => apply(L.root.zero, a), check: (r: unknown) => same(r, 0) }) })),
  });
  // landmarks: h(0, 12) is at least octile's 2 sqrt 2 and at most the cost, 4.
  const counts = [
    ...named([v(0, '0'), v(-1, '-1'), v(2.5, '2.5'), v(65, '65'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity'), v('3', "'3'"), v(null, 'null'), v(SYM, 'a symbol')], ['count'], /1 to 64/),
    ...[1, 3, 64].map((x) => v(x, String(x), 'ok')), v(undefined, 'undefined', 'ok'),
  ];
  specs.push({
    target: 'bestfirst/grid:landmarks',
    paramNames: ['grid', 'options'],
    make: (L) => ({
      args: [grid(L)], call: (...a) => apply(L.grid.landmarks, a),
      check: (r) => {
        if (typeof r !== 'function') return 'not a function';
        const h = (r as (a: number, b: number) => number)(START, GOAL);
        return h >= 2 * Math.SQRT2 - 1e-12 && h <= 4 + 1e-12 ? undefined : `h(start, goal) = ${h}, outside [2 sqrt 2, 4]`;
      },
    }),
    params: [
      [...notGrids()],
      options('landmarks', {
        count: counts,
        // Only bytes the heuristic's own save() wrote for this very grid load.
        saved: [...savedValues('saved table', 'BFLM'),
          dyn((b) => (b.call as unknown as (g: Grid) => { save(): Uint8Array })(b.args[0] as Grid).save(), 'what save() wrote', 'ok')],
      }),
    ],
  });
  specs.push({
    target: 'bestfirst/grid:heuristicByName',
    paramNames: ['name', 'grid'],
    make: (L) => ({ args: ['octile', grid(L)], call: (...a) => apply(L.grid.heuristicByName, a), check: (r) => (typeof r === 'function' ? undefined : 'not a function') }),
    params: [
      [...oneOf('name', ['manhattan', 'octile', 'chebyshev', 'euclidean', 'zero'], { optional: false, names: ['heuristic', 'name'] }).map((x) => x.want === 'ok' ? x : { ...x, allowed: /manhattan.*octile.*chebyshev.*euclidean.*zero/ })],
      [...notGrids()],
    ],
  });
  return specs;
}

function octileAt(d: number): number {
  if (d >= 2) return 4;
  if (d >= 1) return 2 * d;
  return 2 * d; // dx = dy = 2: zigzag of two diagonals
}

// --- KeyedSpace, unboundedGrid, pathAmong ------------------------------------------------------------------

function pointsIn(name: string): V[] {
  return [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({ x: 0, y: 0 }), '{ x, y }'), fresh(() => [0], '[0]'), fresh(() => [0, 0, 0], '[0, 0, 0]'),
      fresh(() => ['0', 0], "['0', 0]"), fresh(() => [0.5, 0], '[0.5, 0]'), fresh(() => [Number.NaN, 0], '[NaN, 0]'), fresh(() => [2 ** 25, 0], '[2**25, 0]'), fresh(() => [0, -(2 ** 25)], '[0, -(2**25)]'),
      fresh(() => [Infinity, 0], '[Infinity, 0]'), v(SYM, 'a symbol'), fresh(() => new Int32Array(2), 'an Int32Array pair')], [name], /integers/),
  ];
}

function keyedSpecs(): Spec[] {
  const specs: Spec[] = [];
  const chain = (key: string, visit: (next: string, cost: number) => void) => { if (key.length < 3) visit(`${key}x`, 1); };
  specs.push({
    target: 'bestfirst:KeyedSpace',
    paramNames: ['neighbours', 'hash', 'maxDegree'],
    make: (L) => ({
      args: [chain, (k: string) => k, 4], call: (...a) => construct(L.root.KeyedSpace, a),
      check: (r) => { const s = r as InstanceType<typeof L.root.KeyedSpace<string>>; const a = s.id('a'), b = s.id('axx'); return same(L.root.dijkstra(s, a, b).cost, 2); },
    }),
    params: [
      notFunctions('neighbours'),
      notFunctions('hash'),
      [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[0, -1, 1.5, Number.NaN, Infinity, 2 ** 31, 1e10].map((x) => v(x, String(x)))], ['maxDegree'], />= ?1|at most \d+/),
        v(undefined, 'undefined', 'ok'), v(1, '1', 'ok'), v(64, '64', 'ok')],
    ],
    extra: [
      {
        label: 'neighbours listing a NaN cost, searched', want: 'error', names: ['cost'],
        make: (L) => { const s = new L.root.KeyedSpace<string>((k, visit) => { if (k === 'a') visit('b', Number.NaN); }, (k) => k); const a = s.id('a'), z = s.id('z'); return { args: [], call: () => L.root.dijkstra(s, a, z) }; },
      },
      {
        label: 'neighbours listing more than maxDegree, searched', want: 'error', names: ['maxDegree'],
        make: (L) => { const s = new L.root.KeyedSpace<number>((k, visit) => { for (let i = 0; i < 5; i++) visit(k * 10 + i + 1, 1); }, (k) => k, 3); const a = s.id(0), z = s.id(-1); return { args: [], call: () => L.root.dijkstra(s, a, z) }; },
      },
    ],
  });
  const hashes: [unknown, string][] = [[() => undefined, '() => undefined'], [() => ({}), '() => ({})'], [() => Number.NaN, '() => NaN'], [() => null, '() => null'], [() => SYM, '() => a symbol'], [() => true, '() => true'], [() => 1n, '() => 1n']];
  for (const m of ['id', 'peek'] as const) {
    specs.push({
      target: `bestfirst:KeyedSpace#${m}`,
      paramNames: ['key'],
      make: (L) => { const s = new L.root.KeyedSpace<string>(chain, (k) => k); s.id('a'); return { args: ['a'], call: (k) => s[m](k as string), check: (r) => same(r, 0) }; },
      params: [[v('b', "'b'", 'ok', { check: (r) => same(r, m === 'id' ? 1 : -1) })]],
      extra: hashes.map(([h, label]) => ({
        label: `a hash returning ${label.slice(6)}`, want: 'error' as const, names: ['hash'],
        make: (L: Lib) => { const s = new L.root.KeyedSpace<string>(chain, h as () => string); return { args: ['a'], call: (k: unknown) => s[m](k as string) }; },
      })),
    });
  }
  specs.push({
    target: 'bestfirst:KeyedSpace#key',
    paramNames: ['n'],
    make: (L) => { const s = new L.root.KeyedSpace<string>(chain, (k) => k); s.id('a'); s.id('b'); return { args: [1], call: (n) => s.key(n as number), check: (r, a) => same(r, ['a', 'b'][a[0] as number]), size: 2 }; },
    params: [ids('n', { names: ['n', 'node', 'key'] })],
  });

  const unboundedOptions = (where: string, extra: Record<string, V[]> = {}) => options(where, {
    connectivity: [...named([v(6, '6'), v('8', "'8'"), v(null, 'null'), v(0, '0'), v(Number.NaN, 'NaN')], ['connectivity'], /4 or 8/), v(4, '4', 'ok'), v(8, '8', 'ok')],
    diagonalRule: oneOf('diagonalRule', ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked']),
    diagonalCost: positive('diagonalCost', { optional: true, legit: [1, 1.4, 0.5, 3] }),
    ...extra,
  });
  specs.push({
    target: 'bestfirst/grid:unboundedGrid',
    paramNames: ['obstacles', 'options'],
    make: (L) => ({
      args: [[[1, 0], [1, 1]], {}], call: (...a) => apply(L.grid.unboundedGrid, a),
      check: (r) => { const s = r as InstanceType<typeof L.root.KeyedSpace<readonly [number, number]>>; return typeof s.id === 'function' && s.id([0, 0]) === 0 ? undefined : 'not a space'; },
    }),
    params: [
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['obstacles']),
        ...pointsIn('obstacle').map((x) => ({ ...x, label: `[${x.label}]`, get: (b: Base) => [x.get(b)] })),
        fresh(() => [], '[]', 'ok'), fresh(() => new Set([[1, 1]]), 'a Set', 'ok'), fresh(() => [[1, 1], [1, 1]], 'a duplicate', 'ok'), fresh(() => [[-3, -(2 ** 25) + 1]], 'far negative', 'ok')],
      unboundedOptions('unboundedGrid'),
    ],
  });
  const among = (r: unknown, a: unknown[]) => {
    const res = r as { status: string; path: number[][] | null; cost: number };
    const s = a[0] as number[], t = a[1] as number[];
    if (res.status !== 'found') return res.status === 'stopped' ? undefined : `status ${res.status}`;
    if (!res.path || same(res.path[0], s) || same(res.path[res.path.length - 1], t)) return 'the path does not join start and goal';
    return undefined;
  };
  specs.push({
    target: 'bestfirst/grid:pathAmong',
    paramNames: ['start', 'goal', 'obstacles', 'options'],
    make: (L) => ({ args: [[0, 0], [3, 0], [[1, 0], [1, 1], [1, -1]], {}], call: (...a) => apply(L.grid.pathAmong, a), check: among }),
    params: [
      [...pointsIn('start'), fresh(() => [1, 0], 'an obstacle', 'error', { names: ['start', 'obstacle'] }), fresh(() => [-5, 7], '[-5, 7]', 'ok'), fresh(() => [3, 0], 'the goal', 'ok')],
      [...pointsIn('goal'), fresh(() => [1, 1], 'an obstacle', 'error', { names: ['goal', 'obstacle'] }), fresh(() => [0, 0], 'the start', 'ok')],
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}')], ['obstacles']),
        ...pointsIn('obstacle').map((x) => ({ ...x, label: `[${x.label}]`, get: (b: Base) => [x.get(b)] })), fresh(() => [], '[]', 'ok')],
      unboundedOptions('pathAmong', { limits: limitsOf() }),
    ],
    extra: [{
      label: 'an enclosed goal: the default budget ends it', want: 'ok',
      make: (L) => ({
        args: [[0, 0], [5, 5], [[4, 4], [5, 4], [6, 4], [4, 5], [6, 5], [4, 6], [5, 6], [6, 6]], { limits: { maxExpansions: 2000 } }], call: (...a) => apply(L.grid.pathAmong, a),
        check: (r) => same((r as { status: string }).status, 'stopped'),
      }),
    }],
  });
  return specs;
}

// --- the grid searchers --------------------------------------------------------------------------------------

interface GridSearcherLike {
  search(start: number, goal: number, options?: object): string;
  pathInto(out: Int32Array): number;
  path(): number[] | null;
  cost: number;
  status: string;
  expansions: number;
  pushes: number;
  reopenings: number;
  gOf?(n: number): number;
}

/** A grid searcher that answered one query, on the fixture grid; `lib` makes the heuristics the values need. */
type GridBase = Base & { s: GridSearcherLike; g: Grid; lib: Lib };

/**
 * The fast path's heuristic option: the grid heuristics it computes inline
 * (and the deprecated names 'octile' and 'zero'), each answering exactly
 * what the engine answers with the same function; anything else refused.
 */
function fastPathHeuristics(): V[] {
  const lib = (b: Base) => pub((b as GridBase).lib);
  const gridOf = (b: Base) => (b as GridBase).g;
  // Searcher calls the function the fast path inlines: status, cost and path must be the same, bit for bit.
  const asEngine = (r: unknown, a: unknown[], b: Base) => {
    const L = lib(b), g = gridOf(b);
    const o = { ...(a[2] as object) } as { heuristic?: unknown };
    o.heuristic = o.heuristic === undefined || o.heuristic === 'octile' ? L.octile(g) : o.heuristic === 'zero' ? L.zero : o.heuristic;
    const e = new L.Searcher(g);
    e.search(a[0] as number, a[1] as number, o as object);
    const res = r as { status: string; cost: number; path: number[] | null };
    const s = (b as GridBase).s;
    return same([res.status, res.cost, res.path, s.expansions, s.pushes, s.reopenings], [e.status, e.cost, e.path(), e.expansions, e.pushes, e.reopenings],
      'the fast path\'s answer (status, cost, path, expansions, pushes, reopenings) against Searcher\'s');
  };
  const other = (b: Base, width: number, height: number) => new (lib(b).Grid)(width, height);
  return [
    ...named([
      v(null, 'null'), v(5, '5'), v('', "''"), v('OCTILE', "'OCTILE'"), v('manhattan', "'manhattan' (not a name it ever took)"), fresh(() => ({}), '{}'),
      fresh(() => ['octile'], "['octile']"), v(SYM, 'a symbol'), v(() => 0, '() => 0 (a function it cannot inline)'),
      dyn((b) => lib(b).euclidean(gridOf(b)), 'euclidean(grid) (not inlined)'),
      dyn((b) => lib(b).octile(other(b, 7, 3)), 'octile of a grid 7 cells wide'),
      dyn((b) => lib(b).manhattan(other(b, 4, 3)), 'manhattan of a grid 4 cells wide'),
    ], ['heuristic'], /octile\(grid\)[\s\S]*zero/),
    v(undefined, 'undefined (octile)', 'ok', { check: asEngine }),
    v('octile', "'octile' (0.1's name, gone in 0.3)"), v('zero', "'zero' (0.1's name, gone in 0.3)"),
    dyn((b) => lib(b).octile(gridOf(b)), 'octile(grid)', 'ok', { check: asEngine }),
    dyn((b) => lib(b).octile(gridOf(b), 1), 'octile(grid, 1)', 'ok', { check: asEngine }),
    dyn((b) => lib(b).manhattan(gridOf(b)), 'manhattan(grid) (inadmissible here)', 'ok', { check: asEngine }),
    dyn((b) => lib(b).chebyshev(gridOf(b)), 'chebyshev(grid)', 'ok', { check: asEngine }),
    dyn((b) => lib(b).zero, 'zero', 'ok', { check: asEngine }),
    dyn((b) => lib(b).octile(other(b, 5, 9)), 'octile of another grid as wide', 'ok', { check: asEngine }),
  ];
}

/** Cells as findPath and anyAnglePath take them: [x, y] or an id, on the table's grid. */
function findPathPoints(what: string): V[] {
  return [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v('0', "'0'"), v(true, 'true'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), v(0n, '0n'),
      fresh(() => ({ x: 0, y: 0 }), '{ x: 0, y: 0 }'), fresh(() => [0], '[0]'), fresh(() => [0, 0, 0], '[0, 0, 0]'), v(Number.NaN, 'NaN'), v(-1, '-1'), v(1.5, '1.5'), v(15, '15'), v(2 ** 31, '2**31')], [what]),
    ...named([fresh(() => [-1, 0], '[-1, 0]'), fresh(() => [5, 0], '[5, 0]'), fresh(() => [0, 3], '[0, 3]'), fresh(() => [0.5, 0], '[0.5, 0]'), fresh(() => ['0', 0], "['0', 0]"),
      fresh(() => [Number.NaN, 0], '[NaN, 0]'), fresh(() => [0, null], '[0, null]'), fresh(() => [Infinity, 0], '[Infinity, 0]')], [what], /0\.\.4/),
    fresh(() => [1, 1], '[1, 1] (blocked)', 'error', { names: [what] }), v(BLOCKED, '6 (blocked)', 'error', { names: [what] }),
    fresh(() => [4, 0], '[4, 0] (the pocket)', 'ok'), v(0, '0 (an id)', 'ok'), fresh(() => [2, 2], '[2, 2]', 'ok'), v(12, '12', 'ok'),
  ];
}

/**
 * An any-angle answer judged independently: ends, brute-force line of sight
 * on every segment, its cost by brute force, at most the octile optimum, or
 * unreachable only when no path exists.
 */
function anyAngleAnswer(g: Grid, s: number, t: number, r: { status: string; cost: number; path: number[] | null }): string | undefined {
  if (r.status === 'stopped') return undefined;
  const best = oracle(g, s, t);
  if (r.status === 'unreachable') return best === Infinity ? undefined : `unreachable, but a path of cost ${best} exists`;
  if (r.status !== 'found') return `unknown status ${r.status}`;
  if (best === Infinity) return 'found, but no path exists';
  const p = r.path;
  if (!Array.isArray(p) || p[0] !== s || p[p.length - 1] !== t) return `the waypoints ${JSON.stringify(p)} do not run ${s} .. ${t}`;
  for (let i = 1; i < p.length; i++) if (!bruteSight(g, p[i - 1], p[i])) return `no sight from ${p[i - 1]} to ${p[i]}`;
  const own = brutePathCost(g, p);
  if (!near(own, r.cost)) return `cost ${r.cost}, but the waypoints measure ${own}`;
  // On a grid without weights, never longer than the optimum of the grid's moves (a weighted grid measures steps another way).
  if (!g.weighted && r.cost > best * (1 + 1e-9)) return `cost ${r.cost}, above the grid's optimum ${best}`;
  return undefined;
}

function anyAngleSpecs(): Spec[] {
  const specs: Spec[] = [];
  // The grids the searcher takes and refuses; the table's grid is 8-connected without weights.
  const searchable: V[] = [
    ...notGrids(),
    dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid that keeps blocked cells at a cost', 'error', { names: ['blocked', 'delete'] }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalCost: 1.4 }), 'diagonalCost 1.4', 'error', { names: ['diagonalCost', 'SQRT2'] }),
    dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok'),
    dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'always' }), "diagonalRule 'always'", 'ok'),
    dyn((b) => (b.args[0] as Grid).with({ weights: Array.from({ length: 15 }, (_, i) => 1 + (i % 3)) }), 'a weighted grid', 'ok'),
  ];
  const anyOptions = (where: string): V[] => options(where, { algorithm: oneOf('algorithm', ['theta', 'lazy-theta']), limits: limitsOf() });
  specs.push({
    target: 'bestfirst/grid:AnyAngleSearcher',
    paramNames: ['grid'],
    make: (L) => ({ args: [grid(L)], call: (...a) => construct(L.grid.AnyAngleSearcher, a), check: (r, a) => {
      const s = r as GridSearcherLike;
      s.search(START, GOAL);
      return anyAngleAnswer(a[0] as Grid, START, GOAL, { status: s.status, cost: s.cost, path: s.path() });
    } }),
    params: [searchable],
  });
  const base = (L: Lib): GridBase => {
    const g = grid(L);
    const s = new L.grid.AnyAngleSearcher(g) as unknown as GridSearcherLike;
    s.search(START, GOAL);
    const before = [s.status, s.cost, s.path()];
    const b: GridBase = {
      s, g, lib: L, size: g.size, blocked: BLOCKED, args: [START, GOAL, {}],
      call: (...a) => { const status = apply(s.search.bind(s), a); return { status, cost: s.cost, path: s.path(), field: s.status }; },
      check: (r, a) => {
        const res = r as { status: string; cost: number; path: number[] | null; field: string };
        if (res.status !== res.field) return `search returned ${res.status} but status is ${res.field}`;
        return anyAngleAnswer(g, a[0] as number, a[1] as number, res);
      },
      after: () => {
        const now = [s.status, s.cost, s.path()];
        if (same(now, before)) return `a refused query changed the last answer: ${same(now, before)}`;
        return b.check!(b.call(...b.args), b.args);
      },
    };
    return b;
  };
  specs.push({ target: 'bestfirst/grid:AnyAngleSearcher#search', paramNames: ['start', 'goal', 'options'], make: base, params: [endpoints('start'), endpoints('goal'), anyOptions('AnyAngleSearcher')] });
  specs.push({
    target: 'bestfirst/grid:AnyAngleSearcher#pathInto',
    paramNames: ['out'],
    make: (L) => { const b = base(L); return { args: [new Int32Array(15)], call: (out) => { const n = b.s.pathInto(out as Int32Array); return Array.from(out as ArrayLike<number>).slice(0, n); }, check: (r) => same(r, b.s.path()) }; },
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('abcdefghijklmno', 'a string of 15'), v(true, 'true'), v(SYM, 'a symbol')], ['out']),
      fresh(() => new Int32Array(1), 'an Int32Array too short', 'error', { names: ['buffer', 'out'] }),
      fresh(() => [], '[]', 'either', { names: ['out', 'buffer'] }), fresh(() => new Float64Array(15), 'a Float64Array', 'either', { names: ['out', 'buffer'] }),
      fresh(() => new Int32Array(3), 'an Int32Array of exactly the waypoints', 'ok'),
    ]],
  });
  specs.push(...junkArgumentRows('AnyAngleSearcher', ['path', 'refresh', 'result'], base, (b, _m, r) => anyAngleAnswer(b.g, START, GOAL, { status: 'found', cost: b.s.cost, path: r as number[] })));
  // anyAnglePath(grid, from, to, options)
  const xy = (p: unknown, w: number) => (typeof p === 'number' ? p : (p as number[])[1] * w + (p as number[])[0]);
  specs.push({
    target: 'bestfirst/grid:anyAnglePath',
    paramNames: ['grid', 'from', 'to', 'options'],
    make: (L) => ({
      args: [grid(L), [0, 0], [2, 2], {}], call: (...a) => apply(L.grid.anyAnglePath, a), size: 15, blocked: BLOCKED,
      check: (r, a) => {
        const res = r as { status: string; cost: number; path: number[] | null; points: [number, number][] | null };
        const gg = a[0] as Grid;
        if ((res.path === null) !== (res.points === null) || (res.path && res.path.some((n, i) => res.points![i][0] !== n % gg.width || res.points![i][1] !== Math.floor(n / gg.width)))) return 'points and path disagree';
        return anyAngleAnswer(gg, xy(a[1], gg.width), xy(a[2], gg.width), res);
      },
    }),
    params: [searchable, findPathPoints('start'), findPathPoints('goal'), anyOptions('anyAnglePath')],
  });
  // lineOfSight(grid, from, to), segmentCost(grid, from, to)
  for (const name of ['lineOfSight', 'segmentCost'] as const) {
    specs.push({
      target: targetOf(name),
      paramNames: ['grid', 'from', 'to'],
      make: (L) => ({
        args: [grid(L), START, 10], call: (...a) => apply(pub(L)[name], a), size: 15,
        check: (r, a) => {
          const g = a[0] as Grid, from = a[1] as number, to = a[2] as number;
          return same(r, name === 'lineOfSight' ? bruteSight(g, from, to) : bruteCost(g, from, to));
        },
      }),
      params: [
        [...notGrids(), dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'always' }), "diagonalRule 'always'", 'ok'), dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok')],
        ids('from', { names: ['from'], legit: [v(BLOCKED, 'a blocked cell (no sight)', 'ok'), v(GOAL, 'the goal, past the blocked cell', 'ok')] }),
        ids('to', { names: ['to'], legit: [v(BLOCKED, 'a blocked cell (no sight)', 'ok'), v(START, 'the same cell', 'ok')] }),
      ],
    });
  }
  // smoothPath(grid, path)
  specs.push({
    target: 'bestfirst/grid:smoothPath',
    paramNames: ['grid', 'path'],
    make: (L) => ({
      args: [grid(L), [0, 5, 10, 11, 12]], call: (...a) => apply(L.grid.smoothPath, a), size: 15,
      check: (r, a) => {
        const g = a[0] as Grid, p = Array.from(a[1] as ArrayLike<number>), out = r as number[];
        if (!Array.isArray(out) || out[0] !== p[0] || out[out.length - 1] !== p[p.length - 1]) return `smoothed ${JSON.stringify(out)} does not keep the ends of ${JSON.stringify(p)}`;
        for (let i = 1; i < out.length; i++) if (!bruteSight(g, out[i - 1], out[i])) return `no sight from ${out[i - 1]} to ${out[i]}`;
        return brutePathCost(g, out) <= brutePathCost(g, p) * (1 + 1e-9) ? undefined : 'longer than the path given';
      },
    }),
    params: [
      [...notGrids(), dyn((b) => (b.args[0] as Grid).with({ weights: Array.from({ length: 15 }, (_, i) => 1 + 5 * (i % 2)) }), 'a weighted grid', 'ok')],
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v(SYM, 'a symbol'), v(true, 'true'), fresh(() => [], '[]'), v('abc', "'abc'")], ['path']),
        ...named([[0, 15], [0, -1], [0, 1.5], [0, '5'], [0, null]].map((p) => fresh(() => p.slice(), JSON.stringify(p))), ['path']),
        ...named([[0, 12], [0, 6, 12], [6]].map((p) => fresh(() => p.slice(), `${JSON.stringify(p)} (no sight, or blocked)`)), ['path', 'sight', 'blocked']),
        fresh(() => [0], '[0]', 'ok'), fresh(() => [0, 0, 5], '[0, 0, 5] (a repeat)', 'ok'), fresh(() => new Int32Array([0, 5, 10, 11, 12]), 'an Int32Array', 'ok'),
        fresh(() => [0, 10, 12], '[0, 10, 12] (waypoints)', 'ok'),
      ],
    ],
  });
  return specs;
}

/**
 * Rows calling each of a searcher's `methods` with junk arguments, which it
 * ignores: `refresh` returns nothing, `result()` must be the searcher's own
 * fields as one object (PathSearcher's result()) with a path `judge` accepts,
 * and any other method's answer goes to `judge` as it is.
 */
function junkArgumentRows(name: string, methods: readonly string[], base: (L: Lib) => GridBase, judge: (b: GridBase, method: string, r: unknown) => string | undefined): Spec[] {
  return methods.map((m) => ({
    target: targetOf(name, `#${m}`),
    extra: [{
      label: 'with junk arguments (ignored)', want: 'ok' as const,
      make: (L: Lib) => {
        const b = base(L);
        return { args: [SYM, -1], call: (...a: unknown[]) => apply((b.s as unknown as Record<string, AnyFn>)[m].bind(b.s), a), check: (r: unknown) => {
          if (m === 'refresh' || m === 'rebuild') return undefined;
          if (m !== 'result') return judge(b, m, r);
          const res = r as SearchResult;
          const off = same([res.status, res.cost, res.expansions, res.pushes, res.reopenings], [b.s.status, b.s.cost, b.s.expansions, b.s.pushes, b.s.reopenings], 'result()');
          return off ?? judge(b, 'path', res.path);
        } };
      },
    }],
  }));
}

function gridSearcherSpecs(): Spec[] {
  const specs: Spec[] = [];
  const notGridSearchable = (name: string, extra: V[] = []): V[] => [
    ...notGrids(),
    dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid that keeps blocked cells at a cost', 'error', { names: ['blocked', 'delete'] }),
    dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', name === 'GridSearcher' ? 'ok' : 'error', { names: ['8-connected'] }),
    ...extra,
  ];
  const jpsGrids: V[] = [
    dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'never' }), "diagonalRule 'never'", 'error', { names: ['diagonalRule'] }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'at-most-one-blocked' }), "diagonalRule 'at-most-one-blocked'", 'error', { names: ['diagonalRule'] }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalCost: 0.5 }), 'diagonalCost 0.5', 'error', { names: ['diagonalCost'] }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalCost: 3 }), 'diagonalCost 3', 'error', { names: ['diagonalCost'] }),
    dyn((b) => (b.args[0] as Grid).with({ diagonalCost: 1 }), 'diagonalCost 1', 'ok'),
    dyn((b) => (b.args[0] as Grid).with({ diagonalRule: 'always' }), "diagonalRule 'always'", 'ok'),
  ];
  const gridSearchOptions = (where: string, jps: boolean, plus = false): V[] => {
    const loose = (r: unknown, a: unknown[], b: Base) => (b.check as (r: unknown, a: unknown[], optimal?: boolean) => string | undefined)(r, a, false);
    // JPS+ takes no trace (its diagonal jumps skip the jump points a trace would show).
    if (plus) return options(where, { limits: limitsOf() });
    if (jps) return options(where, { limits: limitsOf(), trace: bool('trace') });
    return options(where, {
      priority: [
        ...named([v(null, 'null'), v('astar', "'astar'"), fresh(() => ({}), '{}'), fresh(() => ({ kind: 'sum' }), "{ kind: 'sum' }"), fresh(() => ({ kind: 'sum', eps: -1 }), 'sum(-1)'),
          fresh(() => ({ kind: 'sum', eps: '1' }), "sum('1')"), fresh(() => ({ kind: 'nope' }), "{ kind: 'nope' }"), v(5, '5'), v(SYM, 'a symbol')], PRIORITY_NAMES),
        fresh(() => ({ kind: 'link-length' }), 'link-length (needs a FIFO queue)', 'error', { names: ['link-length'] }),
        fresh(() => ({ kind: 'cost-to-come' }), 'cost-to-come', 'ok'), fresh(() => ({ kind: 'heuristic-only' }), 'heuristic-only', 'ok', { check: loose }),
        fresh(() => ({ kind: 'sum', eps: 2 }), 'sum(2)', 'ok', { check: loose }),
      ],
      heuristic: fastPathHeuristics(),
      tieBreak: oneOf('tieBreak', ['h', 'fifo']),
      limits: limitsOf(),
      reopen: bool('reopen'),
      partial: bool('partial'),
    });
  };
  for (const name of ['GridSearcher', 'JumpPointSearcher', 'JpsPlusSearcher'] as const) {
    // Both jump point searchers take the same grids; JPS+ rebuilds instead of patching, so it has no setBlocked of its own.
    const jps = name !== 'GridSearcher', plus = name === 'JpsPlusSearcher';
    // JPS+ alone takes build options: a saved table (only bytes that save() wrote for this very grid load).
    const savedTables = savedValues('saved table', 'BFJP');
    specs.push({
      target: targetOf(name),
      paramNames: plus ? ['grid', 'options'] : ['grid'],
      make: (L) => ({ args: plus ? [grid(L), {}] : [grid(L)], call: (...a) => construct(pub(L)[name], a), check: (r, a) => {
        const s = r as GridSearcherLike;
        const g = a[0] as Grid;
        s.search(START, GOAL);
        return checkAnswer(g, START, GOAL, { status: s.status, cost: s.cost, path: s.path() });
      } }),
      params: [
        [...notGridSearchable(name, jps ? jpsGrids : []), ...(jps ? [] : [dyn((b) => (b.args[0] as Grid).with({ diagonalCost: 0.5 }), 'diagonalCost 0.5', 'ok')])],
        ...(plus ? [options('JpsPlusSearcher', { saved: savedTables })] : []),
      ],
    });
    const base = (L: Lib): GridBase => gridSearcherBase(L, grid(L), name);
    specs.push({ target: targetOf(name, `#search`), paramNames: ['start', 'goal', 'options'], make: base, params: [endpoints('start'), endpoints('goal'), gridSearchOptions('search', jps, plus)] });
    specs.push(pathIntoSpec(name, base));
    specs.push(...junkArgumentRows(name, plus ? ['path', 'rebuild', 'result', 'save'] : jps ? ['path', 'refresh', 'jumpPoints', 'result'] : ['path', 'refresh', 'result'], base, (b, m, r) => {
      if (m === 'save') return loadsBack(b, name, r);
      if (m === 'jumpPoints') return Array.isArray(r) && r[0] === START && r[r.length - 1] === GOAL ? undefined : `jump points ${JSON.stringify(r)}`;
      return checkAnswer(b.g, START, GOAL, { status: 'found', cost: b.s.cost, path: r as number[] });
    }));
    if (!jps) {
      specs.push({
        target: targetOf(name, `#gOf`),
        paramNames: ['n'],
        make: (L) => { const b = base(L); return { args: [5], call: (n) => b.s.gOf!(n as number), check: (r, a) => same(r, ({ 0: 0, 5: 1 } as Record<number, number>)[a[0] as number] ?? r), size: 15 }; },
        params: [ids('n', { names: ['gOf', 'n', 'node', 'cell'], legit: [v(POCKET, 'a cell never reached', 'ok', { check: (r) => same(r, Infinity) })] })],
      });
    }
  }
  // jps(grid, start, goal, options)
  specs.push({
    target: 'bestfirst:jps',
    paramNames: ['grid', 'start', 'goal', 'options'],
    make: (L) => { const g = grid(L); return { args: [g, START, GOAL, {}], call: (...a) => apply(L.root.jps, a), check: searchCheck(true), size: 15, blocked: BLOCKED }; },
    params: [[...notGridSearchable('JumpPointSearcher', jpsGrids)], endpoints('start'), endpoints('goal'), options('jps', { limits: limitsOf(), trace: bool('trace') })],
  });
  return specs;
}


// --- the two-ended searchers: BidirectionalSearcher, ContractionHierarchy ----------------------------

function twoEndedSpecs(): Spec[] {
  const specs: Spec[] = [];
  const negative = fresh(() => ({ size: 5, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = -1; return 1; } }), 'a space with a cost -1', 'error', { names: ['cost'], allowed: />= ?0/ });
  const searchers = [
    {
      name: 'BidirectionalSearcher',
      spaces: [...notSpaces('space', { predecessors: true }), dyn((b) => graph((b as GridBase).lib), 'a directed graph', 'ok')],
      buildOptions: null,
      queryOptions: { heuristic: [...badHeuristics('heuristic').filter((x) => x.label !== 'undefined'), v(() => 0, '() => 0', 'ok'), v(undefined, 'undefined', 'ok')], limits: limitsOf() },
      queryArgs: (L: Lib, g: Grid) => [START, GOAL, { heuristic: L.root.octile(g) }],
    },
    {
      name: 'ContractionHierarchy',
      spaces: [...notSpaces(), negative, dyn((b) => graph((b as GridBase).lib), 'a directed graph', 'ok')],
      buildOptions: options('ContractionHierarchy', {
        witnessSettles: count('witnessSettles', { optional: true, integer: true }),
        // A saved hierarchy: only bytes that save() wrote for this very space load.
        saved: [
          v(undefined, 'undefined', 'ok'),
          ...named([v(null, 'null'), v(5, '5'), v('bytes', 'a string'), v([66, 70, 67, 72], 'an array of numbers')], ['saved', 'Uint8Array']),
          fresh(() => new Uint8Array(10), 'ten bytes', 'error', { names: ['saved hierarchy', '48-byte header'] }),
          fresh(() => new Uint8Array(64), 'sixty-four zero bytes', 'error', { names: ['saved hierarchy', 'BFCH'] }),
        ],
        onProgress: [v(undefined, 'undefined', 'ok'), v(() => undefined, 'a function', 'ok'), ...named([v(null, 'null'), v(5, '5'), v('bar', 'a string')], ['onProgress', 'function'])],
      }),
      queryOptions: { limits: limitsOf() },
      queryArgs: () => [START, GOAL, {}],
    },
  ] as const;
  for (const t of searchers) {
    const make = (L: Lib, g: Grid) => construct((L.root as unknown as Record<string, unknown>)[t.name], [g]) as GridSearcherLike;
    specs.push({
      target: targetOf(t.name),
      paramNames: t.buildOptions ? ['space', 'options'] : ['space'],
      make: (L) => ({ lib: L, args: t.buildOptions ? [grid(L), {}] : [grid(L)], call: (...a) => construct((L.root as unknown as Record<string, unknown>)[t.name], a), check: (r, a) => {
        const s = r as GridSearcherLike;
        const space = a[0] as SearchSpace;
        const goal = space.size > GOAL ? GOAL : space.size - 1;
        s.search(START, goal);
        return checkAnswer(space, START, goal, { status: s.status, cost: s.cost, path: s.path() });
      } }),
      params: t.buildOptions ? [t.spaces, t.buildOptions] : [t.spaces],
    });
    const base = (L: Lib): GridBase => {
      const g = grid(L);
      const s = make(L, g);
      const args = t.queryArgs(L, g);
      s.search(...(args as [number, number, object]));
      const before = [s.status, s.cost, s.path()];
      const b: GridBase = {
        s, g, lib: L, size: g.size, blocked: BLOCKED, args,
        call: (...a) => { const status = apply(s.search.bind(s), a); return { status, cost: s.cost, path: s.path(), field: s.status }; },
        check: (r, a) => {
          const res = r as { status: string; cost: number; path: number[] | null; field: string };
          if (res.status !== res.field) return `search returned ${res.status} but status is ${res.field}`;
          return checkAnswer(g, a[0] as number, a[1] as number, res);
        },
        after: () => {
          // A refused query leaves the last answer (or none, when h broke mid-run), and the next query works.
          const now = [s.status, s.cost, s.path()];
          if (!(now[0] === 'unreachable' && now[2] === null) && same(now, before)) return `a refused query changed the last answer: ${same(now, before)}`;
          return b.check!(b.call(...b.args), b.args);
        },
      };
      return b;
    };
    specs.push({ target: targetOf(t.name, `#search`), paramNames: ['start', 'goal', 'options'], make: base, params: [endpoints('start'), endpoints('goal'), options('search', t.queryOptions)] });
    specs.push({
      target: targetOf(t.name, `#pathInto`),
      paramNames: ['out'],
      make: (L) => { const b = base(L); return { args: [new Int32Array(15)], call: (out) => { const n = b.s.pathInto(out as Int32Array); return Array.from(out as ArrayLike<number>).slice(0, n); }, check: (r) => same(r, b.s.path()) }; },
      params: [[
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v(true, 'true'), v(SYM, 'a symbol')], ['out']),
        fresh(() => new Int32Array(1), 'an Int32Array too short', 'error', { names: ['buffer', 'out'] }),
        fresh(() => [], '[]', 'either', { names: ['out', 'buffer'] }), fresh(() => new Float64Array(15), 'a Float64Array', 'either', { names: ['out', 'buffer'] }),
      ]],
    });
    specs.push(...junkArgumentRows(t.name, t.name === 'ContractionHierarchy' ? ['path', 'result', 'rebuild', 'save'] : ['path', 'result'], base, (b, m, r) => {
      if (m !== 'save') return checkAnswer(b.g, START, GOAL, { status: 'found', cost: b.s.cost, path: r as number[] });
      // The bytes load back into a hierarchy of the same space that answers as this one does.
      if (!(r instanceof Uint8Array)) return `save() returned ${String(r)}, not bytes`;
      const loaded = construct((b.lib.root as unknown as Record<string, unknown>)[t.name], [b.g, { saved: r }]) as GridSearcherLike;
      loaded.search(START, GOAL);
      return checkAnswer(b.g, START, GOAL, { status: loaded.status, cost: loaded.cost, path: loaded.path() });
    }));
  }
  return specs;
}
/**
 * The `saved` option of a searcher that can load its preprocessing: only
 * bytes its own save() wrote for this very grid load. `what` is the
 * structure's name in the refusals and `kind` the file's four letters.
 */
function savedValues(what: string, kind: string): V[] {
  return [
    v(undefined, 'undefined', 'ok'),
    ...named([v(null, 'null'), v(5, '5'), v('bytes', 'a string')], ['saved', 'Uint8Array']),
    fresh(() => new Uint8Array(10), 'ten bytes', 'error', { names: [what, 'header'] }),
    fresh(() => new Uint8Array(64), 'sixty-four zero bytes', 'error', { names: [what, kind] }),
  ];
}

/** What `save()` returned, checked: bytes that load back into a searcher of class `name` on the same grid that answers as this one does. */
function loadsBack(b: GridBase, name: string, r: unknown): string | undefined {
  if (!(r instanceof Uint8Array)) return `save() returned ${String(r)}, not bytes`;
  const loaded = construct((pub(b.lib) as unknown as Record<string, unknown>)[name], [b.g, { saved: r }]) as GridSearcherLike;
  loaded.search(START, GOAL);
  return checkAnswer(b.g, START, GOAL, { status: loaded.status, cost: loaded.cost, path: loaded.path() });
}

/**
 * `SubgoalSearcher4`: the fixture grid made 4-connected (START to GOAL costs 4
 * there too). It refuses 8-connected grids, blocked cells at a cost and
 * weights; its queries take only `limits`.
 */
function subgoal4Specs(): Spec[] {
  const specs: Spec[] = [];
  const grid4 = (L: Lib) => grid(L, { connectivity: 4 });
  const notSearchable: V[] = [
    ...notGrids(),
    dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid that keeps blocked cells at a cost', 'error', { names: ['blocked', 'delete'] }),
    dyn((b) => (b.args[0] as Grid).with({ connectivity: 8 }), 'an 8-connected grid', 'error', { names: ['4-connected'] }),
    dyn((b) => (b.args[0] as Grid).with({ weights: new Array(15).fill(2) }), 'a grid with weights', 'error', { names: ['weights'] }),
    dyn((b) => (b.args[0] as Grid).with({ cellSize: 0.25 }), 'cellSize 0.25', 'ok'),
  ];
  specs.push({
    target: 'bestfirst/grid:SubgoalSearcher4',
    paramNames: ['grid', 'options'],
    make: (L) => ({ args: [grid4(L), {}], call: (...a) => construct(L.grid.SubgoalSearcher4, a), check: (r, a) => {
      const s = r as GridSearcherLike;
      const g = a[0] as Grid;
      s.search(START, GOAL);
      return checkAnswer(g, START, GOAL, { status: s.status, cost: s.cost, path: s.path() });
    } }),
    params: [notSearchable, options('SubgoalSearcher4', { saved: savedValues('saved graph', 'BFS4') })],
  });
  const base = (L: Lib): GridBase => gridSearcherBase(L, grid4(L), 'SubgoalSearcher4');
  specs.push({ target: 'bestfirst/grid:SubgoalSearcher4#search', paramNames: ['start', 'goal', 'options'], make: base, params: [endpoints('start'), endpoints('goal'), options('SubgoalSearcher4', { limits: limitsOf() })] });
  specs.push(pathIntoSpec('SubgoalSearcher4', base));
  specs.push(...junkArgumentRows('SubgoalSearcher4', ['path', 'result', 'save'], base, (b, m, r) => (m === 'save' ? loadsBack(b, 'SubgoalSearcher4', r)
    : checkAnswer(b.g, START, GOAL, { status: 'found', cost: b.s.cost, path: r as number[] }))));
  return specs;
}

/**
 * `SubgoalSearcher8`, and `PreprocessedSearcher8` (which builds one and
 * keeps it or JPS+): the fixture grid as it is (8-connected, no corner
 * cutting). They take the grids jump point search takes, except a diagonal
 * cost of exactly 1 or 2; their queries take only `limits`.
 */
function subgoal8Specs(name: 'SubgoalSearcher8' | 'PreprocessedSearcher8'): Spec[] {
  const specs: Spec[] = [];
  const edit = (options: GridOptions, what: string, outcome: 'ok' | 'error', names: string[] = []): V =>
    dyn((b) => (b.args[0] as Grid).with(options), what, outcome, { names });
  const notSearchable: V[] = [
    ...notGrids(),
    edit({ blocked: { enterCost: 10 } }, 'a grid that keeps blocked cells at a cost', 'error', ['blocked', 'delete']),
    edit({ connectivity: 4 }, 'a 4-connected grid', 'error', ['8-connected']),
    edit({ diagonalRule: 'never' }, "diagonalRule 'never'", 'error', ['diagonalRule']),
    edit({ diagonalRule: 'at-most-one-blocked' }, "diagonalRule 'at-most-one-blocked'", 'error', ['diagonalRule']),
    edit({ diagonalCost: 1 }, 'diagonalCost 1', 'error', ['diagonalCost']),
    edit({ diagonalCost: 2 }, 'diagonalCost 2', 'error', ['diagonalCost']),
    edit({ diagonalCost: 0.5 }, 'diagonalCost 0.5', 'error', ['diagonalCost']),
    edit({ weights: new Array(15).fill(2) }, 'a grid with weights', 'error', ['weights']),
    edit({ diagonalCost: 1.5 }, 'diagonalCost 1.5', 'ok'),
    edit({ diagonalRule: 'always' }, "diagonalRule 'always'", 'ok'),
    edit({ cellSize: 0.25 }, 'cellSize 0.25', 'ok'),
  ];
  const saved = name === 'SubgoalSearcher8' ? savedValues('saved graph', 'BFS8') : savedValues('saved structure', 'BFP8');
  specs.push({
    target: targetOf(name),
    paramNames: ['grid', 'options'],
    make: (L) => ({ args: [grid(L), {}], call: (...a) => construct(pub(L)[name], a), check: (r, a) => {
      const s = r as GridSearcherLike;
      const g = a[0] as Grid;
      s.search(START, GOAL);
      return checkAnswer(g, START, GOAL, { status: s.status, cost: s.cost, path: s.path() });
    } }),
    params: [notSearchable, options(name, { saved })],
  });
  const base = (L: Lib): GridBase => gridSearcherBase(L, grid(L), name);
  specs.push({ target: targetOf(name, `#search`), paramNames: ['start', 'goal', 'options'], make: base, params: [endpoints('start'), endpoints('goal'), options(name, { limits: limitsOf() })] });
  specs.push(pathIntoSpec(name, base));
  specs.push(...junkArgumentRows(name, ['path', 'result', 'rebuild', 'save'], base, (b, m, r) => (m === 'save' ? loadsBack(b, name, r)
    : checkAnswer(b.g, START, GOAL, { status: 'found', cost: b.s.cost, path: r as number[] }))));
  return specs;
}

/**
 * A grid searcher of class `name` on grid g that answered START to GOAL: its
 * search as the call, the answer checked (optimal unless the row says
 * otherwise), and a refused query shown to leave the last answer as it was.
 */
function gridSearcherBase(L: Lib, g: Grid, name: 'GridSearcher' | 'JumpPointSearcher' | 'JpsPlusSearcher' | 'SubgoalSearcher4' | 'SubgoalSearcher8' | 'PreprocessedSearcher8'): GridBase {
  const s = new (pub(L)[name])(g) as unknown as GridSearcherLike;
  s.search(START, GOAL);
  const before = [s.status, s.cost, s.path()];
  const b: GridBase = {
    s, g, lib: L, size: g.size, blocked: BLOCKED, args: [START, GOAL, {}],
    call: (...a) => { const status = apply(s.search.bind(s), a); return { status, cost: s.cost, path: s.path(), field: s.status }; },
    check: (r, a, optimal = true) => {
      const res = r as { status: string; cost: number; path: number[] | null; field: string };
      if (res.status !== res.field) return `search returned ${res.status} but status is ${res.field}`;
      return checkAnswer(g, a[0] as number, a[1] as number, res, { optimal: optimal !== false });
    },
    after: () => {
      const now = [s.status, s.cost, s.path()];
      if (same(now, before)) return `a refused query changed the last answer: ${same(now, before)}`;
      return b.check!(b.call(...b.args), b.args);
    },
  };
  return b;
}

/** The rows of a grid searcher's pathInto(out): what is no buffer, one too short, one exactly long enough. */
function pathIntoSpec(name: string, base: (L: Lib) => GridBase): Spec {
  return {
    target: targetOf(name, `#pathInto`),
    paramNames: ['out'],
    make: (L) => { const b = base(L); return { args: [new Int32Array(15)], call: (out) => { const n = b.s.pathInto(out as Int32Array); return Array.from(out as ArrayLike<number>).slice(0, n); }, check: (r) => same(r, b.s.path()) }; },
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('abcdefghijklmno', 'a string of 15'), v(true, 'true'), v(SYM, 'a symbol')], ['out']),
      fresh(() => new Int32Array(2), 'an Int32Array too short', 'error', { names: ['buffer', 'out'] }),
      fresh(() => [], '[]', 'either', { names: ['out', 'buffer'] }), fresh(() => new Float64Array(15), 'a Float64Array', 'either', { names: ['out', 'buffer'] }),
      fresh(() => new Int32Array(5), 'an Int32Array of exactly the path', 'ok'),
    ]],
  };
}
