// `bestfirst preprocess` saves a graph's hierarchy; `route --algo ch --ch`
// loads it and answers as a hierarchy built on the spot does; a file for
// another graph, a damaged one, or --ch without --algo ch is refused (exit 2).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { dijkstra, Graph } from '#bestfirst';
import { formatGr, parseMap } from '#bestfirst/io';
import { rng } from '../../support/reference.js';
import { run } from '../../support/cli-run.js';
import { collect } from '../../support/cli-io.js';
import { main } from '../../../cli/main.js';

const DIR = mkdtempSync(join(tmpdir(), 'bestfirst-preprocess-'));

function randomGr(name: string, seed: number, n = 60): string {
  const random = rng(seed), edges: [number, number, number][] = [];
  for (let k = 0; k < 3 * n; k++) edges.push([Math.floor(random() * n), Math.floor(random() * n), 1 + Math.floor(random() * 20)]);
  const file = join(DIR, name);
  writeFileSync(file, formatGr(new Graph(n, edges, { directed: true })));
  return file;
}

test('route --ch answers every query as the hierarchy built by route itself, and says it loaded it', async () => {
  const gr = randomGr('a.gr', 7), ch = join(DIR, 'a.ch');
  const p = await run('preprocess', '--gr', gr, '--out', ch);
  expect(p.code, p.err.join('\n')).toBe(0);
  expect(p.out[0]).toMatch(/^graph .*a\.gr \(60 nodes, \d+ arcs\): hierarchy built in [\d.]+ ms, \d+ shortcuts$/);
  expect(p.out[1]).toBe(`wrote ${ch} (${(readFileSync(ch).length / 1e6).toFixed(1)} MB); route --algo ch --ch ${ch} loads it`);
  const json = await run('preprocess', '--gr', gr, '--out', ch, '--json');
  expect(JSON.parse(json.out[0])).toMatchObject({ gr, out: ch, bytes: readFileSync(ch).length });
  for (const [from, to] of [[1, 60], [5, 17], [33, 2], [9, 9], [40, 41]]) {
    const built = JSON.parse((await run('route', '--gr', gr, '--from', `${from}`, '--to', `${to}`, '--algo', 'ch', '--json')).out[0]);
    const loaded = JSON.parse((await run('route', '--gr', gr, '--from', `${from}`, '--to', `${to}`, '--algo', 'ch', '--ch', ch, '--json')).out[0]);
    expect(loaded).toMatchObject({ status: built.status, cost: built.cost, path: built.path, expansions: built.expansions });
    expect(built.built.loaded).toBe(false);
    expect(loaded.built).toMatchObject({ loaded: true, shortcuts: built.built.shortcuts });
  }
  const text = await run('route', '--gr', gr, '--from', '1', '--to', '60', '--algo', 'ch', '--ch', ch);
  expect(text.out[1]).toMatch(new RegExp(`^hierarchy loaded from ${ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in [\\d.]+ ms: \\d+ shortcuts, [\\d.]+ MB$`));
});

test('a hierarchy of another graph, a damaged file, --ch without --algo ch: refused with the reason, exit 2', async () => {
  const a = randomGr('b.gr', 8), other = randomGr('c.gr', 9), ch = join(DIR, 'b.ch');
  expect((await run('preprocess', '--gr', a, '--out', ch)).code).toBe(0);
  const foreign = await run('route', '--gr', other, '--from', '1', '--to', '2', '--algo', 'ch', '--ch', ch);
  expect(foreign.code).toBe(2);
  expect(foreign.err.join('\n')).toMatch(/the saved hierarchy was built from another space, or from this one before an edit/);
  const bytes = readFileSync(ch);
  bytes[bytes.length - 3] ^= 1;
  const damaged = join(DIR, 'damaged.ch');
  writeFileSync(damaged, bytes);
  const d = await run('route', '--gr', a, '--from', '1', '--to', '2', '--algo', 'ch', '--ch', damaged);
  expect(d.code).toBe(2);
  expect(d.err.join('\n')).toMatch(/the saved hierarchy is damaged/);
  const wrongAlgo = await run('route', '--gr', a, '--from', '1', '--to', '2', '--ch', ch);
  expect(wrongAlgo.code).toBe(2);
  expect(wrongAlgo.err.join('\n')).toMatch(/--ch .* is a saved hierarchy, which --algo ch reads; add --algo ch/);
  const same = await run('preprocess', '--gr', a, '--out', a);
  expect(same.code).toBe(2);
  expect(same.err.join('\n')).toMatch(/is the --gr file/);
});

