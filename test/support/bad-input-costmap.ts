// The bad-input table, the distance transform and Nav2's inflation (src/grid/
// distance-transform.ts, src/costmap/inflation.ts). See bad-input-kit.ts for the row
// machinery; the answers are checked against the definitions written out here.
import type { Grid } from '#bestfirst';
import { apply } from './bad-input-core.js';
import { dyn, escape, fresh, named, notNumbers, oneOf, positive, same, SYM, v, type Extra, type Spec, type V } from './bad-input-kit.js';

/** 3 x 2, an obstacle at (0, 0). */
const MASK = () => new Uint8Array([1, 0, 0, 0, 0, 0]);
const SQUARED = [0, 1, 4, 1, 2, 5];

function numLabel(x: number): string {
  return Object.is(x, -0) ? '-0' : x === 2 ** 31 ? '2**31' : String(x);
}

/** A width or height of a 3 x 2 raster (`good` the right one). */
function side(name: string, good: number, owner: string): V[] {
  const bad = [...notNumbers(), ...[0, -0, -1, 1.5, Number.NaN, Infinity, -Infinity].map((x) => v(x, numLabel(x)))];
  return [
    ...named(bad, [name], /integers >= 1/),
    v(2 ** 31, '2**31', 'error', { names: [name], allowed: /more than/ }),
    v(good + 1, `${good + 1} (the cells do not fit)`, 'error', { names: [owner], allowed: /needs|cells/ }),
    v(good, String(good), 'ok'),
  ];
}

const notMasks = (name: string): V[] => named([
  v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('mask', "'mask'"), fresh(() => ({}), '{}'), fresh(() => [1, 0, 0, 0, 0, 0], 'a plain array'),
  fresh(() => new Int8Array([1, 0, 0, 0, 0, 0]), 'an Int8Array'), fresh(() => new Uint8ClampedArray([1, 0, 0, 0, 0, 0]), 'a Uint8ClampedArray'),
  fresh(() => new Uint8Array(5), 'a Uint8Array of 5'), fresh(() => new Uint8Array(7), 'a Uint8Array of 7'), v(SYM, 'a symbol'),
], [name]);

/** Nav2's formula over all pairs, for the table's small sources. */
function inflateOracle(source: Record<string, unknown>, o: Record<string, unknown>): number[] {
  const width = source.width as number, height = source.height as number;
  const res = (o.resolution ?? source.resolution) as number;
  const r = o.inscribedRadius as number, R = o.inflationRadius as number, k = (o.costScalingFactor ?? 10) as number;
  const unknown = (o.unknown ?? 'keep') as string, occ = (o.occupiedAt ?? 100) as number;
  const cells = (source.mask ?? source.data) as ArrayLike<number>;
  const isMask = source.mask !== undefined;
  const obstacle = (i: number) => (isMask ? cells[i] === 1 : cells[i] >= occ || (cells[i] < 0 && unknown === 'lethal'));
  const out: number[] = [];
  for (let i = 0; i < width * height; i++) {
    let best = Infinity;
    for (let j = 0; j < width * height; j++) {
      if (!obstacle(j)) continue;
      const dx = (i % width) - (j % width), dy = Math.floor(i / width) - Math.floor(j / width);
      best = Math.min(best, dx * dx + dy * dy);
    }
    const d = Math.sqrt(best) * res;
    const cost = best === 0 ? 254 : d <= r ? 253 : d <= R ? Math.floor(252 * Math.exp(-k * (d - r))) : 0;
    out.push(!isMask && cells[i] < 0 && unknown === 'keep' && cost < 253 ? 255 : cost);
  }
  return out;
}

/**
 * Options with required keys: junk instead of the object, an unknown key,
 * each key misspelt, and each key's values merged into the valid `base`.
 * `where` is the object's name in the messages (`options`, `shape`).
 */
function mergedOptions(base: Record<string, unknown>, fields: Record<string, readonly V[]>, where = 'options'): V[] {
  const keys = Object.keys(fields);
  const listed = new RegExp(keys.map((k) => `(?=[\\s\\S]*${escape(k)})`).join(''));
  const out: V[] = [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('x', "'x'"), v(true, 'true'), v(() => ({}), 'a function'), v(SYM, 'a symbol'), fresh(() => [], '[]')], [where], /object/),
    fresh(() => ({ ...base, nope: 1 }), '{ ...valid, nope: 1 }', 'error', { names: ['nope'], allowed: listed }),
  ];
  for (const k of keys) {
    const typo = k.slice(0, -1);
    out.push(fresh(() => ({ ...base, [typo]: 1 }), `{ ...valid, ${typo}: 1 }`, 'error', { names: [typo], allowed: listed }));
    for (const x of fields[k]) out.push({ ...x, label: `{ ...valid, ${k}: ${x.label} }`, get: (b) => ({ ...base, [k]: x.get(b) }), names: x.names ?? [k] });
  }
  return out;
}

