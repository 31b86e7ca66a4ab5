// `bestfirst route`: its seven searches agree with the reference Dijkstra on
// random 0/1 graphs; text and JSON say the same; astar needs coordinates;
// every mistake in the command line or the files is a one-line refusal (exit 2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { Graph } from '#bestfirst';
import { formatCo, formatGr } from '#bestfirst/io';
import { writeFixtures } from '../../support/cli-fixtures.js';
import { referenceDijkstra, rng } from '../../support/reference.js';
import { run } from '../../support/cli-run.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-route-'));
const at = (name: string, text: string) => { const p = join(DIR, name); writeFileSync(p, text); return p; };
const ALGOS = ['dijkstra', 'astar', 'bidijkstra', 'biastar', 'ch', 'bellman-ford', '01bfs'];

interface Record {
  status: string; cost: number | null; nodes: number; path: number[] | null; expansions: number | null; rounds: number | null; from: number; to: number;
  built: { ms: number; shortcuts: number; bytes: number } | null;
}

// 1 -> 2 -> 3 costs 12, the direct arc 20; node 4 is cut off.
const { gr: GR, co: CO } = writeFixtures();

test('each search finds the cheapest path; text and JSON say the same; ids are the file\'s', async () => {
  for (const algo of ALGOS.slice(0, 6)) {
    const t = await run('route', '--gr', GR, '--co', CO, '--from', '1', '--to', '3', '--algo', algo);
    expect(t.code, t.err.join('\n')).toBe(0);
    expect(t.out[0]).toBe(`graph ${GR} (4 nodes, 4 arcs), algo ${algo}, from 1 to 3`);
    // The hierarchy's build is its own line, before the query's.
    if (algo === 'ch') expect(t.out.splice(1, 1)[0]).toMatch(/^hierarchy built in [\d.]+ ms: \d+ shortcuts, [\d.]+ MB$/);
    expect(t.out).toHaveLength(2);
    expect(t.out[1]).toMatch(algo === 'bellman-ford' ? /^cost 12, 3 nodes \(2 arcs\), \d+ rounds over every arc, [\d.]+ us$/ : /^cost 12, 3 nodes \(2 arcs\), \d+ expansions, [\d.]+ us$/);
    const j = await run('route', '--gr', GR, '--co', CO, '--from', '1', '--to', '3', '--algo', algo, '--json');
    const rec = JSON.parse(j.out[0]) as Record;
    expect(rec).toMatchObject({ status: 'found', cost: 12, nodes: 3, path: [1, 2, 3], from: 1, to: 3 });
    expect(algo === 'bellman-ford' ? rec.rounds : rec.expansions).toBeGreaterThan(0);
    if (algo === 'ch') expect(rec.built).toMatchObject({ shortcuts: expect.any(Number) as number, bytes: expect.any(Number) as number });
    else expect(rec.built).toBeNull();
  }
  const d = await run('route', '--gr', GR, '--from', '3', '--to', '2'); // the default: dijkstra, no --co needed
  expect(d.out[1]).toMatch(/^cost 6, 3 nodes/);
});

test('no path: exit 1, said in text and JSON', async () => {
  const t = await run('route', '--gr', GR, '--from', '1', '--to', '4');
  expect(t.code).toBe(1);
  expect(t.out[1]).toMatch(/^no path \(unreachable\), \d+ expansions/);
  const j = await run('route', '--gr', GR, '--from', '1', '--to', '4', '--algo', 'bellman-ford', '--json');
  expect(j.code).toBe(1);
  expect(JSON.parse(j.out[0])).toMatchObject({ status: 'unreachable', cost: null, nodes: 0, path: null });
});

test('the seven searches cost what the reference Dijkstra says on 40 random 0/1 graphs with points', async () => {
  const random = rng(2026);
  for (let i = 0; i < 40; i++) {
    const n = 2 + Math.floor(random() * 12);
    const edges: [number, number, number][] = [];
    for (let k = 0; k < 3 * n; k++) edges.push([Math.floor(random() * n), Math.floor(random() * n), random() < 0.3 ? 0 : 1]);
    const g = new Graph(n, edges, { directed: true });
    const gr = at(`r${i}.gr`, formatGr(g)), co = at(`r${i}.co`, formatCo({ x: Array.from({ length: n }, () => Math.floor(random() * 9)), y: Array.from({ length: n }, () => Math.floor(random() * 9)) }));
    const s = Math.floor(random() * n), t = Math.floor(random() * n);
    const want = referenceDijkstra(g, s, 'forward')[t];
    for (const algo of ALGOS) {
      const r = await run('route', '--gr', gr, '--co', co, '--from', String(s + 1), '--to', String(t + 1), '--algo', algo, '--json');
      const rec = JSON.parse(r.out[0]) as Record;
      expect(r.code, `${algo} on graph ${i}`).toBe(want === Infinity ? 1 : 0);
      expect(rec.cost, `${algo} on graph ${i}, ${s + 1} -> ${t + 1}`).toBe(want === Infinity ? null : want);
      if (rec.path) expect([rec.path[0], rec.path[rec.path.length - 1], rec.nodes]).toEqual([s + 1, t + 1, rec.path.length]);
    }
  }
});

