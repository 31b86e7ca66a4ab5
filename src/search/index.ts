/**
 * `bestfirst/search`: the searches for special cases, beside the root's
 * best-first family: depth-first and iterative deepening, 0-1 BFS (arcs
 * that cost 0 or 1), Bellman-Ford (arcs that cost less than nothing, and
 * the negative cycles they make) and Floyd-Warshall (every pair at once).
 *
 * @module bestfirst/search
 */
export { dfs, iddfs, type DepthFirstOptions, type DepthFirstResult } from './depth-first.js';
export { zeroOneBfs, type ZeroOneBfsOptions } from './zero-one-bfs.js';
export { bellmanFord, type BellmanFord } from './bellman-ford.js';
export { floydWarshall, allPairsPath, type AllPairs } from './floyd-warshall.js';