/** A finite number >= 0 (metres), required. */
function length(name: string, legit: readonly number[]): V[] {
  const bad = [...notNumbers(), ...[Number.NaN, -1, -1e-300, Infinity, -Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], />= ?(0|inscribedRadius)/), ...legit.map((x) => v(x, numLabel(x), 'ok'))];
}

function wholeFrom(name: string, lo: number, hi: number, good: readonly number[]): V[] {
  const bad = [...notNumbers().filter((x) => x.label !== 'undefined'), ...[lo - 1, hi + 1, 1.5, Number.NaN, -1, Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], new RegExp(`${lo} to ${hi}`)), ...[...good, undefined].map((x) => v(x, String(x), 'ok'))];
}

/** A whole number >= 1 of a costmap's shape (`good` the right one for 3 x 2). */
function shapeSide(name: string, good: number, owner: string): V[] {
  const bad = [...notNumbers(), ...[0, -0, -1, 1.5, Number.NaN, Infinity, -Infinity].map((x) => v(x, numLabel(x)))];
  return [
    ...named(bad, [name], /whole number >= 1/),
    v(2 ** 31, '2**31', 'error', { names: [name], allowed: /more than/ }),
    v(good + 1, `${good + 1} (the bytes do not fit)`, 'error', { names: [owner], allowed: /bytes/ }),
    v(good, String(good), 'ok'),
  ];
}

/** A ROS origin, optional: finite x, y, yaw. */
function origins(): V[] {
  return [
    ...named([v(null, 'null'), v(5, '5'), v('origin', "'origin'"), fresh(() => ({}), '{}'), fresh(() => [0, 0, 0], '[0, 0, 0]'), v(SYM, 'a symbol'),
      fresh(() => ({ x: 0, y: 0 }), '{ x, y } (no yaw)'), fresh(() => ({ x: Number.NaN, y: 0, yaw: 0 }), '{ x: NaN }'), fresh(() => ({ x: 0, y: '1', yaw: 0 }), "{ y: '1' }"),
      fresh(() => ({ x: 0, y: 0, yaw: Infinity }), '{ yaw: Infinity }')], ['origin'], /finite/),
    v(undefined, 'undefined', 'ok'), fresh(() => ({ x: -3.5, y: 1e3, yaw: 0 }), '{ x: -3.5, y: 1000, yaw: 0 }', 'ok'),
    fresh(() => ({ x: 0, y: 0, yaw: 1, z: 5 }), 'an origin with more fields', 'ok'),
  ];
}

const ROW_ORDERS = ['bottom-up', 'top-down'];
/** A 3 x 2 costmap, bottom-up, as inflate returns one for a ROS map. */
const COSTMAP = () => ({ width: 3, height: 2, resolution: 0.5, rowOrder: 'bottom-up', cost: new Uint8Array([0, 253, 254, 255, 100, 0]) });
type CostmapLike = ReturnType<typeof COSTMAP>;

