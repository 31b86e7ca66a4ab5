// The bad-input table, part 7: 'bestfirst/lite' (findGridPath). See
// bad-input-kit.ts for the row machinery. A returned answer is held to the
// full library's: findPath on the Grid the same map and options make gives
// the same status and cost (the lite call runs GridSearcher's loop).
import type { Grid } from '#bestfirst';
import { apply } from './bad-input-core.js';
import { escape, fresh, named, notNumbers, oneOf, options, positive, same, SYM, v, type Lib, type Spec, type V } from './bad-input-kit.js';

/** 5 x 3, one wall cell at (1, 1). */
const ROWS = ['.....', '.#...', '.....'];
const CELLS = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0];

/** The Grid a valid lite map and options make, for the full library's answer. */
function gridOf(L: Lib, map: unknown, o: Record<string, unknown>): Grid {
  const opts = { connectivity: o.connectivity, diagonalRule: o.diagonalRule, diagonalCost: o.diagonalCost } as never;
  if (Array.isArray(map)) return L.root.Grid.fromAscii(map as string[], opts);
  const m = map as { width: number; height: number; cells: ArrayLike<number | boolean> };
  return new L.root.Grid(m.width, m.height, Array.from(m.cells, (c) => (c === true || c === 1 ? 1 : 0)), opts);
}

/** A cell [x, y] of the 5 x 3 map: everything else refused, naming the parameter and what a cell is or where the map ends. */
function cells(name: string): V[] {
  return [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(0, '0 (an id: lite takes [x, y] only)'), v('0,0', "'0,0'"), fresh(() => ({ x: 0, y: 0 }), '{ x: 0, y: 0 }'),
      fresh(() => [0], '[0]'), fresh(() => [0, 0, 0], '[0, 0, 0]'), fresh(() => [0.5, 0], '[0.5, 0]'), fresh(() => ['0', 0], "['0', 0]"), fresh(() => [Number.NaN, 0], '[NaN, 0]'),
      fresh(() => [0, null], '[0, null]'), fresh(() => [Infinity, 0], '[Infinity, 0]'), v(SYM, 'a symbol'), fresh(() => new Int32Array(2), 'Int32Array [0, 0]'),
      fresh(() => [0n, 0], '[0n, 0]')], [name], /\[x, y\] of whole numbers/),
    ...named([fresh(() => [-1, 0], '[-1, 0]'), fresh(() => [5, 0], '[5, 0]'), fresh(() => [0, 3], '[0, 3]'), fresh(() => [2 ** 31, 0], '[2**31, 0]')], [name], /outside the 5 x 3 map/),
    fresh(() => [1, 1], '[1, 1] (blocked)', 'error', { names: [name], allowed: /blocked/ }),
    fresh(() => [0, 0], '[0, 0]', 'ok'), fresh(() => [4, 2], '[4, 2]', 'ok'), fresh(() => [2, 1], '[2, 1]', 'ok'),
  ];
}

