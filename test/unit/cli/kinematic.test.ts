// `bestfirst plan --ros ... --from X,Y,YAW --to X,Y,YAW --footprint ... --motion ...`:
// a kinematic plan on a small ROS map written here (4 m x 2 m of 0.05 m cells,
// walls round it and a parked box). Every path the command prints is held
// again to checkKinematicPath on a costmap the test builds itself with the
// library (inflate, FootprintChecker); its mistakes are one line, exit 2,
// in the command line's words.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { inflate } from '#bestfirst/costmap';
import { parseRosMap } from '#bestfirst/io';
import { checkKinematicPath, FootprintChecker, parseFootprint, type Pose } from '#bestfirst/kinematic';
import { run } from '../../support/cli-run.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-kinematic-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const W = 80, H = 40, RES = 0.05;
/** Rows from the top, as a PGM holds them: 0 an obstacle, 254 free, 205 unknown. */
function image(): Uint8Array {
  const px = new Uint8Array(W * H).fill(254);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const x = c * RES, y = (H - 1 - r) * RES; // the cell's lower-left corner in metres (origin 0, 0)
      if (c === 0 || r === 0 || c === W - 1 || r === H - 1) px[r * W + c] = 0;
      // A parked box, 0.5 x 0.6 m, against the bottom wall.
      if (x >= 1.75 && x < 2.25 && y < 0.6) px[r * W + c] = 0;
      // A closed room in the top right corner: walls round free space no one can reach.
      if (x >= 3.2 && y >= 1.2 && (Math.abs(x - 3.2) < 0.01 || Math.abs(y - 1.2) < 0.01)) px[r * W + c] = 0;
    }
  }
  return Uint8Array.from([...new TextEncoder().encode(`P5\n${W} ${H}\n255\n`), ...px]);
}
const YAML = 'image: lot.pgm\nresolution: 0.05\norigin: [0.0, 0.0, 0.0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
writeFileSync(join(DIR, 'lot.pgm'), image());
writeFileSync(join(DIR, 'lot.yaml'), YAML);
const ROS = join(DIR, 'lot.yaml');
const CART = '[[0.25, 0.15], [0.25, -0.15], [-0.25, -0.15], [-0.25, 0.15]]';

interface Record {
  motion: string; minTurningRadius: number; footprint: [number, number][] | null; radius: number | null; inscribedRadius: number; tolerance: number;
  tolerated: { pose: [number, number, number]; distance: number } | null; status: string; reason: string | null; length: number | null; cusps: number | null;
  expansions: number; elapsedMs: number; poses: [number, number, number][]; from: number[]; to: number[]; allowUnknown: boolean;
}

/** The test's own checker: the map read by the library, inflated as the command does by default (inscribed radius, 0.55 m, 3). */
function checkerFor(robot: string | number, inscribed: number, allowUnknown = true): FootprintChecker {
  const map = parseRosMap(YAML, readFileSync(join(DIR, 'lot.pgm')), 'lot.yaml');
  const costmap = inflate(map, { inscribedRadius: inscribed, inflationRadius: Math.max(0.55, inscribed), costScalingFactor: 3 });
  return new FootprintChecker(costmap, typeof robot === 'number' ? robot : parseFootprint(robot), { allowUnknown });
}

const plan = (...extra: string[]) => run('plan', '--ros', ROS, ...extra);

