// The bad-input table, part 3: 'bestfirst/movingai' (files and path checks),
// 'bestfirst/cspace' (floor plans) and 'bestfirst/worlds' (the chapter's worlds).
import type { Grid, SearchSpace } from '#bestfirst';
import type { Scenario } from '#bestfirst/io';
import type { FloorPlan, FloorPlanSpec, Footprint, FootprintSlices } from '#bestfirst/cspace';
import type { ApartmentWorld } from '#bestfirst/worlds';
import { apply, BLOCKED, construct, GOAL, grid, notGrids, START } from './bad-input-core.js';
import {
  badHeuristics, checkAnswer, dyn, fresh, holey, ids, named, near, notNumbers, notSpaces, oneOf, options, positive, same, SYM, v,
  type Base, type Extra, type Lib, type Spec, type V,
  pub, targetOf,
} from './bad-input-kit.js';

type AnyFn = (...a: unknown[]) => unknown;

const FILE = 'x.map';
const MAP = 'type octile\nheight 3\nwidth 5\nmap\n...@.\n.@.@.\n...@@\n';
const head = (h: number | string, w: number | string) => `type octile\nheight ${h}\nwidth ${w}\nmap\n`;

/** Texts no `.map` reader accepts, each with what the message must name besides the file. */
const BAD_MAPS: [string, string][] = [
  ['', 'empty'], ['\n', 'one newline'], ['type octile', 'only the type line'], ['type octile\n', 'only the type line, with its newline'],
  ['type foo\nheight 1\nwidth 1\nmap\n.\n', 'type foo'], ['type octile extra\nheight 1\nwidth 1\nmap\n.\n', 'type octile extra'], ['TYPE octile\nheight 1\nwidth 1\nmap\n.\n', 'TYPE'],
  [head(0, 1), 'height 0'], [head(-1, 1) + '.\n', 'height -1'], [head(1.5, 1) + '.\n', 'height 1.5'], [head('1e0', 1) + '.\n', 'height 1e0'], [head('0x1', 1) + '.\n', 'height 0x1'],
  ['type octile\nheight\nwidth 1\nmap\n.\n', 'height without a value'], [head(99999, 1), 'height 99999'], [head(65536, 65536), '65536 x 65536'], [head('', 1), "height ''"],
  ['type octile\nheight 1\nheight 1\nmap\n.\n', 'height twice'], ['type octile\nheight 1\nwidth 1\n.\n', "no 'map' line"], ['type octile\nheight 1\nwidth 1\nmaps\n.\n', "'maps'"],
  [head(2, 1) + '.\n', 'one row of two'], [head(1, 1) + '.\n.\n', 'a row too many'], [head(1, 3) + '..\n', 'a short row'], [head(1, 3) + '....\n', 'a long row'],
  [head(1, 3) + '.X.\n', "terrain 'X'"], [head(1, 3) + '. .\n', 'a space'], [head(1, 3) + '.\t.\n', 'a tab'], [head(1, 3) + '.\u00e9.\n', 'a non-ASCII letter'], [head(1, 3) + '.\u0000.\n', 'a NUL'],
  [head(2, 2) + '..\n\n..\n', 'a blank line between rows'], ['type octile\nwidth 2\nwidth 2\nmap\n..\n', 'width twice'], ['height 1\nwidth 1\ntype octile\nmap\n.\n', 'the header out of order'],
  ['\u0000\u0001\u0002\u00ff\ufffd', 'binary'], ['type octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n.\r\n', 'CRLF with a row too many'],
];
const GOOD_MAPS: [string, string, string[]][] = [
  [head(1, 1) + '.\n', '1 x 1', ['.']], [head(1, 1) + '@', '1 x 1 blocked, no final newline', ['#']], ['type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n', 'CRLF', ['.#']],
  ['type octile\nwidth 2\nheight 1\nmap\n.T\n\n\n', 'width before height, trailing blank lines', ['.#']], [head(1, 6) + '.GSTWO\n', 'every terrain letter', ['...###']],
  [' type  octile \nheight 1\nwidth 1\n map \n.\n', 'spaces around the header words', ['.']],
];

const SCEN_ROW = (f: string[]) => `version 1\n${f.join('\t')}\n`;
const OK_FIELDS = ['0', 'x.map', '5', '3', '0', '0', '2', '2', '4'];
const withField = (k: number, s: string) => SCEN_ROW(OK_FIELDS.map((x, i) => (i === k ? s : x)));
const BAD_SCENS: [string, string, string[]][] = [
  ['', 'empty', ['version']], ['version 2\n', 'version 2', ['version']], ['Version 1\n', 'Version 1', ['version']], ['0\tx.map\t5\t3\t0\t0\t2\t2\t4\n', 'no version line', ['version']],
  [SCEN_ROW(OK_FIELDS.slice(0, 8)), 'eight fields', ['field']], [SCEN_ROW([...OK_FIELDS, '1']), 'ten fields', ['field']], ['version 1\n0 x.map 5 3 0 0 2 2 4\n', 'spaces for tabs', ['field']],
  [withField(0, 'x'), "bucket 'x'", ['bucket']], [withField(0, '-1'), 'bucket -1', ['bucket']], [withField(0, '1.5'), 'bucket 1.5', ['bucket']], [withField(0, ''), "bucket ''", ['bucket']],
  [withField(1, ''), 'an empty map field', ['map']], [withField(1, ' '), 'a blank map field', ['map']], [withField(2, '0'), 'width 0', ['size', 'width']], [withField(3, '0'), 'height 0', ['size', 'height']],
  [withField(4, '1e2'), 'start x 1e2', ['start x']], [withField(5, '-2'), 'start y -2', ['start y']], [withField(6, '0x2'), 'goal x 0x2', ['goal x']], [withField(7, ''), "goal y ''", ['goal y']],
  [withField(8, 'NaN'), 'optimal NaN', ['optimal']], [withField(8, 'Infinity'), 'optimal Infinity', ['optimal']], [withField(8, '-1'), 'optimal -1', ['optimal']], [withField(8, ''), "optimal ''", ['optimal']],
  [withField(8, '1e400'), 'optimal 1e400', ['optimal']], [withField(8, '0x10'), 'optimal 0x10', ['optimal']], [withField(8, '4 4'), "optimal '4 4'", ['optimal']],
  [withField(2, '99999999999999999999999'), 'a width past 2^53', ['width', 'size']],
];
const GOOD_SCENS: [string, string, number][] = [
  ['version 1\n', 'no problems', 0], ['version 1.0\n' + OK_FIELDS.join('\t') + '\n', 'version 1.0', 1], [SCEN_ROW(OK_FIELDS) + '\n\n', 'trailing blank lines', 1],
  [SCEN_ROW(OK_FIELDS).replace(/\n/g, '\r\n'), 'CRLF', 1], [withField(8, '4.00000000'), 'optimal 4.00000000', 1], [withField(8, '.5'), 'optimal .5', 1], [withField(8, '1e2'), 'optimal 1e2', 1],
];

function scenario(o: Partial<Scenario> = {}): Scenario {
  return { bucket: 0, map: 'x.map', mapName: 'x.map', width: 5, height: 3, startX: 0, startY: 0, goalX: 2, goalY: 2, optimal: 4, line: 2, ...o };
}

function ioSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst/io:parseMap',
    paramNames: ['text', 'file'],
    make: (L) => ({ args: [MAP, FILE], call: (...a) => apply(L.io.parseMap, a), check: (r) => same((r as Grid).toAscii(), ['...#.', '.#.#.', '...##']) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => new TextEncoder().encode(MAP), 'the bytes'), v(SYM, 'a symbol'), fresh(() => [MAP], '[text]')], ['text']),
        ...BAD_MAPS.map(([t, label]) => v(t, label, 'error', { names: [FILE], allowed: /expected|more than/ })),
        ...GOOD_MAPS.map(([t, label, ascii]) => v(t, label, 'ok', { check: (r: unknown) => same((r as Grid).toAscii(), ascii) })),
        dyn(() => 'x'.repeat(17_000_000), 'a text of 17 million characters', 'error', { names: [FILE] }),
      ],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), v(true, 'true')], ['file']), v(undefined, 'undefined', 'ok'), v('', "''", 'ok')],
    ],
  });
  specs.push({
    target: 'bestfirst/io:formatMap',
    paramNames: ['grid'],
    make: (L) => ({ args: [grid(L)], call: (...a) => apply(L.io.formatMap, a), check: (r, a) => same(L.io.parseMap(r as string).toAscii(), (a[0] as Grid).toAscii()) }),
    params: [[...notGrids(), dyn((b) => (b.args[0] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok')]],
  });
  specs.push({
    target: 'bestfirst/io:parseScen',
    paramNames: ['text', 'file'],
    make: (L) => ({ args: [SCEN_ROW(OK_FIELDS), 'x.scen'], call: (...a) => apply(L.io.parseScen, a), check: (r) => same((r as Scenario[]).map((s) => [s.startX, s.goalY, s.optimal]), [[0, 2, 4]]) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['text']),
        ...BAD_SCENS.map(([t, label, names]) => v(t, label, 'error', { names: names.map((n) => n), allowed: /expected/ })),
        ...GOOD_SCENS.map(([t, label, n]) => v(t, label, 'ok', { check: (r: unknown) => same((r as unknown[]).length, n) })),
      ],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['file']), v(undefined, 'undefined', 'ok')],
    ],
  });
  specs.push({
    target: 'bestfirst/io:formatScen',
    paramNames: ['scenarios', 'digits'],
    make: (L) => ({ args: [[scenario()], undefined], call: (...a) => apply(L.io.formatScen, a), check: (r, a) => same(L.io.parseScen(r as string).map((s) => [s.startX, s.goalY, s.width]), (a[0] as Scenario[]).map((s) => [s.startX, s.goalY, s.width])) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('x', "'x'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['scenarios']),
        ...named([fresh(() => [null], '[null]'), fresh(() => [5], '[5]'), fresh(() => [{}], '[{}]')], ['scenario', 'scenarios[']),
        ...(['bucket', 'width', 'height', 'startX', 'startY', 'goalX', 'goalY'] as const).flatMap((k) => [
          fresh(() => [scenario({ [k]: -1 })], `${k} -1`, 'error', { names: [k] }), fresh(() => [scenario({ [k]: 1.5 })], `${k} 1.5`, 'error', { names: [k] }),
          fresh(() => [scenario({ [k]: '2' as never })], `${k} '2'`, 'error', { names: [k] }),
        ]),
        fresh(() => [scenario({ width: 0 })], 'width 0', 'error', { names: ['width'] }),
        fresh(() => [scenario({ optimal: Number.NaN })], 'optimal NaN', 'error', { names: ['optimal'] }), fresh(() => [scenario({ optimal: -1 })], 'optimal -1', 'error', { names: ['optimal'] }),
        fresh(() => [scenario({ optimal: Infinity })], 'optimal Infinity', 'error', { names: ['optimal'] }),
        fresh(() => [scenario({ map: '' })], "map ''", 'error', { names: ['map'] }), fresh(() => [scenario({ map: 'a\tb' })], 'a tab in the map name', 'error', { names: ['map'] }),
        fresh(() => [scenario({ map: 'a\nb' })], 'a newline in the map name', 'error', { names: ['map'] }), fresh(() => [scenario({ map: 5 as never })], 'map 5', 'error', { names: ['map'] }),
        fresh(() => [], '[]', 'ok', { check: (r) => same(r, 'version 1\n') }), fresh(() => [scenario(), scenario({ bucket: 3 })], 'two rows', 'ok'),
      ],
      [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, 21, 1.5, Number.NaN, Infinity].map((x) => v(x, String(x)))], ['digits'], /0 to 20/),
        v(0, '0', 'ok'), v(8, '8', 'ok'), v(20, '20', 'ok')],
    ],
  });
  specs.push({
    target: 'bestfirst/io:checkScenario',
    paramNames: ['s', 'grid', 'file', 'line'],
    make: (L) => ({ args: [scenario(), grid(L), 'x.scen', 2], call: (...a) => apply(L.io.checkScenario, a), check: (r) => same(r, undefined) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('s', "'s'"), v(SYM, 'a symbol')], ['s', 'scenario']),
        fresh(() => ({}), '{}', 'error', { names: ['scenario', 'width', 'bucket'] }), fresh(() => scenario({ map: undefined as never }), 'no map', 'error', { names: ['map'] }),
        fresh(() => scenario({ width: 6 }), 'a map 6 wide', 'error', { names: ['x.scen', '6 x 3'] }), fresh(() => scenario({ startX: 5 }), 'start outside', 'error', { names: ['start'], allowed: /0\.\.4/ }),
        fresh(() => scenario({ goalY: -1 }), 'goal y -1', 'error', { names: ['goal'] }), fresh(() => scenario({ startX: 1, startY: 1 }), 'a blocked start', 'error', { names: ['start'] }),
        fresh(() => scenario({ goalX: 3, goalY: 0 }), 'a blocked goal', 'error', { names: ['goal'] }), fresh(() => scenario({ startX: 0.5 }), 'start x 0.5', 'error', { names: ['start'] }),
        fresh(() => scenario({ startX: '0' as never }), "start x '0'", 'error', { names: ['start'] }),
        fresh(() => scenario({ goalX: 4, goalY: 0 }), 'an unreachable goal (fits the map)', 'ok'),
      ],
      [...notGrids(), dyn((b) => (b.args[1] as Grid).with({ connectivity: 4 }), 'a 4-connected grid', 'ok')],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['file']), v(undefined, 'undefined', 'ok')],
      [...named([v(null, 'null'), v('2', "'2'"), v(-1, '-1'), v(1.5, '1.5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), v(Number.NaN, 'NaN')], ['line']), v(undefined, 'undefined', 'ok'), v(0, '0', 'ok')],
    ],
  });
  const pathOk = (r: unknown) => ((r as { ok: boolean }).ok === false ? undefined : `judged ${JSON.stringify(r)}`);
  // The two path checks judge these paths alike: every bad one is bad both ways (a step the grid refuses has no sight either).
  for (const name of ['checkPath', 'checkAnyAnglePath'] as const) specs.push({
    target: targetOf(name),
    paramNames: ['grid', 'path', 'start', 'goal', 'count'],
    make: (L) => ({ args: [grid(L), [0, 5, 10, 11, 12], START, GOAL], call: (...a) => apply(pub(L)[name], a), check: (r) => same(r, { ok: true, length: 4 }), size: 15 }),
    params: [
      [...notGrids()],
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v(SYM, 'a symbol'), v(true, 'true')], ['path']),
        ...[[0, 6, 12], [0, 12], [0, -1], [0, 1.5], [0, '5'], [0, null], [1, 12], [0, 5, 10, 11], [0, 1, 7, 12]].map((p) => fresh(() => p.slice(), JSON.stringify(p), 'ok', { check: pathOk })),
        fresh(() => [], '[] (with count 0)', 'ok', { check: pathOk }), fresh(() => new Int32Array([0, 5, 10, 11, 12]), 'an Int32Array', 'ok'),
        v('0', "'0' (a string has a length)", 'either', { check: pathOk }),
      ],
      ids('start', { names: ['start'], legit: [v(BLOCKED, 'a blocked start', 'ok', { check: pathOk })] }),
      ids('goal', { names: ['goal'], legit: [v(BLOCKED, 'a blocked goal', 'ok', { check: pathOk })] }).map((x) => (x.want === 'ok' && x.label !== 'a blocked goal' ? { ...x, check: pathOk } : x)),
      [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, 6, 1.5, Number.NaN, Infinity].map((x) => v(x, String(x)))], ['count'], /0 to 5/),
        v(undefined, 'undefined', 'ok'), v(0, '0', 'ok', { check: pathOk }), v(3, '3 (a prefix)', 'ok', { check: pathOk })],
    ],
  });
  // Two agents: 0 -> 1 -> 2 and 10 -> 5 -> 0 would meet; the base plan keeps them apart (agent 1 waits).
  const mapfOk = (r: unknown) => (typeof (r as { ok?: unknown })?.ok === 'boolean' ? undefined : `not a verdict: ${JSON.stringify(r)}`);
  specs.push({
    target: 'bestfirst/mapf:checkMapfPlan',
    paramNames: ['grid', 'tasks', 'paths'],
    make: (L) => ({
      args: [grid(L), [{ start: START, goal: 2 }, { start: 10, goal: 5 }], [[START, 1, 2], [10, 5]]], call: (...a) => apply(L.mapf.checkMapfPlan, a),
      check: (r) => same(r, { ok: true, sumOfCosts: 3, makespan: 2, costs: [2, 1] }), size: 15,
    }),
    params: [
      [...notGrids()],
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['tasks']),
        fresh(() => [{ start: START, goal: 2 }], 'one task for two paths', 'error', { names: ['tasks', 'paths'] }),
        fresh(() => [null, { start: 10, goal: 5 }], 'a null task', 'error', { names: ['tasks[0]'] }),
        fresh(() => [{ start: START, goal: 99 }, { start: 10, goal: 5 }], 'a goal out of range', 'error', { names: ['tasks[0]'] }),
        fresh(() => [{ start: '0', goal: 2 }, { start: 10, goal: 5 }], "a start '0'", 'error', { names: ['tasks[0]'] }),
        fresh(() => [{ start: 1, goal: 2 }, { start: 10, goal: 5 }], 'another start (a verdict, not an error)', 'ok', { check: mapfOk })],
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['paths']),
        fresh(() => [[START, 1, 2], []], 'an empty path', 'error', { names: ['paths[1]'] }),
        fresh(() => [[START, 1.5, 2], [10, 5]], 'a step 1.5', 'error', { names: ['paths[0][1]'] }),
        fresh(() => [[START, 1, 2], [10, -1]], 'a step -1', 'error', { names: ['paths[1][1]'] }),
        fresh(() => [[START, 1, 2], [10, 15]], 'a step off the grid', 'error', { names: ['paths[1][1]'] }),
        fresh(() => [[START, 1, 2], 'ab'], "a path 'ab'", 'error', { names: ['paths[1]'] }),
        fresh(() => [[START, 5, 10], [10, 5]], 'a plan through a conflict (a verdict)', 'ok', { check: mapfOk }),
        fresh(() => [[START, BLOCKED, 2], [10, 5]], 'a plan through a wall (a verdict)', 'ok', { check: mapfOk })],
    ],
  });
  for (const name of ['sameLength', 'withinBound'] as const) {
    const arity = name === 'sameLength' ? 2 : 3;
    const nums = (pname: string) => [...named([...notNumbers(), v(Number.NaN, 'NaN')], [pname], /number/),
      v(4.00001, '4.00001', 'ok'), v(0, '0', 'ok'), v(Infinity, 'Infinity', 'ok')];
    specs.push({
      target: targetOf(name),
      paramNames: (arity === 2 ? ['length', 'optimum'] : ['cost', 'optimum', 'bound']),
      make: (L) => ({ args: arity === 2 ? [4, 4.000001] : [4, 4, 1], call: (...a) => apply(pub(L)[name], a), check: (r) => (typeof r === 'boolean' ? undefined : `returned ${String(r)}`) }),
      params: (arity === 2 ? ['length', 'optimum'] : ['cost', 'optimum', 'bound']).map((p) => nums(p)),
    });
  }
  specs.push({
    target: 'bestfirst/io:parseRoads',
    paramNames: ['co', 'gr', 'name'],
    make: (L) => ({
      args: [new Int32Array([0, 0, 3, 4, 6, 8]).buffer, new Int32Array([1, 2, 2, 3]).buffer, 'tiny'], call: (...a) => apply(L.io.parseRoads, a),
      // Nodes at (0, 0), (3, 4), (6, 8): two roads of length 5.
      check: (r) => checkAnswer((r as { graph: SearchSpace }).graph, 0, 2, { status: 'found', path: [0, 1, 2], cost: 10 }),
    }),
    params: [
      [...named([v(null, 'null'), v(undefined, 'undefined'), v('abc', "'abc'"), fresh(() => [0, 0], '[0, 0]'), fresh(() => ({}), '{}'), v(5, '5'), fresh(() => new Int32Array(6), 'an Int32Array')], ['co']),
        fresh(() => new Uint8Array(7), 'seven bytes', 'error', { names: ['tiny.co'] }), fresh(() => new Uint8Array(new Int32Array([0, 0, 3, 4, 6, 8]).buffer), 'a Uint8Array', 'ok')],
      [...named([v(null, 'null'), v('abc', "'abc'"), fresh(() => ({}), '{}')], ['gr']),
        fresh(() => new Uint8Array(9), 'nine bytes', 'error', { names: ['tiny.gr'] }), fresh(() => new Int32Array([0, 1]).buffer, 'id 0 (ids are 1-based)', 'error', { names: ['tiny.gr'] }),
        fresh(() => new Int32Array([1, 4]).buffer, 'id 4 of 3', 'error', { names: ['tiny.gr'] }), fresh(() => new Int32Array([1, -5]).buffer, 'id -5', 'error', { names: ['tiny.gr'] }),
        fresh(() => new ArrayBuffer(0), 'no roads', 'ok', { check: () => undefined })],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['name']), v(undefined, 'undefined', 'ok')],
    ],
  });
  specs.push({
    target: 'bestfirst/io:terrainFilter',
    paramNames: ['spec'],
    make: (L) => ({ args: [{ S: 2, W: 'excluded' }], call: (...a) => apply(L.io.terrainFilter, a),
      // A letter given a weight is opened (its cells free at that weight); 'excluded' stays as it is.
      check: (r, a) => same(r, Object.fromEntries(Object.entries(a[0] as object).map(([k, w]) => [k.charCodeAt(0), w === 'excluded' ? w : { weight: w, opensBlocked: true }]))) }),
    params: [[
      ...named([v(null, 'null'), v(5, '5'), v('S=2', "'S=2'"), fresh(() => [], '[]'), v(SYM, 'a symbol')], ['spec']),
      ...named([fresh(() => ({ X: 2 }), '{ X: 2 }'), fresh(() => ({ s: 2 }), '{ s: 2 } (lower case)'), fresh(() => ({ SW: 2 }), '{ SW: 2 }')], ['not a terrain letter'], /\. G S W T @ O/),
      ...named([fresh(() => ({ S: 0 }), '{ S: 0 }'), fresh(() => ({ S: -1 }), '{ S: -1 }'), fresh(() => ({ S: Infinity }), '{ S: Infinity }'), fresh(() => ({ S: '2' }), "{ S: '2' }"), fresh(() => ({ S: 'x' }), "{ S: 'x' }")], ['S'], /weight|excluded/),
      fresh(() => ({}), '{}', 'ok'), fresh(() => ({ '.': 1, G: 1.5, T: 3, '@': 'excluded', O: 'excluded' }), 'every kind of letter', 'ok'),
    ]],
  });
  specs.push(...dimacsSpecs());
  return specs;
}

// --- DIMACS shortest-path files -------------------------------------------------------------------------------

