// `bestfirst plan --ros` and `bestfirst costmap` on a small hand-made ROS map
// (test/support/cli-fixtures.ts) against a reference of the tests' own: Nav2's
// inflation formula over every pair of cells, Smac 2D's weights, a plain
// Dijkstra. Their mistakes are one-line refusals naming the option and the
// cell. Nav2's own maps (the TurtleBot3 sandbox, the warehouse) are in
// test/integration/cli/ros-data.test.ts (integration tier).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parsePgm, parseRosMap } from '#bestfirst/io';
import { keepoutImage, rosImage, writeFixtures } from '../../support/cli-fixtures.js';
import { dataFile } from '../../support/data.js';
import { rawPgm } from '../../support/ros-maps.js';
import { referenceCost, referenceDijkstra, ReferenceGrid, sameCost, walkPath } from '../../support/reference.js';
import { run } from '../../support/cli-run.js';

const F = writeFixtures();
const OUT = mkdtempSync(join(tmpdir(), 'bestfirst-costmap-'));
afterAll(() => { rmSync(F.dir, { recursive: true, force: true }); rmSync(OUT, { recursive: true, force: true }); });

// --- the reference ------------------------------------------------------------------

const W = 20, H = 10, RES = 0.1, X0 = 10, Y0 = 10;

/** The fixture's cells, rows from the top: 1 obstacle, -1 unknown, 0 free (map_server's trinary rule for 0, 205, 254). */
function cellsOf(image: Uint8Array): number[] {
  return Array.from(rawPgm(image).pixels, (v) => (v === 0 ? 1 : v === 205 ? -1 : 0));
}

/** Nav2's inflation by its formula, nearest obstacle by trying every cell; rows from the top. Unknown cells (-1) kept, or read as free or lethal first. */
function bruteCostmap(given: number[], r: number, R: number, k: number, keepout?: number[], unknown: 'keep' | 'free' | 'lethal' = 'keep'): number[] {
  const cells = unknown === 'keep' ? given : given.map((c) => (c === -1 ? (unknown === 'free' ? 0 : 1) : c));
  return cells.map((c, i) => {
    let best = Infinity;
    cells.forEach((o, j) => {
      if (o !== 1) return;
      const dx = (i % W) - (j % W), dy = Math.floor(i / W) - Math.floor(j / W);
      best = Math.min(best, dx * dx + dy * dy);
    });
    const d = Math.sqrt(best) * RES;
    let cost = best === 0 ? 254 : d <= r ? 253 : d <= R ? Math.floor(252 * Math.exp(-k * (d - r))) : 0;
    if (c === -1 && cost < 253) cost = 255;
    if (keepout?.[i] === 1) cost = Math.max(cost, 254);
    return cost;
  });
}

/** The cell (from the top) of a point in metres. */
const cellAt = (x: number, y: number) => (H - 1 - Math.floor((y - Y0) / RES)) * W + Math.floor((x - X0) / RES);

/** Smac 2D's grid: 253 and 254 blocked, unknown (255) passable at its cost unless `allowUnknown` is false (Nav2's allow_unknown, true by default). */
function referenceGrid(costs: number[], penalty: number, speedFactors?: number[], allowUnknown = true): ReferenceGrid {
  return new ReferenceGrid(
    { width: W, height: H, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost: Math.SQRT2, cellSize: RES, enterCost: -1 },
    costs.map((c) => (c === 255 ? (allowUnknown ? 0 : 1) : c >= 253 ? 1 : 0)), costs.map((c, i) => (1 + (penalty * c) / 252) * (speedFactors?.[i] ?? 1)),
  );
}

interface PlanRecord {
  allowUnknown: boolean; tolerance: number; tolerated: { cell: [number, number]; at: [number, number]; distance: number } | null;
  status: string; partial: boolean; unknown: string; keepout: string | null; speed: string | null; cost: number | null; length: number | null; cells: number; expansions: number;
  fromCell: [number, number]; toCell: [number, number]; path: [number, number][]; radius: number; inflation: number; scaling: number; penalty: number;
}

// --- plan --ros -----------------------------------------------------------------------

