/**
 * The grid-track contestants, each behind one small adapter: `build` turns a
 * Moving AI grid into the library's own structure (timed and weighed as the
 * build), `query` runs one search the way a user would (timed: every copy or
 * reset the library needs is part of it), `path` hands the last answer back
 * as cell ids for the independent path check (not timed).
 */
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import PF from 'pathfinding';
import easystar from 'easystarjs';
import jsAstar from 'javascript-astar';
import { AStarFinder as TsAStarFinder } from 'astar-typescript';
import createPlanner from 'l1-path-finder';
import ndarray from 'ndarray';
import { Searcher, type Grid, GridSearcher, manhattan, type GridAlgorithmName } from '#bestfirst';
import { GRID_ALGORITHMS } from '#bestfirst/grid';

export interface Built {
  /** One search from (sx, sy) to (gx, gy), x the column, y the row from the top. */
  query(sx: number, sy: number, gx: number, gy: number): void;
  /** The last path as cell ids (start first), or null when none was returned. */
  path(): ArrayLike<number> | null;
}

export interface Lib {
  name: string;
  /** Whether the library promises shortest paths under the benchmark's rule. */
  promisesOptimal: boolean;
  /** 8: the Moving AI rule (no corner cutting); 4: the 4-connected track. */
  connectivity: 4 | 8;
  /** Queries per family at most (the slowest peers get a prefix of the same sample). */
  cap?: number;
  /**
   * The cost of a diagonal step the library charges, when it is not the
   * grid's (easystarjs: 1.4); the costmap track judges its paths on the grid
   * with this cost instead.
   */
  diagonalCost?: number;
  build(grid: Grid): Built;
}

const SQRT2 = Math.SQRT2;
const octileXY = (ax: number, ay: number, bx: number, by: number) => {
  const dx = Math.abs(ax - bx), dy = Math.abs(ay - by);
  return dx + dy + (SQRT2 - 2) * (dx < dy ? dx : dy);
};

/** Rows of 0 (free) / 1 (blocked), the matrix most peers take. */
function matrix(grid: Grid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) rows.push(Array.from(grid.cells.subarray(y * grid.width, (y + 1) * grid.width)));
  return rows;
}

/** The grid fast path with fixed query options, as a benchmark library (also the costmap track's A* + landmarks). */
export function ours(name: string, options: Parameters<GridSearcher['search']>[2], fourConnected = false): Lib {
  return {
    name, promisesOptimal: name !== 'bestfirst wA* 1.5', connectivity: fourConnected ? 4 : 8,
    build(grid) {
      const g = fourConnected ? grid.with({ connectivity: 4 }) : grid;
      const s = new GridSearcher(g);
      const buf = new Int32Array(grid.size);
      let len = 0;
      const w = grid.width;
      return {
        query(sx, sy, gx, gy) { s.search(sy * w + sx, gy * w + gx, options); len = s.pathInto(buf); },
        path: () => (len > 0 ? buf.subarray(0, len) : null),
      };
    },
  };
}

/**
 * A search of the library's registry (GRID_ALGORITHMS), the one findPath and
 * the command line run: its searcher made once per map (the build the grid
 * track times and weighs, for the ones that preprocess), queried with the
 * registry's options.
 */
function registryLib(name: string, algorithm: GridAlgorithmName, eps?: number): Lib {
  const entry = GRID_ALGORITHMS[algorithm];
  return {
    name, promisesOptimal: entry.guarantee === 'optimal', connectivity: entry.connectivity ?? 8,
    build(grid) {
      const s = entry.create(grid);
      const options = entry.queryOptions(grid, eps);
      const buf = new Int32Array(grid.size);
      let len = 0;
      const w = grid.width;
      return {
        query(sx, sy, gx, gy) { s.search(sy * w + sx, gy * w + gx, options); len = s.pathInto(buf); },
        path: () => (len > 0 ? buf.subarray(0, len) : null),
      };
    },
  };
}

