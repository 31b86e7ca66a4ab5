// Check 9: every public entry point refuses bad input with a message that names it.
import { describe, expect, test } from 'vitest';
import { astar, bestFirst, bfs, dijkstra, Searcher, weightedAstar, InputError, Graph, Grid, octile, zero, KeyedSpace, sum } from '#bestfirst';
import { dfs, iddfs } from '#bestfirst/search';
import { heuristicByName, pathAmong, unboundedGrid } from '#bestfirst/grid';
import { frontierBefore } from '#bestfirst/internal';

const grid = Grid.fromAscii(['..#', '...']);

describe('start and goal', () => {
  test('out of range', () => {
    expect(() => astar(grid, -1, 0, octile(grid))).toThrow(/start must be an integer node id in 0\.\.5, got -1/);
    expect(() => astar(grid, 0, 6, octile(grid))).toThrow(/goal must be an integer node id in 0\.\.5, got 6/);
    expect(() => dijkstra(grid, 0.5, 1)).toThrow(/start .* got 0\.5/);
    expect(() => bfs(grid, Number.NaN, 1)).toThrow(/start .* got NaN/);
    expect(() => grid.id(3, 0)).toThrow(/\(x=3, y=0\) is outside the 3 x 2 grid/);
    expect(() => grid.idColRow(1, 3)).toThrow(/\(col=1, row=3\) is outside the grid .*row 1 at the bottom/);
  });
  test('blocked', () => {
    const blocked = grid.id(2, 0);
    expect(() => astar(grid, blocked, 0, octile(grid))).toThrow(/start \(2,0\) .* is a blocked cell/);
    expect(() => new Searcher(grid).search(0, blocked)).toThrow(/goal \(2,0\) .* is a blocked cell/);
    expect(() => dfs(grid, 0, blocked)).toThrow(/goal \(2,0\)/);
    // With blocked cells kept as costly nodes, a blocked endpoint is legal.
    const kept = grid.with({ blocked: { enterCost: 10000 } });
    expect(astar(kept, 0, blocked, octile(kept)).cost).toBeGreaterThanOrEqual(10000);
  });
  test('a failed query leaves the searcher usable', () => {
    const s = new Searcher(grid);
    expect(() => s.search(0, 99)).toThrow();
    expect(s.search(0, grid.id(2, 1))).toBe('found');
  });
});

describe('malformed ASCII and grid options', () => {
  test('rows', () => {
    expect(() => Grid.fromAscii(['...', '..'])).toThrow(/row 2 has 2 characters, expected 3/);
    expect(() => Grid.fromAscii(['..x'])).toThrow(/row 1, column 3: unexpected "x", expected '#' \(blocked\) or '\.' \(free\)/);
    expect(() => Grid.fromAscii([])).toThrow(/no rows/);
    expect(() => Grid.fromAscii('\n\n')).toThrow(/no rows/);
  });
  test('sizes and arrays', () => {
    expect(() => new Grid(0, 3)).toThrow(/width and height must be integers >= 1, got 0 x 3/);
    expect(() => new Grid(2, 2, [0, 0, 0])).toThrow(/cells has length 3, expected width \* height = 4/);
    expect(() => new Grid(70000, 70000)).toThrow(/more cells than node ids can name/);
  });
  test('options', () => {
    expect(() => new Grid(2, 2, undefined, { connectivity: 6 as 4 })).toThrow(/connectivity must be 4 or 8, got 6/);
    expect(() => new Grid(2, 2, undefined, { diagonalRule: 'sometimes' as 'always' })).toThrow(/diagonalRule must be one of always, never, no-corner-cutting, at-most-one-blocked, got sometimes/);
    expect(() => new Grid(2, 2, undefined, { diagonalCost: -1 })).toThrow(/diagonalCost must be a finite number > 0, got -1/);
    expect(() => new Grid(2, 2, undefined, { cellSize: Number.NaN })).toThrow(/cellSize must be a finite number > 0, got NaN/);
    expect(() => new Grid(2, 2, undefined, { blocked: { enterCost: -5 } })).toThrow(/blocked must be 'delete' or \{ enterCost: finite number >= 0 \}/);
  });
});

