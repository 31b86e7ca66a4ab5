import { astar } from '../search/best-first.js';
import { CLOSED, DStar, type DStarPop } from '../repair/dstar.js';
import { setCellBlocked } from '../repair/dstar-grid.js';
import { InputError, show } from '../core/errors.js';
import { DX, DY, Grid } from '../grid/grid.js';
import { octile } from '../grid/heuristics.js';
import type { SearchSpace } from '../core/space.js';

/**
 * Choset's gate world for D* (our reconstruction of the layout of his D* example,
 * which reproduces the numbers the chapter gives): 7 x 6 cells,
 * (col,row) 1-based with row 1 at the bottom. Six wall cells and a gate at
 * (4,3) that closes while the robot stands at (3,2). Blocked cells stay nodes
 * that cost 10000 to enter (leaving them costs the usual 1 or 1.4), and
 * diagonal steps may cut corners.
 */
export const GATE_ROWS: readonly string[] = [
  '.#.....', // row 6
  '.##....', // row 5
  '..#....', // row 4
  '..#....', // row 3: the gate (4,3) is open at first
  '...#...', // row 2
  '.......', // row 1
];

/** Choset's obstacle cost, in the same units as a step. */
export const GATE_ENTER_COST = 10000;

/** The gate world, built fresh by `gateWorld`: the grid, its D* view and the story's cells. */
export interface GateWorld {
  /** The 7 x 6 grid: blocked cells cost `GATE_ENTER_COST` to enter, diagonals 1.4. */
  grid: Grid;
  /** The grid with neighbours listed counter-clockwise from east: what D* walks. */
  space: SearchSpace;
  /** Cell (2,1). */
  start: number;
  /** Cell (7,6). */
  goal: number;
  /** Cell (4,3), the gate, open at first. */
  gate: number;
  /** Where the robot stands when it sees the gate close. */
  robot: number;
  /** D* works in tenths, so 1.4 and the key comparisons are exact. */
  costScale: number;
}

/** A fresh gate world, the gate open. */
export function gateWorld(): GateWorld {
  const grid = Grid.fromAscii(GATE_ROWS, {
    connectivity: 8, diagonalRule: 'always', diagonalCost: 1.4, blocked: { enterCost: GATE_ENTER_COST },
  });
  return {
    grid,
    space: counterClockwise(grid),
    start: grid.idColRow(2, 1),
    goal: grid.idColRow(7, 6),
    gate: grid.idColRow(4, 3),
    robot: grid.idColRow(3, 2),
    costScale: 10,
  };
}

// Indices into the grid's DX/DY, counter-clockwise from east with row 1 at the
// bottom: E, NE, N, NW, W, SW, S, SE. The golden trace was recorded with this
// order, and it decides which of two equal keys went on OPEN first.
const CCW = [0, 7, 3, 6, 2, 5, 1, 4];
const OPPOSITE = [2, 3, 0, 1, 6, 7, 4, 5];

/** A view of `grid` (same nodes and costs) that lists neighbours counter-clockwise from east. */
export function counterClockwise(grid: Grid): SearchSpace {
  if (!(grid instanceof Grid)) throw new InputError(`counterClockwise: grid must be a Grid, got ${show(grid)}`);
  const w = grid.width, hgt = grid.height;
  const kmax = grid.maxDegree;
  return {
    size: grid.size,
    maxDegree: grid.maxDegree,
    successors(n, nodes, costs) {
      let m = 0;
      for (let i = 0; i < 8; i++) {
        const k = CCW[i];
        if (k >= kmax) continue;
        const c = grid.stepCost(n, k);
        if (c < 0) continue;
        nodes[m] = n + DY[k] * w + DX[k];
        costs[m++] = c;
      }
      return m;
    },
    predecessors(n, nodes, costs) {
      const x = n % w, y = (n - x) / w;
      let m = 0;
      for (let i = 0; i < 8; i++) {
        const k = CCW[i];
        if (k >= kmax) continue;
        const px = x + DX[k], py = y + DY[k];
        if (px < 0 || py < 0 || px >= w || py >= hgt) continue;
        const p = n + DY[k] * w + DX[k];
        const c = grid.stepCost(p, OPPOSITE[k]);
        if (c < 0) continue;
        nodes[m] = p;
        costs[m++] = c;
      }
      return m;
    },
    checkEndpoint: (n, what) => grid.checkEndpoint(n, what),
  };
}

