// `route --pairs FILE`: one query per line, every search made once; each pair's
// answer is the one `route --from --to` gives; bad pairs files are refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { run } from '../../support/cli-run.js';
import { dataFile } from '../../support/data.js';
import { writeFixtures } from '../../support/cli-fixtures.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-pairs-'));
const at = (name: string, text: string) => { const p = join(DIR, name); writeFileSync(p, text); return p; };
const GR = dataFile('dimacs/amsterdam-centre.gr'), CO = dataFile('dimacs/amsterdam-centre.co');
const F = writeFixtures();

test('each pair\'s record is the one route --from --to prints, for every search; the hierarchy is built once', async () => {
  const pairs: [number, number][] = [[1, 618], [618, 1], [5, 5], [100, 700], [792, 3], [250, 251]];
  const file = at('pairs.txt', `# from to\n${pairs.map(([a, b]) => `${a} ${b}`).join('\n')}\n\n`);
  for (const algo of ['dijkstra', 'astar', 'bidijkstra', 'biastar', 'ch', 'bellman-ford']) {
    const batch = await run('route', '--gr', GR, '--co', CO, '--pairs', file, '--algo', algo, '--json', '--no-times');
    expect(batch.code, batch.err.join('\n')).toBe(0);
    expect(batch.out).toHaveLength(pairs.length);
    expect(batch.err[0]).toBe(`graph ${GR} (792 nodes, 1764 arcs), algo ${algo}, ${pairs.length} pairs from ${file}`);
    for (const [k, [a, b]] of pairs.entries()) {
      const one = await run('route', '--gr', GR, '--co', CO, '--from', String(a), '--to', String(b), '--algo', algo, '--json');
      const { gr: _g, co: _c, algo: _a, elapsedMs: _e, built: _b, ...want } = JSON.parse(one.out[0]) as Record<string, unknown>;
      expect(JSON.parse(batch.out[k]), `${algo} ${a} -> ${b}`).toEqual(want);
    }
  }
  const text = await run('route', '--gr', GR, '--pairs', file, '--algo', 'ch');
  expect(text.out.filter((l) => l.startsWith('hierarchy built in '))).toHaveLength(1);
  expect(text.out).toContain('1 -> 618: cost 257182, 69 nodes, 31 expansions');
  expect(text.out.at(-3)).toBe(`pairs ${pairs.length}: found ${pairs.length}, unreachable 0`);
});

test('bad pairs files and option mixes are refused in one line, exit 2', async () => {
  const cases: [string[], string][] = [
    [['--pairs', at('bad.txt', '1 2\n1 x\n')], `bestfirst route: ${join(DIR, 'bad.txt')}:2: expected FROM TO, two node ids from 1, got "1 x"`],
    [['--pairs', at('far.txt', '1 2\n3 5\n')], `bestfirst route: ${join(DIR, 'far.txt')}:2: TO 5 is not a node of ${F.gr}, which has 4 (ids 1 to 4)`],
    [['--pairs', at('none.txt', '# nothing\n\n')], `bestfirst route: ${join(DIR, 'none.txt')} holds no pairs: expected one FROM TO line per query`],
    [['--pairs', join(DIR, 'bad.txt'), '--from', '1'], `bestfirst route: --from is for one query; with --pairs ${join(DIR, 'bad.txt')} every pair is one (give one or the other)`],
    [['--from', '1', '--to', '3', '--workers', '2'], 'bestfirst route: --workers goes with --pairs FILE, a batch of queries'],
    [['--from', '1'], 'bestfirst route: --to is required, or --pairs FILE (usage: bestfirst route --gr FILE.gr --from N --to N [options] | bestfirst route --gr FILE.gr --pairs FILE [options]; bestfirst help route for more)'],
  ];
  for (const [extra, message] of cases) expect(await run('route', '--gr', F.gr, ...extra), extra.join(' ')).toEqual({ code: 2, out: [], err: [message] });
  // Unreachable pairs are answers, not failures: exit 0.
  const split = await run('route', '--gr', F.gr, '--pairs', at('cut.txt', '1 4\n1 3\n'), '--no-times');
  expect(split).toEqual({ code: 0, err: [], out: [
    `graph ${F.gr} (4 nodes, 4 arcs), algo dijkstra, 2 pairs from ${join(DIR, 'cut.txt')}`,
    expect.stringMatching(/^1 -> 4: no path \(unreachable\), \d+ expansions$/), expect.stringMatching(/^1 -> 3: cost 12, 3 nodes, \d+ expansions$/),
    'pairs 2: found 1, unreachable 1', expect.stringMatching(/^expansions per pair: mean [\d.]+$/),
  ] });
});
