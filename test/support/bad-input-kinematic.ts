// The bad-input table, part 6: 'bestfirst/kinematic' (curves, the footprint
// checker, Hybrid-A*, the path check). See bad-input-kit.ts for the row
// machinery. The answers are checked against what can be worked out by hand:
// a U-turn of one radius is half a circle, a straight backwards is as long as
// it is, a 0.5 m square on 0.25 m cells covers four cells.
import type { Costmap } from '#bestfirst/costmap';
import type { Curve, FootprintChecker, HybridAStarResult, KinematicVerdict, Pose, SmoothedPath } from '#bestfirst/kinematic';
import { apply, construct } from './bad-input-core.js';
import {
  bool, count, dyn, escape, fresh, holey, limitsOf, named, near, notNumbers, oneOf, options, positive, same, SYM, v,
  type Base, type Lib, type Spec, type V,
} from './bad-input-kit.js';

type AnyFn = (...a: unknown[]) => unknown;

const pose = (x: number, y: number, theta: number): Pose => ({ x, y, theta });
const ORIGIN = pose(0, 0, 0);
/** Two radii to the left, facing back: half a circle. */
const U_TURN = pose(0, 2, Math.PI);
/** One metre straight behind. */
const BEHIND = pose(-1, 0, 0);

/**
 * 3 m x 2 m at 0.25 m (12 x 8 cells), rows from the bottom: a lethal wall in
 * column 6 (x 1.5 to 1.75 m) from the bottom up to row 4 (y 1.25 m); an
 * unknown cell at column 0, row 7; the rest free.
 */
const WIDTH = 12, HEIGHT = 8, RES = 0.25;
function costmap(L: Lib): Costmap {
  const cost = new Uint8Array(WIDTH * HEIGHT);
  for (let r = 0; r <= 4; r++) cost[r * WIDTH + 6] = 254;
  cost[7 * WIDTH] = 255;
  return L.costmap.makeCostmap(cost, { width: WIDTH, height: HEIGHT, resolution: RES, rowOrder: 'bottom-up' });
}
/** A 0.5 m x 0.3 m robot turning about its middle. */
const robot = (L: Lib) => L.cspace.Footprint.rectangle(0.5, 0.3);
const checkerOf = (L: Lib) => new L.kinematic.FootprintChecker(costmap(L), robot(L));
const FREE = pose(0.75, 0.75, 0), ON_WALL = pose(1.6, 0.5, 0), PAST_WALL = pose(2.5, 0.75, 0);

const numLabel = (x: number) => (Object.is(x, -0) ? '-0' : String(x));

/** Anything but a pose { x, y, theta } of finite numbers. */
const badPoses = (name: string): V[] => named([
  v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => ({ x: 1, y: 1 }), 'no theta'), fresh(() => ({ x: 1, y: 1, yaw: 0 }), 'yaw for theta'),
  fresh(() => ({ x: 1, y: 1, theta: Number.NaN }), 'theta NaN'), fresh(() => ({ x: 1, y: Infinity, theta: 0 }), 'y Infinity'), fresh(() => ({ x: '1', y: 1, theta: 0 }), "x '1'"),
  fresh(() => [1, 1, 0], '[1, 1, 0]'), v(SYM, 'a symbol'), fresh(() => ({ x: 1n, y: 1, theta: 0 }), 'x 1n'),
], [name, 'pose'], /finite/);

/** A whole number lo..hi, optional. */
function whole(name: string, lo: number, hi: number, good: readonly number[]): V[] {
  const bad = [...notNumbers().filter((x) => x.label !== 'undefined'), ...[lo - 1, hi + 1, 2.5, Number.NaN, -1, Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], new RegExp(`${lo}\\.\\.${hi}`)), ...[...good, undefined].map((x) => v(x, String(x), 'ok'))];
}

/** A finite number >= lo, optional. */
function atLeast(name: string, lo: number, good: readonly number[]): V[] {
  const bad = [...notNumbers().filter((x) => x.label !== 'undefined'), ...[lo - 0.5, lo - 1e-9, -1, Number.NaN, Infinity, -Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], new RegExp(`>= ?${lo}`)), ...[...good, undefined].map((x) => v(x, String(x), 'ok'))];
}

/** A number 0..1, optional. */
function fraction(name: string, good: readonly number[]): V[] {
  const bad = [...notNumbers().filter((x) => x.label !== 'undefined'), ...[-0.5, -1e-9, 1 + 1e-9, 1.5, Number.NaN, Infinity, -Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], /0\.\.1/), ...[...good, undefined].map((x) => v(x, String(x), 'ok'))];
}

