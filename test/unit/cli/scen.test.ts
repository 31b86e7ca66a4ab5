import { test, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALGOS, parseAlgo, type Runner } from '../../../cli/algos.js';
import type { PathSearcher } from '#bestfirst';
import { checkPath, sameLength } from '#bestfirst/grid';
import { resultOf } from '#bestfirst/internal';
import { main } from '../../../cli/main.js';
import { usageLine } from '../../../cli/options.js';
import { PLAN, planCommand } from '../../../cli/plan.js';
import { sampleIndices, scenCommand } from '../../../cli/scen.js';
import { collect } from '../../support/cli-io.js';
import { dataFile } from '../../support/data.js';

const dataPath = (name: string): string => dataFile(`movingai/dao/${name}`);
const ARENA = dataPath('arena.map');
const ARENA_SCEN = dataPath('arena.map.scen');

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'bestfirst-scen-'));
}

test('plan prints cost, cells, expansions, time and the path; the cost is the published optimum', () => {
  // arena.map.scen's last row: (1,7) -> (47,46), optimal length 62.1543.
  const { io, out, err } = collect();
  expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46'], io)).toBe(0);
  expect(err).toEqual([]);
  expect(out[0]).toBe(`map ${ARENA} (49 x 49), algo astar, from (1,7) to (47,46)`);
  const m = /^cost (\d+\.\d{8}), (\d+) cells \((\d+) moves\), (\d+) expansions, \d+\.\d us$/.exec(out[1]);
  expect(m, out[1]).not.toBeNull();
  expect(sameLength(Number(m![1]), 62.1543)).toBe(true);
  expect(Number(m![3])).toBe(Number(m![2]) - 1);
  expect(out[2].startsWith('path (1,7) ')).toBe(true);
  expect(out[2].endsWith(' (47,46)')).toBe(true);
  expect(out[2].split(' ').length - 1).toBe(Number(m![2]));
});

test('plan --json gives the same query as one record; every --algo runs', () => {
  for (const algo of ['astar', 'dijkstra', 'wastar:2', 'greedy', 'bfs', 'jps', 'jps-plus', 'subgoal8', 'preprocessed8']) {
    const { io, out } = collect();
    expect(planCommand(['--map', ARENA, '--from=1,7', '--to=47,44', '--algo', algo, '--json'], io)).toBe(0);
    expect(out).toHaveLength(1);
    const r = JSON.parse(out[0]);
    // A search that preprocesses the map says how long it took.
    const pre = algo === 'jps-plus' || algo === 'subgoal8' || algo === 'preprocessed8';
    const built = pre ? ['buildMs'] : [];
    expect(Object.keys(r).sort()).toEqual(['algo', 'cells', 'cost', 'expansions', 'from', 'map', 'elapsedMs', 'partial', 'path', 'status', 'to', ...built].sort());
    if (pre) expect(r.buildMs).toBeGreaterThanOrEqual(0);
    expect([r.algo, r.status, r.from, r.to]).toEqual([algo, 'found', [1, 7], [47, 44]]);
    expect(r.path).toHaveLength(r.cells);
    expect(r.path[0]).toEqual([1, 7]);
    if (parseAlgo(algo).promise === 'optimal') expect(sameLength(r.cost, 61.3259), algo).toBe(true);
    else expect(r.cost).toBeGreaterThanOrEqual(61.3259 - 1e-4);
  }
});

test('plan without a path exits 1 and says so', () => {
  const dir = tempDir();
  const map = join(dir, 'split.map');
  writeFileSync(map, 'type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n');
  const { io, out } = collect();
  expect(planCommand(['--map', map, '--from', '0,0', '--to', '2,2'], io)).toBe(1);
  expect(out[1]).toMatch(/^no path \(unreachable\), \d+ expansions, \d+\.\d us$/);
});

