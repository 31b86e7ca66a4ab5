// SearchPool: queries dealt out to workers in chunks, answers back in query
// order, the same as one searcher's. The workers here are in-process, each a
// MessageChannel whose far end runs serveQueries with its own searcher (the
// real threads are the CLI's: test/integration/cli/shards.test.ts).
import { expect, test } from 'vitest';
import { GridSearcher, InputError, SearchPool, serveQueries, type PoolWorker } from '#bestfirst';
import { mulberry32 } from '#bestfirst/internal';
import { randomGrid } from '../../support/random-grid.js';

type Query = readonly [start: number, goal: number];
interface Answer { status: string; cost: number; path: number[] | null }

const { grid } = randomGrid({ width: 60, height: 40, density: 0.25, seed: 7 }, {});
const free: number[] = [];
for (let n = 0; n < grid.size; n++) if (!grid.cells[n]) free.push(n);
const next = mulberry32(11);
const QUERIES: Query[] = Array.from({ length: 500 }, () => [free[Math.floor(next() * free.length)], free[Math.floor(next() * free.length)]] as const);

/** One searcher's answer, as a worker and this thread give it. */
function answerer(): (q: Query) => Answer {
  const s = new GridSearcher(grid);
  return ([a, b]) => { const status = s.search(a, b); return { status, cost: s.cost, path: s.path() }; };
}

/** A worker in this process: a MessageChannel, its far end served by its own searcher; `served` counts its chunks. */
function channelWorker(served: number[], k: number, answer = answerer()): PoolWorker {
  const { port1, port2 } = new MessageChannel();
  served[k] = 0;
  serveQueries<Query, Answer>({ postMessage: (m) => { served[k]++; port2.postMessage(m); }, listen: (l) => { port2.onmessage = (e) => l(e.data); } }, answer);
  return {
    postMessage: (m) => port1.postMessage(m),
    listen: (onMessage) => { port1.onmessage = (e) => onMessage(e.data); },
    terminate: () => { port1.close(); port2.close(); },
  };
}

test('a pool of 3 workers (and this thread, or not) gives the single searcher\'s answers, in query order', async () => {
  const one = answerer();
  const want = QUERIES.map((q) => one(q));
  for (const local of [undefined, answerer()]) {
    const served: number[] = [];
    const pool = new SearchPool<Query, Answer>({ workers: 3, spawn: (k) => channelWorker(served, k), ...(local ? { local } : {}) });
    const heard: number[] = [];
    expect(await pool.run(QUERIES, (i) => heard.push(i))).toEqual(want);
    expect(heard.sort((a, b) => a - b)).toEqual(QUERIES.map((_, i) => i));
    // Every worker took a share.
    expect(served.every((c) => c > 0)).toBe(true);
    // The pool is kept for the next batch.
    expect(await pool.run(QUERIES.slice(0, 7))).toEqual(want.slice(0, 7));
    pool.close();
    await expect(pool.run(QUERIES)).rejects.toThrow('SearchPool: run after close()');
  }
});

test('a worker\'s failure fails the batch; bad options are refused', async () => {
  const served: number[] = [];
  const pool = new SearchPool<Query, Answer>({
    workers: 2, chunk: 10,
    spawn: (k) => channelWorker(served, k, k === 1 ? () => { throw new Error('out of cheese'); } : answerer()),
  });
  await expect(pool.run(QUERIES)).rejects.toThrow(/^SearchPool: a worker failed: Error: out of cheese/);
  pool.close();
  expect(() => new SearchPool({ workers: 0, spawn: () => { throw new Error('never'); } })).toThrow(InputError);
  expect(() => new SearchPool({ workers: -1, spawn: () => { throw new Error('never'); } })).toThrow('SearchPool: workers must be a whole number >= 0, got -1');
  expect(() => new SearchPool({ workers: 1, chunk: 0, spawn: () => { throw new Error('never'); } })).toThrow('SearchPool: chunk must be a whole number >= 1, got 0');
  // No workers: this thread answers alone.
  const alone = new SearchPool<Query, Answer>({ workers: 0, spawn: () => { throw new Error('never'); }, local: answerer() });
  expect(await alone.run(QUERIES.slice(0, 20))).toEqual(QUERIES.slice(0, 20).map((q) => answerer()(q)));
});

test('chunks shrink towards the end of a batch (a dear last chunk keeps no thread waiting alone); a given chunk size is kept', async () => {
  /** The sizes of the chunks the pool sent, in the order it sent them. */
  const sizesOf = async (chunk?: number): Promise<number[]> => {
    const sizes: number[] = [];
    const served: number[] = [];
    const pool = new SearchPool<Query, Answer>({
      workers: 2, local: answerer(), ...(chunk === undefined ? {} : { chunk }),
      spawn: (k) => {
        const w = channelWorker(served, k);
        return { ...w, postMessage: (m) => { sizes.push((m as { queries: Query[] }).queries.length); w.postMessage(m); } };
      },
    });
    await pool.run(QUERIES);
    pool.close();
    return sizes;
  };
  // 500 queries on 3 threads: 6 to a chunk at first (about 32 chunks a thread), down to 1 at the end.
  const guided = await sizesOf();
  expect(guided[0]).toBe(6);
  expect(guided.at(-1)).toBe(1);
  for (let k = 1; k < guided.length; k++) expect(guided[k]).toBeLessThanOrEqual(guided[k - 1]);
  const fixed = await sizesOf(10);
  expect(fixed.slice(0, -1).every((s) => s === 10)).toBe(true);
});