export const BESTFIRST_ASTAR = ours('bestfirst A*', {});
export const BESTFIRST_ASTAR4 = ours('bestfirst A* (4-conn)', {}, true);

export const GRID_LIBS: Lib[] = [
  BESTFIRST_ASTAR,
  registryLib('bestfirst JPS', 'jps'),
  // Its build (the jump table) is the timed and weighed build of the grid track.
  registryLib('bestfirst JPS+', 'jps-plus'),
  // The subgoal graph contracted into a hierarchy: its build (graph and clearances) is the timed and weighed build.
  registryLib('bestfirst SG8', 'subgoal8'),
  registryLib('bestfirst Dijkstra', 'dijkstra'),
  registryLib('bestfirst wA* 1.5', 'wastar', 1.5),
  {
    name: 'bestfirst generic A*', promisesOptimal: true, connectivity: 8,
    build(grid) {
      // The generic engine through SearchSpace, for the fast path's speed-up.
      const s = new Searcher(grid);
      const w = grid.width;
      const h = (n: number, goal: number) => octileXY(n % w, (n / w) | 0, goal % w, (goal / w) | 0);
      const opts = { heuristic: h };
      const buf = new Int32Array(grid.size);
      let len = 0;
      return {
        query(sx, sy, gx, gy) { s.search(sy * w + sx, gy * w + gx, opts); len = s.pathInto(buf); },
        path: () => (len > 0 ? buf.subarray(0, len) : null),
      };
    },
  },
  ...pathfindingLibs(),
  ...ngraphLibs(),
  easystarLib(),
  {
    name: 'javascript-astar', promisesOptimal: true, connectivity: 8,
    build(grid) {
      // Its Graph takes weights, 0 a wall; grid[row][col], node.x the row. One graph, reused, as its README shows.
      const graph = new jsAstar.Graph(matrix(grid).map((r) => r.map((c) => (c ? 0 : 1))), { diagonal: true });
      const w = grid.width;
      let last: { x: number; y: number }[] = [];
      let start = 0;
      return {
        query(sx, sy, gx, gy) {
          last = jsAstar.astar.search(graph, graph.grid[sy][sx], graph.grid[gy][gx], { heuristic: jsAstar.astar.heuristics.diagonal });
          start = sy * w + sx;
        },
        // Its path leaves the start out.
        path: () => (last.length > 0 ? [start, ...last.map((n) => n.x * w + n.y)] : null),
      };
    },
  },
  {
    name: 'astar-typescript', promisesOptimal: true, connectivity: 8, cap: 6,
    build(grid) {
      const finder = new TsAStarFinder({ grid: { matrix: matrix(grid) }, diagonalAllowed: true, heuristic: 'Octile', includeStartNode: true, includeEndNode: true });
      const w = grid.width;
      let last: number[][] = [];
      return {
        query(sx, sy, gx, gy) { last = finder.findPath({ x: sx, y: sy }, { x: gx, y: gy }); },
        path: () => (last.length > 0 ? last.map(([x, y]) => y * w + x) : null),
      };
    },
  },
];

/**
 * easystarjs with its tile costs: on a weighted grid every distinct weight is
 * a tile type of that cost (blocked cells a type it may not enter), listed
 * most common first, since it scans its acceptable types per neighbour. It
 * charges a step 1 or 1.4 (not sqrt 2) times the cost of the tile entered
 * (`diagonalCost` 1.4: its paths are judged on that model). It is not
 * optimal even so: its h is 1.4 min(dx, dy) + max(dx, dy), which
 * overestimates the octile distance by min(dx, dy) (easystar.js
 * getDistance), so it returns longer paths on many queries, weighted or not.
 */
