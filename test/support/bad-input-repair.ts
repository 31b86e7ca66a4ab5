// The bad-input table, part 2: the searches that repair or reuse a search (D*,
// D* Lite, ARA*, universal plans), the graph searches beside them (flood, 0-1 BFS,
// Bellman-Ford, Floyd-Warshall) and the MAPF planners. See bad-input-kit.ts for
// the row machinery.
import type { Flood, FloodOptions, Grid, SearchSpace } from '#bestfirst';
import type { AllPairs } from '#bestfirst/search';
import type { AraSearcher, DStar, DStarLite, UniversalPlan } from '#bestfirst/repair';
import { apply, BLOCKED, construct, GOAL, grid, notGrids, POCKET, START } from './bad-input-core.js';
import {
  badHeuristics, bool, checkAnswer, count, dyn, fresh, holey, ids, named, near, notFunctions, notNumbers, notSpaces, oneOf, options, oracle, positive, same, SYM, v,
  type Base, type Extra, type Lib, type Spec, type V,
  pub, targetOf,
  limitsOf,
} from './bad-input-kit.js';

type AnyFn = (...a: unknown[]) => unknown;

/** The fixture grid with blocked cells kept as nodes that cost 10 to enter, corners cut: what D* can repair. */
function costlyGrid(L: Lib): Grid {
  return grid(L, { blocked: { enterCost: 10 }, diagonalRule: 'always' });
}

/**
 * ARA* and D* Lite take h = Infinity at the goal itself as "never a dead end"
 * (ARA*'s tests pin it) and answer right; the engine refuses it. Either is
 * accepted here, the answer checked.
 */
function tolerant(vs: V[]): V[] {
  return vs.map((x) => (x.label === 'Infinity at the goal' ? { ...x, want: 'either' as const } : x));
}

function endpoints(name: string, legit: V[] = []): V[] {
  return ids(name, { blocked: true, names: [name], legit });
}

// --- D* ----------------------------------------------------------------------------------------------------

function dstarSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst/repair:DStar',
    paramNames: ['space', 'options'],
    // Diagonals of 1.4: costScale 10 (or 5) makes every cost a whole number of units.
    make: (L) => ({
      args: [grid(L, { diagonalCost: 1.4 }), {}], call: (...a) => construct(L.repair.DStar, a),
      check: (r, a) => {
        const d = r as DStar;
        const o = (a[1] ?? {}) as { reopenEnds?: string };
        const ends = same(d.reopenEnds, o.reopenEnds ?? 'both', 'reopenEnds');
        if (ends) return ends;
        d.initialize(GOAL);
        d.computeUntilClosed(START);
        const path = d.path(START);
        return checkAnswer(a[0] as Grid, START, GOAL, { status: path ? 'found' : 'unreachable', path, cost: path ? d.pathCost(path) : Infinity });
      },
    }),
    params: [
      [...notSpaces('space', { predecessors: true }), dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 }, diagonalRule: 'always' }), 'a grid with costly blocked cells', 'ok')],
      options('D*', {
        costScale: positive('costScale', { optional: true, legit: [10, 5] }),
        reopenEnds: oneOf('reopenEnds', ['both', 'head']),
        trace: bool('trace'),
      }),
    ],
    extra: [{
      label: 'reopen (reopenEnds\'s 0.1 name, gone in 0.3)', want: 'error', names: ['reopen'], allowed: /reopenEnds/,
      make: (L) => ({ args: [grid(L), { reopen: 'head' }], call: (...a) => construct(L.repair.DStar, a) }),
    }],
  });
  // A D* planned once on the fixture grid (blocked cells deleted), robot at the start.
  const planned = (L: Lib, g: Grid = grid(L), goal = GOAL) => {
    const d = new L.repair.DStar(g);
    d.initialize(goal);
    d.computeUntilClosed(START);
    return d;
  };
  const answer = (d: DStar, g: Grid, from: number) => {
    const path = d.path(from);
    return checkAnswer(g, from, d.goal, { status: path ? 'found' : 'unreachable', path, cost: path ? d.pathCost(path) : Infinity });
  };
  const stable = (L: Lib) => {
    const g = grid(L);
    const d = planned(L, g);
    return { g, d, size: g.size, blocked: BLOCKED };
  };
  specs.push({
    target: 'bestfirst/repair:DStar#initialize',
    paramNames: ['goal'],
    make: (L) => { const { g, d, size, blocked } = stable(L); return { size, blocked, args: [GOAL], call: (x) => { d.initialize(x as number); d.computeUntilClosed(START); return d; }, check: () => answer(d, g, START) }; },
    params: [endpoints('goal', [v(POCKET, 'the pocket', 'ok'), v(START, 'the start', 'ok')])],
  });
  for (const m of ['computeUntilClosed', 'repair'] as const) {
    specs.push({
      target: `bestfirst/repair:DStar#${m}`,
      paramNames: m === 'repair' ? ['robot', 'afterPop'] : ['robot'],
      make: (L) => {
        const { g, d, size, blocked } = stable(L);
        return { size, blocked, args: [START], call: (...a) => { apply(d[m].bind(d), a); return d; }, check: (_r, a) => answer(d, g, a[0] as number) };
      },
      params: [
        endpoints('robot', [v(POCKET, 'the pocket', 'ok'), v(GOAL, 'the goal', 'ok')]),
        ...(m === 'repair' ? [[...notFunctions('afterPop', { optional: true }), v(undefined, 'undefined', 'ok'), v(() => 0, '() => 0', 'ok')]] : []),
      ],
      extra: [{ label: 'before initialize', want: 'error', names: ['initialize'], make: (L) => { const d = new L.repair.DStar(grid(L)); return { args: [START], call: (x) => d[m](x as number) }; } }],
    });
  }
  for (const m of ['h', 'k', 'b', 'tag'] as const) {
    specs.push({
      target: `bestfirst/repair:DStar#${m}`,
      paramNames: ['x'],
      make: (L) => { const { d, size } = stable(L); return { size, args: [GOAL], call: (x) => d[m](x as number), check: (r) => (typeof r === 'number' ? undefined : `not a number: ${String(r)}`) }; },
      params: [ids('x', { names: ['state', m] })],
      extra: [{ label: 'before initialize', want: 'ok', make: (L) => { const d = new L.repair.DStar(grid(L)); return { args: [0], call: (x) => d[m](x as number), check: (r) => same(r, m === 'b' ? -1 : m === 'tag' ? 0 : Infinity) }; } }],
    });
  }
  specs.push({
    target: 'bestfirst/repair:DStar#modifyCost',
    paramNames: ['from', 'to'],
    make: (L) => {
      const g = costlyGrid(L);
      const d = planned(L, g);
      return { size: g.size, args: [5, 10], call: (...a) => { apply(d.modifyCost.bind(d), a); d.repair(START); return d; }, check: () => answer(d, g, START) };
    },
    params: [
      [...ids('from', { names: ['from'] }).filter((x) => x.want !== 'ok'), v(11, '11', 'ok'), v(0, '0: not an arc into 10', 'error', { names: ['arc'] })],
      [...ids('to', { names: ['to'] }).filter((x) => x.want !== 'ok'), v(0, '0', 'ok'), v(12, '12: not an arc from 5', 'error', { names: ['arc'] })],
    ],
    extra: [{ label: 'before initialize', want: 'error', names: ['initialize'], make: (L) => { const d = new L.repair.DStar(grid(L)); return { args: [0, 1], call: (...a) => apply(d.modifyCost.bind(d), a) }; } }],
  });
  specs.push({
    target: 'bestfirst/repair:DStar#path',
    paramNames: ['from'],
    make: (L) => { const { g, d, size } = stable(L); return { size, args: [START], call: (x) => d.path(x as number), check: (r, a) => (r === null ? undefined : checkAnswer(g, a[0] as number, GOAL, { status: 'found', path: r as number[], cost: d.pathCost(r as number[]) })) }; },
    params: [ids('from', { names: ['from'], legit: [v(BLOCKED, 'a blocked cell', 'ok', { check: (r) => same(r, null) })] })],
  });
  specs.push({
    target: 'bestfirst/repair:DStar#pathCost',
    paramNames: ['path'],
    make: (L) => { const { d, size } = stable(L); return { size, args: [[0, 5, 10, 11, 12]], call: (p) => d.pathCost(p as number[]), check: (r, a) => same(r, (a[0] as number[]).length <= 1 ? 0 : 4) }; },
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('0,5', "'0,5'"), fresh(() => ({}), '{}'), fresh(() => new Int32Array([0, 5]), 'an Int32Array')], ['path']),
      ...named([fresh(() => [0, -1], '[0, -1]'), fresh(() => [0, 15], '[0, 15]'), fresh(() => [0, '5'], "[0, '5']"), fresh(() => [0, 1.5], '[0, 1.5]')], ['path['], /0\.\.14/),
      fresh(() => [0, 12], 'not an arc', 'error', { names: ['arc'] }), fresh(() => [], '[]', 'ok'), fresh(() => [3], '[3]', 'ok'),
    ]],
  });
  for (const m of ['kMin', 'resetCounters', 'processState'] as const) {
    specs.push({
      target: `bestfirst/repair:DStar#${m}`,
      extra: [
        { label: 'with junk arguments (ignored)', want: 'ok', make: (L) => { const { d } = stable(L); return { args: [SYM, -1], call: (...a) => apply((d[m] as AnyFn).bind(d), a), check: (r) => (r === undefined || typeof r === 'number' ? undefined : `returned ${String(r)}`) }; } },
        ...(m === 'processState' ? [{ label: 'before initialize', want: 'error' as const, names: ['initialize'], make: (L: Lib) => { const d = new L.repair.DStar(grid(L)); return { args: [], call: () => d.processState() }; } }] : []),
      ],
    });
  }
  specs.push({
    target: 'bestfirst/repair:DStar',
    extra: [{
      label: 'a space listing a NaN cost: refused, then every call refuses until initialize', want: 'error', names: ['cost'],
      make: (L) => {
        const sp = {
          size: 3, maxDegree: 2,
          successors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 2) return 0; nodes[0] = n + 1; costs[0] = n === 0 ? Number.NaN : 1; return 1; },
          predecessors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 0) return 0; nodes[0] = n - 1; costs[0] = n === 1 ? Number.NaN : 1; return 1; },
        };
        const d = new L.repair.DStar(sp);
        d.initialize(2);
        return { args: [], call: () => d.computeUntilClosed(0), after: () => { try { d.path(0); return 'path answered after the error'; } catch (e) { return e instanceof L.root.InputError ? undefined : `path threw ${String(e)}`; } } };
      },
    }],
  });

  // setCellBlocked(dstar, grid, cell, blocked)
  specs.push({
    target: 'bestfirst/repair:setCellBlocked',
    paramNames: ['dstar', 'grid', 'cell', 'blocked'],
    make: (L) => {
      const g = costlyGrid(L);
      const d = planned(L, g);
      const before = g.toAscii();
      return {
        size: g.size, args: [d, g, 7, true], call: (...a) => { const n = apply(L.repair.setCellBlocked, a); d.repair(START); return n; },
        check: (r, a) => (a[2] === 7 && a[3] === true ? same(r, 8) : typeof r === 'number' ? undefined : `returned ${String(r)}`),
        after: () => (same(g.toAscii(), before) ? 'a refused setCellBlocked changed the grid' : undefined),
      };
    },
    params: [
      named([v(null, 'null'), v(undefined, 'undefined'), fresh(() => ({}), '{}'), v(5, '5'), fresh(() => ({ space: {}, modifyCost: () => 0 }), 'a D*-shaped object')], ['dstar']),
      [...notGrids(), dyn((b) => (b.args[1] as Grid).with({ blocked: 'delete' }), "a grid with blocked: 'delete'", 'error', { names: ['blocked', 'enterCost'] }),
        dyn((b) => (b.args[1] as Grid).with({ diagonalRule: 'no-corner-cutting' }), "diagonalRule 'no-corner-cutting'", 'error', { names: ['diagonalRule'] }),
        dyn((b) => new ((b.args[1] as Grid).constructor as new (w: number, h: number, c: undefined, o: object) => Grid)(7, 7, undefined, { blocked: { enterCost: 10 }, diagonalRule: 'always' }), 'a grid of another size', 'error', { names: ['grid', 'space'] })],
      ids('cell', { names: ['cell'], legit: [v(6, 'a cell blocked already', 'ok', { check: (r) => same(r, 0) })] }),
      [...named([v(1, '1'), v(0, '0'), v('true', "'true'"), v(null, 'null'), v(undefined, 'undefined'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['blocked'], /true or false/), v(false, 'false (it is free)', 'ok', { check: (r) => same(r, 0) })],
    ],
  });
  return specs;
}

// --- D* Lite ----------------------------------------------------------------------------------------------

interface LiteBase extends Base { d: DStarLite; g: Grid }

function liteBase(L: Lib, g: Grid = grid(L)): LiteBase {
  const d = new L.repair.DStarLite(g, START, GOAL, L.root.octile(g));
  d.computeShortestPath();
  const b: LiteBase = {
    d, g, size: g.size, blocked: BLOCKED, args: [],
    call: () => d.path(),
    check: () => liteAnswer(d, g),
  };
  return b;
}

function liteAnswer(d: DStarLite, g: Grid): string | undefined {
  const path = d.path();
  return checkAnswer(g, d.start, d.goal, { status: path ? 'found' : 'unreachable', path, cost: d.costToGoal() });
}

/**
 * updateEdges() without changes, on a grid: the grid's own feed (watchArcs)
 * tells D* Lite what `grid.setBlocked` or `grid.touch` changed, and the next
 * update or query repairs. Each answer against the oracle on the edited grid.
 */
function gridEditRows(): Extra[] {
  type Edit = [label: string, edit: (g: Grid, d: DStarLite) => void];
  const edits: Edit[] = [
    ['block a cell on the path', (g) => g.setBlocked(5, true)],
    ['free the blocked cell', (g) => g.setBlocked(BLOCKED, false)],
    ['block the goal', (g) => g.setBlocked(GOAL, true)],
    ["block the robot's cell", (g) => g.setBlocked(START, true)],
    ['block a cell and free it again', (g) => { g.setBlocked(10, true); g.setBlocked(10, false); }],
    ['write cells directly, then touch()', (g) => { g.cells[10] = 1; g.cells[4] = 0; g.touch(); }],
    ['drive one step, then block the cell ahead', (g, d) => { const next = d.nextStep()!; d.moveTo(next); g.setBlocked(d.nextStep()!, true); }],
  ];
  const models: [string, object][] = [['', {}], [', walls entered at cost 10', { blocked: { enterCost: 10 } }], [', 4-connected', { connectivity: 4 }]];
  const out: Extra[] = [];
  for (const [what, o] of models) {
    for (const [label, edit] of edits) {
      for (const then of ['updateEdges()', 'the next query'] as const) {
        out.push({
          label: `${label}${what}, then ${then}`, want: 'ok',
          make: (L) => {
            const b = liteBase(L, grid(L, o));
            return {
              args: [],
              call: () => { edit(b.g, b.d); return then === 'updateEdges()' ? b.d.updateEdges() : b.d.lastRepair(); },
              check: (r) => same((r as { status: string }).status, 'done', 'the repair\'s status') ?? liteAnswer(b.d, b.g),
            };
          },
        });
      }
    }
  }
  return out;
}

/**
 * A space of three nodes with its own change reports: 0 -> 1 -> 2 at cost 1
 * each, and 0 -> 2 at cost `c02`. `report` is what its feed's `changes()`
 * returns (the table's hostile feeds return junk).
 */
function feedSpace(report: () => unknown) {
  const sp = {
    size: 3, maxDegree: 2, c02: 5,
    successors(n: number, nodes: Int32Array, costs: Float64Array): number {
      if (n === 0) { nodes[0] = 1; costs[0] = 1; nodes[1] = 2; costs[1] = sp.c02; return 2; }
      if (n === 1) { nodes[0] = 2; costs[0] = 1; return 1; }
      return 0;
    },
    predecessors(n: number, nodes: Int32Array, costs: Float64Array): number {
      if (n === 2) { nodes[0] = 1; costs[0] = 1; nodes[1] = 0; costs[1] = sp.c02; return 2; }
      if (n === 1) { nodes[0] = 0; costs[0] = 1; return 1; }
      return 0;
    },
    watchArcs: (): unknown => ({ changes: report }),
  };
  return sp;
}

/** Spaces whose watchArcs breaks its contract: refused by the constructor, or, for a feed, at the query that reads it (which poisons the searcher: the feed's changes are taken). */
function feedRows(): Extra[] {
  const refuseLater = (L: Lib, d: DStarLite) => () => {
    try { d.costToGoal(); return 'answered after the error'; } catch (e) { return e instanceof L.root.InputError ? undefined : String(e); }
  };
  const atBuild: [string, (sp: ReturnType<typeof feedSpace>) => void][] = [
    ['watchArcs: 5', (sp) => { (sp as { watchArcs: unknown }).watchArcs = 5; }],
    ['watchArcs returning null', (sp) => { sp.watchArcs = () => null; }],
    ['watchArcs returning {}', (sp) => { sp.watchArcs = () => ({}); }],
    ['watchArcs returning { changes: 5 }', (sp) => { sp.watchArcs = () => ({ changes: 5 }); }],
  ];
  const junk: [string, unknown][] = [
    ['null', null], ["'x'", 'x'], ['[null]', [null]], ['[5]', [5]], ['from -1', [{ from: -1, to: 2, oldCost: 5 }]], ['to 3', [{ from: 0, to: 3, oldCost: 5 }]],
    ['to 1e9', [{ from: 0, to: 1e9, oldCost: 5 }]], ["from '0'", [{ from: '0', to: 2, oldCost: 5 }]], ['oldCost NaN', [{ from: 0, to: 2, oldCost: Number.NaN }]],
    ['oldCost -1', [{ from: 0, to: 2, oldCost: -1 }]], ['no oldCost', [{ from: 0, to: 2 }]],
  ];
  return [
    ...atBuild.map(([label, spoil]): Extra => ({
      label: `a space with ${label}`, want: 'error', names: ['watchArcs'],
      make: (L) => { const sp = feedSpace(() => []); spoil(sp); return { args: [sp, 0, 2, () => 0], call: (...a) => construct(L.repair.DStarLite, a) }; },
    })),
    ...junk.map(([label, value]): Extra => ({
      label: `a feed whose changes() returns ${label}, read by the next query`, want: 'error', names: ['watchArcs'], poisons: true,
      make: (L) => {
        let next: unknown = [];
        const sp = feedSpace(() => { const r = next; next = []; return r; });
        const d = new L.repair.DStarLite(sp as unknown as SearchSpace, 0, 2, () => 0);
        d.costToGoal();
        return { args: [], call: () => { sp.c02 = 1; next = value; return d.costToGoal(); }, after: refuseLater(L, d) };
      },
    })),
    {
      label: 'a space with its own feed: a cheaper arc reported, the next query repairs', want: 'ok',
      make: (L) => {
        let next: unknown = [];
        const sp = feedSpace(() => { const r = next; next = []; return r; });
        const d = new L.repair.DStarLite(sp as unknown as SearchSpace, 0, 2, () => 0);
        return {
          args: [],
          call: () => { const before = d.costToGoal(); sp.c02 = 1; next = [{ from: 0, to: 2, oldCost: 5 }]; return [before, d.costToGoal(), d.path()]; },
          check: (r) => same(r, [2, 1, [0, 2]]),
        };
      },
    },
  ];
}

function liteSpecs(): Spec[] {
  const specs: Spec[] = [];
  const heuristicNames = ['heuristic', 'h('];
  specs.push({
    target: 'bestfirst/repair:DStarLite',
    paramNames: ['space', 'start', 'goal', 'heuristic', 'options'],
    // With its first search: the heuristic is asked about most vertices only then.
    make: (L) => {
      const g = grid(L);
      return {
        size: g.size, blocked: BLOCKED, args: [g, START, GOAL, L.root.octile(g), {}],
        call: (...a) => { const d = construct(L.repair.DStarLite, a) as DStarLite; d.computeShortestPath(); return d; },
        check: (r) => { const d = r as DStarLite; return liteAnswer(d, d.space as Grid); },
      };
    },
    params: [
      [...notSpaces('space', { predecessors: true }), dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid with costly blocked cells', 'ok')],
      endpoints('start', [v(POCKET, 'the pocket', 'ok'), v(GOAL, 'the goal', 'ok')]),
      endpoints('goal', [v(POCKET, 'the pocket', 'ok'), v(START, 'the start', 'ok')]),
      [...tolerant(badHeuristics('heuristic', { names: heuristicNames })), v(() => 0, '() => 0', 'ok')],
      options('DStarLite', { limits: limitsOf() }),
    ],
    extra: [
      {
        label: 'maxSteps (maxExpansions\'s 0.1 name, gone in 0.3)', want: 'error', names: ['maxSteps'], allowed: /limits/,
        make: (L) => { const g = grid(L); return { args: [g, START, GOAL, L.root.octile(g), { maxSteps: 5 }], call: (...a) => construct(L.repair.DStarLite, a) }; },
      },
      // The budget stops the first search with a status, never a throw; a query then finishes it, exact.
      ...(['maxExpansions'] as const).map((k): Extra => ({
        label: `${k}: 1 stops the first search after one pop; a query finishes it`, want: 'ok',
        make: (L) => {
          const g = grid(L);
          return {
            args: [g, START, GOAL, L.root.octile(g), { limits: { [k]: 1 } }],
            call: (...a) => { const d = construct(L.repair.DStarLite, a) as DStarLite; const pops = d.computeShortestPath(); return { d, pops, first: d.lastRepair() }; },
            check: (r) => {
              const { d, pops, first } = r as { d: DStarLite; pops: number; first: { pops: number; status: string } };
              return same([pops, first.pops, first.status], [1, 1, 'stopped'], 'the cut search') ?? liteAnswer(d, g) ?? same(d.status, 'done', 'the status after a query');
            },
          };
        },
      })),
    ],
  });
  const readers: [keyof DStarLite & string, V[]][] = [['gOf', []], ['rhsOf', []], ['isQueued', []], ['keyOf', []], ['inFootprint', []]];
  for (const [m, legit] of readers) {
    specs.push({
      target: `bestfirst/repair:DStarLite#${m}`,
      paramNames: ['n'],
      make: (L) => { const b = liteBase(L); return { size: b.size, args: [START], call: (n) => (b.d[m] as AnyFn).call(b.d, n), check: (r) => (r === undefined ? 'returned undefined' : undefined) }; },
      params: [ids('n', { names: [m, 'n', 'node'], legit })],
    });
  }
  specs.push({
    target: 'bestfirst/repair:DStarLite#nextStep',
    paramNames: ['from'],
    make: (L) => { const b = liteBase(L); return { size: b.size, blocked: BLOCKED, args: [START], call: (n) => b.d.nextStep(n as number), check: (r, a) => (r === null || (typeof r === 'number' && r >= 0 && r < 15) ? undefined : `nextStep(${String(a[0])}) = ${String(r)}`) }; },
    params: [ids('from', { optional: true, names: ['from'], legit: [v(BLOCKED, 'a blocked cell', 'ok', { check: (r) => same(r, null) }), v(GOAL, 'the goal', 'ok', { check: (r) => same(r, null) })] })],
  });
  specs.push({
    target: 'bestfirst/repair:DStarLite#moveTo',
    paramNames: ['s'],
    make: (L) => { const b = liteBase(L); return { size: b.size, blocked: BLOCKED, args: [5], call: (s) => { b.d.moveTo(s as number); return b.d; }, check: () => liteAnswer(b.d, b.g) }; },
    params: [endpoints('s', [v(POCKET, 'the pocket (a jump)', 'ok'), v(GOAL, 'the goal', 'ok')]).map((x) => (x.names?.[0] === 's' ? { ...x, names: ['moveTo', 's'] } : x))],
  });
  specs.push({
    target: 'bestfirst/repair:DStarLite#updateEdges',
    paramNames: ['changes'],
    make: (L) => {
      const g = new L.root.Graph(4, [[0, 1, 1], [1, 2, 1], [2, 3, 1], [0, 3, 5]], { directed: true });
      const d = new L.repair.DStarLite(g, 0, 3, () => 0);
      d.computeShortestPath();
      return {
        size: 4, args: [[{ from: 0, to: 1, oldCost: 1 }]], call: (c) => { d.updateEdges(c as never); return d.costToGoal(); }, check: (r) => same(r, 3),
      };
    },
    params: [[
      ...named([v(null, 'null'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['changes']),
      // No argument: the changes the space reports itself (a Graph reports none), so nothing is repaired.
      v(undefined, 'undefined (the space reports none)', 'ok'),
      ...named([fresh(() => [null], '[null]'), fresh(() => [5], '[5]'), fresh(() => ['x'], "['x']")], ['change']),
      ...named([fresh(() => [{ from: -1, to: 1, oldCost: 1 }], 'from -1'), fresh(() => [{ from: 0, to: 4, oldCost: 1 }], 'to 4'), fresh(() => [{ from: '0', to: 1, oldCost: 1 }], "from '0'"),
        fresh(() => [{ to: 1, oldCost: 1 }], 'no from'), fresh(() => [{ from: 0, to: 1.5, oldCost: 1 }], 'to 1.5')], ['from', 'to'], /0\.\.3/),
      ...named([fresh(() => [{ from: 0, to: 1, oldCost: Number.NaN }], 'oldCost NaN'), fresh(() => [{ from: 0, to: 1, oldCost: -1 }], 'oldCost -1'), fresh(() => [{ from: 0, to: 1 }], 'no oldCost'),
        fresh(() => [{ from: 0, to: 1, oldCost: '1' }], "oldCost '1'")], ['oldCost'], />= ?0/),
      fresh(() => [], '[]', 'ok'), fresh(() => [{ from: 1, to: 3, oldCost: Infinity }], 'an arc that never existed', 'ok'),
    ]],
    extra: gridEditRows(),
  });
  for (const m of ['topKey', 'lastRepair', 'footprint', 'costToGoal', 'path', 'computeShortestPath'] as const) {
    specs.push({
      target: `bestfirst/repair:DStarLite#${m}`,
      extra: [{ label: 'with junk arguments (ignored)', want: 'ok', make: (L) => { const b = liteBase(L); return { args: [SYM, -1], call: (...a) => apply((b.d[m] as AnyFn).bind(b.d), a), check: () => liteAnswer(b.d, b.g) }; } }],
    });
  }
  specs.push({
    target: 'bestfirst/repair:DStarLite',
    extra: [
      {
        label: 'a heuristic that breaks mid-repair: every later call refuses', want: 'error', names: ['heuristic', 'h('], poisons: true,
        make: (L) => {
          const g = grid(L);
          let broken = false;
          const d = new L.repair.DStarLite(g, START, GOAL, (a, b) => (broken && a !== b ? Number.NaN : 0));
          d.computeShortestPath();
          return { args: [], call: () => { broken = true; d.moveTo(5); g.setBlocked(10, true); return d.costToGoal(); }, after: () => { try { d.costToGoal(); return 'answered after the error'; } catch (e) { return e instanceof L.root.InputError ? undefined : String(e); } } };
        },
      },
      ...feedRows(),
      {
        label: 'a space listing a negative cost', want: 'error', names: ['cost'], poisons: true,
        make: (L) => {
          const sp = {
            size: 2, maxDegree: 1,
            successors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 1) return 0; nodes[0] = 1; costs[0] = -1; return 1; },
            predecessors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 0) return 0; nodes[0] = 0; costs[0] = -1; return 1; },
          };
          return { args: [], call: () => { const d = new L.repair.DStarLite(sp, 0, 1, () => 0); return d.costToGoal(); } };
        },
      },
    ],
  });
  return specs;
}

