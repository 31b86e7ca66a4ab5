import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { sameLength } from '#bestfirst/grid';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { DATA_DIR } from '../../support/data.js';
import { cornerCuttingCost } from '../../support/grid8-reference.js';
import { dataPath, failures, loadMap, loadScen, ONE_PER_FAMILY, wholeFileRows } from '../../support/movingai-runs.js';

// The preprocessed searchers with corner cutting (diagonal rule 'always'), held on every row of
// a scenario file to its optimum under that rule. Moving AI publishes optima without corner
// cutting only, so data/movingai/corner-cutting/ holds copies of the classic files whose last
// column is the optimum with it, found by Dijkstra (scripts/corner-cutting-optima.mjs, pinned by
// SHA256SUMS). Here every row is checked against the classic file and the two bounds any optimum
// with corner cutting obeys, and every 100th row against a Dijkstra of the suite's own
// (test/support/grid8-reference.ts, none of the library's searches; the script ran the engine).
// Every file the script made (its list is the one place that names them), as 'family/map'.
const FOLDER = join(DATA_DIR, 'movingai', 'corner-cutting');
const MAPS: readonly string[] = readdirSync(FOLDER).flatMap((family) => readdirSync(join(FOLDER, family)).map((f) => `${family}/${f.replace(/\.map\.scen$/, '')}`)).sort();

test('the corner-cutting optima cover one map per family (the maps of the whole-file suites), and more', () => {
  expect(MAPS.filter((m) => !ONE_PER_FAMILY.includes(m))).toEqual(['dao/brc202d', 'room/8room_000']);
  expect(ONE_PER_FAMILY.filter((m) => !MAPS.includes(m))).toEqual([]);
});
const DIJKSTRA_EVERY = 100;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The octile distance: the cost of the straightest path with nothing in the way, a bound from below. */
const octile = (dx: number, dy: number) => Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);

for (const name of MAPS) {
  test(`corner-cutting optima of ${name}.map.scen: the classic rows with their last column between the octile distance and the published optimum, every ${DIJKSTRA_EVERY}th equal to Dijkstra's`, () => {
    const grid = loadMap(`${name}.map`).with({ diagonalRule: 'always' });
    const cut = loadScen(`corner-cutting/${name}.map.scen`), classic = loadScen(`${name}.map.scen`);
    expect(cut.length).toBe(classic.length);
    const bad: string[] = [];
    let searched = 0;
    for (const [i, r] of cut.entries()) {
      const c = classic[i];
      const { optimal, ...rest } = r, { optimal: published, ...restClassic } = c;
      expect(rest).toEqual(restClassic);
      // Corner cutting only adds moves, so an optimum never grows; the printed published lengths
      // are rounded to 6 digits, hence sameLength's tolerance.
      if (optimal > published && !sameLength(optimal, published)) bad.push(`line ${r.line}: ${optimal} over the published ${published}`);
      const bound = octile(Math.abs(r.goalX - r.startX), Math.abs(r.goalY - r.startY));
      if (optimal < bound && !sameLength(optimal, bound)) bad.push(`line ${r.line}: ${optimal} under the octile distance ${bound}`);
      if (i % DIJKSTRA_EVERY === 0) {
        searched++;
        const d = cornerCuttingCost(grid, grid.id(r.startX, r.startY), grid.id(r.goalX, r.goalY));
        if (!sameLength(optimal, d)) bad.push(`line ${r.line}: ${optimal}, Dijkstra's ${d}`);
      }
    }
    expect(bad).toEqual([]);
    expect(searched).toBe(Math.ceil(cut.length / DIJKSTRA_EVERY));
  }, 300_000);

  for (const algo of ['jps-plus', 'subgoal8'] as const) {
    const rows = loadScen(`corner-cutting/${name}.map.scen`), { rows: picked, which } = wholeFileRows(name, algo, rows.length);
    test(`${algo} with corner cutting on ${name}.map.scen (${which}): 100% valid and optimal`, () => {
      const grid = loadMap(`${name}.map`).with({ diagonalRule: 'always' });
      expect(rows.length).toBeGreaterThan(900);
      expect(failures(`corner-cutting/${name}.map.scen`, grid, rows, picked, algo)).toEqual([]);
    }, 300_000);
  }
}

test('data/movingai/corner-cutting/dao/arena2.map.scen is what scripts/corner-cutting-optima.mjs makes, byte for byte', () => {
  expectFreshBuild('dist/src/index.js', ['src']);
  const out = mkdtempSync(join(tmpdir(), 'bestfirst-corner-cutting-'));
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/corner-cutting-optima.mjs'), '--out', out, 'dao/arena2'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^dao\/arena2: 929 rows in /);
  expect(readFileSync(join(out, 'dao/arena2.map.scen'), 'utf8')).toBe(readFileSync(dataPath('corner-cutting/dao/arena2.map.scen'), 'utf8'));
});