function easystarLib(): Lib {
  return {
    name: 'easystarjs', promisesOptimal: true, connectivity: 8, diagonalCost: 1.4,
    build(grid) {
      const es = new easystar.js();
      const wts = grid.weights;
      if (wts === null) {
        es.setGrid(matrix(grid));
        es.setAcceptableTiles([0]);
      } else {
        const count = new Map<number, number>();
        for (let n = 0; n < grid.size; n++) if (grid.cells[n] === 0) count.set(wts[n], (count.get(wts[n]) ?? 0) + 1);
        const byUse = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)!);
        const tile = new Map(byUse.map((wt, i) => [wt, i]));
        const rows: number[][] = [];
        for (let y = 0; y < grid.height; y++) {
          const row: number[] = [];
          for (let n = y * grid.width; n < (y + 1) * grid.width; n++) row.push(grid.cells[n] === 0 ? tile.get(wts[n])! : -1);
          rows.push(row);
        }
        es.setGrid(rows);
        es.setAcceptableTiles(byUse.map((_, i) => i));
        byUse.forEach((wt, i) => es.setTileCost(i, wt));
      }
      es.enableDiagonals();
      es.disableCornerCutting();
      es.enableSync();
      let last: { x: number; y: number }[] | null = null;
      const done = (p: { x: number; y: number }[] | null) => { last = p; };
      const w = grid.width;
      return {
        query(sx, sy, gx, gy) { last = null; es.findPath(sx, sy, gx, gy, done); es.calculate(); },
        path: () => (last ? (last as { x: number; y: number }[]).map((p) => p.y * w + p.x) : null),
      };
    },
  };
}

function pathfindingLibs(): Lib[] {
  const make = (name: string, Finder: new (o: object) => { findPath(...a: unknown[]): number[][] }, expand: boolean): Lib => ({
    name, promisesOptimal: name !== 'PathFinding.js BiA*', connectivity: 8,
    build(grid) {
      const pfGrid = new PF.Grid(grid.width, grid.height, matrix(grid));
      const finder = new Finder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
      const w = grid.width;
      let last: number[][] = [];
      return {
        // PathFinding.js marks its nodes while searching: every search needs a fresh clone, as its README says.
        query(sx, sy, gx, gy) { last = finder.findPath(sx, sy, gx, gy, pfGrid.clone()); },
        path: () => {
          if (last.length === 0) return null;
          const cells = expand ? PF.Util.expandPath(last) : last;
          return cells.map(([x, y]: number[]) => y * w + x);
        },
      };
    },
  });
  return [
    make('PathFinding.js A*', PF.AStarFinder, false),
    make('PathFinding.js JPS', PF.JumpPointFinder, true),
    make('PathFinding.js BiA*', PF.BiAStarFinder, false),
  ];
}

function ngraphLibs(): Lib[] {
  return [ngraph('ngraph.path A*', 'aStar'), ngraph('ngraph.path NBA*', 'nba')];
}

/**
 * ngraph.path on a graph built from the grid: one undirected link per move.
 * On a weighted grid a link holds the step's length and the distance function
 * charges the weight of the node entered (A* calls it with that node first),
 * so the costs are the grid's exactly. Only A*: NBA*'s backward half calls
 * the same function with the nodes the other way round, so it cannot charge
 * the right end of a link.
 */