const GR = 'c tiny\np sp 3 2\na 1 2 5\na 2 3 7\n';
const CO = 'p aux sp co 3\nv 1 0 0\nv 2 3 4\nv 3 6 8\n';
/** Texts no `.gr` reader accepts. */
const BAD_GRS: [string, string][] = [
  ['', 'empty'], ['a 1 2 3\np sp 2 1\n', 'an arc first'], ['p sp 2 0\np sp 2 0\n', 'two problem lines'], ['p max 2 0\n', 'problem type max'],
  ['p sp 2\n', 'no arc count'], ['p sp 0x2 0\n', 'N in hex'], ['p sp 2 1\n', 'an arc missing'], ['p sp 2 0\na 1 2 3\n', 'an arc too many'],
  ['p sp 2 1\na 0 2 3\n', 'id 0'], ['p sp 2 1\na 1 3 3\n', 'id past N'], ['p sp 2 1\na 1 2 -3\n', 'weight -3'], ['p sp 2 1\na 1 2 2.5\n', 'weight 2.5'],
  ['p sp 2 1\na 1 2 2147483648\n', 'weight 2^31'], ['p sp 2 1\na 1 2\n', 'no weight'], ['p sp 2 0\nx\n', 'an unknown line'], ['\u0000\u0001\ufffd', 'binary'],
];
const BAD_COS: [string, string][] = [
  ['', 'empty'], ['v 1 0 0\np aux sp co 1\n', 'a node first'], ['p aux sp co 1\np aux sp co 1\nv 1 0 0\n', 'two problem lines'], ['p sp 1 0\nv 1 0 0\n', "a .gr's problem line"],
  ['p aux sp co 2\nv 1 0 0\nv 1 0 0\n', 'a node twice'], ['p aux sp co 2\nv 1 0 0\nc\n', 'a node missing'], ['p aux sp co 1\nv 2 0 0\n', 'id past N'],
  ['p aux sp co 1\nv 1 0.5 0\n', 'X 0.5'], ['p aux sp co 1\nv 1 0 1e3\n', 'Y 1e3'], ['p aux sp co 1\nv 1 0\n', 'no Y'], ['\u0000\u0001\ufffd', 'binary'],
];

function dimacsSpecs(): Spec[] {
  const specs: Spec[] = [];
  const arcCount = (r: unknown) => (r as { arcCount: number }).arcCount;
  const notText = (name: string) => named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), fresh(() => [GR], '[text]')], [name]);
  const notFile = [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['file']), v(undefined, 'undefined', 'ok'), v('', "''", 'ok')];
  specs.push({
    target: 'bestfirst/io:parseGr',
    paramNames: ['text', 'file'],
    make: (L) => ({ args: [GR, 'x.gr'], call: (...a) => apply(L.io.parseGr, a), check: (r) => checkAnswer(r as SearchSpace, 0, 2, { status: 'found', path: [0, 1, 2], cost: 12 }) }),
    params: [
      [...notText('text'), ...BAD_GRS.map(([t, label]) => v(t, label, 'error', { names: ['x.gr'], allowed: /expected/ })),
        v('p sp 0 0', "'p sp 0 0'", 'ok', { check: (r) => same(arcCount(r), 0) }), v(GR.replace(/\n/g, '\r\n'), 'CRLF', 'ok', { check: (r) => same(arcCount(r), 2) }),
        dyn(() => 'c'.repeat(2 ** 28 + 1), 'a text past 2^28 characters', 'error', { names: ['x.gr'] })],
      notFile,
    ],
  });
  // GrReader: the same rules as parseGr, fed in pieces; each method's row answers or refuses.
  type Reader = { push(chunk: string): Reader; finish(): SearchSpace & { arcCount: number } };
  const reader = (L: Lib, file = 'x.gr') => construct(L.io.GrReader, [file]) as Reader;
  specs.push({
    target: 'bestfirst/io:GrReader',
    paramNames: ['file', 'options'],
    make: (L) => ({ args: ['x.gr', {}], call: (...a) => construct(L.io.GrReader, a), check: (r) => checkAnswer((r as Reader).push(GR).finish(), 0, 2, { status: 'found', path: [0, 1, 2], cost: 12 }) }),
    params: [
      notFile.filter((x) => x.label !== "''"),
      [...named([v(null, 'null'), v(5, '5'), v(SYM, 'a symbol'), fresh(() => ({ negative: true }), '{ negative: true }'), fresh(() => ({ negativeWeights: 'yes' }), "{ negativeWeights: 'yes' }")], ['negative', 'options']),
        v(undefined, 'undefined', 'ok'), fresh(() => ({ negativeWeights: true }), '{ negativeWeights: true }', 'ok')],
    ],
  });
  specs.push({
    target: 'bestfirst/io:GrReader#push',
    paramNames: ['chunk'],
    make: (L) => { const r = reader(L); return { args: [GR], call: (...a) => apply(r.push.bind(r), a), check: (x) => (x === r ? checkAnswer(r.finish(), 0, 2, { status: 'found', path: [0, 1, 2], cost: 12 }) : 'push did not return the reader') }; },
    // A file that breaks the rules ends: the reader then refuses every call, naming the earlier error.
    params: [[...notText('chunk'), ...BAD_GRS.filter(([t]) => t.includes('\n') && !t.endsWith('c\n')).slice(0, 4).map(([t, label]) => v(t, label, 'error', { names: ['x.gr'], allowed: /expected/, poisons: true })),
      dyn(() => 'c'.repeat(2 ** 20 + 1), 'a line past 2^20 characters', 'error', { names: ['x.gr', 'line'], poisons: true })]],
  });
  specs.push({
    target: 'bestfirst/io:GrReader#finish',
    extra: [
      { label: 'after a whole file, with junk arguments (ignored)', want: 'ok', make: (L) => { const r = reader(L).push(GR); return { args: [SYM, -1], call: (...a) => apply(r.finish.bind(r), a), check: (x) => checkAnswer(x as SearchSpace, 0, 2, { status: 'found', path: [0, 1, 2], cost: 12 }) }; } },
      { label: 'a file cut short', want: 'error', names: ['x.gr', 'ends'], make: (L) => { const r = reader(L).push('p sp 3 2\na 1 2 5\n'); return { args: [], call: (...a) => apply(r.finish.bind(r), a) }; } },
      { label: 'twice', want: 'error', names: ['finish'], make: (L) => { const r = reader(L).push(GR); r.finish(); return { args: [], call: (...a) => apply(r.finish.bind(r), a) }; } },
    ],
  });
  // CoReader: parseCo's rules fed in pieces, as GrReader is parseGr's.
  type Points = { push(chunk: string): Points; finish(): { y: Float64Array } };
  const points = (L: Lib) => construct(L.io.CoReader, ['x.co']) as Points;
  const coAnswer = (r: unknown) => same(Array.from((r as { y: Float64Array }).y), [0, 4, 8]);
  specs.push({
    target: 'bestfirst/io:CoReader',
    paramNames: ['file'],
    make: (L) => ({ args: ['x.co'], call: (...a) => construct(L.io.CoReader, a), check: (r) => coAnswer((r as Points).push(CO).finish()) }),
    params: [notFile.filter((x) => x.label !== "''")],
  });
  specs.push({
    target: 'bestfirst/io:CoReader#push',
    paramNames: ['chunk'],
    make: (L) => { const r = points(L); return { args: [CO], call: (...a) => apply(r.push.bind(r), a), check: (x) => (x === r ? coAnswer(r.finish()) : 'push did not return the reader') }; },
    params: [[...notText('chunk'), ...BAD_COS.filter(([t]) => t.includes('\n') && !/missing|c\n$/.test(t)).slice(0, 4).map(([t, label]) => v(t, label, 'error', { names: ['x.co'], allowed: /expected/, poisons: true }))]],
  });
  specs.push({
    target: 'bestfirst/io:CoReader#finish',
    extra: [
      { label: 'after a whole file, with junk arguments (ignored)', want: 'ok', make: (L) => { const r = points(L).push(CO); return { args: [SYM, -1], call: (...a) => apply(r.finish.bind(r), a), check: coAnswer }; } },
      { label: 'a file cut short', want: 'error', names: ['x.co', 'ends'], make: (L) => { const r = points(L).push('p aux sp co 3\nv 1 0 0\n'); return { args: [], call: (...a) => apply(r.finish.bind(r), a) }; } },
      { label: 'twice', want: 'error', names: ['finish'], make: (L) => { const r = points(L).push(CO); r.finish(); return { args: [], call: (...a) => apply(r.finish.bind(r), a) }; } },
    ],
  });
  specs.push({
    target: 'bestfirst/io:parseCo',
    paramNames: ['text', 'file'],
    make: (L) => ({ args: [CO, 'x.co'], call: (...a) => apply(L.io.parseCo, a), check: (r) => same(Array.from((r as { y: Float64Array }).y), [0, 4, 8]) }),
    params: [
      [...notText('text'), ...BAD_COS.map(([t, label]) => v(t, label, 'error', { names: ['x.co'], allowed: /expected/ })),
        v('p aux sp co 2\nv 2 -5 7\nv 1 0 0\n', 'nodes out of order, a negative X', 'ok', { check: (r) => same(Array.from((r as { x: Float64Array }).x), [0, -5]) })],
      notFile,
    ],
  });
  const graphIn = (L: Lib) => new L.root.Graph(3, [[0, 1, 5], [1, 2, 7]], { directed: true });
  specs.push({
    target: 'bestfirst/io:formatGr',
    paramNames: ['space', 'comment'],
    make: (L) => ({ args: [graphIn(L), 'tiny'], call: (...a) => apply(L.io.formatGr, a), check: (r) => same(r, GR) }),
    params: [
      [...notSpaces(),
        ...named([fresh(() => ({ size: 2, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = 1.5; return 1; } }), 'a space with a cost 1.5'),
          fresh(() => ({ size: 2, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = -1; return 1; } }), 'a space with a cost -1'),
          fresh(() => ({ size: 2, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 1; costs[0] = 2 ** 31; return 1; } }), 'a space with a cost 2^31')], ['cost'], /whole numbers from 0 to/),
        fresh(() => ({ size: 2, maxDegree: 1, successors: (_n: number, nodes: Int32Array, costs: Float64Array) => { nodes[0] = 7; costs[0] = 1; return 1; } }), 'a successor outside', 'error', { names: ['successor'] })],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), fresh(() => ['a'], "['a']")], ['comment']), v(undefined, 'undefined', 'ok', { check: (r) => same(r, GR.slice(7)) }), v('', "''", 'ok', { check: (r) => same(r, GR.slice(7)) })],
    ],
    extra: [
      { label: 'a grid (sqrt 2 diagonals)', want: 'error', names: ['cost'], allowed: /whole numbers from 0 to/, make: (L) => ({ args: [L.root.Grid.fromAscii(['..', '..'])], call: (...a) => apply(L.io.formatGr, a) }) },
      { label: 'a 4-connected grid (unit costs)', want: 'ok', make: (L) => ({ args: [grid(L, { connectivity: 4 })], call: (...a) => apply(L.io.formatGr, a), check: (r) => same(L.io.parseGr(r as string).size, 15) }) },
    ],
  });
  const coords = () => ({ x: [0, 3, 6], y: [0, 4, 8] });
  specs.push({
    target: 'bestfirst/io:formatCo',
    paramNames: ['coords', 'comment'],
    make: (L) => ({ args: [coords(), undefined], call: (...a) => apply(L.io.formatCo, a), check: (r) => same(r, CO) }),
    params: [
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('xy', "'xy'"), fresh(() => ({}), '{}'), fresh(() => ({ x: [0] }), '{ x } without y'), fresh(() => ({ x: [0], y: 5 }), '{ y: 5 }')], ['coords']),
        ...named([fresh(() => ({ x: [0, 1], y: [0] }), 'y shorter'), fresh(() => ({ x: [NaN], y: [0] }), 'x NaN'), fresh(() => ({ x: [0], y: [Infinity] }), 'y Infinity'), fresh(() => ({ x: ['0'], y: [0] }), "x '0'")], ['coords.']),
        ...named([fresh(() => ({ x: [0.5], y: [0] }), 'x 0.5'), fresh(() => ({ x: [0], y: [2 ** 53] }), 'y 2^53')], ['coords.'], /whole numbers/),
        fresh(() => ({ x: new Float64Array([0, 3, 6]), y: Int32Array.from([0, 4, 8]) }), 'typed arrays', 'ok'), fresh(() => ({ x: [], y: [] }), 'no nodes', 'ok', { check: (r) => same(r, 'p aux sp co 0\n') })],
      [...named([v(null, 'null'), v(5, '5'), v(SYM, 'a symbol')], ['comment']), v('', "''", 'ok'), v('a\nb', 'two lines', 'ok', { check: (r) => same((r as string).slice(0, 8), 'c a\nc b\n') })],
    ],
  });
  specs.push({
    target: 'bestfirst/io:roadsToDimacs',
    paramNames: ['roads', 'scale'],
    make: (L) => ({
      args: [L.io.parseRoads(new Int32Array([0, 0, 3, 4, 6, 8]).buffer, new Int32Array([1, 2, 2, 3]).buffer, 'tiny'), 2.5], call: (...a) => apply(L.io.roadsToDimacs, a),
      // Roads of length 5: weight round(2.5 x 5) = 13 each way.
      check: (r) => same(L.io.formatGr((r as { graph: SearchSpace }).graph), 'p sp 3 4\na 1 2 13\na 2 1 13\na 2 3 13\na 3 2 13\n'),
    }),
    params: [
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ graph: 1, x: new Float64Array(0), y: new Float64Array(0) }), '{ graph: 1 }')], ['roads'])],
      [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[0, -1, NaN, Infinity, -Infinity].map((x) => v(x, String(x)))], ['scale'], />\s*0/), v(1e9, '1e9 (a weight past 2^31 - 1)', 'error', { names: ['scale'] }),
        v(undefined, 'undefined (1)', 'ok', { check: () => undefined }), v(1e-9, '1e-9 (every weight 0)', 'ok', { check: () => undefined })],
    ],
  });
  return specs;
}

