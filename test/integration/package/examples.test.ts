// The scripts in examples/ run as a user would run them (node, in a child
// process, importing 'bestfirst' and its subpaths through the package's own
// exports on the build), and print the numbers they promise: costs equal
// across searches and to published optima, repairs equal to fresh searches.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs examples/<name> from the repository root; fails on a non-zero exit or anything on stderr. */
function run(name: string): string {
  const r = spawnSync(process.execPath, [join('examples', name)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr, `${name}: stderr`).toBe('');
  expect(r.status, `${name}: exit status`).toBe(0);
  return r.stdout;
}

/** The numbers captured by `re` in `out`, which must match. */
function numbers(out: string, re: RegExp): number[] {
  const m = re.exec(out);
  expect(m, `no line matches ${re}\n${out}`).not.toBeNull();
  return m!.slice(1).map(Number);
}

const TESTED = ['01-grid.mjs', '02-movingai-scenario.mjs', '03-road-graph.mjs', '04-dstar-lite-replanning.mjs', '05-universal-plan.mjs'];

test('every script in examples/ is tested here and listed in the README', () => {
  const scripts = readdirSync(join(ROOT, 'examples')).filter((f) => /\.(mjs|js|cjs|ts)$/.test(f)).sort();
  expect(scripts).toEqual(TESTED);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const f of scripts) expect(readme, `README mentions ${f}`).toContain(`\`${f}\``);
});

test('01-grid: A*, Dijkstra and JPS agree on the matrix grid; the drawn path and the 4-connected cost', () => {
  const out = run('01-grid.mjs');
  expect(out).toContain('grid 10 x 6, 15 cells blocked; from [0,5] to [9,5]');
  const [astarCost, astarCells, astarExp] = numbers(out, /^astar +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  const [dijkstraCost, , dijkstraExp] = numbers(out, /^dijkstra +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  const [jpsCost, , jpsExp] = numbers(out, /^jps +found cost ([\d.]+) in (\d+) cells, (\d+) expansions$/m);
  // 17 straight steps and one diagonal around the walls.
  expect([astarCost, dijkstraCost, jpsCost]).toEqual([18.414, 18.414, 18.414]);
  expect(astarCells).toBe(19);
  expect(astarExp).toBeLessThan(dijkstraExp);
  expect(jpsExp).toBeLessThan(astarExp);
  const drawing = out.split('\n').filter((l) => /^ {2}[.#*]{10}$/.test(l));
  expect(drawing).toHaveLength(6);
  expect(drawing.join('').split('*').length - 1).toBe(19);
  expect(drawing[5][2]).toBe('*'); // the start, bottom left
  expect(drawing[5][11]).toBe('*'); // the goal, bottom right
  expect(out).toMatch(/^4-connected: cost 19 in 20 cells$/m);
});

test('02-movingai-scenario: the first 20 problems of den312d, each path checked and of the published length', () => {
  const out = run('02-movingai-scenario.mjs');
  expect(out).toContain('data/movingai/dao/den312d.map: 65 x 81, 2445 free cells, 320 problems');
  expect(out).toMatch(/^first 20 problems: 20 paths checked, 20 of the published optimal length, \d+ expansions in all$/m);
  const [published, found] = numbers(out, /^longest: line \d+, \(\d+,\d+\) to \(\d+,\d+\), published ([\d.]+), found ([\d.]+) in \d+ cells$/m);
  expect(published).toBe(7.41421);
  expect(found).toBe(published);
});

test('03-road-graph: A* with the straight-line heuristic finds Dijkstra\'s length across Amsterdam with fewer expansions', () => {
  const out = run('03-road-graph.mjs');
  expect(out).toContain('Amsterdam: 68213 crossings, 76718 roads');
  const [dLength, dRoads, dExp] = numbers(out, /^dijkstra found length (\d+) over (\d+) roads, (\d+) expansions$/m);
  const [aLength, aRoads, aExp] = numbers(out, /^astar +found length (\d+) over (\d+) roads, (\d+) expansions$/m);
  const [crow] = numbers(out, /^from crossing \d+ to \d+: (\d+) units as the crow flies$/m);
  expect(aLength).toBe(dLength);
  expect(aRoads).toBe(dRoads);
  expect(dLength).toBe(47410);
  expect(crow).toBeLessThanOrEqual(dLength);
  expect(aExp).toBeLessThan(dExp);
  expect(out).toMatch(/^same length: true; A\* expanded [\d.]+% of what Dijkstra did$/m);
});

test('04-dstar-lite-replanning: every repair equals a fresh A*, and the robot arrives', () => {
  const out = run('04-dstar-lite-replanning.mjs');
  // 107.698: the optimum from (5,5) to (60,70) on den312d (bestfirst ara reaches it too).
  expect(numbers(out, /^den312d \(5,5\) to \(60,70\): cost-to-go ([\d.]+), first search \d+ queue pops$/m)).toEqual([107.698]);
  const walls = [...out.matchAll(/^step \d+: (\d) cells close; cost-to-go ([\d.]+) -> ([\d.]+) \(fresh A\* agrees\); repair \d+ pops, fresh A\* \d+ expansions$/gm)];
  expect(walls).toHaveLength(3);
  for (const w of walls) expect(Number(w[3])).toBeGreaterThanOrEqual(Number(w[2])); // a wall never makes the way shorter
  const [count, pops, expansions] = numbers(out, /^(\d+) walls, each repair equal to a fresh A\*: (\d+) repair pops against (\d+) A\* expansions$/m);
  expect(count).toBe(10);
  expect(pops).toBeLessThan(expansions);
  const [steps, travelled] = numbers(out, /^arrived after (\d+) steps, ([\d.]+) travelled$/m);
  expect(steps).toBeGreaterThan(0);
  expect(travelled).toBeGreaterThanOrEqual(107.698);
});

test('05-universal-plan: the plan\'s cost-to-go equals A* from every start it is followed from', () => {
  const out = run('05-universal-plan.mjs');
  expect(out).toContain('arena (49 x 49), goal (40,40): 2054 of 2054 free cells reach it');
  const [residual] = numbers(out, /^Bellman residual ([\d.e+-]+) /m);
  expect(residual).toBeLessThan(1e-9);
  const starts = [...out.matchAll(/^from \((\d+),(\d+)\): cost-to-go ([\d.]+), (\d+) steps along the arrows; A\* from there ([\d.]+)$/gm)];
  expect(starts.map((m) => `${m[1]},${m[2]}`)).toEqual(['1,7', '10,40', '45,3']);
  for (const m of starts) {
    expect(m[3]).toBe(m[5]);
    expect(Number(m[4])).toBeLessThanOrEqual(Number(m[3])); // no step costs less than 1
  }
  expect(starts[1][3]).toBe('30.000'); // (10,40) to (40,40): a straight, open row
});
