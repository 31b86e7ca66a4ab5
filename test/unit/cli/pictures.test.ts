// Issue 30, "Pictures": plan, fleet and route draw what they planned.
// PNGs are decoded (test/support/png-decode.ts) and read at known cells;
// SVGs are read for their path polylines; GeoJSON is parsed. Each picture
// must agree with what the command printed, and must not change it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { inflate, withRowOrder } from '#bestfirst/costmap';
import { parseCo } from '#bestfirst/io';
import { loadRosMap } from '../../../cli/ros-map.js';
import { costmapPalette, FREE_CELL, GOAL, hsl, PATH, START, terrainPalette, WALL } from '../../../cli/picture/colours.js';
import { cellPixels } from '../../../cli/picture/draw-grid.js';
import { decodePng } from '../../support/png-decode.js';
import { run } from '../../support/cli-run.js';

const OUT = join('test-output', 'pictures');
const out = (name: string) => join(OUT, name);
beforeAll(() => { mkdirSync(OUT, { recursive: true }); });

const ARENA = 'data/movingai/dao/arena.map';
const TB3 = 'data/ros/tb3_sandbox.yaml';
const WAREHOUSE = 'data/mapf/warehouse-10-20-10-2-1.map';
const WAREHOUSE_SCEN = 'data/mapf/warehouse-10-20-10-2-1-random-1.scen';
const GR = 'data/dimacs/amsterdam-centre.gr';
const CO = 'data/dimacs/amsterdam-centre.co';

type Cell = [number, number];

/** The colour at the centre of cell (x, y) of a picture of k pixels a cell. */
const centre = (png: ReturnType<typeof decodePng>, k: number, [x, y]: readonly [number, number]) => png.pixel(Math.floor((x + 0.5) * k), Math.floor((y + 0.5) * k));

/** Every `<polyline class="path" ...>` of an SVG: its stroke and its points. */
function polylines(svg: string): { stroke: string; points: Cell[] }[] {
  return [...svg.matchAll(/<polyline class="path"[^>]*>/g)].map(([tag]) => ({
    stroke: /stroke="([^"]+)"/.exec(tag)![1],
    points: /points="([^"]*)"/.exec(tag)![1].split(' ').map((p) => p.split(',').map(Number) as Cell),
  }));
}

/** A command's text output with the times taken out, to compare two runs. */
const untimed = (lines: string[]) => lines.map((l) => l.replace(/[\d.]+ (us|ms)/g, 'T $1'));

/** The wrong-but-plausible colours must at least differ from one another, or the pixel checks prove nothing. */
test('the colours a test tells apart are distinct', () => {
  const all = [WALL, FREE_CELL, PATH, START, GOAL, ...[0, 253, 254, 255].map((c) => costmapPalette()[c])].map((c) => c.join());
  expect(new Set(all).size).toBe(all.length);
});