/** h, k and t of every cell at one moment, indexed by node id (h and k Infinity while NEW). */
export interface DStarTable {
  /** h(X): cost to the goal. */
  h: Float64Array;
  /** k(X): the key. */
  k: Float64Array;
  /** t(X): 0 NEW, 1 OPEN, 2 CLOSED (see `DStarTag`). */
  tag: Uint8Array;
}

/** A copy of `dstar`'s h, k and t for every node of its space, as they are now. */
export function snapshot(dstar: DStar): DStarTable {
  if (!(dstar instanceof DStar)) throw new InputError(`snapshot: dstar must be a DStar, got ${show(dstar)}`);
  const n = dstar.space.size;
  const table: DStarTable = { h: new Float64Array(n), k: new Float64Array(n), tag: new Uint8Array(n) };
  for (let x = 0; x < n; x++) {
    table.h[x] = dstar.h(x);
    table.k[x] = dstar.k(x);
    table.tag[x] = dstar.tag(x);
  }
  return table;
}

/** Everything the gate story shows: the D* Replanner widget and the tests read it. */
export interface GateScenario {
  /** The world the story ran on (its grid has the gate closed). */
  world: GateWorld;
  /** PROCESS-STATE calls of the first search (until the start is CLOSED). */
  initialPops: number;
  /** Those calls, in order. */
  initialTrace: DStarPop[];
  /** The first plan, start to goal. */
  initialPath: number[];
  /** Its cost. */
  initialCost: number;
  /** The table after the first search. */
  before: DStarTable;
  /** Cells the robot drives through before the gate closes, start to robot. */
  driven: number[];
  /** States put back on OPEN by the closure, in order. */
  reinserted: number[];
  /** The repair's PROCESS-STATE calls, in order. */
  repairTrace: DStarPop[];
  /** How many there were. */
  repairPops: number;
  /** How many of them were RAISE states. */
  repairRaised: number;
  /** The table after the repair. */
  after: DStarTable;
  /** The repaired plan, robot to goal. */
  repairedPath: number[];
  /** Its cost. */
  repairedCost: number;
  /** A fresh D* on the changed map, up to and including the pop of the robot's state. */
  freshPops: number;
  /** The states that fresh D* popped, in order. */
  freshOrder: number[];
  /** A from-scratch A* (octile h) from the robot on the changed map. */
  freshAstarExpansions: number;
  /** The repaired D*, to read anything else (b, tags, kMin). */
  dstar: DStar;
}

/** Runs the whole story on a fresh gate world: plan, drive, close the gate, repair, compare. */
export function gateScenario(): GateScenario {
  const world = gateWorld();
  const { grid, space, start, goal, gate, robot, costScale } = world;
  const dstar = new DStar(space, { costScale, trace: true });
  dstar.initialize(goal);
  const initialPops = dstar.computeUntilClosed(start);
  const initialPath = dstar.path(start)!;
  const initialCost = dstar.pathCost(initialPath);
  const before = snapshot(dstar);
  const initialTrace = dstar.trace!.slice();

  const at = initialPath.indexOf(robot);
  if (at < 0) throw new Error('gate world: the initial path does not pass the robot position (3,2)');
  const driven = initialPath.slice(0, at + 1);

  // The gate closes: the 8 arcs into it now cost 10000, and setCellBlocked
  // reports each with MODIFY-COST, in the order the space lists them, which
  // re-opens both ends of each if CLOSED. Those ends, in that order, first.
  dstar.resetCounters();
  const reinserted: number[] = [];
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  const n = space.predecessors!(gate, nodes, costs);
  for (let i = 0; i < n; i++) {
    for (const x of [nodes[i], gate]) if (dstar.tag(x) === CLOSED && !reinserted.includes(x)) reinserted.push(x);
  }
  setCellBlocked(dstar, grid, gate, true);
  dstar.repair(robot);
  const repairTrace = dstar.trace!.slice();
  const after = snapshot(dstar);
  const repairedPath = dstar.path(robot)!;

  const fresh = new DStar(space, { costScale, trace: true });
  fresh.initialize(goal);
  const freshPops = fresh.computeUntilClosed(robot);

  return {
    world, initialPops, initialTrace, initialPath, initialCost, before, driven, reinserted,
    repairTrace, repairPops: dstar.pops, repairRaised: dstar.raised, after,
    repairedPath, repairedCost: dstar.pathCost(repairedPath),
    freshPops, freshOrder: fresh.trace!.map((p) => p.node),
    freshAstarExpansions: astar(grid, robot, goal, octile(grid)).expansions,
    dstar,
  };
}