test('plan refuses bad points and missing options through main: one line, exit 2', async () => {
  const cases: [string[], string][] = [
    [['plan', '--map', ARENA, '--from', '0,0', '--to', '1,7'], `bestfirst plan: --from 0,0 is a blocked cell of ${ARENA}`],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '49,1'], `bestfirst plan: --to 49,1 is outside the 49 x 49 map ${ARENA} (x in 0..48, y in 0..48, y from the top)`],
    [['plan', '--map', ARENA, '--from', '1,7'], `bestfirst plan: --to is required (usage: ${usageLine(PLAN)}; bestfirst help plan for more)`],
    [['plan', '--map', '/no/such.map', '--from', '1,7', '--to', '1,8'], 'bestfirst plan: cannot read --map /no/such.map: no such file'],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '1,8', '--algo', 'wastar:0.5'],
      'bestfirst plan: --algo "wastar:0.5": EPS must be a decimal number from 1 to 1000000, got "0.5"'],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '1,8', '--algo', 'idastar'],
      'bestfirst plan: --algo must be one of astar, dijkstra, wastar:EPS, greedy, bfs, jps, jps-plus, subgoal4, subgoal8, preprocessed8, any-angle, got "idastar"; did you mean "astar"?'],
  ];
  for (const [argv, message] of cases) {
    const { io, out, err } = collect();
    expect(await main(argv, io), argv.join(' ')).toBe(2);
    expect(err).toEqual([message]);
    expect(out).toEqual([]);
  }
});

test('scen runs a seeded sample and prints the summary', () => {
  const { io, out, err } = collect();
  expect(scenCommand([ARENA_SCEN, '--sample', '20', '--seed', '3'], io)).toBe(0);
  expect(err).toEqual([]);
  expect(out[0]).toBe(`${ARENA_SCEN}: 20 of 160 scenarios (sample, seed 3), map ${ARENA} (49 x 49), algo astar`);
  expect(out[1]).toBe('queries 20, optimal 100.00% (20), invalid 0');
  expect(out[2]).toMatch(/^microseconds per query: median \d+\.\d, mean \d+\.\d$/);
  expect(out[3]).toMatch(/^expansions per query: mean \d+\.\d$/);
  expect(out).toHaveLength(4);
});

test('scen --json prints one record per query, in file order, and the summary on stderr', () => {
  const { io, out, err } = collect();
  expect(scenCommand([ARENA_SCEN, '--sample', '12', '--json', '--algo', 'wastar:1.5'], io)).toBe(0);
  expect(out).toHaveLength(12);
  const records = out.map((l) => JSON.parse(l));
  const picked = sampleIndices(160, 12, 1);
  records.forEach((r, i) => {
    expect(Object.keys(r).sort()).toEqual(['cost', 'expansions', 'found', 'goal', 'line', 'elapsedMs', 'optimal', 'optimum', 'start', 'valid'].sort());
    expect(r.line).toBe(picked[i] + 2); // row k of the file is line k + 2
    expect(r.found && r.valid).toBe(true);
    expect(r.cost).toBeLessThanOrEqual(1.5 * r.optimum + 1e-4);
    expect(r.optimal).toBe(sameLength(r.cost, r.optimum));
  });
  expect(err[1]).toMatch(/^queries 12, optimal \d+\.\d\d% \(\d+\), invalid 0$/);
  expect(err[4]).toMatch(/^worst cost \/ optimum 1\.\d{6} \(promised <= 1\.5\)$/);
});

test('scen on the whole arena file: 160 queries, all optimal, also with --algo jps, jps-plus, subgoal8 and preprocessed8', () => {
  for (const algo of ['astar', 'jps', 'jps-plus', 'subgoal8', 'preprocessed8']) {
    const { io, out } = collect();
    expect(scenCommand([ARENA_SCEN, '--algo', algo], io)).toBe(0);
    expect(out[1]).toBe('queries 160, optimal 100.00% (160), invalid 0');
    // The preprocessing search prints its build time, once, after the query times.
    const built = out.filter((l) => l.startsWith('preprocessing '));
    expect(built).toEqual(algo === 'jps-plus' || algo === 'subgoal8' || algo === 'preprocessed8' ? [expect.stringMatching(/^preprocessing \d+\.\d ms \(once for the map, before the queries\)$/)] : []);
  }
});

