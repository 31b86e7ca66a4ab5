// Issue 35: each reader on mutated bytes. Valid small files, mutated (a byte
// flipped, deleted, inserted or doubled, a line doubled or dropped, the text
// cut short, a number made huge, negative or NaN), must either read into
// something that keeps the format's invariants (checked here, independently)
// or be refused with an InputError that names the file; never another error,
// never a hang.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { InputError } from '#bestfirst';
import { parseCo, parseGr, parseMap, parsePgm, parseRoads, parseRosYaml, parseScen } from '#bestfirst/io';

const MAP = 'type octile\nheight 3\nwidth 4\nmap\n.@..\n..T.\nS..W\n';
const SCEN = 'version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n1\tm.map\t4\t3\t1\t1\t2\t0\t1.41421356\n';
const GR = 'c tiny\np sp 3 3\na 1 2 5\na 2 3 7\na 3 1 1\n';
const CO = 'p aux sp co 3\nv 1 10 20\nv 2 -5 7\nv 3 0 0\n';
const YAML = 'image: m.pgm\nresolution: 0.05\norigin: [-1.0, 2.5, 0.0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';
const PGM = new Uint8Array([...new TextEncoder().encode('P5\n3 2\n255\n'), 0, 100, 205, 254, 255, 7]);
const int32 = (...v: number[]) => new Uint8Array(Int32Array.from(v).buffer);
const ROADS_CO = int32(0, 0, 3, 4, 6, 8), ROADS_GR = int32(1, 2, 2, 3);

const PIECES = ['0', '9', '-', '.', 'e', ' ', '\t', '\n', '\r', 'x', '#', '@', 'p', 'a', 'v', ':', '[', ']', '99999999999999999999', '-1', 'NaN', '1e400'];

/** One mutation of a text: [kind, position, piece]. */
const mutation = fc.tuple(fc.constantFrom('flip', 'delete', 'insert', 'double', 'cut', 'line-double', 'line-drop'), fc.nat(10_000), fc.constantFrom(...PIECES));

function mutate(text: string, [kind, at, piece]: [string, number, string]): string {
  const i = text.length === 0 ? 0 : at % text.length;
  const lines = text.split('\n'), j = at % Math.max(1, lines.length);
  switch (kind) {
    case 'flip': return text.slice(0, i) + piece[0] + text.slice(i + 1);
    case 'delete': return text.slice(0, i) + text.slice(i + 1);
    case 'insert': return text.slice(0, i) + piece + text.slice(i);
    case 'double': return text.slice(0, i + 1) + text.slice(i);
    case 'cut': return text.slice(0, i);
    case 'line-double': return [...lines.slice(0, j + 1), ...lines.slice(j)].join('\n');
    default: return [...lines.slice(0, j), ...lines.slice(j + 1)].join('\n');
  }
}

/** Runs a read: its answer goes to `check` (which returns what is wrong, or null), or it must be an InputError naming `file`. */
function expectReadOrRefused(read: () => unknown, file: string, check: (r: never) => string | null): 'read' | 'refused' {
  let r: unknown;
  try {
    r = read();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(InputError);
    expect((e as Error).message, 'names the file').toContain(file);
    return 'refused';
  }
  expect(check(r as never)).toBeNull();
  return 'read';
}

const seen: Record<string, Record<'read' | 'refused', number>> = {};
const count = (name: string, outcome: 'read' | 'refused') => { (seen[name] ??= { read: 0, refused: 0 })[outcome]++; };
const RUNS = { numRuns: 400, seed: 20261205 } as const;

test('Moving AI .map and .scen', () => {
  fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
    const map = ms.reduce(mutate, MAP), scen = ms.reduce(mutate, SCEN);
    count('map', expectReadOrRefused(() => parseMap(map, 'f.map'), 'f.map', (g: { width: number; height: number; cells: Uint8Array }) =>
      (g.width >= 1 && g.height >= 1 && g.cells.length === g.width * g.height ? null : `a ${g.width} x ${g.height} grid of ${g.cells.length} cells`)));
    count('scen', expectReadOrRefused(() => parseScen(scen, 'f.scen'), 'f.scen', (rows: { width: number; height: number; startX: number; startY: number; goalX: number; goalY: number; optimal: number }[]) =>
      rows.every((r) => r.startX < r.width && r.goalX < r.width && r.startY < r.height && r.goalY < r.height && r.optimal >= 0 && Number.isFinite(r.optimal)) ? null : 'a row outside its map'));
  }), RUNS);
});

