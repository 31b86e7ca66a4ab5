// `bestfirst fleet` on the MAPF benchmark files: the plans it prints (JSON)
// pass the independent checker and cost what it says; the lower bound is the
// sum of the file's single-agent optima; a corridor swap is refused as
// unsolvable with exit 1; mistakes are one-line refusals with exit 2.
// Integration tier: CBS on 20 agents takes seconds on a loaded machine.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkMapfPlan } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { dataFile } from '../../support/data.js';
import { run } from '../../support/cli-run.js';

interface Record { status: string; valid: boolean | null; sumOfCosts: number | null; makespan: number | null; lowerBound: number; paths: [number, number][][] | null; reason: string | null; detail: string | null }

describe('on the benchmark files, every plan printed is checked again here', () => {
  for (const [map, k, solver] of [['random-32-32-20', 20, 'cbs'], ['room-32-32-4', 10, 'cbs'], ['warehouse-10-20-10-2-1', 100, 'prioritized'], ['empty-16-16', 60, 'prioritized'],
    ['empty-16-16', 100, 'pibt'], ['random-32-32-20', 150, 'lacam'], ['warehouse-10-20-10-2-1', 100, 'lacam']] as const) {
    test(`${map}, ${k} agents, ${solver}`, async () => {
      const mapFile = dataFile(`mapf/${map}.map`), scenFile = dataFile(`mapf/${map}-random-1.scen`);
      // LaCAM improves its plan until the time limit: a short one, which it carries its plan through (exit 0).
      const r = await run('fleet', '--map', mapFile, '--scen', scenFile, '--agents', String(k), '--solver', solver, '--json', ...(solver === 'lacam' ? ['--time-limit', '3'] : []));
      expect(r.code, r.err.join('\n')).toBe(0);
      const rec = JSON.parse(r.out[0]) as Record;
      expect([solver === 'lacam' ? 'found' : rec.status, rec.valid]).toEqual(['found', true]);
      const grid = parseMap(readFileSync(mapFile, 'utf8'));
      const rows = parseScen(readFileSync(scenFile, 'utf8')).slice(0, k);
      const tasks = rows.map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
      const v = checkMapfPlan(grid, tasks, rec.paths!.map((p) => p.map(([x, y]) => grid.id(x, y))));
      expect(v).toMatchObject({ ok: true, sumOfCosts: rec.sumOfCosts, makespan: rec.makespan });
      expect(rec.lowerBound).toBe(rows.reduce((s, row) => s + row.optimal, 0));
      expect(rec.sumOfCosts).toBeGreaterThanOrEqual(rec.lowerBound);
    });
  }

  test('CBS stopped by its time limit with no plan: LaCAM* plans instead, said in the text and the JSON, and the plan passes the checker (exit 0)', async () => {
    const mapFile = dataFile('mapf/random-32-32-20.map'), scenFile = dataFile('mapf/random-32-32-20-random-1.scen');
    const t = await run('fleet', '--map', mapFile, '--scen', scenFile, '--agents', '100', '--solver', 'cbs', '--max-ms', '50');
    expect(t.code, t.err.join('\n')).toBe(0);
    expect(t.out[1]).toMatch(/^CBS stopped \(max-millis\) with no plan after \d+ constraint-tree nodes; LaCAM\* planned instead, its first plan:$/);
    expect(t.out[2]).toMatch(/^solved: sum of costs \d+, makespan \d+, lower bound \d+ \(\+\d+\.\d\d%\); plan checked valid$/);
    const r = await run('fleet', '--map', mapFile, '--scen', scenFile, '--agents', '100', '--solver', 'cbs', '--max-ms', '50', '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as Record & { fallback?: { solver: string; because: string } };
    expect(rec.fallback?.solver).toBe('lacam');
    expect(rec.fallback?.because).toMatch(/^cbs stopped \(max-millis\) with no plan/);
    const grid = parseMap(readFileSync(mapFile, 'utf8'));
    const tasks = parseScen(readFileSync(scenFile, 'utf8')).slice(0, 100).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
    expect(checkMapfPlan(grid, tasks, rec.paths!.map((p) => p.map(([x, y]) => grid.id(x, y))))).toMatchObject({ ok: true, sumOfCosts: rec.sumOfCosts });
  });

  test('text output: the instance, then solved with the costs and the check, then the search effort', async () => {
    const r = await run('fleet', '--map', dataFile('mapf/random-32-32-20.map'), '--scen', dataFile('mapf/random-32-32-20-random-1.scen'), '--agents', '5', '--solver', 'cbs');
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^map .*random-32-32-20\.map \(32 x 32\), 5 agents from .*random-32-32-20-random-1\.scen, solver cbs, time limit 30000 ms$/);
    expect(r.out[1]).toMatch(/^solved: sum of costs \d+, makespan \d+, lower bound \d+ \(\+\d+\.\d\d%\); plan checked valid$/);
    expect(r.out[2]).toMatch(/^\d+ constraint-tree nodes, \d+ time-space expansions; [\d.]+ ms$/);
  });
});

