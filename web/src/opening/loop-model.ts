import { Searcher, Grid, octile, zero, type Heuristic, ASTAR, COST_TO_COME, HEURISTIC_ONLY, LINK_LENGTH, type Priority, type Trace, type TracePush } from '#bestfirst';
import { frontierBefore, type FrontierEntry } from '#bestfirst/internal';
import { weights } from '#bestfirst/internal';
import { num } from '../common/format.js';

/**
 * The opening's four small figures: one 7 x 5 room with a hooked wall,
 * searched by the library four ways. The map was picked because every
 * contrast the prose draws shows on it: breadth-first pays more than
 * Dijkstra for as few moves, greedy pays more than A*, and A* closes far
 * fewer cells than Dijkstra (test/unit/page/opening.test.ts pins all three).
 * Moves are the chapter's: 8 neighbours, 1 straight and 1.4 diagonal, no
 * cutting past a wall's corner.
 */
export const LOOP_ROWS: readonly string[] = [
  '.......',
  '.###...',
  '...#...',
  '.......',
  '.......',
];
/** Start and goal as [x, y], x from the left and y from the top, as formatXY names them. */
export const LOOP_START: readonly [number, number] = [0, 1];
export const LOOP_GOAL: readonly [number, number] = [6, 1];

export type LoopKind = 'bfs' | 'dijkstra' | 'greedy' | 'astar';
export const LOOP_KINDS: readonly LoopKind[] = ['bfs', 'dijkstra', 'greedy', 'astar'];

/** How each figure orders its open cells: the one knob. */
export const LOOP_PRIORITY: Readonly<Record<LoopKind, Priority>> = {
  bfs: LINK_LENGTH, dijkstra: COST_TO_COME, greedy: HEURISTIC_ONLY, astar: ASTAR,
};
export const LOOP_TITLE: Readonly<Record<LoopKind, string>> = {
  bfs: 'Breadth-first', dijkstra: 'Dijkstra', greedy: 'Greedy', astar: 'A*',
};

export interface LoopWorld {
  grid: Grid;
  start: number;
  goal: number;
  /** Octile distance: exact on this metric with no walls in the way. */
  h: Heuristic;
}

export function loopWorld(): LoopWorld {
  const grid = Grid.fromAscii(LOOP_ROWS as string[], { connectivity: 8, diagonalCost: 1.4 });
  return { grid, start: grid.id(...LOOP_START), goal: grid.id(...LOOP_GOAL), h: octile(grid) };
}

/** Breadth-first and Dijkstra do not look at h (Dijkstra would only break ties with it): they get none. */
export const USES_H: Readonly<Record<LoopKind, boolean>> = { bfs: false, dijkstra: false, greedy: true, astar: true };

export interface LoopRun {
  kind: LoopKind;
  world: LoopWorld;
  trace: Trace;
  path: number[] | null;
  cost: number;
  expansions: number;
  events: LoopEvent[];
}

/** One query of the library's Searcher, traced. */
export function loopRun(kind: LoopKind, world: LoopWorld = loopWorld()): LoopRun {
  const s = new Searcher(world.grid);
  s.search(world.start, world.goal, { priority: LOOP_PRIORITY[kind], heuristic: USES_H[kind] ? world.h : zero, trace: true });
  const trace = s.trace!;
  return { kind, world, trace, path: s.path(), cost: s.cost, expansions: s.expansions, events: loopEvents(trace, world.goal) };
}

/**
 * What one press of Step shows: the start going in, a pop, one push, a pop
 * that pushed nothing, or the goal's pop ending the search. `pops` and
 * `pushes` say how much of the trace has happened by then.
 */
export type LoopEventKind = 'start' | 'pop' | 'push' | 'none' | 'goal';
export interface LoopEvent {
  kind: LoopEventKind;
  pops: number;
  pushes: number;
  /** The cell the event is about: the one pushed, or the one popped. */
  node: number;
}

/** The trace cut into Step-sized events. A replay: no search runs here. */
export function loopEvents(trace: Trace, goal: number): LoopEvent[] {
  const out: LoopEvent[] = [{ kind: 'start', pops: 0, pushes: 1, node: trace.pushes[0].node }];
  let q = 1;
  trace.pops.forEach((p, i) => {
    out.push({ kind: 'pop', pops: i + 1, pushes: q, node: p.node });
    if (p.node === goal) { out.push({ kind: 'goal', pops: i + 1, pushes: q, node: p.node }); return; }
    const q0 = q;
    while (q < trace.pushes.length && trace.pushes[q].during === i) {
      q++;
      out.push({ kind: 'push', pops: i + 1, pushes: q, node: trace.pushes[q - 1].node });
    }
    if (q === q0) out.push({ kind: 'none', pops: i + 1, pushes: q, node: p.node });
  });
  return out;
}