test('DIMACS .gr and .co', () => {
  fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
    const gr = ms.reduce(mutate, GR), co = ms.reduce(mutate, CO);
    count('gr', expectReadOrRefused(() => parseGr(gr, 'f.gr'), 'f.gr', (g: { size: number; successors: (n: number, a: Int32Array, c: Float64Array) => number; maxDegree: number }) => {
      const nodes = new Int32Array(Math.max(1, g.maxDegree)), costs = new Float64Array(Math.max(1, g.maxDegree));
      for (let n = 0; n < g.size; n++) {
        const deg = g.successors(n, nodes, costs);
        for (let k = 0; k < deg; k++) if (!(nodes[k] >= 0 && nodes[k] < g.size && Number.isInteger(costs[k]) && costs[k] >= 0)) return `arc ${n} -> ${nodes[k]} at ${costs[k]}`;
      }
      return null;
    }));
    count('co', expectReadOrRefused(() => parseCo(co, 'f.co'), 'f.co', (c: { x: Float64Array; y: Float64Array }) =>
      (c.x.length === c.y.length && [...c.x, ...c.y].every((v) => Number.isInteger(v)) ? null : 'coordinates that are not whole numbers')));
  }), RUNS);
});

test('ROS map YAML and PGM, and the road graph buffers', () => {
  fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(1000), fc.nat(255)), { minLength: 1, maxLength: 4 }), fc.nat(40), (ms, flips, cut) => {
    const yaml = ms.reduce(mutate, YAML);
    count('yaml', expectReadOrRefused(() => parseRosYaml(yaml, 'f.yaml'), 'f.yaml', (y: { resolution: number; occupiedThresh: number; freeThresh: number; origin: unknown }) =>
      (y.resolution > 0 && y.freeThresh >= 0 && y.occupiedThresh <= 1 && y.freeThresh <= y.occupiedThresh ? null : `resolution ${y.resolution}, thresholds ${y.freeThresh} ${y.occupiedThresh}`)));
    const pgm = PGM.slice(0, Math.max(0, PGM.length - (cut % 3)));
    for (const [at, v] of flips) pgm[at % pgm.length] = v;
    count('pgm', expectReadOrRefused(() => parsePgm(pgm, 'f.pgm'), 'f.pgm', (p: { width: number; height: number; maxval: number; pixels: Uint8Array }) =>
      (p.pixels.length === p.width * p.height && p.pixels.every((v) => v <= p.maxval) ? null : `${p.width} x ${p.height} image of ${p.pixels.length} pixels, maxval ${p.maxval}`)));
    const co = ROADS_CO.slice(0, ROADS_CO.length - (cut % 5)), gr = ROADS_GR.slice();
    for (const [at, v] of flips) (at % 2 === 0 ? co : gr)[at % (at % 2 === 0 ? co.length : gr.length)] = v;
    count('roads', expectReadOrRefused(() => parseRoads(co, gr, 'f.roads'), 'f.roads', (r: { graph: { size: number }; x: Float64Array }) =>
      (r.graph.size === r.x.length ? null : `${r.graph.size} nodes, ${r.x.length} coordinates`)));
  }), RUNS);
  // Every reader met both outcomes: the mutations reached past the first line.
  for (const name of ['map', 'scen', 'gr', 'co', 'yaml', 'pgm', 'roads']) {
    expect(seen[name]?.refused ?? 0, name).toBeGreaterThan(10);
    expect(seen[name]?.read ?? 0, name).toBeGreaterThan(5);
  }
  console.log(`[readers mutated] ${JSON.stringify(seen)}`);
});