describe('bad costs', () => {
  test('graph edges', () => {
    expect(() => new Graph(3, [[0, 1, 1], [1, 2, Number.NaN]])).toThrow(/edge 1 \(1 -> 2, cost NaN\): cost must be a finite number >= 0, got NaN/);
    expect(() => new Graph(3, [[0, 1, -2]])).toThrow(/edge 0 \(0 -> 1, cost -2\)/);
    expect(() => new Graph(3, [[0, 1, Infinity]])).toThrow(/edge 0 .*got Infinity/);
    expect(() => new Graph(3, [[0, 3, 1]])).toThrow(/edge 0 \(0 -> 3, cost 1\): 'to' must be a node in 0\.\.2/);
    expect(() => new Graph(-1, [])).toThrow(/size must be a non-negative integer, got -1/);
  });
  test('keyed spaces', () => {
    const s = new KeyedSpace<string>((k, visit) => { if (k === 'a') visit('b', -1); }, (k) => k);
    const a = s.id('a');
    expect(() => new Searcher(s).search(a, a === 0 ? s.id('z') : 0)).toThrow(/edge "a" -> "b": cost must be a finite number >= 0, got -1/);
    const wide = new KeyedSpace<number>((k, visit) => { for (let i = 0; i < 5; i++) visit(k * 10 + i, 1); }, (k) => k, 3);
    const w0 = wide.id(0), w1 = wide.id(99);
    expect(() => new Searcher(wide).search(w0, w1)).toThrow(/more than maxDegree = 3 successors/);
  });
});

describe('eps, priorities and options', () => {
  test('eps', () => {
    expect(() => weightedAstar(grid, 0, 1, octile(grid), -0.5)).toThrow(/eps must be a finite number >= 0 .* got -0\.5/);
    expect(() => sum(Number.NaN)).toThrow(/eps must be .* got NaN/);
    expect(() => bestFirst(grid, 0, 1, zero, { kind: 'sum', eps: Infinity })).toThrow(/got Infinity/);
    expect(() => bestFirst(grid, 0, 1, zero, { kind: 'fastest' } as never)).toThrow(/unknown priority/);
  });
  test('searcher options', () => {
    const s = new Searcher(grid);
    expect(() => s.search(0, 1, { tieBreak: 'lifo' as 'h' })).toThrow(/tieBreak must be 'h' or 'fifo', got "lifo"/);
    expect(() => s.search(0, 1, { limits: { maxExpansions: -1 } })).toThrow(/maxExpansions must be a number >= 0, got -1/);
    expect(() => new Searcher(grid, { capacity: 2.5 })).toThrow(/capacity must be an integer/);
    expect(() => heuristicByName('diagonal' as never, grid)).toThrow(/unknown heuristic "diagonal": expected one of manhattan, octile, chebyshev, euclidean, zero/);
    expect(() => s.pathInto(new Int32Array(0))).not.toThrow(); // no path yet: writes nothing
    s.search(0, grid.id(2, 1));
    expect(() => s.pathInto(new Int32Array(1))).toThrow(/the buffer holds 1 nodes, the path has 3/);
    expect(() => s.pathInto(null as never)).toThrow(/pathInto: out must be an Int32Array, got null/);
  });
  test('depth-first limits and traces', () => {
    expect(() => iddfs(grid, 0, 1, { depthLimit: -1 })).toThrow(/depthLimit must be a number >= 0, got -1/);
    expect(() => dfs(grid, 0, 1, { limits: { maxExpansions: Number.NaN } })).toThrow(/maxExpansions must be a number >= 0, got NaN/);
    const t = astar(grid, 0, 1, octile(grid), { trace: true }).trace!;
    expect(() => frontierBefore(t, 99)).toThrow(/step must be an integer in 0\.\.2, got 99/);
  });
  test('unbounded grids', () => {
    expect(() => pathAmong([0, 0], [1.5, 0], [])).toThrow(/goal must be a pair of integers/);
    expect(() => pathAmong([0, 0], [3, 0], [[3, 0]])).toThrow(/goal \[3,0\] is an obstacle/);
    expect(() => unboundedGrid([[0, 2 ** 30]])).toThrow(/obstacle 0 must be a pair of integers .* 2\^25/);
    expect(() => unboundedGrid([], { connectivity: 5 as 4 })).toThrow(/connectivity must be 4 or 8/);
  });
});