describe('plan --map', () => {
  // A map of every letter, and a path that must bend round the wall.
  const MAP = ['type octile', 'height 6', 'width 9', 'map',
    '.........',
    '.@@@@@@..',
    '......@..',
    'TTS...@..',
    'WWG...@..',
    '.........'].join('\n') + '\n';
  const file = out('letters.map');
  beforeAll(() => { writeFileSync(file, MAP); });

  test('--png: each letter its colour, the path cells red, start and goal their marks; stdout only gains the wrote line', async () => {
    const plain = await run('plan', '--map', file, '--from', '0,0', '--to', '8,5');
    const drawn = await run('plan', '--map', file, '--from', '0,0', '--to', '8,5', '--png', out('letters.png'));
    expect(drawn.code, drawn.err.join('\n')).toBe(0);
    expect(untimed(drawn.out.slice(0, -1))).toEqual(untimed(plain.out));
    const k = cellPixels(9, 6);
    expect(drawn.out.at(-1)).toBe(`wrote ${out('letters.png')}: ${9 * k} x ${6 * k} PNG, ${k} px a cell, ${readFileSync(out('letters.png')).length} bytes`);
    const png = decodePng(readFileSync(out('letters.png')));
    expect([png.width, png.height]).toEqual([9 * k, 6 * k]);
    const path = (JSON.parse((await run('plan', '--map', file, '--from', '0,0', '--to', '8,5', '--json')).out[0]) as { path: Cell[] }).path;
    const on = new Set(path.map(([x, y]) => `${x},${y}`));
    const palette = terrainPalette();
    const seen = new Set<string>();
    MAP.split('\n').slice(4, 10).forEach((row, y) => [...row].forEach((letter, x) => {
      if (on.has(`${x},${y}`)) return; // a diagonal step's stroke crosses a corner, never a neighbour's centre
      expect(centre(png, k, [x, y]), `${letter} at ${x},${y}`).toEqual([...palette[letter.charCodeAt(0)]]);
      seen.add(letter);
    }));
    expect([...seen].sort()).toEqual(['.', '@', 'G', 'S', 'T', 'W'].sort());
    expect(centre(png, k, [1, 1])).toEqual([...WALL]);
    expect(centre(png, k, [4, 5])).toEqual([...FREE_CELL]);
    for (const c of path.slice(1, -1)) expect(centre(png, k, c), `path cell ${c.join()}`).toEqual([...PATH]);
    expect(centre(png, k, path[0])).toEqual([...START]);
    expect(centre(png, k, path.at(-1)!)).toEqual([...GOAL]);
  });

  test('--svg on arena.map: the path polyline runs through the printed cells\' centres; --json stays one record', async () => {
    const r = await run('plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--svg', out('arena.svg'), '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toHaveLength(1);
    const { path } = JSON.parse(r.out[0]) as { path: Cell[] };
    const svg = readFileSync(out('arena.svg'), 'utf8');
    const k = cellPixels(49, 49);
    expect(svg).toContain(`width="${49 * k}" height="${49 * k}"`);
    const lines = polylines(svg);
    expect(lines).toHaveLength(1);
    expect(lines[0].points).toEqual(path.map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k]));
    // Runs, not cells: far fewer rects than the map's 2401 cells.
    expect((svg.match(/<rect /g) ?? []).length).toBeLessThan(400);
  });

  test('--any-angle: the polyline goes through the waypoints; the PNG has the path colour along a segment, off the grid steps', async () => {
    const r = await run('plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--any-angle', '--svg', out('arena-any-angle.svg'), '--png', out('arena-any-angle.png'), '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const { path } = JSON.parse(r.out[0]) as { path: Cell[] };
    expect(path.length).toBeLessThan(10);
    const k = cellPixels(49, 49);
    expect(polylines(readFileSync(out('arena-any-angle.svg'), 'utf8'))[0].points).toEqual(path.map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k]));
    const png = decodePng(readFileSync(out('arena-any-angle.png')));
    // The midpoint of the first segment, wherever it falls.
    const [[x0, y0], [x1, y1]] = path;
    expect(png.pixel(Math.floor(((x0 + x1) / 2 + 0.5) * k), Math.floor(((y0 + y1) / 2 + 0.5) * k))).toEqual([...PATH]);
    for (const c of path.slice(1, -1)) expect(centre(png, k, c)).toEqual([...PATH]);
  });

  test('no path: the map, start and goal are drawn all the same (exit 1)', async () => {
    const split = out('split.map');
    writeFileSync(split, ['type octile', 'height 3', 'width 5', 'map', '..@..', '..@..', '..@..'].join('\n') + '\n');
    const r = await run('plan', '--map', split, '--from', '0,0', '--to', '4,2', '--png', out('split.png'));
    expect(r.code).toBe(1);
    expect(r.out.at(-1)).toMatch(/^wrote .*split\.png: /);
    const png = decodePng(readFileSync(out('split.png')));
    const k = cellPixels(5, 3);
    expect(centre(png, k, [0, 0])).toEqual([...START]);
    expect(centre(png, k, [4, 2])).toEqual([...GOAL]);
    expect(centre(png, k, [2, 1])).toEqual([...WALL]);
    expect(centre(png, k, [1, 1])).toEqual([...FREE_CELL]);
  });
});