/** Anything but a 3 x 2 costmap, and a few that are (top-down, with an origin, a plain object). */
function notCostmaps(name: string): V[] {
  const costmapWith = (more: Record<string, unknown>) => () => ({ ...COSTMAP(), ...more });
  return [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('costmap', "'costmap'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(SYM, 'a symbol'),
      fresh(() => new Uint8Array([0, 253, 254, 255, 100, 0]), 'bare bytes (the 0.2 call)')], [name]),
    ...named([fresh(costmapWith({ width: 0 }), 'width 0'), fresh(costmapWith({ height: 1.5 }), 'height 1.5'), fresh(costmapWith({ width: '3' }), "width '3'")], ['width', 'height'], /whole number >= 1/),
    fresh(costmapWith({ width: 4 }), 'width 4 (the bytes do not fit)', 'error', { names: ['cost'], allowed: /bytes/ }),
    ...named([fresh(costmapWith({ resolution: 0 }), 'resolution 0'), fresh(costmapWith({ resolution: undefined }), 'resolution missing')], ['resolution'], /> ?0/),
    ...named([fresh(costmapWith({ rowOrder: undefined }), 'rowOrder missing'), fresh(costmapWith({ rowOrder: 'up' }), "rowOrder 'up'"), fresh(costmapWith({ rowOrder: true }), 'rowOrder true')], ['rowOrder'], /bottom-up[\s\S]*top-down/),
    fresh(costmapWith({ origin: { x: Number.NaN, y: 0, yaw: 0 } }), 'origin { x: NaN }', 'error', { names: ['origin'], allowed: /finite/ }),
    ...named([fresh(costmapWith({ cost: new Int8Array(6) }), 'cost an Int8Array'), fresh(costmapWith({ cost: [0, 0, 0, 0, 0, 0] }), 'cost a plain array'), fresh(costmapWith({ cost: new Uint8Array(5) }), 'cost of 5 bytes')], ['cost'], /Uint8Array/),
    fresh(costmapWith({ rowOrder: 'top-down' }), 'a top-down costmap', 'ok'),
    fresh(costmapWith({ origin: { x: 1, y: 2, yaw: 0 } }), 'a costmap with an origin', 'ok'),
    fresh(costmapWith({ note: 'mine' }), 'a costmap with more fields', 'ok'),
  ];
}

/** The ROS row (row 0 the bottom) of a costmap's row `row`: a filter mask is in ROS order whatever the costmap's. */
const rosRow = (c: CostmapLike, row: number) => (c.rowOrder === 'bottom-up' ? row : c.height - 1 - row);
/** The mask's value for each of the costmap's cells, in the costmap's order. */
const maskOnCostmap = (c: CostmapLike, m: ArrayLike<number>) => Array.from(c.cost, (_, i) => m[rosRow(c, Math.floor(i / c.width)) * c.width + (i % c.width)]);
/** The shape fields of a costmap answer equal those of `c`. */
const sameShape = (r: unknown, c: CostmapLike) => {
  const got = r as Partial<CostmapLike>;
  return same([got.width, got.height, got.resolution, got.rowOrder], [c.width, c.height, c.resolution, c.rowOrder], 'the shape');
};

