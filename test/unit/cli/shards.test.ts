// scen cut into shards, streamed to --jsonl files, resumed and merged: the
// pieces joined give back the whole run's report, byte for byte (--no-times).
// In-process (the TypeScript source runs the rows on this thread); the
// worker threads and killed processes are in test/integration/cli/shards.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseShard, shardRows } from '../../../cli/shard.js';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { run } from '../../support/cli-run.js';
import { dataFile } from '../../support/data.js';

const F = writeFixtures();
const DEN = dataFile('movingai/dao/den312d.map.scen');
const at = (name: string) => join(F.dir, name);

test('shardRows: N slices cover the rows once, in order, differing by at most one row; parseShard reads K/N', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 1000 }), (total, n) => {
    let next = 0;
    const sizes: number[] = [];
    for (let k = 1; k <= n; k++) {
      const [first, end] = shardRows(total, { k, n });
      expect(first).toBe(next);
      sizes.push(end - first);
      next = end;
    }
    expect(next).toBe(total);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  }), { seed: 20261206, numRuns: 300 });
  expect(shardRows(10, { k: 1, n: 4 })).toEqual([0, 2]);
  expect(shardRows(10, { k: 4, n: 4 })).toEqual([7, 10]);
  expect(parseShard('3/4')).toEqual({ k: 3, n: 4 });
  expect(parseShard(' 1 / 1 ')).toEqual({ k: 1, n: 1 });
});

test('merge of shards 1/4 ... 4/4 (given in any order) is the whole run\'s report, byte for byte, as text and as --json', async () => {
  for (const json of [false, true]) {
    const mode = json ? ['--json'] : [];
    const whole = await run('scen', DEN, '--no-times', ...mode, '--jsonl', at(`whole${json}.jsonl`));
    expect(whole.code).toBe(0);
    const files: string[] = [];
    for (const k of [1, 2, 3, 4]) {
      files.push(at(`den-${k}-${json}.jsonl`));
      const part = await run('scen', DEN, '--no-times', ...mode, '--shard', `${k}/4`, '--jsonl', files[k - 1]);
      expect(part.code).toBe(0);
      expect(json ? part.err[0] : part.out[0]).toMatch(new RegExp(`; shard ${k}/4: rows ${(k - 1) * 80} to ${k * 80 - 1}$`));
    }
    const merged = await run('merge', files[2], files[0], files[3], files[1], ...mode, '--jsonl', at(`merged${json}.jsonl`));
    expect(merged).toEqual(whole);
    expect(whole.out.length).toBe(json ? 320 : 3);
    // The joined rows are the file the whole run wrote.
    expect(readFileSync(at(`merged${json}.jsonl`), 'utf8')).toBe(readFileSync(at(`whole${json}.jsonl`), 'utf8'));
  }
});

test('a run that fails (a forced map breaks the promise) merges to the same failures, summary and exit 1', async () => {
  const argv = ['scen', F.scen, '--map', F.open, '--force-map', '--no-times'];
  const whole = await run(...argv);
  expect(whole.code).toBe(1);
  expect(whole.err.at(-1)).toMatch(/^scen: FAILED: 0 invalid paths, \d+ breaking the astar promise$/);
  const files = [1, 2, 3].map((k) => at(`fail-${k}.jsonl`));
  for (const [i, f] of files.entries()) expect((await run(...argv, '--shard', `${i + 1}/3`, '--jsonl', f)).code).toBeLessThanOrEqual(1);
  expect(await run('merge', ...files)).toEqual(whole);
});