/** The part of the trace that has happened by event `e`. */
function prefix(trace: Trace, e: LoopEvent): Trace {
  return { tieBreak: trace.tieBreak, pops: trace.pops.slice(0, e.pops), pushes: trace.pushes.slice(0, e.pushes) };
}

/**
 * The open cells at event `e`, in the order the loop will take them: the
 * library's frontierBefore, asked about the trace as far as it has got (so
 * between two pops too). For breadth-first that order is the FIFO queue's.
 */
export function queueAt(trace: Trace, e: LoopEvent): FrontierEntry[] {
  return frontierBefore(prefix(trace, e), e.pops);
}

/** Each cell reached by event `e`, with its latest push (its g, h, f and parent as they stand). */
export function reachedAt(trace: Trace, e: LoopEvent): Map<number, TracePush> {
  const m = new Map<number, TracePush>();
  for (let i = 0; i < e.pushes; i++) m.set(trace.pushes[i].node, trace.pushes[i]);
  return m;
}

/** The regions of src/search/best-first.ts each figure lists, in the loop's order. */
const REGIONS = ['start', 'pop', 'goal', 'expand', 'skip', 'relax'] as const;
/** Which region an event lights: the pop, the relaxation that pushed, the test that skipped, the goal test. */
const LIT: Readonly<Record<LoopEventKind, (typeof REGIONS)[number]>> = { start: 'start', pop: 'pop', push: 'relax', none: 'skip', goal: 'goal' };

/** Breadth-first has a loop of its own (a FIFO queue, no heap): its regions carry a `bfs-` prefix. */
export function listingRegions(kind: LoopKind): string[] {
  return REGIONS.map((r) => (kind === 'bfs' ? `bfs-${r}` : r));
}

export function litRegion(kind: LoopKind, ev: LoopEventKind): string {
  return (kind === 'bfs' ? 'bfs-' : '') + LIT[ev];
}

/** Every region the page asks src/search/best-first.ts for. */
export const ALL_REGIONS: readonly string[] = [...listingRegions('bfs'), ...listingRegions('astar')];

/** The knob as the engine reads it: f = wg * g + wh * h. */
export function knob(kind: LoopKind): { wg: number; wh: number } | null {
  if (kind === 'bfs') return null;
  const [wg, wh] = weights(LOOP_PRIORITY[kind]);
  return { wg, wh };
}

/** A cell's key in this figure's queue, as the figure writes it. */
export function keyText(kind: LoopKind, p: { g: number; h: number; f: number }): string {
  switch (kind) {
    case 'bfs': return p.f === 1 ? '1 move' : `${num(p.f)} moves`;
    case 'dijkstra': return `g ${num(p.g)}`;
    case 'greedy': return `h ${num(p.h)}`;
    case 'astar': return `${num(p.g)} + ${num(p.h)} = ${num(p.f)}`;
  }
}

/** The sentence under the figure at event `e`, in the page's words, with the trace's numbers. */
export function eventLine(run: LoopRun, e: LoopEvent): string {
  const { trace, world, kind } = run;
  const at = (n: number) => world.grid.formatXY(n);
  const queue = kind === 'bfs' ? 'queue' : 'open list';
  switch (e.kind) {
    case 'start':
      return `The start ${at(e.node)} is the only cell in the ${queue}${kind === 'bfs' ? '' : `, with g = 0`}.`;
    case 'pop': {
      const p = trace.pops[e.pops - 1];
      const why = kind === 'bfs'
        ? `It is at the front of the queue, ${keyText(kind, p)} from the start.`
        : kind === 'astar'
          ? `Its f = g + h = ${keyText(kind, p)} is the smallest.`
          : `Its ${keyText(kind, p)} is the smallest.`;
      return `Take ${at(e.node)} out and close it. ${why}`;
    }
    case 'push': {
      const q = trace.pushes[e.pushes - 1];
      const from = at(q.parent);
      if (q.kind === 'improve') {
        return `Through ${from}, ${at(q.node)} is cheaper to reach than before: its g drops to ${num(q.g)} and its back pointer turns to ${from}.`;
      }
      return kind === 'bfs'
        ? `${at(q.node)} is seen for the first time, one move past ${from}: it joins the back of the queue.`
        : `${at(q.node)} is new. It joins the open list with ${keyText(kind, q)} and a back pointer to ${from}.`;
    }
    case 'none':
      return `No neighbour of ${at(e.node)} is new${kind === 'bfs' ? '' : ' or cheaper to reach from here'}, so nothing is added.`;
    case 'goal': {
      const moves = run.path ? run.path.length - 1 : 0;
      return `The goal ${at(e.node)} comes out: stop. Back pointers give a route of ${moves} moves costing ${num(run.cost)}, after closing ${run.expansions} cells.`;
    }
  }
}