/** Curves: the valid curve's length is checked for the given radius only (the hostile rows change the radius). */
function curveSpecs(): Spec[] {
  const specs: Spec[] = [];
  const radius = positive('radius', { optional: false, legit: [1, 0.5, 3] });
  const huge = [
    v(1e300, '1e300 (a huge radius)', 'either'),
  ];
  const far = fresh(() => pose(1e300, -1e300, 0), 'a pose 1e300 m away', 'either');
  const uTurn = (r: unknown, a: unknown[]) => (a[2] === 1 && a[1] === U_TURN && a[0] === ORIGIN ? same([near((r as Curve).length, Math.PI), (r as Curve).cusps], [true, 0]) : undefined);
  const back = (r: unknown, a: unknown[]) => (a[2] === 1 && a[1] === BEHIND && a[0] === ORIGIN ? same([near((r as Curve).length, 1), (r as Curve).cusps], [true, 0]) : undefined);
  for (const [name, to, check, first] of [
    ['dubinsCurve', U_TURN, uTurn, false], ['dubinsCurves', U_TURN, uTurn, true], ['reedsSheppCurve', BEHIND, back, false], ['reedsSheppCurves', BEHIND, back, true],
  ] as const) {
    specs.push({
      target: `bestfirst/kinematic:${name}`,
      paramNames: ['from', 'to', 'radius'],
      make: (L) => ({
        args: [ORIGIN, to, 1],
        call: (...a) => apply((L.kinematic as unknown as Record<string, AnyFn>)[name], a),
        check: first ? (r, a) => (Array.isArray(r) && r.length > 0 ? check(r[0], a) : `answer ${String(r)}`) : check,
      }),
      params: [
        [...badPoses(`${name}: from`), far, fresh(() => pose(5, -3, 7), 'a pose with theta past 2 pi', 'ok')],
        [...badPoses(`${name}: to`), far, fresh(() => pose(0, 0, 0), 'the start itself', 'ok', { check: (r) => same((first ? (r as Curve[])[0] : (r as Curve)).length, 0) })],
        [...radius, ...huge],
      ],
    });
  }
  // sampleCurve: a 2 m straight at 0.5 m is five poses.
  const straight = (L: Lib) => L.kinematic.dubinsCurve(ORIGIN, pose(2, 0, 0), 1);
  const curveWith = (more: Record<string, unknown>) => (b: Base) => ({ ...(b.args[0] as Curve), ...more });
  specs.push({
    target: 'bestfirst/kinematic:sampleCurve',
    paramNames: ['curve', 'step'],
    make: (L) => ({ args: [straight(L), 0.5], call: (...a) => apply(L.kinematic.sampleCurve, a), check: (r, a) => (a[1] === 0.5 ? same((r as Pose[]).map((p) => p.x), [0, 0.5, 1, 1.5, 2]) : undefined) }),
    params: [
      [
        ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => [], '[]'), v('LSL', "'LSL'")], ['curve'], /Curve/),
        ...named([
          { label: 'radius 0', get: curveWith({ radius: 0 }), want: 'error' }, { label: 'radius Infinity', get: curveWith({ radius: Infinity }), want: 'error' },
          { label: 'segments 5', get: curveWith({ segments: 5 }), want: 'error' },
        ], ['curve'], /Curve/),
        ...named([
          { label: "a segment steering 'X'", get: curveWith({ segments: [{ steer: 'X', length: 1 }] }), want: 'error' },
          { label: 'a segment of length NaN', get: curveWith({ segments: [{ steer: 'S', length: Number.NaN }] }), want: 'error' },
          { label: "a segment of length '1'", get: curveWith({ segments: [{ steer: 'L', length: '1' }] }), want: 'error' },
          { label: 'a null segment', get: curveWith({ segments: [null] }), want: 'error' },
          { label: 'a hole among the segments', get: curveWith({ segments: holey([{ steer: 'S', length: 1 }, { steer: 'S', length: 1 }], 0) }), want: 'error' },
        ], ['segments'], /finite length/),
        ...named([{ label: 'from NaN', get: curveWith({ from: pose(Number.NaN, 0, 0) }), want: 'error' }], ['curve.from'], /finite/),
        { label: 'no segments', get: curveWith({ segments: [] }), want: 'ok', check: (r) => same((r as Pose[]).length, 1) },
        { label: 'a hand-made curve backwards', get: curveWith({ segments: [{ steer: 'S', length: -1 }] }), want: 'ok', check: (r) => same((r as Pose[]).map((p) => p.x), [0, -0.5, -1]) },
      ],
      [
        ...positive('step', { optional: false, legit: [0.5, 1, 3] }),
        v(1e-9, '1e-9 (two billion poses)', 'error', { names: ['step'], allowed: /more than \d+ poses/ }),
      ],
    ],
  });
  return specs;
}

