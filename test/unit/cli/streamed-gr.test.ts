// route reads a .gr as a stream of 4 MiB chunks (cli/files.ts streamText into
// GrReader), never as one string: a file larger than a chunk, plain and
// gzipped, gives the graph parseGr reads from the whole text, however the
// chunks cut its lines. (The same holds at 30 million arcs, 649 MB: see
// scripts/big-gr.mjs; too slow for the suite.)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { dijkstra } from '#bestfirst';
import { parseGr } from '#bestfirst/io';
import { streamText } from '../../../cli/files.js';
import { run } from '../../support/cli-run.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-stream-'));

/** A w x w grid of nodes joined both ways to their right and lower neighbours, weights from a fixed seed. */
function gridGr(w: number): string {
  let seed = 7;
  const weight = () => { seed = (seed * 1103515245 + 12345) >>> 0; return 1 + ((seed >>> 16) % 1000); };
  const out: string[] = [`c a ${w} x ${w} grid`, `p sp ${w * w} ${4 * w * (w - 1)}`];
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      const u = y * w + x + 1;
      if (x + 1 < w) { const c = weight(); out.push(`a ${u} ${u + 1} ${c}`, `a ${u + 1} ${u} ${c}`); }
      if (y + 1 < w) { const c = weight(); out.push(`a ${u} ${u + w} ${c}`, `a ${u + w} ${u} ${c}`); }
    }
  }
  return `${out.join('\n')}\n`;
}

test('a .gr of more than one 4 MiB chunk, plain and gzipped: route answers as Dijkstra on the whole text', async () => {
  const text = gridGr(330);
  expect(text.length).toBeGreaterThan(1 << 22);
  const plain = join(DIR, 'grid.gr'), gz = join(DIR, 'grid.gr.gz');
  writeFileSync(plain, text);
  writeFileSync(gz, gzipSync(text));
  const graph = parseGr(text, 'grid.gr'), n = graph.size;
  const want = dijkstra(graph, 0, n - 1);
  for (const file of [plain, gz]) {
    const r = await run('route', '--gr', file, '--from', '1', '--to', `${n}`, '--algo', 'dijkstra', '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const got = JSON.parse(r.out[0]);
    expect(got.cost).toBe(want.cost);
    expect(got.path).toEqual(want.path!.map((v) => v + 1));
  }
});

test('a gzipped .gr through a pipe: read from the one opening (its first bytes, then the rest), as the plain file is', async () => {
  const text = gridGr(40), gz = join(DIR, 'pipe.gr.gz'), fifo = join(DIR, 'pipe.gr');
  writeFileSync(gz, gzipSync(text));
  execFileSync('mkfifo', [fifo]);
  // The writer is another process: opening the pipe here blocks until it opens its end.
  const writer = spawn('sh', ['-c', `cat '${gz}' > '${fifo}'`]);
  const r = await run('route', '--gr', fifo, '--from', '1', '--to', '1600', '--algo', 'dijkstra', '--json');
  await new Promise((done) => writer.on('exit', done));
  expect(r.code, r.err.join('\n')).toBe(0);
  const graph = parseGr(text, 'pipe.gr');
  expect(JSON.parse(r.out[0]).cost).toBe(dijkstra(graph, 0, 1599).cost);
}, 30_000);

test('streamText hands on the file whole, in order, however its chunks fall (a multi-byte character across a cut included)', () => {
  const text = `${'é'.repeat((1 << 21) + 1)}x\n${'a'.repeat(1 << 22)}`;
  const file = join(DIR, 'text.txt');
  writeFileSync(file, text);
  const chunks: string[] = [];
  streamText(file, 'text.txt', '.txt', (c) => chunks.push(c));
  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks.join('')).toBe(readFileSync(file, 'utf8'));
  expect(() => streamText(join(DIR, 'none.gr'), '--gr none.gr', '.gr', () => {})).toThrow(/^cannot read --gr none\.gr: no such file$/);
  expect(() => streamText(DIR, '--gr DIR', '.gr', () => {})).toThrow(/^cannot read --gr DIR: it is a directory$/);
});
