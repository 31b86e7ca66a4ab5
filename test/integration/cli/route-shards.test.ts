// route --pairs cut into shards, streamed to --jsonl files, resumed and
// merged, as scen's rows are. In-process (the TypeScript source answers the
// pairs on this thread): shards 1/4 ... 4/4 merged in any order are the whole
// run, byte for byte (text and --json), and with times the same report but
// for the times; a results file cut partway and resumed ends as the
// uninterrupted run; mistakes are refused with exit 2. In child processes
// (dist/, as a worker thread runs only built code): --workers 2 prints and
// writes what --workers 1 does, and a run killed with SIGKILL partway, then
// resumed, ends as the uninterrupted one; the Slurm array script of
// docs/cluster/, run once per task id, merges to the whole batch.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { killPartway } from '../../support/kill-partway.js';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { fakeNpx } from '../../support/fake-npx.js';
import { runArrayTasks } from '../../support/slurm-array.js';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { run } from '../../support/cli-run.js';
import { dataFile } from '../../support/data.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin/bestfirst.js');
const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-route-shards-'));
const at = (name: string) => join(DIR, name);
const F = writeFixtures();
const GR = dataFile('dimacs/amsterdam-centre.gr'), CO = dataFile('dimacs/amsterdam-centre.co');

/** `count` pairs of the graph's 792 nodes, drawn by a fixed linear congruential generator, written to `name`. */
function pairsFile(name: string, count: number, seed: number): string {
  let x = seed;
  const id = () => { x = (x * 1103515245 + 12345) % 2147483648; return 1 + (x % 792); };
  writeFileSync(at(name), `# from to\n${Array.from({ length: count }, () => `${id()} ${id()}`).join('\n')}\n`);
  return at(name);
}

const PAIRS = pairsFile('pairs.txt', 600, 20261206);
const ROUTE = ['route', '--gr', GR, '--co', CO, '--pairs', PAIRS, '--algo', 'astar', '--no-times'];

