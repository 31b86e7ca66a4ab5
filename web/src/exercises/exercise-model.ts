import { astar, bfs, dijkstra, weightedAstar, Graph, Grid, octile } from '#bestfirst';
import { CLOSURES, doorClosesScenario, southRoomsWorld, gateScenario } from '#bestfirst/worlds';
import { mulberry32 } from '#bestfirst/internal';
import { theaterWorld } from '../theater/theater-world.js';

/**
 * The exercises' computations, without the DOM. Each one asks the library
 * (octile, the engine's wrappers, the gate and Apartment scenarios) and
 * arranges its answers for a table or a verdict.
 */

// --- 1. octile is consistent --------------------------------------------------------

export interface MoveCheck { dx: number; dy: number; hn: number; c: number; hx: number; slack: number }

/**
 * At the cell (dx, dy) away from the goal on an open 1/1.4 grid: for each
 * of the eight moves, h(n), c(n, x), h(x) and the slack c + h(x) - h(n),
 * which consistency says is never negative.
 */
export function consistencyAt(dx: number, dy: number): MoveCheck[] {
  const W = 2 * Math.max(Math.abs(dx), Math.abs(dy)) + 5;
  const grid = new Grid(W, W, undefined, { connectivity: 8, diagonalRule: 'always', diagonalCost: 1.4 });
  const mid = (W - 1) / 2, goal = grid.id(mid, mid), n = grid.id(mid + dx, mid + dy);
  const h = octile(grid);
  const out: MoveCheck[] = [];
  const nodes = new Int32Array(8), costs = new Float64Array(8);
  const m = grid.successors(n, nodes, costs);
  for (let i = 0; i < m; i++) {
    const x = nodes[i];
    const hn = h(n, goal), hx = h(x, goal);
    out.push({ dx: grid.x(x) - grid.x(n), dy: grid.y(x) - grid.y(n), hn, c: costs[i], hx, slack: costs[i] + hx - hn });
  }
  return out;
}

/** The witness: two diagonal neighbours on the 1.4 grid, scored by octile with sqrt 2. */
export function sqrt2Witness(): { h: number; trueCost: number } {
  const grid = new Grid(2, 2, undefined, { connectivity: 8, diagonalRule: 'always', diagonalCost: 1.4 });
  const a = grid.id(0, 1), b = grid.id(1, 0);
  return { h: octile(grid, Math.SQRT2)(a, b), trueCost: dijkstra(grid, a, b).cost };
}

// --- 2. walls as 10000-cost cells ------------------------------------------------------

export interface WallModelRun { model: 'delete' | 'enter'; doorClosed: boolean; path: number[] | null; cost: number; expansions: number }

/** The Search Theater's world and opening query, walls deleted or costing 10000 to enter, room B's door open or shut. */
export function wallModels(doorClosed: boolean): { grid: Grid; start: number; goal: number; runs: WallModelRun[] } {
  const w = { ...southRoomsWorld(), ...theaterQuery() };
  const base = w.grid.with({});
  if (doorClosed) for (const c of w.doors.find((d) => d.name === 'B')!.cells) base.setBlocked(c, true);
  const runs = (['delete', 'enter'] as const).map((model) => {
    const g = model === 'delete' ? base.with({ blocked: 'delete' }) : base.with({ blocked: { enterCost: 10000 } });
    const r = astar(g, w.start, w.goal, octile(g));
    return { model, doorClosed, path: r.path, cost: r.cost, expansions: r.expansions };
  });
  return { grid: base, start: w.start, goal: w.goal, runs };
}

// --- 3. the weighted-A* bound ------------------------------------------------------------

export interface BoundTrial { ratio: number; cost: number; best: number }

/** The Search Theater's opening query (its first preset): the one exercises 2 and 3 run, and name. */
export function theaterQuery(): { start: number; goal: number; name: string } {
  const { world } = theaterWorld();
  const f = (n: number) => world.grid.formatXY(n);
  return { start: world.start, goal: world.goal, name: `the Search Theater’s opening query, from ${f(world.start)} in room A to ${f(world.goal)} in room B` };
}

/** Weighted A* at `eps` against Dijkstra on the theater's opening query, without reopenings, as the A* lane runs it. */
export function theaterBound(eps: number): BoundTrial {
  const { world: w } = theaterWorld();
  const best = dijkstra(w.grid, w.start, w.goal).cost;
  const cost = weightedAstar(w.grid, w.start, w.goal, octile(w.grid), eps, { reopen: false }).cost;
  return { ratio: cost / best, cost, best };
}

