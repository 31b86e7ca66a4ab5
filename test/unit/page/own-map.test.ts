import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { flood, Grid, octile, Searcher, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, sum, type Priority } from '#bestfirst';
import { checkScenario, parseMap, parseRosMap, parseRosYaml, parseScen, toGrid } from '#bestfirst/io';
import { comfortable, components, farApart, scenarioChoices, SCENARIO_CHOICES } from '../../../web/src/own-map/endpoints.js';
import { CHUNK, runLane } from '../../../web/src/own-map/lane-run.js';
import { FileChoiceError, imageFor, pairFiles } from '../../../web/src/own-map/map-files.js';
import { MapWorkerCore } from '../../../web/src/own-map/map-worker-core.js';
import type { FromWorker, MapSource, ToWorker } from '../../../web/src/own-map/protocol.js';
import { laneRate, Reveal, SWEEP_SECONDS } from '../../../web/src/own-map/reveal.js';
import { dataFile } from '../../support/data.js';

/** The four lanes as the library is asked for them here, written out (not read from the page's LANES). */
const PRIORITIES: Priority[] = [LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, sum(1)];
function library(grid: Grid, start: number, goal: number, lane: number) {
  const s = new Searcher(grid);
  s.search(start, goal, { priority: PRIORITIES[lane], heuristic: octile(grid), reopen: false, trace: true });
  const path = s.path();
  return { status: s.status, expansions: s.expansions, cost: s.cost, links: path ? path.length - 1 : -1, path, pops: s.trace!.pops.map((p) => p.node) };
}

const thrown = (f: () => unknown): string => {
  try { f(); } catch (e) { return (e as Error).message; }
  throw new Error('expected a throw');
};

const names = (...ns: string[]) => ns.map((name) => ({ name }));

describe('own map: which files make a map (web/src/own-map/map-files.ts)', () => {
  it('pairs a .map with its .scen, a ROS yaml with its images, whatever the order and a .gz', () => {
    expect(pairFiles(names('a.map'))).toEqual({ kind: 'movingai', map: { name: 'a.map' }, scen: null });
    expect(pairFiles(names('a.map.scen', 'A.MAP'))).toEqual({ kind: 'movingai', map: { name: 'A.MAP' }, scen: { name: 'a.map.scen' } });
    expect(pairFiles(names('m.pgm.gz', 'm.yaml'))).toEqual({ kind: 'ros', yaml: { name: 'm.yaml' }, images: [{ name: 'm.pgm.gz' }] });
    expect(pairFiles(names('m.yml'))).toEqual({ kind: 'ros', yaml: { name: 'm.yml' }, images: [] });
  });

  it('refuses what cannot be one map, saying what to open', () => {
    const cases: [string[], RegExp][] = [
      [[], /No file was chosen/],
      [['notes.txt', 'a.map'], /Not a map file: notes\.txt/],
      [['a.map', 'b.map'], /one map at a time: got 2 \.map files \(a\.map, b\.map\)/],
      [['a.map', 'm.yaml'], /mixes a Moving AI map and a ROS map/],
      [['a.yaml', 'b.yaml', 'a.pgm'], /got 2 YAML files/],
      [['a.map', 'a.pgm'], /needs no image/],
      [['a.map', 'a.scen', 'b.scen'], /at most one \.scen/],
      [['m.yaml', 'a.scen'], /goes with a Moving AI \.map/],
      [['a.scen'], /open it together with its \.map/],
      [['m.pgm'], /read through its \.yaml/],
    ];
    for (const [files, message] of cases) {
      expect(() => pairFiles(names(...files)), files.join(' ')).toThrow(FileChoiceError);
      expect(thrown(() => pairFiles(names(...files)))).toMatch(message);
    }
  });

  it('finds the image the YAML names, by file name, with or without .gz', () => {
    const images = names('other.pgm', 'map.pgm.gz');
    expect(imageFor('maps/map.pgm', 'map.yaml', images)).toBe(images[1]);
    expect(thrown(() => imageFor('house.pgm', 'map.yaml', images))).toBe('map.yaml names the image "house.pgm": open that file together with the YAML (given: other.pgm, map.pgm.gz).');
  });
});

