// The fleet sweep: scenario files x agent counts x seeds as rows. In-process
// (the TypeScript source plans the rows on this thread): shards 1/4 ... 4/4
// merged are the whole sweep, byte for byte; a run cut short and resumed
// ends as the whole; each row is the plan `fleet` makes of that one instance
// alone, checked here again by the plan checker; mistakes are refused with
// exit 2. In child processes (dist/, as a worker thread runs only built
// code): --workers 2 prints what --workers 1 prints, and a run killed with
// SIGKILL partway and resumed ends as the uninterrupted one; the Slurm
// array script of docs/cluster/, run once per task id, merges to the whole.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { checkMapfPlan } from '#bestfirst/mapf';
import { parseMap, parseScen } from '#bestfirst/io';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { killPartway } from '../../support/kill-partway.js';
import { fakeNpx } from '../../support/fake-npx.js';
import { runArrayTasks } from '../../support/slurm-array.js';
import { collect } from '../../support/cli-io.js';
import { run } from '../../support/cli-run.js';
import { dataFile } from '../../support/data.js';
import { main } from '../../../cli/main.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin/bestfirst.js');
const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-fleet-sweep-'));
const at = (name: string) => join(DIR, name);
const MAP = dataFile('mapf/room-32-32-4.map');
const SCENS = [1, 2].map((i) => dataFile(`mapf/room-32-32-4-random-${i}.scen`));
// 2 files x 2 counts x 2 seeds = 8 rows, each a LaCAM* plan improved within a budget of expansions: the same on every machine.
const SWEEP = ['fleet', '--map', MAP, '--scen', ...SCENS, '--agents', '6,12', '--seed', '0,1', '--solver', 'lacam', '--max-expansions', '1500', '--no-times'];

