// `--terrain` and `--partial` on plan and scen: the costs are the reference's
// on the weighed map, exclusions make problems unreachable (scen agrees with
// its Dijkstra), partial paths are printed and checked; mistakes are refusals.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { referenceCost, ReferenceGrid } from '../../support/reference.js';
import { run } from '../../support/cli-run.js';

const dir = mkdtempSync(join(tmpdir(), 'bestfirst-terrain-'));
const ROWS = ['..SS..', '..SS..', '..TT.@'];
const MAP = join(dir, 'marsh.map');
writeFileSync(MAP, `type octile\nheight 3\nwidth 6\nmap\n${ROWS.join('\n')}\n`);
// Two problems: across the swamp, and up the left side.
const SCEN = join(dir, 'marsh.map.scen');
writeFileSync(SCEN, 'version 1\n0\tmarsh.map\t6\t3\t0\t0\t5\t0\t5\n0\tmarsh.map\t6\t3\t0\t2\t1\t0\t2.41421356\n');

/** The reference cost on the marsh with these letter weights (Infinity: blocked). */
function reference(weights: Record<string, number>, from: [number, number], to: [number, number]): number {
  const letters = ROWS.join('');
  const w = Array.from(letters, (c) => weights[c] ?? (c === '@' || c === 'T' ? Infinity : 1));
  const spec = { width: 6, height: 3, connectivity: 8 as const, diagonalRule: 'no-corner-cutting' as const, diagonalCost: Math.SQRT2, cellSize: 1, enterCost: -1 };
  return referenceCost(new ReferenceGrid(spec, w.map((x) => (x === Infinity ? 1 : 0)), w.map((x) => (x === Infinity ? 1 : x))), from[1] * 6 + from[0], to[1] * 6 + to[0]);
}

test('plan --terrain: the cost is the reference\'s on the weighed map, for each filter', async () => {
  for (const [terrain, weights] of [['S=4', { S: 4 }], ['S=4,T=1.5', { S: 4, T: 1.5 }], ['S=0.5', { S: 0.5 }]] as const) {
    const r = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--terrain', terrain, '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as { cost: number; terrain: Record<string, number>; partial: boolean };
    expect(rec.cost).toBeCloseTo(reference(weights, [0, 0], [5, 0]), 9);
    expect([rec.terrain, rec.partial]).toEqual([weights, false]);
  }
});

test('plan --terrain S=x walls the goal off: no path, exit 1; with --partial the path to the nearest reached cell, checked and printed', async () => {
  const none = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--terrain', 'S=x');
  expect(none.code).toBe(1);
  expect(none.out.join('\n')).toMatch(/no path \(unreachable\)/);
  const part = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--terrain', 'S=x', '--partial');
  expect(part.code).toBe(1);
  expect(part.out[1]).toMatch(/^no path \(unreachable\)/);
  expect(part.out[2]).toMatch(/^partial path to \(1,\d\), the reached cell nearest the goal: cost 1\.00000000, 2 cells/);
  expect(part.out[3]).toMatch(/^path \(0,0\) \(1,\d\)$/);
  const json = JSON.parse((await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--terrain', 'S=x', '--partial', '--json')).out[0]) as { status: string; partial: boolean; cells: number };
  expect([json.status, json.partial, json.cells]).toEqual(['unreachable', true, 2]);
});

test('scen --terrain: optima by Dijkstra on the weighed map; an exclusion that walls a goal off is counted unreachable, not a failure', async () => {
  const ok = await run('scen', SCEN, '--terrain', 'S=4');
  expect(ok.code, ok.err.join('\n')).toBe(0);
  expect(ok.out.join('\n')).toMatch(/terrain S=4 \(optima by Dijkstra\)[\s\S]*queries 2, optimal 100\.00% \(2\), invalid 0/);
  const walled = await run('scen', SCEN, '--terrain', 'S=x', '--partial');
  expect(walled.code, walled.err.join('\n')).toBe(0);
  expect(walled.out.join('\n')).toMatch(/unreachable 1 \(the reference agrees\), 1 answered with a partial path/);
  // Without --terrain the published optima stand, and a wrong weight is refused before anything runs.
  expect((await run('scen', SCEN)).code).toBe(0);
});

test('--terrain and --partial mistakes are one-line refusals, exit 2', async () => {
  for (const [value, message] of [
    ['S', /"S" is not LETTER=WEIGHT/], ['X=2', /"X" is not a terrain letter; the letters are \. G S W T @ O/], ['S=0', /S=0: the weight must be a number > 0/],
    ['S=2,S=3', /S is given twice/], ['S=-1', /S=-1: the weight must be/], ['S=1e3', /S=1e3: the weight must be/],
  ] as const) {
    const r = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--terrain', value);
    expect([value, r.code]).toEqual([value, 2]);
    expect(r.err.join('\n')).toMatch(message);
  }
  const jps = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--partial', '--algo', 'jps');
  expect(jps.code).toBe(2);
  expect(jps.err.join('\n')).toMatch(/--partial needs a search that keeps a path .* not jps/);
  const plus = await run('plan', '--map', MAP, '--from', '0,0', '--to', '5,0', '--partial', '--algo', 'jps-plus');
  expect(plus.code).toBe(2);
  expect(plus.err.join('\n')).toMatch(/--partial needs a search that keeps a path .* not jps-plus/);
});