describe('own map: the default start and goal (web/src/own-map/endpoints.ts)', () => {
  const arena = parseMap(readFileSync(dataFile('movingai/dao/arena.map'), 'utf8'), 'arena.map');
  const rows = parseScen(readFileSync(dataFile('movingai/dao/arena.map.scen'), 'utf8'), 'arena.map.scen');

  it('offers the scenario\'s last row first (the default), then its first rows', () => {
    const { choices, problem } = scenarioChoices(arena, rows, 'arena.map.scen');
    expect(problem).toBeNull();
    const want = [rows[rows.length - 1], ...rows.slice(0, SCENARIO_CHOICES)];
    expect(choices.map((c) => [c.start, c.goal])).toEqual(want.map((s) => [arena.id(s.startX, s.startY), arena.id(s.goalX, s.goalY)]));
    expect(choices[0].label).toContain(`line ${rows[rows.length - 1].line}`);
  });

  it('a row that does not fit the map ends the list with the library\'s own message', () => {
    const bad = rows.slice(0, 3).map((s, i) => (i === 2 ? { ...s, startX: 9999 } : s));
    const { choices, problem } = scenarioChoices(arena, bad, 'arena.map.scen');
    expect(problem).toBe(thrown(() => checkScenario(bad[2], arena, 'arena.map.scen')));
    // The last row (the default) is the bad one here: nothing is offered.
    expect(choices).toEqual([]);
  });

  it('without a scenario: two cells of the largest component with room around them, the second the farthest such cell from the first (seeded random grids)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 9 }), fc.array(fc.boolean(), { minLength: 108, maxLength: 108 }), (w, h, walls) => {
      const grid = new Grid(w, h, walls.slice(0, w * h).map((b) => (b ? 1 : 0)));
      const pick = farApart(grid);
      // The reference: component sizes by repeated floods of the library (quadratic, fine on 108 cells).
      let largest = 0;
      for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) largest = Math.max(largest, flood(grid, n).reached);
      if (largest === 0) { expect(pick).toBeNull(); return; }
      expect(pick).not.toBeNull();
      const fromStart = flood(grid, pick!.start);
      expect(fromStart.reached).toBe(largest);
      // Room, by brute force: the distance to the nearest blocked cell or past the edge, centre to centre.
      const room = (n: number) => {
        const x = n % w, y = Math.floor(n / w);
        let r = Math.min(x + 1, y + 1, w - x, h - y);
        for (let m = 0; m < grid.size; m++) if (grid.isBlocked(m)) r = Math.min(r, Math.hypot(m % w - x, Math.floor(m / w) - y));
        return r;
      };
      const inComponent = Array.from({ length: grid.size }, (_, n) => n).filter((n) => Number.isFinite(fromStart.g[n]));
      const c = comfortable(Math.max(...inComponent.map(room)));
      expect(room(pick!.start)).toBeGreaterThanOrEqual(c);
      expect(room(pick!.goal)).toBeGreaterThanOrEqual(c);
      const far = Math.max(...inComponent.filter((n) => room(n) >= c).map((n) => fromStart.g[n]));
      expect(fromStart.g[pick!.goal]).toBe(far);
      expect(components(grid).largestSize).toBe(largest);
    }), { seed: 1515, numRuns: 200 });
  });
});

describe('own map: a lane\'s search and its closed cells (web/src/own-map/lane-run.ts)', () => {
  it('hands out the cells each lane closes, in the order the library\'s trace pops them, and the same counters', () => {
    const grid = parseMap(readFileSync(dataFile('movingai/dao/arena.map'), 'utf8'), 'arena.map');
    const rows = parseScen(readFileSync(dataFile('movingai/dao/arena.map.scen'), 'utf8'), 'arena.map.scen');
    for (const s of [rows[0], rows[rows.length - 1]]) {
      const start = grid.id(s.startX, s.startY), goal = grid.id(s.goalX, s.goalY);
      for (let lane = 0; lane < 4; lane++) {
        const chunks: Int32Array[] = [], totals: number[] = [];
        const got = runLane(grid, lane, start, goal, (c, t) => { chunks.push(c); totals.push(t); });
        const want = library(grid, start, goal, lane);
        expect({ ...got, path: got.path && Array.from(got.path) }).toEqual({ status: want.status, expansions: want.expansions, cost: want.cost, links: want.links, path: want.path });
        const order = chunks.flatMap((c) => Array.from(c));
        expect(order).toEqual(want.pops);
        expect(chunks.slice(0, -1).every((c) => c.length === CHUNK)).toBe(true);
        expect(totals[totals.length - 1]).toBe(want.expansions);
      }
    }
  });

  it('an unreachable goal: every closed cell of the start\'s component, no path', () => {
    const grid = Grid.fromAscii(['..#..', '..#..']);
    const chunks: Int32Array[] = [];
    const got = runLane(grid, 1, grid.id(0, 0), grid.id(4, 1), (c) => chunks.push(c));
    expect(got).toMatchObject({ status: 'unreachable', expansions: 4, links: -1, path: null, cost: Infinity });
    expect(chunks.flatMap((c) => Array.from(c)).sort()).toEqual([0, 1, 5, 6]);
  });
});

