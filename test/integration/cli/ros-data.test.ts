// `bestfirst plan --ros` and `bestfirst costmap` on Nav2's maps (data/ros/,
// the images gzipped beside their YAML): on the TurtleBot3 sandbox and the
// warehouse (1006 x 1674 cells) plans cost what findPath finds on the
// library's costmap grid, and the image costmap writes is the library's
// costmap with the keepout mask merged, pixel for pixel. In the integration
// tier (vitest.config.ts): a warehouse run inflates 1.7 million cells.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findPath } from '#bestfirst';
import { applyKeepout, costmapToGrid, inflate } from '#bestfirst/costmap';
import { cellToWorld, parsePgm, worldToCell } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { rng, sameCost } from '../../support/reference.js';
import { load } from '../../support/ros-maps.js';
import { run } from '../../support/cli-run.js';

interface PlanRecord { status: string; cost: number | null; cells: number; fromCell: [number, number] }

const OUT = mkdtempSync(join(tmpdir(), 'bestfirst-warehouse-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

test('costmap on the warehouse with its keepout mask: the image is the library\'s costmap, flipped to rows from the top, grey 254 - cost', async () => {
  const out = join(OUT, 'warehouse.pgm');
  const r = await run('costmap', dataFile('ros/warehouse.yaml'), '--radius', '0.3', '--keepout', dataFile('ros/warehouse_keepout.yaml'), '--out', out);
  expect(r.code, r.err.join('\n')).toBe(0);
  const map = load('warehouse');
  const costmap = applyKeepout(inflate(map, { inscribedRadius: 0.3, inflationRadius: 0.55, costScalingFactor: 3 }), load('warehouse_keepout'));
  expect(costmap.rowOrder).toBe('bottom-up');
  const { cost } = costmap;
  const img = parsePgm(readFileSync(out), out);
  expect([img.width, img.height]).toEqual([1006, 1674]);
  let wrong = 0;
  for (let row = 0; row < map.height; row++) {
    for (let x = 0; x < map.width; x++) {
      const c = cost[(map.height - 1 - row) * map.width + x];
      if (img.pixels[row * map.width + x] !== (c === 255 ? 205 : 254 - c)) wrong++;
    }
  }
  expect(wrong).toBe(0);
  const lethal = cost.filter((c) => c === 254).length;
  expect(r.out[1]).toMatch(new RegExp(`^cells: ${lethal} lethal, `));
});

test('plan --ros on the warehouse between seeded free points: the cost is findPath\'s on the same costmap grid', async () => {
  const map = load('warehouse');
  const costmap = inflate(map, { inscribedRadius: 0.3, inflationRadius: 0.55, costScalingFactor: 3 });
  const grid = costmapToGrid(costmap, { costPenalty: 2 });
  const next = rng(20261202);
  const free = () => { for (;;) { const n = Math.floor(next() * grid.size); if (grid.cells[n] === 0) return n; } };
  let found = 0;
  for (let k = 0; k < 4; k++) {
    const s = free(), t = free();
    const [a, b] = [cellToWorld(map, s), cellToWorld(map, t)];
    const r = await run('plan', '--ros', dataFile('ros/warehouse.yaml'), '--from', `${a[0]},${a[1]}`, '--to', `${b[0]},${b[1]}`, '--radius', '0.3', '--json');
    const want = findPath(grid, s, t);
    const rec = JSON.parse(r.out[0]) as PlanRecord;
    expect(rec.fromCell).toEqual([grid.x(s), grid.y(s)]);
    expect(rec.status).toBe(want.status);
    expect(r.code).toBe(want.status === 'found' ? 0 : 1);
    if (want.status === 'found') { found++; expect(sameCost(rec.cost!, want.cost), `pair ${k}: ${rec.cost} vs ${want.cost}`).toBe(true); }
  }
  expect(found).toBeGreaterThanOrEqual(2);
});

describe('plan --ros on the TurtleBot3 sandbox (data/ros/, the image gzipped beside its YAML)', () => {
  test('the cost is the library\'s own (inflate, costmapToGrid, findPath) for two robots', async () => {
    const map = load('tb3_sandbox');
    for (const [r, penalty] of [[0.11, 2], [0.2, 0]]) {
      const res = await run('plan', '--ros', dataFile('ros/tb3_sandbox.yaml'), '--from', '-2,-0.5', '--to', '2,0.5', '--radius', String(r), '--penalty', String(penalty), '--json');
      expect(res.code, res.err.join('\n')).toBe(0);
      const rec = JSON.parse(res.out[0]) as PlanRecord;
      const costmap = inflate(map, { inscribedRadius: r, inflationRadius: 0.55, costScalingFactor: 3 });
      const grid = costmapToGrid(costmap, { costPenalty: penalty });
      const want = findPath(grid, worldToCell(map, [-2, -0.5]), worldToCell(map, [2, 0.5]));
      expect(sameCost(rec.cost!, want.cost), `r ${r}: ${rec.cost} vs ${want.cost}`).toBe(true);
      expect(rec.cells).toBe(want.path!.length);
    }
  });
});
