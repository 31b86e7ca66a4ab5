// The guide's pictures of kinematic plans (docs/images/warehouse-u-turn-*.svg,
// docs/images/parallel-park-reeds-shepp.svg) are what the commands in
// docs/guide/kinematic.md make: each command is
// taken from the guide as written, run here with --json, its SVG compared
// byte for byte with the committed one, and its path held to
// checkKinematicPath on a costmap the test builds with the library. The
// paths are printed, so the test output shows them. The street of the
// parallel park is drawn by a script of ours (data/made/street-parking.mjs):
// it is run again here and must make the committed files. In the integration
// tier: each run inflates Nav2's warehouse, 1.7 million cells.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { inflate } from '#bestfirst/costmap';
import { parseRosMap, type RosMap } from '#bestfirst/io';
import { checkKinematicPath, FootprintChecker, parseFootprint, type Pose } from '#bestfirst/kinematic';
import { dataFile } from '../../support/data.js';
import { load } from '../../support/ros-maps.js';
import { run } from '../../support/cli-run.js';

const GUIDE = readFileSync('docs/guide/kinematic.md', 'utf8');
/** The guide's picture commands, as a shell splits them. */
const COMMANDS = [...GUIDE.matchAll(/^npx bestfirst (plan .* --svg test-output\/((?:warehouse-u-turn|parallel-park)-[\w-]+\.svg))$/gm)].map((m) => ({
  args: (m[1].match(/'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^'(.*)'$/, '$1')),
  picture: m[2],
}));

interface Record {
  ros: string; status: string; motion: string; length: number; cusps: number; minTurningRadius: number; footprint: [number, number][];
  inscribedRadius: number; inflation: number; scaling: number; allowUnknown: boolean; poses: [number, number, number][]; expansions: number; foundFrom: 'start' | 'goal' | null;
}

/**
 * Which search finds each picture's path (hybridAStar's `foundFrom`): the forklift's forward-only U-turn takes more than
 * the 10,000 expansions after which the search from the goal's end joins in, and that search finds it, read backwards for
 * an outline that is not symmetric (its reference point 0.3 m from the back); the other two are found from the start.
 */
const FOUND_FROM: { readonly [picture: string]: 'start' | 'goal' } = {
  'warehouse-u-turn-dubins.svg': 'goal', 'warehouse-u-turn-reeds-shepp.svg': 'start', 'parallel-park-reeds-shepp.svg': 'start',
};

/** The map a command read, as the library reads it: Nav2's warehouse, or our street (the YAML names a gzipped image beside it). */
function mapOf(ros: string): RosMap {
  if (ros === 'data/ros/warehouse.yaml') return load('warehouse');
  expect(ros).toBe('data/made/street-parking.yaml');
  return parseRosMap(readFileSync(dataFile('made/street-parking.yaml'), 'utf8'), gunzipSync(readFileSync(dataFile('made/street-parking.pgm.gz'))), 'street-parking.yaml');
}

test('the guide has three picture commands, a U-turn per motion and a parallel park, each picture committed under docs/images/', () => {
  expect(COMMANDS.map((c) => c.picture).sort()).toEqual(['parallel-park-reeds-shepp.svg', 'warehouse-u-turn-dubins.svg', 'warehouse-u-turn-reeds-shepp.svg']);
  for (const c of COMMANDS) expect(GUIDE).toContain(`](../images/${c.picture})`);
});

test('the street of the parallel park is what data/made/street-parking.mjs draws, byte for byte (the image unzipped)', () => {
  const out = mkdtempSync(join(tmpdir(), 'street-parking-'));
  try {
    execFileSync(process.execPath, [dataFile('made/street-parking.mjs'), out]);
    expect(readFileSync(join(out, 'street-parking.yaml'), 'utf8')).toBe(readFileSync(dataFile('made/street-parking.yaml'), 'utf8'));
    const made = gunzipSync(readFileSync(join(out, 'street-parking.pgm.gz'))), committed = gunzipSync(readFileSync(dataFile('made/street-parking.pgm.gz')));
    expect(made.equals(committed)).toBe(true);
    // The slot the picture parks in: free from x 10.0 to 16.8 m along the kerb, the cars either side of it occupied.
    const map = mapOf('data/made/street-parking.yaml');
    const at = (x: number, y: number) => map.data[Math.floor(y / map.resolution) * map.width + Math.floor(x / map.resolution)];
    expect([map.width, map.height, map.resolution]).toEqual([300, 100, 0.1]);
    expect([at(9.95, 1.6), at(10.05, 1.6), at(16.75, 1.6), at(16.85, 1.6), at(13, 0.45), at(13, 0.55)]).toEqual([100, 0, 0, 100, 100, 0]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test.each(COMMANDS.map((c) => [c.picture, c] as const))('%s is what its command makes, and its path passes checkKinematicPath', async (_, c) => {
  mkdirSync('test-output', { recursive: true });
  const r = await run(...c.args, '--json');
  expect(r.code, r.err.join('\n')).toBe(0);
  const rec = JSON.parse(r.out[0]) as Record;
  expect(rec.status).toBe('found');
  expect(rec.foundFrom).toBe(FOUND_FROM[c.picture]);
  if (rec.foundFrom === 'goal') expect(rec.expansions).toBeGreaterThan(10000);
  expect(readFileSync(join('test-output', c.picture), 'utf8')).toBe(readFileSync(join('docs/images', c.picture), 'utf8'));
  // The test's own costmap and checker, from the library: as the command builds them by default.
  const costmap = inflate(mapOf(rec.ros), { inscribedRadius: rec.inscribedRadius, inflationRadius: rec.inflation, costScalingFactor: rec.scaling });
  const footprint = parseFootprint(JSON.stringify(rec.footprint));
  const checker = new FootprintChecker(costmap, footprint, { allowUnknown: rec.allowUnknown });
  expect(checker.inscribedRadius).toBeCloseTo(rec.inscribedRadius, 6);
  const poses: Pose[] = rec.poses.map(([x, y, theta]) => ({ x, y, theta }));
  const verdict = checkKinematicPath(poses, { radius: rec.minTurningRadius, checker });
  expect(verdict.violation).toBeNull();
  expect(verdict.cusps).toBe(rec.cusps);
  if (rec.motion === 'dubins') expect(rec.cusps).toBe(0);
  else expect(rec.cusps).toBeGreaterThan(0);
  const every = Math.max(1, Math.floor(poses.length / 24)); // about 24 poses of each path
  console.log(`[${c.picture}] ${rec.motion}: length ${rec.length.toFixed(3)} m, ${rec.cusps} cusps, ${poses.length} poses; one in ${every}: ${poses.filter((_, i) => i % every === 0 || i === poses.length - 1).map((p) => `(${p.x.toFixed(3)},${p.y.toFixed(3)},${p.theta.toFixed(3)})`).join(' ')}`);
}, 120_000);