describe('no plan, and mistakes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bestfirst-fleet-'));
  const map = join(dir, 'corridor.map'), scen = join(dir, 'corridor.scen');
  writeFileSync(map, 'type octile\nheight 1\nwidth 5\nmap\n.....\n');
  writeFileSync(scen, 'version 1\n0\tcorridor.map\t5\t1\t0\t0\t4\t0\t4\n0\tcorridor.map\t5\t1\t4\t0\t0\t0\t4\n');

  test('the corridor swap, LaCAM: proven unsolvable by its own search, exit 1; PIBT gives up after its steps, exit 1', async () => {
    const r = await run('fleet', '--map', map, '--scen', scen, '--agents', '2', '--solver', 'lacam');
    expect(r.code).toBe(1);
    expect(r.out[1]).toMatch(/^not solved \(unreachable\): no moves of the 2 agents bring them all to their goals: LaCAM searched all \d+ configurations reachable from the starts; lower bound 8$/);
    const p = await run('fleet', '--map', map, '--scen', scen, '--agents', '2', '--solver', 'pibt', '--time-limit', '2');
    expect(p.code).toBe(1);
    expect(p.out[1]).toMatch(/^not solved \(stopped, (incomplete|max-millis)\)/);
  });

  test('LaCAM\'s text output: the plan, then its first plan and whether it is proven optimal; a time limit in seconds', async () => {
    const r = await run('fleet', '--map', dataFile('mapf/empty-16-16.map'), '--scen', dataFile('mapf/empty-16-16-random-1.scen'), '--agents', '3', '--solver', 'lacam', '--time-limit', '20');
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/solver lacam, time limit 20000 ms$/);
    expect(r.out[1]).toMatch(/^solved: sum of costs \d+, makespan \d+, lower bound \d+ \(\+\d+\.\d\d%\); plan checked valid$/);
    expect(r.out[2]).toMatch(/^first plan after \d+ ms: sum of costs \d+ \(\+\d+\.\d\d%\); \d+ plans? found; sum of loss \d+, proven optimal in sum of loss$/);
    expect(r.out[3]).toMatch(/^\d+ configurations, \d+ constraints tried; [\d.]+ ms$/);
    const stopped = await run('fleet', '--map', dataFile('mapf/random-32-32-20.map'), '--scen', dataFile('mapf/random-32-32-20-random-1.scen'), '--agents', '60', '--solver', 'lacam', '--time-limit', '1');
    expect(stopped.code).toBe(0);
    expect(stopped.out[1]).toMatch(/^solved, stopped by max-millis: sum of costs \d+.*plan checked valid$/);
    expect(stopped.out[2]).toMatch(/the best found when the time budget ran out$/);
  });

  test('two agents swapping the ends of a corridor: unsolvable, exit 1, for both solvers', async () => {
    for (const solver of ['prioritized', 'cbs']) {
      const r = await run('fleet', '--map', map, '--scen', scen, '--agents', '2', '--solver', solver);
      expect(r.code).toBe(1);
      expect(r.out[1]).toBe('not solved (unreachable): no joint moves of the 2 agents bring them all to their goals (searched all 25 joint positions); lower bound 8');
      const j = JSON.parse((await run('fleet', '--map', map, '--scen', scen, '--agents', '2', '--solver', solver, '--json')).out[0]) as Record;
      expect(j).toMatchObject({ status: 'unreachable', valid: null, paths: null, sumOfCosts: null, lowerBound: 8 });
    }
  });

  test('mistakes are one-line refusals with exit 2', async () => {
    const m = dataFile('mapf/random-32-32-20.map'), s = dataFile('mapf/random-32-32-20-random-1.scen');
    for (const [argv, msg] of [
      [['fleet', '--map', m, '--scen', s, '--agents', '410'], /--agents 410 asks for more agents than .*random-32-32-20-random-1\.scen has \(409 rows\)/],
      [['fleet', '--map', m, '--scen', s, '--agents', '0'], /--agents must be a decimal integer from 1 to 100000, got "0"/],
      [['fleet', '--map', m, '--scen', s, '--agents', '3', '--solver', 'astar'], /--solver/],
      [['fleet', '--map', m, '--scen', s, '--agents', '3', '--max-ms', '-1'], /--max-ms must be a decimal number from 0 to 86400000/],
      [['fleet', '--map', dataFile('mapf/room-32-32-4.map'), '--scen', s, '--agents', '3'], /names map "random-32-32-20\.map", but --map is/],
      [['fleet', '--map', m, '--scen', join(dir, 'none.scen'), '--agents', '3'], /cannot read --scen .*none\.scen: no such file/],
      [['fleet', '--scen', s, '--agents', '3'], /--map/],
      [['fleet', '--map', m, '--scen', s, '--agents', '3', '--time-limit', '1', '--max-ms', '5'], /--time-limit and --max-ms both set the time limit; give one/],
      [['fleet', '--map', m, '--scen', s, '--agents', '3', '--time-limit', 'x'], /--time-limit must be a decimal number from 0 to 86400/],
      [['fleet', '--map', m, '--scen', s, '--agents', '3', '--seed', '-1'], /--seed must be a decimal integer from 0 to 4294967295/],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out).toEqual([]);
      expect(r.err.length).toBe(1);
      expect(r.err[0]).toMatch(msg);
    }
  });
});

