// Graph.fromEdges: general graphs with any keys, without writing a KeyedSpace callback.
import { describe, expect, test } from 'vitest';
import { astar, bfs, dijkstra, InputError, Graph } from '#bestfirst';

describe('Graph.fromEdges', () => {
  test('string keys: the doc example', () => {
    const roads = Graph.fromEdges([['home', 'park', 1], ['park', 'shop', 0.5], ['home', 'shop', 2]]);
    const r = dijkstra(roads.graph, roads.id('home'), roads.id('shop'));
    expect(roads.path(r.path)).toEqual(['home', 'park', 'shop']);
    expect(r.cost).toBe(1.5);
    // Undirected by default, like the Graph constructor.
    expect(dijkstra(roads.graph, roads.id('shop'), roads.id('home')).cost).toBe(1.5);
  });

  test('ids follow first appearance; key and id are inverse; the methods work destructured', () => {
    const { graph, id, key, keys, has } = Graph.fromEdges([['b', 'a'], ['a', 'c']]);
    expect(keys).toEqual(['b', 'a', 'c']);
    expect(graph.size).toBe(3);
    for (const k of keys) expect(key(id(k))).toBe(k);
    expect([has('a'), has('z')]).toEqual([true, false]);
    expect(Object.isFrozen(keys)).toBe(true);
  });

  test('a missing cost is 1; directed edges go one way', () => {
    const g = Graph.fromEdges([['x', 'y'], ['y', 'z']], { directed: true });
    expect(bfs(g.graph, g.id('x'), g.id('z')).cost).toBe(2);
    expect(dijkstra(g.graph, g.id('z'), g.id('x')).status).toBe('unreachable');
  });

  test('objects are compared by identity; 1 and "1" are two keys', () => {
    const a = { name: 'a' }, b = { name: 'b' }, alsoA = { name: 'a' };
    const g = Graph.fromEdges<object | number | string>([[a, b, 3], [b, 1, 1], [1, '1', 1]]);
    expect(g.keys.length).toBe(4);
    expect(() => g.id(alsoA)).toThrow(InputError);
    expect(g.path(astar(g.graph, g.id(a), g.id('1'), () => 0).path)).toEqual([a, b, 1, '1']);
  });

  test('options.nodes fixes the first ids and names nodes without edges', () => {
    const g = Graph.fromEdges([['a', 'b', 1]], { nodes: ['lonely', 'b'] });
    expect(g.keys).toEqual(['lonely', 'b', 'a']);
    expect(dijkstra(g.graph, g.id('lonely'), g.id('a')).status).toBe('unreachable');
    expect(g.path(null)).toBeNull();
  });

  test('mistakes are InputErrors naming the key, edge or option', () => {
    const g = Graph.fromEdges([['a', 'b', 1]]);
    expect(() => g.id('zz')).toThrow(/Graph\.fromEdges: unknown key "zz": no edge names it/);
    expect(() => g.key(5)).toThrow(/Graph\.fromEdges: key: node must be an integer node id in 0\.\.1, got 5/);
    expect(() => g.path([0, 9])).toThrow(InputError);
    expect(() => Graph.fromEdges([['a', 'b', -1]])).toThrow(/Graph\.fromEdges: edge 0 \("a" -> "b"\): cost must be a finite number >= 0, got -1/);
    expect(() => Graph.fromEdges([['a', 'b', undefined]] as never)).toThrow(/edge 0 .*got undefined/);
    expect(() => Graph.fromEdges([['a']] as never)).toThrow(/Graph\.fromEdges: edge 0 must be \[from, to\] or \[from, to, cost\], got \["a"\]/);
    expect(() => Graph.fromEdges(null as never)).toThrow(/Graph\.fromEdges: edges must be an array/);
    expect(() => Graph.fromEdges([], { direction: 'both' } as never)).toThrow(/Graph\.fromEdges: unknown option "direction" \(allowed: directed, nodes\)/);
    expect(() => Graph.fromEdges([], { nodes: 3 } as never)).toThrow(/nodes must be an array \(or iterable\) of keys, got 3/);
    expect(() => Graph.fromEdges([], { directed: 1 } as never)).toThrow(/directed must be true or false, got 1/);
  });

  test('an empty edge list is an empty graph', () => {
    const g = Graph.fromEdges([]);
    expect([g.graph.size, g.keys.length]).toEqual([0, 0]);
  });
});