function bestfirst(...argv: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('shards 1/4 ... 4/4 merged (in any order) are the whole run, byte for byte, as text and as --json; the joined file is the whole run\'s', async () => {
  for (const json of [false, true]) {
    const mode = json ? ['--json'] : [];
    const whole = await run(...ROUTE, ...mode, '--jsonl', at(`whole-${json}.jsonl`));
    expect(whole.code, whole.err.join('\n')).toBe(0);
    expect(whole.out).toHaveLength(json ? 600 : 1 + 600 + 2);
    const files: string[] = [];
    for (const k of [1, 2, 3, 4]) {
      files.push(at(`shard-${k}-${json}.jsonl`));
      const part = await run(...ROUTE, ...mode, '--shard', `${k}/4`, '--jsonl', files[k - 1]);
      expect(part.code).toBe(0);
      expect(json ? part.err[0] : part.out[0]).toMatch(new RegExp(`, 600 pairs from .*pairs\\.txt; shard ${k}/4: pairs ${(k - 1) * 150} to ${k * 150 - 1}$`));
      // A shard's own summary counts its own pairs.
      expect((json ? part.err : part.out).filter((l) => l.startsWith('pairs '))).toEqual([expect.stringMatching(/^pairs 150: found \d+, unreachable \d+$/)]);
    }
    const merged = await run('merge', files[2], files[0], files[3], files[1], ...mode, '--jsonl', at(`merged-${json}.jsonl`));
    expect(merged).toEqual(whole);
    expect(readFileSync(at(`merged-${json}.jsonl`), 'utf8')).toBe(readFileSync(at(`whole-${json}.jsonl`), 'utf8'));
  }
});

test('every status goes through a results file and back: Bellman-Ford\'s negative cycles and unreachable goals, counted by rounds; an empty shard merges too', async () => {
  // Node 2 and 3 make a cycle of cost -1, which 1 reaches; 4 reaches nothing.
  const gr = at('cycle.gr');
  writeFileSync(gr, 'p sp 4 4\na 1 2 1\na 2 3 -2\na 3 2 1\na 1 4 5\n');
  const pairs = at('cycle-pairs.txt');
  writeFileSync(pairs, '1 3\n4 1\n3 2\n');
  const argv = ['route', '--gr', gr, '--pairs', pairs, '--algo', 'bellman-ford', '--no-times'];
  for (const mode of [[], ['--json']]) {
    const whole = await run(...argv, ...mode);
    expect(whole.code).toBe(0);
    // 3 pairs in 4 slices: shard 1/4 holds none.
    const files = [1, 2, 3, 4].map((k) => at(`cycle-${k}-${mode.length}.jsonl`));
    for (const [i, f] of files.entries()) expect((await run(...argv, ...mode, '--shard', `${i + 1}/4`, '--jsonl', f)).code).toBe(0);
    expect(await run('merge', ...files, ...mode)).toEqual(whole);
  }
  const text = await run(...argv);
  expect(text.out.slice(1)).toEqual([
    '1 -> 3: no cheapest path, a negative cycle is reachable from 1; 4 rounds over every arc',
    '4 -> 1: no path (unreachable), 1 rounds over every arc',
    // A cycle is told by a round that still relaxes an arc after |V| - 1 of them: round 4 of 4 nodes.
    '3 -> 2: no cheapest path, a negative cycle is reachable from 3; 4 rounds over every arc',
    'pairs 3: found 0, unreachable 1, negative cycle 2', 'rounds per pair: mean 3.0',
  ]);
  expect((await run(...argv, '--shard', '1/4')).out).toEqual([expect.stringMatching(/; shard 1\/4: no pairs$/), 'pairs 0 (no pairs to run)']);
});

test('with times: the merged report is the whole run\'s but for the times, the hierarchy built or loaded from --ch said as each shard made it', async () => {
  const ch = at('amsterdam.ch');
  expect((await run('preprocess', '--gr', GR, '--out', ch)).code).toBe(0);
  const argv = ['route', '--gr', GR, '--pairs', PAIRS, '--algo', 'ch'];
  const whole = await run(...argv);
  expect(whole.code).toBe(0);
  const files = [at('ch-1.jsonl'), at('ch-2.jsonl')];
  expect((await run(...argv, '--shard', '1/2', '--jsonl', files[0])).code).toBe(0);
  expect((await run(...argv, '--ch', ch, '--shard', '2/2', '--jsonl', files[1])).code).toBe(0);
  const merged = await run('merge', ...files);
  expect(merged.code).toBe(0);
  const digits = (lines: string[]) => lines.map((l) => l.replace(/\d+\.\d/g, 'T'));
  const hierarchy = /^hierarchy built in [\d.]+ ms: (\d+) shortcuts, [\d.]+ MB$/.exec(whole.out[1]);
  expect(hierarchy).not.toBeNull();
  // The shards' build and load, each said once; then the same pairs and summary lines as the whole run, times aside.
  expect(merged.out.slice(0, 3)).toEqual([whole.out[0], expect.stringMatching(/^hierarchy built in [\d.]+ ms: /), `hierarchy loaded from ${ch} in ${/[\d.]+/.exec(merged.out[2].slice(`hierarchy loaded from ${ch} in `.length))![0]} ms: ${hierarchy![1]} shortcuts, 0.1 MB`]);
  expect(digits(merged.out.slice(3))).toEqual(digits(whole.out.slice(2)));
  expect(merged.out.at(-2)).toMatch(/^microseconds per pair: median [\d.]+, mean [\d.]+$/);
  // Resumed with times against a file without them, and the other way: refused.
  expect((await run(...argv, '--no-times', '--shard', '1/2', '--resume', files[0])).err).toEqual([`bestfirst route: --resume ${files[0]} was written with times, this run is without (--no-times): give the same option`]);
});

test('a results file cut partway (a kill mid-line) and resumed ends as the uninterrupted run: the same file, the same report; resumed again, nothing runs', async () => {
  const whole = await run(...ROUTE, '--json', '--jsonl', at('uncut.jsonl'));
  const full = readFileSync(at('uncut.jsonl'), 'utf8');
  const lines = full.split('\n');
  // The header, 200 pairs, and the start of the next line.
  writeFileSync(at('cut.jsonl'), `${lines.slice(0, 201).join('\n')}\n${lines[201].slice(0, 30)}`);
  const resumed = await run(...ROUTE, '--json', '--resume', at('cut.jsonl'));
  expect(resumed.code).toBe(0);
  expect(resumed.out).toEqual(whole.out);
  expect(resumed.err).toEqual([whole.err[0], `route: resuming ${at('cut.jsonl')}: 200 of 600 pairs there already (a cut last line dropped), 400 to run`, ...whole.err.slice(1)]);
  expect(readFileSync(at('cut.jsonl'), 'utf8')).toBe(full);
  const again = await run(...ROUTE, '--json', '--resume', at('cut.jsonl'));
  expect(again.out).toEqual(whole.out);
  expect(again.err[1]).toBe(`route: resuming ${at('cut.jsonl')}: 600 of 600 pairs there already, 0 to run`);
  // A file not there yet is started: a retried job runs the same line.
  expect((await run(...ROUTE, '--json', '--resume', at('not-yet.jsonl'))).out).toEqual(whole.out);
  expect(readFileSync(at('not-yet.jsonl'), 'utf8')).toBe(full);
});

test('mistakes are one-line refusals with exit 2 before any output: the batch options without --pairs, results files of another run, merges that are not one whole run', async () => {
  const half = [at('half-1.jsonl'), at('half-2.jsonl')];
  for (const [i, f] of half.entries()) await run(...ROUTE, '--shard', `${i + 1}/2`, '--jsonl', f);
  await run(...ROUTE.map((x) => (x === 'astar' ? 'dijkstra' : x)), '--shard', '2/2', '--jsonl', at('other-algo.jsonl'));
  await run('scen', dataFile('movingai/dao/den312d.map.scen'), '--no-times', '--shard', '2/2', '--jsonl', at('scen-half.jsonl'));
  // The same pairs file's name, with one pair edited.
  const edited = at('edited/pairs.txt');
  const original = readFileSync(PAIRS, 'utf8');
  const moved = original.replace(/\n(\d+) /, (_m, a: string) => `\n${a === '1' ? 2 : 1} `);
  mkdirSync(at('edited'));
  writeFileSync(edited, moved);
  const text = readFileSync(half[1], 'utf8');
  writeFileSync(at('half-2-cut.jsonl'), text.slice(0, text.length - 500));
  const kept = text.slice(0, text.length - 500).split('\n').length - 2;
  // A header without the pairs file's name, and one of a command merge does not join.
  const [head, ...rest] = readFileSync(half[0], 'utf8').split('\n');
  const header = JSON.parse(head) as { run: Record<string, unknown> };
  writeFileSync(at('no-pairs.jsonl'), [JSON.stringify({ ...header, run: { ...header.run, pairs: undefined } }), ...rest].join('\n'));
  writeFileSync(at('plan.jsonl'), [JSON.stringify({ ...header, bestfirst: 'plan' }), ...rest].join('\n'));
  const cases: [string[], string][] = [
    [['route', '--gr', GR, '--from', '1', '--to', '2', '--shard', '1/2'], 'route: --shard goes with --pairs FILE, a batch of queries'],
    [['route', '--gr', GR, '--from', '1', '--to', '2', '--jsonl', at('x.jsonl')], 'route: --jsonl goes with --pairs FILE, a batch of queries'],
    [['route', '--gr', GR, '--from', '1', '--to', '2', '--resume', at('x.jsonl')], 'route: --resume goes with --pairs FILE, a batch of queries'],
    [[...ROUTE, '--shard', '5/4'], 'route: --shard 5/4: K counts the slices from 1 to N = 4, got K = 5'],
    [[...ROUTE, '--jsonl', at('a.jsonl'), '--resume', at('b.jsonl')], `route: --resume ${at('b.jsonl')} goes on writing that file; give it without --jsonl`],
    [[...ROUTE, '--jsonl', PAIRS], `route: cannot write --jsonl ${PAIRS}: it is one of the files read (${PAIRS})`],
    [[...ROUTE, '--resume', GR], `route: cannot write --resume ${GR}: it is one of the files read (${GR})`],
    [[...ROUTE, '--jsonl', F.folder], `route: cannot write --jsonl ${F.folder}: it is a directory`],
    [[...ROUTE, '--shard', '1/2', '--resume', F.binary], `route: --resume ${F.binary}:1: not a JSON line; expected a results file bestfirst wrote with --jsonl`],
    [[...ROUTE, '--shard', '1/3', '--resume', half[0]], `route: --resume ${half[0]} holds shard 1/2, this run is shard 1/3`],
    [[...ROUTE.map((x) => (x === 'astar' ? 'dijkstra' : x)), '--shard', '1/2', '--resume', half[0]],
      `route: --resume ${half[0]} is the results of another run, of another algo: "astar", this run's "dijkstra"; resume a run with its own command line, or start a new file with --jsonl`],
    [[...ROUTE.map((x) => (x === PAIRS ? edited : x)), '--shard', '1/2', '--resume', half[0]],
      `route: --resume ${half[0]} is the results of another run, of another pairs: ${JSON.stringify(PAIRS)}, this run's ${JSON.stringify(edited)}; resume a run with its own command line, or start a new file with --jsonl`],
    [['merge', half[0]], `merge: shard 2/2 of the pairs of ${PAIRS} is missing: give every shard's file (2 in all)`],
    [['merge', half[0], half[1], half[1]], `merge: shard 2/2 is given twice: ${half[1]} and ${half[1]}`],
    [['merge', half[0], at('other-algo.jsonl')], `merge: ${at('other-algo.jsonl')} is of another run than ${half[0]} (algo "dijkstra" against "astar"); merge joins the shards of one run`],
    [['merge', half[0], at('scen-half.jsonl')], `merge: ${at('scen-half.jsonl')} holds the results of bestfirst scen and ${half[0]} those of bestfirst route; merge joins the shards of one run`],
    [['merge', at('no-pairs.jsonl'), half[1]], `merge: ${at('no-pairs.jsonl')} is not the results of bestfirst scen, a fleet sweep or route --pairs (its header lacks what the report needs); merge joins scen, fleet and route --jsonl files`],
    [['merge', half[0], at('plan.jsonl')], `merge: ${at('plan.jsonl')} is not the results of bestfirst scen, a fleet sweep or route --pairs (its header names bestfirst plan); merge joins scen, fleet and route --jsonl files`],
    [['merge', half[0], at('half-2-cut.jsonl')],
      `merge: ${at('half-2-cut.jsonl')} holds ${kept} of the 300 rows of shard 2/2 and ends in a cut line: its run stopped before the end; finish it with the same route command and --resume ${at('half-2-cut.jsonl')}`],
  ];
  for (const [argv, message] of cases) expect(await run(...argv), argv.join(' ')).toEqual({ code: 2, out: [], err: [`bestfirst ${message}`] });
  // The pairs file edited in place (the same name): its fingerprint tells it apart.
  writeFileSync(at('same-name.txt'), original);
  await run(...ROUTE.map((x) => (x === PAIRS ? at('same-name.txt') : x)), '--jsonl', at('same-name.jsonl'));
  writeFileSync(at('same-name.txt'), moved);
  expect(await run(...ROUTE.map((x) => (x === PAIRS ? at('same-name.txt') : x)), '--resume', at('same-name.jsonl'))).toEqual({ code: 2, out: [], err: [
    `bestfirst route: --resume ${at('same-name.jsonl')} is the results of another run, of another graph or pairs file (or one of them edited, or other --co coordinates for the heuristic): the fingerprints differ; resume a run with its own command line, or start a new file with --jsonl`,
  ] });
});

test('--workers 2 prints and writes what --workers 1 does, and a run killed with SIGKILL partway, then resumed on 2 threads, ends as the uninterrupted run', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  // Bellman-Ford runs on the workers as any search does; 500 pairs are some 32 chunks a thread.
  const many = pairsFile('many.txt', 500, 7);
  const argv = ['route', '--gr', GR, '--pairs', many, '--algo', 'bellman-ford', '--no-times', '--json'];
  const one = bestfirst(...argv, '--workers', '1', '--jsonl', at('one.jsonl'));
  const two = bestfirst(...argv, '--workers', '2', '--jsonl', at('two.jsonl'));
  expect(one.code, one.err).toBe(0);
  expect(two).toEqual(one);
  expect(one.out.trim().split('\n')).toHaveLength(500);
  const whole = readFileSync(at('one.jsonl'), 'utf8');
  expect(readFileSync(at('two.jsonl'), 'utf8')).toBe(whole);

  const file = at('killed.jsonl');
  await killPartway(BIN, [...argv, '--workers', '2', '--jsonl', file], ROOT, file, 100);
  const resumed = bestfirst(...argv, '--workers', '2', '--resume', file);
  expect(resumed.code).toBe(0);
  expect(resumed.err).toMatch(/^graph .*, 500 pairs from .*many\.txt\nroute: resuming .*killed\.jsonl: 100 of 500 pairs there already \(a cut last line dropped\), 400 to run\n/);
  expect(resumed.out).toBe(one.out);
  expect(readFileSync(file, 'utf8')).toBe(whole);
}, 120_000);