export function costmapSpecs(): Spec[] {
  const sqCheck = (r: unknown) => same(Array.from(r as Float64Array), SQUARED);
  const dCheck = (r: unknown, a: unknown[]) => same(Array.from(r as Float64Array), SQUARED.map((s) => Math.sqrt(s) * ((a[3] as number | undefined) ?? 1)));
  const SOURCE = () => ({ width: 3, height: 2, data: Int8Array.from([100, 0, 0, -1, 0, 0]), resolution: 1 });
  const OPTIONS = { inscribedRadius: 1, inflationRadius: 2, costScalingFactor: 1 };
  const inflateCheck = (r: unknown, a: unknown[]) => {
    const src = a[0] as Record<string, unknown>, o = a[1] as Record<string, unknown>;
    const got = r as { cost?: unknown; width?: unknown; height?: unknown; resolution?: unknown; rowOrder?: unknown };
    if (!(got?.cost instanceof Uint8Array)) return `returned ${String(r)}, not a costmap of bytes`;
    return same(Array.from(got.cost), inflateOracle(src, o))
      ?? same([got.width, got.height, got.resolution, got.rowOrder], [src.width, src.height, o.resolution ?? src.resolution, src.mask === undefined ? 'bottom-up' : o.rowOrder], 'the shape');
  };
  const gridCheck = (r: unknown, a: unknown[]) => {
    const cm = a[0] as CostmapLike, w = cm.width, o = (a[1] ?? {}) as { blockedAt?: number; allowUnknown?: boolean }, at = o.blockedAt ?? 253;
    // Unknown (255) is passable unless allowUnknown is false (Nav2's allow_unknown, true by default).
    const blocked = (c: number) => (c === 255 ? o.allowUnknown === false : c >= at);
    const rows: string[] = [];
    for (let y = 0; y < cm.height; y++) rows.push(Array.from(cm.cost.subarray(y * w, (y + 1) * w), (c) => (blocked(c) ? '#' : '.')).join(''));
    if (cm.rowOrder === 'bottom-up') rows.reverse();
    const g = r as Grid;
    return same(g.toAscii(), rows) ?? same([g.cellSize, g.connectivity, g.diagonalRule], [cm.resolution, 8, 'no-corner-cutting']);
  };
  const SHAPE = { width: 3, height: 2, resolution: 0.5, rowOrder: 'bottom-up' };
  const makeCheck = (r: unknown, a: unknown[]) => {
    const shape = a[1] as Record<string, unknown>, got = r as Record<string, unknown>;
    if (got?.cost !== a[0]) return 'the costmap does not hold the bytes it was given';
    const { x, y, yaw } = (shape.origin ?? {}) as Record<string, unknown>;
    return same([got.width, got.height, got.resolution, got.rowOrder, got.origin], [shape.width, shape.height, shape.resolution, shape.rowOrder, shape.origin === undefined ? undefined : { x, y, yaw }], 'the shape');
  };
  const turnCheck = (r: unknown, a: unknown[]) => {
    const c = a[0] as CostmapLike, to = a[1] as string, got = r as CostmapLike;
    const want = to === c.rowOrder ? Array.from(c.cost) : Array.from(c.cost, (_, i) => c.cost[(c.height - 1 - Math.floor(i / c.width)) * c.width + (i % c.width)]);
    return same(Array.from(got.cost), want) ?? same([got.width, got.height, got.resolution, got.rowOrder], [c.width, c.height, c.resolution, to], 'the shape');
  };
  return [
    {
      target: 'bestfirst/costmap:squaredDistanceTransform',
      paramNames: ['mask', 'width', 'height'],
      make: (L) => ({ args: [MASK(), 3, 2], call: (...a) => apply(L.costmap.squaredDistanceTransform, a), check: sqCheck }),
      params: [
        [...notMasks('mask'), fresh(() => new Uint8Array([2, 0, 0, 0, 0, 0]), 'a 2 in the mask', 'error', { names: ['mask[0]'], allowed: /0 .*1/ }),
          fresh(() => Buffer.from([1, 0, 0, 0, 0, 0]), 'a Buffer', 'ok')],
        side('width', 3, 'mask'), side('height', 2, 'mask'),
      ],
    },
    {
      target: 'bestfirst/costmap:distanceTransform',
      paramNames: ['mask', 'width', 'height', 'cellSize'],
      make: (L) => ({ args: [MASK(), 3, 2, 0.5], call: (...a) => apply(L.costmap.distanceTransform, a), check: dCheck }),
      params: [notMasks('mask'), side('width', 3, 'mask'), side('height', 2, 'mask'), positive('cellSize', { optional: true, legit: [1, 0.05, 3] })],
    },
    {
      target: 'bestfirst/costmap:inflate',
      paramNames: ['source', 'options'],
      make: (L) => ({ args: [SOURCE(), { ...OPTIONS }], call: (...a) => apply(L.costmap.inflate, a), check: inflateCheck }),
      params: [
        [
          ...named([
            v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('map', "'map'"), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v(SYM, 'a symbol'),
            fresh(() => ({ ...SOURCE(), width: 0 }), 'width 0'), fresh(() => ({ ...SOURCE(), width: 2.5 }), 'width 2.5'), fresh(() => ({ ...SOURCE(), height: '2' }), "height '2'"),
            fresh(() => ({ ...SOURCE(), width: 1e9, height: 1e9 }), '1e9 x 1e9'), fresh(() => ({ ...SOURCE(), width: 4 }), 'width 4 (the data does not fit)'),
            fresh(() => ({ ...SOURCE(), mask: MASK() }), 'both data and mask'), fresh(() => ({ width: 3, height: 2, resolution: 1 }), 'neither data nor mask'),
            fresh(() => ({ ...SOURCE(), data: Int8Array.from([101, 0, 0, 0, 0, 0]) }), 'data with 101'), fresh(() => ({ ...SOURCE(), data: [100, 0, 0, -2, 0, 0] }), 'data with -2'),
            fresh(() => ({ ...SOURCE(), data: [100, 0.5, 0, 0, 0, 0] }), 'data with 0.5'), fresh(() => ({ ...SOURCE(), data: [100, '0', 0, 0, 0, 0] }), "data with '0'"),
            fresh(() => ({ ...SOURCE(), data: 'abcdef' }), 'data a string'), fresh(() => ({ ...SOURCE(), data: null }), 'data null'),
            fresh(() => ({ width: 3, height: 2, mask: new Uint8Array([2, 0, 0, 0, 0, 0]) }), 'a mask with a 2'), fresh(() => ({ width: 3, height: 2, mask: [1, 0, 0, 0, 0, 0] }), 'a mask as a plain array'),
            fresh(() => ({ width: 3, height: 2, mask: new Uint8Array(5) }), 'a mask of 5 cells'),
          ], ['source']),
          fresh(() => ({ width: 3, height: 2, mask: MASK() }), 'a mask (no resolution of its own)', 'error', { names: ['resolution'], allowed: /> ?0/ }),
          fresh(() => ({ ...SOURCE(), resolution: 0 }), 'resolution 0 (and none in the options)', 'error', { names: ['resolution'], allowed: /> ?0/ }),
          fresh(() => ({ ...SOURCE(), data: [100, 0, 0, -1, 0, 0] }), 'data as a plain array', 'ok'),
          fresh(() => ({ ...SOURCE(), data: Int8Array.from([-1, -1, -1, -1, -1, -1]) }), 'all unknown', 'ok'),
          fresh(() => ({ ...SOURCE(), origin: { x: 0, y: 0, yaw: 1 } }), 'an OccupancyGrid with more fields', 'ok'),
          fresh(() => ({ ...SOURCE(), origin: { x: 0, y: Number.NaN, yaw: 0 } }), 'an origin with a NaN', 'error', { names: ['origin'], allowed: /finite/ }),
        ],
        mergedOptions(OPTIONS, {
          resolution: [...positive('resolution', { optional: true, legit: [1, 0.5, 0.05] }).filter((x) => x.label !== 'undefined'), v(undefined, 'undefined (the source\'s)', 'ok')],
          inscribedRadius: [...length('inscribedRadius', [0, 1, 2, -0]), v(3, '3 (more than inflationRadius)', 'error', { names: ['inflationRadius'], allowed: />= ?inscribedRadius/ })],
          inflationRadius: [...length('inflationRadius', [1, 2, 10]), v(0.5, '0.5 (less than inscribedRadius)', 'error', { names: ['inflationRadius'], allowed: />= ?inscribedRadius/ })],
          costScalingFactor: positive('costScalingFactor', { optional: true, legit: [1, 0.5, 3] }),
          unknown: oneOf('unknown', ['keep', 'free', 'lethal']),
          occupiedAt: wholeFrom('occupiedAt', 1, 100, [1, 50, 100]),
          // The source is an occupancy grid, whose data is in ROS order: a row order is a mask's only.
          rowOrder: [...named([v('top-down', "'top-down'"), v('bottom-up', "'bottom-up'"), v('up', "'up'"), v(null, 'null')], ['rowOrder'], /mask/), v(undefined, 'undefined', 'ok')],
        }),
      ],
      extra: [
        // A mask has no row order of its own: the options must give one.
        ...[['top-down', 'ok'], ['bottom-up', 'ok'], [undefined, 'error'], ['up', 'error'], [true, 'error']].map(([rowOrder, want]): Extra => ({
          label: `a mask, rowOrder ${String(rowOrder)}`, want: want as 'ok' | 'error', names: ['rowOrder'], allowed: /bottom-up[\s\S]*top-down/,
          make: (L) => ({ args: [{ width: 3, height: 2, mask: MASK() }, { ...OPTIONS, resolution: 1, rowOrder }], call: (...a) => apply(L.costmap.inflate, a), check: inflateCheck }),
        })),
      ],
    },
    {
      target: 'bestfirst/costmap:costmapToGrid',
      paramNames: ['costmap', 'options'],
      make: (L) => ({ args: [COSTMAP(), {}], call: (...a) => apply(L.costmap.costmapToGrid, a), check: gridCheck }),
      params: [
        notCostmaps('costmap'),
        [...mergedOptions({}, {
          blockedAt: wholeFrom('blockedAt', 1, 255, [1, 100, 253, 255]),
          allowUnknown: [...named([v(null, 'null'), v(0, '0'), v(1, '1'), v('true', "'true'"), v(SYM, 'a symbol'), fresh(() => ({}), '{}')], ['allowUnknown'], /true or false/),
            ...[true, false, undefined].map((x) => v(x, String(x), 'ok'))],
          costPenalty: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, Number.NaN, Infinity, -Infinity].map((x) => v(x, numLabel(x)))], ['costPenalty'], />= ?0/),
            ...[0, 2, 0.5, undefined].map((x) => v(x, String(x), 'ok'))],
          weights: [
            ...named([v(null, 'null'), v(5, '5'), v('x', "'x'"), fresh(() => [1, 1], '[1, 1] (too short)')], ['weights']),
            ...named([fresh(() => [1, 1, 0, 1, 1, 1], 'a 0'), fresh(() => [1, Number.NaN, 1, 1, 1, 1], 'a NaN'), fresh(() => [1, 1, 1, '2', 1, 1], "a '2'"), fresh(() => [-1, 1, 1, 1, 1, 1], 'a -1')], ['weights['], /> ?0/),
            fresh(() => [1, Infinity, 3, 4, 5, 6], 'six factors, one lethal on a blocked cell', 'ok'), fresh(() => new Float64Array(6).fill(1.25), 'a Float64Array', 'ok'), v(undefined, 'undefined', 'ok'),
          ],
        }).filter((x) => x.label !== 'undefined'), v(undefined, 'undefined (the defaults)', 'ok'),
        // 0.2's options, which the costmap now carries.
        ...['resolution', 'bottomUp'].map((k) => fresh(() => ({ [k]: k === 'bottomUp' ? true : 0.5 }), `{ ${k} } (0.2's option)`, 'error', { names: [k], allowed: /blockedAt[\s\S]*allowUnknown[\s\S]*costPenalty[\s\S]*weights/ }))],
      ],
    },
    {
      target: 'bestfirst/costmap:makeCostmap',
      paramNames: ['cost', 'shape'],
      make: (L) => ({ args: [COSTMAP().cost, { ...SHAPE }], call: (...a) => apply(L.costmap.makeCostmap, a), check: makeCheck }),
      params: [
        [...notMasks('cost'), fresh(() => Buffer.from([0, 253, 254, 255, 100, 0]), 'a Buffer', 'ok')],
        mergedOptions(SHAPE, {
          width: shapeSide('width', 3, 'cost'),
          height: shapeSide('height', 2, 'cost'),
          resolution: positive('resolution', { optional: false, legit: [1, 0.05, 1e-3] }),
          rowOrder: oneOf('rowOrder', ROW_ORDERS, { optional: false }),
          origin: origins(),
        }, 'shape'),
      ],
    },
    {
      target: 'bestfirst/costmap:withRowOrder',
      paramNames: ['costmap', 'rowOrder'],
      make: (L) => ({ args: [COSTMAP(), 'top-down'], call: (...a) => apply(L.costmap.withRowOrder, a), check: turnCheck }),
      params: [notCostmaps('costmap'), oneOf('rowOrder', ROW_ORDERS, { optional: false })],
    },
    {
      target: 'bestfirst/grid:filterAreas',
      paramNames: ['grid', 'filter'],
      make: (L) => ({ args: [new L.root.Grid(3, 2, [0, 0, 1, 0, 0, 0], { areas: [0, 1, 2, 0, 1, 2] }), { 1: 3, 2: 'excluded' }], call: (...a) => apply(L.grid.filterAreas, a), check: areaCheck }),
      params: [
        [...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['grid']),
          dyn((b) => (b.args[0] as Grid).with({ areas: undefined }), 'a grid without areas', 'error', { names: ['areas'] })],
        [...named([v(null, 'null'), v(5, '5'), v('mud', "'mud'"), fresh(() => [], '[]'), v(SYM, 'a symbol')], ['filter']),
          ...named([fresh(() => ({ 256: 2 }), '{ 256: 2 }'), fresh(() => ({ '-1': 2 }), "{ '-1': 2 }"), fresh(() => ({ mud: 2 }), '{ mud: 2 }'), fresh(() => ({ 1.5: 2 }), '{ 1.5: 2 }')], ['filter key'], /0 to 255/),
          ...named([fresh(() => ({ 1: 0 }), '{ 1: 0 }'), fresh(() => ({ 1: -2 }), '{ 1: -2 }'), fresh(() => ({ 1: Number.NaN }), '{ 1: NaN }'), fresh(() => ({ 1: 'x' }), "{ 1: 'x' }"), fresh(() => ({ 1: null }), '{ 1: null }')], ['filter[1]'], /weight|excluded/),
          fresh(() => ({}), '{} (every cell as it was)', 'ok'), fresh(() => ({ 0: Infinity, 1: 0.5 }), '{ 0: Infinity, 1: 0.5 }', 'ok')],
      ],
    },
    {
      target: 'bestfirst/costmap:applyKeepout',
      paramNames: ['costmap', 'mask'],
      make: (L) => ({ args: [COSTMAP(), KEEPOUT()], call: (...a) => apply(L.costmap.applyKeepout, a), check: keepoutCheck }),
      params: [notCostmaps('costmap'), notFilterMasks('mask')],
    },
    {
      target: 'bestfirst/costmap:speedWeights',
      paramNames: ['costmap', 'mask', 'options'],
      make: (L) => ({ args: [COSTMAP(), KEEPOUT(), {}], call: (...a) => apply(L.costmap.speedWeights, a), check: speedCheck }),
      params: [
        notCostmaps('costmap'),
        notFilterMasks('mask'),
        [...mergedOptions({}, {
          base: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[Number.NaN, Infinity].map((x) => v(x, numLabel(x)))], ['base'], /finite/), ...[0, 100, 50, undefined].map((x) => v(x, String(x), 'ok'))],
          multiplier: [...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[Number.NaN, -Infinity].map((x) => v(x, numLabel(x)))], ['multiplier'], /finite/), ...[-1, 2, 0, undefined].map((x) => v(x, String(x), 'ok'))],
        }).filter((x) => x.label !== 'undefined'), v(undefined, 'undefined (the defaults)', 'ok')],
      ],
    },
  ];
}

