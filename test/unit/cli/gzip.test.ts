// Files as they are published: gzipped (told by their first bytes, not by
// their name) and read by every command as the plain file is; a damaged gzip
// refused in one line; what a gzip inflates to held to the same cap as a
// plain file, while inflating.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { readBytes } from '../../../cli/files.js';
import { run } from '../../support/cli-run.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-gzip-'));
function gzipped(from: string, name: string): string {
  const to = join(DIR, name);
  writeFileSync(to, gzipSync(readFileSync(from)));
  return to;
}

/** The output with the file names and the times taken out: what must be the same for the plain and the gzipped file. */
const same = (lines: string[], names: string[]) => lines.map((l) => [...names].sort((a, b) => b.length - a.length).reduce((s, n) => s.split(n).join('FILE'), l).replace(/[\d.]+ (us|ms)/g, 'T').replace(/median [\d.]+, mean [\d.]+/, 'T'));

test('plan, scen and route read gzipped files as the plain ones, whatever their names', async () => {
  const map = 'data/movingai/dao/arena.map', scen = 'data/movingai/dao/arena.map.scen';
  const gr = 'data/dimacs/amsterdam-centre.gr', co = 'data/dimacs/amsterdam-centre.co';
  // Named without .gz on purpose for the map: the bytes decide.
  const gzMap = gzipped(map, 'arena.map'), gzScen = gzipped(scen, 'arena.map.scen.gz'), gzGr = gzipped(gr, 'a.gr.gz'), gzCo = gzipped(co, 'a.co.gz');
  const pairs: [string[], string[]][] = [
    [['plan', '--map', map, '--from', '1,7', '--to', '40,40'], ['plan', '--map', gzMap, '--from', '1,7', '--to', '40,40']],
    [['scen', scen, '--map', map, '--sample', '20'], ['scen', gzScen, '--map', gzMap, '--sample', '20']],
    [['route', '--gr', gr, '--co', co, '--from', '1', '--to', '618', '--algo', 'astar'], ['route', '--gr', gzGr, '--co', gzCo, '--from', '1', '--to', '618', '--algo', 'astar']],
  ];
  for (const [plain, zipped] of pairs) {
    const a = await run(...plain), b = await run(...zipped);
    expect(b.code, `${zipped.join(' ')}\n${b.err.join('\n')}`).toBe(a.code);
    expect(a.code).toBe(0);
    expect(same(b.out, [gzMap, gzScen, gzGr, gzCo])).toEqual(same(a.out, [map, scen, gr, co]));
  }
});

test('a damaged gzip is one line naming the file; a gzip that inflates past the cap stops there', async () => {
  const bad = join(DIR, 'bad.map');
  const bytes = gzipSync(readFileSync('data/movingai/dao/arena.map'));
  writeFileSync(bad, bytes.subarray(0, bytes.length - 20));
  const r = await run('plan', '--map', bad, '--from', '1,7', '--to', '40,40');
  expect(r.code).toBe(2);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/--map .*bad\.map starts as a gzip file \(bytes 1f 8b\) but cannot be inflated/);
  // A megabyte of zeros gzips to about a kilobyte: under a cap of 4096 bytes it is refused while inflating.
  const bomb = join(DIR, 'bomb.gr');
  writeFileSync(bomb, gzipSync(Buffer.alloc(1 << 20)));
  expect(() => readBytes(bomb, '--gr bomb.gr', '.gr', 4096)).toThrow(InputError);
  expect(() => readBytes(bomb, '--gr bomb.gr', '.gr', 4096)).toThrow(/--gr bomb\.gr is gzipped and inflates to more than the 4096 bytes a \.gr file may have/);
  expect(readBytes(bomb, '--gr bomb.gr', '.gr', 2 << 20)).toHaveLength(1 << 20);
});