// --- ARA* ---------------------------------------------------------------------------------------------------

function scheduleValues(name = 'schedule'): V[] {
  return [
    ...named([v(null, 'null'), v(5, '5'), v('3,1', "'3,1'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(SYM, 'a symbol'), fresh(() => new Float64Array([2, 1]), 'a Float64Array')], [name]),
    ...named([fresh(() => [0.5], '[0.5]'), fresh(() => [Number.NaN], '[NaN]'), fresh(() => [Infinity], '[Infinity]'), fresh(() => ['2'], "['2']"), fresh(() => [null], '[null]'), fresh(() => holey([2, 0, 1], 1), 'a hole')], ['schedule['], />= ?1/),
    ...named([fresh(() => [1, 2], '[1, 2]'), fresh(() => [2, 2], '[2, 2]')], ['decrease', 'schedule']),
    fresh(() => [1], '[1]', 'ok'), fresh(() => [3, 1], '[3, 1]', 'ok'), fresh(() => [1e9, 1], '[1e9, 1]', 'ok'), fresh(() => [5, 2], '[5, 2] (bounded)', 'ok'),
  ];
}

function araCheck(g: Grid, start = START, goal = GOAL) {
  return (r: unknown) => {
    const res = r as { status: string; path: number[] | null; cost: number; bound: number };
    if (res.status === 'running') return 'still running';
    return checkAnswer(g, start, goal, { status: res.status, path: res.path, cost: res.cost }, { optimal: res.status === 'found' && res.bound === 1 });
  };
}

function araSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst/repair:ara',
    paramNames: ['space', 'start', 'goal', 'h', 'options'],
    make: (L) => { const g = grid(L); return { size: 15, blocked: BLOCKED, args: [g, START, GOAL, L.root.octile(g), {}], call: (...a) => apply(L.repair.ara, a), check: (r, a) => araCheck(a[0] as Grid, a[1] as number, a[2] as number)(r) }; },
    params: [
      [...notSpaces(), dyn((b) => (b.args[0] as Grid).with({ blocked: { enterCost: 10 } }), 'a grid with costly blocked cells', 'ok')],
      endpoints('start', [v(POCKET, 'the pocket', 'ok'), v(GOAL, 'the goal', 'ok')]),
      endpoints('goal', [v(POCKET, 'the pocket', 'ok'), v(START, 'the start', 'ok')]),
      [...tolerant(badHeuristics('h')), v(() => 0, '() => 0', 'ok')],
      options('ara', { schedule: [...scheduleValues(), v(undefined, 'undefined', 'ok')], limits: limitsOf(), trace: bool('trace') }),
    ],
  });
  specs.push({
    target: 'bestfirst/repair:AraSearcher',
    paramNames: ['space'],
    make: (L) => ({ args: [grid(L)], call: (...a) => construct(L.repair.AraSearcher, a), check: (r, a) => { const s = r as AraSearcher; s.begin(START, GOAL, () => 0); return araCheck(a[0] as Grid)(s.run()); } }),
    params: [notSpaces()],
  });
  const began = (L: Lib) => {
    const g = grid(L);
    const s = new L.repair.AraSearcher(g);
    s.begin(START, GOAL, L.root.octile(g));
    return { g, s };
  };
  specs.push({
    target: 'bestfirst/repair:AraSearcher#begin',
    paramNames: ['start', 'goal', 'h', 'options'],
    make: (L) => {
      const { g, s } = began(L);
      s.run();
      return { size: 15, blocked: BLOCKED, args: [START, GOAL, L.root.octile(g), {}], call: (...a) => { apply(s.begin.bind(s), a); return s.run(); }, check: (r, a) => araCheck(g, a[0] as number, a[1] as number)(r) };
    },
    params: [
      endpoints('start', [v(POCKET, 'the pocket', 'ok')]),
      endpoints('goal', [v(POCKET, 'the pocket', 'ok')]),
      [...tolerant(badHeuristics('h', { poisons: true }).map((x) => (x.label.includes('odd') ? x : { ...x, poisons: false }))), v(() => 0, '() => 0', 'ok')],
      options('ara: begin', { schedule: [...scheduleValues(), v(undefined, 'undefined', 'ok')], limits: limitsOf(), trace: bool('trace') }),
    ],
  });
  // iterate(slice): one round, or null when the slice ends first (status still running); then run() finishes the query.
  const iterated = (g: Grid) => (r: unknown, a: unknown[]) => {
    const { it, st, res } = r as { it: { path: number[]; cost: number } | null; st: string; res: unknown };
    const b = a[0] as { maxExpansions?: number; maxMillis?: number } | undefined;
    const maxExp = b?.maxExpansions, time = b?.maxMillis;
    if (maxExp === 0 && (it !== null || st !== 'running')) return `iterate with no expansions to spend returned ${it === null ? 'null' : 'a round'}, status ${st}`;
    if ((maxExp === Infinity || maxExp === undefined) && (time === Infinity || time === undefined)) {
      if (it === null) return `iterate with no slice limit returned null (status ${st})`;
      const off = checkAnswer(g, START, GOAL, { status: 'found', path: it.path, cost: it.cost }, { optimal: false });
      if (off) return `the round: ${off}`;
    }
    return araCheck(g)(res);
  };
  const slice = (where: string): V[] => options(where, { maxExpansions: count('maxExpansions'), maxMillis: count('maxMillis') });
  specs.push({
    target: 'bestfirst/repair:AraSearcher#iterate',
    paramNames: ['slice'],
    make: (L) => {
      const { g, s } = began(L);
      return { args: [{}], call: (...a) => { const it = apply(s.iterate.bind(s), a); return { it, st: s.status, res: s.run() }; }, check: iterated(g) };
    },
    params: [slice('ara: iterate')],
    extra: [{ label: 'before begin', want: 'error', names: ['begin'], make: (L) => { const s = new L.repair.AraSearcher(grid(L)); return { args: [], call: () => s.iterate() }; } }],
  });
  specs.push({
    target: 'bestfirst/repair:AraSearcher#run',
    paramNames: ['slice'],
    make: (L) => { const { g, s } = began(L); return { args: [{}], call: (o) => { s.run(o as object); return s.run(); }, check: araCheck(g) }; },
    params: [slice('ara: run')],
    extra: [{ label: 'before begin', want: 'error', names: ['begin'], make: (L) => { const s = new L.repair.AraSearcher(grid(L)); return { args: [], call: () => s.run() }; } }],
  });
  specs.push({
    target: 'bestfirst/repair:AraSearcher#cancel',
    extra: [{
      label: 'a running query ends stopped, reason aborted, its rounds kept; the next query runs as usual (junk arguments ignored)', want: 'ok',
      make: (L) => {
        const { g, s } = began(L);
        return {
          args: [SYM, 5],
          call: (...junk) => { s.iterate({ maxExpansions: 2 }); apply(s.cancel.bind(s), junk); const r = [s.status, s.reason]; s.begin(START, GOAL, L.root.octile(g)); return { r, res: s.run() }; },
          check: (out) => {
            const { r, res } = out as { r: unknown[]; res: unknown };
            return same(r, ['stopped', 'aborted'], 'after cancel') ?? araCheck(g)(res);
          },
        };
      },
    }],
  });
  specs.push({
    target: 'bestfirst/repair:AraSearcher#result',
    paramNames: ['elapsedMs'],
    make: (L) => { const { g, s } = began(L); s.run(); return { args: [], call: (m) => s.result(m as number), check: (r, a) => araCheck(g)(r) ?? (a[0] === undefined || (r as { elapsedMs: number }).elapsedMs === a[0] ? undefined : 'elapsedMs not passed through') }; },
    params: [[...named([...notNumbers().filter((x) => x.label !== 'undefined'), v(Number.NaN, 'NaN'), v(-1, '-1')], ['elapsedMs'], />= ?0/), v(0, '0', 'ok'), v(12.5, '12.5', 'ok')]],
    extra: [{ label: 'before begin', want: 'error', names: ['begin'], make: (L) => { const s = new L.repair.AraSearcher(grid(L)); return { args: [], call: () => s.result() }; } }],
  });
  specs.push({
    target: 'bestfirst/repair:AraSearcher#gOf',
    paramNames: ['n'],
    make: (L) => { const { s } = began(L); s.run(); return { size: 15, args: [START], call: (n) => s.gOf(n as number), check: (r, a) => (a[0] === START || Object.is(a[0], -0) ? same(r, 0) : typeof r === 'number' ? undefined : 'not a number') }; },
    params: [ids('n', { names: ['gOf', 'n'] })],
  });
  return specs;
}