test('mistakes are one-line refusals with exit 2, naming the file, line and value', async () => {
  const badGr = at('bad.gr', 'p sp 2 1\na 1 3 4\n');
  const badCo = at('bad.co', 'p aux sp co 1\nv 1 0.5 0\n');
  const shortCo = at('short.co', 'p aux sp co 2\nv 1 0 0\nv 2 0 0\n');
  for (const [argv, msg] of [
    [['--gr', GR, '--from', '1', '--to', '3', '--algo', 'astar'], /^bestfirst route: --algo astar needs --co FILE\.co/],
    [['--gr', GR, '--from', '1', '--to', '3', '--algo', 'biastar'], /^bestfirst route: --algo biastar needs --co FILE\.co.*or use --algo bidijkstra/],
    [['--gr', GR, '--co', shortCo, '--from', '1', '--to', '3'], /^bestfirst route: --co .*short\.co has 2 nodes, --gr .*tiny\.gr has 4/],
    [['--gr', GR, '--from', '1', '--to', '3', '--algo', '01bfs'], /^bestfirst route: --algo 01bfs on .*tiny\.gr: the arc 1 -> 2 weighs 5; 0-1 BFS takes weights 0 and 1 only \(--algo dijkstra takes any\)$/],
    [['--gr', badGr, '--from', '1', '--to', '2'], /^bestfirst route: .*bad\.gr:2:5: the head V is "3", expected a whole number from 1 to 2/],
    [['--gr', GR, '--co', badCo, '--from', '1', '--to', '2'], /^bestfirst route: .*bad\.co:2:5: X is "0\.5"/],
    [['--gr', join(DIR, 'missing.gr'), '--from', '1', '--to', '2'], /^bestfirst route: cannot read --gr .*missing\.gr: no such file/],
    [['--gr', GR, '--from', '0', '--to', '2'], /^bestfirst route: --from must be a decimal integer >= 1, got "0"/],
    [['--gr', GR, '--from', '1', '--to', '5'], /^bestfirst route: --to 5 is not a node of .*tiny\.gr, which has 4 \(ids 1 to 4\)/],
    [['--gr', GR, '--from', '1', '--to', '2', '--algo', 'astra'], /--algo must be one of dijkstra, astar, bidijkstra, biastar, ch, bellman-ford, 01bfs, got "astra"; did you mean "astar"\?/],
    [['--gr', GR, '--from', '1', '--to', '2', '--algo', 'contraction'], /--algo must be one of dijkstra, astar, bidijkstra, biastar, ch, bellman-ford, 01bfs, got "contraction"/],
    [['--gr', GR, '--to', '2'], /--from is required/],
    [['--from', '1', '--to', '2'], /--gr is required/],
    [['--gr', GR, '--from', '1', '--to', '2', '--map', 'x'], /unknown option --map/],
  ] as [string[], RegExp][]) {
    const r = await run('route', ...argv);
    expect(r.code, argv.join(' ')).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(msg);
  }
});

test('issue 37: route --algo ch answers a reachable pair over zero-cost arcs with a valid path (it said "the ch path is invalid")', async () => {
  // Directed: 1 -> 2 costs 2, 2 -> 3 and 3 -> 2 cost 0. The hierarchy's walk 1 2 3 ... went round the zero-cost cycle.
  const gr = at('zero-cycle.gr', 'p sp 3 3\na 1 2 2\na 2 3 0\na 3 2 0\n');
  for (const algo of ['ch', 'bidijkstra']) {
    const j = await run('route', '--gr', gr, '--from', '1', '--to', '2', '--algo', algo, '--json');
    expect(j.code, j.err.join('\n')).toBe(0);
    expect(JSON.parse(j.out[0]) as Record).toMatchObject({ status: 'found', cost: 2, path: [1, 2] });
  }
});

test('issue 35.7: route --algo bellman-ford runs on negative weights, prints a negative cycle, and every other search refuses them with the reason', async () => {
  // 1 -> 2 costs 4, 1 -> 3 costs 5, 3 -> 2 costs -3: the cheapest path to 2 is 1 3 2, at 2.
  const neg = at('negative.gr', 'p sp 3 3\na 1 2 4\na 1 3 5\na 3 2 -3\n');
  const j = await run('route', '--gr', neg, '--from', '1', '--to', '2', '--algo', 'bellman-ford', '--json');
  expect(j.code, j.err.join('\n')).toBe(0);
  expect(JSON.parse(j.out[0]) as Record).toMatchObject({ status: 'found', cost: 2, path: [1, 3, 2] });
  for (const algo of ['dijkstra', 'bidijkstra', 'ch', '01bfs']) {
    const r = await run('route', '--gr', neg, '--from', '1', '--to', '2', '--algo', algo);
    expect(r.code, algo).toBe(2);
    expect(r.err).toEqual([`bestfirst route: ${neg}:4:7: the weight W is "-3", expected a whole number from 0 to 2147483647; --algo ${algo} takes weights >= 0, and only --algo bellman-ford takes negative ones`]);
  }
  // 2 -> 3 -> 2 costs 1 - 3: a negative cycle reachable from 1.
  const cyc = at('cycle.gr', 'p sp 3 3\na 1 2 4\na 2 3 1\na 3 2 -3\n');
  const t = await run('route', '--gr', cyc, '--from', '1', '--to', '3', '--algo', 'bellman-ford');
  expect(t.code).toBe(1);
  expect(t.out[1]).toBe('no cheapest path: a negative cycle is reachable from 1: 2 3 2 (cost -2 each time round), 3 rounds over every arc');
  const tj = await run('route', '--gr', cyc, '--from', '1', '--to', '3', '--algo', 'bellman-ford', '--json');
  expect(JSON.parse(tj.out[0])).toMatchObject({ status: 'negative-cycle', cycle: [2, 3, 2], cycleCost: -2, path: null });
});