test('plan --ros: the costmap in Nav2\'s colours (as inflated here by the library), the path over it', async () => {
  const argv = ['plan', '--ros', TB3, '--from', '-2,-0.5', '--to', '2,0.5', '--radius', '0.11'];
  const r = await run(...argv, '--png', out('tb3.png'), '--svg', out('tb3.svg'), '--json');
  expect(r.code, r.err.join('\n')).toBe(0);
  const rec = JSON.parse(r.out[0]) as { fromCell: Cell; toCell: Cell; path: Cell[] };
  const { map } = loadRosMap(TB3, TB3);
  const { width, height, cost } = withRowOrder(inflate(map, { inscribedRadius: 0.11, inflationRadius: 0.55, costScalingFactor: 3, unknown: 'keep' }), 'top-down');
  const k = cellPixels(width, height);
  const png = decodePng(readFileSync(out('tb3.png')));
  expect([png.width, png.height]).toEqual([width * k, height * k]);
  const palette = costmapPalette();
  // The path in cells (column, row from the top), from its centres in metres.
  const cells = rec.path.map(([x, y]): Cell => [Math.floor((x - map.origin.x) / map.resolution), height - 1 - Math.floor((y - map.origin.y) / map.resolution)]);
  expect(cells[0]).toEqual(rec.fromCell);
  expect(cells.at(-1)).toEqual(rec.toCell);
  const near = (i: number) => cells.some(([x, y]) => Math.abs(x - (i % width)) <= 2 && Math.abs(y - Math.floor(i / width)) <= 2);
  // Free, a cheap and a dear graded cost, inscribed, lethal, unknown: the first cell of each, away from the path.
  for (const [what, wanted] of [['free', (c: number) => c === 0], ['cheap', (c: number) => c >= 1 && c < 100], ['dear', (c: number) => c > 200 && c < 253], ['inscribed', (c: number) => c === 253], ['lethal', (c: number) => c === 254], ['unknown', (c: number) => c === 255]] as const) {
    const i = cost.findIndex((c, j) => wanted(c) && !near(j));
    expect(i, `a ${what} cell`).toBeGreaterThanOrEqual(0);
    expect(centre(png, k, [i % width, Math.floor(i / width)]), `a ${what} cell, cost ${cost[i]}`).toEqual([...palette[cost[i]]]);
  }
  // The graded band runs from blue (cheap) to red (dear).
  expect(palette[10][2]).toBeGreaterThan(palette[10][0]);
  expect(palette[250][0]).toBeGreaterThan(palette[250][2]);
  // Cells of 5 pixels: the marks (a 250th of the longer side) cover the path's next cells, so those are left out.
  for (const c of cells.slice(3, -3)) expect(centre(png, k, c)).toEqual([...PATH]);
  expect(centre(png, k, rec.fromCell)).toEqual([...START]);
  expect(centre(png, k, rec.toCell)).toEqual([...GOAL]);
  expect(polylines(readFileSync(out('tb3.svg'), 'utf8'))[0].points).toEqual(cells.map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k]));
});

