// Minimal typings for the benchmark's untyped peer libraries (dev dependencies only).
declare module 'pathfinding' {
  const PF: any;
  export default PF;
}
declare module 'javascript-astar' {
  const lib: { astar: any; Graph: any };
  export default lib;
}
declare module 'l1-path-finder' {
  const createPlanner: (grid: unknown) => { search(ax: number, ay: number, bx: number, by: number, path?: number[]): number };
  export default createPlanner;
}
declare module 'ndarray' {
  const ndarray: (data: ArrayLike<number>, shape: number[]) => unknown;
  export default ndarray;
}