describe('plan --ros with poses: a kinematic plan', () => {
  test('Reeds-Shepp and Dubins between two poses: every pose in --json, start and goal exact, and the library\'s own checker accepts the path', async () => {
    const checker = checkerFor(CART, 0.15);
    for (const motion of ['reeds-shepp', 'dubins']) {
      const r = await plan('--from', '0.6,0.4,0', '--to', '3.0,0.9,0', '--footprint', CART, '--min-turning-radius', '0.4', '--motion', motion, '--json');
      expect(r.code, r.err.join('\n')).toBe(0);
      const rec = JSON.parse(r.out[0]) as Record;
      expect(rec).toMatchObject({ motion, minTurningRadius: 0.4, status: 'found', reason: null, tolerance: 0.25, tolerated: null, radius: null, inscribedRadius: 0.15, allowUnknown: true });
      expect(rec.footprint).toHaveLength(4);
      const poses: Pose[] = rec.poses.map(([x, y, theta]) => ({ x, y, theta }));
      expect(poses[0]).toEqual({ x: 0.6, y: 0.4, theta: 0 });
      const end = poses[poses.length - 1];
      expect(Math.hypot(end.x - 3.0, end.y - 0.9)).toBeLessThan(1e-6);
      const verdict = checkKinematicPath(poses, { radius: 0.4, checker });
      expect(verdict.violation).toBeNull();
      expect(verdict.length).toBeCloseTo(rec.length!, 9);
      expect(verdict.cusps).toBe(rec.cusps);
      if (motion === 'dubins') expect(rec.cusps).toBe(0);
      // Never shorter than the straight line, and it climbs over the box (0.6 m high; the cart is 0.3 m wide).
      expect(rec.length!).toBeGreaterThanOrEqual(Math.hypot(2.4, 0.5));
      expect(Math.min(...poses.filter((p) => p.x > 1.9 && p.x < 2.1).map((p) => p.y))).toBeGreaterThanOrEqual(0.75 - 1e-9);
    }
  });

  test('text: the robot, the motion, the length, cusps, time, and the poses about every 0.5 m with the ends and each cusp', async () => {
    const r = await plan('--from', '0.6,0.4,0', '--to', '3.0,0.6,3.14159', '--footprint', CART, '--min-turning-radius', '0.4', '--motion', 'reeds-shepp');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toMatch(/^map \S*lot\.yaml \(80 x 40 cells of 0\.05 m\), robot footprint \[\[.*\]\] \(inscribed radius 0\.15 m\), inflation 0\.55 m, scaling 3, penalty 2$/);
    expect(r.out[1]).toMatch(/^motion reeds-shepp, minimum turning radius 0\.4 m, tolerance 0\.25 m; from 0\.6,0\.4,0 to 3,0\.6,3\.14159; costmap in [\d.]+ ms$/);
    const found = /^found: length (\d+\.\d{3}) m, (\d+) cusps?, (\d+) poses, \d+ expansions( \(found by the search from --to's end\))?, [\d.]+ ms$/.exec(r.out[2]);
    expect(found, r.out[2]).not.toBeNull();
    const line = /^poses \(x m, y m, yaw rad; (\d+) of (\d+): about every 0\.5 m and at each cusp, all with --json\) (.*)$/.exec(r.out[3]);
    expect(line, r.out[3]).not.toBeNull();
    const shown = [...line![3].matchAll(/\((-?\d+\.\d{3}),(-?\d+\.\d{3}),(-?\d+\.\d{3})\)/g)];
    expect(shown).toHaveLength(Number(line![1]));
    expect(Number(line![2])).toBe(Number(found![3]));
    expect(shown.length).toBeLessThan(Number(line![2]));
    // About every half metre: no more than length / 0.5 + the cusps + the two ends.
    expect(shown.length).toBeLessThanOrEqual(Math.floor(Number(found![1]) / 0.5) + 2 * Number(found![2]) + 2);
    expect(shown[0].slice(1)).toEqual(['0.600', '0.400', '0.000']);
    expect(shown[shown.length - 1].slice(1)).toEqual(['3.000', '0.600', '3.142']);
    expect(r.out).toHaveLength(4);
  });

  test('a disc of --radius, and a yaw alone asks for a kinematic plan (Nav2\'s defaults: dubins, 0.4 m)', async () => {
    const r = await plan('--from', '0.6,1.0,0', '--to', '2.6,1.0,0', '--radius', '0.15', '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as Record;
    expect(rec).toMatchObject({ motion: 'dubins', minTurningRadius: 0.4, radius: 0.15, footprint: null, cusps: 0 });
    const poses: Pose[] = rec.poses.map(([x, y, theta]) => ({ x, y, theta }));
    expect(checkKinematicPath(poses, { radius: 0.4, checker: checkerFor(0.15, 0.15) }).violation).toBeNull();
  });

  test('a goal where the robot does not fit goes to the nearest pose within --tolerance (Smac Hybrid\'s 0.25 m by default), its yaw kept; 0 refuses it', async () => {
    // The goal's centre 0.1 m from the box's side: the cart's half-width is 0.15 m.
    const argv = ['--from', '0.6,1.0,0', '--to', '1.65,0.4,1.5708', '--footprint', CART, '--motion', 'reeds-shepp'];
    const r = await plan(...argv, '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as Record;
    expect(rec.tolerated).not.toBeNull();
    expect(rec.tolerated!.distance).toBeGreaterThan(0);
    expect(rec.tolerated!.distance).toBeLessThanOrEqual(0.25);
    expect(rec.tolerated!.pose[2]).toBeCloseTo(1.5708, 6);
    const end = rec.poses[rec.poses.length - 1];
    expect(Math.hypot(end[0] - rec.tolerated!.pose[0], end[1] - rec.tolerated!.pose[1])).toBeLessThan(1e-6);
    const checker = checkerFor(CART, 0.15);
    expect(checker.collides({ x: 1.65, y: 0.4, theta: 1.5708 })).toBe(true);
    expect(checkKinematicPath(rec.poses.map(([x, y, theta]) => ({ x, y, theta })), { radius: 0.4, checker }).violation).toBeNull();
    const text = await plan(...argv);
    expect(text.out[2]).toMatch(/^goal within --tolerance 0\.25 m: the robot does not fit at --to; planning to \d\.\d{3},\d\.\d{3},1\.571, 0\.\d{3} m from it$/);
    const none = await plan(...argv, '--tolerance', '0');
    expect(none.code).toBe(2);
    expect(none.err).toEqual([expect.stringMatching(/^bestfirst plan: --to 1\.65,0\.4,1\.5708: the robot \(the --footprint\) does not fit there, it covers an obstacle \(cost 254\) or leaves the map, nor at any pose within --tolerance 0 m of it$/)]);
  });

  test('a goal in a closed room: no path (unreachable), exit 1; --svg still draws the map and both poses', async () => {
    const svg = join(DIR, 'room.svg');
    const r = await plan('--from', '0.6,1.0,0', '--to', '3.6,1.6,0', '--radius', '0.1', '--motion', 'reeds-shepp', '--svg', svg);
    expect(r.code, r.err.join('\n')).toBe(1);
    expect(r.out[2]).toMatch(/^no path \(unreachable\), \d+ expansions, [\d.]+ ms$/);
    const text = readFileSync(svg, 'utf8');
    expect(text).toMatch(/data-label="start"/);
    expect(text).toMatch(/data-label="goal"/);
    expect(text).not.toMatch(/class="path"/);
  });

  test('--svg draws the path: one polyline per run of one direction, dashed when reversing, through the poses', async () => {
    const svg = join(DIR, 'park.svg');
    const r = await plan('--from', '0.6,0.4,0', '--to', '3.0,0.6,3.14159', '--footprint', CART, '--min-turning-radius', '0.4', '--motion', 'reeds-shepp', '--svg', svg);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[r.out.length - 1]).toMatch(/^wrote \S*park\.svg: SVG of the costmap round the path, \d+ bytes$/);
    const text = readFileSync(svg, 'utf8');
    const runs = [...text.matchAll(/<polyline class="path" data-label="(forward|reverse)"[^>]*?(stroke-dasharray="[^"]*")?\/>/g)];
    expect(runs.length).toBe(1 + Number(/, (\d+) cusps?,/.exec(r.out[2])![1]));
    for (const m of runs) expect(m[2] !== undefined).toBe(m[1] === 'reverse');
  });

  test('plan --help documents the kinematic options with Nav2\'s defaults', async () => {
    const help = (await run('plan', '--help')).out.join('\n').replace(/\s+/g, ' ');
    expect(help).toMatch(/--footprint '\[\[X,Y\],\.\.\.\]' the robot's outline for a kinematic plan, as Nav2 writes its footprint parameter/);
    expect(help).toMatch(/--min-turning-radius R .*minimum_turning_radius, whose Smac Hybrid default is 0\.4.* \[default: 0\.4\]/);
    expect(help).toMatch(/--motion M .*\(one of dubins, reeds-shepp\) \[default: dubins\]/);
    expect(help).toMatch(/--max-planning-time S .*max_planning_time, 5 s in Smac Hybrid.* \[default: 5\]/);
    expect(help).toMatch(/--tolerance defaults to 0\.25 m here, Smac Hybrid's/);
    expect(help).toMatch(/--from X,Y\|X,Y,YAW|X,Y or X,Y,YAW: decimal numbers, YAW in radians/);
  });
});

describe('refusals: one line, exit 2, in the command line\'s words', () => {
  const P = ['--from', '0.6,1.0,0', '--to', '2.6,1.0,0'];
  test.each([
    [['--from', '0.6,1.0', '--to', '2.6,1.0,0', '--radius', '0.1'], /a yaw in --from or --to asks for a kinematic plan, which plans poses: give --from as X,Y,YAW .*got 0\.6,1$/],
    [['--from', '0.6,1.0', '--to', '2.6,1.0', '--footprint', CART], /--footprint asks for a kinematic plan, which plans poses: give --from as X,Y,YAW/],
    [[...P, '--footprint', '[[0.25, 0.15], [0.25, -0.15]]'], /--footprint: a footprint needs at least 3 corners, got 2/],
    [[...P, '--footprint', '[[0.25, 0.15] [0.25, -0.15], [0, 0]]'], /--footprint: expected '\]', found '\[' at column 15/],
    [[...P, '--footprint', CART, '--radius', '0.1'], /a kinematic plan needs only one of --footprint '\[\[x, y\], \.\.\.\]' \(the robot's outline\) and --radius R \(a disc\)/],
    [[...P], /a kinematic plan needs one of --footprint/],
    [[...P, '--radius', '0'], /--radius 0 is a point; a kinematic plan's robot is a disc of --radius R > 0 or a --footprint/],
    [[...P, '--radius', '0.1', '--algo', 'dijkstra'], /--algo is for a round robot's plan on a ROS map, not for a kinematic plan \(a yaw in --from or --to asks for a kinematic plan\)/],
    [[...P, '--radius', '0.1', '--png', join(DIR, 'x.png')], /--png is for a round robot's plan/],
    [[...P, '--radius', '0.1', '--motion', 'ackermann'], /--motion must be one of dubins, reeds-shepp, got "ackermann"/],
    [[...P, '--radius', '0.1', '--min-turning-radius', '0'], /--min-turning-radius must be a decimal number > 0, got "0"/],
    [['--from', '0.1,0.1,0', '--to', '2.6,1.0,0', '--footprint', CART], /--from 0\.1,0\.1,0: the robot \(the --footprint\) does not fit there, it covers an obstacle \(cost 254\) or leaves the map \(the start has no tolerance, as in Nav2\)$/],
    [['--from', '5,1,0', '--to', '2.6,1.0,0', '--radius', '0.1'], /--from 5,1 is outside the map \S*lot\.yaml, which covers x from 0 to 4 and y from 0 to 2 m/],
    [['--from', '0.6,1.0,0,1', '--to', '2.6,1.0,0', '--radius', '0.1'], /--from must be X,Y or X,Y,YAW: decimal numbers, YAW in radians, got "0\.6,1\.0,0,1"/],
  ])('plan --ros lot.yaml %j', async (argv, message) => {
    const r = await plan(...argv);
    expect(r.code, r.out.join('\n')).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^bestfirst plan: /);
    expect(r.err[0]).toMatch(message);
    expect(r.err[0]).not.toMatch(/hybridAStar|FootprintChecker|parseFootprint/);
  });

  test('the kinematic options with --map are refused, naming --ros', async () => {
    const map = join(DIR, 'open.map');
    writeFileSync(map, ['type octile', 'height 3', 'width 3', 'map', '...', '...', '...'].join('\n') + '\n');
    for (const extra of [['--footprint', CART], ['--motion', 'dubins'], ['--min-turning-radius', '1']]) {
      const r = await run('plan', '--map', map, '--from', '0,0', '--to', '2,2', ...extra);
      expect(r.code).toBe(2);
      expect(r.err[0]).toMatch(new RegExp(`${extra[0]} is for a kinematic plan on a ROS map \\(--ros FILE\\.yaml, poses X,Y,YAW\\)`));
    }
    const yaw = await run('plan', '--map', map, '--from', '0,0,1', '--to', '2,2');
    expect(yaw.err[0]).toMatch(/--from 0,0,1 must be a cell with --map: .*poses with a yaw, are for --ros/);
  });
});
