// ROS map_server maps (src/io/ros.ts) on Nav2's own maps (data/ros/): the
// decompressed images are Nav2's bytes, the occupancy is the README's formula
// recomputed here from the raw pixels, and a path found on the warehouse is
// legal and as cheap as a plain reference Dijkstra's. In the integration tier
// (vitest.config.ts): the seven maps take seconds; test/unit/io/ros.test.ts has the
// small files and the hostile ones.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { findPath } from '#bestfirst';
import { checkPath } from '#bestfirst/grid';
import { cellToWorld, parseRosYaml, toGrid, worldToCell } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { referenceCost, ReferenceGrid, sameCost } from '../../support/reference.js';
import { counts, load, MAPS, pgmOf, rawPgm, trinary, yamlOf } from '../../support/ros-maps.js';
import { refusal } from '../../support/refusal.js';

// --- the data ------------------------------------------------------------------

test('every decompressed image and every YAML is byte for byte the upstream file (data/ros/SHA256SUMS-upstream)', () => {
  const upstream = readFileSync(dataFile('ros/SHA256SUMS-upstream'), 'utf8').trim().split('\n').map((l) => l.split(/\s+/));
  expect(upstream.map(([, f]) => f).sort()).toEqual([...MAPS.map((m) => `${m}.pgm`), ...MAPS.map((m) => `${m}.yaml`)].sort());
  for (const [sum, f] of upstream) {
    const bytes = f.endsWith('.pgm') ? pgmOf(f.slice(0, -4)) : readFileSync(dataFile(`ros/${f}`));
    expect(createHash('sha256').update(bytes).digest('hex'), f).toBe(sum);
  }
});

// --- the seven maps --------------------------------------------------------------

