// Check 9: every public entry point refuses bad input with a message that names it.
import { describe, expect, test } from 'vitest';
import { astar, bestFirst, bfs, dijkstra, Searcher, weightedAstar } from '../src/best-first.js';
import { dfs, iddfs } from '../src/depth-first.js';
import { Graph } from '../src/graph.js';
import { Grid } from '../src/grid.js';
import { heuristicByName, octile, zero } from '../src/heuristics.js';
import { KeyedSpace, pathAmong, unboundedGrid } from '../src/keyed.js';
import { sum } from '../src/priority.js';
import { frontierBefore } from '../src/trace.js';

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
    expect(() => s.search(0, 1, { maxExpansions: -1 })).toThrow(/maxExpansions must be a number >= 0, got -1/);
    expect(() => new Searcher(grid, { capacity: 2.5 })).toThrow(/capacity must be an integer/);
    expect(() => heuristicByName('diagonal', grid)).toThrow(/unknown heuristic "diagonal": expected one of manhattan, octile, chebyshev, euclidean, zero/);
    expect(() => s.pathInto(new Int32Array(0))).not.toThrow(); // no path yet: writes nothing
    s.search(0, grid.id(2, 1));
    expect(() => s.pathInto(new Int32Array(1))).toThrow(/the buffer holds 1 nodes, the path has 3/);
  });
  test('depth-first limits and traces', () => {
    expect(() => iddfs(grid, 0, 1, { depthLimit: -1 })).toThrow(/depthLimit must be a number >= 0, got -1/);
    expect(() => dfs(grid, 0, 1, { maxExpansions: Number.NaN })).toThrow(/maxExpansions must be a number >= 0, got NaN/);
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