function checkerSpecs(): Spec[] {
  const specs: Spec[] = [];
  const notCostmaps: V[] = named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), fresh(() => new Uint8Array(96), 'bare bytes'),
    fresh(() => ({ width: 0, height: 8, resolution: 0.25, rowOrder: 'bottom-up', cost: new Uint8Array(0) }), 'width 0'),
    fresh(() => ({ width: 12, height: 8, resolution: 0.25, rowOrder: 'up', cost: new Uint8Array(96) }), "rowOrder 'up'"),
    fresh(() => ({ width: 12, height: 8, resolution: 0.25, rowOrder: 'bottom-up', cost: new Uint8Array(95) }), 'cost of 95 bytes'),
  ], ['costmap']);
  const notRobots: V[] = named([
    v(null, 'null'), v(undefined, 'undefined'), v(0, '0'), v(-0.1, '-0.1'), v(Number.NaN, 'NaN'), v(Infinity, 'Infinity'), v('0.1', "'0.1'"), fresh(() => ({}), '{}'),
    fresh(() => ({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], circumradius: 1 }), 'a lookalike object'), fresh(() => [[0.25, 0.15], [0.25, -0.15], [-0.25, -0.15]], 'an array of corners'),
    v('[[0.25, 0.15], [0.25, -0.15], [-0.25, -0.15]]', 'a footprint string (not parsed)'),
  ], ['robot'], /Footprint/);
  specs.push({
    target: 'bestfirst/kinematic:FootprintChecker',
    paramNames: ['costmap', 'robot', 'options'],
    make: (L) => ({
      args: [costmap(L), robot(L), {}], call: (...a) => construct(L.kinematic.FootprintChecker, a),
      check: (r, a) => (a[2] && Object.keys(a[2] as object).length === 0 && a[1] instanceof L.cspace.Footprint ? same([(r as FootprintChecker).collides(FREE), (r as FootprintChecker).collides(ON_WALL)], [false, true]) : undefined),
    }),
    params: [
      notCostmaps,
      [...notRobots, v(0.1, 'a radius 0.1', 'ok', { check: (r) => same((r as FootprintChecker).collides(ON_WALL), true) }), v(1e9, 'a radius 1e9 (larger than the map)', 'ok')],
      options('FootprintChecker', {
        blockedAt: whole('blockedAt', 1, 254, [1, 253, 254]),
        allowUnknown: bool('allowUnknown'),
        headings: whole('headings', 1, 720, [1, 4, 720]),
      }),
    ],
  });
  const method = (m: string, args: unknown[], params: (readonly V[] | null)[], check: Base['check'], paramNames: string[], make: (L: Lib) => FootprintChecker = checkerOf): Spec => ({
    target: `bestfirst/kinematic:FootprintChecker#${m}`, paramNames,
    make: (L) => { const c = make(L); return { args, call: (...a) => apply((c as unknown as Record<string, AnyFn>)[m].bind(c), a), check }; },
    params,
  });
  specs.push(method('collides', [FREE], [[
    ...badPoses('collides'),
    v(ON_WALL, 'on the wall', 'ok', { check: (r) => same(r, true) }), v(pose(0.1, 0.75, 0), 'half off the map', 'ok', { check: (r) => same(r, true) }),
    v(pose(-1e300, 1e300, 0), 'far off the map', 'ok', { check: (r) => same(r, true) }), v(pose(0.75, 0.75, 1e6), 'turned a million radians', 'ok'),
  ]], (r, a) => (a[0] === FREE ? same(r, false) : undefined), ['pose']));
  specs.push({
    target: 'bestfirst/kinematic:FootprintChecker#collides', extra: [
      // A disc far below float resolution on a cell corner covers no cell of the scan: the cell of its centre decides.
      ...[[pose(1, 1, 0), false, 'free'], [pose(1.5, 0.5, 0), true, 'the wall']].map(([p, want, where]) => ({
        label: `a robot of radius 1e-300 m on a cell corner of ${String(where)}`, want: 'ok' as const,
        make: (L: Lib): Base => { const c = new L.kinematic.FootprintChecker(costmap(L), 1e-300); return { args: [p], call: (...a) => apply(c.collides.bind(c), a), check: (r) => same(r, want) }; },
      })),
    ],
  });
  // A 0.5 m square on 0.25 m cells, centred on a cell corner: the four cells around it (rows from the bottom, 12 a row).
  const square = (L: Lib) => new L.kinematic.FootprintChecker(costmap(L), L.cspace.Footprint.rectangle(0.5, 0.5));
  const sorted = (r: unknown) => [...(r as number[])].sort((a, b) => a - b);
  specs.push(method('cellsUnder', [pose(0.5, 0.5, 0)], [[
    ...badPoses('cellsUnder'),
    v(pose(-5, -5, 0), 'off the map', 'ok', { check: (r) => same(r, []) }),
  ]], (r, a) => ((a[0] as Pose).x === 0.5 && (a[0] as Pose).theta === 0 ? same(sorted(r), [13, 14, 25, 26]) : undefined), ['pose'], square));
  specs.push({
    target: 'bestfirst/kinematic:FootprintChecker#cellsUnder', extra: [{
      label: 'a robot of radius 1e9 m: every cell of the map, not a scan of the disc', want: 'ok',
      make: (L) => { const c = new L.kinematic.FootprintChecker(costmap(L), 1e9); return { args: [FREE], call: (...a) => apply(c.cellsUnder.bind(c), a), check: (r) => same(sorted(r), Array.from({ length: WIDTH * HEIGHT }, (_, i) => i)) }; },
    }, {
      label: 'a rectangle 1e9 m long: every cell of the map', want: 'ok',
      make: (L) => { const c = new L.kinematic.FootprintChecker(costmap(L), L.cspace.Footprint.rectangle(1e9, 1e9)); return { args: [FREE], call: (...a) => apply(c.cellsUnder.bind(c), a), check: (r) => same(sorted(r), Array.from({ length: WIDTH * HEIGHT }, (_, i) => i)) }; },
    }],
  });
  specs.push(method('withRobot', [0.1], [[
    ...notRobots,
    v(1e9, 'a radius 1e9 (larger than the map)', 'ok', { check: (r) => same((r as FootprintChecker).collides(FREE), true) }),
  ]], (r, a) => (a[0] === 0.1 ? same([(r as FootprintChecker).collides(FREE), (r as FootprintChecker).collides(ON_WALL)], [false, true]) : undefined), ['robot']));
  specs.push(method('isBlockedCost', [254], [[
    ...named([...notNumbers(), ...[-1, 256, 2.5, Number.NaN, Infinity].map((x) => v(x, numLabel(x)))], ['cost'], /0\.\.255/),
    v(253, '253 (inscribed)', 'ok', { check: (r) => same(r, false) }), v(255, '255 (unknown, allowed by default)', 'ok', { check: (r) => same(r, false) }), v(0, '0', 'ok', { check: (r) => same(r, false) }),
  ]], (r, a) => (a[0] === 254 ? same(r, true) : undefined), ['cost']));
  // parseFootprint
  const RECT = '[[0.25, 0.15], [0.25, -0.15], [-0.25, -0.15], [-0.25, 0.15]]';
  const text = (t: string, label: string, names: string[], allowed?: RegExp): V => v(t, label, 'error', { names, allowed });
  specs.push({
    target: 'bestfirst/kinematic:parseFootprint',
    paramNames: ['text'],
    make: (L) => ({ args: [RECT], call: (...a) => apply(L.kinematic.parseFootprint, a), check: (r, a) => (a[0] === RECT ? same(near((r as { circumradius: number }).circumradius, Math.hypot(0.25, 0.15)), true) : undefined) }),
    params: [[
      ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => [[0.25, 0.15], [0.25, -0.15], [-0.25, 0]], 'an array, not a string'), fresh(() => ({}), '{}'), v(SYM, 'a symbol')], ['footprint'], /string/),
      text('', 'empty', ['column 1'], /\[\[x, y\]/), text('   ', 'blanks', ['column 4']), text('[]', '[]', ['column 2']),
      text('[[0.25, 0.15]]', 'one corner', ['3 corners']), text('[[0, 0], [1, 0]]', 'two corners', ['3 corners']),
      text('[[0, 0], [1, 0], [2, 0]]', 'three corners in a line', ['line']), text('[[0, 0], [2, 0], [1, 0.2], [1, 2]]', 'a dent', ['convex']),
      text('[[0, 0], [1, 0], [0, 1]] x', 'text after it', ["unexpected 'x'"]), text('[[0, 0], [1, 0], [0, 1],]', 'a trailing comma', ['column 25']),
      text('[[0, 0, 0], [1, 0], [0, 1]]', 'three numbers in a corner', ["expected ']'"]), text('[[a, 0], [1, 0], [0, 1]]', 'a letter', ["found 'a'"]),
      text('[[NaN, 0], [1, 0], [0, 1]]', 'NaN', ['expected a number']), text('[[1e999, 0], [1, 0], [0, 1]]', '1e999 (Infinity)', ['finite']),
      text('[[0, 0], [1, 0], [0, 1]', 'no closing bracket', ['the end']), text('[(0, 0), (1, 0), (0, 1)]', 'parentheses', ["found '('"]),
      text('[[0; 0], [1; 0], [0; 1]]', 'semicolons', ["found ';'"]), text('- [0, 0]\n- [1, 0]\n- [0, 1]', 'a YAML list', ["found '-'"]),
      text(`[${Array.from({ length: 65 }, (_, i) => `[${Math.cos(i / 10.4).toFixed(6)}, ${Math.sin(i / 10.4).toFixed(6)}]`).join(', ')}]`, '65 corners', ['corners'], /3 to \d+/),
      text(`[${'[0, 0], '.repeat(200_000)}[0, 0]]`, '200001 corners in 1.6 MB', ['corners']),
      v('[[0.25,0.15],[0.25,-0.15],[-0.25,-0.15],[-0.25,0.15]]', 'no spaces', 'ok'), v('\n[ [ .25 , .15 ] ,\n [ .25, -.15 ], [-.25,-.15],[-2.5e-1,+1.5E-1] ]\n', 'newlines, signs, exponents', 'ok'),
      v('[[-0.25, 0.15], [-0.25, -0.15], [0.25, -0.15], [0.25, 0.15]]', 'clockwise', 'ok'),
    ]],
  });
  return specs;
}