test('a shard with more slices than rows runs no rows, and still merges', async () => {
  // 6 rows in 8 slices: shards 1, 3, 5 and 7 hold none (floor((k-1)6/8) = floor(k 6/8)).
  const files = [1, 2, 3, 4, 5, 6, 7, 8].map((k) => at(`many-${k}.jsonl`));
  const empty = await run('scen', F.scen, '--no-times', '--shard', '1/8', '--jsonl', files[0]);
  expect(empty.out).toEqual([expect.stringMatching(/; shard 1\/8: no rows$/), 'queries 0 (no rows to run)']);
  for (let k = 2; k <= 8; k++) expect((await run('scen', F.scen, '--no-times', '--shard', `${k}/8`, '--jsonl', files[k - 1])).code).toBe(0);
  expect(await run('merge', ...files)).toEqual(await run('scen', F.scen, '--no-times'));
});

test('--resume goes on from a file cut by a kill (a half-written last line dropped): the file and the report are the uninterrupted run\'s', async () => {
  const whole = await run('scen', DEN, '--no-times', '--json', '--jsonl', at('resume-whole.jsonl'));
  const full = readFileSync(at('resume-whole.jsonl'), 'utf8');
  const lines = full.split('\n');
  // The header, 100 rows, and half of the next line: what a kill in the middle of a write leaves.
  const cut = `${lines.slice(0, 101).join('\n')}\n${lines[101].slice(0, 40)}`;
  writeFileSync(at('resume.jsonl'), cut);
  const resumed = await run('scen', DEN, '--no-times', '--json', '--resume', at('resume.jsonl'));
  expect(resumed.code).toBe(0);
  expect(resumed.out).toEqual(whole.out);
  expect(resumed.err[0]).toBe(whole.err[0]);
  expect(resumed.err[1]).toBe(`scen: resuming ${at('resume.jsonl')}: 100 of 320 rows there already (a cut last line dropped), 220 to run`);
  expect(resumed.err.slice(2)).toEqual(whole.err.slice(1));
  expect(readFileSync(at('resume.jsonl'), 'utf8')).toBe(full);
  // Resumed again when whole: nothing to run, the same report.
  const again = await run('scen', DEN, '--no-times', '--json', '--resume', at('resume.jsonl'));
  expect(again.out).toEqual(whole.out);
  expect(again.err[1]).toMatch(/320 of 320 rows there already, 0 to run$/);
  // A whole file with a long cut line after it: the line is cut away, not left behind the (here no) rows appended.
  writeFileSync(at('resume.jsonl'), `${full}{"row":319,${'"x":1,'.repeat(100)}`);
  expect((await run('scen', DEN, '--no-times', '--json', '--resume', at('resume.jsonl'))).out).toEqual(whole.out);
  expect(readFileSync(at('resume.jsonl'), 'utf8')).toBe(full);
  // A file not there yet is started: the same command line serves a first run and its retries.
  const fresh = await run('scen', DEN, '--no-times', '--resume', at('resume-new.jsonl'));
  expect(fresh.code).toBe(0);
  expect(readFileSync(at('resume-new.jsonl'), 'utf8')).toBe(full);
});