describe('plan --ros on a small map', () => {
  const FROM = [10.25, 10.55] as const, TO = [11.75, 10.35] as const;

  test('the cost is the reference Dijkstra\'s on the reference costmap, for radii, inflation radii, scalings and penalties; the path walks it and its length is in metres', async () => {
    const cells = cellsOf(rosImage());
    let checked = 0;
    for (const [r, R, k] of [[0, 0.55, 3], [0.1, 0.3, 3], [0.15, 0.55, 10], [0.2, 0.2, 3]] as const) {
      const costs = bruteCostmap(cells, r, R, k);
      for (const penalty of [0, 2, 5]) {
        const argv = ['plan', '--ros', F.ros, '--from', FROM.join(','), '--to', TO.join(','), '--radius', String(r), '--inflation', String(R), '--scaling', String(k), '--penalty', String(penalty), '--json'];
        const res = await run(...argv);
        const what = argv.join(' ');
        expect(res.code, `${what}: ${res.err.join('\n')}`).toBe(0);
        const rec = JSON.parse(res.out[0]) as PlanRecord;
        const ref = referenceGrid(costs, penalty);
        const start = cellAt(...FROM), goal = cellAt(...TO);
        expect(rec.fromCell, what).toEqual([start % W, Math.floor(start / W)]);
        expect(rec.toCell, what).toEqual([goal % W, Math.floor(goal / W)]);
        expect(sameCost(rec.cost!, referenceCost(ref, start, goal)), `${what}: cost ${rec.cost}`).toBe(true);
        // The printed centres back to cells: a walk on the reference grid of the printed cost.
        const ids = rec.path.map(([x, y]) => cellAt(x, y));
        rec.path.forEach(([x, y], i) => {
          expect(x, what).toBeCloseTo(X0 + ((ids[i] % W) + 0.5) * RES, 9);
          expect(y, what).toBeCloseTo(Y0 + (H - Math.floor(ids[i] / W) - 0.5) * RES, 9);
        });
        expect(sameCost(walkPath(ref, ids, start, goal, what), rec.cost!), what).toBe(true);
        let length = 0;
        for (let i = 1; i < rec.path.length; i++) length += Math.hypot(rec.path[i][0] - rec.path[i - 1][0], rec.path[i][1] - rec.path[i - 1][1]);
        expect(rec.length!, what).toBeCloseTo(length, 9);
        expect(rec.cells, what).toBe(rec.path.length);
        expect([rec.radius, rec.inflation, rec.scaling, rec.penalty]).toEqual([r, R, k, penalty]);
        checked++;
      }
    }
    expect(checked).toBe(12);
  });

  test('the text output says the same: the map, the cells, cost, length, cells and the path in metres', async () => {
    const json = JSON.parse((await run('plan', '--ros', F.ros, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1', '--json')).out[0]) as PlanRecord;
    const r = await run('plan', '--ros', F.ros, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1');
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(`map ${F.ros} (20 x 10 cells of 0.1 m), robot radius 0.1 m, inflation 0.55 m, scaling 3, penalty 2, algo astar`);
    expect(r.out[1]).toMatch(/^from 10\.25,10\.55 m \(cell \(2,4\)\) to 11\.75,10\.35 m \(cell \(17,6\)\); costmap in \d+\.\d ms$/);
    expect(r.out[2]).toMatch(new RegExp(`^found: cost ${json.cost!.toFixed(3)}, length ${json.length!.toFixed(3)} m, ${json.cells} cells \\(${json.cells - 1} moves\\), ${json.expansions} expansions, \\d+\\.\\d us$`));
    expect(r.out[3]).toBe(`path (m) ${json.path.map(([x, y]) => `(${x.toFixed(3)},${y.toFixed(3)})`).join(' ')}`);
  });

  test('no path across a wall: exit 1, status unreachable, no path', async () => {
    const r = await run('plan', '--ros', F.rosSplit, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1');
    expect(r.code).toBe(1);
    expect(r.out[2]).toMatch(/^no path \(unreachable\), \d+ expansions/);
    const j = JSON.parse((await run('plan', '--ros', F.rosSplit, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0', '--json')).out[0]) as PlanRecord;
    expect([j.status, j.cost, j.length, j.cells, j.path]).toEqual(['unreachable', null, null, 0, []]);
  });

  test('--algo applies: Dijkstra\'s cost is A*\'s; jump point search refuses the weighted grid and takes the unweighted one', async () => {
    const base = ['plan', '--ros', F.ros, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1', '--json'];
    const a = JSON.parse((await run(...base)).out[0]) as PlanRecord;
    const d = JSON.parse((await run(...base, '--algo', 'dijkstra')).out[0]) as PlanRecord;
    expect(sameCost(a.cost!, d.cost!)).toBe(true);
    const jps = await run(...base, '--algo', 'jps');
    expect(jps.code).toBe(2);
    expect(jps.err).toHaveLength(1);
    // In the command line's words: the options to change, not the library's classes.
    expect(jps.err[0]).toBe('bestfirst plan: --algo jps assumes every free cell costs the same, and this costmap\'s cells have weights (--penalty 2 weighs the graded costs): use --algo astar, dijkstra, wastar:EPS, greedy, bfs, any-angle, or --penalty 0');
    expect(jps.err[0]).not.toMatch(/Searcher|findPath|GridSearcher/);
    // A 4-connected method searches the map made 4-connected, as with --map: its cost is the reference's with 4 neighbours.
    const s4 = await run(...base, '--algo', 'subgoal4', '--penalty', '0');
    expect(s4.code, s4.err.join('\n')).toBe(0);
    const ref4 = new ReferenceGrid(
      { width: W, height: H, connectivity: 4, diagonalRule: 'never', diagonalCost: Math.SQRT2, cellSize: RES, enterCost: -1 },
      bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3).map((c) => (c >= 253 && c !== 255 ? 1 : 0)),
    );
    expect(sameCost((JSON.parse(s4.out[0]) as PlanRecord).cost!, referenceCost(ref4, cellAt(10.25, 10.55), cellAt(11.75, 10.35)))).toBe(true);
    const j0 = await run(...base, '--algo', 'jps', '--penalty', '0');
    expect(j0.code, j0.err.join('\n')).toBe(0);
  });
});


describe('plan --ros with Nav2\'s conventions: goal tolerance, a map turned by its origin\'s yaw, flow YAML', () => {
  const FROM = [10.25, 10.55] as const;
  const start = cellAt(...FROM);
  const plan = async (ros: string, ...argv: string[]) => {
    const r = await run('plan', '--ros', ros, '--from', FROM.join(','), ...argv, '--json');
    return { ...r, rec: r.out.length > 0 ? JSON.parse(r.out[0]) as PlanRecord : null };
  };
  /** The reference's choice: the free cell reached from the start whose centre is nearest the goal, within the tolerance. */
  const nearestReached = (ref: ReferenceGrid, goal: readonly [number, number], tolerance: number) => {
    const g = referenceDijkstra(ref, start, 'forward');
    let best = -1, bestD = Infinity;
    for (let n = 0; n < W * H; n++) {
      if (!(g[n] < Infinity)) continue; // unreached: no entry
      const d = Math.hypot(X0 + ((n % W) + 0.5) * RES - goal[0], Y0 + (H - Math.floor(n / W) - 0.5) * RES - goal[1]);
      if (d <= tolerance && d < bestD - 1e-12) { best = n; bestD = d; }
    }
    return { cell: best, distance: bestD };
  };

  test('a goal in the inscribed band plans to the nearest cell the robot may reach within --tolerance (default Smac 2D\'s 0.125 m), as the reference chooses; short of it, refused', async () => {
    const costs = bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3);
    const ref = referenceGrid(costs, 2);
    for (const [goal, tolerance] of [[[11.15, 10.95], 0.125], [[11.03, 10.92], 0.3], [[11.07, 10.62], 0.5]] as const) {
      const argv = ['--to', goal.join(','), '--radius', '0.1', ...(tolerance === 0.125 ? [] : ['--tolerance', String(tolerance)])];
      const { code, rec, err } = await plan(F.ros, ...argv);
      const want = nearestReached(ref, goal, tolerance);
      expect(want.cell).toBeGreaterThanOrEqual(0);
      expect(code, err.join('\n')).toBe(0);
      expect(costs[cellAt(goal[0], goal[1])]).toBeGreaterThanOrEqual(253); // the goal's own cell is blocked
      expect(rec!.tolerance).toBe(tolerance);
      expect(rec!.toCell).toEqual([want.cell % W, Math.floor(want.cell / W)]);
      expect(rec!.tolerated!.cell).toEqual(rec!.toCell);
      expect(rec!.tolerated!.distance).toBeCloseTo(want.distance, 3);
      expect(rec!.tolerated!.at).toEqual([X0 + ((want.cell % W) + 0.5) * RES, Y0 + (H - Math.floor(want.cell / W) - 0.5) * RES].map((v) => Number(v.toFixed(3))));
      expect(sameCost(rec!.cost!, referenceCost(ref, start, want.cell)), `${argv.join(' ')}: ${rec!.cost}`).toBe(true);
      // Just short of that distance: refused, naming the tolerance.
      const short = await plan(F.ros, '--to', goal.join(','), '--radius', '0.1', '--tolerance', String(Math.floor(want.distance * 1000 - 1) / 1000));
      expect(short.code).toBe(2);
      expect(short.err[0]).toMatch(/the robot's centre cannot be there, and no cell within --tolerance 0\.\d+ m of it is one it may occupy and reach from --from$/);
    }
    const text = await run('plan', '--ros', F.ros, '--from', FROM.join(','), '--to', '11.15,10.95', '--radius', '0.1');
    expect(text.code).toBe(0);
    expect(text.out[2]).toMatch(/^goal within --tolerance 0\.125 m: its cell \(11,0\) is within the robot's radius 0\.1 m of an obstacle \(cost 253, inscribed\); planning to cell \(\d+,\d+\) at \d+\.\d{3},\d+\.\d{3} m, 0\.\d{3} m from --to$/);
    // A goal whose own cell is free: planned to as before, nothing tolerated.
    const exact = await plan(F.ros, '--to', '11.75,10.35', '--radius', '0.1');
    expect(exact.rec!.tolerated).toBeNull();
  });

  test('a free goal no path reaches (across a wall) goes to the reached cell nearest it within --tolerance (NavFn\'s 0.5 m), not beyond', async () => {
    const costs = bruteCostmap(cellsOf(rosImage(true)), 0.1, 0.55, 3);
    const ref = referenceGrid(costs, 2);
    const goal = [11.25, 10.55] as const;
    const navfn = await plan(F.rosSplit, '--to', goal.join(','), '--radius', '0.1', '--tolerance', '0.5');
    expect(navfn.code, navfn.err.join('\n')).toBe(0);
    const want = nearestReached(ref, goal, 0.5);
    expect(navfn.rec!.toCell).toEqual([want.cell % W, Math.floor(want.cell / W)]);
    expect(navfn.rec!.tolerated!.distance).toBeCloseTo(0.4, 9);
    expect(sameCost(navfn.rec!.cost!, referenceCost(ref, start, want.cell))).toBe(true);
    const text = await run('plan', '--ros', F.rosSplit, '--from', FROM.join(','), '--to', goal.join(','), '--radius', '0.1', '--tolerance', '0.5');
    expect(text.out[2]).toMatch(/^goal within --tolerance 0\.5 m: no path reaches its cell \(12,4\); planning to cell \(8,4\) at 10\.850,10\.550 m, 0\.400 m from --to$/);
    // Smac 2D's tolerance is too short for it: no path, exit 1, as before.
    const smac = await plan(F.rosSplit, '--to', goal.join(','), '--radius', '0.1');
    expect([smac.code, smac.rec!.status, smac.rec!.tolerated]).toEqual([1, 'unreachable', null]);
  });

  test('a map whose origin has a yaw: the same plan turned with the map (cost, cells, and the path\'s points turned about the origin)', async () => {
    const yaw = 0.6, c = Math.cos(yaw), sn = Math.sin(yaw);
    const turn = ([x, y]: readonly [number, number]): [number, number] => [10 + c * (x - 10) - sn * (y - 10), 10 + sn * (x - 10) + c * (y - 10)];
    const turned = join(F.dir, 'ros-turned.yaml');
    writeFileSync(turned, `image: ros.pgm\nresolution: 0.1\norigin: [10.0, 10.0, ${yaw}]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n`);
    const TO = [11.75, 10.35] as const;
    const upright = await run('plan', '--ros', F.ros, '--from', FROM.join(','), '--to', TO.join(','), '--radius', '0.1', '--json');
    const r = await run('plan', '--ros', turned, '--from', turn(FROM).join(','), '--to', turn(TO).join(','), '--radius', '0.1', '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const a = JSON.parse(upright.out[0]) as PlanRecord, b = JSON.parse(r.out[0]) as PlanRecord;
    expect([b.fromCell, b.toCell, b.cells]).toEqual([a.fromCell, a.toCell, a.cells]);
    expect(sameCost(b.cost!, a.cost!)).toBe(true);
    b.path.forEach((p, i) => {
      const q = turn(a.path[i]);
      expect(Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1])).toBeLessThan(2e-3); // both printed to 3 decimals
    });
    // Off the turned map: refused in its own frame's words.
    const off = await run('plan', '--ros', turned, '--from', '9.5,10.5', '--to', turn(TO).join(','), '--radius', '0.1');
    expect(off.code).toBe(2);
    expect(off.err[0]).toMatch(/--from 9\.5,10\.5 is outside the map .*ros-turned\.yaml, which is 2 x 1 m turned by its origin's yaw 0\.6 rad about \(10, 10\)/);
  });

  test('a YAML written as one flow mapping plans as the block one does', async () => {
    const flow = join(F.dir, 'ros-flow.yaml');
    writeFileSync(flow, '{image: ros.pgm, resolution: 0.1, origin: [10.0, 10.0, 0.0],\n negate: 0, occupied_thresh: 0.65, free_thresh: 0.196}\n');
    const a = await plan(F.ros, '--to', '11.75,10.35', '--radius', '0.1');
    const b = await plan(flow, '--to', '11.75,10.35', '--radius', '0.1');
    expect(b.code, b.err.join('\n')).toBe(0);
    expect([b.rec!.cost, b.rec!.path]).toEqual([a.rec!.cost, a.rec!.path]);
    writeFileSync(flow, '{image: ros.pgm, resolution: &r 0.1}\n');
    const bad = await plan(flow, '--to', '11.75,10.35', '--radius', '0.1');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/ros-flow\.yaml:1: the mapping: the key 'resolution' is an anchor \(&name\), which this reader does not support/);
  });

  test('the help states Nav2\'s defaults and what --scaling takes, as its check has it', async () => {
    const help = (await run('plan', '--help')).out.join('\n').replace(/\s+/g, ' ');
    expect(help).toMatch(/--scaling K how fast .*\(a decimal number > 0\) \[default: 3\]/);
    expect(help).toMatch(/--tolerance M Nav2's goal tolerance, metres: .*\(a decimal number >= 0\) \[default: 0\.125\]/);
    expect(help).toMatch(/--allow-unknown B whether a path may cross unknown space \(cost 255\), Nav2's allow_unknown, true by default .*\(one of true, false\) \[default: true\]/);
    expect(help).not.toMatch(/blocked \(Nav2's default/);
    const costmapHelp = (await run('costmap', '--help')).out.join('\n').replace(/\s+/g, ' ');
    expect(costmapHelp).toMatch(/--scaling K .*\(a decimal number > 0\)/);
    expect(costmapHelp).not.toMatch(/so blocked/);
  });
});

describe('plan --ros with Nav2 filters, unknown space and partial paths', () => {
  const FROM = ['--from', '10.25,10.55'] as const, TO = ['--to', '11.75,10.35'] as const;
  const plan = async (...argv: string[]) => {
    const r = await run('plan', '--ros', F.ros, ...argv, '--json');
    return { ...r, rec: r.out.length > 0 ? JSON.parse(r.out[0]) as PlanRecord : null };
  };
  const start = cellAt(10.25, 10.55), goal = cellAt(11.75, 10.35);

  /**
   * A speed mask for the fixture (mode scale): a band over columns 12 to 14,
   * every row, drawn mid-grey, so the map server reads a value near 50 (half
   * speed); the tests read the value back with the library's reader and
   * price it by Nav2's rule themselves.
   */
  const speedYaml = join(F.dir, 'speed.yaml');
  {
    const px = new Uint8Array(W * H).fill(255);
    for (let y = 0; y < H; y++) for (let x = 12; x <= 14; x++) px[y * W + x] = 128;
    writeFileSync(join(F.dir, 'speed.pgm'), Uint8Array.from([...new TextEncoder().encode(`P5\n${W} ${H}\n255\n`), ...px]));
    writeFileSync(speedYaml, 'image: speed.pgm\nmode: scale\nresolution: 0.1\norigin: [10.0, 10.0, 0.0]\nnegate: 0\noccupied_thresh: 1.0\nfree_thresh: 0.0\n');
  }
  /** Per cell, rows from the top: 100 / (100 - v) for a mask value v in 1..99, else 1. */
  const speedFactors = (): number[] => {
    const mask = parseRosMap(readFileSync(speedYaml, 'utf8'), readFileSync(join(F.dir, 'speed.pgm')));
    return Array.from({ length: W * H }, (_, i) => {
      const v = mask.data[(H - 1 - Math.floor(i / W)) * W + (i % W)];
      return v >= 1 && v <= 99 ? 100 / (100 - v) : 1;
    });
  };

  test('--keepout: the cost is the reference Dijkstra\'s on the costmap with the zone lethal; the path stays out of it', async () => {
    const keep = cellsOf(keepoutImage());
    // A goal beyond the zone (column 17, row 8), which sits across the way along the bottom.
    const BEYOND = ['--to', '11.75,10.15'], beyond = cellAt(11.75, 10.15);
    const crosses = (rec: PlanRecord) => rec.path.map(([x, y]) => cellAt(x, y)).some((n) => keep[n] === 1);
    for (const penalty of ['0', '2']) {
      const { code, rec, err } = await plan(...FROM, ...BEYOND, '--radius', '0.1', '--penalty', penalty, '--keepout', F.keepout);
      expect(code, err.join('\n')).toBe(0);
      const costs = bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3, keep);
      const ref = referenceGrid(costs, Number(penalty));
      expect(sameCost(rec!.cost!, referenceCost(ref, start, beyond)), `penalty ${penalty}: ${rec!.cost}`).toBe(true);
      expect(crosses(rec!)).toBe(false);
      expect(rec!.keepout).toBe(F.keepout);
      const free = (await plan(...FROM, ...BEYOND, '--radius', '0.1', '--penalty', penalty)).rec!;
      // Without the mask the shortest way (penalty 0) crosses the zone: the mask is what moved it.
      // (With penalty 2 the bottom row, clear of the wall's costs, was the cheapest anyway.)
      if (penalty === '0') {
        expect(crosses(free)).toBe(true);
        expect(free.cost!).toBeLessThan(rec!.cost!);
      }
    }
  });

  test('--speed: a step costs its costmap weight times 100 / (100 - v) in the slow band, as the reference prices it', async () => {
    const factors = speedFactors();
    expect(new Set(factors).size).toBe(2); // the band is slow, the rest is not
    for (const penalty of ['0', '2']) {
      const { code, rec, err } = await plan(...FROM, ...TO, '--radius', '0.1', '--penalty', penalty, '--speed', speedYaml);
      expect(code, err.join('\n')).toBe(0);
      const ref = referenceGrid(bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3), Number(penalty), factors);
      expect(sameCost(rec!.cost!, referenceCost(ref, start, goal)), `penalty ${penalty}: ${rec!.cost}`).toBe(true);
      expect(sameCost(walkPath(ref, rec!.path.map(([x, y]) => cellAt(x, y)), start, goal, 'speed'), rec!.cost!)).toBe(true);
      expect(rec!.speed).toBe(speedYaml);
    }
    const text = await run('plan', '--ros', F.ros, ...FROM, ...TO, '--radius', '0.1', '--speed', speedYaml, '--keepout', F.keepout);
    expect(text.out[0]).toBe(`map ${F.ros} (20 x 10 cells of 0.1 m), robot radius 0.1 m, inflation 0.55 m, scaling 3, keepout ${F.keepout}, speed ${speedYaml}, penalty 2, algo astar`);
  });

  test('unknown space: a path may cross it (Nav2\'s allow_unknown, true by default), --allow-unknown false blocks it, --unknown free and lethal change the costmap; each as the reference costmap says', async () => {
    const unknownStart = ['--from', '10.35,10.85'];
    const s = cellAt(10.35, 10.85);
    const kept = await plan(...unknownStart, ...TO, '--radius', '0.1');
    expect(kept.code, kept.err.join('\n')).toBe(0);
    expect([kept.rec!.allowUnknown, kept.rec!.unknown]).toEqual([true, 'keep']);
    expect(sameCost(kept.rec!.cost!, referenceCost(referenceGrid(bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3), 2), s, goal))).toBe(true);
    const blocked = await plan(...unknownStart, ...TO, '--radius', '0.1', '--allow-unknown', 'false');
    expect(blocked.code).toBe(2);
    expect(blocked.err[0]).toMatch(/unknown space \(cost 255\), which --allow-unknown false blocks: the robot's centre cannot be there \(the start has no tolerance, as in Nav2\)/);
    // Through the unknown block or around it: the reference decides either way.
    const across = ['--from', '10.15,10.85', '--to', '10.65,10.75'];
    for (const allowUnknown of [true, false]) {
      const r = await plan(...across, '--radius', '0', '--penalty', '0', '--allow-unknown', String(allowUnknown));
      expect(r.code, r.err.join('\n')).toBe(0);
      const ref = referenceGrid(bruteCostmap(cellsOf(rosImage()), 0, 0.55, 3), 0, undefined, allowUnknown);
      expect(sameCost(r.rec!.cost!, referenceCost(ref, cellAt(10.15, 10.85), cellAt(10.65, 10.75))), `allow ${allowUnknown}: ${r.rec!.cost}`).toBe(true);
      expect(r.rec!.path.some(([x, y]) => cellsOf(rosImage())[cellAt(x, y)] === -1)).toBe(allowUnknown);
    }
    const blockedText = await run('plan', '--ros', F.ros, ...FROM, ...TO, '--radius', '0.1', '--allow-unknown', 'false');
    expect(blockedText.out[0]).toMatch(/penalty 2, unknown space blocked \(--allow-unknown false\), algo astar$/);
    const free = await plan(...unknownStart, ...TO, '--radius', '0.1', '--unknown', 'free');
    expect(free.code, free.err.join('\n')).toBe(0);
    expect(sameCost(free.rec!.cost!, referenceCost(referenceGrid(bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3, undefined, 'free'), 2), s, goal))).toBe(true);
    expect(free.rec!.unknown).toBe('free');
    for (const unknown of ['keep', 'lethal'] as const) {
      const r = await plan(...FROM, ...TO, '--radius', '0.1', '--unknown', unknown);
      expect(r.code, r.err.join('\n')).toBe(0);
      const ref = referenceGrid(bruteCostmap(cellsOf(rosImage()), 0.1, 0.55, 3, undefined, unknown), 2);
      expect(sameCost(r.rec!.cost!, referenceCost(ref, start, goal)), `${unknown}: ${r.rec!.cost}`).toBe(true);
    }
    const text = await run('plan', '--ros', F.ros, ...FROM, ...TO, '--radius', '0.1', '--unknown', 'lethal');
    expect(text.out[0]).toMatch(/scaling 3, unknown cells lethal, penalty 2/);
  });

  test('--partial across a wall: exit 1, the path to the reached cell nearest the goal (ties: cheaper), checked against the reference', async () => {
    const r = await run('plan', '--ros', F.rosSplit, ...FROM, ...TO, '--radius', '0.1', '--partial', '--json');
    expect(r.code, r.err.join('\n')).toBe(1);
    const rec = JSON.parse(r.out[0]) as PlanRecord;
    expect([rec.status, rec.partial]).toEqual(['unreachable', true]);
    const split = cellsOf(rosImage(true));
    const ref = referenceGrid(bruteCostmap(split, 0.1, 0.55, 3), 2);
    const g = referenceDijkstra(ref, start, 'forward');
    // The reference's choice: among reached cells, the least octile distance to the goal, then the least g.
    const octileTo = (n: number) => { const dx = Math.abs((n % W) - (goal % W)), dy = Math.abs(Math.floor(n / W) - Math.floor(goal / W)); return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy); };
    let best = start;
    for (let n = 0; n < W * H; n++) {
      if (!(g[n] < Infinity)) continue; // unreached: no entry
      if (octileTo(n) < octileTo(best) - 1e-12 || (Math.abs(octileTo(n) - octileTo(best)) <= 1e-12 && g[n] < g[best])) best = n;
    }
    const ids = rec.path.map(([x, y]) => cellAt(x, y));
    expect(ids[0]).toBe(start);
    expect(ids[ids.length - 1]).toBe(best);
    expect(sameCost(rec.cost!, g[best])).toBe(true);
    expect(sameCost(walkPath(ref, ids, start, best, 'partial'), rec.cost!)).toBe(true);
    const text = await run('plan', '--ros', F.rosSplit, ...FROM, ...TO, '--radius', '0.1', '--partial');
    expect(text.out[2]).toMatch(/^no path \(unreachable\), \d+ expansions/);
    expect(text.out[3]).toMatch(/^partial path to \d+\.\d{3},\d+\.\d{3} m \(cell \(\d+,\d+\)\), the reached cell nearest the goal: cost \d+\.\d{3}, length \d+\.\d{3} m, \d+ cells/);
    expect(text.out[4]).toMatch(/^path \(m\) /);
    const found = JSON.parse((await run('plan', '--ros', F.ros, ...FROM, ...TO, '--radius', '0.1', '--partial', '--json')).out[0]) as PlanRecord;
    expect([found.status, found.partial]).toEqual(['found', false]);
  });
});

// --- costmap ----------------------------------------------------------------------------

describe('plan --ros --any-angle', () => {
  test('Lazy Theta* on the costmap: no longer than A*\'s path, no shorter than the straight line, from the start cell\'s centre to the goal\'s', async () => {
    const base = ['plan', '--ros', F.ros, '--from', '10.25,10.55', '--to', '11.75,10.35', '--radius', '0.1', '--json'];
    for (const penalty of ['0', '2']) {
      const a = JSON.parse((await run(...base, '--penalty', penalty)).out[0]) as PlanRecord;
      const r = await run(...base, '--penalty', penalty, '--any-angle');
      expect(r.code, r.err.join('\n')).toBe(0);
      const t = JSON.parse(r.out[0]) as PlanRecord & { algo: string };
      expect(t.algo).toBe('any-angle');
      expect(t.path[0]).toEqual(a.path[0]);
      expect(t.path[t.path.length - 1]).toEqual(a.path[a.path.length - 1]);
      expect(t.cost!).toBeLessThanOrEqual(a.cost! + 1e-9);
      const [s0, g0] = [t.path[0], t.path[t.path.length - 1]];
      expect(t.length!).toBeGreaterThanOrEqual(Math.hypot(g0[0] - s0[0], g0[1] - s0[1]) - 1e-9);
      if (penalty === '0') expect(t.length!).toBeLessThanOrEqual(a.length! + 1e-9);
      let length = 0;
      for (let i = 1; i < t.path.length; i++) length += Math.hypot(t.path[i][0] - t.path[i - 1][0], t.path[i][1] - t.path[i - 1][1]);
      expect(t.length!).toBeCloseTo(length, 9);
    }
    const text = await run(...base.slice(0, -1), '--any-angle');
    expect(text.out[2]).toMatch(/^found: cost \d+\.\d{3}, length \d+\.\d{3} m, \d+ waypoints \(\d+ segments\)/);
  });
});

describe('costmap', () => {
  const grey = (c: number) => (c === 255 ? 205 : 254 - c);
  const counted = (costs: number[]) => {
    const n = (f: (c: number) => boolean) => costs.filter(f).length;
    return `${n((c) => c === 254)} lethal, ${n((c) => c === 253)} inscribed, ${n((c) => c >= 1 && c <= 252)} graded, ${n((c) => c === 0)} free, ${n((c) => c === 255)} unknown (of ${costs.length})`;
  };

  test('writes the reference costmap as grey 254 - cost (unknown 205), rows from the top, and counts each kind; a keepout mask is merged', async () => {
    const cells = cellsOf(rosImage());
    const keep = cellsOf(keepoutImage());
    for (const [r, R, k, withMask] of [[0.1, 0.3, 3, false], [0.15, 0.55, 10, true], [0, 0, 3, false]] as const) {
      const out = join(OUT, `c-${r}-${R}-${withMask}.pgm`);
      const argv = ['costmap', F.ros, '--radius', String(r), '--inflation', String(R), '--scaling', String(k), '--out', out, ...(withMask ? ['--keepout', F.keepout] : [])];
      const res = await run(...argv);
      expect(res.code, res.err.join('\n')).toBe(0);
      const costs = bruteCostmap(cells, r, R, k, withMask ? keep : undefined);
      const img = parsePgm(readFileSync(out), out);
      expect([img.width, img.height, img.maxval]).toEqual([W, H, 255]);
      expect(Array.from(img.pixels), argv.join(' ')).toEqual(costs.map(grey));
      expect(res.out[0]).toBe(`map ${F.ros} (20 x 10 cells of 0.1 m), robot radius ${r} m, inflation ${R} m, scaling ${k}${withMask ? `, keepout ${F.keepout}` : ''}`);
      expect(res.out[1]).toMatch(new RegExp(`^cells: ${counted(costs).replace(/[()]/g, '\\$&')}; inflated in \\d+\\.\\d ms$`));
      expect(res.out[2]).toBe(`wrote ${out}: 20 x 10 PGM, ${readFileSync(out).length} bytes (grey 254 - cost; unknown 205)`);
    }
  });

  test('an existing file is replaced whole; nothing else is left in the folder', async () => {
    const out = join(OUT, 'again.pgm'), fresh = join(OUT, 'fresh.pgm');
    // Longer than the image: a write over the old file in place would leave its tail behind.
    writeFileSync(out, 'old contents '.repeat(100));
    expect((await run('costmap', F.ros, '--radius', '0.1', '--out', out)).code).toBe(0);
    expect((await run('costmap', F.ros, '--radius', '0.1', '--out', fresh)).code).toBe(0);
    expect(readFileSync(out).equals(readFileSync(fresh)), 'the replaced file is byte for byte the image written afresh').toBe(true);
    expect(parsePgm(readFileSync(out)).width).toBe(W);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(OUT).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

// --- refusals ------------------------------------------------------------------------------

describe('refusals: one line, exit 2, naming the option and the value or cell', () => {
  const P = ['--from', '10.25,10.55', '--to', '11.75,10.35'];
  const cases: [string[], RegExp][] = [
    [['plan', ...P], /give one of --map FILE\.map .* and --ros FILE\.yaml/],
    [['plan', '--map', 'x.map', '--ros', 'x.yaml', ...P], /give only one of --map/],
    [['plan', '--map', '__MAP__', '--from', '0.5,0', '--to', '7,5'], /--from 0\.5,0 must be a cell with --map/],
    [['plan', '--map', '__MAP__', '--from', '0,0', '--to', '7,5', '--penalty', '1'], /--penalty is for a ROS map/],
    [['plan', '--ros', '__ROS__', ...P], /--radius R is required with a ROS map/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--terrain', 'S=2'], /--terrain is for a Moving AI map \(--map FILE\.map\), not for --ros/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--partial', '--any-angle'], /--partial does not combine with --any-angle/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--keepout', '__MISSING__'], /--keepout .*missing\.yaml/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--speed', '__TB3__'], /--speed .*tb3_sandbox\.yaml is 384 x 384 cells of 0\.05 m .* must share the map's size, resolution and origin/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--unknown', 'maybe'], /--unknown must be one of keep, free, lethal, got "maybe"/],
    [['plan', '--ros', '__ROS__', '--from', '11.45,10.15', '--to', '10.25,10.55', '--radius', '0.1', '--keepout', '__KEEPOUT__'], /--from 11\.45,10\.15 is in cell \(14,8\) .* in a keepout zone of the --keepout mask \(cost 254\)/],
    [['plan', '--map', '__MAP__', '--from', '0,0', '--to', '7,5', '--keepout', '__KEEPOUT__'], /--keepout is for a ROS map/],
    [['plan', '--ros', '__ROS__', '--from', '9.9,10.5', '--to', '11,10.5', '--radius', '0.1'], /--from 9\.9,10\.5 is outside the map .*ros\.yaml, which covers x from 10 to 12 and y from 10 to 11 m/],
    [['plan', '--ros', '__ROS__', '--from', '11.05,10.95', '--to', '11,10.5', '--radius', '0.1'], /--from 11\.05,10\.95 is in cell \(10,0\) .* an obstacle \(cost 254, lethal\)/],
    [['plan', '--ros', '__ROS__', '--from', '10.25,10.5', '--to', '11.15,10.95', '--radius', '0.1', '--tolerance', '0'], /--to 11\.15,10\.95 is in cell \(11,0\) .* within the robot's radius 0\.1 m of an obstacle \(cost 253, inscribed\): the robot's centre cannot be there, and no cell within --tolerance 0 m of it .* \(0: no tolerance\)/],
    [['plan', '--ros', '__ROS__', '--from', '10.25,10.5', '--to', '11.05,10.95', '--radius', '0.1', '--tolerance', '0.1'], /--to 11\.05,10\.95 is in cell \(10,0\) .* an obstacle \(cost 254, lethal\): the robot's centre cannot be there, and no cell within --tolerance 0\.1 m of it is one it may occupy and reach from --from$/],
    [['plan', '--ros', '__ROS__', '--from', '10.35,10.85', '--to', '11,10.5', '--radius', '0.1', '--allow-unknown', 'false'], /--from 10\.35,10\.85 is in cell \(3,1\) .* unknown space \(cost 255\), which --allow-unknown false blocks/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--tolerance', '-1'], /--tolerance must be a decimal number >= 0, got "-1"/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--allow-unknown', 'yes'], /--allow-unknown must be one of true, false, got "yes"/],
    [['plan', '--map', '__MAP__', '--from', '0,0', '--to', '7,5', '--tolerance', '1'], /--tolerance is for a ROS map/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.3', '--inflation', '0.2'], /--inflation 0\.2 is less than --radius 0\.3/],
    [['plan', '--ros', '__ROS__', ...P, '--radius', '0.1', '--scaling', '0'], /--scaling must be a decimal number > 0/],
    [['plan', '--ros', '__MAP__', ...P, '--radius', '0.1'], /tiny\.map:1: found "type octile", expected 'key: value'/],
    [['plan', '--ros', '__NOIMAGE__', ...P, '--radius', '0.1'], /cannot find the image "gone\.pgm" named in .*: looked for .*gone\.pgm and .*gone\.pgm\.gz/],
    [['plan', '--ros', '__BADGZ__', ...P, '--radius', '0.1'], /the image .*bad\.pgm\.gz .*starts as a gzip file \(bytes 1f 8b\) but cannot be inflated/],
    [['costmap', '__ROS__', '--out', '__OUT__'], /--radius is required/],
    [['costmap', '__ROS__', '--radius', '0.1'], /--out is required/],
    [['costmap', '__ROS__', '--radius', '0.1', '--out', '__DIR__'], /cannot write --out .*: it is a directory/],
    [['costmap', '__ROS__', '--radius', '0.1', '--out', '/dev/null'], /cannot write --out \/dev\/null: it is not a regular file/],
    [['costmap', '__ROS__', '--radius', '0.1', '--out', '__NOFOLDER__'], /cannot write --out .*: no such folder .*nowhere/],
    [['costmap', '__ROS__', '--radius', '0.1', '--out', '__ROSIMAGE__'], /--out .*ros\.pgm\.gz is one of the files read/],
    [['costmap', '__ROS__', '--radius', '0.1', '--out', '__OUT__', '--keepout', '__TB3__'], /--keepout .*tb3_sandbox\.yaml is 384 x 384 cells of 0\.05 m .* must share the map's size, resolution and origin/],
  ];
  test.each(cases)('%j', async (argv, message) => {
    writeFileSync(join(F.dir, 'noimage.yaml'), 'image: gone.pgm\nresolution: 0.1\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n');
    writeFileSync(join(F.dir, 'badgz.yaml'), 'image: bad.pgm.gz\nresolution: 0.1\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n');
    writeFileSync(join(F.dir, 'bad.pgm.gz'), Uint8Array.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
    const sub: Record<string, string> = {
      __MAP__: F.map, __ROS__: F.ros, __NOIMAGE__: join(F.dir, 'noimage.yaml'), __BADGZ__: join(F.dir, 'badgz.yaml'), __OUT__: join(OUT, 'x.pgm'),
      __MISSING__: join(F.dir, 'missing.yaml'), __KEEPOUT__: F.keepout,
      __DIR__: F.folder, __NOFOLDER__: join(F.dir, 'nowhere', 'x.pgm'), __ROSIMAGE__: join(F.dir, 'ros.pgm.gz'), __TB3__: dataFile('ros/tb3_sandbox.yaml'),
    };
    const r = await run(...argv.map((a) => sub[a] ?? a));
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^bestfirst (plan|costmap): /);
    expect(r.err[0]).toMatch(message);
  });
});
