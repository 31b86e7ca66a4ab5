// The guide's pictures of kinematic plans (docs/images/warehouse-u-turn-*.svg)
// are what the commands in docs/guide/kinematic.md make: each command is
// taken from the guide as written, run here with --json, its SVG compared
// byte for byte with the committed one, and its path held to
// checkKinematicPath on a costmap the test builds with the library. The
// paths are printed, so the test output shows them. In the integration tier:
// each run inflates Nav2's warehouse, 1.7 million cells.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { inflate } from '#bestfirst/costmap';
import { checkKinematicPath, FootprintChecker, parseFootprint, type Pose } from '#bestfirst/kinematic';
import { load } from '../../support/ros-maps.js';
import { run } from '../../support/cli-run.js';

const GUIDE = readFileSync('docs/guide/kinematic.md', 'utf8');
/** The guide's picture commands, as a shell splits them. */
const COMMANDS = [...GUIDE.matchAll(/^npx bestfirst (plan .* --svg test-output\/(warehouse-u-turn-[\w-]+\.svg))$/gm)].map((m) => ({
  args: (m[1].match(/'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^'(.*)'$/, '$1')),
  picture: m[2],
}));

interface Record { status: string; motion: string; length: number; cusps: number; minTurningRadius: number; footprint: [number, number][]; inscribedRadius: number; allowUnknown: boolean; poses: [number, number, number][] }

test('the guide has two picture commands, one per motion, each picture committed under docs/images/', () => {
  expect(COMMANDS.map((c) => c.picture).sort()).toEqual(['warehouse-u-turn-dubins.svg', 'warehouse-u-turn-reeds-shepp.svg']);
  for (const c of COMMANDS) expect(GUIDE).toContain(`](../images/${c.picture})`);
});

test.each(COMMANDS.map((c) => [c.picture, c] as const))('%s is what its command makes, and its path passes checkKinematicPath', async (_, c) => {
  mkdirSync('test-output', { recursive: true });
  const r = await run(...c.args, '--json');
  expect(r.code, r.err.join('\n')).toBe(0);
  const rec = JSON.parse(r.out[0]) as Record;
  expect(rec.status).toBe('found');
  expect(readFileSync(join('test-output', c.picture), 'utf8')).toBe(readFileSync(join('docs/images', c.picture), 'utf8'));
  // The test's own costmap and checker, from the library: as the command builds them by default.
  const costmap = inflate(load('warehouse'), { inscribedRadius: rec.inscribedRadius, inflationRadius: 0.55, costScalingFactor: 3 });
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