// --- ROS maps ---------------------------------------------------------------------------------------------------

const ROS_YAML = 'image: x.pgm\nresolution: 0.5\norigin: [1, 2, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
const ROS_META = { image: 'x.pgm', mode: 'trinary', resolution: 0.5, origin: { x: 1, y: 2, yaw: 0 }, negate: false, occupiedThresh: 0.65, freeThresh: 0.196 };
const pgmBytes = (head: string, px: number[]) => Uint8Array.from([...new TextEncoder().encode(head), ...px]);
/** 3 x 2: the top row black, grey 205, white; the bottom row 100, 180, 254. */
const ROS_PGM = () => pgmBytes('P5\n# c\n3 2\n255\n', [0, 205, 255, 100, 180, 254]);
const ROS_PIXELS = [0, 205, 255, 100, 180, 254];
/** Its occupancy in ROS order (the bottom row first). */
const ROS_DATA = [-1, -1, 0, 100, -1, 0];
const rosMsg = (o: object = {}) => ({ width: 3, height: 2, resolution: 0.5, origin: { x: 1, y: 2, yaw: 0 }, data: Int8Array.from(ROS_DATA), ...o });
const ROS_LINES = (o: Record<string, string>) => ROS_YAML.split('\n').map((l) => {
  const k = l.split(':')[0];
  return k in o ? `${k}: ${o[k]}` : l;
}).join('\n');
const BAD_ROS_YAMLS: [string, string][] = [
  ['', 'empty'], ['image: x.pgm\n', 'only the image'], [ROS_YAML.replace('image: x.pgm\n', ''), 'no image'], [ROS_LINES({ resolution: '-1' }), 'resolution -1'],
  [ROS_LINES({ resolution: 'abc' }), "resolution 'abc'"], [ROS_LINES({ origin: '[1, 2]' }), 'origin of two'], [ROS_LINES({ negate: '2' }), 'negate 2'],
  [ROS_LINES({ occupied_thresh: '1.5' }), 'occupied_thresh 1.5'], [ROS_LINES({ free_thresh: '0.9' }), 'free_thresh above occupied_thresh'],
  [ROS_YAML + 'mode: hex\n', 'mode hex'], [ROS_YAML + 'negate: 1\n', 'negate twice'], [ROS_YAML + 'words\n', 'a line without a colon'],
  ['\u0000\u0001\ufffd', 'binary'], ['{image: x.pgm, resolution: 0.5', 'an unclosed flow mapping'], [ROS_LINES({ resolution: '&r 0.5' }), 'an anchor'],
  [ROS_LINES({ origin: '{x: 1, y: 2, yaw: 0}' }), 'an origin that is a mapping'],
];
const BAD_PGMS: [() => Uint8Array, string][] = [
  [() => new Uint8Array(0), 'empty'], [() => pgmBytes('P6\n1 1\n255\n', [0, 0, 0]), 'P6'], [() => pgmBytes('P5\n1 1\n65535\n', [0, 0]), 'maxval 65535'],
  [() => pgmBytes('P5\n3 2\n255\n', [1, 2]), 'truncated'], [() => pgmBytes('P5\n4097 4097\n255\n', []), '4097 x 4097'], [() => pgmBytes('P5\n0 1\n255\n', []), 'width 0'],
  [() => pgmBytes('P5\n2 1\n100\n', [1, 200]), 'a pixel above maxval'], [() => pgmBytes('P2\n2 1\n255\n1 x\n', []), 'P2 with a letter'],
];
const notBytes = (name: string) => named([
  v(null, 'null'), v(undefined, 'undefined'), v('P5 1 1 255 x', 'a string'), fresh(() => [80, 53], 'an array'), fresh(() => ({}), '{}'), v(5, '5'),
  fresh(() => new Int8Array(4), 'an Int8Array'), v(SYM, 'a symbol'),
], [name]);
const fileNames = (name: string) => [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'), v(true, 'true')], [name]), v(undefined, 'undefined', 'ok'), v('', "''", 'ok')];
const notOccupancy = (): V[] => named([
  v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('map', "'map'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'),
  fresh(() => rosMsg({ width: 0 }), 'width 0'), fresh(() => rosMsg({ width: 1e9, height: 1e9 }), '1e9 x 1e9'), fresh(() => rosMsg({ width: 2.5 }), 'width 2.5'),
  fresh(() => rosMsg({ resolution: 0 }), 'resolution 0'), fresh(() => rosMsg({ resolution: Number.NaN }), 'resolution NaN'), fresh(() => rosMsg({ origin: null }), 'origin null'),
  fresh(() => rosMsg({ origin: { x: 0, y: 0 } }), 'origin without yaw'), fresh(() => rosMsg({ data: ROS_DATA }), 'data a plain array'),
  fresh(() => rosMsg({ data: new Int8Array(5) }), 'data of 5'), fresh(() => rosMsg({ data: new Uint8Array(6) }), 'data a Uint8Array'),
], ['map']);

function rosSpecs(): Spec[] {
  const specs: Spec[] = [];
  specs.push({
    target: 'bestfirst/io:parseRosYaml',
    paramNames: ['text', 'file'],
    make: (L) => ({ args: [ROS_YAML, 'r.yaml'], call: (...a) => apply(L.io.parseRosYaml, a), check: (r) => same(r, ROS_META) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => new TextEncoder().encode(ROS_YAML), 'the bytes'), v(SYM, 'a symbol')], ['text']),
        ...BAD_ROS_YAMLS.map(([t, label]) => v(t, label, 'error', { names: ['r.yaml'], allowed: /expected/ })),
        v(ROS_YAML.replace(/\n/g, '\r\n'), 'CRLF', 'ok'), v(`# a map\n${ROS_YAML}extra: 1  # ignored\n`, 'comments and an unknown key', 'ok'),
        v(ROS_YAML + 'mode: scale\n', 'mode scale', 'ok', { check: (r: unknown) => same((r as { mode: string }).mode, 'scale') }),
        v(`{${ROS_YAML.trim().split('\n').join(', ')}}`, 'one flow mapping', 'ok', { check: (r: unknown) => same(r, ROS_META) }),
        dyn(() => 'x'.repeat(2_000_000), 'a text of 2 million characters', 'error', { names: ['r.yaml'] }),
      ],
      fileNames('file'),
    ],
  });
  specs.push({
    target: 'bestfirst/io:parsePgm',
    paramNames: ['bytes', 'file'],
    make: (L) => ({ args: [ROS_PGM(), 'i.pgm'], call: (...a) => apply(L.io.parsePgm, a), check: (r) => same([(r as { width: number }).width, Array.from((r as { pixels: Uint8Array }).pixels)], [3, ROS_PIXELS]) }),
    params: [
      [
        ...notBytes('bytes'),
        ...BAD_PGMS.map(([make, label]) => fresh(make, label, 'error', { names: ['i.pgm'], allowed: /expected|more than|truncated/ })),
        fresh(() => ROS_PGM().buffer, 'an ArrayBuffer', 'ok'),
        fresh(() => pgmBytes('P2 3 2 255 0 205 255 100 180 254', []), 'the same image as P2', 'ok'),
      ],
      fileNames('file'),
    ],
  });
  const pgmSide = (name: string, good: number): V[] => [
    ...named([...notNumbers(), ...[0, -0, -1, 1.5, Number.NaN, Infinity].map((x) => v(x, String(x)))], [name], /whole numbers >= 1/),
    v(2 ** 31, '2**31', 'error', { names: [name], allowed: /at most \d+ pixels/ }),
    v(good + 1, `${good + 1} (the pixels do not fit)`, 'error', { names: ['pixels'], allowed: /bytes/ }),
    v(good, String(good), 'ok'),
  ];
  specs.push({
    target: 'bestfirst/io:formatPgm',
    paramNames: ['width', 'height', 'pixels'],
    make: (L) => ({
      args: [3, 2, Uint8Array.from(ROS_PIXELS)], call: (...a) => apply(L.io.formatPgm, a),
      check: (r) => same(Array.from(L.io.parsePgm(r as Uint8Array).pixels), ROS_PIXELS),
    }),
    params: [
      pgmSide('width', 3), pgmSide('height', 2),
      named([
        v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => [...ROS_PIXELS], 'a plain array'), fresh(() => new Int8Array(6), 'an Int8Array'),
        fresh(() => new Uint8ClampedArray(6), 'a Uint8ClampedArray'), fresh(() => new Uint8Array(5), 'a Uint8Array of 5'), fresh(() => new Uint8Array(7), 'a Uint8Array of 7'),
        v(SYM, 'a symbol'),
      ], ['pixels'], /Uint8Array of 3 x 2 = 6 bytes/),
    ],
  });
  specs.push({
    target: 'bestfirst/io:parseRosMap',
    paramNames: ['yaml', 'image', 'yamlFile'],
    make: (L) => ({ args: [ROS_YAML, ROS_PGM(), 'r.yaml'], call: (...a) => apply(L.io.parseRosMap, a), check: (r) => same(Array.from((r as { data: Int8Array }).data), ROS_DATA) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['yaml', 'text']),
        ...BAD_ROS_YAMLS.map(([t, label]) => v(t, label, 'error', { names: ['r.yaml'], allowed: /expected/ })),
      ],
      [
        ...notBytes('image'),
        ...BAD_PGMS.map(([make, label]) => fresh(make, label, 'error', { names: ['x.pgm'], allowed: /expected|more than|truncated/ })),
      ],
      fileNames('yamlFile'),
    ],
  });
  const ascii = (r: unknown) => (r as Grid).toAscii();
  specs.push({
    target: 'bestfirst/io:toGrid',
    paramNames: ['map', 'options'],
    make: (L) => ({ args: [rosMsg(), { unknown: 'blocked' }], call: (...a) => apply(L.io.toGrid, a), check: (r) => same(ascii(r), ['##.', '##.']) }),
    params: [
      [...notOccupancy(), fresh(() => rosMsg({ origin: { x: 0, y: 0, yaw: 1 } }), 'a rotated map (cells need no yaw)', 'ok')],
      [
        ...named([v(undefined, 'undefined'), v(null, 'null'), v(5, '5'), v('free', "'free'"), fresh(() => [], '[]'), v(SYM, 'a symbol')], ['options']),
        fresh(() => ({}), '{}', 'error', { names: ['unknown'], allowed: /'free' or 'blocked'/ }),
        ...['', 'Free', 'unknown', 'toString', '__proto__', null, 0, true].map((u) => fresh(() => ({ unknown: u }), `{ unknown: ${JSON.stringify(u)} }`, 'error', { names: ['unknown'], allowed: /'free' or 'blocked'/ })),
        ...[0, 101, 1.5, Number.NaN, -1, '50', Infinity].map((k) => fresh(() => ({ unknown: 'free', occupiedAt: k }), `{ occupiedAt: ${String(k)} }`, 'error', { names: ['occupiedAt'], allowed: /1 to 100/ })),
        fresh(() => ({ unknown: 'free', nope: 1 }), '{ nope: 1 }', 'error', { names: ['nope'], allowed: /unknown.*occupiedAt/ }),
        fresh(() => ({ unknown: 'free' }), "{ unknown: 'free' }", 'ok', { check: (r: unknown) => same(ascii(r), ['#..', '...']) }),
        fresh(() => ({ unknown: 'blocked', occupiedAt: 1 }), '{ occupiedAt: 1 }', 'ok'),
      ],
    ],
  });
  specs.push({
    target: 'bestfirst/io:worldToCell',
    // The point is [x, y]: the rows vary each coordinate of it, and the extra rows the point itself.
    paramNames: ['map', 'x', 'y'],
    make: (L) => ({ args: [rosMsg(), 1.25, 2.25], call: (m, x, y) => apply(L.io.worldToCell, [m, [x, y]]), check: (r) => same(r, 3) }),
    extra: [null, 5, [1.25], { x: 1.25, y: 2.25 }, [1.25, 2.25, 0]].map((point): Extra => ({
      label: `point ${JSON.stringify(point)}`, want: 'error', names: ['point', '[x, y]'],
      make: (L) => ({ args: [rosMsg(), point], call: (...a) => apply(L.io.worldToCell, a) }),
    })),
    params: [
      [...notOccupancy(), fresh(() => rosMsg({ origin: { x: 1, y: 2, yaw: 0.5 } }), 'a rotated map (the point turned back onto it)', 'ok', { check: (r: unknown) => same(r, 3) })],
      [
        ...named([...notNumbers(), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity')], ['x']),
        ...[0.99, 2.6, -1e9].map((x) => v(x, String(x), 'error', { names: ['outside'], allowed: /covers/ })),
        v(1, 'the west edge', 'ok'), v(2.5, 'the east edge (the last cell)', 'ok', { check: (r: unknown) => same(r, 5) }),
      ],
      [
        ...named([...notNumbers(), v(Number.NaN, 'NaN'), v(-Infinity, '-Infinity')], ['y']),
        ...[1.99, 3.01].map((y) => v(y, String(y), 'error', { names: ['outside'], allowed: /covers/ })),
        v(3, 'the north edge (the top row)', 'ok', { check: (r: unknown) => same(r, 0) }),
      ],
    ],
  });
  specs.push({
    target: 'bestfirst/io:cellToWorld',
    paramNames: ['map', 'cell'],
    make: (L) => ({ args: [rosMsg(), 0], size: 6, call: (...a) => apply(L.io.cellToWorld, a), check: (r) => same(r, [1.25, 2.75]) }),
    params: [
      [...notOccupancy(), fresh(() => rosMsg({ origin: { x: 1, y: 2, yaw: -0.1 } }), 'a rotated map (the centre turned with it)', 'ok', {
        check: (r: unknown) => same((r as number[]).map((c) => c.toFixed(9)), [1 + 0.25 * Math.cos(-0.1) - 0.75 * Math.sin(-0.1), 2 + 0.25 * Math.sin(-0.1) + 0.75 * Math.cos(-0.1)].map((c) => c.toFixed(9))),
      })],
      ids('cell', { legit: [v(5, 'the last cell', 'ok', { check: (r: unknown) => same(r, [2.25, 2.25]) })] }),
    ],
  });
  const TOLERATED = { cell: 5, distance: 1, exact: false };
  specs.push({
    target: 'bestfirst/io:goalWithinTolerance',
    // The 3 x 2 map's free cells are its east column (ids 2 and 5); the goal, on cell 3, is 1 m from cell 5's centre.
    paramNames: ['map', 'grid', 'goal', 'tolerance', 'options'],
    make: (L) => ({
      args: [rosMsg(), L.io.toGrid(rosMsg(), { unknown: 'blocked' }), [1.25, 2.25], 1, {}],
      call: (...a) => apply(L.io.goalWithinTolerance, a), check: (r) => same(r, TOLERATED),
    }),
    params: [
      notOccupancy().filter((x) => x.want !== 'ok'),
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), dyn((b) => ({ ...(b.args[1] as object) }), 'a copy of the grid (not a Grid)'), v(SYM, 'a symbol')], ['grid']),
        dyn((b) => (b.args[1] as Grid).with({ connectivity: 4 }), 'the grid 4-connected (the same cells)', 'ok'),
      ],
      [
        ...named([v(null, 'null'), v(5, '5'), fresh(() => [1.25], '[1.25]'), fresh(() => [1.25, Number.NaN], '[1.25, NaN]'), fresh(() => ['1.25', 2.25], "['1.25', 2.25]")], ['point', 'x', 'y']),
        fresh(() => [9, 2.25], 'off the map', 'error', { names: ['outside'], allowed: /covers/ }),
        fresh(() => [2.25, 2.25], 'on a free cell (its own, exact)', 'ok', { check: (r: unknown) => same(r, { cell: 5, distance: 0, exact: true }) }),
      ],
      [
        ...named([...notNumbers(), ...[-1, Number.NaN, Infinity, -Infinity].map((x) => v(x, String(x)))], ['tolerance'], />= 0/),
        v(0, '0 (no tolerance: refused)', 'ok', { check: (r: unknown) => same(r, null) }), v(0.99, '0.99 (short of the nearest free centre)', 'ok', { check: (r: unknown) => same(r, null) }),
        v(1e300, '1e300', 'ok'),
      ],
      [
        ...named([v(null, 'null'), v(5, '5'), fresh(() => [], '[]'), v(SYM, 'a symbol')], ['options'], /object/),
        fresh(() => ({ from: 2 }), '{ from: 2 }', 'error', { names: ['from'], allowed: /reachableFrom/ }),
        ...[-1, 6, 1.5, Number.NaN, '2', null].map((x) => fresh(() => ({ reachableFrom: x }), `{ reachableFrom: ${String(x)} }`, 'error', { names: ['reachableFrom'], allowed: /0\.\.5/ })),
        fresh(() => ({ reachableFrom: 0 }), '{ reachableFrom: 0 } (a blocked cell)', 'error', { names: ['reachableFrom'] }),
        fresh(() => ({ reachableFrom: 2 }), '{ reachableFrom: 2 }', 'ok'), v(undefined, 'undefined', 'ok'),
      ],
    ],
  });
  specs.push({
    target: 'bestfirst/io:mapPoint',
    paramNames: ['map', 'x', 'y'],
    make: (L) => ({ args: [rosMsg(), 1.5, 2.25], call: (m, x, y) => apply(L.io.mapPoint, [m, [x, y]]), check: (r) => same(r, [0.5, 0.25]) }),
    extra: [null, 5, [1.25], { x: 1.25, y: 2.25 }, [1.25, 2.25, 0]].map((point): Extra => ({
      label: `point ${JSON.stringify(point)}`, want: 'error', names: ['point', '[x, y]'],
      make: (L) => ({ args: [rosMsg(), point], call: (...a) => apply(L.io.mapPoint, a) }),
    })),
    params: [
      [...notOccupancy(), fresh(() => rosMsg({ origin: { x: 1, y: 2, yaw: Math.PI / 2 } }), 'a map turned a quarter (x up the map\'s rows)', 'ok', { check: (r: unknown) => same((r as number[]).map((c) => Number(c.toFixed(9))), [0.25, -0.5]) })],
      [...named([...notNumbers(), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity')], ['x']), v(-1e9, 'far off the map (no refusal: a frame change)', 'ok', { check: (r: unknown) => same(r, [-1e9 - 1, 0.25]) })],
      named([...notNumbers(), v(Number.NaN, 'NaN'), v(-Infinity, '-Infinity')], ['y']),
    ],
  });
  return specs;
}

// --- cspace ---------------------------------------------------------------------------------------------------

const P = (x: number, y: number) => ({ x, y });
/** Two rooms 2 x 2 m side by side, a wall between them with a 0.8 m door. */
function spec(): FloorPlanSpec {
  return {
    width: 4, height: 2,
    walls: [{ name: 'mid', a: P(2, 0), b: P(2, 2), thickness: 0.1 }],
    doors: [{ name: 'door', at: P(2, 1), width: 0.8 }],
    rooms: [{ name: 'west', min: P(0, 0), max: P(2, 2), label: P(1, 1) }, { name: 'east', min: P(2, 0), max: P(4, 2), label: P(3, 1) }],
  };
}
const badPoints = (name: string): V[] => named([
  v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => [1, 1], '[1, 1]'), fresh(() => ({ x: 1 }), '{ x }'), fresh(() => ({ x: Number.NaN, y: 1 }), '{ x: NaN }'),
  fresh(() => ({ x: '1', y: 1 }), "{ x: '1' }"), fresh(() => ({ x: Infinity, y: 1 }), '{ x: Infinity }'), v(SYM, 'a symbol'),
], [name, 'point'], /finite/);

function cspaceSpecs(): Spec[] {
  const specs: Spec[] = [];
  const field = <K extends keyof FloorPlanSpec>(k: K, x: V): V => ({ ...x, label: `${k}: ${x.label}`, get: (b) => ({ ...spec(), [k]: x.get(b) }), names: x.names ?? [k] });
  const wall = (o: object, label: string, names: string[]): V => fresh(() => ({ ...spec(), walls: [{ ...spec().walls[0], ...o }] }), `a wall with ${label}`, 'error', { names });
  const door = (o: object, label: string, names: string[]): V => fresh(() => ({ ...spec(), doors: [{ ...spec().doors[0], ...o }] }), `a door with ${label}`, 'error', { names });
  const room = (o: object, label: string, names: string[]): V => fresh(() => ({ ...spec(), rooms: [{ ...spec().rooms[0], ...o }] }), `a room with ${label}`, 'error', { names });
  specs.push({
    target: 'bestfirst/cspace:FloorPlan',
    paramNames: ['spec'],
    make: (L) => ({ args: [spec()], call: (...a) => construct(L.cspace.FloorPlan, a), check: (r) => same((r as FloorPlan).doors.map((d) => [d.name, d.wall]), [['door', 'mid']]) }),
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('plan', "'plan'"), fresh(() => [], '[]')], ['spec']),
      fresh(() => ({ ...spec(), extra: 1 }), 'an extra field', 'error', { names: ['extra'] }), fresh(() => ({ width: 4, height: 2, walls: [], doors: [] }), 'no rooms', 'error', { names: ['rooms'] }),
      ...positive('width', { optional: false, legit: [] }).map((x) => field('width', x)), ...positive('height', { optional: false, legit: [] }).map((x) => field('height', x)),
      ...['walls', 'doors', 'rooms'].flatMap((k) => [v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v('x', "'x'"), fresh(() => [null], '[null]'), fresh(() => [5], '[5]')]
        .map((x) => field(k as 'walls', { ...x, names: [k] }))),
      wall({ thickness: -1 }, 'thickness -1', ['thickness']), wall({ thickness: 0 }, 'thickness 0', ['thickness']), wall({ thickness: '0.1' }, "thickness '0.1'", ['thickness']),
      wall({ a: P(Number.NaN, 0) }, 'a NaN end', ['a']), wall({ a: null }, 'a null end', ['a']), wall({ b: P(2, 0) }, 'both ends the same', ['degenerate']), wall({ b: P(2, 5) }, 'an end outside', ['extent']),
      wall({ name: '' }, 'an empty name', ['name']), wall({ name: 5 }, 'a number for a name', ['name']), wall({ colour: 'red' }, 'an extra field', ['colour']),
      door({ at: P(1, 1) }, 'no wall under it', ['wall']), door({ width: 5 }, 'a width past the wall', ['past the end']), door({ width: 0 }, 'width 0', ['width']), door({ open: 'yes' }, "open: 'yes'", ['open']),
      door({ at: P(2, 0) }, 'an opening past the end', ['past the end']),
      fresh(() => ({ ...spec(), doors: [spec().doors[0], { ...spec().doors[0], name: 'other', at: P(2, 1.2) }] }), 'two doors overlapping', 'error', { names: ['overlaps'] }),
      fresh(() => ({ ...spec(), doors: [spec().doors[0], { ...spec().doors[0] }] }), 'two doors of one name', 'error', { names: ['door'] }),
      room({ min: P(2, 2), max: P(0, 0) }, 'min north-east of max', ['min']), room({ max: P(5, 2) }, 'a corner outside', ['extent', 'outside']), room({ label: P(3, 1) }, 'its label outside', ['label']),
      fresh(() => ({ ...spec(), rooms: [spec().rooms[0], { ...spec().rooms[1], name: 'west' }] }), 'two rooms of one name', 'error', { names: ['room'] }),
      fresh(() => ({ ...spec(), walls: [], doors: [] }), 'no walls at all', 'ok', { check: (r) => same((r as FloorPlan).clearance(P(1, 1)), Infinity) }),
      fresh(() => ({ ...spec(), doors: [{ ...spec().doors[0], open: false }] }), 'a closed door', 'ok', { check: (r) => same((r as FloorPlan).doors[0].open, false) }),
    ]],
  });
  const plan = (L: Lib) => new L.cspace.FloorPlan(spec());
  const method = (m: string, args: unknown[], params: (readonly V[] | null)[], check: Base['check'], paramNames: string[]): Spec => ({
    target: `bestfirst/cspace:FloorPlan#${m}`, paramNames,
    make: (L) => { const p = plan(L); return { args, call: (...a) => apply((p as unknown as Record<string, AnyFn>)[m].bind(p), a), check }; },
    params,
  });
  const doorNames = (name: string) => [...named([v('nope', "'nope'"), v('', "''"), v('DOOR', "'DOOR'"), v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol'),
    v('__proto__', "'__proto__'"), v('toString', "'toString'")], [name, 'door'], /door/), v('door', "'door'", 'ok')];
  specs.push(method('withDoors', [{ door: false }], [[
    ...named([v(null, 'null'), v(5, '5'), v('door', "'door'"), fresh(() => [], '[]'), v(SYM, 'a symbol')], ['withDoors', 'state']),
    fresh(() => ({ nope: false }), '{ nope: false }', 'error', { names: ['nope'] }), fresh(() => ({ door: 'no' }), "{ door: 'no' }", 'error', { names: ['door'] }),
    fresh(() => ({ door: 0 }), '{ door: 0 }', 'error', { names: ['door'] }), fresh(() => ({}), '{}', 'ok', { check: (r) => same((r as FloorPlan).doors[0].open, true) }),
  ]], (r) => same((r as FloorPlan).doors[0].open, false), ['state']));
  specs.push(method('door', ['door'], [doorNames('name')], (r) => same((r as { wall: string }).wall, 'mid'), ['name']));
  specs.push(method('doorBox', ['door'], [doorNames('name')], (r) => same((r as { halfLength: number }).halfLength > 0, true), ['name']));
  specs.push(method('room', ['west'], [[...named([v('nope', "'nope'"), v(null, 'null'), v(5, '5'), v(SYM, 'a symbol'), v('__proto__', "'__proto__'")], ['room'], /west/), v('east', "'east'", 'ok')]],
    (r) => same(typeof (r as { name: string }).name, 'string'), ['name']));
  specs.push(method('roomAt', [P(1, 1)], [[...badPoints('roomAt'), fresh(() => P(10, 10), 'outside the plan', 'ok', { check: (r) => same(r, null) })]],
    (r) => same((r as { name: string }).name, 'west'), ['p']));
  specs.push(method('clearance', [P(1, 0.3)], [[...badPoints('clearance'), fresh(() => P(2, 1.8), 'inside the wall', 'ok', { check: (r) => same(r, 0) })]],
    (r) => same(near(r as number, 0.95), true), ['p']));

  const rasterFields = {
    resolution: [...positive('resolution', { optional: true, legit: [0.5, 1, 0.25] }), v(0.3, '0.3 (not a whole number of cells)', 'error', { names: ['resolution', 'whole number'] }),
      v(1e-4, '1e-4 (too many cells)', 'error', { names: ['resolution', 'cells'] })],
    region: [
      ...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ min: P(0, 0) }), 'no max'), fresh(() => ({ min: P(0, 0), max: P(2, 2), extra: 1 }), 'an extra field')], ['region', 'extra', 'max']),
      fresh(() => ({ min: P(2, 2), max: P(0, 0) }), 'min > max', 'error', { names: ['region'] }), fresh(() => ({ min: P(0, 0), max: P(5, 2) }), 'outside the plan', 'error', { names: ['region'] }),
      fresh(() => ({ min: P(0, 0), max: P(1.3, 2) }), 'not a whole number of cells', 'error', { names: ['region', 'whole number'] }),
      fresh(() => ({ min: P(Number.NaN, 0), max: P(2, 2) }), 'a NaN corner', 'error', { names: ['region'] }),
      fresh(() => ({ min: P(0, 0), max: P(2, 2) }), 'the west room', 'ok'), v(undefined, 'undefined', 'ok'),
    ],
    diagonalCost: positive('diagonalCost', { optional: true, legit: [1.4, 1, 3] }),
    diagonalRule: oneOf('diagonalRule', ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked']),
  };
  const rasterOptions = (where: string) => options(where, {
    resolution: rasterFields.resolution,
    radius: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, Number.NaN, Infinity].map((x) => v(x, String(x)))], ['radius'], />= ?0/),
      v(0, '0', 'ok'), v(100, '100 (everything blocked)', 'ok'), v(undefined, 'undefined', 'ok')],
    region: rasterFields.region, diagonalCost: rasterFields.diagonalCost, diagonalRule: rasterFields.diagonalRule,
  });
  specs.push({
    target: 'bestfirst/cspace:CSpace',
    paramNames: ['plan', 'options'],
    make: (L) => ({ args: [plan(L), {}], call: (...a) => construct(L.cspace.CSpace, a), check: (r) => (r instanceof L.cspace.CSpace && r.grid.size > 0 ? undefined : 'not a raster') }),
    params: [
      named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => spec(), 'a spec (not a FloorPlan)'), fresh(() => ({}), '{}')], ['plan', 'FloorPlan']),
      rasterOptions('CSpace'),
    ],
  });
  const raster = (L: Lib) => new L.cspace.CSpace(plan(L));
  const cmethod = (m: string, args: unknown[], params: (readonly V[] | null)[], check: Base['check'], paramNames: string[]): Spec => ({
    target: `bestfirst/cspace:CSpace#${m}`, paramNames,
    make: (L) => { const c = raster(L); return { size: c.grid.size, args, call: (...a) => apply((c as unknown as Record<string, AnyFn>)[m].bind(c), a), check }; },
    params,
  });
  specs.push(cmethod('cellAt', [P(1, 1)], [[...badPoints('cellAt'), fresh(() => P(5, 1), 'east of the raster', 'error', { names: ['cellAt', 'outside'] }), fresh(() => P(4, 2), 'the north-east corner', 'ok')]],
    (r) => (Number.isInteger(r) ? undefined : `cell ${String(r)}`), ['p']));
  specs.push(cmethod('centre', [0], [ids('n', { names: ['cell', 'n'] })], (r) => (typeof (r as { x: number }).x === 'number' ? undefined : 'not a point'), ['n']));
  specs.push(cmethod('roomOf', [0], [ids('n', { names: ['cell', 'n'] })], (r) => (r === null || typeof r === 'string' ? undefined : `room ${String(r)}`), ['n']));
  specs.push(cmethod('doorCells', ['door'], [doorNames('name')], (r) => (Array.isArray(r) && r.length > 0 ? undefined : 'no cells'), ['name']));

  // Footprints and their heading slices: a 1 m x 0.4 m cart; the door (0.8 m, in the wall along x = 2) lets it through only facing east or west.
  const square = () => [P(-0.5, -0.2), P(0.5, -0.2), P(0.5, 0.2), P(-0.5, 0.2)];
  const badVertices = (name: string): V[] => [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('abc', "'abc'"), fresh(() => ({}), '{}'), fresh(() => new Float64Array(6), 'a Float64Array'), v(SYM, 'a symbol')], [name, 'vertices'], /array/),
    ...named([fresh(() => [], '[]'), fresh(() => [P(0, 0), P(1, 0)], 'two corners'), fresh(() => Array.from({ length: 65 }, (_, i) => P(Math.cos(i / 10), Math.sin(i / 10))), '65 corners')], [name, 'corners'], /3 to \d+/),
    ...named([fresh(() => [P(0, 0), null, P(0, 1)], 'a null corner'), fresh(() => [P(0, 0), P(1, Number.NaN), P(0, 1)], 'a NaN corner'), fresh(() => holey([P(0, 0), P(1, 0), P(0, 1)], 1), 'a hole'),
      fresh(() => [P(0, 0), P(1, 0), { x: '0', y: 1 }], "a corner { x: '0' }"), fresh(() => [P(0, 0), P(1, 0), [0, 1]], 'a corner [0, 1]')], [name, 'vertices'], /finite/),
    fresh(() => [P(0, 0), P(1, 0), P(2, 0)], 'three corners in a line', 'error', { names: ['line'] }),
    fresh(() => [P(0, 0), P(1, 0), P(1, 0), P(0, 1)], 'a corner twice', 'error', { names: ['same point'] }),
    fresh(() => [P(0, 0), P(2, 0), P(1, 0.2), P(1, 2)], 'a dent', 'error', { names: ['convex'] }),
    fresh(() => [0, 2, 4, 1, 3].map((i) => P(Math.cos((2 * Math.PI * i) / 5), Math.sin((2 * Math.PI * i) / 5))), 'a five-pointed star', 'error', { names: ['crosses itself'] }),
    fresh(() => square().reverse(), 'clockwise', 'ok'), fresh(() => [P(0, 0), P(1, 0), P(0, 1)], 'a triangle with the reference point at a corner', 'ok'),
  ];
  specs.push({
    target: 'bestfirst/cspace:Footprint',
    paramNames: ['vertices'],
    make: (L) => ({ args: [square()], call: (...a) => construct(L.cspace.Footprint, a), check: (r) => same((r as Footprint).vertices.length >= 3, true) }),
    params: [badVertices('Footprint')],
  });
  specs.push({
    target: 'bestfirst/cspace:Footprint.rectangle',
    paramNames: ['length', 'width', 'rear'],
    make: (L) => ({ args: [1, 0.4, 0.5], call: (...a) => apply(L.cspace.Footprint.rectangle, a), check: (r, a) => same((r as Footprint).vertices[0], P(-((a[2] as number | undefined) ?? (a[0] as number) / 2), -(a[1] as number) / 2)) }),
    params: [positive('length', { optional: false, legit: [1, 0.5, 3] }), positive('width', { optional: false, legit: [0.4, 1] }),
      [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[Number.NaN, Infinity, -Infinity].map((x) => v(x, String(x)))], ['rear'], /finite/),
        v(0, '0', 'ok'), v(-0.2, '-0.2 (ahead of the reference point)', 'ok'), v(undefined, 'undefined (the middle)', 'ok')]],
  });
  const badPoses = (name: string): V[] => named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ x: 1, y: 1 }), 'no theta'), fresh(() => ({ x: 1, y: 1, theta: Number.NaN }), 'theta NaN'),
    fresh(() => ({ x: 1, y: Infinity, theta: 0 }), 'y Infinity'), fresh(() => ({ x: '1', y: 1, theta: 0 }), "x '1'"), fresh(() => [1, 1, 0], '[1, 1, 0]'), v(SYM, 'a symbol'),
  ], [name, 'pose'], /finite/);
  const cart = (L: Lib) => L.cspace.Footprint.rectangle(1, 0.4);
  specs.push({
    target: 'bestfirst/cspace:Footprint#at', paramNames: ['pose'],
    make: (L) => { const f = cart(L); return { args: [{ x: 1, y: 1, theta: 0 }], call: (...a) => apply(f.at.bind(f), a), check: (r, a) => (a[0] && (a[0] as { theta: number }).theta === 0 ? same((r as { x: number }[])[0], P(0.5, 0.8)) : undefined) }; },
    params: [[...badPoses('at'), fresh(() => ({ x: -5, y: 1e6, theta: 100 }), 'far away, many turns', 'ok')]],
  });
  const notPlans = (name: string): V[] => named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => spec(), 'a spec (not a FloorPlan)'), fresh(() => ({}), '{}')], [name, 'plan', 'FloorPlan']);
  const notFootprints = (name: string): V[] => named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({ vertices: square(), circumradius: 1 }), 'a lookalike object'), fresh(() => square(), 'an array of corners')], [name, 'footprint', 'Footprint']);
  specs.push({
    target: 'bestfirst/cspace:footprintHits',
    paramNames: ['plan', 'footprint', 'pose'],
    make: (L) => ({ args: [plan(L), cart(L), { x: 2, y: 1, theta: 0 }], call: (...a) => apply(L.cspace.footprintHits, a), check: (r, a) => (a[2] && (a[2] as { x: number }).x === 2 ? same(r, false) : undefined) }),
    params: [notPlans('footprintHits'), notFootprints('footprintHits'), [...badPoses('footprintHits'), fresh(() => ({ x: 2, y: 1, theta: Math.PI / 2 }), 'across the door', 'ok', { check: (r) => same(r, true) })]],
  });
  specs.push({
    target: 'bestfirst/cspace:FootprintSlices',
    paramNames: ['plan', 'footprint', 'options'],
    make: (L) => ({ args: [plan(L), cart(L), {}], call: (...a) => construct(L.cspace.FootprintSlices, a), check: (r) => same((r as FootprintSlices).headings > 0, true) }),
    params: [notPlans('FootprintSlices'), notFootprints('FootprintSlices'), options('FootprintSlices', {
      ...rasterFields,
      headings: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[0, -1, 2.5, 721, Number.NaN, Infinity].map((x) => v(x, String(x)))], ['headings'], /1\.\.720/),
        v(1, '1', 'ok'), v(720, '720', 'ok'), v(undefined, 'undefined', 'ok')],
    })],
  });
  const slices = (L: Lib) => new L.cspace.FootprintSlices(plan(L), cart(L), { headings: 4 });
  const smethod = (m: string, args: unknown[], params: (readonly V[] | null)[], check: Base['check'], paramNames: string[], size = 4): Spec => ({
    target: `bestfirst/cspace:FootprintSlices#${m}`, paramNames,
    make: (L) => { const c = slices(L); return { size, args, call: (...a) => apply((c as unknown as Record<string, AnyFn>)[m].bind(c), a), check }; },
    params,
  });
  const bins = (where: string) => ids('k', { names: ['k', 'heading bin', where] });
  // At 0.5 m, the cells beside the wall (columns 3 and 4): the cart facing east reaches into the wall from every one
  // of them; facing north (bin 1) it spans x 1.55..1.95 from column 3, touching the wall's face: free.
  specs.push(smethod('isBlocked', [0, 3], [bins('isBlocked'), null], (r, a) => (a[1] === 3 ? same(r, a[0] === 0 || a[0] === 2) : undefined), ['k', 'n']));
  specs.push({ ...smethod('isBlocked', [1, 0], [null, ids('n', { names: ['cell', 'n'] })], (r) => (typeof r === 'boolean' ? undefined : `answer ${String(r)}`), ['k', 'n'], 32),
    make: (L) => { const c = slices(L); return { size: 32, args: [1, 0], call: (...a) => apply(c.isBlocked.bind(c), a), check: (r) => (typeof r === 'boolean' ? undefined : `answer ${String(r)}`) }; } });
  specs.push(smethod('blocked', [0], [bins('blocked')], (r, a) => (a[0] === 0 || a[0] === 1 ? same((r as Uint8Array)[3], a[0] === 0 ? 1 : 0) : undefined), ['k']));
  specs.push(smethod('freeCount', [0], [bins('freeCount')], (r) => (typeof r === 'number' && r > 0 ? undefined : `answer ${String(r)}`), ['k']));
  specs.push(smethod('grid', [0], [bins('grid')], (r) => same((r as Grid).size, 32), ['k']));
  specs.push(smethod('heading', [2], [bins('heading')], (r, a) => (a[0] === 2 ? same(near(r as number, Math.PI), true) : undefined), ['k']));
  specs.push(smethod('binOf', [Math.PI], [[...named([...notNumbers(), ...[Number.NaN, Infinity, -Infinity].map((x) => v(x, String(x)))], ['theta'], /finite/),
    v(-0.1, '-0.1', 'ok', { check: (r) => same(r, 0) }), v(1e6, '1e6', 'ok'), v(-7.5, '-7.5', 'ok')]], (r, a) => (a[0] === Math.PI ? same(r, 2) : undefined), ['theta']));
  specs.push(smethod('cellAt', [P(1, 1)], [[...badPoints('cellAt'), fresh(() => P(5, 1), 'east of the raster', 'error', { names: ['cellAt', 'outside'] })]],
    (r) => (Number.isInteger(r) ? undefined : `cell ${String(r)}`), ['p']));
  specs.push({ ...smethod('centre', [0], [ids('n', { names: ['cell', 'n'] })], (r) => (typeof (r as { x: number }).x === 'number' ? undefined : 'not a point'), ['n'], 32) });

  const frame = { x0: 0, y0: 0, resolution: 0.5, width: 8, height: 4 };
  const badFrames = (): V[] => named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ ...frame, resolution: 0 }), 'resolution 0'), fresh(() => ({ ...frame, width: 0 }), 'width 0'),
    fresh(() => ({ ...frame, width: 1.5 }), 'width 1.5'), fresh(() => ({ ...frame, x0: Number.NaN }), 'x0 NaN'), fresh(() => ({ ...frame, height: '4' }), "height '4'"),
  ], ['frame']);
  specs.push({
    target: 'bestfirst/cspace:cellAt',
    paramNames: ['frame', 'p'],
    make: (L) => ({ args: [{ ...frame }, P(0.75, 1.75)], call: (...a) => apply(L.cspace.cellAt, a), check: (r) => same(r, 1) }),
    params: [badFrames(), [...badPoints('cellAt'), fresh(() => P(-0.1, 0), 'west of the raster', 'error', { names: ['cellAt', 'outside'] })]],
  });
  specs.push({
    target: 'bestfirst/cspace:cellCentre',
    paramNames: ['frame', 'n'],
    make: (L) => ({ args: [{ ...frame }, 1], size: 32, call: (...a) => apply(L.cspace.cellCentre, a), check: (r, a) => (a[1] === 1 ? same(r, P(0.75, 1.75)) : undefined) }),
    params: [badFrames(), ids('n', { names: ['cell'] })],
  });
  const box = { cx: 0, cy: 0, ux: 1, uy: 0, halfLength: 1, halfThickness: 0.5 };
  specs.push({
    target: 'bestfirst/cspace:distanceToBox',
    paramNames: ['p', 'box'],
    make: (L) => ({ args: [P(3, 0), { ...box }], call: (...a) => apply(L.cspace.distanceToBox, a), check: (r) => same(r, 2) }),
    params: [badPoints('distanceToBox'), named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ ...box, ux: Number.NaN }), 'ux NaN'),
      fresh(() => ({ ...box, halfLength: -1 }), 'halfLength -1'), fresh(() => ({ ...box, cx: '0' }), "cx '0'")], ['box', 'b'])],
  });
  return specs;
}

