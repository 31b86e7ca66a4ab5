import { octile, Searcher, type Grid, type SearchSpace, type SearchStatus } from '#bestfirst';
import { LANES } from '../theater/theater-model.js';

/** Closed cells per progress message: small enough to animate soon, large enough that messages stay few. */
export const CHUNK = 8192;

/** One lane's answer, as the counters show it (plain data: it crosses from the worker). */
export interface LaneSummary {
  status: SearchStatus;
  expansions: number;
  cost: number;
  /** Links on the path (cells - 1), or -1 without one. */
  links: number;
  path: Int32Array | null;
}

/**
 * The grid as the engine sees it, noting each expanded cell: the engine
 * asks for a cell's successors exactly once per expansion (the goal's pop
 * excepted: the search stops there), so the order of those calls is the
 * order of expansion, with no trace of objects kept (a million pops would
 * be a million objects). Every CHUNK cells go out through `onChunk`.
 */
export class RecordingSpace implements SearchSpace {
  readonly size: number;
  readonly maxDegree: number;
  private buf = new Int32Array(CHUNK);
  private k = 0;
  /** Cells handed out so far. */
  sent = 0;
  /** Off once the search has returned: whatever asks for successors afterwards is not an expansion. */
  recording = true;

  constructor(readonly grid: Grid, private readonly onChunk: (cells: Int32Array, total: number) => void) {
    this.size = grid.size;
    this.maxDegree = grid.maxDegree;
  }

  successors(n: number, nodes: Int32Array, costs: Float64Array): number {
    if (this.recording) this.note(n);
    return this.grid.successors(n, nodes, costs);
  }

  checkEndpoint(n: number, what: string): void { this.grid.checkEndpoint(n, what); }

  note(n: number): void {
    this.buf[this.k++] = n;
    if (this.k === CHUNK) this.flush();
  }

  flush(): void {
    if (this.k === 0) return;
    const out = this.buf.slice(0, this.k);
    this.sent += this.k;
    this.k = 0;
    this.onChunk(out, this.sent);
  }
}

/**
 * Runs lane `i` (LANES: breadth-first, Dijkstra, greedy, A* with eps 1,
 * closed cells staying closed, as the theater's lanes run) on `grid`,
 * handing out its closed cells in expansion order as it goes.
 */
export function runLane(grid: Grid, i: number, start: number, goal: number, onChunk: (cells: Int32Array, total: number) => void): LaneSummary {
  const space = new RecordingSpace(grid, onChunk);
  const s = new Searcher(space);
  const status = s.search(start, goal, { priority: LANES[i].priority(1), heuristic: octile(grid), reopen: false });
  space.recording = false;
  // The goal's pop is an expansion that asks for no successors.
  if (status === 'found') space.note(goal);
  space.flush();
  const path = s.path();
  return { status, expansions: s.expansions, cost: s.cost, links: path ? path.length - 1 : -1, path: path ? Int32Array.from(path) : null };
}