function ngraph(name: string, kind: 'aStar' | 'nba'): Lib {
  return {
    name, promisesOptimal: true, connectivity: 8,
    build(grid) {
      const w = grid.width, wts = grid.weights;
      if (wts !== null && kind !== 'aStar') throw new Error(`${name} cannot charge per cell (see ngraph in bench-libs.ts)`);
      const graph = createGraph<undefined, number>();
      for (let n = 0; n < grid.size; n++) if (!grid.isBlocked(n)) graph.addNode(n);
      // E, S, SE, SW: each undirected move once, with its cost (-1: not allowed).
      for (let n = 0; n < grid.size; n++) {
        if (grid.isBlocked(n)) continue;
        for (const k of [0, 1, 4, 5]) {
          const c = grid.stepCost(n, k);
          if (c > 0) graph.addLink(n, n + (k === 0 ? 1 : k === 1 ? w : k === 4 ? w + 1 : w - 1), wts === null ? c : (k < 4 ? 1 : grid.diagonalCost) * grid.cellSize);
        }
      }
      const hScale = wts === null ? 1 : grid.weightFloor * grid.cellSize;
      const finder = ngraphPath[kind](graph, {
        distance: wts === null ? (_a, _b, link) => link.data : (a, _b, link) => link.data * wts[a.id as number],
        heuristic: (a, b) => hScale * octileXY((a.id as number) % w, ((a.id as number) / w) | 0, (b.id as number) % w, ((b.id as number) / w) | 0),
      });
      let last: number[] = [];
      return {
        query(sx, sy, gx, gy) { last = finder.find(sy * w + sx, gy * w + gx).map((node) => node.id as number); },
        // ngraph.path returns the goal first.
        path: () => (last.length > 0 ? last.slice().reverse() : null),
      };
    },
  };
}

/** The costmap track's contestants: the fast path and the peers that can charge per cell. */
export const WEIGHTED_LIBS: Lib[] = [BESTFIRST_ASTAR, ngraph('ngraph.path A*', 'aStar'), easystarLib()];

/** The 4-connected subgoal graph: built once per map (the grid given is already 4-connected), then queried; the path is written cell by cell. */
export const BESTFIRST_SUBGOAL4: Lib = {
  name: 'bestfirst subgoal4', promisesOptimal: true, connectivity: 4,
  build(grid) {
    const s = GRID_ALGORITHMS.subgoal4.create(grid);
    // The path buffer grows to the longest path met (cells = cost + 1 on a Moving AI grid, cell size 1),
    // not to the grid's size: l1-path-finder keeps no such buffer, and the build's memory is compared.
    let buf = new Int32Array(1024);
    let len = 0;
    const w = grid.width;
    return {
      query(sx, sy, gx, gy) {
        if (s.search(sy * w + sx, gy * w + gx) === 'found' && s.cost + 1 > buf.length) buf = new Int32Array(2 * (s.cost + 1));
        len = s.pathInto(buf);
      },
      path: () => (len > 0 ? buf.subarray(0, len) : null),
    };
  },
};

export const L1_PATH_FINDER: Lib = {
  name: 'l1-path-finder', promisesOptimal: true, connectivity: 4,
  build(grid) {
    // ndarray of shape [height, width]: get(y, x); the planner speaks (y, x) and returns corner points.
    const planner = createPlanner(ndarray(Uint8Array.from(grid.cells), [grid.height, grid.width]));
    const w = grid.width;
    let corners: number[] = [];
    return {
      query(sx, sy, gx, gy) { corners = []; planner.search(sy, sx, gy, gx, corners); },
      path: () => {
        if (corners.length === 0) return null;
        const cells = [corners[1] + corners[0] * w];
        for (let i = 2; i < corners.length; i += 2) {
          let y = corners[i - 2], x = corners[i - 1];
          const ty = corners[i], tx = corners[i + 1];
          while (y !== ty || x !== tx) {
            // An L1 corner list may go diagonally in one segment; walk x, then y, cell by cell.
            if (x !== tx) x += Math.sign(tx - x); else y += Math.sign(ty - y);
            cells.push(y * w + x);
          }
        }
        return cells;
      },
    };
  },
};

export const FOUR_LIBS: Lib[] = [BESTFIRST_ASTAR4, L1_PATH_FINDER];

/** The 4-connected optimum, from the generic engine (which the engine tests check against an oracle). */
export function fourConnectedOptimum(grid4: Grid, searcher: Searcher, start: number, goal: number): number {
  searcher.search(start, goal, { heuristic: manhattan(grid4) });
  return searcher.cost;
}