// --- universal plans ---------------------------------------------------------------------------------------

function planCheck(plan: UniversalPlan, g: Grid): string | undefined {
  for (let n = 0; n < g.size; n++) {
    const want = costTo(g, n, plan.goal);
    if (!(plan.h[n] === want || Math.abs(plan.h[n] - want) < 1e-9)) return `h[${n}] = ${plan.h[n]}, expected ${want}`;
  }
  return undefined;
}

/** Dijkstra from `from`, arrays only: the cost to `goal`. */
function costTo(g: Grid, from: number, goal: number): number {
  const n = g.size, dist = new Array<number>(n).fill(Infinity), done = new Array<boolean>(n).fill(false);
  const nb = new Int32Array(8), c = new Float64Array(8);
  dist[from] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) break;
    done[u] = true;
    const d = g.successors(u, nb, c);
    for (let k = 0; k < d; k++) if (dist[u] + c[k] < dist[nb[k]]) dist[nb[k]] = dist[u] + c[k];
  }
  return dist[goal];
}

function planSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst/repair:universalPlan',
    paramNames: ['space', 'goal'],
    make: (L) => { const g = grid(L); return { size: 15, blocked: BLOCKED, args: [g, GOAL], call: (...a) => apply(L.repair.universalPlan, a), check: (r, a) => planCheck(r as UniversalPlan, a[0] as Grid) }; },
    params: [
      [...notSpaces('space', { predecessors: true }), dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok')],
      endpoints('goal', [v(POCKET, 'the pocket', 'ok')]),
    ],
  });
  specs.push({
    target: 'bestfirst/repair:UniversalPlanner',
    paramNames: ['space'],
    make: (L) => ({ args: [grid(L)], call: (...a) => construct(L.repair.UniversalPlanner, a), check: (r, a) => planCheck((r as { plan(g: number): UniversalPlan }).plan(GOAL), a[0] as Grid) }),
    params: [notSpaces('space', { predecessors: true })],
  });
  specs.push({
    target: 'bestfirst/repair:UniversalPlanner#plan',
    paramNames: ['goal'],
    make: (L) => { const g = grid(L); const p = new L.repair.UniversalPlanner(g); p.plan(GOAL); return { size: 15, blocked: BLOCKED, args: [GOAL], call: (x) => p.plan(x as number), check: (r) => planCheck(r as UniversalPlan, g) }; },
    params: [endpoints('goal', [v(POCKET, 'the pocket', 'ok')])],
    extra: [{
      label: 'a space listing a NaN cost: refused, no half-made plan left', want: 'error', names: ['cost'],
      make: (L) => {
        const sp = { size: 2, maxDegree: 1, successors: () => 0, predecessors: (n: number, nodes: Int32Array, costs: Float64Array) => { if (n === 0) return 0; nodes[0] = 0; costs[0] = Number.NaN; return 1; } };
        const p = new L.repair.UniversalPlanner(sp);
        return { args: [1], call: (x) => p.plan(x as number), after: () => { try { L.repair.follow(p, 0); return 'follow answered on a failed plan'; } catch (e) { return e instanceof L.root.InputError ? undefined : String(e); } } };
      },
    }],
  });
  const plan = (L: Lib) => { const g = grid(L); return { g, p: L.repair.universalPlan(g, GOAL) }; };
  const badPlans = (): V[] => named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ goal: 0, h: [0], next: [-1], order: [0], reachable: 1 }), 'plain arrays'),
    fresh(() => ({ goal: 0, h: new Float64Array(2), next: new Int32Array(3), order: new Int32Array(2), reachable: 1 }), 'next and h of different lengths'),
    fresh(() => ({ goal: -1, h: new Float64Array(15), next: new Int32Array(15), order: new Int32Array(15), reachable: 0 }), 'goal -1'),
    fresh(() => ({ goal: 1.5, h: new Float64Array(15), next: new Int32Array(15), order: new Int32Array(15), reachable: 0 }), 'goal 1.5'),
  ], ['plan']);
  specs.push({
    target: 'bestfirst/repair:follow',
    paramNames: ['plan', 'from'],
    make: (L) => { const { g, p } = plan(L); return { size: 15, args: [p, START], call: (...a) => apply(L.repair.follow, a), check: (r, a) => (r === null ? (a[0] as UniversalPlan).h[a[1] as number] === Infinity ? undefined : 'null for a reachable node' : checkAnswer(g, a[1] as number, GOAL, { status: 'found', path: r as number[], cost: (a[0] as UniversalPlan).h[a[1] as number] })) }; },
    params: [
      [...badPlans(),
        dyn((b) => { const p = b.args[0] as UniversalPlan; const q = { ...p, h: p.h.slice(), next: p.next.slice() }; q.next[0] = 1; q.next[1] = 0; q.h.fill(1); q.h[GOAL] = 0; return q; }, 'arrows in a cycle', 'error', { names: ['arrows', 'plan'] }),
        dyn((b) => { const p = b.args[0] as UniversalPlan; const q = { ...p, next: p.next.slice() }; q.next[0] = 99; return q; }, 'an arrow out of range', 'error', { names: ['arrow', 'plan'] })],
      ids('from', { names: ['from'], legit: [v(POCKET, 'the pocket', 'ok', { check: (r) => same(r, null) }), v(BLOCKED, 'a blocked cell', 'ok', { check: (r) => same(r, null) })] }),
    ],
  });
  for (const name of ['bellmanResidual', 'bellmanTerms'] as const) {
    specs.push({
      target: targetOf(name),
      paramNames: name === 'bellmanTerms' ? ['space', 'plan', 'node'] : ['space', 'plan'],
      make: (L) => {
        const { g, p } = plan(L);
        return {
          size: 15, args: name === 'bellmanTerms' ? [g, p, START] : [g, p], call: (...a) => apply(pub(L)[name], a),
          check: (r) => (name === 'bellmanResidual' ? (typeof r === 'number' && r < 1e-9 ? undefined : `residual ${String(r)}`) : typeof r === 'object' && r !== null ? undefined : 'not a view'),
        };
      },
      params: [
        [...notSpaces(), dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid (residual > 0)', 'ok', { check: (r) => (typeof r === 'number' || typeof r === 'object' ? undefined : 'nothing') }),
          dyn((b) => new ((b.args[0] as Grid).constructor as new (w: number, h: number) => Grid)(4, 4), 'a grid of another size', 'error', { names: ['plan', 'space'] })],
        [...badPlans(),
          dyn((b) => ({ ...(b.args[1] as UniversalPlan), order: undefined }), 'a plan without order', 'error', { names: ['plan', 'order'] }),
          dyn((b) => ({ ...(b.args[1] as UniversalPlan), reachable: 1e9 }), 'reachable 1e9', 'error', { names: ['plan', 'reachable'] }),
          dyn((b) => ({ ...(b.args[1] as UniversalPlan), order: new Int32Array(15).fill(99) }), 'order naming node 99', name === 'bellmanTerms' ? 'either' : 'error', { names: ['plan', 'order'] })],
        ...(name === 'bellmanTerms' ? [ids('node', { names: ['node'] })] : []),
      ],
    });
  }
  return specs;
}