test('fleet draws its progress on a terminal only: agents planned for prioritized planning, agents on their goals for PIBT, the time limit used for CBS and LaCAM', async () => {
  const { collect } = await import('../../support/cli-io.js');
  const { main } = await import('../../../cli/main.js');
  const map = dataFile('mapf/room-32-32-4.map'), scen = dataFile('mapf/room-32-32-4-random-1.scen');
  const tty = collect({ tty: true });
  expect(await main(['fleet', '--map', map, '--scen', scen, '--agents', '12'], tty.io)).toBe(0);
  expect(tty.status.filter((l) => l !== '').every((l) => /^agents planned \[#* *\] \d+\/12$/.test(l)), tty.status.join('\n')).toBe(true);
  expect(tty.status).toContain(`agents planned [${'#'.repeat(30)}] 12/12`);
  expect(tty.status[tty.status.length - 1]).toBe('');
  const cbsTty = collect({ tty: true });
  expect(await main(['fleet', '--map', map, '--scen', scen, '--agents', '10', '--solver', 'cbs', '--max-ms', '20000'], cbsTty.io)).toBe(0);
  expect(cbsTty.status.filter((l) => l !== '').every((l) => /^searching, ms of the time limit \[#* *\] \d+\/20000$/.test(l)), cbsTty.status.join('\n')).toBe(true);
  expect(cbsTty.status[cbsTty.status.length - 1]).toBe('');
  // PIBT: agents on their goals; LaCAM: the time limit it improves its plan within.
  const pibtTty = collect({ tty: true });
  expect(await main(['fleet', '--map', map, '--scen', scen, '--agents', '12', '--solver', 'pibt'], pibtTty.io)).toBe(0);
  expect(pibtTty.status.filter((l) => l !== '').every((l) => /^agents on their goals \[#* *\] \d+\/12$/.test(l)), pibtTty.status.join('\n')).toBe(true);
  expect(pibtTty.status.length).toBeGreaterThan(1);
  const lacamTty = collect({ tty: true });
  expect(await main(['fleet', '--map', map, '--scen', scen, '--agents', '40', '--solver', 'lacam', '--time-limit', '1'], lacamTty.io)).toBe(0);
  expect(lacamTty.status.filter((l) => l !== '').every((l) => /^searching, ms of the time limit \[#* *\] \d+\/1000$/.test(l)), lacamTty.status.join('\n')).toBe(true);
  expect(lacamTty.status.length).toBeGreaterThan(1);
  expect(lacamTty.status[lacamTty.status.length - 1]).toBe('');
  const pipe = collect();
  expect(await main(['fleet', '--map', map, '--scen', scen, '--agents', '12'], pipe.io)).toBe(0);
  expect(pipe.status).toEqual([]);
});

describe('fleet --lifelong', () => {
  const W = dataFile('mapf/warehouse-10-20-10-2-1.map');
  interface Lifelong { agents: number; steps: number; solver: string; status: string; valid: boolean | null; stepsRun: number; tasksDone: number; goalsReached: number; throughput: number; planMs: { mean: number; p95: number; max: number }; stations: { pick: number; shelf: number; drop: number }; windows?: { planned: number; fellBack: number } }

  test('text output: the run, the stations, the counts with the check, the planning time per step (exit 0)', async () => {
    const r = await run('fleet', '--lifelong', '--map', W, '--agents', '100', '--steps', '200', '--seed', '5');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toMatch(/^map .*warehouse-10-20-10-2-1\.map \(161 x 63\), lifelong: 100 robots at seeded cells, 200 steps, solver pibt, seed 5$/);
    expect(r.out[1]).toBe('stations read off the map: 61 pick (left column), 2540 shelf spots, 61 drop (right column)');
    expect(r.out[2]).toMatch(/^200 steps: \d+ tasks done \(\d+ goals reached\), throughput \d+\.\d\d tasks per 100 steps; every step checked valid$/);
    expect(r.out[3]).toMatch(/^planning per step: mean [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms; setup \(the stations' distances\) \d+ ms; \d+ ms in all$/);
    expect(r.out.length).toBe(4);
  });

  test('the JSON record: every step checked, the counts those of the library\'s run with that seed; LaCAM\'s windows counted', async () => {
    const { lifelong } = await import('#bestfirst/mapf');
    const grid = parseMap(readFileSync(W, 'utf8'));
    const r = await run('fleet', '--lifelong', '--map', W, '--agents', '150', '--steps', '120', '--seed', '9', '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const rec = JSON.parse(r.out[0]) as Lifelong;
    expect(rec).toMatchObject({ agents: 150, steps: 120, solver: 'pibt', status: 'found', valid: true, stepsRun: 120, stations: { pick: 61, shelf: 2540, drop: 61 } });
    const lib = lifelong(grid, { agents: 150, steps: 120, seed: 9 });
    expect([rec.tasksDone, rec.goalsReached]).toEqual([lib.tasksDone, lib.goalsReached]);
    expect(rec.goalsReached).toBeGreaterThan(0);
    const la = JSON.parse((await run('fleet', '--lifelong', '--map', W, '--agents', '20', '--steps', '20', '--solver', 'lacam', '--window', '4', '--json')).out[0]) as Lifelong;
    expect(la).toMatchObject({ solver: 'lacam', valid: true, stepsRun: 20 });
    expect(la.windows!.planned + la.windows!.fellBack).toBe(5);
  });

  test('a time limit ends the run early, said so, and the steps run are still checked (exit 0)', async () => {
    const r = await run('fleet', '--lifelong', '--map', W, '--agents', '50', '--steps', '100000', '--max-ms', '300');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[2]).toMatch(/^stopped by max-millis after \d+ of 100000 steps: \d+ tasks done .*; every step checked valid$/);
    // Past 20,000,000 robot-steps asked for, the positions are not kept, and the output says the steps went unchecked.
    const long = await run('fleet', '--lifelong', '--map', W, '--agents', '50', '--steps', '1000000', '--max-ms', '300');
    expect(long.out[2]).toMatch(/^stopped by max-millis after \d+ of 1000000 steps: .*; steps not checked \(over 20000000 robot-steps\)$/);
  });

  test('progress on a terminal: the steps run', async () => {
    const { collect } = await import('../../support/cli-io.js');
    const { main } = await import('../../../cli/main.js');
    const tty = collect({ tty: true });
    expect(await main(['fleet', '--lifelong', '--map', W, '--agents', '10', '--steps', '60'], tty.io)).toBe(0);
    expect(tty.status.filter((l) => l !== '').every((l) => /^steps \[#* *\] \d+\/60$/.test(l)), tty.status.join('\n')).toBe(true);
    expect(tty.status).toContain(`steps [${'#'.repeat(30)}] 60/60`);
    expect(tty.status[tty.status.length - 1]).toBe('');
  });

  test('mistakes are one-line refusals with exit 2', async () => {
    const s = dataFile('mapf/warehouse-10-20-10-2-1-random-1.scen');
    for (const [argv, msg] of [
      [['--lifelong', '--map', W, '--agents', '5', '--steps', '5', '--solver', 'cbs'], /--lifelong plans with --solver pibt or lacam, got --solver cbs/],
      [['--lifelong', '--map', W, '--agents', '5'], /--lifelong needs --steps N/],
      [['--lifelong', '--map', W, '--agents', '5', '--steps', '5', '--scen', s], /--scen is for planning a scenario file/],
      [['--lifelong', '--map', W, '--agents', '5', '--steps', '5', '--window', '3'], /--window is the replanning window of --solver lacam/],
      [['--lifelong', '--map', W, '--agents', '99999', '--steps', '5'], /99999 robots do not fit on the \d+ free cells the stations reach/],
      [['--map', W, '--agents', '5'], /--scen is required \(or --lifelong\)/],
      [['--map', W, '--scen', s, '--agents', '5', '--steps', '5'], /--steps is for --lifelong/],
      [['--lifelong', '--map', dataFile('mapf/empty-16-16.map'), '--agents', '5', '--steps', '5'], /no shelf spot/],
    ] as const) {
      const r = await run('fleet', ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out).toEqual([]);
      expect(r.err.length).toBe(1);
      expect(r.err[0]).toMatch(msg);
    }
  });
});
