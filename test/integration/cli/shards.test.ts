// scen and route --pairs on worker threads, and scen in processes that are killed: the built command
// (dist/, as a worker thread runs only built code) in child processes.
// Row for row, --workers 2 prints what --workers 1 prints, and a run killed
// with SIGKILL partway and then resumed ends as an uninterrupted run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { killPartway } from '../../support/kill-partway.js';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { writeFixtures } from '../../support/cli-fixtures.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin/bestfirst.js');
const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-shards-'));
const F = writeFixtures();
const DEN = 'data/movingai/dao/den312d.map.scen';
const BRC = 'data/movingai/dao/brc202d.map.scen';
/**
 * brc202d's large run: 200 of its 2,519 rows (seeded), still some 64 chunks of 3 rows for two
 * threads (the pool deals a thread about 32).
 */
const LARGE = [BRC, '--sample', '200'];

function bestfirst(...argv: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * The uninterrupted run of brc202d's large sample on one thread, its report and
 * its --jsonl file: the reference two tests compare with, run once (each run
 * is seconds of A*).
 */
let whole: { code: number | null; out: string; err: string; jsonl: string } | undefined;
function wholeBrc(): NonNullable<typeof whole> {
  if (whole === undefined) {
    const file = join(DIR, 'whole.jsonl');
    const r = bestfirst('scen', ...LARGE, '--no-times', '--workers', '1', '--jsonl', file);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    whole = { ...r, jsonl: readFileSync(file, 'utf8') };
    expect(whole.jsonl.trim().split('\n')).toHaveLength(201); // a header and a line per row
  }
  return whole;
}

test('--workers 2 prints what --workers 1 prints, row for row: records, failures, summary and exit status', () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const runs: string[][] = [
    [DEN, '--algo', 'jps-plus'], // the table made once, shared with the workers as bytes
    [DEN, '--algo', 'subgoal4', '--json'], // a 4-connected grid in shared memory
    [DEN, '--terrain', 'T=2', '--json'], // a weighed grid: its weights shared too
    [F.scen, '--map', F.open, '--force-map', '--json'], // a run that fails: the same rows named, exit 1
  ];
  for (const argv of runs) {
    const one = bestfirst('scen', ...argv, '--no-times', '--workers', '1');
    const two = bestfirst('scen', ...argv, '--no-times', '--workers', '2');
    expect(two, argv.join(' ')).toEqual(one);
    expect(one.code, `${argv.join(' ')}: ${one.err}`).toBe(argv.includes('--force-map') ? 1 : 0);
  }
  // With times (den312d's A* records as JSON): the same rows in the same order, the times aside, and the
  // same summary and exit status. Byte for byte (--no-times): the runs above and the large run below.
  const strip = (out: string) => out.trim().split('\n').map((l) => { const { elapsedMs: _, ...r } = JSON.parse(l) as Record<string, unknown>; return r; });
  const one = bestfirst('scen', DEN, '--json', '--workers', '1'), two = bestfirst('scen', DEN, '--json', '--workers', '2');
  expect(strip(two.out)).toEqual(strip(one.out));
  expect(strip(one.out)).toHaveLength(320);
  const untimed = (err: string) => err.split('\n').filter((l) => !l.startsWith('microseconds per query:'));
  expect([two.code, untimed(two.err)]).toEqual([one.code, untimed(one.err)]);
  expect(untimed(one.err)).toHaveLength(one.err.split('\n').length - 1);
  expect(one.code, one.err).toBe(0);
  // A large run, 200 rows: what --workers 2 prints and writes is what the whole run on one thread does.
  const whole = wholeBrc();
  const file = join(DIR, 'two.jsonl');
  const twoBrc = bestfirst('scen', ...LARGE, '--no-times', '--workers', '2', '--jsonl', file);
  expect(twoBrc).toEqual({ code: whole.code, out: whole.out, err: whole.err });
  expect(readFileSync(file, 'utf8')).toBe(whole.jsonl);
}, 300_000);

test('a run killed with SIGKILL partway, then run again with --resume, ends as the uninterrupted run: the same file, the same report', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const file = join(DIR, 'killed.jsonl');
  // Killed while writing its 51st row: the file keeps 50 rows and a cut line.
  await killPartway(BIN, ['scen', ...LARGE, '--no-times', '--workers', '2', '--jsonl', file], ROOT, file, 50);
  const resumed = bestfirst('scen', ...LARGE, '--no-times', '--workers', '2', '--resume', file);
  expect(resumed.code).toBe(0);
  expect(resumed.err).toMatch(/^scen: resuming .*killed\.jsonl: 50 of 200 rows there already \(a cut last line dropped\), 150 to run\n$/);
  const whole = wholeBrc();
  expect(resumed.out).toBe(whole.out);
  expect(readFileSync(file, 'utf8')).toBe(whole.jsonl);
}, 300_000);

test('route --pairs: --workers 2 prints what --workers 1 prints, for every search that runs on workers (the hierarchy shared as its bytes)', () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  // 600 pairs of the 792 nodes, drawn by a fixed linear congruential generator.
  let x = 20261206;
  const id = () => { x = (x * 1103515245 + 12345) % 2147483648; return 1 + (x % 792); };
  const file = join(DIR, 'pairs.txt');
  writeFileSync(file, Array.from({ length: 600 }, () => `${id()} ${id()}`).join('\n'));
  for (const algo of ['dijkstra', 'astar', 'ch', 'bellman-ford']) {
    const argv = ['route', '--gr', 'data/dimacs/amsterdam-centre.gr', '--co', 'data/dimacs/amsterdam-centre.co', '--pairs', file, '--algo', algo, '--json', '--no-times'];
    const one = bestfirst(...argv, '--workers', '1'), two = bestfirst(...argv, '--workers', '2');
    expect(one.code, one.err).toBe(0);
    expect(two, algo).toEqual(one);
    expect(one.out.trim().split('\n')).toHaveLength(600);
  }
}, 300_000);