describe('the seven Nav2 maps', () => {
  test('sizes, resolutions, origins and modes as their files give them', () => {
    const got = Object.fromEntries(MAPS.map((n) => {
      const m = load(n);
      return [n, [m.width, m.height, m.resolution, m.origin.x, m.origin.y, m.origin.yaw, m.mode, m.data.length]];
    }));
    expect(got).toEqual({
      warehouse: [1006, 1674, 0.03, -15.1, -25, 0, 'trinary', 1006 * 1674],
      warehouse_keepout: [1006, 1674, 0.03, -15.1, -25, 0, 'trinary', 1006 * 1674],
      warehouse_speed: [1006, 1674, 0.03, -15.1, -25, 0, 'scale', 1006 * 1674],
      depot: [604, 307, 0.05, 0, 0, 0, 'trinary', 604 * 307],
      depot_keepout: [604, 307, 0.05, 0, 0, 0, 'trinary', 604 * 307],
      depot_speed: [604, 307, 0.05, 0, 0, 0, 'scale', 604 * 307],
      // No mode key: map_server's default.
      tb3_sandbox: [384, 384, 0.05, -10, -10, 0, 'trinary', 384 * 384],
    });
  });

  test.each(MAPS.filter((n) => !n.endsWith('_speed')))('%s: trinary occupancy is the README formula on the raw pixels, cell by cell, with the rows flipped', (name) => {
    const map = load(name);
    const meta = parseRosYaml(yamlOf(name));
    const raw = rawPgm(pgmOf(name));
    expect([raw.width, raw.height, raw.maxval]).toEqual([map.width, map.height, 255]);
    const expected = new Int8Array(map.width * map.height);
    let mismatches = 0;
    for (let row = 0; row < raw.height; row++) {
      for (let col = 0; col < raw.width; col++) {
        const want = trinary(raw.pixels[row * raw.width + col], meta.negate, meta.occupiedThresh, meta.freeThresh);
        // ROS order: the image's top row is the data's last.
        expected[(raw.height - 1 - row) * raw.width + col] = want;
        if (map.data[(raw.height - 1 - row) * raw.width + col] !== want) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    const c = counts(map.data);
    expect(c).toEqual(counts(expected));
    expect(c.get(100) ?? 0, 'some cells occupied').toBeGreaterThan(0);
    expect(c.get(0) ?? 0, 'some cells free').toBeGreaterThan(0);
  });

  test('the warehouse has all three states; the counts, once', () => {
    const c = counts(load('warehouse').data);
    expect([c.get(100), c.get(0), c.get(-1)]).toEqual([30951, 1422292, 230801]);
  });

  test.each(['warehouse_speed', 'depot_speed'] as const)('%s (scale, thresholds 0 and 1) keeps the graded values: rint(100 (255 - v) / 255)', (name) => {
    const map = load(name);
    const raw = rawPgm(pgmOf(name));
    let mismatches = 0;
    for (let row = 0; row < raw.height; row++) {
      for (let col = 0; col < raw.width; col++) {
        const v = raw.pixels[row * raw.width + col];
        if (map.data[(raw.height - 1 - row) * raw.width + col] !== Math.round((100 * (255 - v)) / 255)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    const graded = [...counts(map.data).keys()].filter((k) => k > 0 && k < 100);
    expect(graded.length, 'values strictly between free and occupied').toBeGreaterThan(0);
    expect(map.data.includes(-1)).toBe(false);
  });

  test('metres <-> cells at the corners: the origin is the bottom-left cell, the far corner the top-right', () => {
    for (const name of ['warehouse', 'depot', 'tb3_sandbox'] as const) {
      const m = load(name);
      const { width: w, height: h, resolution: r, origin: o } = m;
      const bottomLeft = (h - 1) * w, topRight = w - 1;
      expect(worldToCell(m, [o.x, o.y]), name).toBe(bottomLeft);
      expect(worldToCell(m, [o.x + w * r, o.y + h * r]), name).toBe(topRight);
      expect(worldToCell(m, [o.x + r / 2, o.y + h * r - r / 2]), name).toBe(0);
      for (const id of [0, topRight, bottomLeft, w * h - 1]) {
        const p = cellToWorld(m, id);
        expect(worldToCell(m, p), `${name} cell ${id}`).toBe(id);
      }
      const c = cellToWorld(m, bottomLeft);
      expect(c[0]).toBeCloseTo(o.x + r / 2, 12);
      expect(c[1]).toBeCloseTo(o.y + r / 2, 12);
      const t = cellToWorld(m, topRight);
      expect(t[0]).toBeCloseTo(o.x + (w - 0.5) * r, 12);
      expect(t[1]).toBeCloseTo(o.y + (h - 0.5) * r, 12);
      expect(refusal(() => worldToCell(m, [o.x - r, o.y]))).toMatch(/outside the map/);
      expect(refusal(() => worldToCell(m, [o.x, o.y + (h + 1) * r]))).toMatch(/outside the map/);
    }
  });

  test('metres -> cell -> metres lands in the same cell, and the grid cell holds what the data says (fixed-seed property)', () => {
    const m = load('warehouse');
    const grid = toGrid(m, { unknown: 'blocked' });
    fc.assert(fc.property(fc.integer({ min: 0, max: m.width * m.height - 1 }), (id) => {
      const p = cellToWorld(m, id);
      expect(worldToCell(m, p)).toBe(id);
      const x = id % m.width, y = (id - x) / m.width;
      expect(grid.cells[id]).toBe(m.data[(m.height - 1 - y) * m.width + x] === 0 ? 0 : 1);
    }), { seed: 1206, numRuns: 500 });
  });

  test('toGrid(warehouse): findPath between two free cells is legal and costs what a reference Dijkstra finds, in metres', () => {
    const m = load('warehouse');
    const grid = toGrid(m, { unknown: 'blocked' });
    expect([grid.width, grid.height, grid.cellSize, grid.connectivity, grid.diagonalRule]).toEqual([1006, 1674, 0.03, 8, 'no-corner-cutting']);
    // The reference raster comes from the image, not from the library's data:
    // an image row is a grid row (both count from the top).
    const raw = rawPgm(pgmOf('warehouse'));
    const meta = parseRosYaml(yamlOf('warehouse'));
    const cells = Uint8Array.from(raw.pixels, (v) => (trinary(v, meta.negate, meta.occupiedThresh, meta.freeThresh) === 0 ? 0 : 1));
    expect(Array.from(grid.cells).filter((v, i) => v !== cells[i]).length).toBe(0);
    const free = (x: number, y: number) => {
      // The free cell nearest (x, y) in metres, scanning outward ring by ring.
      const c0 = worldToCell(m, [x, y]), cx = c0 % m.width, cy = (c0 - cx) / m.width;
      for (let d = 0; d < 100; d++) {
        for (let dy = -d; dy <= d; dy++) {
          for (let dx = -d; dx <= d; dx++) {
            const id = (cy + dy) * m.width + cx + dx;
            if (Math.max(Math.abs(dx), Math.abs(dy)) === d && cells[id] === 0) return id;
          }
        }
      }
      throw new Error(`no free cell near (${x}, ${y})`);
    };
    const start = free(-2, 0), goal = free(3, 3);
    const r = findPath(grid, start, goal);
    expect(r.status).toBe('found');
    const check = checkPath(grid, r.path!, start, goal);
    expect(check.ok ? '' : check.reason).toBe('');
    expect(check.ok && sameCost(check.length, r.cost)).toBe(true);
    const ref = new ReferenceGrid({ width: m.width, height: m.height, connectivity: 8, diagonalRule: 'no-corner-cutting', diagonalCost: Math.SQRT2, cellSize: 0.03, enterCost: -1 }, cells);
    expect(sameCost(r.cost, referenceCost(ref, start, goal)), `${r.cost} vs the reference`).toBe(true);
    // Metres: no shorter than the straight line between the cell centres.
    const a = cellToWorld(m, start), b = cellToWorld(m, goal);
    expect(r.cost).toBeGreaterThanOrEqual(Math.hypot(a[0] - b[0], a[1] - b[1]) - 1e-9);
  });

  test('toGrid: unknown cells free or blocked as asked; occupiedAt grades a scale map', () => {
    const sandbox = load('tb3_sandbox');
    const unknown = counts(sandbox.data).get(-1)!, occupied = counts(sandbox.data).get(100)!;
    const blockedCount = (g: { cells: Uint8Array }) => g.cells.reduce((s, v) => s + v, 0);
    expect(blockedCount(toGrid(sandbox, { unknown: 'blocked' }))).toBe(unknown + occupied);
    expect(blockedCount(toGrid(sandbox, { unknown: 'free' }))).toBe(occupied);
    const speed = load('warehouse_speed');
    const atLeast = (k: number) => Array.from(speed.data).filter((v) => v >= k).length;
    expect(blockedCount(toGrid(speed, { unknown: 'free' }))).toBe(atLeast(100));
    expect(blockedCount(toGrid(speed, { unknown: 'free', occupiedAt: 20 }))).toBe(atLeast(20));
    expect(atLeast(20)).toBeGreaterThan(atLeast(100));
  });
});