/** filterAreas's answer against the definition: named areas take the filter's rule, the rest stay as they were. */
function areaCheck(r: unknown, a: unknown[]): string | undefined {
  const src = a[0] as Grid, f = a[1] as Record<number, number | string>, g = r as Grid;
  const want = Array.from(src.areas!, (area, n) => {
    const rule = f[area];
    return rule === undefined ? src.weightOf(n) : rule === 'excluded' || rule === Infinity ? Infinity : rule;
  });
  return same(Array.from({ length: g.size }, (_, n) => g.weightOf(n)), want);
}

/** A 3 x 2 filter mask: a keepout cell, a light one, an unknown one. */
const KEEPOUT = () => ({ width: 3, height: 2, data: [100, 0, 50, -1, 20, 0] });

function keepoutCheck(r: unknown, a: unknown[]): string | undefined {
  const cm = a[0] as CostmapLike, m = maskOnCostmap(cm, (a[1] as { data: number[] }).data);
  return sameShape(r, cm) ?? same(Array.from((r as CostmapLike).cost), Array.from(cm.cost, (c, i) => (m[i] > 0 ? Math.max(c, Math.trunc((m[i] / 100) * 254)) : c)));
}

function speedCheck(r: unknown, a: unknown[]): string | undefined {
  const m = maskOnCostmap(a[0] as CostmapLike, (a[1] as { data: number[] }).data), o = (a[2] ?? {}) as { base?: number; multiplier?: number };
  const base = o.base ?? 100, k = o.multiplier ?? -1;
  return same(Array.from(r as Float64Array), m.map((x) => { const l = base + k * x; return x <= 0 || l <= 0 || l >= 100 ? 1 : 100 / l; }));
}