// --- worlds -------------------------------------------------------------------------------------------------

function worldSpecs(): Spec[] {
  const specs: Spec[] = [];
  const noArgs: [string, (r: unknown, L: Lib) => string | undefined][] = [
    ['handTraceWorld', (r, L) => { const w = r as { grid: Grid; start: number; goal: number; h: () => number }; return same(near(L.root.astar(w.grid, w.start, w.goal, w.h).cost, 5.2), true); }],
    ['lessonWorld', (r) => same((r as { grid: Grid }).grid.size, 30)],
    ['counterexampleWorld', (r, L) => { const w = r as { graph: SearchSpace; start: number; goal: number; h: () => number }; return same(L.root.astar(w.graph, w.start, w.goal, w.h).cost, 8); }],
    ['gateWorld', (r) => same((r as { costScale: number }).costScale, 10)],
    ['gateScenario', (r) => same((r as { repairedPath: number[] }).repairedPath.length > 0, true)],
    ['southRoomsWorld', (r) => same((r as { grid: Grid }).grid.width, 24)],
    ['naiveOpening', (r) => same((r as { reached: boolean }).reached, false)],
    ['apartmentWorld', (r) => same((r as { grid: Grid }).grid.height, 16)],
  ];
  for (const [name, check] of noArgs) {
    specs.push({
      target: `bestfirst/worlds:${name}`,
      extra: [{ label: name === 'apartmentWorld' ? 'no arguments' : 'junk arguments (ignored)', want: 'ok', make: (L) => ({ args: name === 'apartmentWorld' ? [] : [SYM, -1, null], call: (...a) => apply(L.worlds[name as 'lessonWorld'], a), check: (r) => check(r, L) }) }],
    });
  }
  specs.push({
    target: 'bestfirst/worlds:apartmentWorld',
    paramNames: ['options'],
    make: (L) => ({ args: [{}], call: (...a) => apply(L.worlds.apartmentWorld, a), check: (r) => same((r as { grid: Grid }).grid.width, 24) }),
    params: [options('apartmentWorld', { closed: [...named([v('kitchen', "'kitchen'"), v(null, 'null'), v(5, '5'), fresh(() => ['nope'], "['nope']"), fresh(() => [5], '[5]'), fresh(() => [SYM], '[a symbol]'),
      fresh(() => [null], '[null]')], ['closed', 'door']), fresh(() => ['kitchen'], "['kitchen']", 'ok'), v(undefined, 'undefined', 'ok')] })],
  });
  specs.push({
    target: 'bestfirst/worlds:apartmentPlan',
    paramNames: ['closed'],
    make: (L) => ({ args: [['kitchen']], call: (...a) => apply(L.worlds.apartmentPlan, a), check: (r, a) => same((r as FloorPlan).doors.filter((d) => !d.open).map((d) => d.name), a[0] === undefined ? [] : [...new Set(a[0] as string[])]) }),
    params: [[
      ...named([v('kitchen', "'kitchen'"), v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['closed']),
      ...named([fresh(() => ['nope'], "['nope']"), fresh(() => [5], '[5]'), fresh(() => [SYM], '[a symbol]'), fresh(() => [null], '[null]'), fresh(() => [''], "['']"), fresh(() => [['kitchen']], "[['kitchen']]")], ['door', 'closed']),
      v(undefined, 'undefined', 'ok'), fresh(() => [], '[]', 'ok'), fresh(() => ['kitchen', 'kitchen'], 'a door twice', 'ok'),
    ]],
  });
  const south = (L: Lib) => L.worlds.southRoomsWorld();
  const notWorlds = (name: string): V[] => named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ grid: null, cspace: null, doors: [] }), 'null grid and cspace'),
    dyn((b) => ({ ...(b.args[0] as ApartmentWorld), doors: 5 }), 'doors: 5'), dyn((b) => ({ ...(b.args[0] as ApartmentWorld), cspace: {} }), 'cspace: {}')], [name, 'world', 'grid', 'cspace', 'doors']);
  specs.push({
    target: 'bestfirst/worlds:naiveController',
    paramNames: ['world', 'start', 'goal'],
    make: (L) => { const w = south(L); return { size: w.grid.size, blocked: firstBlocked(w.grid), args: [w, w.start, w.goal], call: (...a) => apply(L.worlds.naiveController, a), check: (r) => (typeof (r as { reached: boolean }).reached === 'boolean' ? undefined : 'no answer') }; },
    // Cell 0 is wall here: the legit ids are the world's own start and goal.
    params: [notWorlds('world'), [...ids('start', { blocked: true, names: ['start'] }).filter((x) => x.want !== 'ok'), dyn((b) => b.args[2], 'the goal (start === goal)', 'ok')],
      [...ids('goal', { blocked: true, names: ['goal'] }).filter((x) => x.want !== 'ok'), dyn((b) => b.args[1], 'the start (start === goal)', 'ok')]],
  });
  specs.push({
    target: 'bestfirst/worlds:halfwayDoorways',
    paramNames: ['world', 'goal'],
    make: (L) => { const w = L.worlds.apartmentWorld(); return { size: w.grid.size, blocked: firstBlocked(w.grid), args: [w, w.goal], call: (...a) => apply(L.worlds.halfwayDoorways, a), check: (r) => (typeof (r as { fraction: number }).fraction === 'number' ? undefined : 'no answer') }; },
    params: [[...notWorlds('world').filter((x) => x.label !== 'undefined'), v(undefined, 'undefined (the default world)', 'ok')],
      ids('goal', { optional: true, blocked: true, names: ['goal'] }).filter((x) => x.label !== '0' && x.label !== '-0')],
  });
  const pathParam = (name: string, legitEmpty: boolean): V[] => [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('ab', "'ab'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], [name, 'path']),
    ...named([fresh(() => [0, -1], '[0, -1]'), fresh(() => [0, 1.5], '[0, 1.5]'), fresh(() => [0, '1'], "[0, '1']"), fresh(() => [0, 9999], '[0, 9999]')], ['path[', 'path', 'cell']),
    fresh(() => [0, 2], 'cells that are not neighbours', 'error', { names: ['step'] }),
    legitEmpty ? fresh(() => [], '[]', 'ok') : fresh(() => [], '[]', 'error', { names: ['path', 'empty'] }),
  ];
  specs.push({
    target: 'bestfirst/worlds:prefixCosts',
    paramNames: ['grid', 'path'],
    make: (L) => ({ args: [new L.root.Grid(3, 1), [0, 1, 2]], call: (...a) => apply(L.worlds.prefixCosts, a), check: (r, a) => ((a[1] as unknown[]).length === 0 ? (Array.isArray(r) ? undefined : 'not a list') : same(r, [0, 1, 2])) }),
    params: [notGrids(), pathParam('path', true)],
  });
  specs.push({
    target: 'bestfirst/worlds:halfwayIndex',
    paramNames: ['grid', 'path'],
    make: (L) => ({ args: [new L.root.Grid(3, 1), [0, 1, 2]], call: (...a) => apply(L.worlds.halfwayIndex, a), check: (r) => same(r, 1) }),
    params: [notGrids(), pathParam('path', false)],
  });
  specs.push({
    target: 'bestfirst/worlds:doorsOnPath',
    paramNames: ['world', 'path'],
    make: (L) => { const w = south(L); return { args: [w, [w.start]], call: (...a) => apply(L.worlds.doorsOnPath, a), check: (r) => same(r, []) }; },
    params: [notWorlds('world'), [...pathParam('path', true).filter((x) => !x.label.includes('neighbours'))]],
  });
  specs.push({
    target: 'bestfirst/worlds:doorClosesScenario',
    paramNames: ['options'],
    make: (L) => ({ size: 384, args: [{}], call: (...a) => apply(L.worlds.doorClosesScenario, a), check: (r) => same((r as { driven: number[]; goal: number }).driven.at(-1), (r as { goal: number }).goal) }),
    params: [options('doorClosesScenario', {
      closeAt: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, 1.5, Number.NaN, Infinity, 1e9].map((x) => v(x, String(x)))], ['closeAt'], /0\.\.\d+/),
        v(0, '0', 'ok'), v(undefined, 'undefined', 'ok')],
      closure: [...named([v(5, '5'), v('', "''"), v('nope', "'nope'"), v('HALFWAY', "'HALFWAY'"), v(null, 'null'), fresh(() => ['halfway'], "['halfway']"), v('__proto__', "'__proto__'")], ['closure'], /halfway/),
        v('room', "'room'", 'either'), v('corridor', "'corridor'", 'either'), v('kitchen', "'kitchen' (a door)", 'either'), v(undefined, 'undefined', 'ok')],
      start: [...ids('start', { optional: true, names: ['start'] }).filter((x) => x.want !== 'ok' || x.label === 'undefined'), dyn(() => 0, 'cell 0 (a wall)', 'error', { names: ['start'] })],
      goal: [...ids('goal', { optional: true, names: ['goal'] }).filter((x) => x.want !== 'ok' || x.label === 'undefined'), dyn(() => 0, 'cell 0 (a wall)', 'error', { names: ['goal'] })],
    })],
  });
  specs.push({
    target: 'bestfirst/worlds:counterClockwise',
    paramNames: ['grid'],
    make: (L) => ({ args: [grid(L)], call: (...a) => apply(L.worlds.counterClockwise, a), check: (r, a) => checkAnswer(r as SearchSpace, START, GOAL, { status: 'found', path: [0, 5, 10, 11, 12], cost: 4 }) ?? same((r as SearchSpace).size, (a[0] as Grid).size) }),
    params: [notGrids()],
  });
  specs.push({
    target: 'bestfirst/worlds:snapshot',
    paramNames: ['dstar'],
    make: (L) => { const d = new L.repair.DStar(grid(L)); d.initialize(GOAL); return { args: [d], call: (...a) => apply(L.worlds.snapshot, a), check: (r) => same((r as { h: Float64Array }).h[GOAL], 0) }; },
    params: [[...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ space: { size: 3 } }), 'a D*-shaped object')], ['dstar']),
      dyn((b) => new ((b.args[0] as object).constructor as new (g: Grid) => object)(((b.args[0] as { space: Grid }).space)), 'a D* never initialized', 'ok', { check: (r) => same((r as { h: Float64Array }).h[0], Infinity) })]],
  });
  specs.push({
    target: 'bestfirst/worlds:firstEpsilonAboveDijkstra',
    paramNames: ['space', 'start', 'goal', 'h', 'epsilons', 'searcher'],
    make: (L) => {
      const w = L.worlds.counterexampleWorld();
      return { size: 4, args: [w.graph, w.start, w.goal, w.h, [1, 2]], call: (...a) => apply(L.worlds.firstEpsilonAboveDijkstra, a), check: (r) => (r === null || typeof r === 'number' ? undefined : `returned ${String(r)}`) };
    },
    params: [
      notSpaces(),
      ids('start', { names: ['start'] }),
      ids('goal', { names: ['goal'] }),
      [...badHeuristics('h', { names: ['h', 'heuristic', 'h('] }).filter((x) => !x.label.includes('odd')), v(() => 0, '() => 0', 'ok')],
      [...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('12', "'12'"), fresh(() => ({}), '{}'), fresh(() => new Float64Array([1]), 'a Float64Array')], ['epsilons']),
        ...named([fresh(() => [Number.NaN], '[NaN]'), fresh(() => [-1], '[-1]'), fresh(() => ['2'], "['2']"), fresh(() => [Infinity], '[Infinity]'), fresh(() => [null], '[null]')], ['epsilons['], />= ?0/),
        fresh(() => [], '[]', 'ok', { check: (r) => same(r, null) }), fresh(() => [3, 0, 1], 'unsorted', 'ok')],
      [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ space: null, cost: 1, search: () => 'found' }), 'an object shaped like a Searcher')], ['searcher']),
        v(undefined, 'undefined', 'ok')],
    ],
    extra: [{
      label: 'a searcher over another space', want: 'error', names: ['searcher'],
      make: (L) => { const w = L.worlds.counterexampleWorld(); return { args: [w.graph, w.start, w.goal, w.h, [2], new L.root.Searcher(grid(L))], call: (...a) => apply(L.worlds.firstEpsilonAboveDijkstra, a) }; },
    }],
  });
  // The narration of a traced grid search: the lesson's trace, its grid and goal, and a step.
  const lesson = (L: Lib) => {
    const w = L.worlds.lessonWorld(), s = new L.root.Searcher(w.grid);
    s.search(w.start, w.goal, { heuristic: w.h, tieBreak: 'fifo', trace: true });
    return { w, t: s.trace! };
  };
  const notTraces = (): V[] => named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ pops: [], pushes: 5 }), '{ pushes: 5 }'),
    fresh(() => ({ pops: {}, pushes: [] }), '{ pops: {} }'), fresh(() => ({ tieBreak: 'fifo', pops: [null, null, null], pushes: [] }), 'pops [null, null, null]'),
    fresh(() => ({ tieBreak: 'fifo', pops: [{ node: 0 }, { node: 1 }, { node: 2 }], pushes: [null] }), 'pops of bare nodes, pushes [null]'),
    fresh(() => ({ tieBreak: 'fifo', pops: [1, 2, 3], pushes: [5] }), 'pops [1, 2, 3], pushes [5]')], ['trace']);
  const lessonGoal = (): V[] => [
    ...named([...notNumbers(), ...[Number.NaN, Infinity, -1, 1.5, 1e9, 2 ** 31].map((x) => v(x, String(x))), v(30, 'the grid size'), v(31, 'the grid size + 1')], ['goal'], /\d+\.\.\d+/),
    v(0, '0', 'ok'), v(-0, '-0', 'ok'), v(29, 'the last cell', 'ok'),
  ];
  const isLine = (r: unknown) => (typeof r === 'string' && /^(Step \d+|The frontier ran empty)/.test(r) ? undefined : `not a narration line: ${String(r)}`);
  specs.push({
    target: 'bestfirst/worlds:narrationLine',
    paramNames: ['trace', 'grid', 'goal', 'k'],
    make: (L) => { const { w, t } = lesson(L); return { args: [t, w.grid, w.goal, 2], size: t.pops.length, call: (...a) => apply(L.worlds.narrationLine, a), check: isLine }; },
    params: [notTraces(), notGrids(), lessonGoal(), [...ids('k', { names: ['k'] }), dyn((b) => b.size! - 1, 'the last pop', 'ok')]],
    extra: [{
      label: 'a grid smaller than the trace\'s', want: 'error', names: ['grid'],
      make: (L) => { const { t } = lesson(L); return { args: [t, new L.root.Grid(2, 1), 1, 2], call: (...a) => apply(L.worlds.narrationLine, a) }; },
    }],
  });
  specs.push({
    target: 'bestfirst/worlds:arrivalLine',
    paramNames: ['trace', 'grid', 'goal'],
    make: (L) => { const { w, t } = lesson(L); return { args: [t, w.grid, w.goal], call: (...a) => apply(L.worlds.arrivalLine, a), check: isLine }; },
    params: [notTraces(), notGrids(), lessonGoal()],
    extra: [{
      label: 'a grid smaller than the trace\'s', want: 'error', names: ['grid'],
      make: (L) => { const { t } = lesson(L); return { args: [t, new L.root.Grid(2, 1), 1], call: (...a) => apply(L.worlds.arrivalLine, a) }; },
    }],
  });
  return specs;
}

function firstBlocked(g: Grid): number {
  return g.cells.indexOf(1);
}

export function ioCspaceWorldSpecs(): Spec[] {
  return [...ioSpecs(), ...rosSpecs(), ...cspaceSpecs(), ...worldSpecs()];
}