/** Maps findGridPath refuses, and maps it takes. */
function maps(): V[] {
  const grid = /rows of text or \{ width, height, cells \}/;
  return [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('.....', "'.....' (one string)"), v(SYM, 'a symbol'), v(true, 'true')], ['map'], grid),
    ...named([fresh(() => [], '[]')], ['map'], /no rows/),
    ...named([fresh(() => ['.....', '.'], 'a short row'), fresh(() => ['', ''], 'empty rows'), fresh(() => ['.....', 5], 'a row that is a number'), fresh(() => [['.', '.']], 'a row of characters')],
      ['row'], /strings of '#' \(blocked\) and '\.' \(free\)/),
    ...named([fresh(() => ['..x..'], "'x' in a row"), fresh(() => ['..1..'], "'1' in a row"), fresh(() => ['.. ..'], 'a space in a row')], ['row', 'column'], /'#' \(blocked\) or '\.' \(free\)/),
    ...named([...notNumbers().filter((x) => x.label !== '[0]'), v(0, '0'), v(-5, '-5'), v(2.5, '2.5'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity')].map((x) => ({
      ...x, label: `width ${x.label}`, get: (b) => ({ width: x.get(b), height: 3, cells: CELLS.slice() }),
    })), ['map.width'], /whole number >= 1/),
    ...named([fresh(() => ({ width: 5, height: 3, cells: CELLS.slice(1) }), '14 cells for 15'), fresh(() => ({ width: 5, height: 3, cells: null }), 'cells null'),
      fresh(() => ({ width: 5, height: 3, cells: 'abcdefghijklmno' }), 'cells a string')], ['map.cells'], /width \* height = 15/),
    ...named([fresh(() => ({ width: 5, height: 3, cells: [...CELLS.slice(0, 14), 2] }), 'a cell 2'), fresh(() => ({ width: 5, height: 3, cells: [...CELLS.slice(0, 14), Number.NaN] }), 'a cell NaN'),
      fresh(() => ({ width: 5, height: 3, cells: [...CELLS.slice(0, 14), '0'] }), "a cell '0'"), fresh(() => ({ width: 5, height: 3, cells: [...CELLS.slice(0, 14), null] }), 'a cell null'),
      fresh(() => ({ width: 5, height: 3, cells: new Array(15) }), 'cells with holes')], ['map.cells'], /0 or false \(free\), 1 or true \(blocked\)/),
    fresh(() => ({ width: 2 ** 16, height: 2 ** 16, cells: [] }), 'a 65536 x 65536 map', 'error', { names: ['map'], allowed: /2\^31 - 1/ }),
    fresh(() => ROWS.slice(), 'rows', 'ok'), fresh(() => ({ width: 5, height: 3, cells: CELLS.slice() }), 'cells as numbers', 'ok'),
    fresh(() => ({ width: 5, height: 3, cells: Uint8Array.from(CELLS) }), 'cells as a Uint8Array', 'ok'),
    fresh(() => ({ width: 5, height: 3, cells: CELLS.map((c) => c === 1) }), 'cells as booleans', 'ok'),
  ];
}

export function liteSpecs(): Spec[] {
  return [{
    // The lite entry's InputError is the library's own class, so one catch serves both.
    target: 'bestfirst/lite:InputError',
    extra: [{
      label: 'the root\'s class, and what findGridPath throws', want: 'ok',
      make: (L) => ({
        args: [], call: () => { try { L.lite.findGridPath([], [0, 0], [0, 0]); } catch (e) { return e; } return null; },
        check: (r) => same([L.lite.InputError === L.root.InputError, r instanceof L.lite.InputError], [true, true]),
      }),
    }],
  }, {
    target: 'bestfirst/lite:findGridPath',
    paramNames: ['map', 'from', 'to', 'options'],
    make: (L) => ({
      args: [ROWS.slice(), [0, 0], [4, 2], {}],
      call: (...a) => apply(L.lite.findGridPath, a),
      check: (r, a) => {
        const o = (a[3] ?? {}) as Record<string, unknown>;
        const grid = gridOf(L, a[0], o);
        const full = L.root.findPath(grid, a[1] as [number, number], a[2] as [number, number]);
        const got = r as { status: string; cost: number; points: unknown };
        return same([got.status, got.cost, got.points], [full.status, full.cost, full.points]);
      },
    }),
    params: [
      maps(),
      cells('from'),
      cells('to'),
      options('findGridPath', {
        connectivity: oneOf('connectivity', [4, 8], { optional: true, allowed: /4 or 8/ }),
        diagonalRule: oneOf('diagonalRule', ['always', 'never', 'no-corner-cutting', 'at-most-one-blocked'], { optional: true, allowed: new RegExp(escape('always, never, no-corner-cutting, at-most-one-blocked')) }),
        diagonalCost: positive('diagonalCost', { optional: true, legit: [Math.SQRT2, 1.4, 1, 2.5, 0.5] }),
      }),
    ],
  }];
}