/** Anything but a 3 x 2 filter mask of values -1 to 100. */
function notFilterMasks(name: string): V[] {
  return [
    ...named([v(null, 'null'), v(5, '5'), v('mask', "'mask'"), fresh(() => ({}), '{}'), v(SYM, 'a symbol'),
      fresh(() => ({ ...KEEPOUT(), width: 2 }), 'width 2'), fresh(() => ({ ...KEEPOUT(), data: [0, 0, 0] }), '3 values'),
      fresh(() => ({ ...KEEPOUT(), data: [101, 0, 0, 0, 0, 0] }), 'a 101'), fresh(() => ({ ...KEEPOUT(), data: [0, -2, 0, 0, 0, 0] }), 'a -2'),
      fresh(() => ({ ...KEEPOUT(), data: [0, 0.5, 0, 0, 0, 0] }), 'a 0.5'), fresh(() => ({ ...KEEPOUT(), data: [0, '1', 0, 0, 0, 0] }), "a '1'")], [name, 'mask']),
    fresh(() => ({ ...KEEPOUT(), data: Int8Array.from([100, 0, 0, 0, 0, 0]) }), 'an Int8Array of data', 'ok'),
    fresh(() => ({ ...KEEPOUT(), resolution: 0.05, origin: { x: 0, y: 0, yaw: 0 } }), 'an OccupancyGrid with more fields', 'ok'),
  ];
}