/** The status set and, when found, a path the checker accepts from start to (nearly) the goal. */
function planCheck(L: Lib, checker: FootprintChecker, radius: number) {
  return (r: unknown, a: unknown[]): string | undefined => {
    const res = r as HybridAStarResult;
    if (res === null || typeof res !== 'object') return `answer ${String(r)}`;
    if (res.status === 'stopped') return res.reason === null ? 'stopped without a reason' : undefined;
    if (res.status === 'unreachable') return res.path === null ? undefined : 'unreachable with a path';
    if (res.status !== 'found' || !Array.isArray(res.path)) return `status ${String(res.status)}`;
    const start = a[1] as Pose, goal = a[2] as Pose, first = res.path[0], end = res.path[res.path.length - 1];
    if (Math.hypot(first.x - start.x, first.y - start.y) > 1e-12) return `the path begins at ${first.x}, ${first.y}`;
    if (Math.hypot(end.x - goal.x, end.y - goal.y) > 1e-6) return `the path ends at ${end.x}, ${end.y}`;
    const verdict = L.kinematic.checkKinematicPath(res.path, { radius: radius * (1 - 1e-9), checker, tolerance: 1e-6 });
    return verdict.ok ? undefined : `the checker refuses the path: ${verdict.violation?.message}`;
  };
}