/** A flood's answer against the oracle: every node within the budget at its cost from (or to) the nearest source, the rest Infinity. */
function floodCheck(r: unknown, a: unknown[]): string | undefined {
  const f = r as Flood, space = a[0] as Grid, opts = (a[2] ?? {}) as FloodOptions;
  const sources = typeof a[1] === 'number' ? [a[1]] : Array.from(a[1] as ArrayLike<number>);
  const budget = opts.radius ?? Infinity;
  if (!(f?.g instanceof Float64Array) || f.g.length !== space.size) return 'no g of the space\'s size';
  for (let n = 0; n < space.size; n++) {
    const want = Math.min(...sources.map((s) => (opts.direction === 'backward' ? oracle(space, n, s) : oracle(space, s, n))));
    const got = f.g[n];
    if (f.status === 'stopped') { if (got !== Infinity && !near(got, want)) return `g[${n}] ${got}, want ${want}`; continue; }
    if (want <= budget ? !near(got, want) : got !== Infinity) return `g[${n}] ${got}, want ${want <= budget ? want : Infinity} (budget ${budget})`;
  }
  return undefined;
}

/** The sources of flood and zeroOneBfs: one id, or a list (an array or an Int32Array) of them. */
function floodSources(): V[] {
  return [...ids('sources', { blocked: true, legit: [v(POCKET, 'the pocket', 'ok')] }).map((x) => (x.label === '[0]' || x.label === 'Int32Array [0]' ? { ...x, want: 'ok' as const } : x)),
    fresh(() => [], '[]', 'error', { names: ['sources'] }),
    fresh(() => [START, 99], 'a list with an id out of range', 'error', { names: ['sources[1]'] }),
    fresh(() => [START, BLOCKED], 'a list with a blocked cell', 'error', { names: ['sources[1]'] }),
    fresh(() => [START, '3'], "a list with '3'", 'error', { names: ['sources[1]'] }),
    fresh(() => [GOAL, GOAL, START], 'a list with a repeat', 'ok')];
}