function bestfirst(...argv: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('a sweep prints its title, a row per file, count and seed in row order, and the solved share per count; each row is fleet on that instance alone, its plan valid', async () => {
  const whole = await run(...SWEEP);
  expect(whole.code, whole.err.join('\n')).toBe(0);
  expect(whole.err).toEqual([]);
  expect(whole.out[0]).toMatch(/^fleet sweep: map .*room-32-32-4\.map \(32 x 32\), solver lacam \(improving its plans within the expansion budget\), expansion budget 1500, no time limit; 2 scenario files x 2 agent counts \(6, 12\) x 2 seeds \(0, 1\) = 8 rows$/);
  const order = whole.out.slice(1, 9).map((l) => /^.*random-(\d)\.scen, (\d+) agents, seed (\d): solved/.exec(l)?.slice(1).join(' '));
  expect(order).toEqual(['1 6 0', '1 6 1', '1 12 0', '1 12 1', '2 6 0', '2 6 1', '2 12 0', '2 12 1']);
  expect(whole.out.slice(9)).toEqual([
    expect.stringMatching(/^agents 6: solved 4 of 4 \(100\.0%\); sum of costs \/ lower bound: mean 1\.\d{4}, worst 1\.\d{4}$/),
    expect.stringMatching(/^agents 12: solved 4 of 4 \(100\.0%\); sum of costs \/ lower bound: mean 1\.\d{4}, worst 1\.\d{4}$/),
    'rows 8: solved 8, not solved 0, invalid plans 0',
  ]);
  // The records against fleet on one instance (with its paths, checked here by the plan checker).
  const records = await run(...SWEEP, '--json');
  expect(records.err[0]).toBe(whole.out[0]);
  const grid = parseMap(readFileSync(MAP, 'utf8'));
  for (const [i, line] of records.out.entries()) {
    const rec = JSON.parse(line) as { scen: string; agents: number; seed: number; sumOfCosts: number; makespan: number; lowerBound: number; plansFound: number; elapsedMs?: number };
    expect(rec.elapsedMs).toBeUndefined();
    const one = await run('fleet', '--map', MAP, '--scen', rec.scen, '--agents', String(rec.agents), '--seed', String(rec.seed), '--solver', 'lacam', '--max-expansions', '1500', '--json');
    const single = JSON.parse(one.out[0]) as typeof rec & { paths: [number, number][][]; valid: boolean };
    expect([rec.sumOfCosts, rec.makespan, rec.lowerBound, rec.plansFound], `row ${i}`).toEqual([single.sumOfCosts, single.makespan, single.lowerBound, single.plansFound]);
    const tasks = parseScen(readFileSync(rec.scen, 'utf8')).slice(0, rec.agents).map((s) => ({ start: grid.id(s.startX, s.startY), goal: grid.id(s.goalX, s.goalY) }));
    expect(checkMapfPlan(grid, tasks, single.paths.map((p) => p.map(([x, y]) => grid.id(x, y))))).toMatchObject({ ok: true, sumOfCosts: rec.sumOfCosts, makespan: rec.makespan });
  }
});

test('shards 1/4 ... 4/4 merged (in any order) are the whole sweep, byte for byte, as text and as --json; the joined file is the whole run\'s', async () => {
  for (const json of [false, true]) {
    const mode = json ? ['--json'] : [];
    const whole = await run(...SWEEP, ...mode, '--jsonl', at(`whole-${json}.jsonl`));
    expect(whole.code).toBe(0);
    const files: string[] = [];
    for (const k of [1, 2, 3, 4]) {
      files.push(at(`shard-${k}-${json}.jsonl`));
      const part = await run(...SWEEP, ...mode, '--shard', `${k}/4`, '--jsonl', files[k - 1]);
      expect(part.code).toBe(0);
      expect(json ? part.err[0] : part.out[0]).toMatch(new RegExp(`; shard ${k}/4: rows ${2 * k - 2} to ${2 * k - 1}$`));
      // A shard's own summary names only the counts it planned.
      const summary = (json ? part.err : part.out).filter((l) => l.startsWith('agents '));
      expect(summary).toEqual([expect.stringMatching(new RegExp(`^agents ${k % 2 === 1 ? 6 : 12}: solved 2 of 2 \\(100\\.0%\\)`))]);
    }
    const merged = await run('merge', files[3], files[1], files[0], files[2], ...mode, '--jsonl', at(`merged-${json}.jsonl`));
    expect(merged).toEqual(whole);
    expect(readFileSync(at(`merged-${json}.jsonl`), 'utf8')).toBe(readFileSync(at(`whole-${json}.jsonl`), 'utf8'));
  }
});

test('a results file cut partway (a killed run: whole rows, then half a line) and resumed ends as the uninterrupted run: the same file, the same report', async () => {
  const whole = await run(...SWEEP, '--jsonl', at('uncut.jsonl'));
  const text = readFileSync(at('uncut.jsonl'), 'utf8');
  const lines = text.split('\n');
  // The header and three rows, then the start of the fourth.
  writeFileSync(at('cut.jsonl'), `${lines.slice(0, 4).join('\n')}\n${lines[4].slice(0, 20)}`);
  const resumed = await run(...SWEEP, '--resume', at('cut.jsonl'));
  expect(resumed.code).toBe(0);
  expect(resumed.err).toEqual([`fleet: resuming ${at('cut.jsonl')}: 3 of 8 rows there already (a cut last line dropped), 5 to run`]);
  expect(resumed.out).toEqual(whole.out);
  expect(readFileSync(at('cut.jsonl'), 'utf8')).toBe(text);
  // A file not there yet is started: a retried job runs the same line.
  const fresh = await run(...SWEEP, '--resume', at('not-yet.jsonl'));
  expect(fresh.out).toEqual(whole.out);
  expect(readFileSync(at('not-yet.jsonl'), 'utf8')).toBe(text);
});

test('under a time limit alone: the rows the clock ended are counted, and said on stderr (exit 0: rows not solved are data); LaCAM* gives its first plan', async () => {
  const r = await run('fleet', '--map', MAP, '--scen', SCENS[0], '--agents', '6,12', '--solver', 'pibt', '--max-ms', '0', '--no-times');
  expect(r.code).toBe(0);
  expect(r.out.slice(1)).toEqual([
    expect.stringMatching(/random-1\.scen, 6 agents, seed 0: not solved \(stopped, max-millis\), lower bound \d+; 0 steps, 0 agent moves tried$/),
    expect.stringMatching(/random-1\.scen, 12 agents, seed 0: not solved \(stopped, max-millis\), lower bound \d+; 0 steps, 0 agent moves tried$/),
    'agents 6: solved 0 of 1 (0.0%)', 'agents 12: solved 0 of 1 (0.0%)', 'rows 2: solved 0, not solved 2 (2 stopped by max-millis), invalid plans 0',
  ]);
  expect(r.err).toEqual(['fleet: 2 rows ended by the time limit: what they found depends on the machine and its load; --max-expansions N sets a budget that ends alike on every machine']);
  const first = await run('fleet', '--map', MAP, '--scen', SCENS[0], '--agents', '6,12', '--solver', 'lacam', '--time-limit', '60', '--json', '--no-times');
  expect(first.code).toBe(0);
  expect(first.err[0]).toMatch(/, solver lacam \(first plans\), time limit 60000 ms; /);
  for (const l of first.out) expect(JSON.parse(l)).toMatchObject({ status: 'found', valid: true, plansFound: 1, detail: 'anytime is off: the first plan found' });
});

test('the progress of a sweep is drawn on a terminal only: rows done of the rows to run, with the pace', async () => {
  const tty = collect({ tty: true });
  expect(await main([...SWEEP, '--shard', '1/2'], tty.io)).toBe(0);
  const drawn = tty.status.filter((l) => l !== '');
  expect(drawn.length).toBeGreaterThan(0);
  for (const l of drawn) expect(l).toMatch(/^\[#* *\] \d\/4(, [\d.]+ rows\/s, \d+:\d\d left)?$/);
  expect(tty.status.at(-1)).toBe('');
  const pipe = collect();
  expect(await main([...SWEEP, '--shard', '1/2'], pipe.io)).toBe(0);
  expect(pipe.status).toEqual([]);
});

test('mistakes in a sweep are one-line refusals with exit 2, before any row is planned', async () => {
  const [a, b] = SCENS;
  await run(...SWEEP, '--shard', '1/2', '--jsonl', at('half.jsonl'));
  await run('scen', dataFile('movingai/dao/den312d.map.scen'), '--no-times', '--shard', '2/2', '--jsonl', at('scen-half.jsonl'));
  const other = ['fleet', '--map', MAP, '--scen', a, '--agents', '6,12', '--solver', 'lacam', '--max-expansions', '1500', '--no-times'];
  await run(...other, '--shard', '2/2', '--jsonl', at('other-half.jsonl'));
  writeFileSync(at('cut-half.jsonl'), readFileSync(at('half.jsonl'), 'utf8').split('\n').slice(0, 3).join('\n'));
  const cases: [string[], RegExp | string][] = [
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,x'], '--agents "6,x": each value must be a decimal integer from 1 to 100000, got "x"'],
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,0'], '--agents "6,0": each value must be a decimal integer from 1 to 100000, got "0"'],
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,12,6'], '--agents "6,12,6": 6 is given twice'],
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,', '--no-times'], '--agents "6,": each value must be a decimal integer from 1 to 100000, got ""'],
    [['fleet', '--map', MAP, '--scen', a, b, '--agents', '6,500'], /^--agents 500 asks for more agents than .*room-32-32-4-random-1\.scen has \(\d+ rows\)$/],
    [['fleet', '--map', MAP, '--scen', a, at('none.scen'), '--agents', '6,12'], /^cannot read --scen .*none\.scen: no such file/],
    [['fleet', '--map', MAP, a, '--agents', '6,12'], /^the scenario file ".*room-32-32-4-random-1\.scen" follows no --scen: give --scen FILE\.scen \[FILE\.scen\.\.\.\]$/],
    [['fleet', '--map', MAP, '--scen', a, a, '--agents', '6'], /^the scenario file .*random-1\.scen is given twice; give each once$/],
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,12', '--seed', '0,1'], '--seed 0,1 sweeps the tie-breaks of pibt, lacam and cbs\'s fallback; prioritized planning has none (give one seed)'],
    [['fleet', '--map', MAP, '--scen', a, '--agents', '6,12', '--svg', at('x.svg')], '--svg draws one plan, and a sweep plans many: run fleet on one scenario file, count and seed to draw its plan'],
    [['fleet', '--lifelong', '--map', MAP, '--agents', '6,12', '--steps', '5'], '--agents 6,12 is for planning scenario files; --lifelong runs one count of robots with one seed'],
    [['fleet', '--lifelong', '--map', MAP, '--agents', '6', '--steps', '5', '--workers', '2'], '--workers is for planning scenario files; --lifelong runs one count of robots with one seed'],
    [[...SWEEP, '--jsonl', at('a.jsonl'), '--resume', at('b.jsonl')], /^--resume .*b\.jsonl goes on writing that file; give it without --jsonl$/],
    [[...SWEEP, '--workers', '0'], '--workers must be a decimal integer from 1 to 1024, got "0"'],
    [[...SWEEP, '--max-expansions', '-1'], /--max-expansions/],
    [[...SWEEP.map((x) => (x === '0,1' ? '0,2' : x)), '--shard', '1/2', '--resume', at('half.jsonl')],
      /^--resume .*half\.jsonl is the results of another run, of another seeds: \[0,1\], this run's \[0,2\]; resume a run with its own command line, or start a new file with --jsonl$/],
    [['merge', at('half.jsonl'), at('scen-half.jsonl')], /^.*scen-half\.jsonl holds the results of bestfirst scen and .*half\.jsonl those of bestfirst fleet; merge joins the shards of one run$/],
    [['merge', at('half.jsonl'), at('other-half.jsonl')], /^.*other-half\.jsonl is of another run than .*half\.jsonl \(scens .* against .*\); merge joins the shards of one run$/],
    [['merge', at('half.jsonl')], /^shard 2\/2 of the sweep on .*room-32-32-4\.map is missing: give every shard's file \(2 in all\)$/],
    [['merge', at('cut-half.jsonl'), at('half.jsonl')], /^shard 1\/2 is given twice/],
  ];
  for (const [argv, message] of cases) {
    const r = await run(...argv);
    expect({ code: r.code, out: r.out, n: r.err.length }, argv.join(' ')).toEqual({ code: 2, out: [], n: 1 });
    // Every line is `bestfirst COMMAND: ` and the message.
    expect(r.err[0].startsWith(`bestfirst ${argv[0]}: `), r.err[0]).toBe(true);
    const said = r.err[0].slice(`bestfirst ${argv[0]}: `.length);
    if (typeof message === 'string') expect(said).toBe(message);
    else expect(said).toMatch(message);
  }
});

test('--workers 2 prints what --workers 1 prints, row for row (text and --json), and a sweep killed with SIGKILL partway and resumed ends as the uninterrupted one', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  for (const argv of [SWEEP, ['fleet', '--map', MAP, '--scen', ...SCENS, '--agents', '4,10', '--solver', 'cbs', '--max-expansions', '4000', '--no-times', '--json']]) {
    const one = bestfirst(...argv, '--workers', '1'), two = bestfirst(...argv, '--workers', '2');
    expect(one.code, one.err).toBe(0);
    expect(two).toEqual(one);
  }
  // Killed while writing its third row: the file keeps two rows and a cut line.
  const file = at('killed.jsonl');
  await killPartway(BIN, [...SWEEP, '--workers', '2', '--jsonl', file], ROOT, file, 2);
  const resumed = bestfirst(...SWEEP, '--workers', '2', '--resume', file);
  expect(resumed.code).toBe(0);
  expect(resumed.err).toMatch(/^fleet: resuming .*killed\.jsonl: 2 of 8 rows there already \(a cut last line dropped\), 6 to run\n$/);
  // The uninterrupted run, on this thread (in-process: no process to start).
  const whole = await run(...SWEEP, '--jsonl', at('unkilled.jsonl'));
  expect(resumed.out).toBe(`${whole.out.join('\n')}\n`);
  expect(readFileSync(file, 'utf8')).toBe(readFileSync(at('unkilled.jsonl'), 'utf8'));
}, 120_000);

test('docs/cluster/fleet-sweep.sbatch: tasks 1..N as N processes (smaller counts and budget), merged as its comment says, equal the whole sweep', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const script = join(ROOT, 'docs/cluster/fleet-sweep.sbatch');
  const text = readFileSync(script, 'utf8');
  const array = /^#SBATCH --array=1-(\d+)$/m.exec(text);
  expect(array, 'an #SBATCH --array=1-N line').not.toBeNull();
  const n = Number(array![1]);
  const merge = /^#\s+(npx bestfirst merge .*)$/m.exec(text);
  expect(merge, 'the script says how to merge').not.toBeNull();
  const results = mkdtempSync(join(tmpdir(), 'bestfirst-fleet-slurm-'));
  const env = { ...process.env, RESULTS: results, PATH: `${fakeNpx()}:${process.env.PATH}`, AGENTS: '4,8', BUDGET: '400', SLURM_ARRAY_TASK_COUNT: String(n) };
  const tasks = await runArrayTasks(script, n, ROOT, env);
  for (const t of tasks) expect(t.code, t.err).toBe(0);
  const merged = spawnSync('sh', ['-c', merge![1]], { cwd: ROOT, env, encoding: 'utf8' });
  const scens = [1, 2, 3, 4].map((i) => `data/mapf/random-32-32-20-random-${i}.scen`);
  const whole = bestfirst('fleet', '--map', 'data/mapf/random-32-32-20.map', '--scen', ...scens, '--agents', '4,8', '--solver', 'lacam', '--max-expansions', '400', '--no-times');
  expect(whole.code, whole.err).toBe(0);
  expect({ code: merged.status, out: merged.stdout, err: merged.stderr }).toEqual({ code: 0, out: whole.out, err: '' });
  expect(whole.out.trim().split('\n')).toHaveLength(1 + 8 + 3);
}, 120_000);