describe('own map: playback (web/src/own-map/reveal.ts)', () => {
  it('shows what the time pays for at the rate, never more than has arrived, carrying fractions', () => {
    expect(laneRate(1000, 1)).toBe(1000 / SWEEP_SECONDS);
    const r = new Reveal();
    expect(r.step(100, 25, 100)).toEqual([0, 2]); // 2.5 cells: 2 now, half a cell carried
    expect(r.step(20, 25, 100)).toEqual([2, 3]); // 0.5 + 0.5
    expect(r.step(10_000, 25, 40)).toEqual([3, 40]); // capped by what arrived
    expect(r.step(16, Infinity, 90)).toEqual([40, 90]);
    r.reset();
    expect(r.shown).toBe(0);
    // Sixty frames of 1/60 s at 60 cells a second: 60 cells, within one for the float sums.
    let shown = 0;
    for (let i = 0; i < 60; i++) shown = r.step(1000 / 60, 60, 1e9)[1];
    expect(Math.abs(shown - 60)).toBeLessThanOrEqual(1);
  });
});

describe('own map: the worker\'s work, in Node (web/src/own-map/map-worker-core.ts)', () => {
  const blob = (part: string | Uint8Array<ArrayBuffer>) => new Blob([part]);
  const core = () => {
    const out: FromWorker[] = [];
    const c = new MapWorkerCore((m) => out.push(m));
    return { c, out };
  };

  it('loads a .map and its .scen, then runs the four lanes: the counters are the library\'s', async () => {
    const mapText = readFileSync(dataFile('movingai/dao/arena.map'), 'utf8');
    const scenText = readFileSync(dataFile('movingai/dao/arena.map.scen'), 'utf8');
    const { c, out } = core();
    await c.receive({ type: 'load', map: 1, files: [{ name: 'arena.map.scen', blob: blob(scenText) }, { name: 'arena.map', blob: blob(mapText) }] });
    const loaded = out.find((m) => m.type === 'loaded')!;
    if (loaded.type !== 'loaded') throw new Error('not loaded');
    const rows = parseScen(scenText, 'x'), last = rows[rows.length - 1], grid = parseMap(mapText, 'arena.map');
    expect([loaded.width, loaded.height, loaded.name]).toEqual([grid.width, grid.height, 'arena.map']);
    expect(Array.from(loaded.cells)).toEqual(Array.from(grid.cells));
    const { start, goal } = loaded.choices[0];
    expect([start, goal]).toEqual([grid.id(last.startX, last.startY), grid.id(last.goalX, last.goalY)]);
    await c.receive({ type: 'run', seq: 1, start, goal });
    const lanes = out.filter((m) => m.type === 'lane');
    expect(lanes.length).toBe(4);
    for (const m of lanes) {
      if (m.type !== 'lane') continue;
      const want = library(grid, start, goal, m.lane);
      expect([m.summary.status, m.summary.expansions, m.summary.cost, m.summary.links]).toEqual([want.status, want.expansions, want.cost, want.links]);
      const cells = out.filter((p) => p.type === 'progress' && p.lane === m.lane).flatMap((p) => (p.type === 'progress' ? Array.from(p.cells) : []));
      expect(cells.length).toBe(want.expansions);
    }
    expect(out[out.length - 1]).toEqual({ type: 'stopped', seq: 1, why: 'done' });
  });

  it('a malformed .map: the library\'s exact message, nothing loaded', async () => {
    const bad = 'type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n';
    const { c, out } = core();
    await c.receive({ type: 'load', map: 7, files: [{ name: 'bad.map', blob: blob(bad) }] });
    expect(out).toEqual([{ type: 'load-error', map: 7, source: 'library', message: thrown(() => parseMap(bad, 'bad.map')) }]);
    await c.receive({ type: 'run', seq: 1, start: 0, goal: 1 });
    expect(out[1]).toMatchObject({ type: 'run-error', source: 'page', message: 'No map is loaded.' });
  });

  it('a ROS yaml with its gzip\'d pgm: the grid toGrid makes, unknown blocked, and two far-apart cells', async () => {
    const yaml = readFileSync(dataFile('ros/tb3_sandbox.yaml'), 'utf8'), gz = readFileSync(dataFile('ros/tb3_sandbox.pgm.gz'));
    const { c, out } = core();
    await c.receive({ type: 'load', map: 1, files: [{ name: 'tb3_sandbox.yaml', blob: blob(yaml) }, { name: 'tb3_sandbox.pgm.gz', blob: blob(new Uint8Array(gz)) }] });
    const m = out[0];
    if (m.type !== 'loaded') throw new Error(JSON.stringify(m));
    const grid = toGrid(parseRosMap(yaml, gunzipSync(gz), 'tb3_sandbox.yaml'), { unknown: 'blocked' });
    expect([m.width, m.height]).toEqual([grid.width, grid.height]);
    expect(Array.from(m.cells)).toEqual(Array.from(grid.cells));
    expect(m.choices[0]).toEqual(farApart(grid));
    expect(m.about).toContain('metres');
  });

  it('a cancel is read between lanes: the query stops after the lane that was running', async () => {
    const grid = Grid.fromAscii(['.'.repeat(40), ...Array(20).fill('.'.repeat(40))]);
    const files: MapSource[] = [{ name: 'open.map', blob: blob(['type octile', `height ${grid.height}`, `width ${grid.width}`, 'map', ...Array(grid.height).fill('.'.repeat(grid.width))].join('\n')) }];
    const out: FromWorker[] = [];
    const sent: ToWorker[] = [];
    const c: MapWorkerCore = new MapWorkerCore((m) => {
      out.push(m);
      // The page's Cancel, arriving while lane 0 has just ended.
      if (m.type === 'lane' && m.lane === 0) { const x: ToWorker = { type: 'cancel', seq: 1 }; sent.push(x); void c.receive(x); }
    });
    await c.receive({ type: 'load', map: 1, files });
    await c.receive({ type: 'run', seq: 1, start: 0, goal: grid.size - 1 });
    expect(sent.length).toBe(1);
    expect(out.filter((m) => m.type === 'lane').length).toBe(1);
    expect(out[out.length - 1]).toEqual({ type: 'stopped', seq: 1, why: 'cancelled' });
    // A newer query supersedes one still queued: the old one stops before its first lane.
    out.length = 0;
    const first = c.receive({ type: 'run', seq: 2, start: 0, goal: 5 });
    const second = c.receive({ type: 'run', seq: 3, start: 0, goal: 7 });
    await Promise.all([first, second]);
    expect(out[0]).toEqual({ type: 'stopped', seq: 2, why: 'cancelled' });
    expect(out.filter((m) => m.type === 'lane').every((m) => m.type === 'lane' && m.seq === 3)).toBe(true);
    expect(out[out.length - 1]).toEqual({ type: 'stopped', seq: 3, why: 'done' });
  });

  it('a load overtaken by a newer one stops and posts nothing; the newer one loads', async () => {
    const mapText = readFileSync(dataFile('movingai/dao/arena.map'), 'utf8');
    const { c, out } = core();
    const first = c.receive({ type: 'load', map: 1, files: [{ name: 'big.map', blob: blob(['type octile', 'height 300', 'width 300', 'map', ...Array(300).fill('.'.repeat(300))].join('\n')) }] });
    const second = c.receive({ type: 'load', map: 2, files: [{ name: 'arena.map', blob: blob(mapText) }] });
    await Promise.all([first, second]);
    expect(out.map((m) => [m.type, 'map' in m ? m.map : -1])).toEqual([['loaded', 2]]);
  });

  it('a refusal that is not the library\'s is told apart: an InputError is "library", a file choice "page"', async () => {
    const { c, out } = core();
    await c.receive({ type: 'load', map: 1, files: [{ name: 'm.yaml', blob: blob('image: m.pgm\nresolution: 0.05\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n') }] });
    expect(out[0]).toMatchObject({ type: 'load-error', source: 'page' });
    // The same pair of files, the YAML now refused by the library's reader: an InputError, so "library".
    const yaml = 'image: m.pgm\nresolution: -1\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
    await c.receive({ type: 'load', map: 2, files: [{ name: 'm.yaml', blob: blob(yaml) }, { name: 'm.pgm', blob: blob('P5\n1 1\n255\n\0') }] });
    expect(out[1]).toMatchObject({ type: 'load-error', map: 2, source: 'library', message: thrown(() => parseRosYaml(yaml, 'm.yaml')) });
  });
});
