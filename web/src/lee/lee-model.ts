import { flood, Grid } from '#bestfirst';

/** A wire to route: from one pin to another. */
export interface Wire { from: number; to: number }

/** The board of the wave-front widget: parts (blocked cells) and two wires, on a 4-connected grid. */
export interface Board { grid: Grid; wires: readonly [Wire, Wire] }

/**
 * A small single-layer circuit board. Letters are pins: the first wire runs
 * from A to B past the part in the middle, and the second from C to D must
 * cross the first one's column, so once the first is laid it has to go
 * round an end of it.
 */
const BOARD = [
  '....................',
  '....................',
  '.........A..........',
  '....##.......##.....',
  '....##...##..##.....',
  '.C.......##......D..',
  '....##...##..##.....',
  '....##.......##.....',
  '.........B..........',
  '....................',
  '....................',
];

export function leeBoard(): Board {
  const grid = Grid.fromAscii(BOARD.map((r) => r.replace(/[A-D]/g, '.')), { connectivity: 4 });
  const pin = (c: string): number => {
    const y = BOARD.findIndex((r) => r.includes(c));
    return grid.id(BOARD[y].indexOf(c), y);
  };
  return { grid, wires: [{ from: pin('A'), to: pin('B') }, { from: pin('C'), to: pin('D') }] };
}

/**
 * Lee's wave from one pin: every cell labelled with its number of steps
 * from the pin (the library's flood on the 4-connected board, so a label is
 * a breadth-first distance), grouped into rings; the wave stops at the ring
 * that reaches the other pin. The route is walked back from that pin along
 * the flood's parents, one label lower at every step.
 */
export interface Wave {
  /** label[n]: steps from the pin, for cells the wave reached up to its last ring; -1 elsewhere. */
  label: Int32Array;
  /** rings[k]: the cells labelled k, in the order the flood settled them. */
  rings: number[][];
  /** The route from pin to pin, both included, or null when the wave died out first. */
  route: number[] | null;
}

/**
 * The wave for `wire` on `grid` with `taken` cells (wires already laid)
 * counted as blocked, as a wire on a single layer cannot cross another.
 */
export function leeWave(grid: Grid, wire: Wire, taken: readonly number[] = []): Wave {
  const board = grid.with({});
  for (const n of taken) if (n !== wire.from && n !== wire.to) board.setBlocked(n, true);
  const f = flood(board, wire.from);
  const last = Number.isFinite(f.g[wire.to]) ? f.g[wire.to] : Infinity;
  const label = new Int32Array(board.size).fill(-1);
  const rings: number[][] = [];
  for (let i = 0; i < f.reached; i++) {
    const n = f.order[i], k = f.g[n];
    if (k > last) break;
    label[n] = k;
    (rings[k] ??= []).push(n);
  }
  let route: number[] | null = null;
  if (last !== Infinity) {
    route = [];
    for (let n = wire.to; n !== -1; n = f.parent[n]) route.push(n);
    route.reverse();
  }
  return { label, rings, route };
}