test('fleet --svg: one polyline per agent, each its own colour, along its path (waits drawn once); starts and goals marked', async () => {
  const argv = ['fleet', '--map', WAREHOUSE, '--scen', WAREHOUSE_SCEN, '--agents', '5'];
  const plain = await run(...argv);
  const r = await run(...argv, '--svg', out('fleet.svg'));
  expect(r.code, r.err.join('\n')).toBe(0);
  expect(untimed(r.out.slice(0, -1))).toEqual(untimed(plain.out));
  expect(r.out.at(-1)).toMatch(/^wrote test-output\/pictures\/fleet\.svg: \d+ x \d+ SVG/);
  const { paths } = JSON.parse((await run(...argv, '--json')).out[0]) as { paths: Cell[][] };
  const svg = readFileSync(out('fleet.svg'), 'utf8');
  const lines = polylines(svg);
  const k = cellPixels(161, 63);
  expect(lines).toHaveLength(5);
  expect(new Set(lines.map((l) => l.stroke)).size).toBe(5);
  lines.forEach((l, i) => {
    const moves = paths[i].filter((c, j) => j === 0 || c[0] !== paths[i][j - 1][0] || c[1] !== paths[i][j - 1][1]);
    expect(l.points, `agent ${i}`).toEqual(moves.map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k]));
  });
  for (let i = 0; i < 5; i++) {
    expect(svg).toMatch(new RegExp(`<circle class="mark" data-label="start ${i}"`));
    expect(svg).toMatch(new RegExp(`<rect class="mark" data-label="goal ${i}"`));
  }
  // The PNG: each agent's start and goal in its colour (where no other agent's mark sits on the same cell).
  const png = await run(...argv, '--png', out('fleet.png'));
  expect(png.code).toBe(0);
  const picture = decodePng(readFileSync(out('fleet.png')));
  expect([picture.width, picture.height]).toEqual([161 * k, 63 * k]);
  const ends = paths.flatMap((p) => [p[0], p.at(-1)!].map((c) => c.join()));
  paths.forEach((p, i) => {
    const colour = /#(..)(..)(..)/.exec(lines[i].stroke)!.slice(1).map((h) => parseInt(h, 16));
    for (const c of [p[0], p.at(-1)!]) {
      if (ends.filter((e) => e === c.join()).length === 1) expect(centre(picture, k, c), `agent ${i} at ${c.join()}`).toEqual(colour);
    }
  });
  // The golden-angle hues: agent 1 is the second colour of the palette.
  const [r1, g1, b1] = hsl(180 * (3 - Math.sqrt(5)), 0.75, 0.42);
  expect(lines[1].stroke).toBe(`#${[r1, g1, b1].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
});

describe('route', () => {
  const co = parseCo(readFileSync(CO, 'utf8'), CO);
  const argv = ['route', '--gr', GR, '--co', CO, '--from', '1', '--to', '618', '--algo', 'astar'];

  test('--geojson: a LineString of [lon, lat], one position per path node, the .co coordinates / 10^6', async () => {
    const plain = await run(...argv);
    const r = await run(...argv, '--geojson', out('amsterdam.geojson'));
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(untimed(r.out.slice(0, -1))).toEqual(untimed(plain.out));
    const { path } = JSON.parse((await run(...argv, '--json')).out[0]) as { path: number[] };
    const f = JSON.parse(readFileSync(out('amsterdam.geojson'), 'utf8')) as { type: string; geometry: { type: string; coordinates: [number, number][] }; properties: { nodes: number[]; coScale: number } };
    expect(f.type).toBe('Feature');
    expect(f.geometry.type).toBe('LineString');
    expect(f.geometry.coordinates).toHaveLength(path.length);
    expect(f.properties.nodes).toEqual(path);
    expect(f.properties.coScale).toBe(1e6);
    expect(f.geometry.coordinates[0]).toEqual([co.x[0] / 1e6, co.y[0] / 1e6]);
    expect(f.geometry.coordinates.at(-1)).toEqual([co.x[617] / 1e6, co.y[617] / 1e6]);
    const scaled = await run(...argv, '--geojson', out('amsterdam-100.geojson'), '--co-scale', '100');
    expect(scaled.code).toBe(0);
    const g = JSON.parse(readFileSync(out('amsterdam-100.geojson'), 'utf8')) as typeof f;
    expect(g.geometry.coordinates[0]).toEqual([co.x[0] / 100, co.y[0] / 100]);
  });

  test('--svg: the path polyline is the path\'s nodes projected, one scale on both axes, y flipped (north up)', async () => {
    const r = await run(...argv, '--svg', out('amsterdam.svg'), '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toHaveLength(1);
    const { path } = JSON.parse(r.out[0]) as { path: number[] };
    const svg = readFileSync(out('amsterdam.svg'), 'utf8');
    const [line] = polylines(svg);
    expect(line.points).toHaveLength(path.length);
    // px = a + s x, py = b - s y: one s from the whole path, checked on every point (to the writer's 0.01 px).
    const [p0, n0] = [line.points[0], path[0] - 1];
    const far = path.reduce((best, n, i) => (Math.abs(co.x[n - 1] - co.x[n0]) > Math.abs(co.x[path[best] - 1] - co.x[n0]) ? i : best), 0);
    const s = (line.points[far][0] - p0[0]) / (co.x[path[far] - 1] - co.x[n0]);
    expect(s).toBeGreaterThan(0);
    path.forEach((n, i) => {
      expect(line.points[i][0]).toBeCloseTo(p0[0] + s * (co.x[n - 1] - co.x[n0]), 1);
      expect(line.points[i][1]).toBeCloseTo(p0[1] - s * (co.y[n - 1] - co.y[n0]), 1);
    });
    expect(svg).toMatch(/<path class="arcs" d="M/);
  });
});

test('route --geojson without a whole path: null geometry (unreachable, negative cycle), a Point for a path of one node', async () => {
  const gr = out('tiny.gr'), co = out('tiny.co'), neg = out('negative.gr'), negCo = out('negative.co');
  writeFileSync(gr, 'p sp 4 3\na 1 2 5\na 2 3 7\na 3 1 1\n');
  writeFileSync(co, 'p aux sp co 4\nv 1 4900000 52370000\nv 2 4901000 52371000\nv 3 4902000 52370500\nv 4 0 0\n');
  writeFileSync(neg, 'p sp 3 3\na 1 2 1\na 2 3 -5\na 3 2 1\n');
  writeFileSync(negCo, 'p aux sp co 3\nv 1 0 0\nv 2 1000 0\nv 3 1000 1000\n');
  type Feature = { geometry: { type: string; coordinates: number[] | number[][] } | null; properties: { status: string; nodes: number[] } };
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Feature;

  const none = await run('route', '--gr', gr, '--co', co, '--from', '1', '--to', '4', '--geojson', out('none.geojson'), '--svg', out('none.svg'));
  expect(none.code).toBe(1);
  expect(read(out('none.geojson'))).toMatchObject({ geometry: null, properties: { status: 'unreachable', nodes: [] } });
  expect(polylines(readFileSync(out('none.svg'), 'utf8'))).toEqual([]);

  const one = await run('route', '--gr', gr, '--co', co, '--from', '2', '--to', '2', '--geojson', out('one.geojson'));
  expect(one.code).toBe(0);
  expect(read(out('one.geojson')).geometry).toEqual({ type: 'Point', coordinates: [4.901, 52.371] });

  const found = await run('route', '--gr', gr, '--co', co, '--from', '1', '--to', '3', '--geojson', out('three.geojson'));
  expect(found.code).toBe(0);
  expect(read(out('three.geojson')).geometry).toEqual({ type: 'LineString', coordinates: [[4.9, 52.37], [4.901, 52.371], [4.902, 52.3705]] });

  const cycle = await run('route', '--gr', neg, '--co', negCo, '--from', '1', '--to', '3', '--algo', 'bellman-ford', '--geojson', out('cycle.geojson'));
  expect(cycle.code).toBe(1);
  expect(cycle.out.at(-1)).toMatch(/^wrote .*cycle\.geojson: GeoJSON, 0 positions/);
  expect(read(out('cycle.geojson'))).toMatchObject({ geometry: null, properties: { status: 'negative-cycle' } });
});

describe('refusals: one line naming the option and the file, exit 2, nothing on stdout', () => {
  mkdirSync(OUT, { recursive: true });
  const cases: [string[], RegExp][] = [
    [['route', '--gr', GR, '--from', '1', '--to', '618', '--geojson', out('x.geojson')], /^bestfirst route: --geojson test-output\/pictures\/x\.geojson needs --co FILE\.co/],
    [['route', '--gr', GR, '--from', '1', '--to', '618', '--svg', out('x.svg')], /^bestfirst route: --svg test-output\/pictures\/x\.svg needs --co FILE\.co/],
    [['route', '--gr', GR, '--co', CO, '--from', '1', '--to', '618', '--co-scale', '100'], /^bestfirst route: --co-scale is the scale of the --geojson file's coordinates/],
    [['route', '--gr', GR, '--co', CO, '--from', '1', '--to', '618', '--geojson', out('x.geojson'), '--co-scale', '1'], /^bestfirst route: --co data\/dimacs\/amsterdam-centre\.co node 1 is at -930 -460, which --co-scale 1 makes longitude -930, latitude -460: not degrees/],
    [['route', '--gr', GR, '--co', CO, '--from', '1', '--to', '618', '--geojson', out('x.geojson'), '--co-scale', '0'], /^bestfirst route: --co-scale must be a decimal number > 0, got 0$/],
    [['route', '--gr', GR, '--co', CO, '--from', '1', '--to', '618', '--geojson', OUT], /^bestfirst route: cannot write --geojson test-output\/pictures: it is a directory$/],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--png', OUT], /^bestfirst plan: cannot write --png test-output\/pictures: it is a directory$/],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--svg', 'test-output/no/such/folder.svg'], /^bestfirst plan: cannot write --svg test-output\/no\/such\/folder\.svg: no such folder test-output\/no\/such$/],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--svg', ARENA], /^bestfirst plan: --svg data\/movingai\/dao\/arena\.map is one of the files read/],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--svg', out('same'), '--png', out('same')], /^bestfirst plan: --png test-output\/pictures\/same is also --svg/],
    [['plan', '--ros', TB3, '--from', '-2,-0.5', '--to', '2,0.5', '--radius', '0.11', '--png', OUT], /^bestfirst plan: cannot write --png test-output\/pictures: it is a directory$/],
    [['fleet', '--map', WAREHOUSE, '--scen', WAREHOUSE_SCEN, '--agents', '5', '--svg', OUT], /^bestfirst fleet: cannot write --svg test-output\/pictures: it is a directory$/],
    [['plan', '--map', ARENA, '--from', '1,7', '--to', '40,40', '--svg'], /^bestfirst plan: --svg needs a value \(FILE\.svg\)$/],
  ];
  test.each(cases)('%j', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });
});
