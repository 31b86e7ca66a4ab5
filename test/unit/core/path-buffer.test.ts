// One rule for writing a path into a caller's buffer, kept by every
// searcher: the buffer must be an Int32Array whether or not there is a path,
// and long enough for the path; either refusal is the same InputError, and a
// refused call writes nothing.
import { expect, test } from 'vitest';
import { BidirectionalSearcher, ContractionHierarchy, Graph, Grid, InputError, Searcher, type PathSearcher } from '#bestfirst';
import { GRID_ALGORITHMS } from '#bestfirst/grid';

const grid = Grid.fromAscii(['......', '.##.#.', '......', '.#.##.']);
const graph = new Graph(4, [[0, 1, 1], [1, 2, 1], [2, 3, 1]]);

function searchers(): [string, PathSearcher, number, number][] {
  const out: [string, PathSearcher, number, number][] = [];
  for (const algo of Object.values(GRID_ALGORITHMS)) {
    const g = algo.connectivity === 4 ? grid.with({ connectivity: 4 }) : grid;
    out.push([algo.name, algo.create(g), g.id(0, 0), g.id(5, 3)]);
  }
  out.push(['Searcher on a graph', new Searcher(graph), 0, 3]);
  out.push(['BidirectionalSearcher', new BidirectionalSearcher(graph), 0, 3]);
  out.push(['ContractionHierarchy', new ContractionHierarchy(graph), 0, 3]);
  return out;
}

test('every searcher refuses a buffer that is not an Int32Array, with a path and without one', () => {
  for (const [name, s, start, goal] of searchers()) {
    // Before any query: no path yet, and the buffer is still refused.
    expect(() => s.pathInto([] as unknown as Int32Array), `${name} before a query`).toThrow(/^pathInto: out must be an Int32Array, got /);
    expect(s.search(start, goal), name).toBe('found');
    for (const bad of [[], new Float64Array(64), new Uint32Array(64), null]) {
      let error: unknown = null;
      try { s.pathInto(bad as unknown as Int32Array); } catch (e) { error = e; }
      expect(error, `${name} with ${String(bad)}`).toBeInstanceOf(InputError);
      expect((error as Error).message, name).toMatch(/^pathInto: out must be an Int32Array, got /);
    }
  }
});

test('every searcher refuses a buffer too short for its path, writing nothing, and fills one that fits', () => {
  for (const [name, s, start, goal] of searchers()) {
    expect(s.search(start, goal), name).toBe('found');
    const path = s.path()!;
    const short = new Int32Array(path.length - 1).fill(-7);
    expect(() => s.pathInto(short), name).toThrow(new RegExp(`^pathInto: the buffer holds ${path.length - 1} (cells|nodes), the path has ${path.length}$`));
    expect(Array.from(short).every((v) => v === -7), `${name} wrote into a refused buffer`).toBe(true);
    const fits = new Int32Array(path.length);
    expect(s.pathInto(fits), name).toBe(path.length);
    expect(Array.from(fits), name).toEqual(path);
  }
});