test('plan --algo jps-plus, subgoal8 and preprocessed8 print their build time on the line after the header', () => {
  for (const algo of ['jps-plus', 'subgoal8', 'preprocessed8']) {
    const { io, out } = collect();
    expect(planCommand(['--map', ARENA, '--from', '1,7', '--to', '47,46', '--algo', algo], io)).toBe(0);
    expect(out[1]).toMatch(/^preprocessing \d+\.\d ms \(once per map\)$/);
    expect(sameLength(Number(/^cost (\S+),/.exec(out[2])![1]), 62.1543)).toBe(true);
  }
});

/** arena.map.scen with one row's optimum changed (row 5 of the file, line 6). */
function corrupted(factor: number): string {
  const lines = readFileSync(ARENA_SCEN, 'utf8').split('\n');
  const f = lines[5].split('\t');
  f[8] = String(Number(f[8]) * factor);
  lines[5] = f.join('\t');
  const file = join(tempDir(), 'arena.map.scen');
  writeFileSync(file, lines.join('\n'));
  return file;
}

test('scen exits 1 when an optimal algorithm misses a (corrupted) optimum, and names the row', () => {
  const file = corrupted(0.5);
  const { io, out, err } = collect();
  expect(scenCommand([file, '--map', ARENA], io)).toBe(1);
  expect(out[1]).toBe('queries 160, optimal 99.38% (159), invalid 0');
  expect(err).toHaveLength(2);
  expect(err[0]).toMatch(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}:6: \\(\\d+,\\d+\\) -> \\(\\d+,\\d+\\): cost [\\d.]+, optimum [\\d.]+ \\(ratio 2\\.0000\\d\\d\\), astar promises the optimum$`));
  expect(err[1]).toBe('scen: FAILED: 0 invalid paths, 1 breaking the astar promise');
  // Greedy promises nothing: the same file passes. Weighted A* 1.5 promises 1.5 x: it fails.
  expect(scenCommand([file, '--map', ARENA, '--algo', 'greedy'], collect().io)).toBe(0);
  expect(scenCommand([file, '--map', ARENA, '--algo', 'wastar:1.5'], collect().io)).toBe(1);
  expect(scenCommand([corrupted(0.8), '--map', ARENA, '--algo', 'wastar:1.5'], collect().io)).toBe(0);
});

test('scen exits 1 on an invalid path, checked independently of the searcher', () => {
  // A deliberately broken search: it "finds" the two-cell path start -> goal.
  ALGOS.teleport = {
    usage: 'teleport', help: 'test only',
    build: () => ({
      name: 'teleport', promise: 'none', bound: Infinity, check: checkPath, saves: false,
      make: (): Runner => {
        let s = 0, g = 0;
        const searcher: PathSearcher = {
          search(start, goal) { s = start; g = goal; return 'found'; },
          begin(start, goal) { s = start; g = goal; },
          advance: () => 'found',
          running: false,
          cancel() {},
          status: 'found', reason: null, cost: 1, partial: false, expansions: 0, pushes: 0, reopenings: 0,
          pathInto(out) { out[0] = s; out[1] = g; return 2; },
          path: () => [s, g],
          result: () => resultOf(searcher, null),
        };
        return { searcher, options: {} };
      },
    }),
  };
  try {
    const { io, out, err } = collect();
    expect(scenCommand([ARENA_SCEN, '--sample', '3', '--algo', 'teleport'], io)).toBe(1);
    expect(out[1]).toBe('queries 3, optimal 0.00% (0), invalid 3');
    expect(err[0]).toMatch(/:\d+: \(\d+,\d+\) -> \(\d+,\d+\): invalid: step 1 from \(\d+,\d+\) to \(\d+,\d+\) is not a move to a neighbouring cell$/);
    expect(err[3]).toBe('scen: FAILED: 3 invalid paths, 0 breaking the teleport promise');
  } finally {
    delete ALGOS.teleport;
  }
});

test('scen refuses malformed maps and scenarios through main: file:line:col, exit 2', async () => {
  const dir = tempDir();
  const badMap = join(dir, 'bad.map');
  writeFileSync(badMap, 'type octile\nheight 3\nwidth 4\nmap\n....\n..\n....\n');
  const scen = join(dir, 'bad.map.scen');
  writeFileSync(scen, 'version 1\n0\tbad.map\t4\t3\t0\t0\t3\t2\t3.82842712\n');
  const offMap = join(dir, 'off.scen');
  writeFileSync(offMap, 'version 1\n0\tarena.map\t49\t49\t1\t7\t49\t2\t50\n');
  const noMap = join(dir, 'lonely.scen');
  writeFileSync(noMap, 'version 1\n0\tmaps/dao/lonely.map\t49\t49\t1\t7\t4\t2\t5\n');
  const cases: [string[], string][] = [
    [['scen', scen], `bestfirst scen: ${badMap}:6:3: row 1 has 2 characters, expected 4 (the width)`],
    [['scen', offMap, '--map', ARENA], `bestfirst scen: ${offMap}:2:23: goal x is 49, outside the map this row states (width 49: x in 0..48)`],
    [['scen', noMap], `bestfirst scen: cannot find map "maps/dao/lonely.map" named in ${noMap}: looked for ${join(dir, 'lonely.map')} and ${join(dir, 'maps/dao/lonely.map')}; pass --map FILE.map`],
    [['scen', join(dir, 'none.scen')], `bestfirst scen: cannot read ${join(dir, 'none.scen')}: no such file`],
    [['scen', ARENA_SCEN, '--sample', '0'], 'bestfirst scen: --sample must be a decimal integer from 1 to 2147483647, got "0"'],
    [['scen', ARENA], `bestfirst scen: ${ARENA}:1:1: found "type octile", expected 'version 1'`],
  ];
  for (const [argv, message] of cases) {
    const { io, out, err } = collect();
    expect(await main(argv, io), argv.join(' ')).toBe(2);
    expect(err).toEqual([message]);
    expect(out).toEqual([]);
  }
});

test('scen draws progress on the status line only when stderr is a terminal, never as lines into a pipe', () => {
  const tty = collect({ tty: true });
  expect(scenCommand([ARENA_SCEN, '--sample', '40'], tty.io)).toBe(0);
  expect(tty.err).toEqual([]);
  expect(tty.status.length).toBeGreaterThan(2);
  // Each bar says the rows done and, once there is a pace, rows per second and the time left at it.
  const bar = /^\[#* *\] (\d+)\/40(, [\d.]+ rows\/s, \d+:\d\d left)?$/;
  expect(tty.status.slice(0, -1).every((l) => bar.test(l))).toBe(true);
  expect(tty.status.slice(0, -1).some((l) => /rows\/s, \d+:\d\d left$/.test(l))).toBe(true);
  expect(tty.status.at(-2)).toMatch(new RegExp(`^\\[${'#'.repeat(30)}\\] 40/40, [\\d.]+ rows/s, 0:00 left$`)); // the last bar, then cleared
  expect(tty.status.at(-1)).toBe('');
  for (const json of [false, true]) {
    const pipe = collect();
    expect(scenCommand([ARENA_SCEN, '--sample', '40', ...(json ? ['--json'] : [])], pipe.io)).toBe(0);
    expect(pipe.status).toEqual([]);
    expect(pipe.err.some((l) => l.includes('/40'))).toBe(false);
  }
});

test('sampleIndices: a fixed seed gives the same sorted, distinct sample; n >= total takes all', () => {
  const a = sampleIndices(1000, 20, 5);
  expect(Array.from(a)).toEqual(Array.from(sampleIndices(1000, 20, 5)));
  expect(Array.from(a)).not.toEqual(Array.from(sampleIndices(1000, 20, 6)));
  expect(new Set(a).size).toBe(20);
  expect(Array.from(a)).toEqual(Array.from(a).sort((x, y) => x - y));
  expect(a.every((i) => i >= 0 && i < 1000)).toBe(true);
  expect(Array.from(sampleIndices(5, 9, 1))).toEqual([0, 1, 2, 3, 4]);
});