function plannerSpecs(): Spec[] {
  const specs: Spec[] = [];
  const notCheckers: V[] = named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'),
    { label: 'a costmap', get: (b) => (b.args[0] as FootprintChecker).costmap, want: 'error' },
    { label: 'a lookalike { costmap, hits }', get: (b) => ({ costmap: (b.args[0] as FootprintChecker).costmap, hits: () => false, collides: () => false }), want: 'error' },
  ], ['checker'], /FootprintChecker/);
  const endpoint = (name: string): V[] => [
    ...badPoses(`hybridAStar: ${name}`),
    v(ON_WALL, 'on the wall', 'error', { names: [name, 'collides'] }), v(pose(-1, 0.75, 0), 'off the map', 'error', { names: [name, 'collides'] }),
  ];
  const radiusOf = (a: unknown[]) => ((a[3] as { minimumTurningRadius?: number } | undefined)?.minimumTurningRadius ?? 0.4);
  // The valid call plans without smoothing: each row that calls it again after an InputError then takes a
  // millisecond, not the fifteen the default smoothing adds. The rows of options ({}, smooth) smooth.
  const base = (L: Lib): Base => {
    const c = checkerOf(L);
    return { args: [c, FREE, PAST_WALL, { smooth: false }], call: (...a) => apply(L.kinematic.hybridAStar, a), check: (r, a) => planCheck(L, c, radiusOf(a))(r, a) };
  };
  specs.push({
    target: 'bestfirst/kinematic:hybridAStar',
    paramNames: ['checker', 'start', 'goal', 'options'],
    make: (L) => {
      const b = base(L);
      // The valid call, and one with the default options, must find their way around the wall: 'unreachable' would pass planCheck.
      const mustFind = (o: unknown) => o === b.args[3] || (typeof o === 'object' && o !== null && Object.keys(o).length === 0);
      return { ...b, check: (r, a) => (mustFind(a[3]) && (r as HybridAStarResult).status !== 'found' ? `status ${(r as HybridAStarResult).status}` : b.check!(r, a)) };
    },
    params: [
      notCheckers, endpoint('start'), endpoint('goal'),
      options('hybridAStar', {
        motion: oneOf('motion', ['dubins', 'reeds-shepp']),
        minimumTurningRadius: [...positive('minimumTurningRadius', { optional: true, legit: [0.4, 0.25, 1] }), v(1e6, '1e6 (far larger than the map)', 'ok'), v(1e-6, '1e-6 (turning nearly on the spot)', 'ok')],
        angleQuantizationBins: whole('angleQuantizationBins', 1, 720, [1, 16, 72]),
        reversePenalty: atLeast('reversePenalty', 1, [1, 2, 10]),
        changePenalty: atLeast('changePenalty', 0, [0, 0.5]),
        nonStraightPenalty: atLeast('nonStraightPenalty', 1, [1, 1.2, 3]),
        costPenalty: atLeast('costPenalty', 0, [0, 2, 10]),
        retrospectivePenalty: fraction('retrospectivePenalty', [0, 0.015, 0.5, 1]),
        analyticExpansionRatio: [...positive('analyticExpansionRatio', { optional: true, legit: [3.5, 0.1, 100] })],
        downsampleCostmap: bool('downsampleCostmap'),
        downsamplingFactor: whole('downsamplingFactor', 1, 64, [1, 2, 4]),
        downsampleObstacleHeuristic: bool('downsampleObstacleHeuristic'),
        maxIterations: count('maxIterations'),
        maxPlanningTime: count('maxPlanningTime'),
        tolerance: atLeast('tolerance', 0, [0, 0.25, 1]),
        smooth: bool('smooth'),
        greedyAfter: count('greedyAfter'),
        greedyWeight: atLeast('greedyWeight', 1, [1, 1.5, 10]),
        limits: limitsOf(),
      }),
    ],
  });

  specs.push({
    target: 'bestfirst/kinematic:hybridAStar', extra: [{
      // The exact curve to a goal facing back is half a circle of 1e6 m: its first poses leave the map, and the test must stop there.
      label: 'a radius of 1e6 m and a goal facing back: the exact curve is 3e6 m long', want: 'ok',
      make: (L) => { const c = checkerOf(L), goal = pose(2.5, 0.75, Math.PI); return { args: [c, FREE, goal, { minimumTurningRadius: 1e6 }], call: (...a) => apply(L.kinematic.hybridAStar, a), check: (r) => same((r as HybridAStarResult).status, 'unreachable') }; },
    }],
  });

  // checkKinematicPath: the U-turn of radius 1, sampled every 0.1 m: one arc of radius 1, length pi.
  const uTurnPath = (L: Lib) => L.kinematic.sampleCurve(L.kinematic.dubinsCurve(ORIGIN, U_TURN, 1), 0.1);
  const ok = (r: unknown) => r as KinematicVerdict;
  const fields: Record<string, readonly V[]> = {
    radius: [...positive('radius', { optional: false, legit: [1, 0.5] }),
      v(2, '2 (tighter than allowed)', 'ok', { check: (r) => same([ok(r).ok, ok(r).violation?.kind], [false, 'curvature']) })],
    checker: [
      ...named([v(null, 'null'), v(5, '5'), fresh(() => ({}), '{}'), v('checker', "'checker'")], ['checker'], /FootprintChecker/),
      // The U-turn runs from (0, 0) off the costmap's west edge: every pose collides.
      { label: 'a checker of the 3 m x 2 m map', get: (b) => (b as Base & { checker: FootprintChecker }).checker, want: 'ok', check: (r) => same([ok(r).ok, ok(r).violation?.kind], [false, 'collision']) },
      v(undefined, 'undefined', 'ok'),
    ],
    tolerance: [
      ...named([...notNumbers().filter((x) => x.label !== 'undefined'), ...[-1, -1e-300, Number.NaN, Infinity].map((x) => v(x, numLabel(x)))], ['tolerance'], />= ?0/),
      v(0.1, '0.1', 'ok'), v(undefined, 'undefined', 'ok'),
    ],
  };
  const keys = Object.keys(fields);
  const listed = new RegExp(keys.map((k) => `(?=[\\s\\S]*${escape(k)})`).join(''));
  const optionRows: V[] = [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('x', "'x'"), v(true, 'true'), v(SYM, 'a symbol'), fresh(() => [], '[]')], ['options'], /object/),
    v({}, '{} (no radius)', 'error', { names: ['radius'], allowed: /> ?0/ }),
    fresh(() => ({ radius: 1, nope: 1 }), '{ radius: 1, nope: 1 }', 'error', { names: ['nope'], allowed: listed }),
  ];
  for (const k of keys) {
    const typo = k.slice(0, -1);
    optionRows.push(fresh(() => ({ radius: 1, [typo]: 1 }), `{ radius: 1, ${typo}: 1 }`, 'error', { names: [typo], allowed: listed }));
    for (const x of fields[k]) optionRows.push({ ...x, label: `{ radius: 1, ${k}: ${x.label} }`, get: (b) => ({ radius: 1, [k]: x.get(b) }), names: x.names ?? [k] });
  }
  const notPaths: V[] = named([
    v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => [], '[] (no pose)'), fresh(() => ({ length: 1, 0: ORIGIN }), 'an array-like'),
    fresh(() => [ORIGIN, null], 'a null pose'), fresh(() => [ORIGIN, pose(1, Number.NaN, 0)], 'a NaN pose'), fresh(() => holey([ORIGIN, ORIGIN, ORIGIN], 1), 'a hole'),
    fresh(() => [[0, 0, 0], [1, 0, 0]], 'poses as arrays'),
  ], ['path']);
  specs.push({
    target: 'bestfirst/kinematic:checkKinematicPath',
    paramNames: ['path', 'options'],
    make: (L) => ({
      args: [uTurnPath(L), { radius: 1 }], call: (...a) => apply(L.kinematic.checkKinematicPath, a), checker: checkerOf(L),
      check: (r, a) => {
        const o = a[1] as { radius?: number; checker?: unknown } | undefined;
        if (!Array.isArray(a[0]) || a[0].length < 2 || o?.radius !== 1 || o.checker !== undefined) return undefined;
        return same([ok(r).ok, near(ok(r).length, Math.PI), ok(r).cusps], [true, true, 0]);
      },
    } as Base),
    params: [
      [...notPaths,
        fresh(() => [ORIGIN], 'one pose', 'ok', { check: (r) => same([ok(r).ok, ok(r).length], [true, 0]) }),
        fresh(() => [ORIGIN, pose(1, 0, 0), pose(0, 0, 0)], 'forwards then back', 'ok', { check: (r) => same([ok(r).ok, ok(r).cusps, ok(r).length], [true, 1, 2]) }),
        fresh(() => [ORIGIN, pose(0, 0, 1)], 'a turn on the spot', 'ok', { check: (r) => same([ok(r).ok, ok(r).violation?.kind], [false, 'curvature']) }),
        fresh(() => [ORIGIN, pose(1, 1, 0)], 'a step sideways', 'ok', { check: (r) => same([ok(r).ok, ok(r).violation?.kind], [false, 'heading']) }),
      ],
      optionRows,
    ],
  });

  // smoothKinematicPath: a path round the wall found by hybridAStar (unsmoothed); the smoothed one must pass the checker, no longer, same ends.
  // Planned once per library: every checker of the one map accepts it.
  const plans = new WeakMap<Lib, Pose[]>();
  const planned = (L: Lib, c: FootprintChecker): Pose[] => {
    if (!plans.has(L)) plans.set(L, L.kinematic.hybridAStar(c, FREE, PAST_WALL, { motion: 'reeds-shepp', smooth: false }).path as Pose[]);
    return plans.get(L)!;
  };
  const smoothed = (r: unknown) => r as SmoothedPath;
  const smoothFields: Record<string, readonly V[]> = {
    radius: positive('radius', { optional: false, legit: [0.4] }),
    checker: named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), fresh(() => ({}), '{}'), v('checker', "'checker'")], ['checker'], /FootprintChecker/),
    motion: oneOf('motion', ['dubins', 'reeds-shepp']),
    maxPasses: whole1('maxPasses'),
    tries: whole1('tries'),
    starts: whole1('starts'),
  };
  const smoothKeys = Object.keys(smoothFields);
  const smoothListed = new RegExp(smoothKeys.map((k) => `(?=[\\s\\S]*${escape(k)})`).join(''));
  const smoothRows: V[] = [
    ...named([v(null, 'null'), v(undefined, 'undefined'), v(5, '5'), v('x', "'x'"), v(true, 'true'), v(SYM, 'a symbol'), fresh(() => [], '[]')], ['options'], /object/),
    dyn((b) => ({ checker: (b as Base & { checker: FootprintChecker }).checker }), '{ checker } (no radius)', 'error', { names: ['radius'], allowed: /> ?0/ }),
    dyn((b) => ({ radius: 0.4, checker: (b as Base & { checker: FootprintChecker }).checker, nope: 1 }), '{ radius, checker, nope: 1 }', 'error', { names: ['nope'], allowed: smoothListed }),
  ];
  for (const k of smoothKeys) {
    if (k === 'radius' || k === 'checker') {
      for (const x of smoothFields[k]) smoothRows.push({ ...x, label: `{ ${k}: ${x.label} }`, get: (b) => ({ radius: 0.4, checker: (b as Base & { checker: FootprintChecker }).checker, [k]: x.get(b) }), names: x.names ?? [k] });
      continue;
    }
    for (const x of smoothFields[k]) smoothRows.push({ ...x, label: `{ radius: 0.4, checker, ${k}: ${x.label} }`, get: (b) => ({ radius: 0.4, checker: (b as Base & { checker: FootprintChecker }).checker, [k]: x.get(b) }), names: x.names ?? [k] });
  }
  specs.push({
    target: 'bestfirst/kinematic:smoothKinematicPath',
    paramNames: ['path', 'options'],
    make: (L) => {
      const c = checkerOf(L), path = planned(L, c);
      // One pass: it takes the one shortcut this path has, and the second pass of the default (three at
      // most, ending at one that takes none) tries every start again for nothing: two thirds of the time
      // of each row that calls this again after an InputError. The rows of options run the default.
      return {
        args: [path, { radius: 0.4, checker: c, maxPasses: 1 }], call: (...a) => apply(L.kinematic.smoothKinematicPath, a), checker: c,
        check: (r, a) => {
          const given = a[0] as Pose[], o = a[1] as { radius?: number } | undefined;
          if (!Array.isArray(given) || given !== path || o?.radius !== 0.4) return undefined;
          const s = smoothed(r), verdict = L.kinematic.checkKinematicPath(s.path, { radius: 0.4 * (1 - 1e-9), checker: c, tolerance: 1e-6 });
          if (!verdict.ok) return `the checker refuses the smoothed path: ${verdict.violation?.message}`;
          const len = L.kinematic.checkKinematicPath(given, { radius: 0.4 * (1 - 1e-9) }).length;
          return same([s.length <= len + 1e-9, s.path[0], s.path[s.path.length - 1]], [true, given[0], given[given.length - 1]]);
        },
      } as Base;
    },
    params: [[...notPaths, fresh(() => [ORIGIN], 'one pose', 'either')], smoothRows],
  });
  return specs;
}

/** A whole number >= 1, optional. */
function whole1(name: string): V[] {
  const bad = [...notNumbers().filter((x) => x.label !== 'undefined'), ...[0, -1, 2.5, Number.NaN, Infinity].map((x) => v(x, numLabel(x)))];
  return [...named(bad, [name], />= ?1/), ...[1, 3, undefined].map((x) => v(x, String(x), 'ok'))];
}

export function kinematicSpecs(): Spec[] {
  return [...curveSpecs(), ...checkerSpecs(), ...plannerSpecs()];
}