describe('options: every one checked for type and range, unknown names refused, before anything changes', () => {
  const g = new Graph(3, [[0, 1, 1], [1, 2, 1]]);
  test('Searcher.search', () => {
    const s = new Searcher(g);
    expect(s.search(0, 2)).toBe('found');
    const bad: [object, RegExp][] = [
      [{ limits: { maxExpansions: '5' } }, /maxExpansions must be a number >= 0, got "5"/],
      [{ limits: { maxExpansions: Number.NaN } }, /maxExpansions must be a number >= 0, got NaN/],
      [{ reopen: 'no' }, /reopen must be true or false, got "no"/],
      [{ reopen: 0 }, /reopen must be true or false, got 0/],
      [{ trace: 1 }, /trace must be true or false, got 1/],
      [{ tieBreak: null }, /tieBreak must be 'h' or 'fifo', got null/],
      [{ priority: 'astar' }, /priority must be LINK_LENGTH, COST_TO_COME, HEURISTIC_ONLY, ASTAR or sum\(eps\), got "astar"/],
      [{ priority: null }, /priority must be .* got null/],
      [{ priority: { kind: 'sum', eps: '2' } }, /eps must be a finite number >= 0 .* got "2"/],
      [{ heuristic: 42 }, /heuristic must be a function \(n, goal\) => number, got 42/],
      [{ maxExpansion: 5 }, /search: unknown option "maxExpansion" \(allowed: priority, heuristic, tieBreak, limits, trace, reopen, partial\)/],
    ];
    for (const [options, message] of bad) {
      expect(() => s.search(0, 1, options as never)).toThrow(InputError);
      expect(() => s.search(0, 1, options as never)).toThrow(message);
      // Refused before any state changed: the last answer still reads.
      expect([s.status, s.cost, s.path()]).toEqual(['found', 2, [0, 1, 2]]);
    }
    expect(() => s.search(0, 1, null as never)).toThrow(/search: options must be an object, got null/);
    expect(() => s.search('0' as never, 1)).toThrow(/start must be an integer node id in 0\.\.2, got "0"/);
    // Infinity is a budget, as is a fractional one; the defaults are undefined only.
    expect(s.search(0, 2, { limits: { maxExpansions: Infinity }, reopen: false, trace: false, tieBreak: 'fifo' })).toBe('found');
  });
  test('new Searcher', () => {
    expect(() => new Searcher(g, { capacity: -5 })).toThrow(/Searcher: capacity must be an integer in 1\.\.2147483647 \(node ids are int32\), got -5/);
    expect(() => new Searcher(g, { capacity: 0 })).toThrow(InputError);
    expect(() => new Searcher(g, { capacity: '8' as never })).toThrow(/capacity .* got "8"/);
    expect(() => new Searcher(g, { capacity: 2 ** 31 })).toThrow(/capacity must be an integer in 1\.\.2147483647/);
    expect(() => new Searcher(g, { capcity: 8 } as never)).toThrow(/Searcher: unknown option "capcity" \(allowed: capacity\)/);
    expect(() => new Searcher(null as never)).toThrow(/Searcher: space must be a SearchSpace \{ size, maxDegree, successors \}, got null/);
    expect(() => new Searcher({ size: 3, maxDegree: 2 } as never)).toThrow(/Searcher: space\.successors must be a function, got undefined/);
    expect(() => new Searcher({ size: -1, maxDegree: 2, successors: () => 0 })).toThrow(/Searcher: space\.size must be an integer >= 0, got -1/);
    expect(new Searcher(g, { capacity: 1 }).search(0, 2)).toBe('found');
  });
  test('the one-shot functions refuse a priority or heuristic in their options (it would be overridden)', () => {
    expect(() => dijkstra(g, 0, 2, { heuristic: octile(grid) } as never)).toThrow(/dijkstra: unknown option "heuristic" \(allowed: tieBreak, limits, trace, reopen, partial\)/);
    expect(() => astar(g, 0, 2, zero, { priority: sum(2) } as never)).toThrow(/astar: unknown option "priority"/);
    expect(() => bfs(g, 0, 2, { maxExpansion: 3 } as never)).toThrow(/bfs: unknown option "maxExpansion"/);
    expect(() => bestFirst(undefined as never, 0, 2, zero, sum(1))).toThrow(/bestFirst: space must be a SearchSpace/);
    expect(bfs(g, 0, 2, { limits: { maxExpansions: 1 } }).status).toBe('stopped');
  });
  test('dfs and iddfs', () => {
    expect(() => dfs(g, 0, 2, { depthLimit: '3' } as never)).toThrow(/depthLimit must be a number >= 0, got "3"/);
    expect(() => iddfs(g, 0, 2, { limits: { maxExpansions: -2 } })).toThrow(/maxExpansions must be a number >= 0, got -2/);
    expect(() => iddfs(g, 0, 2, { depth: 3 } as never)).toThrow(/iddfs: unknown option "depth" \(allowed: depthLimit, limits\)/);
    expect(() => dfs(g, 0, 2, null as never)).toThrow(/dfs: options must be an object, got null/);
    expect(() => dfs({} as never, 0, 2)).toThrow(/dfs: space\.size must be an integer >= 0, got undefined/);
    expect(() => dfs(g, 0, 2, { depthLimit: -1 })).toThrow(InputError);
    expect(iddfs(g, 0, 2, { depthLimit: Infinity }).status).toBe('found');
  });
  test('frontierBefore', () => {
    expect(() => frontierBefore(null as never, 0)).toThrow(/frontierBefore: trace must be a search's Trace .* got null/);
  });
});

describe('graphs: sizes and edge lists', () => {
  test('a size beyond 2^25 nodes is refused up front, naming the limit', () => {
    expect(() => new Graph(1e9, [])).toThrow(InputError);
    expect(() => new Graph(1e9, [])).toThrow(/Graph: size must be at most 33554432 \(2\^25\) nodes, got 1000000000/);
    expect(() => new Graph(2 ** 25 + 1, [])).toThrow(/at most 33554432/);
    expect(() => new Graph(2.5, [])).toThrow(/size must be a non-negative integer, got 2\.5/);
    expect(() => new Graph('3' as never, [])).toThrow(/size must be a non-negative integer, got "3"/);
  });
  test('edges that are not a list of triples', () => {
    expect(() => new Graph(2, null as never)).toThrow(/Graph: edges must be an array \(or iterable\) of \[from, to, cost\] edges, got null/);
    expect(() => new Graph(2, undefined as never)).toThrow(/edges must be .* got undefined/);
    expect(() => new Graph(2, 5 as never)).toThrow(/edges must be .* got 5/);
    expect(() => new Graph(2, '01' as never)).toThrow(/edges must be .* got "01"/);
    expect(() => new Graph(2, [[0, 1, 1], [0, 1]] as never)).toThrow(/Graph: edge 1 must be a triple \[from, to, cost\], got \[0, 1\]/);
    expect(() => new Graph(2, [7] as never)).toThrow(/Graph: edge 0 must be a triple \[from, to, cost\], got 7/);
    expect(() => new Graph(2, [null] as never)).toThrow(/edge 0 must be a triple .* got null/);
    expect(() => new Graph(2, [[0, '1', 1]] as never)).toThrow(/Graph: edge 0 \(0 -> "1", cost 1\): 'to' must be a node in 0\.\.1/);
    expect(() => new Graph(2, [[0, 1, '1']] as never)).toThrow(/edge 0 \(0 -> 1, cost "1"\): cost must be a finite number >= 0, got "1"/);
    expect(() => new Graph(2, [], { directed: 'yes' } as never)).toThrow(/Graph: directed must be true or false, got "yes"/);
    expect(() => new Graph(2, [], { direct: true } as never)).toThrow(/Graph: unknown option "direct" \(allowed: directed, negativeCosts\)/);
    // Any iterable of triples is an edge list.
    const fromGenerator = new Graph(3, (function* () { yield [0, 1, 1] as const; yield [1, 2, 1] as const; })());
    expect(dijkstra(fromGenerator, 0, 2).cost).toBe(2);
  });
  test('pathCost checks what it is given', async () => {
    const { pathCost } = await import('#bestfirst');
    const g = new Graph(3, [[0, 1, 1]]);
    expect(() => pathCost(g, [0, 5])).toThrow(/pathCost: path\[1\] must be an integer node id in 0\.\.2, got 5/);
    expect(() => pathCost(g, [0, 2])).toThrow(InputError);
    expect(() => pathCost(g, null as never)).toThrow(/pathCost: path must be an array of node ids, got null/);
  });
});

test('firstEpsilonAboveDijkstra: its epsilons, h and searcher', async () => {
  const { firstEpsilonAboveDijkstra } = await import('#bestfirst/worlds');
  const h = octile(grid), far = grid.id(2, 1);
  expect(() => firstEpsilonAboveDijkstra(grid, 0, far, h, [1, Number.NaN])).toThrow(/firstEpsilonAboveDijkstra: epsilons\[1\] must be a finite number >= 0, got NaN/);
  expect(() => firstEpsilonAboveDijkstra(grid, 0, far, h, 2 as never)).toThrow(/epsilons must be an array of numbers, got 2/);
  expect(() => firstEpsilonAboveDijkstra(grid, 0, far, 'octile' as never, [1])).toThrow(/h must be a function/);
  // A searcher over another space answered for that space, in silence.
  const other = new Searcher(Grid.fromAscii(['......']));
  expect(() => firstEpsilonAboveDijkstra(grid, 0, far, h, [1], other)).toThrow(/searcher must be a Searcher over the same space, got one over another space/);
  expect(firstEpsilonAboveDijkstra(grid, 0, far, h, [1, 2], new Searcher(grid))).toBeNull();
});