function floodSpecs(): Spec[] {
  return [{
    target: 'bestfirst:flood',
    paramNames: ['space', 'sources', 'options'],
    make: (L) => ({ size: 15, blocked: BLOCKED, args: [grid(L), [START, GOAL], {}], call: (...a) => apply(L.root.flood, a), check: floodCheck }),
    params: [
      notSpaces('space'),
      floodSources(),
      options('flood', {
        radius: count('radius'),
        direction: oneOf('direction', ['forward', 'backward']),
        limits: limitsOf(),
      }),
    ],
  }];
}

function allPairsSpecs(): Spec[] {
  // The fixture grid: from START every free cell but the pocket is reachable; (0,0) -> (2,2) costs 4.
  const apCheck = (r: unknown, a: unknown[]) => {
    const ap = r as AllPairs, g = a[0] as Grid;
    if (!(ap?.dist instanceof Float64Array)) return 'no table';
    for (const [i, j] of [[START, GOAL], [GOAL, START], [START, POCKET]]) {
      if (!near(ap.dist[i * ap.size + j], oracle(g, i, j)) && !(ap.dist[i * ap.size + j] === Infinity && oracle(g, i, j) === Infinity)) return `dist ${i} -> ${j}`;
    }
    return undefined;
  };
  const table = (L: Lib) => { const g = grid(L); return { g, ap: L.search.floydWarshall(g) as AllPairs }; };
  return [{
    target: 'bestfirst/search:zeroOneBfs',
    paramNames: ['space', 'sources', 'options'],
    // The fixture grid, 4-connected: every step costs 1.
    make: (L) => ({ size: 15, blocked: BLOCKED, args: [grid(L, { connectivity: 4 }), [START, GOAL], {}], call: (...a) => apply(L.search.zeroOneBfs, a), check: floodCheck }),
    params: [
      [...notSpaces('space'), dyn((b) => (b.args[0] as Grid).with({ connectivity: 8, diagonalRule: 'always' }), 'an 8-connected grid cutting corners (diagonals cost 1.41)', 'error', { names: ['0-1', 'cost'] })],
      floodSources(),
      options('zeroOneBfs', { direction: oneOf('direction', ['forward', 'backward']) }),
    ],
  }, {
    target: 'bestfirst/search:bellmanFord',
    paramNames: ['space', 'source'],
    make: (L) => ({
      size: 15, blocked: BLOCKED, args: [grid(L), START], call: (...a) => apply(L.search.bellmanFord, a),
      check: (r, a) => {
        const b = r as { status: string; g: Float64Array };
        if (b?.status !== 'done') return `status ${String(b?.status)}`;
        for (let n = 0; n < 15; n++) if (!near(b.g[n], oracle(a[0] as Grid, a[1] as number, n)) && !(b.g[n] === Infinity && oracle(a[0] as Grid, a[1] as number, n) === Infinity)) return `g[${n}]`;
        return undefined;
      },
    }),
    params: [notSpaces('space'), ids('source', { blocked: true, legit: [v(POCKET, 'the pocket', 'ok')] })],
  }, {
    target: 'bestfirst/search:floydWarshall',
    paramNames: ['space'],
    make: (L) => ({ args: [grid(L)], call: (...a) => apply(L.search.floydWarshall, a), check: apCheck }),
    params: [[...notSpaces('space'), fresh(() => ({ size: 5000, maxDegree: 1, successors: () => 0 }), 'a space of 5,000 nodes', 'error', { names: ['5000', '2048'] })]],
  }, {
    target: 'bestfirst/search:allPairsPath',
    paramNames: ['ap', 'from', 'to'],
    make: (L) => { const { g, ap } = table(L); return { size: 15, args: [ap, START, GOAL], call: (...a) => apply(L.search.allPairsPath, a), check: (r, a) => (r === null ? 'null for a reachable pair' : checkAnswer(g, a[1] as number, a[2] as number, { status: 'found', path: r as number[], cost: ap.dist[(a[1] as number) * 15 + (a[2] as number)] })) }; },
    params: [
      named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ size: 2, dist: new Float64Array(3), next: new Int32Array(3) }), 'tables of the wrong size')], ['ap']),
      ids('from', { names: ['from'], legit: [v(POCKET, 'the pocket', 'ok', { check: (r) => same(r, null) }), v(BLOCKED, 'a blocked cell', 'ok', { check: (r) => same(r, null) })] }),
      ids('to', { names: ['to'], legit: [v(POCKET, 'the pocket', 'ok', { check: (r) => same(r, null) }), v(BLOCKED, 'a blocked cell', 'ok', { check: (r) => same(r, null) })] }),
    ],
  }];
}