test('docs/cluster/route-pairs.sbatch: the hierarchy made as its comment says, tasks 1..N as N processes loading it, merged as it says, equal the whole batch', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const script = join(ROOT, 'docs/cluster/route-pairs.sbatch');
  const text = readFileSync(script, 'utf8');
  const n = Number(/^#SBATCH --array=1-(\d+)$/m.exec(text)?.[1]);
  expect(n, 'an #SBATCH --array=1-N line').toBeGreaterThan(1);
  const said = (what: string) => {
    const m = new RegExp(`^#\\s+(.*npx bestfirst ${what} .*)$`, 'm').exec(text);
    expect(m, `the script says how to ${what}`).not.toBeNull();
    return m![1];
  };
  const results = at('slurm');
  const env = { ...process.env, RESULTS: results, PATH: `${fakeNpx()}:${process.env.PATH}`, SLURM_ARRAY_TASK_COUNT: String(n) };
  const sh = (line: string) => spawnSync('sh', ['-c', line], { cwd: ROOT, env, encoding: 'utf8' });
  expect(sh(said('preprocess')).status).toBe(0);
  const tasks = await runArrayTasks(script, n, ROOT, env);
  for (const t of tasks) expect(t.code, t.err).toBe(0);
  const merged = sh(said('merge'));
  // The whole batch, in-process, builds its own hierarchy: the rows are the same as those of the one loaded.
  const whole = await run('route', '--gr', 'data/dimacs/amsterdam-centre.gr', '--pairs', 'data/dimacs/amsterdam-centre.pairs', '--algo', 'ch', '--no-times');
  expect(whole.code, whole.err.join('\n')).toBe(0);
  expect({ code: merged.status, out: merged.stdout, err: merged.stderr }).toEqual({ code: 0, out: `${whole.out.join('\n')}\n`, err: '' });
  expect(whole.out).toHaveLength(1 + 50 + 2);
}, 120_000);