/**
 * `trials` seeded random layouts (24 x 10 like the theater, a share of
 * walls, random start and goal): the worst ratio of weighted A*'s cost at
 * `eps` (without reopenings, as the theater's A* lane) to Dijkstra's, and
 * how many layouts paid more than Dijkstra at all.
 */
export function randomBounds(eps: number, trials = 200, seed = 7): { trials: number; worst: number; worse: number; solved: number } {
  const rand = mulberry32(seed);
  let worst = 1, worse = 0, solved = 0;
  for (let t = 0; t < trials; t++) {
    const W = 24, H = 10, walls = 0.15 + rand() * 0.25;
    const cells = Array.from({ length: W * H }, () => (rand() < walls ? 1 : 0));
    const s = Math.floor(rand() * W * H), g = Math.floor(rand() * W * H);
    cells[s] = 0; cells[g] = 0;
    const grid = new Grid(W, H, cells, { connectivity: 8, diagonalCost: 1.4 });
    const best = dijkstra(grid, s, g);
    if (best.path === null || s === g) continue;
    solved++;
    const r = weightedAstar(grid, s, g, octile(grid), eps, { reopen: false }).cost / best.cost;
    if (r > 1 + 1e-9) worse++;
    if (r > worst) worst = r;
  }
  return { trials, worst, worse, solved };
}

// --- 4. repair versus redo ---------------------------------------------------------------

/** The answer to "how many states does the repair pop?", read from the library. */
export function gateRepairPops(): number {
  return gateScenario().repairPops;
}

export interface RepairRow { closure: string; repair: number; touched: number; fresh: number }

/** Every closure the Apartment scenario offers at step `closeAt`, with D* Lite's repair work and a fresh A*'s. */
export function repairTable(closeAt = 1, doors: readonly string[] = ['A west', 'bedroom west']): RepairRow[] {
  return drain(repairRows(closeAt, doors));
}

/** repairTable one closure at a time (a step per closure), for the page to spread over short tasks. */
export function* repairRows(closeAt = 1, doors: readonly string[] = ['A west', 'bedroom west']): Generator<void, RepairRow[]> {
  const rows: RepairRow[] = [];
  for (const closure of [...CLOSURES, ...doors]) {
    const s = doorClosesScenario({ closure, closeAt });
    if (s.repair) rows.push({ closure, repair: s.repair.pops, touched: s.repair.touched, fresh: s.freshExpansions });
    yield;
  }
  return rows;
}

/** Runs `steps` to its end at once: what it returns. */
function drain<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

// --- 5. the true FIFO and its witness ----------------------------------------------------

/** The smallest witness (as the engine's tests pin it): four axial steps against three diagonals. */
export function fifoWitness(): { names: string[]; edges: [number, number, number][]; bfs: { path: number[]; links: number; cost: number }; dijkstra: { path: number[]; links: number; cost: number } } {
  const names = ['S', 'a', 'b', 'c', 'G', 'd', 'e'];
  const edges: [number, number, number][] = [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [0, 5, 1.4], [5, 6, 1.4], [6, 4, 1.4]];
  const g = new Graph(7, edges);
  const b = bfs(g, 0, 4), d = dijkstra(g, 0, 4);
  return {
    names, edges,
    bfs: { path: b.path!, links: b.linkLength, cost: b.cost },
    dijkstra: { path: d.path!, links: d.linkLength, cost: d.cost },
  };
}

/** Breadth-first against Dijkstra on `trials` seeded unit-weight (4-connected) grids: how many agree on cost and links. */
export function fifoAgreement(trials = 200, seed = 11): FifoTally {
  return drain(fifoTrials(trials, seed));
}

export interface FifoTally { trials: number; agree: number; compared: number }

/** fifoAgreement one grid at a time (a step per grid), for the page to spread over short tasks. */
export function* fifoTrials(trials = 200, seed = 11): Generator<void, FifoTally> {
  const rand = mulberry32(seed);
  let agree = 0, compared = 0;
  for (let t = 0; t < trials; t++) {
    const W = 4 + Math.floor(rand() * 12), H = 3 + Math.floor(rand() * 8);
    const cells = Array.from({ length: W * H }, () => (rand() < 0.25 ? 1 : 0));
    const s = Math.floor(rand() * W * H), g = Math.floor(rand() * W * H);
    cells[s] = 0; cells[g] = 0;
    const grid = new Grid(W, H, cells, { connectivity: 4 });
    const b = bfs(grid, s, g), d = dijkstra(grid, s, g);
    yield;
    if (b.path === null && d.path === null) continue;
    compared++;
    if (b.cost === d.cost && b.linkLength === d.linkLength) agree++;
  }
  return { trials, agree, compared };
}