/**
 * The MAPF planners (prioritized, CBS, PIBT, LaCAM). Two agents on the fixture grid: 0 (0,0) -> 2 (2,0) and
 * 10 (0,2) -> 12 (2,2), both 2 steps alone, apart (sum of costs 4). The
 * answer is checked by the plan checker of bestfirst/movingai.
 */
function mapfSpecs(): Spec[] {
  const TASKS = [{ start: START, goal: 2 }, { start: 10, goal: GOAL }];
  const planCheck = (L: Lib) => (r: unknown, a: unknown[]) => {
    const res = r as { status?: string; paths?: number[][] | null; sumOfCosts?: number };
    if (typeof res?.status !== 'string') return `not a result: ${JSON.stringify(r)}`;
    if (res.status !== 'found') return undefined; // a budget or a proof of no plan: a status, not an error
    const v = L.mapf.checkMapfPlan(a[0] as Grid, a[1] as never, res.paths as number[][]) as { ok: boolean; sumOfCosts?: number; reason?: string };
    return v.ok && v.sumOfCosts === res.sumOfCosts ? undefined : `invalid plan: ${v.reason ?? `sum of costs ${res.sumOfCosts} vs ${v.sumOfCosts}`}`;
  };
  const tasks = (): V[] => [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), v('ab', "'ab'")], ['tasks']),
    fresh(() => [null], 'a null task', 'error', { names: ['tasks[0]'] }),
    fresh(() => [{ start: START, goal: 99 }], 'a goal out of range', 'error', { names: ['tasks[0]'] }),
    fresh(() => [{ start: '0', goal: 2 }], "a start '0'", 'error', { names: ['tasks[0]'] }),
    fresh(() => [{ start: 1.5, goal: 2 }], 'a start 1.5', 'error', { names: ['tasks[0]'] }),
    fresh(() => [{ start: BLOCKED, goal: 2 }], 'a blocked start', 'error', { names: ['tasks[0].start', 'blocked'] }),
    fresh(() => [{ start: START, goal: BLOCKED }], 'a blocked goal', 'error', { names: ['tasks[0].goal', 'blocked'] }),
    fresh(() => [{ start: START, goal: 2 }, { start: START, goal: GOAL }], 'two agents on one start', 'error', { names: ['tasks[0]', 'tasks[1]', 'start'] }),
    fresh(() => [{ start: START, goal: 2 }, { start: 10, goal: 2 }], 'two agents with one goal', 'error', { names: ['tasks[0]', 'tasks[1]', 'goal'] }),
    fresh(() => [], 'no agents', 'ok'),
    fresh(() => [{ start: START, goal: POCKET }], 'a goal walled off (unsolvable: a status)', 'ok'),
    fresh(() => [{ start: START, goal: 2 }, { start: 2, goal: START }], 'two agents swapping ends', 'ok'),
  ];
  const common = (where: string) => ({
    limits: limitsOf(),
    jointLimit: [...named([v(-1, '-1'), v(0.5, '0.5'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity'), v('5', "'5'"), v(null, 'null'), v(1e9, '1e9')], ['jointLimit'], new RegExp(`${where}|whole number`)),
      v(0, '0', 'ok'), v(10, '10', 'ok'), v(undefined, 'undefined', 'ok')],
    onProgress: [v(undefined, 'undefined', 'ok'), v(() => undefined, 'a function', 'ok'), ...named([v(null, 'null'), v(5, '5'), v('bar', 'a string')], ['onProgress', 'function'])],
  });
  // PIBT and LaCAM: no joint search (LaCAM proves "no plan" itself), and a seed.
  const ours = (where: string) => {
    const { jointLimit: _, ...rest } = common(where);
    return {
      ...rest,
      seed: [...named([v(-1, '-1'), v(0.5, '0.5'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity'), v(2 ** 32, '2 ** 32'), v('5', "'5'"), v(null, 'null')], ['seed'], new RegExp(`${where}|whole number`)),
        v(0, '0', 'ok'), v(7, '7', 'ok'), v(2 ** 32 - 1, '2 ** 32 - 1', 'ok'), v(undefined, 'undefined', 'ok')],
    };
  };
  return [{
    target: 'bestfirst/mapf:prioritizedPlan',
    paramNames: ['grid', 'tasks', 'options'],
    make: (L) => ({ args: [grid(L), TASKS.map((t) => ({ ...t })), {}], call: (...a) => apply(L.mapf.prioritizedPlan, a), check: planCheck(L) }),
    params: [notGrids(), tasks(), options('prioritizedPlan', common('prioritizedPlan'))],
  }, {
    target: 'bestfirst/mapf:cbs',
    paramNames: ['grid', 'tasks', 'options'],
    make: (L) => ({ args: [grid(L), TASKS.map((t) => ({ ...t })), {}], call: (...a) => apply(L.mapf.cbs, a), check: planCheck(L) }),
    params: [notGrids(), tasks(), options('cbs', { ...common('cbs'), maxNodes: count('maxNodes') })],
  }, {
    target: 'bestfirst/mapf:pibt',
    paramNames: ['grid', 'tasks', 'options'],
    make: (L) => ({ args: [grid(L), TASKS.map((t) => ({ ...t })), {}], call: (...a) => apply(L.mapf.pibt, a), check: planCheck(L) }),
    params: [notGrids(), tasks(), options('pibt', { ...ours('pibt'), maxSteps: count('maxSteps', { optional: true, integer: true }), swap: bool('swap') })],
  }, {
    target: 'bestfirst/mapf:lacam',
    paramNames: ['grid', 'tasks', 'options'],
    make: (L) => ({ args: [grid(L), TASKS.map((t) => ({ ...t })), {}], call: (...a) => apply(L.mapf.lacam, a), check: planCheck(L) }),
    params: [notGrids(), tasks(), options('lacam', { ...ours('lacam'), anytime: bool('anytime'), maxNodes: count('maxNodes'), swap: bool('swap') })],
  }, lifelongSpec(ours('lifelong')), {
    // The fixture grid: pick stations down its left column, drop stations down its right (the pockets), shelf spots beside (1,1) and (3,1).
    target: 'bestfirst/mapf:warehouseStations',
    paramNames: ['grid'],
    make: (L) => ({ args: [grid(L)], call: (...a) => apply(L.mapf.warehouseStations, a), check: (r) => same(r, { pick: [0, 5, 10], shelf: [1, 7, 11], drop: [4, 9] }) }),
    params: [notGrids()],
  }];
}

/**
 * Lifelong operation: its options hold the required `agents` and `steps`,
 * so every options row is laid over a base of 2 robots, 4 steps and
 * stations on the fixture grid (pick (0,0), shelf (2,0), drop (2,2); the
 * pocket (4,0) is out of reach).
 */
function lifelongSpec(common: Record<string, V[]>): Spec {
  const STATIONS = { pick: [START], shelf: [2], drop: [GOAL] };
  const base = { agents: 2, steps: 4, stations: STATIONS };
  const isPlain = (o: unknown) => o !== null && typeof o === 'object' && !Array.isArray(o);
  const over = (vs: V[]): V[] => vs.map((x) => ({ ...x, get: (b) => { const o = x.get(b); return isPlain(o) ? { ...base, ...(o as object) } : o; } }));
  const agents: V[] = [
    ...named([v(null, 'null'), v(0, '0'), v(-1, '-1'), v(1.5, '1.5'), v('2', "'2'"), v(Infinity, 'Infinity'), fresh(() => ({}), '{}')], ['agents'], /whole number >= 1|array/),
    v(9, '9 (more than the 8 cells the stations reach)', 'error', { names: ['robots'] }),
    fresh(() => [BLOCKED], 'a blocked start', 'error', { names: ['agents[0]'] }),
    fresh(() => [POCKET], 'a start out of reach', 'error', { names: ['agents[0]'] }),
    fresh(() => [START, START], 'two robots on one cell', 'error', { names: ['two robots'] }),
    fresh(() => [99], 'a start out of range', 'error', { names: ['agents[0]'] }),
    v(1, '1', 'ok'), v(8, '8 (every reachable cell)', 'ok'), fresh(() => [START, GOAL], 'two starts', 'ok'), fresh(() => [GOAL], 'on a drop station', 'ok'),
  ];
  const steps = [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(-1, '-1'), v(1.5, '1.5'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity'), v('4', "'4'")], ['steps'], /whole number >= 0/),
    v(0, '0', 'ok'), v(7, '7', 'ok'),
  ];
  const stations = [
    ...named([v(null, 'null'), v(5, '5'), fresh(() => [], '[]')], ['stations'], /pick, shelf, drop/),
    fresh(() => ({ pick: [START], shelf: [], drop: [GOAL] }), 'no shelf spot', 'error', { names: ['stations.shelf'] }),
    fresh(() => ({ pick: [START], shelf: [2] }), 'no drop stations', 'error', { names: ['stations.drop'] }),
    fresh(() => ({ pick: [BLOCKED], shelf: [2], drop: [GOAL] }), 'a blocked pick station', 'error', { names: ['stations.pick[0]'] }),
    fresh(() => ({ pick: [START], shelf: [2.5], drop: [GOAL] }), 'a shelf spot 2.5', 'error', { names: ['stations.shelf[0]'] }),
    fresh(() => ({ pick: [START], shelf: [POCKET], drop: [GOAL] }), 'a shelf spot out of reach', 'error', { names: ['shelf station'] }),
    fresh(() => ({ pick: [START], shelf: [2], drop: [GOAL], dock: [1] }), 'an unknown key', 'error', { names: ['dock'] }),
    v(undefined, 'undefined (read off the map: no shelf spot reachable there)', 'error', { names: ['station'] }),
    fresh(() => ({ pick: [START, 10], shelf: [2, 7], drop: [GOAL, 11] }), 'two of each', 'ok'),
  ];
  const solver = [...named([v(null, 'null'), v('cbs', "'cbs'"), v(5, '5')], ['solver'], /pibt.*lacam/), v('pibt', "'pibt'", 'ok'), v('lacam', "'lacam'", 'ok'), v(undefined, 'undefined', 'ok')];
  const window = [...named([v(0, '0'), v(-1, '-1'), v(1.5, '1.5'), v('5', "'5'"), v(null, 'null')], ['window'], /whole number >= 1/), v(1, '1', 'ok'), v(3, '3', 'ok'), v(undefined, 'undefined', 'ok')];
  return {
    target: 'bestfirst/mapf:lifelong',
    paramNames: ['grid', 'options'],
    make: (L) => ({
      args: [grid(L), { ...base }],
      call: (...a) => apply(L.mapf.lifelong, a),
      check: (r) => {
        const res = r as { status?: string; steps?: number; tasksDone?: number; goalsReached?: number };
        if (typeof res?.status !== 'string' || typeof res.steps !== 'number') return `not a result: ${JSON.stringify(r)}`;
        return res.tasksDone! * 3 <= res.goalsReached! ? undefined : `${res.tasksDone} errands done from ${res.goalsReached} goals`;
      },
    }),
    params: [notGrids(), over(options('lifelong', {
      ...common, agents, steps, stations, solver, window, windowMillis: count('windowMillis'), swap: bool('swap'), positions: bool('positions'),
    }, { optional: false }))],
  };
}

export function repairSpecs(): Spec[] {
  return [...dstarSpecs(), ...liteSpecs(), ...araSpecs(), ...planSpecs(), ...floodSpecs(), ...allPairsSpecs(), ...mapfSpecs()];
}