test('preprocess and route --algo ch draw the build\'s progress on a terminal only; a loaded hierarchy has no build to show', async () => {
  const gr = randomGr('p.gr', 11, 250), ch = join(DIR, 'p.ch');
  for (const argv of [['preprocess', '--gr', gr, '--out', ch], ['route', '--gr', gr, '--from', '1', '--to', '9', '--algo', 'ch']]) {
    const tty = collect({ tty: true });
    expect(await main(argv, tty.io), argv.join(' ')).toBeLessThanOrEqual(1);
    expect(tty.err).toEqual([]);
    expect(tty.status.length, argv[0]).toBeGreaterThan(10);
    expect(tty.status.slice(0, -1).every((l) => /^contracting \[#* *\] \d+\/250$/.test(l)), tty.status.join('\n')).toBe(true);
    expect(tty.status.slice(-2)).toEqual([`contracting [${'#'.repeat(30)}] 250/250`, '']);
    const pipe = collect();
    expect(await main(argv, pipe.io)).toBeLessThanOrEqual(1);
    expect(pipe.status).toEqual([]);
  }
  const loaded = collect({ tty: true });
  expect(await main(['route', '--gr', gr, '--from', '1', '--to', '9', '--algo', 'ch', '--ch', ch], loaded.io)).toBeLessThanOrEqual(1);
  expect(loaded.status).toEqual([]);
});

test('preprocess --map saves each map search\'s preprocessing; scen --saved loads it and answers as the build does', async () => {
  // A small map of rooms: every search that preprocesses takes it (subgoal4 on its 4-connected twin).
  const rows = ['..........', '.@@@@.@@@.', '.@......@.', '.@.@@@@.@.', '...@..@...', '.@.@..@@@.', '.@........', '..........'];
  const map = join(DIR, 'rooms.map');
  writeFileSync(map, `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.join('\n')}\n`);
  const scen = join(DIR, 'rooms.map.scen');
  const lines = ['version 1'];
  // Each optimum by Dijkstra on the map as scen reads it (8-connected, no corner cutting, diagonal sqrt 2).
  const grid = parseMap(readFileSync(map, 'utf8'), 'rooms.map');
  for (const [sx, sy, gx, gy] of [[0, 0, 9, 7], [2, 2, 5, 4], [9, 0, 0, 7], [4, 4, 7, 2]]) {
    const optimum = dijkstra(grid, grid.id(sx, sy), grid.id(gx, gy)).cost;
    lines.push(`0\trooms.map\t10\t8\t${sx}\t${sy}\t${gx}\t${gy}\t${optimum}`);
  }
  writeFileSync(scen, `${lines.join('\n')}\n`);
  for (const algo of ['jps-plus', 'subgoal4', 'subgoal8', 'preprocessed8']) {
    const out = join(DIR, `rooms.${algo}`);
    const p = await run('preprocess', '--map', map, '--algo', algo, '--out', out);
    expect(p.code, p.err.join('\n')).toBe(0);
    expect(p.out[0]).toMatch(new RegExp(`^map .*rooms\\.map \\(10 x 8${algo === 'subgoal4' ? ', 4-connected' : ''}\\): ${algo} built in [\\d.]+ ms$`));
    expect(p.out[1]).toContain(`scen or plan --algo ${algo} --saved ${out} loads it`);
    const json = await run('preprocess', '--map', map, '--algo', algo, '--out', out, '--json');
    expect(JSON.parse(json.out[0])).toMatchObject({ map, algo, out, bytes: readFileSync(out).length });
    // Both runs pass scen's checks, and give the same record per query (times aside).
    const built = await run('scen', scen, '--algo', algo, '--json');
    const loaded = await run('scen', scen, '--algo', algo, '--saved', out, '--json');
    expect([built.code, loaded.code], loaded.err.join('\n')).toEqual([0, 0]);
    const records = (r: { out: string[] }) => r.out.map((l) => { const { elapsedMs: _ms, ...rest } = JSON.parse(l); return rest; });
    expect(records(loaded)).toEqual(records(built));
    expect(records(built)).toHaveLength(4);
    expect(loaded.err.join('\n')).toMatch(/^preprocessing loaded in [\d.]+ ms \(--saved; before the queries\)$/m);
    expect(built.err.join('\n')).toMatch(/^preprocessing [\d.]+ ms \(once for the map, before the queries\)$/m);
  }
  // plan loads it too, and answers as it does when it builds.
  for (const algo of ['subgoal8', 'subgoal4']) {
    const args = ['plan', '--map', map, '--from', '0,0', '--to', '9,7', '--algo', algo, '--json'];
    const built = JSON.parse((await run(...args)).out[0]), loaded = await run(...args, '--saved', join(DIR, `rooms.${algo}`));
    expect(loaded.code, loaded.err.join('\n')).toBe(0);
    const { elapsedMs: _a, buildMs: _b, ...want } = built;
    const { elapsedMs: _c, loadMs, ...got } = JSON.parse(loaded.out[0]);
    expect(got).toEqual(want);
    expect(loadMs).toBeGreaterThanOrEqual(0);
  }
  const ros = await run('plan', '--ros', 'data/ros/tb3_sandbox.yaml', '--from', '-2,-0.5', '--to', '2,0.5', '--radius', '0.11', '--saved', join(DIR, 'rooms.subgoal8'));
  expect([ros.code, ros.err.join('\n')]).toEqual([2, 'bestfirst plan: --saved goes with --map (a ROS map is planned on its costmap, built each time)']);
  // A file of one search given to another, a search that preprocesses nothing, and the wrong forms: exit 2, nothing else printed.
  const other = await run('scen', scen, '--algo', 'jps-plus', '--saved', join(DIR, 'rooms.subgoal8'));
  expect([other.code, other.out]).toEqual([2, []]);
  expect(other.err.join('\n')).toMatch(/JpsPlusSearcher: the saved table does not start with "BFJP"/);
  const astar = await run('scen', scen, '--algo', 'astar', '--saved', join(DIR, 'rooms.subgoal8'));
  expect(astar.err.join('\n')).toMatch(/--saved .*rooms\.subgoal8: astar builds nothing to load; --saved goes with jps-plus, subgoal4, subgoal8, preprocessed8/);
  for (const [args, message] of [
    [['--map', map, '--out', join(DIR, 'x')], /--map needs --algo/],
    [['--map', map, '--algo', 'astar', '--out', join(DIR, 'x')], /--algo must be one of jps-plus, subgoal4, subgoal8, preprocessed8/],
    [['--map', map, '--gr', map, '--out', join(DIR, 'x')], /give --gr .* or --map with --algo .*, not both/],
    [['--out', join(DIR, 'x')], /give --gr .* or --map with --algo .*, one of them/],
    [['--map', map, '--algo', 'subgoal8', '--witness-settles', '5', '--out', join(DIR, 'x')], /--witness-settles goes with --gr/],
    [['--map', map, '--algo', 'subgoal8', '--out', map], /--out .* is the --map file/],
  ] as const) {
    const r = await run('preprocess', ...args);
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.err.join('\n')).toMatch(message);
  }
});

test('preprocess --map and costmap say on a terminal what they are building until it is built, and nothing into a pipe', async () => {
  const out = join(DIR, 'arena.sg8');
  for (const [argv, said] of [
    [['preprocess', '--map', 'data/movingai/dao/arena.map', '--algo', 'subgoal8', '--out', out], 'building subgoal8 for data/movingai/dao/arena.map...'],
    [['costmap', 'data/ros/tb3_sandbox.yaml', '--radius', '0.1', '--out', join(DIR, 'tb3.pgm')], 'inflating data/ros/tb3_sandbox.yaml...'],
  ] as const) {
    const tty = collect({ tty: true });
    expect(await main([...argv], tty.io), argv.join(' ')).toBe(0);
    expect(tty.status).toEqual([said, '']);
    const pipe = collect();
    expect(await main([...argv], pipe.io)).toBe(0);
    expect(pipe.status).toEqual([]);
  }
});