test('bad shards, workers and results files are refused in the command line\'s words, exit 2, before any output', async () => {
  await run('scen', F.scen, '--no-times', '--jsonl', at('tiny.jsonl'));
  const cases: [string[], string][] = [
    [['--shard', '0/4'], 'bestfirst scen: --shard 0/4: K counts the slices from 1 to N = 4, got K = 0'],
    [['--shard', '5/4'], 'bestfirst scen: --shard 5/4: K counts the slices from 1 to N = 4, got K = 5'],
    [['--shard', '1/0'], 'bestfirst scen: --shard must be K/N, the K-th of N slices, with N a decimal integer from 1 to 1000000 (1/4 ... 4/4), got "1/0"'],
    [['--shard', '2'], 'bestfirst scen: --shard must be K/N, the K-th of N slices, with N a decimal integer from 1 to 1000000 (1/4 ... 4/4), got "2"'],
    [['--workers', '0'], 'bestfirst scen: --workers must be a decimal integer from 1 to 1024, got "0"'],
    [['--map', F.open, '--force-map', '--resume', at('tiny.jsonl')],
      `bestfirst scen: --resume ${at('tiny.jsonl')} is the results of another run, of another map (or this map edited, or other --terrain): the fingerprints of the maps differ; resume a run with its own command line, or start a new file with --jsonl`],
    [['--algo', 'dijkstra', '--resume', at('tiny.jsonl')], `bestfirst scen: --resume ${at('tiny.jsonl')} is the results of another run, of another algo: "astar", this run's "dijkstra"; resume a run with its own command line, or start a new file with --jsonl`],
    [['--shard', '1/2', '--resume', at('tiny.jsonl')], `bestfirst scen: --resume ${at('tiny.jsonl')} holds shard 1/1, this run is shard 1/2`],
    [['--resume', at('tiny.jsonl'), '--jsonl', at('x.jsonl')], `bestfirst scen: --resume ${at('tiny.jsonl')} goes on writing that file; give it without --jsonl`],
    [['--jsonl', F.folder], `bestfirst scen: cannot write --jsonl ${F.folder}: it is a directory`],
    [['--jsonl', F.scen], `bestfirst scen: cannot write --jsonl ${F.scen}: it is one of the files read (${F.scen})`],
    [['--resume', F.map], `bestfirst scen: cannot write --resume ${F.map}: it is one of the files read (${F.map})`],
    [['--resume', F.binary], `bestfirst scen: --resume ${F.binary}:1: not a JSON line; expected a results file bestfirst wrote with --jsonl`],
  ];
  for (const [extra, message] of cases) {
    const r = await run('scen', F.scen, '--no-times', ...extra);
    expect(r, extra.join(' ')).toEqual({ code: 2, out: [], err: [message] });
  }
  // A resume with times against a file without them.
  expect((await run('scen', F.scen, '--resume', at('tiny.jsonl'))).err).toEqual([`bestfirst scen: --resume ${at('tiny.jsonl')} was written without times, this run is with (--no-times): give the same option`]);
});

test('merge refuses a shard missing, given twice, cut short, of another run, or no results file', async () => {
  const files = [1, 2, 3].map((k) => at(`m-${k}.jsonl`));
  for (const [i, f] of files.entries()) await run('scen', DEN, '--no-times', '--shard', `${i + 1}/3`, '--jsonl', f);
  await run('scen', DEN, '--no-times', '--algo', 'dijkstra', '--shard', '3/3', '--jsonl', at('m-other.jsonl'));
  const text = readFileSync(files[1], 'utf8');
  const cut = text.slice(0, text.length - 300);
  writeFileSync(at('m-2-cut.jsonl'), cut);
  const whole = cut.split('\n').length - 2; // less the header and the cut line
  const cases: [string[], string][] = [
    [[files[0], files[2]], 'bestfirst merge: shard 2/3 of ' + DEN + ' is missing: give every shard\'s file (3 in all)'],
    [[files[0], files[1], files[1], files[2]], `bestfirst merge: shard 2/3 is given twice: ${files[1]} and ${files[1]}`],
    [[files[0], at('m-2-cut.jsonl'), files[2]], `bestfirst merge: ${at('m-2-cut.jsonl')} holds ${whole} of the 107 rows of shard 2/3 and ends in a cut line: its run stopped before the end; finish it with the same scen command and --resume ${at('m-2-cut.jsonl')}`],
    [[files[0], files[1], at('m-other.jsonl')], `bestfirst merge: ${at('m-other.jsonl')} is of another run than ${files[0]} (algo "dijkstra" against "astar"); merge joins the shards of one run`],
    [[F.scen], `bestfirst merge: ${F.scen}:1: not a JSON line; expected a results file bestfirst wrote with --jsonl`],
  ];
  for (const [argv, message] of cases) expect(await run('merge', ...argv), argv.join(' ')).toEqual({ code: 2, out: [], err: [message] });
  expect((await run('merge')).code).toBe(2);
});
